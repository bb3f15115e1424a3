"""query (JSONPath / jq-like), prune (TTL and size budget) and fsck (report and repair)."""

from __future__ import annotations

import json
import time

import pytest

from toolstub.errors import InvalidArgumentError, StoreError
from toolstub.store import records

DOC = {"items": [{"id": i, "name": f"n{i}", "tags": ["a", "b"]} for i in range(200)], "meta": {"total": 200}}


def test_jsonpath_and_jq_forms(session):
    rid = session.write(json.dumps(DOC), mime_type="application/json").tool_result_id
    got = session.query(rid, "$.items[*].id")
    assert got["count"] == 200 and not got["truncated"]
    assert [m["value"] for m in got["matches"]] == list(range(200))
    assert session.query(rid, ".items[].id")["count"] == 200
    assert session.query(rid, "meta.total")["matches"] == [{"path": "$.meta.total", "value": 200}]
    assert session.query(rid, "$.items[?(@.id > 197)].name")["matches"][0]["value"] == "n198"
    assert session.query(rid, "$.nothing")["count"] == 0
    assert [m["path"] for m in session.query(rid, "$.items[1:3].tags[0]")["matches"]] == [
        "$.items[1].tags[0]", "$.items[2].tags[0]"]


def test_query_result_is_capped(session):
    rid = session.write(json.dumps(DOC)).tool_result_id
    got = session.query(rid, "$.items[*]", max_chars=500)
    assert got["truncated"] and got["count"] == 200 and 0 < got["returned"] < 200
    assert sum(len(json.dumps(m["value"])) for m in got["matches"]) <= 500


def test_query_errors(session):
    text_id = session.write("not json at all").tool_result_id
    with pytest.raises(InvalidArgumentError, match="not JSON"):
        session.query(text_id, "$.a")
    json_id = session.write("{}").tool_result_id
    with pytest.raises(InvalidArgumentError, match="invalid JSON path"):
        session.query(json_id, "$[[[")
    with pytest.raises(InvalidArgumentError):
        session.query(json_id, "")


def test_prune_by_age_and_budget(store, monkeypatch):
    from toolstub.store import session as session_module

    now = time.time_ns()
    clock = iter([now - 3600 * 10**9, now - 60 * 10**9, now - 10**9])  # written 1 h, 1 min and 1 s ago
    monkeypatch.setattr(session_module, "monotonic_ns", lambda: next(clock))
    a, b = store.session("pa"), store.session("pb")
    old = a.write("old " * 1000, tool_id="o")
    mid = b.write("mid " * 1000, tool_id="m")
    new = a.write("new " * 1000, tool_id="n")
    seconds = 600
    dry = store.prune(older_than=seconds, dry_run=True)
    assert [r["tool_result_id"] for r in dry["removed"]] == [old.tool_result_id] and a.exists(old.tool_result_id)
    done = store.prune(older_than=seconds)
    assert [r["tool_result_id"] for r in done["removed"]] == [old.tool_result_id]
    assert not a.exists(old.tool_result_id) and a.exists(new.tool_result_id)
    assert [m["tool_result_id"] for m in a.list()["tool_results"]] == [new.tool_result_id]
    budget = store.prune(max_bytes=done["kept_bytes"] - 1)  # one over budget: the oldest goes
    assert [r["tool_result_id"] for r in budget["removed"]] == [mid.tool_result_id]
    assert budget["kept"] == 1 and b.list()["tool_results"] == []
    with pytest.raises(InvalidArgumentError):
        store.prune(older_than=-1)
    from datetime import timedelta

    assert store.prune(older_than=timedelta(days=1))["removed"] == []


def test_fsck_reports_and_repairs(store):
    session = store.session("f")
    good = session.write("good " * 100, tool_id="g")
    lost_index = session.write("unindexed", tool_id="u")
    bad_idx = session.write("x" * 1000, tool_id="x")
    backend = store.backend
    entry = [n for n in backend.names("f/index") if lost_index.tool_result_id in n][0]
    backend.rm(f"f/index/{entry}")
    backend.put(records.checkpoints_path("f", bad_idx.tool_result_id), b"TSCPIDX1garbage")
    backend.put("f/tool-results/tr_orphan_0000000000000000/output.txt", b"never committed")
    backend.put("f/index/00000000000000000001_00000000_tr_ghost_1111111111111111.json", b"{}")
    report = store.fsck()
    problems = {(p["tool_result_id"], p["problem"]) for p in report["problems"]}
    assert problems == {
        (lost_index.tool_result_id, "missing_index_entry"),
        (bad_idx.tool_result_id, "corrupt_checkpoints"),
        ("tr_orphan_0000000000000000", "orphan_output"),
        ("tr_ghost_1111111111111111", "stale_index_entry"),
    }
    assert not report["ok"] and good.tool_result_id not in {p["tool_result_id"] for p in report["problems"]}
    with pytest.raises(StoreError):
        session.read(bad_idx.tool_result_id, offset=5)
    fixed = store.fsck(repair=True, remove_orphans=True)
    assert {(p["tool_result_id"], p["problem"]) for p in fixed["repaired"]} == problems and fixed["ok"]
    assert store.fsck()["ok"]
    assert session.read(bad_idx.tool_result_id, offset=5, limit=3)["content"] == "xxx"
    assert len(session.list()["tool_results"]) == 3


def test_fsck_detects_a_changed_output(store):
    session = store.session("h")
    rid = session.write("original").tool_result_id
    store.backend.put(records.output_path("h", rid), b"tampered")
    assert [p["problem"] for p in store.fsck()["problems"]] == ["hash_mismatch"]


def test_corrupt_index_entry_is_a_clear_error(store):
    session = store.session("ci")
    rid = session.write("x").tool_result_id
    name = store.backend.names("ci/index")[0]
    store.backend.put(f"ci/index/{name}", b"garbage")
    with pytest.raises(StoreError, match="fsck"):
        session.list()
    assert [p["problem"] for p in store.fsck(repair=True)["repaired"]] == ["corrupt_index_entry"]
    assert [m["tool_result_id"] for m in session.list()["tool_results"]] == [rid]


def test_cached_list_entries_never_resurrect_a_pruned_record(store):
    session = store.session("cache")
    kept = session.write("keep", tool_id="k")
    gone = session.write("gone", tool_id="g")
    assert len(session.list()["tool_results"]) == 2  # entries now cached
    from toolstub.store import listing

    assert any("cache/index/" in path for _, path in listing._CACHE)
    store.prune(max_bytes=store.prune(max_bytes=10**12)["kept_bytes"] - 1)  # the oldest goes
    assert [m["tool_result_id"] for m in session.list()["tool_results"]] == [gone.tool_result_id]
    assert not session.exists(kept.tool_result_id)


def test_query_refuses_outputs_over_the_cap(session, monkeypatch):
    from toolstub.store import query as query_module

    rid = session.write(json.dumps(DOC)).tool_result_id
    monkeypatch.setattr(query_module, "MAX_QUERY_BYTES", 100)
    with pytest.raises(InvalidArgumentError, match="too large to query"):
        session.query(rid, "$.meta")
