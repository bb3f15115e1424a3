"""The code-point -> byte checkpoint index stored beside each output (``output.idx``).

Layout (little-endian): ``b"TSCPIDX1"``, then ``every``, ``chars``, ``nbytes`` as
u64, then ``ceil(chars / every) + 1`` u64 byte offsets: entry ``k`` is the byte
position of code point ``min(k * every, chars)``. A read of ``limit`` code points
at any offset reads two index entries and at most ``limit + 2 * every`` code
points of output: O(limit), whatever the size of the output.
"""

from __future__ import annotations

import struct
from dataclasses import dataclass
from itertools import pairwise

from toolstub.store.ids import decode_content, encode_content

MAGIC = b"TSCPIDX1"
HEADER = struct.Struct("<8sQQQ")
ENTRY = struct.Struct("<Q")
DEFAULT_EVERY = 16_384


class CheckpointError(ValueError):
    """The checkpoint index is unreadable or disagrees with the output."""


@dataclass(frozen=True)
class Encoded:
    """The stored bytes of one content, in chunks, with its checkpoint offsets."""

    chunks: list[bytes]
    offsets: list[int]
    chars: int
    nbytes: int
    every: int

    def data(self) -> bytes:
        return b"".join(self.chunks)

    def index_bytes(self) -> bytes:
        head = HEADER.pack(MAGIC, self.every, self.chars, self.nbytes)
        return head + struct.pack(f"<{len(self.offsets)}Q", *self.offsets)


def encode(content: str, every: int = DEFAULT_EVERY) -> Encoded:
    """Encode ``content`` chunk by chunk (UTF-8 is per code point, so chunks join exactly)."""
    chunks: list[bytes] = []
    offsets = [0]
    position = 0
    for start in range(0, len(content), every):
        chunk = encode_content(content[start : start + every])
        chunks.append(chunk)
        position += len(chunk)
        offsets.append(position)
    return Encoded(chunks, offsets, len(content), position, every)


def offsets_from_bytes(data: bytes, every: int = DEFAULT_EVERY) -> Encoded:
    """Rebuild the index of stored bytes (for a folder written without one, or fsck)."""
    return encode(decode_content(data), every)


@dataclass(frozen=True)
class Header:
    every: int
    chars: int
    nbytes: int

    @property
    def entries(self) -> int:
        return -(-self.chars // self.every) + 1 if self.chars else 1


def parse_header(raw: bytes) -> Header:
    if len(raw) < HEADER.size:
        raise CheckpointError("checkpoint index is truncated")
    magic, every, chars, nbytes = HEADER.unpack_from(raw)
    if magic != MAGIC or every <= 0:
        raise CheckpointError("checkpoint index has a bad header")
    return Header(every, chars, nbytes)


def entry_range(header: Header, first: int, last: int) -> tuple[int, int]:
    """Byte range in the index file holding entries ``first..last`` inclusive."""
    return HEADER.size + ENTRY.size * first, HEADER.size + ENTRY.size * (last + 1)


def parse_entries(raw: bytes, count: int, header: Header) -> list[int]:
    if len(raw) != ENTRY.size * count:
        raise CheckpointError("checkpoint index is truncated")
    values = list(struct.unpack(f"<{count}Q", raw))
    if any(b < a for a, b in pairwise(values)) or (values and values[-1] > header.nbytes):
        raise CheckpointError("checkpoint index offsets are out of order")
    return values


def chunk_span(header: Header, start: int, end: int) -> tuple[int, int]:
    """Checkpoint numbers ``(ka, kb)`` whose byte offsets bracket code points ``[start, end)``."""
    last = header.entries - 1
    ka = min(start // header.every, last)
    kb = min(-(-end // header.every), last)
    return ka, max(ka, kb)


def validate_full(raw: bytes, header: Header) -> list[int]:
    """Parse and check a whole index file."""
    return parse_entries(raw[HEADER.size :], header.entries, header)
