"""Large request bodies on a real server (issue 11): held once, decoded without a copy of the whole
body, their nesting counted chunk by chunk; the answers for bad bodies are unchanged."""

from __future__ import annotations

import json
from collections.abc import Iterator

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolstub.server.body_limit import NestingDepth
from toolstub.server.json_body import LARGE_BODY_BYTES, loads_body
from toolstub.store.query import nesting_depth_bytes

LIMIT = 8 * LARGE_BODY_BYTES


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory, serve) -> Iterator[httpx.Client]:
    root = tmp_path_factory.mktemp("big")
    with serve("--store", str(root), "--max-body-bytes", str(LIMIT), env={"TOOLSTUB_MAX_INPUT_BYTES": str(LIMIT)}) as base, \
            httpx.Client(base_url=base, timeout=60) as c:
        yield c


def _log(size: int) -> str:
    lines, n = [], 0
    while n < size:
        line = f'2024-03-01 10:00:00 {"ERROR" if len(lines) % 97 == 5 else "INFO"} "q" \\ é request {len(lines)}\n'
        lines.append(line)
        n += len(line)
    return "".join(lines)


def _chunked(data: bytes, size: int) -> Iterator[bytes]:
    for start in range(0, len(data), size):
        yield data[start : start + size]


@pytest.mark.parametrize("streamed", [False, True], ids=["content-length", "chunked"])
def test_a_large_tool_output_posted_is_stored_whole(big: httpx.Client, streamed: bool) -> None:
    text = _log(3 * LARGE_BODY_BYTES)
    body = json.dumps({"format": "openai", "messages": [{"role": "tool", "tool_call_id": "c1", "content": text}]}).encode()
    assert len(body) > LARGE_BODY_BYTES
    sid = f"big-{streamed}"
    content = _chunked(body, 65_537) if streamed else body
    resp = big.post(f"/api/v1/sessions/{sid}/messages", content=content, headers={"content-type": "application/json"})
    assert resp.status_code == 200, resp.text
    listed = big.get(f"/api/v1/sessions/{sid}/tool-results").json()["result"]["tool_results"]
    assert len(listed) == 1
    ref = listed[0]["ref"] if "ref" in listed[0] else f"{sid}/{listed[0]['tool_result_id']}"
    read = big.get(f"/api/v1/sessions/{sid}/tool-results/{listed[0]['tool_result_id']}",
                   params={"offset": len(text) - 200, "limit": 200}).json()["result"]
    assert read["content"] == text[-200:] and ref


def test_a_large_malformed_body_is_still_a_clear_400(big: httpx.Client) -> None:
    text = _log(2 * LARGE_BODY_BYTES)
    body = json.dumps({"format": "openai", "messages": [{"role": "tool", "tool_call_id": "c1", "content": text}]})
    resp = big.post("/api/v1/sessions/bad/messages", content=body[:-3].encode(), headers={"content-type": "application/json"})
    small = big.post("/api/v1/sessions/bad/messages", content=b'{"format": "openai", "messages": [{"x": "y"}',
                     headers={"content-type": "application/json"})
    assert resp.status_code == small.status_code and 400 <= resp.status_code < 500
    assert resp.json()["status"] == "error" and resp.json()["error"]["code"] == small.json()["error"]["code"]
    listed = big.get("/api/v1/sessions/bad/tool-results")
    assert listed.status_code == 404 or listed.json()["result"]["tool_results"] == []


def test_a_large_deep_body_is_refused_with_its_depth(big: httpx.Client) -> None:
    body = b'{"format": "openai", "messages": [{"role": "user", "content": "' + b"x" * (2 * LARGE_BODY_BYTES) + b'"}], "x": ' \
        + b"[" * 300 + b"]" * 300 + b"}"
    resp = big.post("/api/v1/sessions/deep/messages", content=_chunked(body, 4093), headers={"content-type": "application/json"})
    assert resp.status_code == 400
    assert resp.json()["error"]["details"] == {"field": "body", "depth": 301, "max_depth": 256}


def test_a_large_body_over_the_limit_is_413(big: httpx.Client) -> None:
    resp = big.post("/api/v1/sessions/over/messages", content=_chunked(b"[" + b"1," * LIMIT + b"1]", 1 << 16),
                    headers={"content-type": "application/json"})
    assert resp.status_code == 413


_PIECES = [b"[", b"]", b"{", b"}", b'"', b"\\", b"a", b'\\"', b"\\\\", b",", b"\xc3\xa9"]


@settings(max_examples=300, deadline=None)
@given(pieces=st.lists(st.sampled_from(_PIECES), max_size=60), cuts=st.lists(st.integers(0, 200), max_size=8))
def test_the_nesting_depth_of_a_body_cut_anywhere_is_that_of_the_whole(pieces, cuts) -> None:
    data = b"".join(pieces)
    depth = NestingDepth()
    last = 0
    for cut in sorted({c % (len(data) + 1) for c in cuts}) + [len(data)]:
        depth.feed(data[last:cut])
        last = cut
    assert depth.value == nesting_depth_bytes(data)


@pytest.mark.parametrize("body", [b'{"a": [1, 2.5, -0, 1e10, "\\u00e9\\n", true, null]}', b'[18446744073709551616]',
                                  b'[NaN, Infinity]', b'"\\ud800"', b"[1e400]", b"[" + b"7" * 5000 + b"]",
                                  '{"é": "ü"}'.encode()])
def test_a_body_decodes_as_json_loads_decodes_it(body: bytes) -> None:
    from toolstub.store.query import Constant, _parse_int

    try:
        expected = json.loads(body, parse_constant=Constant)
    except ValueError:
        expected = json.loads(body, parse_int=_parse_int, parse_constant=Constant)
    got = loads_body(body)
    assert repr(got) == repr(expected) and type(got) is type(expected)
