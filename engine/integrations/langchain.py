"""LangChain 1.x / LangGraph: an agent middleware that keeps large tool results out of the context.

``pip install 'toolstub[langchain]'``, then::

    import toolstub
    from langchain.agents import create_agent
    from toolstub.integrations.langchain import ToolstubMiddleware

    agent = create_agent(model, tools=[...], middleware=[ToolstubMiddleware(toolstub.open_store().session("run-42"))])

:class:`ToolstubMiddleware` wraps every tool call (``wrap_tool_call`` / ``awrap_tool_call``):
a result over the externalization threshold (20,000 chars by default) is stored whole and the
``ToolMessage`` the model sees carries the stub instead; the ref and what happened are in
``ToolMessage.response_metadata["toolstub"]`` and, when the tool set no artifact of its own, in
``ToolMessage.artifact`` (LangChain's place for what the model does not see). The middleware
registers the four read-back tools (``toolstub_result_read|search|list|query``) bound to the same
session, so the model can page, search and query the stored output. :func:`readback_tools`
gives the same tools for a hand-built graph (``langgraph.prebuilt.ToolNode``).

A result is externalized when its content is a string, or a list of text blocks (joined);
other content (images, ``Command`` results) passes through untouched.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from langchain.agents.middleware import AgentMiddleware
from langchain_core.messages import ToolMessage
from langchain_core.tools import BaseTool, StructuredTool

from toolstub.integrations.core import Processed, ToolOutputs

if TYPE_CHECKING:
    from langgraph.prebuilt.tool_node import ToolCallRequest
    from langgraph.types import Command

    from toolstub.externalize.config import ExternalizationConfig
    from toolstub.rule_files import Ruleset
    from toolstub.store.session import ToolResultStore

__all__ = ["ToolstubMiddleware", "readback_tools"]


def readback_tools(outputs: ToolOutputs) -> list[BaseTool]:
    """The four read-back tools over ``outputs``' session, as LangChain tools (JSON text results)."""
    def runner(kind: str) -> Callable[..., str]:
        def run(**arguments: Any) -> str:
            return outputs.call(kind, arguments)

        return run

    return [
        StructuredTool.from_function(func=runner(spec.kind), name=spec.name, description=spec.description,
                                     args_schema=spec.parameters)
        for spec in outputs.specs()
    ]


def _text_of(content: Any) -> str | None:
    """The text of a ToolMessage's content: a string, or a list of text blocks joined; else None."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and content:
        pieces = []
        for block in content:
            if isinstance(block, str):
                pieces.append(block)
            elif isinstance(block, dict) and block.get("type") == "text" and isinstance(block.get("text"), str):
                pieces.append(block["text"])
            else:
                return None
        return "".join(pieces)
    return None


class ToolstubMiddleware(AgentMiddleware):
    """Store large tool results and give the model their stubs, plus the read-back tools.

    ``session``: a :class:`~toolstub.store.ToolResultStore` (``toolstub.open_store(url).session(id)``);
    ``config`` / ``rules``: as for :func:`toolstub.externalize` (threshold, preview, per-tool opt-outs).
    """

    def __init__(
        self,
        session: ToolResultStore,
        *,
        config: ExternalizationConfig | None = None,
        rules: str | Path | Ruleset | None = None,
    ) -> None:
        super().__init__()
        self.outputs: ToolOutputs = ToolOutputs(session, config=config, rules=rules)
        self.tools: list[BaseTool] = readback_tools(self.outputs)

    def process(self, request: ToolCallRequest, result: ToolMessage | Command[Any]) -> ToolMessage | Command[Any]:
        """The tool's result as the model should see it (a stub when stored)."""
        if not isinstance(result, ToolMessage):
            return result
        text = _text_of(result.content)
        if text is None:
            return result
        call = request.tool_call
        processed: Processed = self.outputs.process(
            text, tool_name=str(call.get("name") or result.name or ""),
            tool_call_id=str(call.get("id") or result.tool_call_id or ""), tool_input=call.get("args"),
        )
        if processed.action == "kept":
            return result
        info = processed.to_dict()
        update: dict[str, Any] = {
            "content": processed.text,
            "response_metadata": {**(result.response_metadata or {}), "toolstub": info},
        }
        if result.artifact is None:
            update["artifact"] = {"toolstub": info}
        return result.model_copy(update=update)

    def wrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], ToolMessage | Command[Any]],
    ) -> ToolMessage | Command[Any]:
        """Run the tool, then store its result when it is large."""
        return self.process(request, handler(request))

    async def awrap_tool_call(
        self,
        request: ToolCallRequest,
        handler: Callable[[ToolCallRequest], Awaitable[ToolMessage | Command[Any]]],
    ) -> ToolMessage | Command[Any]:
        """Async :meth:`wrap_tool_call` (the store write runs in a worker thread)."""
        result = await handler(request)
        return await asyncio.to_thread(self.process, request, result)
