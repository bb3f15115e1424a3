"""Streaming search over one stored output, in bounded memory.

The output is read block by block (1 Mi code points by default) from the
checkpoint nearest the start, and matched in a sliding window that keeps only
``context_chars`` (plus a guard) before the search position. The seed's
semantics are the default: case-sensitive substring, non-overlapping (the next
search starts at ``offset + max(1, len(match))``), snippet
``content[max(0, i - ctx) : i + len(match) + ctx]``. Added: ``mode`` ``icase`` and
``regex`` (RE2, linear time), 1-based ``line`` numbers (``\\n`` separated), the
``total`` number of matches and a ``next`` cursor to page through them all.

Bounded work: a search stops once it has its page (``limit`` matches); then it keeps
counting only while that is cheap, at most ``COUNT_MATCHES`` more matches within
``COUNT_CHARS`` more code points. When the scan reached the end, ``total`` is exact and
``total_exact`` is true; otherwise ``total`` is a lower bound ("at least N") and
``total_exact`` is false. ``next`` is null only when no match follows the page. So a
request never does more than one pass over the output, whatever it asks, and the work
per page is O(what it scans), never O(output) per match. Inside an HTTP request the
scan also checks the request's time budget (:mod:`toolstub.budget`) at every block.

A regex match is bounded by the window: a match longer than ``REGEX_WINDOW``
code points is cut at the window's end.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
from collections.abc import Iterator
from typing import Any

from toolstub import budget
from toolstub.errors import InvalidArgumentError, PatternError
from toolstub.store import checkpoints as cp
from toolstub.store import records as rec
from toolstub.regex import compile_pattern
from toolstub.store.ids import OFFSET_UNIT
from toolstub.store.support import corrupt, missing_output

BLOCK_BYTES = 1 << 20
#: counting past the page: at most this many more matches, within this many more code points
COUNT_MATCHES = 10_000
COUNT_CHARS = 64 << 20
REGEX_WINDOW = 1 << 16
MODES = ("literal", "icase", "regex")
_SURROGATE = re.compile("[\ud800-\udfff]")


def iter_blocks(store: Any, tool_result_id: str, metadata: dict[str, Any], start: int, block_bytes: int | None = None) -> Iterator[tuple[int, str]]:
    """Yield ``(char_offset, text)`` blocks covering code points ``[s0, end)`` for some ``s0 <= start``."""
    block_bytes = block_bytes or BLOCK_BYTES
    s0, byte0 = _seek_point(store, tool_result_id, metadata, start)
    path = rec.output_path(store.session_id, tool_result_id)
    try:
        handle = store.backend.open(path, block_size=block_bytes)
    except FileNotFoundError:
        raise missing_output(tool_result_id) from None
    with handle:
        if byte0:
            handle.seek(byte0)
        carry = b""
        offset = s0
        while True:
            data = handle.read(block_bytes)
            if not data:
                break
            data = carry + data
            cut = _last_boundary(data)
            carry, data = data[cut:], data[:cut]
            text = data.decode("utf-8", "surrogatepass")
            yield offset, text
            offset += len(text)
        if carry:
            text = carry.decode("utf-8", "surrogatepass")
            yield offset, text


def _last_boundary(data: bytes) -> int:
    """Index of the last UTF-8 lead byte in the final 4 bytes (so no code point is split)."""
    for back in range(1, min(4, len(data)) + 1):
        byte = data[-back]
        if byte & 0xC0 != 0x80:  # not a continuation byte
            if byte < 0x80:
                return len(data)
            need = 2 if byte >= 0xC0 and byte < 0xE0 else 3 if byte < 0xF0 else 4
            return len(data) if back >= need else len(data) - back
    return len(data)


def _seek_point(store: Any, tool_result_id: str, metadata: dict[str, Any], start: int) -> tuple[int, int]:
    if start <= 0:
        return 0, 0
    header = store.checkpoint_header(tool_result_id, metadata)
    if header is None:
        return 0, 0
    k = min(start // header.every, header.entries - 1)
    lo, hi = cp.entry_range(header, k, k)
    try:
        raw = store.backend.cat(rec.checkpoints_path(store.session_id, tool_result_id), lo, hi)
    except FileNotFoundError:
        return 0, 0  # no checkpoint index (a seed-layout folder): stream from the start
    try:
        (byte0,) = cp.parse_entries(raw, 1, header)
    except cp.CheckpointError:
        raise corrupt(tool_result_id) from None
    return k * header.every, byte0


class _Finder:
    def __init__(self, query: str, mode: str) -> None:
        self.query = query
        self.literal = mode == "literal"
        if self.literal:
            self.overlap = len(query) - 1
            return
        # icase of an ASCII query over ASCII text is ASCII case folding: str.lower() and find, at C
        # speed (RE2's folding differs only on non-ASCII text: K (U+212A) for k, ſ (U+017F) for s)
        self.ascii_icase = query.lower() if mode == "icase" and query.isascii() else None
        source = re.escape(query) if mode == "icase" else query
        try:
            self.pattern = compile_pattern(source, "i" if mode == "icase" else "")
        except PatternError as exc:
            raise InvalidArgumentError(str(exc), details={"query": query[:200]}) from None
        self.overlap = REGEX_WINDOW

    def finditer(self, buf: str, pos: int) -> Iterator[tuple[int, int]]:
        if self.literal:
            step = max(1, len(self.query))
            while True:
                i = buf.find(self.query, pos)
                if i < 0:
                    return
                yield i, i + len(self.query)
                pos = i + step
        elif self.ascii_icase is not None and buf.isascii():
            lowered, wanted = buf.lower(), self.ascii_icase
            while True:
                i = lowered.find(wanted, pos)
                if i < 0:
                    return
                yield i, i + len(wanted)
                pos = i + max(1, len(wanted))
        else:
            text = buf if buf.isascii() or not _SURROGATE.search(buf) else _SURROGATE.sub("\ufffd", buf)
            for found in self.pattern.finditer(text, pos):
                yield found.start(), found.end()


def _cursor_key(tool_result_id: str, query: str, mode: str, ctx: int) -> str:
    raw = json.dumps([tool_result_id, query, mode, ctx], ensure_ascii=True).encode()
    return hashlib.sha256(raw).hexdigest()[:16]


def encode_cursor(state: dict[str, Any]) -> str:
    return base64.urlsafe_b64encode(json.dumps(state, separators=(",", ":")).encode()).decode().rstrip("=")


def decode_cursor(cursor: str, key: str) -> dict[str, Any]:
    try:
        padded = cursor + "=" * (-len(cursor) % 4)
        state = json.loads(base64.urlsafe_b64decode(padded.encode()))
        if state.get("k") != key or not all(isinstance(state.get(f), int) and state[f] >= 0 for f in "pnt") \
                or not isinstance(state.get("c", 0), int) or state.get("c", 0) < 0:
            raise ValueError
    except (ValueError, TypeError, AttributeError, UnicodeDecodeError):
        raise InvalidArgumentError("invalid cursor (it belongs to another search)", details={"cursor": cursor[:100]}) from None
    return state


def search(
    store: Any,
    id_or_ref: str,
    query: str,
    *,
    limit: int = 20,
    context_chars: int = 300,
    mode: str = "literal",
    cursor: str | None = None,
) -> dict[str, Any]:
    if not isinstance(query, str) or query == "":
        raise InvalidArgumentError("query must not be empty")
    if isinstance(limit, bool) or not isinstance(limit, int) or limit <= 0:
        raise InvalidArgumentError("limit must be greater than 0")
    if isinstance(context_chars, bool) or not isinstance(context_chars, int) or context_chars < 0:
        raise InvalidArgumentError("context_chars must be greater than or equal to 0")
    if mode not in MODES:
        raise InvalidArgumentError("mode must be one of literal, icase, regex", details={"mode": str(mode)[:50]})
    tool_result_id = store.resolve(id_or_ref)
    finder = _Finder(query, mode)
    metadata = store.load_metadata(tool_result_id)
    key = _cursor_key(tool_result_id, query, mode, context_chars)
    state = decode_cursor(cursor, key) if cursor else None
    scan = _Scan(store, tool_result_id, metadata, finder, context_chars, state)
    matches, next_state, seen, exact = scan.run(limit)
    before = state.get("c", 0) if state else 0  # matches on the pages before this one
    if exact:
        total = before + seen
    else:
        known = state["t"] if state else 0
        exact = bool(state and state.get("e"))  # an exact total from an earlier page stays exact
        total = known if exact else max(known, before + seen)
    result: dict[str, Any] = {"tool_result_id": tool_result_id, "matches": matches, "total": total,
                              "total_exact": exact}
    result["next"] = (encode_cursor({**next_state, "c": before + len(matches), "k": key, "t": total,
                                     "e": int(exact)}) if next_state else None)
    return result


class _Scan:
    """The sliding window over the blocks of one output."""

    def __init__(self, store, tool_result_id, metadata, finder: _Finder, ctx: int, state) -> None:
        self.finder = finder
        self.ctx = ctx
        self.pos = state["p"] if state else 0
        self.nl_anchor = self.pos
        self.nl_count = state["n"] if state else 0
        self.blocks = iter_blocks(store, tool_result_id, metadata, max(0, self.pos - ctx - 1))
        self.buf = ""
        self.buf_start = None
        self.eof = False

    def _fill(self) -> bool:
        try:
            start, text = next(self.blocks)
        except StopIteration:
            self.eof = True
            return False
        if self.buf_start is None:
            self.buf_start = start
        self.buf += text
        return True

    def _trim(self) -> None:
        keep_from = min(max(self.buf_start, self.pos - self.ctx - 1), self.buf_start + len(self.buf))
        if keep_from <= self.buf_start:
            return
        if self.nl_anchor < keep_from:
            self.nl_count += self.buf.count("\n", self.nl_anchor - self.buf_start, keep_from - self.buf_start)
            self.nl_anchor = keep_from
        self.buf = self.buf[keep_from - self.buf_start :]
        self.buf_start = keep_from

    def _line(self, i: int) -> int:
        if i > self.nl_anchor:
            self.nl_count += self.buf.count("\n", self.nl_anchor - self.buf_start, i - self.buf_start)
            self.nl_anchor = i
        return self.nl_count + 1

    def _lines_before(self, p: int) -> int:
        return self.nl_count + self.buf.count("\n", self.nl_anchor - self.buf_start, p - self.buf_start)

    def run(self, limit: int) -> tuple[list[dict[str, Any]], dict[str, int] | None, int, bool]:
        """``(the page, the cursor state after it or None, matches seen, whether the scan reached the end)``.

        After the page, matches are counted (never rendered) while that is cheap: at most
        ``COUNT_MATCHES`` more, within ``COUNT_CHARS`` more code points.
        """
        matches: list[dict[str, Any]] = []
        next_state = None
        seen = 0
        count_until = None  # the last position counting may reach, once the page is full
        budget.check()
        self._fill()
        if self.buf_start is None:
            return matches, None, 0, True
        while True:
            end = self.buf_start + len(self.buf)
            need_more = False
            for i_rel, j_rel in self.finder.finditer(self.buf, self.pos - self.buf_start):
                i, j = i_rel + self.buf_start, j_rel + self.buf_start
                if not self.eof and j + max(self.ctx, 0 if self.finder.literal else self.finder.overlap) >= end:
                    if len(self.buf) < 8 * BLOCK_BYTES or self.finder.literal:
                        need_more = True
                        break
                if count_until is not None and i > count_until:
                    return matches, next_state, seen, False
                seen += 1
                self.pos = i + max(1, j - i)
                if len(matches) < limit:
                    snippet = self.buf[max(self.buf_start, i - self.ctx) - self.buf_start : min(end, j + self.ctx) - self.buf_start]
                    matches.append({"offset": i, "offset_unit": OFFSET_UNIT, "snippet": snippet, "line": self._line(i)})
                    if len(matches) == limit:
                        next_state = {"p": self.pos, "n": self._lines_before(self.pos)}
                        count_until = self.pos + COUNT_CHARS
                elif seen - limit >= COUNT_MATCHES:
                    return matches, next_state, seen, False
                if self.pos > end:
                    break
            else:
                if self.eof:
                    break
                self.pos = max(self.pos, end - self.finder.overlap)
            if self.eof and not need_more:
                break
            if count_until is not None and end > count_until:
                return matches, next_state, seen, False
            budget.check()
            self._trim()
            if not self._fill() and not need_more:
                break
        if seen <= len(matches):
            next_state = None
        return matches, next_state, seen, True
