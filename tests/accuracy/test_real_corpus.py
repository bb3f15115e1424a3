"""Kind accuracy of ``default`` on the real-material corpus (tests/accuracy/real_corpus.py).

The corpus is generated from this machine's files and command outputs into ``.cache/`` on first
use (about a minute; then reused while the generator is unchanged). Asserted here: the corpus is
large and covers every kind, the tune/holdout split is the fixed hash split, and ``default``
is right on at least ``HOLDOUT_FLOOR`` of the holdout half. Timing is not asserted here: see
``python bench/accuracy_report.py`` (time per call).
"""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import pytest

import toolstub

sys.path.insert(0, str(Path(__file__).parent))

import fresh_corpus  # noqa: E402
import real_corpus  # noqa: E402

#: holdout accuracy of default, measured 09:00 UTC 2026-12-03 (main at 413ae32, before the ndjson kind) at 92.2 % (1056/1145), minus a
#: margin for the machine (another venv, other packages, other logs change a few cases). The
#: detection helpers raise it as they land; never lower it to pass.
#: raised by detlog4: measured 98.64 % (1378/1397) at 23:12 UTC 2026-12-03 (main at 573ae1e + the strace/listings work).
#: raised 2026-12-06: measured 99.33 % (1476/1486) at dfaf5aa.
HOLDOUT_FLOOR = 0.98
MIN_CASES = 1500


#: default on the fresh split (tests/accuracy/fresh_corpus.py: sources tune/holdout never use), measured
#: 97.6 % (1606/1646) at 14:20 UTC 2026-12-03 (97.3 % at 14:05). The floor sits below it for the machine
#: (other packages, other commands' outputs change a few cases) and is honest: it is what default does on
#: unseen sources today, not a target. Nobody tunes on the fresh split; raise the floor when default's
#: fresh figure rises, never lower it to pass.
#: raised by detlog4: measured 97.81 % (1608/1644) at 23:12 UTC 2026-12-03.
#: raised 2026-12-06: measured 98.84 % (1625/1644) at dfaf5aa.
FRESH_FLOOR = 0.975


@pytest.fixture(scope="module")
def corpus() -> list[real_corpus.Sample]:
    return real_corpus.load()


@pytest.fixture(scope="module")
def fresh() -> list[real_corpus.Sample]:
    return fresh_corpus.load()


def test_corpus_is_large_and_covers_every_kind(corpus: list[real_corpus.Sample]) -> None:
    assert len(corpus) >= MIN_CASES
    counts = Counter(s.kind for s in corpus)
    assert set(counts) <= set(real_corpus.KINDS)
    short = {k: counts[k] for k in real_corpus.KINDS if counts[k] < real_corpus.MIN_PER_KIND}
    assert not short, f"kinds under {real_corpus.MIN_PER_KIND} cases: {short}"
    assert len({s.id for s in corpus}) == len(corpus)
    assert len({s.content for s in corpus}) == len(corpus), "duplicate contents"


def test_split_is_the_fixed_hash_split(corpus: list[real_corpus.Sample]) -> None:
    # the split function itself is fixed: these ids keep their halves forever
    assert [real_corpus.split_of(i) for i in ("stdlib:json/__init__.py", "git:show 0545e29", "fs:/etc/passwd",
                                              "npm:lodash/README.md", "man:man1/ls.1")] == [
        "tune", "holdout", "holdout", "tune", "tune"]
    assert all(s.split == real_corpus.split_of(s.id) for s in corpus)
    for kind in real_corpus.KINDS:
        part = [s for s in corpus if s.kind == kind]
        holdout = sum(s.split == "holdout" for s in part)
        assert 0.3 <= holdout / len(part) <= 0.7, f"{kind}: {holdout}/{len(part)} in holdout"


def test_every_case_passes_its_validation(corpus: list[real_corpus.Sample]) -> None:
    bad = []
    for s in corpus:
        data = s.content.encode("utf-8", "surrogateescape")
        if real_corpus.validate(s.kind, data, s.note) is not None and not (s.kind == "code" and "head" in s.note):
            bad.append(s.id)
    assert not bad, bad[:10]


def test_default_holdout_accuracy_floor(corpus: list[real_corpus.Sample]) -> None:
    holdout = [s for s in corpus if s.split == "holdout"]
    wrong = Counter()
    for s in holdout:
        got = toolstub.synopsize(s.content).kind
        if got != s.kind:
            wrong[f"{s.kind} -> {got}"] += 1
    right = len(holdout) - sum(wrong.values())
    assert right >= HOLDOUT_FLOOR * len(holdout), f"default holdout {right}/{len(holdout)}; misses {dict(wrong.most_common())}"


