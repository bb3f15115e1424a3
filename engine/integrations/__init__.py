"""Framework integrations: toolstub inside the agent frameworks people build with.

- :mod:`toolstub.integrations.langchain`: LangChain 1.x / LangGraph agent middleware
  (``pip install 'toolstub[langchain]'``);
- :mod:`toolstub.integrations.openai_agents`: OpenAI Agents SDK tool wrapper
  (``pip install 'toolstub[openai-agents]'``);
- :mod:`toolstub.integrations.claude_agent_sdk`: Claude Agent SDK PostToolUse hook and
  in-process read-back tools (``pip install 'toolstub[claude-agent-sdk]'``).

Each stores a tool output over the externalization threshold and gives the model its stub,
and registers the four read-back tools (read, search, list, query) bound to the session.
The shared part, framework-free, is :class:`toolstub.integrations.core.ToolOutputs`.
"""
