"""An SFP+ DAC between two bare QSFP28 cages: the answer a fresh server gives (found by a fresh
user: it hit the 15 s request deadline cold, pairing every QSA adapter of every vendor at each end).

    QSFP28 ─ [QSA] ─ SFP-H10GB-CU2M (SFP+ plugs, 10 Gb/s) ─ [QSA] ─ QSFP28

Between bare ends the QSA adapters of every vendor for one seat and rate are interchangeable
(``RuleContext.adapter_classes``): linkOptions pairs one per class and lists the others as the
adapter's alternatives, as pairing every adapter would (tests/integration/test_module_classes.py
holds the two equal). The answers below are exact, asked on a new snapshot (the production path).
"""

from __future__ import annotations

import pytest
from neo4j import Driver

from service.config import Settings
from service.persistence.snapshot import SnapshotRepository
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

pytestmark = pytest.mark.db

QSA_OTHERS = [
    "CVR-QSFP-SFP10G",
    "CVR-QSFP28-SFP25G",
    "MAM1Q00A-QSA",
    "MAM1Q00A-QSA28",
    "QSA-Q28-S28",
    "QSFP-SFPP-ADPT",
]
"""Every cage adapter that takes an SFP+ plug in a QSFP28 cage but 10506 (the first by number)."""


@pytest.fixture(scope="module")
def fresh(seeded: Driver, settings: Settings) -> CatalogueService:
    repo = SnapshotRepository(seeded, settings.neo4j_database)
    repo.snapshot()
    return CatalogueService(repo)


def _dac_between(form_factor: str) -> LinkRequest:
    end = EndRequest(form_factor=form_factor)
    return LinkRequest(end_a=end, end_b=end, distance_m=2.0, media=(FiberRequest(part_number="SFP-H10GB-CU2M"),))


def test_sfp_plus_dac_between_bare_qsfp28_cages_needs_a_qsa_at_each_end(fresh: CatalogueService) -> None:
    check = fresh.check_link(_dac_between("QSFP28"))
    assert not check.verdict.valid
    assert check.verdict.error_codes == ("FORM_FACTOR_MISMATCH", "FORM_FACTOR_MISMATCH")
    assert [f.message for f in check.verdict.findings] == [
        f"SFP-H10GB-CU2M end {side} is SFP+; a QSFP28 cage does not take SFP+" for side in "AB"
    ]
    assert [f.fix for f in check.verdict.findings] == [
        f"use a QSFP+ or QSFP28 part in a QSFP28 cage, or put SFP-H10GB-CU2M end {side} in a 10506, "
        "CVR-QSFP-SFP10G, CVR-QSFP28-SFP25G, MAM1Q00A-QSA, MAM1Q00A-QSA28, QSA-Q28-S28 or QSFP-SFPP-ADPT adapter"
        for side in "AB"
    ]
    # Numbered in the order shown (the kept DAC first), not by their linkOptions ranks (6, 1, 2).
    assert [(o.rank, o.summary) for o in check.alternatives] == [
        (
            1,
            "DAC SFP-H10GB-CU2M (2 m) (through 10506, a QSFP28-to-SFP28 adapter at end A and 10506, a "
            "QSFP28-to-SFP28 adapter at end B)",
        ),
        (2, "DAC 40G-DACP-QSFP4SFP2M (2 m) (through 10506, a QSFP28-to-SFP28 adapter at end A)"),
        (3, "DAC 40G-DACP-QSFP4SFP2M (2 m) (through 10506, a QSFP28-to-SFP28 adapter at end B)"),
    ]
    kept = check.alternatives[0]
    assert kept.verdict.valid
    assert [(p.role, p.part_number, list(p.alternatives)) for p in kept.parts] == [
        ("adapter_a", "10506", QSA_OTHERS),
        ("cable", "SFP-H10GB-CU2M", ["00AY765", "DAC-SFP-10G-2M"]),  # the 2 m SFP+ DAC class: the user's kept first
        ("adapter_b", "10506", QSA_OTHERS),
    ]


def test_the_qsa_alternatives_are_those_of_pairing_every_adapter(
    fresh: CatalogueService, seeded: Driver, settings: Settings
) -> None:
    """The same question answered pairing every module and adapter (no classes), on a snapshot of
    its own, gives the same answer."""
    repo = SnapshotRepository(seeded, settings.neo4j_database)
    repo.snapshot()
    every = CatalogueService(repo, pair_classes=False)
    assert fresh.check_link(_dac_between("QSFP28")) == every.check_link(_dac_between("QSFP28"))
