"""Growth of the synopsis time with the input size: 1 -> 10 -> 100 MB should be linear (<= 13x a step).

Usage::

    python bench/bench_growth.py                              # every kind, both rulesets, 1/10/100 MB
    python bench/bench_growth.py --kinds ndjson,markdown --rules openviking-compat --repeat 5
    python bench/bench_growth.py --against main               # main's code beside this tree's, interleaved
    python bench/bench_growth.py --cli                        # also `toolstub synopsis FILE` (whole process)
    python bench/bench_growth.py --json

Each kind's input is ``bench_synopsis.py``'s generator at each size, written once to a file
under ``--cache`` (default ``/tmp/toolstub-growth-inputs``, kept between runs: the generators
are deterministic). Every kind, ruleset and size is then measured in its own fresh process
(``python bench_growth.py --child ...``), so the heap left by another kind or size does not
leak into it: the child reads the file, loads the rules (a 1,000-character synopsis, not
timed), and times ``toolstub.synopsize`` of the whole text by CPU time (``time.process_time``,
robust to the other processes of a shared machine), best of ``--repeat``. It also prints the
sha256 of the synopsis (``Synopsis.to_dict`` as sorted JSON), so ``--against REF`` shows
whether the two trees' synopses are the same, byte for byte, at each size.

``--against REF`` exports the git ref ``REF`` (``git archive``) into a temporary folder laid
out as the installed package (``toolstub``, ``toolstub.plugins``, ``toolstub.rules``), and
runs every child once with it on ``PYTHONPATH`` (ahead of this venv's editable install) and
once without, back to back, so both columns come from one run.

The table prints each step's ratio (time at 10 MB / time at 1 MB, then 100 / 10) and flags a
step over ``--limit`` (13x: issue 11's "linear").

``--cli`` also runs ``toolstub synopsis FILE --format json`` (this venv's) on each file, the
whole process's wall time minus the start-up of a 10-byte file, best of ``--repeat``.
"""

from __future__ import annotations

import argparse
import gc
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
MB = 1_000_000
RULESETS = ("default", "openviking-compat")


def _child(path: str, rules: str, repeat: int) -> int:
    import toolstub

    with open(path, encoding="utf-8") as handle:
        content = handle.read()
    toolstub.synopsize(content[:1000], rules=rules)  # the rules, compiled, outside the timing
    best = float("inf")
    synopsis = None
    for _ in range(repeat):
        synopsis = None
        gc.collect()
        start = time.process_time()
        synopsis = toolstub.synopsize(content, rules=rules)
        best = min(best, time.process_time() - start)
    assert synopsis is not None
    digest = hashlib.sha256(json.dumps(synopsis.to_dict(), sort_keys=True, default=str).encode("utf-8")).hexdigest()
    json.dump({"s": best, "kind": synopsis.kind, "sha256": digest, "module": toolstub.__file__}, sys.stdout)
    print()
    return 0


def _inputs(kinds: list[str], sizes: list[float], cache: str) -> dict[tuple[str, float], str]:
    sys.path.insert(0, HERE)
    import bench_synopsis

    os.makedirs(cache, exist_ok=True)
    files = {}
    for kind in kinds:
        generate = bench_synopsis.KINDS[kind][0]
        for size in sizes:
            path = os.path.join(cache, f"{kind}-{size:g}mb.txt")
            if not os.path.exists(path):
                tmp = path + ".part"
                with open(tmp, "w", encoding="utf-8") as handle:
                    handle.write(generate(int(size * MB)))
                os.replace(tmp, path)
            files[(kind, size)] = path
    return files


def _export(ref: str, into: str) -> str:
    """``git archive REF`` laid out as the installed package; returns the folder for ``PYTHONPATH``."""
    archive = os.path.join(into, "tree.tar")
    subprocess.run(["git", "-C", REPO, "archive", "--format=tar", "-o", archive, ref], check=True)
    tree = os.path.join(into, "tree")
    with tarfile.open(archive) as tar:
        tar.extractall(tree)
    lib = os.path.join(into, "lib")
    package = os.path.join(lib, "toolstub")
    shutil.copytree(os.path.join(tree, "engine"), package)
    shutil.copytree(os.path.join(tree, "plugins"), os.path.join(package, "plugins"))
    shutil.copytree(os.path.join(tree, "rules"), os.path.join(package, "rules"))
    return lib


def _run_child(path: str, rules: str, repeat: int, pythonpath: str | None) -> dict:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    proc = subprocess.run([sys.executable, os.path.abspath(__file__), "--child", path, rules, str(repeat)],
                          capture_output=True, text=True, env=env)
    if proc.returncode:
        raise SystemExit(f"bench_growth: child {path} {rules} exited {proc.returncode}: {proc.stderr[-500:]}")
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    if pythonpath and not out["module"].startswith(pythonpath):
        raise SystemExit(f"bench_growth: --against imported {out['module']}, not the export under {pythonpath}")
    return out


