"""The shared compatibility cases about generations, reach, fit and devices, asked of the seeded
graph through the repository. Values are copied from the project's known-right answers; each test
names its case and sources."""

from __future__ import annotations

import pytest

from service.domain.catalogue import Generation, Pmd
from service.persistence.repository import Neo4jRepository


def _pmd(repo: Neo4jRepository, name: str) -> Pmd:
    return next(p for p in repo.pmds() if p.name == name)


def _gen(repo: Neo4jRepository, name: str) -> Generation:
    return next(g for g in repo.generations() if g.name == name)


def test_c01_10gbase_sr_reaches_300_m_over_om3(repo: Neo4jRepository) -> None:
    """C01: 10GBASE-SR over OM3 reaches 300 m (IEEE 802.3ae clause 52, 2000 MHz·km).

    Sources: Ethernet Alliance blog "10GbE standardized to 400 meters on OM4" (10G-SR 300/400 m);
    Trellix SFP+ technical specifications (10G-SR 26/33/66/82/300 m).
    """
    sr = _pmd(repo, "10GBASE-SR")
    reach = {r.fiber: r for r in sr.reach}
    assert reach["OM3"].max_m == 300.0
    assert {"S24", "S25"} <= set(reach["OM3"].sources)
    assert (sr.clause, sr.rate_gbps, sr.connector) == ("52", 10.0, "LC")
    assert reach["OM4"].max_m == 400.0


def test_c05_fdr_4x_signals_56_25_and_carries_about_54_5_gbps(repo: Neo4jRepository) -> None:
    """C05: 4x FDR signalling 4 × 14.0625 = 56.25 Gb/s (marketed 56 Gb/s); with 64b/66b ≈ 54.5 Gb/s.

    Sources: Linux commit 71eeba161d76 "IB: Add new InfiniBand link speeds" (FDR 14.0625, 64b/66b);
    infiniband.jp per-lane rates.
    """
    fdr = _gen(repo, "FDR")
    assert fdr.lanes == 4 and fdr.lane_rate_gbps == 14.0625
    assert fdr.lanes * fdr.lane_rate_gbps == 56.25
    assert fdr.data_rate_gbps == 56.0
    assert fdr.line_code == "64b/66b"
    assert fdr.effective_data_gbps == pytest.approx(56.25 * 64 / 66, abs=0.01)
    assert round(fdr.effective_data_gbps or 0, 1) == 54.5
    assert "S16" in fdr.sources


def test_c08_edr_hdr_ndr_xdr_rates_and_the_two_lane_modes(repo: Neo4jRepository) -> None:
    """C08: EDR 100, HDR 200, NDR 400, XDR 800 Gb/s (4x); HDR100 = 2 × 50G-PAM4 lanes (100 Gb/s),
    NDR200 = 2 × 100G-PAM4 lanes (200 Gb/s). Per-lane nominal 25 / 50 / 100 / 200 Gb/s.

    Sources: NVIDIA MCP7Y60/MCP7Y70 splitter specifications (HDR/HDR100, 50G-PAM4); NVIDIA
    MMS4X00-NS400 overview (NDR200 mode); ConnectX-8 release notes (XDR 800G); Quantum-X800 notes
    (200G SerDes, secondary).
    """
    rates = {
        g.name: (g.data_rate_gbps, g.lane_data_gbps, g.lanes)
        for g in repo.generations()
        if g.name in {"EDR", "HDR", "NDR", "XDR"}
    }
    assert rates == {
        "EDR": (100.0, 25.0, 4),
        "HDR": (200.0, 50.0, 4),
        "NDR": (400.0, 100.0, 4),
        "XDR": (800.0, 200.0, 4),
    }
    hdr100 = _gen(repo, "HDR").narrow_modes
    ndr200 = _gen(repo, "NDR").narrow_modes
    assert [(m.name, m.lanes, m.data_rate_gbps) for m in hdr100] == [("HDR100", 2, 100.0)]
    assert [(m.name, m.lanes, m.data_rate_gbps) for m in ndr200] == [("NDR200", 2, 200.0)]
    assert _gen(repo, "HDR").modulation == _gen(repo, "NDR").modulation == "PAM4"


def test_c08_generations_rank_for_highest_common_rate(repo: Neo4jRepository) -> None:
    """Mixed generations on one link run at the highest common rate, so the order must be SDR … XDR."""
    ib = [g for g in repo.generations() if g.family.value == "InfiniBand"]
    assert [g.name for g in sorted(ib, key=lambda g: g.order)] == [
        "SDR",
        "DDR",
        "QDR",
        "FDR10",
        "FDR",
        "EDR",
        "HDR",
        "NDR",
        "XDR",
    ]
    assert [g.data_rate_gbps for g in sorted(ib, key=lambda g: g.order)] == [
        10.0,
        20.0,
        40.0,
        40.0,
        56.0,
        100.0,
        200.0,
        400.0,
        800.0,
    ]


def test_c09_qm9700_has_64_ndr_ports_in_32_osfp_cages(repo: Neo4jRepository) -> None:
    """C09: QM9700 — 64 NDR 400 Gb/s ports in 32 OSFP cages; each twin-port cage carries 2 logical ports.

    Sources: NVIDIA QM97x0 user manual, Interfaces (2 logical IB ports per OSFP cage, 40-400 Gb/s).
    The mailing-list copy of the mlx-platform patch (N32) stays a device note, never a cage source.
    """
    qm = repo.device("QM9700")
    assert qm.model == "MQM9700-NS2F"
    [cage] = qm.cages
    assert (cage.form_factor, cage.count, cage.logical_ports_per_cage) == ("OSFP", 32, 2)
    assert cage.count * cage.logical_ports_per_cage == 64
    assert 400.0 in cage.speeds_gbps
    assert "N08" in cage.sources
    assert "N32" not in cage.sources


def test_c21_a_qsfp28_module_fits_a_qsfp_dd_port(repo: Neo4jRepository) -> None:
    """C21: QSFP-DD is backward compatible with QSFP+ and QSFP28 modules and cables.

    Sources: QSFP-DD MSA press release 2016-09-19; Converge Digest "New QSFP-DD MSA targets 400G".
    """
    fits = {f.cage: f for f in repo.form_factor("QSFP28").fits_in}
    assert "QSFP-DD" in fits
    assert {"S45", "S46"} <= set(fits["QSFP-DD"].sources)
    assert "QSFP-DD" in {f.cage for f in repo.form_factor("QSFP+").fits_in}
    assert "QSFP28" not in {f.cage for f in repo.form_factor("QSFP-DD").fits_in}  # not the other way round


def test_c25_100gbase_sr4_reach_connector_and_lanes(repo: Neo4jRepository) -> None:
    """C25: 100GBASE-SR4 — OM3 70 m, OM4 100 m; 4 × 25G lanes over 8 fibers on an MPO-12 (802.3bm, cl. 95).

    Sources: Belden blog "100GBASE-SR4 well underway" (clause 95); ICT Today (BICSI) Nov/Dec p. 39.
    """
    sr4 = _pmd(repo, "100GBASE-SR4")
    reach = {r.fiber: r.max_m for r in sr4.reach}
    assert (reach["OM3"], reach["OM4"]) == (70.0, 100.0)
    assert (sr4.connector, sr4.lanes, sr4.fibers, sr4.rate_gbps) == ("MPO-12", 4, 8, 100.0)
    assert (sr4.standard, sr4.clause) == ("IEEE 802.3bm", "95")
    assert not sr4.secondary_only
