"""Kinds ``csv`` and ``tsv``: delimited tables (one plugin, two detectors).

A detector claims the content when its delimiter (``,`` or a tab) appears, the
content reads as records with Python's ``csv.reader`` (default dialect), and
after dropping all-blank rows there are at least ``min_rows`` rows, the header
has at least ``min_columns`` cells and the first ``consistency_rows`` rows all have
the header's cell count. Rows are counted while streaming: no list of rows is
kept, and content without quotes is read with plain splits (same result).

.. rubric:: Options (``kinds.csv`` / ``kinds.tsv`` in a rule file)

* ``min_rows`` (2), ``min_columns`` (2), ``consistency_rows`` (10).
* ``first_row_sample_chars`` (180): clip of the first data row sample.
* ``empty_column_name`` (``column_{i}``): name of a blank header cell (``{i}`` is 1-based).
* ``title`` and ``summary_format`` (``{rows}``, ``{columns}``): the title and summary line.
* ``check_all_rows`` (false): also count rows after ``consistency_rows`` whose cell count
  differs from the header's; ``max_ragged_fraction`` of the data rows may be ragged
  (beyond it the content is not a table), the count is reported as ``ragged rows``.
* ``column_limit`` (0: all) and ``column_chars`` (0: no clip): how many column names are
  listed and the clip of each; ``more_format`` (``""``) is appended when the list is cut.
* ``delimiters`` (``[","]`` / ``["\\t"]``): tried in order, the first that reads as a table
  wins; ``secondary_not_table_patterns`` are added to the prose test for all but the first.
* ``not_table_patterns`` (none) and ``not_table_fraction`` (0.5): RE2 regexes searched in
  each of the first ``sample_rows`` rows, its cells joined by ``\x1f`` (so a pattern can
  tell a cell boundary from a comma inside a quoted cell); when at least that fraction of
  the rows match, the content is prose or a log, not a table.
* ``comment_header`` (false): content opening with up to 50 ``#`` lines whose last one
  holds the delimiter is read as that line (its ``#`` removed) over the rows that follow
  (``lscpu -p``); the rows, two at least, must have its width, as for any table, and its
  cells must be names of three words at most (not a sentence with a comma).

.. rubric:: Examples

``openviking-compat``, content ``"name,age\\nAda,36\\nBob,41\\n"``::

    title:     CSV table output
    summary:   CSV table with rows: 2 and columns: 2.
    structure: columns: name, age / rows: 2 / first row sample: Ada,36
"""

from __future__ import annotations

import contextlib
import csv
import io
import re
import threading
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from functools import lru_cache
from itertools import compress, repeat, tee
from typing import Any, TypeVar

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
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

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "min_rows": _INT,
        "min_columns": _INT,
        "consistency_rows": {"type": "integer", "minimum": 1},
        "first_row_sample_chars": _INT,
        "empty_column_name": {"type": "string"},
        "title": {"type": "string"},
        "summary_format": {"type": "string"},
        "check_all_rows": {"type": "boolean"},
        "max_ragged_fraction": {"type": "number", "minimum": 0, "maximum": 1},
        "column_limit": _INT,
        "column_chars": _INT,
        "more_format": {"type": "string"},
        "not_table_patterns": {"type": "array", "items": {"type": "string"}},
        "not_table_fraction": {"type": "number", "minimum": 0, "maximum": 1},
        "sample_rows": {"type": "integer", "minimum": 1},
        "delimiters": {
            "type": "array",
            "minItems": 1,
            "items": {"type": "string", "pattern": "^[^\"\\r\\n]$", "description": "one char, not a quote or a line break"},
        },
        "secondary_not_table_patterns": {"type": "array", "items": {"type": "string"}},
        "max_field_chars": {"type": ["integer", "null"], "minimum": 1,
                            "description": "longest field, quoted or not (null: the csv module's limit, 131072)"},
        "confidence": {"type": "boolean", "description": "return a scored claim (strongest_claim detection)"},
        "comment_header": {"type": "boolean",
                           "description": "rows under a block of # lines whose last line is the header (lscpu -p)"},
    },
}


