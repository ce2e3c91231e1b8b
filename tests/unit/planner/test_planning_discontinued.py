"""The planner and discontinued parts (pure: options built here, parts as in the seed).

A tier whose fitting options include one of current parts never gets a discontinued part (whatever
the medium policy); a tier that only a discontinued part serves keeps it, and the plan says so with a
PART_DISCONTINUED warning naming it. MCP7Y00 (1:2 passive DAC, twin-port OSFP to 2 x 400G OSFP) is
current; the 1:2 ACC MCA7J60 is discontinued ("LACCs 1:2 and 1:4 OSFP splitters have been
discontinued – use transceivers", NVIDIA NC01).
"""

from __future__ import annotations

from service.domain.catalogue import Cable, CableEnd, CableType, Protocol, Side
from service.domain.link import Link, LinkOption, MediumKind, Verdict
from service.planner import WarningCode
from service.planning import MediumPolicy, _select, _selection_warnings
from tests.unit.planner.test_planning_fit import (
    NODE_END,
    QM9700,
    SINGLE,
    SPLITTER_DAC,
    SWITCH_END,
    TWIN,
    _optical,
    _requirement,
)

ACC = Cable(
    part_number="MCA7J60-N004",
    vendor="NVIDIA",
    description="1:2 ACC",
    protocols=[Protocol.INFINIBAND],
    status="discontinued",
    cable_type=CableType.ACC,
    rates_gbps=[400],
    length_m=4,
    end_a=CableEnd(form_factor="OSFP", plugs=1, ports=2, rate_gbps=800, lanes=8, side=Side.SWITCH),
    end_b=CableEnd(form_factor="OSFP", plugs=2, ports=1, rate_gbps=400, lanes=4, side=Side.ADAPTER),
    sources=["NC01"],
)


def _cable(cable: Cable, rank: int, medium: MediumKind) -> LinkOption:
    link = Link(end_a=NODE_END, end_b=SWITCH_END, distance_m=3, cable=cable, cable_end_at_a="B")
    verdict = Verdict(valid=True, rate_gbps=400, protocol=Protocol.INFINIBAND, findings=())
    return LinkOption(rank=rank, medium=medium, summary=f"{cable.part_number}", link=link, verdict=verdict, parts=())


def _pick(options: list[LinkOption], policy: MediumPolicy = MediumPolicy.RANKED):  # type: ignore[no-untyped-def]
    return _select(_requirement(), options, QM9700, policy, set(), {}, None, "an OSFP cage", "MQM9700-NS2F")


def test_prefer_copper_takes_the_optics_over_a_discontinued_acc() -> None:
    optics = _optical(SINGLE, TWIN).model_copy(update={"rank": 1, "summary": "SR4"})
    acc = _cable(ACC, 2, MediumKind.ACTIVE_COPPER)
    selection = _pick([optics, acc], MediumPolicy.PREFER_COPPER)
    assert selection.option is optics
    assert [(s.rank, s.why) for s in selection.skipped] == [(2, "names discontinued MCA7J60-N004")]
    assert selection.reason.endswith("; passed over: rank 2 MCA7J60-N004 (names discontinued MCA7J60-N004)")
    assert _selection_warnings(selection, None) == []


def test_a_current_copper_option_still_leads_under_prefer_copper() -> None:
    dac = _cable(SPLITTER_DAC, 3, MediumKind.PASSIVE_COPPER)
    acc = _cable(ACC, 2, MediumKind.ACTIVE_COPPER)
    selection = _pick([acc, dac], MediumPolicy.PREFER_COPPER)
    assert selection.option is dac


def test_a_tier_only_a_discontinued_part_serves_keeps_it_and_warns() -> None:
    selection = _pick([_cable(ACC, 1, MediumKind.ACTIVE_COPPER)])
    assert selection.medium is not None and selection.medium.cable.part_number == "MCA7J60-N004"
    assert [(w.code, w.message) for w in _selection_warnings(selection, None)] == [
        (
            WarningCode.PART_DISCONTINUED,
            "node_leaf: MCA7J60-N004 is discontinued (cannot be ordered new; PART_DISCONTINUED) and no fitting "
            "linkOptions option of current parts serves this tier; ask the vendor for a successor or change the "
            "tier's distance, speed or policy",
        )
    ]
