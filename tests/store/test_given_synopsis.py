"""A write whose synopsis is given (what externalize does) stores in one pass: the stored record is the
one a write without it stores, but no head is described past ``whole_chars`` and no kind's counter is fed."""

from __future__ import annotations

import hashlib
import io
import json

import pytest

import toolstub
from toolstub import streaming
from toolstub.plugins import log_summarizer
from toolstub.streaming import ChunkedText

#: line kinds streamed past 20,000 code points, the others whole up to 60,000
RULES = ("schema_version: 1\nextends: default\nlarge_outputs: {whole_chars: 60000, head_chars: 5000, "
         "tail_chars: 3000, stream_chars: 20000}\n")


class Chunked(ChunkedText):
    def __init__(self, text: str, size: int = 4096) -> None:
        super().__init__(len(text), hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest(),
                         text[:100], text[-100:])
        self.text, self.size = text, size

    def chunks(self):
        for start in range(0, len(self.text), self.size):
            yield self.text[start : start + self.size]


def _log(n: int) -> str:
    return "".join(f"2024-03-01 10:{i // 60 % 60:02d}:{i % 60:02d} {'ERROR' if i % 97 == 0 else 'INFO'} "
                   f"svc[{i}] é request done id={i} token=ghp_{'a' * 36}\n" for i in range(n))


def _json(n: int) -> str:
    return "[\n" + ",\n".join(json.dumps({"id": i, "name": f"x{i}"}) for i in range(n)) + "\n]\n"


@pytest.fixture
def rules(tmp_path, monkeypatch):
    monkeypatch.setattr(streaming, "SEGMENT_CHARS", 1000)
    path = tmp_path / "rules.yaml"
    path.write_text(RULES)
    return str(path)


@pytest.fixture
def spy(monkeypatch):
    """Counts the heads described (streaming.head_kind) and the blocks the real log plugin's counter is fed."""
    calls = {"head_kind": 0, "feed": 0}
    head_kind, feed = streaming.head_kind, log_summarizer._LogTotals.feed

    def counted_head_kind(*args, **kwargs):
        calls["head_kind"] += 1
        return head_kind(*args, **kwargs)

    def counted_feed(self, block, first_line):
        calls["feed"] += 1
        return feed(self, block, first_line)

    monkeypatch.setattr(streaming, "head_kind", counted_head_kind)
    monkeypatch.setattr(log_summarizer._LogTotals, "feed", counted_feed)
    return calls


def _record(store, result) -> dict:
    folder = f"{store.session_id}/tool-results/{result.tool_result_id}"
    meta = dict(result.metadata)
    meta.pop("stored_at_ns", None)
    files = {name: store.backend.cat(f"{folder}/{name}") for name in ("output.txt", "output.idx", "output.lidx")}
    return {"ref": result.ref, "meta": json.dumps(meta, sort_keys=True), **files}


_FORMS = {
    "str": lambda text: text,
    "bytes": lambda text: text.encode(),
    "file": lambda text: io.BytesIO(text.encode()),
    "chunks": lambda text: iter([text[i : i + 3000] for i in range(0, len(text), 3000)]),
    "ChunkedText": Chunked,
}


def _both(tmp_path, rules, spy, text, form):
    plain_store = toolstub.open_store(str(tmp_path / "plain")).session("s1")
    plain = plain_store.write(_FORMS[form](text), tool_id="t", rules=rules)
    before = dict(spy)
    given_store = toolstub.open_store(str(tmp_path / "given")).session("s1")
    given = given_store.write(_FORMS[form](text), tool_id="t", rules=rules, synopsis=plain.synopsis)
    assert given.synopsis == plain.synopsis
    assert _record(given_store, given) == _record(plain_store, plain)
    return before, {key: spy[key] - before[key] for key in spy}


@pytest.mark.parametrize("form", sorted(_FORMS))
def test_past_whole_chars_a_given_synopsis_means_no_head_and_no_counter(tmp_path, rules, spy, form):
    text = _log(700)
    assert len(text) > 60000
    plain, given = _both(tmp_path, rules, spy, text, form)
    assert plain["feed"] > 0 and plain["head_kind"] >= 1  # the spies see the write without a synopsis
    # its length known (str, ChunkedText) or its first chunk already past whole_chars: no head described;
    # small chunks of unknown length: the head read at stream_chars decides (as without a synopsis)
    assert given == {"head_kind": 1 if form == "chunks" else 0, "feed": 0}


@pytest.mark.parametrize("form", sorted(_FORMS))
def test_between_stream_and_whole_chars_the_head_decides_but_nothing_is_counted(tmp_path, rules, spy, form):
    text = _log(300)
    assert 20000 < len(text) <= 60000
    plain, given = _both(tmp_path, rules, spy, text, form)
    assert plain["feed"] > 0
    assert given == {"head_kind": 1, "feed": 0}  # the decision needs the head's kind; the synopsis is given


@pytest.mark.parametrize("form", sorted(_FORMS))
def test_a_whole_parse_kind_kept_whole_stores_the_same_record(tmp_path, rules, spy, form):
    text = _json(1500)
    assert 20000 < len(text) <= 60000
    _, given = _both(tmp_path, rules, spy, text, form)
    assert given == {"head_kind": 1, "feed": 0}
