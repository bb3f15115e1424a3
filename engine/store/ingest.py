"""Streaming ingestion: an output given as ``str``, ``bytes``, a binary file or an iterator of chunks.

One pass over the chunks writes the stored bytes (to a spool file), the checkpoint
offsets, the newline count per checkpoint (the line index) and the sha256, and keeps a
bounded *view* of the output for its synopsis; the whole output is never held.
See ``docs/streaming.md`` for the design and its limits. In short:

* An output of at most ``WHOLE_CHARS`` code points is collected whole and stored and
  described exactly as before (:meth:`ToolResultStore.write` with a ``str``): byte for
  byte the same record, whether it came whole or in chunks of any size.
* A larger output is redacted per *segment* (cut at the first ``\\n`` past
  ``SEGMENT_CHARS`` code points, or at ``2 * SEGMENT_CHARS``: cut points depend on the
  content only, never on the chunking), and its synopsis is the synopsis of its view:
  the first ``HEAD_CHARS`` and the last ``TAIL_CHARS`` code points of the stored text
  (each cut at a line end), plus notes with the totals counted over the whole stream.
  A ``str`` that large takes the same path, so whole and streamed agree.

Bytes are decoded as UTF-8 with ``surrogateescape`` (what the CLI does with a file) by
an incremental decoder, so a chunk boundary inside a multi-byte sequence changes nothing.
"""

from __future__ import annotations

import codecs
import dataclasses
import hashlib
import io
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from toolstub.engine import synopsize
from toolstub.errors import InvalidArgumentError
from toolstub.limits import apply_limits
from toolstub.rule_files import load_rules
from toolstub.store.ids import encode_content

#: outputs up to this many code points are collected and handled whole (as before streaming)
WHOLE_CHARS = 12_000_000
#: a larger output is redacted in segments of about this many code points (cut at a line end)
SEGMENT_CHARS = 1 << 20
#: the view a large output is described from: its head and its tail, in code points
HEAD_CHARS = 2_000_000
TAIL_CHARS = 1_000_000
#: bytes read from a file object per chunk
READ_BYTES = 1 << 20


def text_chunks(content: Any, read_bytes: int = READ_BYTES) -> Iterator[str]:
    """``content`` (``str``, ``bytes``, a binary file object or an iterable of ``str``/``bytes``) as text chunks.

    Bytes are decoded with one incremental UTF-8 decoder (``surrogateescape``), so the text is
    ``b"".join(chunks).decode("utf-8", "surrogateescape")`` however the bytes were cut.
    """
    if isinstance(content, str):
        for start in range(0, len(content), SEGMENT_CHARS):
            yield content[start : start + SEGMENT_CHARS]
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


def segments(chunks: Iterable[str], size: int | None = None) -> Iterator[str]:
    """The text of ``chunks`` cut into segments whose ends depend on the text only.

    A segment ends after the first ``\\n`` at or past ``size`` code points from its start, or
    at ``2 * size`` code points when there is none before that.
    """
    size = SEGMENT_CHARS if size is None else size
    buffer = ""
    for chunk in chunks:
        buffer += chunk
        while len(buffer) >= 2 * size:
            cut = buffer.find("\n", size - 1, 2 * size)
            cut = 2 * size if cut < 0 else cut + 1
            yield buffer[:cut]
            buffer = buffer[cut:]
    while buffer:
        if len(buffer) < 2 * size:
            cut = buffer.find("\n", size - 1)
            cut = len(buffer) if cut < 0 else cut + 1
        else:  # pragma: no cover - the loop above leaves less than 2 * size
            cut = buffer.find("\n", size - 1, 2 * size)
            cut = 2 * size if cut < 0 else cut + 1
        yield buffer[:cut]
        buffer = buffer[cut:]


@dataclass
class Spooled:
    """The result of one streamed pass: the stored bytes in ``path`` and what was counted."""

    path: str
    sha256: str
    chars: int
    nbytes: int
    every: int
    offsets: list[int]
    newline_counts: list[int]
    redactions: int
    head: str
    tail: str
    newlines: int
    _removed: bool = field(default=False, repr=False)

    def remove(self) -> None:
        if not self._removed:
            self._removed = True
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass

    def view(self) -> str:
        """The text the synopsis describes: head and tail, each cut at a line end."""
        return view_text(self.head, self.tail, self.chars)


