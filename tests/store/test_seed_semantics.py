"""The seed's write/read/search/list/metadata answers, on every backend."""

from __future__ import annotations

import hashlib

import pytest

from toolstub.errors import InvalidArgumentError, NotFoundError
from toolstub.store import records


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_ids_follow_the_seed(session):
    assert session.write("abc", tool_id="tool:1").tool_result_id == f"tr_tool_1_{sha('abc')[:16]}"
    assert session.write("abc", tool_id="!!!").tool_result_id == f"tr_tool_{sha('abc')[:16]}"
    assert session.write("abc", tool_id="  weird id  ").tool_result_id == f"tr_weird_id_{sha('abc')[:16]}"
    assert session.write("abc").tool_result_id == f"tr_{sha('abc')[:24]}"
    long = session.write("abc", tool_id="x" * 300).tool_result_id
    assert long == "tr_" + "x" * 96 + "_" + sha("abc")[:16]


def test_metadata_fields_in_seed_order(session):
    stored = session.write("hello", tool_id="t1", tool_name="bash", message_id="m1", mime_type="text/plain")
    meta = session.metadata(stored.tool_result_id)
    assert list(meta)[: len(records.SEED_FIELDS)] == list(records.SEED_FIELDS)
    assert meta["original_chars"] == 5 and meta["preview_chars"] == 5
    assert meta["sha256"] == sha("hello") and meta["offset_unit"] == "unicode_code_point"
    assert meta["synopsis_kind"] == stored.synopsis.kind == meta["synopsis"]["kind"]
    assert meta["storage_uri"] == stored.ref == f"toolstub://sessions/sess-1/tool-results/{stored.tool_result_id}"
    assert meta["output_uri"] == stored.ref + "/output.txt"
    assert meta["ruleset"] and meta["ruleset_version"] and meta["redactions"] == 0
    raw = session.backend.cat(records.metadata_path("sess-1", stored.tool_result_id)).decode()
    assert raw.startswith('{\n  "tool_result_id": ')  # json.dumps(indent=2)


def test_dedupe_by_tool_id_and_content(session):
    first = session.write("same", tool_id="a", message_id="m1", created_at="2024-01-01T00:00:00+00:00")
    again = session.write("same", tool_id="a", message_id="m2", created_at="2025-01-01T00:00:00+00:00")
    other = session.write("same", tool_id="b")
    assert first.created and not again.created and other.created
    assert again.tool_result_id == first.tool_result_id != other.tool_result_id
    assert again.metadata["message_id"] == "m1" and again.metadata["created_at"].startswith("2024")
    assert len(session.list()["tool_results"]) == 2


def test_read_slices_in_code_points(session):
    content = "ab😀cd" * 3
    rid = session.write(content).tool_result_id
    r = session.read(rid, offset=2, limit=3)
    assert r["content"] == content[2:5] and r["total_chars"] == 15 and r["has_more"] is True
    assert set(r) == {"tool_result_id", "content", "offset", "limit", "offset_unit", "total_chars", "has_more", "metadata"}
    assert session.read(rid, limit=-1, include_metadata=False)["content"] == content
    assert session.read(rid, offset=10, limit=5)["has_more"] is False
    zero = session.read(rid, limit=0)
    assert zero["content"] == "" and zero["has_more"] is True  # the seed's limit=0 quirk
    past = session.read(rid, offset=100)
    assert past["content"] == "" and past["has_more"] is False
    assert "metadata" not in session.read(rid, include_metadata=False)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"offset": -1}, "offset must be greater than or equal to 0"),
        ({"limit": -2}, "limit must be -1 or greater than or equal to 0"),
    ],
)
def test_read_errors(session, kwargs, message):
    rid = session.write("x").tool_result_id
    with pytest.raises(InvalidArgumentError) as info:
        session.read(rid, **kwargs)
    assert info.value.message == message and info.value.code == "INVALID_ARGUMENT"


def test_unknown_and_invalid_ids(session):
    with pytest.raises(NotFoundError):
        session.read("tr_" + "0" * 24)
    with pytest.raises(NotFoundError):
        session.metadata("tr_" + "0" * 24)
    assert session.exists("tr_" + "0" * 24) is False
    with pytest.raises(InvalidArgumentError) as info:
        session.read("bad id")
    assert info.value.message == "Invalid tool_result_id"
    assert info.value.details == {"tool_result_id": "bad id"}


def test_search_matches_the_seed(session, seed_search):
    content = "aaaa\nfoo bar foo\n" + "x" * 700 + "foo" + "y" * 50
    rid = session.write(content).tool_result_id
    for query, limit, ctx in [("aa", 20, 300), ("foo", 2, 3), ("foo", 20, 0), ("zzz", 5, 1), ("\n", 20, 10)]:
        result = session.search(rid, query, limit=limit, context_chars=ctx)
        assert result["tool_result_id"] == rid
        assert [{k: m[k] for k in ("offset", "offset_unit", "snippet")} for m in result["matches"]] == seed_search(
            content, query, limit, ctx
        )
    assert [m["offset"] for m in session.search(rid, "aa")["matches"]] == [0, 2]
    lines = [m["line"] for m in session.search(rid, "foo")["matches"]]
    assert lines == [2, 2, 3]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"query": ""}, "query must not be empty"),
        ({"query": "a", "limit": 0}, "limit must be greater than 0"),
        ({"query": "a", "context_chars": -1}, "context_chars must be greater than or equal to 0"),
    ],
)
def test_search_errors(session, kwargs, message):
    rid = session.write("abc").tool_result_id
    with pytest.raises(InvalidArgumentError) as info:
        session.search(rid, **kwargs)
    assert info.value.message == message


