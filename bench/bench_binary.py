"""Binary-ish output: lone-surrogate scrubbing and the whole synopsis path, in one run.

Usage::

    python bench/bench_binary.py                                   # 0.1, 1, 10 MB
    python bench/bench_binary.py --sizes 0.1,1 --before /work/venv/bin/toolstub

Random bytes (``os.urandom``, seed-free: every byte value, about half of them invalid UTF-8)
decoded as the CLI decodes a file (``surrogateescape``): about one code point in two is a lone
surrogate. For each size it prints, best of ``--repeat``:

* ``scrub re.sub``: the reference definition, one ``re.sub`` of ``[\\ud800-\\udfff]`` (the code
  before this bench existed), and ``scrub now``: ``toolstub.regex.scrub_surrogates``;
* ``redaction findings``: ``Redactor.findings`` of the whole text (what a synopsis runs once);
* ``toolstub synopsis FILE``: the CLI, wall time of the whole process, beside ``python -c pass``
  (the ratio is what to compare between machines; ``cpu x``: the same ratio in CPU time, the
  child's user + system time, less disturbed on a shared machine); with ``--before CLI`` the same through another
  installation's ``toolstub`` (e.g. a checkout without the change), run once per size past 1 MB.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import subprocess
import sys
import tempfile
import time

from toolstub.redact import redactor_for
from toolstub.regex import scrub_surrogates
from toolstub.rule_files import load_rules

_REFERENCE = re.compile("[\ud800-\udfff]")


def best(repeat: int, func) -> float:
    times = []
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        func()
        times.append(time.perf_counter() - start)
    return min(times)


_cpu: dict[str, float] = {}


def run(command: list[str]) -> float:
    """Wall seconds; the child's CPU seconds (user + system) go to ``_cpu`` (the best per command)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    key = " ".join(command)
    _cpu[key] = min(_cpu.get(key, float("inf")), used)
    return wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="0.1,1,10", help="MB, comma-separated (default 0.1,1,10)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--before", help="another toolstub CLI to time beside this one")
    args = parser.parse_args(argv)
    cli = os.path.join(os.path.dirname(sys.executable), "toolstub")
    redactor = redactor_for(load_rules("default"))
    pass_command = [sys.executable, "-c", "pass"]
    bare = best(args.repeat, lambda: run(pass_command))
    bare_cpu = _cpu[" ".join(pass_command)]
    print(f"python -c pass: {bare:.3f} s wall, {bare_cpu:.3f} s CPU (CLI times below also as x these)")
    print(f"{'MB':>5} {'scrub re.sub':>13} {'scrub now':>10} {'ratio':>6} {'findings':>9} "
          f"{'CLI now':>15} {'cpu x':>6}" + (f" {'CLI before':>17} {'cpu x':>7} {'ratio':>6}" if args.before else ""))
    with tempfile.TemporaryDirectory(prefix="toolstub-binary-") as tmp:
        for size in (float(s) for s in args.sizes.split(",")):
            raw = os.urandom(int(size * 1_000_000))
            path = os.path.join(tmp, f"random-{size}MB.bin")
            with open(path, "wb") as handle:
                handle.write(raw)
            text = raw.decode("utf-8", "surrogateescape")
            assert scrub_surrogates(text) == _REFERENCE.sub("\ufffd", text)
            old = best(args.repeat, lambda: _REFERENCE.sub("\ufffd", text))
            new = best(args.repeat, lambda: scrub_surrogates(text))
            redactor.findings(text[:100_000])  # compile the prefilter outside the timing
            findings = best(args.repeat, lambda: redactor.findings(text))
            now = best(args.repeat, lambda: run([cli, "synopsis", path]))
            now_cpu = _cpu[f"{cli} synopsis {path}"]
            row = (f"{size:5g} {old:12.3f}s {new:9.3f}s {old / new:5.1f}x {findings:8.3f}s "
                   f"{now:6.2f}s {now / bare:5.1f}x {now_cpu / bare_cpu:5.1f}x")
            if args.before:
                before = best(args.repeat if size <= 1 else 1, lambda: run([args.before, "synopsis", path]))
                before_cpu = _cpu[f"{args.before} synopsis {path}"]
                row += f" {before:7.2f}s {before / bare:6.1f}x {before_cpu / bare_cpu:6.1f}x {before / now:5.1f}x"
            print(row, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