def _defaults(label: str, delimiter: str) -> Mapping[str, Any]:
    """The seed's values (``openviking-compat``) for the ``csv`` or ``tsv`` detector."""
    return {
        "delimiters": [delimiter],
        "secondary_not_table_patterns": [],
        "min_rows": 2,
        "min_columns": 2,
        "consistency_rows": 10,
        "first_row_sample_chars": 180,
        "empty_column_name": "column_{i}",
        "title": f"{label} table output",
        "summary_format": "CSV table with rows: {rows} and columns: {columns}.",
        "check_all_rows": False,
        "max_ragged_fraction": 1.0,
        "column_limit": 0,
        "column_chars": 0,
        "more_format": "",
        "not_table_patterns": [],
        "max_field_chars": None,
        "not_table_fraction": 0.5,
        "sample_rows": 50,
        "confidence": False,
        "comment_header": False,
    }


#: the csv module's own field limit when this module was imported (131072), for ``max_field_chars: null``
_BASE_FIELD_LIMIT = csv.field_size_limit()
_field_limit_lock = threading.Lock()
_field_limit_users = [0, _BASE_FIELD_LIMIT]  # readers holding a raised limit, the limit before them


@contextlib.contextmanager
def _field_limit(limit: int | None) -> Iterator[None]:
    """While reading quoted content, ``csv.reader``'s field limit raised to ``limit``.

    The csv module keeps one limit per process (``csv.field_size_limit``): it is raised while
    any reader needs more and put back once the last one is done (a lock keeps the count).
    """
    if not limit or limit <= _BASE_FIELD_LIMIT:
        yield
        return
    with _field_limit_lock:
        if _field_limit_users[0] == 0:
            _field_limit_users[1] = csv.field_size_limit()
        _field_limit_users[0] += 1
        if csv.field_size_limit() < limit:
            csv.field_size_limit(limit)
    try:
        yield
    finally:
        with _field_limit_lock:
            _field_limit_users[0] -= 1
            if _field_limit_users[0] == 0:
                csv.field_size_limit(_field_limit_users[1])


class NotATable(Exception):
    """The content does not read as a table (a csv.Error, or a field over the limit)."""


