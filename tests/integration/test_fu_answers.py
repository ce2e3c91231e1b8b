"""Defects a fresh user's trial found in answers, on the real, seeded graph.

1. checkLink with a part only a secondary source backs (Arista's A-O800-O800-3M 800G OSFP AOC, from a
   web shop's catalogue export, LB03) answered ``valid: true`` and said nothing of its source: it now
   carries the warning SECONDARY_SOURCE_ONLY naming the part, as a part list's line does; the link
   stays valid, and a linkOptions option naming the part carries it too.
2. The same finding said twice: a rule run once per fiber of a twin-port pair (REACH_UNVERIFIED on the
   2xFR4 pair over OS1a) or once per end with the same module in the same cage (TOP_STYLE_MISMATCH) now
   says each fact once; findings on different ends or parts stay apart.
3. ``part`` answered ``formFactor: null`` for direct-attach cables: it now gives the form factor both ends
   share, and ``cableEnds`` each end's (a breakout's ends differ).
4. For a 50 m intent a part list without a fiber line assumed OM2 (the first grade by name that reached)
   where linkOptions ranks OM4 first: it now assumes the grade linkOptions names first, and says so.
5. A listed Cisco QDD-400G-DR4-S broken out to 100GBASE-DR legs was suggested Extreme's leg module; the
   leg now follows the listed trunk module's vendor where that vendor makes one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from service.domain.link import Severity
from service.procurement import ValidationReport
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

OSFP = EndRequest(form_factor="OSFP")
SN5600 = EndRequest(device="SN5600")
A_O800 = "A-O800-O800-3M"  # Arista 800G OSFP AOC, 3 m; every source secondary (LB03, a web shop's export)

SECONDARY_A_O800 = (
    "SECONDARY_SOURCE_ONLY",
    Severity.WARNING,
    f"every source for {A_O800} is secondary (LB03): its facts in this link (part number, form factor, rate, "
    "length or reach) rest on a secondary source, not confirmed by the vendor or a standard",
    "confirm the part number and specification with the vendor's datasheet before ordering",
    (A_O800,),
    ("LB03",),
)


def _cable(a: EndRequest, b: EndRequest, distance: float, number: str) -> LinkRequest:
    return LinkRequest(end_a=a, end_b=b, distance_m=distance, media=(FiberRequest(part_number=number),))


# --- 1. SECONDARY_SOURCE_ONLY on links -------------------------------------------------------------


def test_check_link_with_a_secondary_only_cable_is_valid_with_the_warning(service: CatalogueService) -> None:
    verdict = service.check_link(_cable(OSFP, OSFP, 2, A_O800), alternatives=False).verdict
    assert (verdict.valid, verdict.rate_gbps) == (True, 800.0)
    assert [(f.code, f.severity, f.message, f.fix, f.parts, f.source_ids) for f in verdict.findings] == [
        SECONDARY_A_O800
    ]


def test_a_documented_cable_in_the_same_link_has_no_such_warning(service: CatalogueService) -> None:
    """NVIDIA's MCP4Y10-N002 800G OSFP DAC rests on NVIDIA's own spec page (N09)."""
    verdict = service.check_link(_cable(OSFP, OSFP, 2, "MCP4Y10-N002"), alternatives=False).verdict
    assert verdict.valid
    assert "SECONDARY_SOURCE_ONLY" not in {f.code for f in verdict.findings}


def test_link_options_flag_only_the_option_that_names_the_secondary_part(service: CatalogueService) -> None:
    """Between two SN5600s at 3 m, 800 Gb/s: Arista's web-shop AOC is offered (rank 7, after the
    documented DAC, ACC, AOC and optics), and it alone carries the warning."""
    result = service.link_options(end_a=SN5600, end_b=SN5600, rate_gbps=800, distance_m=3)
    flagged = [
        (o.rank, o.summary, [(f.code, f.severity, f.message, f.fix, f.parts, f.source_ids) for f in o.verdict.findings])
        for o in result.options
        if "SECONDARY_SOURCE_ONLY" in {f.code for f in o.verdict.findings}
    ]
    assert [(rank, summary) for rank, summary, _ in flagged] == [(7, f"AOC {A_O800} (3 m)")]
    assert [f for f in flagged[0][2] if f[0] == "SECONDARY_SOURCE_ONLY"] == [SECONDARY_A_O800]
    # no source states the AOC's top style either, and the SN5600's cages take finned plugs only (N21)
    assert [f.code for f in result.options[6].verdict.findings] == [
        "TOP_STYLE_UNVERIFIED",
        "TOP_STYLE_UNVERIFIED",
        "SECONDARY_SOURCE_ONLY",
        "AUTONEG_REQUIRED",
    ]
    assert result.options[6].verdict.valid


# --- 2. one finding per fact ------------------------------------------------------------------------


def test_the_twin_port_fr4_pair_over_os1a_is_reach_unverified_once(service: CatalogueService) -> None:
    """800 Gb/s between two OSFP cages at 2 km: MMS4X50-NM's two 400GBASE-FR4 ports run over two OS1a
    fibers of the same run; 400GBASE-FR4's reach table holds no OS1a row. One REACH_UNVERIFIED (it was
    said once per fiber, the same words twice)."""
    result = service.link_options(end_a=OSFP, end_b=OSFP, rate_gbps=800, distance_m=2000)
    (option,) = [o for o in result.options if o.summary == "NDR FR4: MMS4X50-NM + OS1a LC/UPC + MMS4X50-NM"]
    assert [(f.code, f.parts) for f in option.verdict.findings] == [
        ("REACH_UNVERIFIED", ("MMS4X50-NM",)),
        ("RATE_AGGREGATED", ("MMS4X50-NM",)),
    ]
    assert option.verdict.findings[0].message == (
        "the catalogue holds no reach for NDR FR4/400GBASE-FR4 over OS1a: no source lists OS1a for this PMD "
        "(no datasheet or standard row); the fiber path is 2000 m: the link is not rejected for it, but its "
        "reach is unverified"
    )


def test_the_same_module_in_both_flat_top_cages_is_one_top_style_mismatch(service: CatalogueService) -> None:
    """Bare flat-top OSFP cages at both ends, the finned twin-port MMA4Z00-NS in each: one finding for the
    one fact (it was said once per end, the same words twice)."""
    from service.domain.catalogue import TopStyle

    flat = EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT)
    result = service.link_options(end_a=flat, end_b=flat, rate_gbps=400, distance_m=30, explain=True)
    (rejected,) = [
        o
        for o in result.rejected
        if o.summary == "NDR SR4: MMA4Z00-NS + MFP7E10-N030 + MMA4Z00-NS, reach 50 m over OM4"
    ]
    assert [(f.code, f.message, f.parts) for f in rejected.verdict.findings] == [
        (
            "TOP_STYLE_MISMATCH",
            "MMA4Z00-NS is finned-top; a flat-top OSFP cage takes flat-top only (its riding heat sink needs a "
            "flat-top module)",
            ("MMA4Z00-NS",),
        )
    ]


def test_findings_on_different_ends_stay_distinct(service: CatalogueService) -> None:
    """A finned MMA4Z00-NS in a bare flat-top cage and a flat-top MMA4Z00-NS-FLT in an SN5600's finned-only
    cage: two TOP_STYLE_MISMATCH findings, one per end, each naming its module and cage."""
    from service.domain.catalogue import TopStyle

    fiber = FiberRequest(part_number="MFP7E10-N030")
    check = service.check_link(
        LinkRequest(
            end_a=EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT),
            end_b=SN5600,
            distance_m=30,
            module_a="MMA4Z00-NS",
            module_b="MMA4Z00-NS-FLT",
            media=(fiber, fiber),
        ),
        alternatives=False,
    )
    assert [(f.code, f.parts) for f in check.verdict.findings if f.code == "TOP_STYLE_MISMATCH"] == [
        ("TOP_STYLE_MISMATCH", ("MMA4Z00-NS",)),
        ("TOP_STYLE_MISMATCH", ("MMA4Z00-NS-FLT",)),
    ]


# --- 3. a cable's form factor -------------------------------------------------------------------------

PART = """query($p: String!) { part(partNumber: $p) { __typename ... on Part {
  partNumber kind formFactor cableEnds { formFactor topStyle plugs ports rateGbps } } } }"""


def _part(gql: Callable[..., dict[str, Any]], number: str) -> dict[str, Any]:
    body = gql(PART, {"p": number})
    assert "errors" not in body, body
    part: dict[str, Any] = body["data"]["part"]
    return part


def test_a_cable_whose_ends_share_a_form_factor_answers_it(gql: Callable[..., dict[str, Any]]) -> None:
    assert _part(gql, A_O800) == {
        "__typename": "Part",
        "partNumber": A_O800,
        "kind": "cable",
        "formFactor": "OSFP",
        "cableEnds": [
            {"formFactor": "OSFP", "topStyle": None, "plugs": 1, "ports": 1, "rateGbps": 800.0},
            {"formFactor": "OSFP", "topStyle": None, "plugs": 1, "ports": 1, "rateGbps": 800.0},
        ],
    }


def test_a_splitter_dac_gives_each_end(gql: Callable[..., dict[str, Any]]) -> None:
    """MCP7Y00-N002: one finned twin-port 800G OSFP plug to two flat-top 400G OSFP plugs (N08)."""
    part = _part(gql, "MCP7Y00-N002")
    assert (part["formFactor"], part["cableEnds"]) == (
        "OSFP",
        [
            {"formFactor": "OSFP", "topStyle": "finned", "plugs": 1, "ports": 2, "rateGbps": 800.0},
            {"formFactor": "OSFP", "topStyle": "flat", "plugs": 2, "ports": 1, "rateGbps": 400.0},
        ],
    )


def test_a_breakout_between_form_factors_has_no_single_form_factor(gql: Callable[..., dict[str, Any]]) -> None:
    """Cisco's QSFP28 to 4 x SFP28 splitter (CF01-CF03): no one form factor; the ends say which."""
    part = _part(gql, "QSFP-4SFP25G-CU1M")
    assert (part["formFactor"], part["cableEnds"]) == (
        None,
        [
            {"formFactor": "QSFP28", "topStyle": None, "plugs": 1, "ports": 1, "rateGbps": 100.0},
            {"formFactor": "SFP28", "topStyle": None, "plugs": 4, "ports": 1, "rateGbps": 25.0},
        ],
    )


