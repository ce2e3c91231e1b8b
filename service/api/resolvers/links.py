"""linkOptions, checkLink and ruleCodes: the compatibility questions, answered by one rule set."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, TypeVar

import strawberry
from strawberry.types import Info

from service import use_cases as uc
from service.api.inputs import LinkInput, LinkSpecInput
from service.api.resolvers.common import as_error, call
from service.api.types import (
    Converted,
    DatabaseUnavailableError,
    LinkOptions,
    LinkVerdict,
    NotFoundError,
    RuleCode,
    ValidationError,
)
from service.errors import FabricGraphError
from service.link_batch import MAX_LINK_BATCH, LinkQuestion, link_options_batch
from service.rule_codes import public_codes

_R = TypeVar("_R")

__all__ = [
    "CheckLinkResult",
    "LinkOptionsBatch",
    "LinkOptionsBatchItem",
    "LinkOptionsBatchResult",
    "LinkOptionsResult",
    "LinkQueries",
]

LinkOptionsResult = Annotated[
    LinkOptions | NotFoundError | ValidationError | DatabaseUnavailableError,
    strawberry.union("LinkOptionsResult", description="The options, or a typed input error."),
]
CheckLinkResult = Annotated[
    LinkVerdict | NotFoundError | ValidationError | DatabaseUnavailableError,
    strawberry.union("CheckLinkResult", description="The verdict, or a typed input error."),
]


@strawberry.type(description="One spec's answer in a linkOptionsBatch, at its position in the request.")
class LinkOptionsBatchItem:
    index: int = strawberry.field(description="0-based position of the spec in the request's specs list.")
    result: LinkOptionsResult = strawberry.field(
        description="The options, or this spec's own typed error (NotFoundError, ValidationError …)."
    )


@strawberry.type(description="Answers to a batch of link specs, in request order; a bad spec fails alone.")
class LinkOptionsBatch:
    count: int = strawberry.field(description="Specs in the request (= items).")
    answered: int = strawberry.field(description="Specs answered with LinkOptions (possibly with no option).")
    failed: int = strawberry.field(description="Specs answered with a typed error.")
    limit: int = strawberry.field(description=f"The most specs one request takes ({MAX_LINK_BATCH:,}).")
    items: list[LinkOptionsBatchItem]


LinkOptionsBatchResult = Annotated[
    LinkOptionsBatch | ValidationError | DatabaseUnavailableError,
    strawberry.union(
        "LinkOptionsBatchResult",
        description=f"The batch, or ValidationError (field specs) when it holds more than {MAX_LINK_BATCH:,} specs.",
    ),
]


@strawberry.type
class LinkQueries:
    @strawberry.field(
        description=(
            "Every valid end-to-end medium for a link of rateGbps (Gb/s) over distanceM (metres) between two ends, "
            "ranked as an engineer picks: options with a verified reach before unverified ones; then passive copper, "
            "active copper, AOC, multimode, single-mode (copper first where it reaches); over multimode, 850 nm PMDs "
            "(10GBASE-SR) before 1310 nm ones made for legacy OM1/OM2 plant (10GBASE-LRM); then the PMD with the "
            "shortest nominal reach that covers the run (LR before ER); then the shortest cable or cord that covers "
            "the run (length slack is waste, not margin: at 2 m a 3 m AOC before a 30 m one); then an option over "
            "the clause's own fiber before one over a grade the standard gives only an informative reach for (OS2 "
            "before OS1a: at 1500 m 40GBASE-LR4 over OS2 leads though its 2 km module leaves less margin than OS1a's "
            "informative 4 km); then the most reach margin (OM4 before OM3). With explain: true, "
            "also the rejected candidates with their rule codes. Errors: NotFoundError (unknown device or form factor, "
            "with suggestions), ValidationError (a distance ≤ 0 m or non-finite, rate ≤ 0, an unknown plant grade or "
            "connector). With spec.plant, only transceivers over the installed fiber are offered."
        )
    )
    async def link_options(self, info: Info, spec: LinkSpecInput, explain: bool = False) -> LinkOptionsResult:
        service = info.context.service
        try:
            end_a, end_b = spec.a.to_request(), spec.b.to_request()
            plant = spec.plant.to_request() if spec.plant is not None else None
            rate, distance, protocol = spec.rate_gbps, spec.distance_m, spec.protocol

            def ask(method: Callable[..., _R]) -> _R:
                return method(
                    end_a=end_a,
                    end_b=end_b,
                    rate_gbps=rate,
                    distance_m=distance,
                    protocol=protocol,
                    explain=explain,
                    plant=plant,
                )

            # A kept answer is a dictionary lookup: no thread hop for it.
            result = ask(service.kept_link_options) or await call(lambda: ask(service.link_options))
        except FabricGraphError as exc:
            return as_error(exc, info)
        return LinkOptions.of(result)

    @strawberry.field(
        description=(
            f"linkOptions for many specs in one request (at most {MAX_LINK_BATCH:,}): one item per spec, in "
            "order, each the options or that spec's own typed error, so one invalid spec never fails the "
            "batch. Equal specs are answered once. The fat-tree planner asks its tiers the same way."
        )
    )
    async def link_options_batch(
        self, info: Info, specs: list[LinkSpecInput], explain: bool = False
    ) -> LinkOptionsBatchResult:
        service = info.context.service
        questions = [
            LinkQuestion(
                end_a=spec.a.to_request(),
                end_b=spec.b.to_request(),
                rate_gbps=spec.rate_gbps,
                distance_m=spec.distance_m,
                protocol=spec.protocol,
                explain=explain,
            )
            for spec in specs
        ]
        try:
            answers = await call(lambda: link_options_batch(service, questions))
        except FabricGraphError as exc:
            error = as_error(exc, info)
            assert not isinstance(error, NotFoundError)  # the batch itself only fails on its size
            return error
        # Equal specs share one answer object: convert it once (``answers`` keeps it alive, so its id
        # stays unique), and the response completes the shared object once (service.api.execution).
        converted: dict[int, LinkOptions] = {}
        parts: Converted = {}  # the answers' parts, shared across answers (``answers`` keeps them alive)

        def of(answer: uc.LinkOptionsResult) -> LinkOptions:
            got = converted.get(id(answer))
            if got is None:
                got = converted[id(answer)] = LinkOptions.of(answer, parts)
            return got

        items = [
            LinkOptionsBatchItem(
                index=index,
                result=(
                    as_error(answer, info, ("items", index, "result"))
                    if isinstance(answer, FabricGraphError)
                    else of(answer)
                ),
            )
            for index, answer in enumerate(answers)
        ]
        failed = sum(isinstance(answer, FabricGraphError) for answer in answers)
        return LinkOptionsBatch(
            count=len(items), answered=len(items) - failed, failed=failed, limit=MAX_LINK_BATCH, items=items
        )

    @strawberry.field(
        description=(
            "Check a proposed chain (end, module, cable or fiber(s), module, end) against every rule: a verdict, the "
            "rate the link runs at, every broken rule with its code, message, fix and source, and the nearest valid "
            "alternatives. Errors: NotFoundError (unknown part number, device or form factor, with the three closest), "
            "ValidationError (a distance ≤ 0 m or non-finite, a negative or non-finite length, rate ≤ 0, a part in "
            "the wrong place)."
        )
    )
    async def check_link(self, info: Info, link: LinkInput) -> CheckLinkResult:
        service = info.context.service
        try:
            req = link.to_request()
            result = service.kept_check_link(req) or await call(lambda: service.check_link(req))
        except FabricGraphError as exc:
            return as_error(exc, info)
        return LinkVerdict.of(result)

    @strawberry.field(
        description="Every public code (stable) with its severity, meaning and the questions that emit it "
        "(scopes): the link rules of checkLink and linkOptions (errors first), then validatePartList's "
        "part-list findings (SHORTFALL, SURPLUS, NO_PARTNER, …), then the ValidationError codes of a part "
        "list that cannot be read (PART_LIST_*)."
    )
    def rule_codes(self) -> list[RuleCode]:
        return [
            RuleCode(code=c.code, severity=c.severity, description=c.description, scopes=list(c.scopes))
            for c in public_codes()
        ]
