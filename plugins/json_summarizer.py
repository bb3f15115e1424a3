"""Kind ``json``: one JSON value (object, array or, with a json MIME hint, a scalar).

Claims the content when the MIME hint contains ``json`` or the stripped content
starts with ``{`` or ``[``, and the first JSON value decodes (Python ``json``
semantics: ``NaN``/``Infinity`` accepted, duplicate keys keep the last value,
integers over 4300 digits refused). Text after the first value is counted in a
``trailing_chars_after_first_json_value: N`` notable item. When the MIME hint
says JSON but the value does not decode, the synopsis is ``unknown``
("Unparsed JSON-like output") with a head/tail sample; otherwise the next kind
is tried.

The decode is linear and never builds the whole value: ``msgspec`` splits the
top level into raw slices (``list[Raw]`` / ``dict[str, Raw]``) and only the
slices the synopsis reads are decoded; whenever that fast path cannot decide
exactly (trailing data, ``NaN``, lone-surrogate escapes, long integers, deep
nesting) the stdlib ``raw_decode`` decides. Nesting depth is bounded by the
split's slice lengths (a slice of n bytes nests at most n / 2 deep); only when a
slice is long enough to nest past the limit, or the fast path fails, is it
measured with a bracket scan, so a 100,000-deep value costs one pass.

.. rubric:: Options (``kinds.json``)

* ``key_limit`` (10): keys listed in the summary, the shape and per child.
* ``children_limit`` (10): top-level children described in the structure.
* ``shape_depth`` (2): depth at which the ``shape:`` string renders ``...``.
* ``array_sample_limit`` (3): array items sampled into the shape.
* ``shape_object_children`` (false): render an object's children in the shape
  (an object at the last level lists its key names, as compat does everywhere)
* ``shape_collapse_alike`` (false): an array sample whose items all have the same shape
  shows it once, ``sample=[object(...)] x3``
  (bounded by ``shape_depth``) instead of its key names only.
* ``example_limit`` (5) / ``example_chars`` (80): scalar examples and their clip.
* ``example_syntax`` (``python``): ``python`` (``repr``: ``'Ada'``, ``True``,
  ``None``) or ``json`` (``"Ada"``, ``true``, ``null``).
* ``max_nesting`` (954): deepest nesting that decodes; deeper input is handled
  per ``deep_nesting``. The seed failed with RecursionError near 1000 minus
  its caller's stack depth; 954 is its value under a server's stack.
* ``deep_nesting`` (``fail``): ``fail`` (parse failure) or ``describe``
  (a JSON synopsis saying the value nests too deep to decode).
* ``skip_bom`` (false): strip a leading U+FEFF before detection.
* ``trailing_text`` (``keep``): ``keep`` or ``reject_after_small_value``: text
  after the first value that is not itself JSON makes the content not JSON
  when the first value is shorter than ``small_value_share`` of the content
  (``[1] footnote``, ``{} log line``).
* ``small_value_share`` (0.5).
* ``value_streams`` (false): when everything after the first value is more whole JSON values,
  one after another and nothing else, and one of them at least runs over several lines (what
  ``jq '.items[]'`` or ``jq '.a, .b'`` prints, pretty-printed; one value a line is JSON Lines), the content is a JSON value stream: described as the list of its values
  (summary ``JSON value stream.`` / ``values: N``), not as its first value with trailing text.
* ``strip_ansi`` (false): remove ANSI escape sequences first, so coloured JSON (``jq -C``) is
  read as printed.
* ``more_format`` (``""``): appended as a list item when a cap cuts a list,
  e.g. ``"+{n} more"``; empty: nothing is appended (the seed).
* ``empty_keys_text`` (``""``): what ``top-level keys:`` shows for ``{}``.
* ``comments`` (false) / ``comments_max_chars`` (1,000,000): JSONC (tsconfig, VS Code
  settings): when the strict decode fails, ``//`` and ``/* */`` comments outside strings and
  commas before ``}`` / ``]`` are dropped (one linear RE2 pass each) and the decode retried;
  the synopsis then notes ``comments and trailing commas skipped``.
* ``scalar_shape`` (false): a scalar value (only claimed with a json MIME hint) has the
  structure ``shape: number``; false: no structure at all (the seed).

.. rubric:: Examples

``{"a": [1, {"b": 2}]}`` gives (openviking-compat)::

    summary:   JSON object. / top-level keys: a
    structure: shape: object(keys=1: a) / a: array length: 2
    notable:   a[0]: 1

``123`` with MIME ``application/json`` gives ``JSON number.``, no structure and the
notable item ``: 123``; without the MIME hint it is not claimed.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
import threading
from array import array
from collections.abc import Callable, Iterator
from itertools import accumulate
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
from toolstub.plugins._records import FieldStats, LazyModule, strip_ansi
from toolstub.regex import compile_pattern
from toolstub.synopsis import Claim, Evidence, KindInput, Summarizer, Synopsis
from toolstub.textutil import clip, cut, head_tail_sample

msgspec: Any = LazyModule("msgspec", globals())  # imported on first use (start-up of a non-JSON input)

DEFAULTS: dict[str, Any] = {
    "key_limit": 10,
    "children_limit": 10,
    "shape_depth": 2,
    "array_sample_limit": 3,
    "shape_object_children": False,
    "shape_collapse_alike": False,
    "example_limit": 5,
    "example_chars": 80,
    "example_syntax": "python",
    "max_nesting": 954,
    "deep_nesting": "fail",
    "long_integers": "refuse",
    "skip_bom": False,
    "trailing_text": "keep",
    "small_value_share": 0.5,
    "value_streams": False,
    "strip_ansi": False,
    "more_format": "",
    "empty_keys_text": "",
    "comments": False,
    "comments_max_chars": 1_000_000,
    "records": 0,
    "confidence": False,
    "scalar_shape": False,
}

_INT = {"type": "integer", "minimum": 0}
CAPS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "key_limit": {**_INT, "description": "keys listed in the summary, the shape and per child"},
        "children_limit": {**_INT, "description": "top-level children described in the structure"},
        "shape_depth": {**_INT, "description": "depth at which the shape string renders '...'"},
        "array_sample_limit": {**_INT, "description": "array items sampled into the shape"},
        "shape_object_children": {"type": "boolean", "description": "recurse into objects in the shape"},
        "shape_collapse_alike": {
            "type": "boolean",
            "description": "show an array sample of items of one shape once, with its count",
        },
        "example_limit": {**_INT, "description": "scalar examples listed as notable items"},
        "example_chars": {**_INT, "description": "clip of each example's rendered value"},
        "example_syntax": {"enum": ["python", "json"], "description": "how example values are rendered"},
        "max_nesting": {**_INT, "description": "deepest nesting that decodes"},
        "deep_nesting": {"enum": ["fail", "describe"], "description": "what deeper input gives"},
        "long_integers": {"enum": ["refuse", "keep"],
                          "description": "an integer over 4300 digits: not JSON (the seed) or a number"},
        "skip_bom": {"type": "boolean", "description": "strip a leading U+FEFF before detection"},
        "trailing_text": {"enum": ["keep", "reject_after_small_value"], "description": "non-JSON text after the value"},
        "small_value_share": {"type": "number", "minimum": 0, "maximum": 1, "description": "see trailing_text"},
        "value_streams": {"type": "boolean", "description": "whole JSON values one after another: a value stream"},
        "strip_ansi": {"type": "boolean", "description": "remove ANSI escape sequences (jq -C) before decoding"},
        "more_format": {"type": "string", "description": "item appended when a cap cuts a list; {n} = items left out"},
        "empty_keys_text": {"type": "string", "description": "what 'top-level keys:' shows for an empty object"},
        "comments": {"type": "boolean", "description": "JSONC: skip // and /* */ comments and trailing commas"},
        "comments_max_chars": {**_INT, "description": "largest content the JSONC retry looks at"},
        "records": {
            **_INT,
            "description": "an array of objects: per-field types and null counts over this many records (0: off)",
        },
        "confidence": {"type": "boolean", "description": "return a scored claim (strongest_claim detection)"},
        "scalar_shape": {"type": "boolean", "description": "a scalar value's structure is its 'shape:' line"},
    },
}

_THREAD_DEPTH = 200  # a stdlib decode deeper than this runs on a fresh thread stack
_FAST_DEPTH = 400  # msgspec (recursive C) is used only below this depth
_FAST_FIRST_RECURSION_LIMIT = 10_000  # above it, the depth is measured before msgspec runs
_MAX_INT_DIGITS = 4300  # CPython's int-from-string limit (json refuses longer integers)


class _Stream(list):
    """The values of a JSON value stream (several whole values one after another), in order."""


def _after_blanks(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t\n\r":
        pos += 1
    return pos


def _value_stream(first: Any, spread: bool, rest: str) -> _Stream | None:
    """``first`` and the values of ``rest`` when ``rest`` is whole JSON values and blanks only, and
    one value at least runs over several lines (``spread``: the first one does); else None. One
    value a line is JSON Lines, the ndjson kind's (a rule file without it keeps the old reading)."""
    decoder = json.JSONDecoder()
    values = _Stream([first])
    pos = _after_blanks(rest, 0)
    while pos < len(rest):
        start = pos
        try:
            value, pos = decoder.raw_decode(rest, pos)
        except (ValueError, RecursionError):
            return None
        spread = spread or "\n" in rest[start:pos]
        values.append(value)
        pos = _after_blanks(rest, pos)
    return values if spread and len(values) > 1 else None


