"""Big and hostile inputs: each finishes (hang guard only, no speed assertion) with a sensible synopsis."""

from __future__ import annotations

import json

import pytest

COMPAT, DEFAULT = "openviking-compat", "default"


@pytest.mark.parametrize("rules", [COMPAT, DEFAULT])
def test_100k_deep_json(synopsis_of, hang_guard, rules):
    deep = "[" * 100_000 + "]" * 100_000
    out = hang_guard(60, synopsis_of, deep, rules)
    assert out["kind"] == ("text" if rules == COMPAT else "json")
    hinted = hang_guard(60, synopsis_of, '{"a": ' + deep + "}", rules, "application/json")
    assert hinted["title"] == ("Unparsed JSON-like output" if rules == COMPAT else "JSON output")


@pytest.mark.parametrize("rules", [COMPAT, DEFAULT])
def test_5mb_single_line_json_string(synopsis_of, hang_guard, rules):
    content = json.dumps({"blob": "x" * 5_000_000, "n": 1})
    out = hang_guard(60, synopsis_of, content, rules)
    assert out["kind"] == "json"
    assert out["structure"][1:] == ["blob: string", "n: number"]
    assert len(out["notable_items"][0]) <= len("blob: ") + 80


@pytest.mark.parametrize("rules", [COMPAT, DEFAULT])
def test_brackets_inside_strings_do_not_count_as_nesting(synopsis_of, rules):
    content = json.dumps({"s": "[" * 5000, "t": "\\\"[[" * 100})
    assert synopsis_of(content, rules)["kind"] == "json"


@pytest.mark.parametrize("rules", [COMPAT, DEFAULT])
def test_5mb_single_line_yaml_and_xml(synopsis_of, hang_guard, rules):
    yaml_doc = "---\nkey: " + "y" * 5_000_000 + "\nother: [1, 2]\n"
    out = hang_guard(60, synopsis_of, yaml_doc, rules)
    assert out["structure"] == ["key: string", "other: array"]
    xml_doc = "<r a='1'>" + "<c/>" * 1_000_000 + "</r>"
    assert hang_guard(60, synopsis_of, xml_doc, rules)["structure"] == ["root: r", "attributes: 1", "c: 1000000"]


def test_large_ndjson_is_linear_through_the_stdlib_path(synopsis_of, hang_guard):
    lines = "".join(json.dumps({"i": i, "msg": "hello"}) + "\n" for i in range(200_000))
    out = hang_guard(60, synopsis_of, lines, COMPAT)
    first = json.dumps({"i": 0, "msg": "hello"})
    rest = lines.strip()[len(first) :].strip()  # what follows the first value, stripped
    assert out["notable_items"][-1] == f"trailing_chars_after_first_json_value: {len(rest)}"
