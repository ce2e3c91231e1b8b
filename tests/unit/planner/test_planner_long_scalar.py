"""The GraphQL ``Long`` scalar of planFatTree: counts beyond GraphQL Int (2^31 − 1), exact in JSON."""

from __future__ import annotations

import pytest

from service.api.resolvers.planner import MAX_SAFE_INTEGER, parse_long, serialize_long
from service.errors import InputValidationError


def test_counts_beyond_int32_pass_through_unchanged() -> None:
    assert serialize_long(2**31) == 2_147_483_648
    assert parse_long(3_000_000_000) == 3_000_000_000
    assert parse_long("3000000000") == 3_000_000_000
    assert parse_long(4096.0) == 4096
    assert MAX_SAFE_INTEGER == 9_007_199_254_740_991


@pytest.mark.parametrize("value", [True, 1.5, "12a", None, 2**53, -(2**53)])
def test_non_integers_and_values_a_json_double_cannot_hold_are_refused(value: object) -> None:
    with pytest.raises(InputValidationError, match="Long cannot represent"):
        parse_long(value)


def test_serialising_beyond_2_to_the_53_is_refused_rather_than_rounded() -> None:
    with pytest.raises(ValueError, match="beyond"):
        serialize_long(2**53)
    with pytest.raises(ValueError, match="non-integer"):
        serialize_long(True)
