"""Issue 11 over HTTP: every part number and device the issue names (and the catalogue has a source
for) resolves through ``part``/``device`` and validates as a part-list line; ``part`` answers "what
else is the same optic" (OEM equivalents)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

Gql = Callable[..., dict[str, Any]]

PART = """query($pn: String!) { part(partNumber: $pn) {
  __typename ... on Part { partNumber vendor formFactor pmds equivalents } ... on NotFoundError { code } } }"""

DEVICE = """query($name: String!) { device(name: $name) { __typename ... on Device { model } } }"""

VALIDATE = """query($input: PartListInput!) { validatePartList(input: $input) {
  __typename
  ... on PartListReport { summary { buildable errors } findings { code line } totals { partNumber known kind } } } }"""

# Named in issue 11 and sourced in seed/data (sources/breadth_ethernet.yaml).
NAMED_PARTS = [
    ("GLC-SX-MMD", "Cisco", "SFP", ["1000BASE-SX"]),
    ("GLC-LH-SMD", "Cisco", "SFP", ["1000BASE-LX"]),
    ("QSFP-40G-SR-BD", "Cisco", "QSFP+", ["40G-SR-BD"]),
    ("QSFP-100G-SR4-S", "Cisco", "QSFP28", ["100GBASE-SR4"]),
    ("QSFP-100G-DR-S", "Cisco", "QSFP28", ["100GBASE-DR"]),
    ("QDD-400G-DR4-S", "Cisco", "QSFP-DD", ["400GBASE-DR4"]),
    ("QDD-400G-DR4", "Arista", "QSFP-DD", ["400GBASE-DR4"]),
    ("OSFP-400G-DR4", "Arista", "OSFP", ["400GBASE-DR4"]),
    ("OSFP-400G-XDR4", "Arista", "OSFP", ["400G-XDR4"]),
    ("OSFP-400G-PLR4", "Arista", "OSFP", ["400G-PLR4"]),
    ("OSFP-400G-2FR4", "Arista", "OSFP", ["400G-2FR4"]),
    ("QSFP-100G-DR", "Arista", "QSFP28", ["100GBASE-DR"]),
    ("QSFP-100G-FR", "Arista", "QSFP28", ["100GBASE-FR1"]),
    ("QSFP-100G-LR", "Arista", "QSFP28", ["100GBASE-LR1"]),
]


@pytest.mark.parametrize(("pn", "vendor", "ff", "pmds"), NAMED_PARTS)
def test_a_named_part_resolves_in_lower_case_too(gql: Gql, pn: str, vendor: str, ff: str, pmds: list[str]) -> None:
    part = gql(PART, {"pn": pn.lower()})["data"]["part"]
    assert (part["__typename"], part["partNumber"], part["vendor"], part["formFactor"], part["pmds"]) == (
        "Part",
        pn,
        vendor,
        ff,
        pmds,
    )


@pytest.mark.parametrize(
    ("pn", "equivalents"),
    [
        (
            "QDD-400G-DR4-S",
            ["QDD-400G-DR4", "400G-DR4-QSFPDD500M", "QSFP56-DD-400GBASE-DR4", "MMS1V00-WM"],
        ),  # Arista, Extreme, Juniper, NVIDIA
        ("QSFP-100G-DR-S", ["QSFP-100G-DR", "100G-DR-QSFP500M", "FN-TRAN-QSFP28-DR", "SPTSLP2SLCDF", "MMS1V70-CM"]),
        ("QSFP-100G-DR", ["QSFP-100G-DR-S", "100G-DR-QSFP500M", "FN-TRAN-QSFP28-DR", "SPTSLP2SLCDF", "MMS1V70-CM"]),
        # Cisco, Extreme (EX01), Finisar, HPE, Intel (IT01-IT03), Juniper (SFPP-10GE-SR, HU04), NVIDIA
        (  # ALE's industrial iSFP-10G-SR and Cisco's -I / -X variants (FG01, PD01) are the same optic too
            "SFP-10G-SR",
            [
                "iSFP-10G-SR",
                "MA-SFP-10GB-SR",
                "SFP-10G-SR-I",
                "SFP-10G-SR-S",
                "SFP-10G-SR-X",
                "407-BBOU",
                "407-BBVJ",
                "407-BCBN",
                "10301",
                "10G-SR-SFP300M-ET",
                "10G-SR-SFP300M-IT",
                "FTLX8574D3BCL",
                "FN-TRAN-SFP+SR",
                "455883-B21",
                "J9150A",
                "J9150D",
                "JL748A",
                "AFBR-703SDDZ-IN1",
                "AFBR-703SDZ-IN2",
                "E10GSFPSR",
                "E10GSFPSRG1P5",
                "E10GSFPSRG2P5",
                "E10GSFPSRX",
                "FTLX8571D3BCV-IT",
                "SFPP-10GE-SR",
                "S+85DLC03D",
                "MFM1T02A-SR",
            ],
        ),
        ("OSFP-400G-DR4", []),  # no other 400GBASE-DR4 OSFP module of that shape
        ("MFP7E10-N030", []),  # a fiber cable has no equivalents list
    ],
)
def test_part_answers_what_else_is_the_same_optic(gql: Gql, pn: str, equivalents: list[str]) -> None:
    assert gql(PART, {"pn": pn})["data"]["part"]["equivalents"] == equivalents


def test_juniper_ordering_number_is_an_alias(gql: Gql) -> None:
    assert gql(PART, {"pn": "740-085351"})["data"]["part"]["partNumber"] == "QSFP56-DD-400GBASE-DR4"


def test_named_parts_and_devices_validate_as_one_buildable_list(gql: Gql) -> None:
    """Every named part plus the planner's switch and adapter as lines: known, no UNKNOWN_PART."""
    lines = [{"partNumber": pn, "quantity": 2} for pn, *_ in NAMED_PARTS]
    lines += [{"partNumber": "MQM9700-NS2F", "quantity": 1}, {"partNumber": "MCX75310AAS-NEAT", "quantity": 2}]
    report = gql(VALIDATE, {"input": {"lines": lines}})["data"]["validatePartList"]
    assert report["__typename"] == "PartListReport"
    assert [f["code"] for f in report["findings"] if f["code"] == "UNKNOWN_PART"] == []
    kinds = {t["partNumber"]: (t["known"], t["kind"]) for t in report["totals"]}
    assert kinds["MQM9700-NS2F"] == (True, "switch")
    assert kinds["MCX75310AAS-NEAT"] == (True, "adapter")
    assert all(known for known, _ in kinds.values())


