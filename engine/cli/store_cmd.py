"""``toolstub store``: put, read, search, query, list, prune and fsck stored tool results.

The store is ``--store URL`` (a path, ``memory://``, ``s3://bucket/prefix``), else
``$TOOLSTUB_STORE``, else the local default folder. The session is ``--session``,
else the one named by a full ref, else ``$TOOLSTUB_SESSION``, else ``default``.
``--json`` prints one JSON document. A progress bar (stderr, terminals only
unless ``--progress``) shows while putting or checking large results.
"""

from __future__ import annotations

import json
from collections.abc import Callable
import os
import re
import sys
from typing import Any

import click

from toolstub.cli import EXIT_ERROR, EXIT_NO_INPUT, EXIT_USAGE, ToolstubGroup, binary_stdout, fail
from toolstub.cli.synopsis_cmd import BoundedChunks, open_input
from toolstub.errors import InvalidArgumentError
from toolstub.input_limit import InputTooLarge, max_input_bytes
from toolstub.store import open_store, parse_ref
from toolstub.store.ids import validate_session_id
from toolstub.stub import render_stub

PROGRESS_MIN_BYTES = 4 << 20
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([smhdw]?)\s*$", re.IGNORECASE)
_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*([kmgtp]?)(i?b)?\s*$", re.IGNORECASE)
_SECONDS = {"": 1, "s": 1, "m": 60, "h": 3600, "d": 86400, "w": 604800}
_BYTES = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30, "t": 1 << 40, "p": 1 << 50}


def parse_duration(text: str) -> float:
    """``7d``, ``12h``, ``30m``, ``45s``, ``2w`` or plain seconds."""
    found = _DURATION.match(text or "")
    if not found:
        fail(f"invalid duration {text!r} (use e.g. 7d, 12h, 30m, 45s)", EXIT_USAGE)
    return float(found.group(1)) * _SECONDS[found.group(2).lower()]


def parse_size(text: str) -> int:
    """``10G``, ``500M``, ``1.5GB``, ``100k`` (powers of 1024) or plain bytes."""
    found = _SIZE.match(text or "")
    if not found:
        fail(f"invalid size {text!r} (use e.g. 10G, 500M, 100k)", EXIT_USAGE)
    return int(float(found.group(1)) * _BYTES[found.group(2).lower()])


def _store(ctx: click.Context, *, must_exist: bool = True):
    """The store; one that is not there (a mistyped path, a missing bucket) exits 3 unless writing."""
    the_store = open_store(ctx.obj.get("url"))
    if must_exist and not the_store.exists():
        fail(f"no such store: {ctx.obj.get('url') or os.environ.get('TOOLSTUB_STORE') or the_store.url}",
             EXIT_NO_INPUT)
    return the_store


def _session(ctx: click.Context, session_id: str | None, ref: str | None = None, *, must_exist: bool = True):
    """The session; for reads, a store or a session that is not there exits 3 (as an unknown ref does)."""
    if not session_id and ref:
        session_id = parse_ref(ref)[0]
    session_id = validate_session_id(session_id or os.environ.get("TOOLSTUB_SESSION") or "default")
    the_store = _store(ctx, must_exist=must_exist)
    if must_exist and not the_store.has_session(session_id):
        fail(f"no such session: {session_id}", EXIT_NO_INPUT)
    return the_store.session(session_id)


def _emit(document: Any) -> None:
    text = json.dumps(document, ensure_ascii=False, indent=2)
    _write(text)


def _write(text: str) -> None:
    try:  # bytes that came in undecodable (surrogateescape) go out as those bytes
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = text.encode("utf-8", "surrogatepass")
    out = binary_stdout()
    out.write(data + (b"" if data.endswith(b"\n") else b"\n"))
    out.flush()


def _write_raw(text: str) -> None:
    """``text`` exactly (no newline added: read by lines keeps the lines' own)."""
    try:
        data = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        data = text.encode("utf-8", "surrogatepass")
    out = binary_stdout()
    out.write(data)
    out.flush()


def _progress_wanted(flag: bool | None, size: int) -> bool:
    if flag is not None:
        return flag
    return size >= PROGRESS_MIN_BYTES and sys.stderr.isatty()