class _Refused(Exception):
    """The content is not claimed (fall through, or ``unknown`` with a json MIME)."""


# --- decoding ------------------------------------------------------------------------------

_DIGIT_MAP = bytes(0x31 if 0x30 <= b <= 0x39 else 0x30 for b in range(256))
_BRACKETS_KEEP = b'"[]{}'
_DELETE_OTHERS = bytes(b for b in range(256) if b not in _BRACKETS_KEEP)
_SIGNED = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_PAREN = bytes.maketrans(b"[{]}", b"(())")


#: JSON-ish bytes, or (past ``_lines.WINDOW``) an ASCII ``str`` read as its bytes window by window
#: (the UTF-8 of an ASCII text is the text: no copy of the whole is made)
Source = bytes | str


def _as_bytes(piece: Source) -> bytes:
    return piece.encode("ascii") if isinstance(piece, str) else piece


def bracket_profile(data: Source) -> tuple[int, int]:
    """(maximum nesting, final depth) of JSON-ish bytes, brackets inside strings ignored (linear, C speed)."""
    if len(data) > _lines.WINDOW or isinstance(data, str):
        reduced, opens, closes = _outside_brackets(data)
        if opens == 0:
            return 0, -closes
    else:
        assert isinstance(data, bytes)
        if data.count(b"[") + data.count(b"{") == 0:
            return 0, -(data.count(b"]") + data.count(b"}"))
        if b"\\" in data:
            data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
        reduced = data.translate(None, _DELETE_OTHERS)
        # dropping two adjacent quotes keeps every bracket's inside/outside-a-string parity
        reduced = reduced.replace(b'""', b"")
        if b'"' in reduced:
            reduced = b"".join(reduced.split(b'"')[0::2])
    if not reduced:
        return 0, 0
    # Usual case, a wide and shallow value: each round of dropping every adjacent "()" takes
    # away the innermost level (a balanced string's depth is the rounds it takes to vanish)
    paren = reduced.translate(_PAREN)
    rounds = 0
    while len(paren) > 64:
        shorter = paren.replace(b"()", b"")
        if len(shorter) * 10 > len(paren) * 9:
            break  # deep or unbalanced: the exact walk below
        paren = shorter
        rounds += 1
    else:
        while paren:
            shorter = paren.replace(b"()", b"")
            if len(shorter) == len(paren):
                break
            paren = shorter
            rounds += 1
        else:
            return rounds, 0
    steps = array("b", reduced.translate(_SIGNED))
    return max(0, max(accumulate(steps))), sum(steps)


