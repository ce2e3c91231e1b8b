"""GraphQL input types."""

from __future__ import annotations

from enum import Enum

import strawberry

from service.api.types import Protocol
from service.domain import catalogue as dc
from service.errors import InputValidationError
from service.use_cases import EndRequest, FanOutLegRequest, FiberRequest, LinkRequest, PlantRequest

__all__ = [
    "EndInput",
    "EndSide",
    "FanOutLegInput",
    "LinkInput",
    "LinkSpecInput",
    "MediumInput",
    "PartFilter",
    "PlantInput",
    "TopStyle",
]


TopStyle = strawberry.enum(
    dc.TopStyle,
    name="TopStyle",
    description="OSFP top: finned (air-cooled switch cages) or flat (riding heat sink, liquid-cooled cages).",
)


@strawberry.enum(description="Which device a bare cage belongs to: a switch or an adapter (HCA/NIC/DPU).")
class EndSide(Enum):
    SWITCH = "switch"
    ADAPTER = "adapter"


@strawberry.input(
    description="One end of a link: a device model (with a cage group if it has several) or a bare "
    'form factor such as "SFP+". Give device or formFactor; with device, formFactor '
    "picks the cage group of that form factor."
)
class EndInput:
    device: str | None = strawberry.field(default=None, description="Model, OPN or alias, e.g. QM9700.")
    cage: str | None = strawberry.field(default=None, description="Cage group id on the device, e.g. osfp.")
    form_factor: str | None = strawberry.field(default=None, description="e.g. SFP+, OSFP, 10gbase-x-sfpp.")
    top_style: TopStyle | None = strawberry.field(  # type: ignore[valid-type]
        default=None,
        description="Bare OSFP form factor only (another form factor has no top style: ValidationError): the "
        "cage's top style. FLAT for a cage under a riding heat sink "
        "(ConnectX-7, DGX H100 OSFP), FINNED for an air-cooled switch cage; the other style is refused "
        "(TOP_STYLE_MISMATCH); a part whose top style no source states gets the warning TOP_STYLE_UNVERIFIED. "
        "Null: not checked.",
    )
    ports: int | None = strawberry.field(
        default=None,
        description="Bare form factor only: logical ports per cage, 1 (single-port) or 2 (twin-port); a "
        "twin-port plug in a 1-port cage is refused (PORT_COUNT_MISMATCH). Null: not checked.",
    )
    side: EndSide | None = strawberry.field(
        default=None,
        description="Bare form factor only: SWITCH or ADAPTER; a part made for the other side is refused "
        "(WRONG_SIDE). Null: not checked (in planFatTree's nodeEnd and fabricManager.end, null is ADAPTER).",
    )

    def to_request(self) -> EndRequest:
        return EndRequest(
            device=self.device,
            cage=self.cage,
            form_factor=self.form_factor,
            top_style=self.top_style,
            ports=self.ports,
            side=dc.Side(self.side.value) if self.side is not None else None,
        )


@strawberry.input(
    description="The installed fiber plant a link must run over (structured cabling already in the building)."
)
class PlantInput:
    fiber_type: str = strawberry.field(description="Fiber grade: OM1, OM2, OM3, OM4, OM5, OS1a or OS2.")
    connector: str | None = strawberry.field(
        default=None,
        description="Connector with polish at the outlets, e.g. LC/UPC or MPO-12/APC. Omitted: taken to match "
        "the transceivers, with a CONNECTOR_ASSUMED warning.",
    )
    length_m: float | None = strawberry.field(
        default=None, description="Fiber length, metres, > 0 (default: distanceM); 0 or less is a ValidationError."
    )
    patch_panels: int = strawberry.field(
        default=0,
        description="Patch panels the path crosses, ≥ 0: each is one mated connection, counted against the "
        "PMD's channel insertion-loss budget where the catalogue holds one (INSERTION_LOSS_EXCEEDED).",
    )

    def to_request(self) -> PlantRequest:
        return PlantRequest(
            fiber_type=self.fiber_type,
            connector=self.connector,
            length_m=self.length_m,
            patch_panels=self.patch_panels,
        )


@strawberry.input(description="A link-options question.")
class LinkSpecInput:
    rate_gbps: float = strawberry.field(description="Rate each link must run at, Gb/s (per splitter leg). > 0.")
    distance_m: float = strawberry.field(description="Cable-run length, metres, > 0.")
    a: EndInput
    b: EndInput
    protocol: Protocol | None = strawberry.field(default=None)  # type: ignore[valid-type]
    plant: PlantInput | None = strawberry.field(
        default=None,
        description="The installed fiber to run over: options are then transceivers over that grade only, "
        "the fiber taken at the plant's connector and length.",
    )


