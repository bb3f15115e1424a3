"""Ids, refs and their validation.

Every id and session id is validated *before* any storage path is built from it:
only ``[A-Za-z0-9_.-]`` characters, bounded length, a tool result id starts with
``tr_``, a session id starts with a letter, digit or ``_``. So ``.``, ``..``, ``/``,
``\\``, NUL, absolute paths and over-long ids never reach the filesystem.
"""

from __future__ import annotations

import hashlib
import re

from toolstub.errors import InvalidArgumentError

SAFE_ID_RE = re.compile(r"[^A-Za-z0-9_.-]+")
SAFE_ID_MAX = 96
MAX_ID_CHARS = 200
MAX_SESSION_CHARS = 128
OFFSET_UNIT = "unicode_code_point"
REF_SCHEME = "toolstub://"

_TOOL_RESULT_ID_RE = re.compile(rf"tr_[A-Za-z0-9_.-]{{1,{MAX_ID_CHARS - 3}}}")
_SESSION_ID_RE = re.compile(rf"[A-Za-z0-9_][A-Za-z0-9_.-]{{0,{MAX_SESSION_CHARS - 1}}}")
_REF_RES = (
    re.compile(r"toolstub://sessions/([^/]+)/tool-results/([^/]+)"),
    re.compile(r"viking://user/[^/]+/sessions/([^/]+)/tool-results/([^/]+)"),
    re.compile(r"viking://session/([^/]+)/tool-results/([^/]+)"),
)


def encode_content(content: str) -> bytes:
    """The stored bytes: UTF-8, lone surrogates kept (``surrogatepass``) so any ``str`` round-trips."""
    return content.encode("utf-8", "surrogatepass")


def decode_content(data: bytes) -> str:
    return data.decode("utf-8", "surrogatepass")


def sha256_text(content: str) -> str:
    """sha256 hex of the stored bytes; equals the seed's digest for every valid string."""
    return hashlib.sha256(encode_content(content)).hexdigest()


def safe_tool_id(tool_id: str) -> str:
    """The seed's ``safe()``: runs of other chars become ``_``, strip ``._-``, ``tool`` if empty, cut to 96."""
    value = SAFE_ID_RE.sub("_", str(tool_id or "")).strip("._-")
    return (value or "tool")[:SAFE_ID_MAX]


def make_tool_result_id(tool_id: str, sha256: str) -> str:
    if tool_id:
        return f"tr_{safe_tool_id(tool_id)}_{sha256[:16]}"
    return f"tr_{sha256[:24]}"


def is_valid_tool_result_id(value: object) -> bool:
    return isinstance(value, str) and _TOOL_RESULT_ID_RE.fullmatch(value) is not None


def validate_tool_result_id(value: object) -> str:
    if not is_valid_tool_result_id(value):
        raise InvalidArgumentError("Invalid tool_result_id", details={"tool_result_id": _shown(value)})
    return value  # type: ignore[return-value]


def is_valid_session_id(value: object) -> bool:
    return (
        isinstance(value, str)
        and _SESSION_ID_RE.fullmatch(value) is not None
        and value.strip(".") != ""
    )


def validate_session_id(value: object) -> str:
    if not is_valid_session_id(value):
        raise InvalidArgumentError("Invalid session_id", details={"session_id": _shown(value)})
    return value  # type: ignore[return-value]


def parse_ref(ref: str) -> tuple[str | None, str]:
    """``(session_id | None, tool_result_id)`` from a ref or a bare id; both validated.

    Accepts ``toolstub://sessions/{sid}/tool-results/{id}``, the seed's
    ``viking://user/{u}/sessions/{sid}/tool-results/{id}`` and
    ``viking://session/{sid}/tool-results/{id}``, and a bare ``tr_...`` id.
    """
    if not isinstance(ref, str):
        raise InvalidArgumentError("Invalid tool_result_id", details={"tool_result_id": _shown(ref)})
    text = ref
    if "://" not in text:
        return None, validate_tool_result_id(text)
    for pattern in _REF_RES:
        found = pattern.fullmatch(text.rstrip("/"))
        if found:
            return validate_session_id(found.group(1)), validate_tool_result_id(found.group(2))
    raise InvalidArgumentError("Invalid tool result ref", details={"ref": _shown(ref)})


def make_ref(session_id: str, tool_result_id: str) -> str:
    return f"{REF_SCHEME}sessions/{session_id}/tool-results/{tool_result_id}"


def _shown(value: object) -> object:
    """A bounded, JSON-able echo of a refused value for error details."""
    if isinstance(value, str):
        return value if len(value) <= 300 else value[:300] + "..."
    return repr(value)[:300]
