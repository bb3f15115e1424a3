"""What detection by evidence costs: time of ``default`` per kind at 10 MB, and each detector's share.

Usage::

    python bench/bench_detection.py                   # 10 MB per kind, best of 2
    python bench/bench_detection.py --mb 1 --repeat 3 --json
    PYTHONPATH=/path/to/other/toolstub python bench/bench_detection.py   # another build, same inputs

Under ``strongest_claim`` every detector is asked until a claim is decisive; the
per-detector column shows where the time goes (one call of each detector's
``summarize`` on the same input, in the rule file's order), so a slow detector
asked on content it does not claim is visible. Report ratios measured in one run.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

import toolstub
from toolstub.plugin_manager import get_registry
from toolstub.synopsis import KindInput

MB = 1_000_000


def _repeat_to(size: int, make_line) -> str:
    rng = random.Random(7)
    parts, total, i = [], 0, 0
    while total < size:
        line = make_line(rng, i)
        parts.append(line)
        total += len(line)
        i += 1
    return "".join(parts)


def gen_json(size: int) -> str:
    return json.dumps(json.loads("[" + _repeat_to(size - 2, lambda r, i: ("," if i else "")
                                                 + json.dumps({"id": i, "name": f"n{i}", "v": r.random()})) + "]"))


GENERATORS = {
    "json": gen_json,
    "ndjson": lambda n: _repeat_to(n, lambda r, i: json.dumps({"ts": i, "level": "info", "msg": f"event {i}"}) + "\n"),
    "csv": lambda n: "id,name,score\n" + _repeat_to(n, lambda r, i: f"{i},name{i},{r.randint(0, 99)}\n"),
    "tsv": lambda n: "id\tname\tscore\n" + _repeat_to(n, lambda r, i: f"{i}\tname{i}\t{r.randint(0, 99)}\n"),
    "yaml": lambda n: _repeat_to(n, lambda r, i: f"key{i}:\n  name: item {i}\n  tags: [a, b]\n"),
    "xml": lambda n: "<root>" + _repeat_to(n, lambda r, i: f"<item id='{i}'><v>{i}</v></item>") + "</root>",
    "log": lambda n: _repeat_to(n, lambda r, i: f"2026-12-03T08:{i % 60:02d}:00Z INFO worker[{i % 7}] processed job {i}\n"),
    "markdown": lambda n: _repeat_to(n, lambda r, i: f"## Section {i}\n\nSome *text* with a [link](http://x/{i}).\n\n- item\n"),
    "code": lambda n: _repeat_to(n, lambda r, i: f"def f{i}(x):\n    return x + {i}\n\n"),
    "text": lambda n: _repeat_to(n, lambda r, i: f"The quick brown fox {i} jumps over the lazy dog. "
                                 + ("\n" if i % 8 == 0 else "")),
}


def per_detector(content: str, rules) -> dict[str, float]:
    registry = get_registry()
    out = {}
    for detector in rules.detectors:
        inp = KindInput(content, mime="", tool_name="", preview_chars=2000, rules=rules, caps=rules.caps(detector))
        start = time.perf_counter()
        registry.get(detector).summarize(inp)
        out[detector] = time.perf_counter() - start
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=10.0)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--kinds", default=",".join(GENERATORS))
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rules = toolstub.load_rules("default")
    rows = []
    for kind in args.kinds.split(","):
        content = GENERATORS[kind](int(args.mb * MB))
        best = float("inf")
        got = ""
        for _ in range(args.repeat):
            start = time.perf_counter()
            got = toolstub.synopsize(content).kind
            best = min(best, time.perf_counter() - start)
        detectors = per_detector(content, rules)
        slow = sorted(detectors.items(), key=lambda kv: -kv[1])[:3]
        rows.append({"input": kind, "chars": len(content), "kind": got, "seconds": round(best, 3),
                     "slowest_detectors": {k: round(v, 3) for k, v in slow}})
    if args.json:
        json.dump({"toolstub": toolstub.__file__, "rows": rows}, sys.stdout, indent=2)
        print()
        return 0
    print(f"toolstub from {toolstub.__file__}")
    print(f"{'input':9s} {'chars':>10s} {'kind':9s} {'seconds':>8s}  slowest detectors (one call each)")
    for row in rows:
        slow = ", ".join(f"{k} {v:.3f}" for k, v in row["slowest_detectors"].items())
        print(f"{row['input']:9s} {row['chars']:10d} {row['kind']:9s} {row['seconds']:8.3f}  {slow}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
