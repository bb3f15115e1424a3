"""The MCP server driven by the SDK's own client: over stdio (``toolstub serve mcp``
subprocess) and over streamable HTTP."""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from mcp import Client, StdioServerParameters

import toolstub

CLI = ["-c", "import sys; from toolstub.cli import main; sys.exit(main())"]
JSON_DOC = {"items": [{"name": "ada", "n": 1}, {"name": "bob", "n": 2}, {"name": "cy", "n": 3}], "total": 3}


@pytest.fixture(scope="module")
def populated(tmp_path_factory: pytest.TempPathFactory) -> dict:
    root = tmp_path_factory.mktemp("mcp-store")
    store = toolstub.open_store(str(root))
    session = store.session("agent-1")
    log = "\n".join(f"line {i} {'WARN disk' if i % 10 == 0 else 'ok'}" for i in range(300))
    text = session.write(log, tool_id="call_log", tool_name="bash")
    doc = session.write(json.dumps(JSON_DOC), tool_id="call_api", tool_name="http_get",
                        mime_type="application/json")
    other = store.session("agent-2").write("secret of another session", tool_id="call_x", tool_name="bash")
    huge = store.session("agent-1").write("0123456789" * 45_000, tool_id="call_huge", tool_name="dump")
    return {"root": str(root), "log": log, "text": text, "doc": doc, "other": other, "huge": huge}


def stdio_params(root: str, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=[*CLI, "serve", "mcp", "--store", root, "--session", "agent-1", *extra],
    )


def payload(result) -> dict:
    """The tool's JSON result (structured content, else the text content)."""
    if result.structured_content is not None:
        data = result.structured_content
        return data.get("result", data) if set(data) == {"result"} else data
    return json.loads(result.content[0].text)


async def drive_default(populated: dict) -> dict:
    out: dict = {}
    async with Client(stdio_params(populated["root"])) as client:
        tools = (await client.list_tools()).tools
        out["tools"] = {t.name: t for t in tools}
        text_ref, doc_ref = populated["text"].ref, populated["doc"].ref

        out["read1"] = payload(await client.call_tool("toolstub_result_read",
                                                      {"ref": text_ref, "limit": 1000}))
        chunks, offset = [], 0
        while True:
            page = payload(await client.call_tool("toolstub_result_read",
                                                  {"ref": text_ref, "offset": offset, "limit": 1500}))
            chunks.append(page["content"])
            if "next_offset" not in page:
                break
            offset = page["next_offset"]
        out["paged_read"] = "".join(chunks)

        offsets, cursor, pages = [], None, 0
        while True:
            args = {"ref": text_ref, "query": "warn DISK", "mode": "icase", "limit": 7, "context_chars": 5}
            if cursor:
                args["cursor"] = cursor
            page = payload(await client.call_tool("toolstub_result_search", args))
            pages += 1
            offsets += [m["offset"] for m in page["matches"]]
            out.setdefault("first_match", page["matches"][0])
            out["total"] = page["total"]
            cursor = page.get("next")
            if not cursor:
                break
        out["search_offsets"], out["search_pages"] = offsets, pages

        out["list"] = payload(await client.call_tool("toolstub_result_list", {}))
        out["list_http"] = payload(await client.call_tool("toolstub_result_list", {"tool_name": "http_get"}))
        out["query"] = payload(await client.call_tool("toolstub_result_query",
                                                      {"ref": doc_ref, "path": "$.items[*].name"}))
        out["bad_ref"] = await client.call_tool("toolstub_result_read", {"ref": "not a ref"})
        out["missing"] = await client.call_tool("toolstub_result_search",
                                                {"ref": "tr_nothing_0123456789abcdef", "query": "x"})
        out["foreign"] = await client.call_tool("toolstub_result_read", {"ref": populated["other"].ref})
        out["bad_args"] = await client.call_tool("toolstub_result_read", {"ref": text_ref, "offset": -5})
        out["capped"] = payload(await client.call_tool("toolstub_result_read",
                                                       {"ref": populated["huge"].ref, "limit": -1}))
        out["after_errors"] = payload(await client.call_tool("toolstub_result_read", {"ref": text_ref, "limit": 4}))
    return out


