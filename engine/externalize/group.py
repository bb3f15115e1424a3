"""The seed's group selection, with its faults fixed (unless ``seed_compat``).

One group is the tool outputs of one assistant turn. Steps (seed-system.md section 5):

1. every part with a non-empty output gets the group fields; read-backs of a stored
   result and already-externalized parts are set apart;
2. a part over its threshold (strictly greater) is selected (``single_threshold``);
3. while the projected inline size is ``>=`` the turn budget, the first of the rest,
   largest first (stable), whose stub lowers the projection is selected (``turn_budget``);
   the projection uses each stub's *rendered* size at the shared preview budget
   ``min(preview, max(min_preview, turn_preview_budget // n))``;
4. the selected parts are externalized in order; a store failure goes through the failure mode.

Each part's synopsis is computed once (its p-dependent head/tail sample is re-cut, not
re-detected); stubs are rendered once per (part, preview budget), so a group costs at most
``n * D`` renders, ``D`` being the number of distinct preview budgets the loop reaches.
"""

from __future__ import annotations

import dataclasses
import logging
from dataclasses import dataclass, field
from typing import Any

from toolstub.engine import synopsize
from toolstub.externalize.config import ExternalizationConfig
from toolstub.externalize.model import ToolPart
from toolstub.externalize.refs import int_or_none, parse_ref, ref_exists, sha256_text, tool_result_id_for
from toolstub.limits import apply_limits
from toolstub.rule_files import Ruleset
from toolstub.stub import render_stub
from toolstub.synopsis import Synopsis
from toolstub.textutil import head_tail_sample
from toolstub.tokens import count_tokens

log = logging.getLogger("toolstub")

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
class _Source:
    ref: str
    offset: Any
    limit: Any


class _Plan:
    """A candidate part: its raw output, one synopsis, and its stub per preview budget."""

    def __init__(self, run: _Run, part: ToolPart, source: _Source | None) -> None:
        self.run = run
        self.part = part
        self.raw = part.tool_output
        self.size = run.measure(self.raw)
        self.source = source
        self.sha = sha256_text(self.raw)
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
            self._base = (p, self.run.synopsize(self.raw, self.part, p))
            return self._base[1]
        base_p, syn = base
        if p == base_p:
            return syn
        if not syn.sample:
            return syn
        limits = self.run.rules.limits
        if apply_limits(dataclasses.replace(syn, sample=head_tail_sample(self.raw, base_p)), limits) == syn:
            return apply_limits(dataclasses.replace(syn, sample=head_tail_sample(self.raw, p)), limits)
        return self.run.synopsize(self.raw, self.part, p)  # a sample we cannot re-cut

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


