"""Every InfiniBand generation in generations.yaml has a switch, an adapter and a cable that run it
(issue 11), and the older-generation devices and cable carry exactly what their sources state.

A device runs a generation when one of its InfiniBand cages lists the generation's 4x data rate
(SDR 10, DDR 20, QDR 40, FDR10 40, FDR 56, EDR 100, HDR 200, NDR 400, XDR 800 Gb/s); a cable runs it
when it is an InfiniBand cable whose rates list that rate. DPUs and systems count as adapters (fabric
endpoints). The one known gap is written out below with its reason, so the test fails both when a new
gap appears and when the known one is filled (then the list must shrink).

Legacy sources (sources/legacy.yaml, all secondary): KCORES adapter list rows for ConnectX-2 (LG01),
the ConnectX-2 VPI manual's title page (LG02), the IS5022 manual's title page (LG03), the InfiniScale
IV chip's SDR/DDR/QDR link rates (LG04), QSFP cables for DDR/QDR/FDR (LG05), MC2206130-002 as a
40-Gbps QSFP+ passive copper VPI cable (LG06).
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Device, DeviceType, Protocol

# (generation name, role) -> why no sourced row exists yet
KNOWN_GAPS = {
    ("SDR", "cable"): "SDR ran over CX4 cables [LG05]; no CX4 cable part number was retrieved",
}


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _runs(device: Device, rate: float) -> bool:
    return any(Protocol.INFINIBAND in c.protocols and rate in c.speeds_gbps for c in device.cages)


def _gaps(cat: Catalogue) -> dict[tuple[str, str], str]:
    gaps: dict[tuple[str, str], str] = {}
    for gen in (g for g in cat.generations if g.family == Protocol.INFINIBAND):
        rate = gen.data_rate_gbps
        switches = [d for d in cat.devices if d.device_type == DeviceType.SWITCH and _runs(d, rate)]
        endpoints = [d for d in cat.devices if d.device_type != DeviceType.SWITCH and _runs(d, rate)]
        cables = [
            p for p in cat.parts if isinstance(p, Cable) and Protocol.INFINIBAND in p.protocols and rate in p.rates_gbps
        ]
        for role, found in (("switch", switches), ("adapter", endpoints), ("cable", cables)):
            if not found:
                gaps[(gen.name, role)] = f"no {role} runs {gen.name} ({rate:g} Gb/s)"
    return gaps


def test_every_infiniband_generation_from_sdr_to_xdr_is_loaded(cat: Catalogue) -> None:
    names = [g.name for g in sorted(cat.generations, key=lambda g: g.order) if g.family == Protocol.INFINIBAND]
    assert names == ["SDR", "DDR", "QDR", "FDR10", "FDR", "EDR", "HDR", "NDR", "XDR"]


def test_every_generation_has_a_switch_an_adapter_and_a_cable_but_the_known_gaps(cat: Catalogue) -> None:
    gaps = _gaps(cat)
    new = {k: v for k, v in gaps.items() if k not in KNOWN_GAPS}
    filled = sorted(k for k in KNOWN_GAPS if k not in gaps)
    assert not new, f"generations missing a switch, adapter or cable: {sorted(new.values())}"
    assert not filled, f"known gaps now filled, remove them from KNOWN_GAPS: {filled}"


@pytest.mark.parametrize(
    ("generation", "switch", "adapter", "cable"),
    [
        ("DDR", "MIS5022Q-1BFR", "MHRH29B-XTR", "MC2206130-002"),
        ("QDR", "MIS5022Q-1BFR", "MHQH29B-XTR", "MC2206130-002"),
        ("FDR", "SX6036", "MCX455A-ECAT", "MC2207128-003"),
    ],
)
def test_the_older_generations_are_served_by_the_legacy_rows(
    cat: Catalogue, generation: str, switch: str, adapter: str, cable: str
) -> None:
    rate = next(g.data_rate_gbps for g in cat.generations if g.name == generation)
    devices = {d.model: d for d in cat.devices}
    parts = {p.part_number: p for p in cat.parts}
    assert _runs(devices[switch], rate)
    assert _runs(devices[adapter], rate)
    cab = parts[cable]
    assert isinstance(cab, Cable)
    assert rate in cab.rates_gbps


# model -> (type, series, form factor, cage count, speeds Gb/s, protocols, sources)
LEGACY_DEVICES = {
    "MIS5022Q-1BFR": ("switch", "InfiniScale IV", "QSFP+", 8, [10, 20, 40], {"InfiniBand"}, {"LG03", "LG04"}),
    "MHQH29B-XTR": ("adapter", "ConnectX-2", "QSFP+", 2, [1, 10, 20, 40], {"InfiniBand", "Ethernet"}, {"LG01", "LG02"}),
    "MHRH29B-XTR": ("adapter", "ConnectX-2", "QSFP+", 2, [10, 20], {"InfiniBand"}, {"LG01", "LG02"}),
}


@pytest.mark.parametrize("model", sorted(LEGACY_DEVICES))
def test_legacy_devices_carry_the_cages_and_rates_their_sources_state(cat: Catalogue, model: str) -> None:
    dtype, series, ff, count, speeds, protocols, sources = LEGACY_DEVICES[model]
    [device] = [d for d in cat.devices if d.model == model]
    assert (device.device_type.value, device.series) == (dtype, series)
    [cage] = device.cages
    assert (cage.form_factor, cage.count, cage.speeds_gbps) == (ff, count, speeds)
    assert {p.value for p in cage.protocols} == protocols
    assert set(cage.sources) == sources
    # every legacy source is a third-party copy or community list: secondary, never primary
    assert not cat.primary_backed(device.sources)


@pytest.mark.parametrize(
    ("alias", "model"),
    [("IS5022", "MIS5022Q-1BFR"), ("MIS5022Q-1BRR", "MIS5022Q-1BFR"), ("MHQH29B-XSR", "MHQH29B-XTR")],
)
def test_legacy_devices_answer_to_their_aliases(cat: Catalogue, alias: str, model: str) -> None:
    assert [d.model for d in cat.devices if alias.casefold() in {a.casefold() for a in [d.model, *d.aliases]}] == [
        model
    ]


def test_the_qdr_passive_copper_cable_is_a_2_m_qsfp_dac_for_ddr_and_qdr(cat: Catalogue) -> None:
    [cab] = [p for p in cat.parts if p.part_number == "MC2206130-002"]
    assert isinstance(cab, Cable)
    assert (cab.cable_type.value, cab.length_m, cab.rates_gbps) == ("DAC", 2, [20, 40])
    assert (cab.end_a.form_factor, cab.end_b.form_factor, cab.end_a.lanes) == ("QSFP+", "QSFP+", 4)
    assert {p.value for p in cab.protocols} == {"InfiniBand", "Ethernet"}
    assert set(cab.sources) == {"LG05", "LG06"}
