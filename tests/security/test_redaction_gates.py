"""The redaction detectors' literal gates (start-up) never turn away a text a detector matches.

A short text runs only the detectors whose gate (the pattern's minimum length and the literals
one of which every match holds, ``toolstub.regex.LiteralGate``) admits it; the others are not
even compiled. That is sound only if a gate admits every text its pattern matches with RE2:
checked here on random RE2 patterns and on texts made to match each bundled detector, with
case changes and the non-ASCII characters RE2 folds onto ASCII letters (U+212A KELVIN SIGN,
U+017F LONG S). And a redactor built from a remembered section finds exactly what a freshly
compiled one finds.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import textwrap

import pytest
import re2
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from toolstub import redact
from toolstub.regex import LiteralGate, literal_gate
from toolstub.rule_files import load_rules

SECTION = load_rules("default").data["redaction"]
REDACTOR = redact.build_redactor(SECTION)
ALPHABET = "abksKSxyz019_-.:=/ \n\"'\u212a\u017f\u00e9\u00df"


def _admits(gate: LiteralGate | None, text: str) -> bool:
    return gate is None or gate.admits(text, text.casefold)


def _re2_finds(pattern: str, text: str) -> bool:
    return re2.compile(pattern).search(text) is not None


# --- random RE2 patterns -------------------------------------------------------------------------

def _patterns() -> st.SearchStrategy[str]:
    atoms = st.one_of(
        st.sampled_from(list("abksKSxz019_-") + [r"\.", r"\:", "=", "/", " "]),
        st.sampled_from([".", r"\d", r"\w", r"\s", "[a-c]", "[^a]", "[kK]", "[:=]", "[[:alpha:]]", r"\b", "^", "$",
                         r"\pL", r"\x{212a}", "\u00e9", r"\x41", r"\Qa.b\E", "a{,2}", r"\141"]),
    )

    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.lists(inner, min_size=1, max_size=4).map("".join),
            st.lists(inner, min_size=2, max_size=3).map(lambda xs: "(?:" + "|".join(xs) + ")"),
            st.tuples(inner, st.sampled_from(["?", "*", "+", "{2}", "{1,3}", "{0,2}", "+?", "{3,}"]))
            .map(lambda t: f"(?:{t[0]}){t[1]}"),
            inner.map(lambda x: f"(?i:{x})"),
            inner.map(lambda x: f"(?-i:{x})"),
            inner.map(lambda x: f"(?P<g>{x})"),
            inner.map(lambda x: f"({x})"),
        )

    body = st.recursive(atoms, extend, max_leaves=12)
    return st.tuples(st.sampled_from(["", "(?i)", "(?s)", "(?m)"]), body).map("".join)


@settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
@given(_patterns(), st.text(alphabet=ALPHABET, max_size=30), st.data())
def test_a_gate_admits_every_text_its_random_pattern_matches(pattern, text, data):
    try:
        compiled = re2.compile(pattern)
    except re2.error:
        assume(False)
    gate = literal_gate(pattern)
    # also a text that holds a match: Python's idea of one, kept when RE2 agrees
    if gate is not None and data.draw(st.booleans()):
        try:
            text += data.draw(st.from_regex(pattern, alphabet=ALPHABET))
        except Exception:  # noqa: BLE001 - a pattern hypothesis cannot generate from
            pass
    if compiled.search(text) is not None:
        assert _admits(gate, text), (pattern, text, gate)


@pytest.mark.parametrize(("pattern", "text"), [
    ("(?i)sk", "\u017f\u212a"),  # RE2 folds both onto s and k
    ("(?i:Key)-x", "\u212aEY-x"),
    ("[[:alpha:]]x", "bx"),  # Python would read the POSIX class as characters and a ']'
    ("a{,2}", "a{,2}"),  # a literal in RE2, a repeat in Python
    (r"\x41b", "Ab"),
])
def test_the_readings_where_python_and_re2_differ_are_admitted(pattern, text):
    assert _re2_finds(pattern, text)
    assert _admits(literal_gate(pattern), text)


def test_a_gate_turns_away_what_cannot_match():
    gate = literal_gate(r"\bghp_[A-Za-z0-9]{36}\b")
    assert gate == LiteralGate(40, ("ghp_",), ())
    assert not _admits(gate, "ghp_short")
    assert not _admits(gate, "x" * 50)
    assert _admits(gate, "a ghp_" + "a" * 36)
    assert not _admits(literal_gate("(?i)password=.+"), "PASSWD=abc")
    assert _admits(literal_gate("(?i)password=.+"), "PASSWORD=abc")


# --- the bundled detectors -----------------------------------------------------------------------

GATED = [(i, d["pattern"]) for i, d in enumerate(SECTION["detectors"]) if literal_gate(d["pattern"]) is not None]


def _variant(text: str, swaps: list[int]) -> str:
    """``text`` with the characters at ``swaps`` case-swapped, or turned into the characters RE2 folds
    onto k and s."""
    chars = list(text)
    for at in swaps:
        if chars and 0 <= at % len(chars) < len(chars):
            ch = chars[at % len(chars)]
            chars[at % len(chars)] = {"k": "\u212a", "K": "\u212a", "s": "\u017f", "S": "\u017f"}.get(ch, ch.swapcase()) \
                if at % 3 == 0 else ch.swapcase()
    return "".join(chars)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                                                                   HealthCheck.data_too_large])
@given(st.sampled_from(GATED), st.data())
def test_every_bundled_detector_gate_admits_the_texts_the_detector_matches(entry, data):
    index, pattern = entry
    python_pattern = re.sub(r"\(\?i\)", "", pattern) if pattern.startswith("(?i)") else pattern
    flags = re.IGNORECASE if pattern.startswith("(?i)") else 0
    try:
        found = data.draw(st.from_regex(re.compile(python_pattern, flags), fullmatch=True))
    except Exception:  # noqa: BLE001 - hypothesis cannot generate from every pattern
        assume(False)
    text = (data.draw(st.text(alphabet=ALPHABET, max_size=8)) + _variant(found, data.draw(st.lists(st.integers(0, 200), max_size=6)))
            + data.draw(st.text(alphabet=ALPHABET, max_size=8)))
    detector = REDACTOR.detectors[index]
    if detector.regex.search(text) is not None:
        assert REDACTOR._gates[index] is not None and index in REDACTOR._gated(text), (pattern, text)


def _every_detector_runs() -> redact.Redactor:
    return redact.build_redactor(SECTION, gates=(None,) * (len(SECTION["detectors"]) + 1))


TEXTS = [
    "2024-03-01 10:00:00 INFO started", "password = 'hunter2hunter2x9Q'", "AKIAIOSFODNN7EXAMPLE is the id",
    "Authorization: Bearer abcdefghijklmnop1234", "postgres://user:s3cretPassw0rd@db:5432/x", "token: x7Yq9Lm2Pz8Rt4Wv",
    "ghp_" + "a1B2" * 9, "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdef\n", "PASSWORD=Zx9" + "q" * 14,
    "mysql -u root -pS3cr3tPw0rd db", "\u212aEY-" + "0" * 32, "Cookie: session=abcdef0123456789abcdef",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(TEXTS), min_size=1, max_size=4), st.lists(st.integers(0, 400), max_size=8))
def test_a_gated_redactor_finds_and_redacts_what_every_detector_finds(parts, swaps):
    text = _variant(" ".join(parts), swaps)
    every = _every_detector_runs()
    assert REDACTOR.findings(text) == every.findings(text)
    assert REDACTOR.redact(text) == every.redact(text)


# --- remembered sections ---------------------------------------------------------------------------

def _run(code: str, cache: str, **env: str) -> str:
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=120,
                          env={**os.environ, "TOOLSTUB_CACHE_DIR": cache, **env})
    assert proc.returncode == 0, proc.stderr
    return proc.stdout


_COMPILED = """
def compiled(pattern):
    try:
        object.__getattribute__(pattern, "regex")  # a deferred pattern has no regex until first used
        return True
    except AttributeError:
        return False
