"""Fixtures for the externalization tests: a fresh memory store session per test."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from ext_helpers import new_store


@pytest.fixture
def store():
    return new_store()
