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

A body past ``spool_bytes`` (8 MiB by default) is written to an unnamed temporary file instead
(:class:`SpooledBody`, in ``tempfile.gettempdir()``: ``TMPDIR``), so that memory does not grow
with it; the file is closed, and so gone, when the request ends, however it ends (an answer, an
error, a client that left). The limits and the nesting count are the same either way.
"""

from __future__ import annotations

import asyncio
import io
import os
import tempfile
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
#: a body larger than this is spooled to a temporary file (``TOOLSTUB_SERVER_SPOOL_BODY_BYTES``)
DEFAULT_SPOOL_BYTES = 8 << 20


class SpooledBody:
    """A request body in an unnamed temporary file: its ``size``, ``read(n, offset)``, :meth:`getvalue`.

    ``spool_bytes`` is the limit it was spooled past (what a decoder may hold at once).
    """

    def __init__(self, file: Any, size: int, spool_bytes: int = DEFAULT_SPOOL_BYTES) -> None:
        self.file = file
        self.size = size
        self.spool_bytes = spool_bytes
        self._scratch: list[Any] = []

    def scratch(self) -> Any:
        """A new unnamed temporary file beside the body's, closed (so gone) with it when the request ends.

        What the decoder of a spooled JSON body writes the text of its long strings to (decoded once).
        """
        made = tempfile.TemporaryFile(prefix="toolstub-text-")
        self._scratch.append(made)
        return made

    def close(self) -> None:
        """Close the body's file and every scratch file (unnamed: closing removes them)."""
        for made in (*self._scratch, self.file):
            made.close()
        self._scratch.clear()

    def read(self, n: int, offset: int) -> bytes:
        # the file object's descriptor, each time: once the request ended and the file is closed, a read
        # (work a timed-out request left running) raises instead of reading whatever reuses the number
        return os.pread(self.file.fileno(), n, offset)

    def getvalue(self) -> bytes:
        """The whole body as bytes (what a route that reads it whole gets)."""
        return self.read(self.size, 0) if self.size else b""

    def __len__(self) -> int:
        return self.size


def body_bytes(body: bytes | SpooledBody) -> bytes:
    """``body`` as bytes (a spooled one read whole)."""
    return body.getvalue() if isinstance(body, SpooledBody) else body


def spool_bytes_from_env(default: int = DEFAULT_SPOOL_BYTES) -> int:
    """``TOOLSTUB_SERVER_SPOOL_BODY_BYTES`` when set (bytes), else ``default``."""
    value = os.environ.get("TOOLSTUB_SERVER_SPOOL_BODY_BYTES", "").strip()
    if not value:
        return default
    try:
        n = int(value)
    except ValueError:
        raise ValueError(f"TOOLSTUB_SERVER_SPOOL_BODY_BYTES: not a number of bytes: {value!r}") from None
    if n < 1:
        raise ValueError("TOOLSTUB_SERVER_SPOOL_BODY_BYTES must be >= 1")
    return n


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
                 body_timeout_seconds: float | None = None, spool_bytes: int = DEFAULT_SPOOL_BYTES) -> None:
        if max_body_bytes < 0:
            raise ValueError("max_body_bytes must be >= 0")
        if spool_bytes < 1:
            raise ValueError("spool_bytes must be >= 1")
        self.app = app
        self.max_body_bytes = max_body_bytes
        self.body_timeout = body_timeout_seconds
        self.spool_bytes = spool_bytes

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
        await self._receive_and_run(scope, receive, send)

    async def _receive_and_run(self, scope: Scope, receive: Receive, send: Send) -> None:
        received: Any = io.BytesIO()
        size = 0
        file: Any = None
        spooled: SpooledBody | None = None
        depth = NestingDepth() if _is_json(scope) else None
        deadline = asyncio.get_running_loop().time() + self.body_timeout if self.body_timeout else None
        try:
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
                if file is None and size > self.spool_bytes:
                    # past the spooling limit: what came so far and the rest go to a temporary file
                    file = tempfile.TemporaryFile(prefix="toolstub-body-")
                    file.write(received.getbuffer())
                    received.close()
                    received = file
                received.write(body)
                if depth is not None:
                    depth.feed(body)
                more = message.get("more_body", False)
                del body, message  # the received piece is in the BytesIO (or the file): not held twice
                if not more:
                    break
            if file is not None:
                file.flush()
                whole: Any = SpooledBody(file, size, self.spool_bytes)
                spooled = whole
            else:
                whole = received.getvalue()  # no copy: the BytesIO's own buffer (held once while the app runs)
                received.close()
            if whole and depth is not None and depth.value > MAX_BODY_DEPTH:
                response = error_response(
                    "INVALID_ARGUMENT",
                    f"request body nests {depth.value} levels deep; at most {MAX_BODY_DEPTH} are accepted",
                    {"field": "body", "depth": depth.value, "max_depth": MAX_BODY_DEPTH},
                )
                await response(scope, receive, send)
                return
            # one owner of the body while the app runs: whoever takes it (the replay, or JSONBodyRequest) empties it
            holder = scope[BODY_SCOPE_KEY] = [whole]
            del whole
            await self.app(scope, _replay(holder, receive, getattr(self.app, "takes_spooled_body", False)), send)
        finally:
            if spooled is not None:
                spooled.close()  # the body's file and its scratch files: unnamed, so removed
            elif file is not None:
                file.close()  # unnamed: closing it removes it, also after an error or a client that left


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


def _replay(holder: list[Any], receive: Receive, leave_spooled: bool = False) -> Receive:
    """The body as one ASGI message.

    A spooled body is read whole here, unless ``leave_spooled`` (the app is a middleware that hands it
    on, :class:`~toolstub.server.time_budget.TimeBudgetMiddleware`): then the message is empty and the
    body stays in ``holder``, for :class:`~toolstub.server.json_body.JSONBodyRequest` to take.
    """
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            if leave_spooled and holder and isinstance(holder[-1], SpooledBody):
                return {"type": "http.request", "body": b"", "more_body": False}
            body = body_bytes(holder.pop()) if holder else b""
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
