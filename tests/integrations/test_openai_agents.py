"""OpenAI Agents SDK: ``Runner.run`` with the SDK's own ``agents.testing.ScriptedModel``, offline.

The agent, runner and tool plumbing are the SDK's; the model is the SDK's scripted test model,
whose responders read the input items it is given (what the model saw); the store is a local
folder. Nothing is mocked.
"""

from __future__ import annotations

import asyncio
import json
import re
from typing import Any

import pytest
from agents import Agent, RunConfig, Runner, function_tool
from agents.testing import ModelStep, ScriptedModel, assistant_message, function_call
from integ_helpers import HEADER

from toolstub.integrations.openai_agents import ToolstubAgentTools, toolstub_tools

REF = re.compile(r"^ref: (\S+)$", re.M)


def outputs_seen(call: Any) -> dict[str, str]:
    """call_id -> output text of every function_call_output item in the model's input."""
    items = call.input if isinstance(call.input, list) else []
    return {i["call_id"]: i["output"] for i in items
            if isinstance(i, dict) and i.get("type") == "function_call_output"}


class Reader:
    """A scripted model's responders: fetch the log, then page through its stub with the read tool."""

    def __init__(self) -> None:
        self.pages: list[dict] = []
        self.stub = ""
        self.inline = ""

    def first(self, call: Any) -> Any:
        return [function_call("fetch_build_log", {}, call_id="call_fetch")]

    def next(self, call: Any) -> Any:
        seen = outputs_seen(call)
        if not self.pages and "call_read_0" not in seen:
            output = seen["call_fetch"]
            found = REF.search(output) if output.startswith(HEADER) else None
            if found is None:
                self.inline = output
                return [assistant_message(f"inline: {len(output)} chars")]
            self.stub = output
            return [function_call("toolstub_result_read", {"ref": found.group(1), "limit": 200_000},
                                  call_id="call_read_0")]
        page = json.loads(seen[f"call_read_{len(self.pages)}"])
        self.pages.append(page)
        if page["has_more"]:
            return [function_call("toolstub_result_read", {"ref": page["ref"], "offset": page["next_offset"],
                                                           "limit": 200_000}, call_id=f"call_read_{len(self.pages)}")]
        return [assistant_message("done")]


def run(session: Any, output: str, steps: int) -> tuple[Reader, ScriptedModel, Any]:
    @function_tool
    def fetch_build_log() -> str:
        """Return the build log."""
        return output

    reader = Reader()
    model = ScriptedModel([ModelStep.respond(reader.first)] + [ModelStep.respond(reader.next)] * steps)
    agent = Agent(name="ops", model=model, tools=toolstub_tools(session, [fetch_build_log]))
    result = asyncio.run(Runner.run(agent, "Why did the build fail?", run_config=RunConfig(tracing_disabled=True)))
    return reader, model, result


def test_large_output_reaches_the_model_as_a_stub_and_reads_back_exactly(session, big_output):
    reader, model, result = run(session, big_output, steps=4)
    model.assert_complete()
    assert result.final_output == "done"
    # every tool output the model saw: the stub and the read pages, never the raw output whole
    assert {t.name for t in model.calls[0].tools} >= {"fetch_build_log", "toolstub_result_read",
                                                      "toolstub_result_search", "toolstub_result_list",
                                                      "toolstub_result_query"}
    assert reader.stub.startswith(HEADER) and "kind: log" in reader.stub and len(reader.stub) < 5_000
    for call in model.calls:
        assert all(big_output not in text for text in outputs_seen(call).values())
    # read back exactly, in three pages
    assert "".join(p["content"] for p in reader.pages) == big_output
    assert len(reader.pages) == 3
    ref = REF.search(reader.stub).group(1)
    assert [session.ref(r["tool_result_id"]) for r in session.list()["tool_results"]] == [ref]


def test_small_output_passes_unchanged_and_nothing_is_stored(session):
    reader, model, result = run(session, "build ok: 12 steps, 0 errors", steps=1)
    model.assert_complete()
    assert reader.inline == "build ok: 12 steps, 0 errors"
    assert result.final_output == "inline: 28 chars"
    assert session.list()["tool_results"] == []


def test_readback_tool_errors_reach_the_model_as_one_line(session):
    tools = {t.name: t for t in ToolstubAgentTools(session).readback_tools()}

    def invoke(name: str, args: str) -> dict:
        from agents.tool_context import ToolContext

        ctx = ToolContext(context=None, tool_name=name, tool_call_id="c", tool_arguments=args)
        return json.loads(asyncio.run(tools[name].on_invoke_tool(ctx, args)))

    assert invoke("toolstub_result_read", '{"ref": "tr_missing"}')["error"].startswith("NOT_FOUND")
    assert invoke("toolstub_result_read", '{"ref": 3}')["error"] == "INVALID_ARGUMENT: ref: 3 is not of type 'string'"
    assert invoke("toolstub_result_list", "not json")["error"].startswith("INVALID_ARGUMENT")
    assert invoke("toolstub_result_list", "{}") == {"session_id": "agent-run", "tool_results": []}


@pytest.mark.parametrize("output", [{"type": "text", "text": "x" * 30_000}])
def test_text_output_objects_are_externalized_too(session, output):
    @function_tool
    def dump() -> dict:
        """Return a text block."""
        return output

    wrapped = ToolstubAgentTools(session).wrap(dump)
    from agents.tool_context import ToolContext

    ctx = ToolContext(context=None, tool_name="dump", tool_call_id="c9", tool_arguments="{}")
    seen = asyncio.run(wrapped.on_invoke_tool(ctx, "{}"))
    assert seen.startswith(HEADER)
    assert session.read(REF.search(seen).group(1), limit=-1)["content"] == "x" * 30_000
