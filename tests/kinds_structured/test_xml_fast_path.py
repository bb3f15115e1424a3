"""The xml scan's fast paths (counted from the text, expat only checking) against the event scan.

``xml_summarizer.scan`` counts a large document's first-level tags from its text at C speed
(``_record_counts`` for a list of records, ``_tag_counts`` for other documents without a
DOCTYPE) and lets expat only check it; ``full_scan`` is the event scan every document took
before. Here both run on generated documents (random nesting, attributes, namespaces, comments,
CDATA, PIs, entities, DOCTYPEs, record lists with one thing out of place, and broken documents)
and on the XML files of this machine, with the size threshold lowered so that every document
takes the fast path when it can: the same root, attribute count, first-level tags in the same
order, RSS items, entity declarations, or the same refusal; and the same synopsis, byte for byte,
under both bundled rulesets.
"""

from __future__ import annotations

import glob
import os
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolstub import synopsize
from toolstub.plugins import xml_summarizer

SETTINGS = [(True, True), (True, False), (False, True), (False, False)]


def _outcome(scan, text: str, expand_entities: bool, namespaces: bool):
    try:
        state = scan(text, expand_entities=expand_entities, namespaces=namespaces)
    except Exception as exc:  # noqa: BLE001 - the same refusal, of the same type and code
        return (type(exc).__name__, getattr(exc, "code", None))
    rss = xml_summarizer._local(state.root) == "rss"
    return (state.root, state.attributes, list(state.raw_children.items()),
            list(state.grandchildren.items()) if rss else None, state.entity_declarations)


def _assert_same(text: str, monkeypatch) -> None:
    monkeypatch.setattr(xml_summarizer, "FAST_MIN_CHARS", 0)
    for expand_entities, namespaces in SETTINGS:
        fast = _outcome(xml_summarizer.scan, text, expand_entities, namespaces)
        full = _outcome(xml_summarizer.full_scan, text, expand_entities, namespaces)
        assert fast == full, (expand_entities, namespaces)


def _synopses(text: str) -> list[dict]:
    return [synopsize(text, rules=rules, mime=mime).to_dict()
            for rules in ("default", "openviking-compat") for mime in (None, "application/xml")]


# --- generated documents -------------------------------------------------------------------------

NAMES = ["a", "b", "item", "items", "it", "x:a", "y:b", "x:item", "rss", "channel", "entry", "p:q"]
DECLARATIONS = ['xmlns:x="urn:x"', 'xmlns:y="urn:y"', 'xmlns="urn:d"', 'xmlns=""', 'xmlns:x="urn:y"', 'xmlns:p="urn:x"']
ATTRIBUTES = ['k="v"', "k='v'", 'g="a>b"', 'h="/>"', "s='x\"y'", 'x:t="1"', 'e="&amp;"', 'z="<"']
TEXTS = ["", "t", " ", "\n  ", "a > b", "x/>y", "&amp;", "&#65;", "&e;", "&undefined;", "]]>", "\u00e9\u4e2d", "<", "&"]
MISC = ["<!-- c -->", "<!-- <a></a> </b> -->", "<![CDATA[<z/></a>]]>", "<?pi x?>", "<?pi <a>?>", "<!---->"]
PROLOGS = ["", "<?xml version='1.0'?>\n", '<?xml version="1.0" encoding="UTF-8"?>', "<!-- head -->\n", "\n  ",
           "<!DOCTYPE r [<!ENTITY e 'ent'>]>\n", "<!DOCTYPE r [<!ENTITY e '<a>x</a>'>]>",
           "<?xml version='1.0'?>\n<!DOCTYPE r SYSTEM 'r.dtd'>\n", "<!DOCTYPE r [<!ATTLIST a d CDATA 'x'>]>"]
TRAILERS = ["", "\n", "<!-- tail -->", "<?done?>\n", "junk", "<a/>", "  \n"]


def _tag(draw, name: str) -> str:
    attrs = draw(st.lists(st.sampled_from(ATTRIBUTES + DECLARATIONS), max_size=3, unique=True))
    space = draw(st.sampled_from([" ", "\n  ", "\t"]))
    return "<" + name + "".join(space + a for a in attrs) + draw(st.sampled_from(["", " ", "\n"]))


