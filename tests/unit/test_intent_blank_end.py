"""A GraphQL intent end whose device and formFactor are blank text is a typed PART_LIST_VALUE error,
not an unexpected error (found by the e2e GraphQL fuzz: formFactor " " passed the resolver's check
and then failed the model's, after whitespace stripping)."""

from __future__ import annotations

import pytest

from service.api.inputs import EndInput
from service.api.resolvers.procurement import LinkIntentInput, _records
from service.procurement.errors import PartListError


@pytest.mark.parametrize(("device", "form_factor"), [(None, " "), ("  ", None), ("\t", "\n")])
def test_a_blank_end_is_a_part_list_value_error(device: str | None, form_factor: str | None) -> None:
    intent = LinkIntentInput(
        a=EndInput(device=device, form_factor=form_factor),
        b=EndInput(form_factor="QSFP28"),
        links=1,
        rate_gbps=100,
        distance_m=3,
    )
    with pytest.raises(PartListError) as caught:
        _records([intent])
    assert caught.value.code == "PART_LIST_VALUE"
    assert "intent 1: end a needs a device or a formFactor" in str(caught.value)
