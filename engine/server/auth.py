"""API keys for the HTTP API: each key is scoped to sessions, or admin.

Keys come from a key file (``--api-keys FILE``) and/or the environment variable
``TOOLSTUB_API_KEYS``. The file is YAML (or JSON)::

    keys:
      - name: agent-a                 # shown in logs, never the key itself
        key: "sha256:9f86d08..."      # the key's SHA-256 (``toolstub serve keygen``) or the key
        sessions: [sess-1, sess-2]
      - name: ops
        key: "sha256:60303ae..."
        admin: true                   # sees every session

``TOOLSTUB_API_KEYS`` holds ``KEY=SESSION,SESSION;KEY=*`` (``*`` means admin);
``KEY`` may also be ``sha256:HEX``.

Only SHA-256 digests are kept in memory; a presented key is hashed and compared
with every configured digest in constant time (:func:`hmac.compare_digest`, no
early exit), so timing does not tell which key nearly matched.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import re
import secrets
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from toolstub.errors import ToolstubError

ENV_VAR = "TOOLSTUB_API_KEYS"
HASH_PREFIX = "sha256:"
_HEX64 = re.compile(r"[0-9a-f]{64}")
_KEY_FIELDS = frozenset({"name", "key", "sessions", "admin"})


class AuthConfigError(ToolstubError, ValueError):
    """A key file or ``TOOLSTUB_API_KEYS`` value that cannot be used (one line)."""


@dataclass(frozen=True)
class ApiKey:
    """One configured key: its digest and what it may read."""

    digest: bytes
    sessions: frozenset[str] = frozenset()
    admin: bool = False
    name: str = ""

    def allows(self, session_id: str) -> bool:
        return self.admin or session_id in self.sessions


def hash_key(key: str) -> str:
    """The ``sha256:HEX`` form of ``key``, for key files."""
    return HASH_PREFIX + hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


def generate_key() -> str:
    """A new random key (256 bits)."""
    return "tsk_" + secrets.token_urlsafe(32)


def _digest(spec: str, where: str) -> bytes:
    spec = spec.strip()
    if not spec or any(c.isspace() for c in spec):
        raise AuthConfigError(f"invalid api keys: {where}: a key must be non-empty, without spaces")
    if spec.startswith(HASH_PREFIX):
        hexpart = spec[len(HASH_PREFIX) :].lower()
        if not _HEX64.fullmatch(hexpart):
            raise AuthConfigError(f"invalid api keys: {where}: 'sha256:' must be followed by 64 hex digits")
        return bytes.fromhex(hexpart)
    return hashlib.sha256(spec.encode("utf-8")).digest()


class KeyRing:
    """The configured keys. Empty means the API is open (no auth)."""

    def __init__(self, keys: Iterable[ApiKey] = ()) -> None:
        self.keys: tuple[ApiKey, ...] = tuple(keys)

    @property
    def enabled(self) -> bool:
        return bool(self.keys)

    def authenticate(self, presented: str | None) -> ApiKey | None:
        """The key matching ``presented``, or None. Constant time over all keys."""
        if not presented:
            return None
        digest = hashlib.sha256(presented.encode("utf-8", "surrogatepass")).digest()
        found: ApiKey | None = None
        for key in self.keys:
            if hmac.compare_digest(digest, key.digest) and found is None:
                found = key
        return found

    def __len__(self) -> int:
        return len(self.keys)


def _entry(item: Any, where: str) -> ApiKey:
    if not isinstance(item, Mapping):
        raise AuthConfigError(f"invalid api keys: {where}: expected a mapping with 'key'")
    unknown = sorted(set(item) - _KEY_FIELDS)
    if unknown:
        raise AuthConfigError(f"invalid api keys: {where}: unknown field {unknown[0]!r}")
    if not isinstance(item.get("key"), str):
        raise AuthConfigError(f"invalid api keys: {where}.key: expected a string")
    sessions = item.get("sessions") or []
    if isinstance(sessions, str):
        sessions = [sessions]
    if not isinstance(sessions, list) or not all(isinstance(s, str) and s for s in sessions):
        raise AuthConfigError(f"invalid api keys: {where}.sessions: expected a list of session ids")
    admin = item.get("admin", False)
    if not isinstance(admin, bool):
        raise AuthConfigError(f"invalid api keys: {where}.admin: expected true or false")
    if not admin and not sessions:
        raise AuthConfigError(f"invalid api keys: {where}: give 'sessions' or 'admin: true'")
    name = str(item.get("name") or "")
    return ApiKey(_digest(item["key"], f"{where}.key"), frozenset(sessions), admin, name)


def parse_key_file(text: str, *, path: str = "<keys>") -> list[ApiKey]:
    try:
        data = yaml.safe_load(text) if not path.endswith(".json") else json.loads(text)
    except RecursionError:
        raise AuthConfigError(f"invalid api keys: {path}: cannot parse: nested too deep") from None
    except (yaml.YAMLError, ValueError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise AuthConfigError(f"invalid api keys: {path}: cannot parse: {first}") from None
    if isinstance(data, Mapping):
        data = data.get("keys")
    if not isinstance(data, list):
        raise AuthConfigError(f"invalid api keys: {path}: expected 'keys:' with a list of keys")
    return [_entry(item, f"{path}: keys[{i}]") for i, item in enumerate(data)]


def parse_env(value: str) -> list[ApiKey]:
    """``KEY=SESSION,SESSION;KEY=*`` (``*``: admin)."""
    keys = []
    for i, part in enumerate(p for p in value.split(";") if p.strip()):
        where = f"{ENV_VAR}[{i}]"
        key, sep, scope = part.strip().partition("=")
        if not sep or not scope.strip():
            raise AuthConfigError(f"invalid api keys: {where}: expected KEY=SESSION[,SESSION] or KEY=*")
        sessions = [s.strip() for s in scope.split(",") if s.strip()]
        admin = sessions == ["*"]
        keys.append(ApiKey(_digest(key, where), frozenset() if admin else frozenset(sessions), admin))
    return keys


def load_keyring(path: str | Path | None = None, *, env: Mapping[str, str] | None = None) -> KeyRing:
    """Keys from ``path`` (if given) plus ``TOOLSTUB_API_KEYS`` (if set)."""
    env = os.environ if env is None else env
    keys: list[ApiKey] = []
    if path is not None:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except OSError as exc:
            raise AuthConfigError(f"invalid api keys: {path}: cannot read: {exc.strerror}") from None
        keys += parse_key_file(text, path=str(path))
    if env.get(ENV_VAR, "").strip():
        keys += parse_env(env[ENV_VAR])
    return KeyRing(keys)


def as_keyring(api_keys: Any) -> KeyRing:
    """Accept a KeyRing, a path, a ``{key: sessions|"*"}`` mapping, or None (environment only)."""
    if isinstance(api_keys, KeyRing):
        return api_keys
    if api_keys is None:
        return load_keyring(None)
    if isinstance(api_keys, (str, Path)):
        return load_keyring(api_keys)
    if isinstance(api_keys, Mapping):
        keys = []
        for i, (key, scope) in enumerate(api_keys.items()):
            admin = scope == "*"
            sessions = frozenset() if admin else frozenset([scope] if isinstance(scope, str) else scope)
            keys.append(ApiKey(_digest(key, f"api_keys[{i}]"), sessions, admin))
        return KeyRing(keys)
    raise TypeError("api_keys must be a KeyRing, a path, a mapping or None")
