"""``list`` from the session's index: one listing of ``{session}/index/``, names sorted by time.

Each committed record has one create-only index object
``{stored_at_ns:020d}_{sha256(tool_name)[:8]}_{id}.json`` holding a copy of its
metadata. ``list`` lists that folder once, sorts the names (creation order),
filters by the tool-name hash in the name, and reads only the entries it
returns (concurrently on S3). A session with results but no index (a folder
written by the seed) gets its index rebuilt from the metadata files first.
"""

from __future__ import annotations

import itertools
import json
import threading
from collections import OrderedDict
from typing import Any

from toolstub.errors import StoreError
from toolstub.store import records as rec
from toolstub.store.ids import is_valid_tool_result_id


def index_entries(store: Any) -> list[rec.IndexName]:
    """The session's index entries, in creation order."""
    folder = f"{store.session_id}/{rec.INDEX}"
    entries = [e for e in map(rec.parse_index_name, store.backend.names(folder)) if e is not None]
    entries = [e for e in entries if is_valid_tool_result_id(e.tool_result_id)]
    entries.sort(key=lambda e: (e.stored_at_ns, e.tool_result_id))
    return entries


def _selected(store: Any, tool_name: str | None, limit: int, newest_first: bool):
    """Sort and filter the raw names (zero-padded, so name order is time order); parse only what is needed."""
    names = [n for n in store.backend.names(f"{store.session_id}/{rec.INDEX}") if n[:1].isdigit()]
    if not names and store.backend.names(f"{store.session_id}/{rec.RESULTS}"):
        rebuild_index(store)
        names = [n for n in store.backend.names(f"{store.session_id}/{rec.INDEX}") if n[:1].isdigit()]
    names.sort(reverse=newest_first)
    if tool_name is not None:
        tag = f"_{rec.tool_hash(tool_name)}_"
        names = [n for n in names if n[20:30] == tag]
    return _parsed(names)


def _parsed(names):
    """Parse names lazily, in order (list stops once it has its ``limit``)."""
    for name in names:
        entry = rec.parse_index_name(name)
        if entry is not None and is_valid_tool_result_id(entry.tool_result_id):
            yield entry


def list_results(store: Any, tool_name: str | None, limit: int, *, newest_first: bool = False) -> list[dict[str, Any]]:
    """Metadata of up to ``limit`` results (of ``tool_name``), oldest first unless ``newest_first``."""
    entries = _selected(store, tool_name, limit, newest_first)
    out: list[dict[str, Any]] = []
    folder = f"{store.session_id}/{rec.INDEX}"
    while len(out) < limit:
        batch = list(itertools.islice(entries, limit - len(out)))
        if not batch:
            break
        blobs = _read_entries(store, folder, batch)
        for entry in batch:
            metadata = _parse_entry(blobs[f"{folder}/{entry.name}"], entry)
            if metadata is None:
                continue
            if tool_name is not None and metadata.get("tool_name", "") != tool_name:
                continue  # an 8-hex tool-name hash collision
            out.append(metadata)
    return out


_CACHE: OrderedDict[tuple[str, str], bytes] = OrderedDict()
_CACHE_LOCK = threading.Lock()
CACHE_ENTRIES = 4096


def _read_entries(store: Any, folder: str, batch: list[rec.IndexName]) -> dict[str, bytes | Exception]:
    """Index entries by path, from a small process cache when possible.

    Entries are immutable and the listing decides what exists (a pruned record's name
    is gone from it, a rewritten record gets a new name), so a cached entry can never
    change an answer; it only saves a request (one GET per entry on S3).
    """
    paths = [f"{folder}/{e.name}" for e in batch]
    url = store.backend.describe()
    out: dict[str, bytes | Exception] = {}
    missing = []
    with _CACHE_LOCK:
        for path in paths:
            cached = _CACHE.get((url, path))
            if cached is None:
                missing.append(path)
            else:
                _CACHE.move_to_end((url, path))
                out[path] = cached
    fetched = store.backend.cat_many(missing)
    with _CACHE_LOCK:
        for path, blob in fetched.items():
            out[path] = blob
            if isinstance(blob, bytes) and _entry_is_sound(blob):
                _CACHE[(url, path)] = blob
        while len(_CACHE) > CACHE_ENTRIES:
            _CACHE.popitem(last=False)
    return out


def _entry_is_sound(blob: bytes) -> bool:
    try:
        return isinstance(json.loads(blob.decode("utf-8", "surrogatepass")), dict)
    except ValueError:
        return False


def _parse_entry(blob: bytes | Exception, entry: rec.IndexName) -> dict[str, Any] | None:
    if isinstance(blob, FileNotFoundError):
        return None  # pruned between the listing and the read
    if isinstance(blob, Exception):
        raise StoreError("list index entry unreadable", details={"entry": entry.name})
    try:
        data = json.loads(blob.decode("utf-8", "surrogatepass"))
    except ValueError:
        data = None
    if not isinstance(data, dict) or data.get("tool_result_id") != entry.tool_result_id:
        raise StoreError(
            "list index entry is corrupt; run `toolstub store fsck --repair`",
            details={"entry": entry.name, "tool_result_id": entry.tool_result_id},
        )
    return data


def rebuild_index(store: Any) -> list[str]:
    """Write the index entries missing for committed records; return the ids indexed."""
    folder = f"{store.session_id}/{rec.RESULTS}"
    have = {e.tool_result_id for e in index_entries(store)}
    added = []
    for name in sorted(store.backend.names(folder)):
        if not is_valid_tool_result_id(name) or name in have:
            continue
        try:
            metadata = store.load_metadata(name)
        except Exception:  # noqa: BLE001 - a missing or corrupt record is fsck's business
            continue
        store._index(metadata)
        added.append(name)
    return added
