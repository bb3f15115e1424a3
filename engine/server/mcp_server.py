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

from toolstub.server.routes_results import MAX_PAGE_CHARS
from toolstub.redact import redacted_reads
from toolstub.errors import RequestError
from toolstub.rule_files import load_rules
from toolstub.server.envelope import error_response, scrub
from toolstub.server.host_check import HostCheckMiddleware, HostPolicy
from toolstub.store import open_store
from toolstub.store.ids import validate_session_id

# The tools themselves are shared with the framework integrations (toolstub.integrations).
from toolstub.store.readback import (
    LIST_FIELDS,
    MAX_READ_CHARS,
    TOOL_KINDS,
    SessionTools,
    tool_names,
)

__all__ = ["LIST_FIELDS", "MAX_READ_CHARS", "TOOL_KINDS", "SessionTools", "build_mcp_server", "tool_names"]

Ref = Annotated[str, Field(description="The ref from the stub (toolstub://... or viking://...) or a tr_ id")]


def _one_line_validation(exc: Any) -> str:
    """``INVALID_ARGUMENT: offset: must be >= 0; limit: ...`` from a pydantic ValidationError."""
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err.get("loc", ())) or "arguments"
        parts.append(f"{where}: {' '.join(str(err.get('msg', 'invalid')).split())}")
    return "INVALID_ARGUMENT: " + "; ".join(parts)


def _guard(fn: Any) -> Any:
    """Turn toolstub's request errors into MCP tool errors (is_error, one line)."""
    from mcp.server.mcpserver.exceptions import ToolError

    def call(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except RequestError as exc:
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


    from importlib.metadata import version

    from mcp.server.mcpserver.exceptions import ToolError
    from pydantic import ValidationError

    class ToolstubMCPServer(MCPServer):
        """Argument errors as one line (``INVALID_ARGUMENT: field: what``), like every toolstub error."""

        async def call_tool(self, name: str, arguments: dict[str, Any], context: Any = None) -> Any:
            try:
                return await super().call_tool(name, arguments, context)
            except ToolError as exc:
                if isinstance(exc.__cause__, ValidationError):
                    raise ToolError(_one_line_validation(exc.__cause__)) from exc.__cause__
                raise

    ruleset = load_rules(rules)
    validate_session_id(session_id)
    # answers are redacted as they are shown (outputs kept under policy: keep, older records, metadata)
    tools = SessionTools(redacted_reads((store or open_store(store_url)).session(session_id), ruleset), session_id)
    names = tool_names(ruleset)
    server = ToolstubMCPServer(
        "toolstub",
        version=version("toolstub"),
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
        line: Annotated[int | None, Field(ge=1, description="Read by lines instead: the first line (1-based), "
                                          "e.g. a line the stub cites")] = None,
        lines: Annotated[int | None, Field(ge=1, description="With line: how many lines (default 100)")] = None,
    ) -> dict[str, Any]:
        """Read raw output by ref, in slices of code points or by lines. While has_more, call again with
        offset=next_offset (or line=next_line)."""
        return read_g(ref, offset, limit, line, lines)

    def search(
        ref: Ref,
        query: Annotated[str, Field(min_length=1, description="Text (or regex with mode=regex) to find")],
        limit: Annotated[int, Field(ge=1, le=500, description="Matches per page")] = 20,
        context_chars: Annotated[int, Field(ge=0, le=20_000, description="Context each side")] = 300,
        mode: Annotated[Literal["literal", "icase", "regex"], Field(description="How query matches")] = "literal",
        cursor: Annotated[str | None, Field(description="The 'next' value of the previous page")] = None,
    ) -> dict[str, Any]:
        """Search raw output by ref: matches with offset, line and snippet, the total (a lower bound when
        total_exact is false), and 'next' to page on."""
        # bounded work per call, as over HTTP: fewer matches a page when the context is wide
        limit = min(limit, max(1, MAX_PAGE_CHARS // (2 * context_chars + 1)))
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

    from mcp.types import ToolAnnotations

    # every tool only reads the store: clients may call them without asking the user
    read_only = ToolAnnotations(read_only_hint=True, destructive_hint=False, idempotent_hint=True,
                                open_world_hint=False)
    for kind, fn in (("read", read), ("search", search), ("list", list_results), ("query", query)):
        server.add_tool(fn, name=names[kind], annotations=read_only)


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
            if key is None:
                response = error_response("UNAUTHENTICATED", "missing or invalid API key",
                                          headers={"WWW-Authenticate": "Bearer"})
            else:
                response = error_response("NOT_FOUND", "Not Found")
            await response(scope, receive, send)
            return
        await self.app(scope, receive, send)


def streamable_app(server: Any, *, session_id: str, host: str = "127.0.0.1", path: str = "/mcp",
                   keyring: Any = None, host_policy: Any = None) -> Any:
    """The streamable HTTP ASGI app: Host/Origin checks (loopback names by default: 421 / 403
    otherwise, whatever address it is bound to), then API keys when configured."""
    from mcp.server.transport_security import TransportSecuritySettings

    # The SDK's own check is replaced by ours, which also holds when bound beyond loopback.
    app = server.streamable_http_app(
        streamable_http_path=path, stateless_http=True, host=host,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False))
    if keyring is not None and keyring.enabled:
        app = McpKeyMiddleware(app, keyring, session_id)
    return HostCheckMiddleware(app, host_policy if host_policy is not None else HostPolicy())


def serve_http(server: Any, *, session_id: str, host: str, port: int, path: str = "/mcp",
               keyring: Any = None, log_level: str = "info", host_policy: Any = None) -> None:
    """Run the streamable HTTP transport with uvicorn, behind Host/Origin checks and API keys."""
    import uvicorn

    app = streamable_app(server, session_id=session_id, host=host, path=path, keyring=keyring,
                         host_policy=host_policy)
    uvicorn.run(app, host=host, port=port, log_level=log_level)
