"""Exceptions raised by toolstub. Every message is one line."""

from __future__ import annotations

from typing import Any

# Exit codes of the command line, shared by every command (``toolstub.cli`` re-exports them).
EXIT_OK = 0
EXIT_ERROR = 1  # a runtime error (store failure, ...)
EXIT_USAGE = 2  # a bad option or argument (click's own code)
EXIT_NO_INPUT = 3  # a missing file or unknown ref
EXIT_BAD_RULES = 4  # a rule file that does not validate
EXIT_BAD_CONFIG = 5  # a bad config file
EXIT_BROKEN_PIPE = 141  # stdout closed by the reader (``| head``): 128 + SIGPIPE, as coreutils and git


class ToolstubError(Exception):
    """Base class of toolstub's errors."""


class RuleFileError(ToolstubError, ValueError):
    """A rule file that cannot be used: ``invalid rules: FILE:LINE:COL: PATH: WHAT``."""

    def __init__(
        self,
        message: str,
        *,
        path: str = "",
        json_path: str = "$",
        line: int | None = None,
        column: int | None = None,
    ) -> None:
        self.path = path
        self.json_path = json_path
        self.line = line
        self.column = column
        self.reason = message
        where = path or "<rules>"
        if line is not None:
            where += f":{line}:{column or 1}"
        super().__init__(f"invalid rules: {where}: {json_path}: {message}")


class PluginError(ToolstubError):
    """A plugin that cannot be registered (for example two plugins claiming one kind name)."""


class PatternError(ToolstubError, ValueError):
    """A regular expression the linear-time engine refuses."""


class RequestError(ToolstubError):
    """An error a caller can act on, with a stable ``code`` and JSON-able ``details``.

    The HTTP layer maps ``code`` to a status (INVALID_ARGUMENT 400, NOT_FOUND 404,
    FAILED_PRECONDITION 412, ...). Messages never contain storage paths or URLs.
    """

    code = "INTERNAL"

    def __init__(self, message: str, *, details: dict[str, Any] | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.details: dict[str, Any] = details or {}


class InvalidArgumentError(RequestError, ValueError):
    """A request argument is wrong (HTTP 400, exit 2)."""
    code = "INVALID_ARGUMENT"


class NotFoundError(RequestError, LookupError):
    """An unknown ref, id or session (HTTP 404, exit 3)."""
    code = "NOT_FOUND"


class FailedPreconditionError(RequestError):
    """The request cannot be served in the current state (HTTP 412)."""
    code = "FAILED_PRECONDITION"


class StoreError(RequestError):
    """The storage backend failed (I/O, network); the message is safe to show."""

    code = "UNAVAILABLE"


class RedactionRejected(FailedPreconditionError):
    """The redaction policy is ``reject`` and the output holds secrets."""
