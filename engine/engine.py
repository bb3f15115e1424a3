"""The synopsis engine: run the rule file's detectors, first claimant or strongest claim wins.

The rule file's ``detection.strategy`` decides (:mod:`toolstub.claims`):
``first_claim`` (the seed's rule) or ``strongest_claim`` (confidence, the
detector order breaking ties).

A detector that raises, or returns anything but ``None`` or a well-formed
:class:`Synopsis`, is contained: the problem is logged and recorded in
``Synopsis.diagnostics`` and the next detector is tried. Then the ruleset's
redaction and character limits are applied, and the ruleset's name and
version are stamped on the result.
"""

from __future__ import annotations

import dataclasses
import logging
from pathlib import Path
from typing import Any

from toolstub.claims import FIRST_CLAIM, Claim, as_claim, detection, strongest
from toolstub.errors import PatternError, RuleFileError
from toolstub.limits import apply_limits
from toolstub.plugin_manager import get_registry
from toolstub.plugins import magika_evidence
from toolstub.redact import redact_synopsis
from toolstub.rule_files import load_rules
from toolstub.ruleset import Ruleset
from toolstub.synopsis import KindInput, Summarizer, Synopsis
from toolstub.textutil import head_tail_sample

log: logging.Logger = logging.getLogger("toolstub")

DEFAULT_PREVIEW_CHARS = 2_000


def _malformed(result: object) -> str | None:
    """Why ``result`` is not a usable synopsis, or ``None`` if it is."""
    if not isinstance(result, Synopsis):
        return f"returned {type(result).__name__}, not a Synopsis"
    for name in ("kind", "title", "sample"):
        if not isinstance(getattr(result, name), str):
            return f"returned a Synopsis whose {name} is {type(getattr(result, name)).__name__}, not str"
    if not result.kind:
        return "returned a Synopsis with an empty kind"
    for name in ("summary", "structure", "notable_items"):
        bad = next((item for item in getattr(result, name) if not isinstance(item, str)), None)
        if bad is not None:
            return f"returned a Synopsis whose {name} holds {type(bad).__name__}, not str"
    return None


def _run(detector: str, summarizer: Summarizer, inp: KindInput, diagnostics: list[str]) -> Claim | None:
    """The detector's claim (a plain Synopsis is wrapped), or ``None``; a fault is contained."""
    try:
        result = as_claim(summarizer.summarize(inp))
    except Exception as exc:  # noqa: BLE001 - a plugin must never break synopsis
        problem = f"raised {type(exc).__name__}: {exc}"
    else:
        if result is None:
            return None
        if not isinstance(result, Claim):  # as_claim wraps every Synopsis: this is malformed
            problem = _malformed(result)
        elif (problem := _malformed(result.synopsis)) is None:
            return result
    message = " ".join(f"detector {detector!r} {problem}".split())
    log.warning("toolstub: %s; trying the next detector", message)
    diagnostics.append(message)
    return None


def _fallback(content: str, preview_chars: int) -> Synopsis:
    return Synopsis(
        kind="unknown",
        title="Unclassified output",
        summary=(f"No detector claimed this output of {len(content)} characters.",),
        sample=head_tail_sample(content, preview_chars),
    )


def _redact(result: Synopsis, ruleset: Ruleset, diagnostics: list[str], content: str) -> Synopsis:
    """The redacted synopsis; if redaction fails, one that shows nothing of the content.

    A pattern RE2 refuses is a problem of the rule file, not of the content: it is raised as the
    one-line :class:`RuleFileError` (``toolstub rules validate`` refuses such a file, so only a
    ruleset built some other way gets here), never a synopsis withheld for every output."""
    try:
        return redact_synopsis(result, ruleset, content=content)
    except RuleFileError:
        raise
    except PatternError as exc:
        raise RuleFileError(f"redaction: {exc}", path=ruleset.source, json_path="$.redaction") from None
    except Exception as exc:  # noqa: BLE001 - never raise, never leak what could not be redacted
        message = " ".join(f"redaction raised {type(exc).__name__}: {exc}".split())
        log.warning("toolstub: %s; the synopsis is withheld", message)
        diagnostics.append(message)
        return Synopsis(
            kind=result.kind,
            title=result.title,
            summary=("Synopsis withheld: redaction failed.",),
            diagnostics=result.diagnostics,
        )


