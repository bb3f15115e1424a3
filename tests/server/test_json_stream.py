"""A spooled JSON body decoded with its long strings left in the file (issue 11): the pieces joined are
what ``json.loads`` gives, however the contents are cut (escapes, surrogate pairs, UTF-8 split anywhere),
and any body that would not decode so exactly goes the old way (``split_body`` says ``UNSPLIT``)."""

from __future__ import annotations

import contextlib
import copy
import hashlib
import json
import tempfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolstub.server.json_body import loads_body
from toolstub.server.json_stream import UNSPLIT, DecodedString, SpooledString, decode_pieces, split_body
from toolstub.streaming import ChunkedText

# code points that make every kind of escape and UTF-8 length, lone surrogates and pairs
_ALPHABET = st.one_of(
    st.sampled_from(list('a"\\/\n\t\b\f\r\x00\x1f\x7f é€\U0001F600\ud800\udbff\udc00\udfff\u2028')),
    st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF),
)
_TEXT = st.text(alphabet=_ALPHABET, max_size=80)


def _cuts(data: bytes, points: list[int]) -> list[bytes]:
    marks = sorted({p % (len(data) + 1) for p in points})
    out, last = [], 0
    for mark in [*marks, len(data)]:
        out.append(data[last:mark])
        last = mark
    return out


def _encoded(text: str, ascii_only: bool) -> bytes:
    return json.dumps(text, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


@settings(max_examples=400, deadline=None)
@given(text=_TEXT, ascii_only=st.booleans(), points=st.lists(st.integers(0, 2000), max_size=12))
def test_a_string_cut_anywhere_decodes_as_json_loads_decodes_it(text: str, ascii_only: bool, points: list[int]) -> None:
    encoded = _encoded(text, ascii_only)
    contents = encoded[1:-1]
    assert "".join(decode_pieces(_cuts(contents, points))) == json.loads(encoded) == text


@settings(max_examples=200, deadline=None)
@given(contents=st.binary(max_size=40), points=st.lists(st.integers(0, 100), max_size=6))
def test_invalid_contents_are_refused_as_json_loads_refuses_them(contents: bytes, points: list[int]) -> None:
    whole = b'"' + contents + b'"'
    try:
        expected = json.loads(whole.decode("utf-8", "surrogatepass"))
    except ValueError:
        expected = None
    if b'"' in contents.replace(b"\\\\", b"").replace(b'\\"', b""):
        return  # not one string's contents
    try:
        got = "".join(decode_pieces(_cuts(contents, points)))
    except ValueError:
        got = None
    assert got == expected


def _plain(value):
    """``value`` with every ChunkedText made a ``str`` (a copy)."""
    if isinstance(value, ChunkedText):
        return str(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30), st.floats(allow_nan=False), _TEXT,
              st.text(alphabet=_ALPHABET, min_size=30, max_size=300)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_TEXT, inner, max_size=4)),
    max_leaves=12,
)


def _split(body: bytes, large: int, piece: int, keep=None, text_file=None):
    return split_body(lambda n, offset: body[offset : offset + n], len(body), loads_body, large_bytes=large,
                      piece_bytes=piece, keep=keep, text_file=text_file)


@contextlib.contextmanager
def _scratch():
    """A ``text_file`` factory whose files are closed on exit (what a SpooledBody does at the request's end)."""
    made = []

    def make():
        made.append(tempfile.TemporaryFile())
        return made[-1]

    try:
        yield make
    finally:
        for f in made:
            f.close()


@settings(max_examples=300, deadline=None)
@given(value=_VALUES, ascii_only=st.booleans(), large=st.integers(1, 200), piece=st.integers(1, 300),
       decoded=st.booleans())
def test_a_body_split_at_any_piece_size_is_the_value_loads_body_gives(value, ascii_only, large, piece, decoded) -> None:
    body = json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")
    expected = loads_body(body)
    with _scratch() as make:
        got = _split(body, large, piece, text_file=make if decoded else None)
        plain = repr(_plain(got)) if got is not UNSPLIT else None
    if got is UNSPLIT:  # only when the whole body cannot go this way: a long key
        assert _has_long_key(value, large, ascii_only)
        return
    assert plain == repr(expected)


def _has_long_key(value, large: int, ascii_only: bool) -> bool:
    if isinstance(value, list):
        return any(_has_long_key(v, large, ascii_only) for v in value)
    if isinstance(value, dict):
        return any(len(_encoded(k, ascii_only)) - 2 > large or _has_long_key(v, large, ascii_only) for k, v in value.items())
    return False


@settings(max_examples=300, deadline=None)
@given(value=_VALUES, cut=st.integers(0, 10_000), junk=st.sampled_from([b"", b"\\", b'"', b"\xff", b"\x01", b"}", b"\xc3"]),
       large=st.integers(1, 60), piece=st.integers(1, 64))
