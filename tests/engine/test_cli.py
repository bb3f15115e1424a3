"""The CLI commands synopsis, rules and plugins: output shapes, byte-exact input, one-line errors."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toolstub
from toolstub.cli import EXIT_BAD_RULES, EXIT_NO_INPUT, EXIT_USAGE, main


@pytest.fixture
def run():
    runner = CliRunner()

    def invoke(*args: str, input: bytes | str | None = None):
        return runner.invoke(main, list(args), input=input, catch_exceptions=False, prog_name="toolstub")

    return invoke


def one_error_line(result) -> str:
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("toolstub: error: ")
    assert "Traceback" not in result.output
    return lines[0]


def test_synopsis_json_has_exactly_the_documented_members(run, tmp_path):
    path = tmp_path / "out.txt"
    path.write_bytes(b"hello world\n")
    result = run("synopsis", str(path), "--format", "json")
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert list(doc) == ["synopsis", "original_chars", "ruleset", "ruleset_version"]
    assert list(doc["synopsis"]) == ["kind", "title", "summary", "structure", "notable_items", "sample"]
    expected = toolstub.synopsize("hello world\n")
    assert doc["synopsis"] == expected.to_dict()
    assert (doc["original_chars"], doc["ruleset"], doc["ruleset_version"]) == (12, "default", expected.ruleset_version)


def test_synopsis_reads_stdin_bytes_untranslated_with_bom_and_crlf(run):
    data = "\ufeffa,b\r\n1,2\r\n".encode()
    result = run("synopsis", "-", "--format", "json", "--rules", "openviking-compat", input=data)
    doc = json.loads(result.stdout)
    content = data.decode("utf-8")
    assert doc["original_chars"] == len(content) == 11  # BOM and both \r kept
    assert doc["synopsis"] == toolstub.synopsize(content, rules="openviking-compat").to_dict()
    assert run("synopsis", "--format", "json", input=data).stdout == run("synopsis", "-", "--format", "json", input=data).stdout


def test_invalid_utf8_is_surrogate_escaped_and_printing_never_crashes(run):
    data = b"caf\xe9 \xff\xfe bytes\n"
    result = run("synopsis", "--format", "json", input=data)
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    content = data.decode("utf-8", "surrogateescape")
    assert doc["original_chars"] == len(content)
    assert doc["synopsis"] == toolstub.synopsize(content).to_dict()
    stub = run("synopsis", input=data)
    assert stub.exit_code == 0
    assert hashlib.sha256(data).hexdigest()[:16] in stub.stdout_bytes.decode("utf-8", "surrogateescape")


def test_stub_format_has_header_options_and_sha256_of_the_bytes(run, tmp_path):
    data = b'{"id": 1, "name": "Ada"}'
    path = tmp_path / "r.json"
    path.write_bytes(data)
    result = run("synopsis", str(path), "--rules", "openviking-compat", "--ref", "REF", "--tool-name", "http",
                 "--reason", "single_threshold", "--preview-chars", "5")
    assert result.exit_code == 0
    synopsis = toolstub.synopsize(data.decode(), rules="openviking-compat", tool_name="http", preview_chars=5)
    expected = toolstub.render_stub(synopsis, ref="REF", tool_name="http", sha256=hashlib.sha256(data).hexdigest(),
                                    reason="single_threshold", original_chars=len(data), preview_chars=5,
                                    rules="openviking-compat")
    assert result.stdout == expected + "\n"
    assert f"sha256: {hashlib.sha256(data).hexdigest()[:16]}\n" in result.stdout
    assert "Explore:\n- Use openviking_tool_result_search with ref=REF" in result.stdout


def test_stub_preview_chars_header_is_clamped_to_the_content_length(run):
    result = run("synopsis", "--preview-chars", "2000", input=b"tiny")
    assert "\npreview_chars: 4\n" in result.stdout


def test_missing_file_exits_3_with_one_line(run, tmp_path):
    result = run("synopsis", str(tmp_path / "nope.json"))
    assert result.exit_code == EXIT_NO_INPUT
    assert one_error_line(result) == f"toolstub: error: no such file: {tmp_path / 'nope.json'}"


def test_bad_rules_exit_4_with_the_rule_file_message(run, tmp_path):
    rules = tmp_path / "bad.yaml"
    rules.write_text("schema_version: 1\nextends: default\nlimits: {line_chars: many}\n")
    result = run("synopsis", "--rules", str(rules), input=b"x")
    assert result.exit_code == EXIT_BAD_RULES
    assert one_error_line(result) == (
        f"toolstub: error: invalid rules: {rules}:3:22: $.limits.line_chars: expected an integer, got a string 'many'"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["synopsis", "--format", "xml"],
         "toolstub: error: Invalid value for '--format': 'xml' is not one of 'stub', 'json'. (see 'toolstub synopsis --help')"),
        (["synopsis", "--preview-chars", "-1"],
         "toolstub: error: Invalid value for '--preview-chars': -1 is not in the range x>=0. (see 'toolstub synopsis --help')"),
        (["--no-such-flag"], "toolstub: error: No such option '--no-such-flag'. (see 'toolstub --help')"),
        (["nosuchcommand"], "toolstub: error: No such command 'nosuchcommand'. (see 'toolstub --help')"),
    ],
)
def test_bad_option_exits_2_with_one_line(run, args, message):
    result = run(*args, input=b"")
    assert result.exit_code == EXIT_USAGE
    assert one_error_line(result) == message


def test_rules_show_prints_the_merged_ruleset(run, tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("schema_version: 1\nextends: default\nlimits: {line_chars: 99}\n")
    doc = json.loads(run("rules", "show", str(path), "--json").stdout)
    default = json.loads(run("rules", "show", "--json").stdout)
    assert doc["limits"] == {**default["limits"], "line_chars": 99}
    assert doc["detectors"] == default["detectors"] and doc["name"] == "mine" and "extends" not in doc
    assert set(doc["kinds"]) >= set(doc["detectors"])
    yaml_out = run("rules", "show", "openviking-compat").stdout
    assert yaml_out.startswith("# merged from: openviking-compat.yaml\nschema_version: 1\nname: openviking-compat\n")
    assert run("rules", "show", str(path)).stdout.startswith(f"# merged from: {path} -> default.yaml\n")


def test_rules_validate_reports_each_file_and_exits_4_if_any_is_bad(run, tmp_path):
    good, bad = tmp_path / "good.yaml", tmp_path / "bad.yaml"
    good.write_text("schema_version: 1\nextends: default\nversion: '3'\n")
    bad.write_text("schema_version: 1\nextends: default\nstub: {colour: red}\n")
    ok = run("rules", "validate", str(good))
    assert (ok.exit_code, ok.stdout) == (0, f"{good}: ok (good 3)\n")
    both = run("rules", "validate", str(good), str(bad))
    assert both.exit_code == EXIT_BAD_RULES
    assert both.stdout == f"{good}: ok (good 3)\n"
    assert both.stderr.splitlines() == [
        f"toolstub: error: invalid rules: {bad}:3:8: $.stub.colour: unknown key 'colour' (expected one of: explore, header, tools)",
        "toolstub: error: 1 of 2 rule files invalid",
    ]


def test_rules_schema_prints_the_bundled_schema(run):
    from toolstub.rules.schema import load_schema

    assert json.loads(run("rules", "schema").stdout) == load_schema()
    composed = json.loads(run("rules", "schema", "--with-kinds").stdout)
    from toolstub.plugin_manager import get_registry

    names = get_registry().names()
    assert sorted(composed["properties"]["kinds"]["properties"]) == names
    assert composed["properties"]["detectors"]["items"]["enum"] == [*names, "..."]


def test_plugins_list_names_plugins_sources_and_kinds(run):
    doc = json.loads(run("plugins", "list", "--json").stdout)
    rows = {row["name"]: row for row in doc["plugins"]}
    assert rows["toolstub.plugins.json_summarizer"] == {
        "name": "toolstub.plugins.json_summarizer", "source": "builtin", "distribution": "", "kinds": ["json"],
    }
    text = run("plugins", "list").stdout
    assert "toolstub.plugins.table_summarizer\tbuiltin\tcsv, tsv\n" in text


def test_real_subprocess_errors_are_one_line_with_distinct_codes(tmp_path):
    def cli(*args: str, stdin: bytes = b"") -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "toolstub.cli", *args], check=False, input=stdin, capture_output=True,
                              timeout=60, cwd=tmp_path)

    missing = cli("synopsis", "missing.txt")
    assert missing.returncode == EXIT_NO_INPUT
    assert missing.stderr == b"toolstub: error: no such file: missing.txt\n"
    (tmp_path / "bad.yaml").write_text("schema_version: 1\nextends: default\ndetectors: [nope]\n")
    bad = cli("synopsis", "--rules", "./bad.yaml", stdin=b"x")
    assert bad.returncode == EXIT_BAD_RULES
    assert bad.stderr.count(b"\n") == 1 and b"Traceback" not in bad.stderr
    assert bad.stderr.startswith(b"toolstub: error: invalid rules: ./bad.yaml:3:13: $.detectors[0]: no installed plugin")
    ok = cli("synopsis", "--format", "json", stdin=b"\xff\xfe\x00binary")
    assert ok.returncode == 0 and json.loads(ok.stdout)["original_chars"] == 9


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.binary(max_size=300) | st.text(max_size=200).map(lambda t: t.encode("utf-8", "surrogatepass")),
       fmt=st.sampled_from(["json", "stub"]), rules=st.sampled_from(["default", "openviking-compat"]))
def test_any_bytes_on_stdin_give_a_synopsis(run, data, fmt, rules):
    result = run("synopsis", "--format", fmt, "--rules", rules, input=data)
    assert result.exit_code == 0, result.stderr
    if fmt == "json":
        doc = json.loads(result.stdout)
        assert doc["original_chars"] == len(data.decode("utf-8", "surrogateescape"))
    else:
        assert f"sha256: {hashlib.sha256(data).hexdigest()[:16]}\n".encode() in result.stdout_bytes


def test_duplicate_kind_plugins_give_one_line_and_exit_1(run, monkeypatch, make_plugin):
    from toolstub import Summarizer
    from toolstub import plugin_manager as pmod

    real = pmod.make_plugin_manager

    def with_duplicate(load_entrypoints=None):
        pm = real(load_entrypoints=False)
        pm.register(make_plugin("dup_text", Summarizer(name="text", summarize=lambda i: None)), name="dup_text")
        return pm

    monkeypatch.setattr(pmod, "make_plugin_manager", with_duplicate)
    pmod.reset_registry(None)
    try:
        result = run("synopsis", input=b"x")
    finally:
        monkeypatch.undo()
        pmod.reset_registry(None)
    assert result.exit_code == 1
    assert one_error_line(result) == (
        "toolstub: error: duplicate kind name 'text': provided by both 'dup_text' and 'toolstub.plugins.text_summarizer'"
    )
