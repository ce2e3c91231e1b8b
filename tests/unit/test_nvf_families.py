"""NVIDIA LinkX families added by the nvf branch (issue 11), checked against the list their source gives.

MCA4K50 (XDR twin-port 1.6T OSFP IHS-to-IHS copper): NVIDIA's own MCA4K50 ordering page was not in
the search corpora, so the family is loaded whole from the one list that names its ordering numbers,
a dated snapshot of NVIDIA's LinkX hub (NF05, secondary; the 2026-09-17 change report NF06 repeats
the range and "IHS/IHS, InfiniBand XDR"). The snapshot gives no legacy OPN, so the ordering numbers
are the part numbers; each ends in NVIDIA's length code (N11: X001 = 1 m, X01A = 1.5 m).
"""

from __future__ import annotations

import re

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, SourceKind

# the snapshot's copper row, written from NF05 (read 2026-12-02), not from the seed data
MCA4K50_SNAPSHOT = {
    "980-9IAM5-00X001": 1.0,
    "980-9IAM5-00X01A": 1.5,
    "980-9IAM3-00X002": 2.0,
    "980-9IAM3-00X02A": 2.5,
    "980-9IAM3-00X003": 3.0,
}

_ORDERING_CODE = re.compile(r"^980-\w{5}-\w\w[A-Z](?P<code>\d\d[\dA])$")


def ordering_number_length_m(ordering_number: str) -> float | None:
    """Metres stated by the length code an NVIDIA 980- ordering number ends in (00X02A = 2.5 m)."""
    m = _ORDERING_CODE.match(ordering_number)
    if m is None:
        return None
    code = m["code"]
    return int(code[:2]) + 0.5 if code.endswith("A") else float(int(code))


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="module")
def mca4k50(cat: Catalogue) -> list[Cable]:
    return [p for p in cat.parts if isinstance(p, Cable) and p.family == "MCA4K50"]


class TestMca4k50:
    def test_the_family_is_exactly_the_snapshot_row(self, mca4k50: list[Cable]) -> None:
        assert {p.part_number: p.length_m for p in mca4k50} == MCA4K50_SNAPSHOT

    @pytest.mark.parametrize(
        ("ordering_number", "metres"),
        [("980-9IAM5-00X001", 1.0), ("980-9IAM3-00X02A", 2.5), ("980-9I60Z-00N003", 3.0), ("MMS4A00", None)],
    )
    def test_the_length_code_at_the_end_of_an_ordering_number(self, ordering_number: str, metres: float | None) -> None:
        assert ordering_number_length_m(ordering_number) == metres

    def test_each_ordering_number_is_as_long_as_its_length_code_says(self, mca4k50: list[Cable]) -> None:
        assert [(p.part_number, p.length_m) for p in mca4k50] == [
            (p.part_number, ordering_number_length_m(p.part_number or "")) for p in mca4k50
        ]

    def test_both_ends_are_finned_twin_port_xdr_switch_ends_infiniband_only(self, mca4k50: list[Cable]) -> None:
        for p in mca4k50:
            assert (p.vendor, p.cable_type.value, [x.value for x in p.protocols], p.rates_gbps) == (
                "NVIDIA",
                "ACC",
                ["InfiniBand"],
                [800],
            )
            for end in (p.end_a, p.end_b):
                assert (end.form_factor, end.top_style, end.plugs, end.ports, end.rate_gbps, end.lanes, end.side) == (
                    "OSFP",
                    "finned",
                    1,
                    2,
                    1600,
                    8,
                    "switch",
                )
            assert p.max_length_m == 3

    def test_rows_cite_the_snapshot_which_is_secondary_and_say_so_beside_nvidias_xdr_list(
        self, cat: Catalogue, mca4k50: list[Cable]
    ) -> None:
        assert {cat.sources[s].kind for s in ("NF05", "NF06")} == {SourceKind.SECONDARY}
        assert cat.sources["N37"].kind is SourceKind.VENDOR
        for p in mca4k50:
            assert {"NF05", "NF06", "N37", "N11"} <= set(p.sources)
            assert "secondary" in " ".join(p.notes)
            assert cat.primary_backed(p.sources)  # NVIDIA's XDR list and length code back the family facts
