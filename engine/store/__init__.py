"""The tool result store: every externalized output, whole, readable by ref.

``toolstub.open_store(url=None).session(session_id)`` is a :class:`ToolResultStore`
with the seed's ``write`` / ``read`` / ``search`` / ``list`` / ``metadata`` and
toolstub's ``query``, paged search and message log. See ``docs/store.md``.
"""

from __future__ import annotations

from toolstub.store.backend import Backend, default_local_root
from toolstub.store.ids import (
    OFFSET_UNIT,
    make_ref,
    make_tool_result_id,
    parse_ref,
    safe_tool_id,
    sha256_text,
)
from toolstub.store.records import StoredToolResult
from toolstub.store.results import ListResult, QueryResult, ReadResult, Result, SearchResult
from toolstub.store.session import ToolResultStore
from toolstub.store.store import Store, open_store

__all__ = [
    "OFFSET_UNIT",
    "Backend",
    "ListResult",
    "QueryResult",
    "ReadResult",
    "Result",
    "SearchResult",
    "Store",
    "StoredToolResult",
    "ToolResultStore",
    "default_local_root",
    "make_ref",
    "make_tool_result_id",
    "open_store",
    "parse_ref",
    "safe_tool_id",
    "sha256_text",
]