def test_fiber_cables_and_transceivers_have_no_cable_ends(gql: Callable[..., dict[str, Any]]) -> None:
    assert [(p["formFactor"], p["cableEnds"]) for p in (_part(gql, "MFP7E10-N030"), _part(gql, "MMA4Z00-NS"))] == [
        (None, []),
        ("OSFP", []),
    ]


# --- 4. the fiber grade a part list assumes ------------------------------------------------------------

SFP = EndRequest(form_factor="SFP+")


@pytest.fixture(scope="module")
def procurement(service: CatalogueService) -> ProcurementService:
    return ProcurementService(service)


def _list(*rows: str) -> bytes:
    return ("part_number,quantity\n" + "".join(f"{r}\n" for r in rows)).encode()


def _intent(row: str) -> tuple[bytes, str]:
    return (f"from,to,links,rate_gbps,distance_m\n{row}\n".encode(), "i.csv")


def test_a_part_list_assumes_the_grade_link_options_ranks_first(
    service: CatalogueService, procurement: ProcurementService
) -> None:
    """Two SFP-10G-SR for one 10 Gb/s SFP+ link of 50 m, no fiber line: linkOptions ranks 10GBASE-SR over
    OM4 first (400 m, the most margin; OM5 as far but the dearer grade; OM3 300 m; OM2 82 m), and the part
    list assumes OM4 too, saying so (it assumed OM2, the first grade by name that reached)."""
    first = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=50).options[0]
    assert (first.pmd, first.fiber_type) == ("10GBASE-SR", "OM4")
    report = procurement.validate_bytes(_list("SFP-10G-SR,2"), "l.csv", _intent("SFP+,SFP+,1,10,50"))
    assert (report.summary.buildable, report.summary.errors, report.summary.warnings) == (True, 0, 0)
    (result,) = report.intents
    assert result.summary == (
        "SFP-10G-SR ×1 + OM4 LC/UPC fiber (structured cabling, not a catalogue part) + SFP-10G-SR ×1"
    )
    assert [(f.code, f.severity, f.quantity, f.message, f.fix) for f in report.findings] == [
        (
            "STRUCTURED_CABLING",
            Severity.INFO,
            1,
            "1 × OM4 fiber, LC/UPC to LC/UPC, 50 m run, from structured cabling: no catalogue part, not on the "
            "list; no line names the fiber, so OM4 is assumed, the grade linkOptions ranks first for these "
            "modules (most reach margin, then the lower grade)",
            "confirm the OM4 structured cabling is ordered or in place, or list the installed fiber (grade, "
            "connector, length) to have it checked instead",
        )
    ]


