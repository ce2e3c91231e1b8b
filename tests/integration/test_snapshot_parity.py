"""The snapshot changes speed, not answers: every read the in-memory snapshot serves answers exactly
as the Cypher repository does, on the shipped catalogue.

    Neo4jRepository.read(args)  ══ same value, same order ══  CatalogueSnapshot.read(args)

The candidate searches are compared for EVERY pair of form factors the catalogue holds, at every
rate a part of the catalogue runs (and one it does not), with and without each protocol; lookups
for every name users may type (and near misses, whose errors carry suggestions); listings and
pages for every filter value. When a seed file or a Cypher statement changes, this is the test that
says whether the two read paths still agree.
"""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from service.errors import FabricGraphError
from service.persistence.repository import Neo4jRepository
from service.persistence.snapshot import CatalogueSnapshot

pytestmark = pytest.mark.db


@pytest.fixture(scope="module")
def snap(repo: Neo4jRepository) -> CatalogueSnapshot:
    return CatalogueSnapshot.load(repo)


def _outcome(fn: Any, *args: Any) -> Any:
    """The value, or the error's type, code, message and suggestions."""
    try:
        return ("ok", fn(*args))
    except FabricGraphError as exc:
        return (
            "error",
            type(exc).__name__,
            exc.code,
            str(exc),
            getattr(exc, "suggestions", None),
            getattr(exc, "found_as", None),
            getattr(exc, "found_name", None),
        )


def _rates(snap: CatalogueSnapshot) -> list[float]:
    rates = {float(r) for node in snap.nodes.values() for r in node.rates_gbps or ()}
    return sorted(rates)


def _protocols(snap: CatalogueSnapshot) -> list[str | None]:
    return [None, *sorted({p for node in snap.nodes.values() for p in node.protocols or ()})]


def _canonical_cables(cands: list[Any]) -> list[Any]:
    # Cypher orders by family, length, end; parts tied on all three may come in either order.
    return sorted(
        cands, key=lambda c: (c.cable.family or "\uffff", c.cable.length_m or 1e18, c.end_at_a, c.cable.part_number)
    )


def test_the_snapshot_holds_the_whole_catalogue(repo: Neo4jRepository, snap: CatalogueSnapshot) -> None:
    stats = repo.stats()
    assert len(snap.part_docs) == stats["parts"] > 100
    assert len(snap.device_list) == stats["devices"]
    assert len(snap.source_docs) == stats["sources"]
    assert len(snap.aliases) == stats["aliases"]
    assert snap.version >= 1 and snap.token is not None
    assert (snap.version, snap.token) == repo.catalogue_version()


def test_listings_agree(repo: Neo4jRepository, snap: CatalogueSnapshot) -> None:
    assert snap.generations() == repo.generations()
    assert snap.pmd_list == repo.pmds()
    assert snap.form_factor_list == repo.form_factors()
    assert snap.fiber_type_list == repo.fiber_types()
    assert snap.connector_list == repo.connectors()
    assert snap.stats() == repo.stats()
    assert snap.link_rule_context() == repo.link_rule_context()
    assert snap.devices() == repo.devices()
    for device_type in ("switch", "adapter", "dpu", "nonsense"):
        assert snap.devices(device_type) == repo.devices(device_type), device_type


