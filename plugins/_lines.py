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

from collections.abc import Iterator

from toolstub.regex import compile_pattern

#: every character for which ``str.isspace()`` is true (Python's ``\s`` on ``str``)
PY_SPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680"
    + "".join(chr(c) for c in range(0x2000, 0x200B))
    + "\u2028\u2029\u202f\u205f\u3000"
)
#: the characters ``str.splitlines`` breaks on (``\r\n`` counts once)
LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"

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


def word_count(text: str) -> int:
    """``len(text.split())`` without building the list (fast path for ASCII text)."""
    if not text.isascii():
        return len(text.split())
    flags = text.encode("ascii").translate(_WORD_TABLE)
    return flags.count(b"\x00\x01") + (1 if flags[:1] == b"\x01" else 0)


def newline_line_count(text: str) -> int:
    """Lines as ``\\n`` counts them: a last line without ``\\n`` still counts."""
    if not text:
        return 0
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def splitlines_count(text: str) -> int:
    """``len(text.splitlines())``, without the list when only ``\\n``/``\\r\\n`` break lines."""
    if not any(ch in text for ch in LINE_BREAKS if ch != "\n"):
        return newline_line_count(text)
    return len(text.splitlines())


def line_blob(content: str, *, strip: bool) -> bytes:
    """The lines of ``content.splitlines()`` (each stripped if ``strip``) joined by ``\\n``, as UTF-8."""
    lines = content.splitlines()
    if strip:
        return encode("\n".join(map(str.strip, lines)))
    return encode("\n".join(lines))


def _anchored(regex):
    """``regex`` anchored at every line start (``re.match`` per line, as one multi-line scan)."""
    return compile_pattern(f"^(?:{regex.pattern})", "m")


def scan_lines(regex, blob: bytes, *, start: int = 0) -> Iterator[tuple[int, int, tuple[bytes | None, ...]]]:
    """Yield ``(line_start, line_end, groups)`` for each line of ``blob`` that ``regex`` matches at its start.

    ``groups`` are the match's groups (or ``(whole_match,)`` when it has none), as bytes.
    Lines are ``\\n``-separated; the result is what matching each line alone gives.
    """
    anchored = _anchored(regex)
    end = len(blob)
    pos = start
    while pos <= end:
        restart = None
        for match in anchored.finditer(blob, pos):
            line_start = match.start()
            line_end = blob.find(b"\n", line_start)
            if line_end < 0:
                line_end = end
            if match.end() <= line_end:
                yield line_start, line_end, _groups(match)
                continue
            single = regex.match(blob[line_start:line_end])
            if single is not None:
                yield line_start, line_end, _groups(single)
            restart = line_end + 1
            break
        if restart is None:
            return
        pos = restart


def _groups(match) -> tuple[bytes | None, ...]:
    groups = match.groups()
    return groups if groups else (match.group(),)


def line_text(blob: bytes, line_start: int, line_end: int) -> str:
    return decode(blob[line_start:line_end])
