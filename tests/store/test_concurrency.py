"""N writers of the same content (threads and processes) give one record; appenders never lose a message."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor

import toolstub
from toolstub.store import records

CONTENT = "the same big output\n" * 2000


def record_folders(session) -> list[str]:
    return [n for n in session.backend.names(f"{session.session_id}/{records.RESULTS}")]


def test_threads_writing_the_same_content_make_one_record(session):
    with ThreadPoolExecutor(8) as pool:
        results = list(pool.map(lambda _: session.write(CONTENT, tool_id="call", tool_name="bash"), range(16)))
    assert len({r.tool_result_id for r in results}) == 1
    assert sum(r.created for r in results) == 1
    assert len({r.metadata["stored_at_ns"] for r in results}) == 1  # every writer got the winner's record
    assert len(record_folders(session)) == 1
    assert len(session.backend.names(f"{session.session_id}/{records.INDEX}")) == 1
    assert len(session.list()["tool_results"]) == 1
    assert session.read(results[0].tool_result_id, limit=-1)["content"] == CONTENT


WRITER = textwrap.dedent(
    """
    import sys, toolstub
    session = toolstub.open_store(sys.argv[1]).session("shared")
    content = "the same big output\\n" * 2000
    created = [session.write(content, tool_id="call", tool_name="bash").created for _ in range(2)]
    print(sum(created))
    """
)


def test_processes_writing_the_same_content_make_one_record(shared_store_url):
    store_url = shared_store_url
    procs = [subprocess.Popen([sys.executable, "-c", WRITER, store_url], stdout=subprocess.PIPE, text=True)
             for _ in range(4)]
    outputs = [p.communicate(timeout=120)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    assert sum(int(o.strip()) for o in outputs) == 1
    session = toolstub.open_store(store_url).session("shared")
    assert len(record_folders(session)) == 1
    assert len(session.list()["tool_results"]) == 1


def test_concurrent_appenders_lose_no_message(session):
    def append(worker: int) -> None:
        for i in range(10):
            session.append_messages([{"worker": worker, "i": i}])

    with ThreadPoolExecutor(6) as pool:
        list(pool.map(append, range(6)))
    messages = session.messages()
    assert len(messages) == 60
    for worker in range(6):  # each appender's own order is kept
        assert [m["i"] for m in messages if m["worker"] == worker] == list(range(10))


def test_create_only_primitive_has_one_winner(session):
    path = f"{session.session_id}/probe.json"
    with ThreadPoolExecutor(8) as pool:
        wins = list(pool.map(lambda i: session.backend.create(path, str(i).encode()), range(8)))
    assert wins.count(True) == 1
    assert session.backend.cat(path) == str(wins.index(True)).encode()


def racing_writers(session, monkeypatch, n: int = 6):
    """n writers that all pass the dedupe check before any of them commits (the worst interleaving)."""
    import threading

    from toolstub.store.session import ToolResultStore

    barrier = threading.Barrier(n)
    original = ToolResultStore._commit

    def commit_together(self, rid, metadata):
        barrier.wait(timeout=30)
        return original(self, rid, metadata)

    monkeypatch.setattr(ToolResultStore, "_commit", commit_together)
    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(lambda _: session.write(CONTENT, tool_id="race"), range(n)))


def test_worst_interleaving_still_gives_one_record(session, monkeypatch):
    results = racing_writers(session, monkeypatch)
    assert sum(r.created for r in results) == 1
    assert len({r.metadata["stored_at_ns"] for r in results}) == 1


def test_the_race_test_fails_without_create_only_commits(session, monkeypatch):
    """Replace the create-only commit by a plain overwrite: every racer 'creates' (the check above catches it)."""
    def overwrite(rel, data):
        session.backend.put(rel, data)
        return True

    monkeypatch.setattr(session.backend, "create", overwrite)
    results = racing_writers(session, monkeypatch)
    assert sum(r.created for r in results) == len(results) > 1
