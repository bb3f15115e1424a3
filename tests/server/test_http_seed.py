"""The seed's HTTP scenarios against a real server process: externalize on POST, read back
the whole raw output with limit=-1, list, search with context; a disabled config keeps
outputs inline. Plus the seed's parameter errors and envelope."""

from __future__ import annotations

from pathlib import Path

import httpx

API = "/api/v1/sessions"


def big_output(marker: str, n: int = 2_500) -> str:
    lines = [f"{i:05d} build step {marker} ok" for i in range(n)]
    lines[1234] = f"01234 ERROR {marker}: disk quota exceeded on worker-7"
    return "\n".join(lines)


def seed_message(raw: str, tool_id: str = "call_1") -> dict:
    return {
        "role": "assistant",
        "parts": [
            {"type": "text", "text": "running the build"},
            {"type": "tool", "tool_id": tool_id, "tool_name": "bash", "tool_input": {"cmd": "make"},
             "tool_output": raw, "tool_status": "completed"},
        ],
    }


def tool_part(message: dict) -> dict:
    return next(p for p in message["parts"] if p.get("type") == "tool")


def test_post_externalizes_and_reads_back_the_whole_raw_output(client: httpx.Client) -> None:
    raw = big_output("alpha")
    assert len(raw) > 20_000
    resp = client.post(f"{API}/seed-a/messages", json=seed_message(raw))
    assert resp.status_code == 200, resp.text
    body = resp.json()
    assert body["status"] == "ok"
    part = tool_part(body["result"]["messages"][0])
    assert part["tool_output_truncated"] is True
    assert part["tool_output_original_chars"] == len(raw)
    ref = part["tool_output_ref"]
    assert ref.startswith("toolstub://sessions/seed-a/tool-results/tr_call_1_")
    assert f"ref: {ref}" in part["tool_output"] and len(part["tool_output"]) < 5_000

    rid = ref.rsplit("/", 1)[1]
    read = client.get(f"{API}/seed-a/tool-results/{rid}", params={"limit": -1}).json()
    assert read["status"] == "ok"
    result = read["result"]
    assert result["content"] == raw
    assert (result["offset"], result["limit"], result["total_chars"]) == (0, -1, len(raw))
    assert result["has_more"] is False and result["offset_unit"] == "unicode_code_point"
    assert result["metadata"]["tool_result_id"] == rid and result["metadata"]["sha256"] == part["tool_output_sha256"]

    page = client.get(f"{API}/seed-a/tool-results/{rid}", params={"offset": 10, "limit": 25,
                                                                  "include_metadata": "false"}).json()["result"]
    assert page["content"] == raw[10:35] and page["has_more"] is True and "metadata" not in page


def test_context_holds_the_stubbed_messages(client: httpx.Client) -> None:
    raw = big_output("beta")
    client.post(f"{API}/seed-b/messages", json=seed_message(raw)).raise_for_status()
    context = client.get(f"{API}/seed-b/context").json()["result"]
    assert context["session_id"] == "seed-b"
    [message] = context["messages"]
    assert message["parts"][0] == {"type": "text", "text": "running the build"}
    part = tool_part(message)
    assert part["tool_output_truncated"] is True and raw not in part["tool_output"]


def test_list_and_search_with_context(client: httpx.Client) -> None:
    raw = big_output("gamma")
    client.post(f"{API}/seed-c/messages", json=seed_message(raw, "call_9")).raise_for_status()
    listed = client.get(f"{API}/seed-c/tool-results").json()["result"]["tool_results"]
    assert [m["tool_name"] for m in listed] == ["bash"]
    rid = listed[0]["tool_result_id"]
    assert listed[0]["original_chars"] == len(raw)
    assert client.get(f"{API}/seed-c/tool-results", params={"tool_name": "grep"}).json()["result"] == {
        "tool_results": []
    }

    found = client.get(f"{API}/seed-c/tool-results/{rid}/search",
                       params={"q": "ERROR gamma", "context_chars": 12}).json()["result"]
    assert found["tool_result_id"] == rid
    [match] = found["matches"]
    start = raw.index("ERROR gamma")
    assert match["offset"] == start and match["offset_unit"] == "unicode_code_point"
    assert match["snippet"] == raw[start - 12 : start + len("ERROR gamma") + 12]


