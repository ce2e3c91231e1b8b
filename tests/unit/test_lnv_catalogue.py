"""Data tests for the rows of the "lnv" helper (issue 11, catalogue breadth: Lenovo):
devices/lnv.yaml with sources/lnv.yaml. No database.

Every expected value is written out from the sources themselves:
- Lenovo's product guide for the ThinkSystem NVIDIA ConnectX-8 8240 adapter (LV01), Table 1
  "4XC7B03668 | C9AQ | ThinkSystem NVIDIA ConnectX-8 8240 400Gbs IB /400GbE QSFP112 2-Port PCIe Gen6
  x16 (Generic FW) | 900-9X81Q-00CN-ST0" and "two QSFP112 interfaces ... either 400Gb NDR InfiniBand
  or 400 Gb Ethernet";
- NetBox devicetype-library files (LV02-LV13, secondary), e.g. NE1032 "Ethernet1/1 ... Ethernet1/32
  10gbase-x-sfpp"; 4XC7A80566 "ThinkSystem Broadcom 57504 10/25GbE SFP28 4-port PCIe Ethernet Adapter"
  with 25GE1/{module}/1-4 25gbase-x-sfp28.

No Lenovo transceiver or cable is loaded from this helper's sources: the Lenovo Press part-number
tables were not readable in any stored corpus (sources/lnv.yaml says why). The Lenovo cables loaded
since rest only on a web shop's catalogue export (parts/breadth_lenovo.yaml, LB01/LB02, secondary).
"""

from __future__ import annotations

from collections import Counter

import pytest

from seed.catalogue import Catalogue, load_catalogue

LENOVO = "Lenovo"
NETBOX = "https://github.com/netbox-community/devicetype-library/blob/"


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _device(cat: Catalogue, model: str):  # type: ignore[no-untyped-def]
    [d] = [d for d in cat.devices if d.model == model]
    return d


def _cages(cat: Catalogue, model: str) -> list[tuple[str, int, list[float], set[str]]]:
    return [
        (c.form_factor, c.count, list(c.speeds_gbps), {p.value for p in c.protocols}) for c in _device(cat, model).cages
    ]


class TestSources:
    def test_the_lenovo_product_guide_is_a_vendor_document(self, cat: Catalogue) -> None:
        src = cat.sources["LV01"]
        assert src.kind.value == "vendor"
        assert src.url == "https://manuals.plus/lenovo/dsp0274-think-system-adapter-manual"
        assert "900-9X81Q-00CN-ST0" in src.section and "4XC7B03668" in src.section

    @pytest.mark.parametrize(
        ("sid", "path"),
        [
            ("LV02", "c14e3c99e13f80f3da3580bf01223146e663db5e/device-types/Lenovo/NE1032.yaml"),
            ("LV03", "504a767e68256a7998a12862ca5c7cad3ca62646/device-types/Lenovo/RackSwitch-G8052.yaml"),
            ("LV04", "105280296f666c2fe4e2e83d6ad7cefe43d68538/module-types/Lenovo/4XC7A62580.yaml"),
            ("LV05", "44bc4b208b546c428707cb3c2cf7d355df1a7153/module-types/Lenovo/4XC7A08246.yaml"),
            ("LV06", "3b3e204ad7fdfb6e512c7702cbfffb8ae0acd0f3/module-types/Lenovo/4XC7A08249.yaml"),
            ("LV07", "12a98291d3098bed08a0d702b004d473153a15ab/module-types/Lenovo/7ZT7A00507.yaml"),
            ("LV08", "1789f8e474d1a07991ddcae03bd2d58bbb22cee6/module-types/Lenovo/01GR250.yaml"),
            ("LV09", "1fdd3d621278ec37651a495008fb5e8fd5837f34/module-types/Lenovo/4XC7A80566.yml"),
            ("LV10", "442eca043eeadd2b17671e68a3e73b427e030862/module-types/Lenovo/4XC7A80567.yml"),
            ("LV11", "455949272cb0c6b1d6179723838c372490fa27b5/module-types/Lenovo/7ZT7A00546.yaml"),
            ("LV12", "442eca043eeadd2b17671e68a3e73b427e030862/module-types/Lenovo/7ZT7A00547.yaml"),
            ("LV13", "a617e36c87b2d9e962a8029039d74157c4ac132f/module-types/Lenovo/4XC7A97033.yaml"),
        ],
    )
    def test_netbox_files_are_secondary_and_pinned_to_a_commit(self, cat: Catalogue, sid: str, path: str) -> None:
        src = cat.sources[sid]
        assert src.kind.value == "secondary"
        assert src.url == NETBOX + path

    def test_every_lv_source_is_cited_by_a_lenovo_device(self, cat: Catalogue) -> None:
        cited: set[str] = set()
        for d in cat.devices:
            if d.vendor == LENOVO:
                cited |= set(d.sources)
                for c in d.cages:
                    cited |= set(c.sources)
        assert {i for i in cat.sources if i.startswith("LV")} == cited == {f"LV{n:02d}" for n in range(1, 14)}


