"""The compatibility rules: pure functions over a :class:`~service.domain.link.Link`, one code each.

``check_link`` runs every rule and returns a :class:`~service.domain.link.Verdict` listing every
broken rule (not just the first). ``linkOptions`` and ``checkLink`` both use it, so every option
offered passes the check. Rule codes are public and stable: see :data:`RULE_CODES`.
"""

from service.rules.context import RuleContext
from service.rules.engine import (
    NOTICE_CODES,
    RULE_CODES,
    RULES,
    Geometry,
    Placement,
    RuleCode,
    best_orientation,
    breakout_grades,
    breakout_leg_pmds,
    built,
    check_link,
    end_key,
    errors_at,
    family_span,
    geometry,
    optical_reach,
    orientations,
    placement,
    pmds_of_protocol,
    reach_basis,
    shape_key,
    valid_orientation,
)
from service.rules.fanout import check_fan_out, fan_out_slots

__all__ = [
    "NOTICE_CODES",
    "RULES",
    "RULE_CODES",
    "Geometry",
    "Placement",
    "RuleCode",
    "RuleContext",
    "best_orientation",
    "breakout_grades",
    "breakout_leg_pmds",
    "built",
    "check_fan_out",
    "check_link",
    "end_key",
    "errors_at",
    "family_span",
    "fan_out_slots",
    "geometry",
    "optical_reach",
    "orientations",
    "placement",
    "pmds_of_protocol",
    "reach_basis",
    "shape_key",
    "valid_orientation",
]
