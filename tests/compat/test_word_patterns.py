"""compat's RE2 patterns against the seed's Python ``re`` patterns, on random text (issue 15).

The seed's patterns use Python ``re``'s ``\\w`` (the letters of the running interpreter's Unicode
database) and ``\\s``; compat spells ``\\s`` out and writes ``\\p{python_word}`` for ``\\w``, which
the engine replaces with the explicit class of this interpreter's ``\\w``. Checked here: that
class is exactly ``re``'s ``\\w`` over every code point, and every compat pattern finds what the
seed's pattern finds (same span and groups) on random text full of astral-plane letters,
characters this Python does not know (U+31350, Kawi), Unicode digits and spaces, and line breaks.
"""

from __future__ import annotations

import array
import importlib.util
import re
import sys
import unicodedata
from pathlib import Path

import pytest
import re2
from hypothesis import example, given
from hypothesis import strategies as st

import toolstub
from toolstub.regex import PYTHON_WORD, compile_pattern, expand_python_word, python_word_items
from toolstub.rule_files import load_rules

_spec = importlib.util.spec_from_file_location("compat_oracle_harness_w", Path(__file__).parents[1] / "compat_oracle" / "harness.py")
HARNESS = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(HARNESS)
SEED = HARNESS.ORACLE  # the seed's regexes, verbatim from seed-system.md section 1

RULES = load_rules("openviking-compat")
CODE, TEXT, YAML = RULES.caps("code"), RULES.caps("text"), RULES.caps("yaml")


def _every_code_point() -> str:
    points = array.array("I", range(0xD800))
    points.extend(range(0xE000, 0x110000))
    return points.tobytes().decode("utf-32-le" if sys.byteorder == "little" else "utf-32-be")


def test_the_word_class_is_this_pythons_re_w_on_every_code_point():
    every = _every_code_point()
    ours = re2.compile(f"[{python_word_items()}]+")
    assert [m.span() for m in ours.finditer(every)] == [m.span() for m in re.finditer(r"\w+", every)]


def test_the_issue_examples():
    # U+31350 (CJK Extension H) is a letter for RE2 (Unicode 15+) and for Python 3.12+, not for 3.11
    known = bool(re.match(r"\w", "\U00031350"))
    found = toolstub.synopsize("def \U00031350x\n", rules="openviking-compat")
    assert found.kind == ("code" if known else "text")
    found = toolstub.synopsize("class X\U00031350:", rules="openviking-compat")
    assert found.notable_items == (("class X\U00031350",) if known else ("class X",))
    if unicodedata.unidata_version.startswith("14."):
        assert found.notable_items == ("class X",) and found.kind == "code"


def test_the_token_inside_and_outside_classes():
    assert compile_pattern(rf"^{PYTHON_WORD}+$").search("é\u00b2_٣") is not None
    assert compile_pattern(rf"[^{PYTHON_WORD}\s]+").search("ab cd+- e").group(0) == "+-"
    assert compile_pattern(r"\P{python_word}+").search("ab+-c").group(0) == "+-"
    assert expand_python_word(r"[\]\p{python_word}]") .startswith(r"[\]\x{30}")
    assert expand_python_word(r"\\p{x}") == r"\\p{x}"  # an escaped backslash, then text
    with pytest.raises(toolstub.errors.PatternError):
        compile_pattern(r"[\P{python_word}]")


# --- the differential ----------------------------------------------------------------------------

TOKENS = st.sampled_from(
    ["def", "class", "async", "function", "export", "const", "let", "var", "package", "use", "pub", "fn", "public",
     "import", "from", "#", "##", "###### ", "ABC", "X1:", "KEY-1", "key:", "k.v:", "_", " ", "  ", "\t", "\n", "\r\n",
     "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u1680", "\u2000", "\u2028", "\u2029", "\u3000", "\u200b",
     "\ufeff", "a", "é", "Z", "1", "\u0663", "\u00b2", "\u2160", "\u00aa", "\U00031350", "\U00011f04", "\U0001e030",
     "\U00010400", "\U00020000", "\U0001f600", "\U000e0100", "\U0001d7ce", "\u0300", "-", ".", ",", "(", ":", "#x"]
)
TEXTS = st.lists(st.one_of(TOKENS, TOKENS, st.characters(exclude_categories=("Cs",))), max_size=40).map("".join)
ASTRAL = ["def \U00031350x\n", "class X\U00031350:", "fn \U00011f04\n", "  async \u3000def \U00010400x", "pub\u2000fn _\U0001e030"]


def _found(match):
    return None if match is None else (match.span(), match.groups())


@given(TEXTS)
@example(ASTRAL[0])
@example(ASTRAL[1])
@example(ASTRAL[2])
def test_detection_patterns_match_the_seeds(text):
    for ours, seed in zip(CODE["detect_patterns"], SEED.CODE_PATTERNS, strict=True):
        assert _found(ours.search(text)) == _found(seed.search(text))


def _lines(text: str) -> list[str]:
    return text.splitlines()


@given(TEXTS)
@example(ASTRAL[1])
@example(ASTRAL[3])
@example(ASTRAL[4])
def test_line_patterns_match_the_seeds(text):
    for line in _lines(text):
        stripped = line.strip()
        # code: compat matches the raw line (leading blanks allowed), the seed the stripped one
        assert _groups(CODE["symbol_pattern"].match(line)) == _groups(SEED.SYMBOL_RE.match(stripped))
        assert _groups(CODE["import_pattern"].match(line)) == _groups(SEED.IMPORT_RE.match(stripped))
        # text headers (lines of 2+ stripped chars) and the YAML key line
        if len(stripped) > 1:
            seed_header = bool(SEED.MARKDOWN_HEADER_RE.match(stripped) or SEED.CAPS_HEADER_RE.match(stripped))
            assert any(p.search(line) for p in TEXT["header_patterns"]) == seed_header
        assert bool(YAML["key_pattern"].search(line)) == bool(SEED.YAML_KEY_RE.match(line))


def _groups(match):
    return None if match is None else match.groups()


@given(TEXTS)
@example(ASTRAL[0])
@example(ASTRAL[1])
def test_code_and_text_synopses_match_the_oracle(text):
    assert HARNESS.ours(text, None, 2000) == SEED.generate_tool_result_synopsis(text, preview_chars=2000)
