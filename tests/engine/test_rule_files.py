"""Rule files: the schema, one-line errors (exact), extends, caps validation, patterns, the cache."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

import toolstub
from toolstub.errors import RuleFileError
from toolstub.rule_files import load_rules, validate_rules

HERE = Path(__file__).parent / "rule_files"
FAIL_CASES = sorted(HERE.glob("*.fail.yaml"))


def expected_message(path: Path, registry) -> str:
    line = next(ln for ln in path.read_text().splitlines() if ln.startswith("# expect: "))
    return (
        line[len("# expect: ") :]
        .replace("{dir}", str(HERE))
        .replace("{installed}", ", ".join(registry.names()))
    )


def test_the_fail_corpus_is_large_enough():
    assert len(FAIL_CASES) >= 12


@pytest.mark.parametrize("path", FAIL_CASES, ids=[p.name for p in FAIL_CASES])
def test_broken_rule_file_gives_its_exact_one_line_message(path, probe_registry):
    with pytest.raises(RuleFileError) as info:
        load_rules(str(path))
    message = str(info.value)
    assert message == expected_message(path, probe_registry)
    assert "\n" not in message
    assert message.startswith("invalid rules: ")


def test_error_attributes_name_file_line_column_and_path(probe_registry):
    with pytest.raises(RuleFileError) as info:
        load_rules(str(HERE / "caps-wrong-type.fail.yaml"))
    err = info.value
    assert (err.path, err.line, err.column, err.json_path) == (
        str(HERE / "caps-wrong-type.fail.yaml"), 5, 16, "$.kinds.probe.max_items"
    )


def test_five_line_file_changes_the_order_and_a_cap():
    assert len((HERE / "five-lines.ok.yaml").read_text().splitlines()) == 5
    rules = load_rules(str(HERE / "five-lines.ok.yaml"))
    base = load_rules("default")
    assert rules.detectors == ("empty", "binary", "json", "text")
    assert rules.limits["line_chars"] == 120
    assert rules.limits["total_chars"] == base.limits["total_chars"]  # merged by key
    assert rules.stub.header == base.stub.header  # inherited
    assert (rules.name, rules.version) == ("five-lines.ok", "1")
    long_line = "word " * 400
    synopsis = toolstub.synopsize(long_line, rules=rules)
    assert synopsis.ruleset == "five-lines.ok"
    assert all(len(line) <= 120 for line in synopsis.summary)


def test_extends_chain_merges_mappings_replaces_lists_fills_defaults(probe_registry):
    rules = load_rules(str(HERE / "probe-caps.ok.yaml"))
    assert rules.files == (str(HERE / "probe-caps.ok.yaml"), str(HERE / "five-lines.ok.yaml"), "default.yaml")
    assert rules.detectors == ("probe", "text")
    assert (rules.name, rules.version) == ("probe-caps", "2.0")
    caps = rules.caps("probe")
    assert caps["max_items"] == 7
    assert caps["pattern"].pattern == "^x"  # the plugin's default, compiled
    assert [p.search("aBB") is not None for p in caps["patterns"]] == [True, True]
    assert rules.data["kinds"]["probe"] == {"max_items": 7, "pattern": "^x", "patterns": ["^a", "(?i)b+"]}
    assert toolstub.synopsize("probe: hi", rules=rules).summary == ("max_items=7",)


def test_name_and_version_are_not_inherited(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("schema_version: 1\nextends: openviking-compat\n")
    rules = load_rules(str(path))
    assert (rules.name, rules.version) == ("mine", "0")
    assert rules.stub.header == "[OpenViking tool result externalized]"


def test_extends_path_is_relative_to_the_extending_file(tmp_path, monkeypatch):
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "base.yaml").write_text("schema_version: 1\nextends: default\nlimits: {line_chars: 99}\n")
    (tmp_path / "sub" / "child.yaml").write_text("schema_version: 1\nextends: ./base.yaml\n")
    monkeypatch.chdir(tmp_path)
    assert load_rules("sub/child.yaml").limits["line_chars"] == 99


def test_bare_name_is_bundled_and_a_path_is_a_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "default.yaml").write_text("schema_version: 1\nextends: default\nname: local\n")
    assert load_rules("default").name == "default"
    assert load_rules("./default.yaml").name == "local"
    assert load_rules("default.yaml").name == "local"


def test_unknown_bundled_name_and_missing_file():
    with pytest.raises(RuleFileError, match=r"^invalid rules: nope: \$: no bundled ruleset named 'nope' "):
        load_rules("nope")
    with pytest.raises(RuleFileError, match=r"^invalid rules: ./missing.yaml: \$: file not found$"):
        load_rules("./missing.yaml")


def test_changed_file_is_reloaded(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("schema_version: 1\nextends: default\nlimits: {line_chars: 100}\n")
    first = load_rules(str(path))
    assert load_rules(str(path)) is first  # cached
    path.write_text("schema_version: 1\nextends: default\nlimits: {line_chars: 2000}\n")
    os.utime(path, ns=(first_mtime := path.stat().st_mtime_ns, first_mtime + 1_000_000))
    second = load_rules(str(path))
    assert second is not first and second.limits["line_chars"] == 2000


def test_changed_parent_reloads_the_child(tmp_path):
    base, child = tmp_path / "base.yaml", tmp_path / "child.yaml"
    base.write_text("schema_version: 1\nextends: default\nlimits: {line_chars: 100}\n")
    child.write_text("schema_version: 1\nextends: ./base.yaml\n")
    assert load_rules(str(child)).limits["line_chars"] == 100
    base.write_text("schema_version: 1\nextends: default\nlimits: {line_chars: 3000}\n")
    assert load_rules(str(child)).limits["line_chars"] == 3000


def test_file_that_becomes_invalid_is_refused_not_served_from_cache(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("schema_version: 1\nextends: default\n")
    load_rules(str(path))
    path.write_text("schema_version: 1\nextends: default\nlimits: {line_chars: x}\n")
    with pytest.raises(RuleFileError, match=r"\$\.limits\.line_chars: expected an integer"):
        load_rules(str(path))


def test_validate_rules_bypasses_the_cache():
    assert validate_rules("default") is not load_rules("default")


@pytest.mark.parametrize("name", ["default", "openviking-compat"])
def test_bundled_rulesets_load_with_every_detector_installed(name):
    rules = load_rules(name)
    assert rules.data["schema_version"] == 1 and rules.version
    assert set(rules.detectors) <= set(rules.kinds)
    assert rules.detectors[-1] == "text"


def test_compat_has_the_seed_order_header_tools_and_no_limits():
    rules = load_rules("openviking-compat")
    assert rules.detectors == ("empty", "binary", "json", "xml", "tsv", "csv", "yaml", "code", "text")
    assert rules.stub.header == "[OpenViking tool result externalized]"
    assert dict(rules.stub.tools) == {
        "search": "openviking_tool_result_search",
        "read": "openviking_tool_result_read",
        "list": "openviking_tool_result_list",
    }
    assert dict(rules.limits) == {}


def test_a_pattern_that_would_backtrack_compiles_and_runs_in_linear_time(probe_registry, tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("schema_version: 1\nextends: default\nkinds:\n  probe:\n    pattern: '(a+)+$'\n")
    pattern = load_rules(str(path)).caps("probe")["pattern"]
    assert pattern.search("a" * 50_000 + "!") is None  # RE2: no catastrophic backtracking


def test_kind_section_for_an_uninstalled_kind_is_refused(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("schema_version: 1\nextends: default\nkinds: {probe: {max_items: 1}}\n")
    with pytest.raises(RuleFileError, match=re.escape(f"{path}:3:9: $.kinds.probe: no installed plugin provides kind 'probe'")):
        load_rules(str(path))


def test_ellipsis_in_detectors_inserts_into_the_inherited_order(probe_registry):
    rules = load_rules(str(HERE / "ndjson-style-insert.ok.yaml"))
    # five-lines.ok.yaml's order is [empty, binary, json, text]
    assert rules.detectors == ("empty", "binary", "probe", "json", "text")
    assert toolstub.synopsize("probe: x", rules=rules).kind == "probe"


def test_ellipsis_expands_against_the_bundled_default(tmp_path):
    path = tmp_path / "r.yaml"
    path.write_text("schema_version: 1\nextends: default\ndetectors: [..., json]\n")
    default = load_rules("default").detectors
    assert load_rules(str(path)).detectors == (*(d for d in default if d != "json"), "json")


def test_a_100000_deep_rule_file_is_refused_in_one_line_without_crashing(tmp_path):
    # run in a subprocess: without the depth guard LibYAML's composer overflows the C stack (SIGSEGV)
    import subprocess
    import sys

    path = tmp_path / "deep.yaml"
    path.write_text("schema_version: 1\nextends: default\nx: " + "[" * 100_000 + "]" * 100_000 + "\n")
    code = "import sys, toolstub\ntry:\n    toolstub.validate_rules(sys.argv[1])\nexcept toolstub.RuleFileError as e:\n    print(e)\n"
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True, timeout=60, check=False)
    assert out.returncode == 0, out.stderr
    # the depth guard or LibYAML's own nesting limit (PyYAML >= 6.0.4) refuses it, with the same message
    assert re.fullmatch(rf"invalid rules: {re.escape(str(path))}:3:\d+: \$: nested deeper than 64 levels\n", out.stdout)


def test_a_100_deep_rule_file_is_refused_by_the_depth_guard(tmp_path):
    path = tmp_path / "deep.yaml"
    path.write_text("schema_version: 1\nextends: default\nx: " + "[" * 100 + "]" * 100 + "\n")
    with pytest.raises(toolstub.RuleFileError) as info:
        toolstub.validate_rules(str(path))
    assert str(info.value) == f"invalid rules: {path}:3:67: $: nested deeper than 64 levels"
