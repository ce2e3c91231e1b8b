"""A part list that names the devices as well as the cabling, on the real, seeded graph (a fresh user's
NDR list)::

    QM9700 (MQM9700-NS2F ×2) ─ MMA4Z00-NS ×32 ═┬═ OM4 MPO-12/APC 30 m ── MMA4Z00-NS400 ─ ConnectX-7 (MCX75310AAS-NEAT)
                      (twin-port, 2 × 400G)     └═ OM4 MPO-12/APC 30 m ── MMA4Z00-NS400 ─ ConnectX-7     (× 32)

32 twin-port switch modules serve the 64 links, 64 generic OM4 MPO-12/APC 30 m fibers (a media line)
and 64 single-port flat-top MMA4Z00-NS400 in the adapters (S01–S03, S05). The switch and adapter lines
are devices (orderable, seed/data/devices/nvidia.yaml): DEVICE_LINE says so, and they are checked
against the intent's link ends (one QM9700 has 64 ports; one adapter per link), never unknown. Before,
INTENT_UNSERVED called both device lines "not a known part number", the SHORTFALL asked for 64
MFP7E10-N030 although the media line provides the fiber, and the media line's total said needed 0.

The typo MMA4Z00-NS40 (for MMA4Z00-NS400) is the one unknown line: UNKNOWN_PART with MMA4Z00-NS400
suggested first, the intent unserved because of that line only, and the SHORTFALL of MMA4Z00-NS400
pinned to it with the correction as the fix.
"""

from __future__ import annotations

import re

import pytest

from service.procurement import ValidationReport
from service.procurement.use_case import ProcurementService
from service.use_cases import CatalogueService

HEAD = "part_number,quantity,fiber_type,connector,length_m\n"
NDR = (b"from,to,links,rate_gbps,distance_m\nQM9700,ConnectX-7 OSFP,64,400,30\n", "i.csv")
SWITCH, ADAPTER, TWIN, SINGLE, TYPO = "MQM9700-NS2F", "MCX75310AAS-NEAT", "MMA4Z00-NS", "MMA4Z00-NS400", "MMA4Z00-NS40"
FIBER = "OM4 MPO-12/APC 30 m fiber"
LABEL = "intent 1 (64 × QM9700 → ConnectX-7 OSFP, 400 Gb/s, 30 m)"
SWITCH_LINE = (
    "MQM9700-NS2F is the NVIDIA Quantum-2 QM9700 switch (a device, not a cabling part); the link rules do not check it "
    "as one"
)
ADAPTER_LINE = (
    "MCX75310AAS-NEAT is the NVIDIA ConnectX-7 single-port OSFP NDR 400Gb/s adapter (a device, not a cabling "
    "part); the link rules do not check it as one"
)
# tests/unit/procurement/test_fix_slots.py's test for an empty slot in a message or fix.
EMPTY_SLOT = re.compile(r"\{|\}|\(\s*\)|\[\s*\]|,\s*,|:\s*[;,.]|\s{2,}|\bNone\b| or $| and $|: $|, $")


@pytest.fixture(scope="module")
def procurement(service: CatalogueService) -> ProcurementService:
    return ProcurementService(service)


def _list(*rows: str) -> bytes:
    return (HEAD + "".join(f"{r}\n" for r in rows)).encode()


def _ndr(module: str) -> bytes:
    return _list(f"{SWITCH},2", f"{TWIN},32", f"{module},64", f"{ADAPTER},64", ",64,OM4,MPO-12/APC,30")


def _findings(report: ValidationReport) -> list[tuple[str, int | None, str, str | None, int | None]]:
    for f in report.findings:
        for text in (f.message, f.fix or ""):
            assert not EMPTY_SLOT.search(text), (f.code, text)
    return [(f.severity.value, f.line, f.code, f.part_number, f.quantity) for f in report.findings]


