"""The reasons, fix texts and sources the service answers with, over GraphQL: a fresh practitioner's
findings on knowledge fidelity (wrong or noisy answers cost users money).

1. REACH_EXCEEDED fixes quote another PMD's reach over the grade the user has: IEEE 802.3 clause 68
   gives 10GBASE-LRM 220 m over OM1, OM2 and OM3 alike (catalogue rows, source S25's LRM table), so
   for an OM2 run the fix says "220 m over OM2", not "over OM1". The module named is of the user's
   own vendor where that vendor has one that fits (Cisco's SFP-10G-LR for a Cisco SFP-10G-SR, not
   Extreme's 10302); else "any MSA-compliant 10GBASE-LR SFP+" at the PMD's own reach.
2. A reason cites the sources of the facts it rests on: PMD_MISMATCH the two PMDs' own sources
   (10GBASE-SR: S25, S24, S36a, E01; 10GBASE-LR: E02, S39, E08, S36a), not every document listing
   either module; TOP_STYLE_MISMATCH the documents stating each end's top style (the ConnectX-7
   cage: NVIDIA LinkX user guide N26 "ConnectX-7 ... single-port flat-top OSFP ... cages with riding
   heat sinks" and LinkX overview N21; MMA4Z00-NS: QM97xx manual N08 "switch side finned
   MMA4Z00-NS" and N21), not a third-party script (N28) nor DAC pages (N16, N33).
3. A fix names an orderable part, never a family prefix: a 0.5 m MCP1600-C DAC on a 3 m run is
   answered with the two 3 m OPNs (MCP1600-C003E26N, MCP1600-C003E30L: 26 and 30 AWG).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

CHECK = """
query ($link: LinkInput!) {
  checkLink(link: $link) {
    ... on LinkVerdict { valid findings { code message fix parts sources { id } } }
  }
}
"""

OPTIONS = """
query ($spec: LinkSpecInput!) {
  linkOptions(spec: $spec, explain: true) {
    ... on LinkOptions {
      options { pmd fiberType reachM }
      rejected { summary findings { code fix sources { id } } }
    }
  }
}
"""

VALIDATE = """
query ($input: PartListInput!) {
  validatePartList(input: $input) {
    ... on PartListReport { findings { code line partNumber message fix } }
  }
}
"""

SFP = {"formFactor": "SFP+"}


def _data(body: dict[str, Any]) -> dict[str, Any]:
    assert "errors" not in body, body.get("errors")
    data: dict[str, Any] = body["data"]
    return data


def _check(gql: Gql, **link: Any) -> dict[str, Any]:
    verdict: dict[str, Any] = _data(gql(CHECK, {"link": link}))["checkLink"]
    return verdict


def _sr_pair_over_om2(gql: Gql, module: str, metres: float = 150) -> dict[str, Any]:
    return _check(
        gql,
        a=SFP,
        b=SFP,
        distanceM=metres,
        moduleA=module,
        moduleB=module,
        media=[{"fiberType": "OM2", "connector": "LC/UPC"}],
    )


# --- 1. reach fixes: the user's grade, the user's vendor -------------------------------------------


def test_cisco_sr_over_150_m_of_om2_names_lrm_at_its_om2_reach_and_ciscos_own_modules(gql: Gql) -> None:
    """10GBASE-SR reaches 82 m over OM2 (S25); the fix offers better grades for SR, then Cisco's own
    10GBASE-LRM (220 m over OM2), -LR (10 km over OS2) and -ER (40 km over OS2) SFP+ modules."""
    verdict = _sr_pair_over_om2(gql, "SFP-10G-SR")
    assert verdict["valid"] is False
    (reach,) = [f for f in verdict["findings"] if f["code"] == "REACH_EXCEEDED"]
    assert reach["message"] == "10GBASE-SR reaches 82 m over OM2; the fiber path is 150 m"
    assert reach["fix"] == (
        "use OM3 (300 m), OM4 (400 m) or OM5 (400 m) fiber for 10GBASE-SR; or transceivers of a longer-reach "
        "PMD: 10GBASE-LRM (220 m over OM2, e.g. SFP-10G-LRM), 10GBASE-LR (10000 m over OS2 instead of OM2, e.g. "
        "SFP-10G-LR) "
        "or 10GBASE-ER (40000 m over OS2 instead of OM2, e.g. SFP-10G-ER)"
    )


def test_past_the_lrm_reach_over_om2_the_fix_names_no_lrm(gql: Gql) -> None:
    """At 250 m 10GBASE-LRM (220 m over OM1/OM2/OM3, clause 68) reaches over no grade: not offered."""
    (reach,) = [f for f in _sr_pair_over_om2(gql, "SFP-10G-SR", 250)["findings"] if f["code"] == "REACH_EXCEEDED"]
    assert reach["fix"] == (
        "use OM3 (300 m), OM4 (400 m) or OM5 (400 m) fiber for 10GBASE-SR; or transceivers of a longer-reach "
        "PMD: 10GBASE-LR (10000 m over OS2 instead of OM2, e.g. SFP-10G-LR) or 10GBASE-ER (40000 m over OS2 instead of "
        "OM2, e.g. SFP-10G-ER)"
    )


def test_a_vendor_without_the_pmd_gets_any_msa_compliant_module_not_another_vendors_part(gql: Gql) -> None:
    """Intel lists 10GBASE-SR and -LR SFP+ modules but no -LRM or -ER one: those are "any MSA-compliant"
    modules at the PMD's own reach, and Intel's own E10GSFPLR is the LR example."""
    verdict = _sr_pair_over_om2(gql, "E10GSFPSR")
    (reach,) = [f for f in verdict["findings"] if f["code"] == "REACH_EXCEEDED"]
    assert reach["fix"] == (
        "use OM3 (300 m), OM4 (400 m) or OM5 (400 m) fiber for 10GBASE-SR; or transceivers of a longer-reach "
        "PMD: 10GBASE-LRM (220 m over OM2, any MSA-compliant 10GBASE-LRM SFP+), 10GBASE-LR (10000 m over OS2 instead "
        "of OM2, "
        "e.g. E10GSFPLR) or 10GBASE-ER (40000 m over OS2 instead of OM2, any MSA-compliant 10GBASE-ER SFP+)"
    )


def test_over_an_installed_om2_plant_the_lrm_offer_quotes_om2(gql: Gql) -> None:
    """linkOptions over 200 m of installed OM2: 10GBASE-LRM (220 m over OM2) is the option, and the
    rejected 10GBASE-SR candidate (Extreme 10301, 82 m over OM2) names Extreme's own 10303."""
    spec = {
        "rateGbps": 10,
        "distanceM": 200,
        "a": SFP,
        "b": SFP,
        "plant": {"fiberType": "OM2", "connector": "LC/UPC"},
    }
    result = _data(gql(OPTIONS, {"spec": spec}))["linkOptions"]
    assert [(o["pmd"], o["fiberType"], o["reachM"]) for o in result["options"]] == [("10GBASE-LRM", "OM2", 220.0)]
    assert [(r["summary"], [(f["code"], f["fix"]) for f in r["findings"]]) for r in result["rejected"]] == [
        (
            "10GBASE-SR: 10301 + OM2 LC/UPC + 10301, reach 82 m over OM2",
            [("REACH_EXCEEDED", "use transceivers of a longer-reach PMD: 10GBASE-LRM (220 m over OM2, e.g. 10303)")],
        )
    ]


