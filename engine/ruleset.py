"""The ``Ruleset`` data type: a loaded, merged and validated rule file.

A plain value with no behaviour beyond lookups, so every layer can name it:
:mod:`toolstub.rule_files` builds it, the engine, the redaction module, the
stub renderer and the kinds read it. Re-exported as ``toolstub.Ruleset`` and
``toolstub.rule_files.Ruleset``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class ExploreLine:
    """An Explore line shown only for some kinds: ``{line: ..., kinds: [json]}`` or ``not_kinds: [...]``."""

    line: str
    kinds: tuple[str, ...] = ()
    not_kinds: tuple[str, ...] = ()

    def fits(self, kind: str) -> bool:
        """Whether the line is shown in the stub of a synopsis of ``kind``."""
        return (not self.kinds or kind in self.kinds) and kind not in self.not_kinds


@dataclass(frozen=True)
class StubRules:
    """The stub section of a ruleset: header line, tool names, Explore lines."""

    header: str
    tools: Mapping[str, str]
    explore: tuple[str | ExploreLine, ...]

    def explore_for(self, kind: str) -> tuple[str, ...]:
        """The Explore templates for a synopsis of ``kind`` (plain lines always, kind lines when they fit)."""
        return tuple(e if isinstance(e, str) else e.line for e in self.explore if isinstance(e, str) or e.fits(kind))


@dataclass(frozen=True, eq=False)
class Ruleset:
    """A loaded, merged and validated ruleset (compared and hashed by identity)."""

    name: str
    version: str
    source: str
    detectors: tuple[str, ...]
    stub: StubRules
    kinds: Mapping[str, Mapping[str, Any]]
    limits: Mapping[str, Any]
    #: the merged data with every kind's defaults filled in, patterns as strings
    data: Mapping[str, Any] = field(repr=False)
    #: the files of the ``extends`` chain, the ruleset's own file first
    files: tuple[str, ...] = ()

    def caps(self, kind: str) -> Mapping[str, Any]:
        """The caps of ``kind`` (its ``kinds.<kind>`` section, defaults filled in; empty when none)."""
        return self.kinds.get(kind, MappingProxyType({}))

    @property
    def redaction(self) -> Mapping[str, Any]:
        """The ``redaction`` section (``{}`` when absent)."""
        return self.data.get("redaction") or MappingProxyType({})
