"""code and text under openviking-compat: the seed's patterns and summary lines, quirks kept."""

from __future__ import annotations

import toolstub


def compat(content: str) -> dict:
    return toolstub.synopsize(content, rules="openviking-compat").to_dict()


def test_code_example_with_import_list_quirk():
    content = "import os, sys\nfrom pathlib import Path\n\nclass Runner:\n    async  def go(self):\n        pass\n\ndef main():\n    pass\n"
    assert compat(content) == {
        "kind": "code",
        "title": "Code output",
        "summary": ["Code-like output with 9 lines."],
        "structure": ["line_count: 9", "imports: os,, pathlib"],
        "notable_items": ["class Runner", "async def go", "def main"],
        "sample": "",
    }


def test_each_of_the_three_detection_patterns(run):
    assert run("code", "the end\nfrom x import y\n") is not None
    assert run("code", "see below\n  let it be\n") is not None  # prose taken for code, kept in compat
    assert run("code", "notes\npackage main\n") is not None
    assert run("code", "notes\npub  fn x\n") is not None
    assert run("code", "plain words only\nclassic style\n") is None


def test_detection_spans_blank_lines_like_the_seed(run, seed):
    content = "intro\n\n\n  \n\t\nimport\n\nos\n"  # `^\s*import\s+\S+` runs over the newlines
    assert seed.is_code(content)
    assert run("code", content) is not None
    assert run("code", content)["structure"] == ["line_count: 8"]  # no import on any single line


def test_line_count_uses_splitlines(run):
    content = "def a\x0cdef b\u2028x\n"
    found = run("code", content)
    assert found["summary"] == ["Code-like output with 3 lines."]
    assert found["notable_items"] == ["def a", "def b"]


def test_caps_12_imports_24_symbols(run):
    content = "".join(f"import m{i}\n" for i in range(20)) + "".join(f"    def f{i}():\n" for i in range(30))
    found = run("code", content)
    assert found["structure"][1] == "imports: " + ", ".join(f"m{i}" for i in range(12))
    assert found["notable_items"] == [f"def f{i}" for i in range(24)]


def test_const_use_package_detect_but_are_not_listed(run):
    found = run("code", "package main\nuse std::io;\nconst x = 1\n")
    assert found["notable_items"] == [] and found["structure"] == ["line_count: 3"]


def test_text_seven_lines_with_double_period():
    content = "INTRODUCTION\nSome text, here.\n"
    assert compat(content)["summary"] == [
        "Text exploration summary:",
        "Characters: 30.",
        "Words: 4.",
        "Lines: 2.",
        "Detected section headers: INTRODUCTION.",
        "Opening excerpt: INTRODUCTION Some text, here..",
        "Closing excerpt: INTRODUCTION Some text, here..",
    ]


def test_text_timestamps_and_numbers_are_headers(run):
    found = run("text", "2024-01-01 12:00:00\nhello there\n12345678\n# Title\n#nospace\n")
    assert found["summary"][4] == "Detected section headers: 2024-01-01 12:00:00 | 12345678 | # Title."


def test_text_headers_deduped_capped_and_clipped(run):
    lines = ["SECTION ONE"] * 3 + [f"HEADER NUMBER {i}" for i in range(30)] + ["LONG " + "X" * 300]
    found = run("text", "\n".join(lines))
    headers = found["summary"][4].removeprefix("Detected section headers: ").removesuffix(".").split(" | ")
    assert headers == ["SECTION ONE"] + [f"HEADER NUMBER {i}" for i in range(17)]
    long_header = run("text", "LONG " + "X" * 300)["summary"][4]
    assert len(long_header.removeprefix("Detected section headers: ").removesuffix(".")) == 160


def test_text_excerpts_500_chars_and_whitespace_only(run):
    content = "a" * 400 + " \n " + "b" * 400
    found = run("text", content)
    assert found["summary"][5] == f"Opening excerpt: {'a' * 400} {'b' * 97}."
    assert found["summary"][6] == f"Closing excerpt: {'a' * 97} {'b' * 400}."
    blank = run("text", " \n\t ")
    assert blank["summary"][3:] == [
        "Lines: 2.",
        "Detected section headers: none detected.",
        "Opening excerpt: (empty).",
        "Closing excerpt: (empty).",
    ]


def test_text_splitlines_and_unicode_words(run):
    found = run("text", "one\x1ctwo\u2029three\u3000four\x85")
    assert found["summary"][2:4] == ["Words: 4.", "Lines: 3."]


def test_blank_line_heavy_text_is_linear_and_text(run):
    content = "\n" * 200_000 + "end\n"
    assert run("code", content) is None
    assert run("text", content)["summary"][3] == "Lines: 200001."


def test_headers_are_judged_on_the_stripped_line(run, seed):
    content = "ABCDEF \n  ABCDEFG  \n## \n  ## x \n\u3000HEADER\u3000LINE\xa0\n#\n"
    found = run("text", content)
    assert found["summary"][4] == "Detected section headers: ABCDEFG | ## x | HEADER LINE."
    assert found == seed.text(content)
