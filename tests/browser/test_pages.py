"""Each page's main task, end to end in Chromium on the real service (uvicorn + the test Neo4j).

Every test asserts the values a user reads on the page, and (through the ``page`` fixture) that no
request left the page's own origin. Screenshots at 1280 px and 390 px go to docs/screenshots/.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from urllib.parse import quote

import pytest

pytestmark = pytest.mark.db

ROOT = Path(__file__).resolve().parents[2]
P01 = ROOT / "examples" / "procurement"


def rows(page, selector: str) -> list[list[str]]:  # type: ignore[no-untyped-def]
    """The body cells of a table as the user reads them (whitespace collapsed)."""
    cells: list[list[str]] = page.eval_on_selector(
        selector,
        "t => [...t.tBodies[0].rows].map(r => [...r.cells].map(c => c.innerText.replace(/\\s+/g, ' ').trim()))",
    )
    return cells


def test_link_finder_10g_ethernet_300m_between_two_sfp_plus_ports_by_keyboard(page, shoot):  # type: ignore[no-untyped-def]
    """SFP+ ↔ SFP+, 10 Gb/s Ethernet over 300 m: six options, multimode first, nothing over OM1/OM2."""
    page.goto("/links")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.get_by_label("End A").focus()
    page.keyboard.type("SFP+")
    page.keyboard.press("Tab")
    page.keyboard.type("SFP+")
    page.keyboard.press("Tab")
    page.keyboard.type("10")
    page.keyboard.press("Tab")
    page.keyboard.type("300")
    page.keyboard.press("Tab")
    page.keyboard.press("End")  # the protocol list: any, InfiniBand, Ethernet
    assert page.get_by_label("Protocol").input_value() == "Ethernet"
    # past the two cage-group fields, the "show rejected" checkbox, the plant and the bare-port summaries
    for _ in range(6):
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Find options"
    page.keyboard.press("Enter")
    page.wait_for_selector("#options")
    assert page.inner_text("#summary") == "7 options: an SFP+ cage → an SFP+ cage, 10 Gb/s over 300 m (Ethernet)"
    got = [r[:7] for r in rows(page, "#options")]
    # OM4 and OM5 tie on reach (400 m) and margin; the lower grade ranks first (OM5 buys nothing here)
    assert got == [
        ["1", "MMF", "10GBASE-SR", "OM4", "LC/UPC", "400 m", "100 m"],
        ["2", "MMF", "10GBASE-SR", "OM5", "LC/UPC", "400 m", "100 m"],
        ["3", "MMF", "10GBASE-SR", "OM3", "LC/UPC", "300 m", "0 m"],
        ["4", "SMF", "10GBASE-LR", "OS2", "LC/UPC", "10,000 m", "9,700 m"],
        ["5", "SMF", "10GBASE-ER", "OS2", "LC/UPC", "40,000 m", "39,700 m"],
        # (11 dB - 2 dB) / 1.0 dB/km over OS1a, from clause 52's loss budget (secondary copies)
        ["6", "SMF", "10GBASE-ER", "OS1a", "LC/UPC", "9,000 m", "8,700 m"],
        ["7", "SMF", "10GBASE-LR", "OS1a", "LC/UPC", "unverified", ""],  # no channel loss sourced: last
    ]
    assert "/links?" in page.url and "distance=300" in page.url  # the answer has a shareable address
    # The toggle: rejected candidates with their rule codes, limits and sources.
    page.get_by_label("Show rejected candidates").check()
    page.get_by_role("button", name="Find options").click()
    page.wait_for_selector("#rejected")
    rejected = rows(page, "#rejected")
    om1 = [r for r in rejected if r[2] == "10GBASE-SR" and r[3] == "OM1"]
    assert len(om1) == 1 and "REACH_EXCEEDED" in om1[0][8] and "33 m" in om1[0][8]
    shoot(page, "links-10g-300m")


def test_link_finder_over_200_m_of_installed_om1_offers_10gbase_lrm_only(page, shoot):  # type: ignore[no-untyped-def]
    """The plant fields GraphQL has (fiber grade, connector, length, patch panels) on the page: 10G
    between two SFP+ ports over 200 m of installed OM1 with LC/UPC: 10GBASE-LRM only (IEEE 802.3aq
    cl. 68: 220 m over OM1, with a mode-conditioning patch cord at each end), no SR (33 m over OM1),
    no DAC/AOC, no other grade. At 390 px the parts list wraps inside its cell."""
    page.goto("/links")
    page.get_by_label("End A").fill("SFP+")
    page.get_by_label("End B").fill("SFP+")
    page.get_by_label("Rate (Gb/s)").fill("10")
    page.get_by_label("Distance (m)").fill("200")
    page.get_by_text("Over installed fiber (plant)").click()
    page.get_by_label("Fiber grade").select_option("OM1")
    page.get_by_label("Connector", exact=True).fill("LC/UPC")
    page.get_by_label("Patch panels").fill("0")
    page.get_by_role("button", name="Find options").click()
    page.wait_for_selector("#options")
    assert page.inner_text("#summary") == "1 option: an SFP+ cage → an SFP+ cage, 10 Gb/s over 200 m"
    got = rows(page, "#options")
    assert [r[:7] for r in got] == [["1", "MMF", "10GBASE-LRM", "OM1", "LC/UPC", "220 m", "20 m"]]
    # Extreme's 10303 (EX01) leads the four 10GBASE-LRM SFP+ optics by part number, as in test_plant_loss
    assert got[0][7] == (
        "module a 10303 alt. J9152D, SFP-10G-LRM, SFPP-10GE-LRM fiber structured cabling"
        " module b 10303 alt. J9152D, SFP-10G-LRM, SFPP-10GE-LRM"
    )
    assert "MODE_CONDITIONING_CORD" in got[0][8]
    assert "plant_fiber=OM1" in page.url  # the plant answer has a shareable address too
    shoot(page, "links-plant-om1-200m")
    page.set_viewport_size({"width": 390, "height": 844})
    spill = page.eval_on_selector_all("td.parts", "cells => cells.filter(c => c.scrollWidth > c.clientWidth).length")
    assert spill == 0
    page.set_viewport_size({"width": 1280, "height": 900})


def test_link_finder_qm9700_to_connectx7_ndr_30m_and_the_part_page(page, shoot):  # type: ignore[no-untyped-def]
    """QM9700 ↔ ConnectX-7 OSFP, 400 Gb/s over 30 m: NDR SR4 over OM4 first, NDR DR4 over OS2 second;
    the twin-port transceiver goes in the switch, the flat-top one in the adapter."""
    page.goto("/links")
    page.get_by_label("End A").fill("QM9700")
    page.get_by_label("End B").fill("MCX75310AAS-NEAT")
    page.get_by_label("Rate (Gb/s)").fill("400")
    page.get_by_label("Distance (m)").fill("30")
    page.get_by_role("button", name="Find options").click()
    page.wait_for_selector("#options")
    assert page.inner_text("#summary") == "2 options: MQM9700-NS2F → MCX75310AAS-NEAT, 400 Gb/s over 30 m"
    got = rows(page, "#options")
    assert [r[:7] for r in got] == [
        ["1", "MMF", "NDR SR4", "OM4", "MPO-12/APC", "50 m", "20 m"],
        ["2", "SMF", "NDR DR4", "OS2", "MPO-12/APC", "100 m", "70 m"],
    ]
    assert got[0][7].startswith("module a MMA4Z00-NS (serves 2 links)")
    assert "fiber MFP7E10-N030" in got[0][7] and "module b MMA4Z00-NS400" in got[0][7]
    assert "module a MMS4X00-NS (serves 2 links)" in got[1][7] and "fiber MFP7E30-N030" in got[1][7]
    shoot(page, "links-qm9700-cx7-30m")
    page.get_by_role("link", name="MMA4Z00-NS400", exact=True).first.click()
    page.wait_for_selector("#part-facts")
    assert page.inner_text("h1") == "MMA4Z00-NS400"
    facts = page.inner_text("#part-facts")
    assert "OSFP, flat top" in facts and "NDR SR4" in facts and "MPO-12/APC" in facts
    shoot(page, "part-mma4z00-ns400")


def test_check_a_chain_flat_top_module_in_a_finned_switch_cage(page, shoot):  # type: ignore[no-untyped-def]
    """MMA4Z00-NS400 (flat top, adapter side) in a QM9700 cage: not valid, TOP_STYLE_MISMATCH and
    WRONG_SIDE with fixes and sources, and the two valid alternatives."""
    page.goto("/check")
    page.get_by_label("End A").fill("QM9700")
    page.get_by_label("Module A").fill("MMA4Z00-NS400")
    page.get_by_label("Medium").fill("MFP7E10-N030")
    page.get_by_label("Module B").fill("MMA4Z00-NS400")
    page.get_by_label("End B").fill("MCX75310AAS-NEAT")
    page.get_by_label("Distance (m)").fill("30")
    page.get_by_role("button", name="Check").click()
    page.wait_for_selector("#verdict")
    assert page.inner_text("#verdict").startswith("Not valid")
    findings = {r[1]: r for r in rows(page, "#findings")}
    top = findings["TOP_STYLE_MISMATCH"]
    assert top[0] == "error"
    assert top[2] == (
        "MMA4Z00-NS400 is flat-top; the OSFP cage of MQM9700-NS2F takes finned-top only "
        "(air-cooled switch cages need finned modules)"
    )
    assert top[3] and top[4]  # a fix and at least one source
    assert findings["WRONG_SIDE"][0] == "error" and "made for the adapter side" in findings["WRONG_SIDE"][2]
    alternatives = rows(page, "#alternatives")
    assert [r[1:7] for r in alternatives] == [
        ["MMF", "NDR SR4", "OM4", "MPO-12/APC", "50 m", "20 m"],
        ["SMF", "NDR DR4", "OS2", "MPO-12/APC", "100 m", "70 m"],
    ]
    sources = page.eval_on_selector_all("#findings a.src", "as => as.map(a => a.href)")
    assert sources and all(s.startswith("https://") for s in sources)
    shoot(page, "check-top-style-mismatch")


def test_check_a_chain_between_bare_ports_with_a_flat_top_single_port_cage(page, shoot):  # type: ignore[no-untyped-def]
    """Issue 12 on the page: End A is a bare OSFP cage the user says is flat-top and single-port (a
    ConnectX-7 or DGX H100 style cage); the finned twin-port MMA4Z00-NS in it is refused for both."""
    page.goto("/check")
    page.get_by_label("End A").fill("OSFP")
    page.get_by_label("Module A").fill("MMA4Z00-NS")
    page.get_by_label("Medium").fill("MFP7E10-N003")
    page.get_by_label("Module B").fill("MMA4Z00-NS")
    page.get_by_label("End B").fill("OSFP")
    page.get_by_label("Distance (m)").fill("3")
    page.get_by_text("Bare port details").click()
    page.get_by_label("Top style of A").select_option("flat")
    page.get_by_label("Ports per cage of A").select_option("1")
    page.get_by_role("button", name="Check").click()
    page.wait_for_selector("#verdict")
    assert page.inner_text("#verdict") == "Not valid"
    findings = {r[1]: r for r in rows(page, "#findings")}
    assert findings["TOP_STYLE_MISMATCH"][:3] == [
        "error",
        "TOP_STYLE_MISMATCH",
        "MMA4Z00-NS is finned-top; a flat-top single-port OSFP cage takes flat-top only (its riding heat sink "
        "needs a flat-top module)",
    ]
    assert findings["PORT_COUNT_MISMATCH"][0] == "error"
    assert "a_top=flat" in page.url and "a_ports=1" in page.url
    shoot(page, "check-bare-flat-top-osfp")


def test_part_list_p01_uploaded_from_a_file_and_its_report_downloaded(page, shoot):  # type: ignore[no-untyped-def]
    """Procurement case P01: 32 twin-port MMA4Z00-NS, 64 MFP7E10-N030, 64 MMA4Z00-NS400 for 64 links
    QM9700 → ConnectX-7 at 400 Gb/s over 30 m: buildable, nothing short, nothing surplus."""
    page.goto("/parts-list")
    page.get_by_label("Part list (.csv, .xlsx)").set_input_files(str(P01 / "p01_parts.csv"))
    page.get_by_label("Intents (optional)").set_input_files(str(P01 / "p01_intents.csv"))
    page.get_by_role("button", name="Validate").click()
    page.wait_for_selector("#verdict")
    assert page.inner_text("#verdict") == "Buildable"
    assert page.inner_text("#counts") == (
        "p01_parts.csv: 0 errors, 0 warnings, 0 notes · 3 lines, 3 part numbers, 160 pieces · 1 intents, 64 links"
    )
    totals = {r[0]: r[1:5] for r in rows(page, "#totals")}
    assert totals == {
        "MFP7E10-N030": ["64", "64", "0", "0"],
        "MMA4Z00-NS": ["32", "32", "0", "0"],
        "MMA4Z00-NS400": ["64", "64", "0", "0"],
    }
    intents = rows(page, "#intents")
    assert len(intents) == 1 and intents[0][2] == "yes"
    assert "MMA4Z00-NS ×32" in intents[0][3] and "MMA4Z00-NS400 ×64" in intents[0][3]
    shoot(page, "parts-list-p01")
    with page.expect_download() as download:
        page.get_by_role("button", name="CSV", exact=True).click()
    report = list(csv.reader(io.StringIO(Path(download.value.path()).read_text(encoding="utf-8"))))
    assert download.value.suggested_filename == "p01_parts-report.csv"
    assert report[1][:3] == ["summary", "", "BUILDABLE"]
    with page.expect_download() as download:
        page.get_by_role("button", name="JSON", exact=True).click()
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8"))["summary"]["buildable"] is True


def test_plan_a_2048_endpoint_ndr_fabric_with_its_picture(page, shoot):  # type: ignore[no-untyped-def]
    """2,048 NDR endpoints on QM9700, two tiers, ConnectX-7 nodes: 64 leaf + 32 spine, 409,600 Gb/s
    bisection per direction, non-blocking; the topology picture loads; the BOM downloads."""
    page.goto("/plan")
    page.get_by_label("Switch").fill("QM9700")
    page.get_by_label("Endpoints").fill("2048")
    page.get_by_label("Tiers").select_option("2")
    page.get_by_label("Node adapter or form factor").fill("MCX75310AAS-NEAT")
    page.get_by_role("button", name="Plan").click()
    page.wait_for_selector("#plan-summary")
    assert page.inner_text("#plan-summary") == "2-tier fat tree: 64 leaf / 32 spine / 0 core = 96 switches"
    assert page.inner_text("#endpoints") == "2,048 at 400 Gb/s (max 2,048)"
    assert page.inner_text("#bisection") == "409,600 Gb/s per direction"
    bom = {(r[1], r[3]): r[2] for r in rows(page, "#bom")}
    assert bom[("MQM9700-NS2F", "")] == "96"
    assert bom[("MMA4Z00-NS", "")] == "2,048"
    assert bom[("MCP7Y00-N003", "3 m")] == "1,024"
    assert bom[("MFP7E10-N030", "30 m")] == "2,048"
    page.wait_for_function("document.querySelector('#topology').complete")
    assert page.eval_on_selector("#topology", "i => i.naturalWidth") > 0
    shoot(page, "plan-2048")
    with page.expect_download() as download:
        page.get_by_role("link", name="BOM (CSV)").click()
    lines = Path(download.value.path()).read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("category,part_number,description,quantity")
    assert any(line.startswith("switch,MQM9700-NS2F,") and ",96," in line for line in lines)


def test_catalogue_search_then_a_device_page_with_its_cages(page, shoot):  # type: ignore[no-untyped-def]
    page.goto("/catalogue")
    page.get_by_label("Search part numbers, devices and form factors").fill("QM9700")
    page.keyboard.press("Enter")
    page.wait_for_selector("#hits-devices")
    page.locator("#hits-devices a").first.click()
    page.wait_for_selector("#cages")
    assert page.inner_text("h1") == "MQM9700-NS2F"
    cages = rows(page, "#cages")
    assert cages[0][1:5] == ["OSFP", "32", "2", "finned"]
    shoot(page, "device-qm9700")


def test_graphiql_runs_a_query_from_local_assets(page, shoot):  # type: ignore[no-untyped-def]
    page.goto("/graphiql?query=" + quote("{ ruleCodes { code severity } }"))
    page.wait_for_selector(".graphiql-container", timeout=20_000)
    page.locator(".graphiql-execute-button").click()
    page.wait_for_function(
        "document.querySelector('.result-window') && "
        "document.querySelector('.result-window').innerText.includes('TOP_STYLE_MISMATCH')",
        timeout=20_000,
    )
    shoot(page, "graphiql")


def test_start_page(page, shoot):  # type: ignore[no-untyped-def]
    page.goto("/")
    assert page.get_by_role("link", name="Link finder").first.is_visible()
    shoot(page, "index")
