"""Kind ``log``: application logs, syslog, and build/test logs (pytest, maven, npm, cargo...).

The synopsis tells the reader where to read first: the counts per level, the
first and last timestamps, and the first error and warning lines **with their
line numbers** (1-based), plus a few lines of context around the first error.

It claims the content when, among the first ``probe_lines`` non-blank lines, at
least ``min_line_ratio`` carry a timestamp (``timestamp`` searched in the first
``timestamp_prefix_chars`` of the line) or a level (``levels``), or when a
build/test-log ``signature`` matches one of them. It declines JSON lines and
tables with a header row, so ``json``, ``csv`` and ``tsv`` keep their content, and
content where most probed lines match ``decline`` (``git blame``: a timestamp on every
line, but source code).
Every pattern is RE2 (linear time); the content is scanned by whole-text passes over its
UTF-8 bytes, one per ``levels`` pattern, one for timestamps and one per ``result`` pattern.

.. rubric:: Options (``kinds.log``)

* ``timestamp`` (regex): a timestamp near the start of a line.
* ``timestamp_prefix_chars`` (int): how far into a line a timestamp may start (counted in
  UTF-8 bytes by the whole-text scan, in characters by the claim probe: the same for ASCII).
* ``levels`` (list of regexes): each has one named group whose name is the level it
  finds (``error``, ``warning``, ``info``, ``debug``...); a line's leftmost match names its
  level (on a tie, the earlier pattern); the list order is the order levels are shown in.
* ``level_prefix_chars`` (int): how far into a line a level may start (same unit rule).
* ``error_levels`` / ``warning_levels`` (lists): which level names count as errors / warnings.
* ``signature`` (list of regexes): lines that mark a build or test log.
* ``claim_lines`` (list of regexes): lines that count as log lines for the claim without
  a level or timestamp (stack-trace frames, ``Caused by:``); they add no level counts.
* ``decline`` (list of regexes): when at least ``min_line_ratio`` of the probed lines
  match one, the content is not a log.
* ``strip_ansi`` (bool): remove ANSI escape sequences (colours, cursor moves) before the
  claim and the scan, so coloured output (``pytest --color=yes``) is read as printed.
* ``tab_table_share`` (number): when at least this share of the probed lines have one same
  count (1+) of tabs and under half carry a level, the content is a header-less TSV, not a log
  (a timestamp column is a column); 0 turns it off.
* ``result`` (list of regexes): result lines (``=== 2 failed, 10 passed ===``, ``BUILD FAILURE``).
* ``min_lines``, ``min_line_ratio``, ``probe_lines``: the claim test.
* ``record_start`` (regex), ``record_min_share`` (number), ``record_min_lines`` (int): a log of multi-line
  records (a message over several lines, a traceback, a JSON dump under each line) is claimed too when its
  first line and at least ``record_min_share`` of the probed lines (``record_min_lines`` at least) open with a
  date and time (``record_start``, matched at the line's start), most of them with a level; 0 turns it off.
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

import dataclasses
from collections import Counter
from collections.abc import Iterator, Mapping
from itertools import chain
from typing import Any

import re2

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
from toolstub.plugins._lines import any_of_bare, without_groups
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

NAME = "log"

DEFAULTS: Mapping[str, Any] = {
    "timestamp": (
        r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(?:[.,]\d+)?(?:Z|[+-]\d\d:?\d\d)?"
        r"|\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d"
        r"|\[\d\d/[A-Z][a-z]{2}/\d{4}:\d\d:\d\d:\d\d [+-]\d{4}\]"
        r"|\b\d\d:\d\d:\d\d(?:[.,]\d+)?\b"
        r"|\d{4}/\d\d/\d\d[ T]\d\d:\d\d"
        r"|\[ *\d+\.\d{3,9}s?\]"
        r"|^1\d{9}(?:\.\d{1,9})?\b"
    ),
    "timestamp_prefix_chars": 48,
    "levels": [
        r"(?P<fatal>\b(?:FATAL|CRITICAL|CRIT|EMERG|ALERT|PANIC)\b|\bpanic:|\[(?:fatal|crit|critical|emerg|alert)\]|^F\d{4} \d\d:)",
        r"(?P<error>\b(?:ERROR|ERR!|ERR|SEVERE|FAILED|FAILURE|FAIL|Traceback)\b|\b[Ee]rror:|^error\b|^E {2,}\S|^ +● |##\[error\]|\blevel=error\b|\berror TS\d+:|\d[ \t]+error {2,}\S|\[(?:error|err)\]|^E\d{4} \d\d:|^E: |^Failed: |\*\*\*Failed\b|^npm error |^not ok \d+\b)",
        r"(?P<warning>\b(?:WARNING|WARN)\b|\bwarning:|\b[A-Z]\w*Warning:|##\[warning\]|\blevel=warn(?:ing)?\b|\d[ \t]+warning {2,}\S|\[(?:warn|warning)\]|^W\d{4} \d\d:|^W: |^npm warn )",
        r"(?P<info>\b(?:INFO|NOTICE|PASSED|PASS)\b|\blevel=info\b|\[(?:info|notice)\]|^I\d{4} \d\d:|^N: |^Passed: |^LOG: )",
        r"(?P<debug>\b(?:DEBUG|TRACE|VERBOSE)\b|\blevel=(?:debug|trace)\b|\[(?:debug|trace)\])",
    ],
    "level_prefix_chars": 160,
    "error_levels": ["fatal", "error"],
    "warning_levels": ["warning"],
    "signature": [
        r"^=+ test session starts =+$",
        r"^\[(?:INFO|WARNING|ERROR)\] (?:Scanning for projects|Building |BUILD |-{10,})",
        # npm 9+ writes its levels in lower case (`npm warn`, `npm error`, `npm verbose`, `npm http fetch`)
        r"^npm (?:ERR!|WARN|notice|warn|error|verbose|verb|silly|timing|http fetch) ",
        r"^> Task :",
        r"^ +Compiling \S+ v\d",
        r"^make(?:\[\d+\])?: [^/\s]",
        r"^=== RUN +\S",
        r"^ ?(?:PASS|FAIL) +\S+\.(?:test|spec)\.[cm]?[jt]sx?\b",
        r"^[.FEsxX]+ +\[ *\d+%\]$",
        (
            r"^(?:Collecting [\w.-]+(?:\[[\w,.-]+\])?[<>=!~]=?\S|  (?:Downloading|Using cached) \S+\.(?:whl|tar\.gz|zip)\b"
            r"|Requirement already satisfied: \S+ in |Successfully installed [\w.-]+-\d)"
        ),
        r"^Step \d+/\d+ : [A-Z]+ ",
        r"^#\d+ \[(?:internal|[^\]\n]*\d+/\d+)\] ",
        r"^\d+ examples?, \d+ failures?\b",
        r"^ +\d+ passing \(\d+(?:\.\d+)?m?s\)$",
        (
            r"^(?:Terraform (?:will perform the following actions|used the selected providers|has been successfully initialized)"
            r"|Plan: \d+ to add, \d+ to change, \d+ to destroy|Apply complete! Resources: )"
        ),
        r"^ *VITE v\d+\.\d+\.\d+ +ready in ",
        r"^webpack \d+\.\d+\.\d+ compiled ",
        r"^(?:PLAY(?: RECAP)?|TASK) (?:\[[^\]\n]*\] )?\*{3,}$",
        r"^ *\S+: (?:commands\[\d+\]> |(?:OK|FAIL) code \d+ \()",
        r"^Found \d+ errors?\b",
        r"^✖ \d+ problems? \(",
        r"^Node\.js v\d+\.\d+\.\d+$",
        r"^LAST SEEN +TYPE +REASON +OBJECT +MESSAGE\b",
        # apt and dpkg runs (apt-get install / update output, /var/log/apt/term.log and history.log)
        r"^(?:Selecting previously unselected package |Preparing to unpack \S|Unpacking \S+ \(|Setting up \S+ \("
        r"|Processing triggers for \S)",
        r"^(?:Get|Hit|Ign|Err):\d+ (?:https?|file|cdrom)://",
        r"^(?:Start|End)-Date: \d{4}-\d\d-\d\d  \d\d:\d\d:\d\d$",
        r"^(?:Inst|Conf|Remv) \S+ \(|^\d+ upgraded, \d+ newly installed, \d+ to remove and \d+ not upgraded\.$",
        # python -m unittest -v, python -m compileall, gcc/clang diagnostics
        r"^\w+ \([\w.]+\)(?: \S[^\n]*)? \.\.\. (?:ok|FAIL|ERROR|skipped\b|expected failure|unexpected success)",
        r"^(?:Listing|Compiling) '[^'\n]+'\.\.\.$",
        r"^[^\s:][^:\n]*:\d+:\d+: (?:warning|error|note|fatal error): ",
        # the same without a column (javac, mypy), javac's total
        r"^[^\s:][^:\n]*\.\w+:\d+: (?:warning|error|note): |^\d+ (?:errors?|warnings?)$",
        r"^-- (?:The (?:C|CXX|Fortran|ASM) compiler identification is |Configuring done|Generating done|Build files have been written to: )",
        r"^\[ *\d+%\] (?:Building \w+ object |Linking \w+ |Built target )|^\[\d+/\d+\] (?:Building|Linking|Generating|Running|Install)",
        r"^ *\d+/\d+ Test +#\d+: |^\d+% tests passed, \d+ tests? failed out of \d+",
        r"^ +Finished (?:`[^`\n]+`|dev|release|test|bench) |^test result: (?:ok|FAILED)\. \d+ passed",
        r"^TEST(?: RESULT)?: \S|^Test results: (?:passed|failed|error): \d",
        r"^(?:\d{4}-\d\d-\d\dT[\d:.]+Z )?##\[(?:group|endgroup|section|command)\]",
        # TAP streams, doctest -v, rustc-style diagnostics (the location line under the message)
        r"^TAP version \d+$|^not ok \d+\b|^Files=\d+, Tests=\d+, |^Result: (?:PASS|FAIL|NOTESTS)$",
        r"^(?:Trying|Expecting):$|^Expecting nothing$|^\d+ items? passed all tests:$|^\*{3}Test Failed\*{3} \d+ failures?\.$",
        r"^ *--> [^\s:][^:\n]*:\d+:\d+$",
        # gdb stopping on a signal
        r"^Program received signal SIG[A-Z0-9]+, ",
        # pip building from source
        r"^Looking in (?:indexes|links): |^  (?:Installing build dependencies|Getting requirements to build (?:wheel|editable)|Preparing (?:editable )?metadata \([\w.]+\)|Building (?:editable|wheel) for \S+ \([\w.]+\))(?::| \.\.\.) (?:started|finished|done|error)",
        # valgrind tools, node's spec and dot test reporters
        r"^==\d+== (?:Memcheck|Helgrind|DRD|Cachegrind|Callgrind|Massif|DHAT)\b|^==\d+== (?:HEAP|LEAK|ERROR) SUMMARY:",
        r"^ℹ (?:tests|suites|pass|fail|cancelled|skipped|todo|duration_ms) \d|^[ \t]*✖ [^\n]+ \(\d+(?:\.\d+)?ms\)$",
    ],
    "claim_lines": [
        r"^Traceback \(most recent call last\):",
        r'^[ \t]+File "[^"\n]+", line \d+',
        # Python 3.11+ marks the failing expression of a frame under its source line (`    ^^^^^`, `~~~~^^^~~`)
        r"^[ \t]+[~^]*\^[~^]*[ \t]*$",
        r"^(?:[\w.]+\.)?[A-Z]\w*(?:Error|Exception|Warning|Exit|Interrupt)\b(?::|$)",
        r"^During handling of the above exception|^The above exception was the direct cause",
        r'^Exception in thread "',
        r"^Caused by: ",
        r"^[ \t]+at [^\n]*(?:\([^()\n]*:\d+(?::\d+)?\)|\((?:Native Method|Unknown Source)\)|[^\s()]+:\d+:\d+)[ \t{]*$",
        r"^[ \t]+\.\.\. \d+ (?:more|common frames omitted)$",
        r"^Unhandled exception\. ",
        r"^[ \t]+at (?:[\w$<>\[\]`]+\.)+[\w$<>\[\]`]+(?:\[[^\]\n]*\])?\(",
        r"^goroutine \d+ \[[^\]\n]+\]:$",
        r"^\t[^\t\n]+\.go:\d+(?: \+0x[0-9a-f]+)?$",
        r"^(?:[\w.-]+/)*[\w-]+\.(?:\(\*?\w+\)\.\w+\([^\n]*\)|\w+\((?:0x[0-9a-f]+|\.\.\.)[^\n]*\)|main\(\))$|^created by [\w./()*-]+",
        r"^thread '[^'\n]*' panicked at |^stack backtrace:$|^ +\d+: +(?:0x[0-9a-f]+ - |[\w<>$.{}]+(?:::|$))",
        r"^#\d+ (?:\S+\(\d+\): |\{main\}$)|^Stack trace:$|^  thrown in .+ on line \d+$",
        r"^\.{0,2}/?[\w./\\-]+\.[A-Za-z]\w*:\d+:\d+: \S",
        # a linter's `path:line: [CODE] message`, TAP test lines and plan
        r"^\.{0,2}/?[\w./\\-]+\.[A-Za-z]\w*:\d+: \[[A-Z]+\d+[\](]",
        r"^(?:not )?ok \d+\b|^1\.\.\d+$",
        # gdb backtrace frames, valgrind's `==PID== ` lines
        r"^#\d+ +(?:0x[0-9a-f]+ in )?[\w:<>~.]+ \([^\n]*\)(?: at [^\s:]+:\d+| from \S+)?$|^==\d+== ",
        # strace records (`openat(AT_FDCWD, "x", O_RDONLY) = 3`, `-f` pids, resumed/exit/signal lines)
        r"^(?:\[pid +\d+\] |\d+ +)?(?:(?:execve|brk|mmap|munmap|mremap|mprotect|madvise|openat2?|open|creat|close|close_range|read|write|readv|writev|pread64|pwrite64|fstat|newfstatat|stat|lstat|statx|statfs|fstatfs|access|faccessat2?|arch_prctl|prctl|set_tid_address|set_robust_list|rseq|prlimit64|getrandom|ioctl|getdents64|lseek|rt_sig\w+|sigaltstack|clone3?|vfork|fork|wait4|waitid|exit_group|futex|readlinkat|readlink|getcwd|chdir|fchdir|fcntl|dup[23]?|pipe2?|socket|connect|bind|listen|accept4?|sendto|recvfrom|sendmsg|recvmsg|getsockname|getpeername|setsockopt|getsockopt|poll|ppoll|epoll_\w+|select|pselect6|get[pgu]?id|gete[ug]id|getppid|gettid|getres[ug]id|uname|sysinfo|umask|kill|tgkill|unlinkat|unlink|mkdirat|mkdir|renameat2?|rename|sched_\w+|nanosleep|clock_\w+|getxattr|lgetxattr|fgetxattr|flistxattr|utimensat|fchmod|fchown|chmod|chown|memfd_create|eventfd2|inotify_\w+|timerfd_\w+|io_uring_\w+|mount|umount2|capget|capset|getrusage|times|getpgrp|setpgid|setsid|ftruncate|fsync|fdatasync|copy_file_range|sendfile|splice|membarrier)\(.*(?:\) += (?:-?\d+|0x[0-9a-f]+|\?)(?:<[^>\n]*>)?(?: E[A-Z]+ \([^()\n]*\)| \([^\n]*\))?| <unfinished \.\.\.>)$|<\.\.\. [a-z_0-9]+ resumed>|\+\+\+ (?:exited with \d+|killed by SIG[A-Z0-9]+(?: \(core dumped\))?) \+\+\+$|--- SIG[A-Z0-9]+ )",
        # javac -verbose (`[parsing started ...]`, `[loading /modules/...]`, `[wrote X.class]`, `[total 247ms]`)
        # and the JVM's JDK 8 -verbose:class (`[Loaded java.lang.Object from /usr/lib/jvm/...]`, `[Opened ...]`)
        r"^\[(?:parsing (?:started|completed)|loading|search path for (?:source|class) files:|checking|wrote|total|Loaded|Opened) [^\n]*\]$",
    ],
    "decline": [
        r"^\^?[0-9a-f]{7,40} (?:[^\s(]+ +)?\([^()\n]*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4} +\d+\) ",
        r"^ *(?:File|Size|Device|Access|Modify|Change|Birth): ",
        # git reflog lines (ref moves, one timestamp each with --date)
        r"^[0-9a-f]{7,40} (?:\([^()\n]*\) )?[\w./-]+@\{[^}\n]+\}: ",
        # a CSV record whose first field is quoted (a timestamp column, not a log line)
        r'^"(?:[^"\n]|"")*",',
    ],
    "strip_ansi": True,
    "tab_table_share": 0.95,
    "result": [
        r"^=+ .*\b(?:passed|failed|errors?|skipped)\b.* in \d+(?:\.\d+)?s.*=+$",
        r"^\[(?:INFO|ERROR)\] BUILD (?:SUCCESS|FAILURE)",
        r"^(?:Tests run: \d+, Failures: \d+|test result: )",
        r"^npm ERR! code ",
        r"^BUILD (?:SUCCESSFUL|FAILED)",
        r"^(?:ok|FAIL)\s+\S+\s+(?:\d+(?:\.\d+)?s|\(cached\))",
        r"^Tests: +\d+",
    ],
    "min_lines": 2,
    "min_line_ratio": 0.5,
    "record_start": r"\[?(?:\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d|(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d\d:\d\d:\d\d)",
    "record_min_share": 0.15,
    "record_min_lines": 5,
    "probe_lines": 200,
    "error_lines": 3,
    "warning_lines": 3,
    "result_lines": 3,
    "line_chars": 200,
    "context_before": 2,
    "context_after": 6,
    "sample_chars": 1200,
}

PATTERN_KEYS = frozenset({"timestamp", "levels", "signature", "claim_lines", "decline", "result", "record_start"})

_INT = {"type": "integer", "minimum": 0}
_PATTERN = {"type": "string", "format": "regex"}
_PATTERNS = {"type": "array", "items": _PATTERN}

CAPS_SCHEMA: Mapping[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "timestamp": {**_PATTERN, "description": "a timestamp near the start of a line"},
        "timestamp_prefix_chars": {**_INT, "description": "chars of each line searched for a timestamp"},
        "levels": {**_PATTERNS, "minItems": 1, "description": "one named group each: the level it finds"},
        "level_prefix_chars": {**_INT, "description": "chars of each line searched for a level"},
        "error_levels": {"type": "array", "items": {"type": "string"}, "description": "levels that are errors"},
        "warning_levels": {"type": "array", "items": {"type": "string"}, "description": "levels that are warnings"},
        "signature": {**_PATTERNS, "description": "lines that mark a build or test log"},
        "claim_lines": {**_PATTERNS, "description": "lines that count for the claim without a level (stack frames)"},
        "decline": {**_PATTERNS, "description": "lines that are not log lines (git blame); most of them: not a log"},
        "strip_ansi": {"type": "boolean", "description": "remove ANSI escape sequences before the claim and the scan"},
        "tab_table_share": {"type": "number", "minimum": 0, "maximum": 1,
                            "description": "share of lines with one same tab count that makes a level-less probe a TSV (0: off)"},
        "result": {**_PATTERNS, "description": "result lines listed as notable items"},
        "min_lines": {**_INT, "description": "fewest non-blank lines to claim"},
        "min_line_ratio": {"type": "number", "minimum": 0, "maximum": 1, "description": "share of probed lines"},
        "record_start": {"type": "string", "format": "regex", "description": "how a multi-line record's first line opens"},
        "record_min_share": {"type": "number", "minimum": 0, "maximum": 1,
                             "description": "share of probed lines that open a record (0: off)"},
        "record_min_lines": {"type": "integer", "minimum": 1, "description": "records at least"},
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


_UNSEEN = object()
_DIGITS_TO_ZERO = bytes.maketrans(b"123456789", b"000000000")
# the bundled ``levels`` as one alternation, one group each (RE2's low-level matcher: no match objects)
_BUNDLED = compile_pattern("|".join(f"({without_groups(p)})" for p in DEFAULTS["levels"]), "m").regex
_BUNDLED_LOW = getattr(_BUNDLED, "_regexp", None)
_UNANCHORED = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
if _UNANCHORED is None:  # pragma: no cover - another binding version
    _BUNDLED_LOW = None


def _patterns(value: Any) -> tuple:
    if value is None:
        return ()
    return value if isinstance(value, tuple) else (value,)


def _looks_tabular(lines: list[str], caps: Mapping[str, Any], names: list[str]) -> bool:
    """A header row without timestamp or level, then rows with the same count of one delimiter."""
    head = [line for line in lines[:11] if line.strip()]
    if len(head) < 2 or caps["timestamp"].search(head[0][: caps["timestamp_prefix_chars"]]):
        return False
    if _level_of(head[0], caps, names):  # `src/a.ts(12,7): error TS6133: ...` is not a header
        return False
    for delimiter in ("\t", ","):
        count = head[0].count(delimiter)
        if count and all(line.count(delimiter) == count for line in head[1:]):
            return True
    return False


def _tab_table(probe: list[str], caps: Mapping[str, Any], names: list[str]) -> bool:
    """A header-less TSV (``git log --format=%h%x09%ad%x09%s``, ``jq -r @tsv``): at least
    ``tab_table_share`` of the probed lines have one same count (1+) of tabs, and under half of
    them carry a level (a tab-separated log with a level column, zap's console format, stays a log)."""
    share = caps.get("tab_table_share", 0)
    if not share or len(probe) < 3:
        return False
    counts = Counter(line.count("\t") for line in probe)
    tabs, n = counts.most_common(1)[0]
    if tabs < 1 or n < share * len(probe):
        return False
    return sum(1 for line in probe if _level_of(line, caps, names)) * 2 < len(probe)


# a JSON array opening with a number: ``[1,``, ``[-2.5]`` (``[2024-06-01 10:00:00]`` is a log prefix)
_JSON_NUMBER_ITEM = compile_pattern(r"\[[ \t]*-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?[ \t]*[,\]]")


def _json_line(line: str) -> bool:
    """A JSON-lines record (``{...``, ``["...``, ``[1,...``), not a ``[INFO]`` or ``[2024-06-01 ...]`` prefix."""
    head = line.lstrip()
    if head[:1] == "{" or (head[:1] == "[" and head[1:2] in ('"', "{", "[", "]")):
        return True
    return head[:1] == "[" and head[1:2] in tuple("0123456789-") and _JSON_NUMBER_ITEM.match(head) is not None


def _level_names(caps: Mapping[str, Any]) -> list[str]:
    """The level each ``levels`` pattern finds: the name of its (first) named group."""
    names = []
    for regex in caps["levels"]:
        groups = sorted(regex.groupindex.items(), key=lambda kv: kv[1])
        names.append(groups[0][0] if groups else f"level{len(names) + 1}")
    return names


def _level_of(line: str, caps: Mapping[str, Any], names: list[str]) -> str | None:
    head = line[: caps["level_prefix_chars"]]
    best: tuple[int, int] | None = None
    for index, regex in enumerate(caps["levels"]):
        match = regex.search(head)
        if match is not None and (best is None or match.start() < best[0]):
            best = (match.start(), index)
    return names[best[1]] if best else None


def _claims(lines: list[str], caps: Mapping[str, Any], names: list[str]) -> bool:
    return bool(_claim_evidence(lines, caps, names))


def _claim_evidence(lines: list[str], caps: Mapping[str, Any], names: list[str]) -> tuple[Evidence, ...]:
    """The evidence that the probe is a log (empty: it is not): a tool's signature line, or the
    share of lines with a timestamp, a level or a stack-trace frame (``line_fit``)."""
    probe = []
    for line in lines:
        if line.strip():
            probe.append(line)
            if len(probe) >= caps["probe_lines"]:
                break
    if len(probe) < max(1, caps["min_lines"]):
        return ()
    if sum(1 for line in probe if _json_line(line)) * 2 > len(probe):
        return ()
    if _looks_tabular(lines, caps, names) or _tab_table(probe, caps, names):
        return ()
    # each list as one alternation: one search per line finds whether any of them matches
    decline = _patterns(caps.get("decline"))
    if decline:
        decline_any = any_of_bare(decline)
        if sum(1 for line in probe if decline_any.search(line)) >= caps["min_line_ratio"] * len(probe):
            return ()
    signatures = _patterns(caps["signature"])
    if signatures:
        signature_any = any_of_bare(signatures)
        if any(signature_any.search(line) for line in probe):
            return (Evidence("tool_signature", 1.0, 0.9),)
    prefix = caps["timestamp_prefix_chars"]
    claim_lines = _patterns(caps.get("claim_lines"))
    claim_any = any_of_bare(claim_lines) if claim_lines else None
    marked = sum(
        1
        for line in probe
        if caps["timestamp"].search(line[:prefix])
        or _level_of(line, caps, names)
        or (claim_any is not None and claim_any.search(line))
    )
    records = _record_evidence(probe, caps, names)
    if marked >= caps["min_line_ratio"] * len(probe) and marked >= caps["min_lines"]:
        return (Evidence("line_fit", marked / len(probe), 0.9), *records)
    return records


def _record_evidence(probe: list[str], caps: Mapping[str, Any], names: list[str]) -> tuple[Evidence, ...]:
    """A log of multi-line records (Python's logging of a message over lines, a JSON dump or a traceback
    under a record): the first line and ``record_min_share`` of the lines open with a date and time, and
    most of those lines carry a level (a changelog written from ``git log``, ``2022-06-13 13:28:22 +0300
    Author (hash)`` over its message, has none)."""
    share = float(caps.get("record_min_share") or 0)
    start = caps.get("record_start")
    if not share or start is None or start.match(probe[0]) is None:
        return ()
    records = [line for line in probe if start.match(line)]
    if len(records) < max(int(caps.get("record_min_lines") or 1), caps["min_lines"]) or len(records) < share * len(probe):
        return ()
    if sum(1 for line in records if _level_of(line, caps, names)) * 2 <= len(records):
        return ()
    return (Evidence("record_starts", 1.0, 0.8),)


class _Text:
    """The content as UTF-8 bytes, with line lookups by byte offset (one encode, no split)."""

    def __init__(self, content: str) -> None:
        # CRLF -> LF so that ``$`` in the patterns sees the end of a Windows line too
        self.data = content.replace("\r\n", "\n").encode("utf-8", "surrogatepass")

    def line_start(self, pos: int) -> int:
        return self.data.rfind(b"\n", 0, pos) + 1

    def line_at(self, start: int) -> str:
        end = self.data.find(b"\n", start)
        raw = self.data[start : end if end >= 0 else len(self.data)]
        return raw.decode("utf-8", "surrogatepass").rstrip("\r")

    def line_count(self) -> int:
        data = self.data
        return data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)


