"""Hook specifications for toolstub plugins (pluggy project name ``toolstub``).

Every hook is prefixed ``toolstub_`` and fully annotated. Implement them with
``toolstub.hookimpl``. Built-in kinds are plugins registered exactly as
third-party ones are (see :mod:`toolstub.plugin_manager`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from toolstub.synopsis import Summarizer

PROJECT_NAME = "toolstub"

hookspec = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def toolstub_register_summarizers() -> Iterable[Summarizer]:
    """Return the kind summarizers this plugin provides.

    Each item is a frozen :class:`toolstub.synopsis.Summarizer` descriptor. A
    rule file places the descriptor's ``name`` in its ``detectors`` order; the
    first detector whose ``summarize`` returns a synopsis wins.

    :return: an iterable of :class:`~toolstub.synopsis.Summarizer`.
    """
