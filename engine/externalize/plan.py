"""Per-part planning: one synopsis per part, its stub per preview budget, and the outcome record."""

from __future__ import annotations

import dataclasses
import itertools
import logging
from dataclasses import dataclass, field
from typing import Any

from toolstub import streaming
from toolstub.engine import synopsize
from toolstub.externalize.config import ExternalizationConfig
from toolstub.externalize.model import ToolPart
from toolstub.externalize.refs import sha256_text, tool_result_id_for
from toolstub.limits import apply_limits
from toolstub.ruleset import Ruleset
from toolstub.stub import render_stub
from toolstub.synopsis import Synopsis
from toolstub.textutil import head_tail_sample
from toolstub.tokens import count_tokens

log: logging.Logger = logging.getLogger("toolstub")

SINGLE_THRESHOLD = "single_threshold"
TURN_BUDGET = "turn_budget"
SOURCE_READ = "source_read"
NOT_KEPT_LINE = "stored: no (externalization failed; the raw output was not kept)"


@dataclass
class PartOutcome:
    """What happened to one tool output (the report's per-part entry)."""

    tool_name: str
    tool_id: str
    action: str  # stored | source_read | preview_only | kept_on_error | kept_not_smaller
    reason: str = ""
    kind: str = ""
    ref: str = ""
    chars_before: int = 0
    chars_after: int = 0
    error: str = ""
    redactions: int = 0
    location: dict[str, Any] = field(default_factory=dict)
    part: Any = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "part"}


@dataclass
class GroupStats:
    synopsis_calls: int = 0
    renders: int = 0


@dataclass(eq=False)
class Source:
    ref: str
    offset: Any
    limit: Any


class Plan:
    """A candidate part: its raw output, one synopsis, and its stub per preview budget."""

    def __init__(self, run: Run, part: ToolPart, source: Source | None) -> None:
        self.run = run
        self.part = part
        self.raw: str = part.tool_output
        self.size: int = run.measure(self.raw)
        self.source = source
        # a ChunkedText (a long output the HTTP server kept in its spooled body) knows its digest
        self.sha: str = self.raw.sha256 if isinstance(self.raw, streaming.ChunkedText) else sha256_text(self.raw)
        self.reason = SINGLE_THRESHOLD if self.size > run.config.threshold_for(part.tool_name) else TURN_BUDGET
        self._base: tuple[int, Any] | None = None
        self._stubs: dict[int, tuple[str, int]] = {}

    @property
    def ref(self) -> str:
        if self.source is not None:
            return self.source.ref
        return self.run.would_be_ref(self.part.tool_id, self.sha)

    def synopsis(self, p: int) -> Any:
        base = self._base
        if base is None:
            # a ChunkedText handled whole (collect says so) is held as its str from here: read once, like a str output
            self.raw, syn = self.run.describe(self.raw, self.part, p)
            self._base = (p, syn)
            return syn
        base_p, syn = base
        if p == base_p:
            return syn
        if not syn.sample:
            return syn
        limits = self.run.rules.limits
        if apply_limits(dataclasses.replace(syn, sample=self._sample(base_p)), limits) == syn:
            return apply_limits(dataclasses.replace(syn, sample=self._sample(p)), limits)
        return self.run.synopsize(self.raw, self.part, p)  # a sample we cannot re-cut

    def _sample(self, p: int) -> str:
        raw = self.raw
        if isinstance(raw, streaming.ChunkedText) and len(raw) <= p:  # the sample is the whole text
            raw = str(raw)
        return head_tail_sample(raw, p)

    def stub(self, p: int, *, ref: str | None = None, synopsis: Any = None, sha: str | None = None) -> str:
        ref = self.ref if ref is None else ref
        reason = SOURCE_READ if self.source is not None else self.reason
        text = self.run.render(synopsis or self.synopsis(p), self.part, ref, sha or self.sha, reason, len(self.raw), p)
        if self.source is not None and not self.run.config.seed_compat:
            text = add_header_lines(
                text, [f"source_offset: {self.source.offset}", f"source_limit: {self.source.limit}"]
            )
        return text

    def stub_size(self, p: int) -> int:
        cached = self._stubs.get(p)
        if cached is None:
            text = self.stub(p)
            cached = self._stubs[p] = (text, self.run.measure(text))
        return cached[1]


