"""Attacks as an outsider makes them (issue 14, item 7), against a real ``toolstub serve http``:
traversal in every id, odd and huge numbers in every parameter, pathological search patterns and
JSONPaths, bombs through every entry point, a body sent one byte a second, huge headers. Never a
5xx, never a traceback, never unbounded work."""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator

import httpx
import pytest

import toolstub

from .conftest import run_server


@pytest.fixture(scope="module")
def target(tmp_path_factory) -> Iterator[dict]:
    root = tmp_path_factory.mktemp("attack-store")
    session = toolstub.open_store(str(root)).session("s1")
    dense = session.write("".join(f"line {i} aaaa bbbb\n" for i in range(200_000)), tool_id="t1", tool_name="bash")
    doc = session.write(json.dumps({"a": [{"b": i} for i in range(1000)]}), tool_id="t2", tool_name="http",
                        mime_type="application/json")
    with run_server("--store", str(root), "--request-timeout", "5") as base:
        yield {"base": base, "api": f"{base}/api/v1/sessions", "dense": dense.tool_result_id,
               "doc": doc.tool_result_id}


def ok_or_4xx(resp: httpx.Response, what: str) -> None:
    assert resp.status_code < 500, (what, resp.status_code, resp.text[:300])
    assert "Traceback" not in resp.text
    assert resp.json()["status"] in ("ok", "error")


IDS = ["..", "../..", "%2e%2e", "..%2f..", "a%2f..%2fb", "s1%2f..", ".", "~", "CON", "%20", "a" * 3000,
       "tr_..%2f..%2fx", "tr_" + "a" * 300, "%F0%9F%98%80", "s1%0d%0aX-Injected:%20y", "%00"]


def test_traversal_in_every_id(target) -> None:
    api, dense = target["api"], target["dense"]
    for sid in IDS:
        for suffix in ("/tool-results", "/context", f"/tool-results/{dense}", f"/tool-results/{dense}/search?q=a"):
            resp = httpx.get(f"{api}/{sid}{suffix}", timeout=30)
            ok_or_4xx(resp, sid + suffix)
            assert resp.status_code != 200, sid + suffix
            assert "x-injected" not in resp.headers
    for rid in IDS:
        if rid in ("..", "../..", "."):
            continue  # the client resolves dot segments before sending
        for suffix in ("", "/search?q=a", "/query?path=$"):
            resp = httpx.get(f"{api}/s1/tool-results/{rid}{suffix}", timeout=30)
            ok_or_4xx(resp, rid + suffix)
            assert resp.status_code in (400, 404), rid + suffix


NUMBERS = [str(10**30), str(-10**30), "-1", "-2", "0", "1e9", "nan", "9" * 5000, "0x10", "1.5"]


def test_odd_and_huge_numbers_in_every_parameter(target) -> None:
    api, dense, doc = target["api"], target["dense"], target["doc"]
    for value in NUMBERS:
        for name in ("offset", "limit", "line", "lines"):
            ok_or_4xx(httpx.get(f"{api}/s1/tool-results/{dense}", params={name: value}, timeout=30), f"read {name}")
        for name in ("limit", "context_chars"):
            ok_or_4xx(httpx.get(f"{api}/s1/tool-results/{dense}/search", params={"q": "aaaa", name: value},
                                timeout=30), f"search {name}")
        ok_or_4xx(httpx.get(f"{api}/s1/tool-results/{doc}/query", params={"path": "$..b", "max_chars": value},
                            timeout=30), "query max_chars")
        ok_or_4xx(httpx.get(f"{api}/s1/tool-results", params={"limit": value}, timeout=30), "list limit")
        ok_or_4xx(httpx.get(f"{api}", params={"limit": value}, timeout=30), "sessions limit")


def test_a_huge_search_page_is_bounded_and_pages_on(target) -> None:
    url = f"{target['api']}/s1/tool-results/{target['dense']}/search"
    started = time.monotonic()
    resp = httpx.get(url, params={"q": "aaaa", "limit": 10**30}, timeout=60)
    assert resp.status_code == 200, resp.text[:300]
    result = resp.json()["result"]
    assert len(result["matches"]) == 1000 and result["next"]  # at most 1000 a page
    wide = httpx.get(url, params={"q": "aaaa", "limit": 10**30, "context_chars": 10**30}, timeout=60)
    assert wide.status_code == 200, wide.text[:300]  # inside the 5 s budget: no 503
    snippets = [m["snippet"] for m in wide.json()["result"]["matches"]]
    assert 1 <= len(snippets) <= 100 and all(len(s) <= 2 * 20_000 + 4 for s in snippets)
    assert sum(map(len, snippets)) <= 4_100_000
    assert time.monotonic() - started < 10
    nxt = httpx.get(url, params={"q": "aaaa", "limit": 1000, "cursor": result["next"]}, timeout=60).json()["result"]
    assert nxt["matches"][0]["offset"] > result["matches"][-1]["offset"]