@st.composite
def elements(draw, depth: int = 0) -> str:
    name = draw(st.sampled_from(NAMES))
    start = _tag(draw, name)
    if depth > 3 or draw(st.integers(0, 5)) == 0:
        return start + "/>"
    parts = draw(st.lists(st.one_of(st.sampled_from(TEXTS), st.sampled_from(MISC), elements(depth + 1)), max_size=5))
    closing = draw(st.sampled_from(["</" + name + ">", "</" + name + " >", "</" + name + "\n>"]))
    return start + ">" + "".join(parts) + closing


@st.composite
def documents(draw) -> str:
    prolog = draw(st.sampled_from(PROLOGS))
    root = draw(elements())
    return prolog + root + draw(st.sampled_from(TRAILERS))


@st.composite
def records(draw) -> str:
    """A root holding one element name many times, with something out of place now and then."""
    name = draw(st.sampled_from(["item", "x:item", "row", "it"]))
    separator = draw(st.sampled_from(["", "\n", "\n  ", " text "]))
    body = draw(st.sampled_from(["", "v", "<n>1</n><s>2</s>", "<item>n</item>", "<items/>", "<!-- c -->",
                                 "<row/>", "a>b"]))
    child = _tag(draw, name) + ">" + body + "</" + name + ">"
    children = [child] * draw(st.integers(0, 6))
    odd = draw(st.sampled_from(["", "<other/>", "<" + name + "/>", "<" + name + ">x</" + name + " >", "tail",
                                "<!-- c -->", "<?p?>", "<" + name + "s>q</" + name + "s>", "</" + name + ">",
                                "<" + name + ">", "<h>a > b</h>", "<h><" + name + ">x</" + name + "></h>"]))
    if odd:
        children.insert(draw(st.integers(0, len(children))), odd)
    root = draw(st.sampled_from(["root", "x:root", "items", "rss"]))
    declarations = draw(st.sampled_from(["", ' xmlns:x="urn:x"', ' xmlns="urn:d"', ' xmlns:x="urn:x" a="1"']))
    return (draw(st.sampled_from(PROLOGS[:5])) + "<" + root + declarations + ">" + separator
            + separator.join(children) + separator + "</" + root + ">" + draw(st.sampled_from(TRAILERS[:4])))


def _corrupted(text: str, position: int, piece: str) -> str:
    position %= len(text) + 1
    return text[:position] + piece + text[position:]


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(documents())
def test_generated_documents_read_the_same(monkeypatch, text):
    _assert_same(text, monkeypatch)


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(records())
def test_record_lists_read_the_same(monkeypatch, text):
    _assert_same(text, monkeypatch)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(documents(), records()), st.integers(0, 10_000), st.sampled_from(["<", ">", "</", "/>", "&", "<a>",
                                                                                   "\x00", "\ud800", "<!--"]))
def test_broken_documents_are_refused_the_same(monkeypatch, text, position, piece):
    _assert_same(_corrupted(text, position, piece), monkeypatch)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.one_of(documents(), records()))
def test_the_synopsis_is_the_same_byte_for_byte(monkeypatch, text):
    monkeypatch.setattr(xml_summarizer, "FAST_MIN_CHARS", 0)
    fast = _synopses(text)
    monkeypatch.setattr(xml_summarizer, "FAST_MIN_CHARS", 10**12)
    assert fast == _synopses(text)


def test_the_fast_paths_are_taken():
    """The paths under test do run: a record list, a mixed document, and what they leave alone."""
    record = "<?xml version='1.0'?>\n<r xmlns:x='urn:x'>\n" + "<x:item id='1'><n>v</n></x:item>\n" * 5 + "</r>\n"
    mixed = "<r><!-- c --><a k='1'/><b><c/></b><a>t</a><![CDATA[<d/>]]></r>"
    assert xml_summarizer._record_counts(record) == ({"x:item": 5}, None)
    assert xml_summarizer._record_counts(mixed) is None
    header = "<r><h a='1'/><!-- c --><t>x</t>\n<i>1</i>\n<i>2</i>\n</r>"
    assert list(xml_summarizer._record_counts(header)[0].items()) == [("h", 1), ("t", 1), ("i", 2)]
    assert xml_summarizer._record_counts("<r><h>a>b</h>\n<i>1</i>\n<i>2</i>\n</r>") is None  # header unsure
    assert xml_summarizer._record_counts("<r><h><i>0</i></h>\n<i>1</i>\n<i>2</i>\n</r>") is None
    assert xml_summarizer._tag_counts(mixed) == ({"a": 2, "b": 1}, None)
    assert xml_summarizer._tag_counts("<!DOCTYPE r><r/>") is None  # a DOCTYPE: the event scan
    assert xml_summarizer._tag_counts("<r a='>'><b/></r>") is None  # a '>' in an attribute value
    rss = "<rss><channel><item/><item/><title>x</title></channel></rss>"
    assert xml_summarizer._record_counts(rss) is None
    assert xml_summarizer._tag_counts(rss) == ({"channel": 1}, {"item": 2, "title": 1})


