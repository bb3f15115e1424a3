"""Peak RSS of ``query`` (JSONPath) on one large stored JSON output (engine/store/query.py).

Usage::

    python bench/bench_query.py --mb 100 [--path '$[0].id']

Stores a JSON array of small objects of ``--mb`` MB in a temporary local store (in a child
process), then, in a fresh process, runs one query on it and prints the wall time and that
process's peak RSS (``VmHWM``, Linux) before and after. ``query`` reads and parses the stored
output whole (up to ``MAX_QUERY_BYTES``): the peak grows with the output.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MB = 1_000_000


def _hwm() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _store(root: str, size: int) -> None:
    import toolstub

    rows, total, i = [], 2, 0
    while total < size:
        row = json.dumps({"id": i, "name": f"item-{i}", "tags": ["a", "b"], "ok": i % 3 == 0})
        rows.append(row)
        total += len(row) + 2
        i += 1
    result = toolstub.open_store(root).session("s").write("[\n" + ",\n".join(rows) + "\n]\n", tool_id="t",
                                                           mime_type="application/json")
    print(result.tool_result_id)


def _query(root: str, ref: str, path: str) -> None:
    import toolstub

    session = toolstub.open_store(root).session("s")
    idle = _hwm()
    start = time.perf_counter()
    found = session.query(ref, path)
    took = time.perf_counter() - start
    print(f"query {path!r} on {session.metadata(ref)['output_bytes'] / MB:.0f} MB stored JSON: {found['count']} "
          f"matches in {took:.1f} s; peak RSS {idle:.0f} MB before, {_hwm():.0f} MB after")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mb", type=float, default=100)
    parser.add_argument("--path", default="$[0].id")
    parser.add_argument("--child", nargs="+", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        if args.child[0] == "store":
            _store(args.child[1], int(args.child[2]))
        else:
            _query(args.child[1], args.child[2], args.path)
        return 0
    with tempfile.TemporaryDirectory(prefix="toolstub-query-") as tmp:
        ref = subprocess.run([sys.executable, __file__, "--child", "store", tmp, str(int(args.mb * MB))],
                             check=True, capture_output=True, text=True).stdout.strip()
        subprocess.run([sys.executable, __file__, "--path", args.path, "--child", "query", tmp, ref], check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
