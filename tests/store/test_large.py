"""Multi-checkpoint outputs: reads through the index and streaming, paged search across blocks.

Small checkpoint and block sizes make a few-KB output span many checkpoints and blocks.
"""

from __future__ import annotations

import random

import pytest

from toolstub.errors import InvalidArgumentError, StoreError
from toolstub.store import checkpoints, records
from toolstub.store import search as search_module


@pytest.fixture(autouse=True)
def small_chunks(monkeypatch):
    monkeypatch.setattr(checkpoints, "DEFAULT_EVERY", 37)
    monkeypatch.setattr(search_module, "BLOCK_BYTES", 64)


def mixed_text(n: int, seed: int = 1) -> str:
    rng = random.Random(seed)
    alphabet = "ab \nxé😀€\u2028\ud800"
    return "".join(rng.choice(alphabet) for _ in range(n))


def test_reads_at_any_offset_equal_slicing(session, backend_name):
    content = mixed_text(3000)
    rid = session.write(content).tool_result_id
    rng = random.Random(7)
    for _ in range(40 if backend_name == "s3" else 150):
        offset, limit = rng.randrange(0, 3100), rng.choice([0, 1, 5, 36, 37, 38, 100, 1000, -1])
        got = session.read(rid, offset=offset, limit=limit, include_metadata=False)
        end = None if limit == -1 else offset + limit
        assert got["content"] == content[offset:end], (offset, limit)
        assert got["total_chars"] == 3000


def test_read_uses_only_the_needed_range(session, monkeypatch):
    content = "x" * 5000 + "€" * 5000
    rid = session.write(content).tool_result_id
    seen = []
    original = type(session.backend).cat

    def spy(self, rel, start=None, end=None):
        seen.append((rel.rsplit("/", 1)[-1], start, end))
        return original(self, rel, start, end)

    monkeypatch.setattr(type(session.backend), "cat", spy)
    session.read(rid, offset=9000, limit=50, include_metadata=False)
    data_reads = [(s, e) for name, s, e in seen if name == "output.txt"]
    assert len(data_reads) == 1
    start, end = data_reads[0]
    assert end - start <= (50 + 2 * 37) * 3  # O(limit), not O(size)


def test_streaming_search_matches_the_seed_across_blocks(session, seed_search):
    content = mixed_text(4000, seed=3)
    rid = session.write(content).tool_result_id
    for query, ctx in [("ab", 5), ("a", 0), ("\n", 40), ("é😀", 3), ("b b", 100)]:
        got = session.search(rid, query, limit=10_000, context_chars=ctx)
        expected = seed_search(content, query, 10_000, ctx)
        assert [(m["offset"], m["snippet"]) for m in got["matches"]] == [(m["offset"], m["snippet"]) for m in expected]
        assert got["total"] == len(expected) and got["next"] is None
        assert [m["line"] for m in got["matches"]] == [content.count("\n", 0, m["offset"]) + 1 for m in expected]


def test_cursor_pages_through_every_match(session, seed_search):
    content = mixed_text(4000, seed=5)
    rid = session.write(content).tool_result_id
    expected = seed_search(content, "a", 10_000, 4)
    pages, cursor = [], None
    while True:
        page = session.search(rid, "a", limit=7, context_chars=4, cursor=cursor)
        assert page["total"] == len(expected)
        pages.extend(page["matches"])
        cursor = page["next"]
        if cursor is None:
            break
    assert [(m["offset"], m["snippet"]) for m in pages] == [(m["offset"], m["snippet"]) for m in expected]
    assert [m["line"] for m in pages] == [content.count("\n", 0, m["offset"]) + 1 for m in pages]


def test_cursor_of_another_search_is_refused(session):
    rid = session.write("a" * 100).tool_result_id
    cursor = session.search(rid, "a", limit=1)["next"]
    with pytest.raises(InvalidArgumentError):
        session.search(rid, "aa", limit=1, cursor=cursor)
    with pytest.raises(InvalidArgumentError):
        session.search(rid, "a", limit=1, cursor="garbage!")


def test_icase_and_regex_modes(session):
    content = "Error: x\nerror: y\nERROR z\nwarning\n" * 20
    rid = session.write(content).tool_result_id
    assert session.search(rid, "error", mode="icase", limit=1000)["total"] == 60
    assert session.search(rid, "error", limit=1000)["total"] == 20
    got = session.search(rid, r"(?i)^error\b", mode="regex", limit=3, context_chars=0)
    assert [m["snippet"] for m in got["matches"]] == ["Error"]  # no multiline flag: ^ is the start only
    multi = session.search(rid, r"(?im)^error\b", mode="regex", limit=1000, context_chars=0)
    assert multi["total"] == 60 and {m["snippet"].lower() for m in multi["matches"]} == {"error"}
    assert session.search(rid, "a.c[", mode="icase")["total"] == 0  # icase is literal
    with pytest.raises(InvalidArgumentError):
        session.search(rid, "(?<=a)b", mode="regex")  # lookbehind: not linear-time
    with pytest.raises(InvalidArgumentError):
        session.search(rid, "x", mode="fuzzy")


def test_regex_on_lone_surrogates_does_not_crash(session):
    rid = session.write("a\ud800b a\udfffb").tool_result_id
    got = session.search(rid, "a.b", mode="regex", context_chars=0)
    assert [m["offset"] for m in got["matches"]] == [0, 4]
    assert [m["snippet"] for m in got["matches"]] == ["a\ud800b", "a\udfffb"]


def test_corrupt_checkpoint_index_is_a_clear_error(session):
    rid = session.write("y" * 500).tool_result_id
    session.backend.put(records.checkpoints_path("sess-1", rid), b"garbage")
    with pytest.raises(StoreError) as info:
        session.read(rid, offset=10)
    assert "fsck" in info.value.message


def test_iter_text_streams_the_whole_output(session):
    content = mixed_text(1000, seed=9)
    rid = session.write(content).tool_result_id
    blocks = list(session.iter_text(rid))
    assert len(blocks) > 5 and "".join(t for _, t in blocks) == content
    assert [o for o, _ in blocks] == [sum(len(t) for _, t in blocks[:i]) for i in range(len(blocks))]


def test_search_memory_is_bounded(tmp_path, monkeypatch):
    """Peak Python allocation of a search is a few blocks, not the size of the output."""
    import tracemalloc

    import toolstub

    monkeypatch.setattr(search_module, "BLOCK_BYTES", 64 << 10)
    monkeypatch.setattr(checkpoints, "DEFAULT_EVERY", 16_384)
    session = toolstub.open_store(str(tmp_path / "s")).session("mem")
    content = "".join(f"log line {i:07d} é😀\n" for i in range(200_000))
    rid = session.write(content, synopsis=toolstub.Synopsis(kind="text")).tool_result_id
    del content
    for query, mode in (("0199999", "literal"), (r"line 019999\d ", "regex"), ("LOG LINE 0000001", "icase")):
        tracemalloc.start()
        result = session.search(rid, query, mode=mode, limit=5)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert result["total"] >= 1
        assert peak < 2_500_000, (mode, peak)  # the output is 4.4 MB of UTF-8 (9.4 MB as a str)