def _multiline(regex: Any) -> Any:
    return compile_pattern(regex.pattern, "m")


def _spans(regex: Any, data: bytes, pos: int = 0):
    """The spans (group 0 first) of each successive match of ``regex`` in ``data``, as ``finditer`` finds them.

    Calls the RE2 binding's low-level ``Match`` (``finditer`` builds a match object per
    match, several microseconds each); falls back to ``finditer`` on another binding.
    """
    raw = getattr(regex, "regex", regex)
    low = getattr(raw, "_regexp", None)
    anchor = getattr(getattr(re2, "_Anchor", None), "UNANCHORED", None)
    if low is None or anchor is None:  # pragma: no cover - another binding version
        for match in raw.finditer(data, pos):
            yield [match.span(i) for i in range(raw.groups + 1)]
        return
    end = len(data)
    match = low.Match
    while pos <= end:
        spans = match(anchor, data, pos, end)
        if spans[0][0] < 0:
            return
        yield spans
        pos = spans[0][1] if spans[0][1] > pos else pos + 1


def _masked_lines(data: bytes) -> Iterator[list[bytes]]:
    """``data.translate(_DIGITS_TO_ZERO).split(b"\\n")`` in pieces, window by window (each cut after
    a line end): the lines of a long text are never all held, nor translated in one copy."""
    start, total, size = 0, len(data), _lines.WINDOW
    while True:
        end = data.find(b"\n", start + size) if start + size < total else -1
        if end < 0:
            yield data[start:].translate(_DIGITS_TO_ZERO).split(b"\n")
            return
        yield data[start:end].translate(_DIGITS_TO_ZERO).split(b"\n")
        start = end + 1


