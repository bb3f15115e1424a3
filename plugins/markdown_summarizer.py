"""Kind ``markdown``: READMEs, docs pages, chat answers written in Markdown.

The synopsis gives the heading outline with its levels kept (``#``, ``##``...),
the fenced code blocks with their languages, and the link, image, table and
list-item counts, plus the keys of a YAML front matter.

It claims the content only on Markdown syntax, never on prose alone: at least
one heading (ATX ``# x`` or setext ``x\\n===``) with a second heading or another
Markdown feature (fence, link, list, table, block quote), or a fenced code
block. It declines code and YAML that merely contain ``# comment`` lines: when
more than ``max_code_ratio`` of the non-blank lines outside fences look like
code (``code_line``) or YAML (``yaml_line``), and files that start with ``#!``.
A front matter with no Markdown body is left to ``yaml``/``text``. Patterns are
RE2; each line is scanned once.

.. rubric:: Options (``kinds.markdown``)

* ``heading``, ``fence``, ``link``, ``image``, ``reference``, ``list_item``, ``table_rule``,
  ``quote``, ``code_line``, ``yaml_line`` (regexes): the syntax recognised.
* ``max_code_ratio`` (number): share of code/YAML-like lines above which it declines.
* ``task_item`` (regex), ``min_task_items`` (int; 0: off): that many GitHub task-list items
  (``- [ ] todo``) make the content Markdown without a heading.
* ``probe_lines`` (int): the claim is decided on this many lines (after a front matter), so
  content that is not Markdown costs little; a claimed document is then scanned whole.
* ``max_headings`` (int), ``heading_chars`` (int): the outline's cap and clip.
* ``max_languages`` (int): languages listed; ``max_front_matter_keys`` (int).
* ``excerpt_chars`` (int): clip for the opening paragraph in the summary.

.. rubric:: Example

PASS (markdown)::

    # toolstub
    Keeps tool outputs out of the context. See [docs](docs/index.md).

FAIL (stays code)::

    # helpers
    import os
    def main(): ...
"""

from __future__ import annotations

import dataclasses
import re
from bisect import bisect_left
from collections.abc import Iterator, Mapping
from itertools import accumulate, compress, islice
from dataclasses import dataclass, field
from typing import Any

import re2

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
from toolstub.plugins._lines import paused_gc, without_groups
from toolstub.regex import LazyPattern, compile_pattern
from toolstub.synopsis import (Claim, Evidence, KindInput, StreamCounter, StreamTotals, Summarizer, Synopsis, WholeTotals,
                               replace_lines)
from toolstub.textutil import clip, normalize

NAME = "markdown"

DEFAULTS: Mapping[str, Any] = {
    "heading": r"^(?P<marks>#{1,6})[ \t]+(?P<text>.*?)[ \t]*#*[ \t]*$",
    "fence": r"^ {0,3}(?P<fence>`{3,9}|~{3,9})(?:[ \t\r]*$|[ \t]*(?P<info>[^`~\s][^`\s]*)[^`\n]*$)",
    "link": r"\[[^\]\n]*\]\([^)\s|\\\[\]{}^$?][^)\s|\\\[\]{}^$]*(?:[ \t]+\"[^\"]*\")?\)|<https?://[^>\s]+>",
    "image": r"!\[[^\]\n]*\]\([^)\s]+",
    "reference": r"^ {0,3}\[[^\]\n]+\]:[ \t]*\S*[/.#:<]\S*",
    "list_item": r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S",
    "table_rule": r"^ {0,3}\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$",
    "quote": r"^ {0,3}>",
    "code_line": (
        r"^[ \t]*(?:--(?:[ \t]|$)|--[^-\s]"  # `--` comment lines (Lua, SQL, Haskell), not a `---` rule
        r"|[^\t\n]*\S\t+\S"  # rows of tab-separated fields
        r"|(?:from|import|def|class|return|elif|else:|try:|except|async|await|fn|pub|let|const|var"
        r"|function|package|use|public|private|echo|export|local|fi|done|esac)\b"
        r"|[A-Za-z_][\w.]*(?:\[[^\]]*\])?[ \t]*[-+*/|&]?=[^=]|.*[;{}][ \t]*$|.*\):[ \t]*$"
        r"|#\d+ (?:\[|DONE\b|CACHED\b|ERROR\b|\d+\.\d+ )"  # BuildKit step lines
        r"|[rbuf]?'[^'\n]*'[ \t]*(?:[,)+][ \t]*)?(?:#.*)?$)"  # data rows of string literals (a codec table)
    ),
    # a `Key: value` line, unless its value is a sentence (six words or more ending in `.`, `!` or `?`)
    "yaml_line": r"^[ \t]*(?:-[ \t]+)?[A-Za-z0-9_.-]+:(?:[ \t]*$|[ \t]+\S+(?:[ \t]+\S+){0,4}[ \t]*$|[ \t]+\S[^\n]*[^.!?\s][ \t]*$)",
    "task_item": r"^[ \t]*[-*+][ \t]+\[[ xX]\][ \t]+\S",
    # a line of an annotated listing that quotes a document (git blame's `^6877d85 (Name 2026-12-02 15:09:18 +0000 3)`,
    # its --porcelain headers): half the probe's lines or more and the document is quoted, not the output
    "listing_line": (
        r"^\^?[0-9a-f]{7,40}[ \t](?:[^\n(]*[ \t])?\([^\n]*?\d{4}-\d\d-\d\d[^\n]*?[ \t]\d+\)"
        r"|^[0-9a-f]{40}[ \t]\d+[ \t]\d+(?:[ \t]\d+)?$"
        r"|^(?:author|author-mail|author-time|author-tz|committer|committer-mail|committer-time|committer-tz|summary"
        r"|previous|filename|boundary)(?:[ \t]|$)"
    ),
    "min_task_items": 2,
    "max_code_ratio": 0.3,
    "probe_lines": 400,
    "max_headings": 30,
    "heading_chars": 120,
    "max_languages": 10,
    "max_front_matter_keys": 12,
    "excerpt_chars": 240,
}

PATTERN_KEYS = frozenset(
    {"heading", "fence", "link", "image", "reference", "list_item", "table_rule", "quote", "code_line", "yaml_line",
     "task_item", "listing_line"}
)

_INT = {"type": "integer", "minimum": 0}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **{key: {"type": "string", "format": "regex", "description": f"the {key} syntax"} for key in sorted(PATTERN_KEYS)},
        "max_code_ratio": {"type": "number", "minimum": 0, "maximum": 1, "description": "code/YAML share to decline"},
        "min_task_items": {**_INT, "description": "task-list items (- [ ] x) that claim without a heading; 0: off"},
        "probe_lines": {**_INT, "minimum": 1, "description": "lines after the front matter the claim is decided on"},
        "max_headings": {**_INT, "description": "headings listed in the outline"},
        "heading_chars": {**_INT, "description": "clip for each heading"},
        "max_languages": {**_INT, "description": "code block languages listed"},
        "max_front_matter_keys": {**_INT, "description": "front matter keys listed"},
        "excerpt_chars": {**_INT, "description": "clip for the opening paragraph"},
    },
}


@dataclass
class _Scan:
    headings: list[tuple[int, str]] = field(default_factory=list)
    languages: dict[str, int] = field(default_factory=dict)
    blocks: int = 0
    underlines: int = 0  # reStructuredText `~~~`/backtick underlines (not fences)
    links: int = 0
    images: int = 0
    lists: int = 0
    tables: int = 0
    quotes: int = 0
    prose: int = 0
    code_like: int = 0
    opening: list[str] = field(default_factory=list)
    opening_done: bool = False


def _front_matter(lines: list[str]) -> tuple[list[str], int]:
    """(front matter keys, index of the first body line)."""
    if not lines or lines[0].rstrip() != "---":
        return [], 0
    for index in range(1, min(len(lines), 500)):
        if lines[index].rstrip() in ("---", "..."):
            keys = [ln.split(":", 1)[0].strip() for ln in lines[1:index] if ln[:1].isalnum() and ":" in ln]
            return keys, index + 1
    return [], 0


def _fence_close(line: str, fence: str) -> bool:
    stripped = line.strip()
    return stripped.startswith(fence) and not stripped.lstrip(fence[0])


_LINE_KEYS = ("fence", "heading", "table_rule", "list_item", "quote", "code_line", "yaml_line", "reference")


def _multiline(regex: Any) -> Any:
    return compile_pattern(regex.pattern, "m")


class _Hits:
    """Whole-text RE2 passes: for each syntax, the first match on each line; link and image counts per line."""

    def __init__(self, lines: list[str], caps: Mapping[str, Any]) -> None:
        data = "\n".join(lines).encode("utf-8", "surrogatepass")
        self.data = data
        self.groups = {key: caps[key].groupindex for key in ("fence", "heading")}
        self.first = {key: self._first(data, caps[key], key in self.groups) for key in _LINE_KEYS}
        self.links = self._count(data, caps["link"])
        self.images = self._count(data, caps["image"])

    @staticmethod
    def _lines_of(data: bytes, regex: Any):
        line, counted = 0, 0
        for match in _multiline(regex).finditer(data):
            pos = match.start()
            line += data.count(b"\n", counted, pos)
            counted = pos
            yield line, match

    def _first(self, data: bytes, regex: Any, keep: bool) -> dict[int, Any]:
        """Line -> the spans of its first match (``keep``), else line -> ``True``; no match objects kept."""
        out: dict[int, Any] = {}
        for line, match in self._lines_of(data, regex):
            if line not in out:
                out[line] = tuple(match.span(i) for i in range(regex.groups + 1)) if keep else True
        return out

    def _count(self, data: bytes, regex: Any) -> dict[int, int]:
        out: dict[int, int] = {}
        for line, _ in self._lines_of(data, regex):
            out[line] = out.get(line, 0) + 1
        return out

    def has(self, key: str, line: int) -> bool:
        return line in self.first[key]

    def text(self, key: str, spans: Any, group: str) -> str:
        """One named group of a kept match, sliced from the data."""
        start, end = spans[self.groups[key][group]]
        return self.data[start:end].decode("utf-8", "surrogatepass") if start >= 0 else ""


