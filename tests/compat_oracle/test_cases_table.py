"""Hand-picked realistic and tricky inputs (``cases/``), each checked against the seed oracle.

Every file of ``cases/`` (except ``tricky.json``) is read as UTF-8 bytes with no newline
translation and checked with no MIME hint, with ``text/plain`` and with the MIME its extension
suggests; ``tricky.json`` holds inline inputs (control chars, BOMs, lone surrogates) with their
MIME hints. Synopsis and stub are compared with two preview budgets.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
from pathlib import Path

import pytest

_spec = importlib.util.spec_from_file_location("compat_oracle_harness", Path(__file__).with_name("harness.py"))
HARNESS = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(HARNESS)
ORACLE, ours, ours_stub = HARNESS.ORACLE, HARNESS.ours, HARNESS.ours_stub

CASES = Path(__file__).with_name("cases")
MIME_BY_SUFFIX = {
    ".json": "application/json", ".ndjson": "application/x-ndjson", ".xml": "application/xml", ".svg": "image/svg+xml",
    ".html": "text/html", ".yaml": "application/yaml", ".yml": "application/x-yaml", ".csv": "text/csv",
    ".tsv": "text/tab-separated-values", ".md": "text/markdown", ".py": "text/x-python",
}


def _file_cases():
    for path in sorted(CASES.iterdir()):
        if path.name == "tricky.json":
            continue
        content = path.read_bytes().decode("utf-8", "surrogateescape")
        for mime in dict.fromkeys([None, "text/plain", MIME_BY_SUFFIX.get(path.suffix)]):
            yield pytest.param(content, mime, id=f"{path.name}-{mime}")


def _tricky_cases():
    for case in json.loads((CASES / "tricky.json").read_text(encoding="utf-8")):
        yield pytest.param(case["content"], case["mime"], id=case["name"])


ALL = [*_file_cases(), *_tricky_cases()]


def test_the_table_is_big_enough():
    assert len(list(_tricky_cases())) + len([p for p in CASES.iterdir() if p.name != "tricky.json"]) >= 60


@pytest.mark.parametrize(("content", "mime"), ALL)
def test_case_against_the_oracle(content, mime):
    for preview_chars in (2000, 9):
        expected = ORACLE.generate_tool_result_synopsis(content, preview_chars=preview_chars, mime_type=mime)
        assert ours(content, mime, preview_chars) == expected
        sha = hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()
        stub = ORACLE.make_preview(content, preview_chars=preview_chars, ref="viking://user/u/sessions/s/tool-results/tr_x",
                                   tool_name="bash", sha256=sha, reason="single_threshold", mime_type=mime)
        header = dict(ref="viking://user/u/sessions/s/tool-results/tr_x", tool_name="bash", sha256=sha,
                      reason="single_threshold", original_chars=len(content),
                      preview_chars=min(len(content), max(preview_chars, 0)))
        assert ours_stub(content, mime, preview_chars, **header) == stub
