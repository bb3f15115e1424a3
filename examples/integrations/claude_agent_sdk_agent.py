"""A Claude Agent SDK agent with toolstub: a 500 KB MCP tool output reaches the model as a stub, read back by ref.

    pip install 'toolstub[claude-agent-sdk]'
    python examples/integrations/claude_agent_sdk_agent.py [--store DIR]

This runs the real Claude CLI bundled in the SDK, offline: ``ANTHROPIC_BASE_URL`` points it at
``fake_anthropic.py``, a scripted stand-in for the Messages API on 127.0.0.1 (drop it and the
``env`` entries for a real run). The toolstub lines are marked below.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from claude_agent_sdk import ClaudeAgentOptions, create_sdk_mcp_server, query, tool

import toolstub
from toolstub.integrations.claude_agent_sdk import ToolstubHooks

sys.path.insert(0, str(Path(__file__).parent))
from _common import HEADER, REF, build_log, report  # noqa: E402
from fake_anthropic import FakeAnthropic  # noqa: E402

LOG = build_log()
FETCH, READ = "mcp__app__fetch_build_log", "mcp__toolstub__toolstub_result_read"


@tool("fetch_build_log", "Return the CI build log", {})
async def fetch_build_log(args: dict[str, Any]) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": LOG}]}


class Script:
    """The model's moves: fetch the log, then page through the stub's ref with the read tool."""

    def __init__(self) -> None:
        self.stub, self.pages = "", []

    def __call__(self, body: dict[str, Any]) -> list[dict[str, Any]]:
        if FETCH not in [t.get("name") for t in body.get("tools", [])]:
            return [{"type": "text", "text": "ok"}]  # the CLI's side requests
        last = body["messages"][-1]["content"]
        results = [b for b in last if isinstance(b, dict) and b.get("type") == "tool_result"] if isinstance(last, list) else []
        if not results:
            return [{"type": "tool_use", "id": "toolu_0", "name": FETCH, "input": {}}]
        content = results[-1]["content"]
        text = content if isinstance(content, str) else "".join(c.get("text", "") for c in content)
        if text.startswith(HEADER):
            self.stub = text
            return [{"type": "tool_use", "id": "toolu_r0", "name": READ,
                     "input": {"ref": REF.search(text).group(1), "limit": 200_000}}]
        page = json.loads(text)
        self.pages.append(page["content"])
        if page["has_more"]:
            return [{"type": "tool_use", "id": f"toolu_r{len(self.pages)}", "name": READ,
                     "input": {"ref": page["ref"], "offset": page["next_offset"], "limit": 200_000}}]
        return [{"type": "text", "text": "The build failed at line 3218."}]


async def run(fake_url: str, store: str, home: str) -> tuple[ToolstubHooks, str]:
    ts = ToolstubHooks(toolstub.open_store(store).session("claude-demo"))                # toolstub line 1
    options = ClaudeAgentOptions(
        hooks=ts.hooks(),                                                                  # toolstub line 2
        mcp_servers={"app": create_sdk_mcp_server("app", tools=[fetch_build_log]), **ts.mcp_servers()},
        allowed_tools=[FETCH, *ts.allowed_tools()],
        # let MCP results reach the hook whole (the CLI's own cap would spill them to a file)
        env={"MAX_MCP_OUTPUT_TOKENS": "1000000",
             # offline: the scripted server, no other traffic, tools listed directly (no ToolSearch)
             "ANTHROPIC_BASE_URL": fake_url, "ANTHROPIC_API_KEY": "sk-offline", "HOME": home,
             "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1", "ENABLE_TOOL_SEARCH": "false"},
        cwd=home, setting_sources=[], max_turns=8,
    )
    answer = ""
    async for message in query(prompt="Why did the build fail?", options=options):
        answer = getattr(message, "result", None) or answer
    return ts, answer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=None, help="store folder or URL (default: a temporary folder)")
    store = parser.parse_args().store or tempfile.mkdtemp(prefix="toolstub-claude-")
    script = Script()
    with FakeAnthropic(script) as fake:
        ts, answer = asyncio.run(run(fake.url, store, tempfile.mkdtemp(prefix="claude-home-")))
    report(script.stub, script.pages, LOG, len(ts.outputs.session.list()["tool_results"]))
    print("answer:", answer)


if __name__ == "__main__":
    main()
