"""Bare ends that say what the user knows of the cage (top style, logical ports, side), and the
fit rules that use it. Pure: no database.

The DGX H100 trap (NVIDIA DGX H100 user guide, N37; MMA4Z00-NS-FLT notes, N21)::

    flat-top twin-port OSFP cage ── MMA4Z00-NS (finned) ══ fiber ══ ...   → TOP_STYLE_MISMATCH
"""

from __future__ import annotations

from service.domain.catalogue import Side, TopStyle
from tests.unit.rules.conftest import Kit


def _errors(kit: Kit, link) -> list[tuple[str, tuple[str, ...]]]:  # type: ignore[no-untyped-def]
    return [(f.code, f.parts) for f in kit.check(link).findings if f.severity.value == "error"]


def _ndr(kit: Kit, end_a, module_a: str):  # type: ignore[no-untyped-def]
    return kit.link(
        end_a,
        kit.device("QM9700"),
        10,
        module_a=module_a,
        module_b="MMA4Z00-NS",
        fibers=[kit.fiber("MFP7E10-N010"), kit.fiber("MFP7E10-N010")],
    )


def test_a_bare_flat_top_osfp_end_refuses_a_finned_twin_port_module(kit: Kit) -> None:
    """The DGX H100 trap: a flat-top OSFP cage takes MMA4Z00-NS-FLT, never the finned MMA4Z00-NS."""
    flat = kit.bare("OSFP", top_style=TopStyle.FLAT, ports=2)
    link = _ndr(kit, flat, "MMA4Z00-NS")
    assert _errors(kit, link) == [("TOP_STYLE_MISMATCH", ("MMA4Z00-NS",))]
    finding = next(f for f in kit.check(link).findings if f.code == "TOP_STYLE_MISMATCH")
    assert finding.message == (
        "MMA4Z00-NS is finned-top; an OSFP cage takes flat-top only (its riding heat sink needs a flat-top module)"
    )
    assert finding.fix == "use the flat-top variant in an OSFP cage"


def test_the_flat_top_twin_port_module_fits_the_same_bare_end(kit: Kit) -> None:
    flat = kit.bare("OSFP", top_style=TopStyle.FLAT, ports=2)
    verdict = kit.check(_ndr(kit, flat, "MMA4Z00-NS-FLT"))
    assert (verdict.valid, verdict.rate_gbps, verdict.ports) == (True, 400.0, 2)


def test_a_bare_osfp_end_that_says_nothing_checks_no_top_style(kit: Kit) -> None:
    """What the user did not state is not checked (no top style, ports or side assumed)."""
    verdict = kit.check(_ndr(kit, kit.bare("OSFP"), "MMA4Z00-NS"))
    assert verdict.valid is True


def test_a_bare_single_port_end_refuses_a_twin_port_module(kit: Kit) -> None:
    single = kit.bare("OSFP", ports=1)
    link = _ndr(kit, single, "MMA4Z00-NS")
    assert _errors(kit, link) == [("PORT_COUNT_MISMATCH", ("MMA4Z00-NS",))]


def test_a_bare_adapter_side_end_refuses_a_switch_side_module(kit: Kit) -> None:
    """MMA4Z00-NS is made for Quantum-2 / Spectrum-4 switch cages (N03, N21)."""
    adapter = kit.bare("OSFP", side=Side.ADAPTER)
    link = _ndr(kit, adapter, "MMA4Z00-NS")
    assert _errors(kit, link) == [("WRONG_SIDE", ("MMA4Z00-NS",))]
