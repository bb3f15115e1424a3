"""Ids are validated before any path is built: traversal attempts never reach the backend."""

from __future__ import annotations

import pytest

import toolstub
from toolstub.errors import InvalidArgumentError
from toolstub.store import backend as backend_module

ATTEMPTS = [
    "",
    ".",
    "..",
    "../x",
    "tr_../../etc/passwd",
    "tr_a/b",
    "tr_a\\b",
    "tr_a\x00b",
    "/etc/passwd",
    "tr_" + "a" * 300,
    "tr_",
    "tr_abc ",
    "tr_é",
    "tr_a%2e%2e",
    "TR_abc",
    "abc",
    "toolstub://sessions/../tool-results/tr_abc",
    "toolstub://sessions/s/tool-results/..",
    "viking://session/../../tool-results/tr_a",
    "toolstub://sessions/s/tool-results/tr_a/../../x",
    "file:///etc/passwd",
]

SESSION_ATTEMPTS = ["", ".", "..", "../x", "a/b", "a\\b", "a\x00", "/abs", "x" * 200, ".hidden", "a b"]


class Tripwire(Exception):
    pass


@pytest.fixture
def tripwired(session, monkeypatch):
    """Any backend access after this point fails the test."""
    calls = []

    def trip(*args, **kwargs):
        calls.append(args)
        raise Tripwire(args)

    for name in ("cat", "cat_many", "open", "exists", "names", "put", "create", "rm", "size", "sizes"):
        monkeypatch.setattr(session.backend, name, trip)
    return session


@pytest.mark.parametrize("bad", ATTEMPTS)
def test_bad_ids_are_refused_before_any_io(tripwired, bad):
    for call in (
        lambda: tripwired.read(bad),
        lambda: tripwired.search(bad, "x"),
        lambda: tripwired.metadata(bad),
        lambda: tripwired.query(bad, "$.a"),
    ):
        with pytest.raises(InvalidArgumentError):
            call()


@pytest.mark.parametrize("bad", SESSION_ATTEMPTS)
def test_bad_session_ids_are_refused(store, bad):
    with pytest.raises(InvalidArgumentError) as info:
        store.session(bad)
    assert info.value.message == "Invalid session_id"


def test_valid_ids_still_work(session):
    rid = session.write("fine", tool_id="a.b-c_d").tool_result_id
    assert rid.startswith("tr_a.b-c_d_")
    assert session.read(rid)["content"] == "fine"


def test_no_file_escapes_the_root(tmp_path):
    root = tmp_path / "root"
    store = toolstub.open_store(str(root))
    session = store.session("s")
    for bad in ATTEMPTS:
        with pytest.raises(InvalidArgumentError):
            session.read(bad)
    session.write("x", tool_id="../../../escape")
    outside = [p for p in tmp_path.rglob("*") if root not in p.parents and p != root]
    assert outside == []


def test_tripwire_fixture_is_armed(tripwired):
    """The fixture really blocks I/O (so the test above would notice a path being built)."""
    with pytest.raises(Tripwire):
        tripwired.read("tr_" + "0" * 24)


def test_unsupported_url_scheme():
    with pytest.raises(InvalidArgumentError):
        backend_module.open_backend("ftp://host/x")


def test_the_tripwire_fires_without_validation(tripwired, monkeypatch):
    """Loosen the id check and a traversal id reaches the backend: the tests above would fail."""
    import re

    from toolstub.store import ids

    monkeypatch.setattr(ids, "_TOOL_RESULT_ID_RE", re.compile(r".*", re.DOTALL))
    with pytest.raises(Tripwire) as info:
        tripwired.read("tr_../../../etc/passwd")
    assert "../../../etc/passwd" in str(info.value)
