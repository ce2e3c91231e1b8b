"""HPE / Aruba OEM part numbers of issue 11 (helper aru) on the real seeded graph.

    SFP+ ══ J9285D (7 m Aruba 10G DAC) ══ SFP+   at 10 Gb/s over 7 m: offered and valid
    SFP+ ══ J9285D ══ SFP+                        over 8 m: no 10G SFP+ DAC of Aruba reaches it
    QSFP28 ══ J9285D ══ QSFP28                    refused: the cable's ends are SFP+

Source: AU01 (HPE Aruba Networking VSG, Central On-Premises: "J9285D | HPE Aruba Networking 10Gb SFP+
to SFP+ 7m Direct Attach Cable"). The Aruba 10GBASE-SR SFP+ J9150D stands beside Cisco's SFP-10G-SR.
"""

from __future__ import annotations

from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

SFPP = EndRequest(form_factor="SFP+")
QSFP28 = EndRequest(form_factor="QSFP28")


def _summaries(options) -> list[str]:  # type: ignore[no-untyped-def]
    return [o.summary for o in options]


class TestEquivalents:
    def test_the_aruba_10gbase_sr_sfp_plus_stands_beside_ciscos(self, service: CatalogueService) -> None:
        eq = service.repo.equivalents("J9150D")
        assert {"SFP-10G-SR", "JL748A", "10301", "MFM1T02A-SR"} <= set(eq)
        assert "J9150D" in service.repo.equivalents("SFP-10G-SR")

    def test_a_dac_has_no_transceiver_equivalents(self, service: CatalogueService) -> None:
        assert service.repo.equivalents("J9285D") == []


class TestLinks:
    def test_a_7_m_sfp_plus_link_at_10g_is_offered_the_7_m_aruba_dac(self, service: CatalogueService) -> None:
        # one option per cable class: the 7 m SFP+ DACs of every vendor are one option (the first by
        # part number between bare ends), Aruba's J9285D among its alternatives
        options = service.link_options(end_a=SFPP, end_b=SFPP, rate_gbps=10, distance_m=7).options
        dac = next(o for o in options if o.summary == "DAC DAC-SFP-10G-7M (7 m)")
        assert [(p.role, p.part_number) for p in dac.parts] == [("cable", "DAC-SFP-10G-7M")]
        assert "J9285D" in dac.parts[0].alternatives
        assert dac.verdict.valid

    def test_the_3_m_link_still_gets_the_3_m_aruba_dac_not_the_7_m(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=SFPP, end_b=SFPP, rate_gbps=10, distance_m=3).options
        offered = {n for o in options for p in o.parts for n in (p.part_number, *p.alternatives) if n}
        assert "J9283D" in offered
        assert "J9285D" not in offered

    def test_no_aruba_10g_dac_reaches_8_m(self, service: CatalogueService) -> None:
        summaries = _summaries(service.link_options(end_a=SFPP, end_b=SFPP, rate_gbps=10, distance_m=8).options)
        assert not [s for s in summaries if "J928" in s]

    def test_check_link_with_j9285d_between_sfp_plus_ports_is_valid(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=SFPP, end_b=SFPP, distance_m=7, rate_gbps=10, media=(FiberRequest(part_number="J9285D"),))
        )
        assert check.verdict.valid

    def test_j9285d_between_qsfp28_ports_is_refused_for_its_form_factor(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(end_a=QSFP28, end_b=QSFP28, distance_m=7, media=(FiberRequest(part_number="J9285D"),))
        )
        assert not check.verdict.valid
        codes = {f.code for f in check.verdict.findings if f.severity.value == "error"}
        assert codes == {"FORM_FACTOR_MISMATCH"}
