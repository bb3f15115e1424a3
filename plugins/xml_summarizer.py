"""Kind ``xml``: a well-formed XML document (root tag, root attributes, first-level child tags).

Claims the content when the MIME hint contains ``xml`` or the stripped content
starts with ``<``, and the content parses as the seed's
``xml.etree.ElementTree.fromstring`` would parse it: expat with namespace
processing (tags shown as ``{uri}tag``), internal entities expanded, an entity
reference expat hands back unexpanded (external or undeclared under a DTD) is
an error, whitespace before the root is fine but not before ``<?xml``.
When the MIME hint says XML but the content does not parse, the synopsis is
``unknown`` ("Unparsed XML-like output") with a head/tail sample; otherwise the
next kind is tried (most HTML).

The parse streams through expat and builds no tree: only the root's tag and
attribute count and a count per first-level child tag are kept, so memory is
bounded by the number of distinct child tags. Child tags are listed most
common first, ties in first-seen order (``Counter.most_common``).

.. rubric:: Options (``kinds.xml``)

* ``child_tag_limit`` (30): distinct first-level child tags listed.
* ``skip_bom`` (false): a leading U+FEFF does not stop detection.
* ``strip_leading_whitespace`` (false): parse from the first non-blank
  character (whitespace before ``<?xml`` is fine).
* ``expand_entities`` (true): expand internal entities as the seed does
  (a billion-laughs document then fails on expat's amplification limit and
  falls through). ``false``: entity references are never expanded, so entity
  bombs and external entities cost nothing and the document is still described.
* ``more_format`` (``""``): structure line added when the tag cap cuts the
  list, e.g. ``"+{n} more"``.
* ``legacy_encodings`` (false): content holding undecodable bytes (lone surrogates
  U+DC80-U+DCFF from ``surrogateescape``) is read back as bytes and decoded with the
  encoding its declaration names (``ISO-8859-1``, ``windows-1252``, ``EUC-KR``,
  ``Shift_JIS``...; undecodable bytes then become U+FFFD), as a parser reading the file
  would. ``false``: the seed's ``fromstring`` on a str, which refuses such content.
* ``namespace_errors`` (``fail``): ``tolerate``: a document that is well-formed but breaks a
  namespace rule (an unbound prefix such as ``xi:include`` with no ``xmlns:xi``, an
  undeclared prefix ``xmlns:a=""``, a reserved prefix or namespace name bound:
  ``xmlns:x="http://www.w3.org/XML/1998/namespace"``) is read without namespace processing
  (tags as written).
* ``feeds`` (false): an RSS 2.0 / RSS 1.0 (RDF) / Atom document says so and counts its items
  or entries (``feed: RSS 2.0, items: 20``).
* ``truncated`` (false): a document that opens with an XML declaration and is well-formed up to
  its end but stops before its root closes (a tool's output cut at N bytes, ``head -c``) is
  described as XML cut short (root and children seen so far) instead of falling through to
  the next kind; the default rule file turns it on.
* ``confidence`` (false): return a :class:`~toolstub.claims.Claim` with evidence
  (``parses_whole``, ``xml_declaration``, ``namespaces``). A document whose root is an HTML
  element name, with no declaration and no namespace, gives a plain synopsis instead (no
  opinion beyond "it parses"), so an HTML fragment goes to the html detector when it claims.

.. rubric:: Examples

``<feed xmlns="http://www.w3.org/2005/Atom"><entry/><entry/><title/></feed>``::

    summary:   XML document with root: {http://www.w3.org/2005/Atom}feed.
    structure: root: {http://www.w3.org/2005/Atom}feed / attributes: 0 /
               {http://www.w3.org/2005/Atom}entry: 2 / {http://www.w3.org/2005/Atom}title: 1
"""

from __future__ import annotations

import codecs
import dataclasses
import itertools
import re
from collections import Counter
from collections.abc import Callable
from functools import cached_property
from pyexpat import ExpatError, ParserCreate, errors
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.plugins._markup import foreign_vocabulary
from toolstub.regex import LazyPattern
from toolstub.synopsis import (
    Claim,
    Evidence,
    KindInput,
    StreamCounter,
    StreamTotals,
    Summarizer,
    Synopsis,
    WholeTotals,
)
from toolstub.textutil import head_tail_sample

DEFAULTS: dict[str, Any] = {
    "child_tag_limit": 30,
    "skip_bom": False,
    "strip_leading_whitespace": False,
    "expand_entities": True,
    "more_format": "",
    "legacy_encodings": False,
    "namespace_errors": "fail",
    "feeds": False,
    "truncated": False,
    "confidence": False,
}

