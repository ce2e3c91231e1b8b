"""Issue 12, say the whole link: bare-end attributes, the installed plant, FEC, asked of the
use cases on the real, seeded graph."""

from __future__ import annotations

import pytest

from service.domain.catalogue import Side, TopStyle
from service.errors import InputValidationError
from service.use_cases import CatalogueService, EndRequest, FiberRequest, LinkRequest, PlantRequest

QM9700 = EndRequest(device="QM9700")
DGX_OSFP = EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT, ports=2)


def _twin(module_a: str) -> LinkRequest:
    return LinkRequest(
        end_a=DGX_OSFP,
        end_b=QM9700,
        distance_m=10,
        module_a=module_a,
        module_b="MMA4Z00-NS",
        media=(FiberRequest(part_number="MFP7E10-N010"), FiberRequest(part_number="MFP7E10-N010")),
    )


class TestBareEnds:
    """A bare end says its top style, ports and side (the DGX H100 trap, N37/N21)."""

    def test_a_flat_top_twin_port_osfp_end_refuses_the_finned_module(self, service: CatalogueService) -> None:
        check = service.check_link(_twin("MMA4Z00-NS"), alternatives=False)
        assert check.verdict.valid is False
        assert [(f.code, f.parts) for f in check.verdict.findings if f.severity.value == "error"] == [
            ("TOP_STYLE_MISMATCH", ("MMA4Z00-NS",))
        ]
        assert check.verdict.findings[0].message == (
            "MMA4Z00-NS is finned-top; a flat-top twin-port OSFP cage takes flat-top only "
            "(its riding heat sink needs a flat-top module)"
        )

    def test_the_flat_top_variant_is_valid_at_two_ports_of_400g(self, service: CatalogueService) -> None:
        check = service.check_link(_twin("MMA4Z00-NS-FLT"), alternatives=False)
        assert (check.verdict.valid, check.verdict.rate_gbps, check.verdict.ports) == (True, 400.0, 2)

    def test_link_options_at_a_flat_top_end_offer_only_flat_top_osfp_modules(self, service: CatalogueService) -> None:
        result = service.link_options(end_a=DGX_OSFP, end_b=QM9700, rate_gbps=400, distance_m=10)
        modules_a = [o.link.module_a for o in result.options if o.link.module_a is not None]
        # Twin-port and single-port flat-top modules both fit a bare flat-top end given without a port
        # count; each leads options of its own (a single-port module is no alternative to a twin-port one:
        # the links each serves would change), and a note asks for the port count.
        assert {m.part_number for m in modules_a} == {
            "MMA4Z00-NS-FLT",
            "MMS4X00-NS-FLT",
            "MMA4Z00-NS400",
            "MMS4X00-NS400",
        }
        assert {m.top_style for m in modules_a} == {TopStyle.FLAT}

    def test_a_device_end_cannot_be_given_a_top_style(self, service: CatalogueService) -> None:
        with pytest.raises(InputValidationError, match="bare form factor only"):
            service.resolve_end(EndRequest(device="QM9700", top_style=TopStyle.FLAT), "a")

    def test_ports_must_be_one_or_two(self, service: CatalogueService) -> None:
        with pytest.raises(InputValidationError, match="must be 1"):
            service.resolve_end(EndRequest(form_factor="OSFP", ports=4), "a")

    def test_a_bare_side_is_kept(self, service: CatalogueService) -> None:
        end = service.resolve_end(EndRequest(form_factor="OSFP", side=Side.ADAPTER), "a")
        assert (end.role, end.label) == (Side.ADAPTER, "an OSFP adapter-side cage")


SFP = EndRequest(form_factor="SFP+")


class TestPlant:
    """linkOptions over the installed fiber: only what runs over that grade, at its length."""

    def test_10g_over_200_m_of_om1_offers_lrm_and_nothing_that_needs_om3(self, service: CatalogueService) -> None:
        """10GBASE-SR reaches 33 m over OM1 (S25), so over a 200 m OM1 plant it is rejected; only
        10GBASE-LRM (220 m over OM1 with a mode-conditioning patch cord, S27) reaches, through the
        catalogue's SFP-10G-LRM (PL03). More plant cases: tests/integration/test_plant_loss.py."""
        result = service.link_options(
            end_a=SFP,
            end_b=SFP,
            rate_gbps=10,
            distance_m=200,
            explain=True,
            plant=PlantRequest(fiber_type="OM1", connector="LC/UPC"),
        )
        assert {o.fiber_type for o in (*result.options, *result.rejected)} == {"OM1"}
        assert [(o.pmd, o.reach_m) for o in result.options] == [("10GBASE-LRM", 220.0)]
        sr = [o for o in result.rejected if o.pmd == "10GBASE-SR"]
        assert sr and all(
            [(f.code, f.limit) for f in o.verdict.findings if f.severity.value == "error"] == [("REACH_EXCEEDED", 33.0)]
            for o in sr
        )
        assert result.notes == ()

    def test_10g_over_a_250_m_om3_plant_is_sr_over_that_plant(self, service: CatalogueService) -> None:
        result = service.link_options(
            end_a=SFP,
            end_b=SFP,
            rate_gbps=10,
            distance_m=250,
            plant=PlantRequest(fiber_type="OM3", connector="LC/UPC", patch_panels=2),
        )
        assert {(o.pmd, o.fiber_type, o.reach_m, o.margin_m) for o in result.options} == {
            ("10GBASE-SR", "OM3", 300.0, 50.0)
        }
        assert result.notes[-1].startswith("2 patch panel(s) counted as 2 mated connection(s)")

    def test_an_unknown_plant_grade_is_a_typed_error(self, service: CatalogueService) -> None:
        with pytest.raises(InputValidationError, match="unknown fiber grade 'OM9'"):
            service.link_options(end_a=SFP, end_b=SFP, rate_gbps=10, distance_m=10, plant=PlantRequest("OM9"))
