"""Streaming ingestion into the store: an output given as ``str``, ``bytes``, a binary file or an iterator of chunks.

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
  the first ``streaming.HEAD_CHARS`` and the last ``streaming.TAIL_CHARS`` code points of the stored text
  (each cut at a line end), plus notes with the totals counted over the whole stream.
  A ``str`` that large takes the same path, so whole and streamed agree.

Bytes are decoded as UTF-8 with ``surrogateescape`` (what the CLI does with a file) by
an incremental decoder, so a chunk boundary inside a multi-byte sequence changes nothing.
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from toolstub import streaming
from toolstub.store.ids import encode_content
from toolstub.streaming import Scanned, collect_whole, describe_view, scan, text_chunks, view_text

__all__ = ["Scanned", "Spooled", "collect_whole", "describe_view", "scan", "segments", "spool", "text_chunks"]

#: a large output is redacted in segments of about this many code points (cut at a line end)
SEGMENT_CHARS = 1 << 20


def _cut(buffer: str, size: int, end: int) -> int:
    """Where the segment starting ``buffer`` ends, looking at ``buffer[:end]`` only.

    After the first ``\n`` at or past ``size`` (or at ``end`` without one), moved past the
    ``-----END`` line of a PEM block the cut would split, when that line is within ``end``.
    """
    cut = buffer.find("\n", size - 1, end)
    cut = end if cut < 0 else cut + 1
    begin = buffer.rfind("-----BEGIN ", 0, cut)
    if begin >= 0 and buffer.rfind("-----END ", begin, cut) < 0:
        close = buffer.find("-----END ", cut, end)
        if close >= 0:
            line_end = buffer.find("\n", close, end)
            cut = end if line_end < 0 else line_end + 1
    return cut


def segments(chunks: Iterable[str], size: int | None = None) -> Iterator[str]:
    """The text of ``chunks`` cut into segments whose ends depend on the text only.

    A segment ends after the first ``\n`` at or past ``size`` code points from its start, or
    at ``2 * size`` code points when there is none before that; a PEM block (a private key,
    which the redaction must see whole) is not split when it ends within ``2 * size``.
    """
    size = SEGMENT_CHARS if size is None else size
    buffer = ""
    for chunk in chunks:
        buffer += chunk
        while len(buffer) >= 2 * size:
            cut = _cut(buffer, size, 2 * size)
            yield buffer[:cut]
            buffer = buffer[cut:]
    while buffer:
        cut = _cut(buffer, size, len(buffer))
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
        return view_text(self.head, self.tail, self.chars, self.newlines)


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
                if head_len < streaming.HEAD_CHARS:
                    piece = stored[: streaming.HEAD_CHARS - head_len]
                    head_parts.append(piece)
                    head_len += len(piece)
                tail = (tail + stored)[-streaming.TAIL_CHARS:] if len(stored) < streaming.TAIL_CHARS else stored[-streaming.TAIL_CHARS:]
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


def file_chunks(path: str, size: int = streaming.READ_BYTES) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        while chunk := handle.read(size):
            yield chunk


