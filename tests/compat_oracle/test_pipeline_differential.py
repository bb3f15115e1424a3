"""Differential: ``openviking-compat`` gives the seed oracle's synopsis and stub, whatever the input.

The oracle (``seed_pipeline.py``) is a plain re-statement of seed-system.md
sections 1-3. Inputs stay small (the oracle's regexes are quadratic on blank
lines, its YAML loader is pure Python) and nesting stays far from the
recursion limits, where the seed's answer depends on its caller's stack.
"""

from __future__ import annotations

import hashlib
import json

import importlib.util
from pathlib import Path

from hypothesis import given, note, settings
from hypothesis import strategies as st

_spec = importlib.util.spec_from_file_location("compat_oracle_harness", Path(__file__).with_name("harness.py"))
HARNESS = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(HARNESS)
ORACLE, ours, ours_stub = HARNESS.ORACLE, HARNESS.ours, HARNESS.ours_stub

ALL_MIMES = st.sampled_from(
    [
        None, "", "text/plain", "application/json", "APPLICATION/JSON; charset=utf-8", "application/x-ndjson",
        "application/problem+json", "text/json", "application/xml", "text/xml", "image/svg+xml",
        "application/xhtml+xml", "application/rss+xml", "application/x-yaml", "text/csv", "text/html",
        "application/octet-stream", "xml/json", "jsonxml", "JSON", "x", "text/x-python",
    ]
)
#: half the time no hint at all (most tool outputs), else any of the list
MIMES = st.one_of(st.sampled_from([None, "", "text/plain"]), ALL_MIMES)
PREVIEW = st.one_of(st.sampled_from([2000, 0, -5, 1, 2, 3, 10, 1000]), st.integers(-3, 80))

# --- JSON -----------------------------------------------------------------------------------

#: any code point but surrogates (tested on their own), unassigned ones included: compat's `\w` is
#: this Python's (issue 15), so characters assigned after its Unicode version (U+31350) agree too
ASSIGNED = st.characters(exclude_categories=("Cs",))
_keys = st.one_of(st.sampled_from(["a", "b", "id", "name", "", "a.b", "x y", "é", "[0]", "k"]), st.text(ASSIGNED, max_size=4))
_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=False, allow_infinity=False),
    st.text(ASSIGNED, max_size=10), st.sampled_from(["x" * 90, "'", '"', "\\", "\n", "\ud800"]),
)
json_values = st.recursive(
    _scalars,
    lambda kids: st.lists(kids, max_size=5) | st.dictionaries(_keys, kids, max_size=12),
    max_leaves=30,
)
_extra_literals = st.sampled_from(["NaN", "Infinity", "-Infinity", "1e999", "-0", "0.0", "1E5", "[]", "{}", '""'])


@st.composite
def json_documents(draw):
    value = draw(json_values)
    text = json.dumps(value, indent=draw(st.sampled_from([None, 0, 2])), ensure_ascii=draw(st.booleans()))
    if draw(st.booleans()):
        text = text.replace("null", draw(_extra_literals), 1)
    lead = draw(st.sampled_from(["", " ", "\n", "\t\r\n", "\ufeff", "\ufeff ", " \ufeff", "\xa0", "\u3000"]))
    tail = draw(
        st.sampled_from(
            ["", "\n", "  ", " trailing", "\n{\"b\": 1}", "\n[2]\n", "]", "}", ",", " footnote text", "\ufeff", "\x0b",
             "\n" + text]
        )
    )
    return lead + text + tail


ndjson = st.lists(st.dictionaries(st.sampled_from(["a", "b", "t"]), _scalars, max_size=3), min_size=1, max_size=6).map(
    lambda rows: "\n".join(json.dumps(r) for r in rows) + "\n"
)
broken_json = st.sampled_from(
    ["{", "[", "{\"a\":}", "[1,]", "{'a': 1}", "[1 2]", "{\"a\" 1}", "[\"\\x\"]", "{\"a\": tru}", "[1] ", "{} logs",
     "[" * 40, "[" * 40 + "]" * 40, "[" + "1" * 5000 + "]", "{\"a\": 1", "[\n", "{}{}", "  [ ]  ", "[\"\\ud800\"]"]
)

