"""NVIDIA (Mellanox) optics of the nvo branch (issue 11, catalogue breadth), checked against the
documents that state them (written out here from those documents, read 2026-12-01, not from the seed):

- NVIDIA Cable Management Guidelines and FAQ, "Cable and Connector Definitions" (N41, vendor): the
  MMS1C10-CM row "PSM4, QSFP, 500m", 2x4 fiber single mode, MPO/APC (8 fiber, angle polished); QSFP28
  is NVIDIA's 100GbE / EDR QSFP;
- NVIDIA's MFS1S50-V0xxE ordering table (N40, vendor): MFS1S50-V003E … -V030E, "Active fiber cable,
  200GbE, 200Gb/s, QSFP56, LSZH, 3m / 5m / 10m / 15m / 20m / 30m" — the whole table;
- the LinkX-hub snapshot (NX02/NF02, secondary): MFA7U10-H00x finned OSFP head, six ordering numbers
  980-9I41X-00H003 … 980-9I117-00H030, max 30 m.

The brief's other families (MFP7E10/E20/E30/E40, MFA7U40-H, MFS1S50-H, MFS1S90-H, MFS1S00-V, MFA1A00,
MFA7A20/A50, MFA2P10) have no NVIDIA ordering table in the search corpora; nothing was added to them
(sources/nvo.yaml lists what was searched), and MFA7U40-H / MFP7E40 stay out of the catalogue.
"""

from __future__ import annotations

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Transceiver


@pytest.fixture(scope="module")
def cat() -> Catalogue:
    return load_catalogue()


def _family(cat: Catalogue, family: str) -> list[Cable]:
    rows = [p for p in cat.parts if isinstance(p, Cable) and p.family == family]
    return sorted(rows, key=lambda p: p.length_m or 0)


class TestMms1c10Cm:
    def test_the_psm4_module_is_as_nvidias_connector_table_states(self, cat: Catalogue) -> None:
        [part] = [p for p in cat.parts if p.part_number == "MMS1C10-CM"]
        assert isinstance(part, Transceiver)
        assert (part.vendor, part.form_factor, part.ports, part.rates_gbps, part.pmds) == (
            "NVIDIA",
            "QSFP28",
            1,
            [100.0],
            ["100G-PSM4"],
        )
        assert (part.connector, part.side.value, [p.value for p in part.protocols]) == (
            "MPO-12/APC",
            "any",
            ["Ethernet"],
        )
        assert [(r.fiber, r.max_m, r.sources) for r in part.reach] == [("OS2", 500.0, ["N41"])]
        assert part.sources == ["N41"]

    def test_its_pmd_is_single_mode_parallel_at_100g(self, cat: Catalogue) -> None:
        [pmd] = [p for p in cat.pmds if p.name == "100G-PSM4"]
        assert (pmd.rate_gbps, pmd.lanes, pmd.fibers, pmd.media) == (100, 4, 8, "SMF")


class TestNvidiaOrderingTablesLoadedWhole:
    def test_mfs1s50_v_is_nvidias_whole_ordering_table(self, cat: Catalogue) -> None:
        """N40: six OPNs, 3 to 30 m, nothing else."""
        assert [(p.part_number, p.length_m) for p in _family(cat, "MFS1S50-V")] == [
            ("MFS1S50-V003E", 3),
            ("MFS1S50-V005E", 5),
            ("MFS1S50-V010E", 10),
            ("MFS1S50-V015E", 15),
            ("MFS1S50-V020E", 20),
            ("MFS1S50-V030E", 30),
        ]

    def test_mfa7u10_h_finned_has_the_six_ordering_numbers(self, cat: Catalogue) -> None:
        assert [(p.part_number, p.length_m, p.aliases) for p in _family(cat, "MFA7U10-H")] == [
            ("MFA7U10-H003", 3, ["980-9I41X-00H003"]),
            ("MFA7U10-H005", 5, ["980-9I11Z-00H005"]),
            ("MFA7U10-H010", 10, ["980-9I111-00H010"]),
            ("MFA7U10-H015", 15, ["980-9I113-00H015"]),
            ("MFA7U10-H020", 20, ["980-9I115-00H020"]),
            ("MFA7U10-H030", 30, ["980-9I117-00H030"]),
        ]

    @pytest.mark.parametrize("stem", ["MFA7U40", "MFP7E40-N", "MFS1S90", "MMS1W50"])
    def test_parts_without_a_retrieved_ordering_table_are_not_loaded(self, cat: Catalogue, stem: str) -> None:
        assert [p.part_number for p in cat.parts if (p.part_number or "").startswith(stem)] == []
