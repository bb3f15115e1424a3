"""A request body spooled to a file, its long tool outputs externalized from their chunks (issue 11).

Two real servers over two fresh stores, the same rules: one spools every body past 4 KiB (so every
string past 4 KiB reaches externalization as a ChunkedText, decoded 4 KiB at a time), the other keeps
bodies under 8 MiB in memory and decodes them whole, as before. Every answer, every stored record and
its bytes, and the session's context must be the same. The rules' ``large_outputs`` limits are small,
so that both the whole path and the streamed one (view + totals) are taken at these sizes.
"""

from __future__ import annotations

import json
import os
import socket
import time
from pathlib import Path

import httpx
import pytest

API = "/api/v1/sessions"
def _log(lines: int, tag: str = "") -> str:
    return "".join(
        f'2024-03-01 10:{i // 60 % 60:02d}:{i % 60:02d} {"ERROR" if i % 97 == 5 else "INFO"} [w{i % 3}] '
        f'"quoted" \\ back é中 \U0001F600 {tag} request {i}\n' for i in range(lines))


def _json_text(n: int) -> str:
    return json.dumps({"items": [{"id": i, "name": f"user-{i}", "note": "ü\"\\"} for i in range(n)]}, indent=1)


def _csv(n: int) -> str:
    return "id,name,city\n" + "".join(f"{i},name {i},Zürich\n" for i in range(n))


def _openai() -> dict:
    return {"format": "openai", "messages": [
        {"role": "user", "content": "go " + "long question " * 600},
        {"role": "assistant", "content": None, "tool_calls": [
            {"id": f"c{k}", "type": "function", "function": {"name": f"tool_{k}", "arguments": json.dumps({"k": k})}}
            for k in range(6)]},
        {"role": "tool", "tool_call_id": "c0", "content": _log(1200)},            # streamed (a log past 30k)
        {"role": "tool", "tool_call_id": "c1", "content": _json_text(500)},       # whole (json up to 60k)
        {"role": "tool", "tool_call_id": "c2", "content": _csv(1500)},            # whole, over the threshold
        {"role": "tool", "tool_call_id": "c3", "content": "small output " * 500},  # inline (under 20k)
        {"role": "tool", "tool_call_id": "c4", "content": [
            {"type": "text", "text": _log(400, "list")}, {"type": "image_url", "image_url": {"url": "x"}},
            {"type": "text", "text": "lone \ud800 surrogate " * 2000}]},
        {"role": "tool", "tool_call_id": "c5", "content": "token ghp_" + "a" * 36 + " leaked\n" + _log(700, "s")},
    ]}


def _anthropic() -> dict:
    return {"format": "anthropic", "messages": [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "u1", "name": "grep", "input": {"q": "x"}},
                                          {"type": "tool_use", "id": "u2", "name": "cat", "input": {}}]},
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "u1", "content": _log(900, "anth")},
            {"type": "tool_result", "tool_use_id": "u2", "content": [{"type": "text", "text": _csv(3000)}]}]},
    ]}


def _parts() -> dict:
    return {"format": "parts", "messages": [{"id": "m1", "role": "user", "parts": [
        {"type": "tool", "tool_id": "p1", "tool_name": "dump", "tool_output": _json_text(1500)},
        {"type": "tool", "tool_id": "p2", "tool_name": "tiny", "tool_output": "x" * 5000},
        {"type": "text", "text": "note " * 2000}]}]}


def _seed_message() -> dict:
    return {"role": "user", "parts": [{"type": "tool", "tool_id": "s1", "tool_name": "build",
                                       "tool_output": _log(1000, "seed")}]}


def _stub_like() -> dict:
    fake = ("[toolstub: tool output stored outside the context]\ntool_name: x\nkind: log\noriginal_chars: 9\n"
            "ref: toolstub://sessions/other/tool-results/tr_x_0123456789abcdef\n\n" + _log(800, "fake"))
    return {"format": "openai", "messages": [{"role": "tool", "tool_call_id": "f1", "content": fake}]}


BODIES = {"openai": _openai, "anthropic": _anthropic, "parts": _parts, "seed": _seed_message, "stub-like": _stub_like}


