"""``externalize`` given a tool output as a ``ChunkedText`` (the HTTP server's long outputs of a spooled
body) gives what it gives for the ``str``: messages, report, stored records, whatever the chunking."""

from __future__ import annotations

import copy
import hashlib
import json

import pytest
from ext_helpers import FailingStore, new_store, parts_message, text_of, tool_part
from hypothesis import given, settings
from hypothesis import strategies as st

import toolstub
from toolstub.externalize import ExternalizationConfig
from toolstub.streaming import ChunkedText


class Chunked(ChunkedText):
    """A str handed over in chunks of ``size`` code points (and counted as it is read)."""

    def __init__(self, text: str, size: int) -> None:
        super().__init__(len(text), hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(),
                         text[:100], text[-100:])
        self.text, self.size, self.reads = text, size, 0

    def chunks(self):
        self.reads += 1
        for start in range(0, len(self.text), self.size):
            yield self.text[start : start + self.size]


def _chunked(value, size: int):
    """``value`` with every string over 2,000 code points made a Chunked."""
    if isinstance(value, str):
        return Chunked(value, size) if len(value) > 2000 else value
    if isinstance(value, list):
        return [_chunked(v, size) for v in value]
    if isinstance(value, dict):
        return {k: (_chunked(v, size) if k in ("content", "text", "tool_output") else v) for k, v in value.items()}
    return value


def _plain(value):
    if isinstance(value, ChunkedText):
        return str(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    return value


def _stored(store) -> list:
    out = []
    for meta in store.list()["tool_results"]:
        meta = {k: v for k, v in meta.items() if k != "stored_at_ns"}
        out.append((meta, store.read(meta["tool_result_id"], limit=-1)["content"]))
    return out


def _json(n: int) -> str:
    return json.dumps([{"id": i, "name": f"n{i}", "tag": "é\"\\"} for i in range(n)], indent=1)


CONVERSATIONS = {
    "openai": [
        {"role": "assistant", "tool_calls": [{"id": f"c{k}", "type": "function", "function": {"name": f"t{k}", "arguments": "{}"}}
                                             for k in range(4)]},
        {"role": "tool", "tool_call_id": "c0", "content": text_of(60_000, "log")},
        {"role": "tool", "tool_call_id": "c1", "content": _json(800)},
        {"role": "tool", "tool_call_id": "c2", "content": [{"type": "text", "text": "x\ud800y " * 1500}]},
        {"role": "tool", "tool_call_id": "c3", "content": "short " * 1000},
    ],
    "anthropic": [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "u1", "name": "grep", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "u1", "content": text_of(45_000, "grep")}]},
    ],
    "parts": [parts_message(tool_part(text_of(30_000, "p")), tool_part("token ghp_" + "a" * 36 + " " + text_of(25_000, "q"),
                                                                        tool_id="c2", tool_name="env"), role="user")],
}


def _both(fmt: str, messages, size: int, config=None, store_factory=new_store, rules=None):
    got = []
    for given_messages in (messages, _chunked(copy.deepcopy(messages), size)):
        store = store_factory()
        result = toolstub.externalize(given_messages, format=fmt, store=store, config=config, rules=rules)
        inner = getattr(store, "inner", store)
        got.append((_plain(result.messages), result.report.to_dict(), _stored(inner)))
    return got


@pytest.mark.parametrize("fmt", list(CONVERSATIONS))
@settings(max_examples=6, deadline=None)
@given(size=st.integers(1, 70_000))
def test_a_chunked_output_is_externalized_as_its_str(fmt: str, size: int) -> None:
    whole, chunked = _both(fmt, CONVERSATIONS[fmt], size)
    assert whole == chunked
    assert whole[1]["externalized"] >= 1


@pytest.mark.parametrize("config", [
    ExternalizationConfig(threshold_chars=50_000, assistant_turn_inline_budget_chars=40_000),  # turn budget
    ExternalizationConfig(enabled=False),
    ExternalizationConfig(tools={"t0": {"exclude": True}}),
    ExternalizationConfig(preview_chars=1500, min_preview_chars=500, assistant_turn_preview_budget_chars=1000),
])
def test_every_selection_gives_the_same_with_chunks(config) -> None:
    whole, chunked = _both("openai", CONVERSATIONS["openai"], 4096, config=config)
    assert whole == chunked


@pytest.mark.parametrize("mode", ["preserve_raw", "preview_only"])
def test_a_store_failure_gives_the_same_with_chunks(mode: str) -> None:
    config = ExternalizationConfig(failure_mode=mode)
    whole, chunked = _both("openai", CONVERSATIONS["openai"], 5000, config=config,
                           store_factory=lambda: FailingStore(OSError("disk full")))
    assert whole == chunked


def test_a_streamed_output_is_described_from_its_view_from_chunks(tmp_path) -> None:
    rules = tmp_path / "small.yaml"
    rules.write_text("schema_version: 1\nextends: default\n"
                     "large_outputs: {whole_chars: 40000, head_chars: 10000, tail_chars: 5000, stream_chars: 20000}\n")
    whole, chunked = _both("anthropic", CONVERSATIONS["anthropic"], 3333, rules=str(rules))
    assert whole == chunked
    assert "large output:" in whole[0][1]["content"][0]["content"]


def test_a_chunked_output_handled_whole_is_read_once_for_synopsis_and_store() -> None:
    output = Chunked(_json(800), 4096)
    messages = [{"role": "tool", "tool_call_id": "c1", "content": output}]
    result = toolstub.externalize(messages, format="openai", store=new_store())
    assert result.report.to_dict()["externalized"] == 1 and output.reads == 1
