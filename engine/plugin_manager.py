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
import logging
import os
import sys
import threading
import types
from collections.abc import Callable
from dataclasses import dataclass

import pluggy

from toolstub import hookspecs, validation_cache
from toolstub.errors import PluginError
from toolstub.synopsis import StreamTotals, Summarizer

ENTRY_POINT_GROUP = "toolstub"
DISABLE_AUTOLOAD_ENV = "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD"
BLOCKED_PLUGINS_ENV = "TOOLSTUB_BLOCKED_PLUGINS"

log: logging.Logger = logging.getLogger("toolstub")

DEFAULT_PLUGINS: tuple[str, ...] = (
    "toolstub.plugins.unknown_summarizer",
    "toolstub.plugins.json_summarizer",
    "toolstub.plugins.ndjson_summarizer",
    "toolstub.plugins.xml_summarizer",
    "toolstub.plugins.table_summarizer",
    "toolstub.plugins.yaml_summarizer",
    "toolstub.plugins.code_summarizer",
    "toolstub.plugins.text_summarizer",
    "toolstub.plugins.log_summarizer",
    "toolstub.plugins.diff_summarizer",
    "toolstub.plugins.markdown_summarizer",
    "toolstub.plugins.html_summarizer",
    "toolstub.plugins.tiktoken_tokenizer",
)


def _blocked_names() -> set[str]:
    raw = os.environ.get(BLOCKED_PLUGINS_ENV, "")
    return {name.strip() for name in raw.split(",") if name.strip()}


class ToolstubPluginManager(pluggy.PluginManager):
    """A pluggy manager that remembers where each plugin came from and what went wrong."""

    def __init__(self) -> None:
        super().__init__(hookspecs.PROJECT_NAME)
        self.add_hookspecs(hookspecs)
        #: registration name -> "builtin" or "entry point"
        self.sources: dict[str, str] = {}
        #: registration name -> "distribution version" (entry-point plugins)
        self.distributions: dict[str, str] = {}
        #: contained problems, one line each (a plugin that failed to import or register)
        self.problems: list[str] = []

    def problem(self, message: str) -> None:
        log.warning("toolstub: %s", message)
        self.problems.append(message)

    def parse_hookimpl_opts(self, plugin: object, name: str) -> pluggy.HookimplOpts | None:
        """pluggy's, with a fast answer for a module's attribute that cannot be a hook (start-up).

        pluggy asks this of every name in ``dir(plugin)`` and looks each up with
        ``inspect.getattr_static`` (about 8 ms over the built-ins' ~850 module attributes). For a
        plain module, a name that is not a dunder resolves to its ``__dict__`` entry (``ModuleType``
        defines only dunders), and pluggy takes only functions, bound methods, static and class
        methods as hooks: any other value is no hook, and a plain function is one when it carries
        the ``toolstub_impl`` marker (a dict), as pluggy itself would find.
        """
        if type(plugin) is types.ModuleType and not name.startswith("__"):
            value = plugin.__dict__.get(name, _ABSENT)
            if type(value) is types.FunctionType:  # a plain function: its marker, as pluggy reads it
                opts = getattr(value, self.project_name + "_impl", None)
                return opts if isinstance(opts, dict) else None
            if value is not _ABSENT and not isinstance(value, _HOOKABLE):
                return None
        return super().parse_hookimpl_opts(plugin, name)


_ABSENT = object()
#: the values pluggy may take as a hook implementation (all else is skipped)
_HOOKABLE = (types.FunctionType, types.MethodType, staticmethod, classmethod)


_SECTION = f"[{ENTRY_POINT_GROUP}]"


def _entry_point_files(entry: str) -> list[str] | None:
    """The ``entry_points.txt`` paths importlib.metadata would read under one ``sys.path`` entry
    (its ``Lookup``: each ``*.dist-info`` / ``*.egg-info`` child, and ``EGG-INFO`` of an ``.egg``
    entry), or ``None`` when the entry is not a directory (a zip: ask importlib.metadata)."""
    root = entry or "."
    try:
        names = os.listdir(root)
    except NotADirectoryError:
        return None
    except OSError:
        return []  # missing or unreadable: importlib.metadata finds nothing there either
    is_egg = os.path.basename(root).lower().endswith(".egg")
    return [os.path.join(root, name, "entry_points.txt") for name in names
            if name.lower().endswith((".dist-info", ".egg-info")) or (is_egg and name.lower() == "egg-info")]


