"""The synopsis engine: run the rule file's detectors in order, first claimant wins."""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path

from toolstub.plugin_manager import get_registry
from toolstub.rule_files import Ruleset, load_rules
from toolstub.synopsis import KindInput, Synopsis
from toolstub.textutil import head_tail_sample

log = logging.getLogger("toolstub")

DEFAULT_PREVIEW_CHARS = 2_000


def synopsize(
    content: str,
    *,
    mime: str | None = None,
    tool_name: str = "",
    rules: str | Path | Ruleset | None = None,
    preview_chars: int = DEFAULT_PREVIEW_CHARS,
) -> Synopsis:
    """Describe ``content``: the first detector of the ruleset's order that claims it wins.

    Never raises for any ``str`` and any MIME hint: a plugin that raises is
    contained (logged, recorded in ``diagnostics``) and the next detector is tried.
    """
    ruleset = load_rules(rules)
    if not isinstance(content, str):
        content = str(content)
    registry = get_registry()
    base = KindInput(
        content,
        mime=(mime or "").lower(),
        tool_name=tool_name or "",
        preview_chars=preview_chars,
        rules=ruleset,
        caps={},
    )
    diagnostics: list[str] = []
    result: Synopsis | None = None
    for detector in ruleset.detectors:
        summarizer = registry.get(detector)
        if summarizer is None:  # pragma: no cover - load_rules refuses unknown detectors
            continue
        try:
            result = summarizer.summarize(base.with_caps(ruleset.caps(detector)))
        except Exception as exc:  # noqa: BLE001 - a plugin must never break synopsis
            message = f"detector {detector!r} raised {type(exc).__name__}: {exc}"
            log.warning("toolstub: %s; trying the next detector", message)
            diagnostics.append(message)
            result = None
            continue
        if result is not None:
            break
    if result is None:
        result = Synopsis(
            kind="unknown",
            title="Unclassified output",
            summary=(f"No detector claimed this output of {len(content)} characters.",),
            sample=head_tail_sample(content, preview_chars),
        )
    from toolstub.limits import apply_limits

    result = apply_limits(result, ruleset.limits)
    return dataclasses.replace(
        result,
        ruleset=ruleset.name,
        ruleset_version=ruleset.version,
        diagnostics=(*result.diagnostics, *diagnostics),
    )
