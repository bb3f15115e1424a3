"""toolstub: keep huge AI-agent tool outputs out of the model's context without losing them."""

from __future__ import annotations

from typing import Any

from toolstub.engine import synopsize
from toolstub.errors import PluginError, RuleFileError, ToolstubError
from toolstub.hookspecs import hookimpl
from toolstub.rule_files import Ruleset, load_rules, validate_rules
from toolstub.stub import render_stub
from toolstub.synopsis import KindInput, Summarizer, Synopsis

__all__ = [
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
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("toolstub")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            return "0+unknown"
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        return getattr(importlib.import_module(module), attr)
    raise AttributeError(f"module 'toolstub' has no attribute {name!r}")
