"""The tokenizer descriptor and the built-in token estimate (no registry, no plugin).

:class:`Tokenizer` is what a ``toolstub_register_tokenizers`` hook returns;
:func:`estimate_tokens` is the download-free estimate described in
:mod:`toolstub.tokens`, which looks tokenizers up by name through the plugin
registry and re-exports both names.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

ESTIMATE = "estimate"
SAMPLE_ABOVE = 262_144
SAMPLE_CHUNKS = 16
SAMPLE_CHUNK_CHARS = 16_384

_PATTERNS = tuple(
    re.compile(p)
    for p in (
        r"[A-Za-z]+",  # a word: one token
        r"[a-z]{9}",  # long lower-case words: one more per 9 letters
        r"[a-zA-Z][A-Z]",  # case changes inside a run (identifiers, keys)
        r"[0-9]{1,3}",  # numbers split in groups of three digits
        r"([^\w\s])\1{3,}|[^\w\s]{1,2}",  # punctuation by pairs; a long repeated run is one
        r"\s*\n\s*|[ \t]{2,}",  # a line break with its indentation, or a run of spaces
        r"[^\x00-\x7f]",  # each non-ASCII character
    )
)


@dataclass(frozen=True, kw_only=True)
class Tokenizer:
    """A tokenizer plugin's descriptor.

    :param name: the name budgets refer to (``ExternalizationConfig.tokenizer``), forever stable.
    :param count: returns the number of tokens of a ``str``.
    :param description: one line for ``toolstub plugins list``.
    :param count_chunks: optional: the number of tokens of the text of an iterable of ``str`` pieces
        cut anywhere, given its length in code points, never joining them (the same as ``count`` of the
        joined text); a long output the HTTP server keeps in chunks is counted with it. Without it,
        such an output is joined into one ``str`` for ``count``.
    """

    name: str
    count: Callable[[str], int]
    description: str = ""
    count_chunks: Callable[[Iterable[str], int], int] | None = None


def _formula(text: str) -> int:
    return max(sum(len(p.findall(text)) for p in _PATTERNS), (len(text) + 3) // 4)


def _scaled(sampled: int, length: int) -> int:
    return max(round(sampled * length / (SAMPLE_CHUNKS * SAMPLE_CHUNK_CHARS)), (length + 3) // 4)


def estimate_tokens(text: str) -> int:
    """A download-free estimate of the GPT-4-family token count of ``text`` (see the module docs)."""
    if len(text) <= SAMPLE_ABOVE:
        return _formula(text)
    step = (len(text) - SAMPLE_CHUNK_CHARS) // (SAMPLE_CHUNKS - 1)
    sampled = sum(_formula(text[i * step : i * step + SAMPLE_CHUNK_CHARS]) for i in range(SAMPLE_CHUNKS))
    return _scaled(sampled, len(text))


def estimate_tokens_chunks(chunks: Iterable[str], length: int) -> int:
    """:func:`estimate_tokens` of the text of ``chunks`` (``length`` code points in all), in one pass.

    Only the sampled windows are kept (``SAMPLE_CHUNKS`` of ``SAMPLE_CHUNK_CHARS``), so a long text given
    in pieces is never joined; a text of at most ``SAMPLE_ABOVE`` code points is joined (bounded).
    """
    if length <= SAMPLE_ABOVE:
        return _formula("".join(chunks))
    step = (length - SAMPLE_CHUNK_CHARS) // (SAMPLE_CHUNKS - 1)
    starts = [i * step for i in range(SAMPLE_CHUNKS)]
    windows: list[list[str]] = [[] for _ in starts]
    at = 0
    first = 0  # the first window not yet complete
    for chunk in chunks:
        end = at + len(chunk)
        for k in range(first, SAMPLE_CHUNKS):
            lo = starts[k]
            if lo >= end:
                break
            hi = lo + SAMPLE_CHUNK_CHARS
            if hi > at:
                windows[k].append(chunk[max(0, lo - at) : hi - at])
            if hi <= end:
                first = k + 1
        at = end
        if first == SAMPLE_CHUNKS:
            break
    if at < length and first < SAMPLE_CHUNKS:
        raise ValueError(f"the chunks hold fewer than the {length} code points given")
    return _scaled(sum(_formula("".join(parts)) for parts in windows), length)


BUILTIN = Tokenizer(name=ESTIMATE, count=estimate_tokens, description="built-in estimate (no download)",
                    count_chunks=estimate_tokens_chunks)
