"""HTML's element vocabulary, shared by ``html`` and ``xml``.

Not a plugin: a private helper module of :mod:`toolstub.plugins`.

A document that opens with ``<main>`` or ``<document>`` may be an HTML fragment or an XML document
of another vocabulary that happens to reuse an HTML element name for its root (wv's ``<main>`` of
``<charentity>``, ``<begin>``, ``<document>`` elements). What tells them apart is the rest of the
elements: :func:`html_share` counts the distinct element names of the head and how many of them
are HTML's (custom elements ``<my-widget>`` and prefixed ``<svg:rect>`` names are left out: a
page may hold any number of them).
"""

from __future__ import annotations

import re

#: HTML's elements (WHATWG, with the obsolete ones pages still write) and inline SVG/MathML roots
HTML_ELEMENTS = frozenset(
    "a abbr acronym address area article aside audio b base basefont bdi bdo big blink blockquote body br button "
    "canvas caption center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed "
    "fieldset figcaption figure font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i "
    "iframe img input ins kbd label legend li link main map mark marquee menu meta meter nav nobr noframes noscript "
    "object ol optgroup option output p param picture plaintext pre progress q rp rt ruby s samp script search "
    "section select slot small source span strike strong style sub summary sup table tbody td template textarea "
    "tfoot th thead time title tr track tt u ul var video wbr xmp "
    "svg math path g circle rect line polyline polygon defs use symbol lineargradient radialgradient stop "
    "clippath mask tspan".split()
)

_START_TAG = re.compile(r"<([A-Za-z][A-Za-z0-9_.:-]*)")


def html_share(text: str, limit: int = 200_000) -> tuple[int, int]:
    """``(html, distinct)``: of the distinct element names opened in ``text[:limit]`` (case folded;
    custom and prefixed names left out), how many are HTML's."""
    names = {m.group(1).lower() for m in _START_TAG.finditer(text, 0, limit)}
    names = {n for n in names if "-" not in n and ":" not in n}
    return sum(n in HTML_ELEMENTS for n in names), len(names)


def foreign_vocabulary(text: str, min_names: int = 4, max_share: float = 0.5) -> bool:
    """At least ``min_names`` distinct element names and under ``max_share`` of them HTML's: the
    markup of another vocabulary, whatever its first element is called."""
    known, distinct = html_share(text)
    return distinct >= min_names and known < max_share * distinct
