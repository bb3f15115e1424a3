"""Speed of the issue-6 pieces: the log/diff/markdown/html kinds, redaction, token counting.

Usage::

    python bench/bench_beyond.py               # 1 and 10 MB
    python bench/bench_beyond.py --sizes 1     # only 1 MB
    python bench/bench_beyond.py --big         # adds 100 MB
    python bench/bench_beyond.py --tokens      # also: estimate vs cl100k_base on the test samples
    python bench/bench_beyond.py --digest      # also: a SHA-256 of each synopsis (compare two versions)

For each kind it builds a deterministic input of about N MB, times
``toolstub.synopsize`` (default ruleset, best of ``--repeat``) beside a plain
stdlib pass over the same text (``str.splitlines``; ``html.parser`` for html),
and prints MB/s and the growth of the time from the smallest to the largest size
(about 10 per 10x means linear). Then ``prepare_for_storage`` (redaction) and
``estimate_tokens`` on the log input.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import time
from html.parser import HTMLParser
from pathlib import Path

import toolstub
from toolstub.redact import prepare_for_storage
from toolstub.rule_files import load_rules
from toolstub.tokens import count_tokens, estimate_tokens

MB = 1_000_000
LEVELS = ("INFO", "INFO", "INFO", "DEBUG", "WARNING", "ERROR")


def _fill(size: int, make) -> str:
    rng, parts, total, i = random.Random(7), [], 0, 0
    while total < size:
        part = make(rng, i)
        parts.append(part)
        total += len(part)
        i += 1
    return "".join(parts)


def make_log(size: int) -> str:
    return _fill(size, lambda r, i: f"2026-12-02 10:{i // 60 % 60:02d}:{i % 60:02d},{i % 1000:03d} "
                                    f"{r.choice(LEVELS)} [worker-{i % 4}] app.module: request {i} took {r.randint(1, 999)} ms\n")


def make_diff(size: int) -> str:
    def hunk(r, i):
        body = "".join(f" ctx {j}\n-old {r.random():.6f}\n+new {r.random():.6f}\n" for j in range(5))
        return f"diff --git a/src/f{i}.py b/src/f{i}.py\n--- a/src/f{i}.py\n+++ b/src/f{i}.py\n@@ -1,10 +1,10 @@ def f{i}():\n{body}"
    return _fill(size, hunk)


def make_markdown(size: int) -> str:
    return _fill(size, lambda r, i: f"## Section {i}\n\nSome prose with a [link](https://example.org/{i}) and `code`.\n\n"
                                    f"```python\nprint({i})\n```\n\n- item {r.randint(0, 99)}\n")


def make_html(size: int) -> str:
    return "<!DOCTYPE html><html><head><title>Bench</title></head><body>" + _fill(
        size, lambda r, i: f"<h2>Part {i}</h2><p>Text {r.random():.5f} <a href='/p/{i}'>more</a></p>\n"
    ) + "</body></html>"


KINDS = {"log": make_log, "diff": make_diff, "markdown": make_markdown, "html": make_html}


class _Null(HTMLParser):
    pass


def baseline(kind: str, text: str) -> None:
    if kind == "html":
        parser = _Null()
        parser.feed(text)
        parser.close()
    else:
        text.splitlines()


def best(fn, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def digest(syn) -> str:
    """16 hex of the SHA-256 of a synopsis (its dict as sorted JSON): equal digests, equal synopses."""
    return hashlib.sha256(json.dumps(syn.to_dict(), sort_keys=True).encode("utf-8", "surrogatepass")).hexdigest()[:16]


def run_kinds(sizes: list[int], repeat: int, show_digest: bool = False) -> None:
    print(f"{'kind':9} {'MB':>4} {'synopsize s':>12} {'MB/s':>7} {'stdlib s':>9} {'growth':>7}"
          + ("  digest" if show_digest else ""))
    for kind, make in KINDS.items():
        first = None
        for size in sizes:
            text = make(size * MB)
            syn = toolstub.synopsize(text)
            assert syn.kind == kind, (kind, syn.kind)
            took = best(lambda: toolstub.synopsize(text), repeat)
            base = best(lambda: baseline(kind, text), repeat)
            first = first or (took, size)
            growth = (took / first[0]) if size != first[1] else 1.0
            print(f"{kind:9} {size:>4} {took:>12.3f} {len(text) / MB / took:>7.1f} {base:>9.3f} {growth:>7.1f}"
                  + (f"  {digest(syn)}" if show_digest else ""))


def run_redaction_and_tokens(size: int, repeat: int) -> None:
    text = make_log(size * MB)
    rules = load_rules("default")
    took = best(lambda: prepare_for_storage(text, rules), repeat)
    print(f"redaction (prepare_for_storage, {size} MB log): {took:.3f} s, {len(text) / MB / took:.1f} MB/s")
    took = best(lambda: estimate_tokens(text), repeat)
    print(f"estimate_tokens ({size} MB log, sampled above 256 KB): {took:.4f} s")
    chunk = text[:MB]
    took = best(lambda: estimate_tokens(chunk[:262_000]), repeat)
    print(f"estimate_tokens (262 KB, full formula): {took:.4f} s, {0.262 / took:.1f} MB/s")


def run_token_error() -> None:
    data = Path(__file__).resolve().parent.parent / "tests" / "beyond" / "data"
    print(f"{'sample':16} {'chars':>7} {'cl100k':>7} {'estimate':>9} {'error':>7} {'chars/4':>8} {'error':>7}")
    for path in sorted(data.iterdir()):
        text = path.read_text(encoding="utf-8")
        real, est, quarter = count_tokens(text, "cl100k_base"), estimate_tokens(text), (len(text) + 3) // 4
        print(f"{path.name:16} {len(text):>7} {real:>7} {est:>9} {(est - real) / real:>+7.0%} {quarter:>8} "
              f"{(quarter - real) / real:>+7.0%}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1,10", help="comma-separated sizes in MB")
    parser.add_argument("--big", action="store_true", help="add 100 MB")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--tokens", action="store_true", help="estimate vs cl100k_base on the test samples")
    parser.add_argument("--digest", action="store_true", help="print a SHA-256 of each synopsis")
    args = parser.parse_args()
    sizes = [int(s) for s in args.sizes.split(",") if s] + ([100] if args.big else [])
    run_kinds(sizes, args.repeat, args.digest)
    run_redaction_and_tokens(sizes[-1], args.repeat)
    if args.tokens:
        run_token_error()


if __name__ == "__main__":
    main()
