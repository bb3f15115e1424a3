"""``externalize`` and ``hydrate``: the public entry points over the adapters and the algorithm."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from toolstub.errors import InvalidArgumentError
from toolstub.externalize.adapters import FORMATS, GROUPERS
from toolstub.externalize.config import ExternalizationConfig
from toolstub.externalize.group import GroupStats, PartOutcome, externalize_group
from toolstub.externalize.restore import hydrate_parts, hydrate_text_format
from toolstub.externalize.model import Message
from toolstub.externalize.refs import known_headers
from toolstub.rule_files import load_rules
from toolstub.ruleset import Ruleset

CHANGED = ("stored", "source_read", "preview_only")


@dataclass
class ExternalizationReport:
    """What one ``externalize`` call did: per part, totals, share saved, per kind."""

    format: str
    tool_outputs: int = 0
    chars_before: int = 0
    chars_after: int = 0
    synopsis_calls: int = 0
    parts: list[PartOutcome] = field(default_factory=list)

    @property
    def saved_chars(self) -> int:
        """Characters taken out of the context (before minus after)."""
        return self.chars_before - self.chars_after

    @property
    def share_saved(self) -> float:
        """The share of tool-output characters saved (0..1)."""
        return self.saved_chars / self.chars_before if self.chars_before else 0.0

    @property
    def stored(self) -> list[PartOutcome]:
        """The parts whose output was stored (or cut to a preview, or served from a source)."""
        return [p for p in self.parts if p.action in CHANGED]

    @property
    def errors(self) -> list[PartOutcome]:
        """The parts a store failure kept inline or cut to a preview."""
        return [p for p in self.parts if p.error and p.action in ("kept_on_error", "preview_only")]

    def by_kind(self) -> dict[str, dict[str, int]]:
        """Stored parts, chars before and after, per synopsis kind."""
        out: dict[str, dict[str, int]] = {}
        for p in self.stored:
            row = out.setdefault(p.kind or "unknown", {"parts": 0, "chars_before": 0, "chars_after": 0})
            row["parts"] += 1
            row["chars_before"] += p.chars_before
            row["chars_after"] += p.chars_after
        return dict(sorted(out.items()))

    def to_dict(self) -> dict[str, Any]:
        """The report as a JSON-ready dict (totals, by kind, per part)."""
        return {
            "format": self.format,
            "tool_outputs": self.tool_outputs,
            "externalized": len(self.stored),
            "errors": len(self.errors),
            "chars_before": self.chars_before,
            "chars_after": self.chars_after,
            "saved_chars": self.saved_chars,
            "share_saved": round(self.share_saved, 4),
            "synopsis_calls": self.synopsis_calls,
            "by_kind": self.by_kind(),
            "parts": [p.to_dict() for p in self.parts],
        }


@dataclass(frozen=True)
class ExternalizationResult:
    """What ``externalize`` returns: the new messages (stubs in place) and the report."""
    messages: list[Any]
    report: ExternalizationReport


def _check_format(fmt: str) -> str:
    if fmt not in FORMATS:
        raise InvalidArgumentError(
            f"unknown message format {fmt!r} (expected one of: {', '.join(FORMATS)})", details={"format": fmt}
        )
    return fmt


def _check_messages(messages: Any) -> list[Any]:
    """The message list; :class:`Message` objects (the seed's model) become their dicts."""
    if isinstance(messages, dict) and isinstance(messages.get("messages"), list):
        raise InvalidArgumentError("pass the 'messages' list, not the request object")
    if not isinstance(messages, (list, tuple)):
        raise InvalidArgumentError(f"messages must be a list, got {type(messages).__name__}")
    return [m.to_dict() if isinstance(m, Message) else m for m in messages]


def externalize(
    messages: list[Any],
    *,
    format: str = "openai",
    store: Any,
    config: ExternalizationConfig | None = None,
    rules: str | Path | Ruleset | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ExternalizationResult:
    """Store the large tool outputs of ``messages`` and return new messages with stubs, plus a report.

    ``messages`` is never mutated. ``progress(done, total)`` is called after each group.
    """
    fmt = _check_format(format)
    messages = _check_messages(messages)
    config = config or ExternalizationConfig()
    if store is None and config.enabled:
        raise InvalidArgumentError("externalize needs a store (toolstub.open_store(...).session(id))")
    config.check_tokenizer()
    ruleset = load_rules(rules)
    out = copy.deepcopy(messages)
    groups = GROUPERS[fmt](out, known_headers(ruleset))
    report = ExternalizationReport(format=fmt)
    stats = GroupStats()
    for n, group in enumerate(groups, 1):
        parts = [slot.part for slot in group.slots]
        outcomes = externalize_group(parts, group_id=group.group_id, config=config, store=store, rules=ruleset, stats=stats)
        where = {id(slot.part): slot.location for slot in group.slots}
        for outcome in outcomes:
            outcome.location = dict(where.get(id(outcome.part), {}))
        report.parts.extend(outcomes)
        for slot in group.slots:
            slot.write(slot.part)
            if slot.before:
                report.tool_outputs += 1
            report.chars_before += slot.before
            report.chars_after += len(slot.part.tool_output)
        if progress is not None:
            progress(n, len(groups))
    report.synopsis_calls = stats.synopsis_calls
    return ExternalizationResult(messages=out, report=report)


def hydrate(
    messages: list[Any],
    *,
    format: str = "openai",
    store: Any,
    rules: str | Path | Ruleset | None = None,
) -> list[Any]:
    """A copy of ``messages`` with every restorable stub replaced by the raw output from ``store``."""
    fmt = _check_format(format)
    messages = _check_messages(messages)
    if fmt == "parts":
        return hydrate_parts(messages, store)
    return hydrate_text_format(messages, fmt, store, known_headers(load_rules(rules)))
