"""toolstub: keep huge AI-agent tool outputs out of the model's context without losing them."""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

from toolstub.claims import Claim, Evidence
from toolstub.engine import synopsize
from toolstub.errors import PluginError, RuleFileError, ToolstubError
from toolstub.hookspecs import hookimpl
from toolstub.rule_files import load_rules, validate_rules
from toolstub.ruleset import Ruleset
from toolstub.stub import render_stub
from toolstub.synopsis import KindInput, Summarizer, Synopsis

if TYPE_CHECKING:  # the lazy names below, for type checkers (never imported at run time here)
    from toolstub.externalize import ExternalizationConfig, externalize, hydrate
    from toolstub.store import ToolResultStore, open_store

__all__ = [
    "Claim",
    "Evidence",
    "KindInput",
    "PluginError",
    "RuleFileError",
    "Ruleset",
    "Summarizer",
    "Synopsis",
    "ToolstubError",
    "__version__",
    "hookimpl",
    "load_rules",
    "render_stub",
    "synopsize",
    "validate_rules",
]

# Names provided by the store, externalization and server layers, imported lazily
# so that ``import toolstub`` stays cheap.
_LAZY = {
    "open_store": ("toolstub.store", "open_store"),
    "ToolResultStore": ("toolstub.store", "ToolResultStore"),
    "externalize": ("toolstub.externalize", "externalize"),
    "hydrate": ("toolstub.externalize", "hydrate"),
    "ExternalizationConfig": ("toolstub.externalize", "ExternalizationConfig"),
}


def __getattr__(name: str) -> Any:
    if name == "__version__":
        try:
            return version("toolstub")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            return "0+unknown"
    if name in _LAZY:
        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'toolstub' has no attribute {name!r}")
