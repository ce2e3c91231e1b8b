"""XDR-generation devices (devices/nvidia_xdr.yaml) on the real seeded graph: ConnectX-8 SuperNICs
and the Quantum-X800 Q3400-RA switch, and what ``linkOptions`` answers between them.

Sources: NVIDIA ConnectX-8 SuperNIC user manual (X01, X02: C8180 / C8240 OPNs, QSFP112 or OSFP
connectors); ConnectX-8 firmware release notes (S57: 800 Gb/s XDR); NVIDIA's XDR transceiver list
(N37: finned modules only in air-cooled Q3400 / Q3200 cages, flat-top modules in ConnectX-8);
secondary: C8180 one OSFP cage, Q3400-RA 144 XDR ports over 72 OSFP cages (X03, X05).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

import pytest

from service.domain.catalogue import Transceiver
from service.domain.link import LinkOption, Severity
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest, LinkOptionsResult


class TestDevices:
    @pytest.mark.parametrize("name", ["C8180", "c8180", "900-9X81E-00EX-ST0", "ConnectX-8 C8180"])
    def test_c8180_is_one_flat_top_osfp_cage_at_xdr_800_and_ndr_400(self, repo: Neo4jRepository, name: str) -> None:
        cx8 = repo.device(name)
        assert cx8.model == "900-9X81E-00EX-ST0"
        assert cx8.device_type.value == "adapter"
        [cage] = cx8.cages
        assert (cage.form_factor, cage.count, cage.logical_ports_per_cage) == ("OSFP", 1, 1)
        assert cage.top_style is not None and cage.top_style.value == "flat"
        assert cage.speeds_gbps == [400.0, 800.0]
        assert {p.value for p in cage.protocols} == {"InfiniBand"}
        assert {"X01", "S57", "N37"} <= set(cage.sources)

    def test_c8240_is_two_qsfp112_cages_at_400(self, repo: Neo4jRepository) -> None:
        cx8 = repo.device("C8240")
        assert cx8.model == "900-9X81Q-00CN-ST0"
        [cage] = cx8.cages
        assert (cage.form_factor, cage.count, cage.speeds_gbps) == ("QSFP112", 2, [400.0])

    def test_q3400_has_144_xdr_ports_in_72_finned_twin_port_osfp_cages(self, repo: Neo4jRepository) -> None:
        q = repo.device("Q3400")
        assert q.model == "Q3400-RA"
        assert q.device_type.value == "switch"
        [cage] = q.cages
        assert (cage.form_factor, cage.count, cage.logical_ports_per_cage) == ("OSFP", 72, 2)
        assert cage.count * cage.logical_ports_per_cage == 144
        assert cage.top_style is not None and cage.top_style.value == "finned"
        assert cage.speeds_gbps == [800.0]


def _errors(options: Sequence[LinkOption]) -> list[tuple[str, set[str]]]:
    """Each option's summary with the codes of its error findings (warnings left out)."""
    return [(o.summary, {f.code for f in o.verdict.findings if f.severity == Severity.ERROR}) for o in options]