_NOT_BACKSLASH = re.compile(rb"[^\\]")
_NOT_BACKSLASH_STR = re.compile(r"[^\\]")


def _windows_between_escapes(data: Source) -> Iterator[bytes]:
    """``data`` in windows of about ``_lines.WINDOW`` bytes, none ending in a backslash (a run of
    backslashes is never cut, so each window's escapes pair up as they do in the whole)."""
    size, start, total = _lines.WINDOW, 0, len(data)
    while start < total:
        end = start + size
        if end < total and data[end - 1] in (0x5C, "\\"):
            after = (_NOT_BACKSLASH_STR if isinstance(data, str) else _NOT_BACKSLASH).search(data, end)
            end = after.start() + 1 if after is not None else total
        yield _as_bytes(data[start:end])
        start = end


def _outside_brackets(data: Source) -> tuple[bytes, int, int]:
    """(the brackets of ``data`` outside strings, in order; how many ``[``/``{``; how many ``]``/``}``
    when there is no ``[``/``{``, else 0),
    window by window: what :func:`bracket_profile` computes over the whole, each pass over a window
    that stays in the CPU cache (whether a window starts inside a string is carried over)."""
    outside: list[bytes] = []
    opens = 0
    inside = False
    for window in _windows_between_escapes(data):
        opens += window.count(b"[") + window.count(b"{")
        if b"\\" in window:
            window = window.replace(b"\\\\", b"").replace(b'\\"', b"")
        reduced = window.translate(None, _DELETE_OTHERS).replace(b'""', b"")
        if b'"' in reduced:
            parts = reduced.split(b'"')
            outside.extend(parts[1 if inside else 0 :: 2])
            inside ^= len(parts) % 2 == 0  # an odd number of quotes
        elif not inside:
            outside.append(reduced)
    closes = 0 if opens else sum(_as_bytes(w).count(b"]") + _as_bytes(w).count(b"}") for w in _lines.windows(data))
    return b"".join(outside), opens, closes