def test_a_listed_fiber_line_is_used_as_listed(procurement: ProcurementService) -> None:
    """The user's own grade is never replaced: OM2 listed, OM2 checked (10GBASE-SR reaches 82 m over it)."""
    body = b"part_number,quantity,fiber_type,connector,length_m\nSFP-10G-SR,2,,,\n,1,OM2,LC,50\n"
    report = procurement.validate_bytes(body, "l.csv", _intent("SFP+,SFP+,1,10,50"))
    assert (report.summary.buildable, [f.code for f in report.findings]) == (True, [])
    assert report.intents[0].summary == "SFP-10G-SR ×1 + OM2 LC 50 m fiber ×1 + SFP-10G-SR ×1"


def test_the_suggested_chain_is_never_one_of_unverified_reach_for_reusing_the_listed_fiber(
    procurement: ProcurementService,
) -> None:
    """Trial: two 100GBASE-SR4 QSFP28 modules and 150 m of OM4 for a 150 m 100 Gb/s link (no protocol):
    REACH_EXCEEDED (100 m over OM4), and the fix suggested NVIDIA's MMA1B00-E100, an InfiniBand EDR SR4
    whose reach no source gives (REACH_UNVERIFIED), because it reused the listed OM4 line. A verified
    option is suggested instead, however few listed lines it reuses."""
    body = b"part_number,quantity,fiber_type,connector,length_m\nQSFP-100G-SR4-S,2,,,\n,1,OM4,MPO-12/UPC,150\n"
    report = procurement.validate_bytes(body, "l.csv", _intent("QSFP28,QSFP28,1,100,150"))
    assert report.summary.buildable is False
    [unserved] = [f for f in report.findings if f.code == "INTENT_UNSERVED"]
    assert unserved.fix is not None and "MMA1B00-E100" not in unserved.fix
    assert unserved.fix == (
        "use Q28-100G-SR1.2 + OM5 LC/UPC fiber (structured cabling, not a catalogue part) + Q28-100G-SR1.2: "
        "2 × Q28-100G-SR1.2 in all"
    )


