"""Request size limit: a clear 413 for bodies over the limit.

Checked twice: on ``Content-Length`` before reading anything, and on the bytes
actually received (chunked uploads, or a client that lies about its length).
The body is buffered up to the limit and replayed to the app, so the app never
sees a partial body. A JSON body nested deeper than ``MAX_BODY_DEPTH`` is refused
with 400 before anything parses it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

from toolstub.server.envelope import body_timeout_response, error_response, receive_within
from toolstub.store.query import nesting_depth_bytes

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024
#: deepest JSON nesting of a request body: deeper bodies are refused (400) before anything parses
#: them, since parsing, validating and copying them recurse per level
MAX_BODY_DEPTH = 256


class BodyLimitMiddleware:
    def __init__(self, app: ASGIApp, max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
                 body_timeout_seconds: float | None = None) -> None:
        if max_body_bytes < 0:
            raise ValueError("max_body_bytes must be >= 0")
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.body_timeout = body_timeout_seconds

    def _too_large(self) -> Any:
        limit = self.max_body_bytes
        return error_response(
            "PAYLOAD_TOO_LARGE",
            f"request body is larger than the limit of {limit} bytes",
            {"limit_bytes": limit},
            headers={"Connection": "close"},
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in ("GET", "HEAD", "OPTIONS", "DELETE"):
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared == -1:
            response = error_response("INVALID_ARGUMENT", "invalid Content-Length header")
            await response(scope, receive, send)
            return
        if declared is not None and declared > self.max_body_bytes:
            await self._too_large()(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        deadline = asyncio.get_running_loop().time() + self.body_timeout if self.body_timeout else None
        while True:
            message = await receive_within(receive, deadline)
            if message is None:  # a body sent too slowly: 408, and the connection is closed
                await body_timeout_response(float(self.body_timeout or 0))(scope, receive, send)
                return
            if message["type"] == "http.disconnect":
                return
            body = message.get("body", b"")
            size += len(body)
            if size > self.max_body_bytes:
                await self._too_large()(scope, receive, send)
                return
            chunks.append(body)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        chunks.clear()  # the body is held once while the app runs (a large tool output: not twice)
        if body and _is_json(scope):
            depth = nesting_depth_bytes(body)
            if depth > MAX_BODY_DEPTH:
                response = error_response(
                    "INVALID_ARGUMENT",
                    f"request body nests {depth} levels deep; at most {MAX_BODY_DEPTH} are accepted",
                    {"field": "body", "depth": depth, "max_depth": MAX_BODY_DEPTH},
                )
                await response(scope, receive, send)
                return
        await self.app(scope, _replay(body, receive), send)


def _is_json(scope: Scope) -> bool:
    for name, value in scope.get("headers", ()):
        if name == b"content-type":
            return b"json" in value.lower()
    return False


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                n = int(value)
            except ValueError:
                return -1
            return n if n >= 0 else -1
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
