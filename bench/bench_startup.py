"""Start-up time of the CLI beside a bare ``python -c 'import json, yaml'``, in one run.

Usage::

    python bench/bench_startup.py            # best of 10, interleaved
    python bench/bench_startup.py --repeat 20 --importtime
    python bench/bench_startup.py --before /work/venv/bin/toolstub   # another installation beside this one
    python bench/bench_startup.py --phases   # also each phase of a synopsis, in-process

Runs, interleaved so that a shared machine slows all alike: the bare interpreter importing
json and yaml, ``toolstub --version``, ``toolstub synopsis SMALL_FILE`` and
``toolstub synopsis SMALL_FILE --format json`` (a two-line log), and the synopsis of a small JSON
object and of a small CSV table. Prints the best wall time of each, its
ratio to the bare run, and that ratio times 0.03 s (the bare run's time on a quiet machine
of this kind, issue 11): the goals are ``synopsis`` <= 0.15 s and ``--version`` <= 0.1 s.

Python writes no bytecode when ``PYTHONDONTWRITEBYTECODE`` is set (then every run compiles
every module): the bench unsets it for its runs (after one warm-up run writes the caches),
as on a user's machine; ``--no-bytecode`` keeps it set.

``python -c pass`` is timed too, and every row shows its ratio to it (``x pass``: what to compare
between runs and machines), in wall time and in CPU time (the child's user + system time, less
disturbed than wall time on a machine shared with other work). ``--before CLI`` times the same commands through another installation's
``toolstub`` (e.g. a checkout without a change) in the same interleaved loop.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

BARE_QUIET_S = 0.03
GOALS = {"toolstub --version": 0.10, "toolstub synopsis FILE": 0.15, "toolstub synopsis FILE.json": 0.15,
         "toolstub synopsis FILE.csv": 0.15}


# one ``toolstub synopsis FILE`` split into its phases, in a fresh interpreter (what the console script
# toolstub.launch does, in order; click is not imported)
_PHASES = r"""
import sys, time, json
marks = [("start", time.perf_counter())]
def mark(name):
    marks.append((name, time.perf_counter()))
import toolstub.launch
mark("import toolstub.launch")
import toolstub.synopsis_command
mark("import synopsis_command")
from toolstub.plugin_manager import get_registry
get_registry()
mark("plugin registry")
from toolstub.rule_files import load_rules
rules = load_rules(None)
mark("load_rules (default)")
from toolstub.engine import synopsize
with open(sys.argv[1], "rb") as handle:
    content = handle.read().decode("utf-8", "surrogateescape")
result = synopsize(content, rules=rules)
mark("synopsize (first)")
from toolstub.stub import render_stub
render_stub(result, ref="", tool_name="", sha256="0" * 64, reason="", original_chars=len(content),
            preview_chars=min(len(content), 2000), rules=rules)