def test_a_cisco_part_list_over_a_generic_om2_line_is_fixed_with_cisco_parts_at_om2(gql: Gql) -> None:
    lines = [
        {"partNumber": "SFP-10G-SR", "quantity": 2},
        {"fiberType": "OM2", "connector": "LC", "lengthM": 150, "quantity": 1},
    ]
    intents = [{"a": SFP, "b": SFP, "links": 1, "rateGbps": 10, "distanceM": 150}]
    report = _data(gql(VALIDATE, {"input": {"lines": lines, "intents": intents}}))["validatePartList"]
    (reach,) = [f for f in report["findings"] if f["code"] == "REACH_EXCEEDED"]
    assert (reach["line"], reach["partNumber"]) == (2, "OM2 LC 150 m fiber")
    assert reach["fix"] == (
        "use OM3 (300 m), OM4 (400 m) or OM5 (400 m) fiber for 10GBASE-SR; or transceivers of a longer-reach "
        "PMD: 10GBASE-LRM (220 m over OM2, e.g. SFP-10G-LRM), 10GBASE-LR (10000 m over OS2 instead of OM2, e.g. "
        "SFP-10G-LR) "
        "or 10GBASE-ER (40000 m over OS2 instead of OM2, e.g. SFP-10G-ER)"
    )