def declared_on_path(paths: list[str]) -> bool:
    """Whether some ``entry_points.txt`` under ``paths`` (as importlib.metadata searches them) has a
    ``[toolstub]`` section, or a path is not a plain directory (then: maybe)."""
    section = _SECTION.encode()
    for entry in paths:
        if not isinstance(entry, str):
            return True
        files = _entry_point_files(entry)
        if files is None:
            return True
        for path in files:
            try:
                with open(path, "rb") as handle:
                    text = handle.read()
            except OSError:
                continue
            if section in text and any(line.strip() == section for line in text.splitlines()):
                return True
    return False


def may_have_entry_points() -> bool:
    """Whether an installed distribution may declare a ``toolstub`` entry point (never a false ``False``).

    importlib.metadata (about 17 ms to import, and 10-15 ms to read every distribution's metadata)
    is used only when some ``entry_points.txt`` on ``sys.path`` has a ``[toolstub]`` section, when a
    ``sys.path`` entry is not a plain directory, when a finder other than the standard path finder
    can list distributions, or when importlib.metadata is already imported (then it costs little).
    """
    if "importlib.metadata" in sys.modules:
        return True
    for finder in sys.meta_path:
        if getattr(finder, "find_distributions", None) is not None and finder.__module__ != "_frozen_importlib_external":
            return True
    return declared_on_path(list(sys.path))


def _load_entrypoints(pm: ToolstubPluginManager) -> None:
    """pluggy's ``load_setuptools_entrypoints``, with a plugin that fails to import contained."""
    if not may_have_entry_points():
        return
    import importlib.metadata  # noqa: PLC0415 - on the start-up path only when a plugin may be installed

    for dist in list(importlib.metadata.distributions()):
        for ep in dist.entry_points:
            if ep.group != ENTRY_POINT_GROUP or pm.get_plugin(ep.name) or pm.is_blocked(ep.name):
                continue
            dist_name = f"{dist.metadata['Name']} {dist.version}"
            try:
                plugin = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as exc:  # noqa: BLE001 - a broken plugin never breaks toolstub
                pm.problem(f"plugin {ep.name!r} ({dist_name}) failed to load: {type(exc).__name__}: {exc}")
                continue
            pm.sources[ep.name] = "entry point"
            pm.distributions[ep.name] = dist_name


def autoload_enabled() -> bool:
    return os.environ.get(DISABLE_AUTOLOAD_ENV, "").strip().lower() in ("", "0", "false", "no")


def make_plugin_manager(load_entrypoints: bool | None = None) -> ToolstubPluginManager:
    """A fresh plugin manager with the built-ins and (unless disabled) the entry-point plugins."""
    pm = ToolstubPluginManager()
    for name in _blocked_names():
        pm.set_blocked(name)
    for module_name in DEFAULT_PLUGINS:
        if pm.is_blocked(module_name):
            continue
        pm.register(importlib.import_module(module_name), name=module_name)
        pm.sources[module_name] = "builtin"
    if load_entrypoints is None:
        load_entrypoints = autoload_enabled()
    if load_entrypoints:
        _load_entrypoints(pm)
    pm.check_pending()
    return pm


@dataclass(frozen=True)
class RegisteredSummarizer:
    summarizer: Summarizer
    plugin_name: str


def _descriptor_problem(item: object) -> str | None:
    if not isinstance(item, Summarizer):
        return f"returned {type(item).__name__}, not a toolstub Summarizer"
    if not isinstance(item.name, str) or not item.name.strip() or item.name != item.name.strip():
        return f"returned a Summarizer with an invalid name {item.name!r}"
    if not callable(item.summarize):
        return f"returned a Summarizer {item.name!r} whose summarize is not callable"
    try:
        digest = validation_cache.key("caps_schema", dict(item.caps_schema))
        if not validation_cache.known(digest):
            # jsonschema is imported only when a schema was never checked before (start-up)
            importlib.import_module("jsonschema").Draft202012Validator.check_schema(dict(item.caps_schema))
            validation_cache.remember(digest)
    except Exception as exc:  # noqa: BLE001 - SchemaError or a non-mapping
        return f"returned a Summarizer {item.name!r} with an invalid caps_schema: {str(exc).splitlines()[0]}"
    return None


