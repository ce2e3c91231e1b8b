"""linkOptions over HTTP/GraphQL, SFP+ ↔ SFP+ at 10G over 300 m: what each single-mode reach rests on.

10GBASE-LR/ER over OS2: clause 52's 10/40 km, backed by vendor datasheets (reachBasis standard).
10GBASE-ER over OS1a: 9 km derived from clause 52's loss budget, (11 dB channel insertion loss
- 2 dB connection allocation) / 1.0 dB/km, from IEEE 802.3 reflector e-mails quoting the clause and
a copy of ISO/IEC 11801-1's OS1a attenuation (SM01-SM03, all secondary): standard_secondary, and
secondary: true. 10GBASE-LR over OS1a: no channel loss sourced, unverified and last.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Gql = Callable[..., dict[str, Any]]

OPTIONS = """
query ($spec: LinkSpecInput!) {
  linkOptions(spec: $spec) {
    __typename
    ... on LinkOptions {
      options { rank pmd fiberType reachM marginM reachBasis secondary limitingSources { id kind } }
    }
  }
}
"""


def test_sfp_plus_10g_300m_single_mode_options_say_what_their_reach_rests_on(gql: Gql) -> None:
    sfp = {"formFactor": "SFP+"}
    body = gql(OPTIONS, {"spec": {"a": sfp, "b": sfp, "rateGbps": 10, "distanceM": 300}})
    assert "errors" not in body, body.get("errors")
    options = body["data"]["linkOptions"]["options"]
    smf = [
        (o["rank"], o["pmd"], o["fiberType"], o["reachM"], o["marginM"], o["reachBasis"], o["secondary"])
        for o in options
        if o["fiberType"] in ("OS2", "OS1a")
    ]
    assert smf == [
        (4, "10GBASE-LR", "OS2", 10000.0, 9700.0, "standard", False),
        (5, "10GBASE-ER", "OS2", 40000.0, 39700.0, "standard", False),
        (6, "10GBASE-ER", "OS1a", 9000.0, 8700.0, "standard_secondary", True),
        (7, "10GBASE-LR", "OS1a", None, None, "unverified", False),
    ]
    er_os1a = next(o for o in options if (o["pmd"], o["fiberType"]) == ("10GBASE-ER", "OS1a"))
    assert sorted((s["id"], s["kind"]) for s in er_os1a["limitingSources"]) == [
        ("SM01", "SECONDARY"),
        ("SM02", "SECONDARY"),
        ("SM03", "SECONDARY"),
    ]