def test_large_documents_take_the_fast_path_and_say_the_same(monkeypatch):
    """At the real threshold: a 1 MB record list and a 1 MB mixed document, each both ways."""
    record = "<items>\n" + "".join(f'<item id="{i}"><name>u{i}</name></item>\n' for i in range(30_000)) + "</items>\n"
    mixed = "<items>\n<meta/>\n" + "".join(f'<item id="{i}"/><!-- {i} -->\n' if i % 97 == 0 else
                                           f'<row id="{i}"><name>u{i}</name></row>\n' for i in range(30_000)) + "</items>"
    for text in (record, mixed):
        assert len(text) > xml_summarizer.FAST_MIN_CHARS
        fast = _synopses(text)
        monkeypatch.setattr(xml_summarizer, "FAST_MIN_CHARS", 10**12)
        assert fast == _synopses(text)
        monkeypatch.undo()
    assert xml_summarizer._record_counts(record) is not None and xml_summarizer._tag_counts(mixed) is not None


# --- real files ------------------------------------------------------------------------------------

def _real_files(limit: int = 400) -> list[str]:
    roots = ["/usr/share/xml", *(p for p in sys.path if p.endswith("site-packages"))]
    found: list[str] = []
    for root in roots:
        for suffix in ("xml", "svg", "xsd", "xsl", "rng", "plist", "ui", "xhtml"):
            found.extend(glob.glob(os.path.join(root, "**", "*." + suffix), recursive=True))
    found = sorted({path for path in found if os.path.isfile(path) and os.path.getsize(path) < 8_000_000})
    return found[:: max(1, len(found) // limit)][:limit]


def test_the_xml_files_of_this_machine_read_the_same(monkeypatch):
    files = _real_files()
    if not files:
        pytest.skip("no XML files under /usr/share/xml or site-packages on this machine")
    fast_paths = 0
    for path in files:
        with open(path, "rb") as handle:
            text = handle.read().decode("utf-8", "surrogateescape")
        fast_paths += xml_summarizer._record_counts(text) is not None or xml_summarizer._tag_counts(text) is not None
        _assert_same(text, monkeypatch)
    assert fast_paths >= len(files) // 4  # the fast paths are what most of them took


# --- streamed: the record-list counting over blocks (a document past whole_chars) -----------------

def _streamed(text: str, cuts: list[int], caps: dict):
    totals = xml_summarizer._XmlTotals(caps)
    edges = sorted({cut % (len(text) + 1) for cut in cuts} | {0, len(text)})
    for start, end in zip(edges, edges[1:]):
        totals.feed(text[start:end], 1)
    result = totals.finish(None, None)
    return None if result is None else result.to_dict()


def _whole(text: str, caps: dict):
    if caps["skip_bom"] or caps["strip_leading_whitespace"]:
        text = text.lstrip().lstrip("\ufeff")
    try:
        state = xml_summarizer.full_scan(text, expand_entities=caps["expand_entities"])
    except Exception:  # noqa: BLE001 - a refusal: the stream says None
        return None
    return xml_summarizer._synopsis(state, caps).to_dict()


@st.composite
def streamed_records(draw) -> str:
    """A record list long enough for several windows, one thing out of place now and then."""
    name = draw(st.sampled_from(["item", "x:item", "row"]))
    separator = draw(st.sampled_from(["", "\n", "\n  "]))
    child = _tag(draw, name) + ">" + draw(st.sampled_from(["v", "<n>1</n><s>2</s>", "<item>n</item>"])) + "</" + name + ">"
    children = [child] * draw(st.integers(1, 60))
    for _ in range(draw(st.integers(0, 2))):
        odd = draw(st.sampled_from(["<other/>", "<" + name + "/>", "<!-- c -->", "<?p?>", "tail", "<x:o xmlns:x='urn:o'/>",
                                    "<" + name + " xmlns:x='urn:z' xmlns='urn:z'>w</" + name + ">",
                                    "<" + name + " >w</" + name + " >", "<" + name + "s>q</" + name + "s>", "</" + name + ">"]))
        children.insert(draw(st.integers(0, len(children))), odd)
    root = draw(st.sampled_from(["root", "x:root", "items"]))
    declarations = draw(st.sampled_from(["", ' xmlns:x="urn:x"', ' xmlns="urn:d" a="1"']))
    return (draw(st.sampled_from(["", "<?xml version='1.0'?>\n", "<!-- head -->", "<!DOCTYPE root>"])) + "<" + root
            + declarations + ">" + separator + separator.join(children) + separator + "</" + root + ">"
            + draw(st.sampled_from(["", "\n", "<!-- tail -->", "<a/>"])))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(streamed_records(), st.lists(st.integers(0, 10_000), max_size=12), st.lists(st.integers(0, 80), max_size=6),
       st.booleans(), st.booleans())
def test_a_streamed_record_list_reads_as_the_whole_document(monkeypatch, text, cuts, after_tags, expand_entities, strip):
    """Blocks cut anywhere, and right after end tags (where a window starts)."""
    ends = [index + 1 for index, char in enumerate(text) if char == ">"]
    cuts = cuts + [ends[index % len(ends)] for index in after_tags]
    monkeypatch.setattr(xml_summarizer, "WINDOW_CHARS", 64)
    monkeypatch.setattr(xml_summarizer, "RECORDS_HEAD_CHARS", 256)
    caps = dict(xml_summarizer.DEFAULTS, expand_entities=expand_entities, strip_leading_whitespace=strip,
                more_format="+{n} more", child_tag_limit=3)
    assert _streamed(text, cuts, caps) == _whole(text, caps)


def test_a_streamed_record_list_is_counted_from_its_text():
    """The record path runs when streamed (no event scan: no Python call per element)."""
    text = "<?xml version='1.0'?>\n<r>\n" + "<item id='1'><n>v</n></item>\n" * 200_000 + "</r>\n"
    totals = xml_summarizer._XmlTotals(dict(xml_summarizer.DEFAULTS))
    for start in range(0, len(text), 1 << 20):
        totals.feed(text[start:start + (1 << 20)], 1)
    assert totals.records is not None and totals.records.total == 200_000
    assert totals.finish(None, None).structure == ("root: r", "attributes: 0", "item: 200000")
    assert totals.state.ones == []  # the event scan never ran


@pytest.mark.parametrize("odd", ["<other/>", "<item/>", "text<other>x</other>", "<!-- c --><other/>"])
def test_a_block_that_starts_with_something_else_hands_over_to_the_event_scan(monkeypatch, odd):
    """A window starts right after a ``</item>``: what follows must be the separator and ``<item``."""
    monkeypatch.setattr(xml_summarizer, "WINDOW_CHARS", 64)
    monkeypatch.setattr(xml_summarizer, "RECORDS_HEAD_CHARS", 256)
    child = "<item>v</item>"
    text = "<root>\n" + "\n".join([child] * 3 + [odd] + [child] * 3) + "\n</root>"
    cut = text.index(odd) - 1
    totals = xml_summarizer._XmlTotals(dict(xml_summarizer.DEFAULTS))
    totals.feed(text[:cut], 1)
    totals.feed(text[cut:], 1)
    assert totals.finish(None, None).to_dict() == _whole(text, dict(xml_summarizer.DEFAULTS))


def test_a_namespace_declared_below_the_root_goes_straight_to_the_event_scan(monkeypatch):
    """The fast paths would only add a pass (their names cannot be resolved from the root's alone)."""
    text = "<feed xmlns:a='urn:a'>\n" + "<entry xmlns='urn:e'><id>1</id></entry>\n" * 3000 + "</feed>"
    plain = "<feed xmlns:a='urn:a'>\n" + "<entry><id>1</id></entry>\n" * 3000 + "</feed>"
    calls = []
    real = xml_summarizer._record_counts
    monkeypatch.setattr(xml_summarizer, "_record_counts", lambda t: calls.append(len(t)) or real(t))
    assert xml_summarizer.scan(text).raw_children == {"urn:e}entry": 3000}
    assert calls == []
    assert xml_summarizer.scan(plain).raw_children == {"entry": 3000}
    assert calls == [len(plain)]
