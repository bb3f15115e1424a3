"""Synopsis speed per kind, beside the plain stdlib parse of the same bytes and the seed system.

Usage::

    python bench/bench_synopsis.py                 # 1 and 10 MB, both bundled rulesets
    python bench/bench_synopsis.py --sizes 1       # only 1 MB
    python bench/bench_synopsis.py --big           # adds 100 MB
    python bench/bench_synopsis.py --kinds csv,code --repeat 5 --json
    python bench/bench_synopsis.py --cli           # also the CLI: time and peak RSS of the whole process
    python bench/bench_synopsis.py --seed-cli DIR  # and DIR/bin/toolstub beside it, as ratios
    python bench/bench_synopsis.py --cpu           # in-process times as CPU time (a loaded machine)

``--seed-cli DIR`` runs ``DIR/bin/toolstub synopsis FILE --format json`` (any command
speaking that interface: the seed system's, or another toolstub) and ``toolstub``
(this venv's) on the same files in one run, interleaved, start-up subtracted (the time
of a 10-byte file), and prints ``seed s / toolstub s`` per kind and size.

Without a seed CLI at hand, the ratio column compares with the seed system's times
measured on this machine kind (``SEED_10MB``, from the issue and the reference),
scaled by this run's ``json.loads`` of the 10 MB JSON against the one measured beside
them (the seed's JSON synopsis was 1.1x a bare ``json.loads``): a shared, noisy machine
slows both alike, so the ratio stays comparable. ``goal`` is the issue's.

For each kind it generates a deterministic input of about N MB, times
``toolstub.synopsize`` in-process for each ruleset (best of ``--repeat``), the
plain parse (``json.loads``, ``csv.reader``, YAML ``CSafeLoader``,
``ElementTree.fromstring``, ``str.splitlines`` for code and text), the peak
Python memory of one synopsis (``tracemalloc``; C/C++ allocations such as RE2's
are not counted) and the growth of the time from the smallest to the largest size
(10x the input: about 10 means linear).
"""

from __future__ import annotations

import argparse
import csv
import gc
import io
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import tracemalloc
import xml.etree.ElementTree as ET
from collections.abc import Callable

import yaml

import toolstub

_LAUNCH = (
    "import os, sys\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    os.execv(sys.argv[1], sys.argv[1:])\n"
    "_, status, usage = os.wait4(pid, 0)\n"
    "sys.stderr.write('\\ntoolstub-bench-rss-kb=%d\\n' % usage.ru_maxrss)\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n"
)

MB = 1_000_000
RULESETS = ("default", "openviking-compat")

#: the seed system's synopsis seconds at 10 MB: (issue 11's table, in-process;
#: /work/shared/reference/seed-system.md, whole process minus start-up), and the issue's goal
SEED_10MB: dict[str, tuple[float, float, float]] = {
    "json": (0.25, 0.18, 4.0),
    "csv": (0.42, 0.40, 4.0),
    "xml": (0.44, 0.37, 2.0),
    "code": (0.99, 0.80, 5.0),
    "text": (1.03, 0.81, 5.0),
    "yaml": (69.3, 41.9, 100.0),
}
#: ``json.loads`` of the 10 MB JSON when the seed was measured (its JSON synopsis 0.18 s = 1.1x it)
SEED_JSON_LOADS_10MB = 0.18 / 1.1


def _fill(size: int, make_line: Callable[[random.Random, int], str], head: str = "", tail: str = "") -> str:
    rng = random.Random(7)
    parts = [head]
    total = len(head)
    i = 0
    while total < size:
        line = make_line(rng, i)
        parts.append(line)
        total += len(line)
        i += 1
    parts.append(tail)
    return "".join(parts)


def gen_json(size: int) -> str:
    def item(rng, i):
        sep = "," if i else ""
        return sep + json.dumps({"id": i, "name": f"user{i}", "score": rng.random(), "tags": ["a", "b"], "ok": i % 2 == 0})

    return _fill(size, item, "[", "]")


def gen_csv(size: int, delimiter: str = ",") -> str:
    header = delimiter.join(["id", "name", "email", "country", "amount", "created_at", "status", "note"]) + "\n"

    def row(rng, i):
        cells = [str(i), f"user {i}", f"u{i}@example.com", rng.choice(["GB", "US", "NL"]), f"{rng.random() * 500:.2f}",
                 "2024-03-01T09:12:44Z", rng.choice(["paid", "refunded"]), "ok"]
        return delimiter.join(cells) + "\n"

    return _fill(size, row, header)


def gen_tsv(size: int) -> str:
    return gen_csv(size, "\t")


