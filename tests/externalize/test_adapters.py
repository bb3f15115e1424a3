"""OpenAI and Anthropic adapters: stubs in place, formats kept valid, names from the tool calls."""

from __future__ import annotations

import copy
import json

import pytest
from ext_helpers import CountingStore, text_of

from toolstub.errors import InvalidArgumentError
from toolstub.externalize import ExternalizationConfig, externalize, hydrate

HEADER = "[toolstub: tool output stored outside the context]"
IMAGE_OPENAI = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
IMAGE_ANTHROPIC = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}


def openai_conversation(big: str) -> list[dict]:
    return [
        {"role": "system", "content": "You are terse."},
        {"role": "user", "content": "get the data"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {"id": "call_a", "type": "function", "function": {"name": "fetch_json", "arguments": "{\"url\": \"x\"}"}},
                {"id": "call_b", "type": "function", "function": {"name": "screenshot", "arguments": "{}"}},
            ],
        },
        {"role": "tool", "tool_call_id": "call_a", "content": big},
        {"role": "tool", "tool_call_id": "call_b", "content": [{"type": "text", "text": big[:25_000] + "!"}, IMAGE_OPENAI]},
        {"role": "assistant", "content": "done"},
    ]


def anthropic_conversation(big: str) -> list[dict]:
    return [
        {"role": "user", "content": "get the data"},
        {
            "role": "assistant",
            "content": [
                {"type": "text", "text": "calling"},
                {"type": "tool_use", "id": "toolu_1", "name": "fetch_json", "input": {"url": "x"}},
                {"type": "tool_use", "id": "toolu_2", "name": "screenshot", "input": {}},
            ],
        },
        {
            "role": "user",
            "content": [
                {"type": "tool_result", "tool_use_id": "toolu_1", "content": big},
                {"type": "tool_result", "tool_use_id": "toolu_2", "content": [IMAGE_ANTHROPIC, {"type": "text", "text": big[:30_000] + "?"}]},
                {"type": "text", "text": "what now?"},
            ],
        },
    ]


def test_openai_stubs_replace_content_in_place(store):
    big = text_of(60_000)
    messages = openai_conversation(big)
    frozen = copy.deepcopy(messages)
    result = externalize(messages, format="openai", store=store)
    out = result.messages
    assert messages == frozen  # inputs are never mutated
    assert out[3]["content"].startswith(HEADER + "\ntool_name: fetch_json\n")
    assert out[4]["content"][0]["text"].startswith(HEADER + "\ntool_name: screenshot\n")
    assert out[4]["content"][1] == IMAGE_OPENAI
    assert set(out[3]) == {"role", "tool_call_id", "content"}  # still a valid tool message
    assert [m for i, m in enumerate(out) if i not in (3, 4)] == [m for i, m in enumerate(messages) if i not in (3, 4)]
    rep = result.report
    assert [(p.tool_name, p.location) for p in rep.stored] == [
        ("fetch_json", {"message_index": 3, "tool_call_id": "call_a"}),
        ("screenshot", {"message_index": 4, "tool_call_id": "call_b", "content_index": 0}),
    ]
    assert rep.chars_before == 60_000 + 25_001 and rep.chars_after == len(out[3]["content"]) + len(out[4]["content"][0]["text"])
    assert 0.9 < rep.share_saved < 1
    ref = rep.stored[0].ref
    assert store.metadata(ref)["tool_name"] == "fetch_json" and store.metadata(ref)["tool_id"] == "call_a"
    assert hydrate(out, format="openai", store=store) == messages


def test_anthropic_stubs_replace_tool_results_in_place(store):
    big = text_of(60_000)
    messages = anthropic_conversation(big)
    result = externalize(messages, format="anthropic", store=store)
    blocks = result.messages[2]["content"]
    assert blocks[0]["content"].startswith(HEADER + "\ntool_name: fetch_json\n")
    assert blocks[1]["content"][0] == IMAGE_ANTHROPIC
    assert blocks[1]["content"][1]["text"].startswith(HEADER + "\ntool_name: screenshot\n")
    assert blocks[2] == {"type": "text", "text": "what now?"}
    assert result.messages[:2] == messages[:2]
    assert {p.location["tool_use_id"] for p in result.report.stored} == {"toolu_1", "toolu_2"}
    assert hydrate(result.messages, format="anthropic", store=store) == messages


def test_a_turn_is_one_group(store):
    # three 40k outputs of one turn: the seed's turn budget applies across the tool messages
    cfg = ExternalizationConfig(threshold_chars=50_000)
    calls = [{"id": f"c{i}", "type": "function", "function": {"name": "cat", "arguments": "{}"}} for i in range(3)]
    messages = [{"role": "assistant", "content": None, "tool_calls": calls}]
    messages += [{"role": "tool", "tool_call_id": f"c{i}", "content": text_of(40_000, f"f{i}")} for i in range(3)]
    result = externalize(messages, format="openai", store=store, config=cfg)
    assert [p.reason for p in result.report.stored] == ["turn_budget"]  # 120k -> about 82k
    # split across two turns, each is under the budget
    split = messages[:3] + [{"role": "user", "content": "more"}] + messages[3:]
    assert externalize(split, format="openai", store=store, config=cfg).report.stored == []


