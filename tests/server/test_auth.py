"""API keys: file and environment formats, constant-time lookup, and scopes enforced by a
real server (a key cannot read another session: same 404 as a missing session)."""

from __future__ import annotations

import logging
from pathlib import Path

import httpx
import pytest

import toolstub
from toolstub.server.auth import (
    AuthConfigError,
    KeyRing,
    generate_key,
    hash_key,
    load_keyring,
    parse_env,
    parse_key_file,
)
from toolstub.server.http import warn_if_open

KEY_A, KEY_B, KEY_ADMIN = "key-a-" + "1" * 20, "key-b-" + "2" * 20, "key-admin-" + "3" * 20


def test_key_file_with_hashed_and_plain_keys() -> None:
    ring = KeyRing(parse_key_file(
        f'keys:\n  - name: a\n    key: "{hash_key(KEY_A)}"\n    sessions: [s1, s2]\n'
        f"  - key: {KEY_ADMIN}\n    admin: true\n",
        path="keys.yaml",
    ))
    a = ring.authenticate(KEY_A)
    assert a is not None and a.name == "a" and a.allows("s1") and a.allows("s2") and not a.allows("s3")
    admin = ring.authenticate(KEY_ADMIN)
    assert admin is not None and admin.admin and admin.allows("anything")
    assert ring.authenticate("nope") is None and ring.authenticate("") is None and ring.authenticate(None) is None
    assert ring.authenticate(hash_key(KEY_A)) is None  # the digest itself is not a key


def test_env_format() -> None:
    ring = KeyRing(parse_env(f"{KEY_A}=s1,s2; {hash_key(KEY_B)}=s3 ;{KEY_ADMIN}=*"))
    assert ring.authenticate(KEY_A).sessions == {"s1", "s2"}
    assert ring.authenticate(KEY_B).sessions == {"s3"}
    assert ring.authenticate(KEY_ADMIN).admin
    ring = load_keyring(None, env={"TOOLSTUB_API_KEYS": f"{KEY_A}=s9"})
    assert ring.enabled and ring.authenticate(KEY_A).allows("s9")
    assert not load_keyring(None, env={}).enabled


@pytest.mark.parametrize("text, message", [
    ("keys: 3", "invalid api keys: k.yaml: expected 'keys:' with a list of keys"),
    ("keys:\n  - key: abc\n", "invalid api keys: k.yaml: keys[0]: give 'sessions' or 'admin: true'"),
    ("keys:\n  - key: abc\n    admin: yes please\n", "invalid api keys: k.yaml: keys[0].admin: expected true or false"),
    ("keys:\n  - key: abc\n    scope: [x]\n", "invalid api keys: k.yaml: keys[0]: unknown field 'scope'"),
    ("keys:\n  - key: 'sha256:zz'\n    admin: true\n",
     "invalid api keys: k.yaml: keys[0].key: 'sha256:' must be followed by 64 hex digits"),
    ("keys: [", "invalid api keys: k.yaml: cannot parse: while parsing a flow node"),
])
def test_bad_key_files_give_one_line(text: str, message: str) -> None:
    with pytest.raises(AuthConfigError) as info:
        parse_key_file(text, path="k.yaml")
    assert str(info.value) == message


def test_bad_env_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(AuthConfigError, match=r"TOOLSTUB_API_KEYS\[0\]: expected KEY=SESSION"):
        parse_env("justakey")
    with pytest.raises(AuthConfigError, match="cannot read"):
        load_keyring(tmp_path / "missing.yaml", env={})


def test_generated_keys_are_unique_and_hash_stably() -> None:
    a, b = generate_key(), generate_key()
    assert a != b and len(a) > 40
    assert hash_key(a) == hash_key(a) and hash_key(a).startswith("sha256:") and len(hash_key(a)) == 71


def test_open_api_warns_only_beyond_loopback(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="toolstub.server"):
        assert warn_if_open("127.0.0.1", KeyRing()) is False
        assert warn_if_open("::1", KeyRing()) is False
        assert warn_if_open("0.0.0.0", KeyRing(parse_env(f"{KEY_A}=s1"))) is False
        assert caplog.records == []
        assert warn_if_open("0.0.0.0", KeyRing()) is True
    assert "no API keys" in caplog.records[0].getMessage()


