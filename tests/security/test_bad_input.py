"""Deep JSON, huge numbers, odd content, bad limits and ids: a clean 4xx / exit code or a correct
answer on every path (library, CLI, HTTP, MCP), never a RecursionError or an internal error."""

from __future__ import annotations

import json

import httpx
import pytest

import toolstub
from toolstub.errors import InvalidArgumentError
from toolstub.store.query import MAX_QUERY_DEPTH, BigInt, load_document, nesting_depth

from .conftest import run_cli

DEEP = "[" * 100_000 + "]" * 100_000
HUGE_INT = '{"a": ' + "9" * 100_000 + ', "b": [1, 2]}'


@pytest.fixture(scope="module")
def stored(server: str, server_store) -> dict[str, str]:
    session = toolstub.open_store(str(server_store)).session("bad-input")
    docs = {
        "deep": DEEP,
        "deep_obj": '{"a":' * 5000 + "1" + "}" * 5000,
        "at_limit": "[" * MAX_QUERY_DEPTH + "]" * MAX_QUERY_DEPTH,
        "huge_int": HUGE_INT,
        "neg_huge_int": '[-' + "1" * 5000 + "]",
        "not_json": "this is {not json",
        "nan": '{"a": NaN}',
        "binary": "\x00\x01\xff\udcff",
    }
    return {name: session.write(text, tool_id=name, mime_type="application/json").tool_result_id
            for name, text in docs.items()}


def test_query_library_answers_or_refuses_cleanly(server_store, stored) -> None:
    session = toolstub.open_store(str(server_store)).session("bad-input")
    for name in ("deep", "deep_obj", "not_json", "binary"):
        with pytest.raises(InvalidArgumentError) as err:
            session.query(stored[name], "$..a")
        assert "\n" not in err.value.message
    answer = session.query(stored["huge_int"], "$.a", max_chars=200_000)
    assert answer["count"] == 1 and answer["matches"][0]["value"] == "9" * 100_000
    assert isinstance(answer["matches"][0]["value"], BigInt)
    assert session.query(stored["huge_int"], "$.b[1]")["matches"][0]["value"] == 2
    assert session.query(stored["neg_huge_int"], "$[0]", max_chars=10_000)["matches"][0]["value"] == "-" + "1" * 5000
    assert session.query(stored["at_limit"], "$" + "[0]" * (MAX_QUERY_DEPTH - 1))["count"] == 1
    # every path on a document at the depth limit: an answer or a clean error
    for path in ("$..*", "$..[0]", "$[*]", "$[?(@ > 1)]"):
        try:
            session.query(stored["at_limit"], path)
        except InvalidArgumentError:
            pass


@pytest.mark.parametrize("path", ["$..a", "$.a", "$[0]", "$..*"])
def test_query_over_http_never_500(server: str, stored, path: str) -> None:
    for name, rid in stored.items():
        resp = httpx.get(f"{server}/api/v1/sessions/bad-input/tool-results/{rid}/query",
                         params={"path": path, "max_chars": 200_000}, timeout=60)
        assert resp.status_code in (200, 400), (name, path, resp.status_code, resp.text[:300])
        body = resp.json()
        if resp.status_code == 400:
            assert body["error"]["code"] == "INVALID_ARGUMENT" and body["error"]["message"]


def test_query_cli_exit_codes(server_store, stored) -> None:
    done = run_cli("store", "--store", str(server_store), "query", stored["deep"], "$[0]", "--session", "bad-input")
    assert done.returncode == 2 and b"nests 100000 levels deep" in done.stderr
    assert done.stderr.count(b"\n") == 1
    done = run_cli("store", "--store", str(server_store), "query", stored["huge_int"], "$.a", "--session",
                   "bad-input", "--max-chars", "200000")
    assert done.returncode == 0 and done.stdout.startswith(b'$.a\t"999')


def test_mcp_query_error_has_a_reason(server_store, stored) -> None:
    from toolstub.server.mcp_server import SessionTools, _guard

    tools = SessionTools(toolstub.open_store(str(server_store)).session("bad-input"), "bad-input")
    from mcp.server.mcpserver.exceptions import ToolError

    with pytest.raises(ToolError) as err:
        _guard(tools.query)(stored["deep"], "$[0]", 20_000)
    assert "INVALID_ARGUMENT" in str(err.value) and "levels deep" in str(err.value)
    assert _guard(tools.query)(stored["huge_int"], "$.b", 20_000)["count"] == 1


@pytest.mark.parametrize("body", [
    '{"content": "x", "x": ' + DEEP + "}",
    '{"content": ' + DEEP + "}",
    '{"role": "user", "parts": [{"type": "text", "text": "hi", "x": ' + "[" * 900 + "]" * 900 + "}]}",
    '{"content": "a", "preview_chars": ' + "9" * 100_000 + "}",
    '{"content": "a", "mime": ' + "9" * 100_000 + "}",
    '{"format": "openai", "messages": [{"role": "tool", "tool_call_id": "c", "content": ' + DEEP + "}]}",
])
def test_hostile_json_bodies_get_400(server: str, body: str) -> None:
    for path in ("/api/v1/synopsis", "/api/v1/sessions/bad-input-post/messages"):
        resp = httpx.post(server + path, content=body, headers={"Content-Type": "application/json"}, timeout=60)
        assert resp.status_code == 400, (path, resp.status_code, resp.text[:300])
        assert resp.json()["status"] == "error"


@pytest.mark.parametrize("content", [DEEP, HUGE_INT, '{"a": 1e999999}', "\x00" * 1000, '"' * 10_000,
                                     "[" * 953 + "]" * 953, "{" * 50_000])