def _totals(report: ValidationReport) -> list[tuple[str, bool, str | None, int, int | None, int, int]]:
    return [(t.part_number, t.known, t.kind, t.listed, t.needed, t.shortfall, t.surplus) for t in report.totals]


@pytest.fixture(scope="module")
def report(procurement: ProcurementService) -> ValidationReport:
    """The fresh user's list, typo included."""
    return procurement.validate_bytes(_ndr(TYPO), "ndr.csv", NDR)


class TestTheListWithTheTypo:
    def test_only_the_typo_is_unknown_and_only_its_modules_are_short(self, report: ValidationReport) -> None:
        assert (report.summary.buildable, report.summary.errors, report.summary.warnings, report.summary.infos) == (
            False,
            3,
            0,
            2,
        )
        assert _findings(report) == [
            ("error", 3, "UNKNOWN_PART", TYPO, 64),
            ("error", 3, "SHORTFALL", SINGLE, 64),
            ("error", None, "INTENT_UNSERVED", None, None),
            ("info", 1, "DEVICE_LINE", SWITCH, 2),
            ("info", 4, "DEVICE_LINE", ADAPTER, 64),
        ]
        # No SHORTFALL of MFP7E10-N030: the OM4 MPO-12/APC 30 m media line is the fiber the chain needs.
        assert "MFP7E10-N030" not in {f.part_number for f in report.findings}

    def test_the_unknown_line_suggests_the_single_port_module_first(self, report: ValidationReport) -> None:
        unknown = report.findings[0]
        assert unknown.message == (
            "MMA4Z00-NS40 is not a known part number; the closest known part numbers are MMA4Z00-NS400, "
            "MMA4Z00-NS400-T, MMA4Z00-NS"
        )
        assert unknown.fix == "check the number; did you mean MMA4Z00-NS400?"
        assert unknown.suggestions == (SINGLE, "MMA4Z00-NS400-T", TWIN)

    def test_the_shortfall_is_the_typos_module_pinned_to_its_line(self, report: ValidationReport) -> None:
        short = report.findings[1]
        assert (short.row, short.intents) == (4, (1,))
        assert short.message == (
            "MMA4Z00-NS400: the intents need 64, the list has 0: 64 short — line 3 (MMA4Z00-NS40 ×64) is not a "
            "known part number; did you mean MMA4Z00-NS400?"
        )
        assert short.fix == "correct line 3: MMA4Z00-NS40 → MMA4Z00-NS400"

    def test_the_intent_is_unserved_because_of_the_typo_line_only(self, report: ValidationReport) -> None:
        unserved = report.findings[2]
        assert unserved.message == (
            f"{LABEL}: no chain of listed parts passes the link rules; line 3 (MMA4Z00-NS40) is not a known "
            "part number, so the chain it belongs in cannot be checked"
        )
        assert SWITCH not in unserved.message and ADAPTER not in unserved.message
        assert unserved.fix == (
            "use MMA4Z00-NS + OM4 MPO-12/APC 30 m fiber + MMA4Z00-NS400: 32 × MMA4Z00-NS, "
            "64 × OM4 MPO-12/APC 30 m fiber, 64 × MMA4Z00-NS400 in all"
        )
        (result,) = report.intents
        assert (result.served, result.suggested) == (False, True)
        assert [(c.role.value, c.part_number, c.links_per_piece, c.quantity, c.listed) for c in result.chain] == [
            ("module_a", TWIN, 2, 32, True),
            ("fiber", FIBER, 1, 64, True),
            ("module_b", SINGLE, 1, 64, False),
        ]

    def test_device_lines_are_the_devices(self, report: ValidationReport) -> None:
        assert [f.message for f in report.findings if f.code == "DEVICE_LINE"] == [SWITCH_LINE, ADAPTER_LINE]

    def test_totals_count_the_media_line_and_the_devices(self, report: ValidationReport) -> None:
        assert _totals(report) == [
            (SWITCH, True, "switch", 2, 1, 0, 0),  # 64 link ends, 64 ports per QM9700 (32 twin-port cages)
            (TWIN, True, "transceiver", 32, 32, 0, 0),
            (TYPO, False, None, 64, None, 0, 0),  # unknown: needed not determined (None), not "none of it"
            (ADAPTER, True, "adapter", 64, 64, 0, 0),
            (FIBER, True, None, 64, 64, 0, 0),  # the media line the chain uses: needed 64, not 0; a known grade
            (SINGLE, True, None, 0, 64, 64, 0),
        ]


