"""Request bodies decoded as JSON says, not as the interpreter's integer limit says.

Python refuses to convert an integer of more than ``sys.get_int_max_str_digits()`` digits
(4300 by default; converting is quadratic in the digits), so Starlette's ``request.json()``
fails on a valid body holding a 100,000-digit number and FastAPI answers 400. Routes of the
API use :class:`JSONRoute`, whose requests decode such an integer as
:class:`~toolstub.store.query.BigInt` (its digits, kept exactly; a JSON string when written
back), in linear time. ``NaN``/``Infinity`` (which Python's decoder accepts and JSON has not)
are kept as their text too, so that what is stored is JSON. The setting is per request: the
process-wide digit limit is left alone.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Coroutine
from typing import Any

from fastapi import Request, Response
from fastapi.routing import APIRoute

from toolstub.server.body_limit import BODY_SCOPE_KEY, SpooledBody, body_bytes
from toolstub.server.json_stream import LARGE_STRING_BYTES, PIECE_BYTES, UNSPLIT, split_body
from toolstub.store.query import Constant, _parse_int


def loads_body(body: bytes | str) -> Any:
    """The JSON value of a request body; integers over the digit limit as ``BigInt``.

    A body msgspec decodes is decoded by it, straight from the bytes (no decoded copy of the
    whole body, as ``json.loads`` makes); it refuses what it would decode otherwise than
    ``json.loads`` (``NaN``, an integer past 64 bits of digits' range it cannot hold, a float
    out of range, a lone surrogate escape), which then goes the ``json`` way below, errors too.
    """
    import msgspec  # already imported by the JSON plugin in a server

    try:
        return msgspec.json.decode(body)
    except (msgspec.DecodeError, TypeError, ValueError):
        pass
    try:
        return json.loads(body, parse_constant=Constant)
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError) or "digits" not in str(exc):
            raise
        return json.loads(body, parse_int=_parse_int, parse_constant=Constant)


#: a JSON body larger than this is decoded as soon as it is taken, and its bytes let go
LARGE_BODY_BYTES = 1 << 20


def _json_content(request: Request) -> bool:
    """Whether FastAPI decodes this request's body as JSON (``application/json`` or ``application/*+json``)."""
    value = request.headers.get("content-type")
    if not value:
        return False
    kind = value.split(";", 1)[0].strip().lower()
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


#: the keys whose long string values a route that takes them (:class:`StreamedJSONRoute`) gets as
#: :class:`~toolstub.streaming.ChunkedText`: where messages carry tool outputs
CHUNKED_KEYS = frozenset({"content", "text", "tool_output"})


def _chunked_place(path: list[Any]) -> bool:
    """A long string kept in the file: a ``content``/``text``/``tool_output`` value below the top level."""
    return len(path) >= 2 and path[-1] in CHUNKED_KEYS


class JSONBodyRequest(Request):
    #: the route takes its body as a JSON model (:class:`StreamedJSONRoute`): a large body is decoded as
    #: it is taken, a spooled one with its long strings left in the file
    decodes_early = False

    async def body(self) -> bytes:
        # the body BodyLimitMiddleware received, as it received it (Starlette would join a copy)
        holder = self.scope.get(BODY_SCOPE_KEY)
        if not hasattr(self, "_body") and holder:
            body = holder.pop()
            if self.decodes_early and _json_content(self):
                if isinstance(body, SpooledBody):
                    # a long string is one past the spooling limit too (a small limit, in tests: small strings)
                    value = split_body(body.read, body.size, loads_body, keep=_chunked_place,
                                       large_bytes=min(LARGE_STRING_BYTES, body.spool_bytes),
                                       piece_bytes=min(PIECE_BYTES, body.spool_bytes), text_file=body.scratch)
                    if value is not UNSPLIT:
                        self._json = value
                        self._body = b" "
                        return await super().body()
                body = body_bytes(body)
                if len(body) > LARGE_BODY_BYTES:
                    # FastAPI only tests the body's bytes for emptiness, then asks json(): decoding now lets
                    # the bytes go before the route runs (a 200 MB tool output is then held once, as text)
                    self._json = loads_body(body)
                    self._body = b" "
                    return await super().body()
            self._body = body_bytes(body)
            del body
        return await super().body()

    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = loads_body(await self.body())
        return self._json


class StreamedJSONRequest(JSONBodyRequest):
    decodes_early = True


class JSONRoute(APIRoute):
    """An API route whose JSON body is decoded with :func:`loads_body`."""

    request_class: type[JSONBodyRequest] = JSONBodyRequest

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()
        request_class = self.request_class

        async def route_handler(request: Request) -> Response:
            return await handler(request_class(request.scope, request.receive))

        return route_handler


class StreamedJSONRoute(JSONRoute):
    """A :class:`JSONRoute` for a route whose body FastAPI decodes into a model: a body over 1 MiB is decoded
    as it is taken (its bytes let go), and a spooled body's long ``content``/``text``/``tool_output``
    strings reach the route as :class:`~toolstub.streaming.ChunkedText` (read from the file when asked).

    Only such a route: one that reads ``request.body()`` itself (``/synopsis``) gets the bytes."""

    request_class = StreamedJSONRequest
