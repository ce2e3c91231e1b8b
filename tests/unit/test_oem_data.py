"""Data tests for the other-vendor (OEM) rows of issue 11, second round (parts/oem_optics.yaml,
devices/oem_switches.yaml, sources/oem.yaml), and the PMD-level options built from the catalogue's
PMDs (service.pmd_level). No database: the rule context is built from the seed files."""

from __future__ import annotations

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, Cage, Protocol, Transceiver
from service.domain.link import LinkSpec, ResolvedEnd
from service.pmd_level import GENERIC_VENDOR, is_generic, pmd_level_links
from service.rules import RuleContext


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _context(cat: Catalogue, *, without: frozenset[str] = frozenset()) -> RuleContext:
    return RuleContext(
        form_factors={f.name: f for f in cat.form_factors},
        pmds={p.name: p for p in cat.pmds},
        fiber_types=frozenset(f.name for f in cat.fiber_types),
        transceivers=tuple(
            (t.part_number or "", t.form_factor, frozenset(t.pmds))
            for t in cat.parts
            if isinstance(t, Transceiver) and t.part_number not in without
        ),
    )


def _spec(form_factor: str, rate: float, distance: float, protocol: Protocol | None = None) -> LinkSpec:
    end = ResolvedEnd(
        label=form_factor,
        cage=Cage(
            id="bare", form_factor=form_factor, count=1, speeds_gbps=[rate], protocols=list(Protocol), sources=["E03"]
        ),
    )
    return LinkSpec(rate_gbps=rate, distance_m=distance, protocol=protocol, end_a=end, end_b=end)


def _rows(cat: Catalogue, spec: LinkSpec, ctx: RuleContext | None = None) -> list[tuple[str, str, str, str]]:
    return [
        (link.module_a.pmds[0], link.module_a.form_factor, link.fibers[0].fiber_type, link.module_a.connector)
        for link in pmd_level_links(spec, ctx or _context(cat))
        if link.module_a is not None
    ]


class TestNamedParts:
    @pytest.mark.parametrize(
        ("pn", "vendor", "ff", "pmds", "connector"),
        [
            ("QSFP-40G-SR4", "Cisco", "QSFP+", ["40GBASE-SR4"], "MPO-12/UPC"),
            ("OSFP-400G-SR8", "Arista", "OSFP", ["400GBASE-SR8"], "MPO-16/APC"),
            ("QDD-400G-SR8", "Arista", "QSFP-DD", ["400GBASE-SR8"], "MPO-16/APC"),
            ("OSFP-400G-SRBD", "Arista", "OSFP", ["400GBASE-SR4.2"], "MPO-12/UPC"),
            ("QDD-400G-SRBD", "Arista", "QSFP-DD", ["400GBASE-SR4.2"], "MPO-12/UPC"),
            ("J9150A", "HPE", "SFP+", ["10GBASE-SR"], "LC/UPC"),
            ("QSFP-400G-DR4-2", "Juniper", "QSFP112", ["400GBASE-DR4"], "MPO-12/APC"),
        ],
    )
    def test_each_issue_part_is_a_transceiver_of_its_pmd(
        self, cat: Catalogue, pn: str, vendor: str, ff: str, pmds: list[str], connector: str
    ) -> None:
        (part,) = [p for p in cat.parts if p.part_number == pn]
        assert isinstance(part, Transceiver)
        assert (part.vendor, part.form_factor, part.pmds, part.connector) == (vendor, ff, pmds, connector)

    def test_qsfp_40g_sr4_reach_is_clause_86s_100_m_om3_150_m_om4(self, cat: Catalogue) -> None:
        (part,) = [p for p in cat.parts if p.part_number == "QSFP-40G-SR4"]
        assert isinstance(part, Transceiver)
        assert [(r.fiber, r.max_m) for r in part.reach] == [("OM3", 100.0), ("OM4", 150.0)]

    def test_arista_400g_sr8_reach_is_100_m_over_om4(self, cat: Catalogue) -> None:
        """Arista transceiver compatibility table (B08): '400GBASE-SR8 … up to 100m over parallel OM4'."""
        (part,) = [p for p in cat.parts if p.part_number == "OSFP-400G-SR8"]
        assert isinstance(part, Transceiver)
        assert [(r.fiber, r.max_m) for r in part.reach] == [("OM4", 100.0)]

    def test_hpe_40g_aoc_family_has_every_length_hpe_lists(self, cat: Catalogue) -> None:
        """HPE Aruba transceiver guide, Table 23: 7 m R0Z22A, 15 m R0Z23A, 30 m R0Z24A (OEM03)."""
        family = sorted((p.length_m, p.part_number) for p in cat.parts if isinstance(p, Cable) and p.family == "R0Z2xA")
        assert family == [(7.0, "R0Z22A"), (15.0, "R0Z23A"), (30.0, "R0Z24A")]