# --- 5. the leg module suggested for a listed breakout trunk module -------------------------------------

FOUR_LEGS = "QSFP-DD,QSFP28,4,100,300"


def _shortfalls(report: ValidationReport) -> list[tuple[str | None, int | None]]:
    return [(f.part_number, f.quantity) for f in report.findings if f.code == "SHORTFALL"]


def test_a_listed_cisco_dr4_is_suggested_cisco_dr_legs(procurement: ProcurementService) -> None:
    """QDD-400G-DR4-S (Cisco) listed alone for four 100 Gb/s QSFP28 links at 300 m: 400GBASE-DR4 breaks out
    to 4 × 100GBASE-DR. The legs suggested are Cisco's QSFP-100G-DR-S (an alternative of the option's
    Extreme 100G-DR-QSFP500M), the vendor of the listed trunk module."""
    report = procurement.validate_bytes(_list("QDD-400G-DR4-S,1"), "l.csv", _intent(FOUR_LEGS))
    assert report.summary.buildable is False
    assert _shortfalls(report) == [("CBL-MPO12-4LC-SMF-5M", 1), ("QSFP-100G-DR-S", 4)]
    (unserved,) = [f for f in report.findings if f.code == "INTENT_UNSERVED"]
    assert unserved.fix == (
        "use QDD-400G-DR4-S + CBL-MPO12-4LC-SMF-5M + QSFP-100G-DR-S: 1 × QDD-400G-DR4-S, "
        "1 × CBL-MPO12-4LC-SMF-5M, 4 × QSFP-100G-DR-S in all"
    )
    assert report.intents[0].summary == "QDD-400G-DR4-S ×1 + CBL-MPO12-4LC-SMF-5M ×1 + QSFP-100G-DR-S ×4"


def test_a_trunk_vendor_without_a_leg_part_keeps_the_options_leg(procurement: ProcurementService) -> None:
    """Juniper's QSFP-400G-DR4-2: the catalogue holds no Juniper 100GBASE-DR module, so the option's own
    leg module stands (Extreme's documented 100G-DR-QSFP500M, EX01); NVIDIA's MMS1V00-WM gets NVIDIA's
    MMS1V70-CM."""
    juniper = procurement.validate_bytes(_list("QSFP-400G-DR4-2,1"), "l.csv", _intent(FOUR_LEGS))
    assert _shortfalls(juniper) == [("100G-DR-QSFP500M", 4), ("CBL-MPO12-4LC-SMF-5M", 1)]
    nvidia = procurement.validate_bytes(_list("MMS1V00-WM,1"), "l.csv", _intent(FOUR_LEGS))
    assert _shortfalls(nvidia) == [("CBL-MPO12-4LC-SMF-5M", 1), ("MMS1V70-CM", 4)]
