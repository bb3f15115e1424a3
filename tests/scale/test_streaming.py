"""Streaming ingestion: the same record, byte for byte, whether an output comes whole or in chunks.

The thresholds are made small here so that hypothesis reaches the streamed path (an output
larger than ``WHOLE_CHARS``) with small inputs; the code is the same at any size.
"""

from __future__ import annotations

import io
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import toolstub
from toolstub import streaming
from toolstub.store import ingest

_LINES = ["2024-03-01 10:00:0%d INFO ok id=%d", "[%d, %d],", "<a n='%d'>%d</a>", "2024-03-01 10:00:0%d ERROR boom %d", "plain %d words %d", "é中😀 %d %d",
          "token=ghp_%d%s" % (1, "a" * 36) + " %d %d", "%d%d", "a,b,c %d %d", "\r %d %d"]

texts = st.lists(st.tuples(st.sampled_from(_LINES), st.integers(0, 9), st.integers(0, 999)), max_size=120).map(
    lambda rows: "\n".join(line % (a, b) if line != "%d%d" else "" for line, a, b in rows)
)


SMALL = "large_outputs: {whole_chars: 300, head_chars: 200, tail_chars: 120}\n"
#: the line kinds streamed past 300 code points, the others whole up to 900
EARLY = "large_outputs: {whole_chars: 900, head_chars: 200, tail_chars: 120, stream_chars: 300}\n"


def small_rules(directory, base: str = "default", section: str = SMALL, name: str = "") -> str:
    """A rule file ``extends: base`` whose ``large_outputs`` limits are small (the streamed path at small sizes)."""
    path = directory / f"small-{name or base}.yaml"
    if not path.exists():
        path.write_text(f"schema_version: 1\nextends: {base}\n{section}")
    return str(path)


@pytest.fixture(scope="module")
def rule_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("rules")


@pytest.fixture
def small_thresholds(monkeypatch, rule_dir):
    monkeypatch.setattr(streaming, "CHUNK_CHARS", 50)
    monkeypatch.setattr(streaming, "SEGMENT_CHARS", 64)
    rules = {name: small_rules(rule_dir, name) for name in ("default", "openviking-compat")}
    rules["early"] = small_rules(rule_dir, "default", EARLY, "early")
    return rules


def _cut(data: bytes, cuts: list[int]) -> list[bytes]:
    points = sorted({c % (len(data) + 1) for c in cuts})
    pieces, last = [], 0
    for point in points:
        pieces.append(data[last:point])
        last = point
    pieces.append(data[last:])
    return pieces


def _record(store, result) -> dict:
    folder = f"{store.session_id}/tool-results/{result.tool_result_id}"
    meta = dict(result.metadata)
    meta.pop("created_at", None)
    meta.pop("stored_at_ns", None)
    files = {name: store.backend.cat(f"{folder}/{name}") for name in ("output.txt", "output.idx", "output.lidx")}
    return {"meta": json.dumps(meta, sort_keys=True), **files}


def _fresh(tmp_path, name):
    return toolstub.open_store(str(tmp_path / name)).session("s1")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts, cuts=st.lists(st.integers(0, 10_000), max_size=12), rules=st.sampled_from(["default", "openviking-compat", "early"]))
def test_whole_str_bytes_file_and_chunks_store_the_same_record(tmp_path_factory, small_thresholds, text, cuts, rules):
    tmp = tmp_path_factory.mktemp("stream")
    data = text.encode("utf-8", "surrogateescape")
    records = []
    for index, content in enumerate([text, data, io.BytesIO(data), iter(_cut(data, cuts))]):
        store = _fresh(tmp, f"s{index}")
        records.append(_record(store, store.write(content, tool_id="t1", tool_name="sh", rules=small_thresholds[rules])))
    assert all(record == records[0] for record in records[1:])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts, cuts=st.lists(st.integers(0, 10_000), max_size=12))
