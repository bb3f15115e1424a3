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

from typing import Any

from toolstub.externalize.apply import (
    apply_source_stub,
    externalize_part,
    readback_source,
    seed_source_rewrite,
)
from toolstub.externalize.config import ExternalizationConfig
from toolstub.externalize.model import ToolPart
from toolstub.externalize.plan import (
    NOT_KEPT_LINE,
    SINGLE_THRESHOLD,
    SOURCE_READ,
    TURN_BUDGET,
    GroupStats,
    PartOutcome,
    Plan,
    Run,
    kept_not_smaller,
)
from toolstub.externalize.refs import ref_exists
from toolstub.ruleset import Ruleset

__all__ = [
    "NOT_KEPT_LINE",
    "SINGLE_THRESHOLD",
    "SOURCE_READ",
    "TURN_BUDGET",
    "GroupStats",
    "PartOutcome",
    "externalize_group",
]


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
    run = Run(group_id=group_id, config=config, store=store, rules=rules, stats=stats or GroupStats())
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
        seed_source_rewrite(run, part, source)
    planned = {id(plan.part) for plan in plans}
    base_total = sum(plan.size for plan in plans)
    base_total += sum(run.measure(p.tool_output) for p in tool_parts if id(p) not in planned)
    selected = _select(run, plans, base_total)
    p = config.effective_preview_chars(len(selected))
    order = {id(plan): i for i, plan in enumerate(plans)}
    for plan in sorted(selected, key=lambda plan: order[id(plan)]):
        if plan.source is not None:
            apply_source_stub(run, plan, p)
        else:
            externalize_part(run, plan, p)
    return run.outcomes


def _original_chars(part: ToolPart, done: bool) -> int:
    if done and part.is_externalized and part.tool_output_original_chars is not None:
        return part.tool_output_original_chars
    return len(part.tool_output)


def _classify(run: Run, tool_parts: list[ToolPart]) -> tuple[list, list[Plan], list[ToolPart]]:
    """(seed read-back rewrites, candidate plans, parts already externalized)."""
    rewrites, plans, done = [], [], []
    compat = run.config.seed_compat
    for part in tool_parts:
        if run.config.excluded(part.tool_name):
            continue
        source = readback_source(run, part)
        if source is not None and compat:
            rewrites.append((part, source))
            continue
        if part.is_externalized:
            if compat or ref_exists(run.store, part.tool_output_ref):
                done.append(part)
                continue
            _drop_unverified_ref(run, part)
        plans.append(Plan(run, part, source))
    return rewrites, plans, done


def _drop_unverified_ref(run: Run, part: ToolPart) -> None:
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


def _select(run: Run, plans: list[Plan], base_total: int) -> list[Plan]:
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


def _delta(selected: list[Plan], p: int) -> int:
    return sum(plan.stub_size(p) - plan.size for plan in selected)


def _drop_not_smaller(run: Run, selected: list[Plan]) -> list[Plan]:
    """Fix: a stub never replaces an output it is not smaller than (repeat: dropping raises p)."""
    while True:
        p = run.config.effective_preview_chars(len(selected))
        keep = [plan for plan in selected if plan.stub_size(p) < plan.size]
        if len(keep) == len(selected):
            return selected
        kept = {id(plan) for plan in keep}
        for plan in selected:
            if id(plan) not in kept:
                run.outcomes.append(kept_not_smaller(plan, plan.stub_size(p)))
        selected = keep
