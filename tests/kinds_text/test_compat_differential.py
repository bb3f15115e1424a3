"""Differential property: for any line-oriented input, compat equals the seed oracle."""

from __future__ import annotations

from hypothesis import given, note
from hypothesis import strategies as st

TOKENS = [
    "a", "B", "7", "x_y", "é", "ß", "\ud800", "\ufeff",
    " ", "  ", "\t", "\n", "\n\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x1f", "\x85", "\xa0", "\u2028", "\u3000",
    ",", ",", '"', "#", "## ", ":", "-", "_", ".", "..",
    "import ", "from ", " import ", "def ", "class ", "async ", "fn ", "pub ", "use ", "let ", "package ",
    "public class ", "export function ", "HEADER LINE", "2024-01-01 12:00:00", "12345678",
]

line_text = st.lists(st.sampled_from(TOKENS), max_size=40).map("".join)
table_text = st.lists(
    st.lists(st.sampled_from(["a", "1", " ", '"q"', '"a,b"', "", "x y", "é"]), min_size=1, max_size=4),
    min_size=1,
    max_size=14,
).flatmap(
    lambda rows: st.sampled_from([",", "\t"]).map(lambda d: "\n".join(d.join(row) for row in rows))
)


@given(line_text)
def test_line_kinds_equal_the_seed(chain, seed, content):
    note(repr(content))
    assert chain(content) == seed.line_kinds(content)


@given(table_text)
def test_tables_equal_the_seed(chain, seed, content):
    note(repr(content))
    assert chain(content) == seed.line_kinds(content)