def gen_xml(size: int) -> str:
    def item(rng, i):
        return f'<item id="{i}"><name>user{i}</name><score>{rng.random():.4f}</score></item>\n'

    return _fill(size, item, "<items>\n", "</items>\n")


def gen_code(size: int) -> str:
    def func(rng, i):
        return (f"def function_{i}(value, scale={i % 7}):\n"
                f'    """Scale value number {i}."""\n'
                f"    result = value * scale + {rng.randint(0, 99)}\n"
                f"    if result > {rng.randint(100, 999)}:\n"
                f"        return result - 1\n"
                f"    return result\n\n\n")

    return _fill(size, func, "import os\nimport sys\nfrom pathlib import Path\n\n\n")


def gen_text(size: int) -> str:
    def line(rng, i):
        level = rng.choice(["INFO", "INFO", "INFO", "DEBUG", "WARNING", "ERROR"])
        return (f"2024-03-01 09:{i // 60 % 60:02d}:{i % 60:02d} {level} [worker-{rng.randint(1, 8)}] "
                f"request id={rng.randint(1, 10**6)} path=/api/v1/items/{rng.randint(1, 999)} took {rng.random():.3f}s\n")

    return _fill(size, line)


def gen_yaml(size: int) -> str:
    def entry(rng, i):
        return f"service_{i}:\n  image: registry.example.com/app:{i}\n  replicas: {rng.randint(1, 9)}\n  port: {8000 + i % 1000}\n"

    return _fill(size, entry)


def gen_log(size: int) -> str:
    def line(rng, i):
        level = rng.choice(["INFO", "INFO", "DEBUG", "WARN", "ERROR"])
        out = f"[2024-03-01T10:{i // 60 % 60:02d}:{i % 60:02d}.{i % 1000:03d}Z] {level} svc.worker{rng.randint(1, 4)}: job {i} done in {rng.randint(1, 900)} ms\n"
        if level == "ERROR" and rng.random() < 0.3:
            out += ("Traceback (most recent call last):\n  File \"/app/run.py\", line 12, in main\n    run()\n"
                    f"ValueError: bad input {i}\n")
        return out

    return _fill(size, line)


def gen_ndjson(size: int) -> str:
    def line(rng, i):
        return json.dumps({"ts": 1700000000 + i, "level": rng.choice(["info", "warn", "error"]), "msg": f"event {i}",
                           "user": {"id": rng.randint(1, 999)}, "tags": ["x"] if i % 3 else []}) + "\n"

    return _fill(size, line)


def gen_markdown(size: int) -> str:
    def section(rng, i):
        return (f"## Section {i}\n\nSome *emphasis* and `code` in paragraph {i}, with a [link](https://example.com/{i}).\n\n"
                f"- item one of {i}\n- item two\n\n```python\nprint({i})\n```\n\n")

    return _fill(size, section, "# Title\n\n")


def gen_diff(size: int) -> str:
    def hunk(rng, i):
        return (f"diff --git a/src/mod{i}.py b/src/mod{i}.py\nindex 1234567..89abcde 100644\n--- a/src/mod{i}.py\n"
                f"+++ b/src/mod{i}.py\n@@ -{i},4 +{i},4 @@ def f{i}():\n     a = {i}\n-    b = a + 1\n+    b = a + {rng.randint(2, 9)}\n"
                "     return b\n \n")

    return _fill(size, hunk)


def gen_html(size: int) -> str:
    def row(rng, i):
        return f'<tr><td class="id">{i}</td><td><a href="/items/{i}">item {i}</a></td><td>{rng.random():.3f}</td></tr>\n'

    return _fill(size, row, "<!DOCTYPE html>\n<html><head><title>Items</title></head><body>\n<h1>Items</h1>\n<table>\n",
                 "</table>\n</body></html>\n")


def gen_prose(size: int) -> str:
    words = "the quick brown fox jumps over a lazy dog while rain falls on distant hills and rivers".split()

    def paragraph(rng, i):
        return " ".join(rng.choice(words) for _ in range(rng.randint(40, 90))).capitalize() + ".\n\n"

    return _fill(size, paragraph)


def gen_blank(size: int) -> str:
    def block(rng, i):
        return f"section {i}\n" + "\n" * 40 + "  \n" * 5

    return _fill(size, block)


def _csv_parse(text: str) -> object:
    return sum(1 for _ in csv.reader(io.StringIO(text)))


def _tsv_parse(text: str) -> object:
    return sum(1 for _ in csv.reader(io.StringIO(text), delimiter="\t"))


