"""Kind ``html``: web pages and HTML fragments, well-formed or not.

The synopsis gives the title, the heading outline (``h1``..``h6``, levels kept),
the link, form, input, image, table and script counts, each form's method,
action and fields, the meta description, and an excerpt of the visible text.

It never executes anything: the page is only tokenized, by one linear-time RE2 pass
(no network, no scripts, no entity expansion beyond HTML's character references;
the standard library's ``html.parser`` is not used: it is quadratic on some
malformed pages, e.g. 60 KB of ``<a `` took it 50 s); the text of ``script``,
``style``, ``template``, ``noscript`` and ``head`` is skipped. At most
``max_parse_chars`` are tokenized (the summary says when a page was cut).

It claims a ``text/html`` MIME hint, a ``<!DOCTYPE html>`` or ``<html`` start,
or a fragment that starts with a known HTML element when most non-blank lines
are markup. XHTML with an ``<?xml`` prolog or an ``xhtml``/``xml`` MIME hint, SVG, RSS
and Atom stay ``xml``; an XHTML doctype or ``xmlns`` on ``<html>`` without a prolog (Doxygen,
javadoc, gtk-doc output) is a page; so it sits before ``xml`` in ``default``.

.. rubric:: Options (``kinds.html``)

* ``start`` (regex): how a page may begin (doctype, even one that lost its ``!``, or ``<html``).
* ``fragment_tags`` (list): elements a fragment may start with.
* ``foreign_vocabulary`` (true): a fragment whose distinct element names (four or more) are mostly
  not HTML's is no fragment (an XML vocabulary whose root reuses an HTML name, ``<main>``).
* ``min_markup_ratio`` (number): share of markup lines for a fragment: non-blank lines that start
  with ``<``, run inside a tag opened on an earlier line (one attribute a line) or inside an open
  ``<p>`` (a paragraph wrapped over lines), or hold an inline
  tag (``<code>``, ``<a href>``: a paragraph wrapped over lines), the
  inside of ``<pre>`` blocks left out unless it is half the lines or more.
* ``template_delimiters`` (list of ``[open, close]``): template tags (Jinja/Django ``{% %}``,
  ``{{ }}``, ``{# #}``, ERB ``<% %>``, comments) read past at the start of the content and of
  each line, so a template that opens with ``{% extends "base.html" %}`` is judged by its markup.
* ``front_matter`` (true): a YAML front matter (a ``---`` line, ``key: value`` lines, a ``---`` line:
  Jekyll and Hugo layouts, Bootstrap's examples) is read past, the markup after it judged and parsed;
  the synopsis names its keys (``max_front_matter_keys`` of them).
* ``max_parse_chars`` (int): characters tokenized at most.
* ``max_headings``, ``heading_chars``, ``max_forms``, ``max_form_fields``, ``excerpt_chars``.

.. rubric:: Example

PASS (html)::

    <!DOCTYPE html><html><head><title>Login</title></head>
    <body><form action="/login" method="post"><input name="user"></form>

FAIL (stays xml)::

    <?xml version="1.0"?><rss version="2.0"><channel>...</channel></rss>
"""

from __future__ import annotations

from collections.abc import Mapping
import re
from typing import Any

import re2

from toolstub.hookspecs import hookimpl
from toolstub.plugins._markup import foreign_vocabulary
from toolstub.plugins._records import LazyModule
from toolstub.regex import LazyPattern, compile_pattern
from toolstub.synopsis import Claim, Evidence, KindInput, Summarizer, Synopsis
from toolstub.textutil import clip, normalize

#: ``html.unescape``; the module (its entity table, about 1 ms to import) is imported on first use
html: Any = LazyModule("html", globals())

NAME = "html"

