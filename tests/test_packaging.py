"""Packaging: one import package ``toolstub``; bundled rules and schema reachable as resources."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import resources
from pathlib import Path

import pytest
import yaml
from jsonschema import Draft202012Validator

REPO = Path(__file__).resolve().parents[1]
GENERIC = ("engine", "plugins", "rules")


def test_no_generic_top_level_module_is_imported_even_from_the_repo_root():
    code = (
        "import sys, toolstub\n"
        "from toolstub.plugin_manager import get_registry\n"
        "get_registry(); toolstub.load_rules('default'); toolstub.load_rules('openviking-compat')\n"
        "toolstub.synopsize('{\"a\": 1}'); import toolstub.cli\n"
        f"print([m for m in sys.modules if m.split('.')[0] in {GENERIC!r}])\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.strip() == "[]"


def test_builtin_plugins_live_in_toolstub_plugins():
    from toolstub.plugin_manager import DEFAULT_PLUGINS

    assert DEFAULT_PLUGINS and all(name.startswith("toolstub.plugins.") for name in DEFAULT_PLUGINS)


@pytest.mark.parametrize("name", ["default", "openviking-compat"])
def test_bundled_rule_files_are_resources_and_valid_against_the_schema(name):
    text = resources.files("toolstub.rules").joinpath(f"{name}.yaml").read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    schema = json.loads(resources.files("toolstub.rules.schema").joinpath("rules.v1.schema.json").read_text())
    Draft202012Validator.check_schema(schema)
    errors = [e.message for e in Draft202012Validator(schema).iter_errors(data)]
    assert errors == []
    assert data["schema_version"] == 1 and isinstance(data["version"], str) and data["name"] == name
    assert text.startswith("# yaml-language-server: $schema=schema/rules.v1.schema.json\n")


def test_schema_is_closed_and_documented():
    from toolstub.rules.schema import load_schema

    schema = load_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema" and schema["$id"]

    def walk(node, path="$"):
        if node.get("type") == "object" and "properties" in node:
            assert node.get("additionalProperties") is False, path
            for key, child in node["properties"].items():
                assert child.get("description"), f"{path}.{key}"
                walk(child, f"{path}.{key}")

    walk(schema)


def test_bundled_rulesets_are_listed():
    from toolstub.rule_files import bundled_names

    assert {"default", "openviking-compat"} <= set(bundled_names())


def test_console_script_is_installed():
    from importlib.metadata import entry_points

    (script,) = entry_points(group="console_scripts", name="toolstub")
    assert script.value == "toolstub.launch:main"  # the click command line for all but a plain synopsis



def test_the_version_constant_is_the_installed_distribution_s_and_pyproject_s():
    # toolstub.__version__ is a constant (no importlib.metadata at start-up): it must not drift
    import importlib.metadata

    import toolstub

    pyproject = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    declared = next(line.split("=", 1)[1].strip().strip('"') for line in pyproject.splitlines()
                    if line.startswith("version = "))
    assert toolstub.__version__ == declared == importlib.metadata.version("toolstub")
    out = subprocess.run([sys.executable, "-m", "toolstub", "--version"], capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout == f"toolstub, version {declared}\n"