# --- XML ------------------------------------------------------------------------------------

_tag = st.sampled_from(["a", "b", "item", "x:y", "entry", "c", "a", "b", "ns0:t"])
_attrs = st.lists(st.sampled_from(['a="1"', "b='2'", 'xmlns="urn:u"', 'xmlns:x="urn:x"', 'x:z="3"', 'a="&amp;"']),
                  max_size=3, unique=True)


@st.composite
def xml_documents(draw):
    root = draw(st.sampled_from(["r", "feed", "x:root", "svg", "project"]))
    attrs = draw(_attrs)
    if draw(st.integers(0, 4)) < 4 and 'xmlns:x="urn:x"' not in attrs:  # mostly declared: x:y parses
        attrs.append('xmlns:x="urn:x"')
    children = []
    for tag in draw(st.lists(_tag, max_size=12)):
        body = draw(st.sampled_from(["", "t", "<i/>", "&lt;", "<![CDATA[<x>]]>", "<!-- c -->", "<?pi x?>"]))
        children.append(f"<{tag}>{body}</{tag}>" if body else f"<{tag}/>")
    inner = draw(st.sampled_from(["", "\n", "  "])).join(children)
    doc = f"<{root}{''.join(' ' + a for a in attrs)}>{inner}</{root}>"
    decl = draw(st.sampled_from(["", "", "", '<?xml version="1.0"?>', '<?xml version="1.0" encoding="UTF-8"?>\n',
                                 "<!DOCTYPE r>", "<!-- lead -->"]))
    lead = draw(st.sampled_from(["", "", " ", "\n", "\ufeff", "\t"]))
    tail = draw(st.sampled_from(["", "", "\n", " ", "junk", "<r/>", "<!-- t -->", "\n\n"]))
    return lead + decl + doc + tail


html_like = st.sampled_from(
    ["<html><body><p>hi<br></body></html>", "<!DOCTYPE html>\n<html><head><title>T</title></head></html>",
     "<div>a</div>\n<div>b</div>", "<r>&nbsp;</r>", "<r>&e;</r>", "<a><b></a>", "< r/>", "<r/>", "<1/>"]
)

# --- YAML -----------------------------------------------------------------------------------

_ykey = st.sampled_from(["name", "version", "a", "b.c", "x-y", "_k", "1", "true", "null", "key"])
_yval = st.sampled_from(["1", "x", "true", "null", "~", "[a, b]", "{a: 1}", "'q'", "2024-01-01", "1.5", "", "# c",
                         "import os", "|", "!!set {a, b}", "&a 1", "*a", "-1", "0x1F", "yes"])


_plain_sub = st.sampled_from(["  a: 1", "  - x", "  - {a: 1}", "\tb: 2", "  c: d, e", "    deep: 1", "  b: [1, 2]"])
_odd_sub = st.sampled_from(["  import os", "  from a import b", "  - [", "  *nope", "  key: 'unterminated"])


@st.composite
def yaml_documents(draw, sub=st.one_of(_plain_sub, _odd_sub)):
    lines = []
    for key in draw(st.lists(_ykey, min_size=1, max_size=8)):
        if draw(st.integers(0, 2)) < 2:
            lines.append(f"{key}:{draw(st.sampled_from(['', ' ', '  # c', '#c']))}")
            lines.extend(draw(st.lists(sub, min_size=1, max_size=3)))
        else:
            lines.append(f"{key}: {draw(_yval)}")
        if draw(st.integers(0, 5)) == 5:
            lines.append("")
    body = "\n".join(lines) + draw(st.sampled_from(["", "\n", "\n\n"]))
    prefix = draw(st.sampled_from(["", "", "---\n", "--- \n", " ---\n", "%YAML 1.1\n---\n", "import os\n",
                                   "---\n# front\n", "- a\n- b\n"]))
    suffix = draw(st.sampled_from(["", "", "---\nbody text\n", "...\n", "\n---\n"]))
    return prefix + body + suffix


# --- tables, code, text, controls ---------------------------------------------------------------

