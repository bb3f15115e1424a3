"""Bounded work per request (issue 14, attack 4): a search stops once it has its page plus
a cheap count; ``total`` is exact only when the scan reached the end (``total_exact``);
every HTTP request has a time budget; work for a client that left stops."""

from __future__ import annotations

import socket
import threading
import time

import httpx
import pytest

import toolstub
from toolstub import budget
from toolstub.store import search as search_mod

DENSE = ("a" * 999 + "\n") * 6_000  # 6 MB, six million matches of "a"


@pytest.fixture(scope="module")
def dense(server_store) -> tuple[object, str]:
    session = toolstub.open_store(str(server_store)).session("bounded")
    return session, session.write(DENSE, tool_id="dense").tool_result_id


@pytest.fixture
def slow_scan(monkeypatch: pytest.MonkeyPatch):
    """``install(delay)``: a slow disk under search (each block waits ``delay`` s); returns the
    list of budget errors the scan itself raised. Undone by ``monkeypatch`` at teardown."""
    real_check, real_blocks = budget.check, search_mod.iter_blocks

    def install(delay: float) -> list[str]:
        raised: list[str] = []

        def slow_iter(*args, **kwargs):
            for block in real_blocks(*args, **kwargs):
                time.sleep(delay)
                yield block

        def spy() -> None:
            try:
                real_check()
            except budget.BudgetExceeded as exc:
                raised.append(exc.message)
                raise

        monkeypatch.setattr(budget, "check", spy)  # the search module's view of toolstub.budget.check
        monkeypatch.setattr(search_mod, "iter_blocks", slow_iter)
        return raised

    return install


@pytest.mark.parametrize("mode", ["literal", "icase", "regex"])
def test_a_limit_1_search_counts_only_a_bounded_number(dense, mode: str) -> None:
    session, rid = dense
    result = session.search(rid, "a" if mode != "regex" else "a+?", mode=mode, limit=1)
    assert len(result["matches"]) == 1 and result["matches"][0]["offset"] == 0
    assert result["total_exact"] is False
    assert result["total"] == 1 + search_mod.COUNT_MATCHES  # "at least", never all six million
    assert result["next"]


def test_total_is_exact_when_the_scan_reaches_the_end(dense) -> None:
    session, rid = dense
    rare = session.write("x" * 3_000_000 + "needle" + "y" * 3_000_000, tool_id="rare").tool_result_id
    for mode in ("literal", "icase", "regex"):
        result = session.search(rare, "needle" if mode != "icase" else "NEEDLE", mode=mode, limit=1)
        assert result["total"] == 1 and result["total_exact"] is True and result["next"] is None
        assert result["matches"][0]["offset"] == 3_000_000
    none = session.search(rare, "absent", limit=5)
    assert none["total"] == 0 and none["total_exact"] is True and none["next"] is None


def test_paging_with_an_inexact_total_finds_every_match(dense, monkeypatch) -> None:
    session, _ = dense
    text = "".join(f"line {i} hit\n" for i in range(500))
    rid = session.write(text, tool_id="pages").tool_result_id
    monkeypatch.setattr(search_mod, "COUNT_MATCHES", 7)
    offsets, cursor, totals = [], None, []
    while True:
        page = session.search(rid, "hit", limit=40, cursor=cursor)
        offsets += [m["offset"] for m in page["matches"]]
        totals.append((page["total"], page["total_exact"]))
        cursor = page["next"]
        if not cursor:
            break
    assert offsets == [i for i in range(len(text)) if text.startswith("hit", i)]
    assert totals[0] == (47, False)  # the first page: 40 + at most 7 counted
    assert totals[-1] == (500, True)  # the page that reached the end knows the exact total
    assert all(t >= totals[0][0] for t, _ in totals)


def test_search_checks_the_budget() -> None:
    with budget.budget(0.0):
        with pytest.raises(budget.BudgetExceeded):
            budget.check()
    with budget.budget(None) as current:
        current.cancelled = True
        with pytest.raises(budget.BudgetExceeded, match="disconnected"):
            budget.check()
    budget.check()  # outside a request: no budget


def test_http_request_over_its_time_budget_is_503_and_stops(dense, slow_scan) -> None:
    from fastapi.testclient import TestClient

    from toolstub.server.http import create_app

    session, _ = dense
    rid = session.write("z" * 8_000_000, tool_id="slow").tool_result_id
    # a budget of 1 s (on a loaded machine the route's worker may not even start within 0.2 s, and a scan that
    # never started never stops itself) and 250 ms a block, so the 8-block scan (2 s) outlives it
    app = create_app(store=toolstub.open_store(str(session.backend.root)), request_timeout_seconds=1.0)
    raised = slow_scan(0.25)
    with TestClient(app, base_url="http://localhost") as client:
        resp = client.get(f"/api/v1/sessions/bounded/tool-results/{rid}/search",
                          params={"q": "z+y", "mode": "regex"})
    assert resp.status_code == 503
    assert resp.json()["error"]["code"] == "DEADLINE_EXCEEDED"
    deadline = time.monotonic() + 10
    while not raised and time.monotonic() < deadline:
        time.sleep(0.05)
    assert raised and "time budget" in raised[0]  # the scan itself stopped


def test_work_for_a_disconnected_client_stops(dense, slow_scan) -> None:
    import uvicorn

    from toolstub.server.http import create_app

    session, _ = dense
    rid = session.write(("q" * 999 + "\n") * 30_000, tool_id="gone").tool_result_id
    app = create_app(store=toolstub.open_store(str(session.backend.root)), request_timeout_seconds=600)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    raised = slow_scan(0.02)  # 20 ms a block, so the scan outlives the client
    try:
        deadline = time.monotonic() + 20
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.05)
        with pytest.raises(httpx.ReadTimeout):
            httpx.get(f"http://127.0.0.1:{port}/api/v1/sessions/bounded/tool-results/{rid}/search",
                      params={"q": "q+x", "mode": "regex"}, timeout=0.3)
        deadline = time.monotonic() + 10
        while not raised and time.monotonic() < deadline:
            time.sleep(0.05)
        assert raised and "disconnected" in raised[0]
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def test_four_dense_searches_over_http_all_answer(server: str, dense) -> None:
    _, rid = dense
    results: list[int] = []

    def one() -> None:
        resp = httpx.get(f"{server}/api/v1/sessions/bounded/tool-results/{rid}/search",
                         params={"q": "a", "mode": "icase", "limit": 1}, timeout=60)
        results.append(resp.status_code)
        assert resp.json()["result"]["total_exact"] is False

    threads = [threading.Thread(target=one) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=90)
    assert results == [200] * 4
