"""Data tests for the Alcatel-Lucent Enterprise (ALE) OmniSwitch switches of devices/ale2.yaml (issue 11,
helper ale2) and the ALE cable numbers of parts/ale2_cables.yaml. No database.

Every expected value is written out from ALE's own documents (sources/ale2.yaml), not from the seed:
the OmniSwitch 6900 datasheet (AM01: "OS6900-X48C6 ... 48 1/10G SFP+ ports and 6 40/100G QSFP28
ports. All QSFP28 ports operate as single 40/100GE port and 2 ports support splitter mode to 4x10GE or
4x25GE"; "OS6900-V48C8 ... 48 1/10/25G SFP28 ports and 8 40/100G QSFP28 ports ... Quad-10/25GE";
"OS6900-X48C4E ... 40 1/10G SFP+ ports, 8 10/25G SFP28 ports and 4 40/100G QSFP28 ports"), the 6860
datasheet (AM02: "OS6860N-U28 ... 24x100/1000 Base-X SFP ports, 4x 1G/10G SFP+ ports, four SFP28
(1G/10G/25G) ports and 2 x 100G QSFP28 Virtual Chassis link ports"), the 6570M datasheet and hardware
guide (AM07/AM08: "(1-20) 100/1000Base-X SFP ports", "(21-24) 100/1000Base-X SFP or ... RJ45 combo",
"(25-30) Uplink/Stacking SFP+ Ports (1G/10G)", "4x1G/10G* ... Default speed is 1G"), the 2260 / 2360
/ 6360 / 6465 / 6560 / 6865 data sheets, and the transceivers guide's compatibility matrices (AM12:
QSFP-4X25G-C supported on OS6860N-P24Z / -P24M, N/S on -P48Z / -P48M / -U28; no SFP-GIG-* 1G module
on the OS6900-V72).
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Device

ALE = "Alcatel-Lucent Enterprise"
Q = ["4x10G", "4x25G"]


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _device(cat: Catalogue, name: str) -> Device:
    found = [d for d in cat.devices if name.casefold() in {a.casefold() for a in [d.model, *d.aliases]}]
    assert len(found) == 1, f"{name!r} names {len(found)} devices"
    return found[0]


def _cages(d: Device) -> list[tuple[str, int, list[float], list[str]]]:
    return [(c.form_factor, c.count, c.speeds_gbps, c.split_modes) for c in d.cages]


# model -> every pluggable cage group: (form factor, count, speeds Gb/s, split modes)
CAGES: dict[str, list[tuple[str, int, list[float], list[str]]]] = {
    # AM01 ordering: 26 SFP+ 1/10GE; 2 QSFP28 100/40GE, "100 GigE or 4x25 GigE or 40 GigE or 4x10 GigE"
    "OS6900-X24C2": [("SFP+", 26, [1, 10], []), ("QSFP28", 2, [40, 100], Q)],
    "OS6900-T24C2": [("SFP+", 2, [1, 10], []), ("QSFP28", 2, [40, 100], Q)],
    # six 40/100G QSFP28, of which only 2 split
    "OS6900-X48C6": [("SFP+", 48, [1, 10], []), ("QSFP28", 4, [40, 100], []), ("QSFP28", 2, [40, 100], Q)],
    "OS6900-T48C6": [("QSFP28", 4, [40, 100], []), ("QSFP28", 2, [40, 100], Q)],
    "OS6900-V48C8": [("SFP28", 48, [1, 10, 25], []), ("QSFP28", 8, [40, 100], Q)],
    "OS6900-X48C4E": [("SFP+", 40, [1, 10], []), ("SFP28", 8, [10, 25], []), ("QSFP28", 4, [40, 100], Q)],
    "OS6900-C32E": [("QSFP28", 32, [40, 100], Q)],
    # "72 (48 SFP28 and 6 QSFP28)"; no 1G SFP module supported (AM12)
    "OS6900-V72": [("SFP28", 48, [10, 25], []), ("QSFP28", 6, [40, 100], Q)],
    "OS6900-C32": [("QSFP28", 32, [40, 100], Q)],
    "OS6860E-P48": [("SFP+", 4, [1, 10], [])],
    "OS6860E-P24Z8": [("SFP+", 4, [1, 10], [])],
    "OS6860N-U28": [
        ("SFP", 24, [0.1, 1], []),
        ("SFP+", 4, [1, 10], []),
        ("SFP28", 4, [1, 10, 25], []),
        ("QSFP28", 2, [40, 100], []),
    ],
    "OS6860N-P24Z": [("SFP28", 4, [1, 10, 25], []), ("QSFP28", 2, [40, 100], Q)],
    "OS6860N-P48Z": [("SFP28", 4, [1, 10, 25], []), ("QSFP28", 2, [40, 100], [])],
    "OS6860N-P24M": [("QSFP28", 2, [40, 100], Q)],
    "OS6860N-P48M": [("QSFP28", 2, [40, 100], [])],
    "OS6865-U12X": [("SFP", 4, [0.1, 1], []), ("SFP", 2, [1], []), ("SFP+", 2, [1, 10], [])],
    "OS6865-U28X": [("SFP", 20, [0.1, 1], []), ("SFP+", 4, [1, 10], [])],
    # 2 x 1G SFP+ (10G with OS6560-SW-PERF) + 4 x 1G/10G SFP+
    "OS6560-P48X4": [("SFP+", 2, [1, 10], []), ("SFP+", 4, [1, 10], [])],
    "OS6560-X10": [("SFP+", 8, [1, 10], [])],
    "OS6560E-P24Z8": [("SFP+", 2, [1, 10], [])],
    "OS6360-P10": [("SFP", 2, [1], [])],
    "OS6360-48": [("SFP", 2, [1], []), ("SFP+", 2, [1, 10], [])],
    "OS6360-P48X": [("SFP+", 2, [1, 10], []), ("SFP+", 2, [1, 10], [])],
    "OS6465-P12": [("SFP", 4, [0.1, 1], [])],
    "OS6465-P28": [("SFP", 2, [0.1, 1], []), ("SFP+", 4, [1, 10], [])],
    "OS6465T-P12": [("SFP", 2, [1], []), ("SFP", 2, [0.1, 1], [])],
    "OS6570M-12": [("SFP", 2, [0.1, 1], []), ("SFP+", 2, [1, 10], [])],
    "OS6570M-U28": [
        ("SFP", 20, [0.1, 1], []),
        ("SFP", 4, [0.1, 1], []),
        ("SFP+", 4, [1, 10], []),
        ("SFP+", 2, [1, 10], []),
    ],
    "OS2260-P10": [("SFP", 4, [1], [])],
    "OS2260-48": [("SFP", 6, [1], [])],
    # 2 SFP (1G), 2 10G SFP+ uplinks, 2 "SFP(+) as 1G uplinks or 10G stacking ports" (1G Ethernet)
    "OS2360-P48X": [("SFP", 2, [1], []), ("SFP+", 2, [1, 10], []), ("SFP+", 2, [1], [])],
    "OS2360-P24X": [("SFP+", 2, [1, 10], []), ("SFP+", 2, [1], [])],
    "OS2360-U48X": [("SFP", 48, [0.1, 1], []), ("SFP", 2, [1], []), ("SFP+", 2, [1, 10], []), ("SFP+", 2, [1], [])],
}


class TestModels:
    def test_every_omniswitch_family_and_its_model_count(self, cat: Catalogue) -> None:
        by_series: dict[str, int] = {}
        for d in cat.devices:
            if d.vendor == ALE:
                by_series[d.series or ""] = by_series.get(d.series or "", 0) + 1
        assert by_series == {
            "OmniSwitch 2260": 6,  # -10, -P10, -24, -P24, -48, -P48
            "OmniSwitch 2360": 8,  # -24, -P24, -48, -P48, -P24X, -P48X, -U24X, -U48X
            "OmniSwitch 6360": 10,  # -10, -P10, -24, -P24, -48, -P48, -PH24, -PH48, -P24X, -P48X
            "OmniSwitch 6465": 3,  # -P6, -P12, -P28
            "OmniSwitch 6465T": 2,  # -12, -P12
            "OmniSwitch 6560": 8,  # -24X4, -P24X4, -48X4, -P48X4, -X10, E-P24Z8, -P24Z24, E-P48Z16
            "OmniSwitch 6570M": 4,  # -12, -12D, -U28, -U28D
            "OmniSwitch 6860": 10,  # E-24, E-P24, E-48, E-P48, E-P24Z8, N-U28, N-P24Z, N-P48Z, N-P24M, N-P48M
            "OmniSwitch 6865": 3,  # -P16X, -U12X, -U28X
            "OmniSwitch 6870": 7,  # devices/ale.yaml
            "OmniSwitch 6900": 9,  # X24C2, T24C2, X48C6, T48C6, V48C8, X48C4E, C32E, V72, C32
        }

    def test_no_omniswitch_9900_chassis_is_loaded(self, cat: Catalogue) -> None:
        # a modular chassis (OS9907/OS9912, CMMs, line cards) has no place in the device model
        assert not [d for d in cat.devices if d.model.startswith(("OS99", "OS9907", "OS9912"))]

    @pytest.mark.parametrize("model", sorted(CAGES))
    def test_cages_counts_speeds_and_splits(self, cat: Catalogue, model: str) -> None:
        d = _device(cat, model)
        assert d.vendor == ALE and d.device_type.value == "switch"
        assert _cages(d) == CAGES[model]
        assert all([p.value for p in c.protocols] == ["Ethernet"] for c in d.cages)

    def test_the_6900_x48c6_splits_only_two_of_its_six_qsfp28(self, cat: Catalogue) -> None:
        d = _device(cat, "OS6900-X48C6")
        splittable = sum(c.count for c in d.cages if "4x25G" in c.split_modes)
        assert splittable == 2  # "2 ports support splitter mode to 4x10GE or 4x25GE"
        assert not [c for c in d.cages if c.form_factor == "SFP28"]

    def test_the_6900_v48c8_reaches_80_ports_at_25g(self, cat: Catalogue) -> None:
        # AM01 p. 2: "Maximum 25G port density is 80 ports" = 48 SFP28 + 8 QSFP28 x 4
        d = _device(cat, "OS6900-V48C8")
        at_25 = sum(c.count for c in d.cages if 25 in c.speeds_gbps)
        at_25 += sum(c.count * 4 for c in d.cages if "4x25G" in c.split_modes)
        assert at_25 == 80

    def test_the_6900_c32e_reaches_128_ports_at_25g(self, cat: Catalogue) -> None:
        # AM01 p. 2: "Maximum 25G port density is 128 ports"
        d = _device(cat, "OS6900-C32E")
        assert sum(c.count * 4 for c in d.cages if "4x25G" in c.split_modes) == 128

    def test_each_cage_cites_an_ale_document(self, cat: Catalogue) -> None:
        ale2 = [d for d in cat.devices if d.vendor == ALE and d.series != "OmniSwitch 6870"]
        assert len(ale2) == 63
        for d in ale2:
            assert d.sources and all(s.startswith("AM") for s in d.sources)
            for c in d.cages:
                assert c.sources and set(c.sources) <= set(d.sources)
                assert all(cat.sources[s].kind.value == "vendor" for s in c.sources)


class TestAliases:
    @pytest.mark.parametrize(
        ("name", "model"),
        [
            ("OmniSwitch 6900-X48C6", "OS6900-X48C6"),
            ("OS6900X48", "OS6900-X48C6"),  # product-matrix / ordering-prefix name
            ("alcatel-lucent-os6900-x48c6", "OS6900-X48C6"),  # NetBox devicetype-library slug
            ("OS6900C32E", "OS6900-C32E"),
            ("OS6900X48E", "OS6900-X48C4E"),
            ("OmniSwitch 6860N-U28", "OS6860N-U28"),
            ("OS6860N-U28-D", "OS6860N-U28"),
            ("OS6860NPH48Z", "OS6860N-P48Z"),  # 600 W bundle, same ports
            ("OS6560-PXZ24", "OS6560-P24Z24"),  # "A bundle of OS6560-P24Z24 with a 920W power supply"
            ("OS6465H-P12", "OS6465-P12"),  # ordered as OS6465H-P12, "OS6465-P12 (ENH-240)"
            ("OS6865-U28XD", "OS6865-U28X"),
            ("alcatel-lucent-os6360-p24", "OS6360-P24"),
        ],
    )
    def test_a_name_users_type_finds_the_model(self, cat: Catalogue, name: str, model: str) -> None:
        assert _device(cat, name).model == model


class TestSources:
    def test_am01_is_the_6900_datasheet_pinned_to_a_commit(self, cat: Catalogue) -> None:
        src = cat.sources["AM01"]
        assert src.kind.value == "vendor"
        assert src.url == (
            "https://github.com/Samuelyip74/ale-nbd-docs/blob/aa402705bfcfff935ba8e555a2a74324c075075f/"
            "docs/_static/OmniSwitch_6900_Datasheet.pdf"
        )

    def test_every_am_source_is_an_ale_document_in_the_pinned_repository(self, cat: Catalogue) -> None:
        am = {k: v for k, v in cat.sources.items() if k.startswith("AM")}
        assert sorted(am) == [f"AM{i:02d}" for i in range(1, 13)]
        for src in am.values():
            assert src.kind.value == "vendor"
            assert src.url.startswith(
                "https://github.com/Samuelyip74/ale-nbd-docs/blob/aa402705bfcfff935ba8e555a2a74324c075075f/docs/_static/"
            )
            assert " " not in src.url


class TestCables:
    def test_os2x60_cbl_sfp_plus_dacs_of_the_2260_and_2360_datasheets(self, cat: Catalogue) -> None:
        # AM10/AM11: "OS2x60-CBL-60CM 1/10G direct attached uplink copper cable (60 cm, SFP+)", -1M, -3M
        rows = [p for p in cat.parts if isinstance(p, Cable) and p.family == "OS2x60-CBL"]
        assert {p.part_number: p.length_m for p in rows} == {
            "OS2x60-CBL-60CM": 0.6,
            "OS2x60-CBL-1M": 1,
            "OS2x60-CBL-3M": 3,
        }
        for p in rows:
            assert (p.vendor, p.cable_type.value, p.rates_gbps) == (ALE, "DAC", [10])
            assert (p.end_a.form_factor, p.end_b.form_factor, p.end_a.plugs, p.end_b.plugs) == ("SFP+", "SFP+", 1, 1)

    @pytest.mark.parametrize(
        ("alias", "pn"),
        [
            ("OS6360-CBL-60CM", "SFP-10G-C60CM"),
            ("OS6360-CBL-1M", "SFP-10G-C1M"),
            ("OS6360-CBL-C3M", "SFP-10G-C3M"),
            ("OS6465T-CBL-60", "SFP-10G-C60CM"),
            ("OS6465T-CBL-3M", "SFP-10G-C3M"),
        ],
    )
    def test_switch_branded_10g_dac_numbers_are_aliases_of_sfp_10g_c(self, cat: Catalogue, alias: str, pn: str) -> None:
        [p] = [p for p in cat.parts if alias in p.aliases]
        assert p.part_number == pn

    @pytest.mark.parametrize("pn", ["QSFP-40G-C5M", "QSFP-25G-C1M", "OS6860-CBL-100", "OS6560-CBL-40"])
    def test_numbers_left_out(self, cat: Catalogue, pn: str) -> None:
        # a length one document contradicts, a misprint, 20G stacking cables
        assert not [p for p in cat.parts if pn in {p.part_number, *p.aliases}]
