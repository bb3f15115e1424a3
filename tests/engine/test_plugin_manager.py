"""The plugin manager: built-ins, entry points, the two switches, duplicates, contained failures."""

from __future__ import annotations

import importlib
import importlib.metadata
import logging
import textwrap

import pytest

import toolstub
from toolstub import Summarizer, Synopsis
from toolstub.errors import PluginError
from toolstub.plugin_manager import (
    DEFAULT_PLUGINS,
    Registry,
    get_registry,
    make_plugin_manager,
    reset_registry,
)


class FakeDist:
    """Just enough of importlib.metadata.Distribution for entry-point loading."""

    def __init__(self, name: str, version: str, entry_points: list[importlib.metadata.EntryPoint]):
        self.metadata = {"Name": name}
        self.version = version
        self.entry_points = entry_points


@pytest.fixture
def fake_entry_point(tmp_path, monkeypatch):
    """A distribution 'toolstub-fake 9.9' whose entry point 'fake' provides kind 'fakekind'."""
    (tmp_path / "toolstub_fake_plugin.py").write_text(textwrap.dedent("""
        from toolstub import Summarizer, Synopsis, hookimpl

        def _summarize(inp):
            return Synopsis(kind="fakekind", title="Fake", summary=("fake",)) if inp.content == "fake" else None

        @hookimpl
        def toolstub_register_summarizers():
            return (Summarizer(name="fakekind", summarize=_summarize),)
    """))
    monkeypatch.syspath_prepend(str(tmp_path))
    ep = importlib.metadata.EntryPoint(name="fake", value="toolstub_fake_plugin", group="toolstub")
    broken = importlib.metadata.EntryPoint(name="broken", value="toolstub_no_such_module", group="toolstub")
    other = importlib.metadata.EntryPoint(name="other", value="os", group="console_scripts")
    dists = [FakeDist("toolstub-fake", "9.9", [ep, other]), FakeDist("toolstub-broken", "0.1", [broken])]
    monkeypatch.setattr(importlib.metadata, "distributions", lambda: iter(dists))
    return ep


def test_builtins_are_registered_from_the_tuple_with_their_module_names():
    pm = make_plugin_manager(load_entrypoints=False)
    for name in DEFAULT_PLUGINS:
        assert pm.get_plugin(name) is not None
        assert pm.sources[name] == "builtin"
    registry = Registry(pm)
    assert {"empty", "binary", "json", "xml", "tsv", "csv", "yaml", "code", "text"} <= set(registry.names())


def test_entry_point_plugin_is_loaded_and_a_broken_one_is_contained(fake_entry_point, caplog):
    with caplog.at_level(logging.WARNING, logger="toolstub"):
        pm = make_plugin_manager(load_entrypoints=True)
    registry = Registry(pm)
    assert registry.plugin_of("fakekind") == "fake"
    row = next(r for r in registry.plugins() if r["name"] == "fake")
    assert row == {"name": "fake", "source": "entry point", "distribution": "toolstub-fake 9.9", "kinds": ["fakekind"]}
    assert registry.problems == [
        "plugin 'broken' (toolstub-broken 0.1) failed to load: ModuleNotFoundError: No module named 'toolstub_no_such_module'"
    ]
    assert registry.problems[0] in caplog.text


def test_autoload_switch_disables_entry_points_but_not_builtins(fake_entry_point, monkeypatch):
    monkeypatch.setenv("TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD", "1")
    registry = Registry(make_plugin_manager())
    assert "fakekind" not in registry and "json" in registry
    monkeypatch.setenv("TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD", "0")
    assert "fakekind" in Registry(make_plugin_manager())


def test_blocked_plugins_switch_blocks_entry_points_and_builtins(fake_entry_point, monkeypatch):
    monkeypatch.setenv("TOOLSTUB_BLOCKED_PLUGINS", " fake , toolstub.plugins.yaml_summarizer")
    pm = make_plugin_manager()
    registry = Registry(pm)
    assert "fakekind" not in registry and "yaml" not in registry and "json" in registry
    assert pm.is_blocked("fake")


def test_entry_point_kind_is_used_when_a_rule_file_places_it(fake_entry_point, tmp_path):
    reset_registry(Registry(make_plugin_manager(load_entrypoints=True)))
    try:
        path = tmp_path / "r.yaml"
        path.write_text("schema_version: 1\nextends: default\ndetectors: [fakekind, text]\n")
        assert toolstub.synopsize("fake", rules=str(path)).kind == "fakekind"
        assert toolstub.synopsize("fake", rules="default").kind != "fakekind"
    finally:
        reset_registry(None)


