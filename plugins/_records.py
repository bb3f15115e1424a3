"""Per-field statistics of a list of JSON records (objects), shared by ``json`` and ``ndjson``.

Not a plugin: a private helper module of :mod:`toolstub.plugins`.

A field's line names its value types, most frequent first, how many records
hold it (when not all do) and how many of them hold ``null``::

    email: string (nulls: 12)
    admin: boolean, in 3 of 1000
    tags: array/null (nulls: 4), in 998 of 1000

Only type names are needed, so callers pass a ``type_name`` function that may
read a raw slice's first byte instead of decoding it.
"""

from __future__ import annotations

import importlib
import threading
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import Any

from toolstub.regex import compile_pattern

# ANSI escape sequences (`jq -C`, colour forced on): CSI, OSC and the two-byte ESC forms
_ANSI = compile_pattern(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")


def strip_ansi(text: str) -> str:
    """``text`` without ANSI escape sequences (one linear RE2 pass; unchanged when it has no ESC)."""
    if "\x1b" not in text:
        return text
    return _ANSI.sub(b"", text.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogatepass")


class LazyModule:
    """A module imported on first attribute use, which then replaces itself in ``namespace``.

    ``msgspec = LazyModule("msgspec", globals())`` keeps msgspec (and the ``decimal`` it
    imports, about 13 ms) off the start-up of a command that never decodes JSON; after the
    first use the module global *is* msgspec, so hot paths pay nothing. Thread-safe: the
    import takes importlib's module lock, the global is swapped in one store.
    """

    def __init__(self, name: str, namespace: MutableMapping[str, Any], alias: str | None = None) -> None:
        self._name = name
        self._namespace = namespace
        self._alias = alias or name
        self._lock = threading.Lock()

    def __getattr__(self, attr: str) -> Any:
        with self._lock:
            module = importlib.import_module(self._name)
            self._namespace[self._alias] = module
        return getattr(module, attr)


class FieldStats:
    """Counts per field over the records seen: presence, nulls, types (first-seen order)."""

    __slots__ = ("records", "fields")

    def __init__(self) -> None:
        self.records = 0
        #: field -> [present, nulls, {type: count}]
        self.fields: dict[str, list[Any]] = {}

    def add(self, record: Mapping[str, Any], type_name: Callable[[Any], str]) -> None:
        self.records += 1
        fields = self.fields
        for key, value in record.items():
            entry = fields.get(key)
            if entry is None:
                entry = fields[key] = [0, 0, {}]
            entry[0] += 1
            kind = type_name(value)
            if kind == "null":
                entry[1] += 1
            else:
                types = entry[2]
                types[kind] = types.get(kind, 0) + 1

    def lines(self, limit: int, more_format: str = "") -> list[str]:
        """One line per field (the first ``limit``), then ``more_format`` when fields were left out."""
        out = []
        for name, (present, nulls, types) in list(self.fields.items())[:limit]:
            ranked = sorted(types.items(), key=lambda item: -item[1])
            names = "/".join(kind for kind, _ in ranked) or "null"
            if nulls and types:
                names += "/null"
            line = f"{name}: {names}"
            if nulls:
                line += f" (nulls: {nulls})"
            if present < self.records:
                line += f", in {present} of {self.records}"
            out.append(line)
        if more_format and len(self.fields) > limit:
            out.append(more_format.format(n=len(self.fields) - limit))
        return out


def field_stats(records: Iterable[Mapping[str, Any]], type_name: Callable[[Any], str], max_records: int) -> FieldStats:
    stats = FieldStats()
    for record in records:
        if stats.records >= max_records:
            break
        stats.add(record, type_name)
    return stats
