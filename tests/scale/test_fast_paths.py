"""The C-speed fast paths of the kinds give exactly what the plain per-item walks give."""

from __future__ import annotations

from array import array
from itertools import accumulate

from hypothesis import given, settings
from hypothesis import strategies as st

from toolstub.plugins import json_summarizer, log_summarizer
from toolstub.rule_files import load_rules


def _walk_profile(data: bytes) -> tuple[int, int]:
    """bracket_profile as a plain signed walk over the brackets outside strings."""
    if data.count(b"[") + data.count(b"{") == 0:
        return 0, -(data.count(b"]") + data.count(b"}"))
    if b"\\" in data:
        data = data.replace(b"\\\\", b"").replace(b'\\"', b"")
    reduced = data.translate(None, json_summarizer._DELETE_OTHERS).replace(b'""', b"")
    if b'"' in reduced:
        reduced = b"".join(reduced.split(b'"')[0::2])
    if not reduced:
        return 0, 0
    steps = array("b", reduced.translate(json_summarizer._SIGNED))
    return max(0, max(accumulate(steps))), sum(steps)


_PIECES = [b"[", b"]", b"{", b"}", b'"', b"\\", b"a", b"[]", b"{}", b'{"k":[1,2]}', b"[[]]" * 20, b"[" * 70, b"]" * 70]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=120))
def test_bracket_profile_is_the_signed_walk(parts):
    data = b"".join(parts)
    assert json_summarizer.bracket_profile(data) == _walk_profile(data)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([b'{"a":[1,{"b":null}]}', b"[]", b'"x[{"', b'{"t":["a","b"]}']), min_size=1, max_size=400))
def test_bracket_profile_of_wide_arrays(items):
    data = b"[" + b",".join(items) + b"]"
    assert json_summarizer.bracket_profile(data) == _walk_profile(data)



_NESTED = st.recursive(
    st.sampled_from([0, "s", "[{", None, True, "x" * 40]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(["a", "b]", "c"]), inner, max_size=3),
    max_leaves=60,
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_NESTED, max_size=6) | st.dictionaries(st.sampled_from(["k", "l"]), _NESTED, max_size=2),
       st.integers(0, 12))
def test_depth_bound_of_the_fast_split_is_the_bracket_scan(value, limit):
    """The split's slice lengths (and a scan of the long slices only) decide as the whole scan does."""
    import json

    import msgspec

    data = json.dumps(value).encode()
    split = msgspec.json.decode(data, type=dict[str, msgspec.Raw] if isinstance(value, dict) else list[msgspec.Raw])
    assert json_summarizer._within_depth(split, limit) == (json_summarizer.nesting_depth(data) <= limit)


_LOG_LINES = [
    "2024-03-01 09:00:01 INFO [worker-3] request id=12 took 0.1s",
    "2024-03-01 09:00:02 ERROR cannot open /data/x.db",
    "2024-03-01 09:00:03 WARNING disk 91% full",
    "2024-03-01 09:00:04 DEBUG cache hit 7",
    "E   assert 1 == 2",
    "error: linker failed",
    "  12:5  error  'x' is unused  no-unused-vars",
    "  3:1  warning  Missing semicolon  semi",
    "src/a.ts(12,7): error TS6133: 'y' is declared but never read.",
    "##[warning]deprecated",
    " ● suite › test",
    "level=warn msg=slow",
    "panic: runtime error",
    "Traceback (most recent call last):",
    "DeprecationWarning: old api",
    "x" * 170 + " ERROR too far in",
    "plain line with no level",
    "",
    "héllo ERROR ünïcode 42",
]


def _generic(text, caps, names):
    scan = log_summarizer._Scan(caps, names)
    counts, errors, warnings, error_total, warning_total = {}, [], [], 0, 0
    for number, start, level in scan._leftmost_levels(text):
        counts[level] = counts.get(level, 0) + 1
        if level in caps["error_levels"]:
            error_total += 1
            if len(errors) < max(1, caps["error_lines"]):
                errors.append((number, text.line_at(start)))
        elif level in caps["warning_levels"]:
            warning_total += 1
            if len(warnings) < max(1, caps["warning_lines"]):
                warnings.append((number, text.line_at(start)))
    return counts, errors, warnings, error_total, warning_total


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_LOG_LINES), min_size=1, max_size=80), st.integers(0, 9))
def test_bundled_level_pass_is_the_per_pattern_pass(lines, digit):
    caps = load_rules("default").caps("log")
    names = log_summarizer._level_names(caps)
    content = "\n".join(line.replace("1", str(digit)) for line in lines)
    text = log_summarizer._Text(content)
    scan = log_summarizer._Scan(caps, names)
    scan._bundled_run(text, set(caps["error_levels"]), set(caps["warning_levels"]),
                      max(1, caps["error_lines"]), max(1, caps["warning_lines"]))
    counts, errors, warnings, error_total, warning_total = _generic(text, caps, names)
    assert scan.counts == counts
    assert (scan.errors, scan.warnings) == (errors, warnings)
    assert (scan.error_total, scan.warning_total) == (error_total, warning_total)


