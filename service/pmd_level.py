"""PMD-level link options: a standard PMD the catalogue knows for a form factor, with no orderable part.

Where the catalogue holds an IEEE 802.3 (or MSA) PMD at the link's rate but no transceiver of the
plug's form factor implements it, ``linkOptions`` still offers the PMD, as it offers structured
cabling: the modules have ``partNumber`` null ("any MSA-compliant 400GBASE-FR4 QSFP-DD transceiver")
and the option is flagged (``pmdLevel``) so the user knows no part was named::

    [cage A] ── any MSA-compliant <PMD> <plug> ══ <grade> fiber ══ any MSA-compliant <PMD> <plug> ── [cage B]

Step 1: the plug form factor at each end is the cage's own when it is of the link's rate class
(maximum rate from the link's rate to twice it), else one of that class that fits it (``fits_in``):
a 1G SFP in an SFP+ cage at 1 Gb/s, a QSFP-DD at 400 Gb/s, nothing at 10 Gb/s in a QSFP28 cage; a
PMD with more lanes than the plug has (100GBASE-SR10 in a QSFP28) is not offered.

Step 2: Ethernet PMDs of an IEEE or MSA standard at exactly the link's rate, over fiber (never
copper), for which no catalogue transceiver of that plug form factor exists. Vendor-defined PMDs
(400G-XDR4 …) are left out: there is no MSA module to buy from another vendor.

Step 3: one link per fiber grade the PMD has a sourced reach over (generic fiber of that grade, the
run's length); the rule set then judges it like any other candidate, and the valid ones rank after
every option that names its parts.

The connector is the PMD's connector type; its polish is not a PMD fact: duplex LC and multimode MPO
are taken as UPC, single-mode MPO as APC (as the catalogue's parallel single-mode parts are), and the
module's description says so. Nothing here touches the database: the facts come from the rule
context the use case already holds.
"""

from __future__ import annotations

from service.domain.catalogue import Media, Pmd, Protocol, Transceiver
from service.domain.link import FiberRun, Link, LinkSpec
from service.rules import RuleContext

__all__ = ["GENERIC_VENDOR", "is_generic", "pmd_level_links"]

GENERIC_VENDOR = "any (MSA-compliant)"
"""The vendor of a generic module: no catalogue part, any module compliant with the PMD."""


def is_generic(module: Transceiver | None) -> bool:
    """True for a generic module of a PMD-level option (no part number, :data:`GENERIC_VENDOR`)."""
    return module is not None and module.part_number is None and module.vendor == GENERIC_VENDOR


def _standard(pmd: Pmd) -> bool:
    """An IEEE 802.3 or MSA PMD: one that any compliant vendor's module implements."""
    return pmd.standard.startswith("IEEE") or "MSA" in pmd.standard


def _polish(pmd: Pmd) -> str:
    if pmd.connector is not None and pmd.connector.startswith("MPO") and pmd.media is Media.SMF:
        return "APC"
    return "UPC"


def _plug(cage: str, rate_gbps: float, ctx: RuleContext) -> str | None:
    """The plug form factor a generic module takes at a cage of form factor ``cage``: of the cage's own
    form factor and those that fit it, one of the link's rate class (maximum rate from the link's rate
    to twice it: QSFP-DD, 800 Gb/s, at 400 Gb/s; an SFP at 1 Gb/s in an SFP+ cage; a QSFP28 at
    100 Gb/s in a QSFP-DD cage), the cage's own first, else the smallest. None when no plug of that
    class fits (10 Gb/s at a QSFP28 cage: a 10G optic needs a QSA adapter there). The plug's maximum
    rate must also be a whole multiple of the link's (lanes of the link's rate, or the link's rate
    over fewer lanes): no 25 Gb/s over a QSFP+ (4 x 10 Gb/s), which no module runs."""
    fitting = [
        f
        for name, f in ctx.form_factors.items()
        if (name == cage or ctx.fits(name, cage))
        and f.max_rate_gbps is not None
        and rate_gbps <= f.max_rate_gbps <= 2 * rate_gbps
        and _whole(f.max_rate_gbps / rate_gbps)
    ]
    if not fitting:
        return None
    return min(fitting, key=lambda f: (f.name != cage, f.max_rate_gbps or 0.0, f.name)).name


