"""A crash at any point of a write leaves no record or a whole one (metadata.json is the commit point)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time

import pytest

import toolstub
from toolstub.errors import NotFoundError
from toolstub.store import records
from toolstub.store import session as session_module
from toolstub.store.session import ToolResultStore

CONTENT = "0123456789abcdef\n" * 12_000  # 204 KB: several chunks, so mid_output is a real partial file


class Crash(BaseException):
    """Stands for the process dying (BaseException: nothing catches it)."""


def assert_whole_or_absent(session, content: str) -> str:
    """Every record folder is either invisible (no metadata) or whole; returns 'absent' or 'whole'."""
    folders = session.backend.names(f"{session.session_id}/{records.RESULTS}")
    states = []
    listed = {m["tool_result_id"] for m in session.list()["tool_results"]}
    for rid in folders:
        try:
            session.metadata(rid)
        except NotFoundError:
            assert rid not in listed, "an uncommitted record is listed"
            with pytest.raises(NotFoundError):
                session.read(rid)
            states.append("absent")
            continue
        try:
            got = session.read(rid, limit=-1)["content"]
        except Exception as exc:  # noqa: BLE001 - any failure to read a committed record is a torn record
            raise AssertionError(f"torn record {rid}: {type(exc).__name__}: {exc}") from None
        assert got == content, f"torn record {rid}: content differs"
        states.append("whole")
    return "whole" if "whole" in states else "absent"


WRITER = textwrap.dedent(
    """
    import sys, toolstub
    toolstub.open_store(sys.argv[1]).session("crash").write("0123456789abcdef\\n" * 12_000, tool_id="c1")
    """
)


@pytest.mark.parametrize("step", ["mid_output", "before_checkpoints", "before_metadata", "before_index"])
def test_kill_9_at_each_step_local(tmp_path, step):
    kill_9_at(str(tmp_path / "store"), step, tmp_path)


@pytest.mark.parametrize("step", ["before_checkpoints", "before_metadata", "before_index"])
def test_kill_9_at_each_step_s3(s3_store_url, tmp_path, step):
    """(One S3 PUT is atomic: there is no mid-output moment to kill.)"""
    kill_9_at(s3_store_url, step, tmp_path)


def kill_9_at(shared_store_url: str, step: str, tmp_path) -> None:
    marker = tmp_path / "paused"
    env = {**os.environ, session_module.PAUSE_ENV: step, session_module.PAUSE_FILE_ENV: str(marker)}
    proc = subprocess.Popen([sys.executable, "-c", WRITER, shared_store_url], env=env, start_new_session=True)
    deadline = time.monotonic() + 60
    while not marker.exists():
        assert proc.poll() is None, "writer exited before reaching the pause point"
        assert time.monotonic() < deadline, "writer never reached the pause point"
        time.sleep(0.02)
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    session = toolstub.open_store(shared_store_url).session("crash")
    state = assert_whole_or_absent(session, CONTENT)
    assert state == ("whole" if step == "before_index" else "absent")
    if step == "mid_output":  # the partial bytes exist, but only under a temp name
        folder = session.backend.names("crash/tool-results")[0]
        names = session.backend.names(f"crash/tool-results/{folder}")
        assert any(n.startswith(".tmp-") for n in names) and "output.txt" not in names
    # fsck sees what was left; rewriting completes (and indexes) the record
    report = toolstub.open_store(shared_store_url).fsck(repair=True, remove_orphans=True)
    assert report["ok"]
    again = session.write(CONTENT, tool_id="c1")
    assert session.read(again.tool_result_id, limit=-1)["content"] == CONTENT
    assert [m["tool_result_id"] for m in session.list()["tool_results"]] == [again.tool_result_id]


def crash_at(monkeypatch, step: str) -> None:
    def pause(name: str) -> None:
        if name == step:
            raise Crash(name)

    monkeypatch.setattr(session_module, "pause_point", pause)


@pytest.mark.parametrize("step", ["mid_output", "before_checkpoints", "before_metadata", "before_index"])
def test_simulated_crash_leaves_whole_or_absent(session, monkeypatch, step):
    crash_at(monkeypatch, step)
    try:
        session.write(CONTENT, tool_id="c1")
    except Crash:
        pass
    assert_whole_or_absent(session, CONTENT)


def test_the_check_fails_when_metadata_is_not_written_last(monkeypatch, tmp_path):
    """Remove the protection (commit first, output after) and the same check catches a torn record."""
    pending = {}
    original_output = ToolResultStore._write_output
    original_commit = ToolResultStore._commit

    def defer_output(self, rid, encoded):
        pending[rid] = encoded

    def commit_then_output(self, rid, metadata):
        created = original_commit(self, rid, metadata)
        original_output(self, rid, pending[rid])
        return created

    monkeypatch.setattr(ToolResultStore, "_write_output", defer_output)
    monkeypatch.setattr(ToolResultStore, "_commit", commit_then_output)
    crash_at(monkeypatch, "mid_output")
    session = toolstub.open_store(str(tmp_path / "s")).session("crash")
    with pytest.raises(Crash):
        session.write(CONTENT, tool_id="c1")
    with pytest.raises(AssertionError, match="torn record"):
        assert_whole_or_absent(session, CONTENT)


def test_the_check_fails_when_output_is_written_in_place(monkeypatch, tmp_path):
    """Remove the temp-name step (write output.txt in place) and a crash mid-output is caught too."""
    from toolstub.store.backend import LocalBackend

    def in_place(self, rel, chunks, hook=None):
        os.makedirs(os.path.dirname(self.path(rel)), exist_ok=True)
        with open(self.path(rel), "wb") as handle:
            for chunk in chunks:
                handle.write(chunk)
                handle.flush()
                if hook is not None:
                    hook()

    monkeypatch.setattr(LocalBackend, "put_stream", in_place)
    store = toolstub.open_store(str(tmp_path / "s"))
    session = store.session("crash")
    first = session.write(CONTENT, tool_id="c1")  # a committed record...
    crash_at(monkeypatch, "mid_output")
    with pytest.raises(Crash):  # ...whose output a second, crashing writer rewrites in place
        session._write_output(first.tool_result_id, __import__("toolstub.store.checkpoints").store.checkpoints.encode(CONTENT))
    with pytest.raises(AssertionError, match="torn record"):
        assert_whole_or_absent(session, CONTENT)
