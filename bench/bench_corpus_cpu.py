"""CPU time of ``toolstub.synopsize`` over every case of the real, fresh and blind corpora built on this machine.

Usage::

    python bench/bench_corpus_cpu.py [--repeat 2] [--rules default]
    PYTHONPATH=/tmp/ts-OLD python bench/bench_corpus_cpu.py    # a ``pip install --target`` copy of another commit

Detection changes cost on the inputs detection sees, not on one large input of each kind (bench_detection.py):
this reads each corpus case once, warms up, and prints the best of ``--repeat`` passes in CPU time (process time,
so another process on the machine weighs less than in wall time). Run two trees one after the other, twice,
interleaved, and report the ratios of one run (the machine is shared and noisy). The corpora are built by
``python bench/accuracy_report.py --corpus real --blind`` (tests/accuracy/README.md).
"""

from __future__ import annotations

import argparse
import glob
import json
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--rules", default="default")
    args = ap.parse_args(argv)
    import toolstub

    texts = []
    for manifest in sorted(glob.glob(str(REPO / ".cache" / "*-corpus" / "*" / "manifest.json"))):
        root = Path(manifest).parent
        for case in json.loads(Path(manifest).read_text())["cases"]:
            texts.append((root / "files" / case["file"]).read_bytes().decode("utf-8", "surrogateescape"))
    if not texts:
        print("bench_corpus_cpu: error: no corpus under .cache/ (run bench/accuracy_report.py --corpus real --blind)",
              file=sys.stderr)
        return 1
    toolstub.synopsize("warm up", rules=args.rules)
    best = float("inf")
    for _ in range(max(1, args.repeat)):
        start = time.process_time()
        for text in texts:
            toolstub.synopsize(text, rules=args.rules)
        best = min(best, time.process_time() - start)
    print(f"{toolstub.__file__}: {len(texts)} cases, best CPU {best:.2f} s, {1000 * best / len(texts):.2f} ms per call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
