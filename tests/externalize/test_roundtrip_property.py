"""Property: hydrate(externalize(m).messages) == m for generated conversations in every format.

Small thresholds and budgets so that short generated outputs take every path (single
threshold, turn budget, stub-not-smaller, failing stores under each failure mode).
"""

from __future__ import annotations

import copy
import json

from ext_helpers import FailingStore, new_store
from hypothesis import event, given, note
from hypothesis import strategies as st

from toolstub.errors import FailedPreconditionError
from toolstub.externalize import ExternalizationConfig, externalize, hydrate
from toolstub.externalize.adapters import GROUPERS
from toolstub.externalize.group import NOT_KEPT_LINE
from toolstub.externalize.refs import known_headers
from toolstub.rule_files import load_rules

UNIT = "2026-12-02 10:00:01 INFO worker-3 processed batch id=42 rows=1000 ok\n"


@st.composite
def outputs(draw) -> str:
    small = st.text(max_size=40)
    lone = st.sampled_from(["\ud800", "\udfff", "\x00", "\ufeff", "é", "💥", "\r\n"])
    if draw(st.integers(0, 3)) == 0:
        return draw(small)
    n = draw(st.integers(0, 6_000))
    body = (UNIT * (n // len(UNIT) + 1))[:n]
    return draw(small) + draw(st.one_of(st.just(""), lone)) + body + draw(small)


NAMES = st.sampled_from(["shell", "fetch_json", "read_csv", "grep", "excluded_tool"])
IDS = st.text("abcdef0123456789_", min_size=1, max_size=8).map(lambda s: "id_" + s)
OPENAI_IMAGE = {"type": "image_url", "image_url": {"url": "data:image/png;base64,AAAA"}}
ANTHROPIC_IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}


@st.composite
def openai_conversation(draw) -> list:
    messages: list = [{"role": "system", "content": draw(st.text(max_size=20))}]
    for turn in range(draw(st.integers(1, 3))):
        calls = [(f"call_{turn}_{k}", draw(NAMES)) for k in range(draw(st.integers(0, 4)))]
        messages.append({"role": "user", "content": draw(st.text(max_size=20))})
        messages.append({
            "role": "assistant",
            "content": None,
            "tool_calls": [{"id": cid, "type": "function", "function": {"name": name, "arguments": json.dumps({"q": turn})}} for cid, name in calls],
        })
        for cid, _ in calls:
            if draw(st.booleans()):
                content: object = draw(outputs())
            else:
                content = draw(st.lists(st.one_of(outputs().map(lambda t: {"type": "text", "text": t}), st.just(OPENAI_IMAGE)), max_size=3))
            messages.append({"role": "tool", "tool_call_id": cid, "content": content})
    return messages


@st.composite
def anthropic_conversation(draw) -> list:
    messages: list = []
    for turn in range(draw(st.integers(1, 3))):
        uses = [(f"toolu_{turn}_{k}", draw(NAMES)) for k in range(draw(st.integers(0, 4)))]
        messages.append({"role": "assistant", "content": [{"type": "text", "text": "ok"}] + [
            {"type": "tool_use", "id": uid, "name": name, "input": {"q": turn}} for uid, name in uses]})
        blocks: list = []
        for uid, _ in uses:
            block: dict = {"type": "tool_result", "tool_use_id": uid}
            if draw(st.booleans()):
                block["content"] = draw(outputs())
            else:
                block["content"] = draw(st.lists(st.one_of(outputs().map(lambda t: {"type": "text", "text": t}), st.just(ANTHROPIC_IMAGE)), max_size=3))
            if draw(st.booleans()):
                block["is_error"] = True
            blocks.append(block)
        blocks.append({"type": "text", "text": draw(st.text(max_size=10))})
        messages.append({"role": "user", "content": blocks})
    return messages


@st.composite
def parts_conversation(draw) -> list:
    messages = []
    for i in range(draw(st.integers(1, 4))):
        parts: list = []
        for k in range(draw(st.integers(0, 4))):
            part = {"type": "tool", "tool_id": draw(IDS), "tool_name": draw(NAMES), "tool_output": draw(outputs())}
            if draw(st.booleans()):
                part["tool_input"] = {"k": k}
            if draw(st.booleans()):
                part["tool_status"] = "completed"
            if draw(st.booleans()):
                part["tool_output_mime_type"] = draw(st.sampled_from(["application/json", "text/csv", "text/plain"]))
            if draw(st.booleans()):
                part["tool_output_truncated"] = False
            parts.append(part)
        if draw(st.booleans()):
            parts.append({"type": "text", "text": draw(st.text(max_size=10))})
        messages.append({"id": f"m{i}", "role": draw(st.sampled_from(["user", "assistant"])), "parts": parts, "created_at": "2026-12-02T10:00:00Z"})
    return messages


CONVERSATIONS = {"openai": openai_conversation(), "anthropic": anthropic_conversation(), "parts": parts_conversation()}


@st.composite
def configs(draw) -> ExternalizationConfig:
    preview = draw(st.integers(0, 2_000))
    return ExternalizationConfig(
        threshold_chars=draw(st.integers(0, 5_000)),
        preview_chars=preview,
        min_preview_chars=draw(st.integers(0, preview)),
        assistant_turn_inline_budget_chars=draw(st.integers(0, 12_000)),
        assistant_turn_preview_budget_chars=draw(st.integers(0, 5_000)),
        failure_mode=draw(st.sampled_from(["preserve_raw", "reject", "preview_only"])),
        tools={"excluded_tool": {"exclude": True}},
    )


def tool_texts(messages, fmt):
    return [(slot.location, slot.part.tool_output) for group in GROUPERS[fmt](copy.deepcopy(messages), known_headers(load_rules(None))) for slot in group.slots]


def check_round_trip(fmt, messages, config, failing, rules=None):
    note(f"config={config!r} failing={failing}")
    store = new_store()
    target = FailingStore(OSError("injected"), store) if failing else store
    frozen = copy.deepcopy(messages)
    try:
        result = externalize(messages, format=fmt, store=target, config=config, rules=rules)
    except FailedPreconditionError:
        assert failing and config.failure_mode == "reject"
        assert messages == frozen
        return
    assert messages == frozen
    for action in sorted({p.action for p in result.report.parts}) or ["none"]:
        event(f"action: {action}")
    restored = hydrate(result.messages, format=fmt, store=store, rules=rules)
    lost = [p for p in result.report.parts if p.action == "preview_only"]
    if not lost:
        assert restored == messages
        return
    # only the outputs preview_only says it dropped differ, and their stubs say so
    assert config.failure_mode == "preview_only" and failing
    differ = [(loc, text) for (loc, text), (_, orig) in zip(tool_texts(restored, fmt), tool_texts(messages, fmt)) if text != orig]
    assert len(differ) == len(lost) and all(NOT_KEPT_LINE in text for _, text in differ)


@given(openai_conversation(), configs(), st.booleans())
def test_openai_round_trip(messages, config, failing):
    check_round_trip("openai", messages, config, failing)


@given(anthropic_conversation(), configs(), st.booleans())
def test_anthropic_round_trip(messages, config, failing):
    check_round_trip("anthropic", messages, config, failing)


@given(parts_conversation(), configs(), st.booleans())
def test_parts_round_trip(messages, config, failing):
    check_round_trip("parts", messages, config, failing)


@given(st.sampled_from(sorted(CONVERSATIONS)).flatmap(lambda f: st.tuples(st.just(f), CONVERSATIONS[f])), configs())
def test_seed_compat_and_compat_rules_round_trip(case, config):
    fmt, messages = case
    check_round_trip(fmt, messages, config.replace(seed_compat=True), False, rules="openviking-compat")


@given(st.sampled_from(sorted(CONVERSATIONS)).flatmap(lambda f: st.tuples(st.just(f), CONVERSATIONS[f])), configs())
def test_externalize_is_idempotent(case, config):
    fmt, messages = case
    store = new_store()
    once = externalize(messages, format=fmt, store=store, config=config)
    twice = externalize(once.messages, format=fmt, store=store, config=config)
    assert twice.report.stored == []
    assert tool_texts(twice.messages, fmt) == tool_texts(once.messages, fmt)
    assert hydrate(twice.messages, format=fmt, store=store) == messages


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 5) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)
BLOCK_TYPES = st.sampled_from(["text", "tool_result", "tool_use", "image", "tool", None])