def test_read_back_in_openai_format_points_at_the_source(store):
    raw = text_of(90_000)
    first = externalize([{"role": "tool", "tool_call_id": "c1", "content": raw}], format="openai", store=store)
    ref = first.report.stored[0].ref
    args = json.dumps({"ref": ref, "offset": 10, "limit": 40_000})
    messages = [
        {"role": "assistant", "content": None, "tool_calls": [{"id": "r1", "type": "function", "function": {"name": "toolstub_result_read", "arguments": args}}]},
        {"role": "tool", "tool_call_id": "r1", "content": raw[10:40_010]},
    ]
    counting = CountingStore(store)
    result = externalize(messages, format="openai", store=counting)
    stub = result.messages[1]["content"]
    assert counting.writes == 0
    assert f"\nref: {ref}\n" in stub and "\nreason: source_read\n" in stub
    assert "\nsource_offset: 10\nsource_limit: 40000\n" in stub
    assert hydrate(result.messages, format="openai", store=store) == messages


def test_existing_stubs_are_verified(store):
    raw = text_of(30_000)
    once = externalize([{"role": "tool", "tool_call_id": "c1", "content": raw}], format="openai", store=store).messages
    counting = CountingStore(store)
    twice = externalize(once, format="openai", store=counting)
    assert twice.messages == once and counting.writes == 0
    # a stub-looking text whose ref the store does not hold is a plain output
    fake = once[0]["content"].replace("tr_c1_", "tr_zz_")
    other = externalize([{"role": "tool", "tool_call_id": "c1", "content": fake}], format="openai", store=store)
    assert [p.action for p in other.report.parts] == ["unverified_ref"]
    assert hydrate(other.messages, format="openai", store=store)[0]["content"] == fake


def test_hydrate_keeps_a_stub_the_store_cannot_restore(store):
    raw = text_of(30_000)
    once = externalize([{"role": "tool", "tool_call_id": "c1", "content": raw}], format="openai", store=store).messages
    from ext_helpers import new_store

    assert hydrate(once, format="openai", store=new_store())[0]["content"] == once[0]["content"]


def test_per_tool_opt_out_in_anthropic(store):
    messages = anthropic_conversation(text_of(60_000))
    cfg = ExternalizationConfig(tools={"fetch_json": {"exclude": True}})
    blocks = externalize(messages, format="anthropic", store=store, config=cfg).messages[2]["content"]
    assert blocks[0] == messages[2]["content"][0]
    assert blocks[1]["content"][1]["text"].startswith(HEADER)


def test_bad_arguments_are_one_line(store):
    with pytest.raises(InvalidArgumentError, match="unknown message format 'gemini'"):
        externalize([], format="gemini", store=store)
    with pytest.raises(InvalidArgumentError, match="pass the 'messages' list"):
        externalize({"messages": []}, format="openai", store=store)
    with pytest.raises(InvalidArgumentError, match="needs a store"):
        externalize([], format="openai", store=None)


def test_compat_ruleset_stubs_and_round_trip(store):
    messages = openai_conversation(text_of(60_000))
    result = externalize(messages, format="openai", store=store, rules="openviking-compat")
    assert result.messages[3]["content"].startswith("[OpenViking tool result externalized]\n")
    assert "openviking_tool_result_read" in result.messages[3]["content"]
    assert hydrate(result.messages, format="openai", store=store) == messages


def test_an_enveloped_read_back_is_not_stored_again(store):
    # a read tool that wraps the slice in JSON (as an HTTP or MCP read does): still a read-back
    raw = text_of(90_000)
    source = store.write(raw, tool_id="c1")
    envelope = json.dumps({"tool_result_id": source.tool_result_id, "content": raw[:40_000], "has_more": True})
    args = json.dumps({"ref": source.ref, "offset": 0, "limit": 40_000})
    messages = [
        {"role": "assistant", "content": None, "tool_calls": [{"id": "r1", "type": "function", "function": {"name": "toolstub_result_read", "arguments": args}}]},
        {"role": "tool", "tool_call_id": "r1", "content": envelope},
    ]
    counting = CountingStore(store)
    result = externalize(messages, format="openai", store=counting)
    assert counting.writes == 0 and "\nreason: source_read\n" in result.messages[1]["content"]
    # hydration restores the source's slice, as the seed does (not the envelope the tool returned)
    assert hydrate(result.messages, format="openai", store=store)[1]["content"] == raw[:40_000]