CAPS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "child_tag_limit": {"type": "integer", "minimum": 0, "description": "distinct first-level child tags listed"},
        "skip_bom": {"type": "boolean", "description": "a leading U+FEFF does not stop detection"},
        "strip_leading_whitespace": {"type": "boolean", "description": "parse from the first non-blank character"},
        "expand_entities": {"type": "boolean", "description": "expand internal entities as ElementTree does"},
        "more_format": {"type": "string", "description": "line added when the tag cap cuts the list; {n} = tags left out"},
        "legacy_encodings": {
            "type": "boolean",
            "description": "undecodable bytes are decoded with the encoding the XML declaration names",
        },
        "namespace_errors": {
            "enum": ["fail", "tolerate"],
            "description": "a namespace error (unbound prefix) fails, or the document is read without namespaces",
        },
        "feeds": {"type": "boolean", "description": "RSS/Atom feeds: name the format and count items or entries"},
        "truncated": {
            "type": "boolean",
            "description": "a declared document well-formed up to its end, its root unclosed, is XML cut short",
        },
        "confidence": {"type": "boolean", "description": "return a scored claim (strongest_claim detection)"},
    },
}


class _Unexpanded(Exception):
    """An entity reference that ElementTree would report as undefined."""


class _Scan:
    """Root tag, root attribute count and first-level child tag counts, from expat events.

    Only start tags call Python: end tags go to a C ``list.append`` and the depth is
    ``starts - ends`` (the list is emptied as it grows below depth 2). The tags at
    depth 1 and 2 go to lists (a C append each) counted once at the end (``Counter``, in C,
    first-seen order kept).
    """

    def __init__(self) -> None:
        self.root = ""
        self.attributes = 0
        self.ones: list[str] = []
        self.twos: list[str] = []
        self.entity_declarations = 0
        self.ends: list[str] = []
        #: first-level tags counted before the event scan took over (a streamed document)
        self.prior_ones: dict[str, int] = {}
        self.start = self._handler()

    def _handler(self, depth: int = 0):
        """The start-tag handler; ``depth``: the depth the event scan starts at (1 when it takes
        over below a root already seen)."""
        ones = self.ones.append
        twos = self.twos.append
        ends = self.ends
        starts = depth

        def start(name: str, attrs: Any) -> None:
            nonlocal starts
            depth = starts - len(ends)
            starts += 1
            if depth == 1:
                ones(name)
            elif depth == 2:
                twos(name)
            elif depth == 0:
                self.root = "{" + name if "}" in name else name
                self.attributes = len(attrs) // 2
            elif len(ends) > 65536:  # deep documents; a flat one holds a name per element in ones/twos anyway
                starts -= len(ends)
                ends.clear()

        return start

    @cached_property
    def raw_children(self) -> dict[str, int]:
        if self.prior_ones:
            counts = Counter(self.prior_ones)
            counts.update(self.ones)
            return dict(counts)
        return dict(Counter(self.ones))

    @cached_property
    def grandchildren(self) -> dict[str, int]:
        """Tags at depth 2 under a root named ``rss`` (its items under <channel>: the one reader is
        :func:`feed_line`), bounded by the distinct tags; ``{}`` under any other root (the fast
        paths of :func:`scan` count them only there)."""
        return dict(Counter(self.twos)) if _local(self.root) == "rss" else {}

    @property
    def children(self) -> dict[str, int]:
        return {("{" + name if "}" in name else name): n for name, n in self.raw_children.items()}

    def entity_declared(self, *args: Any) -> None:
        self.entity_declarations += 1


def _refuse_unexpanded(data: str) -> None:
    if len(data) >= 2 and data[0] == "&":
        raise _Unexpanded(data)


def _ignore(data: str) -> None:
    return None


def scan(text: str, *, expand_entities: bool = True, namespaces: bool = True) -> _Scan:
    """Stream ``text`` through expat; raises on anything ElementTree's ``fromstring`` refuses.

    A simple document (see :func:`_tag_counts`) is counted from its text at C speed and expat
    only checks it (no Python call per element); any other takes :func:`full_scan`.
    """
    if len(text) >= FAST_MIN_CHARS and not _declares_below_root(text):
        counts = _record_counts(text)
        if counts is None:
            counts = _tag_counts(text)
        if counts is not None:
            state = _checked(text, counts, expand_entities=expand_entities, namespaces=namespaces)
            if state is not None:
                return state
    return full_scan(text, expand_entities=expand_entities, namespaces=namespaces)


def full_scan(text: str, *, expand_entities: bool = True, namespaces: bool = True) -> _Scan:
    """:func:`scan` through expat's events (a Python call per start tag): every document."""
    state = _Scan()
    make_parser(state, expand_entities=expand_entities, namespaces=namespaces).Parse(text, True)
    return state


_FIRST_TAG = LazyPattern(re.compile, r"<[^!?/]")


def _declares_below_root(text: str) -> bool:
    """``xmlns`` past the first start tag (a namespace declared below the root, or the word in
    text): the fast paths could not resolve the names alone, and would only add a pass."""
    first = _FIRST_TAG.search(text)
    if first is None:
        return False
    end = text.find(">", first.start())
    return end >= 0 and text.find("xmlns", end) >= 0


