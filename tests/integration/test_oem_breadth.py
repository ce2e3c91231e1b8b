"""Other-vendor (OEM) breadth on the real seeded graph (issue 11, second round).

    N9K-C9332D-GX2B [QSFP-DD] ══ 500 m ══ [QSFP-DD] DCS-7060DX5-64S   at 400 Gb/s
        → 400GBASE-DR4: Cisco QDD-400G-DR4-S at the Cisco end, Arista QDD-400G-DR4 at the Arista end
        → 400GBASE-FR4 and -LR8 name Cisco's QDD-400G-FR4-S / QDD-400G-LR8-S (OX02)
        → after every named option, the PMD-level one: any MSA-compliant 400GBASE-LR4-6

Equivalents ("what else is the same optic") across Cisco, HPE, Finisar and NVIDIA 10GBASE-SR SFP+,
and devices found by their NetBox device-type slugs.
"""

from __future__ import annotations

import pytest

from service.pmd_level import is_generic
from service.use_cases import CatalogueService, EndRequest


@pytest.fixture(scope="module")
def nexus_to_arista_400g_500m(service: CatalogueService):  # type: ignore[no-untyped-def]
    return service.link_options(
        end_a=EndRequest(device="N9K-C9332D-GX2B", cage="qsfp-dd"),
        end_b=EndRequest(device="DCS-7060DX5-64S", cage="qsfp-dd"),
        rate_gbps=400,
        distance_m=500,
    ).options


def _row(o) -> tuple[object, ...]:  # type: ignore[no-untyped-def]
    return o.pmd, o.fiber_type, o.reach_m, o.margin_m


class TestNexusToArista400gOver500m:
    # type: ignore[no-untyped-def]
    def test_dr4_first_with_each_vendors_own_module_at_its_own_switch(self, nexus_to_arista_400g_500m) -> None:
        first = nexus_to_arista_400g_500m[0]
        assert _row(first) == ("400GBASE-DR4", "OS2", 500.0, 0.0)
        modules = {p.role: (p.part_number, set(p.alternatives)) for p in first.parts if p.role.startswith("module")}
        assert modules == {
            # Extreme's 400G-DR4-QSFPDD500M (EX01 p. 3) is the same optic
            "module_a": (
                "QDD-400G-DR4-S",
                {"QDD-400G-DR4", "QSFP56-DD-400GBASE-DR4", "QSFP-400G-DR4-2", "MMS1V00-WM", "400G-DR4-QSFPDD500M"},
            ),
            "module_b": (
                "QDD-400G-DR4",
                {"QDD-400G-DR4-S", "QSFP56-DD-400GBASE-DR4", "QSFP-400G-DR4-2", "MMS1V00-WM", "400G-DR4-QSFPDD500M"},
            ),
        }

    # type: ignore[no-untyped-def]
    def test_pmd_level_options_come_after_every_named_one(self, nexus_to_arista_400g_500m) -> None:
        """Among verified options, named ones first, then PMD-level ones; every unverified option
        (REACH_UNVERIFIED over OS1a) comes after all of them (DESIGN: unverified after verified)."""

        def unverified(o) -> bool:  # type: ignore[no-untyped-def]
            return any(f.code == "REACH_UNVERIFIED" for f in o.verdict.findings)

        flags = [(unverified(o), is_generic(o.link.module_a)) for o in nexus_to_arista_400g_500m]
        assert flags == sorted(flags)  # verified named, verified PMD-level, then unverified
        generic = [o for o in nexus_to_arista_400g_500m if is_generic(o.link.module_a)]
        # FR4 and LR8 now name Cisco's modules (QDD-400G-FR4-S, QDD-400G-LR8-S; OX02): only LR4-6,
        # which no loaded QSFP-DD module implements, is still offered at the PMD level
        assert [_row(o) for o in generic] == [("400GBASE-LR4-6", "OS2", 6000.0, 5500.0)]
        assert [o.rank for o in nexus_to_arista_400g_500m] == list(range(1, len(nexus_to_arista_400g_500m) + 1))

    # type: ignore[no-untyped-def]
    def test_a_pmd_level_option_names_no_module_but_says_which(self, nexus_to_arista_400g_500m) -> None:
        lr4 = next(o for o in nexus_to_arista_400g_500m if o.pmd == "400GBASE-LR4-6")
        assert lr4.verdict.valid and lr4.reach_basis == "standard"
        parts = {p.role: p for p in lr4.parts}
        assert parts["module_a"].part_number is None and parts["module_b"].part_number is None
        assert parts["module_a"].description.startswith("any MSA-compliant 400GBASE-LR4-6 QSFP-DD transceiver")
        assert parts["fiber"].part_number is None
        assert lr4.summary.startswith(
            "400GBASE-LR4-6: any 400GBASE-LR4-6 QSFP-DD + OS2 LC/UPC + any 400GBASE-LR4-6 QSFP-DD"
        )

    def test_fr4_and_lr8_name_ciscos_modules(self, nexus_to_arista_400g_500m) -> None:  # type: ignore[no-untyped-def]
        named = [
            o.summary
            for o in nexus_to_arista_400g_500m
            if o.pmd in ("400GBASE-FR4", "400GBASE-LR8") and o.reach_m is not None
        ]
        assert named == [
            "400GBASE-FR4: QDD-400G-FR4-S + OS2 LC/UPC + QDD-400G-FR4-S, reach 2000 m over OS2",
            "400GBASE-LR8: QDD-400G-LR8-S + OS2 LC/UPC + QDD-400G-LR8-S, reach 10000 m over OS2",
            "400GBASE-LR8: QDD-400G-LR8-S + OS1a LC/UPC + QDD-400G-LR8-S, reach 4000 m over OS1a",
        ]

    def test_nothing_multimode_reaches_500_m(self, nexus_to_arista_400g_500m) -> None:  # type: ignore[no-untyped-def]
        assert {o.medium.value for o in nexus_to_arista_400g_500m} == {"SMF"}


