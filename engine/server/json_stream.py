"""A JSON request body spooled to a file, decoded with its long string values left in the file.

A body past the spooling limit (:mod:`toolstub.server.body_limit`) is a file, not bytes. Its
values are decoded as :func:`~toolstub.server.json_body.loads_body` decodes the whole body, but a
string value longer than ``large_bytes`` (a 200 MB tool output) is never made into one ``str``:

1. :func:`split_body` reads the file once, block by block, and finds each string's closing quote
   (escaped quotes skipped, a backslash cut by a block end carried). The body without its long
   strings' contents (each replaced by a unique placeholder string) is the *skeleton*; each long
   string's contents are decoded piece by piece (:class:`PieceDecoder`) as they go by, which
   checks them and gives their length in code points, sha256, head and tail.
2. The skeleton is decoded by ``loads`` (small: the rest of the body), and each placeholder is
   replaced by a :class:`SpooledString` (a :class:`~toolstub.streaming.ChunkedText`) that decodes
   its contents again from the file, in pieces, each time its text is asked for.

Why our own piece decoder: the streaming JSON parsers for Python hand a string value over whole
(``ijson``, every backend: one ``str`` per value) or step through the body a character at a time
in Python (``json-stream``'s own tokenizer; its Rust tokenizer's string streaming was not
released as of this writing). A piece here is cut where no escape, ``\\uXXXX`` surrogate pair or
UTF-8 sequence is split, and decoded by the standard library's own string scanner
(``json.decoder.scanstring``, strict, from the UTF-8 with ``surrogatepass`` that ``json.loads``
decodes bytes with), so the pieces joined are what ``json.loads`` gives the whole string.

Whatever does not go this way exactly (bytes that are not UTF-8 JSON text, an invalid string, a
skeleton ``loads`` refuses, a long string as a key, too many short strings) makes
:func:`split_body` return :data:`UNSPLIT`, and the caller decodes the whole body the old way, so values
and error answers never change.
"""

from __future__ import annotations

import codecs
import hashlib
import os
import re
import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from json.decoder import scanstring
from typing import Any

from toolstub.streaming import ChunkedText

#: a string value whose contents (escaped, as in the body) are longer than this is left in the file
LARGE_STRING_BYTES = 1 << 20
#: bytes read (and decoded) at a time: small enough that the few copies of a piece in flight (the block, its
#: slice, its text, the text's UTF-8 for the digest) stay a few MiB (1 MiB pieces: 20-25 MB more at the peak)
PIECE_BYTES = 1 << 18
#: a skeleton larger than this (a body of many short strings, not a few long ones) is decoded the old way
SKELETON_LIMIT = 16 << 20
#: code points kept of the head and of the tail of a long string (slices there need no decoding)
KEEP_CHARS = 1 << 16

#: what :func:`split_body` returns for a body to decode whole, the old way
UNSPLIT: Any = type("Unsplit", (), {"__repr__": lambda self: "UNSPLIT"})()

_BACKSLASH = 0x5C
_QUOTE = 0x22


def _is_high_surrogate_escape(buf: bytes | bytearray, at: int) -> bool:
    """Whether ``buf[at:at + 6]`` is ``\\uD800``..``\\uDBFF`` (a surrogate pair's first half)."""
    digits = bytes(buf[at + 2 : at + 6])
    try:
        value = int(digits, 16)
    except ValueError:
        return False
    return len(digits) == 4 and 0xD800 <= value <= 0xDBFF


def safe_cut(buf: bytes | bytearray) -> int:
    """The longest prefix of a string's escaped contents ``buf`` that decodes alone as it decodes within ``buf``.

    It ends neither inside an escape, nor right after a high-surrogate ``\\uXXXX`` escape (a low one
    may follow), nor inside a UTF-8 sequence.
    """
    cut = len(buf)
    while True:
        before = cut
        b = buf.rfind(b"\\", max(0, cut - 12), cut)
        if b >= 0:
            a = b
            while a > 0 and buf[a - 1] == _BACKSLASH:
                a -= 1
            if (b - a + 1) % 2:  # buf[b] opens an escape
                end = b + (6 if b + 1 < cut and buf[b + 1] == 0x75 else 2)  # \uXXXX or \X
                if end > cut or (end == cut and end - b == 6 and _is_high_surrogate_escape(buf, b)):
                    cut = b
        # a UTF-8 sequence cut short: its lead byte starts the next piece
        for i in range(cut - 1, max(-1, cut - 4), -1):
            byte = buf[i]
            if byte < 0x80:
                break
            if byte >= 0xC0:
                if i + (2 if byte < 0xE0 else 3 if byte < 0xF0 else 4) > cut:
                    cut = i
                break
        if cut == before:
            return cut