DEFAULTS: Mapping[str, Any] = {
    "start": r"(?i)^(?:<!--.*?-->\s*)*(?:<!?doctype\s+html\b|<html[\s>])",
    "fragment_tags": [
        "a", "article", "aside", "b", "base", "blockquote", "body", "br", "button", "center", "code", "details", "div",
        "dl", "em", "fieldset", "figure", "font", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "head",
        "header", "hr", "i", "iframe", "img", "input", "label", "li", "link", "main", "meta", "nav", "noscript",
        "ol", "p", "pre", "script", "section", "select", "small", "span", "strong", "style", "table", "tbody",
        "td", "template", "textarea", "th", "title", "tr", "ul",
    ],
    "min_markup_ratio": 0.5,
    "foreign_vocabulary": True,
    "template_delimiters": [["{%", "%}"], ["{#", "#}"], ["{{", "}}"], ["<%", "%>"], ["<!--", "-->"]],
    "front_matter": True,
    "max_front_matter_keys": 12,
    "max_parse_chars": 5_000_000,
    "max_headings": 20,
    "heading_chars": 120,
    "max_forms": 5,
    "max_form_fields": 12,
    "excerpt_chars": 500,
}

PATTERN_KEYS = frozenset({"start"})

_INT = {"type": "integer", "minimum": 0}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "start": {"type": "string", "format": "regex", "description": "how a page may begin"},
        "fragment_tags": {"type": "array", "items": {"type": "string"}, "description": "fragment start elements"},
        "min_markup_ratio": {"type": "number", "minimum": 0, "maximum": 1, "description": "markup line share"},
        "foreign_vocabulary": {"type": "boolean", "description": "no fragment claim when most element names are not HTML's"},
        "template_delimiters": {
            "type": "array",
            "items": {"type": "array", "items": {"type": "string", "minLength": 1}, "minItems": 2, "maxItems": 2},
            "description": "template tags ([open, close]) read past when looking for markup",
        },
        "front_matter": {"type": "boolean", "description": "a YAML front matter (--- ... ---) is read past"},
        "max_front_matter_keys": {**_INT, "description": "front matter keys named"},
        "max_parse_chars": {**_INT, "minimum": 1, "description": "characters tokenized at most"},
        "max_headings": {**_INT, "description": "headings listed"},
        "heading_chars": {**_INT, "description": "clip for each heading"},
        "max_forms": {**_INT, "description": "forms described"},
        "max_form_fields": {**_INT, "description": "fields named per form"},
        "excerpt_chars": {**_INT, "description": "clip for the visible-text excerpt"},
    },
}

