"""Kind accuracy of `default` and `openviking-compat`: the real-material corpus and the old corpus.

    python bench/accuracy_report.py [--corpus real|old|all] [--no-magika] [--no-fresh] [--blind] [--json] [--cases-out FILE]

Real corpus (tests/accuracy/real_corpus.py, generated into .cache/ on first use), three splits:
`tune` and `holdout` (one hash split of one pool of sources) and `fresh` (tests/accuracy/fresh_corpus.py:
sources the other two never use). Per split and per kind: `default` heuristics alone, Magika alone (its
labels mapped to kinds, when `toolstub[magika]` is installed), combined (`default` with a rule file's
`detection.learned: {plugin: magika}`: Magika's score added to the heuristic claim of the kind it names), `openviking-compat` on the cases whose
expected kind is one of the seed's kinds; the confusion table of `default`; the count of cases compat
gets right and default wrong; time per call (mean, p99, max; every input over 1 s named). The old
hand-written corpus (tests/accuracy/corpus) is reported separately, as before.

With `--blind`, a fourth split: `blind` (tests/accuracy/blind_corpus.py: 60 Debian packages picked by a hash
of their names, not by hand, read as the fresh set reads its packages).

The fresh and blind splits are never tuned on: this report prints their figures and confusion counts,
never the ids of their misses (`--cases-out` leaves them out).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import toolstub

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "accuracy"))

import blind_corpus  # noqa: E402
import fresh_corpus  # noqa: E402
import real_corpus  # noqa: E402
from accuracy_corpus import samples  # noqa: E402

RULESETS = ("default", "openviking-compat")
#: the kinds the seed system has (compat is measured on these expected kinds only)
SEED_KINDS = {"json", "csv", "tsv", "yaml", "xml", "code", "text", "unknown"}


def old_corpus_report() -> dict:
    rows = []
    for name, expected, content in samples():
        got = {r: toolstub.synopsize(content, rules=r).kind for r in RULESETS}
        rows.append({"sample": name, "expected": expected, **got})
    n = len(rows)
    report: dict = {"samples": n, "rulesets": {}}
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
    return report


SPLITS = ("tune", "holdout", "fresh", "blind")
#: splits nobody tunes on: their misses are never named
NEVER_NAMED = ("fresh", "blind")
#: an input that takes longer than this in one detector is named in the report
SLOW_S = 1.0


def learned_ruleset() -> toolstub.Ruleset | None:
    """``default`` with ``detection.learned: {plugin: magika}`` (the weights it ships with), or ``None`` when
    ``toolstub[magika]`` is not installed."""
    import tempfile

    from toolstub.plugins import magika_evidence

    if not magika_evidence.available():
        return None
    learned = Path(tempfile.mkdtemp(prefix="toolstub-accuracy-")) / "default-magika.yaml"
    learned.write_text("schema_version: 1\nextends: default\ndetection:\n  learned: {plugin: magika}\n")
    return toolstub.load_rules(str(learned))


def evaluate_real(use_magika: bool = True, fresh: bool = True, blind: bool = False) -> list[dict]:
    """One row per real-corpus case (tune, holdout and fresh): expected kind, split, each detector's kind and time.

    combined: ``default`` with the rule file's ``detection.learned: {plugin: magika}`` (the weights it ships
    with), through the engine, timed per call like the others."""
    magika = None
    if use_magika:
        from toolstub.plugins import magika_evidence

        learned_rules = learned_ruleset()
        if learned_rules is not None:
            magika = magika_evidence
            magika.magika_kind("warm up")  # the model loads once, outside the timings
    rows = []
    samples = real_corpus.load() + (fresh_corpus.load() if fresh else []) + (blind_corpus.load() if blind else [])
    for s in samples:
        row = {"id": s.id, "expected": s.kind, "split": s.split, "group": s.group}
        for r in RULESETS:
            t0 = time.perf_counter()
            row[r] = toolstub.synopsize(s.content, rules=r).kind
            row[f"{r}_s"] = time.perf_counter() - t0
        if magika is not None:
            t0 = time.perf_counter()
            kind, score = magika.magika_kind(s.content)
            row["magika_s"] = time.perf_counter() - t0
            row["magika"], row["magika_score"] = kind, round(score, 4)
            t0 = time.perf_counter()
            row["combined"] = toolstub.synopsize(s.content, rules=learned_rules).kind
            row["combined_s"] = time.perf_counter() - t0
        rows.append(row)
    return rows


def _acc(rows: list[dict], col: str) -> tuple[int, int]:
    return sum(1 for r in rows if r[col] == r["expected"]), len(rows)


def real_corpus_report(rows: list[dict]) -> dict:
    cols = ["default"] + (["magika", "combined"] if rows and "magika" in rows[0] else [])
    out: dict = {"cases": len(rows), "detectors": cols, "splits": {}}
    for split in SPLITS:
        part = [r for r in rows if r["split"] == split]
        if not part:
            continue
        seed = [r for r in part if r["expected"] in SEED_KINDS]
        info: dict = {"cases": len(part), "overall": {}, "per_kind": {}}
        for col in cols:
            right, n = _acc(part, col)
            info["overall"][col] = {"correct": right, "of": n, "accuracy": round(right / n, 4) if n else 0.0}
        right, n = _acc(seed, "openviking-compat")
        info["overall"]["openviking-compat (seed kinds)"] = {"correct": right, "of": n, "accuracy": round(right / n, 4) if n else 0.0}
        right, n = _acc(seed, "default")
        info["overall"]["default (seed kinds)"] = {"correct": right, "of": n, "accuracy": round(right / n, 4) if n else 0.0}
        for kind in real_corpus.KINDS:
            kr = [r for r in part if r["expected"] == kind]
            entry = {"cases": len(kr)}
            for col in cols + (["openviking-compat"] if kind in SEED_KINDS else []):
                right, n = _acc(kr, col)
                entry[col] = round(right / n, 4) if n else None
            info["per_kind"][kind] = entry
        confusion: dict = defaultdict(Counter)
        for r in part:
            confusion[r["expected"]][r["default"]] += 1
        info["confusion_default"] = {k: dict(v) for k, v in sorted(confusion.items())}
        crdw = sorted(r["id"] for r in part if r["openviking-compat"] == r["expected"] != r["default"])
        info["compat_right_default_wrong_count"] = len(crdw)
        if split not in NEVER_NAMED:  # fresh and blind misses are never named (nobody tunes on them)
            info["compat_right_default_wrong"] = crdw
        if "combined" in cols:
            info["combined_vs_default"] = {
                "combined_right_default_wrong": sum(1 for r in part if r["combined"] == r["expected"] != r["default"]),
                "default_right_combined_wrong": sum(1 for r in part if r["default"] == r["expected"] != r["combined"])}
        out["splits"][split] = info
    out["misses_tune_default"] = {
        pair: sorted(r["id"] for r in rows if r["split"] == "tune" and f"{r['expected']} -> {r['default']}" == pair)
        for pair in sorted({f"{r['expected']} -> {r['default']}" for r in rows if r["split"] == "tune" and r["default"] != r["expected"]})
    }
    timing = {}
    slow = []
    for col in ("default", "openviking-compat", "magika", "combined"):
        key = f"{col}_s"
        timed = [r for r in rows if key in r]
        ts = sorted(r[key] for r in timed)
        if ts:
            worst = max(timed, key=lambda r: r[key])
            timing[col] = {"mean_ms": round(1000 * sum(ts) / len(ts), 2), "p99_ms": round(1000 * ts[int(0.99 * (len(ts) - 1))], 2),
                           "max_ms": round(1000 * ts[-1], 2),
                           "max_case": worst["id"] if worst["split"] not in NEVER_NAMED else f"(a {worst['split']} {worst['expected']} case)"}
            slow += [{"detector": col, "split": r["split"], "ms": round(1000 * r[key], 1),
                      "id": r["id"] if r["split"] not in NEVER_NAMED else f"(a {r['split']} {r['expected']} case)"}
                     for r in timed if r[key] > SLOW_S]
    out["time_per_call"] = timing
    out["over_1s"] = slow
    return out


def tune_misses_md(rows: list[dict]) -> str:
    """The tune cases default gets wrong, grouped by (expected -> got), with Magika's verdict."""
    groups: dict = defaultdict(list)
    for r in rows:
        if r["split"] == "tune" and r["default"] != r["expected"]:
            groups[f"{r['expected']} -> {r['default']}"].append(r)
    out = []
    for pair, rs in sorted(groups.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        out.append(f"### {pair} ({len(rs)})\n")
        for r in sorted(rs, key=lambda r: r["id"]):
            extra = f" (magika: {r['magika']} {r['magika_score']:.2f})" if "magika" in r else ""
            out.append(f"- `{r['id']}` [{r['group']}]{extra}")
        out.append("")
    return "\n".join(out)


def _pct(x: float | None) -> str:
    return "   -  " if x is None else f"{100 * x:6.1f}"


def print_real(rep: dict) -> None:
    cols = rep["detectors"]
    print(f"real corpus: {rep['cases']} cases (tests/accuracy/real_corpus.py)")
    for split in SPLITS:
        if split not in rep["splits"]:
            continue
        info = rep["splits"][split]
        print(f"\n[{split}] {info['cases']} cases" + ("  (source-disjoint, never tuned on)" if split == "fresh" else "  (packages picked by a hash, never tuned on)" if split == "blind" else ""))
        for col, o in info["overall"].items():
            print(f"  {col:32} {100 * o['accuracy']:6.2f} %  ({o['correct']}/{o['of']})")
        head = "  kind        n " + "".join(f"{c[:9]:>10}" for c in cols + ["compat"])
        print(head)
        for kind, e in info["per_kind"].items():
            print(f"  {kind:9} {e['cases']:4} " + "".join(f"{_pct(e.get(c)):>10}" for c in cols)
                  + f"{_pct(e.get('openviking-compat')):>10}")
    kinds = list(real_corpus.KINDS)
    for split in SPLITS:
        if split not in rep["splits"]:
            continue
        h = rep["splits"][split]["confusion_default"]
        print(f"\n{split} confusion, default (row: expected, column: got)")
        print("  " + " " * 9 + "".join(f"{k[:6]:>7}" for k in kinds))
        for k in kinds:
            row = h.get(k, {})
            print(f"  {k:9}" + "".join(f"{row.get(g, 0) or '.':>7}" for g in kinds)
                  + ("  other: " + ", ".join(f"{g} {n}" for g, n in row.items() if g not in kinds) if set(row) - set(kinds) else ""))
    print("\ntune misses of default (expected -> got: count)")
    for pair, ids in rep["misses_tune_default"].items():
        print(f"  {pair}: {len(ids)}")
    print("\ntime per call (ms, all splits; combined: default with detection.learned magika, Magika asked only on close claims):")
    for k, v in rep["time_per_call"].items():
        print(f"  {k:18} mean {v['mean_ms']:8.2f}  p99 {v['p99_ms']:8.2f}  max {v['max_ms']:8.2f}  ({v['max_case']})")
    slow = rep["over_1s"]
    print(f"inputs over {SLOW_S:g} s: {len(slow)}" + "".join(f"\n  SLOW {s['detector']} {s['ms']} ms [{s['split']}] {s['id']}" for s in slow))
    for split in SPLITS:
        if split not in rep["splits"]:
            continue
        info = rep["splits"][split]
        crdw = info.get("compat_right_default_wrong", [])
        print(f"compat right, default wrong ({split}): {info['compat_right_default_wrong_count']}"
              + (": " + ", ".join(crdw[:10]) if crdw else ""))
        if "combined_vs_default" in info:
            cv = info["combined_vs_default"]
            print(f"combined vs default ({split}): combined right where default wrong {cv['combined_right_default_wrong']}, "
                  f"default right where combined wrong {cv['default_right_combined_wrong']}")


def print_old(report: dict) -> None:
    n = report["samples"]
    print(f"\nold corpus (tests/accuracy/corpus, hand-written): {n} samples")
    for r in RULESETS:
        info = report["rulesets"][r]
        print(f"  {r:18} accuracy {info['accuracy'] * 100:6.2f} %  ({info['correct']}/{n})")
    for r in RULESETS:
        info = report["rulesets"][r]
        print(f"  {r}: confusion (expected -> got: count)")
        for pair, count in info["confusion"].items():
            print(f"    {pair}: {count}")
    print("  compat right, default wrong:", ", ".join(report["compat_right_default_wrong"]) or "none")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", choices=("real", "old", "all"), default="all")
    parser.add_argument("--no-magika", action="store_true", help="skip the learned signal even when installed")
    parser.add_argument("--no-fresh", action="store_true", help="tune and holdout only (skip the fresh split)")
    parser.add_argument("--blind", action="store_true", help="also the blind split (tests/accuracy/blind_corpus.py)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--cases-out", type=Path, help="write every tune/holdout case's results (JSON) here (never fresh)")
    parser.add_argument("--tune-misses-md", type=Path, help="write the tune cases default gets wrong, by class (Markdown)")
    args = parser.parse_args(argv)
    report: dict = {}
    if args.corpus in ("real", "all"):
        rows = evaluate_real(use_magika=not args.no_magika, fresh=not args.no_fresh, blind=args.blind)
        report["real"] = real_corpus_report(rows)
        if args.cases_out:
            args.cases_out.write_text(json.dumps([r for r in rows if r["split"] not in NEVER_NAMED], indent=1))
        if args.tune_misses_md:
            args.tune_misses_md.write_text(tune_misses_md(rows))
    if args.corpus in ("old", "all"):
        report["old"] = old_corpus_report()
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    if "real" in report:
        print_real(report["real"])
    if "old" in report:
        print_old(report["old"])
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except BrokenPipeError:  # piped into head
        sys.stderr.close()
        raise SystemExit(0) from None
