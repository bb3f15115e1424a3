"""Property: on big documents (the fast path's size) the yaml load outcome is safe_load's, whatever the snippets."""

from __future__ import annotations

import importlib.util
from pathlib import Path

from hypothesis import given, note, settings
from hypothesis import strategies as st

from toolstub.plugins import yaml_summarizer as ys

_spec = importlib.util.spec_from_file_location("k1_yaml_tests", Path(__file__).with_name("test_yaml.py"))
_mod = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_mod)
seed_top_level, ours_top_level = _mod.seed_top_level, _mod.ours_top_level

VALUES = st.sampled_from(
    [
        "1", "x", "'q'", '"d"', "[a, b]", "{k: v}", "", "null", "~", "yes", "on", "0x1F", "1_000", "._", "=", "<<",
        "2024-01-01", "2024-02-30", "2001-12-14 21:59:43.10 -05:00", "2001-12-14 25:00:00", "'it''s'", '"a\\tb"',
        "&a 1", "*a", "!!str 1", "!foo x", "|\n  text\n  more", ">-\n  folded", "\n  - 1\n  - 2", "\n  k: v\n  j: [1]",
        "\n- item\n- item", '"multi\nline: x"', "[1,\nz: 2]", "a: b", "- x", "1" * 4400, "@x", "`x", "%x", "? x",
    ]
)
KEYS = st.sampled_from(["a", "b", "key", "k1", "on", "1", "true", "-x", "a b", "x:y", "http://h", "'q'", '"d"', "a ", "k1"])


@st.composite
def documents(draw):
    pairs = draw(st.lists(st.tuples(KEYS, VALUES), min_size=1, max_size=8))
    body = "".join(f"{k}: {v}\n" for k, v in pairs)
    filler = "".join(f"f{i}:\n  n: {i}\n  t: [x, y]\n" for i in range(2400))
    where = draw(st.sampled_from(["head", "tail", "both"]))
    if where == "head":
        return body + filler
    if where == "tail":
        return filler + body
    return body + filler + body


@settings(max_examples=25, deadline=None)
@given(documents())
def test_big_document_outcome_is_safe_loads(content):
    assert len(content) >= ys._FAST_MIN_CHARS
    note(repr(content[:200]))
    assert ours_top_level(content) == seed_top_level(content)