def test_search_pages_with_the_cursor(client: httpx.Client) -> None:
    raw = big_output("delta")
    client.post(f"{API}/seed-d/messages", json=seed_message(raw)).raise_for_status()
    rid = client.get(f"{API}/seed-d/tool-results").json()["result"]["tool_results"][0]["tool_result_id"]
    url = f"{API}/seed-d/tool-results/{rid}/search"
    first = client.get(url, params={"q": "BUILD STEP", "mode": "icase", "limit": 1000}).json()["result"]
    offsets, cursor = [], None
    while True:
        params = {"q": "BUILD STEP", "mode": "icase", "limit": 700, "context_chars": 0}
        if cursor:
            params["cursor"] = cursor
        page = client.get(url, params=params).json()["result"]
        offsets += [m["offset"] for m in page["matches"]]
        cursor = page.get("next")
        if not cursor:
            break
    assert len(offsets) == raw.count("build step") == first["total"]
    assert offsets == sorted(set(offsets))


def test_disabled_config_leaves_outputs_inline(tmp_path: Path, serve) -> None:
    config = tmp_path / "externalization.yaml"
    config.write_text("enabled: false\n")
    raw = big_output("epsilon")
    with serve("--store", str(tmp_path / "store"), "--config", str(config)) as base, \
            httpx.Client(base_url=base, timeout=30) as c:
        posted = c.post(f"{API}/inline/messages", json=seed_message(raw))
        assert posted.status_code == 200, posted.text
        part = tool_part(c.get(f"{API}/inline/context").json()["result"]["messages"][0])
        assert part["tool_output"] == raw
        assert "tool_output_ref" not in part and "tool_output_truncated" not in part
        assert c.get(f"{API}/inline/tool-results").json()["result"] == {"tool_results": []}


def test_seed_parameter_errors(client: httpx.Client) -> None:
    client.post(f"{API}/seed-e/messages", json=seed_message(big_output("zeta"))).raise_for_status()
    rid = client.get(f"{API}/seed-e/tool-results").json()["result"]["tool_results"][0]["tool_result_id"]
    resp = client.get(f"{API}/seed-e/tool-results/{rid}", params={"limit": -2})
    assert resp.status_code == 400
    assert resp.json() == {
        "status": "error",
        "error": {"code": "INVALID_ARGUMENT", "message": "limit must be -1 or greater than or equal to 0",
                  "details": {"field": "limit", "value": -2}},
    }
    for path, params in [
        (f"/tool-results/{rid}", {"offset": -1}),
        (f"/tool-results/{rid}/search", {"q": ""}),
        (f"/tool-results/{rid}/search", {"q": "x", "limit": 0}),
        (f"/tool-results/{rid}/search", {"q": "x", "context_chars": -1}),
        ("/tool-results", {"limit": 0}),
        (f"/tool-results/{rid}", {"limit": "many"}),
    ]:
        resp = client.get(f"{API}/seed-e{path}", params=params)
        assert resp.status_code == 400, (path, params, resp.text)
        error = resp.json()["error"]
        assert error["code"] == "INVALID_ARGUMENT" and error["details"]["field"] in ("offset", "q", "limit",
                                                                                      "context_chars")


def test_not_found_never_shows_storage_paths(client: httpx.Client, store_dir: Path) -> None:
    client.post(f"{API}/seed-f/messages", json=seed_message(big_output("eta"))).raise_for_status()
    for url in [f"{API}/no-such-session/tool-results", f"{API}/seed-f/tool-results/tr_missing_0123456789abcdef",
                f"{API}/no-such-session/context", f"{API}/seed-f/tool-results/tr_missing/search?q=x"]:
        resp = client.get(url)
        assert resp.status_code == 404, url
        assert resp.json()["error"]["code"] == "NOT_FOUND"
        assert str(store_dir) not in resp.text and "file://" not in resp.text and "metadata.json" not in resp.text
    resp = client.get(f"{API}/seed-f/tool-results/bad%20id")
    assert resp.status_code == 400 and resp.json()["error"]["message"] == "Invalid tool_result_id"


def test_client_cannot_skip_externalization_with_a_fake_ref(client: httpx.Client) -> None:
    message = seed_message(big_output("theta"))
    tool_part(message).update(tool_output_ref="toolstub://sessions/other/tool-results/tr_x_0123456789abcdef",
                              tool_output_truncated=True)
    resp = client.post(f"{API}/seed-g/messages", json=message)
    assert resp.status_code == 400
    assert resp.json()["error"]["details"] == {"field": "messages[0].parts[1].tool_output_ref"}
