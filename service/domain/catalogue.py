"""The catalogue's domain models: what a seed row may say, and what the repository returns.

Every fact-bearing row carries ``sources``: ids from ``seed/data/sources.yaml``. A row with no
source does not validate ("no source, no fact"). Nested facts that have their own provenance (a
PMD's reach per fiber type, a cage of a device, a form-factor fit) carry their own ``sources``.

Units: lengths and reach in metres, rates in Gb/s, signalling in GBd, wavelengths in nm, power in
watts. Models are frozen; unknown keys are refused, so a typo in a seed file fails loudly.
"""

from __future__ import annotations

import datetime as dt
import re
from enum import StrEnum
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

__all__ = [
    "PRIMARY_SOURCE_KINDS",
    "Adapter",
    "AutonegNote",
    "Breakout",
    "Cable",
    "CableEnd",
    "CableType",
    "Cage",
    "Connector",
    "Device",
    "DeviceType",
    "Fec",
    "FecAtRate",
    "FecMode",
    "FiberCable",
    "FiberType",
    "Fit",
    "FormFactor",
    "Generation",
    "LengthVariant",
    "LossBudget",
    "Media",
    "Part",
    "PartKind",
    "Pmd",
    "Polish",
    "PortMode",
    "Protocol",
    "Reach",
    "Side",
    "Source",
    "SourceKind",
    "TopStyle",
    "Transceiver",
    "fec_modes_at",
    "grade_media",
    "logical_ports_at",
]


class Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", str_strip_whitespace=True)


SourceIds = Annotated[list[str], Field(min_length=1, description="ids in seed/data/sources.yaml")]
PositiveM = Annotated[float, Field(gt=0, description="metres")]
Gbps = Annotated[float, Field(gt=0, description="Gb/s")]


class SourceKind(StrEnum):
    """How much a source is worth: a standard or the vendor's own document is primary."""

    STANDARD = "standard"
    VENDOR = "vendor"
    SECONDARY = "secondary"


PRIMARY_SOURCE_KINDS = frozenset({SourceKind.STANDARD, SourceKind.VENDOR})


class Protocol(StrEnum):
    INFINIBAND = "InfiniBand"
    ETHERNET = "Ethernet"


class Media(StrEnum):
    """Physical medium of a PMD: multimode fiber, single-mode fiber, or copper (twisted pair, e.g.
    1000BASE-T over Category 5e/6 cabling)."""

    MMF = "MMF"
    SMF = "SMF"
    COPPER = "copper"


def grade_media(grade: str) -> Media:
    """The medium of a cabling grade: ``OS1a``/``OS2`` single-mode fiber, ``Cat5e``/``Cat6`` twisted-pair
    copper, anything else (``OM1``…``OM5``) multimode fiber."""
    if grade.startswith("OS"):
        return Media.SMF
    if grade.startswith("Cat"):
        return Media.COPPER
    return Media.MMF


class TopStyle(StrEnum):
    """OSFP top: finned (air-cooled switch cages) or flat (riding heat sink / liquid-cooled cages)."""

    FINNED = "finned"
    FLAT = "flat"


class Side(StrEnum):
    """Which device a part (or a cable end) is made for."""

    SWITCH = "switch"
    ADAPTER = "adapter"
    ANY = "any"


class Polish(StrEnum):
    UPC = "UPC"
    APC = "APC"


class PartKind(StrEnum):
    TRANSCEIVER = "transceiver"
    CABLE = "cable"
    FIBER_CABLE = "fiber_cable"
    ADAPTER = "adapter"


class CableType(StrEnum):
    """Direct-attach cable type: passive copper, active copper, active optical."""

    DAC = "DAC"
    ACC = "ACC"
    AOC = "AOC"


class DeviceType(StrEnum):
    SWITCH = "switch"
    ADAPTER = "adapter"
    DPU = "dpu"


class Source(Frozen):
    """A document a fact comes from: standard clause, datasheet, vendor page or secondary text."""

    id: Annotated[str, Field(pattern=r"^[A-Za-z0-9_.-]+$")]
    url: Annotated[str, Field(min_length=8)]
    title: Annotated[str, Field(min_length=3)]
    section: str = ""
    kind: SourceKind
    read: dt.date | None = Field(default=None, description="date the source was read")

    @property
    def primary(self) -> bool:
        return self.kind in PRIMARY_SOURCE_KINDS


