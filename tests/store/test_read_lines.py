"""Read by lines: ``read(ref, line=L, lines=N)``, 1-based, ``\\n``-separated, O(lines) via the line index."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import toolstub
from toolstub.errors import InvalidArgumentError
from toolstub.store import lines as line_index
from toolstub.store import records as rec


def oracle(text: str, line: int, count: int) -> tuple[str, int]:
    """The lines [line, line + count) of ``text`` and the number of lines, by plain splitting."""
    pieces = text.split("\n")
    keep = [p + "\n" for p in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return "".join(keep[line - 1 : line - 1 + count]), len(keep)


@given(text=st.text(alphabet=st.sampled_from("ab\n\r🙂é\x00"), max_size=400),
       line=st.integers(1, 60), count=st.integers(1, 40))
def test_lines_equal_splitting(text, line, count):
    session = toolstub.open_store("memory://lines-prop").session("s")
    ref = session.write(text).ref
    got = session.read(ref, line=line, lines=count, include_metadata=False)
    expected, total = oracle(text, line, count)
    assert got["content"] == expected
    assert got["total_lines"] == total
    assert got["has_more"] == (line - 1 + count < total)
    assert got.get("next_line") == (line + count if line - 1 + count < total else None)
    if expected:
        assert text[got["offset"] : got["offset"] + len(expected)] == expected


def test_lines_across_many_checkpoints(session):
    text = "".join(f"line {i} {'é' * (i % 50)}\n" for i in range(1, 20_001))
    ref = session.write(text).ref
    for line in (1, 2, 777, 10_000, 19_999, 20_000):
        got = session.read(ref, line=line, lines=2, include_metadata=False)
        assert got["content"] == oracle(text, line, 2)[0]
    assert session.read(ref, line=20_001, lines=5)["content"] == ""


def test_line_numbers_agree_with_search_and_the_stub(tmp_path):
    log = "".join(("ERROR disk full\n" if i == 3218 else f"INFO step {i}\n") for i in range(1, 6001))
    session = toolstub.open_store(tmp_path / "s").session("s")
    stored = session.write(log, tool_name="build")
    cited = int(re.search(r"First error at line (\d+)", " ".join(stored.synopsis.summary)).group(1))
    hit = session.search(stored.ref, "ERROR")["matches"][0]["line"]
    assert cited == hit == 3218
    assert session.read(stored.ref, line=cited, lines=1)["content"] == "ERROR disk full\n"


def test_a_seed_folder_without_indexes_reads_by_lines_and_gets_the_index(tmp_path):
    session = toolstub.open_store(tmp_path / "s").session("s")
    text = "".join(f"row {i}\n" for i in range(50_000))
    rid = session.write(text).tool_result_id
    for name in (rec.CHECKPOINTS, line_index.LINES_FILE):
        (tmp_path / "s" / rec.result_dir("s", rid) / name).unlink()
    got = session.read(rid, line=40_000, lines=3, include_metadata=False)
    assert got["content"] == "row 39999\nrow 40000\nrow 40001\n"
    assert (tmp_path / "s" / line_index.lines_path("s", rid)).exists()


def test_a_stale_line_index_is_rebuilt(tmp_path):
    session = toolstub.open_store(tmp_path / "s").session("s")
    rid = session.write("a\nb\nc\n").tool_result_id
    (tmp_path / "s" / line_index.lines_path("s", rid)).write_bytes(b"garbage")
    assert session.read(rid, line=2, lines=1)["content"] == "b\n"


def test_read_by_lines_is_O_lines(session, monkeypatch):
    """Reading 3 lines deep in a 2.5 MB output fetches a few chunks, not the output."""
    text = "".join(f"{i:08d} {'x' * 40}\n" for i in range(50_000))
    rid = session.write(text).tool_result_id
    fetched: list[int] = []
    original = type(session.backend).cat

    def spy(self, rel, start=None, end=None):
        data = original(self, rel, start, end)
        if rel.endswith("output.txt"):
            fetched.append(len(data))
        return data

    monkeypatch.setattr(type(session.backend), "cat", spy)
    got = session.read(rid, line=45_001, lines=3, include_metadata=False)
    assert got["content"].startswith("00045000 ")
    assert sum(fetched) <= 6 * 16_384 * 1  # a few checkpoint chunks (ASCII: 1 byte per code point)
    assert sum(fetched) < len(text) // 20


def test_max_chars_cuts_and_says_where_to_go_on(session):
    ref = session.write("a" * 1000 + "\nb\n").ref
    got = session.read(ref, line=1, lines=2, max_chars=100)
    assert got["content"] == "a" * 100 and got["truncated"] and got["next_offset"] == 100 and got["has_more"]


@pytest.mark.parametrize("kwargs", [{"line": 0}, {"line": -1}, {"lines": 0}, {"line": "3"}, {"line": True}])
def test_bad_line_arguments_are_one_line_errors(session, kwargs):
    ref = session.write("a\nb\n").ref
    with pytest.raises(InvalidArgumentError) as info:
        session.read(ref, **kwargs)
    assert "\n" not in str(info.value) and "line" in str(info.value)


def test_results_are_typed_dicts_with_to_dict(session):
    from toolstub.store import ListResult, QueryResult, ReadResult, SearchResult

    stored = session.write('{"items": [{"id": 1}, {"id": 2}]}\n', tool_name="api")
    read = session.read(stored.ref, limit=5, include_metadata=False)
    assert isinstance(read, ReadResult) and read.content == read["content"] == '{"ite' and read.has_more is True
    assert read.line is None and type(read.to_dict()) is dict and read.to_dict() == read
    by_lines = session.read(stored.ref, line=1, lines=1)
    assert by_lines.total_lines == 1 and by_lines.metadata["tool_name"] == "api"
    found = session.search(stored.ref, "id")
    assert isinstance(found, SearchResult) and found.total == 2 and found.matches[0]["line"] == 1 and found.next is None
    listed = session.list()
    assert isinstance(listed, ListResult) and [r["tool_result_id"] for r in listed.tool_results] == [stored.tool_result_id]
    query = session.query(stored.ref, "$.items[*].id")
    assert isinstance(query, QueryResult) and query.count == 2 and [m["value"] for m in query.matches] == [1, 2]