class _Source:
    """Non-blank rows of one content for one delimiter, read once, front to back."""

    def __init__(self, content: str, delimiter: str) -> None:
        self.content = content
        self.delimiter = delimiter
        self.blank_chars = _lines.PY_SPACE + delimiter
        self.plain = _is_plain(content)
        #: where the lines not read yet start
        self.pos = 0
        self._head_lines = self._iter_lines()
        self._reader = None if self.plain else csv.reader(self._head_lines, delimiter=delimiter)
        self._rest = None

    def _iter_lines(self) -> Iterator[str]:
        """Lines as ``io.StringIO`` gives them (split after ``\\n`` only), without copying the content."""
        content = self.content
        while self.pos < len(content):
            end = content.find("\n", self.pos)
            end = len(content) if end < 0 else end + 1
            line = content[self.pos : end]
            self.pos = end
            yield line

    def _rest_lines(self):
        """The remaining lines, read at C speed (a copy of the rest of the content)."""
        if self._rest is None:
            self._rest = io.StringIO(self.content[self.pos :] if self.pos else self.content)
            if self._reader is not None:
                self._reader = csv.reader(self._rest, delimiter=self.delimiter)
        return self._rest

    def head(self, wanted: int) -> list[list[str]]:
        """The first ``wanted`` non-blank rows."""
        rows: list[list[str]] = []
        source = self._plain_rows() if self.plain else self._reader
        try:
            for row in source:
                if "".join(row).strip():
                    rows.append(row)
                    if len(rows) >= wanted:
                        break
        except csv.Error as exc:
            raise NotATable(str(exc)) from None
        return rows

    def _plain_rows(self) -> Iterator[list[str]]:
        delimiter = self.delimiter
        for line in self._head_lines:
            yield line.rstrip("\n").removesuffix("\r").split(delimiter)

    def rest_stats(self, width: int) -> tuple[int, int]:
        """(the remaining non-blank rows, how many of them do not have ``width`` cells)."""
        try:
            if self.plain:
                pairs = self._rest_marks(lambda marks: _ragged_from_marks(marks, width))
                if pairs is not None:
                    return sum(rows for rows, _ in pairs), sum(ragged for _, ragged in pairs)
                lines, probe = tee(self._rest_lines())
                keep = map(bool, map(str.strip, probe, repeat(self.blank_chars)))
                counts = Counter(map(str.count, compress(lines, keep), repeat(self.delimiter)))
                widths = {count + 1: n for count, n in counts.items()}
            else:
                widths = Counter(map(len, filter(_non_blank, self._rest_lines_reader())))
        except csv.Error as exc:
            raise NotATable(str(exc)) from None
        rows = sum(widths.values())
        return rows, rows - widths.get(width, 0)

    def rest_count(self) -> int:
        """The number of the remaining non-blank rows."""
        try:
            if self.plain:
                counts = self._rest_marks(lambda marks: _count_marked_rows(marks.translate(None, b"d")))
                if counts is not None:
                    return sum(counts)
                return sum(map(bool, map(str.strip, self._rest_lines(), repeat(self.blank_chars))))
            return sum(map(bool, map(str.strip, map("".join, self._rest_lines_reader()))))
        except csv.Error as exc:
            raise NotATable(str(exc)) from None

    def _rest_lines_reader(self):
        self._rest_lines()
        return self._reader

    def _rest_marks(self, fold: Callable[[bytes], _T]) -> list[_T] | None:
        """``fold`` of the marks of each piece of the rest of a plain content, or ``None`` when a
        non-ASCII blank is present (a byte-level view cannot see it).

        The marks of a piece are its bytes with ``\\n`` kept, the delimiter as ``d``, every other
        non-blank char as ``x``, blanks removed. The pieces (about :data:`_PIECE_CHARS` each) end
        at line ends, so a count over lines is the sum of the pieces' counts; the temporaries
        stay the size of a piece (in the CPU caches, no fresh pages) whatever the content's size.
        """
        if not self.delimiter.isascii():
            return None
        content, end = self.content, len(self.content)
        delimiter = ord(self.delimiter)
        table = _mark_table(delimiter)
        blanks = bytes(b for b in _ASCII_BLANKS if b not in (10, delimiter))
        out: list[_T] = []
        pos = self.pos
        while pos < end:
            cut = content.find("\n", pos + _PIECE_CHARS - 1)
            stop = end if cut < 0 else cut + 1
            piece = content[pos:stop]
            pos = stop
            if not piece.isascii() and any(ch in piece for ch in _UNICODE_BLANKS):
                return None
            out.append(fold(piece.encode("utf-8", "surrogatepass").translate(table, blanks)))
        return out

    def check_field_sizes(self, limit: int | None = None) -> None:
        """The csv module's field size limit (or ``max_field_chars``), for the plain path (``csv.reader``
        checks the limit itself on quoted content: see :func:`_field_limit`)."""
        limit = limit or _BASE_FIELD_LIMIT
        if not self.plain or len(self.content) <= limit:
            return
        for line in _long_lines(self.content, limit):
            cells = line.removesuffix("\r").split(self.delimiter)
            if any(len(cell) > limit for cell in cells):
                raise NotATable(f"field larger than field limit ({limit})")


#: the rest of a plain table is read in pieces of about this many code points (each ends at a line end)
_PIECE_CHARS = 1 << 18
_T = TypeVar("_T")

_ASCII_BLANKS = bytes(ord(ch) for ch in _lines.PY_SPACE if ord(ch) < 128)
_UNICODE_BLANKS = "".join(ch for ch in _lines.PY_SPACE if ord(ch) >= 128)


@lru_cache(maxsize=4)
def _mark_table(delimiter: int) -> bytes:
    return bytes(10 if b == 10 else 100 if b == delimiter else 120 for b in range(256))


def _count_marked_rows(xs: bytes) -> int:
    """Lines holding an ``x`` in a blob of only ``x`` and ``\\n``."""
    return xs.count(b"\nx") + xs.startswith(b"x")


