"""A folder written in the seed's layout (no checkpoints, no index) is readable; it is upgraded lazily."""

from __future__ import annotations

import hashlib
import json

import pytest

from toolstub.store import records


def seed_record(backend, session_id: str, content: str, tool_id: str, tool_name: str, created_at: str) -> str:
    """Write a result exactly as the seed does: output.txt, then metadata.json with its fields only."""
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()
    rid = f"tr_{tool_id}_{digest[:16]}"
    uri = f"viking://user/u1/sessions/{session_id}/tool-results/{rid}"
    metadata = {
        "tool_result_id": rid,
        "session_id": session_id,
        "message_id": "msg-1",
        "tool_id": tool_id,
        "tool_name": tool_name,
        "user_id": "u1",
        "peer_id": "",
        "created_at": created_at,
        "original_chars": len(content),
        "preview_chars": min(len(content), 2000),
        "sha256": digest,
        "mime_type": "text/plain",
        "synopsis_kind": "text",
        "synopsis": {"kind": "text", "title": "Text output", "summary": ["Text."], "structure": [],
                     "notable_items": [], "sample": ""},
        "storage_uri": uri,
        "output_uri": f"{uri}/output.txt",
        "offset_unit": "unicode_code_point",
    }
    backend.put(f"{session_id}/tool-results/{rid}/output.txt", content.encode("utf-8"))
    backend.put(f"{session_id}/tool-results/{rid}/metadata.json",
                json.dumps(metadata, ensure_ascii=False, indent=2).encode("utf-8"))
    return rid


@pytest.fixture
def seeded(store):
    late = seed_record(store.backend, "seed-s", "late output: needle\n" * 50, "call2", "grep", "2025-06-01T10:00:00Z")
    early = seed_record(store.backend, "seed-s", "early ünïcode 😀 needle", "call1", "bash", "2025-01-01T10:00:00Z")
    return store.session("seed-s"), early, late


def test_seed_folder_reads_and_searches(seeded):
    session, early, late = seeded
    got = session.read(early, offset=6, limit=9)
    assert got["content"] == "ünïcode 😀" and got["total_chars"] == len("early ünïcode 😀 needle")
    assert got["metadata"]["storage_uri"].startswith("viking://user/u1/sessions/seed-s/")
    assert session.read(f"viking://session/seed-s/tool-results/{late}", limit=5)["content"] == "late "
    found = session.search(late, "needle", limit=3, context_chars=2)
    assert [m["offset"] for m in found["matches"]] == [13, 33, 53] and found["total"] == 50
    assert [m["line"] for m in found["matches"]] == [1, 2, 3]


def test_seed_folder_lists_in_creation_order_and_gets_an_index(seeded):
    session, early, late = seeded
    assert session.backend.names("seed-s/index") == []
    listed = session.list()["tool_results"]
    assert [m["tool_result_id"] for m in listed] == [early, late]  # by created_at, not by name
    assert len(session.backend.names("seed-s/index")) == 2
    assert [m["tool_result_id"] for m in session.list(tool_name="grep")["tool_results"]] == [late]


def test_checkpoints_are_added_on_first_read(seeded):
    session, early, _ = seeded
    path = records.checkpoints_path("seed-s", early)
    assert not session.backend.exists(path)
    session.read(early, offset=3, limit=2)
    assert session.backend.exists(path)
    assert session.read(early, offset=3, limit=2)["content"] == "ly"


def test_seed_records_are_deduplicated(seeded):
    session, early, _ = seeded
    again = session.write("early ünïcode 😀 needle", tool_id="call1", tool_name="bash")
    assert again.tool_result_id == early and not again.created
    assert again.metadata["created_at"] == "2025-01-01T10:00:00Z"


def test_our_folder_is_seed_readable(store):
    """What we write, the seed's reader can read: the same two files, the seed's fields and bytes."""
    session = store.session("ours")
    stored = session.write("héllo", tool_id="t", tool_name="bash")
    folder = f"ours/tool-results/{stored.tool_result_id}"
    assert store.backend.cat(f"{folder}/output.txt").decode("utf-8") == "héllo"
    metadata = json.loads(store.backend.cat(f"{folder}/metadata.json").decode("utf-8"))
    assert set(records.SEED_FIELDS) <= set(metadata)
    assert metadata["sha256"] == hashlib.sha256("héllo".encode()).hexdigest()


def test_corrupt_metadata_is_a_clear_error(store):
    from toolstub.errors import InvalidArgumentError

    session = store.session("broken")
    rid = session.write("x").tool_result_id
    store.backend.put(records.metadata_path("broken", rid), b"{not json")
    with pytest.raises(InvalidArgumentError) as info:
        session.read(rid)
    assert info.value.message == "Invalid tool result metadata"


def test_missing_checkpoints_of_our_record_fall_back(store):
    """Our metadata names the index; if the file is gone, reads and paged search still answer."""
    session = store.session("nochk")
    content = "ab\n" * 30_000
    rid = session.write(content).tool_result_id
    path = records.checkpoints_path("nochk", rid)
    store.backend.rm(path)
    page = session.search(rid, "ab", limit=2)
    assert session.search(rid, "ab", limit=2, cursor=page["next"])["matches"][0]["offset"] == 6
    assert session.read(rid, offset=60_000, limit=6)["content"] == "ab\nab\n"
    assert store.backend.exists(path)  # rebuilt by the read
    store.backend.rm(path)
    assert [p["problem"] for p in store.fsck(repair=True, verify=False)["repaired"]] == ["missing_checkpoints"]
    assert store.backend.exists(path)