def test_a_streamed_record_reads_back_whole(tmp_path_factory, small_thresholds, text, cuts):
    store = _fresh(tmp_path_factory.mktemp("read"), "s")
    result = store.write(iter(_cut(text.encode(), cuts)), tool_id="t", rules=small_thresholds["openviking-compat"])
    assert store.read(result.ref, offset=0, limit=len(text) + 10)["content"] == text
    if text.count("\n") >= 1:
        line = text.split("\n")[1]
        assert store.read(result.ref, line=2, lines=1)["content"].rstrip("\n") == line


def test_a_large_output_is_described_from_its_view_with_totals(tmp_path, small_thresholds):
    text = "\n".join(f"2024-03-01 10:00:{i % 60:02d} INFO request {i}" for i in range(200))
    result = _fresh(tmp_path, "s").write(iter([text.encode()]), tool_id="t", rules=small_thresholds["default"])
    first = result.synopsis.notable_items[0]
    assert first.startswith(f"large output: {len(text)} characters, {len(text)} bytes, 200 lines in all;")
    assert result.metadata["original_chars"] == len(text)


def test_multibyte_sequences_cut_anywhere_decode_as_a_whole():
    data = "aé中😀\n".encode() * 5 + b"\xff\xfe bad"
    for size in range(1, 9):
        chunks = [data[i : i + size] for i in range(0, len(data), size)]
        assert "".join(ingest.text_chunks(iter(chunks))) == data.decode("utf-8", "surrogateescape")


def test_segments_do_not_depend_on_the_chunking():
    text = ("x" * 50 + "\n") * 40 + "y" * 300
    expected = list(ingest.segments([text], 64))
    assert "".join(expected) == text
    for size in (1, 7, 64, 1000):
        pieces = [text[i : i + size] for i in range(0, len(text), size)]
        assert list(ingest.segments(pieces, 64)) == expected


def test_bad_content_types_are_a_clear_error(tmp_path):
    store = _fresh(tmp_path, "s")
    with pytest.raises(toolstub.errors.InvalidArgumentError):
        store.write(12345)
    with pytest.raises(toolstub.errors.InvalidArgumentError):
        store.write(iter([b"ok", 3]))
    assert store.list()["tool_results"] == []
    assert not [name for name in (tmp_path / "s").rglob("*") if name.is_file()]


def test_a_private_key_across_a_segment_boundary_is_still_redacted(tmp_path, small_thresholds, monkeypatch):
    monkeypatch.setattr(streaming, "SEGMENT_CHARS", 256)  # the block (about 200 chars) ends within 2 segments
    key = "-----BEGIN RSA PRIVATE KEY-----\n" + "\n".join(["MIIEowIBAAKCAQEA" + "x" * 48] * 2) + "\n-----END RSA PRIVATE KEY-----\n"
    text = "log line\n" * 25 + key + "after\n" * 80  # the first cut (past 256) falls inside the block
    result = _fresh(tmp_path, "s").write(iter([text.encode()]), tool_id="t", rules=small_thresholds["default"])
    stored = _fresh(tmp_path, "s").read(result.ref, offset=0, limit=-1)["content"]
    assert "MIIEowIBAAKCAQEA" not in stored and result.metadata["redactions"] >= 1


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab\n-", max_size=400), st.integers(1, 40))
def test_segments_cover_the_text_and_ignore_the_chunking(text, size):
    text = text.replace("--", "-----BEGIN x\n", 1).replace("b-", "-----END x\n", 1)
    expected = list(ingest.segments([text], size))
    assert "".join(expected) == text
    pieces = [text[i : i + 7] for i in range(0, len(text), 7)]
    assert list(ingest.segments(pieces, size)) == expected


# -- the kinds' totals over the whole stream (toolstub_register_stream_totals) ---------------------

def _log(n: int) -> str:
    levels = ["INFO", "INFO", "WARN", "ERROR", "DEBUG"]
    # errors and warnings only in the middle: a view (head + tail) alone sees none of them
    return "".join(f"2024-03-01 10:{i // 60 % 60:02d}:{i % 60:02d} {levels[(i * 7) % 5] if n // 3 < i < 2 * n // 3 else 'INFO'} "
                   f"svc[{i}] é request done id={i}\n" for i in range(n))