def nesting_depth(data: Source) -> int:
    """Maximum bracket nesting of JSON-ish bytes, brackets inside strings ignored."""
    return bracket_profile(data)[0]


def _has_long_integer(data: Source) -> bool:
    """Whether ``data`` holds a run of more than ``_MAX_INT_DIGITS`` ASCII digits.

    Such a run covers at least 4 consecutive multiples of ``_LONG_STRIDE``: only the places where
    every 4 consecutive sampled bytes are digits are looked at (each in a window holding every run
    through them); when there are many such places, the whole text is translated once.
    """
    run = b"1" * (_MAX_INT_DIGITS + 1)
    sampled = _as_bytes(data[::_LONG_STRIDE]).translate(_DIGIT_MAP)
    places, position = [], sampled.find(b"1111")
    while position >= 0:
        if len(places) == _LONG_PLACES:
            return _digit_run_in(data, run)
        places.append(position)
        position = sampled.find(b"1111", position + 1)
    width = _MAX_INT_DIGITS + 1
    return any(run in _as_bytes(data[max(0, p * _LONG_STRIDE - width) : (p + 3) * _LONG_STRIDE + width]).translate(_DIGIT_MAP)
               for p in places)


def _digit_run_in(data: Source, run: bytes) -> bool:
    """Whether ``data`` holds ``len(run)`` consecutive ASCII digits: windows overlapping by
    ``len(run) - 1`` bytes, so that a run cut by one window's end lies whole in that window."""
    size = max(_lines.WINDOW, len(run))
    return any(run in _as_bytes(data[start : start + size + len(run) - 1]).translate(_DIGIT_MAP)
               for start in range(0, len(data), size))


#: a run of ``_MAX_INT_DIGITS + 1`` digits covers at least 4 consecutive multiples of this stride
_LONG_STRIDE = (_MAX_INT_DIGITS + 1) // 4
#: past this many sampled places, one translate of the whole text is cheaper than the windows
_LONG_PLACES = 64


def _on_fresh_stack(fn: Callable[[], Any]) -> Any:
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn()
        except BaseException as exc:  # noqa: BLE001 - re-raised in the caller's thread
            box["error"] = exc

    worker = threading.Thread(target=run, name="toolstub-json-decode", daemon=True)
    worker.start()
    worker.join()
    if "error" in box:
        raise box["error"]
    return box["value"]


