"""Read by lines over HTTP and MCP; the MCP server's version, read-only hints and one-line argument errors.

MCP through the SDK's own client on its in-memory transport; HTTP through FastAPI's TestClient.
"""

from __future__ import annotations

import asyncio
from importlib.metadata import version

import pytest
from fastapi.testclient import TestClient
from mcp import Client

import toolstub
from toolstub.server.http import create_app
from toolstub.server.mcp_server import build_mcp_server

LOG = "".join(("ERROR disk full\n" if i == 3218 else f"INFO step {i} ✓\n") for i in range(1, 5001))


@pytest.fixture
def stored():
    store = toolstub.open_store("memory://lines-server")
    return store, store.session("s").write(LOG, tool_id="call_log", tool_name="build")


def test_http_reads_by_lines(stored):
    store, rec = stored
    client = TestClient(create_app(store=store), base_url="http://localhost")  # loopback Host only
    url = f"/api/v1/sessions/s/tool-results/{rec.tool_result_id}"
    got = client.get(url, params={"line": 3217, "lines": 2, "include_metadata": "false"}).json()["result"]
    assert got["content"] == "INFO step 3217 ✓\nERROR disk full\n"
    assert got["line"] == 3217 and got["lines"] == 2 and got["total_lines"] == 5000 and got["next_line"] == 3219
    bad = client.get(url, params={"line": 0})
    assert bad.status_code == 400 and bad.json()["status"] == "error"


def call(server, *steps):
    async def run():
        async with Client(server) as client:
            out = [await client.list_tools()]
            for name, args in steps:
                out.append(await client.call_tool(name, args))
            return client, out
    return asyncio.run(run())


def test_mcp_reads_by_lines_and_tools_are_read_only(stored):
    store, rec = stored
    server = build_mcp_server(session_id="s", store=store)
    _, (tools, page) = call(server, ("toolstub_result_read", {"ref": rec.ref, "line": 3218, "lines": 1}))
    assert not page.is_error
    data = page.structured_content
    data = data.get("result", data)
    assert data["content"] == "ERROR disk full\n" and data["next_line"] == 3219
    assert {t.name for t in tools.tools} == {"toolstub_result_read", "toolstub_result_search",
                                             "toolstub_result_list", "toolstub_result_query"}
    for tool in tools.tools:
        assert tool.annotations.read_only_hint is True and tool.annotations.destructive_hint is False


def test_mcp_server_version_is_toolstubs(stored):
    store, _ = stored
    server = build_mcp_server(session_id="s", store=store)

    async def run():
        async with Client(server) as client:
            return client.server_info

    info = asyncio.run(run())
    assert info.name == "toolstub" and info.version == version("toolstub")


@pytest.mark.parametrize("args, expected", [
    ({"offset": -5}, "INVALID_ARGUMENT: offset: Input should be greater than or equal to 0"),
    ({"offset": "abc", "limit": -7}, "INVALID_ARGUMENT: offset: Input should be a valid integer, unable to parse "
                                     "string as an integer; limit: Input should be greater than or equal to -1"),
    ({"line": 0}, "INVALID_ARGUMENT: line: Input should be greater than or equal to 1"),
])
def test_mcp_argument_errors_are_one_line(stored, args, expected):
    store, rec = stored
    server = build_mcp_server(session_id="s", store=store)
    _, (_, result) = call(server, ("toolstub_result_read", {"ref": rec.ref, **args}))
    assert result.is_error
    assert result.content[0].text == expected
