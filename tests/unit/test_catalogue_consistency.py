"""Consistency suite over the shipped catalogue (``seed/data``, no database): the facts agree with
each other and with the generation support the vendor documents, and every source names a document.

- every InfiniBand cage lists the rates of every generation its switch or adapter family runs (up to
  the cage's top rate): older generations are not dropped;
- every PMD has a reach row over each medium it runs on, unless its reach is declared unknown;
- every splitter's legs × leg rate (and lanes) equals its trunk's;
- every cage's logical ports × rate fits its form factor's capacity at every rate it lists;
- source hygiene: no search-results page, no mailing list behind a cage fact, every source names
  its document.
"""

from __future__ import annotations

import re

import pytest

from seed.catalogue import Catalogue, load_catalogue
from service.domain.catalogue import Cable, Media, Protocol, logical_ports_at

# InfiniBand generations each family runs, as the vendor documents them (nominal 4x rates, Gb/s:
# SDR 10, QDR 40, FDR 56, EDR/HDR100 100, HDR/NDR200 200, NDR 400). A cage must list every one up
# to its own top rate.
IB_RATES_BY_SERIES: dict[str, tuple[frozenset[float], str]] = {
    # QM97xx manual: "40/56/100/200/400 Gb/s" per logical port [N08].
    "Quantum-2": (frozenset({40, 56, 100, 200, 400}), "N08"),
    # Quantum firmware notes: QDR/FDR (FDR cables), SDR on any cable [Q01]; EDR by negotiation [S21].
    "Quantum": (frozenset({10, 40, 56, 100, 200}), "Q01"),
    # MLNX_OFED release notes, uplink speeds [O01].
    "ConnectX-7": (frozenset({100, 200, 400}), "O01"),
    "ConnectX-6": (frozenset({10, 56, 100, 200}), "O01"),
    "ConnectX-5": (frozenset({10, 40, 56, 100}), "O01"),
    "BlueField-2": (frozenset({10, 56, 100, 200}), "O01"),
    # BlueField-3 firmware release notes: EDR, HDR100, HDR, NDR200, NDR [B3F].
    "BlueField-3": (frozenset({100, 200, 400}), "B3F"),
}

SEARCH_PAGE = re.compile(
    r"github\.com/search|[./]google\.[a-z.]+/search|bing\.com/search|duckduckgo\.com|/search\?|[?&]q=", re.I
)
MAILING_LIST = re.compile(
    r"//lists\.|/pipermail/|/archives/list/|groups\.google\.|/mailman/|//lore\.kernel\.org/|//marc\.info/"
    r"|//(www\.)?spinics\.net/lists/|//(www\.)?mail-archive\.com/|//lkml\.org/",
    re.I,
)


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return load_catalogue()


def test_every_infiniband_cage_lists_the_older_generations_its_family_runs(catalogue: Catalogue) -> None:
    """QM8700 must list SDR/QDR/FDR/EDR/HDR (it was HDR only), ConnectX-7 EDR/HDR/NDR, and so on."""
    missing: list[str] = []
    checked = 0
    for device in catalogue.devices:
        if device.series not in IB_RATES_BY_SERIES:
            continue
        rates, source = IB_RATES_BY_SERIES[device.series]
        for cage in device.cages:
            if Protocol.INFINIBAND not in cage.protocols:
                continue
            checked += 1
            top = max(cage.speeds_gbps)
            wanted = {r for r in rates if r <= top}
            lacking = sorted(wanted - set(cage.speeds_gbps))
            if lacking:
                missing.append(f"{device.model} {cage.id}: lacks {lacking} (per {source})")
            if source not in cage.sources:
                missing.append(f"{device.model} {cage.id}: does not cite {source} for its rates")
    assert checked >= 15
    assert missing == []


def test_the_qm8700_cage_runs_every_generation_from_sdr_to_hdr(catalogue: Catalogue) -> None:
    [qm8700] = [d for d in catalogue.devices if d.model == "MQM8700-HS2F"]
    assert qm8700.cages[0].speeds_gbps == [10, 40, 56, 100, 200]


def test_every_pmd_has_a_reach_row_over_each_medium_it_runs_on_or_says_its_reach_is_unknown(
    catalogue: Catalogue,
) -> None:
    """A complete reach table (``reach_complete``) covers every medium of the PMD (a grade it omits is
    then not supported); an incomplete one leaves grades unknown, answered REACH_UNVERIFIED."""
    gaps: list[str] = []
    grades = {f.name: f.mode for f in catalogue.fiber_types}
    for pmd in catalogue.pmds:
        for r in pmd.reach:
            assert r.fiber in grades, f"{pmd.name}: unknown fiber grade {r.fiber}"
            assert r.min_m is None or r.min_m < r.max_m, f"{pmd.name} over {r.fiber}: min {r.min_m} ≥ max {r.max_m}"
        if not pmd.reach_complete:
            continue
        for medium in pmd.all_media:
            if medium is Media.COPPER:
                continue
            if not any(grades[r.fiber] == medium.value for r in pmd.reach):
                gaps.append(f"{pmd.name}: complete reach table without a {medium.value} row")
    assert gaps == []