def _whole(ratio: float) -> bool:
    """True when ``ratio`` is a whole number (within float rounding)."""
    return abs(ratio - round(ratio)) < 1e-9


def _generic(pmd: Pmd, plug: str) -> Transceiver:
    connector = f"{pmd.connector}/{_polish(pmd)}"
    return Transceiver(
        part_number=None,
        vendor=GENERIC_VENDOR,
        description=(
            f"any MSA-compliant {pmd.name} {plug} transceiver (no catalogue part; {connector}: "
            f"polish assumed, check the module's data sheet)"
        ),
        protocols=[Protocol.ETHERNET],
        form_factor=plug,
        rates_gbps=[pmd.rate_gbps],
        pmds=[pmd.name],
        connector=connector,
        sources=list(pmd.sources),
    )


def pmd_level_links(spec: LinkSpec, ctx: RuleContext) -> list[Link]:
    """Candidate links through generic modules of every standard PMD the catalogue holds no part for.

    Args:
        spec: the link question (rate in Gb/s, run in metres, the two resolved ends).
        ctx: the rule context (form factors, PMDs, catalogue transceivers).

    Returns:
        One link per (PMD, fiber grade with a sourced reach), modules generic (``part_number``
        None); empty for InfiniBand (asked for, or an end whose cage runs InfiniBand only), for a
        rate no fiber PMD runs at, or when every such PMD has a catalogue part in the plug form factor
        of both ends.
    """
    recipes = ctx.remember(
        (
            "pmd level",
            spec.end_a.cage.form_factor,
            spec.end_b.cage.form_factor,
            tuple(spec.end_a.cage.protocols),
            tuple(spec.end_b.cage.protocols),
            spec.rate_gbps,
            spec.protocol,
        ),
        None,
        lambda: _recipes(spec, ctx),
    )
    links: list[Link] = []
    for module_a, module_b, fiber in recipes:
        run = FiberRun(
            fiber_type=fiber,
            connector_a=module_a.connector,
            connector_b=module_b.connector,
            length_m=spec.distance_m,
        )
        links.append(
            Link(
                end_a=spec.end_a,
                end_b=spec.end_b,
                distance_m=spec.distance_m,
                rate_gbps=spec.rate_gbps,
                protocol=spec.protocol,
                module_a=module_a,
                module_b=module_b,
                fibers=(run,),
            )
        )
    return links


def _recipes(spec: LinkSpec, ctx: RuleContext) -> tuple[tuple[Transceiver, Transceiver, str], ...]:
    """The (generic module A, generic module B, fiber grade) of each link :func:`pmd_level_links`
    gives: what it reads of ``spec`` is the cages' form factors and protocols, the rate and the
    protocol, never the distance (memoised per context under those)."""
    if spec.protocol is Protocol.INFINIBAND:
        return ()
    if any(Protocol.ETHERNET not in end.cage.protocols for end in (spec.end_a, spec.end_b)):
        return ()  # an InfiniBand-only cage (QM9700) takes no Ethernet module: nothing to check
    plug_a = _plug(spec.end_a.cage.form_factor, spec.rate_gbps, ctx)
    plug_b = _plug(spec.end_b.cage.form_factor, spec.rate_gbps, ctx)
    if plug_a is None or plug_b is None:
        return ()
    held = {(ff, name) for _, ff, names in ctx.transceivers for name in names}
    out: list[tuple[Transceiver, Transceiver, str]] = []
    for pmd in sorted(ctx.pmds.values(), key=lambda p: p.name):
        if (
            pmd.family is not Protocol.ETHERNET
            or pmd.rate_gbps != spec.rate_gbps
            or pmd.media is Media.COPPER
            or pmd.connector is None
            or not _standard(pmd)
        ):
            continue
        if (plug_a, pmd.name) in held and (plug_b, pmd.name) in held:
            continue  # orderable parts exist at both ends: the part-level options cover this PMD
        lanes = {ctx.form_factors[p].lanes for p in (plug_a, plug_b)}
        if any(pmd.lanes > lane for lane in lanes):
            continue
        module_a, module_b = _generic(pmd, plug_a), _generic(pmd, plug_b)
        out += [(module_a, module_b, reach.fiber) for reach in sorted(pmd.reach, key=lambda r: r.fiber)]
    return tuple(out)
