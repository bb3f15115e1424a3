"""The compat table: hand-checked (input, MIME, expected synopsis) cases from seed-system.md.

Every expected synopsis below was written by hand from the seed's documented behaviour
(``/work/shared/reference/seed-system.md``, sections 1-3, plus the facts of issue 15), never
produced by toolstub. The cases walk the seed's detector order (empty, binary, json, xml,
tsv, csv, yaml, code, text) branch by branch, and every summary-line format of every kind.

A case is ``Case(id, content, expected, mime=None, preview=2000)``; the helpers below build
the seed's ``to_dict()`` form, so a case states only what differs between cases.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Case:
    id: str
    content: str
    expected: dict[str, Any]
    mime: str | None = None
    preview: int = 2000


def syn(kind, title, summary, structure=(), notable=(), sample=""):
    return {"kind": kind, "title": title, "summary": list(summary), "structure": list(structure),
            "notable_items": list(notable), "sample": sample}


def empty():
    return syn("unknown", "Empty output", ["Output is empty."])


def binary(chars, sample):
    return syn("unknown", "Binary-like output", [f"Contains {chars} characters and non-text control bytes."], sample=sample)


def bad_json(sample):
    return syn("unknown", "Unparsed JSON-like output", ["JSON-like output failed to parse."], sample=sample)


def bad_xml(sample):
    return syn("unknown", "Unparsed XML-like output", ["XML-like output failed to parse."], sample=sample)


def head_tail(head, tail):
    return f"--- BEGIN SAMPLE HEAD ---\n{head}\n--- END SAMPLE HEAD ---\n\n--- BEGIN SAMPLE TAIL ---\n{tail}\n--- END SAMPLE TAIL ---"


def jobj(keys, structure, notable=()):
    return syn("json", "JSON output", ["JSON object.", f"top-level keys: {keys}"], structure, notable)


def jarr(n, structure, notable=()):
    return syn("json", "JSON output", ["JSON array.", f"array length: {n}"], structure, notable)


def jscalar(kind, notable):
    return syn("json", "JSON output", [f"JSON {kind}."], [], notable)


def table(kind, rows, columns, names, sample):
    label = kind.upper()
    return syn(kind, f"{label} table output", [f"{label} table with rows: {rows} and columns: {columns}."],
               [f"columns: {names}", f"rows: {rows}", f"first row sample: {sample}"])


def ymap(keys, types):
    return syn("yaml", "YAML output", ["YAML object.", f"top-level keys: {', '.join(keys)}"],
               [f"{k}: {t}" for k, t in zip(keys, types)])


def yseq(n):
    return syn("yaml", "YAML output", ["YAML array.", f"array length: {n}"])


def xml(root, attributes, children=()):
    return syn("xml", "XML output", [f"XML document with root: {root}."],
               [f"root: {root}", f"attributes: {attributes}", *[f"{t}: {n}" for t, n in children]])


def code(lines, imports=None, symbols=()):
    structure = [f"line_count: {lines}"] + ([f"imports: {imports}"] if imports is not None else [])
    return syn("code", "Code output", [f"Code-like output with {lines} lines."], structure, symbols)


def text(chars, words, lines, headers, opening, closing=None):
    return syn("text", "Text output", [
        "Text exploration summary:", f"Characters: {chars}.", f"Words: {words}.", f"Lines: {lines}.",
        f"Detected section headers: {headers}.", f"Opening excerpt: {opening}.",
        f"Closing excerpt: {opening if closing is None else closing}.",
    ])


NONE = "none detected"
C = Case
CASES: list[Case] = []


def add(*cases: Case) -> None:
    CASES.extend(cases)


# --- 1. empty (section 2 rule 1) ----------------------------------------------------------------
add(
    C("empty", "", empty()),
    C("empty-json-mime", "", empty(), "application/json"),
    C("empty-xml-mime", "", empty(), "application/xml"),
    C("empty-preview-0", "", empty(), None, 0),
    # whitespace only is not empty: it is text, with (empty) excerpts
    C("spaces-only", "   ", text(3, 0, 1, NONE, "(empty)")),
    C("newline-only", "\n", text(1, 0, 1, NONE, "(empty)")),
    C("blank-lines", "\n\n\t\n", text(4, 0, 3, NONE, "(empty)")),
    C("nbsp-only", "\xa0", text(1, 0, 1, NONE, "(empty)")),
)

# --- 2. binary-like (rule 2): a NUL anywhere, or > 5 % controls in the first 1000 chars -----------
add(
    C("nul", "a\x00b", binary(3, "a\x00b")),
    C("nul-at-end-of-long", "x" * 3000 + "\x00", binary(3001, head_tail("x" * 1000, "x" * 999 + "\x00"))),
    C("nul-json-mime", '{"a":\x00 1}', binary(9, '{"a":\x00 1}'), "application/json"),
    C("nul-preview-0", "\x00", binary(1, ""), None, 0),
    C("nul-preview-negative", "\x00abc", binary(4, ""), None, -5),
    C("nul-preview-1", "\x00abc", binary(4, head_tail("\x00", "c")), None, 1),
    C("nul-preview-3", "\x00abcd", binary(5, head_tail("\x00", "d")), None, 3),
    C("nul-preview-4", "\x00abcd", binary(5, head_tail("\x00a", "cd")), None, 4),
    C("nul-preview-equal-length", "\x00abc", binary(4, "\x00abc"), None, 4),
    # 1 control in 20 chars is exactly 5 %: not binary (the ratio must be strictly greater)
    C("ratio-at-5-percent", "\x0c" + "a" * 19, text(20, 1, 2, NONE, "a" * 19)),
    C("ratio-over-5-percent", "\x0c" + "a" * 18, binary(19, "\x0c" + "a" * 18)),
    C("ansi-dense", "\x1b[31mred\x1b[0m", binary(12, "\x1b[31mred\x1b[0m")),
    C("overstrike", "N\bNA\bAM\bME\bE", binary(12, "N\bNA\bAM\bME\bE")),
    C("controls-after-1000", "a" * 1000 + "\x01" * 100, text(1100, 1, 1, NONE, "a" * 500, "a" * 400 + "\x01" * 100)),
    C("tab-cr-lf-are-text", "a\tb\r\nc", text(6, 3, 2, NONE, "a b c")),
    C("binary-before-json", "[1, 2]\x00", binary(7, "[1, 2]\x00"), "application/json"),
)

# --- 3-4. json: parsed when the MIME says json or the stripped content starts with { or [ -------------
add(
    C("json-doc-example", '{"a": [1, {"b": 2}]}', jobj("a", ["shape: object(keys=1: a)", "a: array length: 2"], ["a[0]: 1"])),
    C("json-object-types", '{"s": "x", "n": 1, "f": 1.5, "t": true, "z": null, "l": [], "o": {}}',
      jobj("s, n, f, t, z, l, o", ["shape: object(keys=7: s, n, f, t, z, l, o)", "s: string", "n: number", "f: number",
                                   "t: boolean", "z: null", "l: array length: 0", "o: object keys: "],
           ["s: 'x'", "n: 1", "f: 1.5", "t: True", "z: None"])),
    C("json-empty-object", "{}", jobj("", ["shape: object(keys=0)"])),
    C("json-empty-array", "[]", jarr(0, ["shape: array(len=0)"])),
    C("json-array-of-numbers", "[1, 2, 3, 4]",
      jarr(4, ["shape: array(len=4, sample=[number, number, number])", "first item type: number"], ["[0]: 1"])),
    C("json-array-of-objects", '[{"id": 1, "name": "Ada"}, {"id": 2}]',
      jarr(2, ["shape: array(len=2, sample=[object(keys=2: id, name), object(keys=1: id)])", "first item type: object"],
           ["[0].id: 1", "[0].name: 'Ada'"])),
    C("json-nested-depth", '[[[1]]]',
      jarr(1, ["shape: array(len=1, sample=[array(len=1, sample=[...])])", "first item type: array"], ["[0][0][0]: 1"])),
    C("json-first-item-string", '["a"]', jarr(1, ["shape: array(len=1, sample=[string])", "first item type: string"], ["[0]: 'a'"])),
    C("json-first-item-null", '[null, 1]', jarr(2, ["shape: array(len=2, sample=[null, number])", "first item type: null"], ["[0]: None"])),
    C("json-first-item-bool", '[false]', jarr(1, ["shape: array(len=1, sample=[boolean])", "first item type: boolean"], ["[0]: False"])),
    C("json-first-item-empty-array", '[[]]', jarr(1, ["shape: array(len=1, sample=[array(len=0)])", "first item type: array"])),
    C("json-11-keys", "{" + ", ".join(f'"k{i}": {i}' for i in range(11)) + "}",
      jobj("k0, k1, k2, k3, k4, k5, k6, k7, k8, k9",
           ["shape: object(keys=11: k0, k1, k2, k3, k4, k5, k6, k7, k8, k9)", *[f"k{i}: number" for i in range(10)]],
           ["k0: 0", "k1: 1", "k2: 2", "k3: 3", "k4: 4"])),
    C("json-child-object-keys", '{"o": {"a": 1, "b": 2}}', jobj("o", ["shape: object(keys=1: o)", "o: object keys: a, b"], ["o.a: 1", "o.b: 2"])),
    C("json-child-object-12-keys", '{"o": {' + ", ".join(f'"c{i}": 0' for i in range(12)) + "}}",
      jobj("o", ["shape: object(keys=1: o)", "o: object keys: c0, c1, c2, c3, c4, c5, c6, c7, c8, c9"],
           ["o.c0: 0", "o.c1: 0", "o.c2: 0", "o.c3: 0", "o.c4: 0"])),
    C("json-examples-only-first-list-item", '{"l": [{"a": 1}, {"a": 2}], "x": "y"}',
      jobj("l, x", ["shape: object(keys=2: l, x)", "l: array length: 2", "x: string"], ["l[0].a: 1", "x: 'y'"])),
    C("json-examples-walk-all-keys", '{"a": {' + ", ".join(f'"k{i}": {i}' for i in range(3)) + '}, "b": 9, "c": 10, "d": 11}',
      jobj("a, b, c, d", ["shape: object(keys=4: a, b, c, d)", "a: object keys: k0, k1, k2", "b: number", "c: number", "d: number"],
           ["a.k0: 0", "a.k1: 1", "a.k2: 2", "b: 9", "c: 10"])),
    C("json-example-repr-clip", '{"s": "' + "x" * 100 + '"}',
      jobj("s", ["shape: object(keys=1: s)", "s: string"], ["s: '" + "x" * 76 + "..."])),
    C("json-example-repr-quotes", '{"q": "it\'s"}', jobj("q", ["shape: object(keys=1: q)", "q: string"], ['q: "it\'s"'])),
    C("json-example-unicode", '{"n": "\\u00e9"}', jobj("n", ["shape: object(keys=1: n)", "n: string"], ["n: 'é'"])),
    C("json-nan", '{"v": NaN}', jobj("v", ["shape: object(keys=1: v)", "v: number"], ["v: nan"])),
    C("json-infinity", "[Infinity]", jarr(1, ["shape: array(len=1, sample=[number])", "first item type: number"], ["[0]: inf"])),
    C("json-dup-keys-last-wins", '{"a": 1, "a": "x"}', jobj("a", ["shape: object(keys=1: a)", "a: string"], ["a: 'x'"])),
    C("json-keys-with-dots", '{"a.b": {"c": 1}}', jobj("a.b", ["shape: object(keys=1: a.b)", "a.b: object keys: c"], ["a.b.c: 1"])),
    C("json-leading-whitespace", '  \n {"a": 1}\n', jobj("a", ["shape: object(keys=1: a)", "a: number"], ["a: 1"])),
    C("json-ndjson-trailing", '{"a": 1}\n{"a": 2}\n',
      jobj("a", ["shape: object(keys=1: a)", "a: number"], ["a: 1", "trailing_chars_after_first_json_value: 8"])),
    C("json-footnote", "[1] see the footnote",
      jarr(1, ["shape: array(len=1, sample=[number])", "first item type: number"],
           ["[0]: 1", "trailing_chars_after_first_json_value: 16"])),
    C("json-braces-log", "{} started worker 3",
      jobj("", ["shape: object(keys=0)"], ["trailing_chars_after_first_json_value: 16"])),
    # a scalar is JSON only under a json MIME; its structure is empty (issue 15) and its example path empty
    C("json-number-mime", "123", jscalar("number", [": 123"]), "application/json"),
    C("json-float-mime", "1.5", jscalar("number", [": 1.5"]), "application/json"),
    C("json-string-mime", '"hi"', jscalar("string", [": 'hi'"]), "application/json"),
    C("json-true-mime", "true", jscalar("boolean", [": True"]), "application/json"),
    C("json-null-mime", "null", jscalar("null", [": None"]), "application/json"),
    C("json-scalar-trailing-mime", "123 abc", jscalar("number", [": 123", "trailing_chars_after_first_json_value: 3"]), "application/json"),
    C("json-string-trailing-mime", '"a" "b"', jscalar("string", [": 'a'", "trailing_chars_after_first_json_value: 3"]), "application/json"),
    C("json-scalar-mime-upper", " 7 ", jscalar("number", [": 7"]), "Application/JSON"),
    C("json-scalar-ndjson-mime", "1\n2\n", jscalar("number", [": 1", "trailing_chars_after_first_json_value: 1"]), "application/x-ndjson"),
    C("json-scalar-no-mime", "123", text(3, 1, 1, NONE, "123")),
    C("json-scalar-text-plain", "true", text(4, 1, 1, NONE, "true"), "text/plain"),
    C("json-mime-object", '{"a": 1}', jobj("a", ["shape: object(keys=1: a)", "a: number"], ["a: 1"]), "application/json"),
    C("json-vendor-mime", '[true]', jarr(1, ["shape: array(len=1, sample=[boolean])", "first item type: boolean"], ["[0]: True"]),
      "application/vnd.api+json"),
    # failures: unknown under a json MIME (head/tail sample), otherwise the next detectors
    C("json-broken-mime", '{"a": 1', bad_json('{"a": 1'), "application/json"),
    C("json-broken-mime-preview", '{"a": 12345,x]', bad_json(head_tail('{"a"', '5,x]')), "application/json", 8),
    C("json-broken-mime-preview-0", "{oops", bad_json(""), "application/json", 0),
    C("json-text-mime-json", "hello", bad_json("hello"), "application/json"),
    C("json-bom-mime", '\ufeff{"a": 1}', bad_json('\ufeff{"a": 1}'), "application/json"),
    C("json-bom-no-mime", '\ufeff{"a": 1}', text(9, 2, 1, NONE, '\ufeff{"a": 1}')),
    C("json-broken-no-mime", '{"a": 1', text(7, 2, 1, NONE, '{"a": 1')),
    C("json-whitespace-mime", "   ", bad_json("   "), "application/json"),
    C("json-single-quotes-no-mime", "{'a': 1}", text(8, 2, 1, NONE, "{'a': 1}")),
)

# --- 5. xml: parsed when the MIME says xml or the stripped content starts with < ------------------------
add(
    C("xml-root-children", "<r a='1' b='2'><x/><y/><x/></r>", xml("r", 2, [("x", 2), ("y", 1)])),
    C("xml-no-children", "<root/>", xml("root", 0)),
    C("xml-ties-first-seen", "<r><b/><a/><b/><a/><c/></r>", xml("r", 0, [("b", 2), ("a", 2), ("c", 1)])),
    C("xml-declaration", '<?xml version="1.0"?>\n<feed><entry/><entry/></feed>', xml("feed", 0, [("entry", 2)])),
    C("xml-ws-before-root", "  \n<r><c/></r>\n", xml("r", 0, [("c", 1)])),
    C("xml-namespaced", '<a:r xmlns:a="urn:x"><a:c/><d/></a:r>', xml("{urn:x}r", 1 - 1, [("{urn:x}c", 1), ("d", 1)])),
    C("xml-default-namespace", '<r xmlns="urn:y"><c/></r>', xml("{urn:y}r", 0, [("{urn:y}c", 1)])),
    C("xml-only-first-level", "<r><a><b/><b/></a></r>", xml("r", 0, [("a", 1)])),
    C("xml-35-tags", "<r>" + "".join(f"<t{i}/>" for i in range(35)) + "</r>", xml("r", 0, [(f"t{i}", 1) for i in range(30)])),
    C("xml-mime", "<r/>", xml("r", 0), "application/xml"),
    C("xml-svg-mime", '<svg xmlns="http://www.w3.org/2000/svg" width="1"><path/></svg>',
      xml("{http://www.w3.org/2000/svg}svg", 1, [("{http://www.w3.org/2000/svg}path", 1)]), "image/svg+xml"),
    C("xml-bom-mime", "\ufeff<r><c/></r>", xml("r", 0, [("c", 1)]), "text/xml"),
    C("xml-bom-no-mime", "\ufeff<r/>", text(5, 1, 1, NONE, "\ufeff<r/>")),
    C("xml-ws-before-decl-no-mime", ' <?xml version="1.0"?><r/>', text(26, 2, 1, NONE, '<?xml version="1.0"?><r/>')),
    C("xml-ws-before-decl-mime", ' <?xml version="1.0"?><r/>', bad_xml(' <?xml version="1.0"?><r/>'), "application/xml"),
    C("xml-trailing-junk-mime", "<r/>junk", bad_xml("<r/>junk"), "application/xml"),
    C("xml-trailing-junk-no-mime", "<r/>junk", text(8, 1, 1, NONE, "<r/>junk")),
    C("xml-broken-mime-preview", "<a><b></a>", bad_xml(head_tail("<a>", "/a>")), "application/xml", 6),
    C("xml-text-mime-xml", "plain", bad_xml("plain"), "application/xhtml+xml"),
    C("html-falls-through", "<p>Hello<br>world</p>", text(21, 1, 1, NONE, "<p>Hello<br>world</p>")),
    C("lt-prose", "< 5 items left", text(14, 4, 1, NONE, "< 5 items left")),
    C("xml-undefined-entity", "<r>&nope;</r>", text(13, 1, 1, NONE, "<r>&nope;</r>")),
    C("xml-defined-entity", '<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>', xml("r", 0)),
    C("json-before-xml", "[<r/>]", text(6, 1, 1, NONE, "[<r/>]")),
    C("xml-json-mime-says-json", "<r/>", bad_json("<r/>"), "application/json"),
)

# --- 6-7. tsv then csv ----------------------------------------------------------------------------------
add(
    C("tsv-issue", "a\tb\nc\td", table("tsv", 1, 2, "a, b", "c d")),
    C("tsv-three-rows", "id\tname\n1\tAda\n2\tBob\n", table("tsv", 2, 2, "id, name", "1 Ada")),
    C("tsv-empty-header-cell", "\tb\t\n1\t2\t3\n", table("tsv", 1, 3, "column_1, b, column_3", "1 2 3")),
    C("tsv-header-stripped", " a \t b \n1\t2\n", table("tsv", 1, 2, "a, b", "1 2")),
    C("tsv-blank-rows-dropped", "a\tb\n\t\n \t \n1\t2\n", table("tsv", 1, 2, "a, b", "1 2")),
    C("tsv-sample-normalised", "a\tb\n  x  y \t z\n", table("tsv", 1, 2, "a, b", "x y z")),
    C("tsv-sample-clip", "a\tb\n" + "x" * 100 + "\t" + "y" * 100 + "\n", table("tsv", 1, 2, "a, b", "x" * 100 + " " + "y" * 76 + "...")),
    C("tsv-commas-inside", "id\tname, full\n1\tAda,  Lovelace\n2\tBob\n", table("tsv", 2, 2, "id, name, full", "1 Ada, Lovelace")),
    C("tsv-ragged-after-row-10", "a\tb\n" + "1\t2\n" * 9 + "3\n", table("tsv", 10, 2, "a, b", "1 2")),
    C("tsv-quoted-newline", 'a\tb\n"x\ny"\t2\n', table("tsv", 1, 2, "a, b", "x y 2")),
    C("tsv-mime-ignored", "a\tb\nc\td\n", table("tsv", 1, 2, "a, b", "c d"), "text/tab-separated-values"),
    C("tsv-fails-then-csv", "a,b\tx\nc,d\n1,2\ty\tz\n", table("csv", 2, 2, "a, b\tx", "c,d")),
    C("tsv-one-column-then-csv", "a\tb,c,d\nx\n", text(10, 3, 2, NONE, "a b,c,d x")),
    C("tsv-one-row-only", "a\tb\n", text(4, 2, 1, NONE, "a b")),
    C("csv-doc-example", "name,age\nAda,36\nBob,41\n", table("csv", 2, 2, "name, age", "Ada,36")),
    C("csv-prose", "Hello, world\nFoo, bar\n", table("csv", 1, 2, "Hello, world", "Foo, bar")),
    C("csv-empty-header", ",b\n1,2\n", table("csv", 1, 2, "column_1, b", "1,2")),
    C("csv-quoted-cells", 'a,b\n"x, y",2\n', table("csv", 1, 2, "a, b", "x, y,2")),
    C("csv-quoted-newline", 'a,b\n"line1\nline2",2\n3,4\n', table("csv", 2, 2, "a, b", "line1 line2,2")),
    C("csv-inconsistent-row", "a,b\n1,2\n1,2,3\n", text(14, 3, 3, NONE, "a,b 1,2 1,2,3")),
    C("csv-ragged-row-11", "a,b\n" + "1,2\n" * 9 + "1,2,3\n" + "4,5\n", table("csv", 11, 2, "a, b", "1,2")),
    C("csv-first-row-one-cell", "a\nb,c\n", text(6, 2, 2, NONE, "a b,c")),
    C("csv-blank-lines", "\na,b\n\n1,2\n\n", table("csv", 1, 2, "a, b", "1,2")),
    C("csv-crlf", "a,b\r\n1,2\r\n", table("csv", 1, 2, "a, b", "1,2")),
    C("csv-mime-ignored", "x,y\n1,2\n", table("csv", 1, 2, "x, y", "1,2"), "text/csv"),
    # the first row ("---") has one cell: not a table; then YAML reads "1, 2" as a string
    C("csv-first-row-one-cell-then-yaml", "---\na: 1, 2\nb: 3, 4\n", ymap(["a", "b"], ["string", "string"])),
    C("csv-sample-clip", "a,b\n" + "x" * 200 + ",1\n", table("csv", 1, 2, "a, b", "x" * 177 + "...")),
    C("csv-huge-field-is-not-a-table", "a,b\n" + "x" * 131073 + ",1\n",
      text(131080, 2, 2, NONE, "a,b " + "x" * 496, "x" * 497 + ",1")),
    C("csv-single-line", "a,b,c", text(5, 1, 1, NONE, "a,b,c")),
    C("csv-sample-whitespace", "a,b\n x , y \n", table("csv", 1, 2, "a, b", "x , y")),
)

# --- 8. yaml: the heuristic, then yaml.safe_load (pure Python) must give a mapping or a list ----------------
add(
    C("yaml-marker-map", "---\na: 1\nb: x\n", ymap(["a", "b"], ["number", "string"])),
    C("yaml-marker-list", "---\n- a\n- b\n", yseq(2)),
    C("yaml-heuristic-key-indented", "spec:\n  replicas: 3\nname: web\n", ymap(["spec", "name"], ["object", "string"])),
    C("yaml-heuristic-tab-indent", "spec:\n\tx\n", text(9, 2, 2, NONE, "spec: x")),
    C("yaml-flat-is-text", "name: foo\nversion: 1\n", text(21, 4, 2, NONE, "name: foo version: 1")),
    C("yaml-flat-with-marker", "---\nname: foo\nversion: 1\n", ymap(["name", "version"], ["string", "number"])),
    C("yaml-a-b-not-yaml", "a:\nb: 1", text(7, 3, 2, NONE, "a: b: 1")),
    C("yaml-key-last-line", "x: 1\nkey:", text(9, 3, 2, NONE, "x: 1 key:")),
    C("yaml-key-comment", "spec: # the spec\n  a: 1\n", ymap(["spec"], ["object"])),
    C("yaml-seq-under-key", "items:\n  - a\n  - b\n", ymap(["items"], ["array"])),
    C("yaml-value-types", "---\ns: x\ni: 1\nf: 1.5\nb: true\nn: null\nl: [1]\nm: {k: v}\n",
      ymap(["s", "i", "f", "b", "n", "l", "m"], ["string", "number", "number", "boolean", "null", "array", "object"])),
    C("yaml-date-is-string", "---\na: 2024-01-01\n", ymap(["a"], ["string"])),
    C("yaml-datetime-is-string", "---\na: 2024-01-01 10:00:00\n", ymap(["a"], ["string"])),
    C("yaml-binary-is-string", "---\na: !!binary aGVsbG8=\n", ymap(["a"], ["string"])),
    C("yaml-set-is-string", "---\na: !!set {x, y}\n", ymap(["a"], ["string"])),
    C("yaml-omap-is-array", "---\na: !!omap [x: 1]\n", ymap(["a"], ["array"])),
    C("yaml-bool-keys", "---\non: 1\nyes: 2\nnull: 3\n", ymap(["True", "None"], ["number", "number"])),
    C("yaml-int-keys", "---\n1: a\n2: b\n", ymap(["1", "2"], ["string", "string"])),
    C("yaml-31-keys", "---\n" + "".join(f"k{i}: {i}\n" for i in range(31)),
      syn("yaml", "YAML output", ["YAML object.", "top-level keys: " + ", ".join(f"k{i}" for i in range(30))],
          [f"k{i}: number" for i in range(30)])),
    C("yaml-empty-map", "---\n{}\n", syn("yaml", "YAML output", ["YAML object.", "top-level keys: "])),
    C("yaml-empty-list", "---\n[]\n", yseq(0)),
    C("yaml-merge", "---\nbase: &b {x: 1}\nuse:\n  <<: *b\n  y: 2\n", ymap(["base", "use"], ["object", "object"])),
    C("yaml-scalar-doc", "---\njust text\n", text(14, 3, 2, NONE, "--- just text")),
    C("yaml-two-docs", "---\na: 1\n---\nb: 2\n", text(18, 6, 4, NONE, "--- a: 1 --- b: 2")),
    C("yaml-unknown-tag", "---\na: !Ref x\n", text(14, 4, 2, NONE, "--- a: !Ref x")),
    C("yaml-undefined-alias", "---\na: *x\n", text(10, 3, 2, NONE, "--- a: *x")),
    C("yaml-syntax-error", "---\na: [1\n", text(10, 3, 2, NONE, "--- a: [1")),
    C("yaml-pure-rejects-tag-comma", "---\n{a: !!str, b: 1}", text(20, 5, 2, NONE, "--- {a: !!str, b: 1}")),
    C("yaml-pure-rejects-tag-in-list", "---\n[!!str, 1]", text(14, 3, 2, NONE, "--- [!!str, 1]")),
    C("yaml-pure-rejects-tab-after-value", "---\na: 1\t\n", text(10, 3, 2, NONE, "--- a: 1")),
    C("yaml-diff-falls-through", "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n",
      text(34, 10, 5, NONE, "--- a/x +++ b/x @@ -1 +1 @@ -a +b")),
    C("yaml-front-matter-falls-through", "---\ntitle: T\n---\n# Heading\n",
      text(27, 6, 4, "# Heading", "--- title: T --- # Heading")),
    C("yaml-import-in-block-is-code", "run: |\n  import os\n", code(2, "os", [])),
    C("yaml-marker-beats-code-veto", "---\nrun: |\n  import os\n", ymap(["run"], ["string"])),
    C("yaml-leading-whitespace-marker", "  \n---\na: 1\n", ymap(["a"], ["number"])),
    C("yaml-mime-does-not-matter", "---\na: 1\n", ymap(["a"], ["number"]), "application/yaml"),
    C("yaml-options-help", "Options:\n  --help  Show this.\n", ymap(["Options"], ["string"])),
    C("yaml-list-of-maps", "---\n- name: a\n  v: 1\n- name: b\n", yseq(2)),
    C("yaml-nested-only-top-level", "---\na:\n  b:\n    c: 1\n", ymap(["a"], ["object"])),
)

# --- 9. code: any of the three detection patterns anywhere ----------------------------------------------------
add(
    C("code-doc-example", "import os, sys\n\ndef main():\n    pass\n", code(4, "os,", ["def main"])),
    C("code-python", "from pathlib import Path\nimport json\n\nclass Runner:\n    async def go(self):\n        pass\n",
      code(6, "pathlib, json", ["class Runner", "async def go"])),
    C("code-pattern-1-from", "notes\nfrom x import y\n", code(2, "x", [])),
    C("code-pattern-1-import", "import a.b.c", code(1, "a.b.c", [])),
    C("code-pattern-2-def", "def f(x):\n    return x\n", code(2, None, ["def f"])),
    C("code-pattern-2-function", "function go() {}\n", code(1, None, ["function go"])),
    C("code-pattern-2-export-function", "export function go() {}\n", code(1, None, ["export function go"])),
    C("code-pattern-2-const-not-listed", "const x = 1;\n", code(1, None, [])),
    C("code-pattern-2-let-prose", "see below\n  let it be\n", code(2, None, [])),
    C("code-pattern-2-var", "var a = 1\n", code(1, None, [])),
    C("code-pattern-3-package", "package main\n\nfunc main() {}\n", code(3, None, [])),
    C("code-pattern-3-use", "use std::io;\n", code(1, None, [])),
    C("code-pattern-3-fn", "fn main() {}\n", code(1, None, ["fn main"])),
    C("code-pattern-3-pub-fn", "pub fn run() {}\n", code(1, None, ["pub fn run"])),
    C("code-pattern-3-public-class", "public class Main {}\n", code(1, None, [])),
    C("code-symbol-whitespace-collapsed", "pub  fn x", code(1, None, ["pub fn x"])),
    C("code-symbol-tab-collapsed", "async\tdef f", code(1, None, ["async def f"])),
    C("code-symbol-nbsp", "async\xa0 def g():", code(1, None, ["async def g"])),
    C("code-indented-defs-listed", "class A:\n    def b(self):\n        def c():\n            pass\n",
      code(4, None, ["class A", "def b", "def c"])),
    C("code-symbol-name-ascii-start", "def _x1():\n", code(1, None, ["def _x1"])),
    C("code-symbol-unicode-name", "def café():\n", code(1, None, ["def café"])),
    C("code-digit-name-detects-not-listed", "def 1x\n", code(1, None, [])),
    C("code-import-first-token", "import numpy as np\n", code(1, "numpy", [])),
    C("code-import-13", "".join(f"import m{i}\n" for i in range(13)),
      code(13, ", ".join(f"m{i}" for i in range(12)), [])),
    C("code-symbols-25", "".join(f"def f{i}(): pass\n" for i in range(25)), code(25, None, [f"def f{i}" for i in range(24)])),
    C("code-symbol-clip", "def " + "n" * 250 + "():\n", code(1, None, ["def " + "n" * 193 + "..."])),
    C("code-import-clip", "import " + "m" * 200 + "\n", code(1, "m" * 177 + "...", [])),
    C("code-line-count-splitlines", "def f():\x0c    pass\x85x\u2028y\n", code(4, None, ["def f"])),
    C("code-crlf", "import os\r\ndef f():\r\n    pass\r\n", code(3, "os", ["def f"])),
    C("code-blank-lines-before", "\n\n\n   def late():\n", code(4, None, ["def late"])),
    C("code-prose-class", "Notes from class today\nclass dismissed early\n", code(2, None, ["class dismissed"])),
    C("code-prose-use", "We use it daily.\nuse cases follow\n", code(2, None, [])),
    C("code-js-module", "import React from 'react';\nexport function App() {}\n", code(2, "React", ["export function App"])),
    C("code-go", 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n', code(7, '"fmt"', [])),
    C("code-rust", "use std::fmt;\n\npub fn show() {}\nfn helper() {}\n", code(4, None, ["pub fn show", "fn helper"])),
    C("code-from-needs-import", "from here to there\n", text(19, 4, 1, NONE, "from here to there")),
    # `\s+` runs over the line break: "def" then "class" on the next line detects code (nothing listed)
    C("code-keyword-then-word-on-next-line", "def\nclass\n", code(2, None, [])),
    C("code-keyword-needs-name", "def\n", text(4, 1, 1, NONE, "def")),
    C("code-keyword-prefix-not-enough", "classic style\ndefault value\n", text(28, 4, 2, NONE, "classic style default value")),
    C("code-mime-ignored", "def f(): pass\n", code(1, None, ["def f"]), "text/x-python"),
    C("code-astral-name-unknown-here", "class X\U00031350:", code(1, None, ["class X"])),
)

# --- 10. text: the fallback, seven summary lines -----------------------------------------------------------------
LONG = "word " * 200  # 1000 chars
add(
    C("text-plain", "hello world", text(11, 2, 1, NONE, "hello world")),
    C("text-period-doubled", "It works.", text(9, 2, 1, NONE, "It works.")),
    C("text-markdown-headers", "# Title\nbody\n## Part\n", text(21, 5, 3, "# Title | ## Part", "# Title body ## Part")),
    C("text-markdown-needs-space", "#Title\n", text(7, 1, 1, NONE, "#Title")),
    C("text-markdown-7-hashes", "####### x\n", text(10, 2, 1, NONE, "####### x")),
    C("text-caps-header", "SYNOPSIS\nusage here\n", text(20, 3, 2, "SYNOPSIS", "SYNOPSIS usage here")),
    C("text-caps-too-short", "NAME\nx\n", text(7, 2, 2, NONE, "NAME x")),
    C("text-caps-seven-chars", "ABCDEFG\n", text(8, 1, 1, "ABCDEFG", "ABCDEFG")),
    C("text-caps-with-colon", "SEE ALSO:\nman(1)\n", text(17, 3, 2, "SEE ALSO:", "SEE ALSO: man(1)")),
    C("text-timestamp-is-header", "2024-01-01 12:00:00\nstarted\n", text(28, 3, 2, "2024-01-01 12:00:00", "2024-01-01 12:00:00 started")),
    C("text-number-is-header", "12345678\n", text(9, 1, 1, "12345678", "12345678")),
    C("text-lowercase-not-header", "Section One\n", text(12, 2, 1, NONE, "Section One")),
    C("text-header-dedupe", "# A\n# A\n#  A\n", text(13, 6, 3, "# A", "# A # A # A")),
    C("text-header-normalised", "#   Big    Title  \n", text(19, 3, 1, "# Big Title", "# Big Title")),
    C("text-header-indented", "   # Indented\n", text(14, 2, 1, "# Indented", "# Indented")),
    C("text-header-clip", "# " + "h" * 200 + "\n", text(203, 2, 1, "# " + "h" * 155 + "...", "# " + "h" * 200)),
    C("text-header-limit-18", "".join(f"# H{i}\n" for i in range(20)),
      text(sum(len(f"# H{i}\n") for i in range(20)), 40, 20, " | ".join(f"# H{i}" for i in range(18)),
           " ".join(f"# H{i}" for i in range(20)))),
    C("text-one-char-line-skipped", "#\n", text(2, 1, 1, NONE, "#")),
    C("text-long-excerpts", LONG, text(1000, 200, 1, NONE, ("word " * 100).strip())),
    C("text-excerpts-differ", "a" * 600 + "z" * 10, text(610, 1, 1, NONE, "a" * 500, "a" * 490 + "z" * 10)),
    C("text-excerpt-normalised", "a\n\n\tb   c\r\n", text(11, 3, 3, NONE, "a b c")),
    C("text-lines-unicode-breaks", "word " * 10 + "a\x0bb\x1cc\x85d\u2028e\u2029f",
      text(61, 16, 6, NONE, "word " * 10 + "a b c d e f")),
    C("text-unicode-breaks-over-ratio-binary", "a\x0bb\x1cc", binary(5, "a\x0bb\x1cc")),
    C("text-lines-crlf-once", "a\r\nb\r\n", text(6, 2, 2, NONE, "a b")),
    C("text-lines-lone-cr", "a\rb", text(3, 2, 2, NONE, "a b")),
    C("text-words-unicode-space", "a\u3000b\u2003c", text(5, 3, 1, NONE, "a b c")),
    C("text-log-lines", "2024-01-01 INFO start\n2024-01-01 ERROR boom\n",
      text(44, 6, 2, NONE, "2024-01-01 INFO start 2024-01-01 ERROR boom")),
    C("text-traceback-def-is-code", 'Traceback (most recent call last):\n  File "x.py", line 1, in <module>\n    def f(:\n',
      code(3, None, ["def f"])),
    C("text-bom-kept", "\ufeffhello", text(6, 1, 1, NONE, "\ufeffhello")),
    C("text-lone-surrogate", "a\ud800b", text(3, 1, 1, NONE, "a\ud800b")),
    C("text-tool-name-ignored", "plain output", text(12, 2, 1, NONE, "plain output"), "text/plain"),
    C("text-json-like-no-brace", "key = value", text(11, 3, 1, NONE, "key = value")),
    C("text-short-caps-line-in-prose", "WARNING: disk full\n", text(19, 3, 1, NONE, "WARNING: disk full")),
    C("text-caps-underscore-dash", "MY_VAR-NAME\n", text(12, 1, 1, "MY_VAR-NAME", "MY_VAR-NAME")),
    C("text-preview-ignored", "just words here", text(15, 3, 1, NONE, "just words here"), None, 3),
)