@strawberry.input(description="A medium in a proposed link: a part number, or generic fiber of a grade.")
class MediumInput:
    part_number: str | None = strawberry.field(default=None, description="DAC/ACC/AOC or fiber cable part number.")
    fiber_type: str | None = strawberry.field(default=None, description="Generic fiber grade, e.g. OM3.")
    connector: str | None = strawberry.field(
        default=None,
        description="Generic fiber connector with polish, e.g. LC/UPC or MPO-12/APC (both ends unless "
        "connectorB is given). Omitted: taken to match the transceivers, with a "
        "CONNECTOR_ASSUMED warning.",
    )
    length_m: float | None = strawberry.field(
        default=None,
        description="Generic fiber length, metres, > 0 (default: the run); 0 or less is a ValidationError.",
    )
    connector_b: str | None = strawberry.field(
        default=None, description="Generic fiber connector at end B when it differs (a harness: on each leg)."
    )
    legs: int = strawberry.field(
        default=1,
        description="Generic fiber only: legs of a 1:N harness (2 to 8), e.g. 4 for MPO-12/APC → 4 × LC/UPC "
        "(connector at the trunk, connectorB on each leg); 1 for a straight fiber.",
    )
    patch_panels: int = strawberry.field(
        default=0,
        description="Patch panels generic fiber crosses, ≥ 0: each is one mated connection, counted against "
        "the PMD's channel insertion-loss budget where the catalogue holds one (INSERTION_LOSS_EXCEEDED); "
        "with trunkM, the panels the trunk crosses.",
    )
    trunk_m: float | None = strawberry.field(
        default=None,
        description="Catalogue fiber cable only: metres of structured-cabling trunk (the cable's grade, its trunk "
        "connector at both ends) between the trunk end's transceiver and the cable, ≥ 0, e.g. 299 for a 1 m "
        "MPO-12/APC → 4 × LC/UPC harness at the far rack on a 300 m run. The path is the cable's length + "
        "trunkM; the trunk adds one mated connection. linkOptions names such a chain when no length of a "
        "harness family covers the run.",
    )

    def to_request(self) -> FiberRequest:
        return FiberRequest(
            part_number=self.part_number,
            fiber_type=self.fiber_type,
            connector=self.connector,
            length_m=self.length_m,
            connector_b=self.connector_b,
            legs=self.legs,
            patch_panels=self.patch_panels,
            trunk_m=self.trunk_m,
        )


@strawberry.input(
    description="One far end of a fan-out chain: the end (device or bare form factor), and the transceiver "
    "and cage adapter in it (none for a leg of a splitter cable)."
)
class FanOutLegInput:
    end: EndInput
    module: str | None = strawberry.field(default=None, description="Transceiver part number at this far end.")
    adapter: str | None = strawberry.field(default=None, description="Cage adapter part number at this far end.")

    def to_request(self) -> FanOutLegRequest:
        return FanOutLegRequest(end=self.end.to_request(), module=self.module, adapter=self.adapter)


@strawberry.input(
    description="A proposed chain: end A, [adapter A], [module A], media, [module B], [adapter B], "
    "end B. Two media on twin-port transceivers mean one fiber per port. A cable or "
    "fiber splitter may be named either way round. A fan-out chain (one trunk, several far ends) "
    "names its far ends in fanOut instead of b/moduleB/adapterB."
)
class LinkInput:
    a: EndInput
    b: EndInput | None = strawberry.field(default=None, description="End B; required unless fanOut names the far ends.")
    distance_m: float = strawberry.field(description="Cable-run length, metres, > 0.")
    module_a: str | None = strawberry.field(default=None, description="Transceiver part number at end A.")
    module_b: str | None = strawberry.field(default=None, description="Transceiver part number at end B.")
    media: list[MediumInput] = strawberry.field(default_factory=list)
    rate_gbps: float | None = strawberry.field(default=None, description="Required rate, Gb/s; null = negotiate.")
    protocol: Protocol | None = strawberry.field(default=None)  # type: ignore[valid-type]
    adapter_a: str | None = strawberry.field(
        default=None,
        description="Cage adapter part number in end A's cage, e.g. MAM1Q00A-QSA (SFP+ in QSFP).",
    )
    adapter_b: str | None = strawberry.field(default=None, description="Cage adapter part number in end B's cage.")
    fan_out: list[FanOutLegInput] | None = strawberry.field(
        default=None,
        description="A fan-out chain's far ends, one per leg, in order: a fiber splitter of N legs (or a "
        "straight fiber, one leg) in media carries the next N far ends; a splitter cable all of them. "
        "media then holds one medium per port of moduleA (e.g. two MFP7E20 on a twin-port MMA4Z00-NS), "
        "and b, moduleB and adapterB stay null. Each leg is checked as its own link (fanOut in the "
        "verdict). At most 64.",
    )

    def to_request(self) -> LinkRequest:
        if self.b is None and not self.fan_out:
            raise InputValidationError("b", "give end b, or the far ends in fanOut")
        return LinkRequest(
            end_a=self.a.to_request(),
            end_b=self.b.to_request() if self.b is not None else EndRequest(),
            distance_m=self.distance_m,
            module_a=self.module_a,
            module_b=self.module_b,
            media=tuple(m.to_request() for m in self.media),
            rate_gbps=self.rate_gbps,
            protocol=self.protocol,
            adapter_a=self.adapter_a,
            adapter_b=self.adapter_b,
            fan_out=tuple(leg.to_request() for leg in self.fan_out or ()),
        )


@strawberry.input(description="Filters for the parts listing.")
class PartFilter:
    kind: str | None = strawberry.field(default=None, description="transceiver, cable, fiber_cable or adapter.")
    vendor: str | None = None
    family: str | None = None
    protocol: Protocol | None = None  # type: ignore[valid-type]
