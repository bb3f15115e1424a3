"""The MCP server: read, search, list and query stored tool results of one session.

Built on the official ``mcp`` SDK 2.x (:class:`mcp.server.mcpserver.MCPServer`).
Tool names come from the ruleset's ``stub.tools`` (so they match the ``Explore:``
lines of the stubs the model sees): ``toolstub_result_read|search|list|query`` with
the default rules, ``openviking_tool_result_*`` with ``openviking-compat`` (which
names no query tool: it gets ``openviking_tool_result_query``).

Results page: ``read`` returns ``next_offset`` while more content follows;
``search`` returns ``next`` (pass it back as ``cursor``). A bad or unknown ref is
a tool error (``is_error``) with a one-line message, never a crash. A ref of
another session is "not found", as an unknown one is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import Field

from toolstub.errors import NotFoundError, RequestError

TOOL_KINDS = ("read", "search", "list", "query")
MAX_READ_CHARS = 200_000
LIST_FIELDS = (
    "tool_result_id", "tool_name", "tool_id", "created_at", "original_chars", "mime_type", "synopsis_kind",
)

Ref = Annotated[str, Field(description="The ref from the stub (toolstub://... or viking://...) or a tr_ id")]


def tool_names(ruleset: Any) -> dict[str, str]:
    """``{read, search, list, query}`` -> tool name, from ``stub.tools`` of the ruleset."""
    tools = dict(ruleset.stub.tools)
    names = {kind: tools[kind] for kind in TOOL_KINDS if tools.get(kind)}
    prefix = "toolstub_result"
    for anchor in ("read", "search", "list"):
        if anchor in names and names[anchor].endswith("_" + anchor):
            prefix = names[anchor][: -len(anchor) - 1]
            break
    for kind in TOOL_KINDS:
        names.setdefault(kind, f"{prefix}_{kind}")
    return names


class SessionTools:
    """The four tools over one session's ToolResultStore."""

    def __init__(self, session: Any, session_id: str) -> None:
        self.session = session
        self.session_id = session_id

    def _id(self, ref: str) -> str:
        from toolstub.store import parse_ref

        sid, rid = parse_ref(ref)
        if sid is not None and sid != self.session_id:
            raise NotFoundError(f"Tool result not found: {rid}", details={"tool_result_id": rid})
        return rid

    def read(self, ref: str, offset: int, limit: int) -> dict[str, Any]:
        # A model's context is the scarce thing: one call returns at most MAX_READ_CHARS.
        limit = MAX_READ_CHARS if limit == -1 else min(limit, MAX_READ_CHARS)
        result = dict(self.session.read(self._id(ref), offset=offset, limit=limit, include_metadata=False))
        result["ref"] = self.session.ref(result["tool_result_id"])
        if result.get("has_more"):
            result["next_offset"] = result["offset"] + len(result["content"])
        return result

    def search(self, ref: str, query: str, limit: int, context_chars: int, mode: str, cursor: str | None) -> dict:
        rid = self._id(ref)
        result = dict(self.session.search(rid, query, limit=limit, context_chars=context_chars, mode=mode,
                                          cursor=cursor or None))
        result["ref"] = self.session.ref(rid)
        return result

    def list(self, tool_name: str | None, limit: int) -> dict[str, Any]:
        listed = self.session.list(tool_name=tool_name or None, limit=limit)
        entries = []
        for meta in listed.get("tool_results", []):
            entry = {k: meta.get(k) for k in LIST_FIELDS if k in meta}
            entry["ref"] = self.session.ref(meta["tool_result_id"])
            title = (meta.get("synopsis") or {}).get("title")
            if title:
                entry["title"] = title
            entries.append(entry)
        return {"session_id": self.session_id, "tool_results": entries}

    def query(self, ref: str, path: str, max_chars: int) -> dict[str, Any]:
        rid = self._id(ref)
        result = dict(self.session.query(rid, path, max_chars=max_chars))
        result["ref"] = self.session.ref(rid)
        return result


def _guard(fn: Any) -> Any:
    """Turn toolstub's request errors into MCP tool errors (is_error, one line)."""
    from mcp.server.mcpserver.exceptions import ToolError

    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RequestError as exc:
            from toolstub.server.envelope import scrub

            raise ToolError(f"{exc.code}: {scrub(exc.message)}") from None

    return call


