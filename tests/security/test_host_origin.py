"""DNS rebinding and cross-site requests: only loopback names are answered unless allowed.

The attack of issue 14: a page resolves its own name to 127.0.0.1 and reads the open
server; the browser then sends ``Host: attacker.example:PORT``. And a page on another
origin posting to ``http://127.0.0.1:PORT`` sends its own ``Origin``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

import httpx
import pytest

import toolstub
from toolstub.server.host_check import HostPolicy, split_host

from .conftest import clean_env, run_cli, run_server

SECRET_OUTPUT = '{"orders": [1, 2, 3], "note": "private data"}'


@pytest.fixture(scope="module")
def stored(server: str, server_store) -> str:
    rec = toolstub.open_store(str(server_store)).session("victim").write(
        SECRET_OUTPUT, tool_id="c1", tool_name="http", mime_type="application/json")
    return f"/api/v1/sessions/victim/tool-results/{rec.tool_result_id}"


def port_of(base: str) -> int:
    return urlsplit(base).port or 80


@pytest.mark.parametrize("host", ["attacker.example", "attacker.example:{port}", "127.0.0.1.nip.io:{port}",
                                  "localhost.attacker.example", "evil", "0.0.0.0:{port}", "127.0.0.2:{port}",
                                  "[::2]:{port}", "localhost:notaport", "", "localhost@evil", "local host"])
def test_foreign_host_gets_421_and_no_content(server: str, stored: str, host: str) -> None:
    host = host.format(port=port_of(server))
    for path in (stored, "/api/v1/sessions", "/healthz", "/openapi.json", "/docs"):
        resp = httpx.get(server + path, headers={"Host": host}, timeout=10)
        assert resp.status_code == 421, (host, path, resp.status_code)
        assert "private data" not in resp.text
        assert resp.json()["error"]["code"] == "MISDIRECTED_REQUEST"
    resp = httpx.post(server + "/api/v1/sessions/victim/messages", headers={"Host": host},
                      json={"role": "user", "parts": [{"type": "text", "text": "x"}]}, timeout=10)
    assert resp.status_code == 421


@pytest.mark.parametrize("host", ["127.0.0.1", "127.0.0.1:{port}", "localhost", "localhost:{port}",
                                  "LOCALHOST:{port}", "localhost.:{port}", "[::1]", "[::1]:{port}"])
def test_loopback_hosts_are_answered_with_any_port(server: str, stored: str, host: str) -> None:
    resp = httpx.get(server + stored, headers={"Host": host.format(port=port_of(server))}, timeout=10)
    assert resp.status_code == 200
    assert resp.json()["result"]["content"] == SECRET_OUTPUT
    assert httpx.get(server + stored, headers={"Host": "localhost:1"}, timeout=10).status_code == 200


def test_two_host_headers_are_refused(server: str, stored: str) -> None:
    import socket

    with socket.create_connection(("127.0.0.1", port_of(server)), timeout=10) as sock:
        sock.sendall(f"GET {stored} HTTP/1.1\r\nHost: localhost\r\nHost: attacker.example\r\n"
                     f"Connection: close\r\n\r\n".encode())
        data = b""
        while chunk := sock.recv(65536):
            data += chunk
    status = int(data.split(b" ", 2)[1])
    assert status in (400, 421)
    assert b"private data" not in data


@pytest.mark.parametrize("origin", ["http://attacker.example", "https://attacker.example:443", "null",
                                    "http://localhost.attacker.example", "file://", "chrome-extension://abc",
                                    "http://user@localhost"])
def test_foreign_origin_gets_403(server: str, stored: str, origin: str) -> None:
    resp = httpx.get(server + stored, headers={"Origin": origin}, timeout=10)
    assert resp.status_code == 403
    assert "private data" not in resp.text
    assert resp.json()["error"]["code"] == "FORBIDDEN"
    resp = httpx.post(server + "/api/v1/synopsis", headers={"Origin": origin, "Content-Type": "text/plain"},
                      content=b"hello", timeout=10)
    assert resp.status_code == 403


@pytest.mark.parametrize("origin", ["http://localhost:{port}", "http://127.0.0.1:{port}", "http://[::1]:{port}",
                                    "https://localhost"])
def test_same_machine_origins_pass(server: str, stored: str, origin: str) -> None:
    resp = httpx.get(server + stored, headers={"Origin": origin.format(port=port_of(server))}, timeout=10)
    assert resp.status_code == 200


def test_allowed_host_and_origin_options(server_store) -> None:
    with run_server("--store", str(server_store), "--allowed-host", "toolstub.internal",
                    "--allowed-host", "*.corp.example", "--allowed-origin", "https://console.example") as base:
        port = port_of(base)
        for host, status in (("toolstub.internal", 200), (f"toolstub.internal:{port}", 200),
                             ("api.corp.example", 200), ("corp.example.attacker.example", 421),
                             ("attacker.example", 421), ("localhost", 200)):
            assert httpx.get(base + "/api/v1/sessions", headers={"Host": host}, timeout=10).status_code == status, host
        for origin, status in (("https://console.example", 200), ("http://toolstub.internal", 200),
                               ("https://attacker.example", 403)):
            got = httpx.get(base + "/api/v1/sessions", headers={"Origin": origin}, timeout=10).status_code
            assert got == status, origin


def test_config_key_and_environment_add_hosts(server_store, tmp_path) -> None:
    config = tmp_path / "toolstub.yaml"
    config.write_text("threshold_chars: 20000\nserver:\n  allowed_hosts: [from-config.example]\n")
    env = clean_env(TOOLSTUB_SERVER_ALLOWED_HOSTS="from-env.example")
    with run_server("--store", str(server_store), "--config", str(config), env=env) as base:
        for host, status in (("from-config.example", 200), ("from-env.example", 200), ("other.example", 421)):
            assert httpx.get(base + "/api/v1/sessions", headers={"Host": host}, timeout=10).status_code == status


def test_bad_allowed_host_is_a_one_line_error(server_store) -> None:
    done = run_cli("serve", "http", "--store", str(server_store), "--allowed-host", "http://x/y")
    assert done.returncode == 5
    assert done.stderr.decode().count("\n") == 1 and "allowed host" in done.stderr.decode()


def test_mcp_http_transport_refuses_foreign_host_even_bound_beyond_loopback(server_store) -> None:
    """The SDK's own check only holds when bound to a loopback address; ours holds always."""
    from toolstub.server.host_check import HostCheckMiddleware
    from toolstub.server.mcp_server import build_mcp_server, streamable_app

    from starlette.testclient import TestClient

    def app():
        built = streamable_app(build_mcp_server(str(server_store), session_id="victim"), session_id="victim",
                               host="0.0.0.0")
        assert isinstance(built, HostCheckMiddleware)
        return built

    with TestClient(app(), base_url="http://attacker.example") as client:
        resp = client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                           headers={"Accept": "application/json, text/event-stream"})
        assert resp.status_code == 421
    with TestClient(app(), base_url="http://localhost") as client:
        resp = client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                           headers={"Accept": "application/json, text/event-stream", "Origin": "http://attacker.example"})
        assert resp.status_code == 403
        resp = client.post("/mcp", json={"jsonrpc": "2.0", "id": 1, "method": "tools/list"},
                           headers={"Accept": "application/json, text/event-stream"})
        assert resp.status_code == 200


def test_policy_parsing() -> None:
    assert split_host("[::1]:8000") == ("::1", "8000")
    assert split_host("LocalHost.:80") == ("localhost", "80")
    assert split_host("a:b:c") is None or split_host("a:b:c")[0] == "a:b:c"
    assert split_host("x:0") is None and split_host("x:65536") is None
    policy = HostPolicy(["api.example:8443"])
    assert policy.host_allowed("api.example:8443") and not policy.host_allowed("api.example:8000")
    assert not policy.host_allowed("api.example")
    assert HostPolicy(["*"]).host_allowed("anything.example")
    with pytest.raises(ValueError):
        HostPolicy(["a/b"])
    with pytest.raises(ValueError):
        HostPolicy([], ["not an origin"])