def test_list_filters_before_the_limit_and_orders_by_time(session):
    ids = []
    for i in range(6):
        ids.append(session.write(f"out {i}", tool_id=f"c{i}", tool_name="grep" if i % 2 else "bash").tool_result_id)
    listed = session.list()["tool_results"]
    assert [m["tool_result_id"] for m in listed] == ids
    greps = session.list(tool_name="grep", limit=2)["tool_results"]
    assert [m["tool_result_id"] for m in greps] == [ids[1], ids[3]]
    assert session.list(tool_name="none")["tool_results"] == []
    assert [m["tool_result_id"] for m in session.list(limit=2, newest_first=True)["tool_results"]] == ids[:-3:-1]
    with pytest.raises(InvalidArgumentError):
        session.list(limit=0)


def test_list_of_an_empty_session(store):
    assert store.session("nothing-here").list() == {"tool_results": []}


def test_refs_in_every_form(store, session):
    rid = session.write("ref me").tool_result_id
    for ref in (
        rid,
        f"toolstub://sessions/sess-1/tool-results/{rid}",
        f"viking://user/u1/sessions/sess-1/tool-results/{rid}",
        f"viking://session/sess-1/tool-results/{rid}",
    ):
        assert session.read(ref)["content"] == "ref me"
    other = store.session("sess-2")
    with pytest.raises(NotFoundError):  # a ref to another session never reads across sessions
        other.read(f"toolstub://sessions/sess-1/tool-results/{rid}")
    assert session.ref(rid) == f"toolstub://sessions/sess-1/tool-results/{rid}"


def test_sessions_are_listed(store):
    store.session("a1").write("x")
    store.session("b2").write("y")
    assert store.sessions() == ["a1", "b2"]
    assert store.has_session("a1") and not store.has_session("c3") and not store.has_session("../a1")
    store.session("m1").append_messages([{"role": "user"}])
    assert store.has_session("m1")


def test_message_log_keeps_order(session):
    session.append_messages([{"role": "user", "content": "1"}, {"role": "assistant", "content": "2"}])
    session.append_messages([{"role": "tool", "content": "3"}])
    session.append_messages([])
    assert [m["content"] for m in session.messages()] == ["1", "2", "3"]
    with pytest.raises(InvalidArgumentError):
        session.append_messages({"role": "user"})


def test_a_prefix_collision_never_overwrites(session):
    """Same tool_id, same 16-hex prefix, different content: the new record takes the full digest."""
    import json as _json

    first = session.write("one", tool_id="t")
    forged = dict(first.metadata, sha256="f" * 64)  # pretend the stored record is other content
    session.backend.put(records.metadata_path("sess-1", first.tool_result_id),
                        _json.dumps(forged).encode())
    second = session.write("one", tool_id="t")
    assert second.created and second.tool_result_id == f"tr_t_{sha('one')}"
    assert session.metadata(first.tool_result_id)["sha256"] == "f" * 64  # untouched


def test_backend_failures_are_one_line_store_errors(tmp_path):
    import toolstub
    from toolstub.errors import StoreError

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    session = toolstub.open_store(str(blocker)).session("s")
    with pytest.raises(StoreError) as info:
        session.write("content")
    assert info.value.message.startswith("store backend error: ") and "\n" not in info.value.message


def test_unreachable_s3_is_a_store_error(monkeypatch):
    import toolstub
    from toolstub.errors import StoreError

    monkeypatch.setenv("TOOLSTUB_S3_ENDPOINT", "http://127.0.0.1:9")  # nothing listens on the discard port
    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "k")
    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "s")
    session = toolstub.open_store("s3://nobucket/x", config_kwargs={"connect_timeout": 1, "retries": {"max_attempts": 1}},
                                  skip_instance_cache=True).session("s")
    with pytest.raises(StoreError):
        session.read("tr_" + "0" * 24)


def test_icase_is_a_literal_with_unicode_folding(session):
    rid = session.write("Hello World # x\tTAB ÉCOLE école a+b \\d").tool_result_id
    for query, offsets in [("o w", [4]), ("# X", [12]), ("\tt", [15]), ("école", [20, 26]), ("A+B", [32]), ("\\D", [36])]:
        assert [m["offset"] for m in session.search(rid, query, mode="icase")["matches"]] == offsets, query


def test_store_urls_and_the_default_folder(tmp_path, monkeypatch):
    import toolstub
    from toolstub.store import default_local_root

    monkeypatch.delenv("TOOLSTUB_STORE", raising=False)
    monkeypatch.setenv("TOOLSTUB_HOME", str(tmp_path / "home"))
    assert default_local_root() == tmp_path / "home" / "store"
    toolstub.open_store().session("d").write("default folder")
    assert (tmp_path / "home" / "store" / "d" / "tool-results").is_dir()
    monkeypatch.setenv("TOOLSTUB_STORE", str(tmp_path / "env"))
    toolstub.open_store().session("e").write("env folder")
    assert (tmp_path / "env" / "e").is_dir()
    via_url = toolstub.open_store(f"file://{tmp_path / 'url'}")
    via_url.session("f").write("file url")
    assert via_url.sessions() == ["f"] and (tmp_path / "url" / "f").is_dir()
    with pytest.raises(InvalidArgumentError):
        toolstub.open_store("s3://")
