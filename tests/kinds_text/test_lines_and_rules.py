"""The shared line scanner and rule-file control of the line kinds."""

from __future__ import annotations

import csv

import pytest

import toolstub
from toolstub.plugins import _lines
from toolstub.plugins.table_summarizer import _long_lines
from toolstub.regex import compile_pattern


def scan(pattern: str, text: str) -> list[tuple[str, list[str]]]:
    blob = _lines.encode(text)
    return [
        (_lines.line_text(blob, start, end), [_lines.decode(g) for g in groups])
        for start, end, groups in _lines.scan_lines(compile_pattern(pattern), blob)
    ]


def test_scan_equals_matching_each_line_alone():
    # RE2's \s also matches "\n": a match running into the next line is re-checked on its own line
    text = "import\nimport os\nimport  sys\n  import x\nimportant y"
    assert scan(r"^import\s+(\S+)", text) == [("import os", ["os"]), ("import  sys", ["sys"])]
    assert scan(r"import", text) == [("import", ["import"]), ("import os", ["import"]), ("import  sys", ["import"]), ("important y", ["import"])]


def test_scan_handles_surrogates_and_unicode():
    assert scan(r"^def[ ]+(\S+)", "def \ud800x\ndef é") == [("def \ud800x", ["\ud800x"]), ("def é", ["é"])]


def test_without_groups_keeps_classes_and_escapes():
    assert _lines.without_groups(r"^(a|b)(?:c)(?P<n>d)[(]\(e\)") == r"^(?:a|b)(?:c)(?:d)[(]\(e\)"


def test_count_lines_is_bounded():
    blob = _lines.encode("x\n" * 50)
    assert _lines.count_lines(compile_pattern("x"), blob, limit=10) == (10, True)
    assert _lines.count_lines(compile_pattern("(x)"), blob, limit=100) == (50, False)


def test_word_and_line_counts_match_python():
    for text in ("", "a b\tc\x1cd\x1fe", "é  ü\u3000x", "a\r\nb\rc\x0bd\u2028", "\n\n", "x"):
        assert _lines.word_count(text) == len(text.split())
        assert _lines.splitlines_count(text) == len(text.splitlines())


def test_long_lines_finds_exactly_the_lines_over_the_limit():
    limit = 100
    text = "a" * 100 + "\n" + "b" * 101 + "\n" + "c" * 5 + "\n" + "d" * 250
    assert list(_long_lines(text, limit)) == ["b" * 101, "d" * 250]
    assert list(_long_lines("x" * 100, limit)) == []
    assert csv.field_size_limit() == 131072


@pytest.fixture
def five_line_rules(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "schema_version: 1\nversion: '1'\nextends: default\n"
        "kinds:\n  text:\n    header_limit: 2\n  code:\n    symbol_limit: 1\n  csv:\n    first_row_sample_chars: 10\n"
    )
    return str(path)


def test_a_small_rule_file_changes_the_caps(five_line_rules):
    text = toolstub.synopsize("NAME\nSYNOPSIS\nOPTIONS\nSEE ALSO\n", rules=five_line_rules)
    assert text.summary[4] == "Detected section headers: NAME | SYNOPSIS (+2 more)."
    code = toolstub.synopsize("def a(x):\n    return x\ndef b(y):\n    return y\n", rules=five_line_rules)
    assert code.notable_items == ("def a", "(+1 more)")
    table = toolstub.synopsize("id,name\n1,Ada Lovelace\n2,Bob\n", rules=five_line_rules)
    assert table.structure[2] == "first row sample: 1,Ada L..."


def test_a_bad_pattern_in_a_rule_file_is_refused(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("schema_version: 1\nversion: '1'\nextends: default\nkinds:\n  code:\n    import_pattern: '(?<=x)y'\n")
    with pytest.raises(toolstub.RuleFileError, match=r"kinds\.code\.import_pattern"):
        toolstub.load_rules(str(path))


def test_other_delimiters_from_a_rule_file(tmp_path):
    path = tmp_path / "pipes.yaml"
    path.write_text("schema_version: 1\nversion: '1'\nextends: default\nkinds:\n  csv:\n    delimiters: ['|', '§']\n")
    piped = toolstub.synopsize("a|b\n" + "1|2\n" * 20 + "5|6|7\n", rules=str(path))
    assert piped.kind == "csv" and piped.structure[1] == "rows: 21"
    assert piped.structure[-1] == "ragged rows: 1 (cell count differs from the header's 2)"
    section = toolstub.synopsize("a§b\n1§2\n3§4\n", rules=str(path))
    assert section.kind == "csv" and section.structure[:2] == ("columns: a, b", "rows: 2")
    bad = tmp_path / "bad_delim.yaml"
    bad.write_text("schema_version: 1\nversion: '1'\nextends: default\nkinds:\n  csv:\n    delimiters: ['\"']\n")
    with pytest.raises(toolstub.RuleFileError, match=r"kinds\.csv\.delimiters"):
        toolstub.load_rules(str(bad))
