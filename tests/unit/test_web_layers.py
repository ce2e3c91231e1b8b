"""The web pages are an entry point beside GraphQL: they call the use cases and render, nothing else.

(Checked here rather than as a fourth import-linter contract so the contract count that
test_architecture pins stays the project's.)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[2] / "service" / "web"
FORBIDDEN = (
    "neo4j",
    "strawberry",
    "typer",
    "service.api",
    "service.cli",
    "service.persistence.cypher",
    "service.persistence.driver",
)


def imports(path: Path) -> set[str]:
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
    return found


def test_the_web_package_reaches_no_driver_no_cypher_and_no_graphql_layer() -> None:
    modules = sorted(WEB.glob("*.py"))
    assert [m.name for m in modules] == ["__init__.py", "forms.py", "pages.py", "upload.py"]
    bad = {
        f"{m.name}: {name}"
        for m in modules
        for name in imports(m)
        if any(name == f or name.startswith(f + ".") for f in FORBIDDEN)
    }
    assert bad == set()


def test_every_template_and_asset_the_pages_name_is_in_the_package() -> None:
    vendor = WEB / "static" / "vendor"
    for name in (
        "htmx/htmx.min.js",
        "htmx/LICENSE",
        "graphiql/graphiql.min.js",
        "graphiql/graphiql.min.css",
        "graphiql/react.production.min.js",
        "graphiql/react-dom.production.min.js",
        "graphiql/LICENSE.graphiql",
        "graphiql/LICENSE.react",
        "graphiql/LICENSE.react-dom",
    ):
        assert (vendor / name).is_file(), name
    remote = re.compile(r'(src|href)="(https?:)?//|unpkg|jsdelivr|cdnjs', re.IGNORECASE)
    for template in (WEB / "templates").glob("*.html"):
        # Source citations link out (href="{{ s.url }}"); nothing the page loads may be remote.
        assert remote.search(template.read_text(encoding="utf-8")) is None, f"{template.name} loads a remote URL"
