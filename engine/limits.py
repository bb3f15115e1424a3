"""Character limits the engine applies to every synopsis, whatever the plugin returned.

The rule file's ``limits`` section bounds the synopsis in characters, not only
in items (``openviking-compat`` has none, so the seed's output is kept exactly):

``line_chars``
    the title and each summary, structure and notable-item line is clipped to
    this many characters (the seed's clip rule: ``limit-3`` chars plus ``...``).
``total_chars``
    the summary, structure and notable-item lines, taken in that order, hold at
    most this many characters together (newlines not counted). At the first line
    that does not fit, it and every later line are dropped and the section where
    the cut happened ends with ``+N more lines`` (N counts every dropped line).
    The first summary line is always kept.
``sample_chars``
    the sample is clipped to this many characters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from toolstub.synopsis import Synopsis
from toolstub.textutil import clip

SECTIONS = ("summary", "structure", "notable_items")
MORE_MARKER = "+{n} more lines"
#: room kept for the marker when a cut is needed ("+" + up to 12 digits + " more lines")
_MARKER_ROOM = len(MORE_MARKER.format(n=10**12))


def _clip_lines(lines: tuple[str, ...], limit: int | None) -> tuple[str, ...]:
    if limit is None:
        return lines
    return tuple(clip(line, limit) for line in lines)


def _cut(sections: dict[str, tuple[str, ...]], budget: int) -> dict[str, tuple[str, ...]]:
    """Drop trailing lines so that the three sections hold ``budget`` characters, marker included."""
    if sum(len(line) for lines in sections.values() for line in lines) <= budget:
        return sections
    room = budget - _MARKER_ROOM
    used, dropped, cut_in = 0, 0, None
    out: dict[str, list[str]] = {name: [] for name in sections}
    for name, lines in sections.items():
        for line in lines:
            first = name == SECTIONS[0] and not out[name]
            if cut_in is None and (first or used + len(line) <= room):
                out[name].append(line if not first else clip(line, max(room, 8)))
                used += len(out[name][-1])
            else:
                cut_in = cut_in or name
                dropped += 1
    if cut_in is not None:
        out[cut_in].append(MORE_MARKER.format(n=dropped))
    return {name: tuple(lines) for name, lines in out.items()}


def apply_limits(synopsis: Synopsis, limits: Mapping[str, Any]) -> Synopsis:
    """Return ``synopsis`` clipped to ``limits`` (the same object when ``limits`` is empty)."""
    if not limits:
        return synopsis
    line_chars = limits.get("line_chars")
    sections = {name: _clip_lines(getattr(synopsis, name), line_chars) for name in SECTIONS}
    total = limits.get("total_chars")
    if total is not None:
        sections = _cut(sections, total)
    changes: dict[str, Any] = dict(sections)
    if line_chars is not None:
        changes["title"] = clip(synopsis.title, line_chars)
    sample_chars = limits.get("sample_chars")
    if sample_chars is not None:
        changes["sample"] = clip(synopsis.sample, sample_chars) if synopsis.sample else ""
    if all(getattr(synopsis, key) == value for key, value in changes.items()):
        return synopsis
    return dataclasses.replace(synopsis, **changes)
