"""Differential check of synopses: snapshot every (ruleset, input) pair, compare two snapshots.

Usage::

    python bench/differential.py snapshot before.json      # on the old code
    python bench/differential.py snapshot after.json       # on the new code
    python bench/differential.py compare before.json after.json

A speed-up must not change one byte of any synopsis of either bundled ruleset. The inputs:
the repo's corpora (``tests/accuracy/corpus``, ``tests/kinds_text/samples``, the generated real
corpus under ``.cache/real-corpus`` when built) and generated inputs: each kind of
``bench/bench_synopsis.py`` at a few sizes (so every size-dependent path is taken), and
deterministic mutations of each (cut at random points, lines shuffled, a byte flipped, CRLF
line ends, a BOM, blank lines inserted). The snapshot holds, per pair, the synopsis's six
seed fields and the rendered stub. ``compare`` prints the first differences and exits 1 when
any pair differs or is missing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

import toolstub

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_synopsis  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
RULESETS = ("default", "openviking-compat")
GENERATED_SIZES = (2_000, 60_000, 600_000)


def _corpus_files() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    roots = [REPO / "tests" / "accuracy" / "corpus", REPO / "tests" / "kinds_text" / "samples"]
    roots += sorted((REPO / ".cache" / "real-corpus").glob("*/files"))
    for root in roots:
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.is_file():
                text = path.read_bytes().decode("utf-8", "surrogateescape")
                out.append((str(path.relative_to(REPO)), text))
    return out


def _mutations(name: str, text: str) -> list[tuple[str, str]]:
    rng = random.Random(name)
    lines = text.splitlines(keepends=True)
    out = []
    if text:
        cut = rng.randrange(len(text))
        out.append((f"{name}~cut", text[:cut]))
        pos = rng.randrange(len(text))
        out.append((f"{name}~flip", text[:pos] + chr((ord(text[pos]) + 1) % 0x10FFFF or 1) + text[pos + 1:]))
    if len(lines) > 2:
        shuffled = lines[:]
        rng.shuffle(shuffled)
        out.append((f"{name}~shuffle", "".join(shuffled)))
        blank = lines[:]
        for _ in range(3):
            blank.insert(rng.randrange(len(blank)), "\n")
        out.append((f"{name}~blank", "".join(blank)))
    out.append((f"{name}~crlf", text.replace("\n", "\r\n")))
    out.append((f"{name}~bom", "\ufeff" + text))
    return out


def _generated() -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for kind, (generate, _, _) in sorted(bench_synopsis.KINDS.items()):
        for size in GENERATED_SIZES:
            name = f"generated:{kind}:{size}"
            text = generate(size)
            out.append((name, text))
            if size <= 60_000:
                out.extend(_mutations(name, text))
    return out


def inputs() -> list[tuple[str, str]]:
    return _generated() + _corpus_files()


def snapshot(path: str) -> int:
    from toolstub.stub import render_stub  # noqa: PLC0415 - a bench script

    result: dict[str, dict] = {}
    start = time.perf_counter()
    items = inputs()
    for name, text in items:
        for rules in RULESETS:
            synopsis = toolstub.synopsize(text, rules=rules)
            result[f"{rules}|{name}"] = {"synopsis": synopsis.to_dict(),
                                         "stub": render_stub(synopsis, ref="ref", original_chars=len(text), preview_chars=len(text),
                                                             rules=rules)}
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(result, handle, sort_keys=True)
    print(f"{len(result)} pairs ({len(items)} inputs x {len(RULESETS)} rulesets) in {time.perf_counter() - start:.1f} s -> {path}")
    return 0


def compare(before: str, after: str) -> int:
    with open(before, encoding="utf-8") as handle:
        old = json.load(handle)
    with open(after, encoding="utf-8") as handle:
        new = json.load(handle)
    missing = sorted(set(old) ^ set(new))
    changed = sorted(key for key in set(old) & set(new) if old[key] != new[key])
    for key in changed[:10]:
        print(f"CHANGED {key}")
        for field in ("synopsis", "stub"):
            if old[key][field] != new[key][field]:
                print(f"  before {field}: {json.dumps(old[key][field], ensure_ascii=False)[:600]}")
                print(f"  after  {field}: {json.dumps(new[key][field], ensure_ascii=False)[:600]}")
    for key in missing[:10]:
        print(f"ONLY IN {'before' if key in old else 'after'}: {key}")
    print(f"{len(set(old) & set(new))} pairs compared: {len(changed)} changed, {len(missing)} in one snapshot only")
    return 1 if changed or missing else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    snap = sub.add_parser("snapshot", help="write the synopses of every (ruleset, input) pair to OUT")
    snap.add_argument("out")
    comp = sub.add_parser("compare", help="compare two snapshots (exit 1 on any difference)")
    comp.add_argument("before")
    comp.add_argument("after")
    args = parser.parse_args(argv)
    if args.command == "snapshot":
        return snapshot(args.out)
    return compare(args.before, args.after)


if __name__ == "__main__":
    sys.exit(main())