class TestEquivalentsAcrossVendors:
    @pytest.mark.parametrize(
        ("pn", "equivalents"),
        [
            # ALE (iSFP-10G-SR), Cisco, Extreme (EX01), Finisar, HPE, Intel (IT01-IT03), Juniper (HU04), NVIDIA
            (
                "SFP-10G-SR",
                [
                    "iSFP-10G-SR",
                    "MA-SFP-10GB-SR",
                    "SFP-10G-SR-I",
                    "SFP-10G-SR-S",
                    "SFP-10G-SR-X",
                    "407-BBOU",
                    "407-BBVJ",
                    "407-BCBN",
                    "10301",
                    "10G-SR-SFP300M-ET",
                    "10G-SR-SFP300M-IT",
                    "FTLX8574D3BCL",
                    "FN-TRAN-SFP+SR",
                    "455883-B21",
                    "J9150A",
                    "J9150D",
                    "JL748A",
                    "AFBR-703SDDZ-IN1",
                    "AFBR-703SDZ-IN2",
                    "E10GSFPSR",
                    "E10GSFPSRG1P5",
                    "E10GSFPSRG2P5",
                    "E10GSFPSRX",
                    "FTLX8571D3BCV-IT",
                    "SFPP-10GE-SR",
                    "S+85DLC03D",
                    "MFM1T02A-SR",
                ],
            ),
            # ALE, Cisco, Extreme, Finisar, HPE, Intel, Juniper, NVIDIA
            (
                "J9150A",
                [
                    "iSFP-10G-SR",
                    "MA-SFP-10GB-SR",
                    "SFP-10G-SR",
                    "SFP-10G-SR-I",
                    "SFP-10G-SR-S",
                    "SFP-10G-SR-X",
                    "407-BBOU",
                    "407-BBVJ",
                    "407-BCBN",
                    "10301",
                    "10G-SR-SFP300M-ET",
                    "10G-SR-SFP300M-IT",
                    "FTLX8574D3BCL",
                    "FN-TRAN-SFP+SR",
                    "455883-B21",
                    "J9150D",
                    "JL748A",
                    "AFBR-703SDDZ-IN1",
                    "AFBR-703SDZ-IN2",
                    "E10GSFPSR",
                    "E10GSFPSRG1P5",
                    "E10GSFPSRG2P5",
                    "E10GSFPSRX",
                    "FTLX8571D3BCV-IT",
                    "SFPP-10GE-SR",
                    "S+85DLC03D",
                    "MFM1T02A-SR",
                ],
            ),
            (
                "QSFP-40G-SR4",
                [
                    "QSFP-40G-SR",
                    "QSFP-4X10G-SR",
                    "QSFP-40G-CSR4",
                    "QSFP-40G-SR4-S",
                    "40G-SR4-QSFP150M",
                    "FN-TRAN-QSFP+SR",
                    "JH231A",
                    "E40GQSFPSR",
                    "MC2210411-SR4",
                    "IAC-QSFP-FOT",
                ],
            ),  # ALE x2 (both MPO-12 40GBASE-SR4), Cisco x2, HPE, NVIDIA, Trellix
            ("OSFP-400G-SRBD", []),  # the only 400GBASE-SR4.2 OSFP module
        ],
    )
    def test_part_answers_what_else_is_the_same_optic(
        self, service: CatalogueService, pn: str, equivalents: list[str]
    ) -> None:
        assert service.repo.equivalents(pn) == equivalents


class TestDevicesByWhatUsersType:
    @pytest.mark.parametrize(
        ("name", "model"),
        [
            ("arista-dcs-7050cx3-32s", "DCS-7050CX3-32S"),
            ("DCS-7060DX5-64S-F", "DCS-7060DX5-64S"),
            ("nexus 93180yc-fx", "N9K-C93180YC-FX"),
            ("n9k-c9364d-gx2a", "N9K-C9364D-GX2A"),
            ("juniper-qfx5120-32c", "QFX5120-32C"),
        ],
    )
    def test_a_device_resolves_by_slug_marketing_name_or_case(
        self, service: CatalogueService, name: str, model: str
    ) -> None:
        assert service.repo.device(name).model == model
