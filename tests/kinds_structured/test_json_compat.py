"""Kind json under openviking-compat: the seed's exact synopsis, quirks included (seed-system.md 2-3)."""

from __future__ import annotations

import json

import pytest

COMPAT = "openviking-compat"


def test_documented_example(synopsis_of):
    assert synopsis_of('{"a": [1, {"b": 2}]}') == {
        "kind": "json",
        "title": "JSON output",
        "summary": ["JSON object.", "top-level keys: a"],
        "structure": ["shape: object(keys=1: a)", "a: array length: 2"],
        "notable_items": ["a[0]: 1"],
        "sample": "",
    }


def test_object_children_examples_and_python_repr(synopsis_of):
    doc = {"name": "Ada", "ok": True, "none": None, "n": 1.5, "list": [], "obj": {"k": "v", "j": 2}, "deep": {"x": {"y": [7]}}}
    out = synopsis_of(json.dumps(doc))
    assert out["summary"] == ["JSON object.", "top-level keys: name, ok, none, n, list, obj, deep"]
    assert out["structure"] == [
        "shape: object(keys=7: name, ok, none, n, list, obj, deep)",
        "name: string",
        "ok: boolean",
        "none: null",
        "n: number",
        "list: array length: 0",
        "obj: object keys: k, j",
        "deep: object keys: x",
    ]
    # depth-first, every key in order, at most 5, Python repr
    assert out["notable_items"] == ["name: 'Ada'", "ok: True", "none: None", "n: 1.5", "obj.k: 'v'"]


def test_array_shape_depth_and_sample_limit(synopsis_of):
    out = synopsis_of("[[1, [2]], {\"a\": 1}, 3, 4]")
    assert out["summary"] == ["JSON array.", "array length: 4"]
    assert out["structure"] == [
        "shape: array(len=4, sample=[array(len=2, sample=[..., ...]), object(keys=1: a), number])",
        "first item type: array",
    ]
    # only item [0] of each array is walked
    assert out["notable_items"] == ["[0][0]: 1"]


def test_key_caps_cut_silently(synopsis_of):
    doc = {f"k{i}": {f"c{j}": j for j in range(12)} for i in range(12)}
    out = synopsis_of(json.dumps(doc))
    ten = ", ".join(f"k{i}" for i in range(10))
    assert out["summary"][1] == f"top-level keys: {ten}"
    assert out["structure"][0] == f"shape: object(keys=12: {ten})"
    assert len(out["structure"]) == 11
    assert out["structure"][1] == "k0: object keys: " + ", ".join(f"c{j}" for j in range(10))


def test_empty_object_and_array(synopsis_of):
    assert synopsis_of("{}")["summary"] == ["JSON object.", "top-level keys: "]
    assert synopsis_of("{}")["structure"] == ["shape: object(keys=0)"]
    out = synopsis_of("[]")
    assert out["summary"] == ["JSON array.", "array length: 0"]
    assert out["structure"] == ["shape: array(len=0)"]
    assert out["notable_items"] == []


@pytest.mark.parametrize(
    ("text", "kind", "example"),
    [("123", "number", ": 123"), ('"hi"', "string", ": 'hi'"), ("true", "boolean", ": True"), ("null", "null", ": None"),
     ("1.0", "number", ": 1.0"), ("NaN", "number", ": nan")],
)
def test_scalar_only_with_json_mime(synopsis_of, text, kind, example):
    out = synopsis_of(text, mime="application/json")
    assert out["summary"] == [f"JSON {kind}."]
    assert out["structure"] == []  # the seed lists a shape for objects and arrays only (issue 15)
    assert out["notable_items"] == [example]
    assert synopsis_of(text)["kind"] != "json"


def test_example_clip_80(synopsis_of):
    out = synopsis_of(json.dumps({"s": "x" * 200}))
    assert out["notable_items"] == ["s: " + ("'" + "x" * 76) + "..."]
    assert len(out["notable_items"][0]) == len("s: ") + 80


def test_ndjson_and_footnote_count_trailing_chars(synopsis_of):
    out = synopsis_of('{"a": 1}\n{"a": 2}\n{"a": 3}\n')
    assert out["kind"] == "json"
    assert out["notable_items"] == ["a: 1", "trailing_chars_after_first_json_value: 17"]
    out = synopsis_of("[1] footnote text")
    assert out["kind"] == "json"
    assert out["notable_items"] == ["[0]: 1", "trailing_chars_after_first_json_value: 13"]
    assert synopsis_of("{} log line")["notable_items"] == ["trailing_chars_after_first_json_value: 8"]


def test_bom_json(synopsis_of):
    text = '\ufeff{"a": 1}'
    assert synopsis_of(text)["kind"] == "text"
    out = synopsis_of(text, mime="application/json", preview_chars=4)
    assert out == {
        "kind": "unknown",
        "title": "Unparsed JSON-like output",
        "summary": ["JSON-like output failed to parse."],
        "structure": [],
        "notable_items": [],
        "sample": "--- BEGIN SAMPLE HEAD ---\n\ufeff{\n--- END SAMPLE HEAD ---\n\n--- BEGIN SAMPLE TAIL ---\n1}\n--- END SAMPLE TAIL ---",
    }


@pytest.mark.parametrize("text", ["{", "[1,]", "{'a': 1}", "[" + "1" * 5000 + "]", '{"a": tru}'])
def test_unparsable(synopsis_of, text):
    assert synopsis_of(text)["kind"] != "json"
    assert synopsis_of(text, mime="application/json")["title"] == "Unparsed JSON-like output"


def test_python_json_quirks_accepted(synopsis_of):
    out = synopsis_of('{"a": 1, "b": 2, "a": [3]}')
    assert out["summary"] == ["JSON object.", "top-level keys: a, b"]
    assert out["structure"][1:] == ["a: array length: 1", "b: number"]
    out = synopsis_of('[NaN, -Infinity, "\\ud800"]')
    assert out["structure"][0] == "shape: array(len=3, sample=[number, number, string])"
    assert out["notable_items"] == ["[0]: nan"]
    assert synopsis_of('["' + "1" * 5000 + '"]')["kind"] == "json"  # long digits inside a string are fine


def test_recursion_limit_is_a_parse_failure(synopsis_of):
    assert synopsis_of("[" * 954 + "]" * 954)["kind"] == "json"
    deep = "[" * 955 + "]" * 955
    assert synopsis_of(deep)["kind"] == "text"
    assert synopsis_of(deep, mime="application/json")["title"] == "Unparsed JSON-like output"
    # only the first value's depth counts
    assert synopsis_of("[1]\n" + deep)["notable_items"][-1] == f"trailing_chars_after_first_json_value: {len(deep)}"


def test_large_array_fast_path_matches_stdlib(synopsis_of):
    rows = [{"id": i, "name": f"user{i}", "tags": ["a"], "meta": {"x": i}} for i in range(20000)]
    text = json.dumps(rows)
    out = synopsis_of(text)
    assert out["summary"] == ["JSON array.", "array length: 20000"]
    assert out["structure"] == [
        (
            "shape: array(len=20000, sample=[object(keys=4: id, name, tags, meta), object(keys=4: id, name, tags, meta), "
            "object(keys=4: id, name, tags, meta)])"
        ),
        "first item type: object",
    ]
    assert out["notable_items"] == ["[0].id: 0", "[0].name: 'user0'", "[0].tags[0]: 'a'", "[0].meta.x: 0"]
    # the same document, forced through the stdlib path by a trailing newline and text
    slow = synopsis_of(text + "\nx")
    assert slow["structure"] == out["structure"]
    assert slow["notable_items"][:-1] == out["notable_items"]