def build_mcp_server(
    store_url: str | None = None,
    *,
    session_id: str,
    rules: str | Path | Any = None,
    store: Any = None,
) -> Any:
    """An :class:`MCPServer` exposing the session's stored results; run it with ``.run()``."""
    from mcp.server.mcpserver import MCPServer

    from toolstub.rule_files import load_rules
    from toolstub.store import open_store
    from toolstub.store.ids import validate_session_id

    ruleset = load_rules(rules)
    validate_session_id(session_id)
    tools = SessionTools((store or open_store(store_url)).session(session_id), session_id)
    names = tool_names(ruleset)
    server = MCPServer(
        "toolstub",
        instructions=(
            f"Large tool outputs of session {session_id} are stored outside the context; the stubs in "
            f"the conversation carry their refs. Use {names['search']} to find snippets, {names['read']} "
            f"to read slices (page with next_offset), {names['query']} for JSONPath into JSON outputs, "
            f"{names['list']} to see what is stored."
        ),
    )
    _register(server, tools, names)
    return server


def _register(server: Any, tools: SessionTools, names: dict[str, str]) -> None:
    read_g, search_g, list_g, query_g = (_guard(f) for f in (tools.read, tools.search, tools.list, tools.query))

    def read(
        ref: Ref,
        offset: Annotated[int, Field(ge=0, description="First code point to return")] = 0,
        limit: Annotated[int, Field(ge=-1, description="Code points to return (at most 200000 a call; "
                                    "-1: that much)")] = 20_000,
    ) -> dict[str, Any]:
        """Read raw output by ref, in slices of code points. While has_more, call again with offset=next_offset."""
        return read_g(ref, offset, limit)

    def search(
        ref: Ref,
        query: Annotated[str, Field(min_length=1, description="Text (or regex with mode=regex) to find")],
        limit: Annotated[int, Field(ge=1, le=500, description="Matches per page")] = 20,
        context_chars: Annotated[int, Field(ge=0, le=20_000, description="Context each side")] = 300,
        mode: Annotated[Literal["literal", "icase", "regex"], Field(description="How query matches")] = "literal",
        cursor: Annotated[str | None, Field(description="The 'next' value of the previous page")] = None,
    ) -> dict[str, Any]:
        """Search raw output by ref: matches with offset, line and snippet, the total, and 'next' to page on."""
        return search_g(ref, query, limit, context_chars, mode, cursor)

    def list_results(
        tool_name: Annotated[str | None, Field(description="Only outputs of this tool")] = None,
        limit: Annotated[int, Field(ge=1, le=1000, description="At most this many")] = 50,
    ) -> dict[str, Any]:
        """List the externalized outputs of this session (oldest first), each with its ref."""
        return list_g(tool_name, limit)

    def query(
        ref: Ref,
        path: Annotated[str, Field(min_length=1, description="A JSONPath, e.g. $.items[0].name")],
        max_chars: Annotated[int, Field(ge=1, le=200_000, description="Cap on the rendered values")] = 20_000,
    ) -> dict[str, Any]:
        """Pull values out of a stored JSON output with a JSONPath expression."""
        return query_g(ref, path, max_chars)

    for kind, fn in (("read", read), ("search", search), ("list", list_results), ("query", query)):
        server.add_tool(fn, name=names[kind])


class McpKeyMiddleware:
    """API keys for the MCP streamable HTTP transport: a key must allow the served session.

    Missing or wrong key: 401; a key scoped to other sessions: 404 (as for the HTTP API).
    """

    def __init__(self, app: Any, keyring: Any, session_id: str) -> None:
        self.app = app
        self.keyring = keyring
        self.session_id = session_id

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not self.keyring.enabled:
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", ())}
        scheme, _, token = headers.get("authorization", "").partition(" ")
        presented = token.strip() if scheme.lower() == "bearer" else headers.get("x-api-key")
        key = self.keyring.authenticate(presented)
        if key is None or not key.allows(self.session_id):
            from toolstub.server.envelope import error_response

            if key is None:
                response = error_response("UNAUTHENTICATED", "missing or invalid API key",
                                          headers={"WWW-Authenticate": "Bearer"})
            else:
                response = error_response("NOT_FOUND", "Not Found")
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def serve_http(server: Any, *, session_id: str, host: str, port: int, path: str = "/mcp",
               keyring: Any = None, log_level: str = "info") -> None:
    """Run the streamable HTTP transport with uvicorn, behind API keys when configured."""
    import uvicorn

    app = server.streamable_http_app(streamable_http_path=path, stateless_http=True, host=host)
    if keyring is not None and keyring.enabled:
        app = McpKeyMiddleware(app, keyring, session_id)
    uvicorn.run(app, host=host, port=port, log_level=log_level)
