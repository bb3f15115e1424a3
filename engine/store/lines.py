"""Read by lines: ``read(ref, line=L, lines=N)`` through a line index beside the code-point index.

Lines are ``\\n``-separated and 1-based, the numbers ``search`` reports and stubs cite ("first
error at line 3218"); a ``\\r\\n`` line ends in ``\\n`` (its ``\\r`` is part of the line), a lone
``\\r`` does not break a line. The last line needs no trailing newline; an empty output has 0 lines.

The line index (``output.lidx``, ours, optional like ``output.idx``) is aligned with the
code-point checkpoints: little-endian ``b"TSLNIDX1"``, ``every``, ``chars``, ``newlines`` as u64,
then one u64 per checkpoint ``k``: the number of ``\\n`` in code points ``[0, k * every)``. A read
of ``N`` lines reads the index (8 bytes per ``every`` code points), then only the checkpoint
chunks holding the two line boundaries and the lines themselves: O(N lines + every), whatever
the size of the output. Folders written without it (the seed's, older toolstub) get it built
on the first line read, in one streamed pass, and written back when the store is writable.
"""

from __future__ import annotations

import struct
from bisect import bisect_left
from dataclasses import dataclass
from typing import Any

from toolstub.errors import InvalidArgumentError
from toolstub.store import checkpoints as cp
from toolstub.store import records as rec
from toolstub.store.ids import OFFSET_UNIT
from toolstub.store.search import iter_blocks

MAGIC = b"TSLNIDX1"
HEADER = struct.Struct("<8sQQQ")
LINES_FILE = "output.lidx"


def lines_path(session_id: str, tool_result_id: str) -> str:
    """The line index file of a record."""
    return f"{rec.result_dir(session_id, tool_result_id)}/{LINES_FILE}"


@dataclass(frozen=True)
class LineIndex:
    """Newline counts at each code-point checkpoint of one output."""
    every: int
    chars: int
    newlines: int
    cumulative: list[int]  # cumulative[k]: newlines in [0, k * every)

    def to_bytes(self) -> bytes:
        """The index file's bytes."""
        head = HEADER.pack(MAGIC, self.every, self.chars, self.newlines)
        return head + struct.pack(f"<{len(self.cumulative)}Q", *self.cumulative)


def from_chunk_counts(counts: list[int], every: int, chars: int) -> LineIndex:
    """The index from the newline count of each ``every``-code-point chunk, in order."""
    cumulative = [0]
    for n in counts:
        cumulative.append(cumulative[-1] + n)
    return LineIndex(every, chars, cumulative[-1], cumulative)


def from_encoded_chunks(chunks: list[bytes], every: int, chars: int) -> LineIndex:
    """At write time: the chunks are the UTF-8 of each checkpoint span (``\\n`` is byte 0x0A only there)."""
    return from_chunk_counts([c.count(b"\n") for c in chunks], every, chars)


def parse(raw: bytes, every: int, chars: int) -> LineIndex | None:
    """The index, or None when it is unreadable or belongs to other content (then it is rebuilt)."""
    if len(raw) < HEADER.size:
        return None
    magic, r_every, r_chars, newlines = HEADER.unpack_from(raw)
    entries = -(-chars // every) + 1 if chars else 1
    if magic != MAGIC or r_every != every or r_chars != chars or len(raw) != HEADER.size + 8 * entries:
        return None
    cumulative = list(struct.unpack_from(f"<{entries}Q", raw, HEADER.size))
    if cumulative[0] != 0 or cumulative[-1] != newlines or any(b < a for a, b in zip(cumulative, cumulative[1:])):
        return None
    return LineIndex(every, chars, newlines, cumulative)


def _build_streaming(store: Any, tool_result_id: str, metadata: dict[str, Any], every: int, chars: int) -> LineIndex:
    counts = [0] * (-(-chars // every) if chars else 0)
    for offset, text in iter_blocks(store, tool_result_id, metadata, 0):
        position = 0
        while position < len(text):
            k = (offset + position) // every
            stop = min(len(text), (k + 1) * every - offset)
            counts[k] += text.count("\n", position, stop)
            position = stop
    return from_chunk_counts(counts, every, chars)


def load_index(store: Any, tool_result_id: str, metadata: dict[str, Any]) -> LineIndex:
    """The record's line index (read, or built and written back)."""
    header = store.checkpoint_header(tool_result_id, metadata)
    if header is None:  # a seed folder: the code-point index is built first (one full read)
        store.slice(tool_result_id, 0, 0, metadata)
        header = store.checkpoint_header(tool_result_id, metadata)
    every, chars = (header.every, header.chars) if header is not None else (cp.DEFAULT_EVERY, int(metadata.get("original_chars") or 0))
    path = lines_path(store.session_id, tool_result_id)
    try:
        found = parse(store.backend.cat(path), every, chars)
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        found = None
    if found is not None:
        return found
    index = _build_streaming(store, tool_result_id, metadata, every, chars)
    try:
        store.backend.put(path, index.to_bytes())
    except (OSError, PermissionError):  # a read-only store keeps working, just slower
        pass
    return index


def _newline_at(store: Any, tool_result_id: str, metadata: dict[str, Any], index: LineIndex, n: int) -> int:
    """Code-point offset of the ``n``-th ``\\n`` (1-based; ``n <= index.newlines``)."""
    k = bisect_left(index.cumulative, n) - 1  # cumulative[k] < n <= cumulative[k + 1]
    start = k * index.every
    chunk, _ = store.slice(tool_result_id, start, index.every, metadata)
    position = -1
    for _ in range(n - index.cumulative[k]):
        position = chunk.index("\n", position + 1)
    return start + position


def read_lines(store: Any, tool_result_id: str, metadata: dict[str, Any], line: int, lines: int,
               max_chars: int | None) -> dict[str, Any]:
    """Lines ``[line, line + lines)`` of the output, at most ``max_chars`` code points of them."""
    for name, value in (("line", line), ("lines", lines)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidArgumentError(f"{name} must be an integer", details={name: value})
    if line < 1:
        raise InvalidArgumentError("line must be greater than or equal to 1 (lines are 1-based)")
    if lines < 1:
        raise InvalidArgumentError("lines must be greater than or equal to 1")
    if max_chars is not None and (isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars < 1):
        raise InvalidArgumentError("max_chars must be an integer greater than or equal to 1")
    index = load_index(store, tool_result_id, metadata)
    chars, newlines = index.chars, index.newlines
    ends_with_newline = chars > 0 and store.slice(tool_result_id, chars - 1, 1, metadata)[0] == "\n"
    total_lines = newlines if (chars == 0 or ends_with_newline) else newlines + 1
    if line > total_lines:
        start = end = chars
        last = line - 1
    else:
        start = 0 if line == 1 else _newline_at(store, tool_result_id, metadata, index, line - 1) + 1
        last = min(line - 1 + lines, total_lines)
        end = chars if last > newlines else _newline_at(store, tool_result_id, metadata, index, last) + 1
    stop = end if max_chars is None else min(end, start + max_chars)
    content, _ = store.slice(tool_result_id, start, stop - start, metadata)
    truncated = stop < end
    result: dict[str, Any] = {
        "tool_result_id": tool_result_id,
        "content": content,
        "line": line,
        "lines": max(last - line + 1, 0),
        "offset": start,
        "offset_unit": OFFSET_UNIT,
        "total_chars": chars,
        "total_lines": total_lines,
        "truncated": truncated,
        "has_more": truncated or last < total_lines,
    }
    if truncated:
        result["next_offset"] = stop
    elif last < total_lines:
        result["next_line"] = last + 1
    return result
