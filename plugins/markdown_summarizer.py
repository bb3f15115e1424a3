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

import re
from bisect import bisect_right
from collections.abc import Iterator, Mapping
from itertools import accumulate
from dataclasses import dataclass, field
from typing import Any

import re2

from toolstub import hookimpl
from toolstub.regex import compile_pattern
from toolstub.synopsis import KindInput, Summarizer, Synopsis
from toolstub.textutil import clip, normalize

NAME = "markdown"

DEFAULTS: Mapping[str, Any] = {
    "heading": r"^ {0,3}(?P<marks>#{1,6})[ \t]+(?P<text>.*?)[ \t]*#*[ \t]*$",
    "fence": r"^ {0,3}(?P<fence>`{3,}|~{3,})[ \t]*(?P<info>[^`\s]*)",
    "link": r"\[[^\]\n]*\]\([^)\s]+(?:[ \t]+\"[^\"]*\")?\)|<https?://[^>\s]+>",
    "image": r"!\[[^\]\n]*\]\([^)\s]+",
    "reference": r"^ {0,3}\[[^\]\n]+\]:[ \t]*\S+",
    "list_item": r"^[ \t]*(?:[-*+]|\d{1,9}[.)])[ \t]+\S",
    "table_rule": r"^[ \t]*\|?[ \t]*:?-{3,}:?[ \t]*(?:\|[ \t]*:?-{3,}:?[ \t]*)+\|?[ \t]*$",
    "quote": r"^ {0,3}>",
    "code_line": (
        r"^[ \t]*(?:(?:from|import|def|class|return|elif|else:|try:|except|async|await|fn|pub|let|const|var"
        r"|function|package|use|public|private|echo|export|local|fi|done|esac)\b"
        r"|[A-Za-z_][\w.]*(?:\[[^\]]*\])?[ \t]*[-+*/|&]?=[^=]|.*[;{}][ \t]*$|.*\):[ \t]*$)"
    ),
    "yaml_line": r"^[ \t]*(?:-[ \t]+)?[A-Za-z0-9_.-]+:(?:[ \t]+\S|[ \t]*$)",
    "max_code_ratio": 0.3,
    "probe_lines": 400,
    "max_headings": 30,
    "heading_chars": 120,
    "max_languages": 10,
    "max_front_matter_keys": 12,
    "excerpt_chars": 240,
}

PATTERN_KEYS = frozenset(
    {"heading", "fence", "link", "image", "reference", "list_item", "table_rule", "quote", "code_line", "yaml_line"}
)

_INT = {"type": "integer", "minimum": 0}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        **{key: {"type": "string", "format": "regex", "description": f"the {key} syntax"} for key in sorted(PATTERN_KEYS)},
        "max_code_ratio": {"type": "number", "minimum": 0, "maximum": 1, "description": "code/YAML share to decline"},
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
    return stripped.startswith(fence) and set(stripped) == {fence[0]}


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


def _scan_line(scan: _Scan, index: int, line: str, previous: str, hits: _Hits) -> str | None:
    """Scan one line outside fences; returns the opening fence when the line opens one."""
    if not line.strip():
        scan.opening_done = scan.opening_done or bool(scan.opening)
        return None
    fence = hits.first["fence"].get(index)
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


def _setext(scan: _Scan, index: int, line: str, previous: str, hits: _Hits) -> bool:
    stripped = line.strip()
    if len(stripped) < 3 or set(stripped) not in ({"="}, {"-"}) or not previous.strip():
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
    elif isinstance(hits, _AllHits) and scan.opening_done:
        return  # quotes, code-like and prose lines only count for the claim and the opening
    elif hits.has("quote", index):
        scan.quotes += 1
    elif hits.has("code_line", index) or hits.has("yaml_line", index):
        scan.code_like += 1
    else:
        scan.prose += 1
        if not scan.opening_done and not line.lstrip().startswith(("<", "[![", "![")):
            scan.opening.append(line.strip())


def _scan(lines: list[str], caps: Mapping[str, Any]) -> _Scan:
    lines = [line.rstrip("\r") for line in lines]
    hits = _Hits(lines, caps)
    scan = _Scan()
    fence: str | None = None
    previous = ""
    for index, line in enumerate(lines):
        if fence is not None:
            if _fence_close(line, fence):
                fence = None
            previous = ""
            continue
        fence = _scan_line(scan, index, line, previous, hits)
        previous = line
    return scan


def _setext_candidates(text: str) -> Iterator[int]:
    """Offsets (in ``text``) of the lines that :func:`_setext` may take for an underline (a superset)."""
    for match in _SETEXT_LINE.finditer(text):
        yield match.start()


# a line that is, once stripped (Python's str.strip), 3 or more '=' or '-' (Python re: a fixed
# pattern anchored at line starts with no nested repetition, linear)
_SETEXT_LINE = re.compile(r"^[^\S\n]*(?:={3,}|-{3,})[^\S\n]*$", re.M)


def _may_claim(lines: list[str], caps: Mapping[str, Any]) -> bool:
    """False when the probe has no heading, setext underline or fence at all (then :func:`_claims` is False).

    Two RE2 searches and one line test instead of the probe's full scan: content of another
    kind (a 10 MB JSON or CSV line...) is declined in a few milliseconds.
    """
    text = "\n".join(line.rstrip("\r") for line in lines)
    data = text.encode("utf-8", "surrogatepass")
    if any(_multiline(caps[key]).search(data) is not None for key in ("heading", "fence")):
        return True
    return next(_setext_candidates(text), None) is not None


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