def decode_piece(raw: bytes | bytearray, errors: str = "surrogatepass") -> str:
    """The text of escaped string contents ``raw`` (no quotes), as ``json.loads`` decodes them; ValueError if invalid.

    ``errors="strict"``: as ``json.loads`` decodes them from a ``str`` decoded strictly (UTF-8 surrogates refused).
    """
    text = bytes(raw).decode("utf-8", errors) + '"'
    value, end = scanstring(text, 0, True)
    if end != len(text):
        raise ValueError("a quote inside a string piece")
    return value


class PieceDecoder:
    """Decodes a string's escaped contents fed in pieces cut anywhere; ``feed`` returns what is decoded so far."""

    def __init__(self, errors: str = "surrogatepass") -> None:
        self.carry = b""
        self.errors = errors

    def feed(self, raw: bytes) -> str:
        buf = self.carry + raw if self.carry else raw
        cut = safe_cut(buf)
        self.carry = bytes(buf[cut:])
        return decode_piece(buf[:cut], self.errors) if cut else ""

    def finish(self) -> str:
        buf, self.carry = self.carry, b""
        return decode_piece(buf, self.errors) if buf else ""


def decode_pieces(pieces: Iterable[bytes]) -> Iterator[str]:
    """The text of a string's escaped contents given in pieces cut anywhere (ValueError if invalid)."""
    decoder = PieceDecoder()
    for raw in pieces:
        text = decoder.feed(raw)
        if text:
            yield text
    text = decoder.finish()
    if text:
        yield text


class TextSink:
    """Where the long strings' decoded text goes as :func:`split_body` decodes it: a file made on first use.

    ``make()`` opens it (a binary file open for reading and writing, e.g. an unnamed temporary file its
    caller closes when the request ends). The text is written as UTF-8 with ``surrogatepass`` (lone
    surrogates kept), one string after the other; :class:`DecodedString` reads it back.
    """

    def __init__(self, make: Callable[[], Any]) -> None:
        self._make = make
        self.file: Any = None
        self.size = 0

    def write(self, data: bytes) -> None:
        if self.file is None:
            self.file = self._make()
        self.file.write(data)
        self.size += len(data)

    def read(self, n: int, offset: int) -> bytes:
        # the descriptor each time: once the file is closed (the request ended), a read raises
        return os.pread(self.file.fileno(), n, offset)


@dataclass
class _Span:
    """A long string's contents in the body file: ``[start, end)``, and what decoding them gave."""

    start: int
    decoder: PieceDecoder
    end: int = -1
    chars: int = 0
    head: str = ""
    tail: str = ""
    digest: Any = None
    #: where its decoded UTF-8 goes (``None``: it is decoded again from the body each time it is read)
    sink: TextSink | None = None
    text_start: int = 0
    text_end: int = 0

    def take(self, text: str) -> None:
        if not text:
            return
        self.chars += len(text)
        if len(self.head) < KEEP_CHARS:
            self.head += text[: KEEP_CHARS - len(self.head)]
        self.tail = (self.tail + text)[-KEEP_CHARS:] if len(text) < KEEP_CHARS else text[-KEEP_CHARS:]
        data = text.encode("utf-8", "surrogatepass")
        self.digest.update(data)
        if self.sink is not None:
            self.sink.write(data)
            self.text_end = self.sink.size


class SpooledString(ChunkedText):
    """A long JSON string value of a spooled body: decoded again, in pieces, from the file each time."""

    __slots__ = ("_read", "_start", "_end", "_piece")

    def __init__(self, read: Callable[[int, int], bytes], span: _Span, piece_bytes: int) -> None:
        super().__init__(span.chars, span.digest.hexdigest(), span.head, span.tail)
        self._read = read
        self._start = span.start
        self._end = span.end
        self._piece = piece_bytes

    def _raw(self) -> Iterator[bytes]:
        at = self._start
        while at < self._end:
            raw = self._read(min(self._piece, self._end - at), at)
            if not raw:
                raise OSError("the spooled request body ended early")
            at += len(raw)
            yield raw

    def chunks(self) -> Iterator[str]:
        return decode_pieces(self._raw())


