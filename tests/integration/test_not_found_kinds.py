"""The Cypher repository's not-found errors (the app's snapshot gives the same, see
test_snapshot_parity): a device asked as a part and a part asked as a device say what the name is and
which query answers it, keeping their codes; suggestions are distinct things, not one thing's aliases."""

from __future__ import annotations

import pytest

from service.errors import UnknownDeviceError, UnknownPartError
from service.persistence.repository import Neo4jRepository

pytestmark = pytest.mark.db


def test_a_device_asked_as_a_part_is_said_to_be_a_device(repo: Neo4jRepository) -> None:
    with pytest.raises(UnknownPartError) as caught:
        repo.part("ThinkSystem NE1032")
    exc = caught.value
    assert (exc.code, exc.found_as, exc.found_name, exc.suggestions) == ("UNKNOWN_PART", "device", "NE1032", [])
    assert exc.message == (
        "ThinkSystem NE1032 is a device (Lenovo ThinkSystem NE1032 RackSwitch), not a part number: "
        'ask device(name: "NE1032")'
    )


def test_a_part_asked_as_a_device_is_said_to_be_a_part(repo: Neo4jRepository) -> None:
    with pytest.raises(UnknownDeviceError) as caught:
        repo.device("980-9I924-00N002")  # NVIDIA's ordering number of MCP7Y00-N002
    exc = caught.value
    assert (exc.code, exc.found_as, exc.found_name, exc.suggestions) == (
        "UNKNOWN_DEVICE",
        "part",
        "MCP7Y00-N002",
        [],
    )
    assert exc.message.endswith(', not a device model: ask part(partNumber: "MCP7Y00-N002")')


def test_suggestions_are_distinct_devices(repo: Neo4jRepository) -> None:
    with pytest.raises(UnknownDeviceError) as caught:
        repo.device("NE1033")
    assert caught.value.suggestions == ["NE1032", "SN2010", "SN2100"]
    targets = repo.name_targets("device")
    assert {"NE1032", "ThinkSystem NE1032", "Lenovo NE1032", "lenovo-ne1032"} <= {
        n for n, t in targets.items() if t == "NE1032"
    }
    # A switch known by its marketing name and its OPN is suggested once, under the name typed at.
    with pytest.raises(UnknownDeviceError) as caught:
        repo.device("QM9770")
    assert caught.value.suggestions[0] == "QM9700"
    assert "MQM9700-NS2F" not in caught.value.suggestions


def test_a_device_number_cut_short_suggests_the_devices_not_unrelated_cables(repo: Neo4jRepository) -> None:
    """Fresh-user trial: part "MCX75310AAS" suggested C10S, MCP7Y10-N01A and MC3309130-00A. No part
    number contains it; the ConnectX-7 cards' ordering numbers do. The snapshot answers alike
    (test_snapshot_parity)."""
    with pytest.raises(UnknownPartError) as caught:
        repo.part("MCX75310AAS")
    assert caught.value.suggestions == ["MCX75310AAS-NEAT", "MCX75510AAS-NEAT", "MCX653105A-ECAT"]
    # a part-number typo still gets part numbers
    with pytest.raises(UnknownPartError) as caught:
        repo.part("MCP4Y10-N02")
    assert caught.value.suggestions == ["MCP4Y10-N002", "MCP4Y10-N001", "MCP4Y10-N00A"]


def test_an_ordering_number_with_a_switch_model_inside_suggests_that_switch(repo: Neo4jRepository) -> None:
    """Practitioner trial: "MSN2700-CS2F" got "did you mean MMA2P00-AS?". An ordering number the
    catalogue does not hold but which carries a model suggests the switch, longest name first."""
    with pytest.raises(UnknownPartError) as caught:
        repo.part("MSN2700-CS2X")  # not an SN2700 ordering number any source states
    assert caught.value.suggestions == ["MSN2700"]  # the SN2700's EEPROM product name (OR01), once
    with pytest.raises(UnknownPartError) as caught:
        repo.part("MSN3700-VS2F")  # the SN3700's number is not loaded (no source retrieved)
    assert caught.value.suggestions == ["SN3700"]
    with pytest.raises(UnknownPartError) as caught:
        repo.part("MSN4600C-CS2F")
    assert caught.value.suggestions == ["SN4600C", "SN4600"]
    # a loaded ordering number is a device, not a part
    with pytest.raises(UnknownPartError) as caught:
        repo.part("MSN2700-CS2F")
    assert (caught.value.found_as, caught.value.found_name, caught.value.suggestions) == ("device", "SN2700", [])


def test_a_device_model_in_a_checked_chain_is_said_to_be_a_device(service) -> None:  # type: ignore[no-untyped-def]
    from service.use_cases import EndRequest, LinkRequest

    req = LinkRequest(
        end_a=EndRequest(form_factor="QSFP112"),
        end_b=EndRequest(form_factor="QSFP112"),
        distance_m=1,
        module_a="4XC7B03668",
        module_b="MMA4Z00-N5",
    )
    with pytest.raises(UnknownPartError) as caught:
        service.check_link(req)
    exc = caught.value
    assert (exc.found_as, exc.found_name) == ("device", "4XC7B03668")
    (other,) = exc.others
    assert (other.name, other.found_as, other.suggestions[0]) == ("MMA4Z00-N5", None, "MMA4Z00-NS")
