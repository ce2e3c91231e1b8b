"""Order of the "did you mean" suggestions an unknown part or device number gets (new-user trial:
``device(name: "QM9701")`` suggested QM9790 before QM9700, the one-character slip of the switch typed)."""

from __future__ import annotations

from service.persistence.repository import suggest

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