_KINDS = {
    "log": _log(3000),
    "csv": "id,name,value\n" + "".join(f"{i},n{i},{i * 3}\n" for i in range(5000)),
    "tsv": "id\tname\tvalue\n" + "".join(f"{i}\tn{i}\t{i * 3}\n" for i in range(5000)),
    "ndjson": "".join(json.dumps({"id": i, "name": f"x{i}", "ok": i % 3 == 0}) + "\n" for i in range(3000)),
    "code": "".join(f"def f{i}(x):\n    return x + {i}\n\n\nclass C{i}:\n    pass\n\n" for i in range(2000)),
    "diff": "".join(f"diff --git a/f{i}.py b/f{i}.py\n" + ("new file mode 100644\n" if i % 7 == 0 else "")
                    + f"--- a/f{i}.py\n+++ b/f{i}.py\n@@ -1,3 +1,4 @@\n ctx\n-old {i}\n+new {i}\n+more\n ctx\n"
                    for i in range(2000)),
    "xml": '<?xml version="1.0"?>\n<catalog a="1">\n' + "".join(f'  <item id="{i}"><name>item{i}</name></item>\n' for i in range(3000))
           + "  <other/>\n</catalog>\n",
    "markdown": "---\ntitle: x\n---\n" + "".join(
        f"## Section {i}\n\nSome text with a [link](https://x.org/{i}) and ![img](a.png).\n\n- item\n- item two\n\n"
        + ("```python\nx = 1\n# not a heading\n" + "y = 2\n" * 30 + "```\n\n" if i % 3 == 0 else "")
        + ("| a | b |\n|---|---|\n| 1 | 2 |\n\n" if i % 5 == 0 else "")
        + ("# Late title\n\n" if i == 200 else "") for i in range(400)),
    "text": "".join(f"The quick brown fox number {i} jumps over the lazy dog again and again.\n" for i in range(3000)),
}
#: the lines of each kind that give a total; they must be those of the whole output
_TOTAL_LINES = {
    "log": ("Log with ", "Levels: ", "First error at line ", "line_count: ", "levels: ", "first error: ", "error: ",
            "first warning: ", "warning: ", "+"),
    "csv": ("CSV table with ", "rows: "),
    "tsv": ("TSV table with ", "rows: "),
    "ndjson": ("NDJSON (JSON Lines) with ", "records: "),
    "code": ("Code-like output with ", "line_count: "),
    "diff": ("Diff of ", "Files: ", "+"),
    "text": ("Characters: ", "Words: ", "Lines: "),
    "markdown": ("Markdown document with ", "Title: ", "outline (", "#", "+", "code_blocks: ", "links: ", "front_matter keys: "),
    "xml": ("XML document with ", "root: ", "attributes: ", "item: ", "other: "),
}


@pytest.fixture
def view_rules(tmp_path, monkeypatch):
    monkeypatch.setattr(streaming, "SEGMENT_CHARS", 1000)
    path = tmp_path / "view.yaml"
    path.write_text("schema_version: 1\nextends: default\nlarge_outputs: {whole_chars: 20000, head_chars: 5000, tail_chars: 3000}\n")
    return str(path)


def _total_lines(synopsis, kind):
    prefixes = _TOTAL_LINES[kind]
    return [line for name in ("summary", "structure", "notable_items") for line in getattr(synopsis, name)
            if line.startswith(prefixes)]


@pytest.mark.parametrize("kind", sorted(_KINDS))
@pytest.mark.parametrize("pad", [True, False])
def test_a_large_outputs_totals_are_those_of_the_whole_output(tmp_path, view_rules, monkeypatch, kind, pad):
    if not pad:  # more lines left out than PAD_LINES: the view is the head alone
        monkeypatch.setattr(streaming, "PAD_LINES", 10)
    text = _KINDS[kind]
    whole = toolstub.synopsize(text)
    assert whole.kind == kind
    stored = _fresh(tmp_path, "s").write(iter([text.encode()]), tool_id="t", rules=view_rules).synopsis
    scanned = streaming.scan(streaming.text_chunks(text), toolstub.load_rules(view_rules)).describe()
    for streamed in (stored, scanned):
        assert streamed.kind == kind
        assert streamed.notable_items[0].endswith(
            "as one xml document" if kind == "xml" else "its counts are of the whole output")
        assert _total_lines(streamed, kind) == _total_lines(whole, kind)
    # the view alone (head and tail) would not give them
    if kind == "code" and pad:
        return  # the padded view has every line (as empty lines): its line count is already true
    view_only = toolstub.synopsize(streaming.scan(streaming.text_chunks(text), toolstub.load_rules(view_rules)).view())
    assert _total_lines(view_only, kind) != _total_lines(whole, kind)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(kind=st.sampled_from(sorted(_KINDS)), cuts=st.lists(st.integers(0, 400_000), max_size=20))
