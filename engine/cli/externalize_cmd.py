"""``toolstub externalize`` and ``toolstub hydrate``: a conversation file in, stubs (or raw outputs) out.

``externalize`` stores the large tool outputs of CONVERSATION.json (a list of messages, or an
object with a ``messages`` list such as a chat request body) and writes the conversation with
stubs to stdout (``-o OUT``: to OUT), the savings report to stderr (to stdout with ``-o OUT``;
``--quiet``: none). ``hydrate`` writes the conversation with every stub replaced by its raw
output; a stub the store cannot restore (wrong ``--store`` or ``--session``) is an error
(exit 3) and nothing is written. The format is ``openai``, ``anthropic`` or ``parts``
(``auto``: guessed from the messages). Config: ``--config FILE`` (YAML or TOML), else the
default file (``toolstub config path``) when it exists, then ``TOOLSTUB_*`` environment variables.
"""

from __future__ import annotations

import json
from collections.abc import Callable
import logging
import os
import sys
from typing import Any

import click

from toolstub.cli import EXIT_BAD_CONFIG, EXIT_ERROR, EXIT_NO_INPUT, EXIT_USAGE, binary_stdout, fail
from toolstub.externalize import ConfigError, ExternalizationConfig
from toolstub.externalize.config import config_file
from toolstub.externalize import externalize as run_externalize
from toolstub.externalize import hydrate as run_hydrate
from toolstub.input_limit import InputTooLarge, max_input_bytes, read_bounded
from toolstub.store import open_store, parse_ref

PROGRESS_MIN_GROUPS = 20
FORMAT_CHOICES = ("auto", "openai", "anthropic", "parts")


def guess_format(messages: list[Any]) -> str:
    """``parts`` if a message has ``parts``; ``anthropic`` if a block is a tool_use/tool_result; else ``openai``."""
    for msg in messages:
        if not isinstance(msg, dict):
            continue
        if isinstance(msg.get("parts"), list):
            return "parts"
        content = msg.get("content")
        if isinstance(content, list) and any(
            isinstance(b, dict) and b.get("type") in ("tool_use", "tool_result") for b in content
        ):
            return "anthropic"
    return "openai"


def _load(path: str) -> tuple[Any, list[Any]]:
    """(the whole document, its message list)."""
    try:
        limit = max_input_bytes()
        if path == "-":
            data, more = read_bounded(sys.stdin.buffer, limit)
        else:
            with open(path, "rb") as handle:
                data, more = read_bounded(handle, limit)
        if more:
            fail(InputTooLarge(path if path != "-" else "stdin", limit).message, EXIT_ERROR)
    except FileNotFoundError:
        fail(f"no such file: {path}", EXIT_NO_INPUT)
    except IsADirectoryError:
        fail(f"is a directory: {path}", EXIT_NO_INPUT)
    except OSError as exc:
        fail(f"cannot read {path}: {exc.strerror or exc}", EXIT_NO_INPUT)
    try:
        document = json.loads(data.decode("utf-8-sig"))
    except RecursionError:
        fail(f"{path}: not a JSON conversation: nested too deeply", EXIT_USAGE)
    except (UnicodeDecodeError, ValueError) as exc:
        fail(f"{path}: not a JSON conversation: {str(exc).splitlines()[0]}", EXIT_USAGE)
    if isinstance(document, list):
        return document, document
    if isinstance(document, dict) and isinstance(document.get("messages"), list):
        return document, document["messages"]
    fail(f"{path}: expected a list of messages or an object with a 'messages' list", EXIT_USAGE)


