"""The rule engine builds findings and verdicts without validating them again (the hot loop of a cold
answer): each equals the model validation gives, in fields, fields set, dump, repr and hash."""

from __future__ import annotations

from service.domain.catalogue import Protocol
from service.domain.link import Finding, Severity, Verdict
from service.rules import engine
from tests.unit.rules.conftest import same_model


def test_a_built_finding_equals_the_validated_one() -> None:
    built = engine._finding("REACH_EXCEEDED", "m", "f", ["A", None, "A", "B"], ["s1", "s1", "s2"], limit=300.0)
    validated = Finding(
        code="REACH_EXCEEDED",
        severity=Severity.ERROR,
        message="m",
        fix="f",
        parts=("A", "B"),
        source_ids=("s1", "s2"),
        limit=300.0,
    )
    same_model(built, validated)
    assert type(built.limit) is float


def test_an_int_limit_is_validated_to_a_float() -> None:
    built = engine._finding("REACH_EXCEEDED", "m", None, [], [], limit=300)
    assert built.limit == 300.0 and type(built.limit) is float


def test_a_built_verdict_equals_the_validated_one() -> None:
    finding = engine._finding("FEC_REQUIRED", "m", "f", ["A"], ["s"])
    fields = {"valid": True, "rate_gbps": 400.0, "protocol": Protocol.INFINIBAND, "findings": (finding,)}
    geometry = {"ports": 2, "legs": 1, "lanes": 4}
    built = engine._built(Verdict, {**fields, **geometry, "sources": ()}, engine._VERDICT_SET)
    same_model(built, Verdict(**fields, **geometry))
