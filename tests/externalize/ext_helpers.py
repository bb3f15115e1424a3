"""Helpers for the externalization tests (importable because conftest puts this folder on sys.path)."""

from __future__ import annotations

import itertools
import uuid

import toolstub

_counter = itertools.count()


def new_store(session: str = "s1"):
    return toolstub.open_store(f"memory://ext-{uuid.uuid4().hex}-{next(_counter)}").session(session)


class FailingStore:
    """A store whose writes raise ``error``; everything else goes to a real memory store."""

    def __init__(self, error: Exception, inner=None) -> None:
        self.inner = inner or new_store()
        self.error = error
        self.writes = 0

    def write(self, *args, **kwargs):
        self.writes += 1
        raise self.error

    def __getattr__(self, name):
        return getattr(self.inner, name)


class CountingStore:
    def __init__(self, inner=None) -> None:
        self.inner = inner or new_store()
        self.writes = 0

    def write(self, *args, **kwargs):
        self.writes += 1
        return self.inner.write(*args, **kwargs)

    def __getattr__(self, name):
        return getattr(self.inner, name)


def text_of(n: int, seed: str = "line") -> str:
    """Log-like text of exactly ``n`` characters."""
    unit = f"{seed} 0123456789 the quick brown fox\n"
    return (unit * (n // len(unit) + 1))[:n]


def tool_part(output: str, *, tool_id: str = "call", tool_name: str = "shell", **fields) -> dict:
    return {"type": "tool", "tool_id": tool_id, "tool_name": tool_name, "tool_output": output, **fields}


def parts_message(*parts: dict, mid: str = "m1", role: str = "assistant") -> dict:
    return {"id": mid, "role": role, "parts": list(parts)}
