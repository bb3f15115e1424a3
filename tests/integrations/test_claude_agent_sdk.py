"""Claude Agent SDK: a real ``query()`` run (the SDK's bundled Claude CLI) against a scripted model server.

The CLI is the one the ``claude-agent-sdk`` wheel ships; ``ANTHROPIC_BASE_URL`` points it at
``fake_anthropic.FakeAnthropic`` on 127.0.0.1, whose script reads the conversation it is sent
(what the model saw) and answers with tool calls. The tools are SDK in-process MCP tools, the
hook is ToolstubHooks.post_tool_use, the store a local folder. No network, nothing mocked.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest
from claude_agent_sdk import ClaudeAgentOptions, ResultMessage, create_sdk_mcp_server, query, tool
from claude_agent_sdk.types import HookContext, PostToolUseHookInput
from fake_anthropic import FakeAnthropic
from integ_helpers import HEADER

from toolstub.integrations.claude_agent_sdk import ToolstubHooks

REF = re.compile(r"^ref: (\S+)$", re.M)
FETCH = "mcp__app__fetch_build_log"
READ = "mcp__toolstub__toolstub_result_read"


def tool_results(body: dict[str, Any]) -> dict[str, str]:
    """tool_use_id -> text of the tool_result blocks in the last user message."""
    last = body["messages"][-1]
    out: dict[str, str] = {}
    if last["role"] == "user" and isinstance(last["content"], list):
        for block in last["content"]:
            if block.get("type") == "tool_result":
                content = block["content"]
                out[block["tool_use_id"]] = content if isinstance(content, str) else "".join(
                    c.get("text", "") for c in content if c.get("type") == "text")
    return out


class Script:
    """The scripted model: fetch the log; page through its stub with the read tool; answer."""

    def __init__(self) -> None:
        self.fetched = ""
        self.pages: list[dict[str, Any]] = []

    def __call__(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        if FETCH not in [t.get("name") for t in body.get("tools", [])]:
            return [{"type": "text", "text": "ok"}]  # a side request of the CLI (no tools)
        results = tool_results(body)
        if not results:
            return [{"type": "tool_use", "id": "toolu_fetch", "name": FETCH, "input": {}}]
        ((use_id, text),) = results.items()
        if use_id == "toolu_fetch":
            self.fetched = text
            found = REF.search(text) if text.startswith(HEADER) else None
            if found is None:
                return [{"type": "text", "text": f"inline: {len(text)} chars"}]
            return [{"type": "tool_use", "id": "toolu_read_0", "name": READ,
                     "input": {"ref": found.group(1), "limit": 200_000}}]
        page = json.loads(text)
        self.pages.append(page)
        if page.get("has_more"):
            return [{"type": "tool_use", "id": f"toolu_read_{len(self.pages)}", "name": READ,
                     "input": {"ref": page["ref"], "offset": page["next_offset"], "limit": 200_000}}]
        return [{"type": "text", "text": "done"}]


def run_agent(session: Any, output: str, tmp_path: Any) -> tuple[Script, FakeAnthropic, ToolstubHooks, list[Any]]:
    @tool("fetch_build_log", "Return the build log", {})
    async def fetch_build_log(args: dict[str, Any]) -> dict[str, Any]:
        return {"content": [{"type": "text", "text": output}]}

    ts = ToolstubHooks(session)
    script = Script()
    home = tmp_path / "home"
    home.mkdir()

    async def main(url: str) -> list[Any]:
        options = ClaudeAgentOptions(
            env={"ANTHROPIC_BASE_URL": url, "ANTHROPIC_API_KEY": "sk-test-offline", "HOME": str(home),
                 "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "DISABLE_AUTOUPDATER": "1",
                 # the scripted model calls tools directly (a real one would load them through ToolSearch)
                 "ENABLE_TOOL_SEARCH": "false",
                 # let MCP results through whole (the CLI's own cap would spill them to a file first)
                 "MAX_MCP_OUTPUT_TOKENS": "1000000"},
            hooks=ts.hooks(),
            mcp_servers={"app": create_sdk_mcp_server("app", tools=[fetch_build_log]), **ts.mcp_servers()},
            allowed_tools=[FETCH, *ts.allowed_tools()],
            max_turns=8, cwd=str(home), setting_sources=[],
        )
        return [m async for m in query(prompt="Why did the build fail?", options=options)]

    with FakeAnthropic(script) as fake:
        messages = asyncio.run(asyncio.wait_for(main(fake.url), 120))
    assert not fake.errors, fake.errors
    return script, fake, ts, messages


def test_large_mcp_tool_output_reaches_the_model_as_a_stub_and_reads_back_exactly(session, big_output, tmp_path):
    script, fake, ts, messages = run_agent(session, big_output, tmp_path)
    assert isinstance(messages[-1], ResultMessage) and messages[-1].result == "done"
    # the model saw the stub, never the raw output
    assert script.fetched.startswith(HEADER) and "kind: log" in script.fetched and len(script.fetched) < 5_000
    assert all(big_output not in json.dumps(body, ensure_ascii=False) for body in fake.requests)
    # read back exactly through the in-process read tool
    assert "".join(p["content"] for p in script.pages) == big_output
    ref = REF.search(script.fetched).group(1)
    assert [session.ref(r["tool_result_id"]) for r in session.list()["tool_results"]] == [ref]
    assert [p.ref for p in ts.processed] == [ref]  # the read pages themselves were never stored


def test_small_output_passes_unchanged_and_nothing_is_stored(session, tmp_path):
    script, fake, ts, messages = run_agent(session, "build ok: 12 steps, 0 errors", tmp_path)
    assert script.fetched == "build ok: 12 steps, 0 errors"
    assert messages[-1].result == "inline: 28 chars"
    assert session.list()["tool_results"] == [] and ts.processed == []


def test_hook_keeps_the_bash_output_shape(session, big_output):
    """A built-in tool's response (Bash: stdout/stderr/interrupted) keeps its shape, stdout stubbed."""
    ts = ToolstubHooks(session)
    data: PostToolUseHookInput = {
        "hook_event_name": "PostToolUse", "session_id": "s", "transcript_path": "/dev/null", "cwd": "/",
        "tool_name": "Bash", "tool_input": {"command": "make"}, "tool_use_id": "toolu_bash",
        "tool_response": {"stdout": big_output, "stderr": "", "interrupted": False, "isImage": False},
    }
    out = asyncio.run(ts.post_tool_use(data, "toolu_bash", HookContext(signal=None)))
    updated = out["hookSpecificOutput"]["updatedToolOutput"]
    assert out["hookSpecificOutput"]["hookEventName"] == "PostToolUse"
    assert set(updated) == {"stdout", "stderr", "interrupted", "isImage"} and updated["interrupted"] is False
    assert updated["stdout"].startswith(HEADER)
    assert session.read(REF.search(updated["stdout"]).group(1), limit=-1)["content"] == big_output
    small = {**data, "tool_response": {"stdout": "ok", "stderr": "", "interrupted": False, "isImage": False}}
    assert asyncio.run(ts.post_tool_use(small, "toolu_b2", HookContext(signal=None))) == {}


@pytest.mark.parametrize("name", ["mcp__toolstub__toolstub_result_read", "toolstub_result_search"])
def test_readback_outputs_are_never_stored_again(session, name):
    ts = ToolstubHooks(session)
    assert ts.updated_output(name, {"content": [{"type": "text", "text": "x" * 50_000}]}) is None
    assert session.list()["tool_results"] == []


def test_two_large_strings_in_one_response_are_stored_apart(session, big_output):
    ts = ToolstubHooks(session)
    errors = "E: " + "x" * 40_000
    updated = ts.updated_output("Bash", {"stdout": big_output, "stderr": errors, "interrupted": False},
                                tool_use_id="toolu_9")
    refs = [REF.search(updated[k]).group(1) for k in ("stdout", "stderr")]
    assert [r.rsplit("/", 1)[1].rsplit("_", 1)[0] for r in refs] == ["tr_toolu_9", "tr_toolu_9_2"]
    assert [session.read(r, limit=-1)["content"] for r in refs] == [big_output, errors]
