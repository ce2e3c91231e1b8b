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


# --- an ordering number the catalogue lacks, with the device's model inside it (practitioner trial: the
# part-list line "MSN2700-CS2F,2" got "did you mean MMA2P00-AS?", an edit-similar transceiver) -----------
SPECTRUM = {
    "SN2700": "SN2700",
    "MSN2700": "SN2700",
    "NVIDIA SN2700": "SN2700",
    "mellanox-sn2700": "SN2700",
    "SN4600": "SN4600",
    "SN4600C": "SN4600C",
    "SN3700": "SN3700",
    "QM87": "QM87",  # shorter than MIN_CONTAINED: never found inside a number
}
OPTICS = {"MMA2P00-AS": "MMA2P00-AS", "MMA4Z00-NS": "MMA4Z00-NS", "C9300-NM-8X": "C9300-NM-8X"}


def test_a_number_with_a_device_model_inside_suggests_that_device_not_edit_similar_parts() -> None:
    assert suggest("MSN2700-CS2X", OPTICS)[0] == "MMA2P00-AS"  # what edit similarity alone would say
    # the longest name inside the number, and the device once (MSN2700 and SN2700 name one switch)
    assert part_suggestions("MSN2700-CS2X", OPTICS, SPECTRUM) == ["MSN2700"]
    assert part_suggestions("msn3700-vs2f", OPTICS, SPECTRUM) == ["SN3700"]


def test_two_devices_inside_one_number_come_longest_name_first() -> None:
    assert part_suggestions("MSN4600C-CS2F", OPTICS, SPECTRUM) == ["SN4600C", "SN4600"]
    assert part_suggestions("MSN4600C-CS2F", OPTICS, SPECTRUM, n=1) == ["SN4600C"]


def test_a_device_name_inside_a_part_number_or_too_short_is_not_a_device_hint() -> None:
    # "C9300" is a (hypothetical) switch model, but the part C9300-NM-8X contains it too: parts win
    assert part_suggestions("C9300-NM-8Y", OPTICS, {**SPECTRUM, "C9300": "C9300"}) == ["C9300-NM-8X"]
    # "QM87" (4 characters) inside "QM8700-XX" is no hint; nothing contains it: edit similarity over parts
    assert part_suggestions("XQM87Y", OPTICS, SPECTRUM) == suggest("XQM87Y", OPTICS)
    # the truncated-number rule still comes first: "MSN2" is the start of device names, not a device inside
    assert part_suggestions("MSN2", OPTICS, SPECTRUM) == ["MSN2700"]