def _underline(line: str, previous: str) -> bool:
    """Whether a fence-looking line (``~~~~~~``, no info string) is the underline of the title above it.

    reStructuredText (a Python module docstring's ``oauthlib.utils`` over ``~~~~~~~~~~~~~~``)
    underlines titles with ``~`` or backticks; taken for a fence, the line would open a block
    that never closes and swallow the rest of the file.
    """
    stripped, title = line.strip(), previous.strip()
    return (
        len(stripped) >= 3
        and len(set(stripped)) == 1
        and stripped[0] in "~`"
        and bool(title)
        and abs(len(stripped) - len(title)) <= 2
    )


def _scan_line(scan: _Scan, index: int, line: str, previous: str, hits: _Hits) -> str | None:
    """Scan one line outside fences; returns the opening fence when the line opens one."""
    if not line.strip():
        scan.opening_done = scan.opening_done or bool(scan.opening)
        return None
    fence = hits.first["fence"].get(index)
    if fence and _underline(line, previous):
        scan.underlines += 1
        return None
    if fence:
        scan.blocks += 1
        language = hits.text("fence", fence, "info").lower() or "(none)"
        scan.languages[language] = scan.languages.get(language, 0) + 1
        scan.opening_done = scan.opening_done or bool(scan.opening)
        return hits.text("fence", fence, "fence")
    heading = hits.first["heading"].get(index)
    if heading:
        scan.headings.append((len(hits.text("heading", heading, "marks")), hits.text("heading", heading, "text")))
        scan.opening_done = scan.opening_done or bool(scan.opening)
        return None
    if _setext(scan, index, line, previous, hits):
        return None
    _count_features(scan, index, line, hits)
    return None


def _indented_code(line: str) -> bool:
    """Whether ``line`` is indented 4 columns or more (a tab is 4): CommonMark's indented code, never a heading's line."""
    return line[: len(line) - len(line.lstrip(" \t"))].expandtabs(4).count(" ") >= 4


def _setext(scan: _Scan, index: int, line: str, previous: str, hits: _Hits) -> bool:
    stripped = line.strip()
    if len(stripped) < 3 or set(stripped) not in ({"="}, {"-"}) or not previous.strip():
        return False
    # issue 10 (probe_docs): a title centred by indentation (HAProxy's guides, GNU manuals) under or over a
    # rule is plain text: in CommonMark a setext heading's line and underline are indented 3 columns at most
    if _indented_code(previous) or _indented_code(line):
        return False
    if hits.has("list_item", index - 1) or hits.has("heading", index - 1) or hits.has("table_rule", index):
        return False
    scan.headings.append((1 if stripped[0] == "=" else 2, previous.strip()))
    scan.prose = max(0, scan.prose - 1)
    if scan.opening and scan.opening[-1] == previous.strip():
        scan.opening.pop()
    return True


def _count_features(scan: _Scan, index: int, line: str, hits: _Hits) -> None:
    scan.images += hits.images.get(index, 0)
    scan.links += hits.links.get(index, 0) + (1 if hits.has("reference", index) else 0)
    if hits.has("table_rule", index):
        scan.tables += 1
        return
    if hits.has("list_item", index):
        scan.lists += 1
    elif hits.has("quote", index):
        scan.quotes += 1
    elif hits.has("code_line", index) or hits.has("yaml_line", index):
        scan.code_like += 1
    else:
        scan.prose += 1
        if not scan.opening_done and not line.lstrip().startswith(("<", "[![", "![")):
            scan.opening.append(line.strip())


def _scan(lines: list[str], caps: Mapping[str, Any]) -> _Scan:
    scan = _Scan()
    _scan_into(scan, [line.rstrip("\r") for line in lines], caps)
    return scan


def _scan_into(
    scan: _Scan, lines: list[str], caps: Mapping[str, Any], fence: str | None = None, previous: str = ""
) -> tuple[str | None, str]:
    """Scan ``lines`` into ``scan`` from an open ``fence`` and the ``previous`` line; return both after."""
    hits = _Hits(lines, caps)
    for index, line in enumerate(lines):
        if fence is not None:
            if _fence_close(line, fence):
                fence = None
            previous = ""
            continue
        fence = _scan_line(scan, index, line, previous, hits)
        previous = line
    return fence, previous


def _setext_lines(text: str) -> list[int]:
    """The indices of the lines of ``text`` that :func:`_setext` may take for an underline.

    Those lines are, once stripped, 3 or more ``=`` or ``-``: found with ``str.find``.
    """
    starts = set()
    for needle in ("===", "---"):
        pos = text.find(needle)
        while pos >= 0:
            start = text.rfind("\n", 0, pos) + 1
            end = text.find("\n", pos)
            end = len(text) if end < 0 else end
            stripped = text[start:end].strip()
            if len(stripped) >= 3 and set(stripped) in ({"="}, {"-"}):
                starts.add(start)
            pos = text.find(needle, end)
    out, line, counted = [], 0, 0
    for start in sorted(starts):
        line += text.count("\n", counted, start)
        counted = start
        out.append(line)
    return out


def _may_claim(lines: list[str], caps: Mapping[str, Any]) -> bool:
    """False when the probe has no heading, setext underline, fence, link, reference definition or table rule at all
    (then :func:`_claims` is False; a document that is one pipe table has only its ``|---|---|`` rule).

    A few RE2 searches and one line test instead of the probe's full scan: content of another
    kind (a 10 MB JSON or CSV line...) is declined in a few milliseconds.
    """
    text = "\n".join(line.rstrip("\r") for line in lines)
    data = text.encode("utf-8", "surrogatepass")
    if any(_multiline(caps[key]).search(data) is not None for key in ("heading", "fence", "link", "table_rule", "reference")):
        return True
    return bool(_setext_lines(text))


def _low_spans(regex: Any, data: bytes) -> Iterator[list[tuple[int, int]]]:
    """The spans (group 0 first) of each match of ``regex`` in ``data``, as ``finditer`` finds them.

    Through the RE2 binding's low-level ``Match`` (no match object per match); ``finditer``
    on another binding.
    """
    raw = getattr(regex, "regex", regex)
    low = getattr(raw, "_regexp", None)
    anchor = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
    if low is None or anchor is None:  # pragma: no cover - another binding version
        for match in raw.finditer(data):
            yield [match.span(i) for i in range(raw.groups + 1)]
        return
    pos, end, match = 0, len(data), low.Match
    while pos <= end:
        spans = match(anchor, data, pos, end)
        if spans[0][0] < 0:
            return
        yield spans
        pos = spans[0][1] if spans[0][1] > pos else pos + 1


def _line_matches(data: bytes, regex: Any) -> Iterator[tuple[int, list[tuple[int, int]]]]:
    """(line index, spans) of each match of ``regex`` (multi-line) in ``data``: what ``_Hits._lines_of`` yields."""
    line, counted = 0, 0
    count = data.count
    for spans in _low_spans(_multiline(regex), data):
        pos = spans[0][0]
        line += count(b"\n", counted, pos)
        counted = pos
        yield line, spans


# For these patterns, when they are the bundled ones, a match starts at a line start and ends
# within the line (so a line's hit depends on that line alone), and the first non-blank
# character of a line they match is one of these (a cheap superset test).
_CONFINED_LEADS = {"fence": "`~", "heading": "#", "table_rule": "|:-", "list_item": "-*+0123456789", "reference": "["}
# ... and contain this (``-{3,}``)
_CONFINED_NEEDS = {"table_rule": "---"}
_PER_LINE = tuple(_CONFINED_LEADS)
_LAZY = ("quote", "code_line", "yaml_line")
_CHUNK = 64