def _ragged_from_marks(marks: bytes, width: int) -> tuple[int, int]:
    """(non-blank lines, non-blank lines without ``width - 1`` delimiters) of a marks blob, at C speed.

    Each line is framed by its own pair of newlines, so that ``bytes.count`` of
    ``\\n`` + ``d`` * k + ``\\n`` counts every line with exactly k delimiters; blank lines
    (no ``x``) with k delimiters are counted apart and taken off.
    """
    rows = _count_marked_rows(marks.translate(None, b"d"))
    k = width - 1
    run = b"d" * k
    if k >= 1 and not (marks == run or marks.startswith(run + b"\n") or marks.endswith(b"\n" + run)
                       or b"\n" + run + b"\n" in marks):
        # No line is exactly k delimiters (a blank row): the lines with exactly k delimiters once the
        # x's are gone are those with at least k minus those with at least k + 1 (a line's d's are
        # then one run, so each such line holds one "\n" + d*j at its start), without the framing copy
        ds = marks.translate(None, b"x")
        exact = (ds.count(b"\n" + run) + ds.startswith(run)) - (ds.count(b"\n" + run + b"d") + ds.startswith(run + b"d"))
        return rows, rows - exact
    framed = (b"\n" + marks + b"\n").replace(b"\n", b"\n\n")
    target = b"\n" + run + b"\n"
    exact = framed.translate(None, b"x").count(target) - framed.count(target)
    return rows, rows - exact


def _long_lines(content: str, limit: int) -> Iterator[str]:
    """The lines (without ``\\n``) longer than ``limit``, found in about ``len / limit`` steps."""
    pos, size = 0, len(content)
    while size - pos > limit:
        newline = content.rfind("\n", pos, pos + limit + 1)
        if newline >= 0:
            pos = newline + 1
            continue
        end = content.find("\n", pos)
        end = size if end < 0 else end
        yield content[pos:end]
        pos = end + 1


def _non_blank(row: list[str]) -> bool:
    return bool("".join(row).strip())


def _is_plain(content: str) -> bool:
    """No quote, no NUL and every ``\\r`` ends a line: ``csv.reader`` then equals a plain split.

    Read in ranges of :data:`_PIECE_CHARS` (each test on a range still in the CPU caches);
    a ``\\r\\n`` across two ranges counts in the one its ``\\r`` is in.
    """
    size = len(content)
    carriage = pairs = 0
    for start in range(0, size, _PIECE_CHARS):
        end = min(size, start + _PIECE_CHARS)
        if content.find('"', start, end) >= 0 or content.find("\x00", start, end) >= 0:
            return False
        found = content.count("\r", start, end)
        if found:
            carriage += found
            pairs += content.count("\r\n", start, end) + (content[end - 1] == "\r" and content[end : end + 1] == "\n")
    return carriage == 0 or carriage == pairs + content.endswith("\r")


def _looks_like_prose(head: list[list[str]], caps: Mapping[str, Any], secondary: bool) -> bool:
    patterns = tuple(caps.get("not_table_patterns") or ())
    if secondary:
        patterns += tuple(caps.get("secondary_not_table_patterns") or ())
    if not patterns:
        return False
    sample = head[: int(caps["sample_rows"])]
    if secondary and len(sample) >= 3 and _empty_column(sample):
        # a column empty in every row, its name too (`AW;;Aruba`): the doubled delimiter is the format's
        # separator, not a column of a semicolon export
        return True
    hits = 0
    for row in sample:
        line = _lines.encode("\x1f".join(row))
        if any(regex.search(line) is not None for regex in patterns):
            hits += 1
    return hits >= float(caps["not_table_fraction"]) * len(sample)


def _empty_column(rows: list[list[str]]) -> bool:
    """Whether some inner column is empty (or blank) in every one of ``rows``."""
    width = min(len(row) for row in rows)
    return any(all(not row[i].strip() for row in rows) for i in range(1, width - 1))


def _column_line(header: list[str], caps: Mapping[str, Any]) -> str:
    fmt = caps["empty_column_name"]
    names = [cell.strip() or fmt.format(i=i + 1) for i, cell in enumerate(header)]
    limit = int(caps["column_limit"])
    chars = int(caps["column_chars"])
    shown = names[:limit] if limit > 0 else names
    if chars > 0:
        shown = [clip(name, chars) for name in shown]
    more = caps.get("more_format") or ""
    suffix = more.format(n=len(names) - len(shown)) if more and len(shown) < len(names) else ""
    return f"columns: {', '.join(shown)}{suffix}"


