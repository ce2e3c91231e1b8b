"""Classes of interchangeable transceivers (``RuleContext.module_classes``) and their expansion into
alternatives (``service.use_cases._alternatives``): pairing class representatives gives the
alternatives that pairing every member gives (issue 14)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

from hypothesis import given, settings
from hypothesis import strategies as st

from service.domain.catalogue import Adapter, Transceiver
from service.rules import RuleContext, check_link
from service.rules.context import CLASS_BLIND_FIELDS
from service.use_cases import ROLES, Role, _alternatives
from tests.unit.rules.conftest import Kit

CLASS_FIELDS = {
    "kind",
    "vendor",
    "protocols",
    "form_factor",
    "top_style",
    "ports",
    "rates_gbps",
    "pmds",
    "connector",
    "side",
    "power_w",
    "reach",
    "fiber_cables",
}
"""The Transceiver fields that make two modules different (every field but CLASS_BLIND_FIELDS)."""


def test_every_transceiver_field_is_decided() -> None:
    """A field added to Transceiver must be put in CLASS_BLIND_FIELDS (no rule, candidate search or
    grouping reads it) or here (it tells modules apart): the class signature reads it until then."""
    assert set(Transceiver.model_fields) >= CLASS_BLIND_FIELDS
    assert set(Transceiver.model_fields) - CLASS_BLIND_FIELDS == CLASS_FIELDS


def test_classes_of_the_catalogue(ctx: RuleContext) -> None:
    classes = ctx.module_classes()
    assert set(classes) == set(ctx.modules)
    for number, members in classes.items():
        assert list(members) == sorted(members) and number in members
        signature = {ctx.modules[m].model_dump_json(exclude=set(CLASS_BLIND_FIELDS)) for m in members}
        assert len(signature) == 1
    assert ctx.representatives() == {members[0] for members in classes.values()}
    assert ctx.module_classes() is classes  # computed once


def test_a_renamed_module_is_in_its_class_and_checks_alike(kit: Kit) -> None:
    """A module that differs only in blind fields (number, description, sources…) joins the class
    and a link holding it gets the same rule codes."""
    original = kit.module("SFP-10G-SR")
    clone = original.model_copy(
        update={"part_number": "ZZ-CLONE-1", "description": "a clone", "aliases": ["x"], "notes": ["n"]}
    )
    ctx = RuleContext(
        form_factors=kit.ctx.form_factors,
        pmds=kit.ctx.pmds,
        family_lengths=kit.ctx.family_lengths,
        family_parts=kit.ctx.family_parts,
        adapters=kit.ctx.adapters,
        fiber_types=kit.ctx.fiber_types,
        transceivers=kit.ctx.transceivers,
        modules={**kit.ctx.modules, "ZZ-CLONE-1": clone},
    )
    assert "ZZ-CLONE-1" in ctx.module_classes()["SFP-10G-SR"]
    assert "ZZ-CLONE-1" not in ctx.representatives()
    for distance in (30.0, 500.0):
        base = kit.link(
            kit.bare("SFP+"),
            kit.bare("SFP+"),
            distance,
            module_a="SFP-10G-SR",
            module_b="SFP-10G-SR",
            fibers=[kit.generic("OM3", "LC/UPC", distance)],
        )
        swapped = base.model_copy(update={"module_a": clone})
        assert check_link(base, ctx).error_codes == check_link(swapped, ctx).error_codes
        assert distance < 400 or check_link(base, ctx).error_codes  # 500 m of OM3 is too far


ROLE_VALUES = {
    "adapter_a": [None, "AD1"],
    "module_a": ["A1", "A2", "A3", "A4", "A5"],
    "cable": [None],
    "fiber": ["OM3 fiber", "OM4 fiber", "CORD-1"],
    "module_b": ["A1", "A2", "A3", "A4", "A5"],
    "adapter_b": [None, "AD1"],
}


@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_expanded_alternatives_equal_every_pair(data: st.DataObject) -> None:
    """Random groups of representative members and random classes: the expanded alternatives and the
    combination counts equal those of the members with every class member substituted."""
    # classes over A1..A5 (a random partition), representative = the lowest
    labels = data.draw(st.lists(st.integers(0, 2), min_size=5, max_size=5), label="class of each module")
    modules = ROLE_VALUES["module_a"]
    partition: dict[int, list[str]] = {}
    for number, label in zip(modules, labels, strict=True):
        partition.setdefault(label, []).append(number)
    classes: dict[str, tuple[str, ...]] = {n: tuple(sorted(ms)) for ms in partition.values() for n in ms}
    reps = sorted({ms[0] for ms in classes.values()})
    member = st.fixed_dictionaries(
        {
            role: st.sampled_from(reps) if role in ("module_a", "module_b") else st.sampled_from(ROLE_VALUES[role])
            for role in ROLES
        }
    )
    members: list[Mapping[Role, str | None]] = data.draw(
        st.lists(member, min_size=1, max_size=8, unique_by=lambda m: tuple(m.values())), label="members"
    )
    full: list[Mapping[Role, str | None]] = []
    for i, m in enumerate(members):
        combos = itertools.product(classes[str(m["module_a"])], classes[str(m["module_b"])])
        expanded = [{**m, "module_a": a, "module_b": b} for a, b in combos]
        full += expanded if i else expanded[:1]  # the chosen (first, representatives) stays first
        if not i:
            rest = expanded[1:]
    full += rest
    assert _alternatives(members, classes) == _alternatives(full)
    assert _alternatives(members) == _alternatives(members, {})


ADAPTER_CLASS_FIELDS = {"kind", "protocols", "form_factor", "accepts", "max_rate_gbps", "side"}
"""The Adapter fields that make two adapters different whatever the ends (the vendor only against
the ends' vendors: ``RuleContext.adapter_classes``)."""


def test_every_adapter_field_is_decided() -> None:
    """A field added to Adapter must be put in CLASS_BLIND_FIELDS or here (as for transceivers)."""
    assert set(Adapter.model_fields) - CLASS_BLIND_FIELDS - {"vendor"} == ADAPTER_CLASS_FIELDS


def test_adapter_classes_of_the_catalogue(ctx: RuleContext) -> None:
    """Between bare ends the QSA (SFP+ seat, 10 Gb/s) and QSA28 (SFP28 seat, 25 Gb/s) adapters of
    every vendor are one class each; facing a Cisco device, Cisco's own adapters are classes of
    their own (the device's vendor is preferred)."""
    bare = ctx.adapter_classes(frozenset())
    assert set(bare) == set(ctx.adapters)
    for number, members in bare.items():
        assert list(members) == sorted(members) and number in members
        assert len({ctx.adapters[m].model_dump_json(exclude={*CLASS_BLIND_FIELDS, "vendor"}) for m in members}) == 1
    assert {"CVR-QSFP-SFP10G", "MAM1Q00A-QSA", "QSFP-SFPP-ADPT"} <= set(bare["MAM1Q00A-QSA"])
    assert {"10506", "CVR-QSFP28-SFP25G", "MAM1Q00A-QSA28", "QSA-Q28-S28"} <= set(bare["QSA-Q28-S28"])
    cisco = ctx.adapter_classes(frozenset({"Cisco"}))
    assert cisco["CVR-QSFP28-SFP25G"] == ("CVR-QSFP28-SFP25G",)
    assert "CVR-QSFP28-SFP25G" not in cisco["10506"] and "QSA-Q28-S28" in cisco["10506"]
    assert ctx.adapter_classes(frozenset()) is bare  # computed once per vendor set
