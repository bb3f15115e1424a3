"""The response envelope and the mapping of errors to HTTP statuses.

Success: ``{"status": "ok", "result": ...}``.
Error: ``{"status": "error", "error": {"code", "message", "details"}}``.

Error messages and details never show storage paths or URLs: they are
scrubbed before they leave the process, whatever raised them.
"""

from __future__ import annotations

import asyncio

import json
import logging
import math
import re
from typing import Any, Literal

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import JSONResponse

from toolstub.errors import RequestError

log: logging.Logger = logging.getLogger("toolstub.server")

STATUS_BY_CODE = {
    "INVALID_ARGUMENT": 400,
    "UNAUTHENTICATED": 401,
    "FORBIDDEN": 403,
    "NOT_FOUND": 404,
    "METHOD_NOT_ALLOWED": 405,
    "REQUEST_TIMEOUT": 408,
    "FAILED_PRECONDITION": 412,
    "PAYLOAD_TOO_LARGE": 413,
    "UNSUPPORTED_MEDIA_TYPE": 415,
    "MISDIRECTED_REQUEST": 421,
    "INTERNAL": 500,
    "UNAVAILABLE": 503,
    "DEADLINE_EXCEEDED": 503,
}
CODE_BY_STATUS = {status: code for code, status in STATUS_BY_CODE.items() if code != "DEADLINE_EXCEEDED"}

# URLs other than toolstub's own refs, and absolute filesystem paths of 2+ segments.
_URL = re.compile(r"\b(?!toolstub://|viking://)[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"]*")
_PATH = re.compile(r"(?<![\w.:/])(?:[A-Za-z]:)?(?:[/\\][\w.@~+-]+){2,}[/\\]?")


def scrub(text: str) -> str:
    """Replace storage URLs and filesystem paths with ``<hidden>``."""
    return _PATH.sub("<hidden>", _URL.sub("<hidden>", text))


def _scrub_value(value: Any) -> Any:
    if isinstance(value, str):
        return scrub(value)
    if isinstance(value, dict):
        return {str(k): _scrub_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_scrub_value(v) for v in value]
    if value is None or isinstance(value, (bool, int, float)):
        return value
    return scrub(str(value))


def _finite(value: Any) -> Any:
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


class EnvelopeJSONResponse(JSONResponse):
    """JSON that also carries lone surrogates (escaped as ``\\udXXX``) instead of failing."""

    def render(self, content: Any) -> bytes:
        try:
            text = json.dumps(content, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
            return text.encode("utf-8")
        except UnicodeEncodeError:
            return json.dumps(content, ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode()
        except ValueError:  # NaN or an infinity somewhere: JSON has none; they become null
            return json.dumps(_finite(content), ensure_ascii=True, allow_nan=False, separators=(",", ":")).encode()


def ok(result: Any, status_code: int = 200) -> EnvelopeJSONResponse:
    return EnvelopeJSONResponse({"status": "ok", "result": result}, status_code=status_code)


async def receive_within(receive: Any, deadline: float | None) -> Any:
    """``receive()``, or ``None`` once ``deadline`` (event-loop time) has passed: a request body
    sent slowly (slowloris) may not hold a connection past the request's time budget."""
    if deadline is None:
        return await receive()
    remaining = deadline - asyncio.get_running_loop().time()
    if remaining <= 0:
        return None
    try:
        return await asyncio.wait_for(receive(), remaining)
    except asyncio.TimeoutError:
        return None


def body_timeout_response(timeout: float) -> EnvelopeJSONResponse:
    return error_response("REQUEST_TIMEOUT", f"the request body did not arrive within the time budget of "
                          f"{timeout:g} s", {"timeout_seconds": timeout}, headers={"Connection": "close"})


def error_response(
    code: str,
    message: str,
    details: dict[str, Any] | None = None,
    *,
    status_code: int | None = None,
    headers: dict[str, str] | None = None,
) -> EnvelopeJSONResponse:
    body = {
        "status": "error",
        "error": {"code": code, "message": scrub(message), "details": _scrub_value(details or {})},
    }
    status = status_code or STATUS_BY_CODE.get(code, 500)
    return EnvelopeJSONResponse(body, status_code=status, headers=headers)


# --- OpenAPI models (documentation of the envelope) --------------------------


class ErrorBody(BaseModel):
    code: str = Field(description="INVALID_ARGUMENT, UNAUTHENTICATED, NOT_FOUND, FAILED_PRECONDITION, ...")
    message: str
    details: dict[str, Any] = Field(default_factory=dict)


class ErrorEnvelope(BaseModel):
    status: Literal["error"]
    error: ErrorBody


def error_docs(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {s: {"model": ErrorEnvelope, "description": CODE_BY_STATUS.get(s, "error")} for s in statuses}


# --- exception handlers --------------------------------------------------------


def _field(loc: tuple | list) -> str:
    parts = [str(p) for p in loc if p not in ("query", "path", "body", "header")]
    return ".".join(parts) or "body"


async def _on_request_error(request: Request, exc: Exception) -> EnvelopeJSONResponse:
    assert isinstance(exc, RequestError)
    if exc.code not in STATUS_BY_CODE or STATUS_BY_CODE[exc.code] >= 500:
        log.warning("toolstub: %s on %s: %s", exc.code, request.url.path, exc.message)
    headers = {"WWW-Authenticate": "Bearer"} if exc.code == "UNAUTHENTICATED" else None
    return error_response(exc.code, exc.message, exc.details, headers=headers)


async def _on_validation_error(request: Request, exc: Exception) -> EnvelopeJSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = [
        {"field": _field(e.get("loc", ())), "message": str(e.get("msg", "")), "type": str(e.get("type", ""))}
        for e in exc.errors()
    ]
    first = errors[0] if errors else {"field": "body", "message": "invalid request"}
    return error_response(
        "INVALID_ARGUMENT",
        f"{first['field']}: {first['message']}",
        {"field": first["field"], "errors": errors[:20]},
    )


async def _on_http_error(request: Request, exc: Exception) -> EnvelopeJSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = CODE_BY_STATUS.get(exc.status_code, "INVALID_ARGUMENT" if exc.status_code < 500 else "INTERNAL")
    message = exc.detail if isinstance(exc.detail, str) else code.replace("_", " ").lower()
    return error_response(code, message, status_code=exc.status_code, headers=getattr(exc, "headers", None))


async def _on_unexpected(request: Request, exc: Exception) -> EnvelopeJSONResponse:
    log.error("toolstub: unexpected error on %s %s", request.method, request.url.path, exc_info=exc)
    return error_response("INTERNAL", "internal server error")


def install_handlers(app: FastAPI) -> None:
    app.add_exception_handler(RequestError, _on_request_error)
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_error)
    app.add_exception_handler(Exception, _on_unexpected)