class _Run:
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
        self.stats.synopsis_calls += 1
        try:
            return synopsize(raw, mime=part.tool_output_mime_type, tool_name=part.tool_name, rules=self.rules, preview_chars=p)
        except Exception as exc:  # noqa: BLE001 - the engine promises not to raise; never trust it here
            log.warning("toolstub: synopsis of %s failed: %s: %s", part.tool_name or "tool", type(exc).__name__, exc)
            return Synopsis(
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


def externalize_group(
    parts: list[ToolPart],
    *,
    group_id: str,
    config: ExternalizationConfig,
    store: Any,
    rules: Ruleset,
    stats: GroupStats | None = None,
) -> list[PartOutcome]:
    """Externalize one group's tool parts in place (the caller owns them: pass copies)."""
    if not config.enabled:
        return []
    run = _Run(group_id=group_id, config=config, store=store, rules=rules, stats=stats or GroupStats())
    tool_parts = [p for p in parts if p.tool_output]
    rewrites, plans, done = _classify(run, tool_parts)
    done_ids = {id(p) for p in done}
    group_original = sum(_original_chars(p, id(p) in done_ids) for p in tool_parts)
    for part in tool_parts:
        if not config.excluded(part.tool_name):
            part.tool_output_group_id = group_id
            part.tool_output_group_original_chars = group_original
            part.tool_output_group_budget_chars = config.assistant_turn_inline_budget_chars
    for part, source in rewrites:
        _seed_source_rewrite(run, part, source)
    planned = {id(plan.part) for plan in plans}
    base_total = sum(plan.size for plan in plans)
    base_total += sum(run.measure(p.tool_output) for p in tool_parts if id(p) not in planned)
    selected = _select(run, plans, base_total)
    p = config.effective_preview_chars(len(selected))
    order = {id(plan): i for i, plan in enumerate(plans)}
    for plan in sorted(selected, key=lambda plan: order[id(plan)]):
        if plan.source is not None:
            _apply_source_stub(run, plan, p)
        else:
            _externalize_part(run, plan, p)
    return run.outcomes


def _original_chars(part: ToolPart, done: bool) -> int:
    if done and part.is_externalized and part.tool_output_original_chars is not None:
        return part.tool_output_original_chars
    return len(part.tool_output)


def _classify(run: _Run, tool_parts: list[ToolPart]) -> tuple[list, list[_Plan], list[ToolPart]]:
    """(seed read-back rewrites, candidate plans, parts already externalized)."""
    rewrites, plans, done = [], [], []
    compat = run.config.seed_compat
    for part in tool_parts:
        if run.config.excluded(part.tool_name):
            continue
        source = _readback_source(run, part)
        if source is not None and compat:
            rewrites.append((part, source))
            continue
        if part.is_externalized:
            if compat or ref_exists(run.store, part.tool_output_ref):
                done.append(part)
                continue
            _drop_unverified_ref(run, part)
        plans.append(_Plan(run, part, source))
    return rewrites, plans, done


def _drop_unverified_ref(run: _Run, part: ToolPart) -> None:
    """A client-sent ref the store does not hold: the part is a plain output again."""
    run.outcomes.append(
        PartOutcome(
            tool_name=part.tool_name,
            tool_id=part.tool_id,
            action="unverified_ref",
            ref=part.tool_output_ref,
            chars_before=len(part.tool_output),
            chars_after=len(part.tool_output),
            error="tool_output_ref is not a stored result of this session",
            part=part,
        )
    )
    part.tool_output_ref = ""
    part.tool_output_storage_uri = ""
    part.tool_output_truncated = False
    part.tool_output_original_chars = None
    part.tool_output_preview_chars = None


def _select(run: _Run, plans: list[_Plan], base_total: int) -> list[_Plan]:
    config = run.config
    budget = config.assistant_turn_inline_budget_chars
    selected = [plan for plan in plans if plan.reason == SINGLE_THRESHOLD]
    if not config.seed_compat:  # before the loop too, so that they do not inflate the projection
        selected = _drop_not_smaller(run, selected)
    rest = sorted((plan for plan in plans if plan.reason != SINGLE_THRESHOLD), key=lambda plan: -plan.size)
    cur_p = config.effective_preview_chars(len(selected))
    cur_delta = _delta(selected, cur_p)
    while base_total + cur_delta >= budget and rest:
        next_p = config.effective_preview_chars(len(selected) + 1)
        next_base = cur_delta if next_p == cur_p else _delta(selected, next_p)
        for i, cand in enumerate(rest):
            gain = cand.stub_size(next_p) - cand.size
            if next_base + gain < cur_delta:
                selected.append(rest.pop(i))
                cur_p, cur_delta = next_p, next_base + gain
                break
        else:
            break
    if not config.seed_compat:
        selected = _drop_not_smaller(run, selected)
    return selected


def _delta(selected: list[_Plan], p: int) -> int:
    return sum(plan.stub_size(p) - plan.size for plan in selected)


def _drop_not_smaller(run: _Run, selected: list[_Plan]) -> list[_Plan]:
    """Fix: a stub never replaces an output it is not smaller than (repeat: dropping raises p)."""
    while True:
        p = run.config.effective_preview_chars(len(selected))
        keep = [plan for plan in selected if plan.stub_size(p) < plan.size]
        if len(keep) == len(selected):
            return selected
        kept = {id(plan) for plan in keep}
        for plan in selected:
            if id(plan) not in kept:
                run.outcomes.append(_kept_not_smaller(plan, plan.stub_size(p)))
        selected = keep


def _kept_not_smaller(plan: _Plan, stub_size: int) -> PartOutcome:
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


# ---- read-back ---------------------------------------------------------------
def _readback_source(run: _Run, part: ToolPart) -> _Source | None:
    """The stored result a read tool's output came from, or ``None``.

    Seed-compat: the ruleset's read tool, a dict input, and a ref in the canonical form.
    Otherwise: any accepted ref form that the store holds, and the output must be that
    slice verbatim (so hydration can restore it exactly).
    """
    read_tool = run.rules.stub.tools.get("read")
    if not read_tool or part.tool_name != read_tool or not isinstance(part.tool_input, dict):
        return None
    args = part.tool_input
    src = args.get("tool_output_ref") or args.get("ref") or args.get("uri")
    if not isinstance(src, str):
        return None
    offset, limit = args.get("offset"), args.get("limit")
    if run.config.seed_compat:
        prefix = _canonical_prefix(run.store)
        return _Source(src, offset, limit) if prefix and src.startswith(prefix) else None
    return _verified_source(run, part, src, offset, limit)


def _canonical_prefix(store: Any) -> str:
    try:
        probe = store.ref("tr_probe")
    except Exception:  # noqa: BLE001
        return ""
    return probe[: -len("tr_probe")]


def _verified_source(run: _Run, part: ToolPart, src: str, offset: Any, limit: Any) -> _Source | None:
    off = 0 if offset is None else int_or_none(offset)
    lim = len(part.tool_output) if limit is None else int_or_none(limit)
    if off is None or lim is None or off < 0 or not ref_exists(run.store, src):
        return None
    try:
        got = run.store.read(src, offset=off, limit=lim, include_metadata=False)
        canonical = run.store.ref(parse_ref(src)[1])  # type: ignore[index]
    except Exception:  # noqa: BLE001 - unreadable source: a plain output
        return None
    if not isinstance(got, dict) or got.get("content") != part.tool_output:
        return None
    return _Source(canonical, offset, limit)


def _seed_source_rewrite(run: _Run, part: ToolPart, source: _Source) -> None:
    """The seed's rewrite: always a stub pointing at the source, whatever the size; nothing stored."""
    config = run.config
    plan = _Plan(run, part, source)
    p = max(config.min_preview_chars, config.preview_chars)
    stub = plan.stub(p)
    _set_source_fields(part, plan, stub, truncated=len(plan.raw) > len(stub))
    run.outcomes.append(_outcome(plan, "source_read", SOURCE_READ, source.ref, stub, plan.synopsis(p).kind))


def _apply_source_stub(run: _Run, plan: _Plan, p: int) -> None:
    stub = plan.stub(p)
    _set_source_fields(plan.part, plan, stub, truncated=True)
    run.outcomes.append(_outcome(plan, "source_read", SOURCE_READ, plan.source.ref, stub, plan.synopsis(p).kind))


def _set_source_fields(part: ToolPart, plan: _Plan, stub: str, *, truncated: bool) -> None:
    source = plan.source
    part.tool_output = stub
    part.tool_output_ref = part.tool_output_storage_uri = part.tool_output_source_ref = source.ref
    part.tool_output_truncated = truncated
    part.tool_output_original_chars = len(plan.raw)
    part.tool_output_preview_chars = len(stub)
    part.tool_output_sha256 = plan.sha
    part.tool_output_source_offset = source.offset
    part.tool_output_source_limit = source.limit
    part.tool_output_externalized_reason = SOURCE_READ


def _outcome(plan: _Plan, action: str, reason: str, ref: str, after: str, kind: str, error: str = "") -> PartOutcome:
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


# ---- store write and failure modes ---------------------------------------------
def _externalize_part(run: _Run, plan: _Plan, p: int) -> None:
    from toolstub.errors import FailedPreconditionError, RedactionRejected

    part = plan.part
    synopsis = plan.synopsis(p)
    try:
        stored = run.store.write(
            plan.raw,
            tool_id=part.tool_id,
            tool_name=part.tool_name,
            mime_type=part.tool_output_mime_type or "text/plain",
            message_id=part.message_id,
            preview_chars=p,
            created_at=part.created_at,
            synopsis=synopsis,
            rules=run.rules,
        )
        sha = str(stored.metadata.get("sha256") or plan.sha)  # differs from the raw's when secrets were redacted
        stub = plan.stub(p, ref=stored.ref, synopsis=stored.synopsis, sha=sha)
    except RedactionRejected:
        raise
    except Exception as exc:  # noqa: BLE001 - every store failure goes through the failure mode
        error = f"{type(exc).__name__}: {exc}"
        log.warning("toolstub: externalizing %s failed: %s", part.tool_name or "tool", error)
        part.tool_output_externalization_error = error
        if run.config.failure_mode == "reject":
            raise FailedPreconditionError(
                "Failed to externalize tool output", details={"tool_id": part.tool_id, "error": error}
            ) from exc
        if run.config.failure_mode == "preview_only":
            _preview_only(run, plan, p, synopsis, error)
        else:
            run.outcomes.append(_outcome(plan, "kept_on_error", plan.reason, "", plan.raw, synopsis.kind, error))
        return
    if not run.config.seed_compat and run.measure(stub) >= plan.size:
        run.outcomes.append(_kept_not_smaller(plan, run.measure(stub)))
        return
    part.tool_output = stub
    part.tool_output_ref = stored.ref
    part.tool_output_storage_uri = stored.storage_uri
    part.tool_output_truncated = True
    part.tool_output_original_chars = len(plan.raw)
    part.tool_output_preview_chars = len(stub)
    part.tool_output_sha256 = sha
    part.tool_output_mime_type = str(stored.metadata.get("mime_type") or part.tool_output_mime_type)
    part.tool_output_externalized_reason = plan.reason
    outcome = _outcome(plan, "stored", plan.reason, stored.ref, stub, stored.synopsis.kind)
    outcome.redactions = int(stored.metadata.get("redactions") or 0)
    run.outcomes.append(outcome)


def _preview_only(run: _Run, plan: _Plan, p: int, synopsis: Any, error: str) -> None:
    """The stub without a ref; the raw output is dropped (and, unless seed-compat, the stub says so)."""
    part = plan.part
    stub = run.render(synopsis, part, "", plan.sha, f"{plan.reason}:externalization_failed", len(plan.raw), p)
    if not run.config.seed_compat:
        stub = add_header_lines(stub, [NOT_KEPT_LINE])
        if run.measure(stub) >= plan.size:  # a preview that saves nothing: keep the output
            run.outcomes.append(_outcome(plan, "kept_on_error", plan.reason, "", plan.raw, synopsis.kind, error))
            return
    part.tool_output = stub
    part.tool_output_ref = ""
    part.tool_output_truncated = True
    part.tool_output_original_chars = len(plan.raw)
    part.tool_output_preview_chars = len(stub)
    part.tool_output_sha256 = plan.sha
    part.tool_output_externalized_reason = plan.reason
    run.outcomes.append(_outcome(plan, "preview_only", plan.reason, "", stub, synopsis.kind, error))
