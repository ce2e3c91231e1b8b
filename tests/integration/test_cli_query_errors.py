"""``fabricgraph query``: a GraphQL error is printed once (in the JSON on stdout), not a second time
by a log line on stderr; a database that does not answer is one clear line, not a traceback."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from service.cli import app
from service.persistence.local_server import free_port


def test_a_graphql_error_is_printed_once(neo4j_uri: str, seeded: object, tmp_path: Path) -> None:
    doc = tmp_path / "bad.graphql"
    doc.write_text("{ partz { id } }")
    result = CliRunner().invoke(app, ["query", str(doc)], env={"NEO4J_URI": neo4j_uri})
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert out["data"] is None
    assert [e["message"] for e in out["errors"]] == [
        "Cannot query field 'partz' on type 'Query'. Did you mean 'part' or 'parts'?"
    ]
    assert "partz" not in result.stderr


def test_a_database_that_does_not_answer_is_one_line_not_a_traceback(tmp_path: Path) -> None:
    doc = tmp_path / "ok.graphql"
    doc.write_text("{ __typename }")
    closed = f"bolt://127.0.0.1:{free_port()}"
    result = CliRunner().invoke(app, ["query", str(doc)], env={"NEO4J_URI": closed})
    assert result.exit_code == 1
    assert result.stderr == f"error: Neo4j at {closed} does not answer (ServiceUnavailable); is it running?\n"
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_a_typed_error_exits_2_and_is_printed_as_data(neo4j_uri: str, seeded: object, tmp_path: Path) -> None:
    """A negative distance answers a ValidationError member: the document selected only the success
    member, so data holds {}; the error still shows in extensions.typedErrors and on stderr."""
    doc = tmp_path / "negative.graphql"
    doc.write_text(
        '{ linkOptions(spec: {rateGbps: 10, distanceM: -5, a: {formFactor: "SFP+"}, b: {formFactor: "SFP+"}})'
        " { ... on LinkOptions { endA } } }"
    )
    result = CliRunner().invoke(app, ["query", str(doc)], env={"NEO4J_URI": neo4j_uri})
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["data"] == {"linkOptions": {}}
    assert "errors" not in out
    (typed,) = out["extensions"]["typedErrors"]
    assert (typed["path"], typed["type"], typed["code"]) == (["linkOptions"], "ValidationError", "VALIDATION_ERROR")
    assert "must not be negative, got -5" in typed["message"]
    assert result.stderr.startswith("linkOptions: ValidationError VALIDATION_ERROR: ")


def test_an_answer_exits_0_with_no_typed_errors(neo4j_uri: str, seeded: object, tmp_path: Path) -> None:
    doc = tmp_path / "ok.graphql"
    doc.write_text('{ part(partNumber: "MMA4Z00-NS") { ... on Part { partNumber } } }')
    result = CliRunner().invoke(app, ["query", str(doc)], env={"NEO4J_URI": neo4j_uri})
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"data": {"part": {"partNumber": "MMA4Z00-NS"}}}


def test_an_unknown_part_exits_2_with_the_closest_names(neo4j_uri: str, seeded: object, tmp_path: Path) -> None:
    doc = tmp_path / "unknown.graphql"
    doc.write_text('{ part(partNumber: "MMA4Z00-N5") { ... on NotFoundError { code suggestions } } }')
    result = CliRunner().invoke(app, ["query", str(doc)], env={"NEO4J_URI": neo4j_uri})
    assert result.exit_code == 2
    out = json.loads(result.stdout)
    assert out["data"]["part"]["code"] == "UNKNOWN_PART"
    assert "MMA4Z00-NS" in out["data"]["part"]["suggestions"]
    assert [(e["path"], e["type"]) for e in out["extensions"]["typedErrors"]] == [(["part"], "NotFoundError")]


def test_the_query_uses_the_configured_transaction_timeout(
    neo4j_uri: str, seeded: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """It used the repository's 10 s default whatever FABRICGRAPH_NEO4J_TRANSACTION_TIMEOUT_S said."""
    from service.persistence import repository

    timeouts: list[float] = []

    class Recording(repository.Neo4jRepository):
        def __init__(self, driver: Any, database: str = "neo4j", timeout_s: float = 10.0) -> None:
            timeouts.append(timeout_s)
            super().__init__(driver, database, timeout_s)

    monkeypatch.setattr(repository, "Neo4jRepository", Recording)
    doc = tmp_path / "ok.graphql"
    doc.write_text('{ part(partNumber: "MMA4Z00-NS") { ... on Part { partNumber } } }')
    env = {"NEO4J_URI": neo4j_uri, "FABRICGRAPH_NEO4J_TRANSACTION_TIMEOUT_S": "42"}
    result = CliRunner().invoke(app, ["query", str(doc)], env=env)
    assert result.exit_code == 0, result.stderr
    assert timeouts[-1] == 42.0


def test_a_file_that_cannot_be_read_exits_1_not_2_like_a_typed_error(tmp_path: Path) -> None:
    """Exit 2 means a typed error in an answer: a missing file (or a directory) is exit 1 with one line,
    before any database is reached."""
    missing = tmp_path / "nope.graphql"
    result = CliRunner().invoke(app, ["query", str(missing)], env={"NEO4J_URI": "bolt://127.0.0.1:1"})
    assert (result.exit_code, result.stdout) == (1, "")
    assert result.stderr == f"error: cannot read {missing}: No such file or directory\n"
    result = CliRunner().invoke(app, ["query", str(tmp_path)], env={"NEO4J_URI": "bolt://127.0.0.1:1"})
    assert (result.exit_code, result.stderr) == (1, f"error: cannot read {tmp_path}: Is a directory\n")
