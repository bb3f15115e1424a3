"""Any Python str, lone surrogates included, is stored and read back exactly; nothing crashes."""

from __future__ import annotations

import hashlib
import uuid

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toolstub
from toolstub.store import checkpoints
from toolstub.store import search as search_module
from toolstub.store.ids import sha256_text

ANY_TEXT = st.text(alphabet=st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF), max_size=300)


@pytest.fixture(scope="module")
def mem_session():
    return toolstub.open_store(f"memory://prop-{uuid.uuid4().hex}").session("p")


@settings(max_examples=150)
@given(content=ANY_TEXT, offset=st.integers(0, 320), limit=st.integers(-1, 320))
def test_any_str_round_trips(mem_session, content, offset, limit):
    stored = mem_session.write(content, tool_id="prop")
    assert stored.metadata["original_chars"] == len(content)
    whole = mem_session.read(stored.tool_result_id, limit=-1, include_metadata=False)
    assert whole["content"] == content
    part = mem_session.read(stored.tool_result_id, offset=offset, limit=limit, include_metadata=False)
    assert part["content"] == content[offset : None if limit == -1 else offset + limit]


@settings(max_examples=100)
@given(content=ANY_TEXT, query=st.text(min_size=1, max_size=3))
def test_search_never_crashes_and_finds_what_find_finds(mem_session, content, query, monkeypatch_module):
    rid = mem_session.write(content).tool_result_id
    got = mem_session.search(rid, query, limit=10_000, context_chars=2)
    expected, start = [], 0
    while True:
        i = content.find(query, start)
        if i < 0:
            break
        expected.append(i)
        start = i + len(query)
    assert [m["offset"] for m in got["matches"]] == expected
    assert got["total"] == len(expected)


@pytest.fixture(scope="module")
def monkeypatch_module():
    """Small checkpoints and blocks so that hypothesis' short strings span several of each."""
    mp = pytest.MonkeyPatch()
    mp.setattr(checkpoints, "DEFAULT_EVERY", 5)
    mp.setattr(search_module, "BLOCK_BYTES", 8)
    yield mp
    mp.undo()


@given(content=ANY_TEXT)
def test_hash_never_crashes_and_equals_the_seed_for_valid_strings(content):
    digest = sha256_text(content)
    try:
        assert digest == hashlib.sha256(content.encode("utf-8")).hexdigest()
    except UnicodeEncodeError:  # lone surrogates: the seed crashed here; we hash surrogatepass bytes
        assert digest == hashlib.sha256(content.encode("utf-8", "surrogatepass")).hexdigest()


def test_lone_surrogates_on_every_backend(session):
    content = "a\ud800b\udfffc\ud83d\ude00" + "\U0001F600"
    stored = session.write(content)
    assert session.read(stored.tool_result_id, limit=-1)["content"] == content
    assert session.read(stored.tool_result_id, offset=1, limit=2)["content"] == "\ud800b"
    assert session.search(stored.tool_result_id, "\udfff")["matches"][0]["offset"] == 3