class _AllHits:
    """What :class:`_Hits` finds, for a whole document, without one RE2 call per match where it can.

    * ``fence``, ``heading``, ``table_rule``, ``list_item``, ``reference`` with their bundled
      patterns (line-bound, see :data:`_CONFINED_LEADS`): the candidate lines (first non-blank
      character) are checked together by one RE2 full match of ``(?:P[^\n]*\n)*`` over them
      (chunks, then single lines, when some do not match); groups are read only where needed.
      Any other pattern: the whole-text pass of :class:`_Hits`.
    * ``link``, ``image``: the whole-text passes (a link's title may run over a line end).
    * ``quote``, ``code_line``, ``yaml_line`` only decide prose lines, which matter until the
      opening paragraph is complete: lazy whole-text passes, run as far as lines are asked for.
    """

    def __init__(self, lines: list[str], caps: Mapping[str, Any]) -> None:
        self.lines = lines
        self.caps = caps
        self.joined = "\n".join(lines)
        data = self.joined.encode("utf-8", "surrogatepass")
        self.data = data
        self.group_index = {key: caps[key].groupindex for key in ("fence", "heading")}
        self.hit: dict[str, Any] = {}
        self.ordered: dict[str, list[int]] = {}  # the hit lines in order
        self.spans: dict[str, dict[int, Any]] = {}
        lead = None
        for key in _PER_LINE:
            if caps[key].pattern == DEFAULTS[key]:
                if lead is None:
                    lead = _leads(lines)
                candidates = _ones(lead.translate(_LEAD_TABLES[key]))
                need = _CONFINED_NEEDS.get(key)
                if need:
                    candidates = [i for i in candidates if need in lines[i]]
                self.ordered[key] = self._verified(caps[key], candidates)
                self.hit[key] = set(self.ordered[key])
            else:
                found: dict[int, Any] = {}
                for line, spans in _line_matches(data, caps[key]):
                    found.setdefault(line, (data, spans))
                self.spans[key] = found
                self.hit[key] = found
                self.ordered[key] = list(found)
        self.lead = lead
        self.counts: dict[str, dict[int, int]] = {}
        for key in ("link", "image"):
            counted: dict[int, int] = {}
            for line, _ in _line_matches(data, caps[key]):
                counted[line] = counted.get(line, 0) + 1
            self.counts[key] = counted
        self.links, self.images = self.counts["link"], self.counts["image"]
        self._lazy = {key: (_line_matches(data, caps[key]), set(), [-1]) for key in _LAZY}
        self._memo: dict[tuple[str, str], Any] = {}
        self.first = {key: _GroupsView(self, key) for key in ("fence", "heading")}

    def close(self) -> None:
        """Drop what refers back to this object (the views of ``first``, the lazy passes over ``data``):
        its text is then freed at once, not at the next cycle collection (the stream counter makes one
        per block)."""
        self.first = {}
        self._lazy = {}

    def _verified(self, regex: Any, candidates: list[int]) -> list[int]:
        """The candidate lines that ``regex`` (line-bound, multi-line) matches at their start."""
        # no capturing group: RE2 then answers with its DFA alone
        check = compile_pattern(f"(?:(?:{without_groups(regex.pattern)})[^\\n]*\\n)*", "m").regex
        lines = self.lines

        def all_match(chunk) -> bool:
            blob = "\n".join([lines[i] for i in chunk]) + "\n"
            return check.fullmatch(blob.encode("utf-8", "surrogatepass")) is not None

        def split(chunk: list[int]) -> list[int]:
            if all_match(chunk):
                return chunk
            if len(chunk) == 1:
                return []
            middle = len(chunk) // 2
            return split(chunk[:middle]) + split(chunk[middle:])

        if not candidates or all_match(candidates):
            return candidates
        out: list[int] = []
        for at in range(0, len(candidates), _CHUNK):
            out += split(candidates[at : at + _CHUNK])
        return out

    def groups(self, key: str, line: int) -> Any:
        """(buffer, spans) of the first match of ``key`` on ``line``, or None."""
        if line not in self.hit[key]:
            return None
        if key in self.spans:
            return self.spans[key][line]
        text = self.lines[line]
        memo = self._memo.get((key, text))
        if memo is None:
            buf = text.encode("utf-8", "surrogatepass")
            match = _multiline(self.caps[key]).regex.search(buf)
            memo = self._memo[(key, text)] = (buf, [match.span(i) for i in range(match.re.groups + 1)])
        return memo

    def has(self, key: str, line: int) -> bool:
        if key not in self._lazy:
            return line in self.hit[key]
        matches, seen, reached = self._lazy[key]
        while reached[0] < line:
            found = next(matches, None)
            if found is None:
                reached[0] = 1 << 62
                break
            reached[0] = found[0]
            seen.add(found[0])
        return line in seen

    def text(self, key: str, found: Any, group: str) -> str:
        buf, spans = found
        start, end = spans[self.group_index[key][group]]
        return buf[start:end].decode("utf-8", "surrogatepass") if start >= 0 else ""


class _GroupsView:
    """``hits.first[key].get(line)`` for :func:`_scan_line`: the groups of ``key`` on ``line``."""

    def __init__(self, hits: _AllHits, key: str) -> None:
        self.hits, self.key = hits, key

    def get(self, line: int) -> Any:
        return self.hits.groups(self.key, line)


def _leads(lines: list[str]) -> bytes:
    """One byte per line: its first character after spaces and tabs (``\\n`` for none; ``?`` if not ASCII)."""
    lead = "".join([line[:1] or "\n" for line in lines])
    if " " in lead or "\t" in lead:
        chars = list(lead)
        for match in re.finditer("[ \t]", lead):
            index = match.start()
            chars[index] = lines[index].lstrip(" \t")[:1] or "\n"
        lead = "".join(chars)
    return lead.encode("ascii", "replace")


#: for each key of _CONFINED_LEADS, a bytes.translate table: 1 for its lead characters, else 0
_LEAD_TABLES = {
    key: bytes(1 if chr(b) in chars else 0 for b in range(256)) for key, chars in _CONFINED_LEADS.items()
}


def _scan_all(lines: list[str], caps: Mapping[str, Any], crlf: bool = True) -> _Scan:
    """:func:`_scan` for a whole document (same result), without a Python step per line.

    Until the opening paragraph is complete, lines are scanned one by one as :func:`_scan`
    does. Then: the fenced blocks are found (opening fences in order, each closed by a plain
    test of the lines after it), the setext underlines are read in order (they need the line
    before), and the counts are sums over the lines with hits that lie outside the fences
    and are not headings. Headings past the ``max_headings`` listed keep only what the
    synopsis reads (their number and the first level-1 title).
    """
    if crlf:
        lines = [line.rstrip("\r") for line in lines]
    scan = _Scan()
    _scan_lines(scan, lines, caps)
    return scan


def _scan_lines(
    scan: _Scan, lines: list[str], caps: Mapping[str, Any], fence: str | None = None, previous: str = ""
) -> tuple[str | None, str]:
    """:func:`_scan_into` (the same counts in ``scan``, the same open fence and line before returned) the
    way :func:`_scan_all` reads a whole document: the stream counter's scan of one block."""
    hits = _AllHits(lines, caps)
    # Until a prose line opens the opening paragraph nothing is sequential: past the first
    # lines, such a stretch goes in bulk (up to that prose line).
    index = 0
    count = len(lines)
    steps, bulk_left = 0, _BULK_OPENINGS
    while index < count and not scan.opening_done:
        if not scan.opening and steps >= _SEQUENTIAL_STEPS and bulk_left:
            # the opening is still (or again, after a setext heading took its line) empty:
            # bulk up to the next prose line (each bulk pass reads the whole rest: a few at most)
            index, previous, fence = _scan_rest(scan, hits, lines, index, fence, previous, until_opening=True)
            steps, bulk_left = 0, bulk_left - 1
            continue
        steps += 1
        line = lines[index]
        if fence is not None:
            if _fence_close(line, fence):
                fence = None
            previous = ""
        else:
            fence = _scan_line(scan, index, line, previous, hits)
            previous = line
        index += 1
    if index < count:
        _, previous, fence = _scan_rest(scan, hits, lines, index, fence, previous)
    hits.close()
    return fence, previous


def _scan_rest(
    scan: _Scan, hits: _AllHits, lines: list[str], begin: int, fence: str | None, previous: str, until_opening: bool = False
) -> tuple[int, str, str | None]:
    """The rest of :func:`_scan_all` from line ``begin`` on (the opening paragraph is complete).

    ``until_opening`` (from the start, the opening still empty): only up to the first line
    that :func:`_count_features` would add to the opening. Returns where the scan stopped: that
    line (``len(lines)`` when the scan is done), the ``previous`` line :func:`_scan` would have
    there and the fence open there (None there, always, for a stop at an opening line).
    """
    count = len(lines)
    fenced, blocks, open_fence = _fenced_blocks(hits, lines, begin, fence)
    heading_lines = hits.ordered["heading"]
    atx = [line for line in heading_lines[bisect_left(heading_lines, begin) :] if not fenced[line]]
    atx_set = set(atx)
    underlines: list[tuple[int, int, str]] = []  # (line, level, text) of each setext heading
    for line in _setext_lines(hits.joined):
        if line < begin or fenced[line] or line in atx_set or line in hits.hit["fence"]:
            continue
        before = previous if line == begin else ("" if fenced[line - 1] else lines[line - 1])
        stripped = lines[line].strip()
        if len(stripped) < 3 or set(stripped) not in ({"="}, {"-"}) or not before.strip():
            continue
        if hits.has("list_item", line - 1) or hits.has("heading", line - 1) or hits.has("table_rule", line):
            continue
        underlines.append((line, 1 if stripped[0] == "=" else 2, before.strip()))
    setext = {line for line, _, _ in underlines}
    skip = atx_set | setext
    stop = count
    if until_opening:
        first = _first_prose(hits, lines, begin, fenced, skip)
        if first is not None:
            stop = first
            atx = [line for line in atx if line < stop]
            underlines = [item for item in underlines if item[0] < stop]
    for _line, language in blocks:
        if _line >= stop:
            break
        scan.blocks += 1
        scan.languages[language] = scan.languages.get(language, 0) + 1
    for _line, _level, before in underlines:  # what _setext does to the opening
        if scan.opening and scan.opening[-1] == before:
            scan.opening.pop()
    _add_headings(scan, hits, atx, underlines)

    # a feature line: in [begin, stop), outside the blocks, not a heading (ATX or setext underline)
    scan.images += sum(
        n for line, n in hits.images.items() if begin <= line < stop and not fenced[line] and line not in skip
    )
    scan.links += sum(n for line, n in hits.links.items() if begin <= line < stop and not fenced[line] and line not in skip)
    scan.links += sum(1 for line in hits.hit["reference"] if begin <= line < stop and not fenced[line] and line not in skip)
    tables = {line for line in hits.hit["table_rule"] if begin <= line < stop and not fenced[line] and line not in skip}
    scan.tables += len(tables)
    scan.lists += sum(
        1
        for line in hits.hit["list_item"]
        if begin <= line < stop and not fenced[line] and line not in skip and line not in tables
    )
    if stop >= count:
        # _scan_into's line before: "" after a line in a block (its closing line too); the line after an
        # opening fence is in its block, so that line before is never read
        return count, ("" if fenced[count - 1] else lines[count - 1]) if count > begin else previous, open_fence
    return stop, ("" if stop == 0 or fenced[stop - 1] else lines[stop - 1]), None


