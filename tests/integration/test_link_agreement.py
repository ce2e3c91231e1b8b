"""The two entry points agree (property test, hypothesis): for ends drawn from the catalogue's devices
(each cage group) and bare form factors, a rate from their speeds, a run of more than 0 and up to 2000 m and a protocol
both ends offer (or none),

- every option ``link_options`` returns, fed back to ``check_link`` as a request (part numbers and
  generic fiber, as a user would paste it), is valid at the same rate with the same findings; so is
  the first and the last alternative part it lists for each role, swapped in for its role;
- (options through generic modules, the PMD-level answers of :mod:`service.pmd_level`, name no part
  to paste and are left out);
- every candidate it rejects (``explain``), and the first and last alternative listed with it per
  role, fails ``check_link`` with exactly the error codes it stated.

Both entry points place parts with the same :func:`~service.rules.best_orientation` over the same rule
context, so any disagreement is a bug in how one of them builds the link. Alternatives are sampled
(first and last per role, every example) because each ``check_link`` over Cypher costs 70–140 ms and a
1 Gb/s SFP answer at the catalogue's breadth lists about 270 alternatives and rejections (measured
2026-12-02: checking all of them made this file run for more than ten minutes).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from service.domain.catalogue import Protocol
from service.domain.link import LinkOption
from service.pmd_level import is_generic
from service.use_cases import CatalogueService, EndRequest, LinkRequest
from tests.integration.questions import pick


@pytest.fixture(scope="module")
def ends(service: CatalogueService) -> list[tuple[EndRequest, frozenset[float], frozenset[Protocol]]]:
    """Every device cage group and every bare form factor, with the rates and protocols it offers."""
    out = [
        (EndRequest(device=d.model, cage=c.id), frozenset(c.speeds_gbps), frozenset(c.protocols))
        for d in service.repo.devices()
        for c in d.cages
    ]
    out += [
        (EndRequest(form_factor=f.name), frozenset({f.max_rate_gbps or 1.0}), frozenset(Protocol))
        for f in service.repo.form_factors()
    ]
    return out


def _alternative_requests(option: LinkOption) -> list[LinkRequest]:
    """The option's request with the first and the last listed alternative of each role swapped in
    for that role, one at a time."""
    base = LinkRequest.of(option.link)
    fields = {
        "adapter_a": "adapter_a",
        "module_a": "module_a",
        "module_b": "module_b",
        "adapter_b": "adapter_b",
    }
    out = []
    for part in option.parts:
        if part.role in fields:
            sample = list(dict.fromkeys([*part.alternatives[:1], *part.alternatives[-1:]]))
            out += [replace(base, **{fields[part.role]: alt}) for alt in sample]
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_options_pass_and_rejections_fail_with_the_codes_stated(
    service: CatalogueService,
    ends: list[tuple[EndRequest, frozenset[float], frozenset[Protocol]]],
    data: st.DataObject,
) -> None:
    (end_a, speeds_a, protos_a) = data.draw(st.sampled_from(ends), label="end A")
    (end_b, speeds_b, protos_b) = data.draw(st.sampled_from(ends), label="end B")
    rate = pick(data, sorted(speeds_a | speeds_b), "rate (Gb/s)")
    distance = data.draw(
        st.one_of(
            st.integers(1, 2000).map(float),
            # a 0 m run is refused (InputValidationError): every drawn run is longer than 0 m
            st.floats(0, 2000, exclude_min=True, allow_nan=False, allow_infinity=False),
        ),
        label="run (m)",
    )
    protocol = pick(data, [None, *sorted(protos_a & protos_b)], "protocol")

    result = service.link_options(
        end_a=end_a, end_b=end_b, rate_gbps=rate, distance_m=distance, protocol=protocol, explain=True
    )
    for option in result.options:
        if is_generic(option.link.module_a):
            continue  # a PMD-level option names no module a user could paste (service.pmd_level)
        check = service.check_link(LinkRequest.of(option.link), alternatives=False)
        assert check.verdict.valid, (option.summary, check.verdict.findings)
        # The verdict's rate is per link: a twin-port pair carrying the rate as parallel ports
        # (RATE_AGGREGATED, 800 Gb/s as 2 x 400 Gb/s) runs each port at rate / ports.
        aggregated = any(f.code == "RATE_AGGREGATED" for f in check.verdict.findings)
        per_link = rate / check.verdict.ports if aggregated else rate
        assert check.verdict.rate_gbps is not None and math.isclose(check.verdict.rate_gbps, per_link)
        assert check.verdict.findings == option.verdict.findings
        for request in _alternative_requests(option):
            alternative = service.check_link(request, alternatives=False)
            assert alternative.verdict.valid, (option.summary, request, alternative.verdict.findings)
    for rejected in result.rejected:
        for request in [LinkRequest.of(rejected.link), *_alternative_requests(rejected)]:
            check = service.check_link(request, alternatives=False)
            assert not check.verdict.valid, rejected.summary
            assert check.verdict.error_codes == rejected.verdict.error_codes, (rejected.summary, request)
