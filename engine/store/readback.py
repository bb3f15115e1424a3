"""The four read-back tools a model gets over one session: read, search, list, query.

One implementation shared by the MCP server and every framework integration
(``toolstub.integrations.*``), so a model sees the same names, arguments and
results wherever it runs. Tool names come from the ruleset's ``stub.tools`` (they
match the ``Explore:`` lines of the stubs): ``toolstub_result_read|search|list|query``
with the default rules.

Results are plain dicts (JSON-ready). ``read`` pages with ``next_offset`` (or
``next_line`` when reading by lines); ``search`` with ``next`` (pass it back as
``cursor``). A ref of another session is "not found", as an unknown one is.
"""

from __future__ import annotations

import json
from typing import Any

import jsonschema

from toolstub.errors import NotFoundError, ToolstubError
from toolstub.store.ids import parse_ref

TOOL_KINDS = ("read", "search", "list", "query")
MAX_READ_CHARS = 200_000
DEFAULT_READ_CHARS = 20_000
LIST_FIELDS = (
    "tool_result_id", "tool_name", "tool_id", "created_at", "original_chars", "mime_type", "synopsis_kind",
)

DESCRIPTIONS = {
    "read": "Read a stored tool output by ref: code points [offset, offset+limit), or `lines` lines from "
            "1-based `line`. While has_more, call again with offset=next_offset (or line=next_line).",
    "search": "Search a stored tool output by ref: matches with offset, line and snippet, the total (at "
              "least that many when total_exact is false), and 'next' to pass back as cursor for the next page.",
    "list": "List the stored (externalized) tool outputs of this session, oldest first, each with its ref.",
    "query": "Pull values out of a stored JSON output with a JSONPath expression (e.g. $.items[0].name).",
}

_REF = {"type": "string", "description": "The ref from the stub (toolstub://...) or a tr_ id"}

SCHEMAS: dict[str, dict[str, Any]] = {
    "read": {
        "type": "object",
        "properties": {
            "ref": _REF,
            "offset": {"type": "integer", "minimum": 0, "default": 0, "description": "First code point to return"},
            "limit": {"type": "integer", "minimum": 1, "maximum": MAX_READ_CHARS, "default": DEFAULT_READ_CHARS,
                      "description": f"Code points to return (at most {MAX_READ_CHARS} a call)"},
            "line": {"type": "integer", "minimum": 1,
                     "description": "Read by lines instead: the first line (1-based), e.g. a line the stub cites"},
            "lines": {"type": "integer", "minimum": 1, "description": "With line: how many lines (default 100)"},
        },
        "required": ["ref"],
        "additionalProperties": False,
    },
    "search": {
        "type": "object",
        "properties": {
            "ref": _REF,
            "query": {"type": "string", "minLength": 1, "description": "Text (or a regex with mode=regex) to find"},
            "mode": {"type": "string", "enum": ["literal", "icase", "regex"], "default": "literal"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 500, "default": 20, "description": "Matches per page"},
            "context_chars": {"type": "integer", "minimum": 0, "maximum": 20_000, "default": 300},
            "cursor": {"type": "string", "description": "The 'next' value of the previous page"},
        },
        "required": ["ref", "query"],
        "additionalProperties": False,
    },
    "list": {
        "type": "object",
        "properties": {
            "tool_name": {"type": "string", "description": "Only outputs of this tool"},
            "limit": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 50},
        },
        "additionalProperties": False,
    },
    "query": {
        "type": "object",
        "properties": {
            "ref": _REF,
            "path": {"type": "string", "minLength": 1, "description": "A JSONPath, e.g. $.items[0].name"},
            "max_chars": {"type": "integer", "minimum": 1, "maximum": MAX_READ_CHARS, "default": 20_000},
        },
        "required": ["ref", "path"],
        "additionalProperties": False,
    },
}

