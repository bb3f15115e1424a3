"""The work of ``toolstub synopsis``, without click: the click command (:mod:`toolstub.cli.synopsis_cmd`)
and the console script's fast path (:mod:`toolstub.launch`) both run :func:`run`.

The input is read as bytes and decoded as UTF-8 with ``errors="surrogateescape"``
(no newline translation, a BOM kept as U+FEFF), so the engine sees exactly what
was given. The stub's ``sha256`` is the digest of those original bytes (equal to
``sha256(content.encode("utf-8", "surrogateescape"))``).

Errors and warnings go through the caller's ``fail(message, exit_code)`` (which raises) and
``warn(message)``: the one-line ``toolstub: error:`` / ``toolstub: warning:`` of the CLI.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import json
import logging
import sys
from collections.abc import Callable, Iterator
from typing import Any, BinaryIO, NoReturn

from toolstub import streaming
from toolstub.engine import synopsize
from toolstub.errors import EXIT_ERROR, EXIT_NO_INPUT, EXIT_USAGE, InvalidArgumentError
from toolstub.input_limit import max_input_bytes
from toolstub.rule_files import load_rules
from toolstub.stub import render_stub
from toolstub.synopsis import Synopsis

FORMATS = ("stub", "json")

Fail = Callable[[str, int], NoReturn]


class BoundedChunks:
    """The bytes of a binary stream in chunks, at most ``limit`` in all; their sha256 and size as read.

    ``truncated`` tells whether more followed the limit (then reading stopped there), and
    ``on_read`` (if set) is called with each chunk's size: a progress bar over the one pass.
    """

    def __init__(self, handle: BinaryIO, limit: int, chunk: int = 1 << 20,
                 on_read: Callable[[int], object] | None = None) -> None:
        self.handle: BinaryIO = handle
        self.limit: int = limit
        self.chunk: int = chunk
        self.on_read: Callable[[int], object] | None = on_read
        self.digest: Any = hashlib.sha256()
        self.size: int = 0
        self.truncated: bool = False

    def __iter__(self) -> Iterator[bytes]:
        while self.size < self.limit:
            data = self.handle.read(min(self.chunk, self.limit - self.size))
            if not data:
                return
            self.size += len(data)
            self.digest.update(data)
            if self.on_read is not None:
                self.on_read(len(data))
            yield data
        self.truncated = bool(self.handle.read(1))


def binary_stdin() -> Any:
    """The binary stdin (``sys.stdin.buffer``; click's ``get_binary_stream`` is deprecated)."""
    return getattr(sys.stdin, "buffer", sys.stdin)


def binary_stdout() -> Any:
    """The binary stdout (``sys.stdout.buffer``)."""
    return getattr(sys.stdout, "buffer", sys.stdout)


def open_input(source: str, fail: Fail) -> BinaryIO:
    """A binary file object for ``source`` (``-``: stdin); a missing file fails with EXIT_NO_INPUT."""
    if source == "-":
        return binary_stdin()
    try:
        return open(source, "rb")
    except FileNotFoundError:
        fail(f"no such file: {source}", EXIT_NO_INPUT)
    except IsADirectoryError:
        fail(f"is a directory: {source}", EXIT_NO_INPUT)
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}", EXIT_NO_INPUT)


def decode(data: bytes) -> str:
    return data.decode("utf-8", errors="surrogateescape")


def write_text(text: str) -> None:
    """Write ``text`` to stdout as UTF-8; surrogate-escaped bytes go out as the original bytes."""
    try:
        data = text.encode("utf-8", errors="surrogateescape")
    except UnicodeEncodeError:
        data = text.encode("utf-8", errors="backslashreplace")
    out = binary_stdout()
    out.write(data + b"\n")
    out.flush()


def synopsis_document(synopsis: Synopsis, original_chars: int) -> dict[str, Any]:
    """The JSON document ``toolstub synopsis --format json`` prints."""
    return {
        "synopsis": synopsis.to_dict(),
        "original_chars": original_chars,
        "ruleset": synopsis.ruleset,
        "ruleset_version": synopsis.ruleset_version,
    }


def run(source: str, mime: str | None, rules: str | None, preview_chars: int, fmt: str,
        ref: str, tool_name: str, reason: str, *, fail: Fail, warn: Callable[[str], object]) -> None:
    """Print the synopsis (or the stub) of ``source`` (a path, or ``-`` for stdin)."""
    # contained plugin errors are printed below as warnings, once each
    logging.getLogger("toolstub").addHandler(logging.NullHandler())
    ruleset = load_rules(rules)
    try:
        limit = max_input_bytes()
    except InvalidArgumentError as exc:
        fail(exc.message, EXIT_USAGE)
    handle = open_input(source, fail)
    reader = BoundedChunks(handle, limit)
    try:
        # one pass: an output up to the rules' large_outputs.whole_chars is described whole, a larger one from its view
        chunks = streaming.text_chunks(iter(reader))
        kwargs = {"mime": mime, "tool_name": tool_name, "preview_chars": preview_chars}
        content, read, head = streaming.collect(chunks, ruleset, **kwargs)
        if content is not None:
            original_chars = len(content)
            result = synopsize(content, rules=ruleset, **kwargs)
        else:
            scanned = streaming.scan(itertools.chain(read, chunks), ruleset, head=head, **kwargs)
            del read
            original_chars = scanned.chars
            result = scanned.describe()
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}", EXIT_NO_INPUT)
    finally:
        if source != "-":
            handle.close()
    truncated, digest = reader.truncated, reader.digest.hexdigest()
    if truncated:
        # what was read is described, and the stub says it is only the start
        note = (f"input truncated: only the first {limit} bytes were read (max_input_bytes; "
                f"raise it with TOOLSTUB_MAX_INPUT_BYTES)")
        result = dataclasses.replace(result, notable_items=(*result.notable_items, note))
        warn(note)
    for message in result.diagnostics:
        warn(message)
    if fmt == "json":
        # ensure_ascii: lone surrogates become \\udcXX escapes, never an encoding error
        write_text(json.dumps(synopsis_document(result, original_chars), ensure_ascii=True))
        return
    stub = render_stub(
        result,
        ref=ref,
        tool_name=tool_name,
        sha256=digest,
        reason=reason,
        original_chars=original_chars,
        preview_chars=min(original_chars, max(preview_chars, 0)),
        rules=ruleset,
    )
    write_text(stub)
