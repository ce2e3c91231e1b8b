"""The part-list validation use case: fetch the catalogue facts a list needs in a few batched round
trips, then reconcile (pure).

Round trips for any list, however long: one for every part number at once, one for the devices
among the numbers no part answers (switches, adapters, DPUs are orderable lines), one for their sources,
one for the rule context, two for the names of all parts and devices (only when some number is
unknown, for suggestions), two for device and form-factor names (only when a spreadsheet names intent ends), one
or two per distinct intent end, and a few per distinct intent shape that no listed chain serves, or
whose listed breakout lacks its harness (``linkOptions``, for what to order instead). Never one per
line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from service.domain.catalogue import Device
from service.domain.link import LinkOption, ResolvedEnd
from service.domain.names import name_key
from service.errors import InputValidationError, NotFoundError
from service.persistence.repository import part_suggestions, suggest
from service.procurement.errors import PartListError
from service.procurement.models import IntentEnd, LinkIntent, PartList, ValidationReport
from service.procurement.reader import read_part_list, read_part_list_file
from service.procurement.reconcile import CataloguePart, CatalogueView, reconcile
from service.procurement.settings import ProcurementSettings
from service.use_cases import CatalogueService, EndRequest

__all__ = ["ProcurementService"]


class ProcurementService:
    """Validate part lists against the catalogue.

    Args:
        catalogue: the catalogue use cases (repository, end resolution, link options).
        settings: input limits; read from the environment when omitted.
    """

    def __init__(self, catalogue: CatalogueService, settings: ProcurementSettings | None = None) -> None:
        self.catalogue = catalogue
        self.settings = settings or ProcurementSettings()

    def validate_file(self, path: Path, intents: Path | None = None) -> ValidationReport:
        """Read a CSV/XLSX file (and optionally a separate intents file), then validate it.

        Raises:
            PartListError: the file cannot be read or holds invalid values (nothing is validated then).
            UnknownDeviceError / UnknownFormFactorError, DatabaseUnavailable.
        """
        return self.validate(read_part_list_file(path, intents, self.settings))

    def validate_bytes(self, data: bytes, filename: str, intents: tuple[bytes, str] | None = None) -> ValidationReport:
        """:meth:`validate_file` for bytes already in memory (an upload)."""
        return self.validate(read_part_list(data, filename, intents=intents, settings=self.settings))

    def validate(self, part_list: PartList) -> ValidationReport:
        """Validate a parsed part list.

        Returns:
            The report (see :class:`~service.procurement.models.ValidationReport`).

        Raises:
            PartListError: too many lines or intents, or an intent end that names nothing known.
            UnknownDeviceError / UnknownFormFactorError: an explicit GraphQL device or form factor.
            DatabaseUnavailable: Neo4j cannot be reached.
        """
        limits = self.settings
        if len(part_list.lines) > limits.max_lines:
            raise PartListError(
                "PART_LIST_TOO_LARGE",
                f"{len(part_list.lines):,} lines; the limit is {limits.max_lines:,}",
                source=part_list.source,
            )
        if len(part_list.intents) > limits.max_intents:
            raise PartListError(
                "PART_LIST_TOO_LARGE",
                f"{len(part_list.intents):,} intents; the limit is {limits.max_intents:,}",
                source=part_list.intents_from,
                section="intents",
            )
        repo = self.catalogue.repo
        # Step 1: every part number in one round trip (parts() resolves aliases, any case).
        names = list({name_key(ln.part_number): ln.part_number.strip() for ln in part_list.lines}.values())
        found = repo.parts(names)
        parts: dict[str, CataloguePart] = {name_key(k): v for k, v in found.items()}
        unknown = [n for n in names if n.casefold() not in parts]
        suggestions: dict[str, Sequence[str]] = {}
        devices: dict[str, Device] = {}
        if unknown:
            # Step 1b: switches, adapters, DPUs and systems are orderable lines too (one round trip).
            devices = {name_key(k): v for k, v in repo.devices_named(unknown).items()}
            unknown = [n for n in unknown if n.casefold() not in devices]
        if unknown:
            known, device_names = repo.name_targets("part"), repo.name_targets("device")
            # a truncated device ordering number (MCX75310AAS) suggests the device (devices are lines too)
            suggestions = {n.casefold(): part_suggestions(n, known, device_names) for n in unknown}
        # Step 2: the sources of those parts in one round trip, for the secondary-only flag.
        by_pn = {p.part_number or "": p for p in parts.values()}
        source_ids = sorted({s for p in by_pn.values() for s in p.sources})
        primary = {s.id for s in repo.sources(source_ids) if s.primary} if source_ids else set()
        secondary_only = {pn: not any(s in primary for s in p.sources) for pn, p in by_pn.items()}
        ctx = repo.link_rule_context()
        ends, requests = self._ends(part_list) if part_list.intents else ({}, {})
        view = CatalogueView(
            parts=parts,
            devices=devices,
            secondary_only=secondary_only,
            suggestions=suggestions,
            ctx=ctx,
            ends=ends,
            options=self._options_for(requests),
        )
        return reconcile(part_list, view)

    # --- intent ends ------------------------------------------------------------------------------

    def _ends(
        self, part_list: PartList
    ) -> tuple[dict[int, tuple[ResolvedEnd, ResolvedEnd]], dict[int, tuple[EndRequest, EndRequest]]]:
        """Each intent's two ends, resolved once per distinct end; and the requests they came from."""
        repo = self.catalogue.repo
        names: dict[str, dict[str, str]] = {}

        def known(kind: str) -> dict[str, str]:
            if kind not in names:
                names[kind] = {n.casefold(): n for n in repo.names(kind)}
            return names[kind]

        resolved: dict[EndRequest, ResolvedEnd] = {}
        out: dict[int, tuple[ResolvedEnd, ResolvedEnd]] = {}
        requests: dict[int, tuple[EndRequest, EndRequest]] = {}
        for intent in part_list.intents:
            pair = []
            reqs = []
            for side, end in (("a", intent.a), ("b", intent.b)):
                req = self._request(intent, side, end, part_list.intents_from, known)
                reqs.append(req)
                if req not in resolved:
                    try:
                        resolved[req] = self.catalogue.resolve_end(req, f"intents[{intent.number - 1}].{side}")
                    except PartListError:
                        raise
                    except InputValidationError as exc:
                        raise PartListError(
                            "PART_LIST_VALUE",
                            exc.message,
                            source=part_list.intents_from,
                            section="intents",
                            line=intent.number,
                            row=intent.row,
                            column=_column(part_list.intents_from, side, "cage"),
                        ) from None
                pair.append(resolved[req])
            out[intent.number] = (pair[0], pair[1])
            requests[intent.number] = (reqs[0], reqs[1])
        return out, requests

    @staticmethod
    def _request(
        intent: LinkIntent, side: str, end: IntentEnd, source: str, known: Callable[[str], dict[str, str]]
    ) -> EndRequest:
        """The end as a device or a bare form factor; a spreadsheet's name is looked up in both."""
        if end.name is None:
            return EndRequest(device=end.device, cage=end.cage, form_factor=end.form_factor)
        key = end.name.casefold()
        if key in known("device"):
            return EndRequest(device=end.name, cage=end.cage)
        if key in known("form_factor"):
            if end.cage:
                raise PartListError(
                    "PART_LIST_VALUE",
                    f"{end.name} is a bare form factor; it has no cage group {end.cage!r}",
                    source=source,
                    section="intents",
                    line=intent.number,
                    row=intent.row,
                    column=_column(source, side, "cage"),
                )
            return EndRequest(form_factor=end.name)
        everything = [*known("device").values(), *known("form_factor").values()]
        close = suggest(end.name, everything)
        hint = f"; did you mean {', '.join(close)}?" if close else ""
        raise PartListError(
            "PART_LIST_UNKNOWN_END",
            f"{end.name!r} is neither a known device nor a form factor{hint}",
            source=source,
            section="intents",
            line=intent.number,
            row=intent.row,
            column=_column(source, side, None),
            suggestions=close,
        )

    def _options_for(
        self, requests: dict[int, tuple[EndRequest, EndRequest]]
    ) -> Callable[[LinkIntent], Sequence[LinkOption]]:
        """linkOptions per distinct intent shape, asked lazily (only for intents nothing listed serves, or
        whose listed trunk module and leg fiber need a catalogue harness the list lacks)."""
        cache: dict[tuple[object, ...], Sequence[LinkOption]] = {}

        def options(intent: LinkIntent) -> Sequence[LinkOption]:
            a, b = requests[intent.number]
            key = (a, b, intent.rate_gbps, intent.distance_m, intent.protocol)
            if key not in cache:
                try:
                    cache[key] = self.catalogue.link_options(
                        end_a=a,
                        end_b=b,
                        rate_gbps=intent.rate_gbps,
                        distance_m=intent.distance_m,
                        protocol=intent.protocol,
                    ).options
                except (
                    InputValidationError,
                    NotFoundError,
                ):  # no options to offer; a database error propagates
                    cache[key] = ()
            return cache[key]

        return options


def _column(source: str, side: str, what: str | None) -> str:
    graphql = source in {"graphql", "input"}
    if what is None:
        return side if graphql else ("from" if side == "a" else "to")
    return f"{side}.{what}" if graphql else f"{'from' if side == 'a' else 'to'}_{what}"
