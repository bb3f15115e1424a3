"""Kind ``ndjson``: JSON Lines (newline-delimited JSON), one JSON object or array per line.

Claims the content when each of its first ``probe_lines`` non-blank lines is
exactly one JSON object or array (a line of ``{...}`` / ``[...]`` and nothing
else), with at least ``min_lines`` of them. Bare scalars per line (``1``,
``"a"``) are not records: a list of numbers is text. Lines after the probe
that are not one JSON value are counted, not fatal (a truncated last line).

.. rubric:: Reports

The record count (every non-blank line), the union of the records' keys (first
seen order), per-field value types with null counts and presence over the first
``max_records`` records, and the first record (clipped).

.. rubric:: Detection evidence

``parses_lines`` (the share of parsed lines that are one JSON record, weight
0.99: a clean file is decisive) and counter-evidence ``bad_lines`` (the share
that are not).

.. rubric:: Options (``kinds.ndjson``)

``probe_lines`` (20), ``min_lines`` (2), ``max_records`` (10,000),
``key_limit`` (20), ``first_record_chars`` (200), ``more_format`` (``"+{n} more"``),
``strip_ansi`` (true: ANSI escape sequences are removed first, so ``jq -C -c`` output is read as printed).

A third-party plugin can describe JSON Lines its own way: ``examples/toolstub-ndjson``
registers the detector ``ndjson_keys`` (kind ``ndjson``) and shows how a rule file
puts it first and trusts it (``detection.plain_confidence_by_kind``).
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.plugins._records import FieldStats, LazyModule, strip_ansi
from toolstub.synopsis import (
    Claim,
    Evidence,
    KindInput,
    StreamCounter,
    StreamTotals,
    Summarizer,
    Synopsis,
    WholeTotals,
    replace_lines,
)
from toolstub.textutil import clip

DEFAULTS: dict[str, Any] = {
    "probe_lines": 20,
    "min_lines": 2,
    "max_records": 10_000,
    "key_limit": 20,
    "first_record_chars": 200,
    "more_format": "+{n} more",
    "strip_ansi": True,
}

_INT = {"type": "integer", "minimum": 1}
CAPS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "probe_lines": {**_INT, "description": "leading non-blank lines that must each be one JSON record"},
        "min_lines": {**_INT, "description": "fewest records to claim"},
        "max_records": {**_INT, "description": "records parsed for the key union and field types"},
        "key_limit": {**_INT, "description": "keys and fields listed"},
        "first_record_chars": {"type": "integer", "minimum": 0, "description": "clip of the first record shown"},
        "more_format": {"type": "string", "description": "item appended when a cap cuts a list; {n} = left out"},
        "strip_ansi": {"type": "boolean", "description": "remove ANSI escape sequences (jq -C -c) first"},
    },
}

msgspec: Any = LazyModule("msgspec", globals())  # imported when a line first looks like a record
_OBJECT: Any = None  # dict[str, msgspec.Raw], set when msgspec is first needed
_ARRAY: Any = None  # list[msgspec.Raw]


def _decode_types() -> None:
    global _OBJECT, _ARRAY
    _ARRAY = list[msgspec.Raw]
    _OBJECT = dict[str, msgspec.Raw]
_RAW_TYPES = {b"{": "object", b"[": "array", b'"': "string", b"t": "boolean", b"f": "boolean", b"n": "null"}
_BAD = object()


def _type(value: Any) -> str:
    if isinstance(value, msgspec.Raw):
        return _RAW_TYPES.get(bytes(value)[:1], "number")
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "array"
    return "object" if isinstance(value, dict) else type(value).__name__


def _record(line: str) -> Any:
    """The line's one JSON object (raw members) or array, or ``_BAD``."""
    text = line.strip()
    first = text[:1]
    if first not in ("{", "[") or text[-1:] not in ("}", "]"):
        return _BAD
    if _OBJECT is None:
        _decode_types()
    try:
        return msgspec.json.decode(text, type=_OBJECT if first == "{" else _ARRAY)
    except Exception:  # noqa: BLE001 - msgspec refuses NaN, lone surrogates...: the stdlib decides
        pass
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return _BAD
    return value if isinstance(value, (dict, list)) else _BAD


