"""What toolstub does better than the seed (seed-system.md section 8); each test shows both behaviours."""

from __future__ import annotations

import copy

import pytest
from ext_helpers import CountingStore, FailingStore, parts_message, text_of, tool_part

from toolstub.errors import FailedPreconditionError, StoreError
from toolstub.externalize import (
    ExternalizationConfig,
    GroupStats,
    ToolPart,
    externalize,
    externalize_group,
    hydrate,
)
from toolstub.externalize.group import NOT_KEPT_LINE
from toolstub.rule_files import load_rules

SEED = ExternalizationConfig(seed_compat=True)


def run(messages, store, config=None, rules=None):
    return externalize(messages, format="parts", store=store, config=config or ExternalizationConfig(), rules=rules)


def only_part(result):
    return result.messages[0]["parts"][0]


def test_each_synopsis_is_computed_once_per_group(store, monkeypatch):
    # 20 binary-like parts under the turn budget: the seed regenerated synopses as the shared
    # preview budget shrank (20 parts -> 51 generations); toolstub re-cuts the head/tail sample.
    from toolstub.externalize import plan

    calls = []
    real = plan.synopsize
    monkeypatch.setattr(plan, "synopsize", lambda raw, **kw: calls.append(raw) or real(raw, **kw))
    parts = [ToolPart(tool_id=f"c{i}", tool_output="\x00" + text_of(9_000 + i * 100, f"p{i}")) for i in range(20)]
    stats = GroupStats()
    outcomes = externalize_group(parts, group_id="g", config=ExternalizationConfig(), store=store,
                                 rules=load_rules(None), stats=stats)
    stored = [o for o in outcomes if o.action == "stored"]
    assert len(stored) >= 10  # the preview budget went down to min_preview_chars on the way
    assert len(calls) == stats.synopsis_calls == len(set(calls)) <= 20  # never twice for one part
    # the re-cut samples are the ones a fresh synopsis would give at the final budget
    final = ExternalizationConfig().effective_preview_chars(len(stored))
    part = stored[0].part
    assert f"\npreview_chars: {final}\n" in part.tool_output
    fresh = real(store.read(part.tool_output_ref, limit=-1)["content"], preview_chars=final, rules=load_rules(None))
    assert fresh.sample in part.tool_output


def test_a_stub_never_replaces_an_output_it_is_not_smaller_than(store):
    raw = text_of(1_200)  # every stub of it is longer (about 1.5k)
    fixed = run([parts_message(tool_part(raw))], store, ExternalizationConfig(threshold_chars=20, min_preview_chars=0, preview_chars=10))
    assert only_part(fixed)["tool_output"] == raw
    assert [o.action for o in fixed.report.parts] == ["kept_not_smaller"]
    seed = run([parts_message(tool_part(raw))], store, SEED.replace(threshold_chars=20, min_preview_chars=0, preview_chars=10))
    assert len(only_part(seed)["tool_output"]) > len(raw)  # the seed inflates it (single_threshold has no guard)


def test_a_small_read_back_stays_as_returned(store):
    source = store.write(text_of(50_000), tool_id="c1")
    read = tool_part("line 0123456789 the", tool_id="c2", tool_name="toolstub_result_read",
                     tool_input={"ref": source.ref, "offset": 0, "limit": 19})
    fixed = run([parts_message(read)], store)
    assert only_part(fixed)["tool_output"] == "line 0123456789 the"
    assert "tool_output_source_ref" not in only_part(fixed)
    seed = run([parts_message(read)], store, SEED)
    part = only_part(seed)
    assert part["tool_output_source_ref"] == source.ref and "tool_output_truncated" not in part
    assert len(part["tool_output"]) > 19 * 10  # the seed's stub in place of a 19-char slice


def test_a_made_up_ref_does_not_skip_externalization(store):
    raw = text_of(30_000)
    fake = tool_part(raw, tool_output_ref="toolstub://sessions/s1/tool-results/tr_fake_0000000000000000",
                     tool_output_truncated=True, tool_output_original_chars=10)
    fixed = run([parts_message(fake)], store)
    part = only_part(fixed)
    assert part["tool_output_ref"] != fake["tool_output_ref"] and store.exists(part["tool_output_ref"])
    assert store.read(part["tool_output_ref"], limit=-1)["content"] == raw
    assert fixed.report.parts[0].action == "unverified_ref"
    seed = run([parts_message(fake)], store, SEED)
    assert only_part(seed)["tool_output"] == raw  # the seed trusts the client and keeps 30k inline
    # a real ref is trusted: the part is already externalized
    real = store.write(raw, tool_id="c7")
    ok = tool_part("stub", tool_output_ref=real.ref, tool_output_truncated=True, tool_output_original_chars=30_000)
    assert only_part(run([parts_message(ok)], store))["tool_output"] == "stub"