_SKIP = frozenset({"script", "style", "template", "noscript", "head", "svg", "math"})
_VOID = frozenset({"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"})
_BLOCK = frozenset({"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "section", "article", "td", "th"})
_FIELDS = frozenset({"input", "select", "textarea", "button"})


# One RE2 pass over the page's UTF-8 bytes (linear time: no part of a tag, quoted values
# included, crosses a '<';
# a comment runs to its '-->' or, unclosed, to the end). Raw-text elements are skipped
# with a plain find of their end tag.
_TOKEN = (
    r"<!--(?s:.*?)-->|<!--(?s:.*)|<![^<>]*>|<\?[^<>]*>"
    r"|</(?P<end>[A-Za-z][A-Za-z0-9:-]*)[^<>]*>"
    r"|<(?P<start>[A-Za-z][A-Za-z0-9:-]*)(?P<attrs>(?:[^<>\"']|\"[^\"<]*\"|'[^'<]*')*)>"
)
_RAW_TEXT_TAGS = ("script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext")
_SKIP_TAGS = ("script", "style", "template", "noscript", "head", "svg", "math")
_HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")
# The tags that can still change the synopsis once the text no longer can (see _PageParser.feed):
# the counted ones, those with facts (title, meta, form, fields, html lang, link rel), the skipped
# and raw-text elements, and the headings.
_QUIET_START_TAGS = ("a", "img", "table", "input", "select", "textarea", "button", "title", "meta", "form", "html",
                     "body", "link", *_SKIP_TAGS, *_HEADINGS, *_RAW_TEXT_TAGS)
_QUIET_END_TAGS = ("title", "form", *_SKIP_TAGS, *_HEADINGS)
# start tags whose only effect, outside a form, is their count
_COUNTED_ONLY = frozenset({"a", "img", "table", "input", "select", "textarea", "button"})
_HEADING_LEVELS = {tag: int(tag[1]) for tag in _HEADINGS}
_NAME_CHARS = "A-Za-z0-9:-"


def _names(tags) -> str:
    return "|".join(sorted(set(tags), key=lambda t: (-len(t), t)))


# Same tokens as _TOKEN, restricted to those names (a name must not go on: the name in _TOKEN
# is the longest run of name characters); <!...> and <?...> tokens change nothing and contain
# no '<', so leaving them out changes no other token.
_QUIET_TOKEN = (
    r"<!--(?s:.*?)-->|<!--(?s:.*)"
    rf"|</(?P<end>(?i:{_names(_QUIET_END_TAGS)}))(?:[^<>{_NAME_CHARS}][^<>]*)?>"
    rf"|<(?P<start>(?i:{_names(_QUIET_START_TAGS)}))"
    rf"(?P<attrs>(?:[^<>\"'{_NAME_CHARS}]|\"[^\"<]*\"|'[^'<]*')(?:[^<>\"']|\"[^\"<]*\"|'[^'<]*')*)?>"
)


class _Tokens:
    """A compiled token pattern, searched with the RE2 binding's low-level ``Match`` (no match objects)."""

    _cache: dict[str, _Tokens] = {}

    def __init__(self, pattern: str) -> None:
        self.regex = compile_pattern(pattern).regex
        index = self.regex.groupindex
        self.start, self.end, self.attrs = index["start"], index["end"], index["attrs"]
        self.low = getattr(self.regex, "_regexp", None)
        self.anchor = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)

    @classmethod
    def get(cls, pattern: str) -> _Tokens:
        found = cls._cache.get(pattern)
        if found is None:
            found = cls._cache[pattern] = cls(pattern)
        return found

    def match(self, data: bytes, pos: int, end: int):
        """The spans of the first token at or after ``pos`` (group 0 first), or None."""
        if self.low is not None and self.anchor is not None:
            spans = self.low.Match(self.anchor, data, pos, end)
            return None if spans[0][0] < 0 else spans
        match = self.regex.search(data, pos, end)  # pragma: no cover - another binding version
        return None if match is None else [match.span(i) for i in range(self.regex.groups + 1)]


_ATTR = LazyPattern(re.compile, r"""([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?""")
_RAW_TEXT = frozenset({"script", "style", "xmp", "iframe", "noembed", "noframes", "plaintext"})
_KEEP_CHARS = 4_000


def _attributes(raw: str) -> list[tuple[str, str | None]]:
    out = []
    for match in _ATTR.finditer(raw[:_KEEP_CHARS]):
        value = next((g for g in match.groups()[1:] if g is not None), None)
        out.append((match.group(1).lower(), html.unescape(value) if value is not None else None))
    return out


class _PageParser:
    """Collects the facts of a page; only tokenizes (linear time), never runs or fetches anything."""

    def __init__(self, excerpt_chars: int, max_headings: int | None = None) -> None:
        self.excerpt_chars = excerpt_chars
        #: headings whose text is kept (None: all); beyond, only their level and count matter
        self.max_headings = max_headings
        self.title: list[str] = []
        self.in_title = False
        self.skip_depth: list[str] = []
        self.heading: tuple[int, list[str]] | None = None
        self.headings: list[tuple[int, str]] = []
        self.counts: dict[str, int] = {}
        self.forms: list[dict[str, Any]] = []
        self.in_form = False
        self.text: list[str] = []
        self.text_len = 0
        self.description = ""
        self.lang = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        attr = {k: v or "" for k, v in attrs}
        self.counts[tag] = self.counts.get(tag, 0) + 1
        if tag == "html" and not self.lang:
            self.lang = attr.get("lang", "")
        elif tag == "link" and "stylesheet" in attr.get("rel", "").lower():
            self.counts["stylesheet"] = self.counts.get("stylesheet", 0) + 1
        elif tag == "title":
            self.in_title = True
        elif tag == "meta" and attr.get("name", "").lower() == "description":
            self.description = self.description or attr.get("content", "")
        elif tag == "form":
            self.forms.append({"method": attr.get("method", "get").upper(), "action": attr.get("action", ""), "fields": []})
            self.in_form = True
        elif tag in _FIELDS and self.forms and self.in_form:
            name = attr.get("name") or attr.get("id") or attr.get("type") or tag
            kind = attr.get("type", tag) if tag == "input" else tag
            self.forms[-1]["fields"].append(f"{name}:{kind}" if kind != name else name)
        if tag == "body":  # an unclosed <head> or <title> ends where the body starts
            self.skip_depth = [t for t in self.skip_depth if t != "head"]
            self.in_title = False
        if tag in _SKIP and tag not in _VOID:
            self.skip_depth.append(tag)
        elif len(tag) == 2 and tag[0] == "h" and tag[1] in "123456":
            self.heading = (int(tag[1]), [])
        if tag in _BLOCK:
            self._add_text(" ")

    def _quiet(self) -> bool:
        """Whether text between tags can no longer change the synopsis (then only some tags are looked at)."""
        if self.in_title or self.text_len < self.excerpt_chars * 2:
            return False
        return self.heading is None or (self.max_headings is not None and len(self.headings) >= self.max_headings)

    def feed(self, text: str) -> None:
        """Tokenize ``text`` and call the handlers, like ``html.parser`` would, in one linear pass.

        Once the title, the excerpt and the kept headings are complete (:meth:`_quiet`), the
        search switches to :data:`_QUIET_TOKEN`, which finds only the tags that still count;
        no tag but a comment contains a second ``<``, so the tags it finds are exactly
        those the full search finds, and the others (and the text) change nothing.
        """
        data = text.encode("utf-8", "surrogatepass")
        lower = data.lower()
        full, quiet = _Tokens.get(_TOKEN), _Tokens.get(_QUIET_TOKEN)
        pos, size = 0, len(data)
        while pos < size:
            if self._quiet():
                pos = self._quiet_run(quiet, data, lower, pos, size)
                continue
            tokens = full
            spans = tokens.match(data, pos, size)
            if spans is None:
                if tokens is full:
                    self._data(data[pos:])
                return
            start, end = spans[0]
            if start > pos and tokens is full:
                self._data(data[pos:start])
            pos = self._tag(spans, tokens, data, lower, end)

    def _quiet_run(self, quiet: _Tokens, data: bytes, lower: bytes, pos: int, size: int) -> int:
        """Quiet tokens from ``pos`` while :meth:`_quiet` holds; the common ones handled inline; the next position.

        Inline, exactly as the handlers would: a counted-only start tag outside a form adds
        its count; a heading start tag (here ``_add_text`` and its attributes change
        nothing) adds its count and opens the heading. Any other token goes to :meth:`_tag`.
        """
        counts = self.counts
        start_slot, low_match = quiet.start, quiet.match
        while pos < size:
            spans = low_match(data, pos, size)
            if spans is None:
                return size
            end = spans[0][1]
            a, b = spans[start_slot]
            if a >= 0:
                tag = lower[a:b].decode("ascii")
                if tag in _COUNTED_ONLY and not (self.forms and self.in_form):
                    counts[tag] = counts.get(tag, 0) + 1
                    pos = end
                    continue
                if tag in _HEADING_LEVELS:
                    counts[tag] = counts.get(tag, 0) + 1
                    self.heading = (_HEADING_LEVELS[tag], [])
                    pos = end
                    if self.max_headings is None or len(self.headings) < self.max_headings:
                        break  # its text is kept: no longer quiet
                    continue
            pos = self._tag(spans, quiet, data, lower, end)
            if not self._quiet():
                break
        return pos

    def _tag(self, spans, tokens: _Tokens, data: bytes, lower: bytes, end: int) -> int:
        name_span = spans[tokens.start]
        if name_span[0] >= 0:
            tag = data[name_span[0] : name_span[1]].decode("ascii", "replace").lower()
            if tag in _COUNTED_ONLY and not (self.forms and self.in_form):
                # all handle_starttag does for it here (none of them is a block: no _add_text)
                self.counts[tag] = self.counts.get(tag, 0) + 1
                return end
            a0, a1 = spans[tokens.attrs]
            if a0 < 0:
                a0 = a1 = name_span[1]
            raw = data[a0 : min(a1, a0 + _KEEP_CHARS)].decode("utf-8", "replace")
            attrs = _attributes(raw)
            if raw.rstrip().endswith("/"):
                self.handle_startendtag(tag, attrs)
                return end
            self.handle_starttag(tag, attrs)
            if tag in _RAW_TEXT:
                close = lower.find(b"</" + tag.encode(), end)
                close = len(data) if close < 0 else close
                self._data(data[end:close])
                return close
            return end
        end_span = spans[tokens.end]
        if end_span[0] >= 0:
            self.handle_endtag(data[end_span[0] : end_span[1]].decode("ascii", "replace").lower())
        return end

    def _data(self, raw: bytes) -> None:
        if self.in_title or (not self.skip_depth and (self.heading or self.text_len < self.excerpt_chars * 2)):
            self.handle_data(html.unescape(raw[: self.excerpt_chars * 4].decode("utf-8", "surrogatepass")))

    def close(self) -> None:
        """Nothing is buffered: every token was handled by :meth:`feed`."""

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag in _SKIP:
            self.handle_endtag(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in _BLOCK and not self.skip_depth:
            self._add_text(" ")
        if tag == "title":
            self.in_title = False
        elif tag == "form":
            self.in_form = False
        if tag in self.skip_depth:
            while self.skip_depth and self.skip_depth.pop() != tag:
                pass
        if self.heading and tag == f"h{self.heading[0]}":
            self.headings.append((self.heading[0], normalize("".join(self.heading[1]))))
            self.heading = None

    def handle_data(self, data: str) -> None:
        if self.in_title:
            if sum(map(len, self.title)) < self.excerpt_chars:
                self.title.append(data)
            return
        if self.skip_depth:
            return
        if self.heading and sum(map(len, self.heading[1])) < self.excerpt_chars:
            self.heading[1].append(data)
        self._add_text(data)

    def _add_text(self, data: str) -> None:
        if self.text_len < self.excerpt_chars * 2:
            self.text.append(data)
            self.text_len += len(data)


def _declines_as_xml(inp: KindInput, head: str) -> bool:
    mime = inp.mime
    return "xhtml" in mime or ("html" not in mime and ("xml" in mime or head.startswith("<?xml")))


def _xhtml(inp: KindInput, head: str) -> bool:
    """An XHTML page without an XML prolog (an XHTML doctype, an ``xmlns`` on ``<html>``): named by
    its own evidence signal (``xhtml_start``), as strong as ``html_start``."""
    mime = inp.mime
    lowered = head[:2000].lower()
    if "xhtml" in mime or "<!doctype html public \"-//w3c//dtd xhtml" in lowered:
        return True
    root = lowered.find("<html")
    return root >= 0 and "xmlns=" in lowered[root : lowered.find(">", root) + 1]


def _first_tag(head: str) -> str:
    if not head.startswith("<"):
        return ""
    name = []
    for ch in head[1:40]:
        if not (ch.isalnum() or ch == "-"):
            break
        name.append(ch)
    return "".join(name).lower()


#: a YAML front matter: ``---``, then ``key: value`` lines (list items and indented lines under a key), then ``---``
_FRONT_MATTER = LazyPattern(re.compile,
    r"---[ \t]*\r?\n(?:[A-Za-z_][\w-]*[ \t]*:[^\r\n]*\r?\n(?:(?:[ \t]|-[ \t])[^\r\n]*\r?\n|\r?\n)*){1,60}---[ \t]*(?:\r?\n|\Z)"
)


_LEAD = LazyPattern(re.compile, r"[\ufeff \t\r\n]*")


def _front_matter_end(head: str) -> int:
    """Where the markup begins after a YAML front matter that opens ``head`` (0: there is none)."""
    found = _FRONT_MATTER.match(head)
    return found.end() if found is not None else 0


def _past_templates(text: str, pairs: Any) -> str:
    """``text`` from its first line that does not open with a template tag (``{% extends "x" %}``,
    ``{% block title %}Jobs{% endblock %}``, ``{{ x }}``, ``<%= x %>``, ``<!-- x -->``)."""
    openings = tuple(opening for opening, _closing in pairs)
    pos = 0
    for _ in range(200):
        while pos < len(text) and text[pos] in " \t\r\n":
            pos += 1
        if not text.startswith(openings, pos):
            break
        for opening, closing in pairs:  # a tag that runs over lines (a multi-line comment) is passed whole
            if text.startswith(opening, pos):
                end = text.find(closing, pos + len(opening))
                if end < 0:
                    return text[pos:]
                pos = end + len(closing)
                break
        after = pos
        while after < len(text) and text[after] in " \t":
            after += 1
        if text.startswith(openings, after):
            continue  # another tag on the line (SSI's `--><!--#set var="x" value="y"` over lines)
        newline = text.find("\n", pos)
        if text[pos:newline if newline >= 0 else len(text)].lstrip().startswith("<") and not text.startswith(openings, pos):
            break  # `{% block body %}<div>`: the markup goes on on this line
        pos = len(text) if newline < 0 else newline + 1
    return text[pos:].lstrip()


_PRE_OPEN = LazyPattern(re.compile, r"<(pre|script|style)[\s>]")
#: an HTML element's tag inside a line (a paragraph wrapped over lines: ``calling <code>x()</code> in``)
_INLINE_TAG = LazyPattern(re.compile,
    r"</?(?:a|abbr|b|br|code|em|i|img|kbd|li|p|pre|samp|small|span|strong|sub|sup|td|th|tr|tt|u|var)(?:\s[^<>]*)?/?>", re.I
)


def _without_pre(lines: list[str]) -> list[str]:
    """``lines`` without the inside of ``<pre>``, ``<script>`` and ``<style>`` blocks (code, diagrams, the page's
    program: neither its markup nor its prose), unless those are half the lines or more and fewer than ten lines are left
    (a page that is one ``<pre>`` block is judged by all its lines; a page of headings and paragraphs
    between long ``<pre>`` examples, by its headings and paragraphs)."""
    kept: list[str] = []
    inside = ""  # the end tag of the block the line is in
    # a Vue single-file component (top-level `<template>`, `<script>` and `<style>` blocks) is a program: its
    # script and style are judged with its markup (a partial that opens with a `<style>` block is a page's)
    first = _first_tag(lines[0]) if lines else ""
    component = first == "template" or (first in ("script", "style") and any(_first_tag(ln) == "template" for ln in lines))
    for line in lines:
        lowered = line.lower()
        if inside:
            if inside not in lowered:
                continue
            inside = ""
        else:
            opened = [m for m in _PRE_OPEN.finditer(lowered) if not component or m.group(1) == "pre"]
            if opened:
                end = f"</{opened[-1].group(1)}>"
                inside = end if end not in lowered[opened[-1].end() :] else ""
        kept.append(line)
    return kept if 2 * len(kept) > len(lines) or len(kept) >= 10 else lines


def _markup_ratio(text: str, pairs: Any = ()) -> float:
    lines = _without_pre([line.lstrip() for line in text[:200_000].split("\n") if line.strip()])
    if pairs:  # a line of template tags only is neither markup nor text
        openings = tuple(opening for opening, _closing in pairs)
        lines = [line for line in lines if not line.startswith(openings)]
    markup, in_paragraph = 0, False
    tag: str | None = None  # the tag state at the line's start (:func:`_tag_open_at_end`)
    for line in lines:
        # a line inside a tag whose attributes run over lines (`<a\n  href="..."\n  target="_blank"\n>`,
        # as formatters write templates), or inside a `<p>` paragraph wrapped over lines, is markup too
        if tag is not None or in_paragraph or line.startswith("<") or _wrapped_prose(line):
            markup += 1
        tag = _tag_open_at_end(line, tag)
        in_paragraph = _paragraph_open_at_end(line, in_paragraph)
    return markup / max(1, len(lines))


_P_TAG = LazyPattern(re.compile, r"<(/?)p(?:\s[^<>]*)?>", re.I)


def _paragraph_open_at_end(line: str, open_: bool) -> bool:
    """Whether a ``<p>`` opened on ``line`` (or before it) is still open at its end."""
    for match in _P_TAG.finditer(line):
        open_ = not match.group(1)
    return open_


_TAG_OPEN = LazyPattern(re.compile, r"<[A-Za-z/]")
#: inside a tag, what ends it or opens an attribute's quoted value
_TAG_END_OR_QUOTE = LazyPattern(re.compile, r"[>\"']")


def _tag_open_at_end(line: str, state: str | None) -> str | None:
    """Whether a tag opened on ``line`` (or before it) is still open at its end: ``None`` (no tag open), ``""`` (in
    a tag) or the quote of the attribute value the line ends in (``x-data="{`` over lines of JavaScript, whose
    ``() => {`` closes no tag: Alpine.js templates); ``state`` is the same at the line's start."""
    pos = 0
    while True:
        if state is None:
            opened = _TAG_OPEN.search(line, pos)
            if opened is None:
                return None
            state, pos = "", opened.end()
        elif state:
            close = line.find(state, pos)
            if close < 0:
                return state
            state, pos = "", close + 1
        else:
            found = _TAG_END_OR_QUOTE.search(line, pos)
            if found is None:
                return ""
            pos = found.end()
            state = None if found.group() == ">" else found.group()


def _wrapped_prose(line: str) -> bool:
    """A line of a paragraph wrapped over lines: words with an inline tag among them."""
    return _INLINE_TAG.search(line) is not None and any(ch.isalnum() for ch in _INLINE_TAG.sub("", line))


def _claims(inp: KindInput, start: int = 0) -> tuple[Evidence, ...]:
    """The evidence that the content is HTML (empty: it is not): a doctype or ``<html>`` start
    (decisive), an HTML MIME hint, or a fragment that opens with an HTML tag and is mostly markup.
    ``start``: where the page begins after a YAML front matter (:func:`_front_matter_keys`; 0: none)."""
    caps = inp.caps
    pairs = [tuple(pair) for pair in caps.get("template_delimiters") or ()]
    head = inp.stripped_head(4000)
    if head.startswith("\ufeff"):
        head = inp.stripped.lstrip("\ufeff")[:4000]
    body = inp.content[start:].strip() if start else None  # the page after a front matter (_front_matter_keys)
    if body is not None:
        head = body[:4000]
    if pairs and head[:1] in "{<":
        head = _past_templates(head, pairs)
    if not head.startswith("<") and "html" not in inp.mime:
        return ()
    if _declines_as_xml(inp, head):
        return ()
    if caps["start"].search(head):
        # an XHTML doctype or `xmlns` on `<html>` without an `<?xml` prolog (Doxygen, javadoc,
        # gtk-doc, DocBook output, served as text/html) is a page like any other: the corpus labels it
        # html, and a browser parses it as HTML; only a prolog or an xml/xhtml MIME hint makes it xml
        return (Evidence("xhtml_start" if _xhtml(inp, head) else "html_start", 1.0, 0.98),)
    if "html" in inp.mime:
        return (Evidence("mime_says_html", 1.0, 0.9),)
    if _first_tag(head) not in caps["fragment_tags"]:
        return ()
    text = inp.stripped if body is None else body
    ratio = _markup_ratio(text, pairs)
    if ratio < caps["min_markup_ratio"]:
        return ()
    if caps.get("foreign_vocabulary") and foreign_vocabulary(text):
        return ()  # an HTML name for the first element, another vocabulary for the rest: XML's to claim
    closed = _closed_elements(text)
    found = [Evidence("fragment_markup", min(1.0, ratio), 0.9)]
    if closed:
        found.append(Evidence("closed_elements", min(1.0, closed / 6), 0.7))
    return tuple(found)


#: HTML's elements that have an end tag (void ones, which never close, left out)
_CLOSING_ELEMENTS = frozenset(
    "a abbr address article aside audio b bdi bdo blockquote body button canvas caption center cite code colgroup "
    "datalist dd del details dfn dialog div dl dt em fieldset figcaption figure font footer form h1 h2 h3 h4 h5 h6 "
    "head header html i iframe ins kbd label legend li main mark menu nav noscript object ol optgroup option output "
    "p picture pre q s samp script section select small span strong style sub summary sup table tbody td template "
    "textarea tfoot th thead time title tr tt u ul var video".split()
)
_END_TAG = LazyPattern(re.compile, r"</([A-Za-z][A-Za-z0-9]*)\s*>")


def _closed_elements(text: str) -> int:
    """How many distinct HTML elements the content both opens and closes (``<p>...</p>``, ``<pre>...</pre>``):
    markup that closes what it opens, as a page's does; code quoting a tag or two, and XML of other
    vocabularies, close few or none of HTML's elements."""
    head = text[:200_000]
    lowered = head.lower()
    names = {m.group(1).lower() for m in _END_TAG.finditer(head)} & _CLOSING_ELEMENTS
    return sum(1 for name in names if re.search(rf"<{name}[\s>/]", lowered))


def _parse(inp: KindInput, start: int = 0) -> tuple[_PageParser, bool]:
    caps = inp.caps
    parser = _PageParser(caps["excerpt_chars"], caps["max_headings"])
    limit = caps["max_parse_chars"]
    parser.feed(inp.content[start : start + limit])
    parser.close()
    return parser, len(inp.content) - start > limit


def _front_matter_keys(inp: KindInput) -> tuple[list[str], int]:
    """(the keys of a YAML front matter that opens the content, where the page after it starts)."""
    if not inp.caps.get("front_matter"):
        return [], 0
    lead = _LEAD.match(inp.content).end()  # a BOM and blank lines (no copy of the content)
    end = _front_matter_end(inp.content[lead : lead + 4000]) if inp.content.startswith("---", lead) else 0
    if not end:
        return [], 0
    lines = inp.content[lead : lead + end].splitlines()[1:-1]
    return [line.split(":", 1)[0].strip() for line in lines if line[:1].isalpha() or line[:1] == "_"], lead + end


def _summarize(inp: KindInput) -> Claim | None:
    if inp.is_blank():
        return None
    keys, start = _front_matter_keys(inp)
    evidence = _claims(inp, start)
    if not evidence:
        return None
    parser, cut = _parse(inp, start)
    return Claim(synopsis=_synopsis(inp, parser, cut, keys), evidence=evidence)


def _forms(parser: _PageParser, caps: Mapping[str, Any]) -> list[str]:
    out = []
    for index, form in enumerate(parser.forms[: caps["max_forms"]], 1):
        fields = form["fields"]
        names = ", ".join(fields[: caps["max_form_fields"]])
        more = f", +{len(fields) - caps['max_form_fields']} more" if len(fields) > caps["max_form_fields"] else ""
        out.append(f"form {index}: {form['method']} {form['action'] or '(same page)'} fields: {names or 'none'}{more}")
    if len(parser.forms) > caps["max_forms"]:
        out.append(f"+{len(parser.forms) - caps['max_forms']} more forms")
    return out


def _synopsis(inp: KindInput, parser: _PageParser, cut: bool, keys: list[str] | None = None) -> Synopsis:
    caps = inp.caps
    counts = parser.counts
    title = clip(normalize("".join(parser.title)), caps["heading_chars"])
    links = counts.get("a", 0)
    summary = [
        f"HTML page titled {title!r}." if title else "HTML page without a title.",
        f"Links: {links}, forms: {len(parser.forms)}, headings: {len(parser.headings)}.",
    ]
    if parser.description:
        summary.append(f"Description: {clip(normalize(parser.description), caps['excerpt_chars'])}")
    excerpt = clip(normalize("".join(parser.text)), caps["excerpt_chars"])
    summary.append(f"Visible text: {excerpt}" if excerpt else "Visible text: (none)")
    if cut:
        summary.append(f"Only the first {caps['max_parse_chars']} characters were parsed.")
    cap = caps["max_headings"]
    outline = [f"{'#' * lvl} {clip(text, caps['heading_chars'])}" for lvl, text in parser.headings[:cap]]
    if len(parser.headings) > cap:
        outline.append(f"+{len(parser.headings) - cap} more headings")
    structure = [f"outline ({len(parser.headings)} headings):", *outline] if outline else []
    structure.append(
        f"elements: links {links}, forms {len(parser.forms)}, inputs {sum(counts.get(t, 0) for t in _FIELDS)}, "
        f"images {counts.get('img', 0)}, tables {counts.get('table', 0)}, scripts {counts.get('script', 0)}, "
        f"styles {counts.get('style', 0) + counts.get('stylesheet', 0)}"
    )
    if parser.lang:
        structure.append(f"lang: {clip(parser.lang, 20)}")
    if keys:
        shown = [clip(key, caps["heading_chars"]) for key in keys[: caps["max_front_matter_keys"]]]
        more = f", +{len(keys) - len(shown)} more" if len(keys) > len(shown) else ""
        structure.append(f"front_matter keys: {', '.join(shown)}{more}")
    return Synopsis(
        kind=NAME,
        title=f"HTML: {title}" if title else "HTML output",
        summary=tuple(summary),
        structure=tuple(structure),
        notable_items=tuple(_forms(parser, caps)),
    )


SUMMARIZER = Summarizer(
    name=NAME,
    summarize=_summarize,
    caps_schema=CAPS_SCHEMA,
    defaults=DEFAULTS,
    pattern_keys=PATTERN_KEYS,
    description="html pages: title, heading outline, link and form counts, visible text; never executes anything",
)


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (SUMMARIZER,)