class TestQ3400ToConnectX8:
    """Switch side, the finned twin-port XDR module 980-9IAH1-00XM00 (MMS4A00, 2 x 800G 2xDR4, 500 m)
    and the MCA7K10 active copper splitter (finned twin-port 1.6T end to 2 x flat-top 800G OSFP,
    1 / 1.5 / 2 m) (XS01, XS02, secondary); adapter side, the flat-top single-port MMS4A20 (NX02,
    secondary; its equivalent MMS8X00-NS800, N28, is the alternative). NVIDIA's XDR list (N37):
    finned parts only in the air-cooled Q3400, flat-top in ConnectX-8, no passive DAC or AOC at
    200G-PAM4, no downshift to NDR. So no NDR part and no passive copper is
    ever offered, and a module on the wrong side is refused.

        Q3400-RA [OSFP, finned, 2 x 800] == 980-9IAO5-00X002 (2 m ACC) ==> C8180 [OSFP, flat, 800]
        Q3400-RA [980-9IAH1-00XM00] -- OS2 MPO-12/APC -- [MMS4A20] C8180
    """

    # the flat-top twin-port Gen2 module 980-9IAU0-00XM00 (NX02) fits neither cage: flat in the finned
    # Q3400 cage (TOP_STYLE_MISMATCH), twin-port in the single-port ConnectX-8 cage (PORT_COUNT_MISMATCH)
    WRONG: ClassVar[list[tuple[str, set[str]]]] = [
        (
            "XDR DR4: 980-9IAH1-00XM00 + OS2 MPO-12/APC + 980-9IAH1-00XM00, reach 500 m over OS2",
            {"PORT_COUNT_MISMATCH", "TOP_STYLE_MISMATCH", "WRONG_SIDE"},
        ),
        (
            "XDR DR4: 980-9IAH1-00XM00 + OS2 MPO-12/APC + 980-9IAU0-00XM00, reach 500 m over OS2",
            {"PORT_COUNT_MISMATCH"},
        ),
        (
            "XDR DR4: 980-9IAU0-00XM00 + OS2 MPO-12/APC + 980-9IAH1-00XM00, reach 500 m over OS2",
            {"PORT_COUNT_MISMATCH", "TOP_STYLE_MISMATCH", "WRONG_SIDE"},
        ),
        (
            "XDR DR4: 980-9IAU0-00XM00 + OS2 MPO-12/APC + 980-9IAU0-00XM00, reach 500 m over OS2",
            {"PORT_COUNT_MISMATCH", "TOP_STYLE_MISMATCH"},
        ),
        (
            "XDR DR4: 980-9IAU0-00XM00 + OS2 MPO-12/APC + MMS4A20, reach 500 m over OS2",
            {"TOP_STYLE_MISMATCH"},
        ),
        (
            "XDR DR4: MMS4A20 + OS2 MPO-12/APC + 980-9IAH1-00XM00, reach 500 m over OS2",
            {"PORT_COUNT_MISMATCH", "TOP_STYLE_MISMATCH", "WRONG_SIDE"},
        ),
        (  # a single-port module is no alternative to the twin-port one above: its own rejected option
            "XDR DR4: MMS4A20 + OS2 MPO-12/APC + 980-9IAU0-00XM00, reach 500 m over OS2",
            {"PORT_COUNT_MISMATCH", "TOP_STYLE_MISMATCH", "WRONG_SIDE"},
        ),
        (
            "XDR DR4: MMS4A20 + OS2 MPO-12/APC + MMS4A20, reach 500 m over OS2",
            {"TOP_STYLE_MISMATCH", "WRONG_SIDE"},
        ),
    ]

    def _options(self, service: CatalogueService, distance_m: float) -> LinkOptionsResult:
        return service.link_options(
            end_a=EndRequest(device="Q3400-RA"),
            end_b=EndRequest(device="C8180"),
            rate_gbps=800,
            distance_m=distance_m,
            explain=True,
        )

    def test_at_2_m_the_2_m_acc_splitter_first_then_the_xdr_dr4_pair(self, service: CatalogueService) -> None:
        result = self._options(service, 2.0)
        assert [[(p.role, p.part_number) for p in o.parts] for o in result.options] == [
            [("cable", "980-9IAO5-00X002")],
            [("module_a", "980-9IAH1-00XM00"), ("fiber", None), ("module_b", "MMS4A20")],
        ]
        acc, optical = result.options
        assert acc.summary == "ACC 980-9IAO5-00X002 (2 m)"
        assert (optical.pmd, optical.fiber_type, optical.connector, optical.reach_m, optical.margin_m) == (
            "XDR DR4",
            "OS2",
            "MPO-12/APC",
            500.0,
            498.0,
        )
        # NVIDIA's MCA4K50 (finned IHS-to-IHS twin-port 1.6T copper, NF05) is a switch-to-switch cable: its
        # 2 m length is refused at the ConnectX-8's flat-top single-port adapter cage
        # Juniper's OSFP-800G-AOC (EX03) is an Ethernet cable with a finned OSFP end: refused on protocol
        # (XDR InfiniBand) and at the flat-top adapter cage
        # Dell's 800GbE OSFP112 DAC (HU01) and Arista's 800G OSFP AOC (LB03, secondary, last) are Ethernet
        # cables: refused on protocol (their top style is not stated, so no TOP_STYLE_MISMATCH is claimed)
        assert _errors(result.rejected) == [
            ("DAC DAC-O112-800G-2M (2 m)", {"PROTOCOL_MISMATCH"}),
            ("ACC 980-9IAM3-00X002 (2 m)", {"PORT_COUNT_MISMATCH", "TOP_STYLE_MISMATCH", "WRONG_SIDE"}),
            ("AOC OSFP-800G-AOC-3M (3 m)", {"PROTOCOL_MISMATCH", "TOP_STYLE_MISMATCH"}),
            *self.WRONG,
            ("AOC A-O800-O800-3M (3 m)", {"PROTOCOL_MISMATCH"}),
        ]

    def test_at_30_m_only_the_xdr_dr4_pair_and_the_2_m_acc_is_too_short(self, service: CatalogueService) -> None:
        result = self._options(service, 30.0)
        assert [[(p.role, p.part_number) for p in o.parts] for o in result.options] == [
            [("module_a", "980-9IAH1-00XM00"), ("fiber", None), ("module_b", "MMS4A20")],
        ]
        [optical] = result.options
        assert (optical.reach_m, optical.margin_m) == (500.0, 470.0)
        assert _errors(result.rejected) == [
            ("DAC DAC-O112-800G-4M (4 m)", {"CABLE_LENGTH_LIMIT", "PROTOCOL_MISMATCH"}),  # Dell, Ethernet (HU01)
            ("ACC 980-9IAO5-00X002 (2 m)", {"CABLE_LENGTH_LIMIT"}),
            (
                "ACC 980-9IAM3-00X003 (3 m)",
                {"CABLE_LENGTH_LIMIT", "PORT_COUNT_MISMATCH", "TOP_STYLE_MISMATCH", "WRONG_SIDE"},
            ),
            ("AOC OSFP-800G-AOC-30M (30 m)", {"PROTOCOL_MISMATCH", "TOP_STYLE_MISMATCH"}),  # Juniper, Ethernet (EX03)
            *self.WRONG,
            # Arista's 800G OSFP DAC and AOC (LB03, secondary): after the documented candidates
            ("DAC C-O800-O800-2M (2 m)", {"CABLE_LENGTH_LIMIT", "PROTOCOL_MISMATCH"}),
            ("AOC A-O800-O800-30M (30 m)", {"PROTOCOL_MISMATCH"}),
        ]

    @pytest.mark.parametrize("name", ["980-9IAH1-00XM00", "MMS4A00", "mms4a00"])
    def test_the_switch_side_module_is_a_finned_twin_port_xdr_part(self, repo: Neo4jRepository, name: str) -> None:
        part = repo.part(name)
        assert part is not None and part.part_number == "980-9IAH1-00XM00"
        assert isinstance(part, Transceiver)
        assert (part.form_factor, part.ports, part.rates_gbps, part.pmds, part.side.value) == (
            "OSFP",
            2,
            [800.0],
            ["XDR DR4"],
            "switch",
        )
        assert part.top_style is not None and part.top_style.value == "finned"

    def test_the_acc_splitter_family_is_loaded_at_every_listed_length(self, repo: Neo4jRepository) -> None:
        lengths = {pn: repo.part(pn) for pn in ("980-9IAO5-00X001", "980-9IAO5-00X01A", "980-9IAO5-00X002")}
        assert {pn: getattr(p, "length_m", None) for pn, p in lengths.items()} == {
            "980-9IAO5-00X001": 1.0,
            "980-9IAO5-00X01A": 1.5,
            "980-9IAO5-00X002": 2.0,
        }

    def test_between_two_connectx8_the_xdr_dr4_module_over_os2_at_30_m(self, service: CatalogueService) -> None:
        """Adapter to adapter both cages are flat top: MMS4A20 (MMS8X00-NS800 its alternative) at each end
        over OS2 MPO-12/APC, 500 m reach (NX02, N28, secondary) → 470 m margin."""
        result = service.link_options(
            end_a=EndRequest(device="C8180"), end_b=EndRequest(device="C8180"), rate_gbps=800, distance_m=30
        )
        assert [(o.pmd, o.fiber_type, o.connector, o.reach_m, o.margin_m) for o in result.options] == [
            ("XDR DR4", "OS2", "MPO-12/APC", 500.0, 470.0)
        ]
        assert [(p.role, p.part_number) for p in result.options[0].parts] == [
            ("module_a", "MMS4A20"),
            ("fiber", None),
            ("module_b", "MMS4A20"),
        ]
