"""A per-request work budget: a deadline, and a flag set when the client has gone.

The HTTP server sets one for each request (``server.request_timeout_seconds``, and
the client's disconnect); long loops in the store (search, read, query) call
:func:`check` every so often and stop with :class:`BudgetExceeded` once the time is
spent or nobody waits for the answer. Outside a request there is no budget and
:func:`check` costs one context-variable lookup.
"""

from __future__ import annotations

import contextlib
import contextvars
import time
from collections.abc import Iterator

from toolstub.errors import RequestError


class BudgetExceeded(RequestError):
    """The request's time budget is spent, or its client disconnected."""

    code = "DEADLINE_EXCEEDED"


class Budget:
    __slots__ = ("deadline", "seconds", "cancelled")

    def __init__(self, seconds: float | None) -> None:
        self.seconds: float | None = seconds
        self.deadline: float | None = None if seconds is None else time.monotonic() + seconds
        self.cancelled: bool = False

    def expired(self) -> bool:
        return self.cancelled or (self.deadline is not None and time.monotonic() >= self.deadline)

    def check(self) -> None:
        if self.cancelled:
            raise BudgetExceeded("the client disconnected; the work was stopped")
        if self.deadline is not None and time.monotonic() >= self.deadline:
            raise BudgetExceeded(
                f"the request took longer than its time budget of {self.seconds:g} s "
                "(server.request_timeout_seconds)",
                details={"timeout_seconds": self.seconds},
            )


_CURRENT: contextvars.ContextVar[Budget | None] = contextvars.ContextVar("toolstub_budget", default=None)


def current() -> Budget | None:
    return _CURRENT.get()


def check() -> None:
    """Raise :class:`BudgetExceeded` when the current request's budget is spent (no budget: no-op)."""
    budget = _CURRENT.get()
    if budget is not None:
        budget.check()


@contextlib.contextmanager
def budget(seconds: float | None) -> Iterator[Budget]:
    """Run the block under a fresh budget of ``seconds`` (None: no deadline, only cancellation)."""
    token = _CURRENT.set(Budget(seconds))
    try:
        yield _CURRENT.get()  # type: ignore[misc]
    finally:
        _CURRENT.reset(token)
