"""NVIDIA LinkX cable families, checked against NVIDIA's own pages (issue 11, "families, not rows").

A family is loaded whole or not at all: the part numbers the catalogue expands from a family row
must equal, OPN for OPN and length for length, the list that the family's cited NVIDIA page gives.
The expected lists below are written from those pages (read 2026-11-30), not from the seed data:

- an "Ordering Information" table lists every orderable OPN with its length (and, on newer pages,
  the second ordering number 980-…, loaded as an alias);
- where only the product-spec introduction was retrieved, it states the family's lengths
  ("0.5, 1, 1.5 and 2-meter lengths"; "30AWG for 1 and 1.5-meter lengths and 26AWG for 2-meters"),
  and the OPNs follow NVIDIA's length code (N0xx = xx metres, a trailing A adds 0.5 m) [N11].

Two families NVIDIA's ordering table was not found for (MFS1S00-H, MFA1A00-E) are loaded whole
from the one table that lists them, a reseller catalogue (kind: secondary, N66); their rows say so
and are checked against that table. Other families whose NVIDIA ordering table was not retrieved
are not listed here: they carry a note saying so, and the test that every NVIDIA OPN decodes to its
loaded length still covers them.
"""

from __future__ import annotations

import re
from collections import defaultdict

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, FiberCable, SourceKind

# family -> (source id of the NVIDIA ordering table, {OPN: (length in metres, [ordering PNs])})
ORDERING_TABLES: dict[str, tuple[str, dict[str, tuple[float, list[str]]]]] = {
    # https://docs.nvidia.com/networking/display/mcp7y00nxxx800pub/ordering+information
    "MCP7Y00": (
        "N11",
        {
            "MCP7Y00-N001": (1, ["980-9I432-00N001"]),
            "MCP7Y00-N01A": (1.5, ["980-9I926-00N01A"]),
            "MCP7Y00-N002": (2, ["980-9I924-00N002"]),
            "MCP7Y00-N02A": (2.5, ["980-9I92O-00N02A"]),
            "MCP7Y00-N003": (3, ["980-9I92N-00N003"]),
        },
    ),
    # same table, the flat-top twin-port rows ("for use in liquid cooled switches")
    "MCP7Y00-FLT": (
        "N11",
        {
            "MCP7Y00-N001-FLT": (1, ["980-9I433-00N001"]),
            "MCP7Y00-N01A-FLT": (1.5, ["980-9I927-00N01A"]),
            "MCP7Y00-N002-FLT": (2, ["980-9I925-00N002"]),
        },
    ),
    # https://docs.nvidia.com/networking/display/mfs1s50v0xxespec/ordering+information
    "MFS1S50-V": (
        "N40",
        {
            "MFS1S50-V003E": (3, []),
            "MFS1S50-V005E": (5, []),
            "MFS1S50-V010E": (10, []),
            "MFS1S50-V015E": (15, []),
            "MFS1S50-V020E": (20, []),
            "MFS1S50-V030E": (30, []),
        },
    ),
}

# family -> (source id of the NVIDIA spec page that states the lengths, lengths in metres)
STATED_LENGTHS: dict[str, tuple[str, list[float]]] = {
    # MCP4Y10 Key Features: "0.5, 1, 1.5, and 2-meter lengths"
    "MCP4Y10": ("N09", [0.5, 1, 1.5, 2]),
    # MCP7Y60 Introduction: "30AWG is used for 1 and 1.5-meter lengths and thicker 26AWG for 2-meters"
    "MCP7Y60-H": ("N39", [1, 1.5, 2]),
    # MCP7Y70 Introduction: the same sentence
    "MCP7Y70-H": ("N33", [1, 1.5, 2]),
}

# family -> (source id of a secondary (reseller) catalogue table, {OPN: length in metres}). Used only
# where NVIDIA's own ordering table was not retrieved; the family's notes say the list is secondary.
SECONDARY_TABLES: dict[str, tuple[str, dict[str, float]]] = {
    # yopitek/yupitek_official_web content/en/products/mellanox/cable-aoc/_index.md, "200G Active Optical Cables"
    "MFS1S00-H": (
        "N66",
        {
            "MFS1S00-H003V": 3,
            "MFS1S00-H005V": 5,
            "MFS1S00-H010V": 10,
            "MFS1S00-H015V": 15,
            "MFS1S00-H020V": 20,
            "MFS1S00-H025V": 25,
            "MFS1S00-H030V": 30,
            "MFS1S00-H035V": 35,
            "MFS1S00-H040V": 40,
            "MFS1S00-H045V": 45,
            "MFS1S00-H050V": 50,
            "MFS1S00-H060V": 60,
            "MFS1S00-H070V": 70,
            "MFS1S00-H080V": 80,
        },
    ),
    # same page, "100G Active Optical Cables (QSFP28)"
    "MFA1A00-E": (
        "N66",
        {
            "MFA1A00-E003": 3,
            "MFA1A00-E005": 5,
            "MFA1A00-E010": 10,
            "MFA1A00-E015": 15,
            "MFA1A00-E020": 20,
            "MFA1A00-E030": 30,
        },
    ),
}

# NVIDIA LinkX cable OPNs: family prefix, a dash, one generation/speed letter, then the length code.
_LENGTH_CODE = re.compile(r"^M[CF][APS]\w{4}-[A-Z](?P<code>\d\d[\dA])")


