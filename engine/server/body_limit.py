"""Request size limit: a clear 413 for bodies over the limit.

Checked twice: on ``Content-Length`` before reading anything, and on the bytes
actually received (chunked uploads, or a client that lies about its length).
The body is buffered up to the limit and replayed to the app, so the app never
sees a partial body. A JSON body nested deeper than ``MAX_BODY_DEPTH`` is refused
with 400 before anything parses it.

The body is held once (an ``io.BytesIO`` grown in place, whose value is taken without a
copy), its nesting depth is counted chunk by chunk as it arrives (:class:`NestingDepth`, no
copy of the body), and it is handed to the app in the ASGI scope (``toolstub.body``) as well
as replayed, so that :class:`~toolstub.server.json_body.JSONBodyRequest` does not join it again.
"""

from __future__ import annotations

import asyncio
import io
from array import array
from collections.abc import Awaitable, Callable, MutableMapping
from itertools import accumulate
from typing import Any

from toolstub.server.envelope import body_timeout_response, error_response, receive_within
from toolstub.store.query import _NOT_BRACKET_OR_QUOTE, _STEP

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

DEFAULT_MAX_BODY_BYTES = 32 * 1024 * 1024
#: deepest JSON nesting of a request body: deeper bodies are refused (400) before anything parses
#: them, since parsing, validating and copying them recurse per level
MAX_BODY_DEPTH = 256
#: the ASGI scope key the received body is handed to the app in
BODY_SCOPE_KEY = "toolstub.body"


class NestingDepth:
    """:func:`toolstub.store.query.nesting_depth_bytes` of a body fed in chunks cut anywhere.

    The same reduction (escaped backslashes and quotes dropped, then only brackets and quotes
    kept, string contents skipped), with what a chunk boundary cuts carried to the next chunk:
    a backslash that escapes the next chunk's first byte, whether a string is open, the depth.
    """

    def __init__(self) -> None:
        self.depth = 0
        self.deepest = 0
        self.in_string = False
        self.escape = False

    def feed(self, data: bytes) -> None:
        if self.escape and data:  # the backslash the last chunk ended with, and this byte: one escape
            data, self.escape = (data[1:] if data[:1] in (b"\\", b'"') else data), False
        if not data:
            return
        if b"\\" in data:
            run = len(data) - len(data.rstrip(b"\\"))
            if run % 2:  # an odd run of backslashes at the end: the last one escapes the next byte (a \\ or ")
                data, self.escape = data[:-1], True
            data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
        reduced = data.translate(None, _NOT_BRACKET_OR_QUOTE)
        if b'"' in reduced:
            parts = reduced.split(b'"')
            reduced = b"".join(parts[1::2] if self.in_string else parts[0::2])
            self.in_string ^= (len(parts) - 1) % 2 == 1
        elif self.in_string:
            return
        if reduced:
            steps = list(accumulate(array("b", reduced.translate(_STEP)), initial=self.depth))
            self.deepest = max(self.deepest, max(steps))
            self.depth = steps[-1]

    @property
    def value(self) -> int:
        return max(0, self.deepest)


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
        received = io.BytesIO()
        size = 0
        depth = NestingDepth() if _is_json(scope) else None
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
            received.write(body)
            if depth is not None:
                depth.feed(body)
            more = message.get("more_body", False)
            del body, message  # the received piece is in the BytesIO: not held twice
            if not more:
                break
        body = received.getvalue()  # no copy: the BytesIO's own buffer (held once while the app runs)
        del received
        if body and depth is not None and depth.value > MAX_BODY_DEPTH:
            response = error_response(
                "INVALID_ARGUMENT",
                f"request body nests {depth.value} levels deep; at most {MAX_BODY_DEPTH} are accepted",
                {"field": "body", "depth": depth.value, "max_depth": MAX_BODY_DEPTH},
            )
            await response(scope, receive, send)
            return
        # one owner of the body while the app runs: whoever takes it (the replay, or JSONBodyRequest) empties it
        holder = scope[BODY_SCOPE_KEY] = [body]
        del body
        await self.app(scope, _replay(holder, receive), send)


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


def _replay(holder: list[bytes], receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            body = holder.pop() if holder else b""
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
