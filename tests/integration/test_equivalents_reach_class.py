"""`part.equivalents` keeps to one reach class (practitioner trial #6): a module whose own reach is
under half its PMD's over a grade is the same optic only as modules with the same own reach there; a
vendor's more cautious figure above that is the same optic.

Facts: Cisco SFP-25G-SL, '25G SFP28 SL, multimode fiber, 30m reach' (UC08 Table 8), against
25GBASE-SR's 70 m over OM3 and 100 m over OM4 (IEEE 802.3by); Extreme 100G-LR4-QSFP2KM, '100G LR4
QSFP28, LC, 2KM' (EX01), against 100GBASE-LR4's 10 km; SFP-1G-SX's own 550 m over OM3 against
1000BASE-SX's 800 m row.
"""

from __future__ import annotations

from service.use_cases import CatalogueService


def test_a_100_m_25gbase_sr_module_does_not_list_the_30_m_sl_module(service: CatalogueService) -> None:
    found = service.repo.equivalents("SFP-25G-SR-S")
    assert "SFP-25G-SL" not in found
    assert {"SFP-25G-SR", "SFP-25G-CSR-S", "MMA2P00-AS"} <= set(found)


def test_the_30_m_sl_module_has_no_100_m_equivalent(service: CatalogueService) -> None:
    assert service.repo.equivalents("SFP-25G-SL") == []


def test_a_10_km_lr4_does_not_list_a_2_km_lr4_lite_and_the_reverse(service: CatalogueService) -> None:
    assert "100G-LR4-QSFP2KM" not in service.repo.equivalents("QSFP-100G-LR4-S")
    assert "QSFP-100G-LR4-S" not in service.repo.equivalents("100G-LR4-QSFP2KM")


def test_a_vendors_cautious_reach_is_still_the_same_optic(service: CatalogueService) -> None:
    """550 m over OM3 is above half of 1000BASE-SX's 800 m: SFP-1G-SX stands with the other SX SFPs."""
    assert "SFP-1G-SX" in service.repo.equivalents("SFP-GIG-SX")
    assert "SFP-GIG-SX" in service.repo.equivalents("SFP-1G-SX")
