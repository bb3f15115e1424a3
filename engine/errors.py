"""Exceptions raised by toolstub. Every message is one line."""

from __future__ import annotations


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
