"""Externalization cost per turn: time, synopsis calls and stub renders for N tool outputs.

Usage: ``python bench/externalize_bench.py [N ...]`` (default 10 100 400). Each turn holds N
outputs of 3,000-6,000 chars (under the 20k threshold), so the turn budget has to pick
many of them largest first. The seed computed synopses once per budget step and re-rendered
every part per candidate (O(n^2) renders); toolstub does one synopsis per part and at most
one render per (part, preview budget).
"""

from __future__ import annotations

import sys
import time
import uuid

import toolstub
from toolstub.externalize import (
    ExternalizationConfig,
    GroupStats,
    ToolPart,
    externalize_group,
)
from toolstub.rule_files import load_rules

LINE = "2026-12-02T10:00:00Z INFO worker processed item {i} of batch {b}\n"


def parts(n: int) -> list[ToolPart]:
    out = []
    for b in range(n):
        size = 3_000 + (b * 37) % 3_000
        text = "".join(LINE.format(i=i, b=b) for i in range(size // 50 + 1))[:size]
        out.append(ToolPart(tool_id=f"c{b}", tool_name="worker", tool_output=text))
    return out


def main(sizes: list[int]) -> None:
    rules = load_rules(None)
    print(f"{'parts':>6} {'stored':>6} {'synopses':>8} {'renders':>8} {'seconds':>8}")
    for n in sizes:
        store = toolstub.open_store(f"memory://bench-{uuid.uuid4().hex}").session("bench")
        group = parts(n)
        stats = GroupStats()
        start = time.perf_counter()
        outcomes = externalize_group(group, group_id="g", config=ExternalizationConfig(), store=store, rules=rules, stats=stats)
        elapsed = time.perf_counter() - start
        stored = sum(o.action == "stored" for o in outcomes)
        print(f"{n:>6} {stored:>6} {stats.synopsis_calls:>8} {stats.renders:>8} {elapsed:>8.2f}")


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [10, 100, 400])
