"""``fabricgraph query``: a GraphQL error is printed once (in the JSON on stdout), not a second time
by a log line on stderr; a database that does not answer is one clear line, not a traceback."""

from __future__ import annotations

import json
from pathlib import Path

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