mark("render_stub")
synopsize(content, rules=rules)
mark("synopsize (again)")
print(json.dumps([[name, t - marks[i][1]] for i, (name, t) in enumerate(marks[1:])]))
"""


def _phases(files: dict[str, str], env: dict[str, str], repeat: int) -> None:
    """The best (min of ``repeat``) time of each phase of a synopsis, per file, in ms."""
    import json  # noqa: PLC0415

    best: dict[str, dict[str, float]] = {}
    for _ in range(max(1, repeat)):
        for label, path in files.items():
            out = subprocess.run([sys.executable, "-c", _PHASES, path], env=env, capture_output=True,
                                 text=True, check=True).stdout
            row = best.setdefault(label, {})
            for name, seconds in json.loads(out):
                row[name] = min(row.get(name, float("inf")), seconds)
    names = list(next(iter(best.values())))
    print(f"\nphases in-process, best of {repeat} (ms):")
    print(f"  {'phase':30}" + "".join(f"{label:>10}" for label in best))
    for name in names:
        print(f"  {name:30}" + "".join(f"{best[label][name] * 1000:10.1f}" for label in best))
    print(f"  {'sum (first call)':30}" + "".join(
        f"{sum(v for k, v in best[label].items() if k != 'synopsize (again)') * 1000:10.1f}" for label in best))


def _time(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """(wall seconds, CPU seconds: the child's user + system time)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=10, help="best of N (default 10)")
    parser.add_argument("--no-bytecode", action="store_true", help="keep PYTHONDONTWRITEBYTECODE as it is")
    parser.add_argument("--importtime", action="store_true", help="also print the slowest imports of synopsis")
    parser.add_argument("--before", help="another toolstub CLI to time beside this one (same loop)")
    parser.add_argument("--phases", action="store_true",
                        help="also print each phase of a synopsis (imports, registry, rules, synopsize) per file")
    args = parser.parse_args(argv)
    env = dict(os.environ)
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    cli = os.path.join(os.path.dirname(sys.executable), "toolstub")
    with tempfile.TemporaryDirectory(prefix="toolstub-startup-") as tmp:
        small = os.path.join(tmp, "small.txt")
        with open(small, "w", encoding="utf-8") as handle:
            handle.write("2024-03-01 10:00:00 INFO started\n2024-03-01 10:00:01 ERROR failed: disk full\n")
        small_json = os.path.join(tmp, "small.json")
        with open(small_json, "w", encoding="utf-8") as handle:
            handle.write('{"id": 7, "name": "build", "tags": ["ci", "linux"], "ok": true}\n')
        small_csv = os.path.join(tmp, "small.csv")
        with open(small_csv, "w", encoding="utf-8") as handle:
            handle.write("id,name,score\n1,alpha,3.5\n2,beta,4.0\n3,gamma,2.25\n")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import json, yaml'": [sys.executable, "-c", "import json, yaml"],
            "toolstub --version": [cli, "--version"],
            "toolstub synopsis FILE": [cli, "synopsis", small],
            "toolstub synopsis FILE --format json": [cli, "synopsis", small, "--format", "json"],
            "toolstub synopsis FILE.json": [cli, "synopsis", small_json],
            "toolstub synopsis FILE.csv": [cli, "synopsis", small_csv],
        }
        if args.before:
            commands.update({
                "before: toolstub --version": [args.before, "--version"],
                "before: toolstub synopsis FILE": [args.before, "synopsis", small],
                "before: toolstub synopsis FILE --format json": [args.before, "synopsis", small, "--format", "json"],
                "before: toolstub synopsis FILE.json": [args.before, "synopsis", small_json],
                "before: toolstub synopsis FILE.csv": [args.before, "synopsis", small_csv],
            })
        for command in commands.values():  # warm-up: bytecode caches, rule validation cache
            _time(command, env)
        best = dict.fromkeys(commands, float("inf"))
        cpu = dict.fromkeys(commands, float("inf"))
        for _ in range(max(1, args.repeat)):
            for name, command in commands.items():
                wall, used = _time(command, env)
                best[name] = min(best[name], wall)
                cpu[name] = min(cpu[name], used)
        bare = best["python -c 'import json, yaml'"]
        nothing = best["python -c pass"]
        print(f"{'command':46} {'best s':>8} {'x pass':>7} {'x bare':>7} {'at 0.03 s bare':>15} {'goal':>6}"
              f"  {'cpu s':>7} {'cpu x pass':>10}")
        for name, seconds in best.items():
            goal = GOALS.get(name.removeprefix("before: "))
            scaled = seconds / bare * BARE_QUIET_S
            mark = "" if goal is None else f"{goal:5.2f}s {'ok' if scaled <= goal else 'NO'}"
            print(f"{name:46} {seconds:8.3f} {seconds / nothing:6.2f}x {seconds / bare:6.2f}x {scaled:14.3f}s {mark:8}"
                  f" {cpu[name]:7.3f} {cpu[name] / cpu['python -c pass']:9.2f}x")
        if args.phases:
            _phases({"log": small, "json": small_json, "csv": small_csv}, env, args.repeat)
        if args.importtime:
            out = subprocess.run([sys.executable, "-X", "importtime", cli, "synopsis", small], env=env,
                                 capture_output=True, text=True).stderr.splitlines()
            rows = [line.split("|") for line in out if line.startswith("import time:") and "cumulative" not in line]
            rows.sort(key=lambda r: -int(r[1]))
            print("\nslowest imports (cumulative us):")
            for row in rows[:15]:
                print(f"  {int(row[1]):8d}  {row[2].rstrip()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
