"""Lenovo devices (devices/lnv.yaml, sources LV01-LV13) on the real seeded graph (issue 11, catalogue
breadth).

    4XC7B03668 [QSFP112 x 2, 400] ==== 900-9X81Q-00CN-ST0 (NVIDIA C8240) [QSFP112 x 2, 400]
        Lenovo's ConnectX-8 8240 is NVIDIA's C8240 by Lenovo's own ordering table (LV01):
        linkOptions answers it exactly as it answers the NVIDIA OPN.
    NE1032 [SFP+] -- SFP-10G-SR == OM3 LC/UPC == SFP-10G-SR -- [SFP28] 4XC7A80566
        10GBASE-SR: 300 m over OM3 (IEEE 802.3 cl. 52), refused at 400 m (REACH_EXCEEDED).

No Lenovo transceiver or cable is loaded (no readable Lenovo part-number table, sources/lnv.yaml), so
there is no Lenovo equivalents answer to test: the Lenovo switch and adapter cages take the
catalogue's other vendors' optics and cables.
"""

from __future__ import annotations

from service.domain.link import LinkOption, Severity
from service.persistence.repository import Neo4jRepository
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest

NE1032 = EndRequest(device="NE1032")
BROADCOM_57504 = EndRequest(device="4XC7A80566")


def _chains(options: list[LinkOption]) -> list[list[tuple[str, str | None]]]:
    return [[(p.role, p.part_number) for p in o.parts] for o in options]


def _errors(check) -> list[str]:  # type: ignore[no-untyped-def]
    return [f.code for f in check.verdict.findings if f.severity == Severity.ERROR]


class TestDevices:
    def test_the_lenovo_8240_resolves_by_part_number_and_product_name(self, repo: Neo4jRepository) -> None:
        for name in ("4XC7B03668", "ThinkSystem NVIDIA ConnectX-8 8240"):
            cx8 = repo.device(name)
            assert (cx8.model, cx8.vendor, cx8.device_type.value) == ("4XC7B03668", "Lenovo", "adapter")
        [cage] = repo.device("4XC7B03668").cages
        [nvidia] = repo.device("C8240").cages
        assert (cage.form_factor, cage.count, cage.speeds_gbps) == (
            nvidia.form_factor,
            nvidia.count,
            nvidia.speeds_gbps,
        )
        assert {p.value for p in cage.protocols} == {p.value for p in nvidia.protocols} == {"InfiniBand", "Ethernet"}

    def test_the_rackswitches_resolve_by_model_and_alias(self, repo: Neo4jRepository) -> None:
        assert repo.device("G8052").model == "715952F"
        [sfpp] = repo.device("NE1032").cages
        assert (sfpp.form_factor, sfpp.count, sfpp.speeds_gbps) == ("SFP+", 32, [10.0])


class TestConnectX8:
    def test_the_lenovo_8240_gets_the_answers_of_nvidias_c8240(self, service: CatalogueService) -> None:
        def options(end_a: str) -> list[LinkOption]:
            return service.link_options(
                end_a=EndRequest(device=end_a), end_b=EndRequest(device="C8240"), rate_gbps=400, distance_m=2
            ).options

        lenovo = options("4XC7B03668")
        assert lenovo, "a 2 m 400G QSFP112 link has options"
        assert _chains(lenovo) == _chains(options("900-9X81Q-00CN-ST0"))
        assert all(o.verdict.valid for o in lenovo)

    def test_no_800g_option_the_cages_run_400(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=EndRequest(device="4XC7B03668"), end_b=EndRequest(device="C8240"), rate_gbps=800, distance_m=2
        )
        assert result.options == ()
        assert result.notes, "the empty answer says why"


class TestRackSwitchToThinkSystemAdapter:
    def _sr(self, service: CatalogueService, distance_m: float):  # type: ignore[no-untyped-def]
        return service.check_link(
            LinkRequest(
                end_a=NE1032,
                end_b=BROADCOM_57504,
                distance_m=distance_m,
                module_a="SFP-10G-SR",
                module_b="SFP-10G-SR",
                media=(FiberRequest(fiber_type="OM3", connector="LC/UPC"),),
            )
        )

    def test_10gbase_sr_over_300_m_of_om3_is_valid(self, service: CatalogueService) -> None:
        check = self._sr(service, 300)
        assert check.verdict.valid, check.verdict.findings

    def test_10gbase_sr_over_400_m_of_om3_exceeds_its_reach(self, service: CatalogueService) -> None:
        assert _errors(self._sr(service, 400)) == ["REACH_EXCEEDED"]

    def test_a_qsfp28_module_does_not_fit_the_ne1032_sfp_plus_cage(self, service: CatalogueService) -> None:
        check = service.check_link(
            LinkRequest(
                end_a=NE1032,
                end_b=EndRequest(device="4XC7A97033"),
                distance_m=50,
                module_a="QSFP-100G-SR4-S",
                module_b="QSFP-100G-SR4-S",
                media=(FiberRequest(fiber_type="OM4", connector="MPO-12/UPC"),),
            )
        )
        assert not check.verdict.valid
        assert "FORM_FACTOR_MISMATCH" in _errors(check)

    def test_a_3_m_10g_run_offers_valid_options_into_the_57504(self, service: CatalogueService) -> None:
        options = service.link_options(end_a=NE1032, end_b=BROADCOM_57504, rate_gbps=10, distance_m=3).options
        assert options and all(o.verdict.valid for o in options)
        assert any(p.role == "cable" for o in options for p in o.parts)