class Generation(Frozen):
    """An InfiniBand generation or an Ethernet rate class.

    ``lane_rate_gbps`` is the signalling bit rate per lane (e.g. FDR 14.0625), ``lane_data_gbps``
    the nominal data rate per lane (FDR 14, NDR 100), ``data_rate_gbps`` the nominal rate of the
    standard width (4x for InfiniBand). Unconfirmed values are left out (None), not guessed.
    """

    id: Annotated[str, Field(pattern=r"^(IB|ETH)-[A-Za-z0-9]+$")]
    family: Protocol
    name: str
    lanes: Annotated[int, Field(ge=1, le=16)]
    lane_rate_gbps: Gbps | None = None
    lane_data_gbps: Gbps | None = None
    signalling_gbd: Gbps | None = None
    data_rate_gbps: Gbps
    effective_data_gbps: Gbps | None = None
    line_code: str | None = None
    modulation: Literal["NRZ", "PAM4"] | None = None
    order: Annotated[int, Field(ge=0, description="rank for 'highest common generation'")]
    year: int | None = None
    narrow_modes: list[NarrowMode] = Field(default_factory=list)
    sources: SourceIds


class NarrowMode(Frozen):
    """A narrower width of a generation, e.g. HDR100 (2 lanes of HDR) or NDR200."""

    name: str
    lanes: Annotated[int, Field(ge=1)]
    data_rate_gbps: Gbps
    sources: SourceIds


class FiberType(Frozen):
    """A cabling grade (ISO/IEC 11801 / TIA-568): OM1…OM5 multimode and OS1a/OS2 single-mode fiber, and
    Category 5e / 6 balanced twisted-pair copper (``mode`` "copper", no core diameter) for BASE-T PMDs."""

    name: Annotated[str, Field(pattern=r"^(OM[1-5]|OS1a|OS2|Cat5e|Cat6)$")]
    mode: Literal["MMF", "SMF", "copper"]
    core_um: PositiveM | None = Field(default=None, description="core diameter in µm (fiber grades only)")
    bandwidth: str = ""
    sources: SourceIds

    @model_validator(mode="after")
    def _mode_matches_name(self) -> FiberType:
        if self.mode != grade_media(self.name).value:
            raise ValueError(f"{self.name} is {grade_media(self.name).value}, not {self.mode}")
        if (self.core_um is None) != (self.mode == "copper"):
            raise ValueError("a fiber grade has a core diameter (core_um); a twisted-pair grade has none")
        return self


class Connector(Frozen):
    """A fiber connector with its polish, e.g. ``MPO-12/APC`` (12 fibers) or ``LC/UPC`` (duplex: 2), or
    the RJ-45 (8P8C) jack of a twisted-pair copper module, which has no polish (``fibers`` then counts
    its 8 conductors)."""

    id: Annotated[str, Field(pattern=r"^((LC|SC|MPO-12|MPO-16|MPO-24)/(UPC|APC)|RJ-45)$")]
    type: Literal["LC", "SC", "MPO-12", "MPO-16", "MPO-24", "RJ-45"]
    polish: Polish | None = None
    fibers: Annotated[int, Field(ge=1, le=32)]
    sources: SourceIds

    @model_validator(mode="after")
    def _id_matches(self) -> Connector:
        if self.type == "RJ-45":
            if self.polish is not None or self.id != "RJ-45":
                raise ValueError("an RJ-45 connector has no polish and the id 'RJ-45'")
            return self
        if self.polish is None:
            raise ValueError(f"a fiber connector ({self.type}) needs its polish (UPC or APC)")
        if self.id != f"{self.type}/{self.polish.value}":
            raise ValueError(f"id {self.id!r} must be '{self.type}/{self.polish.value}'")
        return self


class Fit(Frozen):
    """A cage of form factor ``cage`` accepts a module or cable plug of the enclosing form factor."""

    cage: str
    note: str = ""
    host_lane_gbps: (
        Annotated[
            float,
            Field(
                gt=0,
                description="the rate (Gb/s) each electrical lane of the host must run for the plug to "
                "work in this cage, where the cage's form factor also covers hosts with slower lanes: "
                "a QSFP112 plug (4 x 100G lanes) in a QSFP-DD cage needs a QSFP-DD800-class host (8 x "
                "100G lanes), not a 400G one (8 x 50G). Sourced by the fit's sources; None: any host",
            ),
        ]
        | None
    ) = None
    sources: SourceIds