def test_stdio_client_drives_every_tool(populated: dict) -> None:
    out = asyncio.run(drive_default(populated))
    log = populated["log"]
    tools = out["tools"]
    assert set(tools) == {"toolstub_result_read", "toolstub_result_search", "toolstub_result_list",
                          "toolstub_result_query"}
    read_schema = tools["toolstub_result_read"].input_schema
    assert read_schema["required"] == ["ref"]
    assert read_schema["properties"]["offset"]["minimum"] == 0
    assert tools["toolstub_result_search"].input_schema["properties"]["mode"]["enum"] == ["literal", "icase",
                                                                                          "regex"]

    assert out["read1"]["content"] == log[:1000] and out["read1"]["next_offset"] == 1000
    assert out["read1"]["total_chars"] == len(log)
    assert out["paged_read"] == log

    expected = [i for i in range(len(log)) if log.startswith("WARN disk", i)]
    assert out["search_offsets"] == expected and out["total"] == len(expected) == 30
    assert out["search_pages"] == 5
    first = out["first_match"]
    assert first["snippet"] == log[max(0, expected[0] - 5) : expected[0] + len("WARN disk") + 5]

    listed = out["list"]["tool_results"]
    assert [e["tool_name"] for e in listed] == ["bash", "http_get", "dump"]
    assert [e["ref"] for e in listed] == [populated["text"].ref, populated["doc"].ref, populated["huge"].ref]
    assert [e["tool_name"] for e in out["list_http"]["tool_results"]] == ["http_get"]

    assert "ada" in json.dumps(out["query"]) and "cy" in json.dumps(out["query"])

    for name in ("bad_ref", "missing", "foreign"):
        result = out[name]
        assert result.is_error is True, name
        assert len(result.content) == 1 and "\n" not in result.content[0].text.strip(), name
    assert "INVALID_ARGUMENT: Invalid tool_result_id" in out["bad_ref"].content[0].text
    assert out["bad_args"].is_error is True and "offset" in out["bad_args"].content[0].text
    assert "not found" in out["missing"].content[0].text.lower()
    assert "not found" in out["foreign"].content[0].text.lower()
    assert "secret" not in out["foreign"].content[0].text
    assert out["after_errors"]["content"] == log[:4]
    capped = out["capped"]  # one call never floods the model's context
    assert len(capped["content"]) == 200_000 and capped["next_offset"] == 200_000
    assert capped["total_chars"] == 450_000 and capped["has_more"] is True


def test_compat_rules_name_the_tools_like_the_seed(populated: dict) -> None:
    async def go():
        async with Client(stdio_params(populated["root"], "--rules", "openviking-compat")) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            read = payload(await client.call_tool("openviking_tool_result_read",
                                                  {"ref": populated["text"].ref, "limit": 10}))
            return names, read

    names, read = asyncio.run(go())
    assert names == {"openviking_tool_result_read", "openviking_tool_result_search",
                     "openviking_tool_result_list", "openviking_tool_result_query"}
    assert read["content"] == populated["log"][:10]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_streamable_http_transport_behind_api_keys(populated: dict, tmp_path: Path) -> None:
    import httpx
    import httpx2
    from mcp.client.streamable_http import streamable_http_client

    keys = tmp_path / "keys.yaml"
    keys.write_text("keys:\n  - {key: agent-one-key-000001, sessions: [agent-1]}\n"
                    "  - {key: agent-two-key-000002, sessions: [agent-2]}\n")
    port = _free_port()
    cmd = [sys.executable, *CLI, "serve", "mcp", "--store", populated["root"], "--session", "agent-1",
           "--transport", "http", "--port", str(port), "--api-keys", str(keys)]
    errlog = tempfile.TemporaryFile()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=errlog)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        deadline = time.monotonic() + 20
        while True:
            if proc.poll() is not None:
                errlog.seek(0)
                raise AssertionError(errlog.read().decode()[-2000:])
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "MCP HTTP server did not start"
                time.sleep(0.1)

        async def go():
            http = httpx2.AsyncClient(headers={"Authorization": "Bearer agent-one-key-000001"},
                                      timeout=httpx2.Timeout(30, read=300))
            async with http, Client(streamable_http_client(url, http_client=http)) as client:
                names = {t.name for t in (await client.list_tools()).tools}
                page = payload(await client.call_tool("toolstub_result_search",
                                                      {"ref": populated["text"].ref, "query": "line 299"}))
                return names, page

        names, page = asyncio.run(go())
        assert "toolstub_result_query" in names
        assert [m["offset"] for m in page["matches"]] == [populated["log"].index("line 299")]

        ping = {"jsonrpc": "2.0", "id": 1, "method": "ping"}
        accept = {"Accept": "application/json, text/event-stream"}
        assert httpx.post(url, json=ping, headers=accept).status_code == 401
        foreign = httpx.post(url, json=ping, headers={**accept, "X-API-Key": "agent-two-key-000002"})
        assert foreign.status_code == 404
    finally:
        proc.terminate()
        proc.wait(timeout=10)
        errlog.close()