@pytest.fixture(scope="module")
def keyed(tmp_path_factory: pytest.TempPathFactory, serve):
    root = tmp_path_factory.mktemp("keyed")
    store = toolstub.open_store(str(root / "store"))
    ra = store.session("sess-a").write("alpha secret " * 10, tool_id="c1", tool_name="bash")
    rb = store.session("sess-b").write("bravo secret " * 10, tool_id="c2", tool_name="bash")
    keys = root / "keys.yaml"
    keys.write_text(
        f'keys:\n  - {{name: a, key: "{hash_key(KEY_A)}", sessions: [sess-a, sess-c]}}\n'
        f'  - {{name: ops, key: "{hash_key(KEY_ADMIN)}", admin: true}}\n'
    )
    with serve("--store", str(root / "store"), "--api-keys", str(keys)) as base, \
            httpx.Client(base_url=base, timeout=30) as c:
        yield c, ra, rb


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_requests_without_a_valid_key_are_401(keyed) -> None:
    c, _, _ = keyed
    for headers in [{}, bearer("wrong"), {"X-API-Key": "wrong"}, {"Authorization": f"Basic {KEY_A}"}]:
        resp = c.get("/api/v1/sessions/sess-a/tool-results", headers=headers)
        assert resp.status_code == 401, headers
        assert resp.json()["error"]["code"] == "UNAUTHENTICATED"
        assert resp.headers["www-authenticate"] == "Bearer"
    assert c.post("/api/v1/synopsis", content=b"x").status_code == 401
    assert c.get("/healthz").status_code == 200


def test_a_key_reads_its_sessions_only(keyed) -> None:
    c, ra, rb = keyed
    ok = c.get(f"/api/v1/sessions/sess-a/tool-results/{ra.tool_result_id}", headers=bearer(KEY_A))
    assert ok.status_code == 200 and ok.json()["result"]["content"].startswith("alpha")
    via_header = c.get("/api/v1/sessions/sess-a/tool-results", headers={"X-API-Key": KEY_A})
    assert via_header.status_code == 200

    # Another session's results: the same 404 body as for a session that does not exist.
    for path in ["/tool-results", f"/tool-results/{rb.tool_result_id}", f"/tool-results/{rb.tool_result_id}/search?q=b",
                 "/context"]:
        foreign = c.get(f"/api/v1/sessions/sess-b{path}", headers=bearer(KEY_A))
        missing = c.get(f"/api/v1/sessions/sess-zz{path}", headers=bearer(KEY_ADMIN))
        assert foreign.status_code == missing.status_code == 404, path
        assert foreign.json() == missing.json() | {"error": {**missing.json()["error"],
                                                            "message": "Session not found: sess-b",
                                                            "details": {"session_id": "sess-b"}}}
        assert "bravo" not in foreign.text
    # sess-c is in the key's scope but does not exist: the very same answer.
    assert c.get("/api/v1/sessions/sess-c/tool-results", headers=bearer(KEY_A)).json()["error"]["code"] == "NOT_FOUND"
    post = c.post("/api/v1/sessions/sess-b/messages", headers=bearer(KEY_A),
                  json={"format": "openai", "messages": [{"role": "user", "content": "hi"}]})
    assert post.status_code == 404


def test_keyed_server_documents_its_security(keyed) -> None:
    c, _, _ = keyed
    doc = c.get("/openapi.json").json()
    assert {s["type"] for s in doc["components"]["securitySchemes"].values()} == {"http", "apiKey"}
    assert "security" in doc["paths"]["/api/v1/sessions/{session_id}/tool-results"]["get"]
    assert "security" not in doc["paths"]["/healthz"]["get"]


def test_admin_sees_every_session(keyed) -> None:
    c, ra, rb = keyed
    assert c.get("/api/v1/sessions", headers=bearer(KEY_ADMIN)).json()["result"]["sessions"] == ["sess-a", "sess-b"]
    assert c.get("/api/v1/sessions", headers=bearer(KEY_A)).json()["result"]["sessions"] == ["sess-a"]
    for sid, rec in (("sess-a", ra), ("sess-b", rb)):
        resp = c.get(f"/api/v1/sessions/{sid}/tool-results", headers=bearer(KEY_ADMIN))
        assert [m["tool_result_id"] for m in resp.json()["result"]["tool_results"]] == [rec.tool_result_id]
