"""Data tests for helper aru's issue-11 work (HPE / Aruba OEM part numbers): the 7 m Aruba 10G SFP+
DAC J9285D and its source AU01 (sources/aru.yaml). No database.

Every expected value is written out from AU01, HPE Aruba Networking's Validated Solution Guide chapter
"Central On-Premises": "J9281D | HPE Aruba Networking 10Gb SFP+ to SFP+ 1m Direct Attach Cable",
"J9283D | ... 3m ...", "J9285D | ... 7m ...".
"""

from __future__ import annotations

import pytest
import yaml

from seed.catalogue import DATA_DIR, Catalogue, load_catalogue
from service.domain.catalogue import Cable, Protocol, SourceKind


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[Cable]:
    return sorted((p for p in cat.parts if isinstance(p, Cable) and p.family == family), key=lambda p: p.length_m or 0)


class TestSource:
    def test_the_file_holds_only_au_ids(self) -> None:
        rows = yaml.safe_load((DATA_DIR / "sources" / "aru.yaml").read_text(encoding="utf-8"))
        assert [r["id"] for r in rows] == ["AU01"]

    def test_au01_is_hpes_own_page_and_quotes_the_three_lengths(self, cat: Catalogue) -> None:
        au01 = cat.sources["AU01"]
        assert au01.kind == SourceKind.VENDOR
        assert str(au01.url) == (
            "https://arubanetworking.hpe.com/techdocs/VSG/docs/002-central/central-090-central-on-premises/"
        )
        for quoted in (
            "J9281D | HPE Aruba Networking 10Gb SFP+ to SFP+ 1m Direct Attach Cable",
            "J9283D | HPE Aruba Networking 10Gb SFP+ to SFP+ 3m Direct Attach Cable",
            "J9285D | HPE Aruba Networking 10Gb SFP+ to SFP+ 7m Direct Attach Cable",
        ):
            assert quoted in au01.section


class TestAruba10gSfpPlusDac:
    def test_the_family_has_every_length_au01_lists(self, cat: Catalogue) -> None:
        assert [(p.part_number, p.length_m) for p in _family(cat, "Aruba-10G-SFP+-DAC")] == [
            ("J9281D", 1.0),
            ("J9283D", 3.0),
            ("J9285D", 7.0),
        ]

    def test_each_length_is_a_passive_10g_sfp_plus_cable_of_hpe(self, cat: Catalogue) -> None:
        for p in _family(cat, "Aruba-10G-SFP+-DAC"):
            assert (p.vendor, p.cable_type.value, p.rates_gbps, p.protocols) == (
                "HPE",
                "DAC",
                [10],
                [Protocol.ETHERNET],
            )
            for end in (p.end_a, p.end_b):
                assert (end.form_factor, end.plugs, end.lanes, end.rate_gbps) == ("SFP+", 1, 1, 10)

    def test_sources_name_only_the_documents_that_state_each_length(self, cat: Catalogue) -> None:
        # HF01 (the Cray-HPE cabling guide) names the 1 m and 3 m cables; only AU01 names the 7 m one
        assert {p.part_number: p.sources for p in _family(cat, "Aruba-10G-SFP+-DAC")} == {
            "J9281D": ["AU01", "HF01"],
            "J9283D": ["AU01", "HF01"],
            "J9285D": ["AU01"],
        }

    def test_j9285d_is_unique_across_the_catalogue(self, cat: Catalogue) -> None:
        numbers = [p.part_number for p in cat.parts]
        assert numbers.count("J9285D") == 1