def _progress(description: str, total: int | None):
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        DownloadColumn,
        Progress,
        TextColumn,
        TransferSpeedColumn,
    )

    bar = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                   console=Console(stderr=True), transient=False)
    task = bar.add_task(description, total=total)
    return bar, task


def _store_here(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is not None:  # given after the subcommand: it wins over the group's
        ctx.ensure_object(dict)["url"] = value


STORE_HELP = "Store URL: a path, memory://NAME or s3://bucket/prefix [default: $TOOLSTUB_STORE or the local folder]."
# ``--store`` is taken before the subcommand (``toolstub store --store X list``) and after it
# (``toolstub store list --store X``), like every other command's options.
#: the type of a click option decorator
Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]
store_here_option: Decorator = click.option("--store", "store_here", default=None, metavar="URL", expose_value=False,
                                 callback=_store_here, help=STORE_HELP)
quiet_option: Decorator = click.option("-q", "--quiet", is_flag=True,
                            help="No progress bar and no summary on stderr (errors are still printed).")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


session_option: Decorator = click.option("--session", "session_id", default=None, metavar="ID",
                              help="Session id [default: from the ref, $TOOLSTUB_SESSION or 'default'].")
json_option: Decorator = click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
progress_option: Decorator = click.option("--progress/--no-progress", "progress", default=None,
                               help="Force the progress bar on or off [default: on a terminal, for large results].")


@click.group("store", cls=ToolstubGroup)
@click.option("--store", "url", default=None, metavar="URL", envvar="TOOLSTUB_STORE", help=STORE_HELP)
@click.pass_context
def store(ctx: click.Context, url: str | None) -> None:
    """Put, read, search, query, list, prune and check stored tool results."""
    ctx.ensure_object(dict).setdefault("url", url)


@store.command("put")
@click.argument("source", default="-", metavar="[FILE|-]")
@session_option
@click.option("--tool-id", default="", help="Tool call id (part of the result id).")
@click.option("--tool-name", default="", help="Tool name (list filter).")
@click.option("--mime", "mime_type", default="text/plain", show_default=True, help="MIME type of the output.")
@click.option("--rules", default=None, metavar="NAME|PATH", help="Ruleset for the synopsis.")
@click.option("--stub", "show_stub", is_flag=True, help="Print the stub a model would see instead of the ref.")
@json_option
@progress_option
@quiet_option
@store_here_option
@click.pass_context
def put(ctx, source, session_id, tool_id, tool_name, mime_type, rules, show_stub, as_json, progress, quiet) -> None:
    """Store FILE (or stdin) and print its ref (one pass: read, stored and described as it comes)."""
    stored = _put_streamed(ctx, source, session_id, False if quiet else progress, tool_id=tool_id,
                           tool_name=tool_name, mime_type=mime_type, rules=rules)
    stub = _stub_of(stored, tool_name, rules) if show_stub or as_json else None
    if as_json:
        _emit({"tool_result_id": stored.tool_result_id, "ref": stored.ref, "created": stored.created,
               "metadata": stored.metadata, **({"stub": stub} if show_stub else {})})
    elif show_stub:
        _write(stub or "")
    else:
        _write(f"{stored.ref}\t{'created' if stored.created else 'exists'}")


def _stub_of(stored: Any, tool_name: str, rules: str | None) -> str:
    """The stub of a stored result, as externalization renders it (reason: stored by hand)."""
    meta = stored.metadata
    return render_stub(stored.synopsis, ref=stored.ref, tool_name=tool_name or str(meta.get("tool_name") or ""),
                       sha256=str(meta.get("sha256") or ""), original_chars=int(meta.get("original_chars") or 0),
                       preview_chars=int(meta.get("preview_chars") or 0), rules=rules)