def test_every_single_mode_pmd_with_a_complete_table_has_an_os2_row(catalogue: Catalogue) -> None:
    lacking = [
        p.name
        for p in catalogue.pmds
        if p.reach_complete and Media.SMF in p.all_media and not any(r.fiber == "OS2" for r in p.reach)
    ]
    assert lacking == []


def test_pmds_whose_reach_is_unknown_are_exactly_the_ones_no_retrieved_source_gives(catalogue: Catalogue) -> None:
    """The PMDs answered REACH_UNVERIFIED on some grade: a change here is a deliberate data change."""
    unknown = sorted(p.name for p in catalogue.pmds if not p.reach_complete and p.media is not Media.COPPER)
    assert unknown == [
        "1000BASE-LX",  # OM4/OM5 not named by the cl. 38 sources nor the TIA table (MM01)
        "1000BASE-SX",  # OM3 800 m from the TIA table (MM01); OM4/OM5 named by no retrieved table
        "100G-CWDM4",  # single-mode PMDs below: no OS1a figure in a retrieved source
        "100G-PSM4",  # OS2 500 m only (OX01/OX04); no OS1a figure
        "100G-SR1.2",  # OM3/OM4/OM5 (OX01, HU03, HU01); no source names OM1/OM2
        "100G-SRBD",  # OM3/OM4 only (B04); OM5 only in Dell's compatible-part sheet (HU01)
        "100GBASE-DR",
        "100GBASE-LR1",
        "100GBASE-LR4",
        "10GBASE-ER",
        "10GBASE-LR",  # 10 km on unnamed single-mode fiber: an OS2 figure, OS1a unverified
        "200GBASE-DR4",
        "200GBASE-FR4",
        "200GBASE-SR4",  # OM3 70 m UNCONFIRMED
        "25GBASE-LR",
        "400G-2FR4",  # vendor-defined PMDs below: their datasheets give one grade each (B08: OS2;
        "400G-PLR4",  # B03/B04: OM3 and OM4), no other
        "400G-XDR4",
        "400GBASE-DR4",
        "400GBASE-FR4",
        "400GBASE-LR4-6",
        "40G-SR-BD",
        "40GBASE-FR",
        "50GBASE-FR",  # 50 GbE (pmds/e50.yaml): OS2 from ALE's SFP56 guide (FG01), no OS1a figure
        "50GBASE-LR",
        "50GBASE-SR",  # OM4 100 m (FG01, E15); the clause's OM3 70 m was not found in a retrieved page
        "800GBASE-SR8",  # secondary figures only
        "EDR SR4",  # no retrieved NVIDIA reach
        "HDR SR4",
    ]


def test_every_splitter_leg_rate_times_legs_equals_its_trunk(catalogue: Catalogue) -> None:
    wrong: list[str] = []
    splitters = 0
    for part in catalogue.parts:
        if not isinstance(part, Cable):
            continue
        for trunk, legs in ((part.end_a, part.end_b), (part.end_b, part.end_a)):
            if trunk.plugs != 1 or legs.plugs < 2:
                continue
            splitters += 1
            name = part.part_number or part.family
            if abs(trunk.rate_gbps - legs.plugs * legs.rate_gbps) > 1e-9:
                wrong.append(f"{name}: trunk {trunk.rate_gbps:g} ≠ {legs.plugs} × {legs.rate_gbps:g}")
            if trunk.lanes != legs.plugs * legs.lanes:
                wrong.append(f"{name}: trunk {trunk.lanes} lanes ≠ {legs.plugs} × {legs.lanes}")
            if legs.rate_gbps not in part.rates_gbps:
                wrong.append(f"{name}: leg rate {legs.rate_gbps:g} not among its rates {part.rates_gbps}")
    assert splitters >= 20
    assert wrong == []


def test_every_cage_fits_its_logical_ports_at_every_rate_into_its_form_factor(catalogue: Catalogue) -> None:
    """Logical ports × rate ≤ the form factor's capacity (OSFP 800 Gb/s: SN5600 1 × 800, 2 × 400, 4 ×
    200; QM9700 2 × 400), or its lanes × the lane rate of the generation that runs at that rate (XDR:
    8 OSFP lanes × 200 Gb/s, so a Q3400 twin-port cage carries 2 × 800)."""
    forms = {f.name: f for f in catalogue.form_factors}
    over: list[str] = []
    for device in catalogue.devices:
        for cage in device.cages:
            ff = forms[cage.form_factor]
            for rate in cage.speeds_gbps:
                lane = max(
                    (g.lane_data_gbps or 0.0 for g in catalogue.generations if g.data_rate_gbps == rate), default=0.0
                )
                cap = None if ff.max_rate_gbps is None else max(ff.max_rate_gbps, ff.lanes * lane)
                if cap is not None and logical_ports_at(cage, rate) * rate > cap + 1e-9:
                    over.append(f"{device.model} {cage.id}: {logical_ports_at(cage, rate)} × {rate:g} > {cap:g}")
    assert over == []