def view_text(head: str, tail: str, chars: int) -> str:
    if chars <= len(head):
        return head
    cut = head.rfind("\n")
    shown_head = head[: cut + 1] if cut >= 0 else head
    start = tail.find("\n")
    shown_tail = tail[start + 1 :] if 0 <= start < len(tail) - 1 else tail
    return shown_head + shown_tail


def spool(
    chunks: Iterable[str],
    prepare: Callable[[str], tuple[str, int]],
    *,
    every: int,
    directory: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> Spooled:
    """Redact segment by segment with ``prepare``, write the stored UTF-8 to a spool file, count.

    ``progress`` is called with the number of code points of each segment once it is stored.
    """
    handle = tempfile.NamedTemporaryFile(prefix=".toolstub-spool-", dir=directory, delete=False)
    digest = hashlib.sha256()
    offsets = [0]
    newline_counts: list[int] = []
    position = chars = redactions = newlines = 0
    head_parts: list[str] = []
    head_len = 0
    tail = ""
    carry = ""
    try:
        with handle:
            write = handle.write

            def emit(piece: str) -> None:
                nonlocal position
                data = encode_content(piece)
                write(data)
                digest.update(data)
                position += len(data)
                offsets.append(position)
                newline_counts.append(data.count(b"\n"))

            for segment in segments(chunks):
                stored, found = prepare(segment)
                redactions += found
                chars += len(stored)
                newlines += stored.count("\n")
                if head_len < HEAD_CHARS:
                    piece = stored[: HEAD_CHARS - head_len]
                    head_parts.append(piece)
                    head_len += len(piece)
                tail = (tail + stored)[-TAIL_CHARS:] if len(stored) < TAIL_CHARS else stored[-TAIL_CHARS:]
                carry += stored
                whole = len(carry) - len(carry) % every
                for start in range(0, whole, every):
                    emit(carry[start : start + every])
                carry = carry[whole:]
                if progress is not None:
                    progress(len(segment))
            if carry:
                emit(carry)
    except BaseException:
        try:
            os.unlink(handle.name)
        except FileNotFoundError:
            pass
        raise
    return Spooled(
        path=handle.name,
        sha256=digest.hexdigest(),
        chars=chars,
        nbytes=position,
        every=every,
        offsets=offsets,
        newline_counts=newline_counts,
        redactions=redactions,
        head="".join(head_parts),
        tail=tail,
        newlines=newlines,
    )


@dataclass
class Scanned:
    """A large output read once for its synopsis only (``toolstub synopsis``): its view and totals."""

    chars: int
    nbytes: int
    newlines: int
    head: str
    tail: str

    def view(self) -> str:
        return view_text(self.head, self.tail, self.chars)


def scan(chunks: Iterable[str], progress: Callable[[int], None] | None = None) -> Scanned:
    """Head, tail and totals of the text of ``chunks`` (no redaction, nothing written)."""
    chars = nbytes = newlines = 0
    head_parts: list[str] = []
    head_len = 0
    tail = ""
    for chunk in chunks:
        chars += len(chunk)
        nbytes += len(encode_content(chunk))
        newlines += chunk.count("\n")
        if head_len < HEAD_CHARS:
            piece = chunk[: HEAD_CHARS - head_len]
            head_parts.append(piece)
            head_len += len(piece)
        tail = (tail + chunk)[-TAIL_CHARS:] if len(chunk) < TAIL_CHARS else chunk[-TAIL_CHARS:]
        if progress is not None:
            progress(len(chunk))
    return Scanned(chars, nbytes, newlines, "".join(head_parts), tail)


def file_chunks(path: str, size: int = READ_BYTES) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        while chunk := handle.read(size):
            yield chunk


def describe_view(view: str, totals: Spooled | Scanned, **kwargs: Any) -> Any:
    """The synopsis of a large output: its view's synopsis, with a first notable item giving the totals."""
    ruleset = load_rules(kwargs.pop("rules", None))
    result = synopsize(view, rules=ruleset, **kwargs)
    lines = totals.newlines + (1 if totals.chars and not totals.tail.endswith("\n") else 0)
    note = (
        f"large output: {totals.chars} characters, {totals.nbytes} bytes, {lines} lines in all; "
        f"described from its first and last lines ({len(view)} characters), the middle not read for this synopsis"
    )
    return apply_limits(dataclasses.replace(result, notable_items=(note, *result.notable_items)), ruleset.limits)
