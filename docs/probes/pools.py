"""Record and compare the kinds one tree gives every case of the pools and corpora on this machine.

    PYTHONPATH=<a tree's install> python docs/probes/pools.py record OUT.json [--pools '/tmp/pool*' '/tmp/pypi*'] [--no-corpora]
    python docs/probes/pools.py diff OLD.json NEW.json [--show N]

``record`` judges (``rules="default"``) every case of each pool folder's ``cases.json`` (probe_pool.py,
probe_pypi_pool.py) and of the real, fresh and blind corpora under ``.cache/`` (their manifests), in two
processes, and writes ``{id: [expected, got, half]}``; the tree is whatever ``import toolstub`` finds
(put a ``pip install --target DIR`` copy of a commit first on PYTHONPATH to judge that commit while the
work tree is edited). ``diff`` prints, per source (pool folder or corpus split), cases fixed and broken
by NEW against OLD, and every case whose kind moved. Blind cases' ids are never printed (they are
never tuned on): only their counts.
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def _cases(pools: list[str], corpora: bool) -> list[tuple[str, str, str, str]]:
    """(key, expected, file, half) of every case."""
    out = []
    for pattern in pools:
        for folder in sorted(glob.glob(pattern)):
            meta = Path(folder) / "cases.json"
            if not meta.is_file():
                continue
            name = Path(folder).name
            for c in json.loads(meta.read_text())["cases"]:
                out.append((f"{name}|{c['id']}", c["kind"], c["file"], f"{name}:{c.get('half', '')}"))
    if corpora:
        for manifest in sorted(glob.glob(str(REPO / ".cache" / "*-corpus" / "*" / "manifest.json"))):
            root = Path(manifest).parent
            for c in json.loads(Path(manifest).read_text())["cases"]:
                out.append((f"{c['split']}|{c['id']}", c["kind"], str(root / "files" / c["file"]), c["split"]))
    return out


def _judge(chunk: list[tuple[str, str, str, str]]) -> list[tuple[str, str, str, str]]:
    import toolstub

    rows = []
    for key, expected, file, half in chunk:
        text = Path(file).read_bytes().decode("utf-8", "surrogateescape")
        rows.append((key, expected, toolstub.synopsize(text, rules="default").kind, half))
    return rows


def record(args: argparse.Namespace) -> int:
    cases = _cases(args.pools, not args.no_corpora)
    chunks = [cases[i::args.jobs] for i in range(args.jobs)]
    with ProcessPoolExecutor(args.jobs) as pool:
        rows = [row for part in pool.map(_judge, chunks) for row in part]
    import toolstub

    Path(args.out).write_text(json.dumps({"tree": toolstub.__file__, "cases": {k: [e, g, h] for k, e, g, h in rows}}))
    per = Counter(h for _k, _e, _g, h in rows)
    ok = Counter(h for _k, e, g, h in rows if e == g)
    for h in sorted(per):
        print(f"{h:16} {ok[h]}/{per[h]} = {100 * ok[h] / per[h]:.2f} %")
    return 0


def diff(args: argparse.Namespace) -> int:
    old = json.loads(Path(args.old).read_text())["cases"]
    new = json.loads(Path(args.new).read_text())["cases"]
    fixed, broken, moved = Counter(), Counter(), []
    for key in sorted(set(old) & set(new)):
        (exp, got_old, half), (_e, got_new, _h) = old[key], new[key]
        if got_old == got_new:
            continue
        if got_new == exp:
            fixed[half] += 1
        elif got_old == exp:
            broken[half] += 1
        moved.append((half, key, exp, got_old, got_new))
    for half in sorted(set(fixed) | set(broken)):
        print(f"{half:16} fixed {fixed[half]:4}  broken {broken[half]:4}")
    print(f"total fixed {sum(fixed.values())}, broken {sum(broken.values())}, moved {len(moved)}")
    for half, key, exp, a, b in moved[: args.show]:
        if half == "blind":
            continue
        mark = "FIX" if b == exp else "BREAK" if a == exp else "move"
        print(f"  {mark:5} {exp}: {a} -> {b}  {key}")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    r = sub.add_parser("record")
    r.add_argument("out")
    r.add_argument("--pools", nargs="*", default=["/tmp/pool[0-9]*", "/tmp/pypi[0-9]*"])
    r.add_argument("--no-corpora", action="store_true")
    r.add_argument("--jobs", type=int, default=2)
    d = sub.add_parser("diff")
    d.add_argument("old")
    d.add_argument("new")
    d.add_argument("--show", type=int, default=200)
    args = ap.parse_args(argv)
    return record(args) if args.cmd == "record" else diff(args)


if __name__ == "__main__":
    sys.exit(main())
