"""Data tests for helper jnp's issue-11 work (everyday HPE and Dell SFP+ part numbers from real part
lists): the sources in sources/jnp.yaml and the parts in parts/jnp_hpe_dell.yaml. No database.

Every expected value is written out from the source itself; both are Microsoft's documentation, so both
are kind: secondary and every part here is secondary-only:
- JNP01, Microsoft's StorSimple page "Supported hardware for the 10 GbE network interfaces", table
  "Cables and modules supported by Mellanox": "455883-B21 HP BLc | 10Gb SR SFP+ Opt", "455886-B21 HP BLc |
  10Gb LR SFP+ Opt", "487649-B21 HP BLc | SFP+ 0.5m 10GbE Copper Cable", "487652-B21 ... 1m",
  "487655-B21 ... 3m", "487658-B21 ... 7m", "537963-B21 ... 5m".
- JNP02, Microsoft's Defender for IoT page "Dell PowerEdge R350", table "Optional port expansion":
  "407-BCBN or 407-BBOU - SFP+ 10G SR", "407-BBOP - SFP+ 10G LR", "407-BBOS - SFP+ 1G COPPER",
  "407-BBVJ - SFP+ 1G/10G SR (INTEL ONLY)".
- JNP03, Lumen Cloud's (CenturyLink Cloud) "Network Exchange CLC Colocation Endpoint Guide": "QFX-SFP-1GE-LX
  SFP 1000BASE-LX ...", "QFX-SFP-10GE-LR SFP+ 10GBASE-LR ...", "QFX-SFP-1GE-T 1000BASE-T SFP Copper SFP".
"""

from __future__ import annotations

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, CableType, Protocol, SourceKind, Transceiver

JNP01_URL = (
    "https://github.com/MicrosoftDocs/azure-docs/blob/03c274345875171fc52aa42b3d551b28afed6ec6/"
    "articles/storsimple/storsimple-supported-hardware-for-10-gbe-network-interfaces.md"
)
JNP02_URL = (
    "https://github.com/MicrosoftDocs/azure-docs/blob/03e5750af10b23b5ba437d5b333ec5e9437844f9/"
    "articles/defender-for-iot/organizations/appliance-catalog/dell-poweredge-r350-e1800.md"
)

# JNP01's five "HP BLc SFP+ <length> 10GbE Copper Cable" rows, by length.
BLC_DAC = [
    ("487649-B21", 0.5),
    ("487652-B21", 1.0),
    ("487655-B21", 3.0),
    ("537963-B21", 5.0),
    ("487658-B21", 7.0),
]