_YAML_PIECES = ["key: value", "k2:", "- item", "-", "---", "  nested: 1", "# c", "a:b: c", "x :", "'q': 1", "\t", "",
                "url: http://x", "k: 2024-03-01", "é: ü", ":", "a: b:", "-x: 1", "--- x"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_YAML_PIECES), max_size=40), st.sampled_from(["\n", "\r\n"]))
def test_yaml_column0_scans_are_the_per_line_patterns(lines, newline):
    import re

    from toolstub.plugins import yaml_summarizer as y

    content = newline.join(lines)
    start = re.compile(y._COL0, re.MULTILINE)
    key_or_not = re.compile(y._KEY0 + r"(?:((?:[^:\n]|:(?![ \t\n]|$))*):(?=[ \t\n]|$))?", re.MULTILINE)
    assert len(y._NL_COL0_START.findall("\n" + content)) == len(start.findall(content))
    assert y._NL_COL0_KEY_OR_NOT.findall("\n" + content) == key_or_not.findall(content)
    found = y._TIMESTAMP_ANY.search(content.encode("utf-8", "surrogatepass")) is not None
    assert found == bool(y._TIMESTAMP.findall(content))


def _sample_lines_plain(content: str, limit: int, rstrip: bool = True) -> list[str]:
    size = limit * 512
    lines = content[:size].splitlines()
    if len(content) > size and len(lines) > 1:
        lines.pop()
    lines = [line for line in lines if line.strip()][:limit]
    return [line.rstrip() for line in lines] if rstrip else lines


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["def f():", "", "   ", "x = 1\r", "\r\n", "y" * 300, "\t# c", "é"]), max_size=200),
       st.integers(1, 12), st.booleans())
def test_code_sample_lines_read_from_a_small_prefix_first(lines, limit, rstrip):
    from toolstub.plugins import code_summarizer

    content = "\n".join(lines)
    assert code_summarizer._sample_lines(content, limit, rstrip=rstrip) == _sample_lines_plain(content, limit, rstrip)


# --- xml: the scan's handlers (no character-data handler before a DOCTYPE, depth-1/2 tags counted at the end)

def _plain_xml_scan(text: str, expand_entities: bool, namespaces: bool):
    """The scan as it was: every handler set from the start, a dict count per start tag."""
    from pyexpat import ParserCreate

    from toolstub.plugins.xml_summarizer import _Unexpanded

    out = {"root": "", "attributes": 0, "children": {}, "grand": {}, "entities": 0}
    depth = [0]

    def start(name, attrs):
        if depth[0] == 0:
            out["root"] = "{" + name if "}" in name else name
            out["attributes"] = len(attrs) // 2
        elif depth[0] == 1:
            out["children"][name] = out["children"].get(name, 0) + 1
        elif depth[0] == 2:
            out["grand"][name] = out["grand"].get(name, 0) + 1
        depth[0] += 1

    def end(name):
        depth[0] -= 1

    def refuse(data):
        if len(data) >= 2 and data[0] == "&":
            raise _Unexpanded(data)

    def entity(*args):
        out["entities"] += 1

    parser = ParserCreate(None, "}") if namespaces else ParserCreate(None)
    parser.buffer_text = True
    parser.ordered_attributes = True
    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = len
    parser.CommentHandler = len
    parser.ProcessingInstructionHandler = max
    parser.StartDoctypeDeclHandler = lambda *args: None
    if expand_entities:
        parser.DefaultHandlerExpand = refuse
    else:
        parser.DefaultHandler = lambda data: None
        parser.EntityDeclHandler = entity
    parser.Parse(text, True)
    return out


_XML_PIECES = ["<a>", "</a>", "<b x='1'>", "</b>", "<c/>", "<n:d xmlns:n='urn:x'>", "</n:d>", "text", "&amp;",
               "&e;", "&undefined;", "<!-- c -->", "<?pi x?>", "<![CDATA[<z>]]>", "\n", " ", "<", "&#65;"]