#: below this many characters the event scan is as fast (and the fast path's set-up is not worth it)
FAST_MIN_CHARS = 65_536
#: the text is split at ``<`` in windows of about this many characters (bounded extra memory)
WINDOW_CHARS = 1 << 20
#: :func:`_tag_counts` gives up past this many comments, CDATA sections and PIs when there is
#: one every ``SPECIAL_SPACING`` characters or less (each costs a few Python steps)
DENSE_SPECIALS = 256
SPECIAL_SPACING = 1024
_NAME = LazyPattern(re.compile, r"<([^ \t\r\n/>]+)")
#: the first start tag's name in each of runs joined with NUL (expat refuses a NUL in a document)
_CHILD = LazyPattern(re.compile, r"\x00[^<]*<([^ \t\r\n/>]+)")


_ROOT_TAG = LazyPattern(re.compile, r"""<([^ \t\r\n/>!?]+)(?:[ \t\r\n]+[^ \t\r\n=/>]+[ \t\r\n]*=[ \t\r\n]*(?:"[^"<]*"|'[^'<]*'))*[ \t\r\n]*>""")
_SPACE = " \t\r\n"


def _record_counts(text: str) -> tuple[Counter[str], None] | None:
    """The first-level tags of a list of records, the most common shape of a large document:
    a root whose children are, after a header of other elements (counted by :func:`_tag_counts`),
    all one element ``N`` that is not empty (``<N ...>...</N>``), the same text between them,
    and no comment, CDATA section, PI or DOCTYPE among them; ``None`` for any other document
    (or an ``rss`` root, whose second level is counted too).

    Checked with a few C passes per window (``str.count``): if each ``</N>`` but the last is
    followed by the separator and ``<N``, no other ``<N`` is in the window, and no ``<`` follows
    the last ``</N>``, then in a document expat accepts each ``</N>`` closes the one ``<N``
    before it, which started at depth 1 (nothing but text came before it), so the first-level
    tags are exactly the ``</N>`` count of the root's content.
    """
    start = text.find("<")
    if text.startswith("<?", start):
        close = text.find("?>", start + 2)
        start = text.find("<", close + 2) if close >= 0 else -1
    if start < 0:
        return None
    root = _ROOT_TAG.match(text, start)
    if root is None or _local(root[1]) == "rss":
        return None
    body_start = root.end()
    body_end = text.rfind("</")
    if body_end < body_start or not text.startswith("</" + root[1], body_end):
        return None
    if text[body_end + 2 + len(root[1]):].strip(_SPACE) != ">":
        return None  # the root's end tag must be the document's last markup
    if text.find("<", body_start, body_end) < 0:
        return Counter(), None
    last = text.rfind("</", body_start, body_end)  # the end tag of the last child: the records' element
    name = text[last + 2:text.find(">", last)] if last >= 0 else ""
    if not name or any(char in name for char in " \t\r\n/<"):
        return None
    opening, closing = "<" + name, "</" + name + ">"
    if text.find("<", last + len(closing), body_end) >= 0:
        return None  # something after the last one
    child = re.compile(re.escape(opening) + "[ \t\r\n/>]").search(text, body_start, body_end)
    if child is None:
        return None
    first = child.start()  # the first record; the siblings before it (a header) are counted one by one
    ones: Counter[str] = Counter()
    if text.find("<", body_start, first) >= 0:
        header = _tag_counts("<r>" + text[body_start:first] + "</r>")
        if header is None:
            return None
        ones = header[0]
    if text.find("<!", first, body_end) >= 0 or text.find("<?", first, body_end) >= 0:
        return None
    after = last + len(closing)
    second = text.find(closing, first, after) + len(closing)
    separator = ""
    if second < after:  # the text between the first two children (none if there is one)
        following = text.find("<", second, after)
        separator = text[second:following]
        if not text.startswith(opening, following):
            return None
    adjacent = closing + separator + opening
    total = 0
    pos = first
    while pos < after:
        cut = after
        if after - pos > WINDOW_CHARS:
            found = text.find(closing, pos + WINDOW_CHARS, after)
            cut = found + len(closing) if found >= 0 else after
        closings = text.count(closing, pos, cut)
        if (closings == 0 or text.count(opening, pos, cut) != closings
                or text.count(adjacent, pos, cut) != closings - 1):
            return None
        if pos != first and not text.startswith(separator + opening, pos):
            return None
        total += closings
        pos = cut
    ones[name] += total
    return ones, None


