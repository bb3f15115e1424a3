"""Large outputs end to end: synopsis, store put, reads at 0/50/99 % and search, with peak RSS.

Usage::

    python bench/bench_large.py                       # 100 MB log and NDJSON, local store
    python bench/bench_large.py --mb 1000 --s3        # the 1 GB proof: local store and SeaweedFS
    python bench/bench_large.py --mb 100,1000 --kinds log --json

Every step is one whole ``toolstub`` process (what a user runs); its wall time and its
peak RSS (``ru_maxrss`` from ``os.wait4``, through a small launcher: see ``_LAUNCH``) are printed. The inputs are
written to a temporary folder and deleted at the end, as is the store (``--s3`` starts a
SeaweedFS with ``scripts/seaweedfs.py`` and stops it). ``TOOLSTUB_MAX_INPUT_BYTES`` is
raised to fit the input. Goals (issue 11): peak RSS <= 100 MB at any size for the
streaming kinds (text log csv tsv ndjson code diff markdown), <= 2 x N + 60 MB for json/xml/yaml;
reads O(limit) whatever the offset. ``--kinds all --put-only --mb 100`` checks every kind.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

MB = 1_000_000
ROOT = Path(__file__).resolve().parents[1]


def write_log(path: Path, size: int) -> None:
    rng = random.Random(7)
    levels = ["INFO", "INFO", "INFO", "DEBUG", "WARNING", "ERROR"]
    with open(path, "w", encoding="utf-8") as handle:
        written, i, block = 0, 0, []
        while written < size:
            line = (f"2024-03-01 {i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d} {rng.choice(levels)} "
                    f"[worker-{rng.randint(1, 8)}] request id={rng.randint(1, 10**6)} path=/api/v1/items/"
                    f"{rng.randint(1, 999)} took {rng.random():.3f}s\n")
            block.append(line)
            written += len(line)
            i += 1
            if len(block) >= 10_000:
                handle.write("".join(block))
                block.clear()
        handle.write("".join(block))


def write_ndjson(path: Path, size: int) -> None:
    rng = random.Random(7)
    with open(path, "w", encoding="utf-8") as handle:
        written, i, block = 0, 0, []
        while written < size:
            line = json.dumps({"id": i, "user": f"user{i}", "score": round(rng.random(), 4),
                               "tags": ["a", "b"], "ok": i % 2 == 0}) + "\n"
            block.append(line)
            written += len(line)
            i += 1
            if len(block) >= 10_000:
                handle.write("".join(block))
                block.clear()
        handle.write("".join(block))


def _write_lines(path: Path, size: int, line_of, head: str = "", foot: str = "") -> None:
    """``head``, then ``line_of(i, rng)`` for i = 0, 1, ... until ``size`` characters, then ``foot``."""
    rng = random.Random(7)
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(head)
        written, i, block = len(head) + len(foot), 0, []
        while written < size:
            line = line_of(i, rng)
            block.append(line)
            written += len(line)
            i += 1
            if len(block) >= 10_000:
                handle.write("".join(block))
                block.clear()
        handle.write("".join(block))
        handle.write(foot)


def write_csv(path: Path, size: int, sep: str = ",") -> None:
    _write_lines(path, size, lambda i, rng: sep.join([str(i), f"user{i}", f"{rng.random():.4f}", "active" if i % 3 else "idle",
                                                      "2024-03-01"]) + "\n", sep.join(["id", "name", "score", "state", "date"]) + "\n")


def write_code(path: Path, size: int) -> None:
    _write_lines(path, size, lambda i, rng: f"def handler_{i}(request, retries={i % 5}):\n    \"\"\"Handle request {i}.\"\"\"\n"
                 f"    if request.user is None:\n        raise ValueError('no user {i}')\n    return request.reply({i})\n\n\n",
                 "import os\nimport sys\n\n\n")


def write_diff(path: Path, size: int) -> None:
    _write_lines(path, size, lambda i, rng: f"diff --git a/src/mod{i}.py b/src/mod{i}.py\n--- a/src/mod{i}.py\n"
                 f"+++ b/src/mod{i}.py\n@@ -10,4 +10,5 @@ def f{i}():\n     x = {i}\n-    y = x + 1\n+    y = x + 2\n"
                 f"+    z = y * {i}\n     return y\n     # end\n")


def write_markdown(path: Path, size: int) -> None:
    _write_lines(path, size, lambda i, rng: f"## Section {i}\n\nSome text about item {i}, see [the docs](https://example.com/{i}).\n\n"
                 f"- point a\n- point b\n\n```python\nx = {i}\n```\n\n", "# Big document\n\n")


def write_text(path: Path, size: int) -> None:
    words = "the quick brown fox jumps over a lazy dog while seven old men watch from far away".split()
    _write_lines(path, size, lambda i, rng: " ".join(rng.choice(words) for _ in range(12)) + ".\n")


def write_json(path: Path, size: int) -> None:
    _write_lines(path, size, lambda i, rng: ("," if i else "") + json.dumps({"id": i, "name": f"item{i}", "price": round(rng.random() * 100, 2),
                                                                         "tags": ["x", "y"], "active": i % 2 == 0}) + "\n", "[\n", "]\n")


def write_xml(path: Path, size: int) -> None:
    _write_lines(path, size, lambda i, rng: f'  <item id="{i}"><name>item{i}</name><price>{rng.random() * 100:.2f}</price></item>\n',
                 '<?xml version="1.0"?>\n<catalog>\n', "</catalog>\n")


def write_yaml(path: Path, size: int) -> None:
    _write_lines(path, size, lambda i, rng: f"- id: {i}\n  name: item{i}\n  price: {rng.random() * 100:.2f}\n  active: {str(i % 2 == 0).lower()}\n",
                 "items:\n")


WRITERS = {
    "log": (write_log, "ERROR"), "ndjson": (write_ndjson, '"user": "user4242"'), "csv": (write_csv, "user4242,"),
    "tsv": (lambda path, size: write_csv(path, size, "\t"), "user4242"), "code": (write_code, "handler_4242("),
    "diff": (write_diff, "mod4242.py"), "markdown": (write_markdown, "Section 4242"), "text": (write_text, "lazy dog"),
    "json": (write_json, '"item4242"'), "xml": (write_xml, "item4242"), "yaml": (write_yaml, "item4242"),
}


def _fail(command: list[str], code: int, err: bytes) -> str:
    raise SystemExit(f"bench: {' '.join(command[:4])} ... exited {code}: {err.decode('utf-8', 'replace').strip()[-400:]}")


# A small interpreter forks and execs each measured command and reports its peak RSS: Linux
# carries a process's peak RSS across fork and exec, so a child of this (larger) bench process
# would report at least the bench's own peak; the small launcher's children do not.
_LAUNCH = (
    "import os, sys\n"
    "pid = os.fork()\n"
    "if pid == 0:\n"
    "    os.execv(sys.argv[1], sys.argv[1:])\n"
    "_, status, usage = os.wait4(pid, 0)\n"
    "sys.stderr.write('\\ntoolstub-bench-rss-kb=%d\\n' % usage.ru_maxrss)\n"
    "sys.exit(os.waitstatus_to_exitcode(status))\n"
)


def run_rss(command: list[str], env: dict[str, str]) -> tuple[float, float, str]:
    """(seconds, peak RSS MB, stdout) of one whole process running ``command``."""
    start = time.perf_counter()
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.run([sys.executable, "-S", "-c", _LAUNCH, *command], stdout=out, stderr=err, env=env)
        seconds = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        errors = err.read()
        if proc.returncode:
            _fail(command, proc.returncode, errors)
        marker = errors.rfind(b"toolstub-bench-rss-kb=")
        rss = int(errors[marker:].split(b"=", 1)[1].split()[0]) / 1024 if marker >= 0 else float("nan")
        return seconds, rss, out.read().decode("utf-8", "replace")


def _seaweed():
    spec = importlib.util.spec_from_file_location("toolstub_seaweedfs", ROOT / "scripts" / "seaweedfs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bench_store(label: str, url: str, path: Path, needle: str, env: dict[str, str], cli: str,
                put_only: bool = False) -> list[dict]:
    rows = []
    seconds, rss, out = run_rss([cli, "store", "--store", url, "put", str(path), "--session", "bench", "--json",
                                 "--no-progress"], env)
    stored = json.loads(out)
    ref, chars = stored["ref"], stored["metadata"]["original_chars"]
    rows.append({"step": f"{label} store put", "s": seconds, "rss_mb": rss})
    if put_only:
        return rows
    for share in (0, 50, 99):
        offset = chars * share // 100
        seconds, rss, out = run_rss([cli, "store", "--store", url, "read", ref, "--offset", str(offset),
                                     "--limit", "2000", "--json"], env)
        got = len(json.loads(out).get("content", ""))
        rows.append({"step": f"{label} read at {share}% ({got} chars)", "s": seconds, "rss_mb": rss})
    seconds, rss, out = run_rss([cli, "store", "--store", url, "search", ref, needle, "--limit", "5", "--json"], env)
    found = json.loads(out)
    count = len(found.get("matches", found.get("results", [])))
    rows.append({"step": f"{label} search {needle!r} ({count} matches, first page)", "s": seconds, "rss_mb": rss})
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", default="100", help="input sizes in MB, comma-separated (default 100)")
    parser.add_argument("--kinds", default="log,ndjson", help=f"comma-separated, of: {','.join(WRITERS)} (or all)")
    parser.add_argument("--put-only", action="store_true", help="synopsis and store put only (no reads, no search)")
    parser.add_argument("--s3", action="store_true", help="also a SeaweedFS S3 store (scripts/seaweedfs.py)")
    parser.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = parser.parse_args(argv)
    sizes = [int(float(s) * MB) for s in args.mb.split(",") if s.strip()]
    kinds = list(WRITERS) if args.kinds == "all" else [k.strip() for k in args.kinds.split(",") if k.strip()]
    for kind in kinds:
        if kind not in WRITERS:
            parser.error(f"--kinds: unknown kind {kind!r} (known: {', '.join(WRITERS)})")
    cli = os.path.join(os.path.dirname(sys.executable), "toolstub")
    rows: list[dict] = []
    with tempfile.TemporaryDirectory(prefix="toolstub-large-") as tmp_name:
        tmp = Path(tmp_name)
        env = dict(os.environ)
        env["TOOLSTUB_MAX_INPUT_BYTES"] = str(max(sizes) * 2)
        stores = [("local", str(tmp / "store"))]
        weed_dir = tmp / "weed"
        if args.s3:
            s3 = _seaweed().start(str(weed_dir))
            env.update({"TOOLSTUB_S3_ENDPOINT": s3["TOOLSTUB_TEST_S3_ENDPOINT"], "TOOLSTUB_S3_KEY": s3["TOOLSTUB_TEST_S3_KEY"],
                        "TOOLSTUB_S3_SECRET": s3["TOOLSTUB_TEST_S3_SECRET"]})
            stores.append(("s3", f"s3://{s3['TOOLSTUB_TEST_S3_BUCKET']}/bench-{os.getpid()}"))
        try:
            for size in sizes:
                for kind in kinds:
                    writer, needle = WRITERS[kind]
                    path = tmp / f"{kind}-{size // MB}mb.txt"
                    writer(path, size)
                    label = f"{kind} {path.stat().st_size / MB:.0f} MB"
                    seconds, rss, out = run_rss([cli, "synopsis", str(path), "--format", "json"], env)
                    kind_got = json.loads(out)["synopsis"]["kind"]
                    rows.append({"step": f"{label} synopsis (kind {kind_got})", "s": seconds, "rss_mb": rss})
                    for name, url in stores:
                        rows.extend(bench_store(f"{label} {name}", url, path, needle, env, cli, args.put_only))
                    path.unlink()
                    shutil.rmtree(tmp / "store", ignore_errors=True)
        finally:
            if args.s3:
                _seaweed().stop(str(weed_dir))
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        print(f"{'step':62} {'seconds':>8} {'peak RSS MB':>12}")
        for row in rows:
            print(f"{row['step']:62} {row['s']:8.2f} {row['rss_mb']:12.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
