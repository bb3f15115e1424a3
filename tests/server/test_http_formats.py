"""POST /messages in the OpenAI and Anthropic formats, the synopsis endpoint, healthz,
and the error envelope, against a real server process."""

from __future__ import annotations

import json

import httpx

API = "/api/v1/sessions"


def raw_json(n: int = 400) -> str:
    return json.dumps({"items": [{"id": i, "name": f"user-{i}", "tags": ["a", "b"]} for i in range(n)],
                       "next": None})


def test_openai_format_is_externalized(client: httpx.Client) -> None:
    raw = raw_json()
    messages = [
        {"role": "user", "content": "list users"},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "call_u", "type": "function",
                         "function": {"name": "list_users", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "call_u", "content": raw},
    ]
    resp = client.post(f"{API}/oa/messages", json={"format": "openai", "messages": messages})
    assert resp.status_code == 200, resp.text
    result = resp.json()["result"]
    assert result["appended"] == 3 and result["report"]["externalized"] == 1
    stub = result["messages"][2]["content"]
    assert stub.startswith("[toolstub: tool output stored outside the context]") and len(stub) < len(raw)
    assert result["messages"][:2] == messages[:2]

    [meta] = client.get(f"{API}/oa/tool-results").json()["result"]["tool_results"]
    assert meta["tool_name"] == "list_users" and meta["original_chars"] == len(raw)
    assert f"ref: toolstub://sessions/oa/tool-results/{meta['tool_result_id']}" in stub
    read = client.get(f"{API}/oa/tool-results/{meta['tool_result_id']}", params={"limit": -1}).json()
    assert read["result"]["content"] == raw
    query = client.get(f"{API}/oa/tool-results/{meta['tool_result_id']}/query",
                       params={"path": "$.items[2].name"}).json()
    assert query["status"] == "ok" and "user-2" in json.dumps(query["result"])
    assert client.get(f"{API}/oa/context").json()["result"]["messages"] == result["messages"]


def test_anthropic_format_is_externalized(client: httpx.Client) -> None:
    raw = raw_json(500)
    messages = [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_1", "name": "fetch", "input": {}}]},
        {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_1", "content": raw}]},
    ]
    resp = client.post(f"{API}/an/messages", json={"format": "anthropic", "messages": messages})
    assert resp.status_code == 200, resp.text
    block = resp.json()["result"]["messages"][1]["content"][0]
    assert block["type"] == "tool_result" and block["tool_use_id"] == "toolu_1"
    text = block["content"] if isinstance(block["content"], str) else block["content"][0]["text"]
    assert "ref: toolstub://sessions/an/tool-results/" in text and raw not in text


def test_context_keeps_every_post_in_order(client: httpx.Client) -> None:
    for i in range(3):
        body = {"format": "openai", "messages": [{"role": "user", "content": f"message {i}"}]}
        client.post(f"{API}/order/messages", json=body).raise_for_status()
    got = client.get(f"{API}/order/context").json()["result"]["messages"]
    assert [m["content"] for m in got] == ["message 0", "message 1", "message 2"]


def test_bad_message_bodies_are_400(client: httpx.Client) -> None:
    for body in [{"format": "xml", "messages": []}, {"messages": "nope"}, [1, 2], {"role": "user"}]:
        resp = client.post(f"{API}/bad/messages", json=body)
        assert resp.status_code == 400, body
        assert resp.json()["status"] == "error" and resp.json()["error"]["code"] == "INVALID_ARGUMENT"
    resp = client.post(f"{API}/bad/messages", content=b"{not json", headers={"content-type": "application/json"})
    assert resp.status_code == 400 and resp.json()["error"]["code"] == "INVALID_ARGUMENT"


def test_synopsis_of_a_raw_body_and_of_a_json_request(client: httpx.Client) -> None:
    csv = "name,age\nada,36\nbob,41\n"
    raw = client.post("/api/v1/synopsis", content=csv.encode(), headers={"content-type": "text/csv"},
                      params={"tool_name": "export"}).json()["result"]
    wrapped = client.post("/api/v1/synopsis", json={"content": csv, "mime": "text/csv",
                                                    "tool_name": "export"}).json()["result"]
    assert raw == wrapped
    assert raw["original_chars"] == len(csv) and len(raw["sha256"]) == 64
    assert raw["synopsis"]["ruleset"] == "default"
    assert raw["stub"].splitlines()[:3] == ["[toolstub: tool output stored outside the context]",
                                            "tool_name: export", f"kind: {raw['synopsis']['kind']}"]
    assert "ref:" not in raw["stub"]
    compat = client.post("/api/v1/synopsis", json={"content": csv, "rules": "openviking-compat"}).json()
    assert compat["result"]["stub"].startswith("[OpenViking tool result externalized]\n")

    for body, ctype in [(b"\xff\xfe", "text/plain"), (b'{"content": 1}', "application/json"),
                        (b'{"content": "x", "rules": "../../etc/passwd"}', "application/json")]:
        resp = client.post("/api/v1/synopsis", content=body, headers={"content-type": ctype})
        assert resp.status_code == 400, body
        assert "/etc" not in resp.text


def test_healthz_and_unknown_routes(client: httpx.Client) -> None:
    assert client.get("/healthz").json() == {"status": "ok", "result": {"status": "ok", "version": "0.1.0"}}
    resp = client.get("/api/v1/nothing")
    assert resp.status_code == 404 and resp.json()["error"]["code"] == "NOT_FOUND"
    resp = client.delete(f"{API}/x/tool-results")
    assert resp.status_code == 405 and resp.json()["error"]["code"] == "METHOD_NOT_ALLOWED"


def test_lone_surrogates_round_trip_through_http(client: httpx.Client) -> None:
    raw = "start \ud800 lone " + "x" * 25_000
    body = json.dumps({"format": "openai", "messages": [
        {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function",
                                              "function": {"name": "t", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": raw}]})
    resp = client.post(f"{API}/sur/messages", content=body.encode(), headers={"content-type": "application/json"})
    assert resp.status_code == 200, resp.text
    [meta] = client.get(f"{API}/sur/tool-results").json()["result"]["tool_results"]
    read = client.get(f"{API}/sur/tool-results/{meta['tool_result_id']}", params={"limit": -1})
    assert json.loads(read.content)["result"]["content"] == raw
