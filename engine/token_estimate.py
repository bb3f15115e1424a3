"""The tokenizer descriptor and the built-in token estimate (no registry, no plugin).

:class:`Tokenizer` is what a ``toolstub_register_tokenizers`` hook returns;
:func:`estimate_tokens` is the download-free estimate described in
:mod:`toolstub.tokens`, which looks tokenizers up by name through the plugin
registry and re-exports both names.
"""

from __future__ import annotations

import re
from collections.abc import Callable
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
    """

    name: str
    count: Callable[[str], int]
    description: str = ""


def _formula(text: str) -> int:
    return max(sum(len(p.findall(text)) for p in _PATTERNS), (len(text) + 3) // 4)


def estimate_tokens(text: str) -> int:
    """A download-free estimate of the GPT-4-family token count of ``text`` (see the module docs)."""
    if len(text) <= SAMPLE_ABOVE:
        return _formula(text)
    step = (len(text) - SAMPLE_CHUNK_CHARS) // (SAMPLE_CHUNKS - 1)
    sampled = sum(_formula(text[i * step : i * step + SAMPLE_CHUNK_CHARS]) for i in range(SAMPLE_CHUNKS))
    return max(round(sampled * len(text) / (SAMPLE_CHUNKS * SAMPLE_CHUNK_CHARS)), (len(text) + 3) // 4)


BUILTIN = Tokenizer(name=ESTIMATE, count=estimate_tokens, description="built-in estimate (no download)")