KINDS: dict[str, tuple[Callable[[int], str], str, Callable[[str], object]]] = {
    "json": (gen_json, "json.loads", json.loads),
    "csv": (gen_csv, "csv.reader", _csv_parse),
    "tsv": (gen_tsv, "csv.reader", _tsv_parse),
    "xml": (gen_xml, "ET.fromstring", ET.fromstring),
    "code": (gen_code, "splitlines", str.splitlines),
    "text": (gen_text, "splitlines", str.splitlines),
    "yaml": (gen_yaml, "CSafeLoader", lambda t: yaml.load(t, Loader=yaml.CSafeLoader)),
    "blank": (gen_blank, "splitlines", str.splitlines),
    "log": (gen_log, "splitlines", str.splitlines),
    "ndjson": (gen_ndjson, "json.loads/line", lambda t: [json.loads(line) for line in t.splitlines()]),
    "markdown": (gen_markdown, "splitlines", str.splitlines),
    "diff": (gen_diff, "splitlines", str.splitlines),
    "html": (gen_html, "splitlines", str.splitlines),
    "prose": (gen_prose, "splitlines", str.splitlines),
}


#: the in-process clock: wall time, or this process's CPU time with ``--cpu`` (on a shared machine
#: the other processes' load inflates wall time by several times; CPU time hardly moves)
CLOCK: Callable[[], float] = time.perf_counter


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = CLOCK()
        fn()
        best = min(best, CLOCK() - start)
    return best


def peak_memory(fn: Callable[[], object]) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def run(kinds: list[str], sizes: list[float], repeat: int, memory: bool) -> list[dict]:
    rows = []
    calibration = gen_json(10 * MB)
    for kind in kinds:
        generate, parse_name, parse = KINDS[kind]
        for size in sizes:
            content = generate(int(size * MB))
            megabytes = len(content.encode("utf-8")) / MB
            row = {"kind": kind, "size_mb": round(megabytes, 2), "parse": parse_name}
            row["parse_s"] = best_of(1, lambda: parse(content))
            if row["parse_s"] < 2:  # a slow plain parse (YAML's) is timed once
                row["parse_s"] = min(row["parse_s"], best_of(repeat - 1, lambda: parse(content)))
            for rules in RULESETS:
                toolstub.synopsize(content[:1000], rules=rules)  # load the rules outside the timing
                row[f"{rules}_s"] = best_of(repeat, lambda: toolstub.synopsize(content, rules=rules))
                row[f"{rules}_kind"] = toolstub.synopsize(content, rules=rules).kind
                if memory:
                    row[f"{rules}_peak_mb"] = peak_memory(lambda: toolstub.synopsize(content, rules=rules)) / MB
            if kind in SEED_10MB and abs(size - 10) < 1e-9:
                # this run's json.loads of 10 MB, timed right after: the machine's speed now
                row["json_loads_10mb_s"] = best_of(repeat, lambda: json.loads(calibration))
                scale = row["json_loads_10mb_s"] / SEED_JSON_LOADS_10MB
                issue_s, reference_s, goal = SEED_10MB[kind]
                ours = row["default_s"]
                row["seed_ratio_issue"] = issue_s * scale / ours
                row["seed_ratio_reference"] = reference_s * scale / ours
                row["goal"] = goal
            rows.append(row)
    return rows


def _toolstub_cli() -> str:
    here = os.path.join(os.path.dirname(sys.executable), "toolstub")
    return here if os.path.exists(here) else "toolstub"


def run_cli(command: list[str]) -> tuple[float, float]:
    """(seconds, peak RSS in MB) of one whole process running ``command`` (output discarded).

    Through a small launcher (``_LAUNCH``): Linux carries a process's peak RSS
    across fork and exec, so a direct child of this bench would report the bench's own peak.
    """
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-S", "-c", _LAUNCH, *command], stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE)
    seconds = time.perf_counter() - start
    err = proc.stderr or b""
    if proc.returncode:
        raise SystemExit(f"bench: {' '.join(command)} exited {proc.returncode}: {err.decode('utf-8', 'replace')[:300]}")
    marker = err.rfind(b"toolstub-bench-rss-kb=")
    rss = int(err[marker:].split(b"=", 1)[1].split()[0]) / 1024 if marker >= 0 else float("nan")
    return seconds, rss


def best_cli(repeat: int, command: list[str]) -> tuple[float, float]:
    runs = [run_cli(command) for _ in range(repeat)]
    return min(r[0] for r in runs), max(r[1] for r in runs)


