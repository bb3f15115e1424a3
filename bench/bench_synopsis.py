"""Synopsis speed per kind, beside the plain stdlib parse of the same bytes.

Usage::

    python bench/bench_synopsis.py                 # 1 and 10 MB, both bundled rulesets
    python bench/bench_synopsis.py --sizes 1       # only 1 MB
    python bench/bench_synopsis.py --big           # adds 100 MB
    python bench/bench_synopsis.py --kinds csv,code --repeat 5 --json

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
import random
import sys
import time
import tracemalloc
import xml.etree.ElementTree as ET
from collections.abc import Callable

import yaml

import toolstub

MB = 1_000_000
RULESETS = ("default", "openviking-compat")


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
}


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
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
    for kind in kinds:
        generate, parse_name, parse = KINDS[kind]
        for size in sizes:
            content = generate(int(size * MB))
            megabytes = len(content.encode("utf-8")) / MB
            row = {"kind": kind, "size_mb": round(megabytes, 2), "parse": parse_name}
            row["parse_s"] = best_of(repeat, lambda: parse(content))
            for rules in RULESETS:
                toolstub.synopsize(content[:1000], rules=rules)  # load the rules outside the timing
                row[f"{rules}_s"] = best_of(repeat, lambda: toolstub.synopsize(content, rules=rules))
                row[f"{rules}_kind"] = toolstub.synopsize(content, rules=rules).kind
                if memory:
                    row[f"{rules}_peak_mb"] = peak_memory(lambda: toolstub.synopsize(content, rules=rules)) / MB
            rows.append(row)
    return rows


def growth(rows: list[dict]) -> dict[tuple[str, str], float]:
    out = {}
    for kind in {row["kind"] for row in rows}:
        mine = sorted((r for r in rows if r["kind"] == kind), key=lambda r: r["size_mb"])
        if len(mine) >= 2:
            for rules in RULESETS:
                first, last = mine[0][f"{rules}_s"], mine[-1][f"{rules}_s"]
                out[(kind, rules)] = last / first if first else float("inf")
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
    grown = growth(rows)
    if grown:
        print("\ngrowth of the time from the smallest to the largest size:")
        for (kind, rules), ratio in sorted(grown.items()):
            print(f"  {kind:6} {rules:18} x{ratio:.1f}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sizes", default="1,10", help="input sizes in MB, comma-separated (default 1,10)")
    parser.add_argument("--big", action="store_true", help="add a 100 MB size")
    parser.add_argument("--kinds", default=",".join(KINDS), help=f"kinds to run (default all: {','.join(KINDS)})")
    parser.add_argument("--repeat", type=int, default=3, help="best of N runs (default 3)")
    parser.add_argument("--no-memory", action="store_true", help="skip the tracemalloc peak-memory run")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
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
    rows = run(kinds, sorted(sizes), max(1, args.repeat), not args.no_memory)
    if args.json:
        grown = {f"{kind}/{rules}": ratio for (kind, rules), ratio in growth(rows).items()}
        json.dump({"results": rows, "growth": grown}, sys.stdout, indent=2)
        print()
    else:
        print_table(rows, not args.no_memory)
    return 0


if __name__ == "__main__":
    sys.exit(main())
