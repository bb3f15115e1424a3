"""The app factory in-process: the compat ruleset gives the seed's stub header and tool
names, and two app instances over one store answer alike."""

from __future__ import annotations

from fastapi.testclient import TestClient

LOCAL = "http://localhost"  # the app answers loopback host names only (DNS rebinding)

import toolstub
from toolstub.server.http import create_app

RAW = "\n".join(f"event {i}: connection reset by peer" for i in range(1_500))
MESSAGE = {"role": "assistant", "parts": [{"type": "tool", "tool_id": "call_3", "tool_name": "tail_log",
                                           "tool_output": RAW}]}


def test_compat_rules_give_the_seed_stub() -> None:
    client = TestClient(create_app(store=toolstub.open_store("memory://compat"), rules="openviking-compat"), base_url=LOCAL)
    part = client.post("/api/v1/sessions/c/messages", json=MESSAGE).json()["result"]["messages"][0]["parts"][0]
    stub = part["tool_output"].splitlines()
    assert stub[0] == "[OpenViking tool result externalized]"
    assert stub[1:4] == ["tool_name: tail_log", "kind: text", f"original_chars: {len(RAW)}"]
    ref = part["tool_output_ref"]
    assert f"- Use openviking_tool_result_read with ref={ref} and offset/limit to inspect raw output." in stub
    assert stub[-1] == "- Use openviking_tool_result_list to discover other externalized outputs in this session."


def test_two_apps_over_one_store_answer_alike() -> None:
    store_a = toolstub.open_store("memory://shared-apps")
    store_b = toolstub.open_store("memory://shared-apps")
    a, b = TestClient(create_app(store=store_a), base_url=LOCAL), TestClient(create_app(store=store_b), base_url=LOCAL)
    a.post("/api/v1/sessions/x/messages", json=MESSAGE).raise_for_status()
    b.post("/api/v1/sessions/x/messages", json={"format": "openai",
                                                "messages": [{"role": "user", "content": "next"}]}).raise_for_status()
    for url in ["/api/v1/sessions/x/context", "/api/v1/sessions/x/tool-results", "/api/v1/sessions"]:
        assert a.get(url).json() == b.get(url).json(), url
    rid = a.get("/api/v1/sessions/x/tool-results").json()["result"]["tool_results"][0]["tool_result_id"]
    assert b.get(f"/api/v1/sessions/x/tool-results/{rid}", params={"limit": -1}).json()["result"]["content"] == RAW
    assert len(a.get("/api/v1/sessions/x/context").json()["result"]["messages"]) == 2


def test_app_from_env_reads_the_worker_environment(tmp_path, monkeypatch) -> None:
    from toolstub.server.http import app_from_env

    keys = tmp_path / "keys.yaml"
    keys.write_text("keys:\n  - {key: worker-key-0000000001, sessions: [w]}\n")
    config = tmp_path / "ext.yaml"
    config.write_text("enabled: false\n")
    monkeypatch.setenv("TOOLSTUB_STORE", "memory://from-env")
    monkeypatch.setenv("TOOLSTUB_SERVER_API_KEYS_FILE", str(keys))
    monkeypatch.setenv("TOOLSTUB_SERVER_RULES", "openviking-compat")
    monkeypatch.setenv("TOOLSTUB_SERVER_CONFIG", str(config))
    monkeypatch.setenv("TOOLSTUB_SERVER_MAX_BODY_BYTES", "100000")
    monkeypatch.delenv("TOOLSTUB_API_KEYS", raising=False)
    app = app_from_env()
    assert app.state.rules.name == "openviking-compat" and app.state.config.enabled is False
    client = TestClient(app, base_url=LOCAL)
    assert client.get("/api/v1/sessions/w/context").status_code == 401
    auth = {"Authorization": "Bearer worker-key-0000000001"}
    assert client.post("/api/v1/synopsis", content=b"x" * 100_001, headers=auth).status_code == 413
    part = client.post("/api/v1/sessions/w/messages", json=MESSAGE, headers=auth).json()["result"]["messages"][0]
    assert part["parts"][0]["tool_output"] == RAW  # externalization disabled by the config file


def test_limits_beyond_machine_sizes_mean_all() -> None:
    store = toolstub.open_store("memory://huge-limits")
    store.session("h").write("x" * 10, tool_id="c1", tool_name="probe")
    client = TestClient(create_app(store=store), raise_server_exceptions=False, base_url=LOCAL)
    for tool_name in ("probe", "other"):
        resp = client.get("/api/v1/sessions/h/tool-results", params={"tool_name": tool_name, "limit": 10**40})
        assert resp.status_code == 200
        assert len(resp.json()["result"]["tool_results"]) == (tool_name == "probe")
    assert client.get("/api/v1/sessions", params={"limit": 10**40}).json()["result"]["sessions"] == ["h"]