"""


def test_a_remembered_section_builds_without_compiling_and_redacts_alike(tmp_path):
    code = _COMPILED + """
import json
from toolstub import redact
from toolstub.rule_files import load_rules
redactor = redact.redactor_for(load_rules("default"))
built = sum(compiled(d.regex) for d in redactor.detectors)
out = [redactor.redact(t) for t in %s]
print(json.dumps({"out": out, "built": built, "detectors": len(redactor.detectors)}))
""" % json.dumps(TEXTS)
    first = json.loads(_run(code, str(tmp_path / "cache")))
    assert first["built"] == first["detectors"] and list((tmp_path / "cache" / "redaction").iterdir())
    second = json.loads(_run(code, str(tmp_path / "cache")))
    assert second["built"] == 0  # remembered: each pattern compiles when first used
    assert second["out"] == first["out"]
    assert sum(n for _, n in first["out"]) >= 8


def test_a_short_text_compiles_only_the_detectors_its_gates_admit(tmp_path):
    code = _COMPILED + """
from toolstub import redact
from toolstub.rule_files import load_rules
redactor = redact.redactor_for(load_rules("default"))
print(redactor.redact("2024-03-01 10:00:00 INFO started: disk full"))
print(sum(compiled(d.regex) for d in redactor.detectors), len(redactor.detectors))
"""
    _run(code, str(tmp_path / "cache"))
    redacted, counts = _run(code, str(tmp_path / "cache")).splitlines()
    assert redacted == "('2024-03-01 10:00:00 INFO started: disk full', 0)"
    compiled, total = map(int, counts.split())
    assert total > 50 and compiled <= 10


def test_a_section_with_a_bad_pattern_fails_every_time_and_is_never_remembered(tmp_path):
    rules = tmp_path / "bad.yaml"
    rules.write_text("schema_version: 1\nextends: default\nname: bad\nredaction:\n  detectors:\n"
                     "    - {name: x, pattern: 'abc', exclude: '(?<=x)y'}\n", encoding="utf-8")
    code = f"""
        import toolstub
        try:
            toolstub.synopsize("abc", rules={str(rules)!r})
        except toolstub.RuleFileError as exc:
            print(exc)
    """
    outs = [_run(code, str(tmp_path / "cache")) for _ in range(2)]
    # the loader compiles the section as the run time does: the file does not load, every time
    assert outs[0] == outs[1] and outs[0].startswith("invalid rules: ")
    assert "detectors[0].exclude" in outs[0] and "'(?<=x)y'" in outs[0] and "RE2" in outs[0]
    assert not (tmp_path / "cache" / "redaction").exists() or not list((tmp_path / "cache" / "redaction").iterdir())