class FormFactor(Frozen):
    """An MSA form factor (SFP, SFP+, SFP28, QSFP+, QSFP28, QSFP56, QSFP112, QSFP-DD, OSFP…).

    ``fits_in`` lists the *other* cages that accept this plug (backward compatibility); every form
    factor fits its own cage.
    """

    name: str
    lanes: Annotated[int, Field(ge=1, le=16)]
    msa: str
    max_rate_gbps: Gbps | None = None
    aliases: list[str] = Field(default_factory=list)
    fits_in: list[Fit] = Field(default_factory=list)
    sources: SourceIds


class LossBudget(Frozen):
    """A PMD's channel insertion-loss budget over one fiber grade, and the loss figures an installed
    plant is counted with against it.

    ``channel_db`` is the clause's maximum channel insertion loss (dB) between the two transceivers'
    connectors, fiber and connections included (10GBASE-SR over OM3: 2.6 dB). A plant of length L
    metres with N mated connections is estimated at ``L / 1000 × fiber_db_per_km + N ×
    connection_db`` dB; over ``channel_db`` the link is refused (INSERTION_LOSS_EXCEEDED).
    """

    channel_db: Annotated[float, Field(gt=0, description="maximum channel insertion loss, dB")]
    allocation_db: float | None = Field(
        default=None, ge=0, description="the part of channel_db the clause allocates to connections and splices, dB"
    )
    fiber_db_per_km: Annotated[float, Field(gt=0, description="cabled fiber attenuation counted, dB/km")]
    connection_db: Annotated[float, Field(gt=0, description="loss counted per mated connection, dB")]
    sources: SourceIds


class Reach(Frozen):
    """Maximum reach (metres) of a PMD or a part over one fiber grade; a PMD's row may carry the
    clause's channel insertion-loss budget over that grade (``loss``) and its minimum channel
    insertion loss (``min_loss_db``)."""

    fiber: str
    max_m: PositiveM
    min_m: Annotated[float, Field(ge=0, description="shortest supported run (metres), e.g. 2 m")] | None = None
    note: str = ""
    loss: LossBudget | None = Field(default=None, description="channel insertion-loss budget over this grade")
    min_loss_db: (
        Annotated[
            float,
            Field(
                gt=0,
                description="the clause's minimum channel insertion loss over this grade (dB), sourced by the "
                "row's sources: a shorter, lower-loss channel overloads the receiver unless an optical "
                "attenuator is fitted (40GBASE-ER4: 9 dB, IEEE 802.3bm clause 87)",
            ),
        ]
        | None
    ) = None
    mode_conditioning: bool = Field(
        default=False,
        description="the PMD's clause needs an offset-launch mode-conditioning patch cord at each "
        "transceiver over this (multimode) grade, e.g. 10GBASE-LRM over OM1/OM2, 1000BASE-LX over MMF",
    )
    sources: SourceIds

    @property
    def informative(self) -> bool:
        """True for a row its source gives as informative only, not as the clause's specified
        fiber: the TIA FOTC tables' OS1a column (IEEE 802.3 specifies single-mode cabled fiber of
        0.4-0.5 dB/km, not OS1a's 1.0 dB/km; "informative only" opens the row's note, pmds.yaml)."""
        return _INFORMATIVE.search(self.note) is not None


_INFORMATIVE = re.compile(r"\binformative\b", re.IGNORECASE)
"""The word the seed's reach notes mark an informative-only row with (:attr:`Reach.informative`)."""


FecMode = Literal["RS(528,514)", "RS(544,514)", "BASE-R", "none"]
"""An Ethernet FEC mode: Clause 91/108 RS-FEC RS(528,514) ("KR4"), Clause 91/134 RS(544,514)
("KP4"), Clause 74 BASE-R (FireCode) FEC, or none."""


