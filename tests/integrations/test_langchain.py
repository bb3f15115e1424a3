"""LangChain 1.x agent (``create_agent``) with ToolstubMiddleware and a scripted chat model, offline.

The model is a real LangChain chat model (a ``BaseChatModel`` subclass driven by a script that
reads the messages it is given), the agent is LangChain's own ``create_agent`` graph, the store is
a local folder: nothing is mocked.
"""

from __future__ import annotations

import asyncio
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from integ_helpers import HEADER
from langchain.agents import create_agent
from langchain_core.language_models.chat_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage, ToolMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.tools import tool

from toolstub.integrations.langchain import ToolstubMiddleware

REF = re.compile(r"^ref: (\S+)$", re.M)


class ScriptedChatModel(BaseChatModel):
    """A chat model whose every answer is ``script(messages)``; records what it saw."""

    script: Callable[[list[BaseMessage]], AIMessage]
    seen: list[list[BaseMessage]] = []
    bound: list[Any] = []

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(self, tools: Any, **kwargs: Any) -> ScriptedChatModel:
        self.bound = [getattr(t, "name", None) for t in tools]
        return self

    def _generate(self, messages: list[BaseMessage], stop: Any = None, run_manager: Any = None, **kwargs: Any) -> ChatResult:
        self.seen.append(list(messages))
        return ChatResult(generations=[ChatGeneration(message=self.script(messages))])


def call(name: str, args: dict[str, Any], call_id: str) -> AIMessage:
    return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": call_id, "type": "tool_call"}])


def reading_script(tool_name: str) -> Callable[[list[BaseMessage]], AIMessage]:
    """Call ``tool_name``; if its result is a stub, page through it with toolstub_result_read; then answer."""

    def script(messages: list[BaseMessage]) -> AIMessage:
        last = messages[-1]
        if not isinstance(last, ToolMessage):
            return call(tool_name, {}, "call_fetch")
        if last.name == tool_name:
            found = REF.search(last.content) if last.content.startswith(HEADER) else None
            if found is None:
                return AIMessage(content=f"inline: {len(last.content)} chars")
            return call("toolstub_result_read", {"ref": found.group(1), "offset": 0, "limit": 200_000}, "call_read_0")
        page = json.loads(last.content)
        if page.get("has_more"):
            n = int(last.tool_call_id.rsplit("_", 1)[1]) + 1
            return call("toolstub_result_read", {"ref": page["ref"], "offset": page["next_offset"], "limit": 200_000},
                        f"call_read_{n}")
        return AIMessage(content="done")

    return script


def run_agent(session: Any, output: str, *, use_async: bool = False) -> tuple[ScriptedChatModel, dict]:
    @tool
    def fetch_build_log() -> str:
        """Return the build log."""
        return output

    model = ScriptedChatModel(script=reading_script("fetch_build_log"), seen=[])
    agent = create_agent(model, tools=[fetch_build_log], middleware=[ToolstubMiddleware(session)])
    request = {"messages": [{"role": "user", "content": "Why did the build fail?"}]}
    state = asyncio.run(agent.ainvoke(request)) if use_async else agent.invoke(request)
    return model, state


def reassembled(state: dict) -> str:
    pages = [json.loads(m.content) for m in state["messages"]
             if isinstance(m, ToolMessage) and m.name == "toolstub_result_read"]
    return "".join(p["content"] for p in pages)


