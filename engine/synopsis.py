"""The synopsis data model and the kind-summarizer contract.

A :class:`Synopsis` is what a kind summarizer says about one tool output. A
:class:`Summarizer` is the frozen descriptor a plugin registers for one
detector name; :class:`KindInput` is what the engine hands it. A
:class:`Claim` is a synopsis with how sure its plugin is (a confidence and/or
scored :class:`Evidence`); :mod:`toolstub.claims` weighs claims.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from toolstub.ruleset import Ruleset

SEED_FIELDS = ("kind", "title", "summary", "structure", "notable_items", "sample")


@dataclass(frozen=True, kw_only=True)
class Synopsis:
    """A short, typed, deterministic description of one tool output.

    The six seed fields (``kind``, ``title``, ``summary``, ``structure``,
    ``notable_items``, ``sample``) plus the name and version of the ruleset that
    made it. ``diagnostics`` records contained plugin errors; it is not part of
    :meth:`to_dict`.
    """

    kind: str = "unknown"
    title: str = ""
    summary: tuple[str, ...] = ()
    structure: tuple[str, ...] = ()
    notable_items: tuple[str, ...] = ()
    sample: str = ""
    ruleset: str = ""
    ruleset_version: str = ""
    diagnostics: tuple[str, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        for name in ("summary", "structure", "notable_items", "diagnostics"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))

    def to_dict(self) -> dict[str, Any]:
        """The six seed fields as a plain dict (lists for the list fields)."""
        return {
            "kind": self.kind,
            "title": self.title,
            "summary": list(self.summary),
            "structure": list(self.structure),
            "notable_items": list(self.notable_items),
            "sample": self.sample,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, **extra: Any) -> Synopsis:
        """Build from a dict with the seed's defaults, coercing every item with ``str()``."""
        data = data or {}

        def items(key: str) -> tuple[str, ...]:
            value = data.get(key) or []
            if isinstance(value, (str, bytes)):
                value = [value]
            return tuple(str(v) for v in value)

        return cls(
            kind=str(data.get("kind") or "unknown"),
            title=str(data.get("title") or ""),
            summary=items("summary"),
            structure=items("structure"),
            notable_items=items("notable_items"),
            sample=str(data.get("sample") or ""),
            **extra,
        )


@dataclass(frozen=True)
class Evidence:
    """One scored signal of a :class:`Claim`.

    :param signal: a short stable name (``parses_whole``, ``line_fit``, ``shebang``...);
        the rule file's ``detection.weights.<kind>.<signal>`` replaces ``weight``.
    :param strength: how much of the signal is present, 0 to 1 (clamped).
    :param weight: the plugin's default weight, -1 to 1 (negative: counter-evidence).
    """

    signal: str
    strength: float = 1.0
    weight: float = 1.0


@dataclass(frozen=True, kw_only=True)
class Claim:
    """A synopsis and how sure its plugin is that the content is of its kind.

    ``summarize`` may return one instead of a bare :class:`Synopsis`. With neither
    ``confidence`` nor ``evidence`` it is a plain claim (the rule file's
    ``detection.plain_confidence``); see :mod:`toolstub.claims` for how it is weighed.
    """

    synopsis: Synopsis
    confidence: float | None = None
    evidence: tuple[Evidence, ...] = field(default=())

    def __post_init__(self) -> None:
        if not isinstance(self.evidence, tuple):
            object.__setattr__(self, "evidence", tuple(self.evidence))


class KindInput:
    """What the engine hands a summarizer: the content and its context.

    ``stripped`` (``content.strip()``) is computed once, lazily, and shared by
    every detector of one synopsis.
    """

    __slots__ = ("content", "mime", "tool_name", "preview_chars", "rules", "caps", "__dict__")

    def __init__(
        self,
        content: str,
        *,
        mime: str,
        tool_name: str,
        preview_chars: int,
        rules: Ruleset,
        caps: Mapping[str, Any],
    ) -> None:
        self.content: str = content
        #: the MIME hint, lower-cased ("" when none was given)
        self.mime: str = mime
        self.tool_name: str = tool_name
        self.preview_chars: int = preview_chars
        self.rules: Ruleset = rules
        #: this detector's section of the rule file (``kinds.<name>``), patterns compiled
        self.caps: Mapping[str, Any] = caps

    @cached_property
    def stripped(self) -> str:
        origin = self.__dict__.get("_origin")
        return origin.stripped if origin is not None else self.content.strip()

    def _stripped_known(self) -> bool:
        origin = self.__dict__.get("_origin")
        return "stripped" in self.__dict__ or (origin is not None and "stripped" in origin.__dict__)

    def starts_with(self, prefixes: str | tuple[str, ...]) -> bool:
        """``stripped.startswith(prefixes)`` for prefixes that hold no whitespace, without
        computing ``stripped`` (a copy of the whole text) when no detector has asked for it yet."""
        if self._stripped_known():
            return self.stripped.startswith(prefixes)
        first = _NON_SPACE.search(self.content)
        if first is None:
            return "".startswith(prefixes)
        longest = len(prefixes) if isinstance(prefixes, str) else max(map(len, prefixes), default=0)
        # a character past the stripped end is whitespace, which no prefix holds
        return self.content[first.start() : first.start() + longest].startswith(prefixes)

    def stripped_head(self, size: int) -> str:
        """``stripped[:size]``, without computing ``stripped`` when no detector has asked for it yet."""
        if self._stripped_known():
            return self.stripped[:size]
        content = self.content
        first = _NON_SPACE.search(content)
        if first is None or size <= 0:
            return ""
        start = first.start()
        piece = content[start : start + size]
        # whole when a non-space lies at or past its last character; else the stripped end is inside it
        return piece if _NON_SPACE.search(content, start + size - 1) is not None else piece.rstrip()

    def is_blank(self) -> bool:
        """``not stripped``, without the copy (``isspace`` is "strip leaves nothing": both Py_UNICODE_ISSPACE)."""
        return self.content == "" or self.content.isspace()

    def with_caps(self, caps: Mapping[str, Any]) -> KindInput:
        """The same input with another kind's caps (the content and its stripped form shared)."""
        other = KindInput(
            self.content,
            mime=self.mime,
            tool_name=self.tool_name,
            preview_chars=self.preview_chars,
            rules=self.rules,
            caps=caps,
        )
        if "stripped" in self.__dict__:
            other.__dict__["stripped"] = self.__dict__["stripped"]
        else:  # computed once, by whichever detector asks first (a copy of the whole text)
            other.__dict__["_origin"] = self.__dict__.get("_origin", self)
        return other


