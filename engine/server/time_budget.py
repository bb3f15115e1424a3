"""Every HTTP request has a time budget, and work for a client that left stops.

The middleware reads the (already size-limited) request body, then runs the app
under a :class:`toolstub.budget.Budget` and watches the connection:

* when the client disconnects, the budget is cancelled: the store's loops (search,
  read, query) stop at their next check and nothing more is computed for nobody;
* when the budget (``server.request_timeout_seconds``, 30 s by default) is spent
  before the app answered, the client gets 503 ``DEADLINE_EXCEEDED`` at once, and the
  work stops at its next check.
"""

from __future__ import annotations

import asyncio
from collections.abc import MutableMapping
from typing import Any

from toolstub.budget import _CURRENT, Budget
from toolstub.server.body_limit import BODY_SCOPE_KEY, body_bytes
from toolstub.server.envelope import body_timeout_response, error_response, receive_within

Message = MutableMapping[str, Any]


class TimeBudgetMiddleware:
    #: a spooled body (BodyLimitMiddleware) is left in the scope for the route, not read whole here
    takes_spooled_body = True

    def __init__(self, app: Any, timeout_seconds: float, *, max_body_bytes: int) -> None:
        self.app = app
        self.timeout = timeout_seconds
        self.max_body_bytes = max_body_bytes

    async def __call__(self, scope: MutableMapping[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        # The body first (BodyLimitMiddleware bounded it for writes; bound GET bodies too).
        body_messages: list[Message] = []
        # BodyLimitMiddleware's one owner of the whole body: kept there, not in a message here, so the
        # route's JSONBodyRequest takes it (and lets it go) without a copy
        holder = scope.get(BODY_SCOPE_KEY)
        size = 0
        deadline = asyncio.get_running_loop().time() + self.timeout
        while True:
            message = await receive_within(receive, deadline)
            if message is None:  # a body sent too slowly (slowloris): 408 within the budget
                await body_timeout_response(self.timeout)(scope, receive, send)
                return
            if message["type"] == "http.disconnect":
                return
            size += len(message.get("body", b""))
            if size > self.max_body_bytes:
                await error_response("PAYLOAD_TOO_LARGE", f"request body is larger than the limit of "
                                     f"{self.max_body_bytes} bytes", {"limit_bytes": self.max_body_bytes},
                                     headers={"Connection": "close"})(scope, receive, send)
                return
            if holder is not None and not holder and message.get("body"):
                holder.append(message["body"])
                message = {**message, "body": b""}
            body_messages.append(message)
            if not message.get("more_body", False):
                break

        budget = Budget(self.timeout)
        gone = asyncio.Event()

        async def app_receive() -> Message:
            if body_messages:
                message = body_messages.pop(0)
                if holder:
                    message = {**message, "body": body_bytes(holder.pop())}
                return message
            await gone.wait()
            return {"type": "http.disconnect"}

        started = False
        answered = False  # we sent our own 503: the app's messages are dropped

        async def app_send(message: Message) -> None:
            nonlocal started
            if answered:
                return
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        async def watch() -> None:
            message = await receive()
            while message["type"] != "http.disconnect":  # pragma: no cover - nothing else comes after the body
                message = await receive()
            budget.cancelled = True
            gone.set()

        token = _CURRENT.set(budget)
        try:
            app_task = asyncio.ensure_future(self.app(scope, app_receive, app_send))
        finally:
            _CURRENT.reset(token)
        app_task.add_done_callback(_consume)
        watcher = asyncio.ensure_future(watch())
        try:
            done, _ = await asyncio.wait({app_task, watcher}, timeout=self.timeout,
                                         return_when=asyncio.FIRST_COMPLETED)
            if app_task in done:
                app_task.result()
                return
            if watcher in done:  # the client left: stop the work, answer nobody
                app_task.cancel()
                return
            # over budget: the work stops at its next budget check (the deadline has passed)
            if not started:
                answered = True
                app_task.cancel()
                await error_response(
                    "DEADLINE_EXCEEDED",
                    f"the request took longer than its time budget of {self.timeout:g} s "
                    "(server.request_timeout_seconds)",
                    {"timeout_seconds": self.timeout},
                )(scope, receive, send)
                return
            await app_task  # the answer is already streaming: let it finish
        finally:
            watcher.cancel()


def _consume(task: asyncio.Future) -> None:
    """A task we stopped waiting for: fetch its outcome so asyncio does not warn about it."""
    if not task.cancelled():
        task.exception()