def _tag_counts(text: str) -> tuple[Counter[str], Counter[str] | None] | None:
    """(first-level, second-level) start tags by raw name (``p:x`` as written, first-seen order),
    counted from the text itself; ``None`` when the text is not simple enough to be sure. The
    second level is counted only under a root named ``rss`` (the one reader: :func:`feed_line`),
    else ``None``.

    Exact for a document expat accepts when it has no DOCTYPE (so no entity can expand to
    markup and no attribute has a default) and no ``>`` outside a tag (a ``>`` in text or in an
    attribute value), comments, CDATA sections and PIs aside: then every ``<`` opens a tag,
    each tag's one ``>`` ends it, and ``/>`` ends exactly the empty-element tags. Comments, CDATA
    and PIs are stepped over (each ends at its first ``-->``, ``]]>``, ``?>``). The answer is
    only used once expat has accepted the document (:func:`_checked`).
    """
    counter = _Counter()
    specials = 0
    end = len(text)
    bang = text.find("<!")
    query = text.find("<?")
    pos = 0
    while pos < end:
        if 0 <= bang < pos:
            bang = text.find("<!", pos)
        if 0 <= query < pos:
            query = text.find("<?", pos)
        special = min(bang, query) if bang >= 0 and query >= 0 else max(bang, query)
        stop = end if special < 0 else special
        first = text.find("<", pos, stop)
        while 0 <= first < stop:  # the tags up to the next special, a window at a time
            cut = stop if stop - first <= WINDOW_CHARS else text.rfind("<", first + 1, first + WINDOW_CHARS)
            if cut <= first:
                cut = text.find("<", first + WINDOW_CHARS, stop)
                if cut < 0:
                    cut = stop
            window = text[first:cut]
            if window.count(">") != window.count("<") or not counter.feed(window):
                return None  # a '>' in text or in an attribute value, or not XML: the event scan decides
            first = cut
        if special < 0:
            break
        if text.startswith("<!--", special):
            close, skip = text.find("-->", special + 4), 3
        elif text.startswith("<![CDATA[", special):
            close, skip = text.find("]]>", special + 9), 3
        elif text.startswith("<?", special):
            close, skip = text.find("?>", special + 2), 2
        else:
            return None  # a DOCTYPE (or not XML)
        if close < 0:
            return None
        pos = close + skip
        specials += 1
        if specials > DENSE_SPECIALS and specials * SPECIAL_SPACING > pos:
            return None  # a comment or CDATA section every few tags: the event scan is faster
    if counter.depth != 0 or counter.root is None:
        return None
    return counter.ones, counter.twos


class _Counter:
    """The depth-1 and depth-2 start tags of a document's windows (see :func:`_tag_counts`)."""

    def __init__(self) -> None:
        self.depth = 0
        self.root: str | None = None
        self.ones: Counter[str] = Counter()
        self.twos: Counter[str] | None = None

    def feed(self, window: str) -> bool:
        """Count ``window`` (text from a ``<`` up to a special or a ``<``); ``False`` when its
        tags do not nest."""
        if self.root is None:
            self._root(window)
        try:
            if self.twos is not None:
                return self._feed_tags(window.split("<"))
            return self._feed_runs(window)
        except IndexError:  # '<<' or '</' at the end: not XML
            return False

    def _feed_runs(self, window: str) -> bool:
        """The common case: the window cut at its end tags. Each run after an end tag holds
        ``count('<')`` start tags; only when the depth after that end tag is 1 is the first of
        them a first-level child (and the others below it, unless one is an empty-element tag)."""
        runs = window.split("</")
        level_one: list[str] = []
        one = level_one.append
        depth = self.depth
        if runs[0]:
            depth = self._tags(runs[0].split("<"), depth, level_one)
        closings = "/>" in window
        for run in itertools.islice(runs, 1, None):
            depth -= 1
            starts = run.count("<")
            if starts:
                if depth == 1:
                    if closings and "/>" in run:  # empty-element tags: each start tag in turn
                        depth = self._tags(run.split("<"), depth, level_one)
                        continue
                    one(run)
                    depth += starts
                elif depth > 1:
                    depth += starts - run.count("/>") if closings else starts
                else:
                    return False
        if level_one:
            self.ones.update(_CHILD.findall("\x00" + "\x00".join(level_one)))
        self.depth = depth
        return depth >= 0

    def _tags(self, pieces: list[str], depth: int, level_one: list[str]) -> int:
        """The start tags of ``pieces`` (a run split at ``<``: its first piece is text or an end
        tag's rest), depth-1 ones added to ``level_one`` as ``<name...`` runs."""
        one = level_one.append
        for piece in itertools.islice(pieces, 1, None):
            if depth == 1:
                one("<" + piece)
            if "/>" not in piece:
                depth += 1
        return depth

    def _feed_tags(self, pieces: list[str]) -> bool:
        """Every tag of the window in turn, depth-1 and depth-2 start tags kept (an ``rss`` root)."""
        depth = self.depth
        level_one: list[str] = []
        level_two: list[str] = []
        one = level_one.append
        two = level_two.append
        for piece in itertools.islice(pieces, 1, None):
            if piece[0] == "/":
                depth -= 1
                continue
            if depth == 1:
                one(piece)
            elif depth == 2:
                two(piece)
            if "/>" not in piece:
                depth += 1
        if level_one:
            self.ones.update(_NAME.findall("<" + "<".join(level_one)))
        if level_two and self.twos is not None:
            self.twos.update(_NAME.findall("<" + "<".join(level_two)))
        self.depth = depth
        return depth >= 0

    def _root(self, window: str) -> None:
        found = _NAME.match(window)
        if found is not None and found[1][0] != "/":
            self.root = found[1]
            if _local(self.root) == "rss":
                self.twos = Counter()


_XML_NAMESPACE = "http://www.w3.org/XML/1998/namespace"