_clean_cell = st.sampled_from(["a", "1", "", " ", "x y", '"q,uoted"', "é", "2024-01-01", "b", "2", "Ada", "id"])
_odd_cell = st.sampled_from(['"multi\nline"', "a\tb", '"', "x,y", '"a""b"', " \u3000 "])
_cell = st.one_of(_clean_cell, _clean_cell, _clean_cell, _odd_cell)  # mostly clean


@st.composite
def tables(draw, cell=_cell):
    width = draw(st.sampled_from([2, 3, 4, 1]))  # hypothesis favours the first
    rows = draw(st.lists(st.lists(cell, min_size=width, max_size=width), min_size=2, max_size=14))
    if draw(st.integers(0, 3)) == 3:  # a ragged row somewhere (before or after row 10)
        rows.insert(draw(st.integers(0, len(rows))), draw(st.lists(_cell, max_size=5)))
    delimiter = draw(st.sampled_from([",", ",", "\t", ";"]))
    newline = draw(st.sampled_from(["\n", "\n", "\r\n", "\r"]))
    return newline.join(delimiter.join(row) for row in rows) + draw(st.sampled_from(["", newline, newline * 2]))


_code_line = st.sampled_from(
    ["import os, sys", "from a.b import c", "def f(x):", "    return x", "class A(B):", "async def go():",
     "  async  def  co():", "fn main() {", "pub fn x() -> u8 {", "use std::io;", "package main", "const x = 1;",
     "let y = 2", "var z", "export function g() {", "function h() {}", "public class P {", "}", "", "   ",
     "    def nested(self):", "import", "#include <stdio.h>", "defx = 1", "def 1bad():", "class _Ok:"]
)
clean_tables = tables(cell=_clean_cell)

code_text = st.lists(_code_line, min_size=1, max_size=25).map("\n".join)

_text_line = st.sampled_from(
    ["# Title", "## Sub", "#NoSpace", "NAME", "SYNOPSIS:", "ALL CAPS HEADER", "2024-01-01 12:00:00", "12345678",
     "plain words here.", "", "   ", "Hello, world", "ends with a period.", "A", "  ######  x", "x" * 120,
     "a: b", "key:", "  indented", "- item", "let me know", "use the force", "é ß 中 😀"]
)
prose = st.lists(_text_line, min_size=1, max_size=30).map(lambda lines: "\n".join(lines))

_tricky = ["\x00", "\x1b[31m", "\x08", "\x0c", "\x0b", "\x1c", "\x1f", "\x85", "\u2028", "\u2029", "\ufeff", "\ud800",
           "\r\n", "\r", "\n", "\t", " ", "\xa0", "\u3000", "é", "😀", ",", ":", "#", "<", ">", "{", "}", "[", "]",
           "-", "---", "a", "word ", "import x", "def f", "\"", "'", "0", "\x7f"]
