"""Line helpers shared by the line-oriented kinds (``csv``, ``tsv``, ``code``, ``text``).

Not a plugin: a private helper module of :mod:`toolstub.plugins`.

The seed applied its per-line regexes with Python's ``re.match`` on each
``line.strip()`` of ``content.splitlines()``. Calling a regex once per line is
slow in Python, so these helpers join the stripped lines with ``\\n`` into one
UTF-8 blob and let RE2 find every line-anchored match in one linear pass
(:func:`scan_lines`). A match that runs over a line end (a user pattern whose
class also matches ``\\n``) is checked again against its own line alone, so the
result is always what a per-line match gives.

Text is encoded with ``surrogatepass`` so that any ``str``, lone surrogates
included, can be searched (RE2's negated classes match those bytes, as
Python's ``\\S`` matches a lone surrogate).

Python's ``\\s`` on ``str`` (also what ``str.strip``/``str.split`` use) is the
set :data:`PY_SPACE`; RE2's ``\\s`` is ASCII. The rule files spell the
Python set out as a class.
"""

from __future__ import annotations

import contextlib
import gc
import re
import threading
from collections.abc import Iterator

import re2

from toolstub.regex import compile_pattern, turned_away, without_groups  # without_groups: re-exported for the kinds

#: every character for which ``str.isspace()`` is true (Python's ``\s`` on ``str``)
PY_SPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680"
    + "".join(chr(c) for c in range(0x2000, 0x200B))
    + "\u2028\u2029\u202f\u205f\u3000"
)
#: the characters ``str.splitlines`` breaks on (``\r\n`` counts once)
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"

_gc_lock = threading.Lock()
_gc_holders = [0, False]  # scans inside paused_gc(), whether the collector was on before the first


@contextlib.contextmanager
def paused_gc() -> Iterator[None]:
    """The cyclic garbage collector paused while a scan allocates many small objects that live
    until it ends (lines, hit sets, spans of a large document): each collection would walk them
    all again, a cost that grows with the document. No cycle is made in between; the collector
    is back on (if it was on) once the last of concurrent scans is done.
    """
    with _gc_lock:
        if _gc_holders[0] == 0:
            _gc_holders[1] = gc.isenabled()
            gc.disable()
        _gc_holders[0] += 1
    try:
        yield
    finally:
        with _gc_lock:
            _gc_holders[0] -= 1
            if _gc_holders[0] == 0 and _gc_holders[1]:
                gc.enable()


#: runs of blank lines (Python ``re``: fixed patterns that start with a literal, linear)
_BLANK_RUNS_STRIPPED = re.compile(r"\n[ \t]*\n[ \t\n]*")
_BLANK_RUNS_RAW = re.compile(r"\n\n+")

_WORD_TABLE = bytes(0 if b in (9, 10, 11, 12, 13, 28, 29, 30, 31, 32) else 1 for b in range(256))

_encoded: tuple[str, bytes] | None = None


def encode(text: str) -> bytes:
    """UTF-8 with ``surrogatepass`` (never raises); the last large text is cached by identity."""
    global _encoded
    cached = _encoded
    if cached is not None and cached[0] is text:
        return cached[1]
    data = text.encode("utf-8", "surrogatepass")
    if len(text) > 4096:
        _encoded = (text, data)
    return data


def decode(data: bytes) -> str:
    return data.decode("utf-8", "surrogatepass")


def search(regex, text: str) -> bool:
    """Whether ``regex`` (an RE2 pattern) matches anywhere in ``text`` (any ``str``)."""
    return regex.search(encode(text)) is not None


#: the size of the pieces a long text is read in by the whole-text passes (code points): each
#: piece's copies (its UTF-8, a translation) stay in the CPU cache and reuse the same memory, where
#: one copy of a 100 MB text is a fresh allocation whose every page faults (time that grows faster
#: than the text: 1 -> 10 -> 100 MB must stay linear)
WINDOW = 1 << 20


def windows(text, size: int | None = None) -> Iterator:
    """``text`` (a ``str`` or ``bytes``) in consecutive slices of ``size`` (:data:`WINDOW`; one slice when shorter)."""
    size = WINDOW if size is None else size
    if len(text) <= size:
        yield text
        return
    for start in range(0, len(text), size):
        yield text[start : start + size]


def first_lines(text, count: int) -> list:
    """``text.split("\\n", count)[:count]`` (``str`` or ``bytes``) without the copy of the rest of a long
    text (the last item of that split): the split of a prefix holding ``count`` line ends."""
    newline = "\n" if isinstance(text, str) else b"\n"
    size = 4096
    while size < len(text):
        prefix = text[:size]
        if prefix.count(newline) >= count:
            return prefix.split(newline, count)[:count]
        size *= 4
    return text.split(newline, count)[:count]


