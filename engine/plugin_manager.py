"""Building the plugin manager and the kind registry.

Built-in kinds are an explicit tuple of module names (:data:`DEFAULT_PLUGINS`),
registered exactly as third-party plugins are; third parties come through the
entry-point group ``toolstub``.

Environment switches:

``TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD=1``
    do not load entry-point plugins (built-ins still load).
``TOOLSTUB_BLOCKED_PLUGINS=name1,name2``
    block plugins by registration name (a built-in's module name such as
    ``toolstub.plugins.json_summarizer`` or an entry point's name).
"""

from __future__ import annotations

import importlib
import os
import threading
from dataclasses import dataclass

import pluggy

from toolstub import hookspecs
from toolstub.errors import PluginError
from toolstub.synopsis import Summarizer

ENTRY_POINT_GROUP = "toolstub"
DISABLE_AUTOLOAD_ENV = "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD"
BLOCKED_PLUGINS_ENV = "TOOLSTUB_BLOCKED_PLUGINS"

DEFAULT_PLUGINS: tuple[str, ...] = (
    "toolstub.plugins.unknown_summarizer",
    "toolstub.plugins.json_summarizer",
    "toolstub.plugins.xml_summarizer",
    "toolstub.plugins.table_summarizer",
    "toolstub.plugins.yaml_summarizer",
    "toolstub.plugins.code_summarizer",
    "toolstub.plugins.text_summarizer",
)


def _blocked_names() -> set[str]:
    raw = os.environ.get(BLOCKED_PLUGINS_ENV, "")
    return {name.strip() for name in raw.split(",") if name.strip()}


def make_plugin_manager(load_entrypoints: bool | None = None) -> pluggy.PluginManager:
    """A fresh plugin manager with the built-ins and (unless disabled) the entry-point plugins."""
    pm = pluggy.PluginManager(hookspecs.PROJECT_NAME)
    pm.add_hookspecs(hookspecs)
    for name in _blocked_names():
        pm.set_blocked(name)
    for module_name in DEFAULT_PLUGINS:
        if pm.is_blocked(module_name):
            continue
        pm.register(importlib.import_module(module_name), name=module_name)
    if load_entrypoints is None:
        load_entrypoints = os.environ.get(DISABLE_AUTOLOAD_ENV, "") in ("", "0", "false", "no")
    if load_entrypoints:
        pm.load_setuptools_entrypoints(ENTRY_POINT_GROUP)
    pm.check_pending()
    return pm


@dataclass(frozen=True)
class RegisteredSummarizer:
    summarizer: Summarizer
    plugin_name: str


class Registry:
    """Detector name -> :class:`Summarizer`, built from one plugin manager."""

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self._by_name: dict[str, RegisteredSummarizer] = {}
        for impl in pm.hook.toolstub_register_summarizers.get_hookimpls():
            plugin_name = pm.get_name(impl.plugin) or repr(impl.plugin)
            for summarizer in impl.function() or ():
                if not isinstance(summarizer, Summarizer):
                    raise PluginError(
                        f"plugin {plugin_name!r} returned {type(summarizer).__name__}, not a toolstub Summarizer"
                    )
                previous = self._by_name.get(summarizer.name)
                if previous is not None:
                    first, second = sorted([previous.plugin_name, plugin_name])
                    raise PluginError(
                        f"duplicate kind name {summarizer.name!r}: provided by both {first!r} and {second!r}"
                    )
                self._by_name[summarizer.name] = RegisteredSummarizer(summarizer, plugin_name)

    def __contains__(self, name: object) -> bool:
        return name in self._by_name

    def get(self, name: str) -> Summarizer | None:
        entry = self._by_name.get(name)
        return entry.summarizer if entry else None

    def plugin_of(self, name: str) -> str:
        return self._by_name[name].plugin_name

    def names(self) -> list[str]:
        return sorted(self._by_name)

    def items(self) -> list[RegisteredSummarizer]:
        return [self._by_name[n] for n in self.names()]


_registry: Registry | None = None
_lock = threading.Lock()


def get_registry() -> Registry:
    """The process-wide registry, built on first use (no import-time side effects)."""
    global _registry
    if _registry is None:
        with _lock:
            if _registry is None:
                _registry = Registry(make_plugin_manager())
    return _registry


def reset_registry(registry: Registry | None = None) -> None:
    """Replace (or drop, to rebuild on next use) the process-wide registry; for tests and embedding."""
    global _registry
    with _lock:
        _registry = registry
    from toolstub import rule_files

    rule_files.clear_cache()
