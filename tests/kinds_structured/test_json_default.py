"""Kind json under default: the seed's faults fixed (seed-system.md section 8, items 18-19)."""

from __future__ import annotations

import json

COMPAT, DEFAULT = "openviking-compat", "default"

GITHUB_ISSUES = [
    {
        "url": "https://api.github.com/repos/octo/hello/issues/1347",
        "id": 1,
        "number": 1347,
        "state": "open",
        "title": "Found a bug",
        "user": {"login": "octocat", "id": 1, "site_admin": False},
        "labels": [{"id": 208045946, "name": "bug", "default": True}],
        "assignee": None,
        "locked": False,
        "comments": 0,
        "pull_request": {"url": "https://api.github.com/repos/octo/hello/pulls/1347"},
        "closed_at": None,
        "created_at": "2011-04-22T13:33:48Z",
        "body": "I'm having a problem with this.",
    }
] * 30


def test_github_api_response(synopsis_of):
    out = synopsis_of(json.dumps(GITHUB_ISSUES, indent=2), DEFAULT)
    assert out["kind"] == "json"
    assert out["summary"] == ["JSON array.", "array length: 30"]
    shape = out["structure"][0]
    assert shape.startswith("shape: array(len=30, sample=[object(keys=14: url: string, id: number, number: number, ")
    # an object at the last shape level lists its key names (as compat does everywhere)
    assert "user: object(keys=3: login, id, site_admin)" in shape
    assert "+4 more" in shape  # 14 keys, 10 shown
    # three sampled items of one shape are shown once
    assert shape.endswith(", +4 more)] x3)")
    assert out["notable_items"] == [
        '[0].url: "https://api.github.com/repos/octo/hello/issues/1347"',
        "[0].id: 1",
        "[0].number: 1347",
        '[0].state: "open"',
        '[0].title: "Found a bug"',
    ]


def test_json_syntax_examples(synopsis_of):
    out = synopsis_of('{"ok": true, "none": null, "name": "Ada", "x": 1.5, "u": "é"}', DEFAULT)
    assert out["notable_items"] == ["ok: true", "none: null", 'name: "Ada"', "x: 1.5", 'u: "é"']


def test_more_markers_when_caps_cut(synopsis_of):
    doc = {f"k{i}": {f"c{j}": j for j in range(12)} for i in range(13)}
    out = synopsis_of(json.dumps(doc), DEFAULT)
    assert out["summary"][1] == "top-level keys: " + ", ".join(f"k{i}" for i in range(10)) + ", +3 more"
    assert out["structure"][1] == "k0: object keys: " + ", ".join(f"c{j}" for j in range(10)) + ", +2 more"
    assert out["structure"][-1] == "+3 more"
    assert synopsis_of("{}", DEFAULT)["summary"] == ["JSON object.", "top-level keys: none"]


def test_bom_json_is_json(synopsis_of):
    out = synopsis_of('\ufeff{"a": 1}', DEFAULT)
    assert out["kind"] == "json"
    assert out["summary"] == ["JSON object.", "top-level keys: a"]
    assert synopsis_of('\ufeff  [1]', DEFAULT, mime="application/json")["kind"] == "json"


def test_footnotes_and_prefixed_logs_are_not_json(synopsis_of):
    assert synopsis_of("[1] See the footnote for details.\n[2] Another note.", DEFAULT)["kind"] != "json"
    assert synopsis_of("{} request handled in 12 ms\n{} request handled in 9 ms", DEFAULT)["kind"] != "json"


def test_ndjson_is_its_own_kind_and_small_trailer_stays_json(synopsis_of, tmp_path):
    assert synopsis_of('{"a": 1}\n{"a": 2}\n{"a": 3}\n', DEFAULT)["kind"] == "ndjson"
    without = tmp_path / "no-ndjson.yaml"  # the json detector alone still takes NDJSON as before
    without.write_text("schema_version: 1\nextends: default\ndetectors: [empty, binary, json, text]\n")
    out = synopsis_of('{"a": 1}\n{"a": 2}\n{"a": 3}\n', str(without))
    assert out["kind"] == "json"
    assert out["notable_items"][-1] == "trailing_chars_after_first_json_value: 17"
    big = json.dumps({"items": list(range(200))}) + "\n(output truncated)"
    assert synopsis_of(big, DEFAULT)["kind"] == "json"


def test_deep_nesting_is_described(synopsis_of, hang_guard):
    deep = "[" * 100_000 + "]" * 100_000
    out = hang_guard(60, synopsis_of, deep, DEFAULT)
    assert out["kind"] == "json"
    assert out["summary"] == ["JSON array.", "nesting deeper than 954 levels: not decoded."]


def test_shell_job_lines_are_not_json(synopsis_of):
    assert synopsis_of("[1] 12345\n[2] 12346\n", DEFAULT)["kind"] != "json"
    assert synopsis_of("{}\n{}\n", DEFAULT)["kind"] == "ndjson"
    assert synopsis_of('{"a": 1}\n\n{"a": 2}', DEFAULT)["kind"] == "ndjson"


TSCONFIG = """{
  "compilerOptions": {
    /* Visit https://aka.ms/tsconfig to read more about this file */
    "target": "es2016",   // the JS version
    "module": "commonjs",
    "paths": {"@/*": ["src/*"]},
  },
  "include": ["src/**/*.ts",],
}
"""
VSCODE = '// Place your settings here.\n{\n    "editor.fontSize": 14,\n    "files.exclude": {"**/.git": true,},\n}\n'


def test_jsonc_in_default_not_in_compat(synopsis_of):
    assert synopsis_of(TSCONFIG, COMPAT)["kind"] != "json"
    out = synopsis_of(TSCONFIG, DEFAULT)
    assert out["summary"] == ["JSON object.", "top-level keys: compilerOptions, include"]
    assert out["structure"][1:] == ["compilerOptions: object keys: target, module, paths", "include: array length: 1"]
    assert out["notable_items"] == [
        'compilerOptions.target: "es2016"',
        'compilerOptions.module: "commonjs"',
        'compilerOptions.paths.@/*[0]: "src/*"',
        'include[0]: "src/**/*.ts"',
        "comments and trailing commas skipped",
    ]
    assert synopsis_of(VSCODE, DEFAULT)["summary"] == ["JSON object.", "top-level keys: editor.fontSize, files.exclude"]
    assert synopsis_of(VSCODE, COMPAT)["kind"] != "json"
    # a comment marker inside a string is data
    assert synopsis_of('{"u": "http://x/*y*/"}', DEFAULT)["notable_items"] == ['u: "http://x/*y*/"']


def test_jsonc_retry_is_linear_on_hostile_input(synopsis_of, hang_guard):
    hostile = "{" + "/*" * 200_000 + '"' * 1000 + "//" * 100_000
    assert hang_guard(60, synopsis_of, hostile, DEFAULT)["kind"] != "json"


def test_shape_collapses_only_alike_samples(synopsis_of):
    alike = synopsis_of(json.dumps([{"a": 1}, {"a": 2}, {"a": 3}, {"a": 4}]), DEFAULT)
    assert alike["structure"][0] == "shape: array(len=4, sample=[object(keys=1: a: number)] x3)"
    mixed = synopsis_of(json.dumps([{"a": 1}, [1], 3]), DEFAULT)
    assert mixed["structure"][0] == "shape: array(len=3, sample=[object(keys=1: a: number), array(len=1, sample=[number]), number])"
    compat = synopsis_of(json.dumps([{"a": 1}, {"a": 2}]), "openviking-compat")
    assert compat["structure"][0] == "shape: array(len=2, sample=[object(keys=1: a), object(keys=1: a)])"
