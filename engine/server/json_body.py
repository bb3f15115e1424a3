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

from toolstub.store.query import Constant, _parse_int


def loads_body(body: bytes | str) -> Any:
    """The JSON value of a request body; integers over the digit limit as ``BigInt``."""
    try:
        return json.loads(body, parse_constant=Constant)
    except ValueError as exc:
        if isinstance(exc, json.JSONDecodeError) or "digits" not in str(exc):
            raise
        return json.loads(body, parse_int=_parse_int, parse_constant=Constant)


class JSONBodyRequest(Request):
    async def json(self) -> Any:
        if not hasattr(self, "_json"):
            self._json = loads_body(await self.body())
        return self._json


class JSONRoute(APIRoute):
    """An API route whose JSON body is decoded with :func:`loads_body`."""

    def get_route_handler(self) -> Callable[[Request], Coroutine[Any, Any, Response]]:
        handler = super().get_route_handler()

        async def route_handler(request: Request) -> Response:
            return await handler(JSONBodyRequest(request.scope, request.receive))

        return route_handler
