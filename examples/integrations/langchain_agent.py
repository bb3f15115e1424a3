"""A LangChain 1.x agent with toolstub: a 500 KB tool result reaches the model as a stub, read back by ref.

    pip install 'toolstub[langchain]'
    python examples/integrations/langchain_agent.py [--store DIR]

Offline: the "model" is a scripted LangChain chat model (swap in ``init_chat_model(...)`` for a
real one). The two toolstub lines are marked below.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path
from typing import Any

from langchain.agents import create_agent
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool

import toolstub
from toolstub.integrations.langchain import ToolstubMiddleware

sys.path.insert(0, str(Path(__file__).parent))
from _common import HEADER, REF, build_log, report  # noqa: E402

LOG = build_log()


@tool
def fetch_build_log() -> str:
    """Return the CI build log."""
    return LOG


class ScriptedModel(BaseChatModel):
    """Calls fetch_build_log, then pages through the stub's ref with toolstub_result_read."""

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedModel:
        return self

    def _generate(self, messages: Any, stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        last = messages[-1]
        if not isinstance(last, ToolMessage):
            reply = AIMessage(content="", tool_calls=[{"name": "fetch_build_log", "args": {}, "id": "c0"}])
        elif last.name == "fetch_build_log" and last.content.startswith(HEADER):
            args = {"ref": REF.search(last.content).group(1), "limit": 200_000}
            reply = AIMessage(content="", tool_calls=[{"name": "toolstub_result_read", "args": args, "id": "r0"}])
        elif last.name == "toolstub_result_read" and json.loads(last.content).get("has_more"):
            page = json.loads(last.content)
            args = {"ref": page["ref"], "offset": page["next_offset"], "limit": 200_000}
            reply = AIMessage(content="", tool_calls=[{"name": "toolstub_result_read", "args": args,
                                                       "id": f"r{page['next_offset']}"}])
        else:
            reply = AIMessage(content="The build failed at line 3218.")
        return ChatResult(generations=[ChatGeneration(message=reply)])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", default=None, help="store folder or URL (default: a temporary folder)")
    store = parser.parse_args().store or tempfile.mkdtemp(prefix="toolstub-langchain-")
    session = toolstub.open_store(store).session("langchain-demo")                      # toolstub line 1
    agent = create_agent(ScriptedModel(), tools=[fetch_build_log],
                         middleware=[ToolstubMiddleware(session)])                       # toolstub line 2
    state = agent.invoke({"messages": [{"role": "user", "content": "Why did the build fail?"}]})
    tool_messages = [m for m in state["messages"] if isinstance(m, ToolMessage)]
    stub = next(m.content for m in tool_messages if m.name == "fetch_build_log")
    pages = [json.loads(m.content)["content"] for m in tool_messages if m.name == "toolstub_result_read"]
    report(stub, pages, LOG, len(session.list()["tool_results"]))
    print("answer:", state["messages"][-1].content)


if __name__ == "__main__":
    main()
