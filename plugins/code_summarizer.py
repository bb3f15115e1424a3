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
* ``dedupe`` (false): list each import and symbol once (the first ``limit + more_count_limit``
  matching lines are read for them).
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
* ``xml_document_max_chars`` (0: off): content up to this size that opens with markup (not ``<?php``, ``<%``,
  ``<script>``, ``<style>``, ``<template>``) and parses whole as XML is no code (an XML template whose attributes
  quote ``$(n)``); the language-table options (``languages``, ``language_*``, ``config_*``, ``literal_module_*``)
  are described in the default rule file, beside their values.

.. rubric:: Examples

``openviking-compat``, content ``"import os, sys\\n\\ndef main():\\n    pass\\n"``::

    summary:   Code-like output with 4 lines.
    structure: line_count: 4 / imports: os,
    notable:   def main
"""

from __future__ import annotations

import ast
import functools
import re
import warnings
from bisect import bisect_right
from collections.abc import Callable, Mapping
from itertools import islice
from pyexpat import ExpatError, ParserCreate
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
from toolstub.regex import LazyPattern
from toolstub.synopsis import (
    Claim,
    Evidence,
    KindInput,
    StreamCounter,
    StreamTotals,
    Summarizer,
    Synopsis,
    WholeTotals,
    replace_lines,
)
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
        "not_code_patterns": {"type": "array", "items": {"type": "string"}},
        "languages": {"type": "array", "items": {"type": "string", "minLength": 1}},
        "language_markers": {"type": "array", "items": {"type": "string"}},
        "code_markers": {"type": "array", "items": {"type": "string"}},
        "code_marker_language": {"type": ["string", "null"]},
        "language_signatures": {"type": "array", "items": {"type": "string"}},
        "language_lines": {"type": "array", "items": {"type": "string"}},
        "language_min_signatures": {"type": "integer", "minimum": 1},
        "language_min_share": {"type": "number", "minimum": 0, "maximum": 1},
        "language_high_share": {"type": "number", "minimum": 0, "maximum": 1},
        "language_high_share_statements": {"type": "integer", "minimum": 1},
        "language_min_density": {"type": "number", "minimum": 0, "maximum": 1},
        "neutral_blocks": {"type": "boolean"},
        "text_line_pattern": _PATTERN,
        "max_text_lines": _INT,
        "prose_line_pattern": _PATTERN,
        "config_comment_pattern": _PATTERN,
        "config_line_pattern": _PATTERN,
        "config_code_pattern": _PATTERN,
        "config_directive_pattern": _PATTERN,
        "config_veto_pattern": _PATTERN,
        "config_veto_lines": {"type": "integer", "minimum": 1},
        "config_dialect_marker": _PATTERN,
        "config_dialect_pattern": _PATTERN,
        "config_min_lines": _INT,
        "config_min_share": {"type": "number", "minimum": 0, "maximum": 1},
        "config_max_code_share": {"type": "number", "minimum": 0, "maximum": 1},
        "literal_module_max_chars": _INT,
        "literal_module_min_assignments": {"type": "integer", "minimum": 1},
        "python_program_max_chars": _INT,
        "python_program_min_statements": {"type": "integer", "minimum": 1},
        "python_program_min_share": {"type": "number", "minimum": 0, "maximum": 1},
        "xml_document_max_chars": _INT,
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
    "not_code_patterns": [],
    "languages": [],
    "language_markers": [],
    "code_markers": [],
    "code_marker_language": None,
    "language_signatures": [],
    "language_lines": [],
    "language_min_signatures": 2,
    "language_min_share": 0.5,
    "language_high_share": 1.0,
    "language_high_share_statements": 5,
    "language_min_density": 1.0,
    "neutral_blocks": False,
    "text_line_pattern": None,
    "max_text_lines": 1,
    "prose_line_pattern": None,
    "config_comment_pattern": None,
    "config_line_pattern": None,
    "config_code_pattern": None,
    "config_directive_pattern": None,
    "config_veto_pattern": None,
    "config_veto_lines": 2,
    "config_dialect_marker": None,
    "config_dialect_pattern": None,
    "config_min_lines": 2,
    "config_min_share": 0.8,
    "config_max_code_share": 0.0,
    "literal_module_max_chars": 0,
    "literal_module_min_assignments": 2,
    "python_program_max_chars": 0,
    "python_program_min_statements": 3,
    "python_program_min_share": 0.5,
    "xml_document_max_chars": 0,
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
        "not_code_patterns",
        "language_markers",
        "code_markers",
        "language_signatures",
        "language_lines",
        "text_line_pattern",
        "prose_line_pattern",
        "config_comment_pattern",
        "config_line_pattern",
        "config_code_pattern",
        "config_directive_pattern",
        "config_veto_pattern",
        "config_dialect_marker",
        "config_dialect_pattern",
    }
)


def looks_like_code(content: str, caps: Mapping[str, Any]) -> bool:
    """Whether any detect pattern matches ``content`` (the test the ``yaml`` kind also uses)."""
    patterns = caps.get("detect_patterns") or ()
    if not patterns:
        return False
    # one RE2 pass for all of them (an alternation of the patterns, each keeping its flags)
    return _lines.any_of(patterns).search(_lines.encode(content)) is not None


def _code_and_log_lines(sample: list[str], caps: Mapping[str, Any]) -> tuple[int, int]:
    """How many ``sample`` lines match ``code_line_pattern`` and not ``non_code_line_pattern``, and how
    many match ``non_code_line_pattern`` (log lines, traceback frames); (0, 0) without the patterns."""
    code_line = caps.get("code_line_pattern")
    if code_line is None or not sample:
        return 0, 0
    blob = _lines.encode("\n".join(sample))
    code = {start for start, _e, _g in _lines.scan_lines(code_line, blob)}
    non_code_pattern = caps.get("non_code_line_pattern")
    if non_code_pattern is None or not code:
        return len(code), 0
    non_code = {start for start, _e, _g in _lines.scan_lines(non_code_pattern, blob)}
    return len(code - non_code), len(non_code)


def _enough_code_lines(content: str, caps: Mapping[str, Any]) -> bool:
    fraction = float(caps.get("min_code_line_fraction") or 0)
    if fraction <= 0 or caps.get("code_line_pattern") is None:
        return True
    sample = _sample_lines(content, int(caps["sample_lines"]))
    if not sample:
        return False
    code, non_code = _code_and_log_lines(sample, caps)
    if non_code and non_code >= code:
        return False
    return code >= fraction * len(sample)


def _sample_lines(content: str, limit: int, *, rstrip: bool = True) -> list[str]:
    """The first ``limit`` non-blank lines (right-stripped), read from a bounded prefix."""
    # a small prefix first: its complete lines are the content's first lines, so when they hold
    # ``limit`` non-blank ones they are the answer (the full prefix is split only when not)
    full = limit * 512
    for size in (limit * 64, full):
        lines = content[:size].splitlines()
        cut = len(content) > size
        if cut and len(lines) > 1:
            lines.pop()  # the last line may go on past the prefix
        elif cut and size < full:
            continue  # one line longer than the small prefix: only the full prefix says how it ends
        found = list(islice(filter(str.strip, lines), limit))
        if len(found) >= limit or not cut:
            break
    return [line.rstrip() for line in found] if rstrip else found


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
    # with dedupe, a file repeating a few names (350,000 `def f`) would be read to its end for a
    # name not seen yet: the scan stops after limit + more_count_limit matching lines
    scanned, bound = 0, limit + int(caps["more_count_limit"])
    for _start, end, groups in _lines.scan_lines(regex, blob):
        if len(items) >= limit:
            resume = _start
            break
        scanned += 1
        if dedupe and scanned > bound:
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


#: block comments (and POD, docstrings) opened at a line start: (opening, closing)
_BLOCKS = (("/*", "*/"), ('"""', '"""'), ("'''", "'''"), ("#=", "=#"), ("--[[", "]]"), ("<!--", "-->"), ("<#", "#>"))
#: openers that are a block only when their closing comes later in the sample: a ``#=`` line opens a Julia
#: block comment up to ``=#``, but a ``#======`` banner rule in a ``#``-comment language (a Perl module's
#: header box) closes nowhere and is one comment line
_CLOSED_ONLY = frozenset({"#="})


#: a line that ends a Perl program (``__END__``, ``__DATA__``; Ruby's ``__END__``): what follows is data
_DATA_MARKERS = ("__END__", "__DATA__")


#: a here-document opened on a line (Perl, shell, Ruby, PHP's ``<<<``): ``<<'TAG'``, ``<<"TAG"``, ``<<TAG``,
#: ``<<~TAG``, ``<<-TAG``; a bare tag after a blank only when upper-case (``cat << EOF``, not ``x << y``)
_HEREDOC = LazyPattern(re.compile, r"""<<([~-]?)(?:[ \t]*'([A-Za-z_!][\w!]*)'|[ \t]*"([A-Za-z_!][\w!]*)"|([A-Za-z_]\w*)|[ \t]+([A-Z_][A-Z0-9_]*)\b)""")


def _heredoc_bodies(sample: list[str]) -> list[tuple[int, int]]:
    """The (first, last) line indices of each here-document body with its closing tag line.

    A body runs from the line after the opener to the line that is the tag (indented when the
    opener is ``<<~`` or ``<<-``; PHP's may end in ``;``). An opener whose tag line never comes
    is not a here-document (C++'s ``out << "x"``, a shift ``1 << PAGE_SHIFT``).
    """
    if not any("<<" in line for line in sample):
        return []
    exact: dict[str, list[int]] = {}
    indented: dict[str, list[int]] = {}
    for index, line in enumerate(sample):
        if len(line) <= 64:
            exact.setdefault(line.removesuffix(";"), []).append(index)
            indented.setdefault(line.strip().removesuffix(";"), []).append(index)
    bodies: list[tuple[int, int]] = []
    index = 0
    while index < len(sample):
        line = sample[index]
        last = index
        if "<<" in line:
            for found in _HEREDOC.finditer(line):
                tag = next(group for group in found.groups()[1:] if group)
                ends = (indented if found.group(1) else exact).get(tag, ())
                end = ends[bisect_right(ends, last)] if bisect_right(ends, last) < len(ends) else None
                if end is None:
                    continue
                bodies.append((last + 1, end))
                last = end
        index = last + 1
    return bodies


#: an assignment whose quoted string opens at the line's end and does not close there (R's
#: ``Lines <- '"Time","Index"``, a shell ``VAR="...``, Perl's ``$x = '...``)
#: (or a Lisp form's docstring opened with an escaped line break, `(autoload (quote f) "file" "\`: Emacs Lisp autoloads)
_STRING_OPENER = LazyPattern(
    re.compile, r"""^[ \t]*[$@%]?[\w.]+[ \t]*(?:<-|=)[ \t]*(?:(')[^'\\]*|(")[^"\\]*)$|^[ \t]*\((?:[^"\n]*"[^"\n]*")*[^"\n]*(")\\$"""
)
#: a multi-line string's body shorter than this is left as it is
_STRING_BODY_LINES = 5


def _string_bodies(sample: list[str]) -> list[tuple[int, int]]:
    """The (first, last) line indices of each multi-line quoted string assigned to a name: from the
    line after the opener up to the first line that holds the same quote (data or text in any
    language: an R demo's embedded CSV, a script's usage text). A string whose quote never comes
    again, or whose body is shorter than :data:`_STRING_BODY_LINES` lines, is none."""
    bodies: list[tuple[int, int]] = []
    index = 0
    while index < len(sample):
        found = _STRING_OPENER.match(sample[index])
        if found is None:
            index += 1
            continue
        quote = found.group(1) or found.group(2) or found.group(3)
        end = next((i for i in range(index + 1, len(sample)) if quote in sample[i]), None)
        if end is None:
            break
        if end - index > _STRING_BODY_LINES:
            bodies.append((index + 1, end))
        index = end + 1
    return bodies


def _neutral_lines(sample: list[str]) -> list[bool]:
    """For each sample line, whether it lies in a block comment, a POD block, a docstring, a
    here-document's body or the data section after a ``__END__``/``__DATA__`` line (not the first line).

    Those lines are prose or data in any language: the language share leaves them out (CMake's
    ``#[[...]]`` reStructuredText blocks, a C header's licence comment, a Perl module's POD, the
    ``key='value'`` lines a Perl or shell script writes out through ``<<'END'``).
    """
    out = [False] * len(sample)
    for first, last in _heredoc_bodies(sample) + _string_bodies(sample):
        out[first : last + 1] = [True] * (last + 1 - first)
    # the last line holding each closing that must come (a block that never closes is none)
    last_close = {closing: max((i for i, line in enumerate(sample) if closing in line), default=-1)
                  for opening, closing in _BLOCKS if opening in _CLOSED_ONLY}
    close: str | None = None
    for index, line in enumerate(sample):
        if out[index] and close is None:
            continue  # a here-document's body: no comment or docstring opens in it
        stripped = line.lstrip()
        if close is None and index and line.rstrip() in _DATA_MARKERS:
            out[index:] = [True] * (len(sample) - index)  # Perl's (and Ruby's) data section: not code
            break
        if close is not None:
            out[index] = True
            if close in ("=cut", "=end"):
                if stripped.startswith((close, "=cut")):
                    close = None
            elif close in line:
                close = None
            continue
        if stripped[:1] == "=" and stripped[1:2].isalpha() and not line[:1].isspace():
            # POD runs to `=cut`; Ruby's `=begin` comment to `=end` or `=cut`, whichever comes first (Perl's
            # `=begin comment`...`=cut`; after `=begin x`...`=end x`, a `=cut` is one more POD line, opening nothing)
            out[index] = True
            close = None if stripped.startswith("=cut") else ("=end" if stripped.startswith("=begin") else "=cut")
            continue
        if stripped.startswith("#[") and stripped[2:].lstrip("=").startswith("["):
            level = len(stripped[2:]) - len(stripped[2:].lstrip("="))
            out[index] = True
            end = "]" + "=" * level + "]"
            close = None if end in stripped[3 + level :] else end
            continue
        bare = stripped.lstrip("rRbBuUfF") if stripped[:3].lstrip("rRbBuUfF")[:1] in ("'", '"') else stripped
        for opening, closing in _BLOCKS:
            if bare.startswith(opening):
                if opening in _CLOSED_ONLY and closing not in bare[len(opening) :] and last_close.get(closing, -1) <= index:
                    break  # a `#=====` banner rule (Perl, shell, Python): a line comment, no Julia block
                out[index] = True
                close = None if closing in bare[len(opening) :] else closing
                break
        else:
            # a triple-quoted string opened after code (`doc="""Text`, `x = """`): its lines are prose,
            # and its closing `"""` line does not open a block
            close = next((q for q in ('"""', "'''") if line.count(q) % 2), None)
    return out


#: a Markdown fence's opening line: three backticks or tildes or more, indented 3 columns at most, an info string
#: without backticks (```python, ```{toctree}, ~~~)
_FENCE = LazyPattern(re.compile, r" {0,3}(`{3,}|~{3,})[^`\n]*$")


def _fenced_lines(sample: list[str], neutral: list[bool]) -> set[int]:
    """The sample lines in Markdown fenced blocks (opening and closing lines included); a fence that never closes is
    none (a stray ````` line in a program's string), and so is one in a block comment (a C header's ``~~~~`` rules
    under its comments' titles)."""
    inside: set[int] = set()
    index = 0
    while index < len(sample):
        match = None if neutral[index] else _FENCE.match(sample[index])
        if match is not None:
            mark = match.group(1)
            for end in range(index + 1, len(sample)):
                if neutral[end]:
                    continue
                line = sample[end]
                body = line.lstrip(" ")
                if len(line) - len(body) <= 3 and body.rstrip().startswith(mark) and not body.rstrip().strip(mark[0]):
                    inside.update(range(index, end + 1))
                    index = end
                    break
        index += 1
    return inside


def _fenced_document(table: _Languages, caps: Mapping[str, Any]) -> bool:
    """Whether the sample is a document that quotes its code in Markdown fences: fenced blocks, and outside them (and
    outside block comments) lines of which under ``min_code_line_fraction`` are code lines that no comment lead opens
    (Sphinx's MyST ``_sources/index.md.txt``: a front matter, headings and ``{toctree}`` fences over one ```python
    example)."""
    if b"```" not in table.blob and b"~~~" not in table.blob:
        return False  # no fence at all (most programs): one C-speed look
    sample = table.sample
    neutral = table.neutral()
    fenced = _fenced_lines(sample, neutral)
    if not fenced:
        return False
    outside = [i for i in range(len(sample)) if i not in fenced and not neutral[i]]
    if len(outside) < 2:
        return False
    code = table.code_lines()
    # a `#` line outside the fences is a heading or a comment: no program's line either way
    programs = sum(1 for i in outside if i in code and not sample[i].lstrip().startswith(_COMMENT_LEADS))
    return programs < float(caps.get("min_code_line_fraction") or 0) * len(outside)


def _whole(content: str, sample: list[str], caps: Mapping[str, Any]) -> bool:
    """Whether ``sample`` holds every non-blank line of ``content`` (fewer than ``sample_lines``, read
    from a prefix that is the whole content: see :func:`_sample_lines`)."""
    limit = int(caps["sample_lines"])
    return len(sample) < limit and len(content) <= limit * 512


def _pod_document(sample: list[str], neutral: list[bool], *, whole: bool) -> bool:
    """Whether the sample is POD with nothing outside its blocks, or (``whole``: the sample is the
    whole content) nothing but ``#`` comments (a licence header, ``# This document contains text
    in Perl "POD" format.``, ``# End of Pod``). A cut sample of comments and POD may be a module
    whose code comes later (Devel::PPPort: 4,000 lines of them first)."""
    if sample[0][:1] == "=" and all(neutral):
        return True
    if not whole or not any(line[:1] == "=" and line[1:2].isalpha() and flag for line, flag in zip(sample, neutral)):
        return False
    return all(flag or line.lstrip().startswith("#") for line, flag in zip(sample, neutral))


#: comment lines whose RST roles or ``literals`` are a docstring's markup, not a document's
_COMMENT_LINE_LEADS = ("#", "//", "/*", ";")
#: a line that is a string literal continuing a call's arguments (``":meth:`~x.read` instead.")``), a dict entry
#: of two strings (``"iterator": ":term:`python:iterator`",``) or a name assigned one (``val = f":ref:`x`"``), also
#: through a call (``debug = Attribute('The ``debug`` setting')``, a zope interface's attribute): a
#: program's string, not a document's line, whatever markup it quotes
_STRING_LINE = LazyPattern(
    re.compile,
    r"""[ \t]*(?:[rbuf]?(?:"[^"\n]*"|'[^'\n]*')[ \t]*:[ \t]*|[A-Za-z_][\w.]*[ \t]*=[ \t]*)?(?:[A-Za-z_][\w.]*\()?"""
    r"""[rbuf]?(?:"[^"\n]*"|'[^'\n]*')[ \t]*[),;+\]]*[ \t]*(?:#[^\n]*)?$""",
)
_COMMENT_LEADS = ("#", "//", "/*", "*", ";", "--", "!", "%", "dnl ", "REM ")
#: a Rust attribute (`#[derive(Debug)]`, `#![doc = include_str!("x.md")]`) and a C preprocessor directive
#: (`#define BACKTRACE_USES_MALLOC 0`: a generated header of three macros under its licence) open with `#`
#: but are statements
_ATTRIBUTE = LazyPattern(re.compile, r"#!?\[[A-Za-z_][\w:]*[(\]= ]|#(?:define|undef|pragma|include)\b")


def _line_index(blob: bytes) -> list[int]:
    starts, pos = [0], blob.find(b"\n")
    while pos >= 0:
        starts.append(pos + 1)
        pos = blob.find(b"\n", pos + 1)
    return starts


def _line_hits(regex: Any, blob: bytes, starts: list[int]) -> set[int]:
    """The indices of the lines of ``blob`` that ``regex`` matches at their start."""
    return {bisect_right(starts, start) - 1 for start, _e, _g in _lines.scan_lines(regex, blob)}


class _Languages:
    """The rule file's language table read on a sample: markers, signature lines, shares."""

    def __init__(self, sample: list[str], caps: Mapping[str, Any]) -> None:
        self.caps = caps
        self.table = list(
            zip(caps.get("languages") or (), caps.get("language_markers") or (), caps.get("language_signatures") or (),
                caps.get("language_lines") or ())
        )
        self.sample = sample
        self.blob = _lines.encode("\n".join(sample))
        self.starts = _line_index(self.blob)
        self._code: set[int] | None = None
        self._neutral_flags: list[bool] | None = None
        self._signatures: dict[int, set[int]] = {}

    def neutral(self) -> list[bool]:
        if self._neutral_flags is None:
            caps = self.caps
            self._neutral_flags = _neutral_lines(self.sample) if caps.get("neutral_blocks") else [False] * len(self.sample)
        return self._neutral_flags

    def _statement_hits(self, key: str, skip: frozenset[int] | set[int] = frozenset()) -> list[int]:
        """The sample lines ``caps[key]`` matches, outside block comments, not comment lines, not in ``skip``."""
        regex = self.caps.get(key)
        if regex is None:
            return []
        neutral = self.neutral()
        sample = self.sample
        return [
            i
            for i in _line_hits(regex, self.blob, self.starts) - skip
            if not neutral[i] and not sample[i].lstrip().startswith(_COMMENT_LINE_LEADS)
        ]

    def document_lines(self) -> int:
        """How many sample lines outside block comments only a document writes (``text_line_pattern``)."""
        return sum(1 for i in self._statement_hits("text_line_pattern") if not _STRING_LINE.match(self.sample[i]))

    def prose_lines(self, index: int) -> int:
        """How many sample lines outside block comments are sentences (``prose_line_pattern``) and no
        signature line of the language at ``index``."""
        return len(self._statement_hits("prose_line_pattern", self.signature_lines(index)))

    def marked(self) -> str | None:
        """The first language whose marker (a shebang, a ``" Vim syntax file`` header...) is in the sample."""
        for name, marker, _sig, _lines_re in self.table:
            if marker.search(self.blob) is not None:
                return name
        return None

    def signature_lines(self, index: int) -> set[int]:
        """The indices of the sample lines that are signature lines of the language at ``index``."""
        if index not in self._signatures:
            self._signatures[index] = _line_hits(self.table[index][2], self.blob, self.starts)
        return self._signatures[index]

    def ranked(self) -> list[tuple[int, int]]:
        """(signature line count, table index) of each language with one at least, best first (ties: table order)."""
        counts = [(len(self.signature_lines(i)), i) for i in range(len(self.table))]
        return sorted(((n, i) for n, i in counts if n), key=lambda item: (-item[0], item[1]))

    def share(self, index: int, *, statements: bool = False, minimum: int = 5) -> float:
        """The share of the sample's lines (outside block comments) that are code lines of that language.

        ``statements``: comment lines (``#``, ``//``, ``;``...) left out too, and 0 for fewer
        than ``minimum`` lines left: a file of comments is not a table of code.
        """
        self.code_lines()
        # the language's own lines: its comments and continuations, and its signature lines
        own = _line_hits(self.table[index][3], self.blob, self.starts) | self.signature_lines(index)
        counted = [i for i, neutral in enumerate(self._neutral) if not neutral]
        if statements:
            counted = [
                i
                for i in counted
                if not self.sample[i].lstrip().startswith(_COMMENT_LEADS) or _ATTRIBUTE.match(self.sample[i].lstrip())
            ]
            if len(counted) < max(1, minimum):
                return 0.0
        if not counted:
            return 1.0 if any(self._neutral) else 0.0
        code = (self._code | own) - self._non_code
        return sum(1 for i in counted if i in code) / len(counted)

    def code_lines(self) -> set[int]:
        """The sample lines ``code_line_pattern`` matches and ``non_code_line_pattern`` does not (log lines)."""
        if self._code is None:
            caps = self.caps
            code_line = caps.get("code_line_pattern")
            self._code = _line_hits(code_line, self.blob, self.starts) if code_line is not None else set()
            non_code = caps.get("non_code_line_pattern")
            self._non_code = _line_hits(non_code, self.blob, self.starts) if non_code is not None else set()
            self._neutral = self.neutral()
        return self._code - self._non_code


#: a configuration line is read on its first 500 chars (a 10 MB line costs no more than a short one)
_CONFIG_LINE_CHARS = 500


def _config_shaped(table: _Languages, caps: Mapping[str, Any]) -> bool:
    """Whether the sample reads as a configuration file rather than a program.

    Its statements (lines outside block comments and triple-quoted strings that are not
    ``config_comment_pattern`` comments, unless ``config_directive_pattern`` lines) are at least
    ``config_min_lines``; ``config_min_share`` of them are declarations
    (``config_line_pattern``: ``key = value``, ``[section]``, ``name {``, ``directive args;``)
    and at most ``config_max_code_share`` are lines only a program writes
    (``config_code_pattern``: control flow, definitions, calls, operators).
    """
    pattern = caps.get("config_line_pattern")
    if pattern is None:
        return False
    neutral = table.neutral()
    lines: list[str] = []
    quote: str | None = None  # inside a triple-quoted string (``DOC = """...``): not statements
    for i, line in enumerate(table.sample):
        stripped = line.strip()
        if quote is not None:
            quote = None if stripped.count(quote) % 2 else quote
            continue
        opened = next((q for q in ('"""', "'''") if stripped.count(q) % 2), None)
        if opened is not None:
            quote = opened
            continue
        if not neutral[i]:
            lines.append(stripped[:_CONFIG_LINE_CHARS])
    blob = _lines.encode("\n".join(lines))
    starts = _line_index(blob)
    veto = caps.get("config_veto_pattern")
    if veto is not None and len(_line_hits(veto, blob, starts)) >= max(1, int(caps.get("config_veto_lines") or 1)):
        return False  # definitions and imports (`class X(Enum):`, `def f(`, `import x`): a program
    comment = caps.get("config_comment_pattern")
    code_pattern = caps.get("config_code_pattern")
    # a program's line counts even where it looks like a comment (config_directive_pattern: `#define`)
    directive = caps.get("config_directive_pattern")
    code = _line_hits(code_pattern, blob, starts) if code_pattern is not None else set()
    skip = _line_hits(comment, blob, starts) if comment is not None else set()
    code = (code - skip) | (_line_hits(directive, blob, starts) if directive is not None else set())
    skip -= code
    statements = len(lines) - len(skip)
    if statements < max(1, int(caps.get("config_min_lines") or 0)):
        return False
    config = _line_hits(pattern, blob, starts) - skip - code
    marker, dialect = caps.get("config_dialect_marker"), caps.get("config_dialect_pattern")
    if marker is not None and dialect is not None and _line_hits(marker, blob, starts) - skip:
        # a configuration language's own statements (qmake's `include(linux.conf)`, `isEmpty(X) {`), where
        # a line only that language writes (`QMAKE_CFLAGS += -O2`) says it is the one: declarations, not a program's
        own = _line_hits(dialect, blob, starts) - skip
        code -= own
        config |= own
    return (len(config) >= float(caps.get("config_min_share") or 0) * statements
            and len(code) <= float(caps.get("config_max_code_share") or 0) * statements)


#: values only Python writes in a module of constants (a configuration file writes ``true``, bare words, ``"x"``)
_PY_ONLY_VALUES = (ast.Dict, ast.Tuple, ast.Set)
#: the first line that is no comment nor blank is an assignment ``name = ...`` or a docstring (parsing is skipped otherwise)
_FIRST_STATEMENT = LazyPattern(re.compile, r"(?:[ \t]*(?:#[^\n]*)?\r?\n)*(?:[A-Za-z_]\w*[ \t]+=[ \t]|[rRuU]?[\"']|\{|class[ \t]+[A-Za-z_]|from[ \t]+[\w.]+[ \t]+import[ \t]|import[ \t]+[A-Za-z_])")
_PY_LINE_END = LazyPattern(re.compile, r"\r\n?|\n")
_CONSTANT_NAME = LazyPattern(re.compile, r"[A-Z_][A-Z0-9_]*$|__\w+__$")
_ASSIGN_GAP = LazyPattern(re.compile, rb"[ \t]+=[ \t]")  # matched on UTF-8 bytes: ast's columns count bytes
#: a `#` comment line, and a trailing comma before a closing bracket (a Python display's, not JSON's)
_COMMENT_LINE = LazyPattern(re.compile, r"(?m)^[ \t]*#")
_TRAILING_COMMA = LazyPattern(re.compile, r",[ \t]*\r?\n[ \t]*[}\]]")
#: a PEP 263 encoding declaration on the first or second line (``# -*- coding: utf-8 -*-``)
_CODING_LINE = LazyPattern(re.compile, r"(?:[^\n]*\n)?[ \t\f]*#[^\n]*?coding[:=][ \t]*[-\w.]+")


def _python_only(node: ast.AST, line_bytes: Callable[[int], bytes], *, containers: bool = True) -> bool:
    """Whether a literal value is written as only Python writes it: ``None``/``True``/``False``, a
    bytes literal, a single-quoted string, a hex/octal/binary integer, a number with underscores, a dict, tuple or set display, strings
    joined over lines (``"a" \\`` then ``"b"``, no triple quote). ``line_bytes(n)``
    is line ``n`` (from 1) as UTF-8, where the node's column offsets point (not
    ``ast.get_source_segment``: it splits the whole source at each call). ``containers``: whether a
    dict, tuple or set display counts (not for a module that is one dict: JSON's objects are dicts too)."""
    for sub in ast.walk(node):
        if containers and isinstance(sub, _PY_ONLY_VALUES):
            return True
        if isinstance(sub, ast.Call):
            return True  # a builtin collection built from literals (:func:`_literal_value` lets no other call by)
        if isinstance(sub, ast.Constant):
            if sub.value is None or isinstance(sub.value, (bool, bytes)):
                return True  # `b"SOA"`: no configuration format writes a bytes literal
            if isinstance(sub.value, (str, int, float)):  # bools returned above
                line = line_bytes(sub.lineno)
                written = line[sub.col_offset : sub.col_offset + 2]
                if written[:1] == b"'" or (isinstance(sub.value, int) and written.lower() in (b"0x", b"0o", b"0b")):
                    return True
                if isinstance(sub.value, str) and (sub.end_lineno or sub.lineno) > sub.lineno and line[sub.col_offset : sub.col_offset + 3] != b'"""':
                    return True  # adjacent strings over lines (`"CREATE TABLE x" \` then `"(word text);"`): Python's joining
                if not isinstance(sub.value, str) and b"_" in line[sub.col_offset : sub.end_col_offset]:
                    return True  # a number written with underscores (`2_000_000`: a number is one line)
    return False


#: the collections a module of constants builds from literals (`frozenset((A, B))`): a call only Python writes
_COLLECTION_BUILTINS = frozenset({"frozenset", "set", "tuple", "list", "dict"})
#: operators a module of constants computes with (`60*24`, `"{%s}link" % NS`, `1 << 4`, `BASE + "/x"`)
_LITERAL_OPERATORS = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.LShift, ast.RShift, ast.BitOr)


def _literal_value(node: ast.AST, assigned: set[str]) -> bool:
    """Whether ``node`` is a literal, a name assigned above (``tz_names = win_tz``), a builtin collection of
    them (``frozenset((A, B))``), or arithmetic of them (``MAX_SESSION_CTIME = 60*24``, ``ATOM_LINK = "{%s}link" % ATOM_NAMESPACE``)."""
    if isinstance(node, ast.Name):
        return node.id in assigned
    if isinstance(node, ast.BinOp) and isinstance(node.op, _LITERAL_OPERATORS):
        return _literal_value(node.left, assigned) and _literal_value(node.right, assigned)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in _COLLECTION_BUILTINS
            and not node.keywords and len(node.args) <= 1):
        # `GLOBAL_CONFIG_KEYS = frozenset((CHECK_TYPE_KEY, CHECK_DESC_KEY))` (setools' globalkeys.py)
        return all(_literal_value(arg, assigned) for arg in node.args)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)) and any(isinstance(e, (ast.Name, ast.Call)) for e in node.elts):
        return all(_literal_value(element, assigned) for element in node.elts)  # `(CHECK_TYPE_KEY, CHECK_DESC_KEY)`
    try:
        ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, RecursionError, MemoryError):
        return False
    return True


