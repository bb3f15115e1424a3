"""Kind ``log``: application logs, syslog, and build/test logs (pytest, maven, npm, cargo...).

The synopsis tells the reader where to read first: the counts per level, the
first and last timestamps, and the first error and warning lines **with their
line numbers** (1-based), plus a few lines of context around the first error.

It claims the content when, among the first ``probe_lines`` non-blank lines, at
least ``min_line_ratio`` carry a timestamp (``timestamp`` searched in the first
``timestamp_prefix_chars`` of the line) or a level (``level``), or when a
build/test-log ``signature`` matches one of them. It declines JSON lines and
tables with a header row, so ``json``, ``csv`` and ``tsv`` keep their content.
Every pattern is RE2 (linear time); each line is scanned once.

.. rubric:: Options (``kinds.log``)

* ``timestamp`` (regex): a timestamp near the start of a line.
* ``timestamp_prefix_chars`` (int): how much of each line is searched for it.
* ``level`` (regex with named groups): the leftmost match names the line's level;
  the group name is the level (``error``, ``warning``, ``info``, ``debug``...).
* ``level_prefix_chars`` (int): how much of each line is searched for a level.
* ``error_levels`` / ``warning_levels`` (lists): which level names count as errors / warnings.
* ``signature`` (list of regexes): lines that mark a build or test log.
* ``result`` (list of regexes): result lines (``=== 2 failed, 10 passed ===``, ``BUILD FAILURE``).
* ``min_lines``, ``min_line_ratio``, ``probe_lines``: the claim test.
* ``error_lines``, ``warning_lines``, ``result_lines``: how many lines of each are listed.
* ``line_chars``: clip for each listed line; ``context_before``/``context_after``/``sample_chars``:
  the sample around the first error.

.. rubric:: Example

PASS (log)::

    2026-01-02 10:00:01 INFO  starting worker
    2026-01-02 10:00:02 ERROR cannot open /data/x.db

FAIL (csv keeps it)::

    time,level,message
    2026-01-02 10:00:01,INFO,starting
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from toolstub import hookimpl
from toolstub.synopsis import KindInput, Summarizer, Synopsis
from toolstub.textutil import clip, normalize

NAME = "log"

DEFAULTS: Mapping[str, Any] = {
    "timestamp": (
        r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?"
        r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d"
        r"|\[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\]"
        r"|\b\d\d:\d\d:\d\d(?:[.,]\d+)?\b"
    ),
    "timestamp_prefix_chars": 48,
    "level": (
        r"(?P<fatal>\b(?:FATAL|CRITICAL|CRIT|EMERG|ALERT|PANIC|panic:)(?:\b|:))"
        r"|(?P<error>\b(?:ERROR|ERR!|ERR|SEVERE|FAILED|FAILURE|Traceback)\b|\b[Ee]rror:|^error\b|^E {2,}\S|\blevel=error\b)"
        r"|(?P<warning>\b(?:WARNING|WARN)\b|\bwarning:|\b[A-Z]\w*Warning:|\blevel=warn(?:ing)?\b)"
        r"|(?P<info>\b(?:INFO|NOTICE|PASSED)\b|\blevel=info\b)"
        r"|(?P<debug>\b(?:DEBUG|TRACE|VERBOSE)\b|\blevel=(?:debug|trace)\b)"
    ),
    "level_prefix_chars": 160,
    "error_levels": ["fatal", "error"],
    "warning_levels": ["warning"],
    "signature": [
        r"^=+ test session starts =+$",
        r"^\[(?:INFO|WARNING|ERROR)\] (?:Scanning for projects|Building |BUILD |-{10,})",
        r"^npm (?:ERR!|WARN|notice) ",
        r"^> Task :",
        r"^ +Compiling \S+ v\d",
        r"^make(?:\[\d+\])?: ",
    ],
    "result": [
        r"^=+ .*\b(?:passed|failed|errors?|skipped)\b.* in \d+(?:\.\d+)?s.*=+$",
        r"^\[(?:INFO|ERROR)\] BUILD (?:SUCCESS|FAILURE)",
        r"^(?:Tests run: \d+, Failures: \d+|test result: )",
        r"^npm ERR! code ",
        r"^BUILD (?:SUCCESSFUL|FAILED)",
    ],
    "min_lines": 2,
    "min_line_ratio": 0.5,
    "probe_lines": 200,
    "error_lines": 3,
    "warning_lines": 3,
    "result_lines": 3,
    "line_chars": 200,
    "context_before": 2,
    "context_after": 6,
    "sample_chars": 1200,
}

PATTERN_KEYS = frozenset({"timestamp", "level", "signature", "result"})

_INT = {"type": "integer", "minimum": 0}
_PATTERN = {"type": "string", "format": "regex"}
_PATTERNS = {"type": "array", "items": _PATTERN}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "timestamp": {**_PATTERN, "description": "a timestamp near the start of a line"},
        "timestamp_prefix_chars": {**_INT, "description": "chars of each line searched for a timestamp"},
        "level": {**_PATTERN, "description": "named groups: the leftmost match names the level"},
        "level_prefix_chars": {**_INT, "description": "chars of each line searched for a level"},
        "error_levels": {"type": "array", "items": {"type": "string"}, "description": "levels that are errors"},
        "warning_levels": {"type": "array", "items": {"type": "string"}, "description": "levels that are warnings"},
        "signature": {**_PATTERNS, "description": "lines that mark a build or test log"},
        "result": {**_PATTERNS, "description": "result lines listed as notable items"},
        "min_lines": {**_INT, "description": "fewest non-blank lines to claim"},
        "min_line_ratio": {"type": "number", "minimum": 0, "maximum": 1, "description": "share of probed lines"},
        "probe_lines": {**_INT, "minimum": 1, "description": "non-blank lines probed for the claim"},
        "error_lines": {**_INT, "description": "error lines listed"},
        "warning_lines": {**_INT, "description": "warning lines listed"},
        "result_lines": {**_INT, "description": "result lines listed"},
        "line_chars": {**_INT, "description": "clip for each listed line"},
        "context_before": {**_INT, "description": "sample lines before the first error"},
        "context_after": {**_INT, "description": "sample lines after the first error"},
        "sample_chars": {**_INT, "description": "clip for the sample"},
    },
}


def _patterns(value: Any) -> tuple:
    if value is None:
        return ()
    return value if isinstance(value, tuple) else (value,)


def _looks_tabular(lines: list[str], caps: Mapping[str, Any]) -> bool:
    """A header row without timestamp, then rows with the same count of one delimiter."""
    head = [line for line in lines[:11] if line.strip()]
    if len(head) < 2 or caps["timestamp"].search(head[0][: caps["timestamp_prefix_chars"]]):
        return False
    for delimiter in ("\t", ","):
        count = head[0].count(delimiter)
        if count and all(line.count(delimiter) == count for line in head[1:]):
            return True
    return False


def _json_line(line: str) -> bool:
    """A JSON-lines record (``{...`` or ``["...``), not a ``[INFO]`` prefix."""
    head = line.lstrip()[:2]
    return head[:1] == "{" or (head[:1] == "[" and head[1:2] in ('"', "{", "[", "]") + tuple("0123456789-"))


def _level_of(line: str, caps: Mapping[str, Any], names: dict[int, str]) -> str | None:
    match = caps["level"].search(line[: caps["level_prefix_chars"]])
    if match is None:
        return None
    for index, name in names.items():
        if match.group(index) is not None:
            return name
    return None


def _claims(lines: list[str], caps: Mapping[str, Any], names: dict[int, str]) -> bool:
    probe = []
    for line in lines:
        if line.strip():
            probe.append(line)
            if len(probe) >= caps["probe_lines"]:
                break
    if len(probe) < max(1, caps["min_lines"]):
        return False
    if sum(1 for line in probe if _json_line(line)) * 2 > len(probe):
        return False
    if _looks_tabular(lines, caps):
        return False
    signatures = _patterns(caps["signature"])
    if any(p.search(line) for line in probe for p in signatures):
        return True
    prefix = caps["timestamp_prefix_chars"]
    marked = sum(
        1 for line in probe if caps["timestamp"].search(line[:prefix]) or _level_of(line, caps, names)
    )
    return marked >= caps["min_line_ratio"] * len(probe) and marked >= caps["min_lines"]


class _Scan:
    """One pass over the lines: level counts, timestamps, first error/warning lines, results."""

    def __init__(self, caps: Mapping[str, Any], names: dict[int, str]) -> None:
        self.caps = caps
        self.names = names
        self.counts: dict[str, int] = {}
        self.first_ts: tuple[int, str] | None = None
        self.last_ts: tuple[int, str] | None = None
        self.errors: list[tuple[int, str]] = []
        self.warnings: list[tuple[int, str]] = []
        self.results: list[tuple[int, str]] = []
        self.error_total = 0
        self.warning_total = 0
        self.nonblank = 0

    def feed(self, number: int, line: str) -> None:
        caps = self.caps
        if not line.strip():
            return
        self.nonblank += 1
        ts = caps["timestamp"].search(line[: caps["timestamp_prefix_chars"]])
        if ts is not None:
            stamp = (number, ts.group(0))
            self.first_ts = self.first_ts or stamp
            self.last_ts = stamp
        level = _level_of(line, caps, self.names)
        if level is not None:
            self.counts[level] = self.counts.get(level, 0) + 1
            self._keep(level, number, line)
        if any(p.search(line) for p in _patterns(caps["result"])):
            if len(self.results) < caps["result_lines"]:
                self.results.append((number, line))

    def _keep(self, level: str, number: int, line: str) -> None:
        caps = self.caps
        if level in caps["error_levels"]:
            self.error_total += 1
            if len(self.errors) < max(1, caps["error_lines"]):
                self.errors.append((number, line))
        elif level in caps["warning_levels"]:
            self.warning_total += 1
            if len(self.warnings) < max(1, caps["warning_lines"]):
                self.warnings.append((number, line))


def _line_item(label: str, number: int, line: str, limit: int) -> str:
    return f"{label}: line {number}: {clip(normalize(line), limit)}"


def _listed(label: str, items: list[tuple[int, str]], total: int, cap: int, limit: int) -> list[str]:
    out = []
    for index, (number, line) in enumerate(items[:cap]):
        out.append(_line_item(f"first {label}" if index == 0 else label, number, line, limit))
    if total > min(cap, len(items)) and cap > 0:
        out.append(f"+{total - min(cap, len(items))} more {label} lines")
    return out


def _context(lines: list[str], number: int, caps: Mapping[str, Any]) -> str:
    start = max(1, number - caps["context_before"])
    end = min(len(lines), number + caps["context_after"])
    width = len(str(end))
    text = "\n".join(f"{n:>{width}}: {lines[n - 1].rstrip(chr(13))}" for n in range(start, end + 1))
    return clip(text, caps["sample_chars"])


def _summarize(inp: KindInput) -> Synopsis | None:
    caps = inp.caps
    if not inp.stripped:
        return None
    names = {index: name for name, index in sorted(caps["level"].groupindex.items(), key=lambda kv: kv[1])}
    lines = inp.content.split("\n")
    if not _claims(lines, caps, names):
        return None
    scan = _Scan(caps, names)
    for number, line in enumerate(lines, 1):
        scan.feed(number, line.rstrip("\r"))
    return _synopsis(inp, lines, scan)


def _synopsis(inp: KindInput, lines: list[str], scan: _Scan) -> Synopsis:
    caps = inp.caps
    order = list(names_in_order(scan.counts, caps))
    levels = ", ".join(f"{name} {scan.counts[name]}" for name in order) or "none"
    total = len(inp.content.splitlines())
    summary = [f"Log with {total} lines ({scan.nonblank} non-blank).", f"Levels: {levels}."]
    structure = [f"line_count: {total}", f"levels: {levels}"]
    if scan.first_ts and scan.last_ts:
        summary.append(
            f"Time span: {scan.first_ts[1]} (line {scan.first_ts[0]}) to {scan.last_ts[1]} (line {scan.last_ts[0]})."
        )
        structure += [
            f"first_timestamp: {scan.first_ts[1]} (line {scan.first_ts[0]})",
            f"last_timestamp: {scan.last_ts[1]} (line {scan.last_ts[0]})",
        ]
    if scan.errors:
        summary.append(f"First error at line {scan.errors[0][0]}.")
    notable = _listed("error", scan.errors, scan.error_total, caps["error_lines"], caps["line_chars"])
    notable += _listed("warning", scan.warnings, scan.warning_total, caps["warning_lines"], caps["line_chars"])
    notable += [_line_item("result", n, line, caps["line_chars"]) for n, line in scan.results]
    sample = _context(lines, scan.errors[0][0], caps) if scan.errors and caps["sample_chars"] else ""
    return Synopsis(
        kind=NAME,
        title="Log output",
        summary=tuple(summary),
        structure=tuple(structure),
        notable_items=tuple(notable),
        sample=sample,
    )


def names_in_order(counts: Mapping[str, int], caps: Mapping[str, Any]) -> list[str]:
    """Level names in the order of their groups in the ``level`` pattern."""
    index = caps["level"].groupindex
    return sorted(counts, key=lambda name: index.get(name, 1_000_000))


SUMMARIZER = Summarizer(
    name=NAME,
    summarize=_summarize,
    caps_schema=CAPS_SCHEMA,
    defaults=DEFAULTS,
    pattern_keys=PATTERN_KEYS,
    description="logs: counts per level, first/last timestamps, first error and warning lines with line numbers",
)


@hookimpl
def toolstub_register_summarizers():
    return (SUMMARIZER,)