class Registry:
    """Detector name -> :class:`Summarizer`, built from one plugin manager.

    A plugin whose hook raises, or that returns something other than valid
    :class:`Summarizer` descriptors, is contained: what it returned is ignored and
    the problem is logged and kept in :attr:`problems`. Two plugins claiming one
    kind name is a :class:`PluginError` naming both.
    """

    def __init__(self, pm: pluggy.PluginManager) -> None:
        self.pm = pm
        self.problems: list[str] = list(getattr(pm, "problems", ()))
        self._by_name: dict[str, RegisteredSummarizer] = {}
        for impl in pm.hook.toolstub_register_summarizers.get_hookimpls():
            plugin_name = pm.get_name(impl.plugin) or repr(impl.plugin)
            for summarizer in self._call(impl, plugin_name):
                previous = self._by_name.get(summarizer.name)
                if previous is not None:
                    first, second = sorted([previous.plugin_name, plugin_name])
                    raise PluginError(
                        f"duplicate kind name {summarizer.name!r}: provided by both {first!r} and {second!r}"
                    )
                self._by_name[summarizer.name] = RegisteredSummarizer(summarizer, plugin_name)
        self._stream_totals: dict[str, StreamTotals] | None = None

    def stream_totals(self, name: str) -> StreamTotals | None:
        """The whole-output counter registered for detector ``name`` (``toolstub_register_stream_totals``)."""
        if self._stream_totals is None:
            self._stream_totals = self._collect_stream_totals()
        return self._stream_totals.get(name)

    def stream_sniffers(self) -> list[StreamTotals]:
        """The registered whole-document counters (``StreamTotals.sniff`` set), by name."""
        if self._stream_totals is None:
            self._stream_totals = self._collect_stream_totals()
        return [item for _, item in sorted(self._stream_totals.items()) if item.sniff is not None]

    def _collect_stream_totals(self) -> dict[str, StreamTotals]:
        found: dict[str, StreamTotals] = {}
        hook = getattr(self.pm.hook, "toolstub_register_stream_totals", None)
        for impl in hook.get_hookimpls() if hook is not None else ():
            plugin_name = self.pm.get_name(impl.plugin) or repr(impl.plugin)
            try:
                items = list(impl.function() or ())
            except Exception as exc:  # noqa: BLE001 - a plugin must never break toolstub
                self._problem(f"plugin {plugin_name!r} failed to register its stream totals: {type(exc).__name__}: {exc}")
                continue
            for item in items:
                if not isinstance(item, StreamTotals) or not callable(item.start) or item.name in found:
                    self._problem(f"plugin {plugin_name!r} returned an invalid or duplicate StreamTotals {item!r} (ignored)")
                    continue
                found[item.name] = item
        return found

    def _problem(self, message: str) -> None:
        log.warning("toolstub: %s", message)
        self.problems.append(message)

    def _call(self, impl: pluggy.HookImpl, plugin_name: str) -> list[Summarizer]:
        try:
            items = list(impl.function() or ())
        except Exception as exc:  # noqa: BLE001 - a plugin must never break toolstub
            self._problem(f"plugin {plugin_name!r} failed to register its kinds: {type(exc).__name__}: {exc}")
            return []
        good = []
        for item in items:
            problem = _descriptor_problem(item)
            if problem is None:
                good.append(item)
            else:
                self._problem(f"plugin {plugin_name!r} {problem} (ignored)")
        return good

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

    def plugins(self) -> list[dict[str, object]]:
        """One row per registered plugin: name, source, distribution, kinds (sorted by name)."""
        sources = getattr(self.pm, "sources", {})
        dists = getattr(self.pm, "distributions", {})
        rows = []
        for name, plugin in sorted(self.pm.list_name_plugin(), key=lambda np: np[0]):
            if plugin is None:
                continue
            kinds = [e.summarizer.name for e in self.items() if e.plugin_name == name]
            rows.append({
                "name": name,
                "source": sources.get(name, "registered"),
                "distribution": dists.get(name, ""),
                "kinds": kinds,
            })
        return rows


_registry: Registry | None = None
_lock = threading.Lock()
#: called (no arguments) after the registry is replaced: caches built from the old one drop it
_reset_listeners: list[Callable[[], None]] = []


def on_reset(listener: Callable[[], None]) -> Callable[[], None]:
    """Call ``listener`` after every :func:`reset_registry` (the rule-file cache registers here)."""
    if listener not in _reset_listeners:
        _reset_listeners.append(listener)
    return listener


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
    for listener in tuple(_reset_listeners):
        listener()
