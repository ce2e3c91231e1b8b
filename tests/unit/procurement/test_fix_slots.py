"""Part-list findings never carry empty slots, and a bad line never puts an error on a good line:
a property over lists drawn from catalogue part numbers, typos of them and generic media lines,
against the P01 intent (64 × QM9700 → ConnectX-7 OSFP, 400 Gb/s, 30 m)."""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from seed.catalogue import Catalogue, load_catalogue
from service.procurement.models import PartLine, PartList
from service.procurement.reconcile import reconcile
from tests.unit.procurement.conftest import intent, view

CATALOGUE = load_catalogue()
NUMBERS = sorted(
    p.part_number
    for p in CATALOGUE.parts
    if p.part_number and ("NS" in p.part_number or "MFP7E" in p.part_number or "SR" in p.part_number)
)
P01 = intent("QM9700", "MCX75310AAS-NEAT", 64, 400, 30)
# An empty slot: a placeholder left unfilled, a doubled separator, an empty list or bracket.
EMPTY_SLOT = re.compile(r"\{|\}|\(\s*\)|\[\s*\]|,\s*,|:\s*[;,.]|\s{2,}|\bNone\b| or $| and $|: $|, $")

line_strategy = st.one_of(
    st.tuples(st.sampled_from(NUMBERS), st.integers(0, 80)).map(lambda t: ("part", t[0], t[1])),
    st.tuples(st.sampled_from(NUMBERS), st.integers(1, 80)).map(lambda t: ("typo", t[0][:-1], t[1])),
    st.tuples(st.sampled_from(["OM2", "OM3", "OM4", "OS2", "OM9"]), st.sampled_from([None, "LC", "MPO-12/APC"])).map(
        lambda t: ("medium", t[0], t[1])
    ),
)


def _lines(drawn: list[tuple[str, str, object]]) -> tuple[PartLine, ...]:
    out = []
    for i, (kind, value, extra) in enumerate(drawn, start=1):
        if kind == "medium":
            name = f"{value} fiber line {i}"
            out.append(
                PartLine(line=i, part_number=name, quantity=64, fiber_type=value, connector=extra, length_m=30)  # type: ignore[arg-type]
            )
        else:
            out.append(PartLine(line=i, part_number=value, quantity=extra))  # type: ignore[arg-type]
    return tuple(out)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(line_strategy, min_size=1, max_size=4))
def test_no_finding_has_an_empty_slot_and_typos_stay_on_their_line(drawn: list[tuple[str, str, object]]) -> None:
    cat: Catalogue = CATALOGUE
    pl = PartList(lines=_lines(drawn), intents=(P01,), source="property")
    report = reconcile(pl, view(cat, pl))
    for f in report.findings:
        for text in (f.message, f.fix or ""):
            assert not EMPTY_SLOT.search(text), (f.code, text)
    unknown = {i for i, (kind, value, _) in enumerate(drawn, start=1) if kind == "typo" and value not in NUMBERS}
    if unknown:
        # With an unknown line, errors sit on unknown lines, on generic media lines, or on no line.
        media = {i for i, (kind, _, _) in enumerate(drawn, start=1) if kind == "medium"}
        on_good = [f for f in report.findings if f.severity.value == "error" and f.line not in (None, *unknown, *media)]
        assert on_good == [], [(f.code, f.line, f.part_number) for f in on_good]
