"""linkOptions builds its options and generic fiber parts without validating them again (the hot
loop of a cold answer): each equals the model validation gives, in fields, fields set, dump, repr
(and hash, for a part); a value of another type (an int reach, a list of sources) goes through validation."""

from __future__ import annotations

from service import use_cases
from service.domain.link import LinkOption, MediumKind, OptionPart
from tests.unit.rules.conftest import Kit, same_model


def _values(kit: Kit, reach: object, sources: object) -> dict[str, object]:
    run = kit.generic("OM3", "LC/UPC", 250)
    link = kit.link(kit.bare("SFP+"), kit.bare("SFP+"), 250, module_a="SFP-10G-SR", module_b="SFP-10G-SR", fibers=[run])
    part = OptionPart(role="module_a", part_number="SFP-10G-SR", description="10GBASE-SR SFP+", alternatives=("X",))
    return {
        "rank": 0,
        "medium": MediumKind.MULTIMODE_FIBER,
        "summary": "10GBASE-SR over OM3",
        "link": link,
        "verdict": kit.check(link),
        "parts": (part, use_cases._generic_part("OM3 fiber, LC/UPC to LC/UPC, 250 m", 1)),
        "pmd": "10GBASE-SR",
        "fiber_type": "OM3",
        "connector": "LC/UPC",
        "reach_m": reach,
        "margin_m": 50.0,
        "limiting_source_ids": sources,
        "reach_basis": "standard",
    }


def test_a_built_option_equals_the_validated_one(kit: Kit) -> None:
    values = _values(kit, 300.0, ("S25",))
    same_model(use_cases._link_option(dict(values)), LinkOption(**values))  # type: ignore[arg-type]


def test_an_int_reach_and_a_list_of_sources_are_validated(kit: Kit) -> None:
    option = use_cases._link_option(_values(kit, 300, ["S25"]))
    assert (option.reach_m, type(option.reach_m), option.limiting_source_ids) == (300.0, float, ("S25",))


def test_built_generic_fiber_and_trunk_parts_equal_the_validated_ones() -> None:
    same_model(
        use_cases._generic_part("OM4 fiber, LC/UPC to LC/UPC, 30 m", 4),
        OptionPart(role="fiber", part_number=None, description="OM4 fiber, LC/UPC to LC/UPC, 30 m", links_served=4),
    )
    same_model(
        use_cases._generic_part("OS2 trunk, 80 m"),
        OptionPart(role="fiber", part_number=None, description="OS2 trunk, 80 m"),
    )