def _ones(mask: bytes, offset: int = 0) -> list[int]:
    """The indices (plus ``offset``) of the ``\\x01`` bytes of ``mask``, a blob of ``\\x00`` and ``\\x01``.

    ``list(compress(range(len(mask)), mask))`` without a Python step per zero byte: the
    lengths of the runs between the ones, summed up.
    """
    parts = mask.split(b"\x01")
    del parts[-1]
    return list(accumulate(map((1).__add__, map(len, parts)), initial=offset - 1))[1:]


#: a line's lead (:func:`_leads`) when the line can close a fence (:func:`_fence_close` strips it first):
#: a fence character, an ASCII white space other than space and tab, or ``?`` (not ASCII)
_CLOSE_LEAD = bytes(
    1 if chr(b) in "`~?" or (b < 128 and chr(b).isspace() and chr(b) not in " \t\n") else 0 for b in range(256)
)


def _fenced_blocks(
    hits: _AllHits, lines: list[str], begin: int, fence: str | None
) -> tuple[bytearray, list[tuple[int, str]], str | None]:
    """The fenced blocks from line ``begin`` on (``fence``: the one open there, if any).

    Returns one byte per line (1: in a block, its opening and closing lines included), the
    (opening line, language) of each block and the fence still open after the last line. A block opens on a ``fence`` hit outside a block
    and closes on the first line after it that :func:`_fence_close` takes; only the lines that
    can do either (their lead, :data:`_CLOSE_LEAD`, and the fence hits) are looked at.
    """
    count = len(lines)
    fenced = bytearray(count)
    lead = hits.lead if hits.lead is not None else _leads(lines)
    candidates = _ones(lead[begin:].translate(_CLOSE_LEAD), begin)
    fence_hit = hits.hit["fence"]
    custom = "fence" in hits.spans
    if custom:  # a rule file's pattern: its hits may have any lead
        candidates = sorted({*candidates, *(line for line in hits.ordered["fence"] if line >= begin)})
    opened: dict[str, tuple[str, str]] = {}  # opening line -> (language, fence)
    blocks: list[tuple[int, str]] = []  # (opening line, language)
    start = begin
    for index in candidates:
        if fence is None:
            if index not in fence_hit:
                continue
            text = lines[index]
            known = opened.get(text)
            if known is None:
                found = hits.groups("fence", index)
                known = hits.text("fence", found, "info").lower() or "(none)", hits.text("fence", found, "fence")
                if not custom:
                    opened[text] = known
            language, fence = known
            blocks.append((index, language))
            start = index
            continue
        line = lines[index]
        if fence in line and _fence_close(line, fence):
            fenced[start : index + 1] = b"\x01" * (index + 1 - start)
            fence = None
    if fence is not None:
        fenced[start:count] = b"\x01" * (count - start)
    return fenced, blocks, fence


#: lines scanned one by one with an empty opening before the bulk scan takes over
_SEQUENTIAL_STEPS = 256
#: bulk passes up to a prose line, at most
_BULK_OPENINGS = 2
_NON_BLANK_LEAD = bytes(0 if b == 10 else 1 for b in range(256))


def _first_prose(hits: _AllHits, lines: list[str], begin: int, fenced: bytearray, skip: set[int]) -> int | None:
    """The first line from ``begin`` that :func:`_count_features` adds to the opening (None: none).

    That is a non-blank line outside the blocks, not a heading, table rule, list item,
    quote, code or YAML line, not starting with ``<``, ``[![`` or ``![``.
    """
    lead = hits.lead if hits.lead is not None else _leads(lines)
    tables, items = hits.hit["table_rule"], hits.hit["list_item"]
    candidates = [
        line
        for line in compress(range(begin, len(lines)), lead[begin:].translate(_NON_BLANK_LEAD))
        if not fenced[line] and line not in skip and line not in tables and line not in items
    ]
    for line in candidates:
        text = lines[line]
        if not text.strip() or hits.has("quote", line) or hits.has("code_line", line) or hits.has("yaml_line", line):
            continue
        if not text.lstrip().startswith(("<", "[![", "![")):
            return line
    return None


def _add_headings(scan: _Scan, hits: _AllHits, atx: list[int], underlines: list[tuple[int, int, str]]) -> None:
    """Append the headings in line order; past ``max_headings`` only the first level-1 one keeps its text."""
    events: Any = ((line, 0, None) for line in atx)
    if underlines:
        events = sorted([*events, *underlines])
    total = len(atx) + len(underlines)
    room = max(0, hits.caps["max_headings"] - len(scan.headings))
    titled = any(level == 1 for level, _ in scan.headings)
    default_heading = "heading" not in hits.spans
    for number, (line, level, text) in enumerate(events):
        if number >= room and titled:
            scan.headings.extend([(0, "")] * (total - number))  # counted; their text is never shown
            return
        if number < room:
            if text is None:
                found = hits.groups("heading", line)
                level, text = len(hits.text("heading", found, "marks")), hits.text("heading", found, "text")
            scan.headings.append((level, text))
            titled = titled or level == 1
            continue
        if not titled and text is None:
            # the bundled pattern's marks are the line's leading '#'s: a second '#' means level 2+
            if default_heading and hits.lines[line].lstrip(" ")[1:2] == "#":
                level = 0
            else:
                found = hits.groups("heading", line)
                level, text = len(hits.text("heading", found, "marks")), hits.text("heading", found, "text")
        if not titled and level == 1:
            scan.headings.append((level, text))
            titled = True
        else:
            scan.headings.append((0, ""))  # counted; its text is never shown


#: evidence patterns (Python ``re``, run on the probe only: at most ``probe_lines`` lines)
_EVIDENCE_CHARS = 200_000
_ATX_LINE = LazyPattern(re.compile, r"#{1,6}(?:[ \t]|$)")
_INLINE_CODE = LazyPattern(re.compile, r"(?<![`\w])`[^`\n]{1,200}`(?![`\w])")
#: GNU/TeX quoting (`word'): plain-text documents (GNU NEWS, bash CHANGES), never Markdown inline code
_GNU_QUOTE = LazyPattern(re.compile, r"(?<![`\w])`[^`'\n]{1,80}'")
#: strong emphasis: ``**...**`` may hold ``_`` and end in ``/`` (``**multi_file_test.c**`` in the ``**tests/**``
#: directory: libsndfile's docs), ``__...__`` neither
_BOLD = LazyPattern(re.compile,
    r"(?:^|(?<=[\s(\[]))(?:\*\*[A-Za-z0-9`][^*\n]{0,120}?[A-Za-z0-9.!?:)`/]\*\*|__[A-Za-z0-9`][^*_\n]{0,120}?[A-Za-z0-9.!?:)`]__)"
    r"(?=[\s.,;:!?)\]]|$)")