def test_bad_cursors_patterns_and_paths(target) -> None:
    api, dense, doc = target["api"], target["dense"], target["doc"]
    for cursor in ("x", "../../etc/passwd", "A" * 30_000, "eyJ9", '{"o":-1}', "MTIzNDU2Nzg5MA==", "%00"):
        ok_or_4xx(httpx.get(f"{api}/s1/tool-results/{dense}/search", params={"q": "a", "cursor": cursor},
                            timeout=30), f"cursor {cursor[:20]}")
    for q, mode in (("(a{1000}){1000}", "regex"), ("(((((a*)*)*)*)*)b", "regex"), ("\\", "regex"), ("[", "regex"),
                    ("(?P<x>a)(?P=x)", "regex"), ("(?s).*", "regex"), ("^", "regex"), ("\\b", "regex"),
                    ("a" * 30_000, "literal"), ("A" * 5000, "icase")):
        started = time.monotonic()
        ok_or_4xx(httpx.get(f"{api}/s1/tool-results/{dense}/search", params={"q": q, "mode": mode, "limit": 5},
                            timeout=60), f"search {q[:20]}")
        assert time.monotonic() - started < 5
    for path in ("$" + "[0]" * 3000, "$..*" * 300, "$[?(@.b > 1e309)]", "$.a[-1:-99999999999999999999]",
                 "$.a[::0]", "$.a[" + "9" * 5000 + "]", "`", "$..b..b..b..b..b..b..b", ".a[].b"):
        started = time.monotonic()
        ok_or_4xx(httpx.get(f"{api}/s1/tool-results/{doc}/query", params={"path": path}, timeout=60), path[:30])
        assert time.monotonic() - started < 5


YAML_BOMB = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n" for i in range(9))
XML_BOMB = ('<?xml version="1.0"?><!DOCTYPE l [<!ENTITY a "aaaaaaaaaa">'
            + "".join(f'<!ENTITY {chr(98 + i)} "' + f"&{chr(97 + i)};" * 10 + '">' for i in range(9)) + "]><l>&j;</l>")
JSON_DEEP = "[" * 200_000 + "]" * 200_000


@pytest.mark.parametrize("bomb,mime", [(YAML_BOMB, "application/yaml"), (XML_BOMB, "application/xml"),
                                       (JSON_DEEP, "application/json"), (YAML_BOMB, ""), (XML_BOMB, "")],
                         ids=["yaml", "xml", "json", "yaml-nomime", "xml-nomime"])
def test_bombs_through_the_synopsis_and_messages_routes(target, bomb: str, mime: str) -> None:
    started = time.monotonic()
    resp = httpx.post(f"{target['base']}/api/v1/synopsis", params={"mime": mime} if mime else {},
                      content=bomb.encode(), headers={"content-type": "text/plain"}, timeout=60)
    assert resp.status_code == 200, resp.text[:300]
    messages = {"format": "openai", "messages": [
        {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": bomb + " " * 25_000}]}
    resp = httpx.post(f"{target['api']}/bombs/messages", json=messages, timeout=60)
    assert resp.status_code == 200, resp.text[:300]
    assert time.monotonic() - started < 5


def _slow_body(base: str, method: str, path: str, seconds: float) -> bytes:
    """Send a request whose body comes one byte at a time; return the whole answer (b"" if none)."""
    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port))) as sock:
        sock.sendall(f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: text/plain\r\n"
                     f"Content-Length: 100000\r\n\r\n".encode())
        sock.settimeout(0.5)
        started = time.monotonic()
        got = b""
        while time.monotonic() - started < seconds and not got:
            try:
                sock.sendall(b"a")  # one byte at a time, never the whole body
            except OSError:
                pass  # the server answered and closed: its answer is still there to read
            try:
                got = sock.recv(65536)
            except TimeoutError:
                pass
            except OSError:
                break
        sock.settimeout(2)
        while got:  # the rest of the answer, up to the server closing the connection
            try:
                more = sock.recv(65536)
            except OSError:
                break
            if not more:
                break
            got += more
    return got


def test_a_body_sent_one_byte_at_a_time_gets_408_within_the_budget(target) -> None:
    for method, path in (("POST", "/api/v1/synopsis"), ("GET", "/healthz")):
        started = time.monotonic()
        answer = _slow_body(target["base"], method, path, 20)
        assert answer.startswith(b"HTTP/1.1 408"), answer[:200]
        assert b"REQUEST_TIMEOUT" in answer and time.monotonic() - started < 10
    assert httpx.get(target["base"] + "/healthz", timeout=10).status_code == 200


def test_huge_and_many_headers_are_refused_without_a_5xx(target) -> None:
    for headers in ({"X-Big": "a" * 200_000}, {f"X-H{i}": "v" for i in range(3000)}):
        try:
            resp = httpx.get(target["base"] + "/healthz", headers=headers, timeout=30)
        except httpx.TransportError:  # the HTTP parser closed the connection: refused, nothing served
            continue
        assert resp.status_code < 500
    assert httpx.get(target["base"] + "/healthz", timeout=10).status_code == 200


def test_concurrent_writers_and_readers_over_http(target) -> None:
    """8 clients post messages (with a secret in each) to one session while 4 read it: every post
    answers 200, every message is in the log once, no secret is in any answer."""
    from concurrent.futures import ThreadPoolExecutor

    import random
    import string

    rng = random.Random(1417)
    tokens = ["ghp_" + "".join(rng.choice(string.ascii_letters + string.digits) for _ in range(36)) for _ in range(40)]
    url = f"{target['api']}/crowd"

    def post(i: int) -> httpx.Response:
        body = {"format": "openai", "messages": [{"role": "user", "content": f"message {i} token {tokens[i]}"}]}
        return httpx.post(url + "/messages", json=body, timeout=60)

    def read(_: int) -> httpx.Response:
        return httpx.get(url + "/context", timeout=60)

    with ThreadPoolExecutor(12) as pool:
        writes = list(pool.map(post, range(40)))
        reads = list(pool.map(read, range(12)))
    assert [w.status_code for w in writes] == [200] * 40
    assert all(r.status_code in (200, 404) for r in reads)  # 404 before the first write landed
    log = httpx.get(url + "/context", timeout=60)
    contents = [m["content"] for m in log.json()["result"]["messages"]]
    assert sorted(int(c.split()[1]) for c in contents) == list(range(40))
    for answer in [log, *writes, *reads]:
        for token in tokens:
            assert token[4:12] not in answer.text