def _first_per_line(text: _Text, regex: Any, prefix: int, begin: int = 0):
    """(line number, line start, match span) of the leftmost match of each line within ``prefix`` bytes."""
    data = text.data
    number, counted_to, last_start = 1 + data.count(b"\n", 0, begin), begin, -1
    rfind, count = data.rfind, data.count
    for spans in _spans(_multiline(regex), data, begin):
        pos = spans[0][0]
        start = rfind(b"\n", 0, pos) + 1
        if start == last_start:
            continue
        last_start = start
        if pos - start >= prefix:
            continue
        number += count(b"\n", counted_to, pos)
        counted_to = pos
        yield number, start, spans[0]


def _stamp(text: _Text, found: tuple[int, int, Any] | None) -> tuple[int, str] | None:
    if not found:
        return None
    start, end = found[2]
    return found[0], text.data[start:end].decode("utf-8", "replace")


def _first_last(text: _Text, regex: Any, prefix: int) -> tuple[tuple[int, str] | None, tuple[int, str] | None]:
    """The first and the last timestamp with their line numbers; the last is looked for in growing tails."""
    first = next(_first_per_line(text, regex, prefix), None)
    if first is None:
        return None, None
    size = len(text.data)
    window = 1 << 16
    while True:
        begin = text.line_start(max(0, size - window))
        last = None
        for last in _first_per_line(text, regex, prefix, begin):  # noqa: B007 - keep the last one
            pass
        if last is not None or begin == 0:
            return _stamp(text, first), _stamp(text, last or first)
        window *= 4