def _dump(messages: list[Any], original: Any) -> bytes:
    document = {**original, "messages": messages} if isinstance(original, dict) else messages
    try:
        return (json.dumps(document, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: escape them, the JSON stays exact
        return (json.dumps(document, ensure_ascii=True, indent=2) + "\n").encode("ascii")


def _write_out(out: str, data: bytes) -> None:
    if out == "-":
        stream = binary_stdout()
        stream.write(data)
        stream.flush()
        return
    try:
        with open(out, "wb") as handle:
            handle.write(data)
    except OSError as exc:
        fail(f"cannot write {out}: {exc.strerror or exc}")


def _config(path: str | None) -> ExternalizationConfig:
    try:
        found = config_file(path)
        base = ExternalizationConfig.from_file(found) if found else ExternalizationConfig()
        config = ExternalizationConfig.from_env(base)
        config.check_tokenizer()
        return config
    except ConfigError as exc:
        fail(str(exc), EXIT_BAD_CONFIG)


def _session_id(session_id: str | None) -> str:
    return session_id or os.environ.get("TOOLSTUB_SESSION") or "default"


class _Progress:
    """A rich progress bar on stderr for long conversations (or when forced)."""

    def __init__(self, wanted: bool | None) -> None:
        self.wanted = wanted
        self.bar = None
        self.task = None

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            on = self.wanted if self.wanted is not None else total >= PROGRESS_MIN_GROUPS and sys.stderr.isatty()
            if not on:
                return
            from rich.console import Console
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                TextColumn,
                TimeElapsedColumn,
            )

            self.bar = Progress(TextColumn("externalizing turns"), BarColumn(), MofNCompleteColumn(),
                                TimeElapsedColumn(), console=Console(stderr=True))
            self.bar.start()
            self.task = self.bar.add_task("turns", total=total)
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def format_report(report: Any, *, session: str) -> str:
    """The human savings report: totals, share saved, per kind, and one line per stored output."""
    d = report.to_dict()
    lines = [
        f"externalized {d['externalized']} of {d['tool_outputs']} tool outputs ({d['format']}, session {session})",
        f"chars: {d['chars_before']:,} -> {d['chars_after']:,} (saved {d['saved_chars']:,}, {d['share_saved']:.1%})",
    ]
    if d["by_kind"]:
        width = max(6, *(len(k) for k in d["by_kind"]))
        lines.append(f"{'kind':<{width}}  {'parts':>5}  {'before':>12}  {'after':>9}  {'saved':>6}")
        for kind, row in d["by_kind"].items():
            share = 1 - row["chars_after"] / row["chars_before"] if row["chars_before"] else 0.0
            lines.append(f"{kind:<{width}}  {row['parts']:>5}  {row['chars_before']:>12,}  {row['chars_after']:>9,}  {share:>6.1%}")
    for part in report.parts:
        where = part.location.get("message_index", "?")
        target = part.ref or part.error
        lines.append(f"  [{part.action}] message {where} {part.tool_name or 'tool'} ({part.reason or '-'}): {target}")
    return "\n".join(lines)


#: the type of a click option decorator
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
store_option: Decorator = click.option("--store", "url", default=None, metavar="URL", envvar="TOOLSTUB_STORE",
                            help="Store URL: a path, memory://NAME or s3://bucket/prefix [default: $TOOLSTUB_STORE or the local folder].")
session_option: Decorator = click.option("--session", "session_id", default=None, metavar="ID",
                              help="Session id [default: $TOOLSTUB_SESSION or 'default'].")
format_option: Decorator = click.option("--format", "fmt", type=click.Choice(FORMAT_CHOICES), default="auto", show_default=True,
                             help="Message format of the conversation.")
rules_option: Decorator = click.option("--rules", default=None, metavar="NAME|PATH", help="Ruleset for synopses and stubs.")


@click.command("externalize")
@click.argument("conversation", metavar="CONVERSATION.json")
@format_option
@store_option
@session_option
@click.option("--config", "config_path", default=None, metavar="FILE", help="Externalization config (YAML or TOML).")
@rules_option
@click.option("-o", "--output", "out", default="-", show_default=True, metavar="OUT",
              help="Write the conversation with stubs here ('-': stdout; the report then goes to stderr).")
@click.option("--json", "as_json", is_flag=True, help="Print the report as one JSON document.")
@click.option("--progress/--no-progress", "progress", default=None,
              help=f"Force the progress bar on or off [default: on a terminal, from {PROGRESS_MIN_GROUPS} turns].")
@click.option("-q", "--quiet", is_flag=True, help="No report and no progress bar (errors are still printed).")
def externalize(conversation, fmt, url, session_id, config_path, rules, out, as_json, progress, quiet) -> None:
    """Store the large tool outputs of CONVERSATION.json, write it with stubs, and report the savings."""
    config = _config(config_path)
    document, messages = _load(conversation)
    fmt = guess_format(messages) if fmt == "auto" else fmt
    session = _session_id(session_id)
    bar = _Progress(False if quiet else progress)
    try:
        result = run_externalize(messages, format=fmt, store=open_store(url).session(session), config=config, rules=rules,
                     progress=bar)
    finally:
        bar.close()
    _write_out(out, _dump(result.messages, document))
    if quiet:
        return
    text = json.dumps(result.report.to_dict(), ensure_ascii=True, indent=2) if as_json else format_report(result.report, session=session)
    click.echo(text, err=out == "-")


class _Router:
    """Reads each ref from its own session (a bare id: from ``default``)."""

    def __init__(self, store: Any, default: str) -> None:
        self.store = store
        self.default = default
        self.missing: list[str] = []  # refs the store could not give back

    def _session(self, ref: str):
        return self.store.session(parse_ref(ref)[0] or self.default)

    def read(self, ref: str, **kwargs: Any) -> dict:
        try:
            return self._session(ref).read(ref, **kwargs)
        except Exception:
            self.missing.append(ref)
            raise

    def exists(self, ref: str) -> bool:
        return self._session(ref).exists(ref)


@click.command("hydrate")
@click.argument("conversation", metavar="CONVERSATION.json")
@format_option
@store_option
@session_option
@rules_option
@click.option("-o", "--output", "out", default="-", show_default=True, metavar="OUT", help="Where to write the conversation.")
def hydrate(conversation, fmt, url, session_id, rules, out) -> None:
    """Write CONVERSATION.json with every restorable stub replaced by its raw output."""
    document, messages = _load(conversation)
    fmt = guess_format(messages) if fmt == "auto" else fmt
    router = _Router(open_store(url), _session_id(session_id))
    logger = logging.getLogger("toolstub")
    level = logger.level
    logger.setLevel(logging.ERROR)  # the one-line error below says it all
    try:
        restored = run_hydrate(messages, format=fmt, store=router, rules=rules)
    finally:
        logger.setLevel(level)
    if router.missing:
        first = router.missing[0]
        more = f" (and {len(router.missing) - 1} more)" if len(router.missing) > 1 else ""
        fail(f"cannot restore {first}{more}: not in this store; check --store and --session (nothing written)",
             EXIT_NO_INPUT)
    _write_out(out, _dump(restored, document))
