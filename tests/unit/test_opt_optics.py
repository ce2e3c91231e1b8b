"""Data tests for the catalogue-breadth round of issue 11 (parts/opt_*.yaml, sources/opt.yaml). No database.

Every expected value is written out from HPE's own cabling guide (OO01, Cray-HPE docs-csm at 645917b):
'Aruba 1G SFP RJ45 T 100m Cat5e Transceiver (J8177D)' and '... TAA Transceiver (JL747A)'.
"""

from __future__ import annotations

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import SourceKind, Transceiver


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


# part number -> (vendor, form factor, PMDs, module connector, rate in Gb/s)
OPT_TRANSCEIVERS: dict[str, tuple[str, str, list[str], str, float]] = {
    "J8177D": ("HPE", "SFP", ["1000BASE-T"], "RJ-45", 1),
    "JL747A": ("HPE", "SFP", ["1000BASE-T"], "RJ-45", 1),
}


def _same_optic(a: Transceiver, b: Transceiver) -> bool:
    """The OEM-equivalence rule of cypher.EQUIVALENT_TRANSCEIVERS_QUERY, on catalogue rows."""
    return (
        a.part_number != b.part_number
        and (a.form_factor, a.ports, a.side, a.rates_gbps, a.top_style)
        == (b.form_factor, b.ports, b.side, b.rates_gbps, b.top_style)
        and set(a.pmds) <= set(b.pmds)
        and a.connector == b.connector
    )


class TestOptRows:
    def test_the_files_hold_exactly_these_part_numbers(self) -> None:
        names = sorted(p.name for p in (DATA_DIR / "parts").glob("opt_*.yaml"))
        loaded = [
            r["part_number"]
            for name in names
            for r in yaml.safe_load((DATA_DIR / "parts" / name).read_text(encoding="utf-8"))
        ]
        assert loaded == list(OPT_TRANSCEIVERS)

    @pytest.mark.parametrize("pn", list(OPT_TRANSCEIVERS))
    def test_each_part_is_its_named_pmd(self, cat: Catalogue, pn: str) -> None:
        (part,) = [p for p in cat.parts if p.part_number == pn]
        assert isinstance(part, Transceiver)
        vendor, ff, pmds, connector, rate = OPT_TRANSCEIVERS[pn]
        assert (part.vendor, part.form_factor, part.pmds, part.connector, part.rates_gbps) == (
            vendor,
            ff,
            pmds,
            connector,
            [rate],
        )
        assert (part.ports, part.side.value, part.reach) == (1, "any", [])
        assert part.sources == ["OO01"]

    def test_no_part_number_is_loaded_twice(self, cat: Catalogue) -> None:
        numbers = [p.part_number for p in cat.parts]
        assert all(numbers.count(pn) == 1 for pn in OPT_TRANSCEIVERS)

    def test_oo01_is_hpes_own_document_pinned_to_a_commit(self, cat: Catalogue) -> None:
        oo01 = cat.sources["OO01"]
        assert oo01.kind is SourceKind.VENDOR
        assert "/Cray-HPE/docs-csm/blob/645917b5b6dbf00cc2319ccba5692de9f3fd7f23/" in oo01.url


class TestEquivalence:
    def test_glc_te_now_has_the_aruba_1000base_t_sfps_as_equivalents(self, cat: Catalogue) -> None:
        xcvrs = [p for p in cat.parts if isinstance(p, Transceiver)]
        (glc_te,) = [p for p in xcvrs if p.part_number == "GLC-TE"]
        # and ALE's SFP-1G-T, SFP-GIG-T, iSFP-GIG-T (FG01 pp. 1-10, 1-11, 1-52: RJ-45, 1000BASE-T, 100 m),
        # Juniper's CTP-SFP-1GE-T, RX-GET-SFP, SFP-1GE-T (HU04: SFP, 1000BASE-T, Cat 5, 100 m) and
        # QFX-SFP-1GE-T (JNP03, secondary), and
        # Cisco's own GLC-T and SFP-GE-T of the UCS FI tables (UC01, UC03: 1000BASE-T SFP, RJ-45), and
        # Extreme's 10065, 10070H, MGBIC-02 (EX01 p. 14: '1G BASET SFP, RJ45, 100m over Cat6 copper'), and
        # Fortinet's FN-TRAN-GC ('1 GE SFP RJ45 transceiver module', BRD01) and MikroTik's S-RJ01 (BRD02)
        assert sorted(q.part_number for q in xcvrs if _same_optic(glc_te, q)) == [
            "10065",
            "10070H",
            "CTP-SFP-1GE-T",
            "FN-TRAN-GC",
            "GLC-T",
            "J8177D",
            "JL747A",
            "MGBIC-02",
            "QFX-SFP-1GE-T",
            "RX-GET-SFP",
            "S-RJ01",
            "SFP-1G-T",
            "SFP-1GE-T",
            "SFP-GE-T",
            "SFP-GIG-T",
            "iSFP-GIG-T",
        ]

    def test_the_1000base_t_sfp_is_now_ordered_from_two_vendors(self, cat: Catalogue) -> None:
        vendors = {p.vendor for p in cat.parts if isinstance(p, Transceiver) and "1000BASE-T" in p.pmds}
        # and Fortinet's FN-TRAN-GC (BRD01, LK01) and MikroTik's S-RJ01 (BRD02)
        assert vendors == {
            "Alcatel-Lucent Enterprise",
            "Cisco",
            "Extreme Networks",
            "Fortinet",
            "HPE",
            "Juniper",
            "MikroTik",
        }