def test_names_and_lookups_agree_for_every_name(repo: Neo4jRepository, snap: CatalogueSnapshot) -> None:
    for kind in ("part", "device", "form_factor", "nonsense"):
        assert snap.names(kind) == repo.names(kind), kind
        assert snap.name_targets(kind) == repo.name_targets(kind), kind
    # Near misses, and part numbers asked as devices (the error then says it is a part).
    devices = [
        *repo.names("device"),
        *["QM970", "connectx-6", "  qm9700  ", "", "MQM9700-NS2F".lower(), "NE1033", "Lenovo NE1033"],
        *["MCP1600-C001", "mma4z00-ns", "980-9I924-00N002"],
    ]
    for name in devices:
        assert _outcome(snap.device, name) == _outcome(repo.device, name), name
    ffs = [*repo.names("form_factor"), "sfpp", "QSFP", "OSFP-RHS", "sfp+ ", "nonsense"]
    for name in ffs:
        assert _outcome(snap.form_factor, name) == _outcome(repo.form_factor, name), name
    parts = [*repo.names("part"), "MMA4Z00-N5", "mma4z00-ns", " SFP-10G-SR ", "NOPE-123", "980-9I924-00N00"]
    # Devices asked as parts: the error says it is a device (model, OPN, alias, any case).
    for name in [
        "4XC7B03668",
        "lenovo-ne1032",
        " NE1032 ",
        "QM9700",
        "MQM9700-NS2F",
        "ne1033",
        "MCX75310AAS",
        "MSN2700-CS2F",
        "MSN2700-CS2X",
        "MSN4600C-CS2F",
    ]:
        assert _outcome(snap.part, name) == _outcome(repo.part, name), name
    assert snap.parts(parts) == repo.parts(parts)
    for name in parts[:: max(1, len(parts) // 60)] + parts[-4:]:
        assert _outcome(snap.part, name) == _outcome(repo.part, name), name
    ids = [*snap.source_docs, "S-NOPE", next(iter(snap.source_docs))]
    assert snap.sources(ids) == repo.sources(ids)
    assert snap.sources(list(reversed(ids))) == repo.sources(list(reversed(ids)))


def test_candidates_agree_for_every_form_factor_pair_rate_and_protocol(
    repo: Neo4jRepository, snap: CatalogueSnapshot
) -> None:
    ffs = [f.name for f in repo.form_factors()]
    rates = [*_rates(snap), 7.0]
    compared = nonempty = 0
    for ff_a, ff_b in itertools.product([*ffs, "NOPE"], repeat=2):
        for rate in rates:
            for protocol in _protocols(snap):
                theirs = repo.optical_candidates(ff_a, ff_b, rate, protocol)
                theirs_c = repo.cable_candidates(ff_a, ff_b, rate, protocol)
                mine = snap.optical_candidates(ff_a, ff_b, rate, protocol)
                mine_c = snap.cable_candidates(ff_a, ff_b, rate, protocol)
                assert mine == theirs, (ff_a, ff_b, rate, protocol)
                assert _canonical_cables(mine_c) == _canonical_cables(theirs_c), (ff_a, ff_b, rate, protocol)
                assert [(c.cable.family, c.cable.length_m, c.end_at_a) for c in mine_c] == [
                    (c.cable.family, c.cable.length_m, c.end_at_a) for c in theirs_c
                ]
                compared += 1
                nonempty += bool(theirs or theirs_c)
                if protocol is None and not theirs and not theirs_c:
                    # A protocol only narrows the Cypher match: nothing without one, nothing with one.
                    for p in _protocols(snap)[1:]:
                        assert snap.optical_candidates(ff_a, ff_b, rate, p) == []
                        assert snap.cable_candidates(ff_a, ff_b, rate, p) == []
                    break
    assert compared > 300 and nonempty > 50, (compared, nonempty)


def test_adapter_seats_agree_for_every_cage_and_pair(repo: Neo4jRepository, snap: CatalogueSnapshot) -> None:
    ffs = [f.name for f in repo.form_factors()]
    for protocol in _protocols(snap):
        for cages in [[f] for f in ffs] + [list(p) for p in itertools.combinations(ffs, 2)] + [["NOPE", ffs[0]]]:
            mine = snap.adapter_seats(cages, protocol)
            theirs = repo.adapter_seats(cages, protocol)
            key = lambda s: (s.cage, s.adapter.part_number, s.seat)  # noqa: E731
            assert sorted(mine, key=key) == sorted(theirs, key=key), (cages, protocol)
            assert [(s.cage, s.adapter.part_number) for s in mine] == [(s.cage, s.adapter.part_number) for s in theirs]
    assert snap.adapter_seats(["QSFP28"], None), "the catalogue holds a QSA for QSFP28 cages"


def test_parts_pages_agree_for_every_filter(repo: Neo4jRepository, snap: CatalogueSnapshot) -> None:
    parts = list(snap.part_docs.values())
    kinds = sorted({p.kind.value for p in parts})
    vendors = sorted({p.vendor for p in parts})
    families = sorted({p.family for p in parts if p.family})
    protocols = [p for p in _protocols(snap) if p]
    filters: list[dict[str, Any]] = [{}]
    filters += [{"kind": k} for k in [*kinds, "nonsense"]]
    filters += [{"vendor": v} for v in vendors] + [{"vendor": vendors[0].upper()}]
    filters += [{"family": f} for f in families[:: max(1, len(families) // 25)]]
    filters += [{"protocol": p} for p in protocols]
    filters += [{"kind": "transceiver", "protocol": protocols[0], "vendor": vendors[0].lower()}]
    for f in filters:
        args = {"kind": None, "vendor": None, "family": None, "protocol": None, **f}
        after: str | None = None
        while True:
            mine = snap.parts_page(**args, after=after, limit=37)
            theirs = repo.parts_page(**args, after=after, limit=37)
            assert mine == theirs, (f, after)
            if len(theirs[0]) < 37:
                break
            after = theirs[0][-1].part_number
    assert snap.parts_page(
        kind=None, vendor=None, family=None, protocol=None, after="ZZZZ", limit=5
    ) == repo.parts_page(kind=None, vendor=None, family=None, protocol=None, after="ZZZZ", limit=5)