class Fec(Frozen):
    """The FEC a PMD or a direct-attach cable class needs: ``required`` is the mode both ends must
    run, per the standard clause or vendor document cited. ``none`` means no FEC is required (the
    link runs without FEC, e.g. 100GBASE-LR4: "not required on 100 Gb long-range optics", FEC01);
    the rules then require nothing, and only remind where a port could be set to an FEC mode that
    the other end does not run (FEC_SETTING)."""

    required: FecMode
    clause: str | None = Field(default=None, description="IEEE 802.3 clause of the FEC, e.g. 91")
    sources: SourceIds


class Breakout(Frozen):
    """A breakout mode a PMD allows: one port of it runs as ``legs`` independent links of the leg
    PMD ``pmd``, each on its own lanes and fibers, through a splitter or harness (e.g. 400GBASE-DR4
    → 4 × 100GBASE-DR: the four parallel 100 Gb/s lanes of IEEE 802.3bs DR4 each meet a 100GBASE-DR
    module over an MPO-12 → 4 × duplex LC harness)."""

    legs: Annotated[int, Field(ge=2, le=8)]
    pmd: str = Field(description="the PMD each leg runs, e.g. 100GBASE-DR")
    sources: SourceIds


class Pmd(Frozen):
    """A physical-medium-dependent interface, e.g. 10GBASE-SR (IEEE 802.3 cl. 52) or NDR SR4.

    ``connector`` is the connector type (LC, MPO-12…); its polish comes with each part.
    """

    name: str
    family: Protocol
    rate_gbps: Gbps
    generation: str | None = None
    standard: str
    clause: str | None = None
    wavelength_nm: str
    lanes: Annotated[int, Field(ge=1, le=16)]
    fibers: Annotated[int, Field(ge=0, le=32)]
    media: Media
    connector: Literal["LC", "SC", "MPO-12", "MPO-16", "MPO-24", "RJ-45"] | None = None
    also_media: list[Media] = Field(
        default_factory=list,
        description=(
            "further media the PMD's clause gives a reach over, besides ``media`` (1000BASE-LX: "
            "single-mode, and multimode with an offset-launch mode-conditioning patch cord)"
        ),
    )
    reach: list[Reach] = Field(default_factory=list)
    reach_complete: bool = Field(
        default=False,
        description=(
            "True when ``reach`` is the whole operating-range table of the PMD's clause or datasheet, "
            "so a fiber grade it does not list is not supported; False (the default) when a grade "
            "without a row is simply not known (the link is answered REACH_UNVERIFIED, never rejected)"
        ),
    )
    secondary_only: bool = False
    fec: Fec | None = Field(default=None, description="the FEC both ends must run, where a source says")
    breakouts: list[Breakout] = Field(
        default_factory=list,
        description="the breakout modes the PMD allows (legs x leg PMD), where a source says",
    )
    sources: SourceIds

    @property
    def all_media(self) -> tuple[Media, ...]:
        """``media`` and ``also_media``, in that order, without repeats."""
        return tuple(dict.fromkeys([self.media, *self.also_media]))

    @model_validator(mode="after")
    def _reach_matches_media(self) -> Pmd:
        media = set(self.all_media)
        for r in self.reach:
            needed = grade_media(r.fiber)
            if needed not in media:
                raise ValueError(f"reach over {r.fiber} contradicts media {'/'.join(m.value for m in self.all_media)}")
        return self


class LengthVariant(Frozen):
    """One orderable length of a cable family: its own part number and length in metres.

    ``aliases`` are other numbers that order the same item, e.g. NVIDIA's second ordering number
    ``980-9I924-00N002`` for ``MCP7Y00-N002``; ``sources`` are the variant's own sources, added to the
    family's.
    """

    part_number: str
    length_m: PositiveM
    aliases: list[str] = Field(default_factory=list)
    sources: list[str] = Field(default_factory=list)


class _PartBase(Frozen):
    part_number: str | None = Field(default=None, description="unique orderable number (OPN)")
    family: str | None = Field(default=None, description="length family, e.g. MFP7E10")
    vendor: str
    description: str
    protocols: Annotated[list[Protocol], Field(min_length=1)]
    status: Literal["active", "eol", "discontinued"] = "active"
    aliases: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    protocol_sources: list[str] = Field(
        default_factory=list,
        description=(
            "ids of the sources of ``protocols`` when they are not the part's own sources, e.g. a "
            "secondary source for a protocol read from the vendor's part-number convention"
        ),
    )
    sources: SourceIds

    @field_validator("part_number", "family")
    @classmethod
    def _no_spaces(cls, value: str | None) -> str | None:
        if value is not None and not re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9+./_-]*", value):
            raise ValueError(f"{value!r} is not a part number")
        return value