def _put_streamed(ctx, source: str, session_id, progress: bool | None, **fields):
    """Read ``source`` in chunks straight into ``session.write``: nothing is held whole.

    More than ``max_input_bytes`` is a one-line error and nothing is stored. The progress bar
    counts the bytes as the one pass consumes them (read, redacted, stored, indexed), then
    shows the synopsis and the final copy into the store.
    """
    try:
        limit = max_input_bytes()
    except InvalidArgumentError as exc:
        fail(exc.message, EXIT_USAGE)
    handle = open_input(source)
    try:
        size = os.fstat(handle.fileno()).st_size if source != "-" else 0
    except (OSError, ValueError):
        size = 0
    session = _session(ctx, session_id, must_exist=False)
    bar = task = None
    label = f"storing {os.path.basename(source) if source != '-' else 'stdin'}"
    if _progress_wanted(progress, size):
        bar, task = _progress(label, size or None)
    reader = BoundedChunks(handle, limit, on_read=(lambda n: bar.advance(task, n)) if bar is not None else None)

    def chunks():
        yield from reader
        if reader.truncated:
            raise InputTooLarge("stdin" if source == "-" else source, limit)
        if bar is not None:
            bar.update(task, description=f"{label}: describing and committing")

    try:
        if bar is not None:
            with bar:
                return session.write(chunks(), **fields)
        return session.write(chunks(), **fields)
    except InputTooLarge as exc:
        fail(exc.message, EXIT_ERROR)
    finally:
        if source != "-":
            handle.close()


@store.command("read")
@click.argument("ref")
@session_option
@click.option("--offset", type=int, default=0, show_default=True, help="First code point.")
@click.option("--limit", type=int, default=20_000, show_default=True, help="Code points to read (-1: to the end).")
@click.option("--line", type=int, default=None, help="Read by lines instead: the first line (1-based).")
@click.option("--lines", "count", type=int, default=None, help="With --line: how many lines [default: 100].")
@json_option
@store_here_option
@click.pass_context
def read(ctx, ref, session_id, offset, limit, line, count, as_json) -> None:
    """Print code points [OFFSET, OFFSET+LIMIT) of a stored result, or --lines lines from --line."""
    session = _session(ctx, session_id, ref)
    if line is not None or count is not None:
        result = session.read(ref, line=line, lines=count, include_metadata=as_json)
        if as_json:
            _emit(result)
        else:
            _write_raw(result["content"])
        return
    result = session.read(ref, offset=offset, limit=limit, include_metadata=as_json)
    if as_json:
        _emit(result)
    else:
        _write(result["content"])


@store.command("search")
@click.argument("ref")
@click.argument("query")
@session_option
@click.option("--limit", type=int, default=20, show_default=True, help="Matches per page.")
@click.option("--context", "context_chars", type=int, default=300, show_default=True, help="Snippet context chars.")
@click.option("--mode", type=click.Choice(["literal", "icase", "regex"]), default="literal", show_default=True)
@click.option("--cursor", default=None, help="The 'next' cursor of the previous page.")
@json_option
@quiet_option
@store_here_option
@click.pass_context
def search(ctx, ref, query, session_id, limit, context_chars, mode, cursor, as_json, quiet) -> None:
    """Search a stored result for QUERY (literal, case-insensitive or RE2 regex)."""
    result = _session(ctx, session_id, ref).search(ref, query, limit=limit, context_chars=context_chars, mode=mode,
                                                   cursor=cursor)
    if as_json:
        _emit(result)
        return
    for match in result["matches"]:
        snippet = " ".join(match["snippet"].split())
        _write(f"{match['line']}:{match['offset']}: {snippet}")
    if quiet:
        return
    at_least = "" if result.get("total_exact", True) else "at least "
    total = result["total"]
    tail = f"{len(result['matches'])} of {at_least}{total} match{'' if total == 1 else 'es'}"
    click.echo(tail + (f"; next page: --cursor {result['next']}" if result["next"] else ""), err=True)


@store.command("query")
@click.argument("ref")
@click.argument("path")
@session_option
@click.option("--max-chars", type=int, default=20_000, show_default=True, help="Cap of the answer size.")
@json_option
@store_here_option
@click.pass_context
def query(ctx, ref, path, session_id, max_chars, as_json) -> None:
    """Evaluate a JSONPath ($.items[*].id) or jq-like (.items[].id) PATH on a stored JSON result."""
    result = _session(ctx, session_id, ref).query(ref, path, max_chars=max_chars)
    if as_json:
        _emit(result)
        return
    for match in result["matches"]:
        _write(f"{match['path']}\t{json.dumps(match['value'], ensure_ascii=False)}")
    if result["truncated"]:
        click.echo(f"{result['returned']} of {result['count']} matches (capped at {max_chars} chars)", err=True)


LIST_HEADER = ("ref", "tool_name", "kind", "chars", "created_at")


