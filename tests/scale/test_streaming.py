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

_LINES = ["2024-03-01 10:00:0%d INFO ok id=%d", "2024-03-01 10:00:0%d ERROR boom %d", "plain %d words %d", "é中😀 %d %d",
          "token=ghp_%d%s" % (1, "a" * 36) + " %d %d", "%d%d", "a,b,c %d %d", "\r %d %d"]

texts = st.lists(st.tuples(st.sampled_from(_LINES), st.integers(0, 9), st.integers(0, 999)), max_size=120).map(
    lambda rows: "\n".join(line % (a, b) if line != "%d%d" else "" for line, a, b in rows)
)


SMALL = "large_outputs: {whole_chars: 300, head_chars: 200, tail_chars: 120}\n"


def small_rules(directory, base: str = "default") -> str:
    """A rule file ``extends: base`` whose ``large_outputs`` limits are small (the streamed path at small sizes)."""
    path = directory / f"small-{base}.yaml"
    if not path.exists():
        path.write_text(f"schema_version: 1\nextends: {base}\n{SMALL}")
    return str(path)


@pytest.fixture(scope="module")
def rule_dir(tmp_path_factory):
    return tmp_path_factory.mktemp("rules")


@pytest.fixture
def small_thresholds(monkeypatch, rule_dir):
    monkeypatch.setattr(streaming, "CHUNK_CHARS", 50)
    monkeypatch.setattr(streaming, "SEGMENT_CHARS", 64)
    return {name: small_rules(rule_dir, name) for name in ("default", "openviking-compat")}


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
@given(text=texts, cuts=st.lists(st.integers(0, 10_000), max_size=12), rules=st.sampled_from(["default", "openviking-compat"]))
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
