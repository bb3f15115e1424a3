"""Retention (``prune``) and checking (``fsck``) across every session of a store."""

from __future__ import annotations

import hashlib
import struct
import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from toolstub.errors import InvalidArgumentError, RequestError
from toolstub.store import checkpoints as cp
from toolstub.store import records as rec
from toolstub.store.ids import encode_content, is_valid_tool_result_id
from toolstub.store.listing import index_entries, rebuild_index
from toolstub.store.search import iter_blocks

Progress = Callable[[int, str], None]


def _seconds(value: timedelta | float | None) -> float | None:
    if value is None:
        return None
    seconds = value.total_seconds() if isinstance(value, timedelta) else float(value)
    if seconds < 0:
        raise InvalidArgumentError("older_than must not be negative")
    return seconds


def _records(store: Any) -> list[dict[str, Any]]:
    """Every indexed record of every session: session, id, stored_at_ns, bytes, index entry name."""
    out = []
    for session_id in store.sessions():
        session = store.session(session_id)
        entries = index_entries(session)
        if not entries and store.backend.names(f"{session_id}/{rec.RESULTS}"):
            rebuild_index(session)
            entries = index_entries(session)
        sizes = store.backend.sizes(f"{session_id}/{rec.RESULTS}")
        per_record: dict[str, int] = {}
        for path, size in sizes.items():
            parts = path.split("/")
            if len(parts) >= 4:
                per_record[parts[2]] = per_record.get(parts[2], 0) + size
        for entry in entries:
            out.append(
                {
                    "session_id": session_id,
                    "tool_result_id": entry.tool_result_id,
                    "stored_at_ns": entry.stored_at_ns,
                    "bytes": per_record.get(entry.tool_result_id, 0),
                    "_entry": entry.name,
                }
            )
    out.sort(key=lambda r: (r["stored_at_ns"], r["session_id"], r["tool_result_id"]))
    return out


def remove_record(store: Any, session_id: str, tool_result_id: str, entry_name: str | None) -> None:
    """Index entry first (unlisted), then the commit point (unreadable), then the files."""
    if entry_name:
        store.backend.rm(f"{session_id}/{rec.INDEX}/{entry_name}")
    store.backend.rm(rec.metadata_path(session_id, tool_result_id))
    store.backend.rm(rec.result_dir(session_id, tool_result_id), recursive=True)


def prune(store: Any, *, older_than: Any = None, max_bytes: int | None = None, dry_run: bool = False) -> dict[str, Any]:
    """Remove results older than ``older_than`` and then the oldest until at most ``max_bytes`` remain."""
    seconds = _seconds(older_than)
    if max_bytes is not None and (isinstance(max_bytes, bool) or int(max_bytes) < 0):
        raise InvalidArgumentError("max_bytes must not be negative")
    records = _records(store)
    doomed: list[dict[str, Any]] = []
    kept = records
    if seconds is not None:
        cutoff = time.time_ns() - int(seconds * 1e9)
        doomed = [r for r in records if r["stored_at_ns"] < cutoff]
        kept = [r for r in records if r["stored_at_ns"] >= cutoff]
    if max_bytes is not None:
        total = sum(r["bytes"] for r in kept)
        while kept and total > int(max_bytes):
            oldest = kept.pop(0)
            total -= oldest["bytes"]
            doomed.append(oldest)
    if not dry_run:
        for record in doomed:
            remove_record(store, record["session_id"], record["tool_result_id"], record["_entry"])
    public = lambda r: {k: v for k, v in r.items() if not k.startswith("_")}
    return {
        "removed": [public(r) for r in doomed],
        "removed_bytes": sum(r["bytes"] for r in doomed),
        "kept": len(kept),
        "kept_bytes": sum(r["bytes"] for r in kept),
        "dry_run": dry_run,
    }


class _Streamed:
    """sha256, char count and checkpoint offsets of an output, computed in one bounded pass."""

    def __init__(self, every: int) -> None:
        self.every = every
        self.sha = hashlib.sha256()
        self.chars = 0
        self.nbytes = 0
        self.into = 0
        self.offsets = [0]

    def feed(self, text: str) -> None:
        self.chars += len(text)
        while text:
            take = min(self.every - self.into, len(text))
            data = encode_content(text[:take])
            self.sha.update(data)
            self.nbytes += len(data)
            self.into += take
            text = text[take:]
            if self.into == self.every:
                self.offsets.append(self.nbytes)
                self.into = 0

    def index_bytes(self) -> bytes:
        offsets = self.offsets + ([self.nbytes] if self.into else [])
        head = cp.HEADER.pack(cp.MAGIC, self.every, self.chars, self.nbytes)
        return head + struct.pack(f"<{len(offsets)}Q", *offsets)


