"""``fabricgraph query`` on a just-started local server (new-user trial: three DATABASE_UNAVAILABLE
answers in a row, a cold server missing the 10 s transaction timeout under load): the command waits
until Neo4j answers a read, runs a read-only document again after a back-off while an answer is
DATABASE_UNAVAILABLE, never runs a mutation twice, and uses the configured transaction timeout."""

from __future__ import annotations

import pytest
from graphql import GraphQLError
from strawberry.types import ExecutionResult

from service import cli
from service.api.typed_errors import TypedError, TypedErrorRecorder
from service.config import get_settings
from service.errors import DatabaseUnavailable


def _answer(*codes: str) -> tuple[ExecutionResult, TypedErrorRecorder]:
    recorder = TypedErrorRecorder()
    for code in codes:
        recorder.found.append(TypedError(("checkLink",), "DatabaseUnavailableError", code, "the database is slow"))
    return ExecutionResult(data={"checkLink": {}}, errors=None), recorder


def test_a_transient_database_unavailable_is_retried_with_doubling_back_off(capsys: pytest.CaptureFixture[str]) -> None:
    answers = [_answer("DATABASE_UNAVAILABLE"), _answer("DATABASE_UNAVAILABLE"), _answer()]
    slept: list[float] = []
    _, recorder = cli._with_retries(lambda: answers.pop(0), retries=2, backoff_s=2.0, sleep=slept.append)
    assert recorder.found == [] and not answers
    assert slept == [2.0, 4.0]
    assert capsys.readouterr().err.splitlines() == [
        "the catalogue database did not answer (checkLink: the database is slow); retrying in 2 s (1 of 2)",
        "the catalogue database did not answer (checkLink: the database is slow); retrying in 4 s (2 of 2)",
    ]


def test_the_last_answer_is_returned_as_it_is_when_retries_run_out() -> None:
    calls = []

    def run() -> tuple[ExecutionResult, TypedErrorRecorder]:
        calls.append(1)
        return _answer("DATABASE_UNAVAILABLE")

    _, recorder = cli._with_retries(run, retries=1, backoff_s=0.0, sleep=lambda _: None)
    assert len(calls) == 2
    assert [e.code for e in recorder.found] == ["DATABASE_UNAVAILABLE"]


def test_other_typed_errors_and_answers_are_not_retried() -> None:
    calls = []

    def run() -> tuple[ExecutionResult, TypedErrorRecorder]:
        calls.append(1)
        return _answer("UNKNOWN_PART")

    cli._with_retries(run, retries=2, backoff_s=0.0, sleep=lambda _: None)
    assert len(calls) == 1


def test_a_field_error_caused_by_an_unavailable_database_is_retried_too() -> None:
    error = GraphQLError("down", path=["devices"], original_error=DatabaseUnavailable("the database is down"))
    down = (ExecutionResult(data=None, errors=[error]), TypedErrorRecorder())
    assert cli._unavailable(*down) == "devices: the database is down"
    answers = [down, _answer()]
    cli._with_retries(lambda: answers.pop(0), retries=2, backoff_s=0.0, sleep=lambda _: None)
    assert not answers


def test_a_mutation_is_never_run_twice_a_query_may_be() -> None:
    assert cli._has_mutation("mutation { upsertPart(part: {}) { __typename } }")
    assert cli._has_mutation("query A { ruleCodes { code } } mutation B { x }")
    assert not cli._has_mutation('{ part(partNumber: "MMA4Z00-NS") { __typename } }')
    assert not cli._has_mutation("{ partz {")  # a syntax error is answered as usual, once


class _SlowStart:
    """A repository whose first ``failures`` pings fail as a just-started server's reads do."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.pings = 0

    def ping(self) -> bool:
        self.pings += 1
        if self.pings <= self.failures:
            raise DatabaseUnavailable("the catalogue database is busy; try again shortly")
        return True


def test_the_command_waits_until_neo4j_answers_a_read_saying_so_once(capsys: pytest.CaptureFixture[str]) -> None:
    repo = _SlowStart(failures=3)
    slept: list[float] = []
    cli._wait_until_answering(repo, "bolt://127.0.0.1:7687", 60.0, sleep=slept.append)
    assert repo.pings == 4
    assert slept == [0.5, 1.0, 2.0]
    assert capsys.readouterr().err == "waiting for Neo4j at bolt://127.0.0.1:7687 to answer reads (up to 60 s) …\n"


def test_a_server_that_never_answers_is_one_clear_error_naming_the_setting() -> None:
    with pytest.raises(DatabaseUnavailable) as caught:
        cli._wait_until_answering(_SlowStart(failures=10**6), "bolt://127.0.0.1:7687", 0.0, sleep=lambda _: None)
    assert caught.value.message == (
        "Neo4j at bolt://127.0.0.1:7687 did not answer a read within 0 s (FABRICGRAPH_CLI_READY_TIMEOUT_S): "
        "the catalogue database is busy; try again shortly"
    )


def test_the_patience_is_configurable_and_the_production_timeout_unchanged(monkeypatch: pytest.MonkeyPatch) -> None:
    defaults = get_settings()
    assert (defaults.cli_ready_timeout_s, defaults.cli_retries, defaults.cli_retry_backoff_s) == (60.0, 2, 2.0)
    assert defaults.neo4j_transaction_timeout_s == 10.0
    monkeypatch.setenv("FABRICGRAPH_CLI_RETRIES", "0")
    monkeypatch.setenv("FABRICGRAPH_CLI_READY_TIMEOUT_S", "5")
    monkeypatch.setenv("FABRICGRAPH_CLI_RETRY_BACKOFF_S", "0.5")
    s = get_settings()
    assert (s.cli_ready_timeout_s, s.cli_retries, s.cli_retry_backoff_s) == (5.0, 0, 0.5)