class _Scan:
    """Whole-text passes (RE2 over the UTF-8 bytes): level counts, timestamps, first lines, results."""

    def __init__(self, caps: Mapping[str, Any], names: list[str]) -> None:
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

    def run(self, text: _Text) -> None:
        caps = self.caps
        counts, errors, warnings = self.counts, self.errors, self.warnings
        error_levels, warning_levels = set(caps["error_levels"]), set(caps["warning_levels"])
        error_cap, warning_cap = max(1, caps["error_lines"]), max(1, caps["warning_lines"])
        if [regex.pattern for regex in caps["levels"]] == list(DEFAULTS["levels"]):
            self._bundled_run(text, error_levels, warning_levels, error_cap, warning_cap)
        else:
            for number, start, level in self._leftmost_levels(text):
                counts[level] = counts.get(level, 0) + 1
                if level in error_levels:
                    self.error_total += 1
                    if len(errors) < error_cap:
                        errors.append((number, text.line_at(start)))
                elif level in warning_levels:
                    self.warning_total += 1
                    if len(warnings) < warning_cap:
                        warnings.append((number, text.line_at(start)))
        self.first_ts, self.last_ts = _first_last(text, caps["timestamp"], caps["timestamp_prefix_chars"])
        self._results(text)

    def _bundled_run(self, text: _Text, error_levels: set, warning_levels: set, error_cap: int, warning_cap: int) -> None:
        """:meth:`run`'s level pass for the bundled ``levels``, with C-level passes over the lines.

        None of the bundled patterns can match a line break, and none tells one digit from
        another (only ``\\d`` and ``\\b``, for which every digit is alike), so a line's level is
        that of the line with every digit made ``0``: the lines so masked are counted at C
        speed (logs repeat one template with other numbers) and each distinct one is matched
        once. Then only the lines up to the last listed error or warning are walked.
        """
        distinct: Counter[bytes] = Counter()
        for lines in _masked_lines(text.data):
            distinct.update(lines)
        level_of = {line: self._bundled_level(line) for line in distinct}
        counts = self.counts
        for line, n in distinct.items():
            level = level_of[line]
            if level is not None:
                counts[level] = counts.get(level, 0) + n
        self.error_total = sum(n for level, n in self.counts.items() if level in error_levels)
        self.warning_total = sum(
            n for level, n in self.counts.items() if level in warning_levels and level not in error_levels
        )
        want_errors, want_warnings = min(error_cap, self.error_total), min(warning_cap, self.warning_total)
        if not want_errors and not want_warnings:
            return
        listed = {line for line, level in level_of.items() if level in error_levels or level in warning_levels}
        errors, warnings = self.errors, self.warnings
        offset = 0
        for number, line in enumerate(chain.from_iterable(_masked_lines(text.data)), 1):
            if line in listed:
                level = level_of[line]
                if level in error_levels:
                    if len(errors) < want_errors:
                        errors.append((number, text.line_at(offset)))
                elif len(warnings) < want_warnings:
                    warnings.append((number, text.line_at(offset)))
                if len(errors) >= want_errors and len(warnings) >= want_warnings:
                    return
            offset += len(line) + 1

    def _leftmost_levels(self, text: _Text):
        """(line number, line start, level) of each line with a level: one RE2 pass per level pattern."""
        prefix = self.caps["level_prefix_chars"]
        data = text.data
        rfind = data.rfind
        hits = []
        append = hits.append
        for index, regex in enumerate(self.caps["levels"]):
            last_start = -1
            for spans in _spans(_multiline(regex), data):
                pos = spans[0][0]
                start = rfind(b"\n", 0, pos) + 1
                # a later match on a line already hit is never that line's leftmost one
                if start != last_start and pos - start < prefix:
                    append((start, pos, index))
                last_start = start
        hits.sort()
        number, counted_to, last_start = 1, 0, -1
        count, names = data.count, self.names
        for start, _, index in hits:
            if start == last_start:
                continue
            last_start = start
            number += count(b"\n", counted_to, start)
            counted_to = start
            yield number, start, names[index]

    def _bundled_level(self, line: bytes) -> str | None:
        """The level of one line for the bundled ``levels``: their alternation's leftmost-first match.

        None of them can match a line break, so a line's leftmost match (on a tie, the
        earlier pattern) is the alternation's leftmost-first match in that line alone.
        """
        if _BUNDLED_LOW is not None:
            spans = _BUNDLED_LOW.Match(_UNANCHORED, line, 0, len(line))
        else:  # pragma: no cover - another binding version
            match = _BUNDLED.search(line)
            spans = [match.span(i) for i in range(_BUNDLED.groups + 1)] if match else [(-1, -1)]
        if not 0 <= spans[0][0] < self.caps["level_prefix_chars"]:
            return None
        index = 0
        while spans[index + 1][0] < 0:
            index += 1
        return self.names[index]

    def _results(self, text: _Text) -> None:
        cap = self.caps["result_lines"]
        found: dict[int, str] = {}
        patterns = _patterns(self.caps["result"])
        if patterns and _multiline(compile_pattern("|".join(f"(?:{p.pattern})" for p in patterns))).search(text.data) is None:
            return  # one pass says no pattern matches anywhere (instead of one pass each)
        for regex in patterns:
            for number, start, _ in _first_per_line(text, regex, 1 << 62):
                found.setdefault(number, text.line_at(start))
                if len(found) >= cap * 4:
                    break
        self.results = sorted(found.items())[:cap]


