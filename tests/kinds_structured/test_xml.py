"""Kind xml: ElementTree-exact under openviking-compat, bomb-safe and lenient under default."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections import Counter

import pytest

COMPAT, DEFAULT = "openviking-compat", "default"

RSS = """<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
<channel><title>News</title><link>https://example.com/</link>
<item><title>One</title></item><item><title>Two</title></item>
<atom:link href="https://example.com/feed" rel="self"/>
</channel></rss>"""

POM = """<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>com.example</groupId>
  <artifactId>demo</artifactId>
  <version>1.0</version>
  <dependencies><dependency><groupId>junit</groupId></dependency></dependencies>
  <!-- build -->
  <build><plugins/></build>
</project>
"""

SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100">
  <circle cx="50" cy="50" r="40"/><rect x="1" y="1" width="5" height="5"/><circle cx="5" cy="5" r="1"/>
</svg>"""

LAUGHS = (
    '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(f'<!ENTITY lol{i} "{("&lol" + (str(i - 1) if i > 1 else "") + ";") * 10}">' for i in range(1, 10))
    + "]><lolz>&lol9;</lolz>"
)
XXE = '<?xml version="1.0"?><!DOCTYPE r [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><r><a/>&xxe;</r>'


def seed_xml(content: str) -> dict | None:
    """The seed's xml synopsis, from its description (ElementTree.fromstring on the raw content)."""
    try:
        root = ET.fromstring(content)
    except Exception:  # noqa: BLE001
        return None
    counts = Counter(child.tag for child in root).most_common(30)
    return {
        "kind": "xml", "title": "XML output", "summary": [f"XML document with root: {root.tag}."],
        "structure": [f"root: {root.tag}", f"attributes: {len(root.attrib)}", *(f"{t}: {n}" for t, n in counts)],
        "notable_items": [], "sample": "",
    }


def test_rss(synopsis_of):
    assert synopsis_of(RSS) == seed_xml(RSS)
    assert synopsis_of(RSS)["structure"] == ["root: rss", "attributes: 1", "channel: 1"]


def test_pom_namespaced_tags(synopsis_of):
    out = synopsis_of(POM)
    assert out == seed_xml(POM)
    ns = "{http://maven.apache.org/POM/4.0.0}"
    assert out["summary"] == [f"XML document with root: {ns}project."]
    assert out["structure"][:3] == [f"root: {ns}project", "attributes: 1", f"{ns}modelVersion: 1"]


def test_most_common_order_ties_first_seen(synopsis_of):
    content = "<r><b/><a/><c/><a/><b/><d/><c/></r>"
    assert synopsis_of(content)["structure"] == ["root: r", "attributes: 0", "b: 2", "a: 2", "c: 2", "d: 1"]
    many = "<r>" + "".join(f"<t{i}/>" for i in range(35)) + "</r>"
    assert len(synopsis_of(many)["structure"]) == 32
    assert synopsis_of(many, DEFAULT)["structure"][-1] == "+5 more"


def test_svg_by_mime_and_by_content(synopsis_of):
    assert synopsis_of(SVG, mime="image/svg+xml")["structure"] == [
        "root: {http://www.w3.org/2000/svg}svg", "attributes: 3",
        "{http://www.w3.org/2000/svg}circle: 2", "{http://www.w3.org/2000/svg}rect: 1",
    ]


@pytest.mark.parametrize(
    "content",
    [" <?xml version='1.0'?><a/>", "<a/>junk", "<a:b/>", "<r>&nbsp;</r>", '<!DOCTYPE r SYSTEM "x.dtd"><r>&ent;</r>',
     "<html><body><br></body></html>", "\ufeff<a/>", LAUGHS, XXE],
    ids=["ws-before-decl", "trailing", "unbound-prefix", "undefined-entity", "external-dtd-entity", "html", "bom",
         "billion-laughs", "xxe"],
)
def test_compat_failures_fall_through_or_unparsed(synopsis_of, content):
    out = synopsis_of(content)
    assert out["kind"] != "xml"
    hinted = synopsis_of(content, mime="application/xml", preview_chars=3000)
    if content.startswith("\ufeff"):  # expat skips a BOM: only the MIME path reaches the parser
        assert hinted == seed_xml(content)
    else:
        assert hinted["title"] == "Unparsed XML-like output"
        assert hinted["summary"] == ["XML-like output failed to parse."]
        assert hinted["sample"] == content


def test_internal_entities_are_expanded_in_compat(synopsis_of):
    content = '<!DOCTYPE r [<!ENTITY e "<b/>">]><r>&e;&e;<c/></r>'
    assert synopsis_of(content) == seed_xml(content)
    assert synopsis_of(content)["structure"] == ["root: r", "attributes: 0", "b: 2", "c: 1"]


def test_default_describes_bombs_without_expanding(synopsis_of, hang_guard):
    out = hang_guard(30, synopsis_of, LAUGHS, DEFAULT)
    assert out["kind"] == "xml"
    assert out["summary"] == ["XML document with root: lolz."]
    assert out["notable_items"] == ["entity declarations: 10 (not expanded)"]
    out = synopsis_of(XXE, DEFAULT)
    assert out["structure"] == ["root: r", "attributes: 0", "a: 1"]


def test_default_skips_bom_and_leading_whitespace(synopsis_of):
    assert synopsis_of("\ufeff<a><b/></a>", DEFAULT)["structure"] == ["root: a", "attributes: 0", "b: 1"]
    assert synopsis_of("\n  <?xml version='1.0'?>\n<a/>", DEFAULT)["kind"] == "xml"


def test_deep_xml(synopsis_of, hang_guard):
    content = "<r>" + "<a>" * 100_000 + "</a>" * 100_000 + "<b/></r>"
    for rules in (COMPAT, DEFAULT):
        out = hang_guard(60, synopsis_of, content, rules)
        assert out["structure"] == ["root: r", "attributes: 0", "a: 1", "b: 1"]


@pytest.mark.parametrize(("content", "mime"), [(RSS, None), (POM, None), (SVG, None), (SVG, "image/svg+xml")],
                         ids=["rss", "pom", "svg", "svg-mime"])
def test_realistic_documents_under_default(synopsis_of, content, mime):
    out = synopsis_of(content, DEFAULT, mime=mime)
    expected = seed_xml(content)
    assert out["kind"] == "xml"
    feed = ["feed: RSS, items: 2"] if content is RSS else []  # default counts a feed's items
    assert out["summary"] == expected["summary"] + feed
    assert out["structure"] == expected["structure"]
