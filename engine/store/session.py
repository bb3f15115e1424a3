"""``ToolResultStore``: one session's tool results (write, read, search, list, metadata, query)."""

from __future__ import annotations

import hashlib
import itertools
import sys
import json
import os
import struct
import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from toolstub.engine import synopsize
from toolstub.errors import (
    InvalidArgumentError,
    NotFoundError,
    StoreError,
)
from toolstub.redact import prepare_for_storage, redact_fields
from toolstub.rule_files import load_rules
from toolstub.store import checkpoints as cp
from toolstub import streaming
from toolstub.store import ingest
from toolstub.store import lines as line_index
from toolstub.store import records as rec
from toolstub.store.backend import Backend, LocalBackend, S3Backend
from toolstub.store.ids import (
    OFFSET_UNIT,
    make_ref,
    make_tool_result_id,
    parse_ref,
    safe_tool_id,
    validate_session_id,
)
from toolstub.store.listing import list_results
from toolstub.store.query import query as _query
from toolstub.store.reading import Reader
from toolstub.store.results import ListResult, QueryResult, ReadResult, SearchResult
from toolstub.store.search import iter_blocks
from toolstub.store.search import search as _search
from toolstub.store.support import (
    SEQ,
    check_int,
    guarded,
    monotonic_ns,
    not_found,
    prepare_content,
    stored_ns,
    without_surrogates,
)
from toolstub.synopsis import Synopsis

DEFAULT_READ_LIMIT = 20_000
DEFAULT_LIST_LIMIT = 50
PAUSE_ENV = "TOOLSTUB_STORE_PAUSE_AT"  # test hook: a write step name to stall at (crash tests)
PAUSE_FILE_ENV = "TOOLSTUB_STORE_PAUSE_FILE"

def pause_point(step: str) -> None:
    """Crash-test hook: stall at ``step`` when ``TOOLSTUB_STORE_PAUSE_AT`` names it."""
    if os.environ.get(PAUSE_ENV) != step:
        return
    marker = os.environ.get(PAUSE_FILE_ENV)
    if marker:
        with open(marker, "w", encoding="utf-8") as handle:
            handle.write(step)
    time.sleep(float(os.environ.get("TOOLSTUB_STORE_PAUSE_SECONDS", "60")))


