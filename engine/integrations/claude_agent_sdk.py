"""Claude Agent SDK: a PostToolUse hook that stores large tool outputs, and in-process read-back tools.

``pip install 'toolstub[claude-agent-sdk]'``, then::

    import toolstub
    from claude_agent_sdk import ClaudeAgentOptions, query
    from toolstub.integrations.claude_agent_sdk import ToolstubHooks

    ts = ToolstubHooks(toolstub.open_store().session("run-42"))
    options = ClaudeAgentOptions(hooks=ts.hooks(), mcp_servers=ts.mcp_servers(), allowed_tools=ts.allowed_tools())

The hook (``PostToolUse``, every tool) walks the tool's response (a string, or the tool's own
shape: Bash's ``stdout``/``stderr``, Read's ``file.content``, an MCP tool's text blocks) and
replaces every string over the externalization threshold (20,000 chars by default) with its
stub through ``updatedToolOutput``, keeping the shape the CLI expects; the raw text is stored
whole. Nothing over the threshold: the hook returns ``{}`` (no opinion). The read-back tools
``toolstub_result_read|search|list|query`` run in-process as an SDK MCP server named ``toolstub``
(Claude sees them as ``mcp__toolstub__toolstub_result_read`` ...).

For plain Anthropic or OpenAI SDK users (no agent framework): ``toolstub.externalize(messages,
format="anthropic" | "openai", store=session)`` on the conversation, and ``toolstub serve mcp``
for the read-back tools (see the README).
"""

from __future__ import annotations

import asyncio
import copy
import json
from typing import TYPE_CHECKING, Any

from claude_agent_sdk import HookMatcher, SdkMcpTool, ToolAnnotations, create_sdk_mcp_server

from toolstub.integrations.core import Processed, SessionAdapter
from toolstub.store.readback import MAX_READ_CHARS

if TYPE_CHECKING:
    from claude_agent_sdk.types import HookContext, HookJSONOutput, McpSdkServerConfig


__all__ = ["SERVER_NAME", "ToolstubHooks"]

SERVER_NAME = "toolstub"


class ToolstubHooks(SessionAdapter):
    """The PostToolUse hook and the read-back MCP server over one store session.

    ``session``: a :class:`~toolstub.store.ToolResultStore`; ``config`` / ``rules``: as for
    :func:`toolstub.externalize`.
    """

    # -- the hook -----------------------------------------------------------------
    def _is_readback(self, tool_name: str) -> bool:
        return any(tool_name == n or tool_name.endswith("__" + n) for n in self.outputs.readback_names)

    def _replace(self, value: Any, *, tool_name: str, tool_use_id: str, tool_input: Any,
                 done: list[Processed]) -> Any:
        """``value`` with each large string replaced by its stub; what was stored is appended to ``done``."""
        if isinstance(value, str):
            # the first stored string of a response is named by the tool call; later ones get _2, _3, ...
            call_id = tool_use_id if not done else f"{tool_use_id}_{len(done) + 1}"
            processed = self.outputs.process(value, tool_name=tool_name, tool_call_id=call_id, tool_input=tool_input)
            if processed.action == "kept":
                return value
            done.append(processed)
            return processed.text
        if isinstance(value, dict):
            return {k: self._replace(v, tool_name=tool_name, tool_use_id=tool_use_id, tool_input=tool_input,
                                     done=done) for k, v in value.items()}
        if isinstance(value, list):
            return [self._replace(v, tool_name=tool_name, tool_use_id=tool_use_id, tool_input=tool_input,
                                  done=done) for v in value]
        return value

    def updated_output(self, tool_name: str, tool_response: Any, *, tool_use_id: str = "",
                       tool_input: Any = None) -> Any | None:
        """The response with its large strings stubbed, or None when nothing is over the threshold."""
        if self._is_readback(tool_name):
            return None
        done: list[Processed] = []
        updated = self._replace(copy.deepcopy(tool_response), tool_name=tool_name, tool_use_id=tool_use_id or "tool",
                                tool_input=tool_input, done=done)
        self.processed.extend(done)
        return updated if done else None

    async def post_tool_use(self, input_data: Any, tool_use_id: str | None, context: HookContext) -> HookJSONOutput:
        """The ``PostToolUse`` hook callback (``HookCallback`` signature)."""
        if not isinstance(input_data, dict) or input_data.get("hook_event_name") != "PostToolUse":
            return {}
        use_id = tool_use_id or str(input_data.get("tool_use_id") or "")
        updated = await asyncio.to_thread(
            self.updated_output, str(input_data.get("tool_name") or ""), input_data.get("tool_response"),
            tool_use_id=use_id, tool_input=input_data.get("tool_input"),
        )
        if updated is None:
            return {}
        return {"hookSpecificOutput": {"hookEventName": "PostToolUse", "updatedToolOutput": updated}}

    def hooks(self, matcher: str | None = None) -> dict[str, list[HookMatcher]]:
        """``ClaudeAgentOptions(hooks=...)``: the PostToolUse hook on ``matcher`` (None: every tool)."""
        return {"PostToolUse": [HookMatcher(matcher=matcher, hooks=[self.post_tool_use])]}

    # -- the read-back tools ------------------------------------------------------------
    def readback_tools(self) -> list[SdkMcpTool[Any]]:
        """The four read-back tools as SDK MCP tools (read-only; JSON text; errors with ``is_error``)."""

        def handler(kind: str) -> Any:
            async def run(args: dict[str, Any]) -> dict[str, Any]:
                result = await asyncio.to_thread(self.outputs.tools.call, kind, dict(args or {}))
                out: dict[str, Any] = {"content": [{"type": "text", "text": json.dumps(result, ensure_ascii=False)}]}
                if "error" in result:
                    out["is_error"] = True
                return out

            return run

        # results up to one read page stay inline in Claude Code (not persisted to a file)
        annotations = ToolAnnotations(readOnlyHint=True, maxResultSizeChars=MAX_READ_CHARS + 20_000)
        return [SdkMcpTool(name=spec.name, description=spec.description, input_schema=spec.parameters,
                           handler=handler(spec.kind), annotations=annotations)
                for spec in self.outputs.specs()]

    def mcp_server(self) -> McpSdkServerConfig:
        """The in-process MCP server holding the read-back tools."""
        from importlib.metadata import version

        return create_sdk_mcp_server(SERVER_NAME, version=version("toolstub"), tools=self.readback_tools())

    def mcp_servers(self) -> dict[str, Any]:
        """``ClaudeAgentOptions(mcp_servers=...)``: ``{"toolstub": <the in-process server>}``."""
        return {SERVER_NAME: self.mcp_server()}

    def allowed_tools(self) -> list[str]:
        """The read-back tools' names as Claude Code knows them (``mcp__toolstub__...``), for ``allowed_tools``."""
        return [f"mcp__{SERVER_NAME}__{spec.name}" for spec in self.outputs.specs()]