def test_the_sn5600_gives_64_ports_at_800g_128_at_400g_and_256_at_200g(catalogue: Catalogue) -> None:
    [sn5600] = [d for d in catalogue.devices if d.model == "SN5600"]
    cage = sn5600.cages[0]
    assert [cage.count * logical_ports_at(cage, r) for r in (800, 400, 200)] == [64, 128, 256]


# --- source hygiene -------------------------------------------------------------------------------


def test_no_source_is_a_search_results_page(catalogue: Catalogue) -> None:
    """A source is the document that states the fact, never a search (github.com/search, Google,
    Bing, DuckDuckGo, any ``/search?`` or ``?q=`` URL): such a URL names no document and changes under
    the reader. A fact found through a search cites the file or page the search found."""
    offenders = sorted(f"{s.id}: {s.url}" for s in catalogue.sources.values() if SEARCH_PAGE.search(s.url))
    assert offenders == []


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/search?type=code&q=%22MFP7E10-N050%22",
        "https://www.google.com/search?q=MFP7E10",
        "https://www.google.co.uk/search?q=MFP7E10",
        "https://www.bing.com/search?q=MFP7E10",
        "https://duckduckgo.com/?q=MFP7E10",
        "https://docs.nvidia.com/search?q=MFP7E10",
    ],
)
def test_the_search_page_pattern_refuses_search_urls(url: str) -> None:
    assert SEARCH_PAGE.search(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://docs.nvidia.com/networking/display/mcp4y10nxxx2x400pub",
        "https://github.com/guilbaults/check_ib_switch/blob/3d8593bcb021e368751d073ddcd607c6f78dc94e/README.md",
    ],
)
def test_the_search_page_pattern_accepts_documents(url: str) -> None:
    assert not SEARCH_PAGE.search(url)


@pytest.mark.parametrize(
    "url",
    [
        "https://lists.nanog.org/archives/list/nanog@lists.nanog.org/message/KWRICFB5RQPGQ73HW6QVC7YI76J5F6SU",
        "https://lore.kernel.org/all/20211023094022.4193813-2-vadimp@nvidia.com/",
        "https://mailman.example.org/pipermail/ib-users/2020-May/000001.html",
        "https://groups.google.com/g/some-list/c/abc",
    ],
)
def test_the_mailing_list_pattern_recognises_list_archives(url: str) -> None:
    assert MAILING_LIST.search(url)


def test_a_github_source_names_a_file_at_a_commit(catalogue: Catalogue) -> None:
    """A GitHub source is a blob (or commit) URL pinned to a commit, so the cited text cannot move; a
    wiki page (kept with its own revision history) is named by its page."""
    loose = [
        s.id
        for s in catalogue.sources.values()
        if "//github.com/" in s.url
        and not re.search(r"//github\.com/[^/]+/[^/]+/(blob|commit)/[0-9a-f]{7,40}(/|$)", s.url)
        and not re.search(r"//github\.com/[^/]+/[^/]+/wiki/[^/?#]+$", s.url)
    ]
    assert loose == []


def test_no_cage_fact_rests_on_a_search_page_alone(catalogue: Catalogue) -> None:
    """Every cage (rates, split modes, geometry) cites at least one source that is a document."""
    alone = [
        f"{d.model} {c.id}"
        for d in catalogue.devices
        for c in d.cages
        if all(SEARCH_PAGE.search(catalogue.sources[i].url) for i in c.sources)
    ]
    assert alone == []


def test_no_mailing_list_is_the_source_of_a_cage_fact(catalogue: Catalogue) -> None:
    lists = {s.id for s in catalogue.sources.values() if MAILING_LIST.search(s.url)}
    cited = [
        f"{d.model} {c.id}: {i}"
        for d in catalogue.devices
        for c in d.cages
        for i in [*c.sources, *(s for m in c.port_modes for s in m.sources)]
        if i in lists
    ]
    assert cited == []


def test_a_mailing_list_source_is_marked_secondary(catalogue: Catalogue) -> None:
    for source in catalogue.sources.values():
        if MAILING_LIST.search(source.url):
            assert source.kind.value == "secondary", source.id


def test_every_source_names_its_document(catalogue: Catalogue) -> None:
    """A title that names a document (at least three words, not a search), and an http(s) URL."""
    vague = [
        s.id
        for s in catalogue.sources.values()
        if len(s.title.split()) < 3 or "search result" in s.title.lower() or not s.url.startswith("http")
    ]
    assert vague == []


def test_every_cage_keeps_a_primary_source_where_the_vendor_documents_it(catalogue: Catalogue) -> None:
    """Cages of families the vendor's own release notes cover cite a primary (vendor or standard) source."""
    weak = [
        f"{d.model} {c.id}"
        for d in catalogue.devices
        for c in d.cages
        if d.series in IB_RATES_BY_SERIES and not any(catalogue.sources[i].primary for i in c.sources)
    ]
    assert weak == []