@pytest.mark.parametrize(
    ("name", "model"),
    [
        ("MQM9700-NS2F", "MQM9700-NS2F"),
        ("mqm9700-ns2f", "MQM9700-NS2F"),
        ("QM9700", "MQM9700-NS2F"),
        ("MCX75310AAS-NEAT", "MCX75310AAS-NEAT"),
        ("mellanox-qm8790", "MQM8790-HS2F"),  # NetBox device-type slug
        ("nvidia-qm8790", "MQM8790-HS2F"),
        ("juniper-qfx5100-24q", "QFX5100-24Q"),
        # NVIDIA Spectrum ordering numbers (sources/ord.yaml OR01-OR06) and their generated NetBox slugs
        ("MSN2700-CS2F", "SN2700"),
        ("msn2700-cs2r", "SN2700"),
        ("MSN2700", "SN2700"),
        ("mellanox-msn2700-cs2f", "SN2700"),
        ("MSN3700-CSBFO", "SN3700C"),
        ("MSN2100-CB2F", "SN2100"),
        ("MSN2410-BB2FC", "SN2410"),
    ],
)
def test_devices_resolve_by_ordering_number_alias_or_netbox_slug(gql: Gql, name: str, model: str) -> None:
    assert gql(DEVICE, {"name": name})["data"]["device"] == {"__typename": "Device", "model": model}


def test_a_spectrum_ordering_number_validates_as_a_switch_line(gql: Gql) -> None:
    """Practitioner trial: the line "MSN2700-CS2F,2" (the SN2700's number on every quote) was UNKNOWN_PART."""
    lines = [{"partNumber": "MSN2700-CS2F", "quantity": 2}, {"partNumber": "MSN3700-CSBFO", "quantity": 1}]
    report = gql(VALIDATE, {"input": {"lines": lines}})["data"]["validatePartList"]
    assert report["summary"] == {"buildable": True, "errors": 0}
    # each number is an alias of its model: PART_ALIAS, then DEVICE_LINE; never UNKNOWN_PART
    assert report["findings"] == [
        {"code": "PART_ALIAS", "line": 1},
        {"code": "DEVICE_LINE", "line": 1},
        {"code": "PART_ALIAS", "line": 2},
        {"code": "DEVICE_LINE", "line": 2},
    ]
    assert report["totals"] == [
        {"partNumber": "SN2700", "known": True, "kind": "switch"},
        {"partNumber": "SN3700C", "known": True, "kind": "switch"},  # MSN3700-CSBFO is the SN3700C (OR02)
    ]