def _checked(text: str, counts: tuple[Counter[str], Counter[str] | None], *, expand_entities: bool,
             namespaces: bool) -> _Scan | None:
    """The :class:`_Scan` of ``text`` from the counts of :func:`_tag_counts`, once expat has
    parsed ``text`` with the same settings as :func:`full_scan` but a Python call only for the
    root and for namespace declarations (raises what :func:`full_scan` raises). ``None`` when
    the raw names cannot be resolved from the root's declarations alone (an element below the
    root declares a namespace, a prefix the root does not bind)."""
    state = _Scan()
    parser = make_parser(state, expand_entities=expand_entities, namespaces=namespaces)
    declared: dict[str | None, str] = {}
    nested = False

    def root(name: str, attrs: Any) -> None:
        state.root = "{" + name if "}" in name else name
        state.attributes = len(attrs) // 2
        parser.StartElementHandler = None

    def declaration(prefix: str | None, uri: str | None) -> None:
        nonlocal nested
        if state.root:
            nested = True
        else:
            declared[prefix] = uri or ""

    parser.StartElementHandler = root
    parser.EndElementHandler = None
    if namespaces:
        parser.StartNamespaceDeclHandler = declaration
    parser.Parse(text, True)
    if nested:
        return None
    ones, twos = counts
    twos = twos or Counter()
    if namespaces:
        resolved_ones = _resolved(ones, declared)
        resolved_twos = _resolved(twos, declared)
        if resolved_ones is None or resolved_twos is None:
            return None
    else:
        resolved_ones, resolved_twos = dict(ones), dict(twos)
    state.__dict__["raw_children"] = resolved_ones
    state.__dict__["grandchildren"] = resolved_twos
    return state


def _resolved(counts: Counter[str], declared: dict[str | None, str]) -> dict[str, int] | None:
    """Raw names -> expat's names (``uri}local``) under the root's declarations, counts merged
    in first-seen order; ``None`` for a name they do not resolve."""
    out: dict[str, int] = {}
    for raw, count in counts.items():
        prefix, colon, local = raw.partition(":")
        if colon:
            if not prefix or not local or ":" in local or prefix in ("xml", "xmlns") or prefix not in declared:
                return None
            uri = declared[prefix]
            if not uri:
                return None
            name = uri + "}" + local
        else:
            uri = declared.get(None, "")
            name = uri + "}" + raw if uri else raw
        out[name] = out.get(name, 0) + count
    return out


def make_parser(state: _Scan, *, expand_entities: bool = True, namespaces: bool = True) -> Any:
    """The expat parser :func:`scan` feeds (also fed block by block for a large document)."""
    parser = ParserCreate(None, "}") if namespaces else ParserCreate(None)
    parser.buffer_text = True
    parser.ordered_attributes = True
    parser.StartElementHandler = state.start
    parser.EndElementHandler = state.ends.append
    parser.CommentHandler = len
    parser.ProcessingInstructionHandler = max
    if expand_entities:
        # Only a document with a DOCTYPE can hand expat's default handler an entity reference
        # (without a DTD an undefined entity is expat's own error): until one starts, no default
        # handler, so character data needs no handler either (a C call per text run saved).
        def doctype(*args: Any) -> None:
            parser.CharacterDataHandler = len
            parser.DefaultHandlerExpand = _refuse_unexpanded

        parser.StartDoctypeDeclHandler = doctype
    else:
        # Entities are declared only in a DTD, so the non-expanding default handler (and the
        # character-data sink that keeps text away from it) is needed only once a DOCTYPE starts
        def doctype_no_expand(*args: Any) -> None:
            parser.CharacterDataHandler = len
            parser.DefaultHandler = _ignore

        parser.StartDoctypeDeclHandler = doctype_no_expand
        parser.EntityDeclHandler = state.entity_declared
    return parser


_ATOM = "{http://www.w3.org/2005/Atom}"
_RSS1 = "{http://purl.org/rss/1.0/}"
_RDF_ROOT = "{http://www.w3.org/1999/02/22-rdf-syntax-ns#}RDF"


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1].rsplit(":", 1)[-1]


def feed_line(state: _Scan) -> str | None:
    """``feed: RSS 2.0, items: N`` for an RSS 2.0 / RSS 1.0 / Atom document, else ``None``."""
    root = state.root
    children = state.children
    if _local(root) == "rss" and "}" not in root:
        items = sum(n for tag, n in state.grandchildren.items() if _local(tag) == "item")
        return f"feed: RSS, items: {items}"
    if root == _ATOM + "feed":
        return f"feed: Atom, entries: {children.get(_ATOM + 'entry', 0)}"
    if root == _RDF_ROOT or (_local(root) == "RDF" and any(_local(t) == "channel" for t in children)):
        items = sum(n for tag, n in children.items() if _local(tag) == "item")
        return f"feed: RSS 1.0 (RDF), items: {items}"
    return None


