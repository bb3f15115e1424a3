"""Store metadata as the seed keeps it (issue 15), for both rulesets (the store is shared).

The seed keeps ``None`` for a missing ``user_id``, ``peer_id``, ``message_id`` and ``created_at``,
keeps ``mime_type`` as given (``""`` too), and ``list(tool_name="")`` is no filter. The time of
storing is ours, in ``stored_at_ns`` (creation order, prune by age).
"""

from __future__ import annotations

import json
import uuid

import pytest

import toolstub


@pytest.fixture(params=["openviking-compat", "default"])
def rules(request):
    return request.param


@pytest.fixture
def session(tmp_path):
    return toolstub.open_store(str(tmp_path / "store")).session(f"s-{uuid.uuid4().hex[:8]}")


def _on_disk(tmp_path, session, rec):
    path = tmp_path / "store" / session.session_id / "tool-results" / rec.metadata["tool_result_id"] / "metadata.json"
    return json.loads(path.read_text(encoding="utf-8"))


def test_missing_fields_are_none(tmp_path, session, rules):
    rec = session.write("hello world", tool_id="call_1", tool_name="bash", rules=rules)
    for meta in (rec.metadata, session.metadata(rec.ref), _on_disk(tmp_path, session, rec)):
        assert meta["user_id"] is None and meta["peer_id"] is None
        assert meta["message_id"] is None and meta["created_at"] is None
        assert meta["mime_type"] == "text/plain"
        assert isinstance(meta["stored_at_ns"], int) and meta["stored_at_ns"] > 0


def test_given_fields_are_kept_as_given(tmp_path, session, rules):
    rec = session.write("x", tool_id="c", tool_name="t", mime_type="", message_id="", user_id="u", peer_id="",
                        created_at="2026-01-02T03:04:05Z", rules=rules)
    meta = _on_disk(tmp_path, session, rec)
    assert meta["mime_type"] == ""  # the seed keeps "" (toolstub used to write text/plain)
    assert (meta["message_id"], meta["user_id"], meta["peer_id"]) == ("", "u", "")
    assert meta["created_at"] == "2026-01-02T03:04:05Z"


def test_empty_tool_name_lists_everything(session, rules):
    session.write("a", tool_id="1", tool_name="bash", rules=rules)
    session.write("b", tool_id="2", tool_name="", rules=rules)
    session.write("c", tool_id="3", tool_name="grep", rules=rules)
    everything = [m["tool_id"] for m in session.list()["tool_results"]]
    assert everything == ["1", "2", "3"]
    assert [m["tool_id"] for m in session.list(tool_name="")["tool_results"]] == everything
    assert [m["tool_id"] for m in session.list(tool_name="bash")["tool_results"]] == ["1"]


def test_prune_by_age_does_not_need_created_at(tmp_path):
    store = toolstub.open_store(str(tmp_path / "pruned"))
    rec = store.session("s").write("old enough", tool_id="1")
    assert rec.metadata["created_at"] is None
    assert store.prune(older_than=3600, dry_run=True)["removed"] == []
    assert [r["tool_result_id"] for r in store.prune(older_than=0, dry_run=True)["removed"]] == [rec.metadata["tool_result_id"]]