class ToolResultStore(Reader):
    """The tool results of one session, in the seed's layout, over one backend."""

    backend: Backend
    session_id: str

    def __init__(self, backend: Backend, session_id: str) -> None:
        self.backend = backend
        self.session_id = validate_session_id(session_id)

    def __repr__(self) -> str:
        return f"ToolResultStore({self.backend.describe()!r}, {self.session_id!r})"

    # -- ids and refs ----------------------------------------------------------
    def ref(self, tool_result_id: str) -> str:
        """The ref (``toolstub://sessions/{session}/tool-results/{id}``) of an id or ref in this session."""
        _, tool_result_id = parse_ref(tool_result_id)
        return make_ref(self.session_id, tool_result_id)

    def resolve(self, id_or_ref: str) -> str:
        """The validated tool_result_id of a bare id or a ref to THIS session (other sessions: NotFound)."""
        session_id, tool_result_id = parse_ref(id_or_ref)
        if session_id is not None and session_id != self.session_id:
            raise NotFoundError(not_found(tool_result_id), details={"tool_result_id": tool_result_id})
        return tool_result_id

    # -- metadata (load_metadata: see Reader) ------------------------------------
    @guarded
    def metadata(self, id_or_ref: str) -> dict[str, Any]:
        """The stored metadata.json of a result (NotFoundError when unknown)."""
        return self.load_metadata(self.resolve(id_or_ref))

    def exists(self, id_or_ref: str) -> bool:
        """Whether the result is stored (committed) in this session."""
        try:
            self.metadata(id_or_ref)
        except NotFoundError:
            return False
        return True

    # -- write -----------------------------------------------------------------
    @guarded
    def write(
        self,
        content: Any,
        *,
        tool_id: str = "",
        tool_name: str = "",
        mime_type: str = "text/plain",
        message_id: str | None = None,
        preview_chars: int = 2000,
        created_at: str | None = None,
        synopsis: Synopsis | None = None,
        rules: Any = None,
        user_id: str | None = None,
        peer_id: str | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> rec.StoredToolResult:
        """Store ``content`` once (dedupe by tool_id + content); metadata.json is written last.

        The metadata keeps ``message_id``, ``user_id``, ``peer_id`` and ``created_at`` as given
        (``None`` when not given) and ``mime_type`` as given (``""`` too), as the seed's store does;
        the time of storing is always in ``stored_at_ns``.

        ``content`` is a ``str``, ``bytes``, a binary file object or an iterable of ``str`` or
        ``bytes`` chunks (bytes are UTF-8, undecodable bytes kept as ``surrogateescape``).
        An output of at most the ruleset's ``large_outputs.whole_chars`` code points is handled
        whole; a larger one is streamed in one pass and never held whole (see
        :mod:`toolstub.store.ingest`). ``progress`` is called with the code points of each part
        as it is stored.
        """
        ruleset = load_rules(rules)
        sizes = streaming.large_outputs(ruleset)
        if not isinstance(content, str) or len(content) > sizes.stream_chars:
            # a synopsis given (externalize made it): only whole-or-streamed is decided here, the
            # head is described only when that decision needs it, and no kind's counter is fed
            decide_only = synopsis is not None
            kwargs = {"mime": mime_type, "tool_name": tool_name, "preview_chars": preview_chars}
            if isinstance(content, str):
                streamed, head = streaming.stream_text(content, ruleset, sizes, decide_only=decide_only, **kwargs)
                chunks, whole, read = ingest.text_chunks(content), (None if streamed else content), []
            elif decide_only and isinstance(content, streaming.ChunkedText) and len(content) > sizes.whole_chars:
                chunks, whole, read, head = ingest.text_chunks(content), None, [], None  # streamed, whatever its head
            else:
                chunks = ingest.text_chunks(content)
                whole, read, head = streaming.collect(chunks, ruleset, sizes, decide_only=decide_only, **kwargs)
            if whole is None:
                return self._write_streamed(
                    itertools.chain(read, chunks), ruleset=ruleset, progress=progress, head=head, tool_id=tool_id,
                    tool_name=tool_name, mime_type=mime_type, message_id=message_id, preview_chars=preview_chars,
                    created_at=created_at, synopsis=synopsis, user_id=user_id, peer_id=peer_id,
                )
            content = whole
        content, redactions = prepare_content(prepare_for_storage, content, ruleset)
        encoded = cp.encode(content, cp.DEFAULT_EVERY)
        digest = hashlib.sha256()
        for chunk in encoded.chunks:
            digest.update(chunk)
        sha = digest.hexdigest()
        if progress is not None:
            progress(len(content))
        return self._store(
            sha=sha, chars=len(content), nbytes=encoded.nbytes, every=encoded.every, redactions=redactions,
            write_output=lambda tool_result_id: self._write_output(tool_result_id, encoded),
            describe=lambda kwargs: self._describe_whole(content, kwargs), ruleset=ruleset, tool_id=tool_id,
            tool_name=tool_name, mime_type=mime_type, message_id=message_id, preview_chars=preview_chars,
            created_at=created_at, synopsis=synopsis, user_id=user_id, peer_id=peer_id,
        )

    @staticmethod
    def _describe_whole(content: str, kwargs: dict[str, Any]) -> Synopsis:
        try:
            return synopsize(content, **kwargs)
        except UnicodeError:  # a component that cannot take lone surrogates: describe a same-length view
            return synopsize(without_surrogates(content), **kwargs)

    def _write_streamed(self, chunks, *, ruleset, progress, head=None, **fields: Any) -> rec.StoredToolResult:
        """One pass over ``chunks``: redacted per segment into a spool file, counted, then stored."""
        directory = None
        if isinstance(self.backend, LocalBackend):
            directory = self.backend.path(self.session_id)
            os.makedirs(directory, exist_ok=True)
        one = None
        if fields["synopsis"] is None:  # else the synopsis is given: nothing to describe or count
            one = ingest.Pass(ruleset, mime=fields["mime_type"], tool_name=fields["tool_name"],
                              preview_chars=fields["preview_chars"], head=head)
        spooled = ingest.spool(
            chunks,
            lambda segment: prepare_content(prepare_for_storage, segment, ruleset),
            every=cp.DEFAULT_EVERY,
            directory=directory,
            progress=progress,
            stored=None if one is None else one.feed,
        )
        try:
            return self._store(
                sha=spooled.sha256, chars=spooled.chars, nbytes=spooled.nbytes, every=spooled.every,
                redactions=spooled.redactions,
                write_output=lambda tool_result_id: self._write_spooled(tool_result_id, spooled),
                describe=lambda kwargs: self._describe_view(one, kwargs), ruleset=ruleset, **fields,
            )
        finally:
            spooled.remove()

    @staticmethod
    def _describe_view(one: ingest.Pass | None, kwargs: dict[str, Any]) -> Synopsis:
        assert one is not None  # only called when no synopsis was given, and then there is a Pass
        one.kwargs.update((key, value) for key, value in kwargs.items() if key != "rules")
        try:
            return one.describe()
        except UnicodeError:
            return one.describe(without_surrogates(one.view()))

    def _write_spooled(self, tool_result_id: str, spooled: ingest.Spooled) -> None:
        out = rec.output_path(self.session_id, tool_result_id)
        if isinstance(self.backend, LocalBackend):
            final = self.backend.path(out)
            os.makedirs(os.path.dirname(final), exist_ok=True)
            os.replace(spooled.path, final)
        elif isinstance(self.backend, S3Backend):
            # a multipart upload from the spool file, 5 MiB parts (S3's smallest) one at a time:
            # memory stays bounded whatever the size
            self.backend.fs.put_file(spooled.path, self.backend.path(out), chunksize=5 << 20, max_concurrency=1)
        else:
            with open(spooled.path, "rb") as source, self.backend.fs.open(self.backend.path(out), "wb") as target:
                while block := source.read(8 << 20):
                    target.write(block)
        pause_point("before_checkpoints")
        head = cp.HEADER.pack(cp.MAGIC, spooled.every, spooled.chars, spooled.nbytes)
        index = head + struct.pack(f"<{len(spooled.offsets)}Q", *spooled.offsets)
        self.backend.put(rec.checkpoints_path(self.session_id, tool_result_id), index)
        lines = line_index.from_chunk_counts(spooled.newline_counts, spooled.every, spooled.chars)
        self.backend.put(line_index.lines_path(self.session_id, tool_result_id), lines.to_bytes())

    def _store(
        self,
        *,
        sha: str,
        chars: int,
        nbytes: int,
        every: int,
        redactions: int,
        write_output,
        describe,
        ruleset,
        tool_id: str,
        tool_name: str,
        mime_type: str,
        message_id: str | None,
        preview_chars: int,
        created_at: str | None,
        synopsis: Synopsis | None,
        user_id: str | None,
        peer_id: str | None,
    ) -> rec.StoredToolResult:
        # the caller's metadata strings are stored and shown: a secret in them is redacted, whatever the policy
        (tool_id, tool_name, mime_type, message_id, user_id, peer_id, created_at), found = redact_fields(
            (tool_id, tool_name, mime_type, message_id, user_id, peer_id, created_at), ruleset)
        redactions += found
        tool_result_id = make_tool_result_id(tool_id, sha)
        found = self._try_metadata(tool_result_id)
        if found is not None and found.get("sha256") != sha:
            # a 16-hex prefix collision: never overwrite, use the full digest instead
            tool_result_id = f"tr_{safe_tool_id(tool_id)}_{sha}" if tool_id else f"tr_{sha}"
            found = self._try_metadata(tool_result_id)
        existing = found if found is not None and found.get("sha256") == sha else None
        if existing is not None:
            self._ensure_indexed(existing)
            return self._stored(existing, created=False)
        if synopsis is None:
            synopsis = describe({"mime": mime_type, "tool_name": tool_name, "rules": ruleset,
                                 "preview_chars": preview_chars})
        ref = make_ref(self.session_id, tool_result_id)
        metadata = {
            "tool_result_id": tool_result_id,
            "session_id": self.session_id,
            # the seed's metadata: what the caller gave, None when it gave nothing (issue 15)
            "message_id": message_id,
            "tool_id": tool_id or "",
            "tool_name": tool_name or "",
            "user_id": user_id,
            "peer_id": peer_id,
            "created_at": created_at,
            "original_chars": chars,
            "preview_chars": min(chars, max(int(preview_chars), 0)),
            "sha256": sha,
            "mime_type": "text/plain" if mime_type is None else mime_type,  # "" stays "" (the seed)
            "synopsis_kind": synopsis.kind,
            "synopsis": synopsis.to_dict(),
            "storage_uri": ref,
            "output_uri": f"{ref}/{rec.OUTPUT}",
            "offset_unit": OFFSET_UNIT,
            "ruleset": synopsis.ruleset or ruleset.name,
            "ruleset_version": synopsis.ruleset_version or ruleset.version,
            "redactions": int(redactions),
            "output_bytes": nbytes,
            "checkpoint_every": every,
            "stored_at_ns": monotonic_ns(),
        }
        write_output(tool_result_id)
        pause_point("before_metadata")
        created = self._commit(tool_result_id, metadata)
        if not created:  # another writer committed the same record first
            winner = self._existing(tool_result_id, sha)
            if winner is None:
                raise StoreError("a different tool result holds this id", details={"tool_result_id": tool_result_id})
            self._ensure_indexed(winner)
            return self._stored(winner, created=False)
        pause_point("before_index")
        self._index(metadata)
        return self._stored(metadata, created=True)

    def _existing(self, tool_result_id: str, sha: str) -> dict[str, Any] | None:
        try:
            metadata = self.load_metadata(tool_result_id)
        except NotFoundError:
            return None
        return metadata if metadata.get("sha256") == sha else None

    def _try_metadata(self, tool_result_id: str) -> dict[str, Any] | None:
        try:
            return self.load_metadata(tool_result_id)
        except NotFoundError:
            return None

    def _write_output(self, tool_result_id: str, encoded: cp.Encoded) -> None:
        """Output and checkpoints first, each atomically replaced (identical bytes for racing writers)."""
        out = rec.output_path(self.session_id, tool_result_id)
        if isinstance(self.backend, LocalBackend):
            chunks = iter(encoded.chunks)
            self.backend.put_stream(out, chunks, hook=lambda: pause_point("mid_output"))
        else:
            self.backend.put(out, encoded.data())
        pause_point("before_checkpoints")
        self.backend.put(rec.checkpoints_path(self.session_id, tool_result_id), encoded.index_bytes())
        index = line_index.from_encoded_chunks(encoded.chunks, encoded.every, encoded.chars)
        self.backend.put(line_index.lines_path(self.session_id, tool_result_id), index.to_bytes())

    def _commit(self, tool_result_id: str, metadata: dict[str, Any]) -> bool:
        return self.backend.create(rec.metadata_path(self.session_id, tool_result_id), rec.dump_metadata(metadata))

    def _index_entry_path(self, metadata: dict[str, Any]) -> str:
        ns = stored_ns(metadata)
        name = rec.index_name(ns, str(metadata.get("tool_name") or ""), str(metadata["tool_result_id"]))
        return f"{self.session_id}/{rec.INDEX}/{name}"

    def _index(self, metadata: dict[str, Any]) -> None:
        self.backend.create(self._index_entry_path(metadata), rec.dump_metadata(metadata))

    def _ensure_indexed(self, metadata: dict[str, Any]) -> None:
        path = self._index_entry_path(metadata)
        if not self.backend.exists(path):
            self.backend.create(path, rec.dump_metadata(metadata))

    def _stored(self, metadata: dict[str, Any], *, created: bool) -> rec.StoredToolResult:
        tool_result_id = str(metadata["tool_result_id"])
        ref = make_ref(self.session_id, tool_result_id)
        return rec.StoredToolResult(
            tool_result_id=tool_result_id,
            ref=ref,
            storage_uri=str(metadata.get("storage_uri") or ref),
            output_uri=str(metadata.get("output_uri") or f"{ref}/{rec.OUTPUT}"),
            metadata=metadata,
            synopsis=rec.synopsis_of(metadata),
            created=created,
        )

    # -- read ------------------------------------------------------------------
    @guarded
    def read(
        self,
        id_or_ref: str,
        offset: int = 0,
        limit: int = DEFAULT_READ_LIMIT,
        include_metadata: bool = True,
        *,
        line: int | None = None,
        lines: int | None = None,
        max_chars: int | None = None,
    ) -> ReadResult:
        """Code points ``[offset, offset + limit)`` (``limit=-1``: to the end), in O(limit).

        With ``line`` (1-based) and ``lines`` (default 100): those lines instead, in O(lines), through
        the line index (``store/lines.py``); the result has ``line``, ``lines``, ``total_lines``,
        ``next_line`` while more lines follow, and at most ``max_chars`` code points of content
        (``truncated`` and ``next_offset`` when cut).
        """
        if line is not None or lines is not None:
            tool_result_id = self.resolve(id_or_ref)
            metadata = self._load_metadata(tool_result_id)
            result = line_index.read_lines(self, tool_result_id, metadata, 1 if line is None else line,
                                100 if lines is None else lines, max_chars)
            if include_metadata:
                result["metadata"] = metadata
            return ReadResult(result)
        offset, limit = check_int("offset", offset), check_int("limit", limit)
        if offset < 0:
            raise InvalidArgumentError("offset must be greater than or equal to 0")
        if limit < -1:
            raise InvalidArgumentError("limit must be -1 or greater than or equal to 0")
        tool_result_id = self.resolve(id_or_ref)
        metadata = self.load_metadata(tool_result_id)
        content, total = self.slice(tool_result_id, offset, limit, metadata)
        end = None if limit == -1 else offset + limit
        result: dict[str, Any] = {
            "tool_result_id": tool_result_id,
            "content": content,
            "offset": offset,
            "limit": limit,
            "offset_unit": OFFSET_UNIT,
            "total_chars": total,
            "has_more": end is not None and end < total,
        }
        if include_metadata:
            result["metadata"] = metadata
        return ReadResult(result)

    def iter_text(self, id_or_ref: str, block_bytes: int | None = None) -> Iterator[tuple[int, str]]:
        """Yield the output as ``(char_offset, text)`` blocks, in bounded memory (for hydration or export)."""
        tool_result_id = self.resolve(id_or_ref)
        metadata = self.load_metadata(tool_result_id)
        yield from iter_blocks(self, tool_result_id, metadata, 0, block_bytes)

    # -- search and query --------------------------------------------------------
    @guarded
    def search(
        self,
        id_or_ref: str,
        query: str,
        limit: int = 20,
        context_chars: int = 300,
        *,
        mode: str = "literal",
        cursor: str | None = None,
    ) -> SearchResult:
        """Matches of ``query`` (``mode`` literal | icase | regex) with offset, line and snippet; page with ``cursor``."""
        return SearchResult(_search(self, id_or_ref, query, limit=limit, context_chars=context_chars, mode=mode,
                                    cursor=cursor))

    @guarded
    def query(self, id_or_ref: str, path: str, *, max_chars: int = 20_000) -> QueryResult:
        """JSONPath (or jq-like ``.a[].b``) values of a stored JSON output, at most ``max_chars`` of them."""
        return QueryResult(_query(self, id_or_ref, path, max_chars=max_chars))

    # -- list ------------------------------------------------------------------
    @guarded
    def list(self, tool_name: str | None = None, limit: int = DEFAULT_LIST_LIMIT, *, newest_first: bool = False) -> ListResult:
        """Metadata of the session's results in creation order, from the session's index."""
        limit = check_int("limit", limit)
        if limit <= 0:
            raise InvalidArgumentError("limit must be greater than 0")
        limit = min(limit, sys.maxsize)  # a limit beyond any possible count means "all"
        # the seed: an empty tool_name is no filter, as None
        return ListResult({"tool_results": list_results(self, tool_name or None, limit, newest_first=newest_first)})

    # -- message log -------------------------------------------------------------
    @guarded
    def append_messages(self, messages: list[dict[str, Any]]) -> None:
        """Append messages as ONE create-only object named by a monotonic key (never lost, order kept)."""
        if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
            raise InvalidArgumentError("messages must be a list of objects")
        if not messages:
            return
        data = json.dumps(messages, ensure_ascii=False).encode("utf-8", "surrogatepass")
        while True:
            name = f"{monotonic_ns():020d}_{next(SEQ):08d}_{uuid.uuid4().hex[:12]}.json"
            if self.backend.create(f"{self.session_id}/{rec.MESSAGES}/{name}", data):
                return

    @guarded
    def messages(self) -> list[dict[str, Any]]:
        """Every message appended to the session's log, in order."""
        folder = f"{self.session_id}/{rec.MESSAGES}"
        names = sorted(n for n in self.backend.names(folder) if n.endswith(".json") and not n.startswith("."))
        blobs = self.backend.cat_many([f"{folder}/{n}" for n in names])
        out: list[dict[str, Any]] = []
        for name in names:
            blob = blobs[f"{folder}/{name}"]
            if isinstance(blob, Exception):
                raise StoreError("message log entry unreadable", details={"entry": name})
            try:
                out.extend(json.loads(blob.decode("utf-8", "surrogatepass")))
            except (ValueError, RecursionError):
                raise StoreError("message log entry is corrupt", details={"entry": name}) from None
        return out