def _synopsis(state: _Scan, caps: Any) -> Synopsis:
    ranked = sorted(state.children.items(), key=lambda item: -item[1])
    limit = caps["child_tag_limit"]
    structure = [f"root: {state.root}", f"attributes: {state.attributes}"]
    structure.extend(f"{tag}: {count}" for tag, count in ranked[:limit])
    if caps["more_format"] and len(ranked) > limit:
        structure.append(caps["more_format"].format(n=len(ranked) - limit))
    notable: list[str] = []
    if state.entity_declarations:
        notable.append(f"entity declarations: {state.entity_declarations} (not expanded)")
    summary = [f"XML document with root: {state.root}."]
    feed = feed_line(state) if caps.get("feeds") else None
    if feed is not None:
        summary.append(feed)
    return Synopsis(
        kind="xml",
        title="XML output",
        summary=summary,
        structure=structure,
        notable_items=notable,
    )


_DECLARED = LazyPattern(re.compile, rb"""\A(?:\xef\xbb\xbf)?\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][A-Za-z0-9._:-]{0,39})["']""")
_SURROGATE = LazyPattern(re.compile, "[\udc80-\udcff]")


def _legacy_decoded(text: str) -> str:
    """``text`` (holding surrogate-escaped bytes) decoded as its XML declaration says."""
    data = text.encode("utf-8", "surrogateescape")
    declared = _DECLARED.match(data[:512])
    if declared is not None:
        try:
            codec = codecs.lookup(declared.group(1).decode("ascii"))
        except LookupError:
            codec = None
        if codec is not None and codec.name not in ("utf-16", "utf-16-le", "utf-16-be", "utf-32"):
            return data.decode(codec.name, "replace")
    return _SURROGATE.sub("\ufffd", text)


# the namespace rules a well-formed document can break: an unbound or undeclared prefix, and a reserved
# prefix or namespace name bound (the W3C's own 2000 XMLSchema.xsd binds ``xmlns:x`` to the XML namespace)
_NAMESPACE_ERRORS = {
    errors.codes[name]
    for name in (
        errors.XML_ERROR_UNBOUND_PREFIX,
        errors.XML_ERROR_UNDECLARING_PREFIX,
        errors.XML_ERROR_RESERVED_PREFIX_XML,
        errors.XML_ERROR_RESERVED_PREFIX_XMLNS,
        errors.XML_ERROR_RESERVED_NAMESPACE_URI,
    )
}

_HTML_ROOTS = frozenset(
    "html head body div span p a table thead tbody tr td th ul ol li dl dt dd form input button select "
    "option label img br hr h1 h2 h3 h4 h5 h6 section article nav header footer main aside pre code "
    "blockquote em strong b i u small script style link meta iframe figure figcaption template".split()
)


def _claim(state: _Scan, synopsis: Synopsis, text: str) -> Claim | Synopsis:
    head = text.lstrip("\ufeff \t\r\n")[:5]
    declared = head.startswith("<?xml")
    namespaced = "}" in state.root or any("}" in tag for tag in state.raw_children) or ":" in state.root
    evidence = [Evidence("parses_whole", 1.0, 0.9)]
    if declared:
        evidence.append(Evidence("xml_declaration", 1.0, 0.8))
    if namespaced:
        evidence.append(Evidence("namespaces", 1.0, 0.6))
    if not declared and not namespaced and _local(state.root).lower() in _HTML_ROOTS and not foreign_vocabulary(text):
        return synopsis  # an HTML element as the root: no opinion beyond "it parses" (a plain claim)
    return Claim(synopsis=synopsis, evidence=tuple(evidence))


#: what reading a document may raise (a malformed document, an entity left unexpanded, a bomb's limits)
_PARSE_ERRORS = (ExpatError, _Unexpanded, ValueError, RecursionError, MemoryError)


def _read(parse: Callable[[bool], _Scan], caps: Any) -> _Scan:
    """``parse(namespaces=True)``; when that breaks only a namespace rule and ``namespace_errors`` is ``tolerate``,
    ``parse(namespaces=False)`` (the document read with its tags as written)."""
    try:
        return parse(True)
    except ExpatError as exc:
        if caps.get("namespace_errors") != "tolerate" or exc.code not in _NAMESPACE_ERRORS:
            raise
        return parse(False)


def _cut_short(text: str, caps: Any) -> Claim | Synopsis | None:
    """The synopsis of a declared XML document cut short: well-formed as far as it goes (expat fed it
    as a first chunk, not the last, finds no error) and its root not closed, so only the end is
    missing (a doxygen tag file truncated at 128 KB). None for anything else: a document with an
    error, no declaration, or an HTML root (an XHTML page cut short is the html detector's)."""
    if not text.startswith("<?xml"):
        return None

    def prefix(namespaces: bool) -> _Scan:
        state = _Scan()
        make_parser(state, expand_entities=caps["expand_entities"], namespaces=namespaces).Parse(text, False)
        return state

    try:
        state = _read(prefix, caps)
    except _PARSE_ERRORS:
        return None
    if not state.root or _local(state.root).lower() in _HTML_ROOTS:
        return None
    synopsis = _synopsis(state, caps)
    synopsis = dataclasses.replace(
        synopsis,
        title="XML output (cut short)",
        summary=(*synopsis.summary, "The document stops before its root element closes: counts cover what is there."),
    )
    if not caps.get("confidence"):
        return synopsis
    evidence = [Evidence("parses_prefix", 1.0, 0.85), Evidence("xml_declaration", 1.0, 0.8)]
    if "}" in state.root or ":" in state.root:
        evidence.append(Evidence("namespaces", 1.0, 0.6))
    return Claim(synopsis=synopsis, evidence=tuple(evidence))


