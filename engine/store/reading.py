"""The read path of one session: metadata, the checkpoint header, a code-point slice (O(limit)).

:class:`Reader` is the surface every reading module uses (``search``, ``query``,
``listing``, ``maintenance`` get a session and call ``resolve``,
``load_metadata``, ``checkpoint_header``, ``slice``); none of them imports
:mod:`toolstub.store.session`.
"""

from __future__ import annotations

from typing import Any

from toolstub.errors import NotFoundError, StoreError
from toolstub.store import checkpoints as cp
from toolstub.store import records as rec
from toolstub.store.ids import decode_content
from toolstub.store.support import CheckpointsMissing, corrupt, missing_output, not_found


class Reader:
    """Mixin of :class:`ToolResultStore`: needs ``backend`` and ``session_id``."""

    backend: Any
    session_id: str

    def load_metadata(self, tool_result_id: str) -> dict[str, Any]:
        """The metadata of a validated ``tool_result_id`` (NotFoundError, StoreError)."""
        try:
            raw = self.backend.cat(rec.metadata_path(self.session_id, tool_result_id))
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            raise NotFoundError(not_found(tool_result_id), details={"tool_result_id": tool_result_id}) from None
        except OSError as exc:
            raise StoreError(f"store read failed: {type(exc).__name__}") from None
        return rec.load_metadata(raw, tool_result_id)

    _load_metadata = load_metadata  # the former private name

    def slice(self, tool_result_id: str, offset: int, limit: int, metadata: dict[str, Any]) -> tuple[str, int]:
        """(content[offset:offset+limit], total chars) through the checkpoint index when there is one."""
        header = self.checkpoint_header(tool_result_id, metadata)
        if header is not None:
            try:
                return self._slice_indexed(tool_result_id, header, offset, limit)
            except CheckpointsMissing:
                pass
        content = self._full_text(tool_result_id)
        self._rebuild_checkpoints_quietly(tool_result_id, content)
        end = None if limit == -1 else offset + limit
        return content[offset:end], len(content)

    def _slice_indexed(self, tool_result_id: str, header: cp.Header, offset: int, limit: int) -> tuple[str, int]:
        total = header.chars
        start = min(offset, total)
        stop = total if limit == -1 else min(total, offset + limit)
        if stop <= start:
            return "", total
        data, base = self._range(tool_result_id, header, start, stop)
        try:
            text = decode_content(data)
        except UnicodeDecodeError:
            raise corrupt(tool_result_id) from None
        piece = text[start - base : stop - base]
        if len(piece) != stop - start:
            raise corrupt(tool_result_id)
        return piece, total

    def _range(self, tool_result_id: str, header: cp.Header, start: int, stop: int) -> tuple[bytes, int]:
        ka, kb = cp.chunk_span(header, start, stop)
        lo, hi = cp.entry_range(header, ka, kb)
        try:
            raw = self.backend.cat(rec.checkpoints_path(self.session_id, tool_result_id), lo, hi)
        except FileNotFoundError:
            raise CheckpointsMissing from None
        try:
            offsets = cp.parse_entries(raw, kb - ka + 1, header)
            data = self.backend.cat(rec.output_path(self.session_id, tool_result_id), offsets[0], offsets[-1])
        except cp.CheckpointError:
            raise corrupt(tool_result_id) from None
        except FileNotFoundError:
            raise missing_output(tool_result_id) from None
        if len(data) != offsets[-1] - offsets[0]:
            raise corrupt(tool_result_id)
        return data, ka * header.every

    def checkpoint_header(self, tool_result_id: str, metadata: dict[str, Any]) -> cp.Header | None:
        """The index header, or None when the record has none (a seed-layout folder).

        Our metadata carries the header's three numbers, which saves a request; the
        index entries read next are still checked against them.
        """
        every, chars, nbytes = (metadata.get(k) for k in ("checkpoint_every", "original_chars", "output_bytes"))
        if all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in (every, chars, nbytes)) and every > 0:
            return cp.Header(every, chars, nbytes)
        try:
            raw = self.backend.cat(rec.checkpoints_path(self.session_id, tool_result_id), 0, cp.HEADER.size)
        except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
            return None
        try:
            header = cp.parse_header(raw)
        except cp.CheckpointError:
            raise corrupt(tool_result_id) from None
        chars = metadata.get("original_chars")
        if isinstance(chars, int) and chars != header.chars:
            raise corrupt(tool_result_id)
        return header

    _checkpoint_header = checkpoint_header  # the former private name

    def _full_text(self, tool_result_id: str) -> str:
        try:
            data = self.backend.cat(rec.output_path(self.session_id, tool_result_id))
        except (FileNotFoundError, IsADirectoryError):
            raise missing_output(tool_result_id) from None
        try:
            return decode_content(data)
        except UnicodeDecodeError:
            raise StoreError("tool result output is not valid UTF-8", details={"tool_result_id": tool_result_id}) from None

    def _rebuild_checkpoints_quietly(self, tool_result_id: str, content: str) -> None:
        try:
            self.backend.put(rec.checkpoints_path(self.session_id, tool_result_id), cp.encode(content, cp.DEFAULT_EVERY).index_bytes())
        except (OSError, PermissionError):  # a read-only store keeps working, just slower
            pass
