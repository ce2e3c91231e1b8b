"""HPE and Dell everyday SFP+ part numbers (issue 11, helper jnp) on the real seeded graph.

`part` resolves HPE's BladeSystem 455883-B21 / 455886-B21 and Dell's 407-BBOU order number to the
10GBASE-SR / -LR optic they are (JNP01, JNP02: Microsoft's documentation, kind: secondary), and each
answers the same optic from the other vendors as its equivalents (cypher.EQUIVALENT_TRANSCEIVERS_QUERY:
same form factor, ports, side, rates, PMDs and module connector; ordered by vendor, then part number).
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Cable, Transceiver
from service.use_cases import CatalogueService

SR_EQUIVALENTS_BUT_OURS = [
    "iSFP-10G-SR",
    "MA-SFP-10GB-SR",
    "SFP-10G-SR",
    "SFP-10G-SR-I",
    "SFP-10G-SR-S",
    "SFP-10G-SR-X",
    "10301",
    "10G-SR-SFP300M-ET",
    "10G-SR-SFP300M-IT",
    "FTLX8574D3BCL",
    "FN-TRAN-SFP+SR",
    "J9150A",
    "J9150D",
    "JL748A",
    "AFBR-703SDDZ-IN1",
    "AFBR-703SDZ-IN2",
    "E10GSFPSR",
    "E10GSFPSRG1P5",
    "E10GSFPSRG2P5",
    "E10GSFPSRX",
    "FTLX8571D3BCV-IT",
    "SFPP-10GE-SR",
    "S+85DLC03D",
    "MFM1T02A-SR",
]


def _sr_equivalents_of(pn: str) -> list[str]:
    """Every 10GBASE-SR LC/UPC SFP+ of the catalogue but ``pn``, in the query's vendor-then-number order:
    Dell's three 407- numbers after Cisco, HPE's 455883-B21 before J9150A."""
    everyone = list(SR_EQUIVALENTS_BUT_OURS)
    everyone[6:6] = ["407-BBOU", "407-BBVJ", "407-BCBN"]
    everyone.insert(everyone.index("J9150A"), "455883-B21")
    return [p for p in everyone if p != pn]


class TestPartResolves:
    @pytest.mark.parametrize(
        ("pn", "vendor", "pmd", "source"),
        [
            ("455883-B21", "HPE", "10GBASE-SR", "JNP01"),
            ("455886-B21", "HPE", "10GBASE-LR", "JNP01"),
            ("407-BBOU", "Dell", "10GBASE-SR", "JNP02"),
            ("407-BBOP", "Dell", "10GBASE-LR", "JNP02"),
        ],
    )
    def test_the_order_number_is_the_sfp_plus_optic_its_row_names(
        self, service: CatalogueService, pn: str, vendor: str, pmd: str, source: str
    ) -> None:
        p = service.repo.part(pn)
        assert isinstance(p, Transceiver)
        assert (p.vendor, p.form_factor, p.rates_gbps, p.pmds, p.connector, p.sources) == (
            vendor,
            "SFP+",
            [10],
            [pmd],
            "LC/UPC",
            [source],
        )

    def test_the_blc_3m_copper_cable_is_a_10g_sfp_plus_dac(self, service: CatalogueService) -> None:
        p = service.repo.part("487655-B21")
        assert isinstance(p, Cable)
        assert (p.vendor, p.family, p.length_m, p.cable_type.value, p.rates_gbps) == (
            "HPE",
            "HPE-BLc-10G-SFP+-DAC",
            3.0,
            "DAC",
            [10],
        )
        assert (p.end_a.form_factor, p.end_b.form_factor, p.sources) == ("SFP+", "SFP+", ["JNP01"])


class TestEquivalents:
    @pytest.mark.parametrize("pn", ["455883-B21", "407-BBOU", "407-BBVJ"])
    def test_each_sr_number_answers_every_other_vendors_10gbase_sr_sfp_plus(
        self, service: CatalogueService, pn: str
    ) -> None:
        assert service.repo.equivalents(pn) == _sr_equivalents_of(pn)

    def test_hpe_blc_lr_and_dell_lr_are_the_same_optic(self, service: CatalogueService) -> None:
        blc = service.repo.equivalents("455886-B21")
        dell = service.repo.equivalents("407-BBOP")
        assert "407-BBOP" in blc and "455886-B21" in dell
        assert {"SFPP-10GE-LR", "J9151E"} <= set(blc)