def test_duplicate_kind_name_is_one_line_naming_both_plugins(make_plugin):
    pm = make_plugin_manager(load_entrypoints=False)
    pm.register(make_plugin("second_json", Summarizer(name="json", summarize=lambda inp: None)), name="second_json")
    with pytest.raises(PluginError) as info:
        Registry(pm)
    assert str(info.value) == (
        "duplicate kind name 'json': provided by both 'second_json' and 'toolstub.plugins.json_summarizer'"
    )


def test_registration_hook_that_raises_is_contained(caplog, make_plugin):
    def boom():
        raise RuntimeError("cannot register")

    pm = make_plugin_manager(load_entrypoints=False)
    pm.register(make_plugin("raising_plugin", register=boom), name="raising_plugin")
    with caplog.at_level(logging.WARNING, logger="toolstub"):
        registry = Registry(pm)
    assert "json" in registry
    assert registry.problems == ["plugin 'raising_plugin' failed to register its kinds: RuntimeError: cannot register"]
    assert "cannot register" in caplog.text


@pytest.mark.parametrize(
    ("item", "problem"),
    [
        ("not a summarizer", "returned str, not a toolstub Summarizer"),
        (Summarizer(name="", summarize=lambda i: None), "returned a Summarizer with an invalid name ''"),
        (Summarizer(name="x", summarize="nope"), "returned a Summarizer 'x' whose summarize is not callable"),
        (
            Summarizer(name="y", summarize=lambda i: None, caps_schema={"type": "nonsense"}),
            "returned a Summarizer 'y' with an invalid caps_schema: 'nonsense' is not valid under any of the given schemas",
        ),
    ],
)
def test_registration_returning_garbage_is_contained(item, problem, make_plugin, probe):
    pm = make_plugin_manager(load_entrypoints=False)
    pm.register(make_plugin("garbage_plugin", item, probe), name="garbage_plugin")
    registry = Registry(pm)
    assert registry.problems == [f"plugin 'garbage_plugin' {problem} (ignored)"]
    assert "probe" in registry  # the plugin's valid descriptors are kept


def test_process_registry_is_built_once_and_reset_rebuilds_it():
    first = get_registry()
    assert get_registry() is first
    reset_registry(None)
    assert get_registry() is not first


def test_every_hook_is_prefixed_and_documented():
    from toolstub import hookspecs

    names = [n for n in dir(make_plugin_manager(load_entrypoints=False).hook) if not n.startswith("_")]
    assert names and all(n.startswith("toolstub_") for n in names)
    for name in names:
        assert getattr(hookspecs, name).__doc__


def test_summarizer_descriptor_is_frozen(probe):
    with pytest.raises(AttributeError):
        probe.name = "other"  # type: ignore[misc]
    assert isinstance(Synopsis(kind="x"), Synopsis)


def _odd_plugin_module():
    """A module holding every sort of attribute pluggy may meet: hooks marked on a function, a static
    and a class method, a marker that is no dict, an unmarked function, a class, a lambda, a builtin."""
    import functools
    import types

    module = types.ModuleType("toolstub_odd_plugin")
    exec(textwrap.dedent("""
        import math
        from toolstub import hookimpl

        @hookimpl
        def toolstub_register_summarizers():
            return ()

        @hookimpl(optionalhook=True)
        def toolstub_not_a_hook():
            return ()

        def plain():
            return 1

        def fake_marker():
            return 2
        fake_marker.toolstub_impl = "not a dict"

        class Holder:
            pass

        sqrt = math.sqrt
        anonymous = lambda: 3
        CONSTANT = 4
    """), module.__dict__)
    module.static_hook = staticmethod(module.plain)
    module.class_hook = classmethod(lambda cls: ())
    module.partial = functools.partial(module.plain)
    module.bound = module.Holder().__init__
    return module


def test_the_fast_hook_lookup_finds_what_pluggy_finds():
    # ToolstubPluginManager answers for a module's non-hook attributes without inspect.getattr_static
    # (start-up); pluggy's own lookup must agree on every name of every built-in and of an odd module
    import pluggy

    pm = make_plugin_manager(load_entrypoints=False)
    modules = [importlib.import_module(name) for name in DEFAULT_PLUGINS] + [_odd_plugin_module()]
    hooks = 0
    for module in modules:
        for name in dir(module):
            ours = pm.parse_hookimpl_opts(module, name)
            assert ours == pluggy.PluginManager.parse_hookimpl_opts(pm, module, name), (module.__name__, name)
            hooks += ours is not None
    assert hooks >= len(DEFAULT_PLUGINS) + 2  # every built-in's hooks and the odd module's two
    odd = modules[-1]
    assert pm.parse_hookimpl_opts(odd, "toolstub_register_summarizers") is not None
    assert pm.parse_hookimpl_opts(odd, "fake_marker") is None
    assert pm.parse_hookimpl_opts(odd, "CONSTANT") is None
