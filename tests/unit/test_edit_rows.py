"""An edit row's ``sources`` must be source ids: anything else is a typed ValidationError on
``row.sources`` (found by the GraphQL fuzzer: ``sources: [[]]`` used to raise a masked TypeError)."""

from __future__ import annotations

import pytest

from service.catalogue_edits import CatalogueEditor, SourceRef
from service.errors import InputValidationError


@pytest.mark.parametrize("given", [[[]], [{"id": "S24"}], ["S24", 7]])
def test_non_string_source_ids_are_refused_on_row_sources(given: object) -> None:
    with pytest.raises(InputValidationError) as info:
        CatalogueEditor._row({"sources": given}, SourceRef(id="S24"))
    assert info.value.field == "row.sources"


def test_the_edit_source_is_added_once_after_the_row_sources() -> None:
    row = CatalogueEditor._row({"sources": ["S25", "S24"]}, SourceRef(id="S24"))
    assert row["sources"] == ["S25", "S24"]
    assert CatalogueEditor._row({}, SourceRef(id="S24"))["sources"] == ["S24"]