def test_fresh_set_is_large_source_disjoint_and_valid(corpus: list[real_corpus.Sample], fresh: list[real_corpus.Sample]) -> None:
    counts = Counter(s.kind for s in fresh)
    short = {k: counts[k] for k in real_corpus.KINDS if counts[k] < real_corpus.MIN_PER_KIND}
    assert not short, f"fresh kinds under {real_corpus.MIN_PER_KIND} cases: {short}"
    assert all(s.split == "fresh" and s.id.startswith("fresh:") for s in fresh)
    assert len({s.id for s in fresh}) == len(fresh)
    assert not {s.id.removeprefix("fresh:") for s in fresh} & {s.id for s in corpus}, "a fresh case id is a tune/holdout id"
    seen = {s.content for s in corpus}
    assert not [s.id for s in fresh if s.content in seen], "a fresh case repeats a tune/holdout case"
    # no source of tune/holdout: no path, package or command that the real corpus reads
    real_sources = {s.source for s in corpus}
    assert not {s.source for s in fresh} & (real_sources - {"command", "derived", "npm"}), "a fresh source the real corpus uses"
    real_npm = {s.id.split(":", 1)[1].split("/")[0] for s in corpus if s.id.startswith("npm:")}
    fresh_npm = {s.id.split(":")[2].split("/")[0] for s in fresh if s.id.startswith("fresh:npm:")}
    assert not real_npm & fresh_npm
    bad = [s.id for s in fresh
           if fresh_corpus._validate(s.kind, s.content.encode("utf-8", "surrogateescape"), s.note) is not None
           and not (s.kind == "code" and "head" in s.note)]
    assert not bad, bad[:5]


def test_default_fresh_accuracy_floor(fresh: list[real_corpus.Sample]) -> None:
    # only the count is reported: the fresh misses are never named (nobody tunes on them)
    right = sum(1 for s in fresh if toolstub.synopsize(s.content).kind == s.kind)
    assert right >= FRESH_FLOOR * len(fresh), f"default fresh {right}/{len(fresh)} ({right / len(fresh):.2%}), floor {FRESH_FLOOR:.0%}"


def test_content_label_names_an_xml_document_xml_and_cmake_code() -> None:
    ts = b'<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n<TS version="2.1"><context><name>A</name></context></TS>\n'
    assert real_corpus.content_label("deb:x/usr/share/x/app_de.ts", "code", ts, "lang:typescript") == ("xml", "")
    page = b"<!-- c -->\n<!DOCTYPE html>\n<html><body><p>x</p></body></html>\n"
    assert real_corpus.content_label("deb:x/doc/index.txt", "text", page, "") == ("text", "")
    broken = b"<a><b></a>\n"
    assert real_corpus.content_label("deb:x/doc/notes.txt", "text", broken, "") == ("text", "")
    assert real_corpus.content_label("deb:x/legacy.txt", "text", ts, "legacy:gbk") == ("text", "legacy:gbk")
    assert real_corpus.content_label("deb:x/src/CMakeLists.txt", "text", b"project(x)\n", "") == ("code", "lang:cmake")


def test_after_comments_skips_leading_comments_in_linear_time() -> None:
    assert real_corpus._after_comments("  <!-- a --> <!--b-->\n<!DOCTYPE html>").startswith("<!DOCTYPE html")
    assert real_corpus._after_comments("<!-- never closed").startswith("<!-- never")
    many = "<!-- x -->" * 20000 + "<root/>"  # the backtracking regex this replaced took minutes on such prologs
    assert real_corpus._after_comments(many) == "<root/>"


def test_content_label_names_sphinx_markdown_sources_markdown() -> None:
    page = b"# Why not\n\nSee [the docs](https://example.org).\n"
    assert real_corpus.content_label("deb:x-doc/usr/share/doc/x/html/_sources/why.md.txt", "text", page, "") == ("markdown", "")
    assert real_corpus.content_label("deb:x-doc/usr/share/doc/x/html/_sources/why.rst.txt", "text", page, "") == ("text", "")


def test_label_by_name_knows_negotiated_html_and_markdown_suffixes() -> None:
    assert real_corpus.label_by_name("etc/debian-edu/www/index.html.de") == ("html", "")
    assert real_corpus.label_by_name("www/about.html.pt_BR") == ("html", "")
    assert real_corpus.label_by_name("doc/README.mkd") == ("markdown", "")
    assert real_corpus.label_by_name("doc/notes.nl") is None  # a language suffix alone names no type
    assert real_corpus.label_by_name("page.html.erb") == ("html", "")
