"""Helpers for the structured-kind tests: the synopsis dict and a hang guard."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from toolstub import synopsize

COMPAT = "openviking-compat"
DEFAULT = "default"


def syn(content: str, rules: str = COMPAT, mime: str | None = None, preview_chars: int = 2000) -> dict[str, Any]:
    result = synopsize(content, mime=mime, rules=rules, preview_chars=preview_chars)
    assert result.diagnostics == (), result.diagnostics
    return result.to_dict()


def within(seconds: float, fn, *args, **kwargs):
    """Run ``fn`` on a thread and fail if it has not returned after ``seconds`` (a hang guard, not a speed test)."""
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["value"] = fn(*args, **kwargs)
        except BaseException as exc:  # noqa: BLE001
            box["error"] = exc

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    worker.join(seconds)
    if worker.is_alive():
        pytest.fail(f"did not finish within {seconds} s")
    if "error" in box:
        raise box["error"]
    return box["value"]


@pytest.fixture
def synopsis_of():
    """``synopsis_of(content, rules=..., mime=..., preview_chars=...)`` -> the six-field dict."""
    return syn


@pytest.fixture
def hang_guard():
    """``hang_guard(seconds, fn, *args)`` -> fn's result, or a failure after ``seconds``."""
    return within