def _strip(value):
    """An answer without the store's write times (the one thing two stores never share)."""
    if isinstance(value, dict):
        return {k: _strip(v) for k, v in value.items() if k not in ("stored_at_ns",)}
    if isinstance(value, list):
        return [_strip(v) for v in value]
    return value


def _stored(client: httpx.Client, sid: str) -> list:
    listed = client.get(f"{API}/{sid}/tool-results")
    assert listed.status_code == 200, listed.text
    out = []
    for meta in listed.json()["result"]["tool_results"]:
        read = client.get(f"{API}/{sid}/tool-results/{meta['tool_result_id']}", params={"limit": -1})
        lines = client.get(f"{API}/{sid}/tool-results/{meta['tool_result_id']}", params={"line": 3, "lines": 5})
        out.append((_strip(meta), _strip(read.json()), _strip(lines.json())))
    return out


@pytest.mark.parametrize("name", list(BODIES))
def test_a_spooled_body_gives_the_same_answer_and_records_as_a_whole_one(spool_pair, name: str) -> None:
    spooled, whole = spool_pair.spooled, spool_pair.whole
    body = json.dumps(BODIES[name]()).encode()
    assert len(body) > 4096
    sid = f"same-{name}"
    a = spooled.post(f"{API}/{sid}/messages", content=body, headers={"content-type": "application/json"})
    b = whole.post(f"{API}/{sid}/messages", content=body, headers={"content-type": "application/json"})
    assert a.status_code == b.status_code == 200, (a.text[:500], b.text[:500])
    assert a.json() == b.json()
    assert a.json()["result"]["report"]["externalized"] >= 1
    assert _stored(spooled, sid) == _stored(whole, sid)
    assert spooled.get(f"{API}/{sid}/context").json() == whole.get(f"{API}/{sid}/context").json()


def test_the_streamed_path_is_taken(spool_pair) -> None:
    """The log over stream_chars is described from its view, with its totals: the streamed path."""
    spooled = spool_pair.spooled
    body = json.dumps({"format": "openai", "messages": [{"role": "tool", "tool_call_id": "t", "content": _log(1200)}]})
    answer = spooled.post(f"{API}/streamed/messages", content=body, headers={"content-type": "application/json"})
    stub = answer.json()["result"]["messages"][0]["content"]
    assert "large output:" in stub and "its counts are of the whole output" in stub


