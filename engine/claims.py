"""Detection by evidence: claims, their confidence, and picking the strongest one.

A kind plugin's ``summarize`` may return, instead of a bare :class:`Synopsis`, a
:class:`Claim`: the synopsis plus how sure the plugin is that the content is of
its kind, as an explicit ``confidence`` and/or scored :class:`Evidence`
(``parses_whole``, ``line_fit``, ``keywords``...). The rule file's ``detection``
section says how claims are weighed:

``strategy``
    ``first_claim`` (the seed's rule, and what a ruleset without a ``detection``
    section gets): the first detector of the order that claims wins, whatever its
    confidence. ``strongest_claim``: every detector is asked (until one is
    ``decisive``) and the claim of highest confidence wins; the detector order
    breaks ties (the earlier detector wins).
``plain_confidence`` (0.5)
    the confidence of a plain :class:`Synopsis` (a plugin that does not score
    itself, such as a third-party plugin written before claims existed). Plain
    claims tie with each other, so among them the order decides exactly as under
    ``first_claim``; a scored claim beats them when it is more sure than this.
``plain_confidence_by_kind`` (``{}``)
    ``{detector: confidence}``: the same for one detector (a rule file that puts a
    third-party kind first and wants it to win sets it to 1.0).
``decisive_confidence`` (0.97)
    a claim at or above it ends the search (speed: a document that parses whole
    does not wait for the text heuristics).
``large_input_chars`` (262,144) and ``large_decisive_confidence`` (0.5)
    for content longer than ``large_input_chars``, a claim at or above
    ``large_decisive_confidence`` ends the search: asking every detector of a
    10 MB output would cost several full passes, so a big input is decided
    much as under ``first_claim`` (the order first, scored claims below the
    bar do not stop it). Speed bound, not accuracy: see docs/detection.md.
``min_confidence`` (0.0)
    claims below it are ignored (the built-in fallback synopsis is used when none is left).
``weights``
    ``{kind: {signal: weight}}``: replaces a plugin's default weight for a signal;
    kind ``"*"`` applies to every kind (a kind's own entry wins).
``hints``
    ``{kind: {mime: [substrings], extensions: [exts]}}``: a MIME hint containing a
    substring, or a tool name / path ending in ``.ext``, adds the evidence
    ``mime_hint`` / ``extension_hint`` (strength 1) to a claim of that kind. They
    only strengthen claims; they never make one.

The confidence of a claim is a noisy-OR of its positive evidence, damped by its
negative evidence (a weight below 0 is counter-evidence)::

    confidence = (1 - prod(1 - w * s for w > 0)) * prod(1 - |w| * s for w < 0)

with ``s`` each signal's strength in [0, 1] and ``w`` its weight in [-1, 1]; an
explicit ``confidence`` counts as one more positive term. So one strong signal is
enough, independent signals add up, nothing exceeds 1, and counter-evidence pulls
a claim down without vetoing it.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from toolstub.synopsis import Claim, Evidence, Synopsis

if TYPE_CHECKING:
    from toolstub.synopsis import KindInput, Summarizer

__all__ = ["Claim", "Evidence", "FIRST_CLAIM", "STRONGEST_CLAIM", "detection", "strongest"]

FIRST_CLAIM = "first_claim"
STRONGEST_CLAIM = "strongest_claim"

DETECTION_DEFAULTS: dict[str, Any] = {
    "strategy": FIRST_CLAIM,
    "plain_confidence": 0.5,
    "plain_confidence_by_kind": {},
    "decisive_confidence": 0.97,
    "large_input_chars": 262_144,
    "large_decisive_confidence": 0.5,
    "min_confidence": 0.0,
    "weights": {},
    "hints": {},
    "learned": None,
}

#: a learned signal: content -> (kind, score 0..1) or None (see ``learned`` in :func:`strongest`)
LearnedFn = Callable[[str], "tuple[str, float] | None"]


def _clamp(value: Any, low: float, high: float) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        return 0.0
    if math.isnan(number):
        return 0.0
    return min(high, max(low, number))


def detection(ruleset: Any) -> dict[str, Any]:
    """The ruleset's ``detection`` section with every default filled in."""
    data = getattr(ruleset, "data", None) or {}
    section = data.get("detection") or {}
    return {**DETECTION_DEFAULTS, **dict(section)}


def weight_of(settings: Mapping[str, Any], kind: str, signal: str, default: float) -> float:
    weights = settings.get("weights") or {}
    own = weights.get(kind) or {}
    if signal in own:
        return _clamp(own[signal], -1.0, 1.0)
    common = weights.get("*") or {}
    if signal in common:
        return _clamp(common[signal], -1.0, 1.0)
    return _clamp(default, -1.0, 1.0)


