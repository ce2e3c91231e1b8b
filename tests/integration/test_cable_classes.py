"""Direct-attach cables of one class are one linkOptions option, the others its alternatives.

A fresh-user trial found SFP+ to SFP+ at 10 Gb/s over 3 m answered with eight 3 m DAC options (one per
vendor: Extreme 10305, Dell DAC-SFP-10G-3M, HPE J9283D, Cisco Meraki MA-CBL-TA-3M, NVIDIA
MC3309130-003, ALE OS2x60-CBL-3M, ALE/Cisco SFP-10G-C3M, Cisco SFP-H10GB-CU3M), each with no
alternatives, while the 22 10GBASE-SR modules were one option. A cable class is the type (DAC, ACC,
AOC), each end's form factor, top style, plugs, lanes and rate, the link rates, protocols, FEC class
and length: the first such cable in the ranking's order is the option, a cable of a device end's
vendor first (as a module is), the rest its alternatives. Another length is another option::

    SFP+ ── DAC 3 m (10305, alt. 8 others) ── SFP+              rank 1
    SFP+ ── DAC 5 m (MC3309124-005)        ── SFP+              rank 2 (the shortest cable first)
"""

from __future__ import annotations

from neo4j import Driver

from service.config import Settings
from service.domain.link import MediumKind
from service.persistence.snapshot import SnapshotRepository
from service.use_cases import CatalogueService, EndRequest

SFP = EndRequest(form_factor="SFP+")
DAC_3M_OTHERS = [
    "487655-B21",  # HPE BLc (JNP01, secondary)
    "90Y9430",  # Lenovo (LB01/LB02, secondary): an alternative, never the named part
    "DAC-SFP-10G-3M",
    "FN-CABLE-SFP+3",  # Fortinet (BRD01 p. 12)
    "J9283D",
    "MA-CBL-TA-3M",
    "MC3309130-003",
    "OS2x60-CBL-3M",
    "S+DA0003",  # MikroTik (BRD02)
    "SFP-10G-C3M",
    "SFP-H10GB-CU3M",
    "SP-CABLE-FS-SFP+3",  # Fortinet (BRD01 p. 12)
]


def _cables(service: CatalogueService, a: EndRequest, b: EndRequest, rate: float, distance: float) -> list[object]:
    result = service.link_options(end_a=a, end_b=b, rate_gbps=rate, distance_m=distance)
    return [
        (o.rank, o.summary, [(p.part_number, list(p.alternatives)) for p in o.parts])
        for o in result.options
        if o.link.cable is not None
    ]


def test_one_option_per_cable_class_and_length(service: CatalogueService) -> None:
    assert _cables(service, SFP, SFP, 10, 3) == [
        (1, "DAC 10305 (3 m)", [("10305", DAC_3M_OTHERS)]),
        (2, "DAC MC3309124-005 (5 m)", [("MC3309124-005", [])]),
        (3, "ACC 10G-DACA-SFP3M (3 m)", [("10G-DACA-SFP3M", ["00VX114"])]),
        (4, "ACC SFP-H10GB-ACU7M (7 m)", [("SFP-H10GB-ACU7M", [])]),
        # Fortinet's SP-CABLE-ADASFP+ is sold in one length, 10 m (BRD01 p. 12): its family's shortest
        # cable is another option (as NVIDIA's 5 m MC3309124-005 is), ranked by length after the 7 m ACC
        (5, "ACC SP-CABLE-ADASFP+ (10 m)", [("SP-CABLE-ADASFP+", [])]),
        (6, "AOC AOC-SFP-10G-3M (3 m)", [("AOC-SFP-10G-3M", ["00YL637", "SFP-10G-AOC3M"])]),
        (7, "AOC 10G-AOC-SFP7M (7 m)", [("10G-AOC-SFP7M", [])]),
    ]
    # the optics keep their ranks right after the copper and AOC options (one more: the 10 m ACC)
    result = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=3)
    first_optic = next(o for o in result.options if o.medium is MediumKind.MULTIMODE_FIBER)
    assert (first_optic.rank, first_optic.pmd, first_optic.fiber_type) == (8, "10GBASE-SR", "OM4")


