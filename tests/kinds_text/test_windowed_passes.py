"""Whole-text passes read a long text in windows (``_lines.WINDOW``): the same answers as one pass.

The windows are made tiny here so that every boundary case (a word, a backslash run, a string,
a digit run cut by a window end) is met on short texts.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolstub.plugins import _lines


@contextlib.contextmanager
def window_of(size: int) -> Iterator[None]:
    """``_lines.WINDOW`` set for one example (hypothesis runs many per test: no function-scoped fixture)."""
    saved = _lines.WINDOW
    _lines.WINDOW = size
    try:
        yield
    finally:
        _lines.WINDOW = saved


#: whitespace of both kinds (ASCII, which the fast path translates, and Unicode), and word characters
_TEXT = st.text(alphabet=st.sampled_from(list(" \t\n\r\x0b\x0c\x1c\x1f\x85\xa0\u2028\u3000ab\u00e9\ud800")), max_size=60)
_ASCII = st.text(alphabet=st.sampled_from(list(" \t\n\r\x0b\x0c\x1c\x1fab.")), max_size=60)


@pytest.mark.parametrize("window", [1, 2, 3, 7, 1 << 20])
@settings(max_examples=150, deadline=None)
@given(text=st.one_of(_TEXT, _ASCII))
def test_word_count_in_windows_is_len_of_split(window, text):
    with window_of(window):
        assert _lines.word_count(text) == len(text.split())


@pytest.mark.parametrize("window", [1, 3, 1 << 20])
@settings(max_examples=100, deadline=None)
@given(text=st.one_of(_TEXT, _ASCII), strip=st.booleans())
def test_line_blob_is_the_joined_lines(window, text, strip):
    lines = text.splitlines()
    expected = "\n".join(map(str.strip, lines) if strip else lines).encode("utf-8", "surrogatepass")
    with window_of(window):
        assert _lines.line_blob(text, strip=strip) == expected


def test_windows_tile_the_text():
    with window_of(4):
        assert list(_lines.windows("abcdefghij")) == ["abcd", "efgh", "ij"]
        assert list(_lines.windows(b"abcd")) == [b"abcd"]
        assert list(_lines.windows("")) == [""]


# --- json: the bracket scan and the long-integer check over windows ---------------------------

from toolstub.plugins import json_summarizer  # noqa: E402

_JSONISH = st.binary(max_size=80).map(lambda raw: bytes(b"[]{}\"\\ a1"[byte % 9] for byte in raw))


@pytest.mark.parametrize("window", [1, 2, 3, 5, 16])
@settings(max_examples=300, deadline=None)
@given(data=_JSONISH)
def test_bracket_profile_in_windows_is_the_whole_scan(window, data):
    whole = json_summarizer.bracket_profile(data)  # one window: the whole-text passes
    with window_of(window):
        assert json_summarizer.bracket_profile(data) == whole


@settings(max_examples=200, deadline=None)
@given(data=st.binary(max_size=300).map(lambda raw: bytes(0x31 if b % 5 else 0x61 for b in raw)),
       run=st.integers(1, 40), window=st.integers(1, 50))
def test_digit_run_in_windows_is_the_whole_translation(data, run, window):
    digits = b"1" * run
    with window_of(window):
        assert json_summarizer._digit_run_in(data, digits) == (digits in data.translate(json_summarizer._DIGIT_MAP))


def test_bracket_profile_windows_never_cut_a_backslash_run():
    data = b'["' + b"\\" * 7 + b'"]' + b'["' + b"\\" * 8 + b'"]'
    with window_of(3):
        windows = list(json_summarizer._windows_between_escapes(data))
        assert b"".join(windows) == data and all(not w.endswith(b"\\") for w in windows[:-1])
        assert json_summarizer.bracket_profile(data) == (1, 1)  # the first string never closes


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list(" \t\n\x1c\x85\u3000{}a1")), max_size=9000), start=st.integers(0, 9100))
def test_stripped_length_is_len_of_the_stripped_rest(text, start):
    assert json_summarizer._stripped_length(text, start) == len(text[start:].strip())


def test_stripped_length_walks_back_over_a_long_blank_tail():
    for text in ("[1]\n" + "x y" + " \n\u3000" * 5000, "[1]" + " " * 10000 + "z" + "\n" * 9000, " " * 9000):
        for start in (0, 3, 4, 9000, 15000):
            assert json_summarizer._stripped_length(text, start) == len(text[start:].strip())


@pytest.mark.parametrize("window", [1, 2, 5, 1 << 20])
@settings(max_examples=150, deadline=None)
@given(text=st.one_of(_TEXT, _ASCII), chars=st.sampled_from([_lines.OTHER_BREAKS, "\r\x85", "\u2028", "a", ""]))
def test_holds_any_in_windows(window, text, chars):
    with window_of(window):
        assert _lines.holds_any(text, chars) == any(ch in text for ch in chars)
        assert _lines.splitlines_count(text) == len(text.splitlines())


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list(" \t\n\x85\u3000{<[/\ufeffa*")), max_size=12),
       prefixes=st.sampled_from(["{", ("{", "["), ("//", "/*"), ("<", "\ufeff"), ("{", "[", "\ufeff", "//", "/*")]))
def test_kind_input_starts_with_is_that_of_the_stripped_text(text, prefixes):
    from toolstub.synopsis import KindInput

    inp = KindInput(text, mime="", tool_name="", preview_chars=100, rules=None, caps={})  # type: ignore[arg-type]
    assert inp.starts_with(prefixes) == text.strip().startswith(prefixes)
    assert "stripped" not in inp.__dict__  # never computed for it
    assert inp.is_blank() == (not text.strip())
    other = inp.with_caps({})
    assert other.stripped == text.strip() and other.starts_with(prefixes) == text.strip().startswith(prefixes)


@settings(max_examples=300, deadline=None)
@given(text=st.text(alphabet=st.sampled_from(list(" \t\n\x85\u3000<a\ufeff")), max_size=20), size=st.integers(0, 22))
def test_kind_input_stripped_head(text, size):
    from toolstub.synopsis import KindInput

    inp = KindInput(text, mime="", tool_name="", preview_chars=100, rules=None, caps={})  # type: ignore[arg-type]
    assert inp.stripped_head(size) == text.strip()[:size]
    assert "stripped" not in inp.__dict__


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.text(alphabet=st.sampled_from(list("ab\n")), max_size=12000), _TEXT), count=st.integers(0, 30))
def test_first_lines_is_the_head_of_split(text, count):
    assert _lines.first_lines(text, count) == text.split("\n", count)[:count]
    data = text.encode("utf-8", "surrogatepass")
    assert _lines.first_lines(data, count) == data.split(b"\n", count)[:count]


@pytest.mark.parametrize("window", [1, 2, 5, 1 << 20])
@settings(max_examples=150, deadline=None)
@given(data=st.binary(max_size=60).map(lambda raw: bytes(b"ab1\n9"[b % 5] for b in raw)))
def test_log_masked_lines_in_windows(window, data):
    from toolstub.plugins import log_summarizer

    with window_of(window):
        pieces = [line for lines in log_summarizer._masked_lines(data) for line in lines]
    assert pieces == data.translate(log_summarizer._DIGITS_TO_ZERO).split(b"\n")


def test_first_lines_of_long_texts():
    for text in ("x" * 5000 + "\n" + "y\n" * 3000, "line\n" * 20000, "z" * 70000, "a\n" * 10 + "b" * 9000):
        for count in (0, 1, 2, 11, 400, 2000, 30000):
            assert _lines.first_lines(text, count) == text.split("\n", count)[:count]


@pytest.mark.parametrize("window", [1, 3, 16])
@settings(max_examples=200, deadline=None)
@given(data=_JSONISH)
def test_bracket_scans_of_an_ascii_str_are_those_of_its_bytes(window, data):
    whole = json_summarizer.bracket_profile(data)
    text = data.decode("ascii")
    digits = b"1" * 3
    with window_of(window):
        assert json_summarizer.bracket_profile(text) == whole
        assert json_summarizer._digit_run_in(text, digits) == json_summarizer._digit_run_in(data, digits)
        assert json_summarizer._has_long_integer(text) == json_summarizer._has_long_integer(data)


@pytest.mark.parametrize("rules", ["default", "openviking-compat"])
def test_a_long_ascii_json_is_described_as_its_bytes_are(rules):
    import json

    import toolstub

    documents = [
        json.dumps([{"id": i, "name": f"n{i}", "tags": ["a", "b\\\"c"], "deep": [[[i]]]} for i in range(300)]),
        json.dumps({"k": [1, 2, {"x": "y" * 50}], "n": 1e5, "s": "\\\\" * 30}) + "\n",
        '{"a": [1, 2]} trailing text',
        '[1, 2] {"b": 3}\n',
        "[" * 500 + "]" * 500,
        '{"big": ' + "9" * 5000 + "}",
        '["unclosed',
    ]
    for document in documents:
        whole = toolstub.synopsize(document, rules=rules).to_dict()
        with window_of(7):
            assert toolstub.synopsize(document, rules=rules).to_dict() == whole