class TestTheListWithTheTypoFixed:
    def test_it_is_buildable_with_the_device_lines_as_devices(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(_ndr(SINGLE), "ndr.csv", NDR)
        assert (report.summary.buildable, report.summary.errors, report.summary.warnings, report.summary.infos) == (
            True,
            0,
            0,
            2,
        )
        assert _findings(report) == [("info", 1, "DEVICE_LINE", SWITCH, 2), ("info", 4, "DEVICE_LINE", ADAPTER, 64)]
        assert [f.message for f in report.findings] == [SWITCH_LINE, ADAPTER_LINE]
        # 32 twin-port switch modules serve the 64 links; 64 fibers; 64 adapter modules; 1 switch of the 2
        # listed is enough (more is fine: no SURPLUS for devices); one adapter per link.
        assert _totals(report) == [
            (SWITCH, True, "switch", 2, 1, 0, 0),
            (TWIN, True, "transceiver", 32, 32, 0, 0),
            (SINGLE, True, "transceiver", 64, 64, 0, 0),
            (ADAPTER, True, "adapter", 64, 64, 0, 0),
            (FIBER, True, None, 64, 64, 0, 0),
        ]
        (result,) = report.intents
        assert (result.served, result.rate_gbps) == (True, 400.0)
        assert result.summary == f"{TWIN} ×32 + {FIBER} ×64 + {SINGLE} ×64"
        assert [(c.role.value, c.part_number, c.links_per_piece, c.quantity, c.listed) for c in result.chain] == [
            ("module_a", TWIN, 2, 32, True),
            ("fiber", FIBER, 1, 64, True),
            ("module_b", SINGLE, 1, 64, True),
        ]

    def test_half_the_media_fibers_are_short_on_the_media_line(self, procurement: ProcurementService) -> None:
        """The media line is counted like a part: 32 fibers for 64 links is 32 short, on its line."""
        rows = [f"{SWITCH},2", f"{TWIN},32", f"{SINGLE},64", f"{ADAPTER},64", ",32,OM4,MPO-12/APC,30"]
        report = procurement.validate_bytes(_list(*rows), "ndr.csv", NDR)
        assert report.summary.buildable is False
        assert _findings(report) == [
            ("error", 5, "SHORTFALL", FIBER, 32),
            ("info", 1, "DEVICE_LINE", SWITCH, 2),
            ("info", 4, "DEVICE_LINE", ADAPTER, 64),
        ]
        assert report.findings[0].message == f"{FIBER}: the intents need 64, the list has 32: 32 short"
        assert report.findings[0].fix == f"order 32 more × {FIBER}"
        assert _totals(report)[-1] == (FIBER, True, None, 32, 64, 32, 0)

    def test_one_switch_too_few_for_the_link_ends_is_a_device_shortfall(self, procurement: ProcurementService) -> None:
        """128 links: 128 switch-side link ends at 64 ports per QM9700 need 2 switches; 1 listed."""
        intents = (b"from,to,links,rate_gbps,distance_m\nQM9700,ConnectX-7 OSFP,128,400,30\n", "i.csv")
        rows = [f"{SWITCH},1", f"{TWIN},64", f"{SINGLE},128", f"{ADAPTER},128", ",128,OM4,MPO-12/APC,30"]
        report = procurement.validate_bytes(_list(*rows), "ndr.csv", intents)
        assert _findings(report) == [
            ("error", 1, "SHORTFALL", SWITCH, 1),
            ("info", 1, "DEVICE_LINE", SWITCH, 1),
            ("info", 4, "DEVICE_LINE", ADAPTER, 128),
        ]
        assert report.findings[0].message == (
            "MQM9700-NS2F: the intents need at least 2 (128 link ends on its osfp cages at 64 per unit), the list "
            "has 1: 1 short"
        )


class TestDevicesAndADac:
    ROWS = (f"{SWITCH},1", f"{ADAPTER},64", "MCP7Y00-N002,32")

    def test_a_2_m_splitter_dac_for_the_ndr_links_is_buildable(self, procurement: ProcurementService) -> None:
        """MCP7Y00-N002: passive DAC splitter, twin-port OSFP → 2 × 400G OSFP, 2 m (N11): 32 serve the 64 links."""
        intents = (b"from,to,links,rate_gbps,distance_m\nQM9700,ConnectX-7 OSFP,64,400,2\n", "i.csv")
        report = procurement.validate_bytes(_list(*self.ROWS), "dac.csv", intents)
        assert (report.summary.buildable, report.summary.errors, report.summary.warnings) == (True, 0, 0)
        assert _findings(report) == [("info", 1, "DEVICE_LINE", SWITCH, 1), ("info", 2, "DEVICE_LINE", ADAPTER, 64)]
        assert _totals(report) == [
            (SWITCH, True, "switch", 1, 1, 0, 0),
            (ADAPTER, True, "adapter", 64, 64, 0, 0),
            ("MCP7Y00-N002", True, "cable", 32, 32, 0, 0),
        ]
        (result,) = report.intents
        assert [(c.role.value, c.part_number, c.links_per_piece, c.quantity) for c in result.chain] == [
            ("cable", "MCP7Y00-N002", 2, 32)
        ]

    def test_a_dac_too_short_is_the_reason_not_the_device_lines(self, procurement: ProcurementService) -> None:
        """At 5 m the MCP7Y00 family (up to 3 m) is refused: the closest listed chain says so, and the
        device lines are never 'not a known part number'."""
        intents = (b"from,to,links,rate_gbps,distance_m\nQM9700,ConnectX-7 OSFP,64,400,5\n", "i.csv")
        report = procurement.validate_bytes(_list(*self.ROWS), "dac.csv", intents)
        assert _findings(report) == [
            ("error", 3, "CABLE_LENGTH_LIMIT", "MCP7Y00-N002", None),
            ("error", None, "INTENT_UNSERVED", None, None),
            # the suggested chain is linkOptions' first: SR4 optics, no longer the discontinued ACC MCA7J60-N005
            ("error", None, "SHORTFALL", "MFP7E10-N005", 64),
            ("error", None, "SHORTFALL", "MMA4Z00-NS", 32),
            ("error", None, "SHORTFALL", "MMA4Z00-NS400", 64),
            ("warning", 3, "SURPLUS", "MCP7Y00-N002", 32),
            ("info", 1, "DEVICE_LINE", SWITCH, 1),
            ("info", 2, "DEVICE_LINE", ADAPTER, 64),
        ]
        unserved = report.findings[1]
        assert unserved.message == (
            "intent 1 (64 × QM9700 → ConnectX-7 OSFP, 400 Gb/s, 5 m): no chain of listed parts passes the link "
            "rules; the closest, MCP7Y00-N002, breaks CABLE_LENGTH_LIMIT"
        )
        assert unserved.fix == (
            "use MMA4Z00-NS + MFP7E10-N005 + MMA4Z00-NS400: 32 × MMA4Z00-NS, 64 × MFP7E10-N005, 64 × MMA4Z00-NS400 "
            "in all"
        )

    def test_without_intents_the_devices_and_the_dac_are_known_lines(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(_list(*self.ROWS), "dac.csv")
        assert (report.summary.buildable, report.summary.errors, report.summary.warnings) == (True, 0, 0)
        assert _findings(report) == [("info", 1, "DEVICE_LINE", SWITCH, 1), ("info", 2, "DEVICE_LINE", ADAPTER, 64)]
        assert [f.message for f in report.findings] == [SWITCH_LINE, ADAPTER_LINE]
        assert _totals(report) == [
            (SWITCH, True, "switch", 1, None, 0, 0),
            (ADAPTER, True, "adapter", 64, None, 0, 0),
            ("MCP7Y00-N002", True, "cable", 32, None, 0, 0),
        ]


class TestAnUnknownPartNumber:
    """A line the catalogue does not know: what the intents need of it is not determined (None), never
    0, which reads as "you need none of it"; the list stays not buildable with its typed findings."""

    def test_its_total_needs_none_determined_and_the_chain_is_still_asked_for(
        self, procurement: ProcurementService
    ) -> None:
        intents = (b"from,to,links,rate_gbps,distance_m\nQM9700,MCX75310AAS-NEAT,4,400,20\n", "i.csv")
        report = procurement.validate_bytes(b"part_number,quantity\nMMA4Z00-NS,2\nFOO-123,4\n", "foo.csv", intents)
        assert (report.summary.buildable, report.summary.errors) == (False, 4)
        assert _findings(report) == [
            ("error", 2, "UNKNOWN_PART", "FOO-123", 4),
            ("error", None, "INTENT_UNSERVED", None, None),
            ("error", None, "SHORTFALL", "MFP7E10-N020", 4),
            ("error", None, "SHORTFALL", "MMA4Z00-NS400", 4),
        ]
        assert _totals(report) == [
            ("MMA4Z00-NS", True, "transceiver", 2, 2, 0, 0),
            ("FOO-123", False, None, 4, None, 0, 0),
            ("MFP7E10-N020", True, None, 0, 4, 4, 0),
            ("MMA4Z00-NS400", True, None, 0, 4, 4, 0),
        ]


class TestASpectrumOrderingNumber:
    """Practitioner trial: the part-list line "MSN2700-CS2F,2", NVIDIA's ordering number of the Spectrum
    SN2700 (sources/ord.yaml OR01: the number in an MSN2700's EEPROM), was UNKNOWN_PART with "did you
    mean MMA2P00-AS?", an unrelated transceiver."""

    ALIAS = "MSN2700-CS2F is SN2700: NVIDIA Spectrum SN2700 100GbE switch"
    LINE = (
        "SN2700 is the NVIDIA Spectrum SN2700 100GbE switch (a device, not a cabling part); the link rules do not "
        "check it as one"
    )

    def test_the_ordering_number_is_a_device_line(self, procurement: ProcurementService) -> None:
        """The number is an alias of the SN2700: PART_ALIAS names the model, DEVICE_LINE says it is the
        switch, and the total counts the line under the model (as 'qm9700' counts under MQM9700-NS2F)."""
        report = procurement.validate_bytes(b"part_number,quantity\nMSN2700-CS2F,2\n", "quote.csv")
        assert (report.summary.buildable, report.summary.errors, report.summary.warnings) == (True, 0, 0)
        assert _findings(report) == [("info", 1, "PART_ALIAS", "SN2700", None), ("info", 1, "DEVICE_LINE", "SN2700", 2)]
        assert [f.message for f in report.findings] == [self.ALIAS, self.LINE]
        assert _totals(report) == [("SN2700", True, "switch", 2, None, 0, 0)]

    def test_an_ordering_number_not_loaded_suggests_the_switch_inside_it(self, procurement: ProcurementService) -> None:
        report = procurement.validate_bytes(b"part_number,quantity\nMSN2700-CS2X,2\n", "quote.csv")
        assert _findings(report) == [("error", 1, "UNKNOWN_PART", "MSN2700-CS2X", 2)]
        unknown = report.findings[0]
        assert unknown.suggestions == ("MSN2700",)
        assert unknown.message == "MSN2700-CS2X is not a known part number; the closest known part numbers are MSN2700"
        assert unknown.fix == "check the number; did you mean MSN2700?"
        assert "MMA2P00-AS" not in unknown.message