#: Python's ``\s`` on ``str`` is what ``str.strip()`` strips (Py_UNICODE_ISSPACE)
_NON_SPACE = re.compile(r"\S")

SummarizeFn = Callable[[KindInput], "Synopsis | Claim | None"]


@dataclass(frozen=True, kw_only=True)
class Summarizer:
    """A kind plugin's descriptor for one detector name.

    :param name: the detector name the rule file lists in ``detectors`` (forever stable).
    :param summarize: returns a :class:`Synopsis` (or a scored :class:`Claim`) when it claims
        the content, else ``None``.
        It may return a synopsis of another kind (``unknown`` for unparsable JSON with a json MIME).
    :param caps_schema: JSON Schema (a closed object) for this detector's ``kinds.<name>`` section.
    :param defaults: values used for caps the rule file leaves out.
    :param pattern_keys: keys of the section whose values are regexes (a string or a list of
        strings); the loader compiles them with the linear-time engine at load time.
    :param description: one line for ``toolstub plugins list``.
    """

    name: str
    summarize: SummarizeFn
    caps_schema: Mapping[str, Any] = field(default_factory=lambda: {"type": "object"})
    defaults: Mapping[str, Any] = field(default_factory=dict)
    pattern_keys: frozenset[str] = frozenset()
    description: str = ""


@dataclass(frozen=True)
class WholeTotals:
    """What the one pass over a large output counted for every kind (given to :meth:`StreamCounter.finish`).

    ``lines`` counts a last line without ``\\n`` too; ``view_lines`` are the newlines of the
    view the kind's synopsis was made from.
    """

    chars: int
    nbytes: int
    lines: int
    view_lines: int
    #: the stub's preview budget (bounds a sample, as for any synopsis)
    preview_chars: int = 2000


class StreamCounter:
    """A kind's counts over a large output, fed in order with blocks of the whole text.

    Made by :attr:`StreamTotals.start` with the detector's caps. :meth:`feed` gets each block
    of the output (the stored, redacted text) in order: a block ends at a line end, except
    when one line is longer than a block (see ``docs/streaming.md``); where the blocks are cut
    depends on the text only, never on how the output was chunked. :meth:`finish` gets the
    synopsis the kind made from the output's bounded view and returns it with its totals
    counted over the whole output (what it lists stays bounded by the caps). It must hold
    bounded memory whatever the size, and be deterministic.
    """

    def feed(self, block: str, first_line: int) -> None:  # pragma: no cover - interface
        """Count ``block``, whose first line is line ``first_line`` (1-based) of the output."""
        raise NotImplementedError

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:  # pragma: no cover - interface
        """``synopsis`` (the kind's synopsis of the view) with the whole output's totals."""
        raise NotImplementedError


@dataclass(frozen=True, kw_only=True)
class StreamTotals:
    """A kind plugin's descriptor for counting a large output over the whole stream.

    Registered with the ``toolstub_register_stream_totals`` hook. Past the rule file's
    ``large_outputs.whole_chars`` an output is described from a bounded view; the counter of
    the kind that describes it gives the totals of the whole output (or, with ``sniff``, the
    synopsis of a whole document read incrementally).

    :param name: the detector name (as in :class:`Summarizer`) whose synopses it completes.
    :param start: a new :class:`StreamCounter` for one output, given the detector's caps.
    """

    name: str
    start: Callable[[Mapping[str, Any]], StreamCounter]
    description: str = ""
    #: for a kind that must read the whole document (xml): ``sniff(head)`` says whether the
    #: output's head looks like one. Such a counter is started when it does, whatever kind the head
    #: was described as (a large document's head alone is not well-formed), and its ``finish``
    #: may return a synopsis of its own kind, or ``None`` when the whole did not read as one.
    sniff: Callable[[str], bool] | None = None


def replace_lines(synopsis: Synopsis, field_name: str, prefix: str, line: str | None) -> Synopsis:
    """``synopsis`` with the first line of ``field_name`` that starts with ``prefix`` replaced by ``line``
    (removed when ``line`` is ``None``); unchanged when there is none."""
    lines = list(getattr(synopsis, field_name))
    for index, old in enumerate(lines):
        if old.startswith(prefix):
            if line is None:
                del lines[index]
            else:
                lines[index] = line
            return dataclasses.replace(synopsis, **{field_name: tuple(lines)})
    return synopsis
