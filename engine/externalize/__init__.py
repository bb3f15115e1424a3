"""Externalization: move an agent turn's large tool outputs to the store, leave stubs, restore them.

``externalize(messages, format=..., store=..., config=...)`` and ``hydrate(...)`` work on
OpenAI chat messages, Anthropic messages and the seed's parts; the seed's selection algorithm
(single threshold, then largest first under the turn budget) is in :mod:`.group`.
"""

from __future__ import annotations

import sys
import types
from typing import Any

from toolstub.externalize.api import (
    ExternalizationReport,
    ExternalizationResult,
    externalize,
    hydrate,
)
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


class _CallableModule(types.ModuleType):
    """``toolstub.externalize`` is both this package and the function: calling it externalizes.

    (Once the package is imported, ``toolstub.externalize`` names the module, so the module
    itself must be callable for ``toolstub.externalize(messages, ...)`` to work.)
    """

    def __call__(self, *args: Any, **kwargs: Any) -> ExternalizationResult:
        return externalize(*args, **kwargs)


sys.modules[__name__].__class__ = _CallableModule