class _LongInt(str):
    """An integer longer than CPython converts (4300 digits), kept as its digits (``long_integers: keep``)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return str.__str__(self)


def _long_int(digits: str) -> Any:
    return _LongInt(digits) if len(digits) > _MAX_INT_DIGITS else int(digits)


def _stdlib_decode(text: str, depth_hint: int, long_integers: bool = False) -> tuple[Any, int]:
    decoder = json.JSONDecoder(parse_int=_long_int) if long_integers else json.JSONDecoder()
    if depth_hint > _THREAD_DEPTH:
        return _on_fresh_stack(lambda: decoder.raw_decode(text))
    return decoder.raw_decode(text)


def _fast_decode(text: str, data: Source | None) -> Any | None:
    """The top level split into raw slices, or ``None`` when the fast path cannot decide exactly
    (the caller checks the depth: msgspec is used only up to ``_FAST_DEPTH``)."""
    if data is None or text[:1] not in ("{", "["):
        return None
    if _has_long_integer(data):
        return None
    kind = dict[str, msgspec.Raw] if text[0] == "{" else list[msgspec.Raw]
    try:
        return msgspec.json.decode(data, type=kind)
    except (msgspec.DecodeError, msgspec.ValidationError, RecursionError, ValueError):
        return None


def _within_depth(split: Any, limit: int) -> bool:
    """Whether the value split into ``split`` (a list or dict of raw slices) nests at most ``limit`` deep.

    A slice of n bytes nests at most n // 2 deep (each level opens and closes a bracket), so
    only slices longer than ``2 * (limit - 1)`` bytes are scanned, each on its own (a slice is one
    whole value: its strings are closed).
    """
    items = split.values() if isinstance(split, dict) else split
    if limit < 1 or not items:
        return limit >= 1
    cutoff = 2 * (limit - 1)
    if max(map(len, items)) <= cutoff:
        return True
    return all(nesting_depth(bytes(item)) < limit for item in items if len(item) > cutoff)


# --- the lazy value model: Python values whose containers may hold raw slices -------------


class _Values:
    """Expands ``msgspec.Raw`` slices one level at a time, each at most once."""

    def __init__(self) -> None:
        self._memo: dict[int, tuple[Any, Any]] = {}

    def get(self, value: Any) -> Any:
        if not isinstance(value, msgspec.Raw):
            return value
        hit = self._memo.get(id(value))
        if hit is not None:
            return hit[1]
        raw = bytes(value)
        first = raw[:1]
        if first == b"{":
            out: Any = msgspec.json.decode(raw, type=dict[str, msgspec.Raw])
        elif first == b"[":
            out = msgspec.json.decode(raw, type=list[msgspec.Raw])
        else:
            out = json.loads(raw)
        self._memo[id(value)] = (value, out)
        return out


_RAW_TYPES = {b"{": "object", b"[": "array", b'"': "string", b"t": "boolean", b"f": "boolean", b"n": "null"}


def type_name(value: Any) -> str:
    """The seed's type names (object/array/string/number/boolean/null; bool before number)."""
    if isinstance(value, msgspec.Raw):
        return _RAW_TYPES.get(bytes(value)[:1], "number")
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, _LongInt):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if value is None:
        return "null"
    return type(value).__name__


# --- the synopsis ----------------------------------------------------------------------------


