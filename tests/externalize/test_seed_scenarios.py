"""The seed's externalization scenarios (seed-system.md section 5), in the seed's parts format."""

from __future__ import annotations

import copy

import pytest
from ext_helpers import CountingStore, parts_message, text_of, tool_part

from toolstub.externalize import ExternalizationConfig, externalize, hydrate
from toolstub.externalize.group import SINGLE_THRESHOLD, TURN_BUDGET


def run(messages, store, **cfg):
    return externalize(messages, format="parts", store=store, config=ExternalizationConfig(**cfg))


def parts_of(result):
    return [p for m in result.messages for p in m["parts"]]


@pytest.mark.parametrize(("size", "externalized"), [(20_000, False), (20_001, True)])
def test_threshold_is_strictly_greater(store, size, externalized):
    result = run([parts_message(tool_part(text_of(size)))], store)
    (part,) = parts_of(result)
    assert part.get("tool_output_truncated", False) is externalized
    if externalized:
        assert part["tool_output_externalized_reason"] == SINGLE_THRESHOLD
        assert part["tool_output"].startswith("[toolstub: tool output stored outside the context]\n")
    else:
        assert part["tool_output"] == text_of(size)


def test_all_seed_fields_are_set(store):
    raw = text_of(30_000)
    msg = parts_message(tool_part(raw, tool_id="c1", tool_name="build"), tool_part("small", tool_id="c2"), mid="g1")
    result = run([msg], store)
    big, small = parts_of(result)
    ref = big["tool_output_ref"]
    assert ref.startswith("toolstub://sessions/s1/tool-results/tr_c1_")
    assert big["tool_output_storage_uri"] == ref
    assert big["tool_output_truncated"] is True
    assert big["tool_output_original_chars"] == 30_000
    assert big["tool_output_preview_chars"] == len(big["tool_output"])
    assert big["tool_output_sha256"] == store.metadata(ref)["sha256"]
    assert big["tool_output_group_id"] == small["tool_output_group_id"] == "g1"
    assert big["tool_output_group_original_chars"] == small["tool_output_group_original_chars"] == 30_005
    assert big["tool_output_group_budget_chars"] == 100_000
    # a part left inline has no ref or truncated keys (the seed's to_dict omits falsy fields)
    assert "tool_output_ref" not in small and "tool_output_truncated" not in small
    assert store.read(ref, limit=-1)["content"] == raw
    assert f"ref: {ref}" in big["tool_output"] and "reason: single_threshold" in big["tool_output"]


def test_turn_budget_picks_the_largest_first(store):
    sizes = [17_000, 19_500, 18_000, 19_000, 18_500, 17_500]  # 109,500 >= 100,000, none over 20,000
    msg = parts_message(*(tool_part(text_of(n, f"p{i}"), tool_id=f"c{i}") for i, n in enumerate(sizes)))
    result = run([msg], store)
    chosen = [p for p in parts_of(result) if p.get("tool_output_truncated")]
    assert [p["tool_id"] for p in chosen] == ["c1"]
    assert chosen[0]["tool_output_externalized_reason"] == TURN_BUDGET
    assert result.report.chars_after < 100_000


def test_turn_budget_ties_keep_their_order(store):
    msg = parts_message(*(tool_part(text_of(40_000, f"p{i}"), tool_id=f"c{i}") for i in range(3)))
    result = run([msg], store, threshold_chars=50_000, assistant_turn_inline_budget_chars=90_000)
    assert [p.get("tool_output_truncated", False) for p in parts_of(result)] == [True, False, False]


def test_turn_budget_uses_greater_or_equal(store):
    a, b = text_of(6_000, "a"), text_of(4_000, "b")
    at_budget = run([parts_message(tool_part(a, tool_id="a"), tool_part(b, tool_id="b"))], store,
                    assistant_turn_inline_budget_chars=10_000)
    assert [p.get("tool_output_truncated", False) for p in parts_of(at_budget)] == [True, False]
    under = run([parts_message(tool_part(a, tool_id="a"), tool_part(b, tool_id="b"))], store,
                assistant_turn_inline_budget_chars=10_001)
    assert not any(p.get("tool_output_truncated") for p in parts_of(under))


def test_turn_budget_skips_a_stub_larger_than_the_output(store):
    msg = parts_message(*(tool_part(text_of(300, f"p{i}"), tool_id=f"c{i}") for i in range(4)))
    counting = CountingStore(store)
    result = run([msg], counting, assistant_turn_inline_budget_chars=100)
    assert counting.writes == 0
    assert [p["tool_output"] for p in parts_of(result)] == [text_of(300, f"p{i}") for i in range(4)]


def test_preview_budget_is_shared_among_the_selected(store):
    msg = parts_message(*(tool_part("\x00" + text_of(25_000, f"b{i}"), tool_id=f"c{i}") for i in range(6)))
    result = run([msg], store)
    parts = parts_of(result)
    assert all(p["tool_output_truncated"] for p in parts)
    assert all("\npreview_chars: 1666\n" in p["tool_output"] for p in parts)
    assert store.metadata(parts[0]["tool_output_ref"])["preview_chars"] == 1666