class TestSwitches:
    @pytest.mark.parametrize(
        ("model", "vendor", "cages"),
        [
            ("N9K-C93180YC-FX", "Cisco", [("SFP28", 48, [25.0]), ("QSFP28", 6, [100.0])]),
            ("N9K-C9332D-GX2B", "Cisco", [("QSFP-DD", 32, [400.0]), ("SFP+", 2, [10.0])]),
            ("N9K-C9364D-GX2A", "Cisco", [("QSFP-DD", 64, [400.0]), ("SFP+", 2, [10.0])]),
            ("DCS-7050CX3-32S", "Arista", [("QSFP28", 32, [100.0]), ("SFP+", 2, [10.0])]),
            ("DCS-7060DX5-64S", "Arista", [("QSFP-DD", 64, [400.0]), ("SFP+", 2, [10.0])]),
            ("DCS-7280CR3-32P4", "Arista", [("QSFP28", 32, [100.0]), ("OSFP", 4, [400.0])]),
            ("DCS-7050SX3-48YC8", "Arista", [("SFP28", 48, [25.0]), ("QSFP28", 8, [100.0])]),
            ("DCS-7050SX3-48YC12", "Arista", [("SFP28", 48, [25.0]), ("QSFP28", 12, [100.0])]),
            ("DCS-7050SX3-96YC8", "Arista", [("SFP28", 96, [25.0]), ("QSFP28", 8, [100.0])]),
            ("QFX5120-48Y", "Juniper", [("SFP28", 48, [25.0]), ("QSFP28", 8, [100.0])]),
            ("QFX5120-32C", "Juniper", [("QSFP28", 32, [100.0])]),
        ],
    )
    def test_port_counts_per_cage_type_as_the_source_lists_them(
        self, cat: Catalogue, model: str, vendor: str, cages: list[tuple[str, int, list[float]]]
    ) -> None:
        (device,) = [d for d in cat.devices if d.model == model]
        assert device.vendor == vendor
        assert [(c.form_factor, c.count, c.speeds_gbps) for c in device.cages] == cages

    def test_netbox_slugs_are_aliases(self, cat: Catalogue) -> None:
        by_alias = {a.casefold(): d.model for d in cat.devices for a in d.aliases}
        assert by_alias["arista-dcs-7050cx3-32s"] == "DCS-7050CX3-32S"
        assert by_alias["cisco-n9k-c9364d-gx2a"] == "N9K-C9364D-GX2A"
        assert by_alias["juniper-qfx5120-48y"] == "QFX5120-48Y"
        assert by_alias["dcs-7060dx5-64s-f"] == "DCS-7060DX5-64S"

    def test_six_switch_vendors(self, cat: Catalogue) -> None:
        vendors = {d.vendor for d in cat.devices if d.device_type == "switch"}
        assert {"Arista", "Cisco", "Dell", "Edgecore", "Juniper", "NVIDIA"} <= vendors


class TestSources:
    def test_every_oem_source_is_cited_and_every_row_cites_one(self, cat: Catalogue) -> None:
        ids = {r["id"] for r in yaml.safe_load((DATA_DIR / "sources" / "oem.yaml").read_text())}
        cited: set[str] = set()
        for rows in (cat.parts, cat.devices):
            for row in rows:
                cited |= set(row.sources)
                for nested in getattr(row, "reach", []) or getattr(row, "cages", []):
                    cited |= set(nested.sources)
        assert ids - cited == set()

    def test_the_catalogue_primary_share_stays_above_the_floor(self, cat: Catalogue) -> None:
        rows = cat.fact_rows()
        assert sum(cat.primary_backed(s) for _, s in rows) / len(rows) > 0.8