class _Describer:
    def __init__(self, caps: Any, values: _Values) -> None:
        self.caps = caps
        self.values = values
        self.more = caps["more_format"]

    def keys(self, obj: dict) -> str:
        return ", ".join(cut([str(k) for k in obj], self.caps["key_limit"], self.more))

    def shape(self, value: Any, depth: int) -> str:
        if depth >= self.caps["shape_depth"]:
            return "..."
        kind = type_name(value)
        if kind == "object":
            obj = self.values.get(value)
            if not obj:
                return "object(keys=0)"
            if self.caps["shape_object_children"] and depth + 1 < self.caps["shape_depth"]:
                parts = [f"{k}: {self.shape(v, depth + 1)}" for k, v in list(obj.items())[: self.caps["key_limit"]]]
                inner = ", ".join(cut(parts, self.caps["key_limit"], self.more, len(obj)))
            else:
                inner = self.keys(obj)
            return f"object(keys={len(obj)}: {inner})"
        if kind == "array":
            arr = self.values.get(value)
            if not arr:
                return "array(len=0)"
            shapes = [self.shape(v, depth + 1) for v in arr[: self.caps["array_sample_limit"]]]
            if self.caps["shape_collapse_alike"] and len(shapes) > 1 and len(set(shapes)) == 1:
                return f"array(len={len(arr)}, sample=[{shapes[0]}] x{len(shapes)})"
            return f"array(len={len(arr)}, sample=[{', '.join(shapes)}])"
        return kind

    def render(self, value: Any) -> str:
        if self.caps["example_syntax"] == "json":
            try:
                text = json.dumps(value, ensure_ascii=False)
            except (TypeError, ValueError):
                text = repr(value)
        else:
            text = repr(value)
        return clip(text, self.caps["example_chars"])

    def examples(self, root: Any) -> list[str]:
        """Depth-first: every key of an object in order, only item [0] of an array (iterative)."""
        limit = self.caps["example_limit"]
        out: list[str] = []
        stack: list[tuple[str, Any]] = [("", root)]
        while stack and len(out) < limit:
            path, value = stack.pop()
            kind = type_name(value)
            if kind == "object":
                obj = self.values.get(value)
                children = [(f"{path}.{k}" if path else str(k), v) for k, v in obj.items()]
                stack.extend(reversed(children))
            elif kind == "array":
                arr = self.values.get(value)
                if arr:
                    stack.append((f"{path}[0]", arr[0]))
            else:
                out.append(f"{path}: {self.render(self.values.get(value))}")
        return out

    def child_line(self, key: str, value: Any) -> str:
        kind = type_name(value)
        if kind == "array":
            return f"{key}: array length: {len(self.values.get(value))}"
        if kind == "object":
            return f"{key}: object keys: {self.keys(self.values.get(value))}"
        return f"{key}: {kind}"

    def record_lines(self, arr: list) -> list[str]:
        """An array of records (objects): per-field types, nulls and presence over the first ``records``."""
        limit = int(self.caps.get("records") or 0)
        if not limit:
            return []
        sample = arr[:limit]
        objects = [item for item in sample if type_name(item) == "object"]
        if len(objects) < 2 or len(objects) < 0.9 * len(sample):
            return []
        stats = FieldStats()
        for item in objects:
            stats.add(self.values.get(item), type_name)
        if not stats.fields:
            return []
        scope = f"the first {len(sample)}" if len(sample) < len(arr) else f"all {len(sample)}"
        lines = [f"records: {len(objects)} objects of {scope} items; fields: {len(stats.fields)}"]
        lines.extend(f"- {line}" for line in stats.lines(self.caps["key_limit"], self.more))
        return lines

    def synopsis(self, root: Any, trailing: int) -> Synopsis:
        kind = type_name(root)
        stream = isinstance(root, _Stream)
        summary = ["JSON value stream." if stream else f"JSON {kind}."]
        scalar = kind not in ("object", "array")
        structure = [] if scalar and not self.caps["scalar_shape"] else [f"shape: {self.shape(root, 0)}"]
        if stream and structure[0].startswith("shape: array("):
            structure[0] = "shape: stream(" + structure[0][len("shape: array(") :]
        if kind == "object":
            obj = self.values.get(root)
            keys = self.keys(obj) if obj else self.caps["empty_keys_text"]
            summary.append(f"top-level keys: {keys}")
            lines = [self.child_line(str(k), v) for k, v in list(obj.items())[: self.caps["children_limit"]]]
            structure.extend(cut(lines, self.caps["children_limit"], self.more, len(obj)))
        elif kind == "array":
            arr = self.values.get(root)
            summary.append(f"values: {len(arr)}" if stream else f"array length: {len(arr)}")
            if arr:
                structure.append(f"first {'value' if stream else 'item'} type: {type_name(arr[0])}")
                structure.extend(self.record_lines(arr))
        notable = self.examples(root)
        if stream:
            notable.append(f"{len(root)} JSON values one after another, not one document")
        if trailing:
            notable.append(f"trailing_chars_after_first_json_value: {trailing}")
        return Synopsis(kind="json", title="JSON output", summary=summary, structure=structure, notable_items=notable)


def _trailing_is_json(rest: str) -> bool:
    """Whether the first value ends its line and the next non-blank line is one whole JSON value (NDJSON)."""
    line_end = rest.find("\n")
    if rest[: line_end if line_end >= 0 else len(rest)].strip():
        return False  # "[1] footnote": text on the first value's own line
    following = rest[line_end + 1 :].lstrip()
    try:
        _, end = json.JSONDecoder().raw_decode(following[:65536])
    except (ValueError, RecursionError):
        return False
    next_end = following.find("\n", end)
    return not following[end : next_end if next_end >= 0 else len(following)].strip()


def _deep(text: str, caps: Any) -> Synopsis:
    kind = "object" if text[:1] == "{" else "array"
    return Synopsis(
        kind="json",
        title="JSON output",
        summary=(f"JSON {kind}.", f"nesting deeper than {caps['max_nesting']} levels: not decoded."),
        structure=(f"shape: {kind}(nesting > {caps['max_nesting']})",),
    )


def _balanced(text: str) -> bool:
    return bracket_profile(text.encode("utf-8", "surrogatepass"))[1] == 0


