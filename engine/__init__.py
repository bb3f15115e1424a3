"""toolstub: keep huge AI-agent tool outputs out of the model's context without losing them."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the lazy names below, for type checkers (never imported at run time here)
    from toolstub.claims import Claim, Evidence
    from toolstub.engine import synopsize
    from toolstub.errors import PluginError, RuleFileError, ToolstubError
    from toolstub.externalize import ExternalizationConfig, externalize, hydrate
    from toolstub.hookspecs import hookimpl
    from toolstub.rule_files import load_rules, validate_rules
    from toolstub.ruleset import Ruleset
    from toolstub.store import ToolResultStore, open_store
    from toolstub.stub import render_stub
    from toolstub.synopsis import KindInput, Summarizer, Synopsis

__all__ = [
    "Claim",
    "Evidence",
    "ExternalizationConfig",
    "KindInput",
    "PluginError",
    "RuleFileError",
    "Ruleset",
    "Summarizer",
    "Synopsis",
    "ToolResultStore",
    "ToolstubError",
    "__version__",
    "externalize",
    "hookimpl",
    "hydrate",
    "load_rules",
    "open_store",
    "render_stub",
    "synopsize",
    "validate_rules",
]

# Every public name is imported on first use (module ``__getattr__``), so that ``import
# toolstub.cli`` (``toolstub --version``) and ``import toolstub.errors`` stay cheap.
_LAZY = {
    "Claim": ("toolstub.claims", "Claim"),
    "Evidence": ("toolstub.claims", "Evidence"),
    "synopsize": ("toolstub.engine", "synopsize"),
    "PluginError": ("toolstub.errors", "PluginError"),
    "RuleFileError": ("toolstub.errors", "RuleFileError"),
    "ToolstubError": ("toolstub.errors", "ToolstubError"),
    "hookimpl": ("toolstub.hookspecs", "hookimpl"),
    "load_rules": ("toolstub.rule_files", "load_rules"),
    "validate_rules": ("toolstub.rule_files", "validate_rules"),
    "Ruleset": ("toolstub.ruleset", "Ruleset"),
    "render_stub": ("toolstub.stub", "render_stub"),
    "KindInput": ("toolstub.synopsis", "KindInput"),
    "Summarizer": ("toolstub.synopsis", "Summarizer"),
    "Synopsis": ("toolstub.synopsis", "Synopsis"),
    "open_store": ("toolstub.store", "open_store"),
    "ToolResultStore": ("toolstub.store", "ToolResultStore"),
    "externalize": ("toolstub.externalize", "externalize"),
    "hydrate": ("toolstub.externalize", "hydrate"),
    "ExternalizationConfig": ("toolstub.externalize", "ExternalizationConfig"),
}


#: the release, as in pyproject.toml's ``version`` (tests/test_packaging.py checks that the installed
#: distribution says the same): a constant, so ``toolstub --version`` need not import
#: importlib.metadata (about 18 ms, more than the rest of ``--version``)
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value  # later lookups are plain attribute reads
        return value
    raise AttributeError(f"module 'toolstub' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__, *_LAZY})