def run_clis(kinds: list[str], sizes: list[float], repeat: int, seed_cli: str | None) -> list[dict]:
    """Each kind and size through the CLIs, on files.

    Each repeat runs, for every CLI in turn, a 10-byte file (the start-up) and the input, so that
    a shared machine slows both alike; the best of each is kept and the start-up subtracted.
    """
    clis = {"toolstub": _toolstub_cli()}
    if seed_cli:
        clis["seed"] = os.path.join(seed_cli, "bin", "toolstub")
    rows = []
    with tempfile.TemporaryDirectory(prefix="toolstub-bench-") as tmp:
        tiny = os.path.join(tmp, "tiny.txt")
        with open(tiny, "w", encoding="utf-8") as handle:
            handle.write("hello\nworld\n")
        for kind in kinds:
            for size in sizes:
                path = os.path.join(tmp, f"{kind}-{size:g}mb.txt")
                with open(path, "w", encoding="utf-8") as handle:
                    handle.write(KINDS[kind][0](int(size * MB)))
                row = {"kind": kind, "size_mb": round(os.path.getsize(path) / MB, 2)}
                best = {(name, which): (float("inf"), 0.0) for name in clis for which in ("tiny", "input")}
                for _ in range(repeat):
                    for name, cli in clis.items():
                        for which, source in (("tiny", tiny), ("input", path)):
                            seconds, rss = run_cli([cli, "synopsis", source, "--format", "json"])
                            old = best[(name, which)]
                            best[(name, which)] = (min(old[0], seconds), max(old[1], rss))
                for name in clis:
                    start_up, whole = best[(name, "tiny")][0], best[(name, "input")][0]
                    row[f"{name}_start_up_s"] = start_up
                    row[f"{name}_whole_s"] = whole
                    row[f"{name}_s"] = max(whole - start_up, 0.005)  # floor: below that it is noise
                    row[f"{name}_rss_mb"] = best[(name, "input")][1]
                if seed_cli:
                    row["ratio"] = row["seed_s"] / row["toolstub_s"]
                    row["whole_ratio"] = row["seed_whole_s"] / row["toolstub_whole_s"]
                os.unlink(path)
                rows.append(row)
    return rows


def print_cli_table(rows: list[dict], seed: bool) -> None:
    print("\nthrough the CLI (whole process, best of the repeats; 'work s' = the run minus the start-up of a 10-byte file):")
    head = f"{'kind':6} {'MB':>7} {'whole s':>8} {'work s':>8} {'peak RSS MB':>11}"
    if seed:
        head += f" {'seed whole s':>12} {'seed work s':>11} {'seed RSS MB':>11} {'ratio':>7} {'whole':>6} {'goal':>5}"
    print(head)
    print("-" * len(head))
    for row in rows:
        line = (f"{row['kind']:6} {row['size_mb']:7.2f} {row['toolstub_whole_s']:8.3f} {row['toolstub_s']:8.3f}"
                f" {row['toolstub_rss_mb']:11.1f}")
        if seed:
            goal = SEED_10MB.get(row["kind"], (0, 0, 0))[2]
            line += (f" {row['seed_whole_s']:12.3f} {row['seed_s']:11.3f} {row['seed_rss_mb']:11.1f}"
                     f" {row['ratio']:6.1f}x {row['whole_ratio']:5.1f}x {goal:4.0f}x")
        print(line)
    steps = growth_steps(rows, "toolstub_whole_s", ("cli",))
    if any(steps.values()):
        print("\nCLI growth of the whole-process time per step of size (goal <= 13x):")
        for (kind, _), each in sorted(steps.items()):
            if each:
                print(f"  {kind:8} steps {' -> '.join(f'x{r:.1f}' for r in each):20} {'ok' if max(each) <= 13 else 'NO'}")


def growth(rows: list[dict]) -> dict[tuple[str, str], float]:
    out = {}
    for kind in {row["kind"] for row in rows}:
        mine = sorted((r for r in rows if r["kind"] == kind), key=lambda r: r["size_mb"])
        if len(mine) >= 2:
            for rules in RULESETS:
                first, last = mine[0][f"{rules}_s"], mine[-1][f"{rules}_s"]
                out[(kind, rules)] = last / first if first else float("inf")
    return out


def growth_steps(rows: list[dict], key: str = "{rules}_s", rulesets: tuple[str, ...] = RULESETS) -> dict[tuple[str, str], list[float]]:
    """Per kind and ruleset: the time ratio of each size to the one before (1 -> 10 -> 100 MB: two steps)."""
    out = {}
    for kind in {row["kind"] for row in rows}:
        mine = sorted((r for r in rows if r["kind"] == kind), key=lambda r: r["size_mb"])
        for rules in rulesets:
            times = [r[key.format(rules=rules)] for r in mine]
            out[(kind, rules)] = [b / a if a else float("inf") for a, b in zip(times, times[1:])]
    return out