class Transceiver(_PartBase):
    """A pluggable optical module. ``ports`` = 2 for a twin-port OSFP (two independent links).

    ``rates_gbps`` are the per-port rates it runs at (e.g. NDR 400 and NDR200 200); ``pmds`` the
    PMDs it implements per port (two for a dual-rate module); ``reach`` the part's own limits,
    which may be shorter than its PMD's.
    """

    kind: Literal[PartKind.TRANSCEIVER] = PartKind.TRANSCEIVER
    form_factor: str
    top_style: TopStyle | None = None
    top_style_sources: list[str] = Field(
        default_factory=list,
        description=(
            "ids of the sources that state ``top_style`` (a TOP_STYLE_MISMATCH cites these; empty: the "
            "part's own sources)"
        ),
    )
    ports: Annotated[int, Field(ge=1, le=2)] = 1
    rates_gbps: Annotated[list[Gbps], Field(min_length=1)]
    pmds: Annotated[list[str], Field(min_length=1)]
    connector: str
    side: Side = Side.ANY
    power_w: Annotated[float, Field(gt=0, le=40)] | None = None
    reach: list[Reach] = Field(default_factory=list)
    fiber_cables: list[str] = Field(
        default_factory=list,
        description=(
            "fiber cable families the vendor documents for this module (e.g. MFP7E10); when set, only "
            "those cables are offered, otherwise any fiber of a grade its PMD reaches over"
        ),
    )


class CableEnd(Frozen):
    """One end of a direct-attach cable: ``plugs`` connectors of ``form_factor``.

    A 1:2 splitter has one end with 1 twin-port plug and the other with 2 plugs; ``rate_gbps`` is per
    plug and ``ports`` the logical ports per plug (2 for a twin-port OSFP plug).
    """

    form_factor: str
    top_style: TopStyle | None = None
    top_style_sources: list[str] = Field(
        default_factory=list,
        description=(
            "ids of the sources that state this end's ``top_style`` (a TOP_STYLE_MISMATCH cites these; "
            "empty: the cable's own sources)"
        ),
    )
    plugs: Annotated[int, Field(ge=1, le=8)] = 1
    ports: Annotated[int, Field(ge=1, le=2)] = 1
    rate_gbps: Gbps
    lanes: Annotated[int, Field(ge=1, le=16)]
    side: Side = Side.ANY


class Cable(_PartBase):
    """A direct-attach cable (DAC, ACC, AOC), possibly a splitter; one part number per length."""

    kind: Literal[PartKind.CABLE] = PartKind.CABLE
    cable_type: CableType
    rates_gbps: Annotated[list[Gbps], Field(min_length=1, description="per-leg link rates")]
    end_a: CableEnd
    end_b: CableEnd
    length_m: PositiveM | None = None
    variants: list[LengthVariant] = Field(default_factory=list)
    max_length_m: PositiveM | None = Field(default=None, description="the family's documented length limit (metres)")
    power_w: Annotated[float, Field(gt=0)] | None = None
    fec: Fec | None = Field(
        default=None, description="the FEC both ends must run over this cable class, where a source says"
    )


class FiberCable(_PartBase):
    """A passive fiber patch cord, trunk or splitter. ``legs`` = 2 for a 1:2 splitter."""

    kind: Literal[PartKind.FIBER_CABLE] = PartKind.FIBER_CABLE
    fiber_type: str
    connector_a: str
    connector_b: str
    legs: Annotated[int, Field(ge=1, le=8)] = 1
    channels: Annotated[int, Field(ge=1, le=16)] | None = None
    polarity: str | None = None
    length_m: PositiveM | None = None
    variants: list[LengthVariant] = Field(default_factory=list)
    max_length_m: PositiveM | None = Field(default=None, description="the family's documented length limit (metres)")


