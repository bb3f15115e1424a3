"""Default csv/tsv: the streamed row and ragged counts equal a plain csv.reader count."""

from __future__ import annotations

import csv
import io

from hypothesis import given, note
from hypothesis import strategies as st

CELLS = st.sampled_from(["1", "Ada", "", " ", "x y", '"q"', '"a,b"', "é", "\xa0", "2024-01-01"])
FIRST = st.sampled_from(["1", "Ada", "x y", '"a,b"'])  # never blank: the prose tests stay out of the way
ROWS = st.lists(st.tuples(FIRST, st.lists(CELLS, max_size=4)).map(lambda t: [t[0], *t[1]]), min_size=1, max_size=40)


def expected(content: str, delimiter: str):
    rows = [row for row in csv.reader(io.StringIO(content), delimiter=delimiter) if "".join(row).strip()]
    width = len(rows[0])
    ragged = sum(1 for row in rows[1:] if len(row) != width)
    return len(rows) - 1, ragged


@given(ROWS, st.sampled_from([",", "\t"]), st.sampled_from(["\n", "\r\n"]), st.booleans())
def test_rows_and_ragged_rows_are_counted_exactly(run, rows, delimiter, newline, final_newline):
    header = delimiter.join(["h1", "h2", "h3"])
    body = [delimiter.join(row) for row in rows]
    content = newline.join([header, *[delimiter.join("123")] * 10, *body])
    content += newline if final_newline else ""
    note(repr(content))
    found = run("tsv" if delimiter == "\t" else "csv", content, "default")
    data_rows, ragged = expected(content, delimiter)
    if found is None:
        assert ragged > 0.1 * data_rows
        return
    assert found["structure"][1] == f"rows: {data_rows}"
    if ragged:
        assert found["structure"][-1] == f"ragged rows: {ragged} (cell count differs from the header's 3)"
    else:
        assert not found["structure"][-1].startswith("ragged rows")



PLAIN_CELLS = st.sampled_from(["1", "Ada", "", " ", "x y", "é", "\u3000", "2024-01-01", "ü ü"])
PLAIN_ROWS = st.lists(st.lists(PLAIN_CELLS, min_size=1, max_size=4), min_size=0, max_size=40)


@given(PLAIN_ROWS, st.sampled_from([",", "\t"]), st.sampled_from(["\n", "\r\n"]), st.booleans(),
       st.sampled_from([1, 2, 5, 17, 64, 1 << 18]))
def test_counts_do_not_depend_on_the_pieces_the_rest_is_read_in(rows, delimiter, newline, final_newline, piece):
    """The rest of a plain table is counted piece by piece (each ending at a line end): any piece size
    gives the csv.reader counts (pieces of one line, of several, a line longer than a piece)."""
    from unittest import mock

    from toolstub.plugins import table_summarizer

    content = newline.join(delimiter.join(row) for row in [["h1", "h2", "h3"], *rows])
    content += newline if final_newline else ""
    note(repr(content))
    expected_rows = [row for row in csv.reader(io.StringIO(content), delimiter=delimiter) if "".join(row).strip()][1:]
    with mock.patch.object(table_summarizer, "_PIECE_CHARS", piece):
        for count in (lambda source: source.rest_stats(3), lambda source: source.rest_count()):
            source = table_summarizer._Source(content, delimiter)
            assert source.plain
            assert source.head(1) == [["h1", "h2", "h3"]]
            found = count(source)
            if isinstance(found, tuple):
                assert found == (len(expected_rows), sum(1 for row in expected_rows if len(row) != 3))
            else:
                assert found == len(expected_rows)


@given(st.text(alphabet='ab,"\r\n\x00', max_size=60), st.sampled_from([1, 2, 3, 7, 1 << 18]))
def test_plain_test_does_not_depend_on_the_ranges(content, piece):
    """_is_plain reads the content in ranges: any range size gives the whole-string answer."""
    from unittest import mock

    from toolstub.plugins import table_summarizer

    carriage = content.count("\r")
    whole = '"' not in content and "\x00" not in content and (
        carriage == 0 or carriage == content.count("\r\n") + content.endswith("\r"))
    with mock.patch.object(table_summarizer, "_PIECE_CHARS", piece):
        assert table_summarizer._is_plain(content) is whole