def test_disabled_config_leaves_everything_untouched(store):
    messages = [parts_message(tool_part(text_of(50_000)), tool_part("x"))]
    result = run(messages, store, enabled=False)
    assert result.messages == messages
    assert result.report.stored == [] and store.list()["tool_results"] == []


def test_hydration_works_on_a_copy(store):
    raw = text_of(25_000)
    messages = [parts_message(tool_part(raw))]
    stubbed = run(messages, store).messages
    frozen = copy.deepcopy(stubbed)
    restored = hydrate(stubbed, format="parts", store=store)
    assert stubbed == frozen  # the live messages are not touched
    assert restored == messages
    assert restored[0]["parts"][0]["tool_output"] == raw


def test_seed_hydration_restores_seed_externalized_parts_and_keeps_fields(store):
    raw = text_of(25_000)
    stored = store.write(raw, tool_id="c9", tool_name="shell")
    part = tool_part("stub text", tool_id="c9", tool_output_ref=stored.ref, tool_output_truncated=True,
                     tool_output_original_chars=len(raw))
    (out,) = hydrate([parts_message(part)], format="parts", store=store)
    assert out["parts"][0]["tool_output"] == raw
    assert out["parts"][0]["tool_output_ref"] == stored.ref


def test_read_back_keeps_the_source_ref_offset_and_limit(store):
    raw = text_of(80_000)
    source = store.write(raw, tool_id="c1", tool_name="shell")
    slice_ = raw[1_000:31_000]
    read = tool_part(slice_, tool_id="c2", tool_name="toolstub_result_read",
                     tool_input={"ref": source.ref, "offset": 1_000, "limit": 30_000})
    counting = CountingStore(store)
    result = run([parts_message(read)], counting)
    (part,) = parts_of(result)
    assert counting.writes == 0 and len(store.list()["tool_results"]) == 1
    assert part["tool_output_ref"] == part["tool_output_source_ref"] == part["tool_output_storage_uri"] == source.ref
    assert (part["tool_output_source_offset"], part["tool_output_source_limit"]) == (1_000, 30_000)
    assert part["tool_output_externalized_reason"] == "source_read"
    assert part["tool_output_original_chars"] == 30_000
    assert hydrate(result.messages, format="parts", store=store)[0]["parts"][0]["tool_output"] == slice_


def test_seed_compat_read_back_in_the_compat_ruleset(store):
    raw = text_of(40_000)
    source = store.write(raw, tool_id="c1")
    read = tool_part(raw[:25_000], tool_id="c2", tool_name="openviking_tool_result_read",
                     tool_input={"tool_output_ref": source.ref, "offset": 0, "limit": 25_000})
    result = externalize([parts_message(read)], format="parts", store=store, rules="openviking-compat",
                         config=ExternalizationConfig(seed_compat=True))
    (part,) = parts_of(result)
    assert part["tool_output"].startswith("[OpenViking tool result externalized]\n")
    assert part["tool_output_source_ref"] == source.ref and part["tool_output_truncated"] is True
    assert "source_offset" not in part["tool_output"]  # the seed's stub has no such lines


def test_aggregate_split_and_group(store):
    from toolstub.externalize import Message, split_tool_result_aggregate

    msg = Message.from_dict({"id": "u1", "role": "user", "parts": [tool_part("a"), tool_part("b", tool_id="d")]})
    assert msg.is_tool_result_aggregate
    split = split_tool_result_aggregate(msg)
    assert [m.id for m in split] == ["u1_0", "u1_1"]
    assert all(m.message_kind == "tool_transport" and len(m.parts) == 1 for m in split)
    assert split_tool_result_aggregate(Message.from_dict({"id": "x", "role": "user", "parts": [tool_part("a")]}))[0].id == "x"


@pytest.mark.parametrize("form", ["toolstub", "viking_user", "viking_session", "bare"])
def test_read_back_accepts_every_ref_form(store, form):
    raw = text_of(60_000)
    source = store.write(raw, tool_id="c1")
    rid = source.tool_result_id
    ref = {
        "toolstub": source.ref,
        "viking_user": f"viking://user/u1/sessions/s1/tool-results/{rid}",
        "viking_session": f"viking://session/s1/tool-results/{rid}",
        "bare": rid,
    }[form]
    read = tool_part(raw[:30_000], tool_id="c2", tool_name="toolstub_result_read",
                     tool_input={"tool_output_ref": ref, "limit": 30_000})
    (part,) = parts_of(run([parts_message(read)], store))
    assert part["tool_output_source_ref"] == source.ref  # canonical
    assert "tool_output_source_offset" not in part and part["tool_output_source_limit"] == 30_000
    assert part["tool_output_externalized_reason"] == "source_read"


def test_read_back_of_another_session_is_an_ordinary_output(store):
    from ext_helpers import new_store

    other = new_store("s2")
    raw = text_of(60_000)
    source = other.write(raw, tool_id="c1")
    read = tool_part(raw[:30_000], tool_id="c2", tool_name="toolstub_result_read", tool_input={"ref": source.ref})
    (part,) = parts_of(run([parts_message(read)], store))
    assert part["tool_output_externalized_reason"] == "single_threshold"
    assert part["tool_output_ref"].startswith("toolstub://sessions/s1/")