@pytest.mark.parametrize("use_async", [False, True], ids=["invoke", "ainvoke"])
def test_large_result_reaches_the_model_as_a_stub_and_reads_back_exactly(session, big_output, use_async):
    model, state = run_agent(session, big_output, use_async=use_async)
    assert {"toolstub_result_read", "toolstub_result_search", "toolstub_result_list",
            "toolstub_result_query"} <= set(model.bound)
    # the model saw the stub, never the raw output
    seen_text = [m.content for msgs in model.seen for m in msgs if isinstance(m, ToolMessage)]
    first = next(m for m in model.seen[1] if isinstance(m, ToolMessage))
    assert first.content.startswith(HEADER) and "kind: log" in first.content
    assert len(first.content) < 5_000
    assert all(big_output not in text for text in seen_text)
    assert first.response_metadata["toolstub"]["action"] == "stored"
    ref = first.artifact["toolstub"]["ref"]
    assert REF.search(first.content).group(1) == ref
    # the read-back tool returned the exact content, in pages of at most 200,000 code points
    assert reassembled(state) == big_output
    assert [r["tool_result_id"] for r in session.list()["tool_results"]] == [ref.rsplit("/", 1)[1]]
    assert state["messages"][-1].content == "done"


def test_small_result_is_left_inline_and_nothing_is_stored(session):
    model, state = run_agent(session, "build ok: 12 steps, 0 errors")
    tool_message = next(m for m in model.seen[1] if isinstance(m, ToolMessage))
    assert tool_message.content == "build ok: 12 steps, 0 errors"
    assert "toolstub" not in tool_message.response_metadata and tool_message.artifact is None
    assert state["messages"][-1].content == "inline: 28 chars"
    assert session.list()["tool_results"] == []


def test_search_query_and_list_tools_bound_to_the_session(session, big_output):
    middleware = ToolstubMiddleware(session)
    stored = middleware.outputs.process(big_output, tool_name="fetch_build_log", tool_call_id="c1")
    tools = {t.name: t for t in middleware.tools}
    found = json.loads(tools["toolstub_result_search"].invoke({"ref": stored.ref, "query": "ERROR"}))
    assert found["total"] == 1 and found["matches"][0]["line"] == 3218
    by_lines = json.loads(tools["toolstub_result_read"].invoke({"ref": stored.ref, "line": 3218, "lines": 2}))
    assert by_lines["content"] == "".join(big_output.splitlines(keepends=True)[3217:3219])
    assert " ERROR " in by_lines["content"].splitlines()[0] and by_lines["next_line"] == 3220
    listed = json.loads(tools["toolstub_result_list"].invoke({}))
    assert [e["ref"] for e in listed["tool_results"]] == [stored.ref]
    bad = json.loads(tools["toolstub_result_query"].invoke({"ref": stored.ref, "path": "$.a"}))
    assert bad["error"].startswith("INVALID_ARGUMENT") or bad["error"].startswith("UNSUPPORTED")
    other = json.loads(tools["toolstub_result_read"].invoke({"ref": "toolstub://sessions/else/tool-results/tr_x"}))
    assert other["error"].startswith("NOT_FOUND")


def test_a_hand_built_langgraph_graph_with_toolnode(session, big_output):
    """LangGraph without create_agent: ToolNode(wrap_tool_call=middleware.wrap_tool_call) + the read-back tools."""
    from langgraph.graph import END, START, MessagesState, StateGraph
    from langgraph.prebuilt import ToolNode, tools_condition

    @tool
    def fetch_build_log() -> str:
        """Return the build log."""
        return big_output

    middleware = ToolstubMiddleware(session)
    model = ScriptedChatModel(script=reading_script("fetch_build_log"), seen=[])
    tools = [fetch_build_log, *middleware.tools]
    graph = StateGraph(MessagesState)
    graph.add_node("model", lambda state: {"messages": [model.invoke(state["messages"])]})
    graph.add_node("tools", ToolNode(tools, wrap_tool_call=middleware.wrap_tool_call))
    graph.add_edge(START, "model")
    graph.add_conditional_edges("model", tools_condition, {"tools": "tools", END: END})
    graph.add_edge("tools", "model")
    state = graph.compile().invoke({"messages": [{"role": "user", "content": "Why did the build fail?"}]})
    first = next(m for m in model.seen[1] if isinstance(m, ToolMessage))
    assert first.content.startswith(HEADER) and big_output not in first.content
    assert reassembled(state) == big_output
    assert len(session.list()["tool_results"]) == 1