_RST = LazyPattern(re.compile,
    r"^\.\. (?:[\w-]+::|_[^:\n]+:|\|[^|\n]+\|)"  # directive, target, substitution
    r"|:[a-z][\w:-]*:`[^`\n]+`"  # role
    r"|(?<![`\w])`~[A-Za-z_][\w.]*\.[\w.]*[A-Za-z_]\w*(?:\(\))?`(?![`_])"  # Sphinx's shortened cross-reference `~pkg.mod.f`
    r"|``[^`\n]+``"  # inline literal
    r"|`[^`\n]+(?:\n[^`\n]+)? <[^>\n]+>`__?"  # hyperlink (its text may wrap onto a second line)
    r"|^[^\s].*[^\s:]::$"  # a paragraph ending in '::' (literal block follows)
    r"|^([~^\"'+*#=`-])\1{2,}$",  # an adornment line (checked below against its title)
    re.M,
)
#: an inline link (its text may wrap onto a second line, as in a hand-wrapped paragraph) or a reference definition
#: whose target is a URL, a path or an anchor (``[Windows]:W``, an INI-style section with a hotkey, is none)
_MD_LINK = LazyPattern(re.compile, r"\[[^\]\n]+(?:\n[^\]\n]*)?\]\([^)\s|\\\[\]{}^$?][^)\s|\\\[\]{}^$]*(?:[ \t]+\"[^\"\n]*\")?\)|^ {0,3}\[[^\]\n]+\]:[ \t]*\S*[/.#:<]\S*", re.M)
#: an inline link's target that is a URL (``](https://...``, ``](mailto:...``)
_URL_TARGET = LazyPattern(re.compile, r"\]\(<?(?:https?://|mailto:)")  # `[x](url)`, `[x](<url>)` (pandoc's)
#: a link target that is code, not a URL or a path (issue 10, probe_docs): a call or an argument list quoted in a
#: plain-text TODO or guide (``[REQ==0](pack()``, ``[int](...)``, Lua's ``mytable["entry"](mytable, "param")``): it
#: holds ``(``, ``=`` or ``,`` or is dots only, and no URL or path character (``/ : # ? @``) nor a ``.ext``
_CODE_TARGET = LazyPattern(re.compile, r"\]\((?=[^)\s]*[(=,]|\.+\))(?![^)\s]*(?:[/:#?@]|\.\w))")
#: ``__name__`` (a dunder identifier: ``__future__``, ``__constructor__``, ``__LP64__``, ``__STDC_VERSION__``) in a
#: changelog or a guide is an identifier, not ``__strong emphasis__``: Markdown documents quote identifiers in code
#: spans. Lower case, or capitals with a digit or an inner ``_``: Markdown writes ``__Note__``, ``__HEAD__``, ``__CSS__``
#: in bold (probe_docs: 400 such in Markdown files, none in plain text)
_DUNDER = LazyPattern(re.compile, r"__[a-z][a-z0-9_]*__|__[A-Z][A-Z0-9]*(?:[0-9]|_[A-Z0-9])[A-Z0-9_]*__")
#: an image inside a link to a URL (a README's build badge): no other format writes ``[![``
_BADGE = LazyPattern(re.compile, r"\[!\[[^\]\n]*\]\([^)\s]+\)\]\((?:https?://|mailto:)[^)\s]+\)")
#: a source file's package clause over its imports, first after comments (Go's `package certificate` / `import (`,
#: Java's `package a.b;` / `import a.b.C;`): a program, whatever Markdown its raw strings hold (smallstep's CLI commands:
#: their usage texts are Markdown pages in backquotes)
_PACKAGE_START = LazyPattern(re.compile,
    r"(?:[ \t]*(?://[^\r\n]*|/\*(?:[^*]|\*+[^*/])*\*+/[ \t]*)?\r?\n)*package[ \t]+[A-Za-z_][\w.]*[ \t]*;?[ \t]*\r?\n"
    r"(?:[ \t]*(?://[^\r\n]*)?\r?\n)*import[ \t]*(?:\(|\"|[A-Za-z_])")
#: an editor's mode line after the `#` (`# vim:tw=70`, `# vi: set ft=txt:`, `# -*- mode: text -*-`): a comment, no heading
_MODELINE = LazyPattern(re.compile, r"(?:vim?|ex):|vim?[ \t]+set[ \t]|-\*-.*-\*-")
#: the text of an ATX heading that is one Markdown link to a URL
_LINK_HEADING = LazyPattern(re.compile, r"\[[^\n]+\]\(https?://[^)\s]+\)")
#: reStructuredText hyperlink targets (``.. _name: url``, ``.. _`a name`: url``) and references to them (```name`_``)
_RST_TARGET = LazyPattern(re.compile, r"^\.\. _`?([^`:\n]+)`?:", re.M)
_RST_REFERENCE = LazyPattern(re.compile, r"(?<!`)`([^`\n]+)`__?(?![\w`])")
#: C-style comment blocks (a JSDoc body's `` * `` lines look like list items)
_COMMENT_BLOCK = LazyPattern(re.compile, r"^[ \t]*/\*\*?(?:[ \t]|$)|^[ \t]*\*/[ \t]*$", re.M)
_FOREIGN = LazyPattern(re.compile,
    r"\x1f|^File: [^,\n]+,[ \t]+Node: |produced by makeinfo"  # GNU info
    r"|^\*[\w.+-]+\.txt\*[ \t]|vim:[^\n]*\bft=help\b"  # Vim help
    r"|^Help on (?:module|package|class|function|built-in|method)\b"  # pydoc
    # an AsciiDoc manual page's source (`asciidoc -d manpage`: git-doc's `gitformat-index.txt`): its title is the page's
    # name and section alone, underlined; a Markdown man page (ronn) writes `name(1) -- what it does` on that line
    r"|\A(?:[ \t]*\n)*[\w.:+-]+\(\d\w*\)[ \t]*\n={3,}[ \t]*\n"
    # a formatted manual page (`man -P cat`): its header line ending in the page and section (`Perl::Tidy(3pm)`),
    # a blank line, a section heading (NAME, its translation, or `NAME Module - what it does` on one line) at the
    # start, as the code kind's not_code_patterns read it (they also take a header with an empty section, `Yabar()`:
    # a Markdown claim never came near that page, so this copy was left as measured; both take a centred title line
    # between the header and NAME)
    r"|\A(?:[ \t]*\n)*[^\s(][^\n]*\(\d\w*\)[ \t]*\n[ \t]*\n(?:[ \t]+\S[^\n]*\n[ \t]*\n)?[ \t]*"
    r"(?:[A-Z][A-Z -]*|[^\x00-\x7f][^\x00-\x1f!-@\[-\x7f]*|NAME[ \t]+[^\s-][^\n]*[ \t]-[ \t][^\n]*)\n",
    re.M,
)


def _in_comment_run(lines: list[str], index: int) -> bool:
    """Whether line ``index`` (a ``#`` line) is in a run of ``#`` lines that reads as a comment block:
    three lines or more, or two of the same level (``## 1.0`` over ``### Added`` is two headings)."""
    start = index
    while start > 0 and lines[start - 1].startswith("#"):
        start -= 1
    end = index + 1
    while end < len(lines) and lines[end].startswith("#"):
        end += 1
    if end - start >= 3:
        return True
    if end - start == 2:
        first, second = lines[start], lines[start + 1]
        return len(first) - len(first.lstrip("#")) == len(second) - len(second.lstrip("#"))
    return False


@dataclass
class _Evidence:
    isolated: int = 0  # ATX headings that stand as headings (blank or prose around, not in a # run)
    commentish: int = 0  # ATX-looking lines in a run of '#' lines or before code: comments
    levels: set[int] = field(default_factory=set)
    inline_code: int = 0
    bold: int = 0
    links: int = 0  # inline links and reference definitions (not bare <https://...> autolinks)
    url_links: int = 0  # of ``links``: inline links to a URL (``[text](https://...)``, ``mailto:``)
    comment_blocks: int = 0
    rst: int = 0
    rst_adornments: int = 0  # of ``rst``: ``=``/``-`` over- and underlines only (no directive, role, literal...)
    rst_literals: int = 0  # of ``rst``: ````double-backtick```` spans (a Markdown code span too)
    foreign: int = 0
    pipe_tables: int = 0  # GFM tables: a delimiter row under a header row of as many cells, a body row below
    text_titles: int = 0  # plain-text titles Markdown has not: numbered and underlined, or over- and underlined alike
    badges: int = 0  # linked images (``[![Build Status](https://.../badge.svg)](https://...)``): Markdown's own



def _cells(row: str) -> int:
    """The number of cells of a pipe-table row (outer pipes dropped, ``\\|`` not a separator)."""
    row = row.strip().replace("\\|", "")
    if row.startswith("|"):
        row = row[1:]
    if row.endswith("|"):
        row = row[:-1]
    return row.count("|") + 1


def _pipe_tables(body: list[str], rule: Any) -> int:
    """GFM tables in ``body``: a delimiter row (``rule``: the ``table_rule`` pattern) whose line above
    is a header row with as many cells (itself not under another row) and whose line below is a row
    with a ``|`` (psql, org-mode and ASCII-art tables use ``+``)."""
    found = 0
    for index in range(1, len(body) - 1):
        row = body[index]
        if "|" not in row or rule.search(row) is None:
            continue
        head, nxt = body[index - 1], body[index + 1]
        above = body[index - 2] if index >= 2 else ""
        # the header row opens the table: the line above it is not a row too (a rule inside
        # pipe-separated log lines or a listing is not a table's delimiter row)
        if "|" in above or "|" not in head or "|" not in nxt or rule.search(nxt) is not None:
            continue
        if _cells(head) == _cells(row):
            found += 1
    return found


def _text_titles(body: list[str], list_item: Any) -> int:
    """Section titles in a plain-text style that Markdown does not have (issue 10, probe_docs), counted
    as reStructuredText-like adornments:

    - a numbered title underlined to its length (``1. Prerequisites`` over ``----------------``: HAProxy's
      guides); in CommonMark it is a list item and a thematic break, which no Markdown author writes;
    - a title between an overline and an underline that differ (``*****`` over the title, ``-----`` under it:
      coreutils' README); an overline that equals its underline is counted as reStructuredText already.
    """
    found = 0
    for index in range(1, len(body)):
        under = body[index].strip()
        title = body[index - 1]
        if len(under) < 3 or set(under) not in ({"="}, {"-"}) or not title.strip():
            continue
        over = body[index - 2].strip() if index >= 2 else ""
        framed = (len(over) >= 3 and len(set(over)) == 1 and over[0] in "=-~^*+#" and over != under
                  and abs(len(over) - len(under)) <= 2)
        numbered = list_item.search(title) is not None and abs(len(title.strip()) - len(under)) <= 2
        if framed or numbered:
            found += 1
    return found


