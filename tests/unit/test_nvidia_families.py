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
    # MCP7Y00 / MCP7Y10 / MCP7Y50 Use Cases: "Active Copper Cables (ACC) are also available for lengths
    # of 4 and 5-meters"; the ACC splitter families and their ends are named on the MCA7J60 overview (N50)
    "MCA7J60": ("N13", [4, 5]),
    "MCA7J65": ("N13", [4, 5]),
    "MCA7J70": ("N13", [4, 5]),
    "MCA7J75": ("N13", [4, 5]),
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
    # MicrosoftDocs/azure-docs storsimple-supported-hardware-for-10-gbe-network-interfaces.md,
    # "Cables and modules supported by Mellanox": the catalogue's first 10G SFP+ DAC families
    "MC3309130": ("NF01", {"MC3309130-00A": 0.5, "MC3309130-003": 3}),
    "MC3309124": ("NF01", {"MC3309124-005": 5, "MC3309124-007": 7}),
    # same page as MFS1S00-H, "100G Active Optical Cables (QSFP28)"
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

# family -> (source id of a dated snapshot of NVIDIA's LinkX hub, {OPN: (metres, [ordering PNs])}).
# Secondary: NVIDIA's own ordering pages for these families were not retrieved.
SNAPSHOT_TABLES: dict[str, tuple[str, dict[str, tuple[float, list[str]]]]] = {
    # pi4-dev/nvidia-networking data/nvidia-interconnects.json @194bc04, copper "MCA4J80-Nxxx finned"
    "MCA4J80": (
        "NF02",
        {
            "MCA4J80-N003": (3, ["980-9I60Z-00N003"]),
            "MCA4J80-N004": (4, ["980-9I601-00N004"]),
            "MCA4J80-N005": (5, ["980-9I602-00N005"]),
        },
    ),
    # same file, aoc "MFA7U10-H00x finned OSFP head"
    "MFA7U10-H": (
        "NF02",
        {
            "MFA7U10-H003": (3, ["980-9I41X-00H003"]),
            "MFA7U10-H005": (5, ["980-9I11Z-00H005"]),
            "MFA7U10-H010": (10, ["980-9I111-00H010"]),
            "MFA7U10-H015": (15, ["980-9I113-00H015"]),
            "MFA7U10-H020": (20, ["980-9I115-00H020"]),
            "MFA7U10-H030": (30, ["980-9I117-00H030"]),
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
            ("MCA7J60-N004", 4),
            ("MFA7U10-H030", 30),
            ("MC2207128-003", None),
            ("MC3309130-00A", None),
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


class TestFamiliesEqualTheLinkXHubSnapshot:
    """Families whose lengths and ordering numbers come from a dated snapshot of NVIDIA's LinkX hub."""

    @pytest.mark.parametrize("family", sorted(SNAPSHOT_TABLES))
    def test_loaded_opns_lengths_and_ordering_numbers_equal_the_snapshot(
        self, family: str, cat: Catalogue, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        source_id, table = SNAPSHOT_TABLES[family]
        assert cat.sources[source_id].kind is SourceKind.SECONDARY
        loaded = {p.part_number: (p.length_m, sorted(p.aliases)) for p in families[family]}
        assert loaded == {opn: (float(m), sorted(pns)) for opn, (m, pns) in table.items()}
        assert [p.part_number for p in families[family] if source_id not in p.sources] == []

    @pytest.mark.parametrize("family", sorted(SNAPSHOT_TABLES))
    def test_each_ordering_number_ends_in_its_legacy_opns_length_code(
        self, family: str, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        """980-9I601-00N004 is MCA4J80-N004: the ordering number repeats the legacy OPN's length code."""
        for p in families[family]:
            assert p.part_number is not None
            assert [a[-4:] for a in p.aliases] == [p.part_number[-4:]]

    def test_the_flat_top_mfa7u10_twin_is_loaded_by_its_ordering_numbers(
        self, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        """The snapshot's "flat-top OSFP head" row gives no legacy OPN: the 980- numbers are the part numbers."""
        rows = families["MFA7U10-H-FLT"]
        assert {p.part_number: p.length_m for p in rows} == {
            "980-9I41Y-00H003": 3.0,
            "980-9I110-00H005": 5.0,
            "980-9I112-00H010": 10.0,
            "980-9I114-00H015": 15.0,
            "980-9I116-00H020": 20.0,
            "980-9I118-00H030": 30.0,
        }
        assert all(isinstance(p, Cable) and p.end_a.top_style == "flat" for p in rows)
        assert all("NF02" in p.sources for p in rows)

    def test_the_mcp4y10_rows_carry_their_ordering_numbers(self, families: dict[str, list[Cable | FiberCable]]) -> None:
        assert {p.part_number: p.aliases for p in families["MCP4Y10"]} == {
            "MCP4Y10-N00A": ["980-9IA0K-00N00A"],
            "MCP4Y10-N001": ["980-9IA0F-00N001"],
            "MCP4Y10-N01A": ["980-9IA0Q-00N01A"],
            "MCP4Y10-N002": ["980-9IA0I-00N002"],
        }


class TestAccSplitters:
    def test_the_acc_splitters_no_longer_for_sale_say_so(self, families: dict[str, list[Cable | FiberCable]]) -> None:
        """NVIDIA's 100G-PAM4 LinkX guide: "LACCs 1:2 and 1:4 OSFP splitters have been discontinued" (NC01),
        so the OSFP-ended MCA7J60 / MCA7J70 are discontinued; the QSFP112-ended MCA7J65 / MCA7J75, which
        the guide does not name, are eol as "no longer for sale" on the LinkX-hub snapshot (NF02)."""
        families_ = ("MCA7J60", "MCA7J65", "MCA7J70", "MCA7J75")
        status = {p.part_number: p.status for f in families_ for p in families[f]}
        assert status == {
            "MCA7J60-N004": "discontinued",
            "MCA7J60-N005": "discontinued",
            "MCA7J65-N004": "eol",
            "MCA7J65-N005": "eol",
            "MCA7J70-N004": "discontinued",
            "MCA7J70-N005": "discontinued",
            "MCA7J75-N004": "eol",
            "MCA7J75-N005": "eol",
        }

    @pytest.mark.parametrize(
        ("family", "form_factor", "legs", "leg_gbps"),
        [
            ("MCA7J60", "OSFP", 2, 400),
            ("MCA7J65", "QSFP112", 2, 400),
            ("MCA7J70", "OSFP", 4, 200),
            ("MCA7J75", "QSFP112", 4, 200),
        ],
    )
    def test_a_finned_twin_port_switch_end_splits_into_adapter_legs(
        self, family: str, form_factor: str, legs: int, leg_gbps: float, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        for p in families[family]:
            assert isinstance(p, Cable)
            a, b = p.end_a, p.end_b
            assert (a.form_factor, a.top_style, a.ports, a.rate_gbps, a.side) == ("OSFP", "finned", 2, 800, "switch")
            assert (b.form_factor, b.plugs, b.rate_gbps, b.lanes * 100, b.side) == (
                form_factor,
                legs,
                leg_gbps,
                leg_gbps,
                "adapter",
            )


class TestTenGigSfpPlusDac:
    def test_the_10g_sfp_plus_dacs_are_ethernet_sfp_plus_at_10_gbps(
        self, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        rows = [p for f in ("MC3309130", "MC3309124") for p in families[f]]
        assert sorted((p.part_number, p.length_m) for p in rows) == [
            ("MC3309124-005", 5.0),
            ("MC3309124-007", 7.0),
            ("MC3309130-003", 3.0),
            ("MC3309130-00A", 0.5),
        ]
        for p in rows:
            assert isinstance(p, Cable)
            assert (p.cable_type.value, p.rates_gbps, [x.value for x in p.protocols]) == ("DAC", [10], ["Ethernet"])
            assert {(e.form_factor, e.rate_gbps, e.lanes) for e in (p.end_a, p.end_b)} == {("SFP+", 10, 1)}


class TestHdrSplitterDac:
    def test_the_hdr_1_to_2_dac_splitter_runs_1_5_2_and_3_m_and_the_short_opn_resolves(
        self, cat: Catalogue, families: dict[str, list[Cable | FiberCable]]
    ) -> None:
        """MCP7H50-H: 1.5 m 30 AWG and 2 m 26 AWG (reseller catalogue N62), 3 m 26 AWG (reseller page NF03,
        sold as "MCP7H50-H003"); both sources are secondary."""
        assert {p.part_number: (p.length_m, p.aliases) for p in families["MCP7H50-H"]} == {
            "MCP7H50-H01AR30": (1.5, []),
            "MCP7H50-H002R26": (2.0, []),
            "MCP7H50-H003R26": (3.0, ["MCP7H50-H003"]),
        }
        assert {cat.sources[s].kind for s in ("N62", "NF03")} == {SourceKind.SECONDARY}
