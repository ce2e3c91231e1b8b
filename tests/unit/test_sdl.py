"""The exported SDL in schema/schema.graphql matches the schema the code builds."""

from service.api.sdl import SDL_PATH, current_sdl


def test_exported_sdl_is_current() -> None:
    assert SDL_PATH.read_text() == current_sdl(), "run: python -m service.api.sdl"
