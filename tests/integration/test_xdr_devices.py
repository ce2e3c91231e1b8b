"""XDR-generation devices (devices/nvidia_xdr.yaml) on the real seeded graph: ConnectX-8 SuperNICs
and the Quantum-X800 Q3400-RA switch, and what ``linkOptions`` answers between them.

Sources: NVIDIA ConnectX-8 SuperNIC user manual (X01, X02: C8180 / C8240 OPNs, QSFP112 or OSFP
connectors); ConnectX-8 firmware release notes (S57: 800 Gb/s XDR); NVIDIA's XDR transceiver list
(N37: finned modules only in air-cooled Q3400 / Q3200 cages, flat-top modules in ConnectX-8);
secondary: C8180 one OSFP cage, Q3400-RA 144 XDR ports over 72 OSFP cages (X03, X05).
"""

from __future__ import annotations

import pytest

from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest


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


class TestQ3400ToConnectX8:
    """The catalogue holds the adapter-side XDR DR4 module (MMS8X00-NS800, flat top) but no sourced
    switch-side (finned, twin-port) XDR module and, per N37, no XDR DAC or AOC. So the honest answer
    is no option, with the one candidate rejected for the reasons that make it unusable in the
    switch: a flat-top adapter-side module in a finned switch cage. No NDR part (100G-PAM4, cannot
    pair with a 200G-PAM4 module) and no copper is offered."""

    @pytest.mark.parametrize("distance_m", [2.0, 30.0])
    def test_no_option_and_the_flat_top_module_is_refused_in_the_switch(
        self, service: CatalogueService, distance_m: float
    ) -> None:
        result = service.link_options(
            end_a=EndRequest(device="Q3400-RA"),
            end_b=EndRequest(device="C8180"),
            rate_gbps=800,
            distance_m=distance_m,
            explain=True,
        )
        assert result.options == ()
        assert [o.summary for o in result.rejected] == [
            "XDR DR4: MMS8X00-NS800 + OS2 MPO-12/APC + MMS8X00-NS800, reach 500 m over OS2"
        ]
        codes = {f.code for f in result.rejected[0].verdict.findings}
        assert {"TOP_STYLE_MISMATCH", "WRONG_SIDE"} <= codes
        assert "TOP_STYLE_MISMATCH (1), WRONG_SIDE (1)" in result.notes[0]

    def test_between_two_connectx8_the_xdr_dr4_module_over_os2_at_30_m(self, service: CatalogueService) -> None:
        """Adapter to adapter both cages are flat top: MMS8X00-NS800 at each end over OS2 MPO-12/APC,
        500 m reach (N28, secondary) → 470 m margin."""
        result = service.link_options(
            end_a=EndRequest(device="C8180"), end_b=EndRequest(device="C8180"), rate_gbps=800, distance_m=30
        )
        assert [(o.pmd, o.fiber_type, o.connector, o.reach_m, o.margin_m) for o in result.options] == [
            ("XDR DR4", "OS2", "MPO-12/APC", 500.0, 470.0)
        ]
        assert [(p.role, p.part_number) for p in result.options[0].parts] == [
            ("module_a", "MMS8X00-NS800"),
            ("fiber", None),
            ("module_b", "MMS8X00-NS800"),
        ]