def test_synopsis_of_hostile_json_over_http(server: str, content: str) -> None:
    resp = httpx.post(server + "/api/v1/synopsis", params={"mime": "application/json"}, content=content.encode(),
                      headers={"Content-Type": "text/plain"}, timeout=60)
    assert resp.status_code == 200
    assert resp.json()["result"]["synopsis"]["kind"]


def test_a_huge_integer_is_still_json_for_the_default_synopsis() -> None:
    syn = toolstub.synopsize(HUGE_INT, mime="application/json")
    assert syn.kind == "json", syn.summary


def test_load_document_and_depth() -> None:
    assert nesting_depth('{"a": "[[[[", "b": [[1]]}') == 3
    assert nesting_depth('"\\"[[[["') == 0
    assert load_document('{"a": ' + "7" * 5000 + "}")["a"] == "7" * 5000
    with pytest.raises(InvalidArgumentError, match="not JSON"):
        load_document("{")


def test_huge_limits_and_offsets(server: str, server_store, stored) -> None:
    done = run_cli("store", "--store", str(server_store), "list", "--session", "bad-input",
                   "--limit", "1000000000000000000000000000000")
    assert done.returncode == 0 and done.stdout.count(b"\n") == len(stored) + 1  # a header row, then one line each
    base = f"{server}/api/v1/sessions/bad-input/tool-results"
    rid = stored["nan"]
    for url, params in ((base, {"limit": "9" * 40}), (f"{base}/{rid}", {"offset": "9" * 40}),
                        (f"{base}/{rid}", {"limit": "9" * 40}), (f"{base}/{rid}/search", {"q": "a", "limit": "9" * 40}),
                        (f"{base}/{rid}/search", {"q": "a", "context_chars": "9" * 40}),
                        (f"{base}/{rid}/query", {"path": "$.a", "max_chars": "9" * 40}),
                        ("/api/v1/sessions".join([server, ""]), {"limit": "9" * 40})):
        resp = httpx.get(url, params=params, timeout=30)
        assert resp.status_code in (200, 400), (url, params, resp.status_code, resp.text[:200])


def test_missing_store_and_session_exit_3(tmp_path, server_store) -> None:
    for args in (("list",), ("list", "--sessions"), ("read", "tr_x"), ("search", "tr_x", "a"), ("query", "tr_x", "$")):
        done = run_cli("store", "--store", str(tmp_path / "no-such-store"), *args)
        assert done.returncode == 3 and b"no such store" in done.stderr, args
    done = run_cli("store", "--store", str(server_store), "list", "--session", "no-such-session")
    assert done.returncode == 3 and b"no such session: no-such-session" in done.stderr
    done = run_cli("store", "--store", str(server_store), "read", "tr_x", "--session", "no-such-session")
    assert done.returncode == 3


def test_invalid_ids_are_400_on_every_route(server: str, stored) -> None:
    rid = stored["nan"]
    bad_sessions = ["a b", "-x", "x" * 300, "%2e%2e", "%2e", "a%00b"]  # ("." and ".." are dropped by clients, "%2f" splits the path)
    bad_results = ["..", "tr_", "x", "tr_a b", "tr_" + "a" * 300, "tr_%2e%2e", "tr_a%00"]
    for sid in bad_sessions:
        for suffix in ("/tool-results", f"/tool-results/{rid}", f"/tool-results/{rid}/search?q=a",
                       f"/tool-results/{rid}/query?path=$", "/context"):
            resp = httpx.get(f"{server}/api/v1/sessions/{sid}{suffix}", timeout=10)
            assert resp.status_code == 400, (sid, suffix, resp.status_code)
        resp = httpx.post(f"{server}/api/v1/sessions/{sid}/messages", json={"role": "user", "parts": []}, timeout=10)
        assert resp.status_code == 400, (sid, resp.status_code)
    for session in ("bad-input", "no-such-session"):
        for rid_bad in bad_results:
            for suffix in ("", "/search?q=a", "/query?path=$"):
                resp = httpx.get(f"{server}/api/v1/sessions/{session}/tool-results/{rid_bad}{suffix}", timeout=10)
                assert resp.status_code in (400, 404), (session, rid_bad, suffix, resp.status_code)
                if resp.status_code == 404:  # only when the path itself did not reach the route
                    assert resp.json()["error"]["code"] == "NOT_FOUND"
    # a valid id that does not exist is 404, in an existing and in a missing session
    assert httpx.get(f"{server}/api/v1/sessions/bad-input/tool-results/tr_nope", timeout=10).status_code == 404
    assert httpx.get(f"{server}/api/v1/sessions/no-such/tool-results/tr_nope", timeout=10).status_code == 404


def test_rule_file_caps_have_maximums(tmp_path) -> None:
    rules = tmp_path / "huge.yaml"
    for body in ("kinds:\n  json:\n    array_sample_limit: 1000000000000\n",
                 "kinds:\n  json:\n    key_limit: 1000000000000\n",
                 "limits: {line_chars: 1000000000000}\n", "limits: {total_chars: 1000000000000}\n",
                 "kinds:\n  csv:\n    sample_rows: 1000000000000\n"):
        rules.write_text("schema_version: 1\nextends: default\nversion: '1'\n" + body)
        done = run_cli("rules", "validate", str(rules))
        assert done.returncode == 4 and b"expected a number <=" in done.stderr, body
    schema = json.loads(run_cli("rules", "schema").stdout)
    assert schema["properties"]["limits"]["properties"]["line_chars"]["maximum"] == 1_000_000


def test_csv_mime_hint_with_one_50_mb_field() -> None:
    content = "id,blob\n1," + "x" * (50 << 20) + "\n2,y\n"
    syn = toolstub.synopsize(content, mime="text/csv")
    assert syn.kind == "csv" and syn.summary[0] == "CSV table with rows: 2 and columns: 2."
