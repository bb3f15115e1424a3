"""Small text helpers shared by the kinds (the seed's clip, normalise and sample rules)."""

from __future__ import annotations

import re

_WS = re.compile(r"\s+")


def clip(text: str, limit: int) -> str:
    """``""`` if ``limit <= 0``; unchanged if it fits; else the first ``limit-3`` chars plus ``...``."""
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    return text[: limit - 3] + "..."


def normalize(text: str) -> str:
    """Collapse every whitespace run (Python ``\\s``) to one space, then strip."""
    return _WS.sub(" ", text).strip()


def head_tail_sample(content: str, preview_chars: int) -> str:
    """The seed's head/tail sample of ``preview_chars`` characters."""
    if preview_chars <= 0:
        return ""
    if len(content) <= preview_chars:
        return content
    half = max(1, preview_chars // 2)
    return (
        "--- BEGIN SAMPLE HEAD ---\n"
        f"{content[:half]}\n"
        "--- END SAMPLE HEAD ---\n\n"
        "--- BEGIN SAMPLE TAIL ---\n"
        f"{content[-half:]}\n"
        "--- END SAMPLE TAIL ---"
    )


def cut(items: list[str], limit: int, more_format: str, total: int | None = None) -> list[str]:
    """The first ``limit`` items, plus ``more_format`` (when set) saying how many were left out."""
    total = len(items) if total is None else total
    shown = items[:limit]
    if more_format and total > len(shown):
        shown.append(more_format.format(n=total - len(shown)))
    return shown
