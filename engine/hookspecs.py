"""Hook specifications for toolstub plugins (pluggy project name ``toolstub``).

Every hook is prefixed ``toolstub_`` and fully annotated. Implement them with
``toolstub.hookimpl``. Built-in kinds are plugins registered exactly as
third-party ones are (see :mod:`toolstub.plugin_manager`).
"""

from __future__ import annotations

from collections.abc import Iterable

import pluggy

from toolstub.synopsis import StreamTotals, Summarizer
from toolstub.token_estimate import Tokenizer

PROJECT_NAME = "toolstub"

hookspec: pluggy.HookspecMarker = pluggy.HookspecMarker(PROJECT_NAME)
hookimpl: pluggy.HookimplMarker = pluggy.HookimplMarker(PROJECT_NAME)


@hookspec
def toolstub_register_summarizers() -> Iterable[Summarizer]:
    """Return the kind summarizers this plugin provides.

    Each item is a frozen :class:`toolstub.synopsis.Summarizer` descriptor. A
    rule file places the descriptor's ``name`` in its ``detectors`` order; the
    first detector whose ``summarize`` returns a synopsis wins.

    :return: an iterable of :class:`~toolstub.synopsis.Summarizer`.
    """


@hookspec
def toolstub_register_tokenizers() -> Iterable[Tokenizer]:
    """Return the tokenizers this plugin provides, for budgets given in tokens.

    Each item is a frozen :class:`toolstub.tokens.Tokenizer` descriptor (``name``,
    ``count(text) -> int``). :func:`toolstub.tokens.count_tokens` looks tokenizers
    up by name; ``estimate`` (built in) cannot be replaced. A plugin whose package
    is missing returns nothing rather than failing.

    :return: an iterable of :class:`~toolstub.tokens.Tokenizer`.
    """


@hookspec
def toolstub_register_stream_totals() -> Iterable[StreamTotals]:
    """Return the whole-output counters this plugin provides for its kinds.

    Each item is a frozen :class:`toolstub.synopsis.StreamTotals` descriptor (``name``: a
    detector name; ``start(caps)``: a new :class:`~toolstub.synopsis.StreamCounter`). Past the
    rule file's ``large_outputs.whole_chars`` an output is described from a bounded view, and
    the counter of the kind that describes it turns the view's counts into counts of the whole
    output, from one pass over its blocks in bounded memory (``docs/streaming.md``). A kind
    without one keeps the view's counts (the synopsis says so).

    :return: an iterable of :class:`~toolstub.synopsis.StreamTotals`.
    """