def print_table(rows: list[dict], memory: bool) -> None:
    head = f"{'kind':6} {'MB':>6} {'rules':18} {'kind got':9} {'time s':>8} {'MB/s':>8} {'parse':13} {'parse s':>8} {'MB/s':>8}"
    if memory:
        head += f" {'peak MB':>8}"
    print(head)
    print("-" * len(head))
    for row in rows:
        for rules in RULESETS:
            seconds = row[f"{rules}_s"]
            line = (f"{row['kind']:6} {row['size_mb']:6.2f} {rules:18} {row[f'{rules}_kind']:9} {seconds:8.4f} "
                    f"{row['size_mb'] / seconds:8.1f} {row['parse']:13} {row['parse_s']:8.4f} {row['size_mb'] / row['parse_s']:8.1f}")
            if memory:
                line += f" {row[f'{rules}_peak_mb']:8.1f}"
            print(line)
    seeded = [row for row in rows if "seed_ratio_issue" in row]
    if seeded:
        print("\nbeside the seed system at 10 MB (its measured times scaled by this run's json.loads of 10 MB;"
              " ratio = seed s / default s):")
        print(f"  {'kind':6} {'default s':>9} {'vs issue table':>14} {'vs reference':>12} {'goal':>6}  ok")
        for row in seeded:
            low = min(row["seed_ratio_issue"], row["seed_ratio_reference"])
            print(f"  {row['kind']:6} {row['default_s']:9.4f} {row['seed_ratio_issue']:13.1f}x"
                  f" {row['seed_ratio_reference']:11.1f}x {row['goal']:5.0f}x  {'yes' if low >= row['goal'] else 'NO'}")
    grown = growth(rows)
    steps = growth_steps(rows)
    if grown:
        print("\ngrowth of the time per step of size (goal <= 13x per 10x of input) and from the smallest to the largest:")
        for (kind, rules), ratio in sorted(grown.items()):
            each = " -> ".join(f"x{r:.1f}" for r in steps[(kind, rules)])
            worst = max(steps[(kind, rules)], default=0)
            print(f"  {kind:8} {rules:18} steps {each:20} overall x{ratio:.1f}  {'ok' if worst <= 13 else 'NO'}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,10", help="input sizes in MB, comma-separated (default 1,10)")
    parser.add_argument("--big", action="store_true", help="add a 100 MB size")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"kinds to run (default all: {','.join(KINDS)})")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc peak-memory run")
    parser.add_argument("--cpu", action="store_true",
                        help="time the in-process runs by this process's CPU time (robust to a loaded machine)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--cli", action="store_true", help="also time the CLI on files: whole process, peak RSS")
    parser.add_argument("--seed-cli", metavar="DIR", default=None,
                        help="also run DIR/bin/toolstub synopsis FILE --format json beside ours; print ratios")
    parser.add_argument("--no-inprocess", action="store_true", help="skip the in-process timings")
    args = parser.parse_args(argv)
    if args.cpu:
        global CLOCK
        CLOCK = time.process_time
    try:
        sizes = [float(s) for s in args.sizes.split(",") if s.strip()]
    except ValueError:
        parser.error(f"--sizes: not a list of numbers: {args.sizes!r}")
    if args.big:
        sizes.append(100.0)
    kinds = [k.strip() for k in args.kinds.split(",") if k.strip()]
    unknown = [k for k in kinds if k not in KINDS]
    if unknown:
        parser.error(f"--kinds: unknown kind(s) {', '.join(unknown)} (known: {', '.join(KINDS)})")
    if args.seed_cli is not None and not os.access(os.path.join(args.seed_cli, "bin", "toolstub"), os.X_OK):
        parser.error(f"--seed-cli: {os.path.join(args.seed_cli, 'bin', 'toolstub')} is not an executable")
    repeat = max(1, args.repeat)
    rows = [] if args.no_inprocess else run(kinds, sorted(sizes), repeat, not args.no_memory)
    cli_rows = run_clis(kinds, sorted(sizes), repeat, args.seed_cli) if args.cli or args.seed_cli else []
    if args.json:
        grown = {f"{kind}/{rules}": ratio for (kind, rules), ratio in growth(rows).items()}
        json.dump({"results": rows, "growth": grown, "cli": cli_rows}, sys.stdout, indent=2)
        print()
    else:
        if rows:
            print_table(rows, not args.no_memory)
        if cli_rows:
            print_cli_table(cli_rows, bool(args.seed_cli))
    return 0


if __name__ == "__main__":
    sys.exit(main())
