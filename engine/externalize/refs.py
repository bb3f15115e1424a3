"""Hashes, would-be refs and stub parsing shared by the algorithm and the adapters."""

from __future__ import annotations

import hashlib
import re
from typing import Any

from toolstub.rule_files import bundled_names, load_rules
from toolstub.ruleset import Ruleset
from toolstub.store.ids import make_tool_result_id
from toolstub.store.ids import parse_ref as store_parse_ref

_HEADER_LINE = re.compile(r"([a-z_0-9]+): (.*)")


def sha256_text(text: str) -> str:
    """sha256 hex over UTF-8 bytes, lone surrogates kept (``surrogatepass``): never raises.

    A long text is encoded 1 Mi code points at a time (the same digest, no whole copy)."""
    if len(text) <= _WHOLE_HASH:
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    digest = hashlib.sha256()
    for start in range(0, len(text), 1 << 20):
        digest.update(text[start : start + (1 << 20)].encode("utf-8", "surrogatepass"))
    return digest.hexdigest()


_WHOLE_HASH = 1 << 22


def tool_result_id_for(tool_id: str, sha256: str) -> str:
    """The id the store gives ``(tool_id, content)``: ``tr_{safe(tool_id)}_{sha[:16]}`` or ``tr_{sha[:24]}``."""
    return make_tool_result_id(tool_id, sha256)


def parse_ref(ref: str) -> tuple[str | None, str] | None:
    """``(session_id | None, tool_result_id)``, or ``None`` when ``ref`` is not a ref or id."""
    if not isinstance(ref, str) or not ref:
        return None
    try:
        return store_parse_ref(ref)
    except Exception:  # noqa: BLE001 - an invalid ref is simply not a ref
        return None


def ref_exists(store: Any, ref: str) -> bool:
    """Whether ``ref`` names a stored result of ``store``'s session; a store failure counts as no."""
    if parse_ref(ref) is None:
        return False
    try:
        return bool(store.exists(ref))
    except Exception:  # noqa: BLE001 - unverifiable is unverified
        return False


def known_headers(rules: Ruleset) -> tuple[str, ...]:
    """Stub header lines toolstub recognises: the given ruleset's and every bundled one's."""
    headers = [rules.stub.header]
    for name in bundled_names():
        try:
            header = load_rules(name).stub.header
        except Exception:  # noqa: BLE001, S112 - a broken bundled file is reported elsewhere
            continue
        if header not in headers:
            headers.append(header)
    return tuple(headers)


def parse_stub(text: str, headers: tuple[str, ...]) -> dict[str, str] | None:
    """The header fields (``ref``, ``sha256``, ``original_chars``, ...) of a stub, else ``None``."""
    if not isinstance(text, str) or "\n" not in text:
        return None
    first, _, rest = text.partition("\n")
    if first not in headers:
        return None
    head = rest.split("\n\n", 1)[0]
    fields: dict[str, str] = {}
    for line in head.split("\n"):
        found = _HEADER_LINE.fullmatch(line)
        if found is None:
            return None
        fields.setdefault(found[1], found[2])
    if "original_chars" not in fields or "kind" not in fields:
        return None
    return fields


def int_or_none(value: Any) -> int | None:
    if value is None or isinstance(value, bool):
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        return None
