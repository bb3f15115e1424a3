"""Token counting: the built-in estimate, the tokenizer hook and the cl100k_base plugin."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from toolstub import hookimpl
from toolstub.errors import InvalidArgumentError, PluginError
from toolstub.plugin_manager import Registry, make_plugin_manager, reset_registry
from toolstub.tokens import SAMPLE_ABOVE, Tokenizer, count_tokens, estimate_tokens, tokenizers

DATA = Path(__file__).parent / "data"
SAMPLES = sorted(p.name for p in DATA.iterdir())


@pytest.fixture
def with_plugin():
    """Register a plugin object for one test, then rebuild the process registry without it."""
    registered = []

    def add(*tokenizer_list: Tokenizer):
        plugin = SimpleNamespace(toolstub_register_tokenizers=hookimpl(lambda: tokenizer_list))
        pm = make_plugin_manager(load_entrypoints=False)
        pm.register(plugin, name="undo-tokenizer-test")
        registered.append(plugin)
        reset_registry(Registry(pm))

    yield add
    reset_registry(None)


def test_default_is_the_estimate():
    text = "Hello, world: 12345 tokens\n    indented_line = call(x)\n"
    assert count_tokens(text) == count_tokens(text, "estimate") == estimate_tokens(text)
    assert estimate_tokens("") == 0


@pytest.mark.parametrize("name", SAMPLES)
def test_estimate_is_close_to_cl100k(name):
    text = (DATA / name).read_text(encoding="utf-8")
    real = count_tokens(text, "cl100k_base")
    assert abs(estimate_tokens(text) - real) <= 0.3 * real


def test_cl100k_plugin_counts_like_the_real_bpe():
    assert "cl100k_base" in tokenizers()
    assert count_tokens("hello world", "cl100k_base") == 2
    assert count_tokens("<|endoftext|>", "cl100k_base") > 1  # special-token text counts as text


def test_estimate_samples_long_texts_deterministically():
    unit = (DATA / "app.log").read_text(encoding="utf-8")
    text = unit * (SAMPLE_ABOVE // len(unit) * 4)
    assert len(text) > SAMPLE_ABOVE
    per_unit = estimate_tokens(unit * 50) / 50
    assert abs(estimate_tokens(text) - per_unit * len(text) / len(unit)) <= 0.02 * estimate_tokens(text)
    assert estimate_tokens(text) == estimate_tokens(text)


def test_never_less_than_a_token_per_four_chars():
    assert estimate_tokens("=" * 4000) >= 1000


def test_unknown_tokenizer_is_a_one_line_error():
    with pytest.raises(InvalidArgumentError) as info:
        count_tokens("x", "no-such-tokenizer")
    assert str(info.value).startswith("unknown tokenizer 'no-such-tokenizer' (installed: ")
    assert info.value.code == "INVALID_ARGUMENT"


def test_a_plugin_adds_a_tokenizer(with_plugin):
    with_plugin(Tokenizer(name="words", count=lambda text: len(text.split())))
    assert count_tokens("one two three", "words") == 3
    assert "words" in tokenizers() and "estimate" in tokenizers()


def test_the_estimate_cannot_be_replaced(with_plugin):
    with_plugin(Tokenizer(name="estimate", count=len))
    with pytest.raises(PluginError, match="duplicate tokenizer name 'estimate'"):
        count_tokens("x", "words")


def test_a_plugin_must_return_tokenizers(with_plugin):
    with_plugin("not a tokenizer")
    with pytest.raises(PluginError, match="not a toolstub Tokenizer"):
        tokenizers()


# -- a long text in pieces (a ChunkedText of the HTTP server) is counted without joining it -------------

def _text(n: int) -> str:
    return "".join(f"line {i}: CamelCase_word {i * 7919} é中 !!!! ==== \n    indented(x)\n" for i in range(n))


class _Refuses:
    """A ChunkedText-like text that may be iterated in pieces but never joined (``str`` raises)."""

    def __init__(self, text: str, piece: int) -> None:
        self.text, self.piece = text, piece

    def __len__(self) -> int:
        return len(self.text)

    def chunks(self):
        return (self.text[i : i + self.piece] for i in range(0, len(self.text), self.piece))

    def __str__(self) -> str:
        raise AssertionError("joined whole")


@pytest.mark.parametrize("n", [10, 4000, 4500, 30_000])
@pytest.mark.parametrize("piece", [1, 977, 16_384, 1 << 20])
def test_a_text_in_pieces_is_estimated_as_the_whole_text(n, piece):
    text = _text(n)
    if piece == 1 and len(text) > SAMPLE_ABOVE:
        piece = 3  # a piece a code point each: long for a long text
    expected = estimate_tokens(text)
    pieces = [text[i : i + piece] for i in range(0, len(text), piece)]
    from toolstub.tokens import estimate_tokens_chunks

    assert estimate_tokens_chunks(iter(pieces), len(text)) == expected
    if len(text) > SAMPLE_ABOVE:
        assert count_tokens(_Refuses(text, piece)) == count_tokens(_Refuses(text, piece), "estimate") == expected


def test_a_chunked_text_is_counted_over_its_chunks_not_joined():
    from toolstub.streaming import ChunkedText

    text = _text(30_000)

    class Pieces(ChunkedText):
        def chunks(self):
            return (text[i : i + 65_536] for i in range(0, len(text), 65_536))

        def __str__(self) -> str:
            raise AssertionError("joined whole")

    assert count_tokens(Pieces(len(text), "", text[:10], text[-10:])) == estimate_tokens(text)


def test_too_few_code_points_in_the_pieces_is_an_error():
    from toolstub.tokens import estimate_tokens_chunks

    text = _text(30_000)
    with pytest.raises(ValueError):
        estimate_tokens_chunks(iter([text[: len(text) // 2]]), len(text))


def test_a_plugin_tokenizer_counts_pieces_with_its_count_chunks_or_joins_them(with_plugin):
    text = _text(30_000)
    seen = []
    with_plugin(Tokenizer(name="words", count=lambda s: len(s.split())),
                Tokenizer(name="pieces", count=lambda s: len(s), count_chunks=lambda chunks, n: seen.append(n) or n))
    assert count_tokens(_Refuses(text, 1000), "pieces") == len(text) and seen == [len(text)]

    class Joinable(_Refuses):
        def __str__(self) -> str:
            return self.text

    assert count_tokens(Joinable(text, 1000), "words") == len(text.split())