def test_a_lone_surrogate_never_crashes_and_round_trips(store):
    from toolstub.externalize.refs import sha256_text

    assert sha256_text("a\ud800b") == __import__("hashlib").sha256(b"a\xed\xa0\x80b").hexdigest()
    raw = '{"k": "' + "\ud800" + text_of(30_000) + '"}'
    messages = [parts_message(tool_part(raw))]
    result = run(messages, store)  # the seed raised UnicodeEncodeError here, outside its failure mode
    part = only_part(result)
    if part.get("tool_output_truncated"):
        assert len(part["tool_output_sha256"]) == 64
    else:  # a store that cannot take it: the failure mode (preserve_raw) applied
        assert part["tool_output"] == raw and part["tool_output_externalization_error"]
    assert hydrate(result.messages, format="parts", store=store) == messages


@pytest.mark.parametrize("error", [OSError("disk full"), StoreError("backend down"), RuntimeError("boom"), UnicodeEncodeError("utf-8", "x", 0, 1, "bad")])
def test_every_store_failure_goes_through_the_failure_mode(error):
    raw = text_of(30_000)
    messages = [parts_message(tool_part(raw, tool_id="c1"))]
    kept = run(messages, FailingStore(error))
    part = only_part(kept)
    assert part["tool_output"] == raw and part["tool_output_externalization_error"].startswith(type(error).__name__)
    assert kept.report.errors[0].action == "kept_on_error"
    frozen = copy.deepcopy(messages)
    with pytest.raises(FailedPreconditionError) as info:
        run(messages, FailingStore(error), ExternalizationConfig(failure_mode="reject"))
    assert info.value.details["tool_id"] == "c1" and info.value.code == "FAILED_PRECONDITION"
    assert messages == frozen


def test_preview_only_says_the_raw_output_was_not_kept():
    raw = text_of(30_000)
    fixed = only_part(run([parts_message(tool_part(raw))], FailingStore(OSError("x")), ExternalizationConfig(failure_mode="preview_only")))
    seed = only_part(run([parts_message(tool_part(raw))], FailingStore(OSError("x")), SEED.replace(failure_mode="preview_only")))
    for part in (fixed, seed):
        assert part["tool_output_truncated"] is True and "tool_output_ref" not in part
        assert "reason: single_threshold:externalization_failed" in part["tool_output"]
        assert part["tool_output_externalized_reason"] == "single_threshold"
        assert "\nref: " not in part["tool_output"] and "Explore:" not in part["tool_output"]
    assert NOT_KEPT_LINE in fixed["tool_output"]
    assert NOT_KEPT_LINE not in seed["tool_output"]


def test_excluded_tools_stay_inline_but_count_in_the_turn(store):
    big = text_of(60_000, "x")
    cfg = ExternalizationConfig(tools={"secret_tool": {"exclude": True}, "grep": {"threshold_chars": 100}})
    msg = parts_message(tool_part(big, tool_name="secret_tool", tool_id="a"),
                        tool_part(text_of(5_000, "g"), tool_name="grep", tool_id="b"),
                        tool_part(text_of(45_000, "y"), tool_name="cat", tool_id="c"))
    parts = run([msg], store, cfg).messages[0]["parts"]
    assert parts[0] == msg["parts"][0]  # untouched, not even group fields
    assert parts[1]["tool_output_externalized_reason"] == "single_threshold"  # its own threshold
    assert parts[2]["tool_output_externalized_reason"] == "single_threshold"


def test_budgets_in_tokens(store):
    raw = text_of(10_000)  # about 2,500 estimated tokens
    chars = run([parts_message(tool_part(raw))], store, ExternalizationConfig(threshold_chars=5_000))
    tokens = run([parts_message(tool_part(raw))], store, ExternalizationConfig(threshold_chars=5_000, unit="tokens"))
    assert only_part(chars)["tool_output_truncated"] is True
    assert only_part(tokens)["tool_output"] == raw
    low = run([parts_message(tool_part(raw))], store, ExternalizationConfig(threshold_chars=2_000, unit="tokens"))
    assert only_part(low)["tool_output_truncated"] is True


def test_externalizing_twice_is_idempotent_and_writes_nothing_new(store):
    messages = [parts_message(tool_part(text_of(30_000)), tool_part(text_of(500, "s"), tool_id="d"))]
    once = run(messages, store).messages
    counting = CountingStore(store)
    twice = run(once, counting).messages
    assert counting.writes == 0
    assert [p["tool_output"] for p in twice[0]["parts"]] == [p["tool_output"] for p in once[0]["parts"]]
    assert hydrate(twice, format="parts", store=store) == messages


def test_redacted_storage_hydrates_to_what_was_stored(store):
    secret = "AKIAABCDEFGHIJKLMNOP"
    raw = text_of(15_000) + f"\naws key {secret}\n" + text_of(15_000)
    messages = [{"role": "tool", "tool_call_id": "c1", "content": raw}]
    result = externalize(messages, format="openai", store=store)  # default ruleset: policy redact
    (part,) = result.report.stored
    assert part.redactions == 1 and secret not in result.messages[0]["content"]
    restored = hydrate(result.messages, format="openai", store=store)[0]["content"]
    assert secret not in restored and restored == raw.replace(secret, "[REDACTED:aws_access_key_id]")
    # the compat ruleset stores outputs as they are: the round trip is exact
    exact = externalize(messages, format="openai", store=store, rules="openviking-compat")
    assert hydrate(exact.messages, format="openai", store=store, rules="openviking-compat") == messages
