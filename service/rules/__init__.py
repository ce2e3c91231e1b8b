"""The compatibility rules: pure functions over a :class:`~service.domain.link.Link`, one code each.

``check_link`` runs every rule and returns a :class:`~service.domain.link.Verdict` listing every
broken rule (not just the first). ``linkOptions`` and ``checkLink`` both use it, so every option
offered passes the check. Rule codes are public and stable: see :data:`RULE_CODES`.
"""

from service.rules.context import RuleContext
from service.rules.engine import RULE_CODES, check_link

__all__ = ["RULE_CODES", "RuleContext", "check_link"]