@store.command("list")
@session_option
@click.option("--tool-name", default=None, help="Only results of this tool.")
@click.option("--limit", type=int, default=50, show_default=True)
@click.option("--newest-first", is_flag=True, help="Newest first (default: oldest first).")
@click.option("--sessions", "list_sessions", is_flag=True, help="List the store's sessions instead.")
@json_option
@store_here_option
@click.pass_context
def list_(ctx, session_id, tool_name, limit, newest_first, list_sessions, as_json) -> None:
    """List a session's results in creation order (or the store's sessions)."""
    if list_sessions:
        names = _store(ctx).sessions()
        _emit({"sessions": names}) if as_json else [_write(n) for n in names]
        return
    result = _session(ctx, session_id).list(tool_name=tool_name, limit=limit, newest_first=newest_first)
    if as_json:
        _emit(result)
        return
    session = _session(ctx, session_id)
    rows = [LIST_HEADER] + [
        (session.ref(meta["tool_result_id"]), str(meta.get("tool_name") or "-"), str(meta.get("synopsis_kind") or "-"),
         str(meta.get("original_chars", "")), str(meta.get("created_at") or ""))
        for meta in result["tool_results"]
    ]
    for row in rows:
        _write("\t".join(row))


@store.command("prune")
@click.option("--older-than", default=None, metavar="AGE", help="Remove results older than AGE (7d, 12h, 30m).")
@click.option("--max-bytes", default=None, metavar="SIZE", help="Then remove the oldest until at most SIZE remain (10G).")
@click.option("--dry-run", is_flag=True, help="Only say what would be removed.")
@json_option
@quiet_option
@store_here_option
@click.pass_context
def prune(ctx, older_than, max_bytes, dry_run, as_json, quiet) -> None:
    """Retention: remove old results, oldest first, across every session."""
    if older_than is None and max_bytes is None:
        fail("give --older-than and/or --max-bytes", EXIT_USAGE)
    result = _store(ctx).prune(
        older_than=parse_duration(older_than) if older_than is not None else None,
        max_bytes=parse_size(max_bytes) if max_bytes is not None else None,
        dry_run=dry_run,
    )
    if as_json:
        _emit(result)
        return
    verb = "would remove" if dry_run else "removed"
    for item in result["removed"]:
        _write(f"{verb}\t{item['session_id']}\t{item['tool_result_id']}\t{item['bytes']}")
    if not quiet:
        click.echo(f"{verb} {_plural(len(result['removed']), 'result')} ({result['removed_bytes']} bytes); "
                   f"kept {result['kept']} ({result['kept_bytes']} bytes)", err=True)


@store.command("fsck")
@click.option("--repair", is_flag=True, help="Rebuild checkpoints and index entries, drop temp files and stale entries.")
@click.option("--remove-orphans", is_flag=True, help="With --repair: remove outputs that were never committed.")
@click.option("--no-verify", "no_verify", is_flag=True, help="Skip re-hashing every output (faster).")
@json_option
@progress_option
@quiet_option
@store_here_option
@click.pass_context
def fsck(ctx, repair, remove_orphans, no_verify, as_json, progress, quiet) -> None:
    """Check every stored result (hashes, checkpoints, index); exit 1 if problems remain."""
    the_store = _store(ctx)
    total = sum(size for path, size in the_store.backend.sizes("").items() if path.endswith("/output.txt"))
    callback = None
    bar = None
    if not no_verify and not quiet and _progress_wanted(progress, total):
        bar, task = _progress("checking", total)
        bar.start()
        callback = lambda chars, _rid: bar.advance(task, chars)
    try:
        result = the_store.fsck(repair=repair, remove_orphans=remove_orphans, verify=not no_verify, progress=callback)
    finally:
        if bar is not None:
            bar.stop()
    if as_json:
        _emit(result)
    else:
        for item in result["repaired"]:
            _write(f"repaired\t{item['session_id']}\t{item['tool_result_id']}\t{item['problem']}")
        for item in result["problems"]:
            _write(f"problem\t{item['session_id']}\t{item['tool_result_id']}\t{item['problem']}")
        if not quiet:
            click.echo(f"checked {_plural(result['checked'], 'result')}: {_plural(len(result['problems']), 'problem')}, "
                       f"{len(result['repaired'])} repaired", err=True)
    if result["problems"]:
        ctx.exit(EXIT_ERROR)