class _AllHits:
    """What :class:`_Hits` finds, for a whole document: the same whole-text passes, through RE2's low-level API.

    ``quote``, ``code_line`` and ``yaml_line`` only decide prose lines, which matter until the
    opening paragraph is complete: their passes are lazy (run as far as the lines asked for).
    """

    _LAZY = ("quote", "code_line", "yaml_line")

    def __init__(self, lines: list[str], caps: Mapping[str, Any]) -> None:
        data = "\n".join(lines).encode("utf-8", "surrogatepass")
        self.data = data
        self.groups = {key: caps[key].groupindex for key in ("fence", "heading")}
        self.first: dict[str, dict[int, Any]] = {}
        events = bytearray(len(lines))
        for key in ("fence", "heading", "table_rule", "list_item", "reference"):
            found: dict[int, Any] = {}
            keep = key in self.groups
            for line, spans in _line_matches(data, caps[key]):
                if line not in found:
                    found[line] = spans if keep else True
                    events[line] = 1
            self.first[key] = found
        self.counts: dict[str, dict[int, int]] = {}
        for key in ("link", "image"):
            counted: dict[int, int] = {}
            for line, _ in _line_matches(data, caps[key]):
                counted[line] = counted.get(line, 0) + 1
                events[line] = 1
            self.counts[key] = counted
        self.links, self.images = self.counts["link"], self.counts["image"]
        self.events = events
        self._lazy = {key: (_line_matches(data, caps[key]), set(), [-1]) for key in self._LAZY}

    def has(self, key: str, line: int) -> bool:
        if key not in self._lazy:
            return line in self.first[key]
        matches, seen, reached = self._lazy[key]
        while reached[0] < line:
            found = next(matches, None)
            if found is None:
                reached[0] = 1 << 62
                break
            reached[0] = found[0]
            seen.add(found[0])
        return line in seen

    def text(self, key: str, spans: Any, group: str) -> str:
        start, end = spans[self.groups[key][group]]
        return self.data[start:end].decode("utf-8", "surrogatepass") if start >= 0 else ""


def _scan_all(lines: list[str], caps: Mapping[str, Any], crlf: bool = True) -> _Scan:
    """:func:`_scan` for a whole document (same result), without a Python step per line.

    Until the opening paragraph is complete every line is scanned as :func:`_scan` does;
    then the scan jumps from one line with a hit (fence, heading, table rule, list item,
    reference, link, image) or a possible setext underline to the next; only the lines of
    fenced blocks are read one by one (for the closing fence).
    """
    if crlf:
        lines = [line.rstrip("\r") for line in lines]
    hits = _AllHits(lines, caps)
    events = hits.events
    text = hits.data.decode("utf-8", "surrogatepass") if not hits.data.isascii() else None
    joined = text if text is not None else hits.data.decode("ascii")
    starts = None
    for offset in _setext_candidates(joined):
        if starts is None:
            starts = _line_starts(lines)
        events[bisect_right(starts, offset) - 1] = 1
    scan = _Scan()
    fence: str | None = None
    previous = ""
    index, count = 0, len(lines)
    while index < count:
        if fence is not None:
            while index < count:
                line = lines[index]
                index += 1
                if fence in line and _fence_close(line, fence):
                    fence = None
                    break
            previous = ""
            continue
        if scan.opening_done:
            nxt = events.find(1, index)
            if nxt < 0:
                break
            if nxt > index:
                previous = lines[nxt - 1]
                index = nxt
        line = lines[index]
        fence = _scan_line(scan, index, line, previous, hits)
        previous = line
        index += 1
    return scan


def _line_starts(lines: list[str]) -> list[int]:
    """The offset of each line in ``"\\n".join(lines)``."""
    return list(accumulate((len(line) + 1 for line in lines[:-1]), initial=0))


def _claims(scan: _Scan, caps: Mapping[str, Any]) -> bool:
    features = scan.blocks + scan.links + scan.lists + scan.tables + scan.quotes
    nonblank = len(scan.headings) + scan.lists + scan.quotes + scan.tables + scan.prose + scan.code_like
    if scan.code_like > caps["max_code_ratio"] * max(1, nonblank):
        return False
    if scan.headings:
        return len(scan.headings) >= 2 or features > 0
    return scan.blocks > 0 and scan.prose > 0


def _summarize(inp: KindInput) -> Synopsis | None:
    caps = inp.caps
    text = inp.content.lstrip("\ufeff")
    if not inp.stripped or text.startswith("#!"):
        return None
    probe = caps["probe_lines"]
    head = text.split("\n", probe + 500)
    keys, body_start = _front_matter(head)
    probed = head[body_start : body_start + probe]
    if not _may_claim(probed, caps) or not _claims(_scan(probed, caps), caps):
        return None
    scan = _scan_all(text.split("\n")[body_start:], caps, "\r" in text)
    return _synopsis(inp, scan, keys)


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
def toolstub_register_summarizers():
    return (SUMMARIZER,)
