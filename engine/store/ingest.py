"""Streaming ingestion into the store: an output given as ``str``, ``bytes``, a binary file or an iterator of chunks.

One pass over the chunks writes the stored bytes (to a spool file), the checkpoint
offsets, the newline count per checkpoint (the line index) and the sha256, and keeps a
bounded *view* of the output for its synopsis; the whole output is never held.
See ``docs/streaming.md`` for the design and its limits. In short:

* An output of at most ``large_outputs.whole_chars`` code points (the rule file) is collected whole and stored and
  described exactly as before (:meth:`ToolResultStore.write` with a ``str``): byte for
  byte the same record, whether it came whole or in chunks of any size.
* A larger output is redacted per *segment* (:func:`toolstub.streaming.segments`: cut at the
  first ``\\n`` past ``streaming.SEGMENT_CHARS`` code points, or at twice that: cut points depend
  on the content only, never on the chunking), and its synopsis is made by a
  :class:`toolstub.streaming.Pass` fed with each stored segment: the synopsis of its view
  (head and tail of the stored text, each cut at a line end), the kind's totals counted over
  every segment, and a note with the totals of the whole stream.
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
from toolstub.streaming import Pass, collect_whole, scan, segments, text_chunks, view_text

__all__ = ["Pass", "Spooled", "collect_whole", "scan", "segments", "spool", "text_chunks", "view_text"]


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
    newlines: int
    _removed: bool = field(default=False, repr=False)

    def remove(self) -> None:
        if not self._removed:
            self._removed = True
            try:
                os.unlink(self.path)
            except FileNotFoundError:
                pass


def spool(
    chunks: Iterable[str],
    prepare: Callable[[str], tuple[str, int]],
    *,
    every: int,
    directory: str | None = None,
    progress: Callable[[int], None] | None = None,
    stored: Callable[[str], None] | None = None,
) -> Spooled:
    """Redact segment by segment with ``prepare``, write the stored UTF-8 to a spool file, count.

    ``stored`` is called with each stored (redacted) segment, in order (a :class:`Pass`'s
    ``feed``: the view, the totals and the kind's counter); ``progress`` with the number of
    code points of each segment once it is stored.
    """
    handle = tempfile.NamedTemporaryFile(prefix=".toolstub-spool-", dir=directory, delete=False)
    digest = hashlib.sha256()
    offsets = [0]
    newline_counts: list[int] = []
    position = chars = redactions = newlines = 0
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
                text, found = prepare(segment)
                redactions += found
                chars += len(text)
                newlines += text.count("\n")
                if stored is not None:
                    stored(text)
                carry += text
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
        newlines=newlines,
    )


def file_chunks(path: str, size: int = streaming.READ_BYTES) -> Iterator[bytes]:
    with open(path, "rb") as handle:
        while chunk := handle.read(size):
            yield chunk