#: a string value long enough to be a text of its own (a prompt), written on one line
_TEXT_VALUE_CHARS = 200


def _written_text(node: ast.AST, line_bytes: Callable[[int], bytes]) -> bool:
    """Whether a value is a text written as only Python writes it: a single-quoted string on one line of
    ``_TEXT_VALUE_CHARS`` or more that holds a ``\\n`` escape (an LLM prompt module: ``system_prompt = 'You are ...\\n\\n1.
    **Role**: ...'``); a configuration's values are short, and a shell's or INI's quotes know no escapes."""
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)) or len(node.value) < _TEXT_VALUE_CHARS:
        return False
    if (node.end_lineno or node.lineno) != node.lineno or "\n" not in node.value:
        return False
    written = line_bytes(node.lineno)[node.col_offset : node.end_col_offset]
    return written[:1] == b"'" and b"\\n" in written


def _is_docstring(node: ast.stmt) -> bool:
    return isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)


def _python_statements(content: str, limit: int, first: Any) -> tuple[ast.stmt, ...] | None:
    """The top-level statements of ``content`` when a test may parse it (``limit`` chars at most, 0: never; its first
    statement as ``first`` says), else None; None too when it does not parse."""
    if not limit or len(content) > limit or first.match(content) is None:
        return None
    return _python_body(content)


