"""Both sides of the comparison: the seed oracle and toolstub's ``openviking-compat``.

Loaded by the test modules with importlib (tests have no packages):
``HARNESS = load_harness()`` in each test module.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import toolstub

HERE = Path(__file__).parent


def load(name: str):
    spec = importlib.util.spec_from_file_location(f"compat_oracle_{name}", HERE / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ORACLE = load("seed_pipeline")


def ours(content: str, mime: str | None, preview_chars: int) -> dict:
    """toolstub's compat synopsis as the seed's ``to_dict()`` (compat never needs a contained plugin error)."""
    found = toolstub.synopsize(content, mime=mime, preview_chars=preview_chars, rules="openviking-compat")
    assert not found.diagnostics, found.diagnostics
    return found.to_dict()


def ours_stub(content: str, mime: str | None, synopsis_preview_chars: int, **header) -> str:
    """toolstub's compat stub for ``content`` with the given header fields (``preview_chars`` among them)."""
    found = toolstub.synopsize(content, mime=mime, preview_chars=synopsis_preview_chars, rules="openviking-compat")
    return toolstub.render_stub(found, rules="openviking-compat", **header)