class DecodedString(ChunkedText):
    """A long JSON string value of a spooled body, decoded once: its text read back from a :class:`TextSink`.

    Each reading is a plain UTF-8 decode of the file (``surrogatepass``), a few times faster than the
    JSON string decoding (escapes) it replaces.
    """

    __slots__ = ("_read", "_start", "_end", "_piece")

    def __init__(self, span: _Span, piece_bytes: int) -> None:
        super().__init__(span.chars, span.digest.hexdigest(), span.head, span.tail)
        self._read = span.sink.read  # type: ignore[union-attr]
        self._start = span.text_start
        self._end = span.text_end
        self._piece = piece_bytes

    def chunks(self) -> Iterator[str]:
        decoder = codecs.getincrementaldecoder("utf-8")("surrogatepass")
        at = self._start
        while at < self._end:
            raw = self._read(min(self._piece, self._end - at), at)
            if not raw:
                raise OSError("the decoded text of a spooled request body ended early")
            at += len(raw)
            text = decoder.decode(raw)
            if text:
                yield text
        text = decoder.decode(b"", final=True)
        if text:
            yield text


#: from a point outside every string: what is not a quote, and whole strings (unrolled, so linear), up to
#: the first string that does not end in ``data`` (one C-level pass instead of a Python step per string)
_OUTSIDE_AND_SHORT = re.compile(rb'(?:[^"]+|"[^"\\]*(?:\\.[^"\\]*)*")*', re.DOTALL)


def _string_end(data: bytes, lo: int) -> int:
    """The index of the first unescaped quote in ``data[lo:]`` (``lo`` at an escape boundary), or -1."""
    i = lo
    for _ in range(32):
        q = data.find(b'"', i)
        if q < 0:
            return -1
        k = q
        while k > lo and data[k - 1] == _BACKSLASH:
            k -= 1
        if (q - k) % 2 == 0:
            return q
        i = q + 1
    # many escaped quotes: one C-level pass (escape pairs blanked, same length) over the rest
    rest = data[i:].replace(b"\\\\", b"\0\0").replace(b'\\"', b"\0\0")
    q = rest.find(b'"')
    return -1 if q < 0 else i + q


def _odd_backslashes_at_end(data: bytes, lo: int) -> bool:
    k = len(data)
    while k > lo and data[k - 1] == _BACKSLASH:
        k -= 1
    return (len(data) - k) % 2 == 1