tricky = st.lists(st.sampled_from(_tricky), max_size=40).map("".join)
control_heavy = st.tuples(st.text(alphabet="ab \n", max_size=60), st.lists(st.sampled_from(["\x1b[0m", "\x08", "\x0c", "\x01"]), max_size=6)).map(
    lambda t: t[0][: len(t[0]) // 2] + "".join(t[1]) + t[0][len(t[0]) // 2 :]
)

clean_yaml = yaml_documents(sub=_plain_sub)

single = st.one_of(
    json_documents(), ndjson, broken_json, xml_documents(), html_like, yaml_documents(), clean_yaml, tables(),
    clean_tables, code_text, prose,
    tricky, control_heavy, st.text(ASSIGNED, max_size=60),
)
mixtures = st.lists(single, min_size=2, max_size=3).flatmap(
    lambda parts: st.sampled_from(["\n", "", "\n\n", ",", "\t"]).map(lambda sep: sep.join(parts))
)
contents = st.one_of(single, mixtures)


def _check(content, mime, preview_chars):
    note(f"content={content!r} mime={mime!r} preview_chars={preview_chars!r}")
    expected = ORACLE.generate_tool_result_synopsis(content, preview_chars=preview_chars, mime_type=mime)
    assert ours(content, mime, preview_chars) == expected
    return expected


@settings(max_examples=400)
@given(st.one_of(json_documents(), ndjson, broken_json), MIMES, PREVIEW)
def test_json_like(content, mime, preview_chars):
    _check(content, mime, preview_chars)


@settings(max_examples=300)
@given(st.one_of(xml_documents(), html_like), MIMES, PREVIEW)
def test_xml_like(content, mime, preview_chars):
    _check(content, mime, preview_chars)


@settings(max_examples=300)
@given(st.one_of(yaml_documents(), clean_yaml), MIMES, PREVIEW)
def test_yaml_like(content, mime, preview_chars):
    _check(content, mime, preview_chars)


@settings(max_examples=250)
@given(st.one_of(tables(), clean_tables, code_text, prose), MIMES, PREVIEW)
def test_tables_code_text(content, mime, preview_chars):
    _check(content, mime, preview_chars)


@settings(max_examples=250)
@given(st.one_of(tricky, control_heavy, st.text(ASSIGNED, max_size=80)), MIMES, PREVIEW)
def test_controls_and_any_text(content, mime, preview_chars):
    _check(content, mime, preview_chars)


@settings(max_examples=300)
@given(mixtures, MIMES, PREVIEW)
def test_mixtures(content, mime, preview_chars):
    _check(content, mime, preview_chars)


_refs = st.sampled_from(["", "viking://user/u/sessions/s/tool-results/tr_x_0123456789abcdef", "r", "toolstub://sessions/s/tool-results/tr_1"])
_reasons = st.sampled_from(["", "single_threshold", "turn_budget", "source_read", "turn_budget:externalization_failed"])
_tool_names = st.sampled_from(["", "bash", "read_file", "openviking_tool_result_read", "tool with spaces"])


@settings(max_examples=300)
@given(contents, MIMES, PREVIEW, _refs, _reasons, _tool_names, st.booleans(), st.integers(-10, 10**6), PREVIEW)
def test_stub_bytes(content, mime, preview_chars, ref, reason, tool_name, with_sha, original_chars, header_preview):
    expected = _check(content, mime, preview_chars)
    sha = hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest() if with_sha else ""
    header = dict(ref=ref, tool_name=tool_name, sha256=sha, reason=reason,
                  original_chars=original_chars, preview_chars=header_preview)
    assert ours_stub(content, mime, preview_chars, **header) == ORACLE.render_tool_result_stub(expected, **header)


@settings(max_examples=150)
@given(contents, MIMES, PREVIEW, _refs, _reasons, _tool_names)
def test_make_preview_bytes(content, mime, preview_chars, ref, reason, tool_name):
    """The seed's make_preview: original_chars = len, header preview = min(len, max(p, 0))."""
    _check(content, mime, preview_chars)
    sha = hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()
    expected = ORACLE.make_preview(content, preview_chars=preview_chars, ref=ref, tool_name=tool_name, sha256=sha,
                                   reason=reason, mime_type=mime)
    header = dict(ref=ref, tool_name=tool_name, sha256=sha, reason=reason, original_chars=len(content),
                  preview_chars=min(len(content), max(preview_chars, 0)))
    assert ours_stub(content, mime, preview_chars, **header) == expected


# --- where PyYAML's pure-Python loader (the seed's safe_load) and libyaml disagree ------------------

_yaml_tokens = st.sampled_from(
    ["a", "b", "1", ": ", ":", "- ", "-", "\n", "\n  ", "\n    ", " ", "\t", "#", "'", '"', "[", "]", "{", "}", ",", "?",
     "&x ", "*x", "!!str ", "|", ">", "---", "...", "%", "\\u", "\\ud800", "\ufeff", "\r\n", "\x85", "é", "<<", "~", "@",
     "=", "0x1", "yes", "2001-01-01", "k:\n  ", "! ", "!<!>", "!Ref ", "!!set ", "%FOO x\n", "<<: ", "&a ", "*a"]
)
yaml_soup = st.tuples(st.sampled_from(["---\n", "--- ", "a:\n  ", ""]), st.lists(_yaml_tokens, max_size=14)).map(
    lambda t: t[0] + "".join(t[1])
)


@settings(max_examples=500)
@given(yaml_soup)
def test_yaml_scanner_quirks(content):
    _check(content, None, 2000)