_XML_PROLOGS = ["", "<?xml version='1.0'?>\n", "<!DOCTYPE r [<!ENTITY e 'ent'>]>\n",
                "<?xml version='1.0'?>\n<!DOCTYPE r SYSTEM 'r.dtd'>\n", "<!DOCTYPE r [<!ENTITY e '<a>x</a>'>]>",
                "<!DOCTYPE r [<!ENTITY % p 'x'> %p;]>"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_XML_PROLOGS), st.lists(st.sampled_from(_XML_PIECES), max_size=30), st.booleans(), st.booleans(),
       st.sampled_from(["r", "rss"]))
def test_xml_scan_is_the_plain_scan(prolog, pieces, expand_entities, namespaces, root):
    from toolstub.plugins import xml_summarizer

    text = prolog + f"<{root} k='v'>" + "".join(pieces) + f"</{root}>"
    try:
        expected = _plain_xml_scan(text, expand_entities, namespaces)
        if root != "rss":
            expected["grand"] = {}  # depth 2 is counted under an rss root only
    except Exception as exc:  # noqa: BLE001 - the same refusal, of the same type
        expected = type(exc)
    try:
        state = xml_summarizer.scan(text, expand_entities=expand_entities, namespaces=namespaces)
        got = {"root": state.root, "attributes": state.attributes, "children": state.raw_children,
               "grand": state.grandchildren, "entities": state.entity_declarations}
    except Exception as exc:  # noqa: BLE001
        got = type(exc)
    assert got == expected
    if isinstance(expected, dict):
        assert list(got["children"]) == list(expected["children"])  # first-seen order too


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 6), st.integers(1, 5), st.integers(0, 70_000))
def test_xml_scan_counts_deep_and_flat_documents(depth, fan, flat):
    from toolstub.plugins import xml_summarizer

    inner = "<x/>" * fan
    for level in range(depth):
        inner = f"<l{level}>{inner}</l{level}>" * 2
    text = "<root>" + inner + "<f/>" * flat + "</root>"
    state = xml_summarizer.scan(text)
    plain = _plain_xml_scan(text, True, True)
    assert (state.raw_children, state.grandchildren) == (plain["children"], {})  # depth 2: under an rss root only
    rss = xml_summarizer.scan(text.replace("root>", "rss>"))
    assert (rss.raw_children, rss.grandchildren) == (plain["children"], plain["grand"])


def test_xml_scan_keeps_its_depth_across_the_end_list_being_emptied():
    from toolstub.plugins import xml_summarizer

    text = "<rss><a><b>" + "<c><d/></c>" * 70_000 + "</b></a><a/><e><f/></e></rss>"  # rss: depth 2 counted
    state = xml_summarizer.full_scan(text)  # the event scan (scan itself counts this one from the text)
    assert len(state.ends) < 70_000  # emptied on the way
    assert state.raw_children == {"a": 2, "e": 1} == _plain_xml_scan(text, True, True)["children"]
    assert state.grandchildren == {"b": 1, "f": 1}


# --- table: the ragged-row count without the framing copy --------------------------------------

def _ragged_framed(marks: bytes, width: int) -> tuple[int, int]:
    xs = marks.translate(None, b"d")
    rows = xs.count(b"\nx") + xs.startswith(b"x")
    framed = (b"\n" + marks + b"\n").replace(b"\n", b"\n\n")
    target = b"\n" + b"d" * (width - 1) + b"\n"
    exact = framed.translate(None, b"x").count(target) - framed.count(target)
    return rows, rows - exact


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="xd\n", max_size=80), st.integers(1, 5))
def test_ragged_rows_from_marks_are_the_framed_count(marks, width):
    from toolstub.plugins import table_summarizer

    data = marks.encode()
    assert table_summarizer._ragged_from_marks(data, width) == _ragged_framed(data, width)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["", " ", "\r", "a", "diff --git a b", "\ufeff", " x \r"]), max_size=60),
       st.booleans())
def test_diff_first_line_is_the_split_form(lines, bom):
    from toolstub.plugins import diff_summarizer

    content = ("\ufeff" if bom else "") + "\n".join(lines)
    plain = next((line.rstrip("\r") for line in content.lstrip("\ufeff").split("\n", 50)[:50] if line.strip()), "")
    assert diff_summarizer._first_line(content) == plain


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet='{}[],:" \n\t/*\\ab1', max_size=80))
def test_jsonc_cleaning_skips_only_passes_that_change_nothing(text):
    plain = json_summarizer._JSONC_COMMAS.sub(
        json_summarizer._drop_comma, json_summarizer._JSONC_COMMENTS.sub(json_summarizer._drop_comment, text))
    assert json_summarizer._jsonc_cleaned(text) == plain


