"""``query(id, path)``: JSONPath (or a jq-like dotted path) into a stored JSON output.

``$.items[*].id`` (JSONPath, jsonpath-ng's extended syntax) and ``.items[].id``
(jq-like: ``.`` is the root, ``[]`` every element) are both accepted. The answer
is capped at ``max_chars`` of JSON text: ``matches`` holds as many whole values
as fit, ``count`` the number of all matches, ``truncated`` whether some were cut.
"""

from __future__ import annotations

import json
import re
from typing import Any

from toolstub.errors import InvalidArgumentError

_JQ_EVERY = re.compile(r"\[\]")
#: the JSON document is parsed whole; bigger outputs are refused (search and read stream instead)
MAX_QUERY_BYTES = 256 << 20


def to_jsonpath(path: str) -> str:
    text = path.strip()
    if not text:
        raise InvalidArgumentError("path must not be empty")
    if text.startswith("$"):
        return text
    if text.startswith("."):  # jq-like
        text = _JQ_EVERY.sub("[*]", text)
        return "$" if text == "." else "$" + text
    return "$." + _JQ_EVERY.sub("[*]", text)


def _compile(path: str):
    from jsonpath_ng.exceptions import JsonPathLexerError, JsonPathParserError
    from jsonpath_ng.ext import parse

    expression = to_jsonpath(path)
    try:
        return parse(expression)
    except (JsonPathLexerError, JsonPathParserError, Exception) as exc:  # noqa: BLE001 - any parse failure
        message = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise InvalidArgumentError(f"invalid JSON path {path!r}: {message}", details={"path": path[:200]}) from None


_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def render_path(datum: Any) -> str:
    """``$.items[0].id``-style path of a jsonpath-ng match."""
    parts = []
    node = datum
    while node is not None:
        step = node.path
        fields = getattr(step, "fields", None)
        indices = getattr(step, "indices", None)
        if fields:
            name = str(fields[0])
            parts.append(f".{name}" if _IDENT.fullmatch(name) else f"[{json.dumps(name, ensure_ascii=False)}]")
        elif indices:
            parts.append(f"[{indices[0]}]")
        elif type(step).__name__ not in ("Root", "This"):
            parts.append(f".{step}")
        node = node.context
    return "$" + "".join(reversed(parts))


def query(store: Any, id_or_ref: str, path: str, *, max_chars: int = 20_000) -> dict[str, Any]:
    """JSONPath values of a stored JSON output (the session method ``query``)."""
    if not isinstance(path, str):
        raise InvalidArgumentError("path must be a string")
    if isinstance(max_chars, bool) or not isinstance(max_chars, int) or max_chars <= 0:
        raise InvalidArgumentError("max_chars must be greater than 0")
    expression = _compile(path)
    tool_result_id = store.resolve(id_or_ref)
    metadata = store.load_metadata(tool_result_id)
    size = metadata.get("output_bytes", metadata.get("original_chars", 0))
    if isinstance(size, int) and size > MAX_QUERY_BYTES:
        raise InvalidArgumentError(
            f"tool result is too large to query ({size} bytes > {MAX_QUERY_BYTES}); use search or read instead",
            details={"tool_result_id": tool_result_id},
        )
    text, _ = store.slice(tool_result_id, 0, -1, metadata)
    try:
        document = json.loads(text)
    except ValueError as exc:
        raise InvalidArgumentError(
            f"tool result is not JSON ({exc.msg} at char {exc.pos}); use search or read instead",
            details={"tool_result_id": tool_result_id},
        ) from None
    found = expression.find(document)
    matches: list[dict[str, Any]] = []
    used = 0
    for item in found:
        value_text = json.dumps(item.value, ensure_ascii=False)
        where = render_path(item)
        cost = len(value_text) + len(where) + 16
        if used + cost > max_chars:
            break
        used += cost
        matches.append({"path": where, "value": item.value})
    return {
        "tool_result_id": tool_result_id,
        "path": path,
        "count": len(found),
        "returned": len(matches),
        "truncated": len(matches) < len(found),
        "matches": matches,
    }
