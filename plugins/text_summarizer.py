"""Kind ``text``: the fallback for any output no other kind claims.

It always claims the content. The summary reports characters, words, lines,
the section headers found, and an opening and a closing excerpt.

.. rubric:: Options (``kinds.text`` in a rule file)

* ``header_patterns``: regexes (RE2) matched at the start of each line; a line
  matching any of them is a section header.
* ``line_mode`` (``stripped``): the patterns see each ``line.strip()``; ``raw``: each
  line as it is (write leading/trailing blanks into the patterns; no per-line copies).
* ``header_limit`` (18), ``header_chars`` (160), ``header_min_chars`` (2): how many
  distinct headers are listed, the clip of each, the shortest stripped line considered.
* ``excerpt_chars`` (500): size of the opening and the closing excerpt.
* ``excerpt_period`` (true): end each excerpt with ``.`` (the seed; an excerpt that
  already ends with ``.`` then shows ``..``).
* ``split_short_excerpts`` (false): when true, a short output is shown once
  (``Excerpt:``) and the closing excerpt never repeats what the opening one showed.
* ``line_count`` (``splitlines``): ``splitlines`` counts like ``str.splitlines`` (also
  ``\\x0b``, ``\\x0c``, ``\\x1c``-``\\x1e``, ``\\x85``, U+2028, U+2029); ``newlines`` counts ``\\n`` lines.
* ``more_format`` (``""``): appended when the header cap cuts the list, ``{n}`` is the
  number of further header lines, counted up to ``more_count_limit`` (10000, then ``10000+``);
  empty: nothing is appended.
* ``header_scan_limit`` (0: none): distinct headers are looked for among that many header
  lines at most (thousands of repeated ``# comment`` lines cost a bounded time); the header
  lines after them are counted in the ``more_format`` suffix.
* ``line_counter_labels`` and ``line_counter_patterns``: two lists of the same length;
  for each pattern (RE2, matched at the start of each stripped line) the number of
  matching lines is reported under its label with the first such line, e.g.
  ``Error lines: 3 (first: ERROR cannot open db)``. Empty in compat.

.. rubric:: Examples

``openviking-compat``, content ``"INTRODUCTION\\nSome text.\\n"``::

    Text exploration summary:
    Characters: 24.
    Words: 3.
    Lines: 2.
    Detected section headers: INTRODUCTION.
    Opening excerpt: INTRODUCTION Some text..
    Closing excerpt: INTRODUCTION Some text..
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
from toolstub.synopsis import (
    Claim,
    Evidence,
    KindInput,
    StreamCounter,
    StreamTotals,
    Summarizer,
    Synopsis,
    WholeTotals,
    replace_lines,
)
from toolstub.textutil import clip, normalize

_PATTERN_LIST = {"type": "array", "items": {"type": "string"}}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "header_patterns": _PATTERN_LIST,
        "line_mode": {"enum": ["stripped", "raw"]},
        "header_limit": {"type": "integer", "minimum": 0},
        "header_chars": {"type": "integer", "minimum": 0},
        "header_min_chars": {"type": "integer", "minimum": 0},
        "excerpt_chars": {"type": "integer", "minimum": 0},
        "excerpt_period": {"type": "boolean"},
        "split_short_excerpts": {"type": "boolean"},
        "line_count": {"enum": ["splitlines", "newlines"]},
        "more_format": {"type": "string"},
        "more_count_limit": {"type": "integer", "minimum": 1},
        "header_scan_limit": {"type": "integer", "minimum": 0},
        "line_counter_labels": {"type": "array", "items": {"type": "string"}},
        "line_counter_patterns": _PATTERN_LIST,
        "document_patterns": _PATTERN_LIST,
        "fallback_confidence": {"type": ["number", "null"], "minimum": 0, "maximum": 1},
    },
}

#: the seed's values (``openviking-compat``)
DEFAULTS: Mapping[str, Any] = {
    "header_patterns": [],
    "line_mode": "stripped",
    "header_limit": 18,
    "header_chars": 160,
    "header_min_chars": 2,
    "excerpt_chars": 500,
    "excerpt_period": True,
    "split_short_excerpts": False,
    "line_count": "splitlines",
    "more_format": "",
    "more_count_limit": 10_000,
    "header_scan_limit": 0,
    "line_counter_labels": [],
    "line_counter_patterns": [],
    "document_patterns": [],
    "fallback_confidence": None,
}


def line_count(content: str, mode: str) -> int:
    if mode == "newlines":
        return _lines.newline_line_count(content)
    return _lines.splitlines_count(content)


def more_suffix(caps: Mapping[str, Any], left_out: str) -> str:
    fmt = caps.get("more_format") or ""
    return fmt.format(n=left_out) if fmt and left_out else ""


class _Blob:
    """The stripped-lines blob of one content, built on first use."""

    def __init__(self, content: str, caps: Mapping[str, Any]) -> None:
        self.content = content
        self.caps = caps
        self._blob: bytes | None = None

    def get(self) -> bytes:
        if self._blob is None:
            caps = self.caps
            counters = tuple(caps.get("line_counter_patterns") or ())
            headers = tuple(caps.get("header_patterns") or ()) if int(caps["header_min_chars"]) < 1 else ()
            strip = caps["line_mode"] == "stripped"
            drop = strip and not _lines.matches_empty(counters + headers)
            self._blob = _lines.line_blob(self.content, strip=strip, drop_empty=drop)
        return self._blob


def find_headers(lazy: _Blob, caps: Mapping[str, Any]) -> tuple[list[str], str]:
    """(the first ``header_limit`` distinct headers, how many more header lines: ``""``, ``"7"``, ``"10000+"``)."""
    patterns = caps.get("header_patterns") or ()
    limit = int(caps["header_limit"])
    if not patterns or limit <= 0:
        return [], ""
    regex = _lines.any_of(patterns)
    blob = lazy.get()
    min_chars = int(caps["header_min_chars"])
    headers: dict[str, None] = {}
    resume = None
    scan_limit = int(caps.get("header_scan_limit") or 0)
    for scanned, (start, end, _groups) in enumerate(_lines.scan_lines(regex, blob)):
        if scan_limit and scanned >= scan_limit:  # many repeated header lines: bounded time
            resume = start
            break
        line = _lines.line_text(blob, start, end).strip()
        if len(line) < min_chars:
            continue
        header = clip(normalize(line), int(caps["header_chars"]))
        if header in headers:
            continue
        if len(headers) >= limit:
            resume = start
            break
        headers[header] = None
    if resume is None or not caps.get("more_format"):
        return list(headers), ""
    more, capped = _lines.count_lines(regex, blob, start=resume, limit=int(caps["more_count_limit"]))
    return list(headers), f"{more}+" if capped else str(more)


def _excerpts(content: str, caps: Mapping[str, Any]) -> list[str]:
    size = int(caps["excerpt_chars"])
    period = "." if caps["excerpt_period"] else ""

    def show(text: str) -> str:
        return (normalize(text) or "(empty)") + period

    if caps["split_short_excerpts"]:
        if len(content) <= size:
            return [f"Excerpt: {show(content)}"]
        closing = content[max(size, len(content) - size) :]
        return [f"Opening excerpt: {show(content[:size])}", f"Closing excerpt: {show(closing)}"]
    closing = content[-size:] if size > 0 else ""
    return [f"Opening excerpt: {show(content[:size])}", f"Closing excerpt: {show(closing)}"]


def _counter_lines(lazy: _Blob, caps: Mapping[str, Any]) -> list[str]:
    patterns = caps.get("line_counter_patterns") or ()
    labels = caps.get("line_counter_labels") or ()
    out = []
    for label, regex in zip(labels, patterns):
        blob = lazy.get()
        first = next(_lines.scan_lines(regex, blob), None)
        if first is None:
            continue
        count, capped = _lines.count_lines(regex, blob, start=first[0], limit=int(caps["more_count_limit"]))
        shown = clip(normalize(_lines.line_text(blob, first[0], first[1])), int(caps["header_chars"]))
        out.append(f"{label}: {count}{'+' if capped else ''} (first: {shown})")
    return out


def _claim(synopsis: Synopsis, content: str, caps: Mapping[str, Any]) -> Synopsis | Claim:
    """``synopsis`` as a scored claim when the rule file asks for one (``fallback_confidence``).

    The fallback claims with ``fallback_confidence``; a document format that is text though it
    quotes code or has ``#`` lines (``document_patterns``: a pydoc page, Vim help, a GNU info
    file, a Debian changelog) adds the strong ``document_format`` evidence, so it beats a
    heuristic code, YAML or Markdown claim.
    """
    base = caps.get("fallback_confidence")
    if base is None:
        return synopsis
    evidence = [Evidence("fallback", 1.0, float(base))]
    patterns = caps.get("document_patterns") or ()
    if patterns and _lines.any_of(patterns).search(_lines.encode(content[: 1 << 20])) is not None:
        evidence.append(Evidence("document_format", 1.0, 0.9))
    return Claim(synopsis=synopsis, evidence=tuple(evidence))


def summarize(inp: KindInput) -> Synopsis | Claim:
    content, caps = inp.content, inp.caps
    lazy = _Blob(content, caps)
    headers, left_out = find_headers(lazy, caps)
    if headers:
        header_line = " | ".join(headers) + more_suffix(caps, left_out) + "."
    else:
        header_line = "none detected."
    summary = [
        "Text exploration summary:",
        f"Characters: {len(content)}.",
        f"Words: {_lines.word_count(content)}.",
        f"Lines: {line_count(content, caps['line_count'])}.",
        *_counter_lines(lazy, caps),
        f"Detected section headers: {header_line}",
        *_excerpts(content, caps),
    ]
    return _claim(Synopsis(kind="text", title="Text output", summary=tuple(summary)), content, caps)


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (
        Summarizer(
            name="text",
            summarize=summarize,
            caps_schema=CAPS_SCHEMA,
            defaults=DEFAULTS,
            pattern_keys=frozenset({"header_patterns", "line_counter_patterns", "document_patterns"}),
            description="plain text (the fallback): counts, section headers, opening and closing excerpts",
        ),
    )


class _TextTotals(StreamCounter):
    """Characters, words and lines of a large text over every block."""

    def __init__(self, caps: Mapping[str, Any]) -> None:
        self.lines = _lines.LineTotals(str(caps["line_count"]))
        self.words = 0
        self.in_word = False  # the last block ended inside a word

    def feed(self, block: str, first_line: int) -> None:
        if not block:
            return
        self.words += _lines.word_count(block) - (1 if self.in_word and not block[0].isspace() else 0)
        self.in_word = not block[-1].isspace()
        self.lines.feed(block)

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:
        result = replace_lines(synopsis, "summary", "Characters: ", f"Characters: {totals.chars}.")
        result = replace_lines(result, "summary", "Words: ", f"Words: {self.words}.")
        return replace_lines(result, "summary", "Lines: ", f"Lines: {self.lines.count}.")


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (StreamTotals(name="text", start=_TextTotals, description="characters, words and lines of the whole text"),)
