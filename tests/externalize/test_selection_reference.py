"""The optimised selection equals a literal, quadratic transcription of the seed's description.

The reference below re-renders every stub from a fresh synopsis for every projection, as the
seed does; the engine's incremental version (one synopsis per part, re-cut samples, cached
renders) must select exactly the same parts, in seed-compat mode and in toolstub's default.
"""

from __future__ import annotations

from ext_helpers import new_store
from hypothesis import given
from hypothesis import strategies as st

from toolstub.engine import synopsize
from toolstub.externalize import ExternalizationConfig, ToolPart, externalize_group
from toolstub.externalize.refs import sha256_text, tool_result_id_for
from toolstub.rule_files import load_rules
from toolstub.stub import render_stub

LINE = "2026-12-02 10:00:00 INFO step {i} ok\n"


def reference(raws, cfg, store, rules, *, fixed):
    sizes = [len(r) for r in raws]

    def stub_len(i, p):
        sha = sha256_text(raws[i])
        reason = "single_threshold" if sizes[i] > cfg.threshold_chars else "turn_budget"
        syn = synopsize(raws[i], rules=rules, preview_chars=p)
        ref = store.ref(tool_result_id_for(f"c{i}", sha))
        return len(render_stub(syn, ref=ref, tool_name="t", sha256=sha, reason=reason, original_chars=sizes[i],
                               preview_chars=min(sizes[i], max(p, 0)), rules=rules))

    def projected(chosen):
        p = cfg.effective_preview_chars(len(chosen))
        return sum(stub_len(i, p) if i in chosen else sizes[i] for i in range(len(raws)))

    def drop_not_smaller(chosen):
        while True:
            p = cfg.effective_preview_chars(len(chosen))
            keep = [i for i in chosen if stub_len(i, p) < sizes[i]]
            if keep == chosen:
                return chosen
            chosen = keep

    chosen = [i for i in range(len(raws)) if sizes[i] > cfg.threshold_chars]
    if fixed:
        chosen = drop_not_smaller(chosen)
    rest = sorted((i for i in range(len(raws)) if sizes[i] <= cfg.threshold_chars), key=lambda i: -sizes[i])
    while rest and projected(chosen) >= cfg.assistant_turn_inline_budget_chars:
        for c in rest:
            if projected(chosen + [c]) < projected(chosen):
                chosen.append(c)
                rest.remove(c)
                break
        else:
            break
    if fixed:
        chosen = drop_not_smaller(chosen)
    return sorted(chosen)


@st.composite
def outputs(draw):
    n = draw(st.integers(0, 5_000))
    body = "".join(LINE.format(i=i) for i in range(n // 30 + 1))[:n]
    return ("\x00" if draw(st.booleans()) else "") + body


@given(st.lists(outputs(), min_size=1, max_size=8), st.integers(0, 6_000), st.integers(0, 20_000),
       st.integers(0, 3_000), st.integers(0, 2_000), st.booleans())
def test_same_selection_as_the_literal_seed_algorithm(raws, threshold, budget, preview_budget, preview, fixed):
    cfg = ExternalizationConfig(threshold_chars=threshold, assistant_turn_inline_budget_chars=budget,
                                assistant_turn_preview_budget_chars=preview_budget, preview_chars=preview,
                                min_preview_chars=preview // 2, seed_compat=not fixed)
    rules = load_rules("openviking-compat")
    store = new_store()
    parts = [ToolPart(tool_id=f"c{i}", tool_name="t", tool_output=r) for i, r in enumerate(raws)]
    outcomes = externalize_group(parts, group_id="g", config=cfg, store=store, rules=rules)
    got = sorted(i for i, p in enumerate(parts) if p.tool_output_truncated)
    expected = reference([r for r in raws], cfg, store, rules, fixed=fixed)
    expected = [i for i in expected if raws[i]]  # empty outputs are never parts of the group
    assert got == expected, outcomes
