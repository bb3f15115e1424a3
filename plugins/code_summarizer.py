"""Kind ``code``: source code and code-like output.

Claims the content when one of ``detect_patterns`` matches (and, when
``min_code_line_fraction`` is set, when enough of the first ``sample_lines``
non-blank lines look like code). Reports the line count, the imports and the
defined symbols.

.. rubric:: Options (``kinds.code`` in a rule file)

* ``detect_patterns``: RE2 regexes searched over the whole content (write ``(?m)`` for
  line anchors); any match makes the content code-like. The ``yaml`` kind reads them too.
* ``strong_patterns``: RE2 regexes that make the content code on their own (a ``#!``
  line, ``<?php``, a Dockerfile's ``FROM``, a Makefile rule with its tab-indented recipe).
* ``line_number_pattern`` and ``line_number_fraction`` (0.9): when that share of the first
  ``sample_lines`` non-blank lines start with a line number (``cat -n``: ``^ *\\d+\\t``),
  the numbers are taken off every line before anything else.
* ``import_pattern``: matched at the start of each line; the import is the first
  non-empty group (or the whole match).
* ``symbol_pattern``: matched at the start of each line; the symbol is the non-empty
  groups joined by a space (``class Runner``).
* ``line_mode`` (``stripped``): ``stripped`` matches each ``line.strip()`` (the seed);
  ``raw`` matches the line as it is, so patterns can tell top-level from indented lines.
* ``import_limit`` (12), ``import_chars`` (180), ``symbol_limit`` (24), ``symbol_chars`` (200).
* ``split_import_lists`` (false): split a captured ``a, b as c`` into ``a`` and ``b`` (not inside ``{}``).
* ``dedupe`` (false): list each import and symbol once.
* ``normalize_items`` (false): collapse whitespace inside items (``async  def`` -> ``async def``).
* ``line_count`` (``splitlines``) or ``newlines``: how lines are counted.
* ``more_format`` (``""``): appended when a cap cuts a list; ``{n}`` is the number of further
  matching lines, counted up to ``more_count_limit`` (10000, then shown as ``10000+``).
* ``normalize_newlines`` (false): skip a leading BOM and read CRLF as LF before detection
  and listing (the line count is the content's own).
* ``min_code_line_fraction`` (0: off), ``code_line_pattern``, ``non_code_line_pattern``,
  ``sample_lines``: when the fraction is set, at least that fraction of the first
  ``sample_lines`` non-blank lines must match ``code_line_pattern`` (at the line start)
  and not ``non_code_line_pattern``, and the lines matching ``non_code_line_pattern``
  (log lines, traceback frames) must be fewer than those code lines, so prose, a log or a
  traceback with a few code-like lines stays text.

.. rubric:: Examples

``openviking-compat``, content ``"import os, sys\\n\\ndef main():\\n    pass\\n"``::

    summary:   Code-like output with 4 lines.
    structure: line_count: 4 / imports: os,
    notable:   def main
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
from toolstub.synopsis import KindInput, Summarizer, Synopsis
from toolstub.textutil import clip, normalize

_INT = {"type": "integer", "minimum": 0}
_PATTERN = {"type": ["string", "null"]}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "detect_patterns": {"type": "array", "items": {"type": "string"}},
        "strong_patterns": {"type": "array", "items": {"type": "string"}},
        "line_number_pattern": _PATTERN,
        "line_number_fraction": {"type": "number", "minimum": 0, "maximum": 1},
        "import_pattern": _PATTERN,
        "symbol_pattern": _PATTERN,
        "line_mode": {"enum": ["stripped", "raw"]},
        "import_limit": _INT,
        "import_chars": _INT,
        "symbol_limit": _INT,
        "symbol_chars": _INT,
        "split_import_lists": {"type": "boolean"},
        "dedupe": {"type": "boolean"},
        "normalize_items": {"type": "boolean"},
        "line_count": {"enum": ["splitlines", "newlines"]},
        "more_format": {"type": "string"},
        "more_count_limit": {"type": "integer", "minimum": 1},
        "min_code_line_fraction": {"type": "number", "minimum": 0, "maximum": 1},
        "code_line_pattern": _PATTERN,
        "non_code_line_pattern": _PATTERN,
        "sample_lines": {"type": "integer", "minimum": 1},
        "normalize_newlines": {"type": "boolean"},
    },
}

#: the seed's values (``openviking-compat``); the patterns live in the rule files
DEFAULTS: Mapping[str, Any] = {
    "detect_patterns": [],
    "strong_patterns": [],
    "line_number_pattern": None,
    "line_number_fraction": 0.9,
    "import_pattern": None,
    "symbol_pattern": None,
    "line_mode": "stripped",
    "import_limit": 12,
    "import_chars": 180,
    "symbol_limit": 24,
    "symbol_chars": 200,
    "split_import_lists": False,
    "dedupe": False,
    "normalize_items": False,
    "line_count": "splitlines",
    "more_format": "",
    "more_count_limit": 10_000,
    "min_code_line_fraction": 0,
    "code_line_pattern": None,
    "non_code_line_pattern": None,
    "sample_lines": 2000,
    "normalize_newlines": False,
}

PATTERN_KEYS = frozenset(
    {
        "detect_patterns",
        "strong_patterns",
        "line_number_pattern",
        "import_pattern",
        "symbol_pattern",
        "code_line_pattern",
        "non_code_line_pattern",
    }
)


def looks_like_code(content: str, caps: Mapping[str, Any]) -> bool:
    """Whether any detect pattern matches ``content`` (the test the ``yaml`` kind also uses)."""
    patterns = caps.get("detect_patterns") or ()
    if not patterns:
        return False
    # one RE2 pass for all of them (an alternation of the patterns, each keeping its flags)
    return _lines.any_of(patterns).search(_lines.encode(content)) is not None


def _enough_code_lines(content: str, caps: Mapping[str, Any]) -> bool:
    fraction = float(caps.get("min_code_line_fraction") or 0)
    code_line = caps.get("code_line_pattern")
    if fraction <= 0 or code_line is None:
        return True
    sample = _sample_lines(content, int(caps["sample_lines"]))
    if not sample:
        return False
    blob = _lines.encode("\n".join(sample))
    code = {start for start, _e, _g in _lines.scan_lines(code_line, blob)}
    non_code_pattern = caps.get("non_code_line_pattern")
    if non_code_pattern is not None and code:
        non_code = {start for start, _e, _g in _lines.scan_lines(non_code_pattern, blob)}
        code -= non_code
        if len(non_code) >= len(code):
            return False
    return len(code) >= fraction * len(sample)


def _sample_lines(content: str, limit: int, *, rstrip: bool = True) -> list[str]:
    """The first ``limit`` non-blank lines (right-stripped), read from a bounded prefix."""
    size = limit * 512
    lines = content[:size].splitlines()
    if len(content) > size and len(lines) > 1:
        lines.pop()  # the last line may go on past the prefix
    lines = [line for line in lines if line.strip()][:limit]
    return [line.rstrip() for line in lines] if rstrip else lines


def _items(groups: list[bytes], *, join: bool) -> str:
    parts = [_lines.decode(g) for g in groups]
    if not parts:
        return ""
    return " ".join(parts) if join else parts[0]


def _collect(regex, blob: bytes, caps: Mapping[str, Any], *, symbols: bool) -> tuple[list[str], str]:
    """(the listed items, how many more matching lines there were: ``""``, ``"7"`` or ``"10000+"``)."""
    if regex is None:
        return [], ""
    limit = int(caps["symbol_limit" if symbols else "import_limit"])
    chars = int(caps["symbol_chars" if symbols else "import_chars"])
    dedupe = bool(caps.get("dedupe"))
    items: list[str] = []
    seen: set[str] = set()
    extra = 0
    resume = None
    for _start, end, groups in _lines.scan_lines(regex, blob):
        if len(items) >= limit:
            resume = _start
            break
        for name in _names(groups, caps, symbols=symbols):
            if dedupe and name in seen:
                continue
            seen.add(name)
            if len(items) < limit:
                items.append(clip(name, chars))
            else:
                extra += 1
    if resume is None or not caps.get("more_format"):
        return items, str(extra) if extra else ""
    more, capped = _lines.count_lines(regex, blob, start=resume, limit=int(caps["more_count_limit"]))
    extra += more
    return items, f"{extra}+" if capped else str(extra)


def _names(groups: list[bytes], caps: Mapping[str, Any], *, symbols: bool) -> list[str]:
    found = _items(groups, join=symbols)
    if caps.get("normalize_items"):
        found = normalize(found)
    if not symbols and caps.get("split_import_lists") and "{" not in found:
        return [part.split()[0] for part in found.split(",") if part.strip()]
    return [found] if found else []


def _more(caps: Mapping[str, Any], extra: str) -> str:
    fmt = caps.get("more_format") or ""
    return fmt.format(n=extra) if fmt and extra else ""


def line_count(content: str, mode: str) -> int:
    if mode == "newlines":
        return _lines.newline_line_count(content)
    return _lines.splitlines_count(content)


def _is_code(content: str, caps: Mapping[str, Any]) -> bool:
    strong = caps.get("strong_patterns") or ()
    if strong and _lines.any_of(strong).search(_lines.encode(content)) is not None:
        return True
    return looks_like_code(content, caps) and _enough_code_lines(content, caps)


def without_line_numbers(content: str, caps: Mapping[str, Any]) -> str:
    """``content`` without a ``cat -n`` style prefix, when nearly every line has one."""
    prefix = caps.get("line_number_pattern")
    if prefix is None:
        return content
    sample = _sample_lines(content, int(caps["sample_lines"]), rstrip=False)
    if not sample:
        return content
    blob = _lines.encode("\n".join(sample))
    numbered = sum(1 for _ in _lines.scan_lines(prefix, blob))
    if numbered < float(caps["line_number_fraction"]) * len(sample):
        return content
    data = _lines.encode(content)
    pieces, last = [], 0
    for start, end in _lines.prefix_spans(prefix, data):
        pieces.append(data[last:start])
        last = end
    pieces.append(data[last:])
    return _lines.decode(b"".join(pieces))


def summarize(inp: KindInput) -> Synopsis | None:
    caps = inp.caps
    original = inp.content
    content = original
    if caps.get("normalize_newlines"):  # a Windows file (CRLF, BOM) is read as its LF twin
        content = content.removeprefix("\ufeff")
        content = content.replace("\r\n", "\n") if "\r" in content else content
    content = without_line_numbers(content, caps)
    if not _is_code(content, caps):
        return None
    drop = not _lines.matches_empty((caps.get("import_pattern"), caps.get("symbol_pattern")))
    blob = _lines.line_blob(content, strip=caps["line_mode"] == "stripped", drop_empty=drop)
    imports, more_imports = _collect(caps.get("import_pattern"), blob, caps, symbols=False)
    symbols, more_symbols = _collect(caps.get("symbol_pattern"), blob, caps, symbols=True)
    lines = line_count(original, caps["line_count"])
    structure = [f"line_count: {lines}"]
    if imports:
        structure.append(f"imports: {', '.join(imports)}{_more(caps, more_imports)}")
    notable = list(symbols)
    if more_symbols and caps.get("more_format"):
        notable.append(_more(caps, more_symbols).strip())
    return Synopsis(
        kind="code",
        title="Code output",
        summary=(f"Code-like output with {lines} lines.",),
        structure=tuple(structure),
        notable_items=tuple(notable),
    )


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (
        Summarizer(
            name="code",
            summarize=summarize,
            caps_schema=CAPS_SCHEMA,
            defaults=DEFAULTS,
            pattern_keys=PATTERN_KEYS,
            description="source code: line count, imports, defined symbols",
        ),
    )