class Adapter(_PartBase):
    """A cage adapter such as a QSA: plugs into a ``form_factor`` cage, offers an ``accepts`` cage."""

    kind: Literal[PartKind.ADAPTER] = PartKind.ADAPTER
    form_factor: str
    accepts: str
    max_rate_gbps: Gbps
    side: Side = Side.ANY


Part = Annotated[Transceiver | Cable | FiberCable | Adapter, Field(discriminator="kind")]


class PortMode(Frozen):
    """How many logical ports one cage gives at one rate, e.g. a Spectrum-4 OSFP cage: 1 port at
    800 Gb/s, 2 at 400 Gb/s, 4 at 200 Gb/s (NVIDIA SN5000 data interfaces)."""

    rate_gbps: Gbps
    ports_per_cage: Annotated[int, Field(ge=1, le=16)]
    sources: SourceIds


class FecAtRate(Frozen):
    """The FEC modes a port runs at one rate, where the source states them per rate, e.g. a Spectrum
    switch port: RS(528,514), BASE-R or none at 25 Gb/s; RS(528,514) or none at 100 Gb/s (BASE-R at
    25 Gb/s only; NVIDIA Cumulus Linux user guide)."""

    rate_gbps: Gbps
    modes: Annotated[list[FecMode], Field(min_length=1)]
    sources: SourceIds


class AutonegNote(Frozen):
    """What a vendor document says a port's auto-negotiation must be on some links: ``on`` (it must
    be enabled) or ``off`` (the port does not auto-negotiate there: force the speed).

    The note applies where every condition given holds: the link runs at one of ``rates_gbps``
    (empty: any rate); its lanes run PAM4 (``pam4``: 50 Gb/s or more per lane); the other end is a
    device of ``peer_series`` (e.g. Spectrum-4); the port holds a transceiver module, not a cable
    plug (``modules_only``). ``says`` is the document's statement, ``fix`` the setting to make.
    """

    setting: Literal["on", "off"]
    rates_gbps: list[Gbps] = Field(default_factory=list)
    pam4: bool = False
    peer_series: str | None = None
    modules_only: bool = False
    says: Annotated[str, Field(min_length=8)]
    fix: Annotated[str, Field(min_length=8)]
    sources: SourceIds


class VendorLock(Frozen):
    """A device whose vendor document says its ports bring a link up only with the vendor's own
    cables and transceivers (Cisco UCS C-series VICs: "the link will not come up" with a third-party
    part, UC15). ``vendor`` is the catalogue vendor name whose parts it takes; ``says`` quotes the
    document."""

    vendor: str
    says: Annotated[str, Field(min_length=8)]
    sources: SourceIds