def scan(content: str, caps: Any) -> tuple[int, int, int, FieldStats, str, dict[str, int]] | None:
    """(records, parsed, bad, field stats, first line, record types) or ``None`` when not JSON Lines."""
    probe, limit = int(caps["probe_lines"]), int(caps["max_records"])
    lines = content.split("\n")
    stats = FieldStats()
    kinds: dict[str, int] = {}
    seen = parsed = bad = 0
    first = ""
    index = 0
    for index, line in enumerate(lines):
        if not line.strip():
            continue
        if parsed + bad >= limit:
            break
        seen += 1
        value = _record(line)
        if value is _BAD:
            if seen <= probe:
                return None
            bad += 1
            continue
        parsed += 1
        if parsed == 1:
            first = line.strip()
        if isinstance(value, dict):
            kinds["object"] = kinds.get("object", 0) + 1
            stats.add(value, _type)
        else:
            kinds["array"] = kinds.get("array", 0) + 1
    else:
        index = len(lines)
    if parsed < int(caps["min_lines"]):
        return None
    rest = sum(1 for line in lines[index:] if line.strip()) if index < len(lines) else 0
    return seen + rest, parsed, bad, stats, first, kinds


def _summarize(inp: KindInput) -> Claim | None:
    caps = inp.caps
    if not (caps.get("strip_ansi") and "\x1b" in inp.content) and not inp.starts_with(("{", "[", "\ufeff")):
        return None  # what the tests below answer, without stripping (a copy of) a long text
    content, stripped = inp.content, inp.stripped
    if caps.get("strip_ansi") and "\x1b" in stripped:
        content = strip_ansi(content)
        stripped = content.strip()
    stripped = stripped.lstrip("\ufeff")
    if stripped[:1] not in ("{", "[") or "\n" not in stripped:
        return None
    scanned = scan(content.lstrip("\ufeff"), caps)
    if scanned is None:
        return None
    records, parsed, bad, stats, first, kinds = scanned
    limit, more = int(caps["key_limit"]), str(caps["more_format"])
    keys = list(stats.fields)
    shown = ", ".join(keys[:limit]) + (f", {more.format(n=len(keys) - limit)}" if more and len(keys) > limit else "")
    summary = [f"NDJSON (JSON Lines) with {records} records.", f"keys: {shown}" if keys else "keys: none"]
    structure = [f"records: {records}"]
    if len(kinds) > 1 or "array" in kinds:
        structure.append("record types: " + ", ".join(f"{k} x{n}" for k, n in kinds.items()))
    if keys:
        scope = f"the first {parsed + bad}" if parsed + bad < records else f"all {stats.records}"
        structure.append(f"fields over {scope} records:")
        structure.extend(f"- {line}" for line in stats.lines(limit, more))
    notable = []
    if caps["first_record_chars"]:
        notable.append(f"first record: {clip(first, int(caps['first_record_chars']))}")
    if bad:
        notable.append(f"lines that are not one JSON record: {bad}")
    if records > parsed + bad:
        notable.append(f"records not parsed (max_records): {records - parsed - bad}")
    synopsis = Synopsis(kind="ndjson", title="NDJSON output", summary=summary, structure=structure,
                        notable_items=notable)
    total = parsed + bad
    evidence = [Evidence("parses_lines", parsed / total, 0.99)]
    if bad:
        evidence.append(Evidence("bad_lines", bad / total, -1.0))
    return Claim(synopsis=synopsis, evidence=tuple(evidence))


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (
        Summarizer(
            name="ndjson",
            summarize=_summarize,
            caps_schema=CAPS_SCHEMA,
            defaults=DEFAULTS,
            description="JSON Lines: record count, key union, per-field types and nulls (msgspec per line)",
        ),
    )


class _NdjsonTotals(StreamCounter):
    """The records (non-blank lines) of a large JSON Lines output, over every block."""

    def __init__(self, caps: Any) -> None:
        self.records = 0
        self.open = False  # the last block ended inside a line

    def feed(self, block: str, first_line: int) -> None:
        lines = block.split("\n")
        if self.open and lines and not lines[0].strip():
            lines = lines[1:]  # the rest of a line already counted (or blank so far): never a new record
        elif self.open and lines:
            self.records -= 1  # a line continued: counted once
        self.records += sum(1 for line in lines if line.strip())
        self.open = not block.endswith("\n")

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:
        records = self.records
        result = replace_lines(synopsis, "summary", "NDJSON (JSON Lines) with ",
                               f"NDJSON (JSON Lines) with {records} records.")
        result = replace_lines(result, "structure", "records: ", f"records: {records}")
        scope = next((line for line in result.structure if line.startswith("fields over ")), None)
        if scope is not None:
            words = scope.split()
            read = int(words[-2]) if len(words) >= 2 and words[-2].isdigit() else 0
            result = replace_lines(result, "structure", "fields over ", f"fields over {read} records (head and tail):")
            not_parsed = f"records not parsed (max_records, or left out of the view): {records - read}"
            result = replace_lines(result, "notable_items", "records not parsed (max_records)", None)
            if records > read:
                result = dataclasses.replace(result, notable_items=(*result.notable_items, not_parsed))
        return result


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (StreamTotals(name="ndjson", start=_NdjsonTotals, description="record count over the whole output"),)
