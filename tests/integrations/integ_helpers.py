"""Helpers for the framework integration tests: the 500 KB tool output."""

from __future__ import annotations

HEADER = "[toolstub: tool output stored outside the context]"


def big_log(size: int = 500_000) -> str:
    """A deterministic build log of about ``size`` code points, non-ASCII included, one ERROR line."""
    lines = []
    n = 0
    total = 0
    while total < size:
        n += 1
        level = "ERROR" if n == 3218 else ("WARN" if n % 97 == 0 else "INFO")
        line = f"2026-12-03T07:{n // 600 % 60:02d}:{n // 10 % 60:02d}Z {level} step {n}: compiled módulo_{n % 13} ✓ in {n % 977} ms\n"
        lines.append(line)
        total += len(line)
    return "".join(lines)


