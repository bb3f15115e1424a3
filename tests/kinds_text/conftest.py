"""Helpers for the csv/tsv/code/text kind tests: the seed oracle and a direct detector call."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import pytest

import toolstub
from toolstub.plugin_manager import get_registry
from toolstub.rule_files import load_rules
from toolstub.synopsis import Claim, KindInput


def _load_oracle():
    spec = importlib.util.spec_from_file_location("kinds_text_seed_oracle", Path(__file__).with_name("seed_oracle.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


SEED = _load_oracle()


def detect(detector: str, content: str, rules: str = "openviking-compat") -> dict | None:
    """Run one detector of ``rules`` on ``content``: its synopsis as a dict, or None."""
    ruleset = load_rules(rules)
    summarizer = get_registry().get(detector)
    kind_input = KindInput(
        content, mime="", tool_name="", preview_chars=2000, rules=ruleset, caps=ruleset.caps(detector)
    )
    result = summarizer.summarize(kind_input)
    if isinstance(result, Claim):  # a scored claim (issue 10): its synopsis
        result = result.synopsis
    return None if result is None else result.to_dict()


def line_kinds(content: str, rules: str = "openviking-compat") -> dict:
    """Our tsv -> csv -> code -> text chain, as the seed runs it after json/xml/yaml."""
    for detector in ("tsv", "csv", "code", "text"):
        found = detect(detector, content, rules)
        if found is not None:
            return found
    raise AssertionError("text must claim everything")


def assert_code(content: str, language: str | None) -> Any:
    """``content`` is code under ``default``, and (unless ``language`` is None) its title names
    ``language``; returns its synopsis."""
    syn = toolstub.synopsize(content)
    assert syn.kind == "code"
    if language is not None:
        assert syn.title == f"{language} code output"
    return syn


@pytest.fixture(scope="session")
def code_in():
    """``code_in(content, language)``: :func:`assert_code`."""
    return assert_code


@pytest.fixture(scope="session")
def seed():
    return SEED


@pytest.fixture(scope="session")
def run():
    """``run(detector, content, rules="openviking-compat") -> dict | None``."""
    return detect


@pytest.fixture(scope="session")
def chain():
    """``chain(content, rules="openviking-compat") -> dict`` (tsv, csv, code, text)."""
    return line_kinds