def fsck(store: Any, *, repair: bool = False, remove_orphans: bool = False, verify: bool = True, progress: Progress | None = None) -> dict[str, Any]:
    """Check every record; with ``repair`` rebuild checkpoints and index entries, drop temp files
    and stale index entries; with ``remove_orphans`` also remove outputs that were never committed."""
    problems: list[dict[str, Any]] = []
    repaired: list[dict[str, Any]] = []
    checked = 0

    def report(session_id, tool_result_id, problem, fixed=False, **extra):
        item = {"session_id": session_id, "tool_result_id": tool_result_id, "problem": problem, **extra}
        (repaired if fixed else problems).append(item)

    for session_id in store.sessions():
        session = store.session(session_id)
        indexed = {e.tool_result_id: e for e in index_entries(session)}
        committed: set[str] = set()
        for name in sorted(store.backend.names(f"{session_id}/{rec.RESULTS}")):
            checked += 1
            if not is_valid_tool_result_id(name):
                report(session_id, name, "invalid_id")
                continue
            state = _check_record(session, name, indexed.get(name), repair, remove_orphans, verify, progress, report)
            if state == "committed":
                committed.add(name)
        for tool_result_id, entry in indexed.items():
            if tool_result_id not in committed:
                fix = repair
                if fix:
                    store.backend.rm(f"{session_id}/{rec.INDEX}/{entry.name}")
                report(session_id, tool_result_id, "stale_index_entry", fixed=fix)
    return {"checked": checked, "problems": problems, "repaired": repaired, "ok": not problems}


def _check_record(session, tool_result_id, entry, repair, remove_orphans, verify, progress, report) -> str:
    backend, sid = session.backend, session.session_id
    folder = rec.result_dir(sid, tool_result_id)
    names = set(backend.names(folder))
    for temp in sorted(n for n in names if n.startswith(".tmp-")):
        if repair:
            backend.rm(f"{folder}/{temp}")
        report(sid, tool_result_id, "temp_file", fixed=repair, file=temp)
    if rec.METADATA not in names:
        if rec.OUTPUT in names:
            fix = repair and remove_orphans
            if fix:
                backend.rm(folder, recursive=True)
            report(sid, tool_result_id, "orphan_output", fixed=fix)
        return "uncommitted"
    try:
        metadata = session.load_metadata(tool_result_id)
    except RequestError:
        report(sid, tool_result_id, "corrupt_metadata")
        return "corrupt"
    if rec.OUTPUT not in names:
        report(sid, tool_result_id, "missing_output")
        return "committed"
    if entry is None:
        if repair:
            session._index(metadata)
        report(sid, tool_result_id, "missing_index_entry", fixed=repair)
    else:
        _check_entry(session, entry, metadata, repair, report)
    if verify:
        _verify_output(session, tool_result_id, metadata, rec.CHECKPOINTS in names, repair, progress, report)
    elif rec.CHECKPOINTS not in names:
        if repair:
            session._rebuild_checkpoints_quietly(tool_result_id, session._full_text(tool_result_id))
        report(sid, tool_result_id, "missing_checkpoints", fixed=repair)
    return "committed"


def _check_entry(session, entry, metadata, repair, report) -> None:
    path = f"{session.session_id}/{rec.INDEX}/{entry.name}"
    try:
        data = rec.load_metadata(session.backend.cat(path), entry.tool_result_id)
        good = data.get("sha256") == metadata.get("sha256")
    except (OSError, RequestError):
        good = False
    if not good:
        if repair:
            session.backend.put(path, rec.dump_metadata(metadata))
        report(session.session_id, entry.tool_result_id, "corrupt_index_entry", fixed=repair)


def _verify_output(session, tool_result_id, metadata, has_checkpoints, repair, progress, report) -> None:
    sid = session.session_id
    every = metadata.get("checkpoint_every") if isinstance(metadata.get("checkpoint_every"), int) else cp.DEFAULT_EVERY
    streamed = _Streamed(every)
    try:
        for _, text in iter_blocks(session, tool_result_id, {}, 0):
            streamed.feed(text)
            if progress is not None:
                progress(len(text), tool_result_id)
    except UnicodeDecodeError:
        report(sid, tool_result_id, "output_not_utf8")
        return
    if streamed.sha.hexdigest() != metadata.get("sha256") or streamed.chars != metadata.get("original_chars", streamed.chars):
        report(sid, tool_result_id, "hash_mismatch")
        return
    expected = streamed.index_bytes()
    path = rec.checkpoints_path(sid, tool_result_id)
    if has_checkpoints:
        try:
            actual = session.backend.cat(path)
        except OSError:
            actual = b""
        if actual == expected:
            return
        problem = "corrupt_checkpoints"
    else:
        problem = "missing_checkpoints"
    if repair:
        session.backend.put(path, expected)
    report(sid, tool_result_id, problem, fixed=repair)
