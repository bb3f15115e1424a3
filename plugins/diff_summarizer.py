"""Kind ``diff``: unified diffs, ``git diff``, ``git show`` / ``git log -p`` and ``git format-patch``.

The synopsis names the files changed with their ``+``/``-`` line counts and
hunks, renames (with similarity), added, deleted, mode-changed and binary files,
and the commits (sha, author, date, subject) when the output is ``git show``.

It claims the content when its first non-blank line opens a diff (``start``:
``diff --git``, ``--- `` followed by ``+++ ``, ``Index:``, ``commit <sha>``,
``From <sha>``, a ``--stat`` line) and a file header is found. Hunk bodies are consumed by the
line counts of their ``@@`` header, so a removed line starting with ``-- `` is
never taken for a file header. One pass over the lines, RE2 patterns only.

.. rubric:: Options (``kinds.diff``)

* ``start`` (regex): a first line that may open a diff.
* ``hunk`` (regex): the hunk header, with groups ``old_count`` and ``new_count``.
* ``commit`` (regex): a commit header line (group ``sha``).
* ``max_files`` (int): files listed in the structure (``+N more`` beyond).
* ``max_commits`` (int): commits listed as notable items.
* ``max_hunk_headers`` (int): hunk headers with function context listed.
* ``line_chars`` (int): clip for each listed line.
* ``sample_chars`` (int): clip for the sample (the first hunk).
* ``strip_ansi`` (bool): remove ANSI escape sequences first, so ``git diff --color`` output
  is read as printed.
* ``context_diffs`` (bool, true): read context diffs too (``diff -c``, ``diff -rc``): ``*** old`` /
  ``--- new`` file headers, ``***************`` hunk separators, ``*** 1,6 ****`` / ``--- 1,3 ----``
  ranges, ``- ``/``+ ``/``! `` lines (a changed ``! `` line counts as removed in the old part, added in
  the new). Claimed only with a separator followed by an old range. A streamed (very large) context
  diff keeps the counts of its head: the stream totals count unified hunks only.

.. rubric:: Example

PASS (diff)::

    diff --git a/app.py b/app.py
    --- a/app.py
    +++ b/app.py
    @@ -1,2 +1,2 @@

FAIL (stays yaml)::

    ---
    name: x
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import re2

from toolstub.hookspecs import hookimpl
from toolstub.regex import compile_pattern
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

NAME = "diff"

DEFAULTS: Mapping[str, Any] = {
    "start": r"^(?:diff --git |diff -|--- \S|Index: \S|Only in [^\n:]+: |commit [0-9a-f]{7,64}\b|From [0-9a-f]{40} | \S[^|\n]* +\| +(?:\d+(?: [+-]*)?|Bin\b))",
    "hunk": r"^@@@? (?:-\d+(?:,(?P<old_count>\d+))? )+\+\d+(?:,(?P<new_count>\d+))? @@@?(?P<context>.*)$",
    "commit": r"^(?:commit|From) (?P<sha>[0-9a-f]{7,64})\b",
    "max_files": 40,
    "max_commits": 5,
    "max_hunk_headers": 8,
    "line_chars": 200,
    "sample_chars": 800,
    "strip_ansi": True,
    "context_diffs": True,
}

PATTERN_KEYS = frozenset({"start", "hunk", "commit"})

_INT = {"type": "integer", "minimum": 0}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "start": {"type": "string", "format": "regex", "description": "a first line that may open a diff"},
        "hunk": {"type": "string", "format": "regex", "description": "hunk header with old_count/new_count"},
        "commit": {"type": "string", "format": "regex", "description": "commit header with group sha"},
        "max_files": {**_INT, "description": "files listed"},
        "max_commits": {**_INT, "description": "commits listed"},
        "max_hunk_headers": {**_INT, "description": "hunk headers with context listed"},
        "line_chars": {**_INT, "description": "clip for each listed line"},
        "sample_chars": {**_INT, "description": "clip for the sample (first hunk)"},
        "strip_ansi": {"type": "boolean", "description": "remove ANSI escape sequences before the scan"},
        "context_diffs": {"type": "boolean", "description": "read diff -c context diffs too"},
    },
}


@dataclass
class FileChange:
    old: str = ""
    new: str = ""
    status: str = "M"
    added: int = 0
    removed: int = 0
    hunks: int = 0
    binary: bool = False
    similarity: str = ""
    mode: str = ""

    @property
    def path(self) -> str:
        if self.status == "R" and self.old and self.new and self.old != self.new:
            return f"{self.old} -> {self.new}"
        return self.new if self.new and self.new != "/dev/null" else self.old

    def describe(self) -> str:
        parts = []
        if self.binary:
            parts.append("binary")
        elif self.hunks:
            parts.append(f"+{self.added} -{self.removed}, {self.hunks} hunk{'s' * (self.hunks != 1)}")
        if self.similarity:
            parts.append(f"similarity {self.similarity}")
        if self.mode:
            parts.append(self.mode)
        return f"{self.status} {self.path} ({', '.join(parts) or 'no content change'})"


@dataclass
class Commit:
    sha: str
    author: str = ""
    date: str = ""
    subject: str = ""


@dataclass
class _State:
    files: list[FileChange] = field(default_factory=list)
    commits: list[Commit] = field(default_factory=list)
    hunk_headers: list[str] = field(default_factory=list)
    old_left: int = 0
    new_left: int = 0
    first_hunk: list[str] = field(default_factory=list)
    first_hunk_done: bool = False
    in_message: bool = False

    @property
    def current(self) -> FileChange | None:
        return self.files[-1] if self.files else None


def _strip_prefix(path: str) -> str:
    path = path.split("\t", 1)[0].strip()
    if len(path) >= 2 and path[0] == path[-1] == '"':
        path = path[1:-1]
    if path.startswith(("a/", "b/")):
        return path[2:]
    return path


def _git_paths(rest: str) -> tuple[str, str]:
    """``a/x b/y`` from a ``diff --git`` line (paths with spaces: split at `` b/``)."""
    if rest.startswith('"') or " b/" not in rest:
        parts = rest.split(" ")
        return _strip_prefix(parts[0]), _strip_prefix(parts[-1])
    old, new = rest.rsplit(" b/", 1)
    return _strip_prefix(old), new.strip()


def _in_hunk_line(state: _State, line: str) -> bool:
    """Consume one hunk body line; True when it was one."""
    if state.old_left <= 0 and state.new_left <= 0:
        return False
    head = line[:1]
    current = state.current
    if head == "+":
        state.new_left -= 1
        if current:
            current.added += 1
    elif head == "-":
        state.old_left -= 1
        if current:
            current.removed += 1
    elif head in (" ", ""):
        state.old_left -= 1
        state.new_left -= 1
    elif head == "\\":
        return True
    else:
        state.old_left = state.new_left = 0
        return False
    if not state.first_hunk_done:
        state.first_hunk.append(line)
    return True


def _file_header(state: _State, line: str, next_line: str) -> bool:
    if line.startswith("diff --git "):
        old, new = _git_paths(line[len("diff --git ") :])
        state.files.append(FileChange(old=old, new=new))
        return True
    if line.startswith(("diff --cc ", "diff --combined ")):  # a merge commit's combined diff
        path = line.split(" ", 2)[2].strip()
        state.files.append(FileChange(old=path, new=path))
        return True
    if line.startswith("--- ") and next_line.startswith("+++ "):
        old = _strip_prefix(line[4:])
        current = state.current
        if current is None or current.hunks or current.added or current.removed or current.binary:
            current = FileChange(old=old)
            state.files.append(current)
        current.old = old if old != "/dev/null" else current.old
        if old == "/dev/null":
            current.status = "A"
        return True
    if line.startswith("+++ ") and state.current is not None:
        new = _strip_prefix(line[4:])
        if new == "/dev/null":
            state.current.status = "D"
        else:
            state.current.new = new
        return True
    return False


_META = (
    ("new file mode", "A"),
    ("deleted file mode", "D"),
    ("rename from ", "R"),
    ("rename to ", "R"),
    ("copy from ", "C"),
    ("copy to ", "C"),
)


def _meta_line(state: _State, line: str) -> bool:
    current = state.current
    if current is None:
        return False
    for prefix, status in _META:
        if line.startswith(prefix):
            current.status = status
            value = line[len(prefix) :].strip()
            if prefix.endswith("from "):
                current.old = value
            elif prefix.endswith("to "):
                current.new = value
            return True
    if line.startswith(("similarity index ", "dissimilarity index ")):
        current.similarity = line.rsplit(" ", 1)[-1]
        return True
    if line.startswith("old mode "):
        current.mode = f"mode {line[9:].strip()}"
        return True
    if line.startswith("new mode ") and current.mode:
        current.mode += f" -> {line[9:].strip()}"
        return True
    if line.startswith("Binary files ") or line.startswith("GIT binary patch"):
        current.binary = True
        return True
    return line.startswith("index ")


def _commit_line(state: _State, line: str, caps: Mapping[str, Any]) -> bool:
    if line.startswith(("commit ", "From ")):
        match = caps["commit"].search(line)
        if match:
            state.commits.append(Commit(sha=match.group("sha")))
            state.in_message = False
            return True
    if not state.commits:
        return False
    commit = state.commits[-1]
    if line.startswith(("Author:", "From:")) and not commit.author:
        commit.author = line.split(":", 1)[1].strip()
        return True
    if line.startswith("Subject:") and not commit.subject:
        commit.subject = line[8:].strip()
        return True
    if line.startswith(("Date:", "AuthorDate:")) and not commit.date:
        commit.date = line.split(":", 1)[1].strip()
        state.in_message = True
        return True
    if state.in_message and line.startswith("    "):
        commit.subject = commit.subject or line.strip()
        return True
    if state.in_message and not line.strip():
        return True
    state.in_message = False
    return False


def _hunk_groups(caps: Mapping[str, Any]):
    """A function giving the ``old_count``, ``new_count``, ``context`` groups of a hunk header, or None."""
    regex = caps["hunk"]
    raw = getattr(regex, "regex", regex)
    low = getattr(raw, "_regexp", None)
    anchor = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
    index = raw.groupindex
    names = ("old_count", "new_count", "context")
    if low is None or anchor is None or any(name not in index for name in names):  # pragma: no cover
        def groups(line: str):
            match = regex.search(line)
            return None if match is None else tuple(match.group(name) for name in names)

        return groups
    slots = tuple(index[name] for name in names)
    match_low = low.Match

    def groups(line: str):
        data = line.encode("utf-8", "surrogatepass")
        spans = match_low(anchor, data, 0, len(data))
        if spans[0][0] < 0:
            return None
        out = []
        for slot in slots:
            start, end = spans[slot]
            out.append(None if start < 0 else data[start:end].decode("utf-8", "surrogatepass"))
        return out

    return groups


def _hunk_line(state: _State, line: str, caps: Mapping[str, Any], groups=None) -> bool:
    if not line.startswith("@@"):
        return False
    found = (groups or _hunk_groups(caps))(line)
    if found is None:
        return False
    old, new, context = found
    state.old_left = int(old) if old is not None else 1
    state.new_left = int(new) if new is not None else 1
    if state.current is None:
        state.files.append(FileChange())
    state.current.hunks += 1
    if state.first_hunk:
        state.first_hunk_done = True
    if not state.first_hunk_done:
        state.first_hunk.append(line)
    context = (context or "").strip()
    if context and len(state.hunk_headers) < caps["max_hunk_headers"]:
        state.hunk_headers.append(f"{state.current.path}: {context}")
    return True


def _hunk_body(state: _State, lines: list[str], index: int, crlf: bool) -> int:
    """Consume the hunk body lines from ``index`` (what :func:`_in_hunk_line` does line by line, inlined); the next index."""
    old_left, new_left = state.old_left, state.new_left
    added = removed = 0
    record = None if state.first_hunk_done else state.first_hunk
    count = len(lines)
    while index < count and (old_left > 0 or new_left > 0):
        line = lines[index]
        if crlf:
            line = line.rstrip("\r")
        head = line[:1]
        if head == "+":
            new_left -= 1
            added += 1
        elif head == "-":
            old_left -= 1
            removed += 1
        elif head == " " or not head:
            old_left -= 1
            new_left -= 1
        elif head == "\\":
            index += 1
            continue
        else:  # not a body line: the hunk ends here and the line is read as a header
            old_left = new_left = 0
            break
        if record is not None:
            record.append(line)
        index += 1
    current = state.current
    if current:
        current.added += added
        current.removed += removed
    state.old_left, state.new_left = old_left, new_left
    return index


_HEADER_STARTS = ("diff --git ", "diff --cc ", "diff --combined ", "--- ", "+++ ")


def _scan(lines: list[str], caps: Mapping[str, Any], crlf: bool | None = None) -> _State:
    """One pass over the lines; hunk bodies are consumed by a tight loop (:func:`_hunk_body`)."""
    state = _State()
    groups = _hunk_groups(caps)
    if crlf is None:
        crlf = any("\r" in line for line in lines)
    index, count = 0, len(lines)
    while index < count:
        if state.old_left > 0 or state.new_left > 0:
            index = _hunk_body(state, lines, index, crlf)
            if index >= count:
                break
            if state.old_left > 0 or state.new_left > 0:  # pragma: no cover - _hunk_body stops only at the end
                continue
        raw = lines[index]
        line = raw.rstrip("\r") if crlf else raw
        index += 1
        if line.startswith("@@") and _hunk_line(state, line, caps, groups):
            state.in_message = False
            continue
        if line.startswith(_HEADER_STARTS):
            if _file_header(state, line, lines[index] if index < count else ""):
                state.in_message = False
                continue
        if _meta_line(state, line) or _commit_line(state, line, caps):
            continue
    return state


_CONTEXT_SEPARATOR = "*" * 15
_OLD_RANGE = compile_pattern(r"^\*\*\* \d+(?:,\d+)? \*\*\*\*$")
_NEW_RANGE = compile_pattern(r"^--- \d+(?:,\d+)? ----$")


def _context_scan(lines: list[str]) -> _State:
    """One pass over a context diff (``diff -c``): files, hunks (a separator, then an old range), counts."""
    state = _State()
    part = None  # "old" or "new": which range's lines come now
    count = len(lines)
    for index in range(count):
        line = lines[index].rstrip("\r")
        if line.startswith(_CONTEXT_SEPARATOR) and line[15:16] != "*":
            following = lines[index + 1].rstrip("\r") if index + 1 < count else ""
            part = None
            if _OLD_RANGE.search(following) is None:
                continue
            if state.current is None:
                state.files.append(FileChange())
            state.current.hunks += 1
            if state.first_hunk:
                state.first_hunk_done = True
            context = line[15:].strip()
            if context and len(state.hunk_headers) < 8:
                state.hunk_headers.append(f"{state.current.path}: {context}")
        elif _OLD_RANGE.search(line) is not None:
            part = "old" if state.current is not None and state.current.hunks else None
        elif _NEW_RANGE.search(line) is not None:
            part = "new" if state.current is not None and state.current.hunks else None
        elif line.startswith("*** ") and index + 1 < count and lines[index + 1].startswith("--- "):
            old, new = _strip_prefix(line[4:]), _strip_prefix(lines[index + 1].rstrip("\r")[4:])
            state.files.append(FileChange(old=old, new=new))
            part = None
            continue
        elif part is not None and line[:2] in ("- ", "+ ", "! ", "  ") or part is not None and line in ("-", "+", "!", ""):
            mark = line[:1]
            if part == "old" and mark in ("-", "!"):
                state.current.removed += 1
            elif part == "new" and mark in ("+", "!"):
                state.current.added += 1
        else:
            part = None
            continue
        if state.current is not None and state.current.hunks and not state.first_hunk_done:
            state.first_hunk.append(line)
    return state


def _first_line(content: str) -> str:
    """The first non-blank of the first 50 lines (found without splitting off the whole rest)."""
    text = content.lstrip("\ufeff")
    pos = 0
    for _ in range(50):
        end = text.find("\n", pos)
        line = text[pos:] if end < 0 else text[pos:end]
        if line.strip():
            return line.rstrip("\r")
        if end < 0:
            break
        pos = end + 1
    return ""


# ANSI escape sequences: CSI (colours, cursor moves), OSC (titles, hyperlinks), two-byte ESC forms
_ANSI = compile_pattern(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")


def _strip_ansi(content: str) -> str:
    if "\x1b" not in content:
        return content
    return _ANSI.sub(b"", content.encode("utf-8", "surrogatepass")).decode("utf-8", "surrogatepass")


def _summarize(inp: KindInput) -> Claim | None:
    caps = inp.caps
    content = _strip_ansi(inp.content) if caps.get("strip_ansi") else inp.content
    first = _first_line(content)
    context = bool(caps.get("context_diffs")) and first.startswith(("*** ", "diff ", "Only in ")) and "\n" + _CONTEXT_SEPARATOR in content
    if not first or not (context or caps["start"].search(first)):
        return None
    lines = content.lstrip("\ufeff").split("\n")
    if first.startswith("--- ") and not any(line.startswith("+++ ") for line in lines[:60]):
        return None
    state = _scan(lines, caps, "\r" in inp.content)
    if context and not any(f.hunks for f in state.files):
        state = _context_scan(lines)
    files = [f for f in state.files if f.path or f.hunks]
    if not files or not (any(f.hunks or f.binary or f.status in "RCAD" or f.mode for f in files)):
        return None
    # hunks under file headers are decisive; renames, modes and binaries alone are strong
    hunks = any(f.hunks for f in files)
    evidence = (Evidence("hunks" if hunks else "file_headers", 1.0, 0.98 if hunks else 0.9),)
    return Claim(synopsis=_synopsis(files, state, caps, inp.preview_chars), evidence=evidence)


def _synopsis(files: list[FileChange], state: _State, caps: Mapping[str, Any], preview_chars: int) -> Synopsis:
    added = sum(f.added for f in files)
    removed = sum(f.removed for f in files)
    hunks = sum(f.hunks for f in files)
    statuses = {}
    for f in files:
        statuses[f.status] = statuses.get(f.status, 0) + 1
    names = {"M": "modified", "A": "added", "D": "deleted", "R": "renamed", "C": "copied"}
    status_text = ", ".join(f"{names.get(k, k)} {v}" for k, v in sorted(statuses.items(), key=lambda kv: "MADRC".find(kv[0])))
    binary = sum(1 for f in files if f.binary)
    summary = [
        f"Diff of {len(files)} file{'s' * (len(files) != 1)}: +{added} -{removed} lines in {hunks} hunk{'s' * (hunks != 1)}.",
        f"Files: {status_text}" + (f"; binary {binary}." if binary else "."),
    ]
    if state.commits:
        summary.insert(0, f"{len(state.commits)} commit{'s' * (len(state.commits) != 1)} with patches.")
    cap = caps["max_files"]
    structure = [clip(f.describe(), caps["line_chars"]) for f in files[:cap]]
    if len(files) > cap:
        structure.append(f"+{len(files) - cap} more files")
    notable = []
    for commit in state.commits[: caps["max_commits"]]:
        text = f"commit {commit.sha[:12]}: {commit.subject}" + (f" ({commit.author}, {commit.date})" if commit.author else "")
        notable.append(clip(normalize(text), caps["line_chars"]))
    if len(state.commits) > caps["max_commits"]:
        notable.append(f"+{len(state.commits) - caps['max_commits']} more commits")
    notable += [clip(normalize(f"hunk {h}"), caps["line_chars"]) for h in state.hunk_headers]
    # the stub's preview budget bounds every sample
    sample = clip("\n".join(state.first_hunk), min(caps["sample_chars"], max(preview_chars, 0)))
    return Synopsis(
        kind=NAME,
        title="Diff output",
        summary=tuple(summary),
        structure=tuple(structure),
        notable_items=tuple(notable),
        sample=sample,
    )


SUMMARIZER = Summarizer(
    name=NAME,
    summarize=_summarize,
    caps_schema=CAPS_SCHEMA,
    defaults=DEFAULTS,
    pattern_keys=PATTERN_KEYS,
    description="unified diffs and git show: files changed with +/- counts and hunks, renames, binary files",
)


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (SUMMARIZER,)


_STATUS_LINES = (("new file mode", "A"), ("deleted file mode", "D"), ("rename from ", "R"), ("copy from ", "C"))


class _DiffTotals(StreamCounter):
    """Files, statuses, hunks and added/removed lines of a large unified diff, line by line over every
    block (a hunk's own line counts say where it ends; the state between blocks is a few numbers)."""

    def __init__(self, caps: Mapping[str, Any]) -> None:
        self.caps = caps
        self.files = self.added = self.removed = self.hunks = self.binary = 0
        self.statuses: dict[str, int] = {}
        self.status: str | None = None  # the current file's status (None: no file open)
        self.awaiting_plus = False  # a `diff --git` file whose `+++` line is still to come
        self.old_left = self.new_left = 0
        self.partial = ""

    def _close(self) -> None:
        if self.status is not None:
            self.statuses[self.status] = self.statuses.get(self.status, 0) + 1
        self.status = None

    def _open(self) -> None:
        self._close()
        self.files += 1
        self.status = "M"

    def feed(self, block: str, first_line: int) -> None:
        lines = (self.partial + block).split("\n")
        self.partial = lines.pop()
        for line in lines:
            self._line(line.removesuffix("\r"))

    def _line(self, line: str) -> None:
        if self.old_left > 0 or self.new_left > 0:
            mark = line[:1]
            if mark == "+":
                self.added += 1
                self.new_left -= 1
                return
            if mark == "-":
                self.removed += 1
                self.old_left -= 1
                return
            if mark in (" ", ""):
                self.old_left -= 1
                self.new_left -= 1
                return
            if mark == "\\":
                return
            self.old_left = self.new_left = 0
        if line.startswith("diff --git "):
            self._open()
            self.awaiting_plus = True
        elif line.startswith("+++ "):
            if not self.awaiting_plus:
                self._open()
            self.awaiting_plus = False
        elif line.startswith("@@ ") and self.status is not None:
            ranges = line.split("@@")[1].split() if line.count("@@") >= 2 else []
            old = next((r for r in ranges if r.startswith("-")), "-0,0")
            new = next((r for r in ranges if r.startswith("+")), "+0,0")
            self.hunks += 1
            self.old_left, self.new_left = _range_len(old), _range_len(new)
        elif self.status is not None and (line.startswith("Binary files ") or line.startswith("GIT binary patch")):
            self.binary += 1
        elif self.status is not None:
            for prefix, status in _STATUS_LINES:
                if line.startswith(prefix):
                    self.status = status

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:
        if self.partial:
            self._line(self.partial.removesuffix("\r"))
            self.partial = ""
        self._close()
        files, hunks = self.files, self.hunks
        names = {"M": "modified", "A": "added", "D": "deleted", "R": "renamed", "C": "copied"}
        status_text = ", ".join(f"{names.get(k, k)} {v}"
                                for k, v in sorted(self.statuses.items(), key=lambda kv: "MADRC".find(kv[0])))
        result = replace_lines(
            synopsis, "summary", "Diff of ",
            f"Diff of {files} file{'s' * (files != 1)}: +{self.added} -{self.removed} lines in {hunks} hunk{'s' * (hunks != 1)}.")
        result = replace_lines(result, "summary", "Files: ",
                               f"Files: {status_text}" + (f"; binary {self.binary}." if self.binary else "."))
        cap = self.caps["max_files"]
        listed = sum(1 for line in result.structure if not line.startswith("+"))
        more = f"+{files - cap} more files" if files > cap and listed >= cap else None
        if any(line.startswith("+") and line.endswith(" more files") for line in result.structure):
            return replace_lines(result, "structure", "+", more)
        if more is not None:
            result = dataclasses.replace(result, structure=(*result.structure, more))
        return result


def _range_len(spec: str) -> int:
    """The line count of a hunk range (``-12,5`` is 5 lines, ``+3`` is 1)."""
    _, _, count = spec[1:].partition(",")
    return int(count) if count.isdigit() else 1


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (StreamTotals(name=NAME, start=_DiffTotals, description="files, hunks and lines over the whole diff"),)
