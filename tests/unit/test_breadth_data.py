"""Data tests for the catalogue's breadth (issue 11): families against their ordering tables, names
that must stay unambiguous now that devices are part-list lines, and sources that every new row
uses. No database."""

from __future__ import annotations

from collections import defaultdict

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, Transceiver


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[tuple[float, str, list[str]]]:
    return sorted(
        (p.length_m or 0.0, p.part_number or "", list(p.aliases))
        for p in cat.parts
        if isinstance(p, Cable) and p.family == family
    )


class TestFamiliesAgainstTheirOrderingTables:
    def test_mcp7y00_has_every_length_of_its_ordering_table(self, cat: Catalogue) -> None:
        """NVIDIA MCP7Y00 ordering information (N11): 1, 1.5, 2, 2.5, 3 m finned; legacy PN and ordering PN."""
        assert _family(cat, "MCP7Y00") == [
            (1.0, "MCP7Y00-N001", ["980-9I432-00N001"]),
            (1.5, "MCP7Y00-N01A", ["980-9I926-00N01A"]),
            (2.0, "MCP7Y00-N002", ["980-9I924-00N002"]),
            (2.5, "MCP7Y00-N02A", ["980-9I92O-00N02A"]),
            (3.0, "MCP7Y00-N003", ["980-9I92N-00N003"]),
        ]

    def test_mcp7y00_flat_top_has_the_three_lengths_of_its_ordering_table(self, cat: Catalogue) -> None:
        """N11: the flat-top (-FLT, liquid-cooled switches) versions come in 1, 1.5 and 2 m only."""
        assert [(m, pn) for m, pn, _ in _family(cat, "MCP7Y00-FLT")] == [
            (1.0, "MCP7Y00-N001-FLT"),
            (1.5, "MCP7Y00-N01A-FLT"),
            (2.0, "MCP7Y00-N002-FLT"),
        ]

    def test_mcp4y10_has_the_four_lengths_its_specification_lists(self, cat: Catalogue) -> None:
        """MCP4Y10 product specification, key features: '0.5, 1, 1.5, and 2-meter lengths'."""
        assert [m for m, _, _ in _family(cat, "MCP4Y10")] == [0.5, 1.0, 1.5, 2.0]


class TestNamesStayUnambiguous:
    def test_no_name_is_both_a_part_and_a_device(self, cat: Catalogue) -> None:
        """A part-list line resolves parts first, then devices: the two name spaces must not overlap."""
        parts = {n.casefold() for p in cat.parts for n in [p.part_number or "", *p.aliases]}
        devices = {n.casefold() for d in cat.devices for n in [d.model, d.name, *d.aliases]}
        assert parts & devices == set()

    def test_oem_numbers_of_one_optic_are_separate_parts_not_aliases(self, cat: Catalogue) -> None:
        """Cisco, Arista, Extreme, Juniper and NVIDIA 400GBASE-DR4 QSFP-DD optics are five parts
        (equivalents), each with its own vendor and sources, not aliases of one another."""
        dr4 = sorted(
            (p.vendor, p.part_number)
            for p in cat.parts
            if isinstance(p, Transceiver) and p.form_factor == "QSFP-DD" and p.pmds == ["400GBASE-DR4"]
        )
        assert dr4 == [
            ("Arista", "QDD-400G-DR4"),
            ("Cisco", "QDD-400G-DR4-S"),
            ("Extreme Networks", "400G-DR4-QSFPDD500M"),
            ("Juniper", "QSFP56-DD-400GBASE-DR4"),
            ("NVIDIA", "MMS1V00-WM"),
        ]