def test_the_totals_do_not_depend_on_the_chunking(view_rules, kind, cuts):
    data = _KINDS[kind].encode()
    ruleset = toolstub.load_rules(view_rules)
    expected = streaming.scan(streaming.text_chunks(data), ruleset).describe()
    got = streaming.scan(streaming.text_chunks(iter(_cut(data, cuts))), ruleset).describe()
    assert got == expected and got.sample == expected.sample


def test_a_kind_without_stream_totals_says_its_counts_are_of_the_view(tmp_path, view_rules):
    text = "".join('{"id": %d, "name": "x%d", "tags": ["a", "b"]}\n' % (i, i) for i in range(3000))
    text = "[\n" + text.replace("}\n", "},\n") + "{}\n]\n"  # a JSON array: no counter, described from its view
    streamed = _fresh(tmp_path, "s").write(text, tool_id="t", rules=view_rules).synopsis
    assert streamed.notable_items[0].endswith("its counts are of that part")


def test_a_counter_that_raises_is_contained(tmp_path, view_rules, monkeypatch):
    from toolstub.plugins import log_summarizer

    def boom(self, block, first_line):
        raise RuntimeError("counter broke")

    monkeypatch.setattr(log_summarizer._LogTotals, "feed", boom)
    result = _fresh(tmp_path, "s").write(_KINDS["log"], tool_id="t", rules=view_rules)
    assert result.synopsis.kind == "log"
    assert result.synopsis.notable_items[0].endswith("its counts are of that part")
    described = streaming.scan(streaming.text_chunks(_KINDS["log"]), toolstub.load_rules(view_rules)).describe()
    assert described.notable_items[0].endswith("its counts are of that part")
    assert any("counter broke" in line for line in described.diagnostics)


def test_a_large_xml_that_does_not_parse_whole_is_described_from_its_view(tmp_path, view_rules):
    broken = _KINDS["xml"].replace("</catalog>", "</catalogue>")
    result = _fresh(tmp_path, "s").write(broken, tool_id="t", rules=view_rules).synopsis
    assert result.kind != "xml"
    assert result.notable_items[0].endswith("its counts are of that part")


def test_externalize_describes_a_large_tool_output_in_one_bounded_pass(tmp_path, view_rules):
    from toolstub.externalize import externalize

    store = _fresh(tmp_path, "s")
    text = _KINDS["log"]
    messages = [{"role": "tool", "tool_call_id": "c1", "content": text}]
    result = externalize(messages, format="openai", store=store, rules=view_rules)
    stored = store.list()["tool_results"]
    assert len(stored) == 1
    synopsis = store.metadata(stored[0]["tool_result_id"])["synopsis"]
    first = synopsis["notable_items"][0]
    assert first.startswith(f"large output: {len(text)} characters") and first.endswith("of the whole output")
    assert _total_lines(toolstub.Synopsis.from_dict(synopsis), "log") == _total_lines(toolstub.synopsize(text), "log")
    assert "c1" in str(result.messages[0])


# -- stream_chars: the line kinds are streamed earlier than the whole-parse kinds ------------------

@pytest.fixture
def early_rules(tmp_path, monkeypatch):
    monkeypatch.setattr(streaming, "SEGMENT_CHARS", 1000)
    path = tmp_path / "early.yaml"
    path.write_text("schema_version: 1\nextends: default\nlarge_outputs: {whole_chars: 400000, head_chars: 5000, "
                    "tail_chars: 3000, stream_chars: 20000}\n")
    return str(path)


