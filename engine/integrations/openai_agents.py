"""OpenAI Agents SDK: function tools whose large outputs are stored and reach the model as stubs.

``pip install 'toolstub[openai-agents]'``, then::

    import toolstub
    from agents import Agent, Runner
    from toolstub.integrations.openai_agents import toolstub_tools

    agent = Agent(name="ops", tools=toolstub_tools(toolstub.open_store().session("run-42"), [fetch_log, ...]))

:func:`toolstub_tools` wraps each :class:`agents.FunctionTool` (its ``on_invoke_tool``): an output
over the externalization threshold (20,000 chars by default) is stored whole and the model gets
the stub; a small one passes unchanged. It appends the four read-back tools
(``toolstub_result_read|search|list|query``) bound to the same session. :class:`ToolstubAgentTools`
gives the two halves apart (``.wrap(tool)``, ``.readback_tools()``) and the last outcomes.

Text outputs are externalized: a ``str``, or an ``agents.ToolOutputText`` (or its dict form).
Other outputs (images, files, tools with a declared ``output_json_schema``) and hosted tools
(web search, file search, computer use) pass through untouched.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from agents import FunctionTool, ToolOutputText
from agents.tool_context import ToolContext

from toolstub.integrations.core import SessionAdapter

if TYPE_CHECKING:
    from agents import Tool

    from toolstub.externalize.config import ExternalizationConfig
    from toolstub.rule_files import Ruleset
    from toolstub.store.session import ToolResultStore

__all__ = ["ToolstubAgentTools", "toolstub_tools"]


def _text_of(output: Any) -> str | None:
    if isinstance(output, str):
        return output
    if isinstance(output, ToolOutputText):
        return output.text
    if isinstance(output, dict) and output.get("type") == "text" and isinstance(output.get("text"), str):
        return output["text"]
    return None


class ToolstubAgentTools(SessionAdapter):
    """Wrap function tools of one agent over a store session, and build the read-back tools.

    ``session``: a :class:`~toolstub.store.ToolResultStore`; ``config`` / ``rules``: as for
    :func:`toolstub.externalize`.
    """

    def wrap(self, tool: Tool) -> Tool:
        """``tool`` with its output externalized when large (non-function tools are returned as they are)."""
        if not isinstance(tool, FunctionTool) or tool.output_json_schema is not None:
            return tool
        if tool.name in self.outputs.readback_names:
            return tool
        invoke = tool.on_invoke_tool

        async def on_invoke_tool(ctx: ToolContext[Any], input_json: str) -> Any:
            output = await invoke(ctx, input_json)
            text = _text_of(output)
            if text is None:
                return output
            try:
                args = json.loads(input_json) if input_json else None
            except ValueError:
                args = input_json
            processed = await asyncio.to_thread(
                self.outputs.process, text, tool_name=tool.name, tool_call_id=ctx.tool_call_id, tool_input=args
            )
            self.processed.append(processed)
            return output if processed.action == "kept" else processed.text

        return dataclasses.replace(tool, on_invoke_tool=on_invoke_tool)

    def readback_tools(self) -> list[FunctionTool]:
        """The four read-back tools over the session (JSON text results; errors as ``{"error": ...}``)."""

        def invoker(kind: str) -> Any:
            async def on_invoke_tool(ctx: ToolContext[Any], input_json: str) -> str:
                try:
                    arguments = json.loads(input_json) if input_json else {}
                except ValueError:
                    return json.dumps({"error": "INVALID_ARGUMENT: arguments are not valid JSON"})
                return await asyncio.to_thread(self.outputs.call, kind, arguments)

            return on_invoke_tool

        return [
            FunctionTool(name=spec.name, description=spec.description, params_json_schema=spec.parameters,
                         on_invoke_tool=invoker(spec.kind), strict_json_schema=False)
            for spec in self.outputs.specs()
        ]

    def tools(self, tools: Iterable[Tool] = ()) -> list[Tool]:
        """``tools`` wrapped, followed by the four read-back tools."""
        return [self.wrap(t) for t in tools] + list(self.readback_tools())


def toolstub_tools(
    session: ToolResultStore,
    tools: Sequence[Tool] = (),
    *,
    config: ExternalizationConfig | None = None,
    rules: str | Path | Ruleset | None = None,
) -> list[Tool]:
    """``tools`` with large outputs externalized into ``session``, plus the four read-back tools."""
    return ToolstubAgentTools(session, config=config, rules=rules).tools(tools)