def _evidence(lines: list[str], caps: Mapping[str, Any]) -> _Evidence:
    """What tells Markdown from ``#`` comments, reStructuredText, GNU info, Vim help and pydoc pages."""
    ev = _Evidence()
    code_line = _multiline(caps["code_line"])
    fence: str | None = None
    docstring: str | None = None
    fence_re = caps["fence"]
    body: list[str] = []
    count = len(lines)
    for index, line in enumerate(lines):
        line = line.rstrip("\r")
        if fence is not None:
            if _fence_close(line, fence):
                fence = None
            continue
        if line[:3] in ("```", "~~~") or line.lstrip(" ")[:3] in ("```", "~~~"):
            found = fence_re.match(line)
            if found is not None and not (index and _underline(line, lines[index - 1].rstrip("\r"))):
                fence = found.group("fence")
                continue
        if line.startswith("#") and _ATX_LINE.match(line):
            nxt = lines[index + 1].rstrip("\r") if index + 1 < count else ""
            text = line.lstrip("#").strip().rstrip("#").strip()
            in_run = _in_comment_run(lines, index)
            before_code = bool(nxt.strip()) and code_line.search(nxt) is not None
            # a heading that is a link to a URL (a release note's `#### [Fix x (@user)](https://.../pull/1)`) is
            # a heading however long: a `#` comment does not hold Markdown link syntax
            sentence = (len(text) > 70 or text.endswith((".", ",", ";"))) and _LINK_HEADING.fullmatch(text) is None
            if in_run or before_code or sentence or not any(ch.isalnum() for ch in text) or _MODELINE.match(text):
                ev.commentish += 1
            else:
                ev.isolated += 1
                ev.levels.add(len(line) - len(line.lstrip("#")))
            continue
        if line.lstrip(" \t")[:2] == "//":
            continue  # a line comment (Rust's `///` docs, JSDoc-less JS): its links and spans are code docs
        rest = line.lstrip(" \t")
        if rest[:1] == "#" and len(line[: len(line) - len(rest)].expandtabs(4)) >= 4:
            continue  # an indented `#` comment (a Ruby method's YARD docs): code docs, not a heading (Markdown's is indented 3 at most)
        if docstring is not None or '"""' in line or "'''" in line:
            # a triple-quoted string (a Python docstring) outside fences: its Markdown documents code
            for quote in ('"""', "'''"):
                if (docstring is None or docstring == quote) and line.count(quote) % 2:
                    docstring = None if docstring == quote else quote
            continue
        body.append(line)
    text = "\n".join(body)[:_EVIDENCE_CHARS]
    gnu = _GNU_QUOTE.findall(text)
    # two GNU quotes or more: the backticks are quotes, and spans between them are not code
    ev.inline_code = len(_INLINE_CODE.findall(_GNU_QUOTE.sub(" ", text) if len(gnu) >= 2 else text))
    ev.bold = sum(1 for bold in _BOLD.findall(text) if _DUNDER.fullmatch(bold) is None)
    links = [link.group(0) for link in _MD_LINK.finditer(text) if _CODE_TARGET.search(link.group(0)) is None]
    ev.links = len(links)
    ev.url_links = sum(1 for link in links if _URL_TARGET.search(link) is not None)
    ev.comment_blocks = len(_COMMENT_BLOCK.findall(text))
    ev.badges = len(_BADGE.findall(text))
    for match in _RST.finditer(text):
        if match.group(1) is None:
            ev.rst += 1
            if match.group(0).startswith("``"):
                ev.rst_literals += 1
            continue
        # an adornment: RST when its character is not Markdown's (= -), or when it is an
        # overline (the title is under it and the same adornment follows the title)
        start = match.start()
        adornment = match.group(0)
        if adornment[0] not in "=-":
            before = text.rfind("\n", 0, max(0, start - 1))
            title = text[before + 1 : max(0, start - 1)]
            if title.strip() and not title.startswith(" "):
                ev.rst += 1
            continue
        after = text[match.end() + 1 :].split("\n", 2)
        if len(after) >= 2 and after[0].strip() and after[1] == adornment:
            ev.rst += 1
            ev.rst_adornments += 1
    ev.text_titles = _text_titles(body, caps["list_item"])
    # a reference (`carrot-users`_) to a target the document defines (.. _`carrot-users`: http://...); a Markdown
    # `_e.g., `x`_` (a code span in underscore emphasis) has no such target
    targets = {" ".join(name.lower().split()) for name in _RST_TARGET.findall(text)}
    if targets:
        ev.rst += sum(1 for name in _RST_REFERENCE.findall(text) if " ".join(name.lower().split()) in targets)
    ev.foreign = len(_FOREIGN.findall("\n".join(lines)[:_EVIDENCE_CHARS]))
    ev.pipe_tables = _pipe_tables(body, caps["table_rule"])
    return ev


def _listing(lines: list[str], caps: Mapping[str, Any]) -> bool:
    """Whether 80 % of the probe's non-blank lines or more are ``listing_line`` lines (git blame of a README; with
    ``--porcelain``, a tab-led line right after one is the line it annotates)."""
    regex = caps.get("listing_line")
    if regex is None:
        return False
    nonblank = listed = 0
    previous = False
    for line in lines:
        if not line.strip():
            continue
        nonblank += 1
        previous = regex.search(line) is not None or (previous and line.startswith("\t"))
        listed += previous
    return bool(nonblank) and listed >= 0.8 * nonblank


def _claims(scan: _Scan, caps: Mapping[str, Any], ev: _Evidence | None = None) -> bool:
    return bool(_claim_evidence(scan, caps, ev))


def _claim_evidence(scan: _Scan, caps: Mapping[str, Any], ev: _Evidence | None = None) -> tuple[Evidence, ...]:
    """The scored evidence that the probe is Markdown (empty: it is not Markdown).

    ``#`` at a line start is not enough: comment blocks (a run of ``#`` lines, a ``#`` line
    before code) are set apart from headings, and Markdown needs Markdown evidence: fenced
    code with prose, links, images, tables, emphasis, inline code, or a heading hierarchy with
    prose. reStructuredText, GNU info, Vim help and pydoc pages are text, and so is content
    whose lines are mostly code or YAML. The evidence (signal, strength, weight) is weighed
    by the engine (``detection.weights.markdown`` in a rule file replaces a weight).
    """
    nonblank = len(scan.headings) + scan.lists + scan.quotes + scan.tables + scan.prose + scan.code_like
    if ev is None and scan.code_like > caps["max_code_ratio"] * max(1, nonblank):
        return ()
    if ev is None:  # the seed-era rule (kept for callers without evidence)
        features = scan.blocks + scan.links + scan.lists + scan.tables + scan.quotes
        if (scan.headings and (len(scan.headings) >= 2 or features > 0)) or (scan.blocks and scan.prose):
            return (Evidence("headings_or_fences", 1.0, 0.6),)
        return ()
    setext = max(0, len(scan.headings) - ev.isolated - ev.commentish)
    headed = ev.isolated + setext
    inline = ev.bold + (ev.inline_code if ev.inline_code >= 2 or ev.isolated else 0)
    strong = scan.blocks + ev.links + scan.images + scan.tables + inline
    # code or YAML lines: a Markdown document with much Markdown evidence may quote more of them
    ratio = caps["max_code_ratio"] if strong < 3 else max(caps["max_code_ratio"], 0.6)
    if scan.code_like > ratio * max(1, nonblank):
        return ()
    if ev.foreign and ev.foreign >= scan.blocks + ev.links:
        return ()
    # ``====`` banners around a title in a document with Markdown headings and inline markup (a
    # prompt file) are banners: reStructuredText has no ATX headings; directives, roles and
    # literals stay reStructuredText whatever else the document has
    # reStructuredText has no pipe tables (its tables are ``+---+`` grids and ``=== ===`` columns), no
    # ATX headings and no fenced code blocks: in a document with a GFM table, two ``#`` headings (not comments)
    # or a fence over prose (typing-inspect's README.md: a ```python block under a badge), ````x```` spans are
    # Markdown code spans, not reStructuredText literals
    # plain-text titles (``1. Intro`` over ``--------``, a title between ``*****`` and ``-----``) weigh as
    # reStructuredText adornments, unless the document has ATX headings (a NEWS.md over an older plain-text part)
    titles = ev.text_titles if ev.isolated < 2 else 0
    fenced = bool(scan.blocks and scan.prose)
    rst = (ev.rst - ev.rst_literals if ev.pipe_tables or ev.isolated >= 2 or fenced else ev.rst) + titles
    banners = ev.isolated and not ev.commentish and rst == ev.rst_adornments + titles and inline >= 3
    if not banners and rst + scan.underlines >= 2 and rst + scan.underlines >= scan.blocks + ev.links + scan.tables:
        return ()
    if ev.comment_blocks and ev.comment_blocks >= scan.blocks + ev.links:
        return ()
    if ev.commentish > headed and scan.blocks + ev.links + scan.tables < 2 + ev.commentish // 4:
        return ()
    hierarchy = ev.isolated >= 2 and (len(ev.levels) >= 2 or min(ev.levels) >= 2) and scan.prose + scan.lists >= 2
    # a heading over Markdown lists and prose (a prompt file, a TODO): ATX headings, none of them a
    # comment, and more list items and prose lines than a heading or two in a plain-text file has; the
    # ATX headings are the document's own (a text titled by ``----`` underlines quoting a ``# Exim filter``
    # line has more underlined titles than ``#`` lines)
    outlined = (ev.isolated and ev.isolated >= setext and not ev.commentish and not rst and scan.lists >= 5
                and scan.prose >= 3)
    if not (
        fenced
        or outlined
        or (headed and (strong >= 2 or (strong and (scan.lists or scan.prose)) or hierarchy))
        # two ATX headings, none a comment, over fenced blocks and nothing else (a licence quoted in a fence
        # under `## jQuery v3.6.0` / `### jQuery License`: a javadoc tree's legal/*.md)
        or (ev.isolated >= 2 and scan.blocks and not ev.commentish and not rst)
        or (not headed and strong >= 3 and scan.lists + scan.prose >= 2 and rst == 0)
        # no heading, but a list of five items or more under prose with a Markdown link to a URL (an AUTHORS.md of
        # `* Name <mail>` items under a `[patches by X](url)` line); code spans are no such evidence (a plain-text
        # changelog of `* item` lines quotes `identifiers` in them too)
        or (not headed and ev.url_links and scan.lists >= 5 and scan.prose >= 1 and rst == 0)
        # no heading and no prose: a list of two items or more with a Markdown link to a URL among them (an Odoo
        # addon's readme/CONTRIBUTORS.md: `- [Tecnativa](<https://www.tecnativa.com>):` over `  - Name` items)
        or (not headed and ev.url_links and scan.lists >= 2 and scan.prose == 0 and rst == 0)
        # two ATX headings or more (a fifth of them comment-like at most) with a list item under each at least: an R
        # package's NEWS.md (`# pkg 0.1.1`, then `*   Added ...`)
        or (ev.isolated >= 2 and ev.isolated >= setext and ev.commentish * 5 <= ev.isolated and not rst
            and scan.lists >= ev.isolated)
        # a GFM pipe table (header row, delimiter row, body rows) is Markdown on its own
        or (ev.pipe_tables and rst == 0)
        # and so is a linked image (a build badge) over prose or a list (zmap's README.md: a badge, then paragraphs)
        or (ev.badges and rst == 0 and scan.prose + scan.lists >= 1)
    ):
        return ()
    evidence = [
        Evidence("fenced_code_with_prose", 1.0 if fenced else 0.0, 0.9),
        Evidence("links", min(1.0, (ev.links + scan.images) / 3), 0.8),
        Evidence("tables", min(1.0, float(scan.tables)), 0.8),
        Evidence("emphasis_or_inline_code", min(1.0, inline / 3), 0.6),
        Evidence("headings", min(1.0, headed / 3), 0.5),
        Evidence("heading_hierarchy_with_prose", 1.0 if hierarchy else 0.0, 0.7),
        Evidence("list_items", min(1.0, scan.lists / 5), 0.3),
    ]
    if strong < 3:  # counter-evidence weighs on documents with little Markdown evidence
        evidence.append(Evidence("comment_runs", ev.commentish / max(1, ev.commentish + headed), -0.5))
        evidence.append(Evidence("rst_markup", min(1.0, rst / 3), -0.5))
    return (Evidence("markdown_syntax", 1.0, 0.6), *(item for item in evidence if item.strength > 0))