class TestPmdLevelLinks:
    def test_400g_qsfp_dd_gets_the_standard_pmds_no_qsfp_dd_part_implements(self, cat: Catalogue) -> None:
        """400GBASE-DR4 and -SR8/-SR4.2 have QSFP-DD parts (Arista, Cisco, Juniper), and so now do FR4
        and LR8 (Cisco QDD-400G-FR4-S / QDD-400G-LR8-S, OX02): not generic. LR4-6 has none;
        vendor-defined 400G-XDR4/PLR4 are never generic."""
        assert _rows(cat, _spec("QSFP-DD", 400, 500)) == [
            ("400GBASE-LR4-6", "QSFP-DD", "OS2", "LC/UPC"),
        ]

    def test_a_generic_module_names_no_part_and_says_what_it_stands_for(self, cat: Catalogue) -> None:
        link = pmd_level_links(_spec("QSFP-DD", 400, 500), _context(cat))[0]
        assert link.module_a is not None and is_generic(link.module_a)
        assert link.module_a.part_number is None
        assert link.module_a.vendor == GENERIC_VENDOR
        assert link.module_a.description.startswith("any MSA-compliant 400GBASE-LR4-6 QSFP-DD transceiver")
        assert link.part_numbers() == ()

    def test_1g_in_sfp_plus_cages_is_an_sfp_when_no_sx_part_exists(self, cat: Catalogue) -> None:
        """Without its 1000BASE-SX SFPs (Cisco GLC-SX-MMD, Aruba J4858D / JL745A) the catalogue holds
        the PMD but no SFP of it: the option is 'any MSA-compliant 1000BASE-SX SFP', over the grades
        the PMD has a reach for (OM1, OM2 and, from the TIA table MM01, OM3)."""
        sx = frozenset(p.part_number or "" for p in cat.parts if isinstance(p, Transceiver) and "1000BASE-SX" in p.pmds)
        assert {"GLC-SX-MMD", "J4858D", "JL745A"} <= sx
        ctx = _context(cat, without=sx)
        assert _rows(cat, _spec("SFP+", 1, 300), ctx) == [
            ("1000BASE-SX", "SFP", "OM1", "LC/UPC"),
            ("1000BASE-SX", "SFP", "OM2", "LC/UPC"),
            ("1000BASE-SX", "SFP", "OM3", "LC/UPC"),
        ]

    def test_nothing_generic_where_parts_exist_or_for_infiniband(self, cat: Catalogue) -> None:
        assert _rows(cat, _spec("SFP", 1, 300)) == []  # GLC-SX-MMD, GLC-LH-SMD
        assert _rows(cat, _spec("QSFP28", 100, 500)) == []  # SR4, DR, FR1, LR1, LR4, CWDM4 parts
        assert _rows(cat, _spec("QSFP-DD", 400, 50, Protocol.INFINIBAND)) == []

    def test_an_infiniband_only_cage_gets_no_generic_ethernet_module(self, cat: Catalogue) -> None:
        spec = _spec("QSFP-DD", 400, 500)
        ib_only = spec.end_a.model_copy(
            update={"cage": spec.end_a.cage.model_copy(update={"protocols": [Protocol.INFINIBAND]})}
        )
        assert pmd_level_links(spec.model_copy(update={"end_a": ib_only}), _context(cat)) == []

    def test_no_plug_of_the_rate_class_fits_a_qsfp28_cage_at_10g(self, cat: Catalogue) -> None:
        """A 10G optic needs a QSA in a QSFP28 cage: no generic QSFP+ '10GBASE-LR module' is made up."""
        assert _rows(cat, _spec("QSFP28", 10, 100)) == []

    def test_a_pmd_wider_than_the_plug_is_not_offered(self, cat: Catalogue) -> None:
        """100GBASE-SR10 runs 10 lanes: no QSFP28 (4 lanes) carries it."""
        assert "100GBASE-SR10" not in {row[0] for row in _rows(cat, _spec("QSFP28", 100, 50))}
