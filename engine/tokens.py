"""Token counting for budgets given in tokens (SCAFFOLD: tokenizer plugins land with issue 6).

:func:`count_tokens` uses the documented estimate unless a tokenizer is named.
"""

from __future__ import annotations


def estimate_tokens(text: str) -> int:
    """A download-free estimate: one token per 4 characters, rounded up."""
    return (len(text) + 3) // 4


def count_tokens(text: str, tokenizer: str | None = None) -> int:
    return estimate_tokens(text)
