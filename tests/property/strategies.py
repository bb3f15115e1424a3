"""Module-level hypothesis strategies for the engine-wide property tests.

Loaded by the test modules with importlib (tests have no packages).
"""

from __future__ import annotations

import json

from hypothesis import strategies as st

RULESETS = ("default", "openviking-compat")

MIMES = st.one_of(
    st.sampled_from(
        ["", "text/plain", "application/json", "application/x-ndjson", "text/csv", "text/tab-separated-values",
         "application/xml", "image/svg+xml", "application/xhtml+xml", "text/html", "application/x-yaml",
         "text/x-python", "APPLICATION/JSON; charset=utf-8", "xml/json", "text/markdown", "application/octet-stream"]
    ),
    st.text(max_size=24),
)

#: any str: every code point, lone surrogates included
ANY_CHARS = st.characters(codec=None, categories=None)
any_text = st.text(alphabet=ANY_CHARS, max_size=300)

TRICKY = ["\x00", "\x1b[31m", "\x08", "\x0c", "\x0b", "\x1c", "\x85", "\u2028", "\u2029", "\ufeff", "\ud800", "\udfff",
          "\r\n", "\r", "\n", "\t", " ", "\xa0", "\u3000", "é", "中", "😀", "\\", '"', "'", ",", ":", "#", "<", ">", "{",
          "}", "[", "]", "-", "---", "&amp;", "&x;"]
tricky_text = st.lists(st.one_of(st.sampled_from(TRICKY), st.text(max_size=8)), max_size=60).map("".join)

_scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=12))
json_values = st.recursive(
    _scalars,
    lambda children: st.lists(children, max_size=5) | st.dictionaries(st.text(max_size=8), children, max_size=6),
    max_leaves=25,
)
json_text = st.tuples(json_values, st.sampled_from(["", "\n", " trailing", "\n{\"b\": 1}", "\ufeff"]), st.booleans()).map(
    lambda t: (t[1] if t[1] == "\ufeff" else "") + json.dumps(t[0], indent=2 if t[2] else None) + ("" if t[1] == "\ufeff" else t[1])
)

_cells = st.one_of(st.sampled_from(["", " ", "a b", '"q,uoted"', "1", "Ada", "x\ty", "2024-01-01"]), st.text(max_size=6))
csv_text = st.tuples(
    st.lists(st.lists(_cells, min_size=1, max_size=6), min_size=1, max_size=25),
    st.sampled_from([",", "\t", ";"]),
    st.sampled_from(["\n", "\r\n"]),
).map(lambda t: t[2].join(t[1].join(row) for row in t[0]))

_keys = st.from_regex(r"[a-z_][a-z0-9_]{0,8}", fullmatch=True)
yaml_text = st.lists(
    st.tuples(_keys, st.lists(st.tuples(_keys, st.sampled_from(["1", "x", "true", "[a, b]", "'q'", "&a 1", "*a", ""])), max_size=4)),
    min_size=1,
    max_size=12,
).map(
    lambda entries: ("---\n" if len(entries) % 2 else "")
    + "".join(f"{k}:\n" + "".join(f"  {sk}: {v}\n" for sk, v in subs) if subs else f"{k}: v\n" for k, subs in entries)
)

_tags = st.from_regex(r"[a-z][a-z0-9]{0,5}", fullmatch=True)
xml_text = st.tuples(_tags, st.lists(st.tuples(_tags, st.text(alphabet="abc <&>", max_size=6)), max_size=20), st.booleans()).map(
    lambda t: ('<?xml version="1.0"?>\n' if t[2] else "")
    + f"<{t[0]} a=\"1\">" + "".join(f"<{c}>{v}</{c}>" for c, v in t[1]) + f"</{t[0]}>"
)

_code_lines = st.sampled_from(
    ["import os, sys", "from a.b import c", "def f(x):", "    return x", "class A(B):", "async def go():", "fn main() {",
     "pub fn x() -> u8 {", "use std::io;", "package main", "func (s *S) Run() error {", "const x = require('y');",
     "export function g() {", "import { a } from \"b\";", "}", "", "    # comment", "let me know", "import", "#include <stdio.h>"]
)
code_text = st.lists(_code_lines, max_size=60).map("\n".join)

_log_lines = st.sampled_from(
    ["2024-01-01 12:00:00 INFO started", "ERROR failed: x", "WARNING low disk", "NAME", "SYNOPSIS", "# Title", "",
     "   ", "12345678", "plain words here.", "E   assert 1 == 2", "=== 3 passed in 0.1s ==="]
)
text_text = st.lists(_log_lines, max_size=80).map("\n".join)

# modules of constants and the settings files beside them (the code detector parses these as Python)
_assignment_lines = st.tuples(
    st.sampled_from(["COM_SLEEP", "PANEL", "__version__", "plugname", "Source MAC", "[cache]", "x", "X"]),
    st.sampled_from([" = ", "=", " =", " = \\\n"]),
    st.one_of(
        st.sampled_from(["0x1F", "'x'", '"y"', "None", "True", "[", "{'a': (1,", "]", "www-data", "\"\"\"doc", "-1e9", "b'\\xff'"]),
        st.text(max_size=6),
    ),
).map("".join)
assignment_text = st.lists(st.one_of(_assignment_lines, st.sampled_from(["# comment", "", "    'item',", "}", ")"])),
                           max_size=40).map("\n".join)

contents = st.one_of(any_text, tricky_text, json_text, csv_text, yaml_text, xml_text, code_text, text_text, assignment_text)