def _task_list(lines: list[str], caps: Mapping[str, Any]) -> bool:
    """At least ``min_task_items`` GitHub task-list items (``- [ ] todo``, ``- [x] done``) in the probe."""
    need = caps.get("min_task_items") or 0
    if not need or caps.get("task_item") is None:
        return False
    data = "\n".join(line.rstrip("\r") for line in lines).encode("utf-8", "surrogatepass")
    return sum(1 for _ in islice(_multiline(caps["task_item"]).finditer(data), need)) >= need


def _without_html_comments(lines: list[str]) -> list[str]:
    """``lines`` with the lines of multi-line ``<!-- ... -->`` comments blanked (Node.js docs keep
    YAML change histories in them: they are not the document's code or YAML lines)."""
    out, inside = list(lines), False
    for index, line in enumerate(lines):
        if inside:
            out[index] = ""
            inside = "-->" not in line
        elif "<!--" in line and "-->" not in line[line.index("<!--") :]:
            out[index] = line[: line.index("<!--")]
            inside = True
    return out


#: the opening line of a C-style comment block: ``/*``, ``/**`` or ``/*!`` and a blank or the line end
_BLOCK_COMMENT_OPEN = LazyPattern(re.compile, r"[ \t]*/\*[*!]?(?:[ \t]|$)")


def _without_block_comments(lines: list[str]) -> list[str]:
    """``lines`` with the lines of multi-line C-style comments blanked: a line that opens with ``/*``
    (Rust's crate docs ``/*!``, a JSDoc ``/**``) up to the line that closes it with ``*/``, and Lua's
    long comments (``--[[`` up to a ``]]`` or ``--]]`` line: luakit's ``markdown.lua`` opens with its manual). Their
    Markdown documents the program around them (a Rust ``lib.rs``), it is not the document's; a comment
    that never closes in the probe, or whose closing line is not a `` */`` line, is left as it is."""
    out, start, close = list(lines), None, ""
    for index, line in enumerate(lines):
        if start is None:
            if _BLOCK_COMMENT_OPEN.match(line) and "*/" not in line:
                start, close = index, "*/"
            else:
                lua = _LUA_COMMENT_OPEN.match(line)
                if lua is not None and "]" + lua.group(1) + "]" not in line:
                    start, close = index, "]" + lua.group(1) + "]"
        elif close == "*/" and line.strip().endswith("*/") and line.lstrip(" \t")[:1] == "*":
            out[start : index + 1] = [""] * (index + 1 - start)
            start = None
        elif close != "*/" and line.strip().endswith(close) and line.strip() in (close, "--" + close):
            out[start : index + 1] = [""] * (index + 1 - start)
            start = None
    return out


#: a Lua long comment opening a line (``--[[``, ``--[==[``): its closing ``]]`` (``]==]``) alone on a later line
_LUA_COMMENT_OPEN = LazyPattern(re.compile, r"[ \t]*--\[(=*)\[")


#: a here-document opener: ``<<-HELP``, ``<<~DOC``, ``<<'EOT'``, ``<<"END"`` (an upper-case tag)
_HEREDOC_OPEN = LazyPattern(re.compile, r"<<[-~]?(?P<q>['\"]?)(?P<tag>[A-Z_][A-Z0-9_]*)(?P=q)(?![\w'\"])")


def _without_here_documents(lines: list[str]) -> list[str]:
    """``lines`` with the bodies of here-documents blanked (a Ruby method returning its ``<<-HELP``
    manual, Puppet's ``:doc => <<-DOC``): from the opener's line to the line that is the tag alone.
    Their Markdown is the program's data, not the document's; an opener whose tag line never comes
    in the probe (``out << "x"``, a quoted ``<<EOF`` in prose) blanks nothing."""
    out, index, count = list(lines), 0, len(lines)
    while index < count:
        found = _HEREDOC_OPEN.search(lines[index])
        if found is not None:
            tag = found.group("tag")
            end = next((k for k in range(index + 1, count) if lines[k].strip() == tag), None)
            if end is not None:
                out[index : end + 1] = [""] * (end + 1 - index)
                index = end
        index += 1
    return out


#: a line that opens a triple-quoted string as Python writes one: the quote first on its line, or after ``=``, ``(``
#: or ``,`` (not in a code span)
_DOCSTRING_OPEN = LazyPattern(re.compile, r"""(?:[ \t]*|[^`\n]*[=(,][ \t]*)[rRuUbBfF]{0,2}("{3}|'{3})""")
#: a triple-quoted string assigned to a name (``prompt_content = '''``, ``X: str = """``)
_ASSIGNED_STRING = LazyPattern(re.compile, r"""[ \t]*[A-Za-z_][\w.]*(?:[ \t]*:[ \t]*[\w.\[\], ]+)?[ \t]*=[ \t]*[rRuUbBfF]{0,2}("{3}|'{3})""")


def _without_docstrings(lines: list[str]) -> list[str]:
    """``lines`` with Python's triple-quoted strings blanked, outside fences (a generated module's ``r\"\"\"``
    docstrings holding ```` ```mlir ```` examples: the program's documentation, not the document's fences):
    from the line that opens one (:data:`_DOCSTRING_OPEN`) to the line that closes it. A string whose
    closing line never comes in the probe blanks nothing, unless it is assigned to a name (``prompt_content =
    '''# Sudosu``: a module's Markdown prompt longer than the probe): then it runs to the probe's end."""
    out, index, count = list(lines), 0, len(lines)
    fence = False
    while index < count:
        line = lines[index]
        if line.lstrip(" ")[:3] in ("```", "~~~"):
            fence = not fence
        elif not fence:
            opener = _DOCSTRING_OPEN.match(line)
            quote = opener.group(1) if opener is not None and line.count(opener.group(1)) % 2 else None
            if quote is not None:
                end = next((k for k in range(index + 1, count) if lines[k].count(quote) % 2), None)
                if end is None and _ASSIGNED_STRING.match(line):
                    end = count - 1  # a string assigned to a name (`prompt = '''# Title`) that runs past the probe
                if end is not None:
                    out[index : end + 1] = [""] * (end + 1 - index)
                    index = end
        index += 1
    return out


#: a line at column 0 of a YAML document: a key (``name:``, ``- name:``, ``"on":``), a comment, a document marker
_YAML_KEY = r"[\"']?\$?[A-Za-z0-9_.-]+[\"']?:"
_YAML_TOP_KEY = LazyPattern(re.compile, rf"(?:-[ \t]+)?{_YAML_KEY}(?:[ \t]|$)")
#: a column-0 line that opens a block scalar (`- |`, `doc: >-`): the lines under it are its indented text
_YAML_BLOCK_OPENER = LazyPattern(re.compile, rf"(?:-|{_YAML_KEY})[ \t]+[|>][-+0-9]*[ \t]*(?:#.*)?$")