def confidence_of(claim: Claim, settings: Mapping[str, Any], kind: str) -> float:
    """The claim's confidence under the rule file's weights (see the module docstring)."""
    if claim.confidence is None and not claim.evidence:
        by_kind = settings.get("plain_confidence_by_kind") or {}
        plain = by_kind[kind] if kind in by_kind else settings.get("plain_confidence", 0.5)
        return _clamp(plain, 0.0, 1.0)
    miss = 1.0
    damp = 1.0
    if claim.confidence is not None:
        miss *= 1.0 - _clamp(claim.confidence, 0.0, 1.0)
    for item in claim.evidence:
        strength = _clamp(item.strength, 0.0, 1.0)
        weight = weight_of(settings, kind, item.signal, item.weight)
        if weight >= 0:
            miss *= 1.0 - weight * strength
        else:
            damp *= 1.0 + weight * strength
    return round((1.0 - miss) * damp, 6)


_EXTENSION = re.compile(r"\.([A-Za-z0-9_+-]{1,12})\s*$")


def hint_evidence(settings: Mapping[str, Any], kind: str, mime: str, names: Iterable[str]) -> list[Evidence]:
    """``mime_hint`` / ``extension_hint`` evidence for a claim of ``kind`` (the ``hints`` table)."""
    hints = (settings.get("hints") or {}).get(kind) or {}
    found: list[Evidence] = []
    if mime and any(str(part).lower() in mime for part in hints.get("mime") or ()):
        found.append(Evidence("mime_hint", 1.0, 0.0))
    extensions = {str(ext).lower().lstrip(".") for ext in hints.get("extensions") or ()}
    if extensions:
        for name in names:
            match = _EXTENSION.search(name or "")
            if match and match.group(1).lower() in extensions:
                found.append(Evidence("extension_hint", 1.0, 0.0))
                break
    return found


@dataclass(frozen=True)
class Scored:
    """One detector's answer during a strongest-claim search (for :func:`explain`)."""

    detector: str
    kind: str
    confidence: float
    evidence: tuple[tuple[str, float, float], ...]
    synopsis: Synopsis


RunFn = Callable[[str, "Summarizer", "KindInput"], "Claim | None"]


def score(detector: str, claim: Claim, settings: Mapping[str, Any], inp: KindInput) -> Scored:
    kind = claim.synopsis.kind
    hints = hint_evidence(settings, detector, inp.mime, (inp.tool_name, getattr(inp, "path", "") or ""))
    if hints and (claim.confidence is not None or claim.evidence):
        claim = Claim(synopsis=claim.synopsis, confidence=claim.confidence, evidence=(*claim.evidence, *hints))
    confidence = confidence_of(claim, settings, detector)
    evidence = tuple(
        (e.signal, _clamp(e.strength, 0.0, 1.0), weight_of(settings, detector, e.signal, e.weight))
        for e in claim.evidence
    )
    return Scored(detector, kind, confidence, evidence, claim.synopsis)


def strongest(
    detectors: Iterable[tuple[str, Summarizer, KindInput]],
    settings: Mapping[str, Any],
    run: RunFn,
    trace: list[Scored] | None = None,
    learned: LearnedFn | None = None,
) -> Synopsis | None:
    """The synopsis of the strongest claim (earlier detector on a tie), or ``None``.

    ``learned`` (the rule file's ``detection.learned``, e.g. Magika): evidence, never a verdict. When the
    search ends without a decisive claim and another claim is within ``boost`` of the best, the learned
    signal is asked once; ``boost * score`` (score >= ``min_score``) is added to the claims of the kind it
    names, and the strongest wins again (earlier on a tie). A kind no detector claimed is never chosen."""
    best: Scored | None = None
    seen: list[Scored] = []
    decisive = _clamp(settings.get("decisive_confidence", 0.97), 0.0, 1.0)
    floor = _clamp(settings.get("min_confidence", 0.0), 0.0, 1.0)
    for detector, summarizer, inp in detectors:
        if len(inp.content) > int(settings.get("large_input_chars", 262_144)):
            decisive = min(decisive, _clamp(settings.get("large_decisive_confidence", 0.5), 0.0, 1.0))
        claim = run(detector, summarizer, inp)
        if claim is None:
            continue
        scored = score(detector, claim, settings, inp)
        if trace is not None:
            trace.append(scored)
        if scored.confidence < floor:
            continue
        seen.append(scored)
        if best is None or scored.confidence > best.confidence:
            best = scored
        if best.confidence >= decisive:
            return best.synopsis
    if best is not None and learned is not None and len(seen) > 1:
        opts = settings.get("learned") or {}
        boost = _clamp(opts.get("boost", 0.2), 0.0, 1.0)
        if any(s is not best and s.kind != best.kind and s.confidence + boost > best.confidence for s in seen):
            got = learned(inp.content)
            if got is not None and got[1] >= _clamp(opts.get("min_score", 0.9), 0.0, 1.0):
                bonus = boost * _clamp(got[1], 0.0, 1.0)
                value = lambda s: s.confidence + (bonus if s.kind == got[0] else 0.0)  # noqa: E731
                best = max(seen, key=lambda s: (value(s), -seen.index(s)))
    return None if best is None else best.synopsis


def as_claim(result: object) -> Claim | None | object:
    """A plugin's return value as a :class:`Claim` (a plain Synopsis wraps), ``None``, or itself if malformed."""
    if result is None or isinstance(result, Claim):
        return result
    if isinstance(result, Synopsis):
        return Claim(synopsis=result)
    return result
