"""The per-request GraphQL context: the use cases, and DataLoaders built fresh for each request
(a module-level loader would cache across users)."""

from __future__ import annotations

import time
import uuid
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from starlette.requests import Request
from strawberry.dataloader import DataLoader
from strawberry.fastapi import BaseContext

from service.config import Settings
from service.domain.catalogue import Source
from service.use_cases import CatalogueService

__all__ = ["Context", "make_source_loader"]


def make_source_loader(service: CatalogueService) -> DataLoader[str, Source | None]:
    """A loader that fetches many sources by id in one repository call."""

    async def load(ids: Sequence[str]) -> list[Source | None]:
        found = {s.id: s for s in service.repo.sources(list(ids))}
        return [found.get(i) for i in ids]

    return DataLoader(load_fn=load)


@dataclass
class Context(BaseContext):
    """What every resolver gets: settings, the use cases, loaders, a request id and the deadline
    (``time.monotonic()`` seconds) by which long work must stop (see :mod:`service.api.cost`).
    ``typed_errors`` collects the fields that resolved to a typed error member, for the response's
    ``extensions.typedErrors`` (:class:`~service.api.typed_errors.TypedErrorNotices`)."""

    settings: Settings
    service: CatalogueService
    sources: DataLoader[str, Source | None]
    request_id: str = field(default_factory=lambda: uuid.uuid4().hex)
    deadline: float = float("inf")
    typed_errors: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        super().__init__()

    @classmethod
    def build(cls, settings: Settings, service: CatalogueService, request: Request | None = None) -> Context:
        rid = (request.headers.get("x-request-id") if request is not None else None) or uuid.uuid4().hex
        return cls(
            settings=settings,
            service=service,
            sources=make_source_loader(service),
            request_id=rid[:64],
            deadline=time.monotonic() + settings.request_deadline_s,
        )
