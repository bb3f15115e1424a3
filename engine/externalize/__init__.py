"""Externalization: move an agent turn's large tool outputs to the store, leave stubs, restore them.

``externalize(messages, format=..., store=..., config=...)`` and ``hydrate(...)`` work on
OpenAI chat messages, Anthropic messages and the seed's parts; the seed's selection algorithm
(single threshold, then largest first under the turn budget) is in :mod:`.group`.
"""

from __future__ import annotations

from toolstub.externalize.api import ExternalizationReport, ExternalizationResult, externalize, hydrate
from toolstub.externalize.config import ConfigError, ExternalizationConfig, ToolOverride
from toolstub.externalize.group import GroupStats, PartOutcome, externalize_group
from toolstub.externalize.model import Message, ToolPart, split_tool_result_aggregate

__all__ = [
    "ConfigError",
    "ExternalizationConfig",
    "ExternalizationReport",
    "ExternalizationResult",
    "GroupStats",
    "Message",
    "PartOutcome",
    "ToolOverride",
    "ToolPart",
    "externalize",
    "externalize_group",
    "hydrate",
    "split_tool_result_aggregate",
]
