"""``fabricgraph import FILE…``: add a company's own catalogue rows (approved-vendor optics, devices
from NetBox device types) to the database, validated exactly like the seed, all or nothing.

Exit status: 0 imported (or, with ``--check``, valid), 2 a file or row is invalid (nothing written),
3 the database cannot be reached. File formats: :mod:`seed.imports`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape

from service.errors import FabricGraphError, SeedValidationError

__all__ = ["import_files", "register"]

EXIT_BAD_FILE = 2
EXIT_UNAVAILABLE = 3


def import_files(
    files: Annotated[
        list[Path],
        typer.Argument(exists=True, dir_okay=False, help="Catalogue YAML, parts CSV or NetBox device-type YAML files."),
    ],
    check: Annotated[bool, typer.Option("--check", help="Validate only; write nothing.")] = False,
    source_url: Annotated[
        str | None,
        typer.Option(help="NetBox files: the vendor document to cite (else the file itself, as a secondary source)."),
    ] = None,
    device_type: Annotated[
        str, typer.Option(help="NetBox files: switch, adapter or dpu (NetBox does not say).")
    ] = "switch",
) -> None:
    """Validate the files against the catalogue with the seed's rules, then write them in one transaction.

    Example: ``fabricgraph import approved-optics.csv mellanox-mqm8790.yaml``.
    """
    out = Console()
    err = Console(stderr=True)
    from seed.imports import merge_imports

    try:
        merged, result = merge_imports(files, source_url=source_url, device_type=device_type)
    except SeedValidationError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
        raise typer.Exit(EXIT_BAD_FILE) from None
    counts = ", ".join(f"{n} {kind}" for kind, n in result.counts().items() if n)
    if check:
        out.print(f"valid: {counts or 'nothing to import'} (nothing written: --check)", highlight=False)
        return
    try:
        _write(merged)
    except FabricGraphError as exc:
        err.print(f"[red]error:[/red] {escape(str(exc))}", highlight=False)
        raise typer.Exit(EXIT_UNAVAILABLE) from None
    out.print(f"imported: {counts or 'nothing'}", highlight=False)


def _write(merged: object) -> None:
    from seed.catalogue import Catalogue
    from seed.loader import seed_database
    from service.cli import _database  # lazy: service.cli imports this module
    from service.config import get_settings
    from service.persistence.driver import open_driver

    assert isinstance(merged, Catalogue)
    settings = get_settings()
    with _database(settings, keep=False) as uri, open_driver(settings, uri) as driver:
        seed_database(driver, settings.neo4j_database, catalogue=merged)


def register(app: typer.Typer) -> None:
    """Add ``import`` to the ``fabricgraph`` command line."""
    app.command("import")(import_files)
