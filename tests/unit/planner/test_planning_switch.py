"""Reading a catalogue switch as the planner's SwitchSpec (pure: catalogue models built here, no DB).

The cage rows are copies of the shipped seed rows (seed/data/devices/*.yaml) with their source ids;
the expected radix, speeds and splits are what the cited documents say.
"""

from __future__ import annotations

import pytest

from service.domain.catalogue import Cage, Device, DeviceType, FormFactor, Generation, NarrowMode, Protocol
from service.errors import InputValidationError
from service.planning import rate_gbps, switch_spec

GENERATIONS = [
    Generation(
        id="IB-HDR",
        family=Protocol.INFINIBAND,
        name="HDR",
        lanes=4,
        data_rate_gbps=200,
        order=7,
        narrow_modes=[NarrowMode(name="HDR100", lanes=2, data_rate_gbps=100, sources=["S10"])],
        sources=["S10"],
    ),
    Generation(
        id="IB-NDR",
        family=Protocol.INFINIBAND,
        name="NDR",
        lanes=4,
        data_rate_gbps=400,
        order=8,
        narrow_modes=[NarrowMode(name="NDR200", lanes=2, data_rate_gbps=200, sources=["S04"])],
        sources=["S04"],
    ),
]
OSFP = FormFactor(name="OSFP", lanes=8, msa="OSFP MSA", max_rate_gbps=800, sources=["x"])
QSFP56 = FormFactor(name="QSFP56", lanes=4, msa="SFF-8665", max_rate_gbps=200, sources=["x"])


def _switch(model: str, cage: Cage) -> Device:
    return Device(model=model, name=model, vendor="NVIDIA", device_type=DeviceType.SWITCH, cages=[cage], sources=["x"])


QM9700_CAGE = Cage(
    id="osfp",
    form_factor="OSFP",
    count=32,
    logical_ports_per_cage=2,
    speeds_gbps=[40, 56, 100, 200, 400],
    split_modes=["2xNDR200", "2xHDR100"],
    protocols=[Protocol.INFINIBAND],
    sources=["N08", "N32", "N16", "N33"],
)
SN5600_CAGE = Cage(
    id="osfp",
    form_factor="OSFP",
    count=64,
    logical_ports_per_cage=2,
    speeds_gbps=[10, 25, 50, 100, 200, 400, 800],
    split_modes=["2x400G", "4x200G"],
    protocols=[Protocol.ETHERNET],
    sources=["S49", "E31", "S03"],
)
QM8700_CAGE = Cage(
    id="qsfp56",
    form_factor="QSFP56",
    count=40,
    speeds_gbps=[200],
    split_modes=["2xHDR100"],
    protocols=[Protocol.INFINIBAND],
    sources=["N36", "N28", "N48"],
)


def test_qm9700_is_64_ndr_ports_in_32_twin_port_cages_with_ndr200_and_hdr100_splits() -> None:
    """QM9700: 32 OSFP cages x 2 logical ports = 64 x 400 Gb/s NDR; 2xNDR200 = 2 x 200 Gb/s per port
    (QM97X0 user manual, Interfaces [N08]; NDR200 = 2 lanes of NDR, IBTA [S04])."""
    choice = switch_spec(_switch("MQM9700-NS2F", QM9700_CAGE), QM9700_CAGE, form_factor=OSFP, generations=GENERATIONS)
    spec = choice.spec
    assert (spec.model, spec.radix, spec.port_speed_gbps, spec.cages, spec.ports_per_cage) == (
        "MQM9700-NS2F",
        64,
        400,
        32,
        2,
    )
    assert [(m.name, m.legs, m.leg_speed_gbps) for m in spec.split_modes] == [
        ("2xNDR200", 2, 200),
        ("2xHDR100", 2, 100),
    ]
    assert choice.notes == ()


def test_qm8700_is_40_hdr_ports_with_the_hdr100_split() -> None:
    """QM8700: 40 QSFP56 HDR 200 Gb/s ports [N36, N28]; 2xHDR100 = 2 x 100 Gb/s [N48]."""
    spec = switch_spec(
        _switch("MQM8700-HS2F", QM8700_CAGE), QM8700_CAGE, form_factor=QSFP56, generations=GENERATIONS
    ).spec
    assert (spec.radix, spec.port_speed_gbps, spec.ports_per_cage) == (40, 200, 1)
    assert [(m.name, m.legs, m.leg_speed_gbps) for m in spec.split_modes] == [("2xHDR100", 2, 100)]


def test_sn5600_twin_port_cage_speed_800_is_the_whole_cage_so_ports_run_at_400() -> None:
    """SN5600: "64 ports at 800GbE, 128 at 400GbE, up to 256 at 200/100/50/25/10GbE" [S49]. The
    catalogue lists 800 with the per-port speeds; an OSFP cage carries 800 Gb/s (OSFP MSA), so two
    logical ports run at 400 each, and the cage's 4x200G is 2 x 200 Gb/s per port."""
    choice = switch_spec(_switch("SN5600", SN5600_CAGE), SN5600_CAGE, form_factor=OSFP, generations=GENERATIONS)
    spec = choice.spec
    assert (spec.radix, spec.port_speed_gbps) == (128, 400)
    assert [(m.name, m.legs, m.leg_speed_gbps) for m in spec.split_modes] == [("4x200G", 2, 200)]
    assert any("2x400G" in note and "not a port split" in note for note in choice.notes)


def test_a_pinned_port_speed_must_be_one_the_cage_lists() -> None:
    device = _switch("MQM9700-NS2F", QM9700_CAGE)
    spec = switch_spec(device, QM9700_CAGE, form_factor=OSFP, generations=GENERATIONS, port_speed_gbps=200).spec
    assert spec.port_speed_gbps == 200
    assert [m.name for m in spec.split_modes] == ["2xHDR100"]  # 2 x 200 no longer fits a 200 Gb/s port
    with pytest.raises(InputValidationError, match="not 300"):
        switch_spec(device, QM9700_CAGE, form_factor=OSFP, generations=GENERATIONS, port_speed_gbps=300)


def test_an_adapter_is_not_a_switch() -> None:
    cage = Cage(
        id="osfp",
        form_factor="OSFP",
        count=1,
        speeds_gbps=[400],
        protocols=[Protocol.INFINIBAND],
        sources=["N24"],
    )
    adapter = Device(
        model="MCX75310AAS-NEAT",
        name="ConnectX-7",
        vendor="NVIDIA",
        device_type=DeviceType.ADAPTER,
        cages=[cage],
        sources=["N24"],
    )
    with pytest.raises(InputValidationError, match="MCX75310AAS-NEAT is not a switch"):
        switch_spec(adapter, cage, form_factor=OSFP, generations=GENERATIONS)


@pytest.mark.parametrize(
    ("text", "gbps"),
    [
        ("NDR200", 200),
        ("ndr", 400),
        ("HDR100", 100),
        ("HDR", 200),
        ("200G", 200),
        ("100", 100),
        ("400 Gb/s", 400),
        ("EDR", None),
        ("fast", None),
    ],
)
def test_rate_names_come_from_the_catalogue_generations(text: str, gbps: float | None) -> None:
    """NDR200 / HDR100 are the IBTA narrow modes (2 lanes) of NDR / HDR [S04, S10]."""
    assert rate_gbps(text, GENERATIONS) == gbps
