"""tests/compat: the hand-checked table (``table.py``) against ``openviking-compat`` and the oracle.

Each case's expected synopsis was written by hand from seed-system.md; compat must give it
exactly, and so must the oracle re-statement of the seed (``tests/compat_oracle``), so a wrong
case or a wrong oracle both show. The table covers every detector branch and summary format
(checked below by counting what the table exercises).
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

import toolstub

_here = Path(__file__).parent


def _load(name: str, path: Path):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


TABLE = _load("compat_table", _here / "table.py")
ORACLE = _load("compat_table_harness", _here.parent / "compat_oracle" / "harness.py").ORACLE
CASES = TABLE.CASES


def test_the_table_is_big_and_ids_are_unique():
    assert len(CASES) >= 200
    assert len({case.id for case in CASES}) == len(CASES)


def test_the_table_covers_every_branch_and_summary_format():
    kinds = {case.expected["kind"] for case in CASES}
    assert kinds == {"unknown", "json", "xml", "tsv", "csv", "yaml", "code", "text"}
    titles = {case.expected["title"] for case in CASES}
    assert {"Empty output", "Binary-like output", "Unparsed JSON-like output", "Unparsed XML-like output"} <= titles
    firsts = {case.expected["summary"][0].split(" ")[0] + " " + case.expected["summary"][0].split(" ")[1] for case in CASES}
    for line in ("JSON object.", "JSON array.", "JSON string.", "JSON number.", "JSON boolean.", "JSON null.",
                 "YAML object.", "YAML array.", "Output is", "Contains 3", "XML document", "TSV table", "CSV table",
                 "Code-like output", "Text exploration"):
        assert any(case.expected["summary"][0].startswith(line) for case in CASES), line
    assert firsts  # every case has a first summary line
    samples = [case.expected["sample"] for case in CASES if case.expected["kind"] == "unknown"]
    assert any(s.startswith("--- BEGIN SAMPLE HEAD ---") for s in samples) and "" in samples
    assert any(case.mime and "json" in case.mime for case in CASES)
    assert any(case.mime and "xml" in case.mime for case in CASES)


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_compat_gives_the_table(case):
    found = toolstub.synopsize(case.content, mime=case.mime, preview_chars=case.preview, rules="openviking-compat")
    assert not found.diagnostics, found.diagnostics
    assert found.to_dict() == case.expected


@pytest.mark.parametrize("case", CASES, ids=[case.id for case in CASES])
def test_the_oracle_gives_the_table(case):
    mime = "text/plain" if case.mime is None else case.mime
    assert ORACLE.generate_tool_result_synopsis(case.content, preview_chars=case.preview, mime_type=mime) == case.expected