def summarize_table(inp: KindInput, kind: str) -> Synopsis | Claim | None:
    """The first of the ``delimiters`` that reads as a table (the seed: one delimiter)."""
    content, caps = inp.content, inp.caps
    original = content
    for index, delimiter in enumerate(caps["delimiters"]):
        content = original
        if caps.get("comment_header") and content.startswith("#"):
            content = _after_comments(content, delimiter) or content
        if delimiter not in content:
            continue
        facts: dict[str, int] = {}
        try:
            with _field_limit(caps.get("max_field_chars")):
                found = _summarize(content, delimiter, kind, caps, secondary=index > 0, facts=facts)
        except NotATable:
            found = None
        if found is not None:
            if not caps.get("confidence"):
                return found
            return Claim(synopsis=found, evidence=_evidence(facts, index > 0))
    return None


_MAX_COMMENT_LINES = 50
#: a column name in a ``#`` header line has at most this many words
_MAX_HEADER_WORDS = 3
#: two non-blank lines (searched, not split: the rest may be the whole of a large input)
_TWO_ROWS = re.compile(r"\S[^\n]*\n\s*\S")


def _after_comments(content: str, delimiter: str) -> str | None:
    """``comment_header``: a table under a block of ``#`` lines whose last one is its header
    (``lscpu -p``: ``# CPU,Core,Socket,...`` then the rows) as the table alone, the header
    without its ``#``; None when the block is not followed by rows or its last line holds no
    delimiter. The rows must then have the header's width, as for any table."""
    pos, last = 0, None
    for _ in range(_MAX_COMMENT_LINES):
        if not content.startswith("#", pos):
            break
        end = content.find("\n", pos)
        if end < 0:
            return None
        last, pos = content[pos + 1 : end].strip(), end + 1
    else:
        return None
    rest = content[pos:]
    if last is None or delimiter not in last or _TWO_ROWS.search(rest) is None:
        return None  # a header over one row is a comment over a line (a crontab's `# every 30 minutes, ...`)
    if any(len(cell.split()) > _MAX_HEADER_WORDS for cell in last.split(delimiter)):
        return None  # a sentence with a comma (`# last updated november 4, 2019`), not column names
    return last + "\n" + rest


def _evidence(facts: Mapping[str, int], secondary: bool) -> tuple[Evidence, ...]:
    """A table's shape is its evidence: it reads as a table at all (``reads_as_table``, what the
    seed's rule claimed), with many rows of one width and three columns or more.

    ``table_shape`` = min(1, data rows / 5) x min(1, (columns - 1) / 2): a 2-column table
    counts half, a 3-column one fully; ``ragged`` (share of rows of another width) and
    ``secondary_delimiter`` (a ``;`` table, tried after ``,``) weaken it.
    """
    rows, width = facts.get("rows", 0), facts.get("width", 0)
    shape = min(1.0, rows / 5) * min(1.0, max(0, width - 1) / 2)
    found = [Evidence("reads_as_table", 1.0, 0.6), Evidence("table_shape", shape, 0.8)]
    if facts.get("ragged"):
        found.append(Evidence("ragged", facts["ragged"] / max(1, rows), -0.3))
    if secondary:
        found.append(Evidence("secondary_delimiter", 1.0, -0.2))
    return tuple(found)