DEFAULT_LINES = 100


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
    """The four tools over one session's :class:`~toolstub.store.ToolResultStore`."""

    def __init__(self, session: Any, session_id: str | None = None) -> None:
        self.session: Any = session
        self.session_id: str = session_id or session.session_id

    def _id(self, ref: str) -> str:
        sid, rid = parse_ref(ref)
        if sid is not None and sid != self.session_id:
            raise NotFoundError(f"Tool result not found: {rid}", details={"tool_result_id": rid})
        return rid

    def read(self, ref: str, offset: int = 0, limit: int = DEFAULT_READ_CHARS,
             line: int | None = None, lines: int | None = None) -> dict[str, Any]:
        """A slice of the output by code points, or by lines when ``line`` is given (at most MAX_READ_CHARS)."""
        # A model's context is the scarce thing: one call returns at most MAX_READ_CHARS.
        limit = MAX_READ_CHARS if limit == -1 else min(limit, MAX_READ_CHARS)
        rid = self._id(ref)
        if line is not None or lines is not None:
            result = dict(self.session.read(rid, line=line or 1, lines=lines or DEFAULT_LINES,
                                            max_chars=MAX_READ_CHARS, include_metadata=False))
        else:
            result = dict(self.session.read(rid, offset=offset, limit=limit, include_metadata=False))
            if result.get("has_more"):
                result["next_offset"] = result["offset"] + len(result["content"])
        result["ref"] = self.session.ref(rid)
        return result

    def search(self, ref: str, query: str, limit: int = 20, context_chars: int = 300, mode: str = "literal",
               cursor: str | None = None) -> dict[str, Any]:
        """Matches of ``query`` in the output, with a cursor to page on."""
        rid = self._id(ref)
        result = dict(self.session.search(rid, query, limit=limit, context_chars=context_chars, mode=mode,
                                          cursor=cursor or None))
        result["ref"] = self.session.ref(rid)
        return result

    def list(self, tool_name: str | None = None, limit: int = 50) -> dict[str, Any]:
        """The session's stored outputs (a few fields each, with ref and title), oldest first."""
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

    def query(self, ref: str, path: str, max_chars: int = 20_000) -> dict[str, Any]:
        """JSONPath (or jq-like) values from a stored JSON output."""
        rid = self._id(ref)
        result = dict(self.session.query(rid, path, max_chars=max_chars))
        result["ref"] = self.session.ref(rid)
        return result

    def call(self, kind: str, arguments: dict[str, Any]) -> dict[str, Any]:
        """Run tool ``kind`` with a model's arguments; a toolstub error becomes ``{"error": "CODE: message"}``.

        Arguments are checked against :data:`SCHEMAS` first (unknown or mistyped ones are an error the
        model can read and correct, never an exception in the agent loop).
        """
        problem = check_arguments(kind, arguments)
        if problem:
            return {"error": f"INVALID_ARGUMENT: {problem}"}
        args = {k: v for k, v in arguments.items() if v is not None}
        try:
            return getattr(self, kind)(**args)
        except ToolstubError as exc:
            code = getattr(exc, "code", "ERROR")
            message = str(getattr(exc, "message", exc)).splitlines()[0] if str(exc) else type(exc).__name__
            return {"error": f"{code}: {message}"}

    def call_json(self, kind: str, arguments: dict[str, Any]) -> str:
        """:meth:`call` rendered as JSON text (what a framework tool returns to the model)."""
        return dumps(self.call(kind, arguments))


def check_arguments(kind: str, arguments: Any) -> str:
    """The first problem with ``arguments`` for tool ``kind`` as one line, or ``""``."""
    if kind not in SCHEMAS:
        return f"unknown tool {kind!r}"
    if not isinstance(arguments, dict):
        return "arguments must be an object"
    clean = {k: v for k, v in arguments.items() if v is not None}
    error = jsonschema.exceptions.best_match(jsonschema.Draft202012Validator(SCHEMAS[kind]).iter_errors(clean))
    if error is None:
        return ""
    where = ".".join(str(p) for p in error.absolute_path)
    return f"{where}: {error.message}" if where else error.message


def dumps(result: dict[str, Any]) -> str:
    """JSON text for a model (non-ASCII kept, lone surrogates escaped so the text always encodes)."""
    text = json.dumps(result, ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(result, ensure_ascii=True)
    return text
