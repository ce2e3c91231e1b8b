"""OS1a reach derived from a single-mode PMD's loss budget (no database).

IEEE 802.3 specifies single-mode reach over cabled fiber of 0.4 dB/km (OS2). OS1a inside-plant cable
may lose 1.0 dB/km at 1310 and 1550 nm (SM03), so its reach is what the clause's channel insertion
loss leaves for the fiber once the connection and splice allocation is taken off:

    reach(OS1a) = min(clause reach, (channel_db − allocation_db) / 1.0 dB/km)

    SFP+ ─ SFP-10G-ER ─ N m of OS1a ─ SFP-10G-ER ─ SFP+
        10GBASE-ER: 11 dB channel insertion loss (Table 52-24, SM01), 2 dB allocation (SM02):
        (11 − 2) / 1.0 = 9 km over OS1a (40 km over OS2); every source a secondary copy of clause 52.
    SFP+ ─ SFP-10G-LR ─ 300 m of OS1a ─ SFP-10G-LR ─ SFP+
        10GBASE-LR: no source gives its channel insertion loss: OS1a stays unverified.
"""

from __future__ import annotations

from service.domain.link import FiberRun, Link
from service.rules import optical_reach, reach_basis
from tests.unit.rules.conftest import Kit


def _pair(kit: Kit, module: str, fiber: str, metres: float, connections: int = 0) -> Link:
    run = kit.generic(fiber, kit.module(module).connector, metres)
    if connections:
        run = FiberRun.model_validate({**run.model_dump(), "connections": connections})
    return kit.link(kit.bare("SFP+"), kit.bare("SFP+"), metres, module_a=module, module_b=module, fibers=[run])


def test_the_10gbase_er_os1a_row_is_its_loss_budget_over_os1a_attenuation(kit: Kit) -> None:
    row = next(r for r in kit.ctx.pmds["10GBASE-ER"].reach if r.fiber == "OS1a")
    assert row.loss is not None and row.loss.allocation_db is not None
    assert (row.loss.channel_db, row.loss.allocation_db, row.loss.fiber_db_per_km) == (11.0, 2.0, 1.0)
    derived_m = (row.loss.channel_db - row.loss.allocation_db) / row.loss.fiber_db_per_km * 1000
    assert derived_m == row.max_m == 9000.0
    assert set(row.sources) == {"SM01", "SM02", "SM03"}


def test_10gbase_er_over_300_m_of_os1a_is_verified_at_9_km_on_secondary_copies(kit: Kit) -> None:
    link = _pair(kit, "SFP-10G-ER", "OS1a", 300)
    verdict = kit.check(link)
    assert verdict.valid is True
    assert [f.code for f in verdict.findings if f.code.startswith(("REACH", "INSERTION"))] == []
    reach, sources, pmd = optical_reach(link, kit.ctx)
    assert (reach, pmd) == (9000.0, "10GBASE-ER")
    assert set(sources) == {"SM01", "SM02", "SM03"}
    assert reach_basis(link, kit.ctx) == "standard_secondary"


def test_10gbase_er_over_os2_still_rests_on_the_vendor_datasheet(kit: Kit) -> None:
    link = _pair(kit, "SFP-10G-ER", "OS2", 300)
    assert optical_reach(link, kit.ctx)[0] == 40000.0
    assert reach_basis(link, kit.ctx) == "standard"


def test_10gbase_er_past_9_km_of_os1a_is_rejected_at_the_derived_reach(kit: Kit) -> None:
    verdict = kit.check(_pair(kit, "SFP-10G-ER", "OS1a", 9500))
    assert verdict.valid is False
    [exceeded] = [f for f in verdict.findings if f.code == "REACH_EXCEEDED"]
    assert exceeded.limit == 9000.0


def test_the_os1a_loss_budget_counts_patch_panels_on_a_long_run(kit: Kit) -> None:
    """8.5 km of OS1a is 8.5 dB; five patch panels at 0.5 dB each make 11 dB: within the 11 dB
    budget. Six make 11.5 dB: INSERTION_LOSS_EXCEEDED, though the run is within the 9 km reach."""
    ok = kit.check(_pair(kit, "SFP-10G-ER", "OS1a", 8500, connections=5))
    assert "INSERTION_LOSS_EXCEEDED" not in [f.code for f in ok.findings]
    over = kit.check(_pair(kit, "SFP-10G-ER", "OS1a", 8500, connections=6))
    [loss] = [f for f in over.findings if f.code == "INSERTION_LOSS_EXCEEDED"]
    assert loss.limit == 11.0


def test_10gbase_lr_over_os1a_stays_unverified(kit: Kit) -> None:
    link = _pair(kit, "SFP-10G-LR", "OS1a", 300)
    verdict = kit.check(link)
    assert verdict.valid is True
    assert [f.code for f in verdict.findings if f.code.startswith("REACH")] == ["REACH_UNVERIFIED"]
    assert reach_basis(link, kit.ctx) == "unverified"
