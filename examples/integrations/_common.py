"""Shared by the integration examples: the 500 KB build log a tool returns, and how to find a ref."""

from __future__ import annotations

import re

HEADER = "[toolstub: tool output stored outside the context]"
REF = re.compile(r"^ref: (\S+)$", re.M)


def build_log(size: int = 500_000) -> str:
    """A deterministic build log of about ``size`` characters with one ERROR line (line 3218)."""
    lines, n, total = [], 0, 0
    while total < size:
        n += 1
        level = "ERROR" if n == 3218 else ("WARN" if n % 97 == 0 else "INFO")
        line = f"2026-12-03T07:{n // 600 % 60:02d}:{n // 10 % 60:02d}Z {level} step {n}: compiled módulo_{n % 13} ✓ in {n % 977} ms\n"
        lines.append(line)
        total += len(line)
    return "".join(lines)


def report(stub: str, pages: list[str], raw: str, stored: int) -> None:
    print("the model saw (first 8 lines of the stub):")
    print("\n".join("   " + line for line in stub.splitlines()[:8]))
    print(f"tool output: {len(raw):,} chars; stub: {len(stub):,} chars")
    print(f"read back in {len(pages)} pages: exact = {''.join(pages) == raw}")
    print(f"results stored in the session: {stored}")