class TestCounts:
    def test_lenovo_devices(self, cat: Catalogue) -> None:
        rows = [d for d in cat.devices if d.vendor == LENOVO]
        assert dict(Counter(d.device_type.value for d in rows)) == {"adapter": 11, "switch": 2}

    def test_lenovo_part_numbers_rest_only_on_the_secondary_catalogue_export(self, cat: Catalogue) -> None:
        """No Lenovo part number cites a Lenovo document (none was readable); each one cites only the
        web shop's export LB01/LB02 (parts/breadth_lenovo.yaml) and is flagged as secondary-only."""
        rows = [p for p in cat.parts if p.vendor == LENOVO]
        assert len(rows) == 71
        assert {tuple(p.sources) for p in rows} == {("LB01", "LB02")}
        assert all(cat.secondary_only(p.sources) for p in rows)

    def test_device_models_stay_unique(self, cat: Catalogue) -> None:
        models = [d.model for d in cat.devices]
        assert len(models) == len(set(models))


class TestConnectX8:
    def test_the_lenovo_8240_is_nvidias_c8240_by_lenovos_own_table(self, cat: Catalogue) -> None:
        lenovo = _device(cat, "4XC7B03668")
        assert (lenovo.vendor, lenovo.device_type.value, lenovo.series) == (LENOVO, "adapter", "ConnectX-8")
        assert any("NVIDIA equivalent '900-9X81Q-00CN-ST0'" in n for n in lenovo.notes)
        assert any("C9AQ" in n for n in lenovo.notes)
        assert lenovo.sources == ["LV01"]

    def test_two_qsfp112_cages_at_400_ndr_infiniband_or_400gbe(self, cat: Catalogue) -> None:
        assert _cages(cat, "4XC7B03668") == [("QSFP112", 2, [400.0], {"InfiniBand", "Ethernet"})]

    def test_its_cages_are_the_nvidia_c8240s(self, cat: Catalogue) -> None:
        assert _cages(cat, "4XC7B03668") == _cages(cat, "900-9X81Q-00CN-ST0")


class TestNetBoxDevices:
    @pytest.mark.parametrize(
        ("model", "device_type", "cages"),
        [
            ("NE1032", "switch", [("SFP+", 32, [10.0], {"Ethernet"})]),
            ("715952F", "switch", [("SFP+", 4, [10.0], {"Ethernet"})]),
            ("4XC7A62580", "adapter", [("SFP28", 2, [10.0, 25.0], {"Ethernet"})]),
            ("4XC7A08246", "adapter", [("SFP28", 2, [10.0, 25.0], {"Ethernet"})]),
            ("4XC7A08249", "adapter", [("SFP28", 2, [10.0, 25.0], {"Ethernet"})]),
            ("7ZT7A00507", "adapter", [("SFP28", 2, [10.0, 25.0], {"Ethernet"})]),
            ("01GR250", "adapter", [("SFP28", 2, [10.0, 25.0], {"Ethernet"})]),
            ("4XC7A80566", "adapter", [("SFP28", 4, [10.0, 25.0], {"Ethernet"})]),
            ("4XC7A80567", "adapter", [("SFP28", 4, [10.0, 25.0], {"Ethernet"})]),
            ("7ZT7A00546", "adapter", [("SFP+", 2, [10.0], {"Ethernet"})]),
            ("7ZT7A00547", "adapter", [("SFP+", 4, [10.0], {"Ethernet"})]),
            ("4XC7A97033", "adapter", [("QSFP28", 2, [100.0], {"Ethernet"})]),
        ],
    )
    def test_cages_as_the_netbox_file_lists_them(
        self, cat: Catalogue, model: str, device_type: str, cages: list[tuple[str, int, list[float], set[str]]]
    ) -> None:
        device = _device(cat, model)
        assert (device.vendor, device.device_type.value) == (LENOVO, device_type)
        assert _cages(cat, model) == cages

    def test_the_g8052_rj45_ports_are_not_modelled(self, cat: Catalogue) -> None:
        g8052 = _device(cat, "715952F")
        assert "G8052" in g8052.aliases and "RackSwitch G8052" in g8052.aliases
        assert any("48 x 1000BASE-T RJ-45 ports are not modelled" in n for n in g8052.notes)
