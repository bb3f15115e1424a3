"""Fixtures for the framework integration tests: a local store session and a 500 KB tool output."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "integrations"
sys.path.insert(0, str(EXAMPLES))  # fake_anthropic.py: the scripted Messages API server

import toolstub
from integ_helpers import big_log


@pytest.fixture(scope="session")
def big_output() -> str:
    return big_log()


@pytest.fixture
def session(tmp_path):
    return toolstub.open_store(tmp_path / "store").session("agent-run")