def decode_length_m(part_number: str) -> float | None:
    """The length in metres that NVIDIA's length code in ``part_number`` states, or None.

    ``0xx`` / ``1xx`` = that many metres; a trailing ``A`` adds half a metre (``00A`` = 0.5 m,
    ``02A`` = 2.5 m) [N11]. Part numbers outside the LinkX cable pattern give None.
    """
    m = _LENGTH_CODE.match(part_number)
    if m is None:
        return None
    code = m["code"]
    if code.endswith("A"):
        return int(code[:2]) + 0.5
    return float(int(code))


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


@pytest.fixture(scope="module")
def families(cat: Catalogue) -> dict[str, list[Cable | FiberCable]]:
    out: dict[str, list[Cable | FiberCable]] = defaultdict(list)
    for part in cat.parts:
        if isinstance(part, Cable | FiberCable) and part.family and part.vendor == "NVIDIA":
            out[part.family].append(part)
    return out


class TestTheLengthCode:
    @pytest.mark.parametrize(
        ("part_number", "metres"),
        [
            ("MCP1650-H00AE30", 0.5),
            ("MCP7Y00-N01A", 1.5),
            ("MCP7Y00-N02A-FLT", 2.5),
            ("MFS1S50-V030E", 30),
            ("MFA1A00-E030", 30),
            ("MFP7E10-N050", 50),
            ("MFS1S00-H100V", 100),
            ("MC2207128-003", None),
            ("MMA4Z00-NS", None),
        ],
    )
    def test_decodes_nvidia_length_codes(self, part_number: str, metres: float | None) -> None:
        assert decode_length_m(part_number) == metres

    def test_every_loaded_nvidia_cable_is_as_long_as_its_part_number_says(self, cat: Catalogue) -> None:
        checked = 0
        wrong = []
        for part in cat.parts:
            if not isinstance(part, Cable | FiberCable) or part.vendor != "NVIDIA":
                continue
            stated = decode_length_m(part.part_number or "")
            if stated is None:
                continue
            checked += 1
            if part.length_m != stated:
                wrong.append((part.part_number, part.length_m, stated))
        assert wrong == []
        assert checked >= 90  # the test must see the NVIDIA cable catalogue, not an empty list


class TestFamiliesEqualNvidiaOrderingTables:
    @pytest.mark.parametrize("family", sorted(ORDERING_TABLES))
    def test_loaded_opns_lengths_and_ordering_numbers_equal_the_table(
        self, family: str, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        _, table = ORDERING_TABLES[family]
        loaded = {p.part_number: (p.length_m, sorted(p.aliases)) for p in families[family]}
        assert loaded == {opn: (float(m), sorted(pns)) for opn, (m, pns) in table.items()}

    @pytest.mark.parametrize("family", sorted(ORDERING_TABLES))
    def test_every_row_cites_the_ordering_table_which_is_an_nvidia_page(
        self, family: str, cat: Catalogue, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        source_id, _ = ORDERING_TABLES[family]
        src = cat.sources[source_id]
        assert src.kind is SourceKind.VENDOR
        assert src.url.startswith("https://docs.nvidia.com/") and "ordering+information" in src.url
        assert [p.part_number for p in families[family] if source_id not in p.sources] == []


class TestFamiliesEqualTheLengthsNvidiaStates:
    @pytest.mark.parametrize("family", sorted(STATED_LENGTHS))
    def test_loaded_lengths_equal_the_spec_page(
        self, family: str, cat: Catalogue, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        source_id, lengths = STATED_LENGTHS[family]
        assert cat.sources[source_id].kind is SourceKind.VENDOR
        rows = families[family]
        assert sorted(p.length_m or 0.0 for p in rows) == sorted(float(m) for m in lengths)
        assert [p.part_number for p in rows if source_id not in p.sources] == []
        # one OPN per length, each decoding to its own length
        decoded = [decode_length_m(p.part_number or "") for p in rows]
        assert sorted(m or 0.0 for m in decoded) == sorted(float(m) for m in lengths)


class TestFamiliesEqualTheirSecondaryTable:
    """Families NVIDIA's ordering table was not found for, loaded whole from the one table that lists them."""

    @pytest.mark.parametrize("family", sorted(SECONDARY_TABLES))
    def test_loaded_opns_and_lengths_equal_the_table_and_say_it_is_secondary(
        self, family: str, cat: Catalogue, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        source_id, table = SECONDARY_TABLES[family]
        assert cat.sources[source_id].kind is SourceKind.SECONDARY
        rows = families[family]
        assert {p.part_number: p.length_m for p in rows} == {opn: float(m) for opn, m in table.items()}
        assert [p.part_number for p in rows if source_id not in p.sources] == []
        assert all("secondary" in " ".join(p.notes) for p in rows)

    def test_the_hdr_aoc_reaches_80_metres_and_the_10_m_opn_a_user_asked_for_resolves(self, cat: Catalogue) -> None:
        hdr_aoc = {p.part_number: p for p in cat.parts if getattr(p, "family", None) == "MFS1S00-H"}
        assert hdr_aoc["MFS1S00-H010V"].length_m == 10
        assert max(p.length_m or 0.0 for p in hdr_aoc.values()) == 80
