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
class StubRules:
    header: str
    tools: Mapping[str, str]
    explore: tuple[str, ...]


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
        return self.kinds.get(kind, MappingProxyType({}))

    @property
    def redaction(self) -> Mapping[str, Any]:
        """The ``redaction`` section (``{}`` when absent)."""
        return self.data.get("redaction") or MappingProxyType({})