def _cli_time(path: str, tiny: str, repeat: int) -> float:
    here = os.path.join(os.path.dirname(sys.executable), "toolstub")
    cli = here if os.path.exists(here) else "toolstub"
    best_tiny = best = float("inf")
    for _ in range(repeat):
        for which in (tiny, path):
            start = time.perf_counter()
            subprocess.run([cli, "synopsis", which, "--format", "json"], stdout=subprocess.DEVNULL, check=True)
            seconds = time.perf_counter() - start
            if which == tiny:
                best_tiny = min(best_tiny, seconds)
            else:
                best = min(best, seconds)
    return max(best - best_tiny, 0.005)


def _steps(times: list[float]) -> list[float]:
    return [b / a if a else float("inf") for a, b in zip(times, times[1:])]


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--child"]:
        return _child(argv[1], argv[2], int(argv[3]))
    sys.path.insert(0, HERE)
    import bench_synopsis

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kinds", default=",".join(bench_synopsis.KINDS), help="kinds (default: all of bench_synopsis)")
    parser.add_argument("--rules", default=",".join(RULESETS), help="rulesets (default: default,openviking-compat)")
    parser.add_argument("--sizes", default="1,10,100", help="sizes in MB (default 1,10,100)")
    parser.add_argument("--repeat", type=int, default=3, help="best of N in each child (default 3)")
    parser.add_argument("--limit", type=float, default=13.0, help="flag a step over this ratio (default 13)")
    parser.add_argument("--against", metavar="REF", help="also run the git ref REF's code, interleaved")
    parser.add_argument("--cli", action="store_true", help="also time `toolstub synopsis FILE` (this venv)")
    parser.add_argument("--cache", default="/tmp/toolstub-growth-inputs", help="where the inputs are kept")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    kinds = [k for k in args.kinds.split(",") if k]
    unknown = [k for k in kinds if k not in bench_synopsis.KINDS]
    if unknown:
        parser.error(f"--kinds: unknown {', '.join(unknown)}")
    rulesets = [r for r in args.rules.split(",") if r]
    sizes = sorted(float(s) for s in args.sizes.split(",") if s)
    files = _inputs(kinds, sizes, args.cache)
    trees: list[tuple[str, str | None]] = [("this", None)]
    work = tempfile.mkdtemp(prefix="toolstub-growth-")
    try:
        if args.against:
            trees.insert(0, (args.against, _export(args.against, work)))
        results: dict[tuple[str, str, str, float], dict] = {}
        for kind in kinds:
            for rules in rulesets:
                for size in sizes:
                    for label, pythonpath in trees:
                        results[(label, kind, rules, size)] = _run_child(files[(kind, size)], rules, args.repeat, pythonpath)
                        print(".", end="", file=sys.stderr, flush=True)
        cli: dict[tuple[str, float], float] = {}
        if args.cli:
            tiny = os.path.join(work, "tiny.txt")
            with open(tiny, "w", encoding="utf-8") as handle:
                handle.write("hello\nworld\n")
            for kind in kinds:
                for size in sizes:
                    cli[(kind, size)] = _cli_time(files[(kind, size)], tiny, args.repeat)
        print(file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    if args.json:
        json.dump({"results": [{"tree": t, "kind": k, "rules": r, "size_mb": s, **v} for (t, k, r, s), v in results.items()],
                   "cli": [{"kind": k, "size_mb": s, "s": v} for (k, s), v in cli.items()]}, sys.stdout, indent=2)
        print()
        return 0
    flagged = 0
    head = f"{'kind':9} {'rules':18} {'kind got':9}"
    for label, _ in trees:
        tag = "" if len(trees) == 1 else f"[{label}] "
        head += " " + " ".join(f"{tag + f'{s:g} MB s':>14}" for s in sizes) + f" {tag + 'steps':>20}"
    if len(trees) > 1:
        head += "  same synopsis"
    print(f"CPU time of toolstub.synopsize, each kind, ruleset and size in its own process, best of {args.repeat};"
          f" a step over {args.limit:g}x is flagged '!'")
    print(head)
    print("-" * len(head))
    for kind in kinds:
        for rules in rulesets:
            line = f"{kind:9} {rules:18} {results[(trees[-1][0], kind, rules, sizes[-1])]['kind']:9}"
            for label, _ in trees:
                times = [results[(label, kind, rules, s)]["s"] for s in sizes]
                steps = _steps(times)
                marks = []
                for step in steps:
                    over = step > args.limit
                    flagged += over and label == trees[-1][0]
                    marks.append(f"x{step:.1f}{'!' if over else ''}")
                line += " " + " ".join(f"{t:14.4f}" for t in times) + f" {' -> '.join(marks):>20}"
            if len(trees) > 1:
                same = all(results[(trees[0][0], kind, rules, s)]["sha256"] == results[(trees[-1][0], kind, rules, s)]["sha256"]
                           for s in sizes)
                line += "  " + ("yes" if same else "NO")
            print(line)
    if cli:
        print("\nthrough the CLI (`toolstub synopsis FILE --format json`, wall time minus the start-up, best of"
              f" {args.repeat}):")
        for kind in kinds:
            times = [cli[(kind, s)] for s in sizes]
            print(f"  {kind:9} " + " ".join(f"{t:8.3f}" for t in times) + "  steps "
                  + " -> ".join(f"x{r:.1f}" for r in _steps(times)))
    print(f"\n{flagged} step(s) over {args.limit:g}x" + ("" if len(trees) == 1 else f" for '{trees[-1][0]}'"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