def _line_item(label: str, number: int, line: str, limit: int) -> str:
    return f"{label}: line {number}: {clip(normalize(line), limit)}"


def _listed(label: str, items: list[tuple[int, str]], total: int, cap: int, limit: int) -> list[str]:
    out = []
    for index, (number, line) in enumerate(items[:cap]):
        out.append(_line_item(f"first {label}" if index == 0 else label, number, line, limit))
    if total > min(cap, len(items)) and cap > 0:
        out.append(f"+{total - min(cap, len(items))} more {label} lines")
    return out


def _context(text: _Text, number: int, caps: Mapping[str, Any]) -> str:
    """Lines ``number - context_before`` .. ``number + context_after``, numbered."""
    lines = _lines.first_lines(text.data, number + caps["context_after"])
    first = max(1, number - caps["context_before"])
    width = len(str(len(lines)))
    shown = [
        f"{n:>{width}}: {lines[n - 1].decode('utf-8', 'surrogatepass').rstrip(chr(13))}"
        for n in range(first, len(lines) + 1)
    ]
    return clip("\n".join(shown), caps["sample_chars"])


# ANSI escape sequences: CSI (colours, cursor moves), OSC (titles, hyperlinks), two-byte ESC forms
_ANSI = compile_pattern(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")


def strip_ansi(content: str) -> str:
    """``content`` without ANSI escape sequences (lines and line numbers unchanged)."""
    if "\x1b" not in content:
        return content
    data = content.encode("utf-8", "surrogatepass")
    return _ANSI.sub(b"", data).decode("utf-8", "surrogatepass")


def _summarize(inp: KindInput) -> Claim | None:
    caps = inp.caps
    if inp.is_blank():
        return None
    content = strip_ansi(inp.content) if caps.get("strip_ansi") else inp.content
    content = content.removeprefix("\ufeff")  # a BOM does not hide line 1
    names = _level_names(caps)
    head = [line.rstrip("\r") for line in _lines.first_lines(content, caps["probe_lines"] * 4)]
    evidence = _claim_evidence(head, caps, names)
    if not evidence:
        return None
    text = _Text(content)
    scan = _Scan(caps, names)
    scan.run(text)
    return Claim(synopsis=_synopsis(text, scan, caps, inp.preview_chars), evidence=evidence)


def _synopsis(text: _Text, scan: _Scan, caps: Mapping[str, Any], preview_chars: int) -> Synopsis:
    order = list(names_in_order(scan.counts, caps))
    levels = ", ".join(f"{name} {scan.counts[name]}" for name in order) or "none"
    total = text.line_count()
    summary = [f"Log with {total} lines.", f"Levels: {levels}."]
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
    sample = _context(text, scan.errors[0][0], caps) if scan.errors and caps["sample_chars"] else ""
    sample = clip(sample, max(preview_chars, 0))  # the stub's preview budget bounds every sample
    return Synopsis(
        kind=NAME,
        title="Log output",
        summary=tuple(summary),
        structure=tuple(structure),
        notable_items=tuple(notable),
        sample=sample,
    )


def names_in_order(counts: Mapping[str, int], caps: Mapping[str, Any]) -> list[str]:
    """Level names in the order of the ``levels`` patterns."""
    order = _level_names(caps)
    return sorted(counts, key=lambda name: order.index(name) if name in order else len(order))


SUMMARIZER = Summarizer(
    name=NAME,
    summarize=_summarize,
    caps_schema=CAPS_SCHEMA,
    defaults=DEFAULTS,
    pattern_keys=PATTERN_KEYS,
    description="logs: counts per level, first/last timestamps, first error and warning lines with line numbers",
)


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (SUMMARIZER,)


class _LogTotals(StreamCounter):
    """A large log's level counts, listed error/warning lines and first error over every block."""

    _LISTED = ("first error: line ", "error: line ", "first warning: line ", "warning: line ")

    def __init__(self, caps: Mapping[str, Any]) -> None:
        self.caps = caps
        self.names = _level_names(caps)
        self.counts: dict[str, int] = {}
        self.errors: list[tuple[int, str]] = []
        self.warnings: list[tuple[int, str]] = []
        self.error_total = self.warning_total = 0
        self.first_block = True
        self.context = ""

    def feed(self, block: str, first_line: int) -> None:
        caps = self.caps
        content = strip_ansi(block) if caps.get("strip_ansi") else block
        if self.first_block:
            content = content.removeprefix("\ufeff")
            self.first_block = False
        text = _Text(content)
        scan = _Scan(caps, self.names)
        scan.run(text)
        for name, n in scan.counts.items():
            self.counts[name] = self.counts.get(name, 0) + n
        if scan.errors and not self.errors and caps["sample_chars"]:
            self.context = _context_at(text, scan.errors[0][0], first_line, caps)
        for mine, found, cap in ((self.errors, scan.errors, caps["error_lines"]),
                                 (self.warnings, scan.warnings, caps["warning_lines"])):
            mine.extend((number + first_line - 1, line) for number, line in found[: max(0, max(1, cap) - len(mine))])
        self.error_total += scan.error_total
        self.warning_total += scan.warning_total

    def finish(self, synopsis: Synopsis, totals: WholeTotals) -> Synopsis:
        caps = self.caps
        levels = ", ".join(f"{name} {self.counts[name]}" for name in names_in_order(self.counts, caps)) or "none"
        result = replace_lines(synopsis, "summary", "Log with ", f"Log with {totals.lines} lines.")
        result = replace_lines(result, "summary", "Levels: ", f"Levels: {levels}.")
        result = replace_lines(result, "structure", "line_count: ", f"line_count: {totals.lines}")
        result = replace_lines(result, "structure", "levels: ", f"levels: {levels}")
        summary = [line for line in result.summary if not line.startswith("First error at line ")]
        if self.errors:
            summary.append(f"First error at line {self.errors[0][0]}.")
        notable = _listed("error", self.errors, self.error_total, caps["error_lines"], caps["line_chars"])
        notable += _listed("warning", self.warnings, self.warning_total, caps["warning_lines"], caps["line_chars"])
        notable += [item for item in result.notable_items
                    if not item.startswith(self._LISTED) and not _more_listed(item)]
        sample = result.sample
        if self.errors and caps["sample_chars"]:
            sample = clip(self.context, max(totals.preview_chars, 0))
        return dataclasses.replace(result, summary=tuple(summary), notable_items=tuple(notable), sample=sample)


def _more_listed(item: str) -> bool:
    """A ``+N more error lines`` / ``+N more warning lines`` item of :func:`_listed`."""
    count, _, rest = item.partition(" more ")
    return count[:1] == "+" and count[1:].isdigit() and rest in ("error lines", "warning lines")


def _context_at(text: _Text, number: int, first_line: int, caps: Mapping[str, Any]) -> str:
    """:func:`_context` of line ``number`` of a block whose first line is ``first_line`` of the output
    (the lines shown are those within the block)."""
    lines = _lines.first_lines(text.data, number + caps["context_after"])
    first = max(1, number - caps["context_before"])
    width = len(str(len(lines) + first_line - 1))
    shown = [
        f"{n + first_line - 1:>{width}}: {lines[n - 1].decode('utf-8', 'surrogatepass').rstrip(chr(13))}"
        for n in range(first, len(lines) + 1)
    ]
    return clip("\n".join(shown), caps["sample_chars"])


@hookimpl
def toolstub_register_stream_totals() -> tuple[StreamTotals, ...]:
    return (StreamTotals(name=NAME, start=_LogTotals, description="level counts and listed lines over the whole log"),)
