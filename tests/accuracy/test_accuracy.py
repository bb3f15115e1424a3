"""Kind accuracy of the ``default`` ruleset on realistic tool outputs (tests/accuracy/corpus).

Each sample's file name starts with the kind a careful person would give it
(see tests/accuracy/README.md for the debatable classes). Two assertions per sample:
``default`` gives the expected kind, and wherever ``openviking-compat`` gives the expected
kind, ``default`` gives it too (default never regresses on what compat gets right).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import toolstub

sys.path.insert(0, str(Path(__file__).parent))

from accuracy_corpus import samples  # noqa: E402

SAMPLES = samples()
KINDS = {"json", "csv", "tsv", "yaml", "xml", "code", "text", "unknown", "log", "diff", "markdown", "html"}


def test_corpus_is_large_and_well_named() -> None:
    assert len(SAMPLES) >= 150
    assert {expected for _, expected, _ in SAMPLES} <= KINDS
    assert len({name for name, _, _ in SAMPLES}) == len(SAMPLES)


@pytest.mark.parametrize(("name", "expected", "content"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_default_kind(name: str, expected: str, content: str) -> None:
    syn = toolstub.synopsize(content)
    assert syn.diagnostics == (), syn.diagnostics
    assert syn.kind == expected, f"{name}: default says {syn.kind}, expected {expected}"


@pytest.mark.parametrize(("name", "expected", "content"), SAMPLES, ids=[s[0] for s in SAMPLES])
def test_default_right_where_compat_is_right(name: str, expected: str, content: str) -> None:
    compat = toolstub.synopsize(content, rules="openviking-compat").kind
    default = toolstub.synopsize(content).kind
    if compat == expected:
        assert default == expected, f"{name}: compat is right ({compat}), default says {default}"
    else:
        assert compat != expected
