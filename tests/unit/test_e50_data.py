"""Data tests for 50 Gigabit Ethernet (issue 11, helper e50): the ETH-50G rate class
(generations.yaml), the 802.3cd PMDs 50GBASE-SR / -FR / -LR (pmds/e50.yaml) and the 50G SFP56 parts
(parts/e50_sfp56.yaml, the Aruba 50G DAC of parts/hpe_fam_cables.yaml). No database.

Every expected value is written out from the cited documents: ALE's OmniSwitch AOS 8.10R3 transceivers
guide (FG01: "SFP-50G-SR ... Standards Supported SFP56, 50GBASE-SR ... 850 nm ... 100m on OM4 MMF";
"SFP-50G-FR ... 50GBASE-FR ... 1311 nm ... 2 km"; "SFP-50G-LR ... 50GBASE-LR ... 10 km"; "SFP-50G-C ...
Cable Length 50cm, 1m, 3m"), HPE's cabling guide (OO01: "Aruba 50G SFP56 LC SR 100m MMF XCVR (R0M48A)"),
Intel's F-tile FEC table (FG02: IEEE 802.3 RS(544,514) (CL 134) for 50GbE-1) and Intel AN 846 (FG05:
50 Gb/s payload, 64b/66b 51.5625, with RS(544,514) 53.125 Gb/s).
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Pmd, Protocol, SourceKind, Transceiver

RS544 = "RS(544,514)"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _pmd(cat: Catalogue, name: str) -> Pmd:
    [pmd] = [p for p in cat.pmds if p.name == name]
    return pmd


class TestRateClass:
    def test_eth_50g_is_one_53_125_gbps_pam4_lane(self, cat: Catalogue) -> None:
        [g] = [g for g in cat.generations if g.id == "ETH-50G"]
        assert (g.family, g.name, g.lanes, g.lane_rate_gbps, g.lane_data_gbps, g.data_rate_gbps, g.modulation) == (
            Protocol.ETHERNET,
            "50 Gigabit Ethernet",
            1,
            53.125,
            50.0,
            50.0,
            "PAM4",
        )
        assert g.signalling_gbd is None  # given only for NRZ lanes
        assert g.sources == ["FG01", "FG05", "S23", "FG03"]

    def test_ethernet_classes_rank_by_rate_1g_to_800g(self, cat: Catalogue) -> None:
        eth = sorted((g for g in cat.generations if g.family is Protocol.ETHERNET), key=lambda g: g.order)
        assert [(g.id, g.order) for g in eth] == [
            ("ETH-1G", 1),
            ("ETH-10G", 2),
            ("ETH-25G", 3),
            ("ETH-40G", 4),
            ("ETH-50G", 5),
            ("ETH-100G", 6),
            ("ETH-200G", 7),
            ("ETH-400G", 8),
            ("ETH-800G", 9),
        ]
        rates = [g.data_rate_gbps for g in eth]
        assert rates == sorted(rates)

    def test_every_ethernet_part_rate_has_its_rate_class(self, cat: Catalogue) -> None:
        """'Every Ethernet speed 1G-800G' (issue 11): each per-port rate an Ethernet part runs at is the
        rate of a class, 50 Gb/s included (the Aruba and ALE SFP56 parts, the NVIDIA 2 x 50G legs)."""
        classes = {g.data_rate_gbps for g in cat.generations if g.family is Protocol.ETHERNET}
        rates = {
            r
            for p in cat.parts
            if isinstance(p, Transceiver | Cable) and Protocol.ETHERNET in p.protocols
            for r in p.rates_gbps
        }
        assert 50.0 in rates
        # the one rate without a class: 20 Gb/s, the InfiniBand DDR rate a VPI QSFP cable (MC2206130) lists
        assert rates - classes == {20.0}


class TestPmds:
    def test_50gbase_sr(self, cat: Catalogue) -> None:
        p = _pmd(cat, "50GBASE-SR")
        assert (p.rate_gbps, p.generation, p.standard, p.clause, p.wavelength_nm) == (
            50.0,
            "ETH-50G",
            "IEEE 802.3cd",
            "138",
            "850",
        )
        assert (p.lanes, p.fibers, p.media.value, p.connector) == (1, 2, "MMF", "LC")
        assert [(r.fiber, r.max_m, r.sources) for r in p.reach] == [("OM4", 100.0, ["FG01", "E15", "FG04"])]
        assert not p.reach_complete  # OM3 (70 m in the clause) not read in a retrieved source: unverified
        assert p.fec is not None and (p.fec.required, p.fec.clause, p.fec.sources) == (RS544, "134", ["FG02", "FG05"])

    @pytest.mark.parametrize(("name", "km"), [("50GBASE-FR", 2), ("50GBASE-LR", 10)])
    def test_single_mode_pmds(self, cat: Catalogue, name: str, km: int) -> None:
        p = _pmd(cat, name)
        assert (p.rate_gbps, p.generation, p.standard, p.clause, p.wavelength_nm) == (
            50.0,
            "ETH-50G",
            "IEEE 802.3cd",
            None,
            "1311",
        )
        assert (p.lanes, p.fibers, p.media.value, p.connector) == (1, 2, "SMF", "LC")
        assert [(r.fiber, r.max_m, r.sources) for r in p.reach] == [("OS2", km * 1000.0, ["FG01", "FG04"])]
        assert p.fec is not None and (p.fec.required, p.fec.clause) == (RS544, "134")

    def test_no_50g_pmd_rests_on_secondary_sources_only(self, cat: Catalogue) -> None:
        for name in ("50GBASE-SR", "50GBASE-FR", "50GBASE-LR"):
            assert cat.primary_backed(_pmd(cat, name).sources), name

    def test_no_copper_cr_pmd_is_invented(self, cat: Catalogue) -> None:
        """DAC links are modelled by the cable (its length, its fec), not by a CR PMD row."""
        assert not [p.name for p in cat.pmds if "CR" in p.name]


class TestSources:
    def test_kinds(self, cat: Catalogue) -> None:
        kinds = {i: cat.sources[i].kind for i in ("FG01", "FG02", "FG03", "FG04", "FG05", "FG06")}
        assert kinds == {
            "FG01": SourceKind.VENDOR,
            "FG02": SourceKind.VENDOR,
            "FG03": SourceKind.SECONDARY,
            "FG04": SourceKind.SECONDARY,
            "FG05": SourceKind.VENDOR,
            "FG06": SourceKind.VENDOR,
        }

    def test_fg01_is_pinned_to_a_commit(self, cat: Catalogue) -> None:
        assert "/Samuelyip74/ale-nbd-docs/blob/aaa669717a6286e724cdddff02ce9d321699663b/" in cat.sources["FG01"].url


class TestParts:
    @pytest.mark.parametrize(
        ("pn", "vendor", "pmd", "fiber", "metres", "power_w", "sources"),
        [
            ("R0M48A", "HPE", "50GBASE-SR", "OM4", 100, None, ["OO01", "HF01"]),
            ("SFP-50G-SR", "Alcatel-Lucent Enterprise", "50GBASE-SR", "OM4", 100, 3.3, ["FG01"]),
            ("SFP-50G-FR", "Alcatel-Lucent Enterprise", "50GBASE-FR", "OS2", 2000, 2.0, ["FG01"]),
            ("SFP-50G-LR", "Alcatel-Lucent Enterprise", "50GBASE-LR", "OS2", 10000, 2.0, ["FG01"]),
        ],
    )
    def test_sfp56_optics(
        self,
        cat: Catalogue,
        pn: str,
        vendor: str,
        pmd: str,
        fiber: str,
        metres: float,
        power_w: float | None,
        sources: list[str],
    ) -> None:
        [p] = [p for p in cat.parts if p.part_number == pn]
        assert isinstance(p, Transceiver)
        assert (p.vendor, p.form_factor, p.rates_gbps, p.pmds, p.connector, p.power_w) == (
            vendor,
            "SFP56",
            [50.0],
            [pmd],
            "LC/UPC",
            power_w,
        )
        assert [(r.fiber, r.max_m) for r in p.reach] == [(fiber, metres)]
        assert p.sources == sources

    @pytest.mark.parametrize(
        ("family", "lengths", "sources"),
        [
            ("Aruba-50G-SFP56-DAC", [("R0M46A", 0.65), ("R0M47A", 3.0)], ["HF01"]),
            ("SFP-50G-C", [("SFP-50G-C50CM", 0.5), ("SFP-50G-C1M", 1.0), ("SFP-50G-C3M", 3.0)], ["FG01"]),
        ],
    )
    def test_sfp56_dacs_carry_the_clause_134_fec(
        self, cat: Catalogue, family: str, lengths: list[tuple[str, float]], sources: list[str]
    ) -> None:
        cables = [p for p in cat.parts if isinstance(p, Cable) and p.family == family]
        assert [(c.part_number, c.length_m) for c in cables] == lengths
        for c in cables:
            assert (c.cable_type.value, c.rates_gbps, c.end_a.form_factor, c.end_a.lanes) == ("DAC", [50.0], "SFP56", 1)
            assert c.fec is not None and (c.fec.required, c.fec.clause, c.fec.sources) == (
                RS544,
                "134",
                ["FG02", "FG05"],
            )
            assert c.sources == sources

    def test_the_50gbase_sr_vendors(self, cat: Catalogue) -> None:
        vendors = sorted({p.vendor for p in cat.parts if isinstance(p, Transceiver) and "50GBASE-SR" in p.pmds})
        assert vendors == ["Alcatel-Lucent Enterprise", "Cisco", "HPE"]  # Cisco SFP-50G-SR-S (PD02, PD03)
