"""Start-up time of the CLI beside a bare ``python -c 'import json, yaml'``, in one run.

Usage::

    python bench/bench_startup.py            # best of 10, interleaved
    python bench/bench_startup.py --repeat 20 --importtime
    python bench/bench_startup.py --before /work/venv/bin/toolstub   # another installation beside this one

Runs, interleaved so that a shared machine slows all alike: the bare interpreter importing
json and yaml, ``toolstub --version``, ``toolstub synopsis SMALL_FILE`` and
``toolstub synopsis SMALL_FILE --format json``. Prints the best wall time of each, its
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
GOALS = {"toolstub --version": 0.10, "toolstub synopsis FILE": 0.15}


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
    args = parser.parse_args(argv)
    env = dict(os.environ)
    if not args.no_bytecode:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
    cli = os.path.join(os.path.dirname(sys.executable), "toolstub")
    with tempfile.TemporaryDirectory(prefix="toolstub-startup-") as tmp:
        small = os.path.join(tmp, "small.txt")
        with open(small, "w", encoding="utf-8") as handle:
            handle.write("2024-03-01 10:00:00 INFO started\n2024-03-01 10:00:01 ERROR failed: disk full\n")
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "python -c 'import json, yaml'": [sys.executable, "-c", "import json, yaml"],
            "toolstub --version": [cli, "--version"],
            "toolstub synopsis FILE": [cli, "synopsis", small],
            "toolstub synopsis FILE --format json": [cli, "synopsis", small, "--format", "json"],
        }
        if args.before:
            commands.update({
                "before: toolstub --version": [args.before, "--version"],
                "before: toolstub synopsis FILE": [args.before, "synopsis", small],
                "before: toolstub synopsis FILE --format json": [args.before, "synopsis", small, "--format", "json"],
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
