"""Order of the "did you mean" suggestions an unknown part or device number gets (new-user trial:
``device(name: "QM9701")`` suggested QM9790 before QM9700, the one-character slip of the switch typed)."""

from __future__ import annotations

from service.persistence.repository import part_suggestions, suggest

SWITCHES = ["QM8700", "QM8790", "QM9700", "QM9790", "MQM9700-NS2F", "SN4700"]


def test_one_character_slip_names_the_switch_with_the_longer_common_prefix_first() -> None:
    # QM9700 and QM9790 are both one substitution from QM9701 (difflib ratio 5/6 each); the family
    # lives in the prefix, so the candidate sharing "QM970" comes first.
    assert suggest("QM9701", SWITCHES) == ["QM9700", "QM9790", "QM8700"]


def test_typed_text_contained_in_a_name_still_comes_first() -> None:
    assert suggest("qm9700", SWITCHES) == ["QM9700", "MQM9700-NS2F", "QM9790"]


def test_closest_part_numbers_by_similarity_then_prefix() -> None:
    parts = ["MMA4Z00-NS", "MMA4Z00-NS400", "MMA4Z00-NS-T", "MMS4X00-NS", "MMA4Z00-NS-FLT"]
    assert suggest("MMA4Z00-N5", parts) == ["MMA4Z00-NS", "MMA4Z00-NS-T", "MMA4Z00-NS400"]


def test_nothing_similar_gives_no_suggestion() -> None:
    assert suggest("XYZ", SWITCHES) == []


# --- distinct things, not one thing under its aliases (new-user trial: a misspelt Lenovo switch got
# "NE1032, Lenovo NE1032, lenovo-ne1032", three spellings of one switch) ---------------------------

ALIASES = {
    "NE1032": "NE1032",
    "ThinkSystem NE1032": "NE1032",
    "Lenovo NE1032": "NE1032",
    "lenovo-ne1032": "NE1032",
    "NE2572": "NE2572",
    "lenovo-ne2572": "NE2572",
    "SN2010": "SN2010",
}


def test_names_mapped_to_their_things_suggest_each_thing_once() -> None:
    assert suggest("NE1033", list(ALIASES)) == ["NE1032", "Lenovo NE1032", "lenovo-ne1032"]
    assert suggest("NE1033", ALIASES) == ["NE1032", "SN2010"]


def test_each_thing_is_suggested_under_its_name_that_matched_best() -> None:
    assert suggest("lenovo-ne2573", ALIASES) == ["lenovo-ne2572", "lenovo-ne1032"]
    assert suggest("ThinkSystem NE10", ALIASES, n=1) == ["ThinkSystem NE1032"]


# --- a truncated device ordering number asked as a part (fresh-user trial: part "MCX75310AAS" suggested
# C10S, MCP7Y10-N01A, MC3309130-00A: edit-similar part numbers of unrelated cables) ---------------------
PARTS = {"C10S": "C10S", "MCP7Y10-N01A": "MCP7Y10-N01A", "MC3309130-00A": "MC3309130-00A", "MMA4Z00-NS": "MMA4Z00-NS"}
DEVICES = {
    "MCX75310AAS-NEAT": "MCX75310AAS-NEAT",
    "ConnectX-7 OSFP": "MCX75310AAS-NEAT",
    "MCX75510AAS-NEAT": "MCX75510AAS-NEAT",
    "MQM9700-NS2F": "MQM9700-NS2F",
}


def test_a_device_number_cut_short_suggests_the_device_when_no_part_number_contains_it() -> None:
    assert part_suggestions("MCX75310AAS", PARTS, DEVICES) == ["MCX75310AAS-NEAT", "MCX75510AAS-NEAT"]
    assert part_suggestions("mcx75", PARTS, DEVICES) == ["MCX75310AAS-NEAT", "MCX75510AAS-NEAT"]


def test_a_part_number_typo_still_gets_part_numbers() -> None:
    # "MMA4Z00" is contained in a part number: parts, never devices
    assert part_suggestions("MMA4Z00", PARTS, DEVICES) == ["MMA4Z00-NS"]
    # nothing contains it anywhere: the closest part numbers by similarity, as before
    assert part_suggestions("MCP7Y10-N01B", PARTS, DEVICES) == suggest("MCP7Y10-N01B", PARTS)
    assert part_suggestions("MCP7Y10-N01B", PARTS, DEVICES)[0] == "MCP7Y10-N01A"
