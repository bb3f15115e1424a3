"""The large-YAML fast path (>= 65,536 chars) against a full parse of the same document (issue 15).

The fast path reads a big block document by its column-0 lines; wherever that reading could
differ from a full parse it must notice and hand over to the full event replay. Checked here:

* regressions: the issue's minimal inputs, through both rulesets' synopses;
* a differential property (no seed code needed): random documents (``yaml_documents.py``:
  quoted scalars with escaped quotes running on at column 0, block scalars, comments, flow
  collections, every YAML line break, sizes across 65,536) read by the fast path must give
  libyaml's full ``yaml.load`` top level (keys, and the first 30 value types), or step aside;
* the whole load (fast path or replay) against the full parse, under compat's caps (libyaml
  above ``pure_python_max_chars``, the pure-Python parser below) and default's.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
import yaml
from hypothesis import event, example, given, settings

import toolstub
from toolstub.plugins import yaml_summarizer as ys
from toolstub.rule_files import load_rules

_spec = importlib.util.spec_from_file_location("compat_yaml_documents", Path(__file__).with_name("yaml_documents.py"))
DOCS = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(DOCS)

COMPAT, DEFAULT = "openviking-compat", "default"
#: compat's caps as they apply above pure_python_max_chars (libyaml decides): the fast path's territory
LIBYAML_CAPS = {**ys.DEFAULTS, "pure_python_quirks": False}


def _oracle():
    """The compat oracle (tests/compat_oracle/seed_pipeline.py): a re-statement of seed-system.md."""
    spec = importlib.util.spec_from_file_location(
        "compat_oracle_seed_pipeline", Path(__file__).parents[1] / "compat_oracle" / "seed_pipeline.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The seed's type name: anything not a mapping, list, bool, null, int or float is ``string`` (issue 15).
seed_type = _oracle().value_type


def full_parse(content: str, loader=yaml.CSafeLoader):
    """The top level of a full ``yaml.load``: ("object", keys, first 30 types), ("array", n) or None."""
    try:
        data = yaml.load(content, Loader=loader)  # noqa: S506 - a safe loader
    except Exception:  # noqa: BLE001 - any refusal
        return None
    if isinstance(data, dict):
        return "object", [str(k) for k in data], [seed_type(v) for v in data.values()][:30]
    if isinstance(data, list):
        return "array", len(data)
    return None


def _shown(kind, data):
    if kind == "object":
        return "object", [str(k) for k in data], list(data.values())[:30]
    return kind, data


def fast_path(content: str, caps):
    try:
        return _shown(*ys._fast_top_level(content, caps))
    except ys._NotFast:
        return "full parse"
    except ys.Refused:
        return None


def loaded(content: str, caps):
    try:
        return _shown(*ys.load_top_level(content, caps))
    except ys.Refused:
        return None


def replayed(content: str, caps):
    """The full event replay (no fast path): what the fast path must agree with under any caps."""
    replay = ys._Replay(caps)
    try:
        root = replay.run(content)
    except ys.Refused:
        return None
    if root.kind == "seq":
        return "array", root.items
    if root.kind == "map" and root.tag != ys._T + "set":
        table = {}
        for key, kind, _source in replay.flatten(root):
            table[key] = kind
        return _shown("object", table)
    return None


# --- the issue's minimal inputs ---------------------------------------------------------------

PAD = "v" * 65520
REGRESSIONS = [
    # a double-quoted scalar whose first line holds \" and that goes on at column 0
    ('---\nk: "x\\"y\nz: w"\np: ' + PAD, ["YAML object.", "top-level keys: k, p"]),
    # a single-quoted scalar with '' that goes on at column 0 with a key-like / item-like line
    ("---\n- 'it''s\nk: 1'\n" + "- v\n" * 16400, ["YAML array.", "array length: 16401"]),
    ("---\n- 'it''s\n- x'\n" + "- v\n" * 16400, ["YAML array.", "array length: 16401"]),
    # YAML line breaks other than LF (NEL, LS, PS)
    ("---\na: b\x85c: d\np: " + "v" * 65536, ["YAML object.", "top-level keys: a, c, p"]),
    ("---\na: b\u2028c: d\np: " + "v" * 65536, ["YAML object.", "top-level keys: a, c, p"]),
    ("---\na: b\u2029c: d\np: " + "v" * 65536, ["YAML object.", "top-level keys: a, c, p"]),
]


IDS = ["dq-escaped-quote-col0", "sq-doubled-quote-key-col0", "sq-doubled-quote-item-col0", "NEL", "LS", "PS"]
LOADED = [("object", ["k", "p"], ["string", "string"]), ("array", 16401), ("array", 16401),
          *[("object", ["a", "c", "p"], ["string"] * 3)] * 3]


@pytest.mark.parametrize(("content", "summary"), REGRESSIONS, ids=IDS)
def test_issue_inputs_compat(content, summary):
    assert len(content) >= ys._FAST_MIN_CHARS
    found = toolstub.synopsize(content, rules=COMPAT)
    assert not found.diagnostics, found.diagnostics  # the detector never raises
    assert found.kind == "yaml"
    assert list(found.summary) == summary


@pytest.mark.parametrize(("content", "expected"), list(zip([c for c, _ in REGRESSIONS], LOADED)), ids=IDS)
def test_issue_inputs_load_under_both_rulesets(content, expected):
    assert fast_path(content, LIBYAML_CAPS) == "full parse"
    assert loaded(content, LIBYAML_CAPS) == expected == full_parse(content)
    # default: its own detection decides the kind; the yaml load it relies on is the full parse's
    assert loaded(content, load_rules(DEFAULT).caps("yaml"))[:2] == expected[:2]


def test_a_multi_line_quoted_scalar_past_the_size_the_pure_parser_reads():
    # over pure_python_max_chars compat reads with libyaml, through the fast path
    content = '---\nk: "x\\"y\nz: w"\np: ' + "v" * 200_100
    assert fast_path(content, LIBYAML_CAPS) == "full parse"
    assert toolstub.synopsize(content, rules=COMPAT).summary == ("YAML object.", "top-level keys: k, p")


def test_the_fast_path_still_reads_ordinary_big_documents():
    content = "".join(f'item{i}:\n  name: "svc \\"{i}\\""\n  note: \'it\'\'s\'\n  port: {i}\n' for i in range(2000))
    assert len(content) >= ys._FAST_MIN_CHARS
    assert fast_path(content, LIBYAML_CAPS) == full_parse(content) != "full parse"


# --- differential properties -------------------------------------------------------------------


@given(DOCS.documents())
@example(REGRESSIONS[0][0])
@example(REGRESSIONS[1][0])
@example(REGRESSIONS[3][0])
def test_fast_path_agrees_with_a_full_parse(content):
    fast = fast_path(content, LIBYAML_CAPS)
    event("fast path decided" if fast != "full parse" else "full parse")
    if fast != "full parse":
        assert fast == full_parse(content)


@settings(max_examples=40)
@given(DOCS.documents())
def test_fast_path_agrees_with_the_replay_under_default_rules(content):
    caps = load_rules(DEFAULT).caps("yaml")
    fast = fast_path(content, caps)
    if fast != "full parse":
        assert fast == replayed(content, caps)


@settings(max_examples=30)
@given(DOCS.documents())
def test_whole_load_agrees_with_a_full_parse(content):
    assert loaded(content, LIBYAML_CAPS) == full_parse(content)


@settings(max_examples=15)
@given(DOCS.documents())
def test_compat_load_agrees_with_the_pure_python_parse_below_its_limit(content):
    assert len(content) <= ys.DEFAULTS["pure_python_max_chars"]
    assert loaded(content, ys.DEFAULTS) == full_parse(content, yaml.SafeLoader)
