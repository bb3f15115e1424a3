"""A tuning pool drawn as the blind set is drawn: the next Debian packages of its hash ranking.

    python docs/probes/probe_pool.py [--first 61] [--batches 10] [--out /tmp/pool-probe] [--cached] [--half a|b|all] [--learned]

The blind set (tests/accuracy/blind_corpus.py) is the first 60 packages of bookworm's list in the
order of ``sha256("blind:2026-12-05:" + name)`` (amd64 and all, 8 KB to 2.5 MB, not installed, not
named by a corpus generator or probe script, sections other than libs, oldlibs, debug, kernel, fonts
and localization). Its misses are never named, so it cannot be tuned on. This pool is ranks FIRST to
FIRST+60*BATCHES-1 of the same ranking (recomputed here from ``apt-cache dumpavail``; ranks 1-60 are
checked to equal blind_corpus.DEBS, so the recipe is the blind set's), read exactly as the blind set
is read (fresh_corpus.src_debs). It is material of the blind set's distribution that may be tuned on
and named: it is read in batches of 60 packages (the blind set's size, so the per-kind quotas are the blind set's);
batches 0, 2, 4... are half ``a`` (tune on it), batches 1, 3, 5... half ``b`` (check on it).
Files whose bytes equal a real, fresh or blind case are left out.

Writes OUT/result.json (one row per case: id, half, expected, default, compat) and prints accuracy per
half and kind, the confusion counts and the misses of the half asked for (``--half``, default ``a``).
"""

from __future__ import annotations

import argparse
import glob
import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "accuracy"))
sys.path.insert(0, str(REPO / "bench"))

import accuracy_report  # noqa: E402
import blind_corpus as bc  # noqa: E402
import fresh_corpus as fc  # noqa: E402
import real_corpus as rc  # noqa: E402
from real_corpus import Builder  # noqa: E402

SALT = "blind:2026-12-05:"
SKIP_SECTIONS = ("libs", "oldlibs", "debug", "kernel", "fonts", "localization")


def ranking() -> list[str]:
    """Every eligible package as ``name=version``, in the blind set's hash order."""
    txt = subprocess.run(["apt-cache", "dumpavail"], capture_output=True, text=True, check=True).stdout
    inst = set(subprocess.run(["dpkg-query", "-W", "-f", "${Package}\n"], capture_output=True, text=True).stdout.split())
    src = ""
    for f in sorted(glob.glob(str(REPO / "tests/accuracy/*.py")) + glob.glob(str(REPO / "docs/probes/*.py"))):
        if not f.endswith(("blind_corpus.py", "probe_pool.py")):  # the ranking's own outputs name its packages
            src += Path(f).read_text(errors="replace")
    named = set(re.findall(r"[a-z0-9][a-z0-9+.-]+", src))
    pk: dict[str, dict[str, str]] = {}
    for stanza in txt.split("\n\n"):
        d = {}
        for ln in stanza.splitlines():
            if ":" in ln and not ln.startswith(" "):
                k, v = ln.split(":", 1)
                d[k] = v.strip()
        if "Package" in d:
            pk.setdefault(d["Package"], d)
    names = []
    for n, d in pk.items():
        if n in inst or n in named or d.get("Architecture") not in ("amd64", "all"):
            continue
        try:
            size = int(d.get("Size", "0"))
        except ValueError:
            continue
        if 8_000 <= size <= 2_500_000 and d.get("Section", "").split("/")[-1] not in SKIP_SECTIONS:
            names.append(n)
    names.sort(key=lambda n: hashlib.sha256((SALT + n).encode()).hexdigest())
    return [f"{n}={pk[n]['Version']}" for n in names]


class PoolBuilder(Builder):
    def __init__(self, out: Path, cache: Path, seen: dict[str, str]) -> None:
        super().__init__(out, cache)
        self.seen.update(seen)

    def add(self, case_id, kind, data, *, source, group, note="", quota=None):  # noqa: ANN001
        saved = rc.validate
        rc.validate = fc._validate
        try:
            return super().add("pool:" + case_id, kind, data, source=source, group=group, note=note, quota=quota)
        finally:
            rc.validate = saved


def seen_digests() -> dict[str, str]:
    seen = bc._seen_digests()
    bo = bc.generate()
    for c in json.loads((bo / "manifest.json").read_text())["cases"]:
        seen[hashlib.sha256((bo / "files" / c["file"]).read_bytes()).hexdigest()] = c["id"]
    return seen