def _summarize(inp: KindInput) -> Synopsis | None:
    caps = inp.caps
    hinted = "xml" in inp.mime
    if not hinted and not inp.starts_with(("<", "\ufeff")):
        return None  # what the tests below answer, without stripping (a copy of) a long text
    stripped = inp.stripped
    text = inp.content
    if caps["skip_bom"] and stripped.startswith("\ufeff"):
        stripped = stripped.lstrip("\ufeff").strip()
        text = text.lstrip().lstrip("\ufeff")
    if caps["strip_leading_whitespace"]:
        text = text.lstrip()
    hinted = "xml" in inp.mime
    if not hinted and not stripped.startswith("<"):
        return None
    if caps.get("legacy_encodings") and not text.isascii() and _SURROGATE.search(text) is not None:
        text = _legacy_decoded(text)
    try:
        state = _read(lambda namespaces: scan(text, expand_entities=caps["expand_entities"], namespaces=namespaces), caps)
    except _PARSE_ERRORS:
        cut = _cut_short(text, caps) if caps.get("truncated") else None
        if cut is not None:
            return cut
        if not hinted:
            return None
        unparsed = Synopsis(
            kind="unknown",
            title="Unparsed XML-like output",
            summary=("XML-like output failed to parse.",),
            sample=head_tail_sample(inp.content, inp.preview_chars),
        )
        if caps.get("confidence"):
            return Claim(synopsis=unparsed, evidence=(Evidence("mime_says_xml", 1.0, 0.3),))
        return unparsed
    synopsis = _synopsis(state, caps)
    if caps.get("confidence"):
        return _claim(state, synopsis, text)
    return synopsis


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (
        Summarizer(
            name="xml",
            summarize=_summarize,
            caps_schema=CAPS_SCHEMA,
            defaults=DEFAULTS,
            description="well-formed XML: root tag, root attributes, first-level child tag counts (streamed)",
        ),
    )


class _XmlTotals(StreamCounter):
    """A large XML document read whole, block by block, through one incremental expat parser
    (no tree, bounded memory); its synopsis is the one the document would get whole, or ``None``
    when it does not parse. A list of records (:func:`_record_counts`) is counted from the text
    while expat only checks it (:class:`_StreamedRecords`); from the first window that is not
    one, the event scan (the handlers of :func:`full_scan`) takes over."""

    def __init__(self, caps: Any) -> None:
        self.caps = caps
        self.state = _Scan()
        self.parser = make_parser(self.state, expand_entities=caps["expand_entities"])
        self.records: _StreamedRecords | None = _StreamedRecords(self.parser, self.state)
        self.first = True
        self.failed = False

    def feed(self, block: str, first_line: int) -> None:
        if self.failed:
            return
        if self.first:
            self.first = False
            if self.caps["skip_bom"] or self.caps["strip_leading_whitespace"]:
                block = block.lstrip().lstrip("\ufeff")
        try:
            if self.records is not None:
                rest = self.records.feed(block)
                if rest is None:
                    return
                self.records = None  # the event scan from here
                block = rest
            self.parser.Parse(block, False)
        except (ExpatError, _Unexpanded, ValueError, RecursionError, MemoryError):
            self.failed = True

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis | None:
        if not self.failed and self.parser is not None:
            try:
                if self.records is not None:
                    rest, counted = self.records.finish()
                    self.parser.Parse(rest, False)
                    if counted is not None:
                        self.state.__dict__["raw_children"] = counted
                self.parser.Parse("", True)
            except (ExpatError, _Unexpanded, ValueError, RecursionError, MemoryError):
                self.failed = True
            self.parser = None  # finished once (a second finish gives the same answer)
        return None if self.failed else _synopsis(self.state, self.caps)


#: a streamed document's head is collected up to this many characters to find its layout
RECORDS_HEAD_CHARS = 4 * WINDOW_CHARS