def test_a_broken_body_goes_the_old_way_or_decodes_the_same(value, cut, junk, large, piece) -> None:
    body = json.dumps(value, ensure_ascii=False).encode("utf-8", "surrogatepass")
    at = cut % (len(body) + 1)
    broken = body[:at] + junk + body[at + (1 if junk else 0) :]
    got = _split(broken, large, piece)
    if got is UNSPLIT:
        return
    assert repr(_plain(got)) == repr(loads_body(broken))


def test_a_long_string_keeps_its_length_digest_head_and_tail() -> None:
    text = "".join(f"line {i} \"q\" \\ é \U0001F600 \ud800 x\n" for i in range(3000))
    body = json.dumps({"messages": [{"role": "tool", "content": text}, {"role": "user", "content": "hi"}]}).encode()
    got = _split(body, 100, 4093)
    output = got["messages"][0]["content"]
    assert isinstance(output, SpooledString) and got["messages"][1]["content"] == "hi"
    assert len(output) == len(text) and str(output) == text and "".join(output) == text
    assert output.sha256 == hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    for cut in (slice(None, 50), slice(-50, None), slice(1000, 90_000), slice(len(text) - 70_000, -3)):
        assert output[cut] == text[cut]
    assert copy.deepcopy(got)["messages"][0]["content"] is output


def test_with_a_text_file_a_long_string_is_decoded_from_the_body_once() -> None:
    """The JSON decoding (escapes) is done once, as the body is split; reading the text again reads the text
    file (UTF-8), never the body: 3 decodes of a 200 MB output (length/digest, synopsis, store) become 1."""
    text = "".join(f"line {i} \"q\" \\ é \U0001F600 \ud800 \udfff x\n" for i in range(3000))
    body = json.dumps({"messages": [{"role": "tool", "content": text}, {"content": "y" * 700}]}).encode()
    reads = []

    def read(n: int, offset: int) -> bytes:
        reads.append(offset)
        return body[offset : offset + n]

    with _scratch() as make:
        got = split_body(read, len(body), loads_body, large_bytes=500, piece_bytes=4093, text_file=make)
        output, other = got["messages"][0]["content"], got["messages"][1]["content"]
        assert isinstance(output, DecodedString) and isinstance(other, DecodedString)
        assert len(reads) == 1 + -(-len(body) // 4093)  # its first 4 bytes sniffed, then each piece read once
        del reads[:]
        for _ in range(2):
            assert "".join(output) == text and str(other) == "y" * 700
        assert output[5:90_000] == text[5:90_000] and len(output) == len(text)
        assert output.sha256 == hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        assert reads == []
        # without a text file the string is decoded again from the body each time
        plain = split_body(read, len(body), loads_body, large_bytes=500, piece_bytes=4093)["messages"][0]["content"]
        del reads[:]
        assert str(plain) == text and reads
    with pytest.raises(ValueError):  # its file closed (the request ended): a read raises
        str(output)


def test_keep_says_which_long_strings_stay_in_the_file() -> None:
    text = "x" * 500
    body = json.dumps({"content": text, "messages": [{"content": text, "role": text}]}).encode()
    got = _split(body, 100, 64, keep=lambda path: path[-1] == "content" and len(path) >= 2)
    assert type(got["content"]) is str and type(got["messages"][0]["role"]) is str
    assert isinstance(got["messages"][0]["content"], SpooledString)
    assert _plain(got) == json.loads(body)


@pytest.mark.parametrize("body", [
    b'{"k": "' + b"x" * 300 + b'", "' + b"y" * 300 + b'": 1}',   # a long key
    b'{"k": "' + b"x" * 300 + b'"',                            # unterminated
    b'{"k": "' + b"x" * 300 + b'\\q"}',                        # a bad escape in a long string
    b'{"k": "' + b"x" * 300 + b'\x01"}',                       # a control character in a long string
    b'{"k": "' + b"x" * 300 + b'\xff"}',                       # not UTF-8
    '{"k": "é"}'.encode("utf-16-le"),                          # UTF-16 (json.loads reads it; not split)
    b'{"k": "' + b"x" * 300 + b'"} x',                         # trailing data
])
def test_what_does_not_split_exactly_goes_the_old_way(body: bytes) -> None:
    assert _split(body, 100, 64) is UNSPLIT


def test_a_long_string_read_after_its_request_ended_raises() -> None:
    """Work a timed-out request left running never reads whatever file took the spool's descriptor."""
    import tempfile

    from toolstub.server.body_limit import SpooledBody

    body = json.dumps({"messages": [{"content": "x" * 5000}]}).encode()
    spool = tempfile.TemporaryFile()
    spool.write(body)
    spool.flush()
    spooled = SpooledBody(spool, len(body), 1024)
    output = split_body(spooled.read, spooled.size, loads_body, large_bytes=1024, piece_bytes=1024)["messages"][0]["content"]
    assert str(output) == "x" * 5000
    spool.close()
    with tempfile.TemporaryFile() as other:  # likely the same descriptor number
        other.write(b"y" * 10000)
        other.flush()
        with pytest.raises(ValueError):
            str(output)
