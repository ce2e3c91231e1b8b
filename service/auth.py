"""API keys and bearer tokens: who may edit the catalogue (and, if configured, read it).

A caller presents its key as ``Authorization: Bearer <key>`` or ``X-API-Key: <key>``. Settings hold
only the SHA-256 of each key (``api_keys = {"alice": "sha256:<64 hex>"}``), so a leaked settings
file gives nobody a key. Keys are random 256-bit tokens (see :func:`new_key`), so a plain SHA-256
is enough: there is nothing to brute-force the way there is with a human password. The
comparison runs in constant time over every configured hash, so timing tells nothing about how
close a guess was or which principal it matched.

Make a key and the line for the settings::

    python -m service.auth new alice
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sys
from collections.abc import Mapping
from dataclasses import dataclass

from service.config import Settings
from service.errors import AuthenticationError

__all__ = ["HASH_PREFIX", "Principal", "authenticate", "hash_key", "new_key", "presented_key", "require"]

HASH_PREFIX = "sha256:"
_MAX_KEY_CHARS = 512


@dataclass(frozen=True)
class Principal:
    """An authenticated caller; ``name`` is the settings key, recorded as "who" on every edit."""

    name: str


def new_key() -> str:
    """A fresh random key: 32 bytes from the OS's CSPRNG, URL-safe base64 (43 characters)."""
    return secrets.token_urlsafe(32)


def hash_key(key: str) -> str:
    """The form settings store: ``sha256:`` and the hex SHA-256 of the key's UTF-8 bytes."""
    return HASH_PREFIX + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def presented_key(headers: Mapping[str, str]) -> str | None:
    """The key a request presents: ``Authorization: Bearer <key>``, else ``X-API-Key``; None if neither.

    Args:
        headers: request headers (case-insensitive mapping, e.g. Starlette's ``Headers``).
    """
    auth = headers.get("authorization") or ""
    scheme, _, token = auth.strip().partition(" ")
    if scheme.casefold() == "bearer" and token.strip():
        return token.strip()
    key = (headers.get("x-api-key") or "").strip()
    return key or None


def authenticate(settings: Settings, headers: Mapping[str, str]) -> Principal | None:
    """The principal whose configured hash matches the presented key, or None.

    Every configured hash is compared (``hmac.compare_digest``), whether or not one already matched.
    """
    key = presented_key(headers)
    if key is None or len(key) > _MAX_KEY_CHARS:
        return None
    digest = hash_key(key)
    found: str | None = None
    for name, stored in settings.api_keys.items():
        if hmac.compare_digest(digest.encode(), stored.encode()) and found is None:
            found = name
    return Principal(found) if found is not None else None


def require(settings: Settings, headers: Mapping[str, str] | None) -> Principal:
    """The authenticated principal.

    Raises:
        AuthenticationError: no key presented, or none that matches.
    """
    principal = authenticate(settings, headers) if headers is not None else None
    if principal is None:
        raise AuthenticationError()
    return principal


def _main(argv: list[str]) -> int:  # pragma: no cover - a two-line helper for operators
    if len(argv) != 2 or argv[0] != "new":
        sys.stderr.write("usage: python -m service.auth new NAME\n")
        return 2
    key = new_key()
    sys.stdout.write(f"key (give it to {argv[1]}; it is not stored): {key}\n")
    sys.stdout.write(f"FABRICGRAPH_API_KEYS='{json.dumps({argv[1]: hash_key(key)})}'\n")
    return 0


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(_main(sys.argv[1:]))
