"""Limits for part-list validation, read from the environment (prefix ``FABRICGRAPH_PROCUREMENT_``).

Kept beside the capability rather than in :class:`service.config.Settings` so this package stays
self-contained; nothing is read at import time.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

__all__ = ["ProcurementSettings"]


class ProcurementSettings(BaseSettings):
    """Input limits: a list above them is refused with ``PART_LIST_TOO_LARGE``, never half-read.

    Attributes:
        max_lines: part lines per list (default 20,000).
        max_intents: link intents per list (default 1,000).
        max_bytes: bytes per uploaded file (default 20 MB).
    """

    model_config = SettingsConfigDict(env_prefix="FABRICGRAPH_PROCUREMENT_", extra="ignore")

    max_lines: Annotated[int, Field(ge=1)] = 20_000
    max_intents: Annotated[int, Field(ge=0)] = 1_000
    max_bytes: Annotated[int, Field(ge=1_000)] = 20_000_000
