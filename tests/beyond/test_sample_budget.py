"""The log and diff samples stay inside the stub's preview budget (``preview_chars``)."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolstub

DATA = Path(__file__).parent / "data"


@pytest.mark.parametrize(("name", "kind"), [("pytest.log", "log"), ("git_show.diff", "diff")])
def test_sample_respects_preview_chars(name, kind):
    content = (DATA / name).read_text(encoding="utf-8")
    full = toolstub.synopsize(content)
    assert full.kind == kind and len(full.sample) > 60
    small = toolstub.synopsize(content, preview_chars=60)
    assert small.kind == kind and 0 < len(small.sample) <= 60
    assert small.sample[:57] == full.sample[:57]
    assert toolstub.synopsize(content, preview_chars=0).sample == ""