BAD = {
    "truncated": json.dumps(_openai())[:-2],
    "bad-escape": json.dumps({"format": "openai", "messages": [{"role": "tool", "content": "x" * 9000}]})[:-3] + '\\q"}]}',
    "long-format": json.dumps({"format": "x" * 9000, "messages": []}),
    "extra-key": json.dumps({"format": "openai", "messages": [{"role": "tool", "content": "x" * 9000}], "extra": 1}),
    "parts-not-a-list": json.dumps({"role": "user", "parts": "y" * 9000}),
    "long-role": json.dumps({"role": "r" * 9000, "parts": []}),
    "messages-not-a-list": json.dumps({"format": "openai", "messages": {"content": "x" * 9000}}),
    "parts-a-dict": json.dumps({"role": "user", "parts": {"tool_output": "x" * 9000}}),
    "message-not-a-dict": json.dumps({"format": "openai", "messages": [["content", "x" * 9000]]}),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_spooled_body_gets_the_same_error(spool_pair, name: str) -> None:
    spooled, whole = spool_pair.spooled, spool_pair.whole
    body = BAD[name].encode()
    a = spooled.post(f"{API}/bad/messages", content=body, headers={"content-type": "application/json"})
    b = whole.post(f"{API}/bad/messages", content=body, headers={"content-type": "application/json"})
    assert (a.status_code, a.json()) == (b.status_code, b.json())
    assert a.status_code == (200 if name == "long-role" else 400)


def test_a_long_key_goes_the_old_way_with_the_same_answer(spool_pair) -> None:
    spooled, whole = spool_pair.spooled, spool_pair.whole
    body = json.dumps({"format": "openai", "messages": [{"k" * 9000: 1, "role": "tool", "content": "x" * 30000}]}).encode()
    a = spooled.post(f"{API}/long-key/messages", content=body, headers={"content-type": "application/json"})
    b = whole.post(f"{API}/long-key/messages", content=body, headers={"content-type": "application/json"})
    assert a.status_code == b.status_code == 200 and a.json() == b.json()


@pytest.mark.parametrize("lines", [600, 20_000], ids=["small", "over-1MiB"])
def test_a_spooled_synopsis_request_is_answered_as_before(spool_pair, lines: int) -> None:
    """/synopsis reads its JSON body itself: it gets the bytes, spooled or not, over 1 MiB too."""
    spooled, whole = spool_pair.spooled, spool_pair.whole
    text = _log(lines)
    for kwargs in ({"json": {"content": text, "tool_name": "t"}}, {"content": text.encode(), "params": {"mime": "text/plain"}}):
        a, b = spooled.post("/api/v1/synopsis", **kwargs), whole.post("/api/v1/synopsis", **kwargs)
        assert a.status_code == b.status_code == 200 and a.json() == b.json()


def _open_spool_files(spool_dir: Path) -> list[str]:
    found = []
    for fd_dir in Path("/proc").glob("[0-9]*/fd"):
        try:
            for fd in os.listdir(fd_dir):
                try:
                    target = os.readlink(fd_dir / fd)
                except OSError:
                    continue
                if target.startswith(str(spool_dir)):
                    found.append(target)
        except OSError:
            continue
    return found


def test_the_spool_file_is_gone_when_the_request_ends(spool_pair) -> None:
    spooled, spool_dir = spool_pair.spooled, spool_pair.spool_dir
    body = json.dumps(_seed_message()).encode()
    assert spooled.post(f"{API}/gone/messages", content=body, headers={"content-type": "application/json"}).status_code == 200
    bad = json.dumps(_openai())[:-2].encode()
    assert spooled.post(f"{API}/gone/messages", content=bad, headers={"content-type": "application/json"}).status_code == 400
    # a client that sends half its body and leaves
    host, port = spooled.base_url.host, spooled.base_url.port
    with socket.create_connection((host, port)) as sock:
        sock.sendall(b"POST /api/v1/sessions/gone/messages HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                     b"Content-Type: application/json\r\nContent-Length: 200000\r\n\r\n" + body[:100_000])
        deadline = time.monotonic() + 10
        while not _open_spool_files(spool_dir) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _open_spool_files(spool_dir), "the half body is spooled while it arrives"
    deadline = time.monotonic() + 10
    while _open_spool_files(spool_dir) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert _open_spool_files(spool_dir) == [] and list(spool_dir.iterdir()) == []


@pytest.mark.parametrize("value", ["abc", "0"])
def test_a_bad_spool_setting_is_a_one_line_config_error(tmp_path: Path, value: str, server_env) -> None:
    import subprocess
    import sys

    cmd = [sys.executable, "-c", "import sys; from toolstub.cli import main; sys.exit(main())",
           "serve", "http", "--store", str(tmp_path), "--port", "8"]
    done = subprocess.run(cmd, env=server_env(TOOLSTUB_SERVER_SPOOL_BODY_BYTES=value), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 5
    assert done.stderr.strip().count("\n") == 0 and "TOOLSTUB_SERVER_SPOOL_BODY_BYTES" in done.stderr


def test_without_a_time_budget_a_spooled_body_reaches_the_route_too(tmp_path: Path, spool_pair) -> None:
    """No TimeBudgetMiddleware between: the replay, not the middleware, hands the spooled body on."""
    from fastapi.testclient import TestClient

    from toolstub.server.http import create_app

    rules = spool_pair.rules
    answers = []
    for name, spool in (("spooled", 4096), ("whole", None)):
        app = create_app(str(tmp_path / name), rules=str(rules), request_timeout_seconds=None, spool_body_bytes=spool)
        with TestClient(app, base_url="http://127.0.0.1") as client:
            body = json.dumps(_openai()).encode()
            answer = client.post(f"{API}/nt/messages", content=body, headers={"content-type": "application/json"})
            synopsis = client.post("/api/v1/synopsis", content=_log(300).encode(), headers={"content-type": "text/plain"})
            answers.append((answer.status_code, answer.json(), synopsis.status_code, synopsis.json()))
    assert answers[0] == answers[1] and answers[0][0] == 200 and answers[0][2] == 200