def holds_any(text: str, chars: str) -> bool:
    """``any(ch in text for ch in chars)``, window by window: each character's search of a window
    finds it in the CPU cache (one search of a whole 100 MB text per character reads it from memory
    each time); a character an ASCII text cannot hold is not searched for."""
    if text.isascii():
        chars = "".join(ch for ch in chars if ch.isascii())
    size = WINDOW
    for start in range(0, len(text), size):
        end = start + size
        if any(text.find(ch, start, end) >= 0 for ch in chars):
            return True
    return False


#: the characters other than ``\n`` that ``str.splitlines`` breaks on
OTHER_BREAKS = "".join(ch for ch in LINE_BREAKS if ch != "\n")


def word_count(text: str) -> int:
    """``len(text.split())`` without building the list, window by window (fast path for ASCII text)."""
    count = 0
    in_word = False  # the window before ended inside a word
    ascii_text = text.isascii()
    for piece in windows(text):
        if ascii_text:
            flags = piece.encode("ascii").translate(_WORD_TABLE)
            count += flags.count(b"\x00\x01") + (1 if flags[:1] == b"\x01" and not in_word else 0)
            in_word = flags[-1:] == b"\x01"
        elif piece:
            count += len(piece.split()) - (1 if in_word and not piece[0].isspace() else 0)
            in_word = not piece[-1].isspace()
    return count


def newline_line_count(text: str) -> int:
    """Lines as ``\\n`` counts them: a last line without ``\\n`` still counts."""
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def splitlines_count(text: str) -> int:
    """``len(text.splitlines())``, without the list when only ``\\n``/``\\r\\n`` break lines."""
    if not holds_any(text, OTHER_BREAKS):
        return newline_line_count(text)
    return len(text.splitlines())


def line_blob(content: str, *, strip: bool, drop_empty: bool = False) -> bytes:
    """The lines of ``content.splitlines()`` (each stripped if ``strip``) joined by ``\\n``, as UTF-8.

    ``drop_empty`` leaves out blank lines first when long runs of them make up much of
    the content (one C-level substitution instead of one string per line; in ``strip``
    mode blanks next to those runs go too, as ``strip`` would drop them): only for
    callers whose patterns cannot match an empty line.
    """
    if drop_empty and content.count("\n\n\n\n") * 8 > content.count("\n"):
        content = (_BLANK_RUNS_STRIPPED if strip else _BLANK_RUNS_RAW).sub("\n", content)
    if not strip and not holds_any(content, OTHER_BREAKS):
        # only "\n" breaks lines: the joined lines are the content without its last "\n" (its
        # UTF-8 without the last byte: the encoding other passes over the same text share)
        data = encode(content)
        return data[:-1] if content.endswith("\n") else data
    lines = content.splitlines()
    if strip:
        return encode("\n".join(map(str.strip, lines)))
    return encode("\n".join(lines))


def matches_empty(regexes) -> bool:
    """Whether any of ``regexes`` matches an empty line."""
    return any(regex is not None and regex.match(b"") is not None for regex in regexes)


def _anchored(regex):
    """``regex`` anchored at every line start (``re.match`` per line, as one multi-line scan)."""
    return compile_pattern(f"^(?:{regex.pattern})", "m")


def any_of(regexes) -> object:
    """One RE2 pattern matching where any of ``regexes`` matches (each keeps its own flags)."""
    regexes = tuple(regexes)
    if len(regexes) == 1:
        return regexes[0]
    return compile_pattern("|".join(f"(?:{regex.pattern})" for regex in regexes))


def any_of_bare(regexes) -> object:
    """:func:`any_of` with every group made non-capturing: for tests of whether any matches.

    RE2 then finds a match with its DFA alone (no submatch work), much faster for a
    long alternation searched line by line.
    """
    regexes = tuple(regexes)
    try:
        return compile_pattern("|".join(f"(?:{without_groups(regex.pattern)})" for regex in regexes))
    except Exception:  # noqa: BLE001 - keep the groups if the rewrite does not compile
        return any_of(regexes)


