"""Externalization failure modes through the HTTP API (in-process app over a store whose
writes fail): ``reject`` is a 412 and nothing is appended; ``preserve_raw`` keeps the
output inline and says why."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

LOCAL = "http://localhost"  # the app answers loopback host names only (DNS rebinding)

import toolstub
from toolstub.errors import StoreError
from toolstub.server.http import create_app


class FailingWrites:
    """A session store whose writes fail, as a full disk or a dead bucket would."""

    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def write(self, *args: Any, **kwargs: Any) -> Any:
        raise StoreError("store write failed: OSError")

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


class Store:
    def __init__(self, inner: Any) -> None:
        self._inner = inner

    def session(self, session_id: str) -> Any:
        return FailingWrites(self._inner.session(session_id))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def post(client: TestClient, session: str) -> Any:
    raw = "log line\n" * 5_000
    body = {"format": "parts", "messages": [{"role": "assistant", "parts": [
        {"type": "tool", "tool_id": "call_7", "tool_name": "bash", "tool_output": raw}]}]}
    return client.post(f"/api/v1/sessions/{session}/messages", json=body), raw


@pytest.mark.parametrize("mode", ["reject", "preserve_raw"])
def test_failure_modes(mode: str) -> None:
    store = Store(toolstub.open_store(f"memory://failing-{mode}"))
    client = TestClient(create_app(store=store, config={"failure_mode": mode}), base_url=LOCAL)
    resp, raw = post(client, "fm")
    if mode == "reject":
        assert resp.status_code == 412
        error = resp.json()["error"]
        assert error["code"] == "FAILED_PRECONDITION" and error["message"] == "Failed to externalize tool output"
        assert error["details"]["tool_id"] == "call_7"
        assert client.get("/api/v1/sessions/fm/context").status_code == 404  # nothing was appended
    else:
        assert resp.status_code == 200
        part = resp.json()["result"]["messages"][0]["parts"][0]
        assert part["tool_output"] == raw and "tool_output_ref" not in part
        assert part["tool_output_externalization_error"].startswith("StoreError")
        context = client.get("/api/v1/sessions/fm/context").json()["result"]["messages"]
        assert context[0]["parts"][0]["tool_output"] == raw