@functools.lru_cache(maxsize=2)
def _python_body(content: str) -> tuple[ast.stmt, ...] | None:
    """The top-level statements of ``content`` parsed as Python, or None when it does not parse (kept for the next
    question about the same content: the constants-module and the program tests both ask)."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # SyntaxWarning: a text's `\d` is no reason to print
            return tuple(ast.parse(content).body)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


def _literal_module(content: str, caps: Mapping[str, Any]) -> bool:
    """Whether ``content`` is a Python module of constants (``COM_SLEEP = 0x00``, ``PANEL = 'x'``,
    a fixture ``getAllObjects = [{'id': 1}]``) that the configuration reading took for ``key = value``.

    It must parse as Python (inputs up to ``literal_module_max_chars``; 0 turns this off), be a
    docstring at most and then only assignments of literals (or of a name assigned above, or arithmetic
    of them: :func:`_literal_value`) to names,
    written ``name = value`` (spaces around ``=``: a shell's ``KEY="x"`` file has none), ``literal_module_min_assignments``
    of them or one over three lines at least, and one value written as only Python writes it (or, for
    both, a PEP 263 ``coding:`` line on the first or second line: a Python module's declaration). The
    names are constants' (upper case, ``__version__``) unless a value holds a dict (a fixture): a
    configuration's keys are lower-case (e2guardian's ``plugname = 'port'``). Classes of such assignments
    (``class Colors:`` over ``pumpkin = "#f5d0bf"``, no decorator) count too: the class statement is the
    Python-only evidence and its attributes may be lower-case; so do imports among the assignments. A ``[section]`` line,
    a bare word (``user = www-data``, ``host = localhost``) or a call is no literal.
    """
    parsed = _python_statements(content, int(caps.get("literal_module_max_chars") or 0), _FIRST_STATEMENT)
    if parsed is None:
        return False
    body = list(parsed)
    if body and _is_docstring(body[0]):
        body = body[1:]  # the module's docstring
    lines = _PY_LINE_END.split(content)  # as Python counts lines (str.splitlines also splits at \f, \x1c...)

    def line_bytes(number: int) -> bytes:
        return lines[number - 1].encode("utf-8", "surrogateescape") if 0 < number <= len(lines) else b""

    if len(body) == 1 and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Dict):
        # a module that is one dict display (an Odoo `__manifest__.py`: comments, then `{"name": ..., "installable":
        # True}`): a literal with a value only Python writes (`True`, 'x'), not JSON's `true` under `#` comments
        if not _literal_value(body[0].value, set()):
            return False
        if _python_only(body[0].value, line_bytes, containers=False):
            return True
        # `#` comments over a display with a trailing comma (`],` then `}`): Python's, no JSON's (an Odoo manifest
        # of strings and lists); a JSON object has no `#` lines and no trailing comma
        return _COMMENT_LINE.search(content) is not None and _TRAILING_COMMA.search(content) is not None

    assignments = 0
    long_value = False
    evidence = coded = _CODING_LINE.match(content) is not None  # `# -*- coding: utf-8 -*-`: a Python module's
    assigned: set[str] = set()  # a name assigned above may be a value (`tz_names = win_tz`: tzlocal's windows_tz.py)
    constants = True  # every name a constant's (`COM_SLEEP`, `__version__`): a configuration's keys are lower-case
    statements: list[tuple[ast.stmt, bool]] = []  # (assignment, whether a class attribute)
    imported = False  # an import among the assignments: a Python module of settings, its names lower-case
    for node in body:
        if isinstance(node, ast.ClassDef) and not node.decorator_list and not node.keywords:
            # a class of constants (`class Colors:` over `pumpkin = "#f5d0bf"` lines): a class statement over an
            # indented body is Python's own, and its attributes' names need not be a constant's
            members = node.body[1:] if _is_docstring(node.body[0]) else node.body
            if not members or not all(isinstance(base, ast.Name) for base in node.bases):
                return False
            statements.extend((member, True) for member in members)
            evidence = True
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            # `from afedrinet import quisk_hardware` over lower-case settings (quisk's sample quisk_conf.py)
            evidence = imported = True
        else:
            statements.append((node, False))
    for node, member in statements:
        if not (isinstance(node, ast.Assign) and all(isinstance(t, ast.Name) for t in node.targets)):
            return False
        first = node.targets[0]
        if _ASSIGN_GAP.match(line_bytes(node.lineno), first.end_col_offset) is None:
            return False
        if not _literal_value(node.value, assigned):
            return False
        assigned.update(t.id for t in node.targets)
        assignments += 1
        constants = constants and (member or all(_CONSTANT_NAME.match(t.id) for t in node.targets))
        long_value = long_value or (node.end_lineno or node.lineno) - node.lineno >= 2
        evidence = evidence or _python_only(node.value, line_bytes)
    if (not constants and not imported and not any(isinstance(sub, ast.Dict) for node in body for sub in ast.walk(node))
            and not any(_written_text(node.value, line_bytes) for node, _member in statements)):
        return False  # `plugname = 'port'` (e2guardian), `targets = {"Fish", "Cat"}` (libconfuse): settings
    least = 1 if coded else int(caps.get("literal_module_min_assignments") or 1)
    return evidence and (assignments >= least or long_value)


#: the first line that is no comment nor blank opens a Python statement a program writes: an assignment, a call
#: or an attribute's use, a compound statement, an import, a decorator (parsing is skipped otherwise)
_PROGRAM_FIRST = LazyPattern(re.compile, r"(?:[ \t]*(?:#[^\n]*)?\r?\n)*(?:[A-Za-z_][\w.]*(?:\[[^\]\n]*\])?[ \t]*(?:[-+*/%|&^]?=[^=]|\(|\.[A-Za-z_]|:[ \t]*[A-Za-z_])|(?:for|while|if|with|try|def|class|async|from|import|assert|raise|del|global)\b|@[A-Za-z_])")
#: the statements only a program writes, whatever their values
_PROGRAM_NODES = (ast.Import, ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.For, ast.AsyncFor,
                  ast.While, ast.If, ast.With, ast.AsyncWith, ast.Try, ast.Assert, ast.Raise, ast.Delete, ast.Global)
#: what makes an assignment's value a program's: a call, an attribute, an index, a comprehension, a lambda
_PROGRAM_VALUES = (ast.Call, ast.Attribute, ast.Subscript, ast.ListComp, ast.DictComp, ast.SetComp, ast.GeneratorExp, ast.Lambda)


def _program_statement(node: ast.stmt, imported: bool) -> bool:
    """Whether a top-level statement is one only a program writes: an import, a definition, a compound
    statement; an assignment of a call, an attribute, an index (``ax = fig.add_axes([.2, .2, .7, .7])``), not of a
    literal or a name (``N = 50``, ``meter = [length] = m``: a configuration's or a units file's lines); a call of a
    method, or with keywords or a variable (``ax.scatter(x, y, s=area)``), not ``grep(1)`` (a manual's reference);
    an annotation (``EACCES: int``) only in a module that imports (a stub: a flat YAML file parses as annotations)."""
    if isinstance(node, _PROGRAM_NODES):
        return True
    if isinstance(node, (ast.Assign, ast.AugAssign)) or (isinstance(node, ast.AnnAssign) and node.value is not None):
        return any(isinstance(sub, _PROGRAM_VALUES) for sub in ast.walk(node.value))
    if isinstance(node, ast.AnnAssign):
        return imported
    if isinstance(node, ast.Expr):
        value = node.value
        if isinstance(value, (ast.Await, ast.Yield, ast.YieldFrom)):
            return True
        if isinstance(value, ast.Call):
            return (isinstance(value.func, ast.Attribute) or bool(value.keywords)
                    or any(not isinstance(arg, ast.Constant) for arg in value.args))
    return False


def _python_program(content: str, caps: Mapping[str, Any]) -> bool:
    """Whether ``content`` is a Python program that no signature line marks (a notebook cell, an example script
    without imports: ``fig = Figure()``, ``numpy.random.seed(19680801)``, ``ax.scatter(x, y, s=area)``; a stub
    module of annotations under an import). It must parse whole as Python (inputs up to
    ``python_program_max_chars``; 0 turns this off), and of its top-level statements (a docstring and bare strings
    left out) ``python_program_min_statements`` at least, and ``python_program_min_share`` of them, are statements
    only a program writes (:func:`_program_statement`). Prose, logs, tables and most configuration files do not
    parse; those that do (``key = value``, ``key: value``, a units file) assign literals and names."""
    parsed = _python_statements(content, int(caps.get("python_program_max_chars") or 0), _PROGRAM_FIRST)
    if parsed is None:
        return False
    body = [node for node in parsed if not _is_docstring(node)]
    imported = any(isinstance(node, (ast.Import, ast.ImportFrom)) for node in body)
    program = sum(1 for node in body if _program_statement(node, imported))
    least = int(caps.get("python_program_min_statements") or 1)
    return program >= least and program >= float(caps.get("python_program_min_share") or 0) * len(body)


def _unless_literal_module(
    content: str, caps: Mapping[str, Any], signatures: Evidence
) -> tuple[bool, str | None, tuple[Evidence, ...]]:
    """:func:`_detect`'s "not code" verdict, unless ``content`` is a Python module of constants or a Python
    program no signature line marks."""
    if _literal_module(content, caps):
        return True, "Python", (Evidence("literal_module", 1.0, 0.9), signatures)
    if _python_program(content, caps):
        return True, "Python", (Evidence("python_program", 1.0, 0.85), signatures)
    return False, None, ()


def _not_code(content: str, caps: Mapping[str, Any]) -> bool:
    patterns = caps.get("not_code_patterns") or ()
    return bool(patterns) and _lines.any_of(patterns).search(_lines.encode(content[: 1 << 20])) is not None


def _xml_document(content: str, caps: Mapping[str, Any]) -> bool:
    """Whether ``content`` opens with markup (no ``<?php``, no ``<%`` template, no ``<script>``, ``<style>`` or
    ``<template>`` wrapper) and expat parses all of it: an XML
    document is no program, whatever its attributes and CDATA quote (beast2's templates: `$(n)` in every attribute
    read as Makefile lines; termtosvg's SVG templates). Inputs up to ``xml_document_max_chars`` (0: never asked); in
    the pools, no file labelled code opens with markup and parses whole, 10 labelled XML were read as code."""
    limit = int(caps.get("xml_document_max_chars") or 0)
    if not limit or len(content) > limit:
        return False
    head = content.lstrip("\ufeff \t\r\n")[:10].lower()
    if head[:1] != "<" or head.startswith(("<?php", "<%", "<script", "<style", "<template")):
        return False  # a program in its wrapper (`<script>` around JavaScript, a Vue component) is still code
    try:
        ParserCreate().Parse(content, True)  # a str is read as UTF-8; a lone surrogate raises UnicodeEncodeError
    except (ExpatError, ValueError, RecursionError, MemoryError):
        return False
    return True


def _detect(content: str, caps: Mapping[str, Any]) -> tuple[bool, str | None, tuple[Evidence, ...]]:
    """(whether ``content`` is code, its language when the rule file's table names one, the evidence).

    Without a language table (``openviking-compat``) this is :func:`_is_code`. With one:
    a document format that is text (``not_code_patterns``: a pydoc page, Vim help, a GNU
    info file) is not code; a language marker (a shebang, an editor's file header) makes
    code; else the detect patterns and the code-line share as before, or a language whose
    signature lines are at least ``language_min_signatures`` and whose code lines (the
    generic ones and the language's own: comments, continuation lines) make at least
    ``language_min_share`` of the sample outside block comments.
    """
    if not caps.get("languages") and not caps.get("not_code_patterns"):
        return _is_code(content, caps), None, ()
    if _not_code(content, caps) or _xml_document(content, caps):
        return False, None, ()
    strong = caps.get("strong_patterns") or ()
    is_strong = bool(strong) and _lines.any_of(strong).search(_lines.encode(content)) is not None
    sample = _sample_lines(content, int(caps["sample_lines"]))
    table = _Languages(sample, caps)
    whole = _whole(content, sample, caps)
    if sample and caps.get("neutral_blocks") and _pod_document(sample, table.neutral(), whole=whole):
        return False, None, ()  # a POD document (perlfunc.pod, lwptut.pod): documentation with no Perl outside it
    if sample and not content.startswith("#!") and _fenced_document(table, caps):
        return False, None, ()  # a document quoting its code in Markdown fences
    marked = table.marked() if sample else None
    ranked = table.ranked() if sample else []
    best = table.table[ranked[0][1]][0] if ranked else None
    signatures = Evidence("language_signatures", min(1.0, ranked[0][0] / 5) if ranked else 0.0, 0.5)
    if is_strong:
        return True, marked or best, (Evidence("strong_pattern", 1.0, 0.95), signatures)
    # more document lines than max_text_lines, and not a handful in a long file: a document
    # (reStructuredText quoting `cmake_minimum_required(...)` in a code-block: the marker is quoted)
    if table.document_lines() > max(int(caps.get("max_text_lines") or 0), 0.02 * table.neutral().count(False)):
        return False, None, ()
    if marked:
        return True, marked, (Evidence("language_marker", 1.0, 0.95), signatures)
    family = caps.get("code_markers") or ()
    if sample and family and content.lstrip("\ufeff \t\r\n")[:1] != "<" and _lines.any_of(family).search(table.blob):
        # a language family's line (a header's include guard): code, the language the signatures' best;
        # not in markup (libxaw's DocBook chapter quoting Template.h in a <literallayout>)
        return True, best or caps.get("code_marker_language"), (Evidence("code_marker", 1.0, 0.9), signatures)
    if sample and _config_shaped(table, caps):  # INI, apt.conf, X resources, nginx-style blocks: text
        return _unless_literal_module(content, caps, signatures)  # unless it is a Python module of constants
    if looks_like_code(content, caps) and _enough_code_lines(content, caps):
        share = table.share(ranked[0][1]) if ranked else 0.0
        return True, best, (Evidence("detect_pattern", 1.0, 0.7), signatures, Evidence("code_line_share", share, 0.6))
    code_lines, log_lines = _code_and_log_lines(sample, caps)
    if log_lines and log_lines >= code_lines:
        # as many log lines or traceback frames as code lines: a traceback quoting its frames' source
        # lines (`return json.load(f)`), a log of commands, not a program
        return False, None, ()
    need = int(caps.get("language_min_signatures") or 1)
    floor = float(caps.get("language_min_share") or 0)
    high = float(caps.get("language_high_share") or 1.0)
    density = float(caps.get("language_min_density") or 1.0)
    statements = int(caps.get("language_high_share_statements") or 5)
    counted = max(1, table.neutral().count(False))
    if content.lstrip("\ufeff \t\r\n")[:1] in ("{", "["):
        # JSON-shaped: a language's lines (`"key": "value",`) do not make it code, unless lines only
        # one language writes are dense (a Perl data file: `{` then `key => [` rows)
        if not ranked or ranked[0][0] < max(need, 5) or ranked[0][0] < density * counted:
            return False, None, ()
        ranked = ranked[:1]
    for count, index in ranked:
        # comment lines count neither way (a config file of `#` comments is not code)
        share = min(table.share(index), table.share(index, statements=True, minimum=1))
        dense = count >= max(need, 5) and count >= density * counted  # 5 lines at least: a pattern, not a chance
        if dense and table.prose_lines(index) >= count:
            dense = False  # as many sentences as the language's lines: a document quoting a struct or a snippet
        high_shared = share >= high and table.share(index, statements=True, minimum=statements) >= high
        if (count >= need and share >= floor) or dense or high_shared:
            found = [signatures, Evidence("code_line_share", share, 0.8)]
            if dense:  # many lines only that language writes (a Perl module of qw() tables and POD)
                found.append(Evidence("signature_density", min(1.0, count / (density * counted)), 0.8))
            return True, table.table[index][0], tuple(found)
    # too few lines of any language's own: code only if it is a Python module of constants
    return _unless_literal_module(content, caps, signatures)


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


def summarize(inp: KindInput) -> Synopsis | Claim | None:
    caps = inp.caps
    original = inp.content
    content = original
    if caps.get("normalize_newlines"):  # a Windows file (CRLF, BOM) is read as its LF twin
        content = content.removeprefix("\ufeff")
        content = content.replace("\r\n", "\n") if "\r" in content else content
    content = without_line_numbers(content, caps)
    is_code, language, evidence = _detect(content, caps)
    if not is_code:
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
    synopsis = Synopsis(
        kind="code",
        title=f"{language} code output" if language else "Code output",
        summary=(f"Code-like output with {lines} lines" + (f" ({language})." if language else "."),),
        structure=tuple(structure),
        notable_items=tuple(notable),
    )
    if not evidence:  # no language table (openviking-compat): a plain claim
        return synopsis
    return Claim(synopsis=synopsis, evidence=tuple(item for item in evidence if item.strength > 0))

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


class _CodeTotals(StreamCounter):
    """The lines of a large code output over every block (the symbols listed stay those of the view)."""

    def __init__(self, caps: Mapping[str, Any]) -> None:
        self.lines = _lines.LineTotals(str(caps["line_count"]))

    def feed(self, block: str, first_line: int) -> None:
        self.lines.feed(block)

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:
        lines = self.lines.count
        head = next((line for line in synopsis.summary if line.startswith("Code-like output with ")), None)
        result = replace_lines(synopsis, "structure", "line_count: ", f"line_count: {lines}")
        if head is None:
            return result
        rest = head.removeprefix("Code-like output with ").split(" lines", 1)
        return replace_lines(result, "summary", head, f"Code-like output with {lines} lines{rest[1] if len(rest) > 1 else '.'}")


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (StreamTotals(name="code", start=_CodeTotals, description="line count of the whole output"),)
