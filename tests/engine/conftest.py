"""Fixtures for the engine tests: a registry with extra test plugins, always restored."""

from __future__ import annotations

import types
from collections.abc import Callable, Iterator

import pytest

from toolstub import Summarizer, Synopsis, hookimpl
from toolstub.plugin_manager import Registry, make_plugin_manager, reset_registry


def plugin_module(name: str, *summarizers: Summarizer, register: Callable | None = None) -> types.ModuleType:
    """A plugin object (a module) whose hook returns ``summarizers`` (or runs ``register``)."""
    module = types.ModuleType(name)

    @hookimpl
    def toolstub_register_summarizers():
        return register() if register is not None else summarizers

    module.toolstub_register_summarizers = toolstub_register_summarizers
    return module


def _probe(inp):
    if inp.content.startswith("probe:"):
        return Synopsis(kind="probe", title="Probe", summary=(f"max_items={inp.caps['max_items']}",))
    return None


PROBE = Summarizer(
    name="probe",
    summarize=_probe,
    caps_schema={
        "type": "object",
        "additionalProperties": False,
        "required": ["max_items"],
        "properties": {
            "max_items": {"type": "integer", "minimum": 0},
            "pattern": {"type": "string"},
            "patterns": {"type": "array", "items": {"type": "string"}},
        },
    },
    defaults={"max_items": 3, "pattern": "^x"},
    pattern_keys=frozenset({"pattern", "patterns"}),
    description="a test kind with caps and patterns",
)


@pytest.fixture
def use_plugins() -> Iterator[Callable[..., Registry]]:
    """``use_plugins(module, ...)``: the process registry = built-ins + these plugins (restored after)."""

    def install(*modules: types.ModuleType) -> Registry:
        pm = make_plugin_manager(load_entrypoints=False)
        for module in modules:
            pm.register(module, name=module.__name__)
        registry = Registry(pm)
        reset_registry(registry)
        return registry

    try:
        yield install
    finally:
        reset_registry(None)


@pytest.fixture
def probe_registry(use_plugins) -> Registry:
    return use_plugins(plugin_module("test_probe_plugin", PROBE))


@pytest.fixture
def make_plugin() -> Callable[..., types.ModuleType]:
    """``make_plugin(name, *summarizers, register=None)``: a plugin object for ``pm.register``."""
    return plugin_module


@pytest.fixture
def probe() -> Summarizer:
    """The ``probe`` test kind: caps ``max_items`` (required, default 3), patterns ``pattern``/``patterns``."""
    return PROBE
