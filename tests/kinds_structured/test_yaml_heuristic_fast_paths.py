"""The YAML heuristic's linear fast paths give what the plain line-by-line rules give."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import toolstub
import toolstub.plugins.yaml_summarizer as ys

PIECES = list("ab: \t\n#-.\r\x0c\u2028") + ["\xa0", "\u3000", "\x1c", "\x85", "key", "a:", "\n  x", "- ", "#c", "\n\n"]
CODE_PIECES = ["import os", "  import x", "def f", "class A", "\n", " ", "a: 1", "x:", "\u2028", "\x85", "fn main", "\t", "é"]
texts = st.lists(st.sampled_from(PIECES), max_size=60).map("".join)
code_texts = st.lists(st.sampled_from(CODE_PIECES), max_size=30).map("".join)
rulesets = st.sampled_from(["default", "openviking-compat"])


def reference_nonblank(content: str) -> list[str]:
    return [line for line in content.splitlines() if line.strip()]


def reference_seed_structure(content: str, key_re) -> bool:
    lines = reference_nonblank(content)
    for i, line in enumerate(lines[:-1]):
        if key_re.search(line):
            return lines[i + 1].startswith((" ", "\t"))
    return False


def reference_code_veto(content: str, patterns, mode: str) -> bool:
    for pattern in patterns:
        for match in pattern.finditer(content):
            if mode == "anywhere":
                return True
            text = match.group(0)
            start = match.start() + len(text) - len(text.lstrip())
            if start == 0 or content[start - 1] in "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029":
                return True
    return False


@settings(max_examples=400, deadline=None)
@given(texts, rulesets)
def test_key_line_and_nonblank_lines(content, rules):
    key_re = toolstub.load_rules(rules).caps("yaml")["key_pattern"]
    assert ys._seed_structure(content, key_re) == reference_seed_structure(content, key_re)
    assert list(ys._nonblank_lines(content)) == reference_nonblank(content)
    assert list(ys._nonblank_lines(content, 2)) == reference_nonblank(content)[:2]


@settings(max_examples=300, deadline=None)
@given(code_texts, rulesets, st.sampled_from(["anywhere", "unindented"]))
def test_code_veto(content, rules, mode):
    patterns = toolstub.load_rules(rules).caps("code").get("detect_patterns", ())
    assert ys._code_veto(content, patterns, mode) == reference_code_veto(content, patterns, mode)


def test_blank_heavy_text_takes_the_fast_path():
    content = "\n" * 50_000 + "a:\n" + " \n" * 50_000 + "  b: 1\n"
    key_re = toolstub.load_rules("openviking-compat").caps("yaml")["key_pattern"]
    assert ys._plain_breaks(content)
    assert ys._seed_structure(content, key_re) is True
    assert ys._seed_structure(content.replace("  b: 1", "b: 1"), key_re) is False