def _yaml_document(lines: list[str]) -> bool:
    """Whether the probe is a YAML document: every line at column 0 is a ``key:``, a ``#`` comment or a
    ``---``/``...`` marker, three keys at least, or one when a line opens a block scalar (a schema-salad
    ``- |`` list of Markdown sections; ``$base:`` / ``$graph:`` keys too). Its Markdown is in indented values
    (a GitHub issue form's ``description: >`` and ``value: |`` blocks); a Markdown document has its
    paragraphs at column 0."""
    keys = 0
    opener = False
    for line in lines:
        line = line.rstrip("\r")
        if not line.strip() or line[0] in " \t" or line.startswith("#") or line in ("---", "..."):
            continue
        if _YAML_BLOCK_OPENER.match(line) is not None:
            opener = True
        elif _YAML_TOP_KEY.match(line) is None:
            return False
        keys += 1
    return keys >= 3 or (opener and keys >= 1)


def _summarize(inp: KindInput) -> Claim | None:
    caps = inp.caps
    text = inp.content.lstrip("\ufeff")
    if inp.is_blank() or text.startswith("#!") or _PACKAGE_START.match(text, 0, 65536) is not None:
        return None
    probe = caps["probe_lines"]
    head = _lines.first_lines(text, probe + 500)  # indices past probe + 499 are never read
    keys, body_start = _front_matter(head)
    probed = head[body_start : body_start + probe]
    claimable = _may_claim(probed, caps)
    yaml_document = (claimable or len(keys) >= 2) and _yaml_document(head[:probe])
    if claimable and not yaml_document:
        judged = _without_docstrings(_without_here_documents(_without_block_comments(_without_html_comments(probed))))
        evidence = _claim_evidence(_scan(judged, caps), caps, _evidence(judged, caps))
    else:
        evidence = ()
    if not evidence and len(keys) >= 2 and not yaml_document:
        # issue 10 (probe_docs): a YAML front matter over a body with inline Markdown (a GitHub issue template's
        # ``**Describe the bug**`` lines): front matter is a Markdown convention (Jekyll, GitHub, MkDocs); the
        # probe's 20 files with one are all Markdown; so is one inline link to a URL under it (a Docusaurus page:
        # `id:`/`title:` over `[Download the dataset](https://...)`, fastText's docs)
        body = _evidence(probed, caps)
        if body.bold + body.inline_code + 2 * body.url_links >= 2 and not body.rst and not body.foreign:
            evidence = (Evidence("front_matter_with_markup", 1.0, 0.7),)
        elif "layout" in keys and not body.rst and not body.foreign and any(line.strip() for line in probed):
            # Jekyll's `layout:` key over a body of prose (ruby-jekyll-paginate-v2's example posts): a Jekyll page,
            # whose body is Markdown (an HTML body is the html detector's, which is asked first)
            evidence = (Evidence("front_matter_layout", 1.0, 0.7),)
    if not evidence:
        if not _task_list(probed, caps):
            return None
        evidence = (Evidence("task_list", 1.0, 0.8),)
    if _listing(probed, caps):  # asked only of a would-be claim: most inputs never reach it
        return None
    with paused_gc():
        lines = text.split("\n")
        del lines[:body_start]
        scan = _scan_all(lines, caps, "\r" in text)
    return Claim(synopsis=_synopsis(inp, scan, keys), evidence=evidence)


def _outline(scan: _Scan, caps: Mapping[str, Any]) -> list[str]:
    cap = caps["max_headings"]
    out = [f"{'#' * level} {clip(normalize(text), caps['heading_chars'])}" for level, text in scan.headings[:cap]]
    if len(scan.headings) > cap:
        out.append(f"+{len(scan.headings) - cap} more headings")
    return out


def _languages(scan: _Scan, caps: Mapping[str, Any]) -> str:
    ranked = sorted(scan.languages.items(), key=lambda kv: (-kv[1], kv[0]))
    cap = caps["max_languages"]
    text = ", ".join(f"{name} {count}" for name, count in ranked[:cap])
    if len(ranked) > cap:
        text += f", +{len(ranked) - cap} more"
    return text


def _synopsis(inp: KindInput, scan: _Scan, keys: list[str]) -> Synopsis:
    caps = inp.caps
    title = next((normalize(text) for level, text in scan.headings if level == 1), "")
    summary = [
        f"Markdown document with {len(scan.headings)} headings, {scan.blocks} code blocks and {scan.links} links.",
    ]
    if title:
        summary.append(f"Title: {clip(title, caps['heading_chars'])}")
    if scan.opening:
        summary.append(f"Opening: {clip(normalize(' '.join(scan.opening)), caps['excerpt_chars'])}")
    structure = [f"outline ({len(scan.headings)} headings):", *_outline(scan, caps)] if scan.headings else []
    structure.append(f"code_blocks: {scan.blocks}" + (f" ({_languages(scan, caps)})" if scan.blocks else ""))
    structure.append(f"links: {scan.links}, images: {scan.images}, tables: {scan.tables}, list_items: {scan.lists}")
    if keys:
        cap = caps["max_front_matter_keys"]
        more = f", +{len(keys) - cap} more" if len(keys) > cap else ""
        structure.append(f"front_matter keys: {', '.join(keys[:cap])}{more}")
    return Synopsis(
        kind=NAME,
        title=f"Markdown: {clip(title, caps['heading_chars'])}" if title else "Markdown output",
        summary=tuple(summary),
        structure=tuple(structure),
    )


SUMMARIZER = Summarizer(
    name=NAME,
    summarize=_summarize,
    caps_schema=CAPS_SCHEMA,
    defaults=DEFAULTS,
    pattern_keys=PATTERN_KEYS,
    description="markdown: heading outline with levels, code blocks and languages, link counts",
)


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (SUMMARIZER,)


# -- totals over the whole stream of a large document (docs/streaming.md) -------------------------

#: distinct fence languages kept by the stream counter (past it, new ones count as one "(other)")
_STREAM_LANGUAGES = 1000


class _MarkdownTotals(StreamCounter):
    """Headings, fenced blocks and their languages, links, images, tables and list items over every block.

    The plugin's own scan of a whole document (:func:`_scan_lines`, the caps' patterns, one
    :class:`_AllHits` per block), with the open fence and the line before carried from one block to the next, so a
    fenced block that spans blocks is one block; the front matter of the first block is left
    out as the whole document's is. Only the first ``max_headings`` headings are kept.
    """

    def __init__(self, caps: Mapping[str, Any]) -> None:
        self.caps = caps
        self.scan = _Scan()
        self.headings = 0
        self.title: str | None = None
        self.fence: str | None = None
        self.previous = ""
        self.first = True

    def feed(self, block: str, first_line: int) -> None:
        lines = block.split("\n")
        if lines and lines[-1] == "":
            lines.pop()  # the block ends at a line end: no empty line after it
        if self.first:
            self.first = False
            if lines:
                lines[0] = lines[0].lstrip("\ufeff")
            lines = lines[_front_matter(lines)[1]:]
        lines = [line.rstrip("\r") for line in lines]
        if not lines:
            return
        self.fence, self.previous = _scan_lines(self.scan, lines, self.caps, self.fence, self.previous)
        self._bound()

    def _bound(self) -> None:
        scan, cap = self.scan, int(self.caps["max_headings"])
        if self.title is None:
            self.title = next((normalize(text) for level, text in scan.headings if level == 1), None)
        if len(scan.headings) > cap:
            self.headings += len(scan.headings) - cap
            del scan.headings[cap:]
        if len(scan.languages) > _STREAM_LANGUAGES:
            ranked = sorted(scan.languages.items(), key=lambda kv: (-kv[1], kv[0]))
            scan.languages = dict(ranked[: _STREAM_LANGUAGES - 1])
            scan.languages["(other)"] = sum(count for _, count in ranked[_STREAM_LANGUAGES - 1 :])
        if scan.opening_done:
            scan.prose = 0  # not shown; keep the numbers small
        del scan.opening[64:]

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:
        scan, caps = self.scan, self.caps
        count = len(scan.headings) + self.headings
        result = replace_lines(synopsis, "summary", "Markdown document with ",
                               f"Markdown document with {count} headings, {scan.blocks} code blocks and {scan.links} links.")
        outline = [f"{'#' * level} {clip(normalize(text), caps['heading_chars'])}" for level, text in scan.headings]
        if count > len(scan.headings):
            outline.append(f"+{count - len(scan.headings)} more headings")
        structure = [f"outline ({count} headings):", *outline] if count else []
        structure.append(f"code_blocks: {scan.blocks}" + (f" ({_languages(scan, caps)})" if scan.blocks else ""))
        structure.append(f"links: {scan.links}, images: {scan.images}, tables: {scan.tables}, list_items: {scan.lists}")
        structure.extend(line for line in result.structure if line.startswith("front_matter keys: "))
        result = dataclasses.replace(result, structure=tuple(structure))
        if self.title:  # the first level-1 heading of the whole document
            title = clip(self.title, caps["heading_chars"])
            summary = [line for line in result.summary if not line.startswith("Title: ")]
            summary.insert(1, f"Title: {title}")
            result = dataclasses.replace(result, summary=tuple(summary), title=f"Markdown: {title}")
        return result


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (StreamTotals(name=NAME, start=_MarkdownTotals,
                         description="headings, code blocks, links, images, tables and list items of the whole document"),)
