"""The web pages for people who do not write GraphQL: link finder, chain check, part list, fabric
plan, catalogue and GraphiQL, served by the same FastAPI app on the same use cases.

Server-rendered Jinja2 templates; htmx (vendored from its npm package with its licence, see
``static/vendor/VENDORED.md``) swaps in the results. No CDN and no build step: everything the browser
loads comes from this package. See :mod:`service.web.pages` for the routes.
"""

from __future__ import annotations

from service.web.pages import STATIC_DIR, TEMPLATES_DIR, build_router, graphiql_page

__all__ = ["STATIC_DIR", "TEMPLATES_DIR", "build_router", "graphiql_page"]