def _detect(ruleset: Ruleset, registry: Any, base: KindInput, diagnostics: list[str],
            trace: list[Any] | None = None) -> Synopsis | None:
    """The rule file's ``detection.strategy``: the first claim, or the strongest (see :mod:`toolstub.claims`)."""
    settings = detection(ruleset)
    candidates = (
        (detector, summarizer, base.with_caps(ruleset.caps(detector)))
        for detector in ruleset.detectors
        if (summarizer := registry.get(detector)) is not None
    )

    def run(detector: str, summarizer: Summarizer, inp: KindInput) -> Claim | None:
        return _run(detector, summarizer, inp, diagnostics)

    if settings["strategy"] == FIRST_CLAIM and trace is None:
        for detector, summarizer, inp in candidates:
            claim = run(detector, summarizer, inp)
            if claim is not None:
                return claim.synopsis
        return None
    if settings["strategy"] == FIRST_CLAIM:
        settings = {**settings, "min_confidence": 0.0, "decisive_confidence": 0.0}
    return strongest(candidates, settings, run, trace, _learned(settings))


def _learned(settings: dict[str, Any]) -> Any:
    """The ``detection.learned`` signal the rule file names (``plugin: magika``), or None when it names
    none or its package is not installed (detection is then the heuristics alone)."""
    if (settings.get("learned") or {}).get("plugin") != "magika":
        return None
    return magika_evidence.magika_kind if magika_evidence.available() else None


def explain(
    content: str,
    *,
    mime: str | None = None,
    tool_name: str = "",
    rules: str | Path | Ruleset | None = None,
    preview_chars: int = DEFAULT_PREVIEW_CHARS,
) -> list[dict[str, Any]]:
    """Each detector's claim on ``content`` as the engine weighed it, in the order asked.

    One dict per claim: ``detector``, ``kind``, ``confidence``, ``evidence`` (``[signal,
    strength, weight]`` lists) and ``chosen`` (the claim :func:`synopsize` uses). For
    tuning rule files; the search stops where :func:`synopsize`'s does.
    """
    ruleset = load_rules(rules)
    content = content if isinstance(content, str) else str(content)
    base = KindInput(content, mime=str(mime or "").lower(), tool_name=str(tool_name or ""),
                     preview_chars=int(preview_chars), rules=ruleset, caps={})
    trace: list[Any] = []
    chosen = _detect(ruleset, get_registry(), base, [], trace)
    return [
        {"detector": s.detector, "kind": s.kind, "confidence": s.confidence,
         "evidence": [list(e) for e in s.evidence], "chosen": s.synopsis is chosen}
        for s in trace
    ]


def synopsize(
    content: str,
    *,
    mime: str | None = None,
    tool_name: str = "",
    rules: str | Path | Ruleset | None = None,
    preview_chars: int = DEFAULT_PREVIEW_CHARS,
) -> Synopsis:
    """Describe ``content``: the first detector of the ruleset's order that claims it wins.

    Never raises for any ``str`` and any MIME hint (a bad ``rules`` raises
    :class:`~toolstub.errors.RuleFileError`): a plugin that raises is contained
    (logged, recorded in ``diagnostics``) and the next detector is tried.
    """
    ruleset = load_rules(rules)
    if not isinstance(content, str):
        content = str(content)
    registry = get_registry()
    base = KindInput(
        content,
        mime=str(mime or "").lower(),
        tool_name=str(tool_name or ""),
        preview_chars=int(preview_chars),
        rules=ruleset,
        caps={},
    )
    diagnostics: list[str] = []
    result = _detect(ruleset, registry, base, diagnostics)
    if result is None:
        result = _fallback(content, base.preview_chars)
    result = apply_limits(_redact(result, ruleset, diagnostics, content), ruleset.limits)
    return dataclasses.replace(
        result,
        ruleset=ruleset.name,
        ruleset_version=ruleset.version,
        diagnostics=(*result.diagnostics, *diagnostics),
    )
