"""The third-party example package examples/toolstub-ndjson, installed with pip into a scratch folder.

pip installs it with ``--target`` into a temporary folder (never into the running
environment); each check runs a fresh ``python -m toolstub.cli`` with that folder
on ``PYTHONPATH``, so the plugin is found through its entry point only.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import toolstub

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "examples" / "toolstub-ndjson"
NDJSON = b'{"id": 1, "user": "ada", "tags": ["a"]}\n{"id": 2, "user": "bob"}\n{"id": 3, "user": "cy", "admin": true}\n'


def _can_build_offline() -> bool:
    import setuptools

    major, minor = (int(x) for x in setuptools.__version__.split(".")[:2])
    return importlib.util.find_spec("wheel") is not None or (major, minor) >= (70, 1)


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("ndjson")
    source = work / "src"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns("build", "*.egg-info", "__pycache__"))
    target = work / "site"
    cmd = [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--disable-pip-version-check",
           "--target", str(target), str(source)]
    if _can_build_offline():
        cmd.insert(4, "--no-build-isolation")
    subprocess.run(cmd, check=True, capture_output=True, timeout=300)
    return target


def cli(site: Path, *args: str, stdin: bytes = b"", env: dict | None = None, cwd: Path | None = None):
    environ = {k: v for k, v in os.environ.items() if not k.startswith("TOOLSTUB_")}
    environ.update({"PYTHONPATH": str(site), **(env or {})})
    return subprocess.run([sys.executable, "-m", "toolstub.cli", *args], check=False, input=stdin, capture_output=True,
                          timeout=60, env=environ, cwd=cwd)


@pytest.fixture(scope="module")
def rules(tmp_path_factory) -> Path:
    """A rule file extending default that places ndjson_keys before the built-in ndjson and trusts it."""
    path = tmp_path_factory.mktemp("rules") / "ndjson-first.yaml"
    path.write_text("schema_version: 1\nextends: default\ndetectors: [empty, binary, ndjson_keys, ...]\n"
                    "detection:\n  plain_confidence_by_kind: {ndjson_keys: 1.0}\n"
                    "kinds:\n  ndjson_keys:\n    max_keys: 3\n")
    order = list(toolstub.load_rules("default").detectors)
    assert order[:3] == ["empty", "binary", "ndjson"]  # so ndjson_keys lands right before the built-in
    return path


def test_installed_plugin_is_listed_as_an_entry_point(site):
    result = cli(site, "plugins", "list", "--json")
    assert result.returncode == 0, result.stderr
    rows = {row["name"]: row for row in json.loads(result.stdout)["plugins"]}
    assert rows["ndjson_keys"] == {"name": "ndjson_keys", "source": "entry point",
                                   "distribution": "toolstub-ndjson 0.1.0", "kinds": ["ndjson_keys"]}
    assert not (site / "toolstub").exists()  # only the plugin went into the target folder


def test_rule_file_places_and_trusts_the_example_before_the_built_in(site, rules):
    placed = cli(site, "synopsis", "--rules", str(rules), "--format", "json", stdin=NDJSON)
    assert placed.returncode == 0, placed.stderr
    doc = json.loads(placed.stdout)["synopsis"]
    assert doc == {
        "kind": "ndjson",
        "title": "NDJSON key census",
        "summary": ["NDJSON with 3 records.", "keys: id, user, tags (+1 more)"],
        "structure": [
            "records: 3",
            "key union (4 keys over the first 3 records): id, user, tags (+1 more)",
            "first record shape: object(keys=3: id: number, user: string, tags: array)",
        ],
        "notable_items": ["tags: in 1 of 3 records"],
        "sample": "",
    }
    unplaced = json.loads(cli(site, "synopsis", "--format", "json", stdin=NDJSON).stdout)["synopsis"]
    # installed, but not in default's order: the built-in ndjson detector describes it
    assert (unplaced["kind"], unplaced["title"]) == ("ndjson", "NDJSON output")
    untrusted = tmp_rules_without_trust(rules)
    built_in = json.loads(cli(site, "synopsis", "--rules", str(untrusted), "--format", "json", stdin=NDJSON).stdout)
    # placed first but not trusted: its plain synopsis (0.5) loses to the built-in's scored claim
    assert built_in["synopsis"]["title"] == "NDJSON output"


def tmp_rules_without_trust(rules: Path) -> Path:
    path = rules.with_name("ndjson-first-untrusted.yaml")
    path.write_text("schema_version: 1\nextends: default\ndetectors: [empty, binary, ndjson_keys, ...]\n")
    return path


def test_ndjson_caps_of_the_wrong_type_are_refused_in_one_line(site, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nextends: default\nkinds:\n  ndjson_keys:\n    max_keys: many\n")
    result = cli(site, "rules", "validate", str(bad))
    assert result.returncode == 4
    assert result.stderr.decode().splitlines()[0] == (
        f"toolstub: error: invalid rules: {bad}:5:15: $.kinds.ndjson_keys.max_keys: expected an integer, got a string 'many'"
    )


@pytest.mark.parametrize("env", [{"TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": "1"}, {"TOOLSTUB_BLOCKED_PLUGINS": "ndjson_keys"}])
def test_switches_keep_the_entry_point_plugin_out(site, rules, env):
    listed = cli(site, "plugins", "list", "--json", env=env)
    assert "ndjson_keys" not in {row["name"] for row in json.loads(listed.stdout)["plugins"]}
    refused = cli(site, "synopsis", "--rules", str(rules), stdin=NDJSON, env=env)
    assert refused.returncode == 4
    assert refused.stderr.startswith(f"toolstub: error: invalid rules: {rules}:7:3: $.kinds.ndjson_keys: ".encode())
    assert b"no installed plugin provides kind 'ndjson_keys'" in refused.stderr


# --- the plugin's behaviour, in process (module loaded from its file; nothing installed) -------------


@pytest.fixture
def ndjson_rules(use_plugins, tmp_path):
    spec = importlib.util.spec_from_file_location("toolstub_ndjson_under_test", PACKAGE / "toolstub_ndjson" / "__init__.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    use_plugins(module)

    def write(caps: str = "{}") -> str:
        path = tmp_path / "nd.yaml"
        path.write_text(f"schema_version: 1\nextends: default\ndetectors: [ndjson_keys, text]\n"
                        f"kinds: {{ndjson_keys: {caps}}}\n")
        return str(path)

    return write


def test_ndjson_declines_prose_a_single_line_and_scalars(ndjson_rules):
    rules = ndjson_rules()
    for text in ["just text\nmore", '{"a": 1}\n', "1\n2\n3\n", '{"a": 1}\nnot json\n', '{"a": 1} trailing\n{"b": 2}\n']:
        assert toolstub.synopsize(text, rules=rules).kind == "text", text


def test_ndjson_skip_pattern_and_scalars_when_allowed(ndjson_rules):
    rules = ndjson_rules("{skip: '^\\s*#', require_objects: false}")
    synopsis = toolstub.synopsize('[1, 2]\n# comment\n"x"\n', rules=rules)
    assert synopsis.kind == "ndjson"
    assert synopsis.summary == ("NDJSON with 2 records.", "keys: none")
    assert synopsis.structure[-1] == "first record shape: array(len=2)"


def test_ndjson_bad_lines_after_the_probe_are_counted_and_max_records_caps_parsing(ndjson_rules):
    rules = ndjson_rules("{probe_lines: 2, max_records: 4}")
    text = '{"a": 1}\n{"a": 2}\noops\n{"a": 3}\n{"b": 4}\n{"c": 5}\n'
    synopsis = toolstub.synopsize(text, rules=rules)
    assert synopsis.kind == "ndjson"
    # max_records counts parsed lines, good or bad: a1, a2, oops, a3; b4 and c5 are only counted
    assert synopsis.structure[:2] == ("records: 6", "key union (1 key over the first 4 records): a")
    assert synopsis.notable_items == ("lines that are not one JSON record: 1", "records not parsed (max_records): 2")
