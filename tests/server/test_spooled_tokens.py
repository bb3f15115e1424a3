"""Budgets in tokens (``unit: tokens``) over a spooled body: a long output is counted over its chunks (issue 11).

Two real servers counting tokens with the built-in estimate, one spooling every body past 4 KiB (so each
long tool output reaches externalization as a ChunkedText, counted piece by piece, never joined), the
other decoding bodies whole: the same answers and the same stored records, and every stored output reads
back as the text posted (nothing lost).
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest

from toolstub.tokens import SAMPLE_ABOVE, estimate_tokens

API = "/api/v1/sessions"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, serve, server_env) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    root = tmp_path_factory.mktemp("spool-tokens")
    tokens = {"TOOLSTUB_BUDGET_UNIT": "tokens", "TOOLSTUB_THRESHOLD_CHARS": "3000"}
    spooled_env = server_env(TOOLSTUB_SERVER_SPOOL_BODY_BYTES="4096", **tokens)
    with serve("--store", str(root / "a"), env=spooled_env) as a, serve("--store", str(root / "b"), env=server_env(**tokens)) as b, \
            httpx.Client(base_url=a, timeout=120) as spooled, httpx.Client(base_url=b, timeout=120) as whole:
        yield spooled, whole


def _log(lines: int, tag: str) -> str:
    return "".join(f'2024-03-01 10:{i // 60 % 60:02d}:{i % 60:02d} {"ERROR" if i % 97 == 5 else "INFO"} [w{i % 3}] '
                   f'"quoted" é中 \U0001F600 {tag} CamelCase request {i}\n' for i in range(lines))


OUTPUTS = {
    "long": _log(6000, "long"),      # past SAMPLE_ABOVE: the estimate samples 16 windows of the chunks
    "medium": _log(1500, "medium"),  # under SAMPLE_ABOVE, over the token threshold
    "short": _log(60, "short"),      # a few hundred tokens: stays inline
}


def _read_all(client: httpx.Client, sid: str, tool_result_id: str) -> str:
    out, offset = [], 0
    while True:
        page = client.get(f"{API}/{sid}/tool-results/{tool_result_id}", params={"offset": offset, "limit": 1_000_000})
        assert page.status_code == 200, page.text[:300]
        result = page.json()["result"]
        out.append(result["content"])
        if not result.get("has_more"):
            return "".join(out)
        offset = result["next_offset"]


def test_a_budget_in_tokens_gives_the_same_answers_and_records_spooled_or_not(pair) -> None:
    spooled, whole = pair
    assert len(OUTPUTS["long"]) > SAMPLE_ABOVE > len(OUTPUTS["medium"]) and estimate_tokens(OUTPUTS["short"]) < 3000
    messages = [{"role": "assistant", "content": None, "tool_calls": [
        {"id": k, "type": "function", "function": {"name": f"tool_{k}", "arguments": "{}"}} for k in OUTPUTS]}]
    messages += [{"role": "tool", "tool_call_id": k, "content": text} for k, text in OUTPUTS.items()]
    body = json.dumps({"format": "openai", "messages": messages}).encode()
    answers = []
    for client in (spooled, whole):
        answer = client.post(f"{API}/tok/messages", content=body, headers={"content-type": "application/json"})
        assert answer.status_code == 200, answer.text[:500]
        answers.append(answer.json())
    assert answers[0] == answers[1]
    parts = {p["tool_id"]: p for p in answers[0]["result"]["report"]["parts"]}
    assert parts["long"]["action"] == parts["medium"]["action"] == "stored"
    assert answers[0]["result"]["messages"][-1]["content"] == OUTPUTS["short"]  # inline, whole
    for client in (spooled, whole):
        listed = client.get(f"{API}/tok/tool-results").json()["result"]["tool_results"]
        stored = {meta["tool_id"]: meta for meta in listed}
        assert set(stored) == {"long", "medium"}
        for key in stored:
            assert _read_all(client, "tok", stored[key]["tool_result_id"]) == OUTPUTS[key]
    listed_a = [{k: v for k, v in m.items() if k != "stored_at_ns"} for m in
                spooled.get(f"{API}/tok/tool-results").json()["result"]["tool_results"]]
    listed_b = [{k: v for k, v in m.items() if k != "stored_at_ns"} for m in
                whole.get(f"{API}/tok/tool-results").json()["result"]["tool_results"]]
    assert listed_a == listed_b