def _summarize(content: str, delimiter: str, kind: str, caps: Mapping[str, Any], *, secondary: bool = False,
               facts: dict[str, int] | None = None) -> Synopsis | None:
    source = _Source(content, delimiter)
    source.check_field_sizes(caps.get("max_field_chars"))
    consistency = int(caps["consistency_rows"])
    prose_checks = caps.get("not_table_patterns") or (secondary and caps.get("secondary_not_table_patterns"))
    head = source.head(max(consistency, int(caps["sample_rows"]) if prose_checks else 0, 2))
    if len(head) < max(int(caps["min_rows"]), 1):
        return None
    width = len(head[0])
    if width < int(caps["min_columns"]) or any(len(row) != width for row in head[1:consistency]):
        return None
    if _looks_like_prose(head, caps, secondary):
        return None
    counted = _count_rows(source, head, width, caps)
    if counted is None:
        return None
    rows, extra = counted
    data_rows = rows - 1
    if facts is not None:
        facts.update(rows=data_rows, width=width, ragged=int(extra[0].split()[2]) if extra else 0)
    first = delimiter.join(head[1]) if len(head) > 1 else ""
    sample = clip(normalize(first), int(caps["first_row_sample_chars"]))
    return Synopsis(
        kind=kind,
        title=str(caps["title"]),
        summary=(caps["summary_format"].format(rows=data_rows, columns=width),),
        structure=(_column_line(head[0], caps), f"rows: {data_rows}", f"first row sample: {sample}", *extra),
    )


def _count_rows(source: _Source, head: list[list[str]], width: int, caps: Mapping[str, Any]) -> tuple[int, list[str]] | None:
    """(all non-blank rows, extra structure lines), or None when too many rows are ragged."""
    if not caps["check_all_rows"]:
        return len(head) + source.rest_count(), []
    more, ragged = source.rest_stats(width)
    rows = len(head) + more
    ragged += sum(1 for row in head[int(caps["consistency_rows"]) :] if len(row) != width)
    if ragged > float(caps["max_ragged_fraction"]) * (rows - 1):
        return None
    if not ragged:
        return rows, []
    return rows, [f"ragged rows: {ragged} (cell count differs from the header's {width})"]


def _csv(inp: KindInput) -> Synopsis | None:
    return summarize_table(inp, "csv")


def _tsv(inp: KindInput) -> Synopsis | None:
    return summarize_table(inp, "tsv")


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    common = {"caps_schema": CAPS_SCHEMA, "pattern_keys": frozenset({"not_table_patterns", "secondary_not_table_patterns"})}
    return (
        Summarizer(
            name="csv", summarize=_csv, defaults=_defaults("CSV", ","), description="comma-separated table", **common
        ),
        Summarizer(
            name="tsv", summarize=_tsv, defaults=_defaults("TSV", "\t"), description="tab-separated table", **common
        ),
    )


class _TableTotals(StreamCounter):
    """The non-blank rows of a large table over every block, for each of the kind's delimiters."""

    def __init__(self, caps: Mapping[str, Any]) -> None:
        self.caps = caps
        self.delimiters = [d for d in caps["delimiters"] if d]
        self.rows = dict.fromkeys(self.delimiters, 0)
        self.header: str | None = None

    def feed(self, block: str, first_line: int) -> None:
        if self.header is None:
            self.header = next((line for line in block.split("\n", 64) if line.strip()), None)
        plain = _is_plain(block)
        for delimiter in self.delimiters:
            blank = _lines.PY_SPACE + delimiter
            if plain:
                self.rows[delimiter] += sum(map(bool, map(str.strip, block.split("\n"), repeat(blank))))
                continue
            try:
                with _field_limit(self.caps.get("max_field_chars")):
                    self.rows[delimiter] += sum(map(_non_blank, csv.reader(io.StringIO(block), delimiter=delimiter)))
            except csv.Error:
                self.rows[delimiter] += sum(map(bool, map(str.strip, block.split("\n"), repeat(blank))))

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:
        shown = next((line for line in synopsis.structure if line.startswith("rows: ")), "")
        if not shown[6:].isdigit() or not synopsis.summary or self.header is None:
            return synopsis
        view_rows = int(shown[6:])
        for delimiter in self.delimiters:
            width = len(next(csv.reader([self.header], delimiter=delimiter), []))
            if self.caps["summary_format"].format(rows=view_rows, columns=width) != synopsis.summary[0]:
                continue
            rows = max(0, self.rows[delimiter] - 1)
            result = replace_lines(synopsis, "summary", synopsis.summary[0],
                                   self.caps["summary_format"].format(rows=rows, columns=width))
            return replace_lines(result, "structure", "rows: ", f"rows: {rows}")
        return synopsis


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (
        StreamTotals(name="csv", start=_TableTotals, description="row count over the whole table"),
        StreamTotals(name="tsv", start=_TableTotals, description="row count over the whole table"),
    )
