"""Stateless over the store: two server processes over one store give the same answers,
and concurrent writers through both lose no message."""

from __future__ import annotations

import threading
from collections.abc import Iterator

import httpx
import pytest

API = "/api/v1/sessions"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory, serve) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    store = str(tmp_path_factory.mktemp("shared"))
    with serve("--store", store) as a, serve("--store", store) as b, \
            httpx.Client(base_url=a, timeout=30) as ca, httpx.Client(base_url=b, timeout=30) as cb:
        yield ca, cb


def test_two_servers_answer_alike(pair) -> None:
    a, b = pair
    raw = "\n".join(f"row {i} status={'FAIL' if i % 97 == 0 else 'pass'}" for i in range(2_000))
    messages = [
        {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function",
                                              "function": {"name": "tests", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": raw},
    ]
    a.post(f"{API}/both/messages", json={"format": "openai", "messages": messages}).raise_for_status()
    listed_a = a.get(f"{API}/both/tool-results").json()
    assert listed_a == b.get(f"{API}/both/tool-results").json()
    rid = listed_a["result"]["tool_results"][0]["tool_result_id"]
    for path, params in [(f"/tool-results/{rid}", {"limit": -1}), (f"/tool-results/{rid}", {"offset": 500}),
                         (f"/tool-results/{rid}/search", {"q": "FAIL", "limit": 3}), ("/context", {})]:
        got_a = a.get(f"{API}/both{path}", params=params).json()
        assert got_a["status"] == "ok"
        assert got_a == b.get(f"{API}/both{path}", params=params).json(), path
    cursor = a.get(f"{API}/both/tool-results/{rid}/search", params={"q": "FAIL", "limit": 3}).json()["result"]["next"]
    page_b = b.get(f"{API}/both/tool-results/{rid}/search", params={"q": "FAIL", "limit": 3, "cursor": cursor})
    assert page_b.json()["result"]["matches"][0]["offset"] == raw.index("FAIL", raw.index("row 291 "))


def test_concurrent_appends_through_both_servers_keep_every_message(pair) -> None:
    a, b = pair

    def writer(client: httpx.Client, name: str) -> None:
        for i in range(10):
            body = {"format": "openai", "messages": [{"role": "user", "content": f"{name}:{i}"}]}
            client.post(f"{API}/shared/messages", json=body).raise_for_status()

    threads = [threading.Thread(target=writer, args=(c, f"w{n}")) for n, c in enumerate([a, b, a, b, a, b])]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    got = [m["content"] for m in a.get(f"{API}/shared/context").json()["result"]["messages"]]
    assert sorted(got) == sorted(f"w{n}:{i}" for n in range(6) for i in range(10))
    for n in range(6):  # each writer's messages stay in its order
        mine = [int(x.split(":")[1]) for x in got if x.startswith(f"w{n}:")]
        assert mine == list(range(10))
    assert got == [m["content"] for m in b.get(f"{API}/shared/context").json()["result"]["messages"]]