@st.composite
def messy_block(draw):
    block = draw(st.dictionaries(st.sampled_from(["id", "tool_use_id", "name", "input", "extra"]), JSON, max_size=3))
    block["type"] = draw(BLOCK_TYPES)
    for key in ("text", "content", "tool_output"):
        if draw(st.booleans()):
            block[key] = draw(st.one_of(outputs(), JSON, st.lists(st.builds(dict, type=st.just("text"), text=outputs()), max_size=2)))
    return block


@st.composite
def messy_message(draw):
    msg = draw(st.dictionaries(st.sampled_from(["id", "name", "tool_call_id", "tool_calls", "created_at"]), JSON, max_size=3))
    msg["role"] = draw(st.sampled_from(["user", "assistant", "tool", "system", 3, None]))
    msg["content"] = draw(st.one_of(outputs(), JSON, st.lists(messy_block(), max_size=3)))
    if draw(st.booleans()):
        msg["parts"] = draw(st.one_of(JSON, st.lists(messy_block(), max_size=3)))
    return msg


@given(st.sampled_from(sorted(CONVERSATIONS)), st.lists(st.one_of(messy_message(), JSON), max_size=5), configs())
def test_malformed_messages_never_crash_and_round_trip(fmt, messages, config):
    check_round_trip(fmt, messages, config.replace(failure_mode="preserve_raw"), False)