class Cage(Frozen):
    """A group of identical cages on a device.

    ``top_style`` is what the cage needs of a module's top (finned for air-cooled Quantum-2 switch
    cages, flat for a ConnectX-7 riding heat sink); ``logical_ports_per_cage`` is 2 for a twin-port
    OSFP switch cage. ``split_modes`` name the breakouts a port supports, e.g. ``2xNDR200``.
    """

    id: Annotated[str, Field(pattern=r"^[a-z0-9_-]+$")]
    form_factor: str
    count: Annotated[int, Field(ge=1, le=1024)]
    logical_ports_per_cage: Annotated[int, Field(ge=1, le=8)] = 1
    top_style: TopStyle | None = None
    top_style_sources: list[str] = Field(
        default_factory=list,
        description=(
            "ids of the sources that state ``top_style`` (a TOP_STYLE_MISMATCH cites these; empty: the "
            "cage's own sources)"
        ),
    )
    speeds_gbps: Annotated[list[Gbps], Field(min_length=1)]
    split_modes: list[str] = Field(default_factory=list)
    splits_stated: bool = Field(
        default=False,
        description=(
            "True when a source states that the port takes no breakout (ALE's transceiver guide marks "
            "the 4 x 25G splitters N/S on an OS6860N-P48Z's QSFP28 ports), so a split of it is "
            "BREAKOUT_UNSUPPORTED. A non-empty ``split_modes`` is a stated list either way. False (the "
            "default, the safe side) with no ``split_modes``: no retrieved source lists the switch "
            "port's breakouts, so a split there is BREAKOUT_UNVERIFIED (a warning, never a refusal)"
        ),
    )
    port_modes: list[PortMode] = Field(
        default_factory=list,
        description=(
            "logical ports per cage at each rate where the source states it per rate (SN5600: 64 ports "
            "at 800 Gb/s, 128 at 400, 256 at 200); a rate not listed has ``logical_ports_per_cage``"
        ),
    )
    protocols: Annotated[list[Protocol], Field(min_length=1)]
    fec_modes: list[FecMode] = Field(
        default_factory=list,
        description="FEC modes the port can run, where a source lists them (empty: not known, not checked)",
    )
    fec_sources: list[str] = Field(default_factory=list, description="source ids of ``fec_modes``")
    fec_by_rate: list[FecAtRate] = Field(
        default_factory=list,
        description=(
            "FEC modes the port runs at each rate, where the source states them per rate (a rate listed "
            "here is checked against its own modes; any other rate against ``fec_modes``)"
        ),
    )
    autoneg: list[AutonegNote] = Field(
        default_factory=list, description="auto-negotiation settings a vendor document requires on some links"
    )
    rates_complete: bool = Field(
        default=False,
        description=(
            "True when a source states the port's rates completely (every rate it runs, or in so many "
            "words which lower rates it does not), so a rate below the top of ``speeds_gbps`` that is "
            "not listed is not supported (RATE_MISMATCH). False (the default, the safe side) when "
            "``speeds_gbps`` are the rates a source names: a lower rate it does not list is simply not "
            "stated (RATE_UNVERIFIED, a warning, never a refusal). A NetBox interface type such as "
            "10gbase-x-sfpp names the cage's nominal rate, not every rate the port runs; a datasheet "
            'line "10/25 GbE" lists two rates without saying 1 GbE is unsupported: neither is complete'
        ),
    )
    sources: SourceIds

    @model_validator(mode="after")
    def _port_modes_listed(self) -> Cage:
        for mode in self.port_modes:
            if not any(abs(mode.rate_gbps - s) < 1e-9 for s in self.speeds_gbps):
                raise ValueError(f"port mode at {mode.rate_gbps:g} Gb/s is not one of the cage's speeds")
        return self


def fec_modes_at(cage: Cage, rate_gbps: float | None) -> tuple[list[FecMode], list[str]]:
    """The FEC modes ``cage`` runs at ``rate_gbps`` and their source ids: the :class:`FecAtRate` of
    that rate where one is listed, else ``fec_modes`` (empty: not known, not checked).

    Example: an SN2700 QSFP28 port runs RS(528,514) or none at 100 Gb/s, and RS(528,514), BASE-R or
    none on a 25 Gb/s breakout leg.
    """
    if rate_gbps is not None:
        for at in cage.fec_by_rate:
            if abs(at.rate_gbps - rate_gbps) < 1e-9:
                return list(at.modes), list(at.sources)
    return list(cage.fec_modes), list(cage.fec_sources)


def logical_ports_at(cage: Cage, rate_gbps: float) -> int:
    """Logical ports one cage of ``cage`` gives at ``rate_gbps`` (Gb/s).

    The cage's :class:`PortMode` for that rate when one is listed, else
    ``cage.logical_ports_per_cage``. Example: an SN5600 OSFP cage gives 1 port at 800 Gb/s and 2 at
    400 Gb/s, so 64 cages are 64 ports at 800 Gb/s and 128 at 400 Gb/s.
    """
    for mode in cage.port_modes:
        if abs(mode.rate_gbps - rate_gbps) < 1e-9:
            return mode.ports_per_cage
    return cage.logical_ports_per_cage


class Device(Frozen):
    """A switch, adapter (HCA/NIC) or DPU model with its cages."""

    model: str
    name: str
    vendor: str
    device_type: DeviceType
    series: str | None = None
    aliases: list[str] = Field(default_factory=list)
    cages: Annotated[list[Cage], Field(min_length=1)]
    vendor_lock: VendorLock | None = Field(
        default=None,
        description="set where a vendor document says the device's ports take only its vendor's own cables and "
        "transceivers (VENDOR_LOCKED)",
    )
    notes: list[str] = Field(default_factory=list)
    sources: SourceIds

    @property
    def side(self) -> Side:
        return Side.SWITCH if self.device_type is DeviceType.SWITCH else Side.ADAPTER


Generation.model_rebuild()
