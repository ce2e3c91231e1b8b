"""Export the GraphQL SDL to ``schema/schema.graphql`` (checked by a test, so it never drifts).

Run ``python -m service.api.sdl`` after changing the schema.
"""

from __future__ import annotations

from service.api.schema import build_schema
from service.config import PROJECT_ROOT, get_settings

__all__ = ["SDL_PATH", "current_sdl"]

SDL_PATH = PROJECT_ROOT / "schema" / "schema.graphql"


def current_sdl() -> str:
    """The SDL of the schema as built now."""
    return build_schema(get_settings()).as_str() + "\n"


if __name__ == "__main__":  # pragma: no cover
    SDL_PATH.write_text(current_sdl())
    print(f"wrote {SDL_PATH}")