def test_a_device_ends_vendor_cable_is_chosen(service: CatalogueService) -> None:
    # an ALE OmniSwitch 6900 SFP+ cage: ALE's own 3 m DAC is the option, the others its alternatives
    ale = EndRequest(device="OS6900-X48C6", cage="sfpp")
    assert _cables(service, ale, SFP, 10, 3)[0] == (
        1,
        "DAC OS2x60-CBL-3M (3 m)",
        [("OS2x60-CBL-3M", ["10305", *(n for n in DAC_3M_OTHERS if n != "OS2x60-CBL-3M")])],
    )


def test_cisco_to_arista_25g_prefers_end_a_vendor(service: CatalogueService) -> None:
    cisco = EndRequest(device="N9K-C93180YC-FX", cage="sfp28")
    arista = EndRequest(device="DCS-7050SX3-48YC8", cage="sfp28")
    assert _cables(service, cisco, arista, 25, 3)[:2] == [
        (
            1,
            "DAC SFP-H25G-CU3M (3 m)",
            [
                (
                    "SFP-H25G-CU3M",
                    # and Fortinet's FN-CABLE-SFP28-3 (LK01)
                    [
                        "25G-DACP-SFP3M",
                        "7Z57A03558",
                        "DAC-SFP-25G-3M",
                        "FN-CABLE-SFP28-3",
                        "JL488A",
                        "MCP2M00-A003",
                        "SFP-25G-C3M",
                    ],
                )
            ],
        ),
        (2, "AOC SFP-25G-AOC3M (3 m)", [("SFP-25G-AOC3M", ["4X97A94008", "7Z57A03541", "R0M44A"])]),
    ]


def test_explain_groups_rejected_cables_by_class_and_codes(service: CatalogueService) -> None:
    result = service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=8, explain=True)
    rejected = [
        (o.summary, tuple(f.code for f in o.verdict.findings), [(p.part_number, list(p.alternatives)) for p in o.parts])
        for o in result.rejected
        if o.link.cable is not None
    ]
    assert rejected == [
        ("DAC 10G-DACP-SFP1M-IT (1 m)", ("CABLE_LENGTH_LIMIT",), [("10G-DACP-SFP1M-IT", [])]),
        (
            "DAC MA-CBL-TA-3M (3 m)",
            ("CABLE_LENGTH_LIMIT",),
            [("MA-CBL-TA-3M", ["MC3309130-003", "OS2x60-CBL-3M", "S+DA0003"])],  # and MikroTik's (BRD02)
        ),
        # Fortinet's FN-CABLE-SFP+ and SP-CABLE-FS-SFP+ families also end at 5 m (BRD01 p. 12): among
        # vendor-documented cables of one class the part number orders the refused group, so FN-CABLE-SFP+5
        # names it and Cisco's SFP-H10GB-CU5M (CF01) becomes its alternative (a refused candidate, not an offer)
        (
            "DAC FN-CABLE-SFP+5 (5 m)",
            ("CABLE_LENGTH_LIMIT",),
            [("FN-CABLE-SFP+5", ["SFP-H10GB-CU5M", "SP-CABLE-FS-SFP+5"])],
        ),
        (
            "DAC DAC-SFP-10G-7M (7 m)",
            ("CABLE_LENGTH_LIMIT",),
            [("DAC-SFP-10G-7M", ["00D6151", "487658-B21", "J9285D", "MC3309124-007", "SFP-10G-C7M"])],
        ),
        ("ACC 10G-DACA-SFP5M (5 m)", ("CABLE_LENGTH_LIMIT",), [("10G-DACA-SFP5M", ["00VX117"])]),
    ]


def test_snapshot_and_cypher_answers_agree(seeded: Driver, settings: Settings, service: CatalogueService) -> None:
    snap = SnapshotRepository(seeded, settings.neo4j_database)
    snap.snapshot()
    on_snapshot = CatalogueService(snap)
    for distance in (3.0, 2.5, 3.0):  # the second 3 m question is answered from the memo
        assert _cables(on_snapshot, SFP, SFP, 10, distance) == _cables(service, SFP, SFP, 10, distance)