def _parse(text: str, caps: Any) -> tuple[Any, int, _Values] | Synopsis:
    """(root, trailing chars, values) for the first JSON value of ``text``; raises :class:`_Refused`."""
    values = _Values()
    data: Source | None = None
    depth = 0
    if text[:1] in ("{", "["):
        try:
            # a long ASCII text is its own UTF-8: msgspec reads the str's buffer, the scans read it
            # window by window (a copy of 100 MB is a fresh allocation whose every page faults)
            data = text if text.isascii() and len(text) > _lines.WINDOW else text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: only the stdlib decides
            depth = nesting_depth(text.encode("utf-8", "surrogatepass"))
        else:
            # the fast split first: its slices bound the depth, so the bracket scan of the whole
            # text is needed only when a slice is long enough to nest past the limit
            # (only under a usual recursion limit: msgspec's C recursion stops at that limit, and
            # a raised one would let it recurse as deep as the input before any depth is known)
            limit = min(_FAST_DEPTH, caps["max_nesting"])
            first = sys.getrecursionlimit() <= _FAST_FIRST_RECURSION_LIMIT
            fast = _fast_decode(text, data) if first else None
            if fast is not None and _within_depth(fast, limit):
                return fast, 0, values
            depth = nesting_depth(data)
            if depth <= limit and not first:
                fast = _fast_decode(text, data)
            if fast is not None and depth <= limit:
                return fast, 0, values
    try:
        try:
            root, end = _stdlib_decode(text, depth)
        except ValueError as exc:
            if caps.get("long_integers") != "keep" or "digits" not in str(exc):
                raise
            root, end = _stdlib_decode(text, depth, long_integers=True)
    except (ValueError, RecursionError) as exc:
        if isinstance(exc, RecursionError) and caps["deep_nesting"] == "describe" and _balanced(text):
            return _deep(text, caps)
        raise _Refused from None
    if depth > caps["max_nesting"] and isinstance(root, (dict, list)):
        first_depth = nesting_depth(text[:end].encode("utf-8", "surrogatepass"))
        if first_depth > caps["max_nesting"]:
            if caps["deep_nesting"] == "describe":
                return _deep(text, caps)
            raise _Refused
    trailing = _stripped_length(text, end)
    if trailing and caps.get("value_streams") and depth <= caps["max_nesting"]:
        stream = _value_stream(root, "\n" in text[:end], text[end:])
        if stream is not None:
            return stream, 0, values
    if (
        trailing
        and caps["trailing_text"] == "reject_after_small_value"
        and end < caps["small_value_share"] * len(text)
        and not _trailing_is_json(text[end:])
    ):
        raise _Refused
    return root, trailing, values


_NON_SPACE = re.compile(r"\S")  # Python's \s on str is what str.strip() strips


def _stripped_length(text: str, start: int) -> int:
    """``len(text[start:].strip())`` without copying the rest (the first value of a long text is often short)."""
    first = _NON_SPACE.search(text, start)
    if first is None:
        return 0
    begin, end = first.start(), len(text)
    while True:  # the last non-space: the tail, 4 KiB at a time (it holds one: ``first``)
        piece = text[max(begin, end - 4096) : end]
        kept = len(piece.rstrip())
        if kept:
            return end - len(piece) + kept - begin
        end -= len(piece)


# JSONC: every alternative always matches (an unclosed comment or string runs to its end), so
# each pass is one linear scan; strings are kept whole, so "//" inside a string stays
_JSONC_COMMENTS = compile_pattern(r'"(?:[^"\\\n]|\\.)*"?|//[^\n]*|/\*(?s:.*?)(?:\*/|\z)|[^"/]+|/')
_JSONC_COMMAS = compile_pattern(r'"(?:[^"\\\n]|\\.)*"?|,(\s*[\]}])|[^",]+|,')


def _drop_comment(match: Any) -> str:
    token = match.group(0)
    return " " if token.startswith(("//", "/*")) else token


def _drop_comma(match: Any) -> str:
    closing = match.group(1)
    return closing if closing is not None else match.group(0)


_TRAILING_COMMA = compile_pattern(r",\s*[\]}]")


