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

.. rubric:: Examples

``<feed xmlns="http://www.w3.org/2005/Atom"><entry/><entry/><title/></feed>``::

    summary:   XML document with root: {http://www.w3.org/2005/Atom}feed.
    structure: root: {http://www.w3.org/2005/Atom}feed / attributes: 0 /
               {http://www.w3.org/2005/Atom}entry: 2 / {http://www.w3.org/2005/Atom}title: 1
"""

from __future__ import annotations

from pyexpat import ExpatError, ParserCreate
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.synopsis import KindInput, Summarizer, Synopsis
from toolstub.textutil import head_tail_sample

DEFAULTS: dict[str, Any] = {
    "child_tag_limit": 30,
    "skip_bom": False,
    "strip_leading_whitespace": False,
    "expand_entities": True,
    "more_format": "",
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
    },
}


class _Unexpanded(Exception):
    """An entity reference that ElementTree would report as undefined."""


class _Scan:
    """Root tag, root attribute count and first-level child tag counts, from expat events.

    Only start tags call Python: end tags go to a C ``list.append`` and the depth is
    ``starts - ends`` (the list is emptied as it grows, so memory stays bounded).
    """

    def __init__(self) -> None:
        self.root = ""
        self.attributes = 0
        self.raw_children: dict[str, int] = {}
        self.entity_declarations = 0
        self.ends: list[str] = []
        self.start = self._handler()

    def _handler(self):
        counts = self.raw_children
        ends = self.ends
        starts = 0
        cleared = 0

        def start(name: str, attrs: Any) -> None:
            nonlocal starts, cleared
            ended = len(ends)
            depth = starts - cleared - ended
            starts += 1
            if depth == 1:
                counts[name] = counts.get(name, 0) + 1
            elif depth == 0:
                self.root = "{" + name if "}" in name else name
                self.attributes = len(attrs) // 2
            if ended > 65536:
                cleared += ended
                ends.clear()

        return start

    @property
    def children(self) -> dict[str, int]:
        return {("{" + name if "}" in name else name): n for name, n in self.raw_children.items()}

    def entity_declared(self, *args: Any) -> None:
        self.entity_declarations += 1


def _doctype(*args: Any) -> None:
    return None


def _refuse_unexpanded(data: str) -> None:
    if len(data) >= 2 and data[0] == "&":
        raise _Unexpanded(data)


def _ignore(data: str) -> None:
    return None


def scan(text: str, *, expand_entities: bool = True) -> _Scan:
    """Stream ``text`` through expat; raises on anything ElementTree's ``fromstring`` refuses."""
    state = _Scan()
    parser = ParserCreate(None, "}")
    parser.buffer_text = True
    parser.ordered_attributes = True
    parser.StartElementHandler = state.start
    parser.EndElementHandler = state.ends.append
    parser.CharacterDataHandler = len
    parser.CommentHandler = len
    parser.ProcessingInstructionHandler = max
    parser.StartDoctypeDeclHandler = _doctype
    if expand_entities:
        parser.DefaultHandlerExpand = _refuse_unexpanded
    else:
        parser.DefaultHandler = _ignore
        parser.EntityDeclHandler = state.entity_declared
    parser.Parse(text, True)
    return state


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
    return Synopsis(
        kind="xml",
        title="XML output",
        summary=(f"XML document with root: {state.root}.",),
        structure=structure,
        notable_items=notable,
    )


def _summarize(inp: KindInput) -> Synopsis | None:
    caps = inp.caps
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
    try:
        state = scan(text, expand_entities=caps["expand_entities"])
    except (ExpatError, _Unexpanded, ValueError, RecursionError, MemoryError):
        if not hinted:
            return None
        return Synopsis(
            kind="unknown",
            title="Unparsed XML-like output",
            summary=("XML-like output failed to parse.",),
            sample=head_tail_sample(inp.content, inp.preview_chars),
        )
    return _synopsis(state, caps)


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
