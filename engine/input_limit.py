"""``max_input_bytes``: the most toolstub reads from one file, stdin or request body.

Without a bound, ``toolstub synopsis /dev/zero`` or an endless pipe grows until memory
runs out. Every reader stops at the limit, in bounded memory (it never reads more
than ``limit + 1`` bytes):

* ``toolstub synopsis`` describes what was read and says so (a notable item and a
  warning on stderr: ``input truncated at N bytes (max_input_bytes)``);
* commands that would store or rewrite the input (``store put``, ``externalize``)
  stop with a one-line error and write nothing, since storing part of an output
  would lose the rest silently;
* the HTTP server refuses larger bodies with 413 (the smaller of ``--max-body-bytes``
  and ``max_input_bytes``).

The limit comes from, in order: an explicit value, ``TOOLSTUB_MAX_INPUT_BYTES``, the
config file's top-level ``max_input_bytes`` key, the default (256 MiB). Sizes may be
written ``268435456``, ``256M``, ``1G``, ``512k`` (powers of 1024).
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from typing import BinaryIO

from toolstub.errors import InvalidArgumentError, RequestError

DEFAULT_MAX_INPUT_BYTES = 256 << 20
ENV_MAX_INPUT_BYTES = "TOOLSTUB_MAX_INPUT_BYTES"
CONFIG_KEY = "max_input_bytes"
_CHUNK = 1 << 20
_SIZE = re.compile(r"^\s*(\d+)\s*([kmgt]?)(?:i?b)?\s*$", re.IGNORECASE)
_UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40}


class InputTooLarge(RequestError):
    """The input is longer than ``max_input_bytes`` (HTTP 413; CLI exit 1)."""

    code = "PAYLOAD_TOO_LARGE"

    def __init__(self, source: str, limit: int) -> None:
        super().__init__(
            f"{source} is larger than max_input_bytes ({limit} bytes); raise the limit with "
            f"{ENV_MAX_INPUT_BYTES} or max_input_bytes in the config",
            details={"limit_bytes": limit},
        )
        self.limit = limit


def parse_size(value: object, *, source: str = CONFIG_KEY) -> int:
    """A byte count from an int or ``256M``-style text; a clear error otherwise."""
    if isinstance(value, bool):
        raise InvalidArgumentError(f"{source}: expected a size in bytes, got {value!r}")
    if isinstance(value, int):
        if value < 1:
            raise InvalidArgumentError(f"{source}: must be at least 1 byte, got {value}")
        return value
    found = _SIZE.match(str(value)) if isinstance(value, str) else None
    if not found:
        raise InvalidArgumentError(f"{source}: expected a size in bytes (e.g. 268435456, 256M, 1G), got {value!r}")
    size = int(found.group(1)) * _UNITS[found.group(2).lower()]
    if size < 1:
        raise InvalidArgumentError(f"{source}: must be at least 1 byte, got {value!r}")
    return size


def max_input_bytes(value: object = None, *, config: Mapping[str, object] | None = None,
                    environ: Mapping[str, str] | None = None) -> int:
    """The limit in effect: ``value``, else the environment, else ``config[max_input_bytes]``, else the default."""
    if value is not None:
        return parse_size(value)
    env = os.environ if environ is None else environ
    if env.get(ENV_MAX_INPUT_BYTES, "").strip():
        return parse_size(env[ENV_MAX_INPUT_BYTES], source=ENV_MAX_INPUT_BYTES)
    if config is not None and config.get(CONFIG_KEY) is not None:
        return parse_size(config[CONFIG_KEY])
    return DEFAULT_MAX_INPUT_BYTES


def read_bounded(stream: BinaryIO, limit: int) -> tuple[bytes, bool]:
    """``(at most limit bytes, whether more followed)``; never holds more than ``limit + 1`` bytes."""
    chunks: list[bytes] = []
    size = 0
    more = False
    while True:
        chunk = stream.read(min(_CHUNK, limit + 1 - size))
        if not chunk:
            break
        if size + len(chunk) > limit:
            chunk = chunk[: limit - size]
            more = True
        chunks.append(chunk)
        size += len(chunk)
        if more:
            break
    if len(chunks) == 1:
        return chunks[0], more
    data = b"".join(chunks)
    del chunks
    return data, more


def read_file_bounded(path: str, limit: int) -> tuple[bytes, bool]:
    """The bytes of a file (or a FIFO, or ``/dev/zero``) up to ``limit``, and whether more followed."""
    with open(path, "rb") as handle:
        return read_bounded(handle, limit)
