"""Posting messages (externalized as they are written) and reading the context back.

``POST /api/v1/sessions/{id}/messages`` takes ``{"format": "parts"|"openai"|"anthropic",
"messages": [...]}`` or the seed's single message (``{"role", "parts"}``). Large tool
outputs go to the session's store; the stubbed messages are appended to the
session's message log; ``GET .../context`` returns that log.

A part that claims to be externalized already (``tool_output_ref`` and
``tool_output_truncated``, the seed's fault 12) must name a result stored in this
session, else the request is refused: a client cannot skip externalization by
pointing at nothing, nor at another session's results.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Annotated, Any, ClassVar, Literal

from fastapi import APIRouter, Body, Request
from pydantic import BaseModel, ConfigDict, Field

from toolstub.errors import InvalidArgumentError, NotFoundError
from toolstub.redact import redact_value
from toolstub.externalize import externalize
from toolstub.server.deps import ExistingSession, SessionId, WritableSession
from toolstub.server.envelope import EnvelopeJSONResponse, error_docs, ok
from toolstub.server.json_body import StreamedJSONRoute
from toolstub.server.models import ContextResult, MessagesResult, Ok
from toolstub.store import parse_ref
from toolstub.streaming import ChunkedText

Format = Literal["parts", "openai", "anthropic"]


class MessagesRequest(BaseModel):
    """A batch of messages in one format."""

    model_config: ClassVar[ConfigDict] = ConfigDict(extra="forbid")
    format: Format = Field("parts", description="parts (the seed's), openai (role: tool) or anthropic")
    messages: list[dict[str, Any]] = Field(description="The messages, in that format", max_length=10_000)


class SeedMessageRequest(BaseModel):
    """The seed's single message: a role and its parts (``type: tool`` parts carry tool outputs)."""

    model_config: ClassVar[ConfigDict] = ConfigDict(extra="allow")
    role: str
    parts: list[dict[str, Any]] = Field(max_length=10_000)


def _jsonable(value: Any) -> Any:
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return dataclasses.asdict(value)
    return value


def _check_claimed_refs(messages: list[dict[str, Any]], session: Any, session_id: str) -> None:
    for i, message in enumerate(messages):
        parts = message.get("parts") if isinstance(message, Mapping) else None
        for j, part in enumerate(parts if isinstance(parts, list) else []):
            if not (isinstance(part, Mapping) and part.get("tool_output_ref") and part.get("tool_output_truncated")):
                continue
            ref = part["tool_output_ref"]
            field = f"messages[{i}].parts[{j}].tool_output_ref"
            try:
                sid, rid = parse_ref(str(ref))
                known = sid in (None, session_id) and session.exists(rid)
            except (InvalidArgumentError, NotFoundError):
                known = False
            if not known:
                raise InvalidArgumentError(
                    "tool_output_ref does not name a result stored in this session",
                    details={"field": field},
                )


def _whole(value: Any) -> Any:
    """``value`` with every :class:`ChunkedText` left in it (an output that stays inline) decoded into a ``str``."""
    if isinstance(value, ChunkedText):
        return str(value)
    if isinstance(value, list):
        for i, item in enumerate(value):
            if isinstance(item, (list, dict, ChunkedText)):
                value[i] = _whole(item)
    elif isinstance(value, dict):
        for key, item in value.items():
            if isinstance(item, (list, dict, ChunkedText)):
                value[key] = _whole(item)
    return value


def post_messages(session: Any, session_id: str, fmt: str, messages: list[dict[str, Any]], state: Any) -> dict:
    if fmt == "parts":
        _check_claimed_refs(messages, session, session_id)
    # a long tool output of a spooled body comes as a ChunkedText (StreamedJSONRoute): stored from its chunks
    result = externalize(messages, format=fmt, store=session, config=state.config, rules=state.rules)
    # what stays inline (text parts, small tool outputs, arguments) is stored and shown: redacted too
    stubbed, _ = redact_value(_whole(list(result.messages)), state.rules)
    session.append_messages(stubbed)
    return {
        "session_id": session_id,
        "format": fmt,
        "appended": len(stubbed),
        "messages": stubbed,
        "report": _jsonable(result.report),
    }


def add_routes(api: APIRouter) -> None:
    def add_messages(
        request: Request,
        session_id: SessionId,
        session: WritableSession,
        body: Annotated[MessagesRequest | SeedMessageRequest, Body()],
    ) -> EnvelopeJSONResponse:
        if isinstance(body, MessagesRequest):
            fmt, messages = body.format, body.messages
        else:
            fmt, messages = "parts", [body.model_dump()]
        return ok(post_messages(session, session_id, fmt, messages, request.app.state))

    # the long tool outputs of a spooled body reach the route as ChunkedText (never one str)
    api.add_api_route(
        "/sessions/{session_id}/messages",
        add_messages,
        methods=["POST"],
        response_model=Ok[MessagesResult],
        responses=error_docs(400, 401, 404, 412, 413),
        tags=["messages"],
        summary="Append messages; large tool outputs are externalized as they are written",
        route_class_override=StreamedJSONRoute,
    )

    @api.get(
        "/sessions/{session_id}/context",
        response_model=Ok[ContextResult],
        responses=error_docs(400, 401, 404),
        tags=["messages"],
        summary="The session's messages as stored: tool outputs stubbed",
    )
    def get_context(request: Request, session_id: SessionId, session: ExistingSession) -> EnvelopeJSONResponse:
        # logs written before redaction covered them (or by another tool) are redacted as they are shown
        messages, _ = redact_value(session.messages(), request.app.state.rules)
        return ok({"session_id": session_id, "messages": messages})
