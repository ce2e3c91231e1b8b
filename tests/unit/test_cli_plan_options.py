"""``fabricgraph plan``'s node-cage options (practitioner trial): ``--node-form-factor`` could not say
the cage's side, top style or ports. ``--node-top-style``, ``--node-ports`` and ``--node-side`` map
onto the same spec fields as GraphQL's EndInput (topStyle, ports, side); a bad value is a typer
usage error (exit 2) before any database is started. No database here: the planning service is a
stand-in that keeps the request it was given."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from service import cli
from service.cli_plan import NodeSide, node_end_request
from service.domain.catalogue import Side, TopStyle
from service.persistence.local_server import free_port
from service.planner import InvalidSpecError, LinkTier, PlacementClass
from service.planning import PlanRequest
from service.use_cases import EndRequest

BASE = ["plan", "--switch", "QM9700", "--endpoints", "512", "--endpoint-speed", "NDR200"]


def test_the_cage_options_map_onto_the_end_request() -> None:
    assert node_end_request(None, "OSFP") == EndRequest(form_factor="OSFP")
    assert node_end_request(None, "OSFP", TopStyle.FLAT, 1, NodeSide.ADAPTER) == EndRequest(
        form_factor="OSFP", top_style=TopStyle.FLAT, ports=1, side=Side.ADAPTER
    )
    assert node_end_request(None, "OSFP", side=NodeSide.SWITCH) == EndRequest(form_factor="OSFP", side=Side.SWITCH)
    assert node_end_request("MCX75310AAS-NEAT", None) == EndRequest(device="MCX75310AAS-NEAT")
    assert node_end_request(None, None) is None
    with pytest.raises(typer.BadParameter, match="give --node-form-factor too"):
        node_end_request(None, None, ports=2)
    with pytest.raises(typer.BadParameter, match="an adapter's cage states its own top style, ports and side"):
        node_end_request("MCX75310AAS-NEAT", None, top_style=TopStyle.FLAT)


@pytest.fixture
def planned(monkeypatch: pytest.MonkeyPatch) -> list[PlanRequest]:
    """The CLI's request, caught by a stand-in planning service (it then refuses the plan: exit 1)."""
    import service.persistence.driver as driver
    import service.persistence.repository as repository
    import service.planning as planning
    import service.use_cases as use_cases

    seen: list[PlanRequest] = []

    @contextmanager
    def database(*_: Any, **__: Any) -> Iterator[str]:
        yield "bolt://127.0.0.1:1"

    @contextmanager
    def no_driver(*_: Any, **__: Any) -> Iterator[None]:
        yield None

    class Planning:
        def __init__(self, _: object) -> None:
            pass

        def plan_fat_tree(self, request: PlanRequest) -> None:
            seen.append(request)
            raise InvalidSpecError("stand-in planner: request kept")

    monkeypatch.setattr(cli, "_database", database)
    monkeypatch.setattr(cli, "_seed_if_empty", lambda *_, **__: None)
    monkeypatch.setattr(driver, "open_driver", no_driver)
    monkeypatch.setattr(repository, "Neo4jRepository", lambda *_: None)
    monkeypatch.setattr(use_cases, "CatalogueService", lambda _: None)
    monkeypatch.setattr(planning, "PlanningService", Planning)
    return seen


def test_the_node_cage_options_reach_the_plan_request(planned: list[PlanRequest]) -> None:
    done = CliRunner().invoke(
        cli.app,
        [
            *BASE,
            *("--node-form-factor", "OSFP", "--node-top-style", "FLAT", "--node-ports", "1", "--node-side", "adapter"),
        ],
    )
    assert done.exit_code == 1, done.output
    assert "stand-in planner: request kept" in done.output
    [request] = planned
    assert request.node_end == EndRequest(form_factor="OSFP", top_style=TopStyle.FLAT, ports=1, side=Side.ADAPTER)
    assert request.manager_end is None


def test_a_bare_node_form_factor_alone_leaves_side_top_style_and_ports_unset(planned: list[PlanRequest]) -> None:
    """The planner, not the CLI, takes a side-less bare node end as the adapter side (NODE_END_ASSUMED)."""
    done = CliRunner().invoke(cli.app, [*BASE, "--node-form-factor", "OSFP", "--node-side", "switch"])
    assert done.exit_code == 1, done.output
    done = CliRunner().invoke(cli.app, [*BASE, "--node-form-factor", "OSFP", "--node-leaf", "within_row"])
    assert done.exit_code == 1, done.output
    explicit, bare = planned
    assert explicit.node_end == EndRequest(form_factor="OSFP", side=Side.SWITCH)
    assert bare.node_end == EndRequest(form_factor="OSFP")
    # a class without metres: the planner plans it at 30 m and says so (RUN_LENGTH_ASSUMED)
    assert bare.layout.placement(LinkTier.NODE_LEAF) is PlacementClass.WITHIN_ROW
    assert bare.layout.assumed_m(LinkTier.NODE_LEAF) == 30.0


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--node-form-factor", "OSFP", "--node-side", "sideways"], "Invalid value for '--node-side'"),
        (["--node-form-factor", "OSFP", "--node-top-style", "round"], "Invalid value for '--node-top-style'"),
        (["--node-form-factor", "OSFP", "--node-ports", "3"], "Invalid value for '--node-ports'"),
        (["--node-form-factor", "OSFP", "--node-ports", "0"], "Invalid value for '--node-ports'"),
        (["--node-side", "adapter"], "give --node-form-factor too"),
        (["--node-adapter", "MCX75310AAS-NEAT", "--node-ports", "1"], "an adapter's cage states its own"),
    ],
)
def test_a_bad_node_cage_option_is_a_usage_error_before_any_database(extra: list[str], message: str) -> None:
    """Exit 2 with typer's message; the closed port would make a database attempt exit 1."""
    done = CliRunner().invoke(
        cli.app, [*BASE, *extra], env={"NEO4J_URI": f"bolt://127.0.0.1:{free_port()}", "COLUMNS": "200"}
    )
    assert done.exit_code == 2, done.output
    assert message in " ".join(done.output.split()), done.output
