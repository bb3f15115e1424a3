"""Kind accuracy of `default` and `openviking-compat` over tests/accuracy/corpus.

    python bench/accuracy_report.py [--json]

Prints each ruleset's accuracy (samples whose kind is the expected one), the confusion list
(expected -> got, per sample) for both, and the samples where compat is right and default is not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

import toolstub

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests" / "accuracy"))

from accuracy_corpus import samples  # noqa: E402

RULESETS = ("default", "openviking-compat")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    args = parser.parse_args(argv)
    rows = []
    for name, expected, content in samples():
        got = {r: toolstub.synopsize(content, rules=r).kind for r in RULESETS}
        rows.append({"sample": name, "expected": expected, **got})
    n = len(rows)
    report = {"samples": n, "rulesets": {}}
    for r in RULESETS:
        wrong = [row for row in rows if row[r] != row["expected"]]
        report["rulesets"][r] = {
            "correct": n - len(wrong),
            "accuracy": round((n - len(wrong)) / n, 4) if n else 0.0,
            "confusion": dict(Counter(f"{row['expected']} -> {row[r]}" for row in wrong).most_common()),
            "wrong": [{"sample": row["sample"], "expected": row["expected"], "got": row[r]} for row in wrong],
        }
    report["compat_right_default_wrong"] = [
        row["sample"] for row in rows if row["openviking-compat"] == row["expected"] != row["default"]
    ]
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"samples: {n}")
    for r in RULESETS:
        info = report["rulesets"][r]
        print(f"{r:18} accuracy {info['accuracy'] * 100:6.2f} %  ({info['correct']}/{n})")
    for r in RULESETS:
        info = report["rulesets"][r]
        print(f"\n{r}: confusion (expected -> got: count)")
        for pair, count in info["confusion"].items():
            print(f"  {pair}: {count}")
        for w in info["wrong"]:
            print(f"    {w['sample']}: {w['got']}")
    print("\ncompat right, default wrong:", ", ".join(report["compat_right_default_wrong"]) or "none")
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # piped into head
        sys.stderr.close()
        raise SystemExit(0) from None