class TestVendorsPerPmd:
    @pytest.mark.parametrize(
        ("pmd", "vendors"),
        [
            (
                "10GBASE-SR",
                {
                    "Alcatel-Lucent Enterprise",
                    "Cisco",
                    "Dell",  # 407-BBOU / 407-BCBN / 407-BBVJ (JNP02, secondary)
                    "Extreme Networks",
                    "Finisar (Coherent)",
                    "Fortinet",  # FN-TRAN-SFP+SR (BRD01 p. 12)
                    "HPE",
                    "Intel",
                    "Juniper",
                    "MikroTik",  # S+85DLC03D (BRD02)
                    "NVIDIA",
                },
            ),
            (
                "40GBASE-SR4",
                # Fortinet's FN-TRAN-QSFP+SR (BRD01 p. 13)
                {
                    "Alcatel-Lucent Enterprise",
                    "Cisco",
                    "Extreme Networks",
                    "Fortinet",
                    "HPE",
                    "Intel",
                    "NVIDIA",
                    "Trellix",
                },
            ),
            (
                "100GBASE-SR4",
                # Fortinet's FN-TRAN-QSFP28-SR (BRD01 p. 13)
                {
                    "Alcatel-Lucent Enterprise",
                    "Cisco",
                    "Dell",
                    "Extreme Networks",
                    "Fortinet",
                    "HPE",
                    "Intel",
                    "Juniper",
                    "NVIDIA",
                },
            ),
            # Fortinet's FN-TRAN-QSFP28-DR '100GBase-DR' (BRD01 p. 13)
            ("100GBASE-DR", {"Arista", "Cisco", "Extreme Networks", "Fortinet", "Intel", "NVIDIA"}),
            ("400GBASE-DR4", {"Arista", "Cisco", "Extreme Networks", "Juniper", "NVIDIA"}),
        ],
    )
    def test_common_pmds_have_parts_from_at_least_two_vendors(
        self, cat: Catalogue, pmd: str, vendors: set[str]
    ) -> None:
        found = {p.vendor for p in cat.parts if isinstance(p, Transceiver) and pmd in p.pmds}
        assert found == vendors


class TestNewRowsAndTheirSources:
    FILES = ("parts/cisco_optics.yaml", "parts/arista_optics.yaml", "parts/juniper_optics.yaml", "devices/juniper.yaml")

    def test_every_breadth_source_is_cited_by_a_row(self, cat: Catalogue) -> None:
        ids = {r["id"] for r in yaml.safe_load((DATA_DIR / "sources" / "breadth_ethernet.yaml").read_text())}
        cited: set[str] = set()
        for rows in (cat.parts, cat.devices, cat.pmds):
            for row in rows:
                cited |= set(row.sources)
                for nested in getattr(row, "reach", []) or getattr(row, "cages", []):
                    cited |= set(nested.sources)
        assert ids - cited == set()

    def test_every_vendor_defined_pmd_is_implemented_by_a_part(self, cat: Catalogue) -> None:
        names = [r["name"] for r in yaml.safe_load((DATA_DIR / "pmds" / "ethernet_vendor.yaml").read_text())]
        implemented: dict[str, set[str]] = defaultdict(set)
        for p in cat.parts:
            if isinstance(p, Transceiver):
                for n in p.pmds:
                    implemented[n].add(p.part_number or "")
        assert {n: sorted(implemented[n]) for n in names} == {
            # the dual-rate BiDi's 40G mode (B04); Extreme's 10329 (EX01)
            "40G-SR-BD": ["10329", "FG-TRAN-QSFP+SR-BIDI", "JL308A", "QSFP-40/100-SRBD", "QSFP-40G-SR-BD"],
            "400G-XDR4": [
                "400G-DR4X-QSFPDD2KM",
                "400G-Q56DD-EDR4",
                "OSFP-400G-XDR4",
                "QDD-400G-XDR4",
                "QDD-4X100G-FR-S",
            ],  # Cisco's on PD03, Dell's EDR4 on HU01, Extreme's DR4X on EX01
            "400G-PLR4": [
                "400G-LR4P-QSFPDD10KM",
                "400G-Q56-DD-LDR4",
                "OSFP-400G-PLR4",
                "QDD-400G-PLR4",
                "QDD-4X100G-LR-S",
            ],  # Cisco's on PD03, Dell's LDR4 on HU01, Extreme's LR4P on EX01
            "400G-2FR4": ["OSFP-400G-2FR4"],
            "400G-SR4": [
                "MMA1Z00-NS400",
                "MMA1Z00-NS400-T",
                "MMA4Z00-NS",
                "MMA4Z00-NS-FLT",
                "MMA4Z00-NS-T",
                "MMA4Z00-NS400",
                "MMA4Z00-NS400-T",
            ],
            "400G-DR4": [
                "MMS1X00-NS400",
                "MMS4X00-NM",
                "MMS4X00-NM-FLT",
                "MMS4X00-NM-HGX",
                "MMS4X00-NM-T",
                "MMS4X00-NS",
                "MMS4X00-NS-FLT",
                "MMS4X00-NS-T",
                "MMS4X00-NS400",
            ],
        }

    @pytest.mark.parametrize("name", FILES)
    def test_every_new_row_cites_a_source(self, name: str) -> None:
        for row in yaml.safe_load((DATA_DIR / name).read_text()):
            assert row.get("sources"), row.get("part_number") or row.get("model")