def _jsonc_cleaned(text: str) -> str:
    """``text`` without comments and trailing commas. Each pass is skipped when it cannot change
    anything (its tokens tile the text and only a comment or a ``,`` before a closing bracket
    is rewritten): no ``/`` means no comment, no ``,\\s*]`` anywhere means no trailing comma."""
    if "/" in text:
        text = _JSONC_COMMENTS.sub(_drop_comment, text)
    if _TRAILING_COMMA.search(text) is not None:
        text = _JSONC_COMMAS.sub(_drop_comma, text)
    return text


def _without_comments(text: str, caps: Any, hinted: bool) -> Synopsis | None:
    """The synopsis of ``text`` read as JSONC, or None."""
    if not caps["comments"] or len(text) > caps["comments_max_chars"]:
        return None
    cleaned = _jsonc_cleaned(text).strip()
    if cleaned == text or not (hinted or cleaned.startswith(("{", "["))):
        return None
    try:
        parsed = _parse(cleaned, caps)
        if isinstance(parsed, Synopsis):
            return parsed
        root, trailing, values = parsed
        synopsis = _Describer(caps, values).synopsis(root, trailing)
    except (_Refused, RecursionError, ValueError, msgspec.DecodeError):
        return None
    return dataclasses.replace(
        synopsis, notable_items=(*synopsis.notable_items, "comments and trailing commas skipped")
    )


def _summarize(inp: KindInput) -> Synopsis | Claim | None:
    synopsis = _describe(inp)
    if synopsis is None or not inp.caps.get("confidence"):
        return synopsis
    return Claim(synopsis=synopsis, evidence=_evidence(synopsis, len(inp.stripped)))


def _evidence(synopsis: Synopsis, size: int) -> tuple[Evidence, ...]:
    """How sure: a value that parses whole is decisive; trailing text, comments or a bare scalar are less so."""
    if synopsis.kind != "json":
        return (Evidence("mime_says_json", 1.0, 0.3),)  # unparsed, claimed only because of the MIME hint
    found = []
    if synopsis.summary[0] == "JSON value stream.":
        found.append(Evidence("parses_as_stream", 1.0, 0.98))
        return tuple(found)
    scalar = synopsis.summary[0] not in ("JSON object.", "JSON array.")
    found.append(Evidence("scalar_by_mime" if scalar else "parses_whole", 1.0, 0.6 if scalar else 0.99))
    notes = synopsis.notable_items
    trailing = next((n for n in notes if n.startswith("trailing_chars_after_first_json_value: ")), None)
    if trailing is not None:
        chars = int(trailing.rsplit(" ", 1)[1])
        found.append(Evidence("trailing_text", min(1.0, chars / max(1, size)), -0.6))
    if "comments and trailing commas skipped" in notes:
        found.append(Evidence("comments_skipped", 1.0, -0.04))
    return tuple(found)


def _describe(inp: KindInput) -> Synopsis | None:
    caps = inp.caps
    if (
        "json" not in inp.mime
        and not (caps.get("strip_ansi") and "\x1b" in inp.content)
        and not inp.starts_with(("{", "[", "\ufeff", "//", "/*"))
    ):
        return None  # what the tests below answer, without stripping (a copy of) a long text
    text = inp.stripped
    if caps.get("strip_ansi") and "\x1b" in text:
        text = strip_ansi(text).strip()
    if caps["skip_bom"] and text.startswith("\ufeff"):
        text = text.lstrip("\ufeff").strip()
    hinted = "json" in inp.mime
    commented = caps["comments"] and text.startswith(("//", "/*"))
    if not hinted and not commented and not text.startswith(("{", "[")):
        return None
    try:
        if commented:
            raise _Refused
        parsed = _parse(text, caps)
        if isinstance(parsed, Synopsis):
            return parsed
        root, trailing, values = parsed
        return _Describer(caps, values).synopsis(root, trailing)
    except (_Refused, RecursionError, ValueError, msgspec.DecodeError):
        retried = _without_comments(text, caps, hinted)
        if retried is not None:
            return retried
        if not hinted:
            return None
        return Synopsis(
            kind="unknown",
            title="Unparsed JSON-like output",
            summary=("JSON-like output failed to parse.",),
            sample=head_tail_sample(inp.content, inp.preview_chars),
        )


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (
        Summarizer(
            name="json",
            summarize=_summarize,
            caps_schema=CAPS_SCHEMA,
            defaults=DEFAULTS,
            description="one JSON value: type, keys, shape, scalar examples (msgspec fast path)",
        ),
    )