def _json_array(n: int) -> str:
    return "[\n" + ",\n".join(json.dumps({"id": i, "name": f"x{i}"}) for i in range(n)) + "\n]\n"


@pytest.mark.parametrize("kind", ["log", "csv", "ndjson", "text", "code", "diff", "markdown"])
def test_a_line_kind_past_stream_chars_is_streamed_with_whole_totals(tmp_path, early_rules, kind):
    text = _KINDS[kind]
    assert 20000 < len(text) < 400000
    whole = toolstub.synopsize(text)
    ruleset = toolstub.load_rules(early_rules)
    stored = _fresh(tmp_path, "a").write(text, tool_id="t", rules=early_rules).synopsis
    chunked = _fresh(tmp_path, "b").write(iter([text[:7777].encode(), text[7777:].encode()]), tool_id="t",
                                          rules=early_rules).synopsis
    content, read, head = streaming.collect(streaming.text_chunks(text), ruleset)
    assert content is None and head is not None and head.kind == kind
    scanned = streaming.scan(iter(read), ruleset, head=head).describe()
    assert stored == chunked
    for streamed in (stored, scanned):
        assert streamed.kind == kind
        assert streamed.notable_items[0].startswith(f"large output: {len(text)} characters")
        assert streamed.notable_items[0].endswith("its counts are of the whole output")
        assert _total_lines(streamed, kind) == _total_lines(whole, kind)


@pytest.mark.parametrize("text", [_json_array(3000), _KINDS["xml"], "a: 1\nitems:\n" + "".join(f"  - k{i}: v{i}\n" for i in range(4000))],
                         ids=["json", "xml", "yaml"])
def test_a_whole_parse_kind_past_stream_chars_stays_whole(tmp_path, early_rules, text):
    assert 20000 < len(text) < 400000
    whole = toolstub.synopsize(text)
    for content in (text, iter([text[:9999].encode(), text[9999:].encode()])):
        stored = _fresh(tmp_path, f"s{type(content).__name__}").write(content, tool_id="t", rules=early_rules).synopsis
        assert stored == toolstub.synopsize(text, rules=early_rules, mime="text/plain", tool_name="")
        assert stored.kind == whole.kind and not any(line.startswith("large output") for line in stored.notable_items)
    assert streaming.collect(streaming.text_chunks(text), toolstub.load_rules(early_rules))[0] == text


def test_compat_has_no_early_streaming():
    sizes = streaming.large_outputs(toolstub.load_rules("openviking-compat"))
    assert sizes.stream_chars == sizes.whole_chars == 12_000_000
    default = streaming.large_outputs(toolstub.load_rules("default"))
    assert default.stream_chars < default.whole_chars and "log" in default.stream_kinds and "json" not in default.stream_kinds


def test_a_whole_parse_kind_past_whole_chars_in_one_big_chunk_is_streamed_as_its_str_is(tmp_path, early_rules):
    """A first chunk already past whole_chars (bytes given whole, a large read) is streamed, as stream_text
    streams the str: the decision never depends on where the chunks end (it was handled whole)."""
    text = _json_array(30000)
    ruleset = toolstub.load_rules(early_rules)
    assert len(text) > 400000
    assert streaming.stream_text(text, ruleset)[0] is True
    for chunks in ([text], [text[:25000], text[25000:]], [text[i : i + 4096] for i in range(0, len(text), 4096)]):
        content, read, _ = streaming.collect(iter(chunks), ruleset)
        assert content is None and "".join(read) == text[: len("".join(read))]
    one = _fresh(tmp_path, "one").write(text.encode(), tool_id="t", rules=early_rules).synopsis
    many = _fresh(tmp_path, "many").write(iter([text[:7777], text[7777:]]), tool_id="t", rules=early_rules).synopsis
    as_str = _fresh(tmp_path, "str").write(text, tool_id="t", rules=early_rules).synopsis
    assert one == many == as_str
    assert one.notable_items[0].startswith(f"large output: {len(text)} characters")
