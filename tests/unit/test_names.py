"""service.domain.names: typed names are matched with blanks, case and Unicode dashes ignored."""

from __future__ import annotations

import pytest

from service.domain.names import DASHES, name_key


@pytest.mark.parametrize("dash", list(DASHES))
def test_every_unicode_dash_reads_as_the_hyphen(dash: str) -> None:
    assert name_key(f"MMA4Z00{dash}NS400") == "mma4z00-ns400"


def test_blanks_and_case_are_ignored_and_other_characters_kept() -> None:
    assert name_key("  QSFP-100G-SR4-S\t") == "qsfp-100g-sr4-s"
    assert name_key("MCX75310AAS_NEAT") == "mcx75310aas_neat"  # an underscore is not a dash
    assert name_key("SFP+") == "sfp+"
