"""Detector ``ndjson_keys`` (kind ``ndjson``): JSON Lines described by a key census.

A third-party toolstub kind plugin: installed with pip, found through the
``toolstub`` entry-point group, placed in the detector order by a rule file.
toolstub has a built-in ``ndjson`` detector; this one shows how a third party
describes the same kind its own way and makes a rule file prefer it (see the
README: the rule file puts ``ndjson_keys`` first and trusts its plain synopsis
with ``detection.plain_confidence_by_kind``).

.. rubric:: Claims

Content whose first ``probe_lines`` non-blank lines each hold exactly one JSON
value (objects only while ``require_objects`` is true), with at least
``min_lines`` such lines. A line matching ``skip`` (a regex, off by default)
is ignored.

.. rubric:: Reports

The record count, the union of the records' top-level keys (in first-seen
order, with how many records hold each), and the shape of the first record.
Only the first ``max_records`` records are parsed; the line count covers all.

.. rubric:: Options (``kinds.ndjson_keys`` in a rule file)

``max_keys`` (20), ``probe_lines`` (20), ``max_records`` (10000), ``min_lines`` (2),
``require_objects`` (true), ``skip`` (null).
"""

from __future__ import annotations

import json
from typing import Any

from toolstub import Summarizer, Synopsis, hookimpl

NAME = "ndjson_keys"  # the detector name (a rule file lists it); the synopsis kind is "ndjson"
KIND = "ndjson"

DEFAULTS: dict[str, Any] = {
    "max_keys": 20,
    "probe_lines": 20,
    "max_records": 10_000,
    "min_lines": 2,
    "require_objects": True,
    "skip": None,
}

CAPS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "max_keys": {"type": "integer", "minimum": 1, "description": "keys listed in the key union"},
        "probe_lines": {"type": "integer", "minimum": 1, "description": "lines that must all parse to claim"},
        "max_records": {"type": "integer", "minimum": 1, "description": "records parsed for the key union"},
        "min_lines": {"type": "integer", "minimum": 1, "description": "fewest JSON lines to claim"},
        "require_objects": {"type": "boolean", "description": "claim only when every probed record is an object"},
        "skip": {"type": ["string", "null"], "description": "regex of lines to ignore (comments)"},
    },
}

_DECODER = json.JSONDecoder()
_TYPES = ((bool, "boolean"), (int, "number"), (float, "number"), (str, "string"), (list, "array"), (dict, "object"))


def _type(value: Any) -> str:
    if value is None:
        return "null"
    return next(name for kind, name in _TYPES if isinstance(value, kind))


def _parse_line(line: str) -> tuple[bool, Any]:
    """(True, value) if ``line`` is exactly one JSON value."""
    text = line.strip()
    if not text or text[0] not in '{["-0123456789tfn':
        return False, None
    try:
        value, end = _DECODER.raw_decode(text)
    except (ValueError, RecursionError):
        return False, None
    return end == len(text), value


def _lines(content: str, skip: Any):
    """The non-blank lines not matching ``skip``, one at a time (no list of all lines)."""
    start, size = 0, len(content)
    while start <= size:
        end = content.find("\n", start)
        end = size if end < 0 else end
        line = content[start:end]
        start = end + 1
        if line.strip() and not (skip is not None and skip.search(line)):
            yield line


def _shape(value: Any, max_keys: int) -> str:
    if isinstance(value, dict):
        keys = list(value)
        shown = ", ".join(f"{k}: {_type(value[k])}" for k in keys[:max_keys])
        more = f", +{len(keys) - max_keys} more" if len(keys) > max_keys else ""
        return f"object(keys={len(keys)}: {shown}{more})" if keys else "object(keys=0)"
    if isinstance(value, list):
        return f"array(len={len(value)})"
    return _type(value)


def _scan(content: str, caps: dict[str, Any]):
    """(first record, records parsed, lines seen, bad lines, key -> count) or ``None`` if not NDJSON."""
    first: Any = None
    parsed = seen = bad = 0
    counts: dict[str, int] = {}
    for line in _lines(content, caps["skip"]):
        seen += 1
        if parsed + bad >= caps["max_records"]:
            continue
        ok, value = _parse_line(line)
        probing = seen <= caps["probe_lines"]
        if not ok or (caps["require_objects"] and not isinstance(value, dict)):
            if probing:
                return None
            bad += 1
            continue
        if not parsed:
            first = value
        parsed += 1
        if isinstance(value, dict):
            for key in value:
                counts[key] = counts.get(key, 0) + 1
    if parsed < caps["min_lines"]:
        return None
    return first, parsed, seen, bad, counts


def summarize(inp) -> Synopsis | None:
    caps = {**DEFAULTS, **dict(inp.caps)}
    if inp.stripped[:1] not in ("{", "["):
        return None
    scanned = _scan(inp.content, caps)
    if scanned is None:
        return None
    first, good, seen, bad, counts = scanned
    keys = list(counts)
    shown = ", ".join(keys[: caps["max_keys"]])
    more = f" (+{len(keys) - caps['max_keys']} more)" if len(keys) > caps["max_keys"] else ""
    parsed = good + bad
    summary = [f"NDJSON with {seen} records.", f"keys: {shown}{more}" if keys else "keys: none"]
    structure = [
        f"records: {seen}",
        f"key union ({len(keys)} key{'s' if len(keys) != 1 else ''} over the first {parsed} records): {shown}{more}",
        f"first record shape: {_shape(first, caps['max_keys'])}",
    ]
    notable = [f"{key}: in {counts[key]} of {good} records" for key in keys[: caps["max_keys"]]
               if counts[key] != good]
    if bad:
        notable.append(f"lines that are not one JSON record: {bad}")
    if seen > parsed:
        notable.append(f"records not parsed (max_records): {seen - parsed}")
    return Synopsis(kind=KIND, title="NDJSON key census", summary=summary, structure=structure, notable_items=notable)


@hookimpl
def toolstub_register_summarizers():
    return (
        Summarizer(
            name=NAME,
            summarize=summarize,
            caps_schema=CAPS_SCHEMA,
            defaults=DEFAULTS,
            pattern_keys=frozenset({"skip"}),
            description="JSON Lines as a key census: record count, key union, first record shape (example)",
        ),
    )
