"""Rendering the stub text that replaces a tool output in the context.

The layout is the seed's (``reference/seed-system.md`` section 3): the header
line from the rules, ``tool_name``, ``kind``, ``original_chars``,
``preview_chars``, then ``ref``, ``sha256`` (16 hex) and ``reason`` only when
given; a blank line; ``Synopsis:`` with the summary lines; ``Structure:``,
``Notable items:`` and ``Sample:`` only when non-empty; ``Explore:`` (the rule
file's templates) only when there is a ref. Lines are joined with ``\n``, no
trailing newline; the title is not rendered.
"""

from __future__ import annotations

import re
from pathlib import Path

from toolstub.rule_files import bundled_names, load_rules, loaded
from toolstub.ruleset import Ruleset
from toolstub.synopsis import Synopsis

_PLACEHOLDER = re.compile(r"\{(\w+)\}")


def _ruleset_for(synopsis: Synopsis, rules: str | Path | Ruleset | None) -> Ruleset:
    """``rules`` if given, else the ruleset named in the synopsis (bundled, else loaded in this process)."""
    if rules is not None:
        return load_rules(rules)
    if synopsis.ruleset:
        if synopsis.ruleset in bundled_names():
            return load_rules(synopsis.ruleset)
        known = loaded(synopsis.ruleset)
        if known is not None:
            return known
    return load_rules(None)


def render_stub(
    synopsis: Synopsis,
    *,
    ref: str = "",
    tool_name: str = "",
    sha256: str = "",
    reason: str = "",
    original_chars: int,
    preview_chars: int,
    rules: str | Path | Ruleset | None = None,
) -> str:
    """The stub: header lines, a blank line, then Synopsis/Structure/Notable items/Sample/Explore."""
    ruleset = _ruleset_for(synopsis, rules)
    stub = ruleset.stub
    lines = [
        stub.header,
        f"tool_name: {tool_name or 'tool'}",
        f"kind: {synopsis.kind}",
        f"original_chars: {original_chars}",
        f"preview_chars: {max(preview_chars, 0)}",
    ]
    if ref:
        lines.append(f"ref: {ref}")
    if sha256:
        lines.append(f"sha256: {sha256[:16]}")
    if reason:
        lines.append(f"reason: {reason}")
    body = ["Synopsis:", *(f"- {line}" for line in synopsis.summary)]
    if synopsis.structure:
        body += ["", "Structure:", *(f"- {line}" for line in synopsis.structure)]
    if synopsis.notable_items:
        body += ["", "Notable items:", *(f"- {line}" for line in synopsis.notable_items)]
    if synopsis.sample:
        body += ["", "Sample:", synopsis.sample]
    templates = stub.explore_for(synopsis.kind) if ref else ()
    if templates:
        names = {f"{key}_tool": value for key, value in stub.tools.items()}
        names["ref"] = ref
        explore = [_PLACEHOLDER.sub(lambda m: names.get(m[1], m[0]), t) for t in templates]
        body += ["", "Explore:", *explore]
    return "\n".join(lines) + "\n\n" + "\n".join(body)
