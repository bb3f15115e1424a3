"""``toolstub synopsis``: the synopsis or the stub of a file or stdin (the click command; the work is
:func:`toolstub.synopsis_command.run`, which the console script also runs without click).

The input is read as bytes and decoded as UTF-8 with ``errors="surrogateescape"``
(no newline translation, a BOM kept as U+FEFF), so the engine sees exactly what
was given. The stub's ``sha256`` is the digest of those original bytes (equal to
``sha256(content.encode("utf-8", "surrogateescape"))``).
"""

from __future__ import annotations

from typing import BinaryIO

import click

from toolstub import synopsis_command
from toolstub.cli import EXIT_ERROR, EXIT_NO_INPUT, EXIT_USAGE, binary_stdin, fail
from toolstub.errors import InvalidArgumentError
from toolstub.input_limit import InputTooLarge, max_input_bytes, read_bounded
from toolstub.synopsis_command import FORMATS, BoundedChunks, decode, synopsis_document, write_text

__all__ = ["FORMATS", "BoundedChunks", "decode", "open_input", "read_input", "read_input_prefix", "synopsis",
           "synopsis_document", "write_text"]


def read_input(source: str, limit: int | None = None) -> bytes:
    """The bytes of ``source`` (a path, or ``-`` for stdin); a missing file exits with EXIT_NO_INPUT.

    At most ``max_input_bytes`` are read; more is a one-line error (see :func:`read_input_prefix`)."""
    data, more, limit = read_input_prefix(source, limit)
    if more:
        fail(InputTooLarge("stdin" if source == "-" else source, limit).message, EXIT_ERROR)
    return data


def read_input_prefix(source: str, limit: int | None = None) -> tuple[bytes, bool, int]:
    """``(the first max_input_bytes of source, whether more followed, the limit)``, in bounded memory."""
    try:
        limit = max_input_bytes(limit)
    except InvalidArgumentError as exc:
        fail(exc.message, EXIT_USAGE)
    if source == "-":
        return (*read_bounded(binary_stdin(), limit), limit)
    try:
        with open(source, "rb") as handle:
            return (*read_bounded(handle, limit), limit)
    except FileNotFoundError:
        fail(f"no such file: {source}", EXIT_NO_INPUT)
    except IsADirectoryError:
        fail(f"is a directory: {source}", EXIT_NO_INPUT)
    except OSError as exc:
        fail(f"cannot read {source}: {exc.strerror or exc}", EXIT_NO_INPUT)


def open_input(source: str) -> BinaryIO:
    """A binary file object for ``source`` (``-``: stdin); a missing file exits with EXIT_NO_INPUT."""
    return synopsis_command.open_input(source, fail)


def _warn(message: str) -> None:
    click.echo(f"toolstub: warning: {message}", err=True)


@click.command("synopsis")
@click.argument("source", default="-", metavar="[FILE|-]")
@click.option("--mime", "mime", default=None, help="MIME type hint, e.g. application/json.")
@click.option("--rules", "rules", default=None, metavar="NAME|PATH", help="Bundled ruleset name or rule file [default: default].")
@click.option("--preview-chars", type=click.IntRange(min=0), default=2000, show_default=True,
              help="Budget of the head/tail sample of unknown outputs.")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="stub", show_default=True,
              help="stub: the stub text; json: one JSON object.")
@click.option("--ref", default="", help="Ref shown in the stub header (enables the Explore block).")
@click.option("--tool-name", default="", help="Tool name shown in the stub header.")
@click.option("--reason", default="", help="Reason shown in the stub header.")
def synopsis(source: str, mime: str | None, rules: str | None, preview_chars: int, fmt: str,
             ref: str, tool_name: str, reason: str) -> None:
    """Print the synopsis (or the stub) of FILE, or of stdin when FILE is - or absent."""
    synopsis_command.run(source, mime, rules, preview_chars, fmt, ref, tool_name, reason, fail=fail, warn=_warn)
