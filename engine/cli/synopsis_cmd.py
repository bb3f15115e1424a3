"""``toolstub synopsis``: the synopsis or the stub of a file or stdin.

The input is read as bytes and decoded as UTF-8 with ``errors="surrogateescape"``
(no newline translation, a BOM kept as U+FEFF), so the engine sees exactly what
was given. The stub's ``sha256`` is the digest of those original bytes (equal to
``sha256(content.encode("utf-8", "surrogateescape"))``).
"""

from __future__ import annotations

import hashlib
import json
import logging

import click

from toolstub.cli import EXIT_NO_INPUT, fail

FORMATS = ("stub", "json")


def read_input(source: str) -> bytes:
    """The bytes of ``source`` (a path, or ``-`` for stdin); a missing file exits with EXIT_NO_INPUT."""
    if source == "-":
        return click.get_binary_stream("stdin").read()
    try:
        with open(source, "rb") as handle:
            return handle.read()
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
    out = click.get_binary_stream("stdout")
    out.write(data + b"\n")
    out.flush()


def synopsis_document(synopsis, original_chars: int) -> dict:
    return {
        "synopsis": synopsis.to_dict(),
        "original_chars": original_chars,
        "ruleset": synopsis.ruleset,
        "ruleset_version": synopsis.ruleset_version,
    }


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
    from toolstub.engine import synopsize
    from toolstub.rule_files import load_rules
    from toolstub.stub import render_stub

    # contained plugin errors are printed below as warnings, once each
    logging.getLogger("toolstub").addHandler(logging.NullHandler())
    ruleset = load_rules(rules)
    data = read_input(source)
    content = decode(data)
    result = synopsize(content, mime=mime, tool_name=tool_name, rules=ruleset, preview_chars=preview_chars)
    for message in result.diagnostics:
        click.echo(f"toolstub: warning: {message}", err=True)
    if fmt == "json":
        # ensure_ascii: lone surrogates become \\udcXX escapes, never an encoding error
        write_text(json.dumps(synopsis_document(result, len(content)), ensure_ascii=True))
        return
    stub = render_stub(
        result,
        ref=ref,
        tool_name=tool_name,
        sha256=hashlib.sha256(data).hexdigest(),
        reason=reason,
        original_chars=len(content),
        preview_chars=min(len(content), max(preview_chars, 0)),
        rules=ruleset,
    )
    write_text(stub)

