"""``query(id, path)``: JSONPath (or a jq-like dotted path) into a stored JSON output.

``$.items[*].id`` (JSONPath, jsonpath-ng's extended syntax) and ``.items[].id``
(jq-like: ``.`` is the root, ``[]`` every element) are both accepted. The answer
is capped at ``max_chars`` of JSON text: ``matches`` holds as many whole values
as fit, ``count`` the number of all matches, ``truncated`` whether some were cut.
"""

from __future__ import annotations

import json
import re
import sys
from array import array
from itertools import accumulate
from typing import Any

from toolstub import budget
from toolstub.errors import InvalidArgumentError

_JQ_EVERY = re.compile(r"\[\]")
#: the JSON document is parsed whole; bigger outputs are refused (search and read stream instead)
MAX_QUERY_BYTES = 256 << 20
#: deepest nesting query decodes (the stdlib decoder and JSONPath recurse per level)
MAX_QUERY_DEPTH = 500
_NOT_BRACKET_OR_QUOTE = bytes(b for b in range(256) if b not in b'"[]{}')
_STEP = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")


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


class BigInt(str):
    """An integer with more digits than the interpreter converts (``sys.get_int_max_str_digits()``,
    4300 by default): kept exactly, as the text of its digits (a JSON string in answers)."""

    __slots__ = ()


class Constant(str):
    """``NaN``, ``Infinity`` or ``-Infinity`` in a stored document (Python's json accepts them, JSON
    has no such number): kept as that text, a JSON string in answers."""

    __slots__ = ()


def _parse_int(digits: str) -> int | str:
    limit = getattr(sys, "get_int_max_str_digits", lambda: 0)()
    if limit and len(digits.lstrip("-")) > limit:
        return BigInt(digits)
    return int(digits)


def nesting_depth(text: str) -> int:
    """Deepest ``[``/``{`` nesting of JSON text, brackets inside strings ignored (one linear pass in C)."""
    if "[" not in text and "{" not in text:
        return 0
    return nesting_depth_bytes(text.encode("utf-8", "surrogatepass"))


def nesting_depth_bytes(data: bytes) -> int:
    """:func:`nesting_depth` of UTF-8 bytes."""
    if b"[" not in data and b"{" not in data:
        return 0
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    reduced = data.translate(None, _NOT_BRACKET_OR_QUOTE).replace(b'""', b"")
    if b'"' in reduced:
        reduced = b"".join(reduced.split(b'"')[0::2])
    if not reduced:
        return 0
    return max(0, max(accumulate(array("b", reduced.translate(_STEP)))))


def load_document(text: str, tool_result_id: str = "", *, what: str = "tool result") -> Any:
    """The JSON value of ``text``, or a clear :class:`InvalidArgumentError`; never a RecursionError.

    Integers longer than the interpreter's digit limit are kept as :class:`BigInt`; values nested
    deeper than :data:`MAX_QUERY_DEPTH` are refused (decoding them would exhaust the stack).
    """
    details = {"tool_result_id": tool_result_id} if tool_result_id else {}
    depth = nesting_depth(text)
    if depth > MAX_QUERY_DEPTH:
        raise InvalidArgumentError(
            f"{what} nests {depth} levels deep, deeper than query reads ({MAX_QUERY_DEPTH}); "
            "use search or read instead",
            details={**details, "depth": depth, "max_depth": MAX_QUERY_DEPTH},
        )
    try:
        try:
            return json.loads(text, parse_constant=Constant)
        except ValueError as exc:
            if isinstance(exc, json.JSONDecodeError) or "digits" not in str(exc):
                raise
            return json.JSONDecoder(parse_int=_parse_int, parse_constant=Constant).decode(text)
    except json.JSONDecodeError as exc:
        raise InvalidArgumentError(
            f"{what} is not JSON ({exc.msg} at char {exc.pos}); use search or read instead",
            details=details,
        ) from None
    except (ValueError, RecursionError) as exc:
        reason = "nested too deeply" if isinstance(exc, RecursionError) else " ".join(str(exc).split())[:200]
        raise InvalidArgumentError(
            f"{what} cannot be decoded as JSON ({reason}); use search or read instead", details=details
        ) from None


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
    budget.check()
    document = load_document(text, tool_result_id)
    del text
    budget.check()
    try:
        found = expression.find(document)
        matches: list[dict[str, Any]] = []
        used = 0
        for n, item in enumerate(found):
            if n % 256 == 0:
                budget.check()
            value_text = json.dumps(item.value, ensure_ascii=False)
            where = render_path(item)
            cost = len(value_text) + len(where) + 16
            if used + cost > max_chars:
                break
            used += cost
            matches.append({"path": where, "value": item.value})
    except RecursionError:
        raise InvalidArgumentError(
            f"JSON path {path[:200]!r} goes too deep into this document to evaluate; use a path with fewer "
            "levels (no '..'), or search or read instead",
            details={"tool_result_id": tool_result_id, "path": path[:200]},
        ) from None
    except (TypeError, ValueError, AttributeError, KeyError, IndexError) as exc:
        message = " ".join(str(exc).split())[:200] or type(exc).__name__
        raise InvalidArgumentError(
            f"JSON path {path[:200]!r} cannot be evaluated on this document: {message}",
            details={"tool_result_id": tool_result_id, "path": path[:200]},
        ) from None
    return {
        "tool_result_id": tool_result_id,
        "path": path,
        "count": len(found),
        "returned": len(matches),
        "truncated": len(matches) < len(found),
        "matches": matches,
    }
