"""The whole-document markdown scan's shortcuts against the plain loops they replace.

``_fenced_blocks`` looks only at the lines that can open or close a fence; ``_ones`` finds
the ones of a mask without a step per zero. Both must give what the line-by-line loops give,
on any document (random lines of the shapes that matter: fences of both characters and any
indentation, lines led by other white space, unclosed fences, CRLF, non-ASCII).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from itertools import compress

import pytest

from toolstub.plugins import markdown_summarizer as md
from toolstub.regex import compile_pattern
from toolstub.rule_files import load_rules

FRAGMENTS = [
    "# Title", "## Sub", "text line", "", "   ", "```", "```python", "~~~", "~~~~", "    ```", "\t```", "\x0c```",
    "\u00a0```", "\u3000~~~", "`````", "``` js", "```~", "~~~ `x`", "  ~~~", "- item", "1. one", "| a | b |",
    "|---|---|", "> quote", "x = 1", "see [a](http://b)", "===", "---", "?```", "é ``` ü", "\r```", "```\r",
]


def _reference(hits, lines, begin, fence):
    """The loop ``_scan_rest`` ran before ``_fenced_blocks``: every line of a block, every fence hit; and the
    fence still open after the last line."""
    count = len(lines)
    fenced = bytearray(count)
    index = begin
    fence_lines = hits.ordered["fence"]
    at = bisect_left(fence_lines, begin)
    blocks = []
    while index < count:
        if fence is not None:
            start = index
            while index < count:
                line = lines[index]
                index += 1
                if md._fence_close(line, fence):
                    fence = None
                    break
            fenced[start:index] = b"\x01" * (index - start)
            continue
        at = bisect_left(fence_lines, index, at)
        if at >= len(fence_lines):
            break
        index = fence_lines[at]
        found = hits.groups("fence", index)
        language, fence = hits.text("fence", found, "info").lower() or "(none)", hits.text("fence", found, "fence")
        blocks.append((index, language))
        fenced[index] = 1
        index += 1
    return fenced, blocks, fence


def _caps(custom: bool):
    caps = dict(load_rules("default").caps("markdown"))
    if custom:  # a rule file's fence: its hits are found by the whole-text pass, any lead
        caps["fence"] = compile_pattern(r"^ {0,5}(?P<fence>`{3,}|~{3,}|:::)[ \t]*(?P<info>[^`\s]*)")
    return caps


@pytest.mark.parametrize("custom", [False, True], ids=["bundled-fence", "rule-file-fence"])
def test_fenced_blocks_match_the_line_loop(custom: bool) -> None:
    caps = _caps(custom)
    rng = random.Random(11)
    fragments = FRAGMENTS + ([":::", "::: note", "     ```"] if custom else [])
    for _ in range(400):
        lines = [rng.choice(fragments) for _ in range(rng.randint(0, 120))]
        hits = md._AllHits(lines, caps)
        begin = rng.randint(0, len(lines))
        fence = rng.choice([None, None, "```", "~~~~", "`````"])
        assert md._fenced_blocks(hits, lines, begin, fence) == _reference(hits, lines, begin, fence), (lines, begin, fence)


def test_ones_is_compress_of_the_mask() -> None:
    rng = random.Random(3)
    for size in (0, 1, 2, 7, 64, 1000):
        for density in (0.0, 0.1, 0.5, 1.0):
            mask = bytes(1 if rng.random() < density else 0 for _ in range(size))
            offset = rng.randint(0, 50)
            assert md._ones(mask, offset) == [i + offset for i in compress(range(size), mask)]


@pytest.mark.parametrize(
    ("line", "fence", "closes"),
    [("```", "```", True), ("  ````  ", "```", True), ("``", "```", False), ("```x", "```", False),
     ("~~~", "```", False), ("\u00a0~~~~\u3000", "~~~", True), ("`` `", "```", False), ("", "```", False)],
)
def test_fence_close(line: str, fence: str, closes: bool) -> None:
    stripped = line.strip()
    assert md._fence_close(line, fence) is closes
    assert closes is (stripped.startswith(fence) and set(stripped) == {fence[0]})


def test_paused_gc_restores_the_collector() -> None:
    import gc

    from toolstub.plugins._lines import paused_gc

    assert gc.isenabled()
    with paused_gc():
        with paused_gc():
            assert not gc.isenabled()
        assert not gc.isenabled()  # the outer scan still runs
    assert gc.isenabled()
    gc.disable()
    try:
        with paused_gc():
            pass
        assert not gc.isenabled()  # it was off before: it stays off
    finally:
        gc.enable()


def _scan_fields(scan) -> tuple:
    """What the stream counter reads of a scan (``_MarkdownTotals.finish``) and the opening state."""
    return (scan.headings, scan.blocks, scan.languages, scan.links, scan.images, scan.tables, scan.lists,
            scan.opening_done, scan.opening)


@pytest.mark.parametrize("custom", [False, True], ids=["bundled-fence", "rule-file-fence"])
def test_block_scan_matches_the_whole_document_scan(custom: bool) -> None:
    """``_scan_lines`` over a document cut into blocks anywhere (the stream counter's scan, the open fence
    and the line before carried from block to block) counts what ``_scan_all`` counts over the whole
    document (the synopsis of a document given whole)."""
    caps = _caps(custom)
    rng = random.Random(5)
    # the counter strips a line's '\r' before it scans (as the whole document's scan does)
    fragments = [f for f in FRAGMENTS if "\r" not in f] + [
        "# Title", "## Part", "Setext", "======", "-----", "* item", "1. item", "[a](b) and ![i](j)",
        "| a | b |", "|---|---|", "| 1 | 2 |", "plain prose line", ""]
    fragments += [":::", "::: note"] if custom else []
    for _ in range(300):
        lines = [rng.choice(fragments) for _ in range(rng.randint(0, 700))]
        # not before a setext underline: on a block's first line it cannot see whether the line before
        # was a list item or a heading (the documented difference, docs/streaming.md)
        cuts = [cut for cut in range(len(lines) + 1) if cut == len(lines) or set(lines[cut].strip()) - set("=-")]
        cuts = sorted(rng.sample(cuts, min(len(cuts), rng.randint(0, 4))))
        blocks = [lines[a:b] for a, b in zip([0, *cuts], [*cuts, len(lines)]) if b > a]
        fast, state = md._Scan(), (None, "")
        for block in blocks:
            state = md._scan_lines(fast, block, caps, *state)
        assert _scan_fields(fast)[:7] == _scan_fields(md._scan_all(lines, caps, False))[:7], (lines, cuts)