# --- issue 11 (scale6): long-integer sampling, YAML line breaks, code veto order, redaction ----


def _plain_long_integer(data: bytes) -> bool:
    return b"1" * (json_summarizer._MAX_INT_DIGITS + 1) in data.translate(json_summarizer._DIGIT_MAP)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([b"x", b",", b"7", b"09"]), st.integers(0, 9000)), max_size=8))
def test_long_integer_sampling_is_the_whole_translate(runs):
    data = b"".join(piece * count for piece, count in runs)
    assert json_summarizer._has_long_integer(data) == _plain_long_integer(data)


def test_long_integer_sampling_at_every_offset_and_with_many_places():
    width = json_summarizer._MAX_INT_DIGITS + 1
    for length in (width - 1, width, width + 1):
        for offset in range(0, 2 * json_summarizer._LONG_STRIDE, 97):
            data = b"a" * offset + b"5" * length + b"]"
            assert json_summarizer._has_long_integer(data) == (length >= width)
    # digits at nearly every sampled place (more than _LONG_PLACES candidates), no long run
    crowded = (b"1" * 4000 + b",") * 300
    assert json_summarizer._has_long_integer(crowded) is False
    assert json_summarizer._has_long_integer(crowded + b"9" * width) is True


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ab\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029\u00e9", max_size=40))
def test_yaml_plain_breaks_is_the_class_search(text):
    import re

    from toolstub.plugins import yaml_summarizer

    plain = "\r" not in text and re.search("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]", text) is None
    assert yaml_summarizer._plain_breaks(text) == plain


def _plain_code_veto(content, patterns, mode):
    """The veto's per-pattern scan in the rule file's order (what _code_veto must equal)."""
    from toolstub.plugins import _lines, yaml_summarizer

    data = _lines.encode(content)
    if mode == "off" or not patterns:
        return False
    matches = [m for p in patterns for m in getattr(p, "regex", p).finditer(data)]
    if not matches:
        return False
    if mode == "anywhere":
        return True
    for match in matches:
        text = _lines.decode(match.group(0))
        lead = text[: len(text) - len(text.lstrip())]
        start = match.start() + len(_lines.encode(lead))
        if start == 0 or data[start - 1] in yaml_summarizer._BYTE_BREAKS or data.endswith(
                yaml_summarizer._MULTIBYTE_BREAKS, 0, start):
            return True
    return False


_VETO_LINES = ["def f(x):", "    def g():", "import os", "  import sys", "key: value", "- item", "class A:",
               "\tclass B:", "x = 1", "", "# def no", "\u2028def h():", "  \u00e9 from x import y"]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_VETO_LINES), max_size=12), st.sampled_from(["anywhere", "unindented", "off"]))
def test_code_veto_is_the_plain_scan(lines, mode):
    from toolstub.plugins import yaml_summarizer

    patterns = tuple(load_rules("default").caps("code").get("detect_patterns", ()))
    content = "\n".join(lines)
    assert yaml_summarizer._code_veto(content, patterns, mode) == _plain_code_veto(content, patterns, mode)


_SECRET_BITS = ["AKIAIOSFODNN7EXAMPLE", "ghp_" + "a1B2" * 9, "password = 'hunter2hunter2x9Q'", "token: x7Yq9Lm2Pz8Rt4Wv",
                "-----BEGIN RSA PRIVATE KEY-----", "postgres://u:s3cretPassw0rd@db/x", "plain words", "\n", " "]


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(_SECRET_BITS), max_size=10))
def test_short_text_redaction_is_the_same_with_the_prefilter_compiled(parts):
    from toolstub.redact import build_redactor

    section = load_rules("default").data["redaction"]
    plain, filtered = build_redactor(section), build_redactor(section)
    filtered._prefilter  # noqa: B018 - compiled as after a large content
    text = "".join(parts)
    assert "_prefilter" not in plain.__dict__
    assert filtered.findings(text) == plain.findings(text)
    assert filtered.redact(text) == plain.redact(text)
    assert "_prefilter" not in plain.__dict__


def test_json_under_a_raised_recursion_limit_is_described_alike():
    """With a raised recursion limit the depth is measured before the fast split: same synopsis."""
    import sys

    import toolstub

    content = '{"a": [1, {"b": [[2]]}], "c": "' + "x" * 2000 + '"}'
    deep = "[" * 3000 + "]" * 3000
    expected = [toolstub.synopsize(text) for text in (content, deep)]
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(json_summarizer._FAST_FIRST_RECURSION_LIMIT + 1)
    try:
        assert [toolstub.synopsize(text) for text in (content, deep)] == expected
    finally:
        sys.setrecursionlimit(old)
