"""Request dependencies: the caller's key, and the session it asks for.

A key that may not read a session and a session that does not exist give the
*same* 404 body, so a caller cannot learn that another session exists.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi import Path as PathParam
from fastapi.security import APIKeyHeader, HTTPAuthorizationCredentials, HTTPBearer

from toolstub.redact import redacted_reads
from toolstub.errors import InvalidArgumentError, NotFoundError, RequestError
from toolstub.store.ids import is_valid_session_id, is_valid_tool_result_id, validate_session_id
from toolstub.server.auth import ApiKey, KeyRing

SessionId = Annotated[str, PathParam(description="The session id", max_length=256,
                                     json_schema_extra={"pattern": "^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$"})]

_bearer = HTTPBearer(auto_error=False, description="Authorization: Bearer KEY")
_api_key_header = APIKeyHeader(name="X-API-Key", auto_error=False, description="X-API-Key: KEY")


class UnauthenticatedError(RequestError):
    code = "UNAUTHENTICATED"


def current_key(
    request: Request,
    bearer: Annotated[HTTPAuthorizationCredentials | None, Depends(_bearer)],
    header_key: Annotated[str | None, Depends(_api_key_header)],
) -> ApiKey | None:
    """The caller's key (None when the API is open); 401 when keys are on and none matches."""
    keyring: KeyRing = request.app.state.keyring
    if not keyring.enabled:
        return None
    presented = bearer.credentials if bearer is not None else header_key
    key = keyring.authenticate(presented)
    if key is None:
        reason = "missing API key" if not presented else "invalid API key"
        raise UnauthenticatedError(f"{reason}: send 'Authorization: Bearer KEY' or 'X-API-Key: KEY'")
    return key


CurrentKey = Annotated[ApiKey | None, Depends(current_key)]


def session_not_found(session_id: str) -> NotFoundError:
    return NotFoundError(f"Session not found: {session_id[:200]}", details={"session_id": session_id[:200]})


def check_scope(keyring: KeyRing, key: ApiKey | None, session_id: str) -> None:
    if keyring.enabled and (key is None or not key.allows(session_id)):
        raise session_not_found(session_id)


def _valid_session_id(session_id: str) -> bool:
    return is_valid_session_id(session_id)


def session_exists(store: Any, session_id: str) -> bool:
    """Whether the store holds anything (results or messages) for the session."""
    probe = getattr(store, "has_session", None)
    if callable(probe):
        return bool(probe(session_id))
    backend = getattr(store, "backend", None)
    if backend is not None and hasattr(backend, "names"):
        return bool(backend.names(session_id))  # one listing of the session's folder
    return session_id in set(store.sessions())


def check_ids(request: Request, session_id: str) -> None:
    """One status for an invalid id on every route: 400, before any lookup (so also before the
    404 of an unknown or foreign session). An invalid id names nothing, so it reveals nothing."""
    validate_session_id(session_id)
    rid = request.path_params.get("tool_result_id")
    if rid is not None and not is_valid_tool_result_id(rid):
        raise InvalidArgumentError("Invalid tool_result_id", details={"tool_result_id": str(rid)[:300]})


def open_session(store: Any, session_id: str, *, must_exist: bool) -> Any:
    """The session's ToolResultStore; an invalid id is a 400, an unknown one (when ``must_exist``) a 404."""
    validate_session_id(session_id)
    if must_exist and not session_exists(store, session_id):
        raise session_not_found(session_id)
    return store.session(session_id)


def existing_session(request: Request, session_id: SessionId, key: CurrentKey) -> Any:
    """The ToolResultStore of a session the caller may read and that exists (else 404).

    The existence probe runs even when the key is out of scope, so that both 404s cost
    the same and timing does not tell a foreign session from a missing one.
    """
    check_ids(request, session_id)
    state = request.app.state
    allowed = not state.keyring.enabled or (key is not None and key.allows(session_id))
    exists = session_exists(state.store, session_id)
    if not (allowed and exists):
        raise session_not_found(session_id)
    return redacted_reads(state.store.session(session_id), state.rules)


def writable_session(request: Request, session_id: SessionId, key: CurrentKey) -> Any:
    """The ToolResultStore of a session the caller may write (created on its first write)."""
    check_ids(request, session_id)
    check_scope(request.app.state.keyring, key, session_id)
    return redacted_reads(open_session(request.app.state.store, session_id, must_exist=False), request.app.state.rules)


ExistingSession = Annotated[Any, Depends(existing_session)]
WritableSession = Annotated[Any, Depends(writable_session)]
