"""Typed results of ``read``, ``search``, ``list`` and ``query``.

Each is a ``dict`` (the seed's JSON shape, unchanged: ``result["content"]`` works as before and
the value serializes as it is) with typed attributes for its keys (``result.content`` is a
``str``) and :meth:`Result.to_dict` for a plain ``dict`` copy. An optional key that is absent
reads as ``None``.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")

__all__ = ["ListResult", "QueryResult", "ReadResult", "Result", "SearchResult"]


class _Key(Generic[T]):
    """A typed, read-only attribute for one key of a :class:`Result`."""

    name: str

    def __init__(self, doc: str) -> None:
        self.__doc__ = doc
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, owner: type | None = None) -> _Key[T]: ...

    @overload
    def __get__(self, obj: Result, owner: type | None = None) -> T: ...

    def __get__(self, obj: Result | None, owner: type | None = None) -> _Key[T] | T:
        if obj is None:
            return self
        return obj.get(self.name)  # type: ignore[return-value]


class Result(dict[str, Any]):
    """A store result: a JSON-ready ``dict`` with typed attributes."""

    def to_dict(self) -> dict[str, Any]:
        """A plain ``dict`` with the same keys and values (a shallow copy)."""
        return dict(self)


class ReadResult(Result):
    """``read``: a slice of one output by code points, or by lines (``line``/``lines``)."""

    tool_result_id: _Key[str] = _Key("The id of the stored result (tr_...).")
    content: _Key[str] = _Key("The text read.")
    offset: _Key[int] = _Key("The code point the content starts at.")
    limit: _Key[int | None] = _Key("The limit asked for (None when reading by lines).")
    offset_unit: _Key[str] = _Key('"unicode_code_point".')
    total_chars: _Key[int] = _Key("Code points in the whole output.")
    has_more: _Key[bool] = _Key("Whether content follows the slice.")
    metadata: _Key[dict[str, Any] | None] = _Key("The record's metadata (None with include_metadata=False).")
    line: _Key[int | None] = _Key("Reading by lines: the first line (1-based).")
    lines: _Key[int | None] = _Key("Reading by lines: how many lines the content spans.")
    total_lines: _Key[int | None] = _Key("Reading by lines: lines in the whole output.")
    next_line: _Key[int | None] = _Key("Reading by lines: the line to ask for next, while lines follow.")
    truncated: _Key[bool | None] = _Key("Reading by lines: whether max_chars cut the content.")
    next_offset: _Key[int | None] = _Key("Where to go on by offset when the content was cut.")


class SearchResult(Result):
    """``search``: matches (``offset``, ``snippet``, ``line``), the total, and a cursor."""

    tool_result_id: _Key[str] = _Key("The id of the stored result (tr_...).")
    matches: _Key[list[dict[str, Any]]] = _Key("This page's matches: offset, offset_unit, snippet, line.")
    total: _Key[int | None] = _Key("All matches over every page when total_exact, else at least this many.")
    total_exact: _Key[bool | None] = _Key("Whether total is exact (the scan reached the end; counting "
                                          "past the page stops after 10,000 matches or 64 Mi code points).")
    next: _Key[str | None] = _Key("Pass as cursor for the next page; None on the last.")


class ListResult(Result):
    """``list``: the session's stored results, oldest first."""

    tool_results: _Key[list[dict[str, Any]]] = _Key("The metadata of each stored result.")


class QueryResult(Result):
    """``query``: JSONPath matches in a stored JSON output, capped at ``max_chars``."""

    tool_result_id: _Key[str] = _Key("The id of the stored result (tr_...).")
    path: _Key[str] = _Key("The JSONPath evaluated.")
    count: _Key[int] = _Key("All matches.")
    returned: _Key[int] = _Key("The matches returned (whole values that fit max_chars).")
    truncated: _Key[bool] = _Key("Whether some matches were left out.")
    matches: _Key[list[dict[str, Any]]] = _Key("Each match's path and value.")
