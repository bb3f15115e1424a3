"""An OpenAI Agents SDK agent with toolstub: a 500 KB tool output reaches the model as a stub, read back by ref.

    pip install 'toolstub[openai-agents]'
    python examples/integrations/openai_agents_agent.py [--store DIR]

Offline: the model is the SDK's own ``agents.testing.ScriptedModel`` (drop ``model=`` for a real
one). The two toolstub lines are marked below.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from agents import Agent, RunConfig, Runner, function_tool
from agents.testing import ModelStep, ScriptedModel, assistant_message, function_call

import toolstub
from toolstub.integrations.openai_agents import toolstub_tools

sys.path.insert(0, str(Path(__file__).parent))
from _common import HEADER, REF, build_log, report  # noqa: E402

LOG = build_log()


@function_tool
def fetch_build_log() -> str:
    """Return the CI build log."""
    return LOG


class Script:
    """The model's moves: fetch the log, then page through the stub's ref with toolstub_result_read."""

    def __init__(self) -> None:
        self.stub, self.pages = "", []

    def step(self, call: Any) -> Any:
        outputs = [i for i in call.input if isinstance(i, dict) and i.get("type") == "function_call_output"]
        if not outputs:
            return [function_call("fetch_build_log", {}, call_id="c0")]
        last = outputs[-1]["output"]
        if last.startswith(HEADER):
            self.stub = last
            return [function_call("toolstub_result_read", {"ref": REF.search(last).group(1), "limit": 200_000},
                                  call_id="r0")]
        page = json.loads(last)
        self.pages.append(page["content"])
        if page["has_more"]:
            args = {"ref": page["ref"], "offset": page["next_offset"], "limit": 200_000}
            return [function_call("toolstub_result_read", args, call_id=f"r{len(self.pages)}")]
        return [assistant_message("The build failed at line 3218.")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=None, help="store folder or URL (default: a temporary folder)")
    store = parser.parse_args().store or tempfile.mkdtemp(prefix="toolstub-agents-")
    script = Script()
    model = ScriptedModel([ModelStep.respond(script.step) for _ in range(5)])
    session = toolstub.open_store(store).session("agents-demo")                           # toolstub line 1
    agent = Agent(name="ops", model=model, tools=toolstub_tools(session, [fetch_build_log]))  # toolstub line 2
    result = asyncio.run(Runner.run(agent, "Why did the build fail?", run_config=RunConfig(tracing_disabled=True)))
    report(script.stub, script.pages, LOG, len(session.list()["tool_results"]))
    print("answer:", result.final_output)


if __name__ == "__main__":
    main()
