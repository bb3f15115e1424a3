"""The seed's tool-result routes (list, read, search) plus query and paged search.

``/api/v1/sessions/{session_id}/tool-results[/{tool_result_id}[/search|/query]]``,
with the seed's parameters, defaults and envelope.
"""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import APIRouter, Query, Request
from fastapi import Path as PathParam

from toolstub.errors import InvalidArgumentError
from toolstub.server.deps import CurrentKey, ExistingSession
from toolstub.server.envelope import EnvelopeJSONResponse, error_docs, ok
from toolstub.server.models import (
    Ok,
    QueryResult,
    ReadResult,
    ResultList,
    SearchResult,
    Sessions,
)

ResultId = Annotated[str, PathParam(description="A tool result id (tr_...)", max_length=256,
                                    json_schema_extra={"pattern": "^tr_[A-Za-z0-9_.-]{1,197}$"})]
ERRORS = error_docs(400, 401, 404, 413)
MAX_COUNT = 2**62
#: a search page over HTTP: at most this many matches, each with at most this much context a side
MAX_SEARCH_PAGE = 1000
MAX_CONTEXT_CHARS = 20_000
#: ... and at most about this many snippet characters in all (fewer matches when the context is wide)
MAX_PAGE_CHARS = 2_000_000


def add_routes(api: APIRouter) -> None:
    base = "/sessions/{session_id}/tool-results"

    @api.get("/sessions", response_model=Ok[Sessions], responses=error_docs(400, 401), tags=["sessions"],
             summary="The sessions this key may read that hold something")
    def list_sessions(
        request: Request,
        key: CurrentKey,
        limit: Annotated[int, Query(ge=1, description="At most this many session ids")] = 1000,
    ) -> EnvelopeJSONResponse:
        sessions = request.app.state.store.sessions()
        if key is not None and not key.admin:
            sessions = [s for s in sessions if s in key.sessions]
        return ok({"sessions": sessions[:limit]})

    @api.get(base, response_model=Ok[ResultList], responses=ERRORS, tags=["tool results"],
             summary="List the session's stored tool results (oldest first)")
    def list_results(
        session: ExistingSession,
        tool_name: Annotated[str | None, Query(description="Only results of this tool")] = None,
        limit: Annotated[int, Query(ge=1, description="At most this many results")] = 50,
    ) -> EnvelopeJSONResponse:
        # A limit beyond any possible count means "all": clamp it to a machine size.
        return ok(session.list(tool_name=tool_name, limit=min(limit, MAX_COUNT)))

    @api.get(base + "/{tool_result_id}", response_model=Ok[ReadResult], responses=ERRORS,
             tags=["tool results"], summary="Read a slice of a stored result (offsets in code points, or by lines)")
    def read_result(
        session: ExistingSession,
        tool_result_id: ResultId,
        offset: Annotated[int, Query(ge=0, description="First code point")] = 0,
        limit: Annotated[int, Query(description="Code points to return; -1 for all",
                                    json_schema_extra={"minimum": -1})] = 20_000,
        include_metadata: Annotated[bool, Query(description="Include the metadata")] = True,
        line: Annotated[int | None, Query(ge=1, description="Read by lines: the first line (1-based; "
                                          "offset and limit are then ignored)")] = None,
        lines: Annotated[int | None, Query(ge=1, description="Read by lines: how many (default 100)")] = None,
    ) -> EnvelopeJSONResponse:
        if line is not None or lines is not None:
            return ok(session.read(tool_result_id, line=line, lines=lines, include_metadata=include_metadata))
        if limit < -1:
            raise InvalidArgumentError(
                "limit must be -1 or greater than or equal to 0", details={"field": "limit", "value": limit}
            )
        return ok(session.read(tool_result_id, offset=offset, limit=limit, include_metadata=include_metadata))

    @api.get(base + "/{tool_result_id}/search", response_model=Ok[SearchResult], responses=ERRORS,
             tags=["tool results"], summary="Search a stored result; page with 'cursor'")
    def search_result(
        session: ExistingSession,
        tool_result_id: ResultId,
        q: Annotated[str, Query(min_length=1, description="What to find")],
        limit: Annotated[int, Query(ge=1, description=f"Matches per page (at most {MAX_SEARCH_PAGE}, and about "
                                                      f"{MAX_PAGE_CHARS} snippet chars, are returned: page on "
                                                      "with 'next')")] = 20,
        context_chars: Annotated[int, Query(ge=0, description=f"Context each side of a match (at most "
                                                              f"{MAX_CONTEXT_CHARS})")] = 300,
        mode: Annotated[Literal["literal", "icase", "regex"], Query(description="How q matches")] = "literal",
        cursor: Annotated[str | None, Query(description="'next' of the previous page")] = None,
    ) -> EnvelopeJSONResponse:
        # one request does bounded work: a page of at most MAX_SEARCH_PAGE snippets of bounded size
        context_chars = min(context_chars, MAX_CONTEXT_CHARS)
        page = min(limit, MAX_SEARCH_PAGE, max(1, MAX_PAGE_CHARS // (2 * context_chars + 1)))
        result = session.search(tool_result_id, q, limit=page, context_chars=context_chars, mode=mode, cursor=cursor)
        return ok(result)

    @api.get(base + "/{tool_result_id}/query", response_model=Ok[QueryResult], responses=error_docs(400, 401, 404, 412),
             tags=["tool results"], summary="JSONPath query into a stored JSON result")
    def query_result(
        session: ExistingSession,
        tool_result_id: ResultId,
        path: Annotated[str, Query(min_length=1, description="A JSONPath, e.g. $.items[0].name")],
        max_chars: Annotated[int, Query(ge=1, description="Cap on the rendered values")] = 20_000,
    ) -> EnvelopeJSONResponse:
        return ok(session.query(tool_result_id, path, max_chars=max_chars))