def add_header_lines(stub: str, lines: list[str]) -> str:
    """Insert ``lines`` at the end of a stub's header block (before the blank line)."""
    head, sep, body = stub.partition("\n\n")
    return "\n".join([head, *lines]) + sep + body


class Run:
    def __init__(self, *, group_id: str, config: ExternalizationConfig, store: Any, rules: Ruleset, stats: GroupStats) -> None:
        self.group_id = group_id
        self.config = config
        self.store = store
        self.rules = rules
        self.stats = stats
        self.outcomes: list[PartOutcome] = []

    def measure(self, text: str) -> int:
        if self.config.unit == "tokens":
            return count_tokens(text, self.config.tokenizer)
        return len(text)

    def synopsize(self, raw: str, part: ToolPart, p: int) -> Any:
        return self.describe(raw, part, p)[1]

    def describe(self, raw: Any, part: ToolPart, p: int) -> tuple[Any, Any]:
        """``(text, synopsis)``: ``text`` is ``raw``, or the ``str`` of a ChunkedText that is handled whole."""
        self.stats.synopsis_calls += 1
        try:
            kwargs = {"mime": part.tool_output_mime_type, "tool_name": part.tool_name, "preview_chars": p}
            if isinstance(raw, streaming.ChunkedText):
                # a long output in chunks: whole or streamed as collect decides, what stream_text decides for a str
                chunks = raw.chunks()
                whole, read, head = streaming.collect(chunks, self.rules, **kwargs)
                if whole is None:
                    return raw, streaming.scan(itertools.chain(read, chunks), self.rules, head=head, **kwargs).describe()
                return whole, synopsize(whole, mime=part.tool_output_mime_type, tool_name=part.tool_name,
                                        rules=self.rules, preview_chars=p)
            streamed, head = streaming.stream_text(raw, self.rules, **kwargs)
            if streamed:
                # past the rule file's whole limit (or its stream limit, for a streaming kind): one bounded
                # pass (its view and its kind's totals), what the store and the CLI give
                return raw, streaming.scan(streaming.text_chunks(raw), self.rules, head=head, **kwargs).describe()
            return raw, synopsize(raw, mime=part.tool_output_mime_type, tool_name=part.tool_name, rules=self.rules,
                                  preview_chars=p)
        except Exception as exc:  # noqa: BLE001 - the engine promises not to raise; never trust it here
            log.warning("toolstub: synopsis of %s failed: %s: %s", part.tool_name or "tool", type(exc).__name__, exc)
            return raw, Synopsis(
                kind="unknown",
                title="Unsummarized output",
                summary=(f"No synopsis: the engine raised {type(exc).__name__} on this output of {len(raw)} characters.",),
                ruleset=self.rules.name,
                ruleset_version=self.rules.version,
            )

    def render(self, syn: Any, part: ToolPart, ref: str, sha: str, reason: str, chars: int, p: int) -> str:
        self.stats.renders += 1
        name = part.tool_name if self.config.seed_compat else " ".join(part.tool_name.splitlines())
        return render_stub(
            syn,
            ref=ref,
            tool_name=name,
            sha256=sha,
            reason=reason,
            original_chars=chars,
            preview_chars=min(chars, max(p, 0)),
            rules=self.rules,
        )

    def would_be_ref(self, tool_id: str, sha: str) -> str:
        try:
            return self.store.ref(tool_result_id_for(tool_id, sha))
        except Exception:  # noqa: BLE001 - only used to size the projection
            return f"toolstub://sessions/_/tool-results/{tool_result_id_for(tool_id, sha)}"


def kept_not_smaller(plan: Plan, stub_size: int) -> PartOutcome:
    part = plan.part
    return PartOutcome(
        tool_name=part.tool_name,
        tool_id=part.tool_id,
        action="kept_not_smaller",
        reason=plan.reason,
        chars_before=len(plan.raw),
        chars_after=len(plan.raw),
        error=f"the stub ({stub_size}) is not smaller than the output ({plan.size})",
        part=part,
    )


def outcome_of(plan: Plan, action: str, reason: str, ref: str, after: str, kind: str, error: str = "") -> PartOutcome:
    part = plan.part
    return PartOutcome(
        tool_name=part.tool_name,
        tool_id=part.tool_id,
        action=action,
        reason=reason,
        kind=kind,
        ref=ref,
        chars_before=len(plan.raw),
        chars_after=len(after),
        error=error,
        part=part,
    )
