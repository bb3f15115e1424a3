"""Hydration: put the raw outputs back, into a copy, never into the live messages.

* ``openai`` / ``anthropic``: every tool output text that is a stub with a ``ref`` is read
  back from the store and replaces the stub when its sha256 matches the stub's ``sha256``
  line; a read-back's stub (``source_offset``/``source_limit`` lines) gets the source's slice.
* ``parts``: a part with a ``toolstub`` restore record is restored exactly (output from the
  store, every field as it was); a part the seed externalized (a ref, and truncated or a
  source ref) gets its output back and keeps its fields, as the seed's hydration does.

A stub that cannot be restored (the store does not have it, a different sha, a
``preview_only`` stub that has no ref) stays, with a warning in the log.
"""

from __future__ import annotations

import copy
import logging
from typing import Any

from toolstub.externalize.adapters import RESTORE_KEY, anthropic_groups, openai_groups
from toolstub.externalize.model import ToolPart
from toolstub.externalize.refs import int_or_none, parse_ref, parse_stub, sha256_text

log: logging.Logger = logging.getLogger("toolstub")


def read_back(store: Any, ref: str, offset: Any = 0, limit: Any = -1) -> str | None:
    """The stored text of ``ref`` from ``offset`` (``-1``: to the end), or ``None`` when unavailable."""
    off, lim = int_or_none(offset), int_or_none(limit)
    if parse_ref(ref) is None or off is None or lim is None:
        return None
    try:
        got = store.read(ref, offset=off, limit=lim, include_metadata=False)
    except Exception as exc:  # noqa: BLE001 - keep the stub
        log.warning("toolstub: cannot hydrate %s: %s", ref, exc)
        return None
    content = got.get("content") if isinstance(got, dict) else None
    return content if isinstance(content, str) else None


def read_source(store: Any, ref: str, offset: Any, limit: Any, original_chars: Any) -> str | None:
    """The seed's read-back restore: offset ``None`` is 0, limit ``None`` is ``original_chars``."""
    return read_back(store, ref, 0 if offset is None else offset, original_chars if limit is None else limit)


def _restore_text(text: str, store: Any, headers: tuple[str, ...]) -> str | None:
    fields = parse_stub(text, headers)
    if not fields or not fields.get("ref"):
        return None
    if "source_offset" in fields or "source_limit" in fields:  # a read-back: the source's slice, as the seed
        offset, limit = _none_or(fields.get("source_offset")), _none_or(fields.get("source_limit"))
        return read_source(store, fields["ref"], offset, limit, fields.get("original_chars"))
    raw = read_back(store, fields["ref"])
    if raw is None:
        return None
    if fields.get("sha256") and not sha256_text(raw).startswith(fields["sha256"]):
        log.warning("toolstub: not hydrating %s: sha256 differs from the stub's", fields["ref"])
        return None
    return raw


def _none_or(value: str | None) -> Any:
    return None if value in (None, "None", "") else value


def hydrate_text_format(messages: list[Any], fmt: str, store: Any, headers: tuple[str, ...]) -> list[Any]:
    out = copy.deepcopy(messages)
    grouper = openai_groups if fmt == "openai" else anthropic_groups
    for group in grouper(out, headers):
        for slot in group.slots:
            raw = _restore_text(slot.part.tool_output, store, headers)
            if raw is not None:
                slot.part.tool_output = raw
                slot.write(slot.part)
    return out


def hydrate_parts(messages: list[Any], store: Any) -> list[Any]:
    out = copy.deepcopy(messages)
    for msg in out:
        if not isinstance(msg, dict) or not isinstance(msg.get("parts"), list):
            continue
        for raw in msg["parts"]:
            if isinstance(raw, dict) and raw.get("type") == "tool":
                _hydrate_part(raw, store)
    return out


def _hydrate_part(raw: dict, store: Any) -> None:
    while isinstance(raw.get(RESTORE_KEY), dict) and raw[RESTORE_KEY].get("v") == 1:
        record = raw[RESTORE_KEY]
        if record.get("output") == "replaced":
            text = _part_raw(raw, store)
            if text is None:
                return  # keep the stub and its fields: nothing to restore it from
            raw["tool_output"] = text
        for name in record.get("added") or []:
            raw.pop(name, None)
        for name, value in (record.get("prior") or {}).items():
            raw[name] = value
    if RESTORE_KEY not in raw:
        part = ToolPart.from_dict(raw)
        if part.tool_output_ref and (part.tool_output_truncated or part.tool_output_source_ref):
            text = _part_raw(raw, store)
            if text is not None:
                raw["tool_output"] = text


def _part_raw(raw: dict, store: Any) -> str | None:
    """The stored text, when its sha256 is the part's (a mismatch keeps the stub)."""
    part = ToolPart.from_dict(raw)
    text = _part_source(part, store)
    if part.tool_output_source_ref:  # a read-back: the source's slice (what the tool returned may differ)
        return text
    if text is not None and part.tool_output_sha256 and sha256_text(text) != part.tool_output_sha256:
        log.warning("toolstub: not hydrating %s: sha256 differs", part.tool_output_ref)
        return None
    return text


def _part_source(part: ToolPart, store: Any) -> str | None:
    """The seed's restore: the source slice of a read-back, else the whole stored result."""
    if part.tool_output_source_ref:
        return read_source(
            store,
            part.tool_output_source_ref,
            part.tool_output_source_offset,
            part.tool_output_source_limit,
            part.tool_output_original_chars,
        )
    if not part.tool_output_ref:
        return None
    return read_back(store, part.tool_output_ref)