# part number -> (vendor, family, form factor, rate Gb/s, PMD, connector, source).
MODULES: dict[str, tuple[str, str, str, int, str, str, str]] = {
    "455883-B21": ("HPE", "HPE-BLc-10G-SFP+", "SFP+", 10, "10GBASE-SR", "LC/UPC", "JNP01"),
    "455886-B21": ("HPE", "HPE-BLc-10G-SFP+", "SFP+", 10, "10GBASE-LR", "LC/UPC", "JNP01"),
    "407-BBOU": ("Dell", "Dell-PowerEdge-10G-SFP+", "SFP+", 10, "10GBASE-SR", "LC/UPC", "JNP02"),
    "407-BCBN": ("Dell", "Dell-PowerEdge-10G-SFP+", "SFP+", 10, "10GBASE-SR", "LC/UPC", "JNP02"),
    "407-BBOP": ("Dell", "Dell-PowerEdge-10G-SFP+", "SFP+", 10, "10GBASE-LR", "LC/UPC", "JNP02"),
    "407-BBVJ": ("Dell", "Dell-PowerEdge-10G-SFP+", "SFP+", 10, "10GBASE-SR", "LC/UPC", "JNP02"),
    "QFX-SFP-10GE-LR": ("Juniper", "Juniper-QFX-SFP", "SFP+", 10, "10GBASE-LR", "LC/UPC", "JNP03"),
    "QFX-SFP-1GE-LX": ("Juniper", "Juniper-QFX-SFP", "SFP", 1, "1000BASE-LX", "LC/UPC", "JNP03"),
    "QFX-SFP-1GE-T": ("Juniper", "Juniper-QFX-SFP-T", "SFP", 1, "1000BASE-T", "RJ-45", "JNP03"),
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _module(cat: Catalogue, part_number: str) -> Transceiver:
    [p] = [p for p in cat.parts if isinstance(p, Transceiver) and p.part_number == part_number]
    return p


class TestSources:
    def test_the_file_holds_only_jnp_ids(self) -> None:
        rows = yaml.safe_load((DATA_DIR / "sources" / "jnp.yaml").read_text(encoding="utf-8"))
        assert [r["id"] for r in rows] == ["JNP01", "JNP02", "JNP03"]

    def test_jnp01_is_microsofts_storsimple_page_pinned_to_a_commit(self, cat: Catalogue) -> None:
        s = cat.sources["JNP01"]
        assert (s.kind, str(s.url)) == (SourceKind.SECONDARY, JNP01_URL)
        for quoted in ("'9. 10 GbE 455883-B21 HP BLc 10Gb SR SFP+ Opt HP'", "'15. 537963-B21 HP BLc SFP+ 5m"):
            assert quoted in s.section

    def test_jnp02_is_microsofts_dell_r350_page_pinned_to_a_commit(self, cat: Catalogue) -> None:
        s = cat.sources["JNP02"]
        assert (s.kind, str(s.url)) == (SourceKind.SECONDARY, JNP02_URL)
        for quoted in ("407-BCBN or 407-BBOU - SFP+ 10G SR", "407-BBVJ - SFP+ 1G/10G SR (INTEL ONLY)"):
            assert quoted in s.section

    def test_jnp03_is_lumen_clouds_colocation_guide_pinned_to_a_commit(self, cat: Catalogue) -> None:
        s = cat.sources["JNP03"]
        assert s.kind == SourceKind.SECONDARY
        assert "/CenturyLinkCloud/PublicKB/blob/3928576fb6f1ed60159e42fd0d99e0d1e4cb5fd0/" in str(s.url)
        assert "QFX-SFP-10GE-LR SFP+ 10GBASE-LR 10 Gigabit Ethernet Optics, 1,310 nm" in s.section


class TestHpeBlcCables:
    def test_the_family_has_exactly_the_five_lengths_jnp01_prints(self, cat: Catalogue) -> None:
        rows = sorted(
            (p for p in cat.parts if isinstance(p, Cable) and p.family == "HPE-BLc-10G-SFP+-DAC"),
            key=lambda p: p.length_m or 0.0,
        )
        assert [(p.part_number, p.length_m) for p in rows] == BLC_DAC

    def test_each_is_a_passive_10g_sfp_plus_cable_of_hpe_on_jnp01_only(self, cat: Catalogue) -> None:
        for pn, _ in BLC_DAC:
            [p] = [p for p in cat.parts if isinstance(p, Cable) and p.part_number == pn]
            assert (p.vendor, p.protocols, p.sources, p.cable_type, p.rates_gbps) == (
                "HPE",
                [Protocol.ETHERNET],
                ["JNP01"],
                CableType.DAC,
                [10],
            )
            for end in (p.end_a, p.end_b):
                assert (end.form_factor, end.plugs, end.rate_gbps, end.lanes) == ("SFP+", 1, 10, 1)


class TestModules:
    @pytest.mark.parametrize("part_number", sorted(MODULES))
    def test_each_module_runs_the_pmd_its_row_names(self, cat: Catalogue, part_number: str) -> None:
        vendor, family, ff, rate, pmd, connector, source = MODULES[part_number]
        p = _module(cat, part_number)
        assert (p.vendor, p.family, p.form_factor, p.rates_gbps, p.pmds) == (vendor, family, ff, [rate], [pmd])
        assert (p.connector, p.sources, p.protocols) == (connector, [source], [Protocol.ETHERNET])

    @pytest.mark.parametrize("part_number", sorted(MODULES))
    def test_no_part_reach_is_loaded_reach_follows_the_pmd(self, cat: Catalogue, part_number: str) -> None:
        assert _module(cat, part_number).reach == []

    def test_the_1g_copper_row_is_not_loaded(self, cat: Catalogue) -> None:
        """'407-BBOS - SFP+ 1G COPPER' names no PMD."""
        assert "407-BBOS" not in {p.part_number for p in cat.parts}


class TestTotals:
    def test_jnp_adds_14_secondary_only_part_numbers(self, cat: Catalogue) -> None:
        ours = {n for n, _ in BLC_DAC} | set(MODULES)
        assert len(ours) == 14
        rows = [p for p in cat.parts if p.part_number in ours]
        assert {p.part_number for p in rows} == ours
        assert all(cat.sources[s].kind == SourceKind.SECONDARY for p in rows for s in p.sources)

    def test_the_primary_share_stays_above_80_percent(self, cat: Catalogue) -> None:
        rows = cat.fact_rows()
        assert sum(cat.primary_backed(s) for _, s in rows) / len(rows) > 0.8