def split_body(
    read: Callable[[int, int], bytes],
    size: int,
    loads: Callable[[bytes], Any],
    *,
    large_bytes: int = LARGE_STRING_BYTES,
    piece_bytes: int = PIECE_BYTES,
    skeleton_limit: int = SKELETON_LIMIT,
    keep: Callable[[list[Any]], bool] | None = None,
    text_file: Callable[[], Any] | None = None,
    strict_utf8: bool = False,
) -> Any:
    """The JSON value of the body ``read(n, offset)`` gives (``size`` bytes), long strings as :class:`SpooledString`.

    :data:`UNSPLIT` when the body does not go this way exactly (then decode it whole). ``keep(path)`` says
    whether a long string at ``path`` (its keys and indexes from the top) stays a
    :class:`SpooledString`; elsewhere it is decoded into a ``str`` (default: every long string stays).

    ``text_file()``, when given, opens a file (binary, read and write) that the long strings' text is
    written to as it is decoded, once: each is then a :class:`DecodedString`, read back from there
    (a plain UTF-8 decode) instead of decoded again from the body each time it is read. It is opened
    only when there is a long string, and the caller closes it when the values are no longer read.

    ``strict_utf8``: the long strings' UTF-8 is decoded strictly (a UTF-8-encoded surrogate is invalid, and
    makes the body :data:`UNSPLIT`), for a caller that decodes the whole body with ``bytes.decode("utf-8")``
    and then ``json.loads`` (``loads`` then decodes the skeleton's bytes strictly too).
    """
    first = read(min(4, size), 0)
    if not first or b"\0" in first:  # not UTF-8 JSON text (json.loads would read UTF-16/32): the old way
        return UNSPLIT
    token = f"toolstub-spooled-{secrets.token_hex(16)}-".encode()
    skeleton = bytearray()
    spans: list[_Span] = []
    # a string that ends in the block it starts in is shorter than a block: not long when a block is not longer
    skip = _OUTSIDE_AND_SHORT.match if piece_bytes <= large_bytes else None
    in_string = large = pending = False
    small = bytearray()
    span: _Span | None = None
    start = 0
    sink = TextSink(text_file) if text_file is not None else None
    errors = "strict" if strict_utf8 else "surrogatepass"
    try:
        for base in range(0, size, piece_bytes):
            data = read(min(piece_bytes, size - base), base)
            n = len(data)
            pos = 0
            while pos < n:
                if not in_string:
                    if skip is not None:
                        end = skip(data, pos).end()
                        if end > pos:
                            skeleton += data[pos:end]
                            pos = end
                            continue
                    q = data.find(b'"', pos)
                    if q < 0:
                        skeleton += data[pos:]
                        break
                    skeleton += data[pos : q + 1]
                    pos, in_string, large, small, start = q + 1, True, False, bytearray(), base + q + 1
                    continue
                lo = pos + 1 if pending else pos
                pending = False
                end = _string_end(data, lo) if lo < n else -1
                piece = data[pos : end if end >= 0 else n]
                if not large:
                    small += piece
                    if len(small) > large_bytes:
                        large, span = True, _Span(start, PieceDecoder(errors), digest=hashlib.sha256(), sink=sink)
                        if sink is not None:
                            span.text_start = span.text_end = sink.size
                        span.take(span.decoder.feed(bytes(small)))
                        small = bytearray()
                else:
                    span.take(span.decoder.feed(piece))  # type: ignore[union-attr]
                if end < 0:
                    pending = lo < n and _odd_backslashes_at_end(data, lo)
                    break
                if large:
                    span.take(span.decoder.finish())  # type: ignore[union-attr]
                    span.end = base + end  # type: ignore[union-attr]
                    skeleton += token + str(len(spans)).encode() + b'"'
                    spans.append(span)  # type: ignore[arg-type]
                else:
                    skeleton += small + b'"'
                in_string, pos = False, end + 1
            if len(skeleton) > skeleton_limit:
                return UNSPLIT
    except ValueError:  # a long string that is not valid JSON: the whole body's decoder says how
        return UNSPLIT
    if in_string:
        return UNSPLIT
    try:
        value = loads(bytes(skeleton))
    except Exception:  # noqa: BLE001 - whatever it is, the whole body's decode answers it
        return UNSPLIT
    del skeleton
    if sink is not None and sink.file is not None:
        sink.file.flush()
    strings = [DecodedString(s, piece_bytes) if s.sink is not None else SpooledString(read, s, piece_bytes)
               for s in spans]
    placed = _Placer(token.decode(), strings, keep)
    try:
        return placed.place(value, [])
    except _KeyIsLong:
        return UNSPLIT


class _KeyIsLong(Exception):
    pass


class _Placer:
    def __init__(self, token: str, strings: list[ChunkedText], keep: Callable[[list[Any]], bool] | None) -> None:
        self.token = token
        self.strings = strings
        self.keep = keep

    def _string(self, value: str, path: list[Any]) -> Any:
        if not value.startswith(self.token):
            return value
        found = self.strings[int(value[len(self.token) :])]
        return found if self.keep is None or self.keep(list(path)) else str(found)

    def place(self, value: Any, path: list[Any]) -> Any:
        """``value`` with its placeholders replaced (``path``: where it is; extended and restored in place)."""
        if not self.strings:
            return value
        if isinstance(value, str):
            return self._string(value, path)
        token = self.token
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, (list, dict)) or (isinstance(item, str) and item.startswith(token)):
                    path.append(i)
                    value[i] = self.place(item, path)
                    path.pop()
            return value
        if isinstance(value, dict):
            for key in value:
                if key.startswith(token):
                    raise _KeyIsLong
            for key, item in value.items():
                if isinstance(item, (list, dict)) or (isinstance(item, str) and item.startswith(token)):
                    path.append(key)
                    value[key] = self.place(item, path)
                    path.pop()
            return value
        return value