def build(out: Path, debs: tuple[str, ...], seen: dict[str, str]) -> list[dict]:
    """One batch, read as the blind set's 60 packages are read (the per-kind quotas apply per batch)."""
    cache = Path("/tmp/pool-probe-downloads")
    cache.mkdir(parents=True, exist_ok=True)
    work = out / "corpus"
    tmp = out / "tmp"
    for d in (work, tmp):
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
    b = PoolBuilder(work, cache, seen)
    saved = fc.DEBS
    fc.DEBS = debs
    try:
        fc.src_debs(b, tmp)  # type: ignore[arg-type]
    finally:
        fc.DEBS = saved
    seen.update(b.seen)
    shutil.rmtree(tmp, ignore_errors=True)
    return [dict(id=c.id, kind=c.kind, file=str(work / "files" / c.file)) for c in b.corpus.cases]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=61)
    ap.add_argument("--batches", type=int, default=10, help="batches of 60 packages (the blind set's size)")
    ap.add_argument("--out", type=Path, default=Path("/tmp/pool-probe"))
    ap.add_argument("--cached", action="store_true", help="re-judge the cases of the last build")
    ap.add_argument("--half", default="a", choices=("a", "b", "all"))
    ap.add_argument("--learned", action="store_true",
                    help="also judge default with detection.learned magika (needs toolstub[magika])")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    cases_f = args.out / "cases.json"
    if args.cached and cases_f.is_file():
        meta = json.loads(cases_f.read_text())
    else:
        rank = ranking()
        if [r.split("=")[0] for r in rank[:60]] != [d.split("=")[0] for d in bc.DEBS]:
            print("warning: ranks 1-60 differ from blind_corpus.DEBS (the package list moved)", file=sys.stderr)
        seen = seen_digests()
        meta = {"debs": [], "cases": []}
        for k in range(args.batches):
            chosen = rank[args.first - 1 + 60 * k: args.first - 1 + 60 * (k + 1)]
            cases = build(args.out / f"batch{k:02d}", tuple(chosen), seen)
            for c in cases:
                c["half"] = "ab"[k % 2]
                c["batch"] = k
            meta["debs"] += chosen
            meta["cases"] += cases
            print(f"batch {k}: {len(cases)} cases", file=sys.stderr)
        cases_f.write_text(json.dumps(meta, indent=1))
    return judge(meta, args.out, args.half, args.learned)


def judge(meta: dict, out: Path, half: str = "a", learned: bool = False) -> int:
    """Judge the cases of ``meta`` (default, compat, and default with Magika when ``learned``), write
    OUT/result.json, print accuracy per half and kind, the confusion counts and the misses of ``half``."""
    import toolstub

    learned_rules = None
    if learned:
        learned_rules = accuracy_report.learned_ruleset()
        if learned_rules is None:
            raise SystemExit("probe_pool: error: --learned needs magika: pip install 'toolstub[magika]'")
    rows = []
    for c in meta["cases"]:
        text = Path(c["file"]).read_bytes().decode("utf-8", "surrogateescape")
        t0 = time.perf_counter()
        d = toolstub.synopsize(text, rules="default").kind
        dt = time.perf_counter() - t0
        rows.append(dict(id=c["id"], half=c["half"], expected=c["kind"], default=d, s=round(dt, 4),
                         compat=toolstub.synopsize(text, rules="openviking-compat").kind, file=c["file"]))
        if learned_rules is not None:
            rows[-1]["combined"] = toolstub.synopsize(text, rules=learned_rules).kind
    (out / "result.json").write_text(json.dumps(rows, indent=1))
    for h in ("a", "b"):
        rs = [r for r in rows if r["half"] == h]
        ok = sum(r["default"] == r["expected"] for r in rs)
        cr = sum(r["compat"] == r["expected"] != r["default"] for r in rs)
        print(f"half {h}: {ok}/{len(rs)} = {100 * ok / max(1, len(rs)):.2f} %   compat right, default wrong: {cr}")
        per = Counter(r["expected"] for r in rs)
        okk = Counter(r["expected"] for r in rs if r["default"] == r["expected"])
        print("   " + "  ".join(f"{k} {okk[k]}/{per[k]}" for k in sorted(per)))
        conf = Counter(f"{r['expected']}->{r['default']}" for r in rs if r["default"] != r["expected"])
        print("   confusion: " + ", ".join(f"{k} {v}" for k, v in conf.most_common()))
        if learned_rules is not None:
            okc = sum(r["combined"] == r["expected"] for r in rs)
            crc = sum(r["compat"] == r["expected"] != r["combined"] for r in rs)
            print(f"   default + magika: {okc}/{len(rs)} = {100 * okc / max(1, len(rs)):.2f} %   compat right, combined wrong: {crc}")
    print("slowest:", max(rows, key=lambda r: r["s"])["s"] if rows else 0, "s")
    for r in rows:
        if r["default"] != r["expected"] and (half == "all" or r["half"] == half):
            print(f"  MISS {r['expected']}->{r['default']} (compat {r['compat']}) {r['id']}  {r['file']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
