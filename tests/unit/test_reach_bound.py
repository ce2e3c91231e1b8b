"""The modal bandwidths the reach bound scales by (service.rules.engine.MODAL_BANDWIDTH_MHZ_KM) are the
seed's fiber-grade facts (seed/data/fiber_types.yaml, ISO/IEC 11801 / TIA-568 with their sources), so the
code and the catalogue cannot drift apart."""

from __future__ import annotations

import re

from seed.catalogue import load_catalogue
from service.rules.engine import MODAL_BANDWIDTH_MHZ_KM


def test_the_bound_uses_the_catalogues_850_nm_modal_bandwidth_of_every_multimode_grade() -> None:
    grades = {f.name: f for f in load_catalogue().fiber_types if f.mode == "MMF"}
    assert set(grades) == set(MODAL_BANDWIDTH_MHZ_KM) == {"OM1", "OM2", "OM3", "OM4", "OM5"}
    for name, grade in grades.items():
        first = re.match(r"(\d+) MHz\.km (?:EMB )?at 850 nm", grade.bandwidth)
        assert first is not None, grade.bandwidth
        assert float(first.group(1)) == MODAL_BANDWIDTH_MHZ_KM[name], name
    assert MODAL_BANDWIDTH_MHZ_KM["OM3"] == 2000.0 and MODAL_BANDWIDTH_MHZ_KM["OM4"] == 4700.0
