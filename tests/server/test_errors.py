"""Errors never leak internals: unexpected exceptions are a bare 500, store failures a 503,
and storage paths or URLs in any message are hidden."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

LOCAL = "http://localhost"  # the app answers loopback host names only (DNS rebinding)

import toolstub
from toolstub.errors import NotFoundError, StoreError
from toolstub.server.envelope import scrub
from toolstub.server.http import create_app


class Broken:
    def __init__(self, inner: Any, exc: Exception) -> None:
        self._inner, self._exc = inner, exc

    def read(self, *args: Any, **kwargs: Any) -> Any:
        raise self._exc

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class Store:
    def __init__(self, inner: Any, exc: Exception) -> None:
        self._inner, self._exc = inner, exc

    def session(self, session_id: str) -> Any:
        return Broken(self._inner.session(session_id), self._exc)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def client_raising(exc: Exception, name: str) -> tuple[TestClient, str]:
    inner = toolstub.open_store(f"memory://errors-{name}")
    rid = inner.session("s").write("content", tool_id="c1").tool_result_id
    return TestClient(create_app(store=Store(inner, exc)), raise_server_exceptions=False, base_url=LOCAL), rid


def test_unexpected_exception_is_a_bare_500() -> None:
    client, rid = client_raising(RuntimeError("boom at /var/lib/toolstub/s/tool-results/x/output.txt"), "500")
    resp = client.get(f"/api/v1/sessions/s/tool-results/{rid}")
    assert resp.status_code == 500
    assert resp.json() == {"status": "error", "error": {"code": "INTERNAL", "message": "internal server error",
                                                         "details": {}}}


def test_store_failure_is_503_and_paths_are_hidden() -> None:
    exc = StoreError("cannot reach s3://private-bucket/prefix/s/x at /srv/data/s", details={"at": "/srv/data/s/x"})
    client, rid = client_raising(exc, "503")
    resp = client.get(f"/api/v1/sessions/s/tool-results/{rid}")
    assert resp.status_code == 503
    error = resp.json()["error"]
    assert error["code"] == "UNAVAILABLE"
    assert "private-bucket" not in resp.text and "/srv/data" not in resp.text
    assert error["message"] == "cannot reach <hidden> at <hidden>" and error["details"] == {"at": "<hidden>"}


def test_not_found_messages_keep_refs_but_hide_files() -> None:
    exc = NotFoundError("File not found: file:///data/store/s/tool-results/tr_x/metadata.json")
    client, rid = client_raising(exc, "404")
    resp = client.get(f"/api/v1/sessions/s/tool-results/{rid}")
    assert resp.status_code == 404 and resp.json()["error"]["message"] == "File not found: <hidden>"


def test_scrub() -> None:
    assert scrub("ref toolstub://sessions/s/tool-results/tr_1 ok") == "ref toolstub://sessions/s/tool-results/tr_1 ok"
    assert scrub("at C:\\Users\\me\\store\\x and /tmp/a/b") == "at <hidden> and <hidden>"
    assert scrub("see https://internal.example/x?y") == "see <hidden>"
    assert scrub("limit must be -1 or greater than or equal to 0") == "limit must be -1 or greater than or equal to 0"
    assert scrub("a/b is fine, 1/2 too") == "a/b is fine, 1/2 too"