# --- 2. sources: only those of the facts the reason rests on -----------------------------------------


def test_pmd_mismatch_cites_the_two_pmds_sources_only(gql: Gql) -> None:
    verdict = _check(
        gql,
        a=SFP,
        b=SFP,
        distanceM=10,
        moduleA="SFP-10G-SR",
        moduleB="SFP-10G-LR",
        media=[{"fiberType": "OS2", "connector": "LC/UPC"}],
    )
    (mismatch,) = [f for f in verdict["findings"] if f["code"] == "PMD_MISMATCH"]
    assert mismatch["message"] == (
        "SFP-10G-SR runs 10GBASE-SR but SFP-10G-LR runs 10GBASE-LR: both ends must run the same PMD"
    )
    assert [s["id"] for s in mismatch["sources"]] == ["S25", "S24", "S36a", "E01", "E02", "S39", "E08"]


def test_top_style_mismatch_cites_the_documents_stating_each_top_style(gql: Gql) -> None:
    verdict = _check(
        gql,
        a={"device": "QM9700"},
        b={"device": "MCX75310AAS-NEAT"},
        distanceM=10,
        moduleA="MMA4Z00-NS",
        moduleB="MMA4Z00-NS",
        media=[{"partNumber": "MFP7E10-N010"}],
    )
    (top,) = [f for f in verdict["findings"] if f["code"] == "TOP_STYLE_MISMATCH"]
    assert top["message"] == (
        "MMA4Z00-NS is finned-top; the OSFP cage of MCX75310AAS-NEAT takes flat-top only (its riding heat sink "
        "needs a flat-top module)"
    )
    assert [s["id"] for s in top["sources"]] == ["N26", "N21", "N08"]


def test_a_flat_top_module_in_a_quantum_2_cage_cites_no_dac_page_nor_script(gql: Gql) -> None:
    verdict = _check(
        gql,
        a={"device": "QM9700"},
        b={"device": "MCX75310AAS-NEAT"},
        distanceM=10,
        moduleA="MMA4Z00-NS400",
        moduleB="MMA4Z00-NS400",
        media=[{"partNumber": "MFP7E10-N010"}],
    )
    (top,) = [f for f in verdict["findings"] if f["code"] == "TOP_STYLE_MISMATCH"]
    assert top["message"] == (
        "MMA4Z00-NS400 is flat-top; the OSFP cage of MQM9700-NS2F takes finned-top only (air-cooled switch "
        "cages need finned modules)"
    )
    assert [s["id"] for s in top["sources"]] == ["N26", "N21", "N01"]


# --- 3. orderable part numbers, not family prefixes --------------------------------------------------


def test_a_dac_too_short_names_the_orderable_part_numbers_of_the_length_needed(gql: Gql) -> None:
    qsfp28 = {"formFactor": "QSFP28"}
    verdict = _check(gql, a=qsfp28, b=qsfp28, distanceM=3, media=[{"partNumber": "MCP1600-C00AE30N"}])
    (short,) = [f for f in verdict["findings"] if f["code"] == "CABLE_TOO_SHORT"]
    assert short["message"] == "MCP1600-C00AE30N is 0.5 m long; the run is 3 m"
    assert short["fix"] == "order MCP1600-C003E26N or MCP1600-C003E30L, the 3 m length of MCP1600-C"