class _StreamedRecords:
    """:func:`_record_counts` over a stream: expat (the root and namespace-declaration handlers
    of :func:`_checked`) parses each window that ends after a ``</N>`` once its counts check;
    the first window that does not (or a head that is not a list of records) is handed back,
    with the event scan's handlers installed at the depth reached (0 before the first child,
    1 after), its first-level counts so far kept in ``prior_ones``."""

    def __init__(self, parser: Any, state: _Scan) -> None:
        self.parser = parser
        self.state = state
        self.head: list[str] | None = []
        self.head_chars = 0
        self.carry = ""
        self.declared: dict[str | None, str] = {}
        self.name = self.opening = self.closing = self.adjacent = self.separator = ""
        self.started = False  # a window has been parsed (the next one starts after a </N>)
        self.total = 0

        def root(name: str, attrs: Any) -> None:
            state.root = "{" + name if "}" in name else name
            state.attributes = len(attrs) // 2
            parser.StartElementHandler = None

        def declaration(prefix: str | None, uri: str | None) -> None:
            self.declared[prefix] = uri or ""

        parser.StartElementHandler = root
        parser.EndElementHandler = None
        parser.StartNamespaceDeclHandler = declaration

    def _events(self, text: str, depth: int) -> str:
        """Install the event scan at ``depth`` and hand ``text`` back to be parsed by it."""
        state, parser = self.state, self.parser
        if depth and self.total:
            state.prior_ones = _resolved(Counter({self.name: self.total}), self.declared) or {}
        state.start = state._handler(depth)
        parser.StartElementHandler = state.start
        parser.EndElementHandler = state.ends.append
        parser.StartNamespaceDeclHandler = None
        return text

    def feed(self, block: str) -> str | None:
        """``None`` when the block was taken; else the text the event scan is to parse."""
        if self.head is not None:
            self.head.append(block)
            self.head_chars += len(block)
            text = "".join(self.head)
            layout = _record_layout(text)
            if layout is None or (layout == () and self.head_chars >= RECORDS_HEAD_CHARS):
                self.head = None
                return self._events(text, 0)
            if layout == ():
                return None  # not enough of the head yet
            self.head = None
            self.name, self.separator, first = layout
            self.opening, self.closing = "<" + self.name, "</" + self.name + ">"
            self.adjacent = self.closing + self.separator + self.opening
            self.parser.Parse(text[:first], False)  # the prolog and the root's start tag
            if _resolved(Counter({self.name: 1}), self.declared) is None:
                return self._events(text[first:], 1)
            self.carry = text[first:]
            block = ""
        text = self.carry + block if block else self.carry
        last = text.rfind(self.closing)
        if last < 0:
            self.carry = text
            return self._events(text, 1) if len(text) > 4 * WINDOW_CHARS else None
        cut = last + len(self.closing)
        closings = text.count(self.closing, 0, cut)
        if (text.count(self.opening, 0, cut) != closings or text.count(self.adjacent, 0, cut) != closings - 1
                or (self.started and not text.startswith(self.separator + self.opening))
                or text.find("<!", 0, cut) >= 0 or text.find("<?", 0, cut) >= 0 or text.find("xmlns", 0, cut) >= 0):
            self.carry = ""
            return self._events(text, 1)
        self.parser.Parse(text[:cut], False)
        self.started = True
        self.total += closings
        self.carry = text[cut:]
        return None

    def finish(self) -> tuple[str, dict[str, int] | None]:
        """(the text left to parse, the first-level counts when the records held to the end)."""
        if self.head is not None:
            text = "".join(self.head)
            self.head = None
            return self._events(text, 0), None
        rest = self.carry
        end = rest.find("<")
        if end >= 0 and _END_TAG.fullmatch(rest, end) is not None:  # text, then the root's end tag
            return rest, _resolved(Counter({self.name: self.total}), self.declared)
        return self._events(rest, 1), None


_END_TAG = LazyPattern(re.compile, r"</[^ \t\r\n/>]+[ \t\r\n]*>[ \t\r\n]*")


def _record_layout(text: str) -> tuple[str, str, int] | tuple[()] | None:
    """(child name, separator, index of the first child) of a head that opens a list of records
    (see :func:`_record_counts`); ``()`` when the head is too short to say; ``None`` otherwise."""
    start = text.find("<")
    if start < 0:
        return ()
    if text.startswith("<?", start):
        close = text.find("?>", start + 2)
        if close < 0:
            return ()
        start = text.find("<", close + 2)
        if start < 0:
            return ()
    if text.find(">", start) < 0:
        return ()
    root = _ROOT_TAG.match(text, start)
    if root is None or _local(root[1]) == "rss":
        return None
    first = text.find("<", root.end())
    if first < 0:
        return ()
    child = _NAME.match(text, first)
    if child is None:
        return ()
    name = child[1]
    if name[0] in "/!?":
        return None
    closing = "</" + name + ">"
    second = text.find(closing, first)
    if second < 0:
        return ()
    second += len(closing)
    following = text.find("<", second)
    if following < 0 or following + len(name) + 1 > len(text):
        return ()
    if not text.startswith("<" + name, following):
        return None
    return name, text[second:following], first


def _sniff(head: str) -> bool:
    """A head that opens like an XML document (a declaration, or a root tag that is not HTML's)."""
    start = head.lstrip().lstrip("\ufeff")[:200].lower()
    return start.startswith("<?xml") or (start.startswith("<") and start[1:2].isalpha() and not start.startswith("<html"))


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (StreamTotals(name="xml", start=_XmlTotals, sniff=_sniff,
                         description="a large XML document read whole by one incremental expat parse"),)