def count_lines(regex, blob: bytes, *, start: int = 0, limit: int = 10_000) -> tuple[int, bool]:
    """(how many lines from ``start`` ``regex`` matches at their start, up to ``limit``; whether it stopped there)."""
    if turned_away(regex, blob):  # a short blob its gate says it cannot match: no compile (start-up)
        return 0, False
    try:
        bare = compile_pattern(without_groups(regex.pattern))
    except Exception:  # noqa: BLE001 - keep the groups if the rewrite does not compile
        bare = regex
    anchored = _anchored(bare)
    count, pos, end = 0, start, len(blob)
    while pos <= end:
        for spans in _spans(anchored, blob, pos):
            line_start, match_end = spans[0]
            newline = blob.find(b"\n", line_start, match_end)
            if newline >= 0:  # ran over the line end: check the line alone, go on after it
                line_end = blob.find(b"\n", line_start)
                count += bare.match(blob[line_start:line_end]) is not None
                pos = line_end + 1
                break
            count += 1
            if count >= limit:
                return count, True
        else:
            return count, False
    return count, count >= limit


def _spans(regex, blob: bytes, pos: int) -> Iterator[list[tuple[int, int]]]:
    """Successive matches of ``regex`` in ``blob`` from ``pos``, as RE2 span lists (group 0 first).

    Uses the RE2 binding's low-level ``Match`` (the public ``finditer``/``groups`` cost
    several microseconds per match in Python); falls back to the public API.
    """
    low = getattr(regex, "_regexp", None)
    anchor = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
    if low is None or anchor is None:  # pragma: no cover - another binding version
        for match in regex.finditer(blob, pos):
            yield [match.span(i) for i in range(regex.groups + 1)]
        return
    end = len(blob)
    while pos <= end:
        spans = low.Match(anchor, blob, pos, end)
        if spans[0][0] < 0:
            return
        yield spans
        pos = spans[0][1] if spans[0][1] > pos else pos + 1


def scan_lines(regex, blob: bytes, *, start: int = 0) -> Iterator[tuple[int, int, list[bytes]]]:
    """Yield ``(line_start, line_end, groups)`` for each line of ``blob`` that ``regex`` matches at its start.

    ``groups`` are the match's non-empty groups (or ``[whole_match]`` when it has no
    groups), as bytes. Lines are ``\\n``-separated; the result is what matching each
    line alone gives.
    """
    if turned_away(regex, blob):  # a short blob its gate says it cannot match: no compile (start-up)
        return
    anchored = _anchored(regex)
    end = len(blob)
    pos = start
    while pos <= end:
        restart = None
        for spans in _spans(anchored, blob, pos):
            line_start, match_end = spans[0]
            line_end = blob.find(b"\n", line_start)
            if line_end < 0:
                line_end = end
            if match_end <= line_end:
                yield line_start, line_end, _groups(blob, spans)
                continue
            single = regex.match(blob[line_start:line_end])
            if single is not None:
                yield line_start, line_end, _groups(blob, [single.span(i) for i in range(regex.groups + 1)], line_start)
            restart = line_end + 1
            break
        if restart is None:
            return
        pos = restart


def prefix_spans(regex, blob: bytes) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of ``regex``'s match at the start of each line it matches (within the line)."""
    for line_start, line_end, _groups in scan_lines(compile_pattern(f"({regex.pattern})"), blob):
        yield line_start, line_start + (len(_groups[0]) if _groups else 0)


def _groups(blob: bytes, spans, offset: int = 0) -> list[bytes]:
    if len(spans) == 1:
        start, end = spans[0]
        return [blob[offset + start : offset + end]]
    return [blob[offset + a : offset + b] for a, b in spans[1:] if b > a]


def line_text(blob: bytes, line_start: int, line_end: int) -> str:
    return decode(blob[line_start:line_end])


class LineTotals:
    """Lines of a text fed block by block, counted as ``line_count`` mode ``splitlines`` or ``newlines``
    counts the whole text (for a kind's :class:`~toolstub.synopsis.StreamCounter`).

    A block boundary never adds a line: a block that ends inside a line (a line longer than a
    block) continues on the next one; a ``\\r`` ending one block and a ``\\n`` opening the next
    are one line break.
    """

    def __init__(self, mode: str = "splitlines") -> None:
        self.mode = mode
        self.count = 0
        self._open = False  # the last block ended inside a line
        self._cr = False  # the last block ended with \r (splitlines: \r\n is one break)

    def feed(self, block: str) -> None:
        if not block:
            return
        if self.mode == "newlines":
            found = newline_line_count(block)
            ends = block.endswith("\n")
        else:
            found = splitlines_count(block)
            ends = block[-1] in LINE_BREAKS
            if self._cr and block[0] == "\n":  # the \n of a \r\n is no line of its own
                found -= 1
            self._cr = block[-1] == "\r"
        if self._open:
            found -= 1
        self.count += found
        self._open = not ends
