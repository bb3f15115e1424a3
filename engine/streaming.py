"""Large outputs in one pass: text from chunks, and the bounded view a large output is described from.

An output of at most ``WHOLE_CHARS`` code points is collected and described whole, exactly
as ``synopsize`` describes a ``str``. A larger one is described from its *view*: its first
``HEAD_CHARS`` and last ``TAIL_CHARS`` code points, each cut at a line end, with a first
notable item giving the totals counted over the whole stream. Whatever the chunking, the
view and the totals are the same, so the synopsis is too. See ``docs/streaming.md``.

Bytes are decoded as UTF-8 with ``surrogateescape`` (what the CLI does with a file) by one
incremental decoder, so a chunk boundary inside a multi-byte sequence changes nothing.
The store's one-pass write (:mod:`toolstub.store.ingest`) builds on this module.
"""

from __future__ import annotations

import codecs
import dataclasses
import io
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Protocol

from toolstub.engine import synopsize
from toolstub.errors import InvalidArgumentError
from toolstub.limits import apply_limits
from toolstub.rule_files import load_rules
from toolstub.synopsis import Synopsis

#: outputs up to this many code points are collected and described whole (as before streaming)
WHOLE_CHARS = 12_000_000
#: the view a larger output is described from: its head and its tail, in code points
HEAD_CHARS = 1_000_000
TAIL_CHARS = 500_000
#: at most this many left-out lines are kept as empty lines in the view (true line numbers)
PAD_LINES = 1_000_000
#: text chunks a large ``str`` is cut into, and bytes read from a file object per chunk
CHUNK_CHARS = 1 << 20
READ_BYTES = 1 << 20


class Totals(Protocol):
    chars: int
    nbytes: int
    newlines: int
    tail: str


def text_chunks(content: Any, read_bytes: int = READ_BYTES) -> Iterator[str]:
    """``content`` (``str``, ``bytes``, a binary file object or an iterable of ``str``/``bytes``) as text chunks.

    Bytes are decoded with one incremental UTF-8 decoder (``surrogateescape``), so the text is
    ``b"".join(chunks).decode("utf-8", "surrogateescape")`` however the bytes were cut.
    """
    if isinstance(content, str):
        for start in range(0, len(content), CHUNK_CHARS):
            yield content[start : start + CHUNK_CHARS]
        return
    if isinstance(content, (bytes, bytearray, memoryview)):
        yield bytes(content).decode("utf-8", "surrogateescape")
        return
    read = getattr(content, "read", None)
    if callable(read):
        pieces: Iterable[Any] = iter(lambda: read(read_bytes), b"")
        if isinstance(content, io.TextIOBase):
            pieces = iter(lambda: read(read_bytes), "")
    elif isinstance(content, Iterable):
        pieces = content
    else:
        raise InvalidArgumentError(
            "content must be a str, bytes, a binary file or an iterable of chunks",
            details={"type": type(content).__name__},
        )
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    for piece in pieces:
        if isinstance(piece, str):
            if decoder.getstate()[0]:
                raise InvalidArgumentError("a str chunk after an incomplete UTF-8 sequence in a bytes chunk")
            if piece:
                yield piece
        elif isinstance(piece, (bytes, bytearray, memoryview)):
            text = decoder.decode(bytes(piece))
            if text:
                yield text
        else:
            raise InvalidArgumentError("every chunk must be str or bytes", details={"type": type(piece).__name__})
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


def collect_whole(chunks: Iterator[str], limit: int | None = None) -> tuple[str | None, list[str]]:
    """Read ``chunks`` while they hold at most ``limit`` code points.

    Returns ``(content, [])`` when the stream ended within the limit, else ``(None, read)``
    with the chunks read so far (the caller goes on with the rest of ``chunks``).
    """
    limit = WHOLE_CHARS if limit is None else limit
    read: list[str] = []
    total = 0
    for chunk in chunks:
        read.append(chunk)
        total += len(chunk)
        if total > limit:
            return None, read
    return "".join(read), []


def view_text(head: str, tail: str, chars: int, newlines: int) -> str:
    """The text a large output is described from, every line at its own line number.

    The head up to its last line end, then one empty line for each line left out, then the
    tail from its first line start: so a line number in the synopsis is the line's number
    in the output. When more than ``PAD_LINES`` lines are left out, the view is the head
    alone (still true line numbers; the totals note says how much more there is).
    """
    if chars <= len(head):
        return head
    cut = head.rfind("\n")
    shown_head = head[: cut + 1] if cut >= 0 else head
    if cut < 0:
        return shown_head
    start = tail.find("\n")
    shown_tail = tail[start + 1 :] if start >= 0 else ""
    if chars - len(shown_tail) <= len(shown_head):  # head and tail meet: nothing left out
        return shown_head + tail[len(tail) - (chars - len(shown_head)) :]
    left_out = newlines - shown_head.count("\n") - shown_tail.count("\n")
    if left_out > PAD_LINES or left_out < 0:
        return shown_head
    return shown_head + "\n" * left_out + shown_tail


@dataclass
class Scanned:
    """A large output read once for its synopsis only (``toolstub synopsis``): its view and totals."""

    chars: int
    nbytes: int
    newlines: int
    head: str
    tail: str

    def view(self) -> str:
        return view_text(self.head, self.tail, self.chars, self.newlines)


def scan(chunks: Iterable[str], progress: Callable[[int], None] | None = None) -> Scanned:
    """Head, tail and totals of the text of ``chunks`` (no redaction, nothing written)."""
    chars = nbytes = newlines = 0
    head_parts: list[str] = []
    head_len = 0
    tail = ""
    for chunk in chunks:
        chars += len(chunk)
        nbytes += len(chunk.encode("utf-8", "surrogatepass"))
        newlines += chunk.count("\n")
        if head_len < HEAD_CHARS:
            piece = chunk[: HEAD_CHARS - head_len]
            head_parts.append(piece)
            head_len += len(piece)
        tail = (tail + chunk)[-TAIL_CHARS:] if len(chunk) < TAIL_CHARS else chunk[-TAIL_CHARS:]
        if progress is not None:
            progress(len(chunk))
    return Scanned(chars, nbytes, newlines, "".join(head_parts), tail)


def _shown(view: str, totals: Totals) -> str:
    shown = view.count("\n")
    if shown == totals.newlines:  # padded: the left-out lines are empty lines of the view
        return "its first and last lines at their own line numbers (the lines between left out, counted as empty)"
    return f"its first {shown} lines"


def describe_view(view: str, totals: Totals, **kwargs: Any) -> Synopsis:
    """The synopsis of a large output: its view's synopsis, with a first notable item giving the totals."""
    ruleset = load_rules(kwargs.pop("rules", None))
    result = synopsize(view, rules=ruleset, **kwargs)
    lines = totals.newlines + (1 if totals.chars and not totals.tail.endswith("\n") else 0)
    note = (
        f"large output: {totals.chars} characters, {totals.nbytes} bytes, {lines} lines in all; "
        f"described from {_shown(view, totals)}"
    )
    return apply_limits(dataclasses.replace(result, notable_items=(note, *result.notable_items)), ruleset.limits)
