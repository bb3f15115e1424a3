"""The real-material accuracy corpus: files and command outputs found on this machine.

    python tests/accuracy/real_corpus.py [--out DIR] [--force] [--quiet]

Every case is a real file or a real command's output (see tests/accuracy/README.md, "Real
corpus"): stdlib and wheel files, npm package files, /usr/share, /etc, /var/log, man and info
pages, command outputs run here, this repository's git history. Each case is labelled by its
file type or source and kept only if it passes that kind's validation (json parses, rows are
consistent, Python compiles, a diff has hunk headers...); what fails or is ambiguous is dropped
and the reason recorded (``dropped.json``). Kinds the machine lacks are derived from real data
with standard tools (TSV and NDJSON from real JSON records with ``jq``, re-encoded CJK text).

Nothing here is committed: the corpus is generated into a cache directory (by default
``<repo>/.cache/real-corpus/<hash of this file>/``), so it follows the machine. Given the same
machine the output is the same: walks are sorted and each selection is a fixed order by hash.
The split is per case: ``split_of(case_id)`` (a hash of the stable case id) -> tune | holdout.
"""

from __future__ import annotations

import argparse
import ast
import csv
import gzip
import hashlib
import html.parser
import io
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import time
import zipfile
import zlib
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass, field
from pathlib import Path
from xml.parsers import expat

import yaml

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

#: the kinds of ``default`` (plus ndjson, issue 10)
KINDS = ("json", "ndjson", "csv", "tsv", "yaml", "xml", "html", "code", "text", "markdown", "log", "diff", "unknown")
MIN_PER_KIND = 40
#: a file over this is cut to its head at a line boundary (line kinds) or dropped (documents)
CAP = 128 * 1024
#: binaries: the head a tool would show first
BINARY_CAP = 32 * 1024
#: kinds whose validation needs the whole document: dropped rather than cut
WHOLE_KINDS = {"json", "ndjson", "yaml", "xml", "html"}
SPLIT_SALT = "toolstub-real-corpus-split-v1:"
#: commits of this repository up to this date only: the same set on every clone
GIT_UNTIL = "2026-12-03T07:30:00Z"

STDLIB = Path(sysconfig.get_paths()["stdlib"])

#: npm packages fetched with ``npm pack`` (pinned versions: the same files on every machine)
NPM_PACKAGES = (
    "lodash@4.17.21",
    "js-yaml@4.1.0",
    "express@4.19.2",
    "bootstrap@5.3.3",
    "html5-boilerplate@9.0.1",
    "@types/node@20.12.7",
    "rxjs@7.8.1",
    "moment@2.30.1",
    "commander@12.0.0",
    "axios@1.6.8",
    "marked@12.0.1",
    "highlight.js@11.9.0",
    "mime-db@1.52.0",
    "markdownlint@0.34.0",
    "chalk@5.3.0",
    "vue@3.4.21",
    "font-awesome@4.7.0",
    "normalize.css@8.0.1",
    "eslint-config-airbnb-base@15.0.0",
    "typescript@5.4.5",
    "spdx-license-list@6.9.0",
    "currency-codes@2.1.0",
    "country-list@2.3.0",
    "emojilib@3.0.12",
)
#: npm packages whose JSON data files are records (converted to NDJSON, CSV, TSV, YAML)
NPM_DATA = ("mime-db", "spdx-license-list", "currency-codes", "country-list", "emojilib")
#: pairs of versions of one package, compared with ``diff -ru`` (real diffs of real trees)
NPM_DIFF_PAIRS = (("js-yaml@4.0.0", "js-yaml@4.1.0"), ("commander@11.1.0", "commander@12.0.0"),
                  ("chalk@5.2.0", "chalk@5.3.0"), ("marked@12.0.0", "marked@12.0.1"))
#: wheels fetched with ``pip download`` for their YAML (pinned)
PIP_WHEELS = ("ansible-core==2.16.6", "yamllint==1.35.1", "pre-commit==3.7.0")


def split_of(case_id: str) -> str:
    """tune | holdout, from a hash of the case id alone (stable as the corpus grows)."""
    return "holdout" if hashlib.sha256((SPLIT_SALT + case_id).encode()).digest()[0] & 1 else "tune"


def _rank(key: str) -> str:
    return hashlib.sha256(("toolstub-real-corpus-pick:" + key).encode()).hexdigest()


@dataclass
class Case:
    id: str
    kind: str
    source: str
    group: str
    note: str = ""
    split: str = ""
    file: str = ""
    size: int = 0


@dataclass
class Corpus:
    cases: list[Case] = field(default_factory=list)
    dropped: list[dict] = field(default_factory=list)
    sources_missing: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- validation

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@", re.M)
_TS = re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d|\b\d\d:\d\d:\d\d\b|\b(?:INFO|WARN(?:ING)?|ERROR|DEBUG|FATAL|CRITICAL|NOTICE|LOG)\b|\b(?:error|warning|notice):|^\s*(?:ok|FAIL|PASSED|FAILED)\b| \.\.\. (?:ok|FAIL|ERROR|skipped)|^(?:PASS|FAIL|XFAIL|XPASS|UNSUPPORTED|UNTESTED|ERROR|KFAIL|Passed|Failed|Error):|^(?:Inst|Conf|Setting up|Unpacking|Selecting|Preparing|Processing|Compiling|Listing|Collecting|Saved|Downloading|Successfully|Traceback|  File \")|^npm ", re.I | re.M)
_RESULT = re.compile(r"\b(?:PASSED|FAILED|SKIPPED|XFAIL|XPASS|ERROR|WARNING|INFO|DEBUG)\b")
#: build and run log records: dmesg's `[ 12.345678]`, the JVM's `[0.012s][info]`, make and cmake/ninja progress,
#: compiler diagnostics and their source excerpts (`  8 |   x`, `    |   ^~`), cargo, ctest, git trace lines
_BUILD_MARK = re.compile(r"^\[ *\d+\.\d+s?\]|^make(?:\[\d+\])?: |^\[ *\d+%\] |^\[\d+/\d+\] |^-- |:\d+(?::\d+)?: (?:warning|error|note|fatal error):"
                         r"|^ *\d* \| |^ +(?:Compiling|Finished|Running|Start) |^ *\d+/\d+ Test +#\d+: |^test \S+ \.\.\. |^\d\d:\d\d:\d\d\.\d+ "
                         r"|^(?:\[pid +\d+\] |\d+ +)?\w+\(.*\) += (?:-?\d+|0x[0-9a-f]+|\?)|^(?:\[pid +\d+\] |\d+ +)?(?:<\.\.\. \w+ resumed>|\+\+\+ |--- SIG)",
                         re.M)
_MAGIC = (b"\x7fELF", b"\x89PNG", b"\x1f\x8b", b"PK\x03\x04", b"\xde\x12\x04\x95", b"\x95\x04\x12\xde",
          b"GIF8", b"\xff\xd8\xff", b"\x00\x01\x00\x00", b"OTTO", b"wOFF", b"wOF2", b"\xfd7zXZ", b"BZh",
          b"\xca\xfe\xba\xbe", b"SQLite format 3", b"!<arch>", b"%PDF", b"\x00\x00\x01\x00", b"RIFF")


class _AnyTagLoader(yaml.SafeLoader):
    """safe_load that accepts application tags (``!function x``, ``!Ref y``): still YAML."""


def _any_tag(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> object:
    if isinstance(node, yaml.ScalarNode):
        return loader.construct_scalar(node)
    if isinstance(node, yaml.SequenceNode):
        return loader.construct_sequence(node)
    return loader.construct_mapping(node)


_AnyTagLoader.add_multi_constructor("!", _any_tag)
_AnyTagLoader.add_multi_constructor("tag:", _any_tag)


def _json_doc(text: str) -> bool:
    try:
        return isinstance(json.loads(text), (dict, list))
    except (ValueError, RecursionError):
        return False


def _table_rows(text: str, delim: str) -> list[list[str]] | None:
    try:
        rows = list(csv.reader(io.StringIO(text), delimiter=delim, strict=True))
    except csv.Error:
        return None
    return [r for r in rows if r]


def _pyc_magic(data: bytes) -> bool:
    return len(data) > 16 and data[2:4] == b"\r\n"


class _TagCount(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: Counter[str] = Counter()

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.tags[tag] += 1


_MD_BLOCKS = ("heading_open", "fence", "bullet_list_open", "ordered_list_open", "table_open", "blockquote_open")
_md = None


def _markdown_features(text: str) -> set[str]:
    global _md
    if _md is None:
        from markdown_it import MarkdownIt

        _md = MarkdownIt("commonmark").enable("table")
    feats = set()
    for tok in _md.parse(text):
        if tok.type in _MD_BLOCKS:
            feats.add(tok.type)
        if tok.type == "inline" and tok.children:
            for child in tok.children:
                if child.type in ("link_open", "image", "code_inline", "strong_open", "em_open"):
                    feats.add(child.type)
    return feats


def _after_comments(text: str) -> str:
    """``text`` from its first non-blank character that is not in a leading ``<!-- -->`` comment (a loop, not the
    regex ``\\s*(<!--.*?-->\\s*)*<!DOCTYPE``, which backtracked for over 40 minutes on a CLDR XML file)."""
    i = 0
    while True:
        while i < len(text) and text[i].isspace():
            i += 1
        if not text.startswith("<!--", i):
            return text[i:i + 64]
        end = text.find("-->", i + 4)
        if end < 0:
            return text[i:i + 64]
        i = end + 3


def _xml_document(data: bytes) -> bool:
    """Content that is a whole XML document: it opens with markup (a declaration, a DOCTYPE, a comment or the root
    element), expat parses all of it, and it is no HTML page."""
    head = data[:4096].lstrip()
    if not head.startswith(b"<") or head[:5].lower() == b"<?php":
        return False
    text_head = _after_comments(head.decode("utf-8", "replace")).lower()
    if text_head.startswith(("<!doctype html", "<html")):
        return False
    try:
        expat.ParserCreate().Parse(data, True)
    except (expat.ExpatError, ValueError, LookupError):  # LookupError: a declared encoding Python lacks
        return False
    return True


def _xml_prefix(data: bytes) -> bool:
    """Content that opens with an XML declaration and is well-formed as far as it goes, its root unclosed: an XML
    document cut short (a doxygen ``.tag`` file past the 4 MB read limit). Labelled xml, it is then dropped, as a
    document too large to keep whole (label fix, 2026-12-07, Debian pool 24: two such files were labelled text)."""
    if data.lstrip(b"\xef\xbb\xbf")[:5] != b"<?xml":
        return False
    try:
        expat.ParserCreate().Parse(data, False)
    except (expat.ExpatError, ValueError, LookupError):  # LookupError: a declared encoding Python lacks
        return False
    return True


def content_label(case_id: str, kind: str, data: bytes, note: str) -> tuple[str, str]:
    """Label fixes (2026-12-05, found on the pool probe of docs/probes/probe_pool.py) where a file's name gives the
    wrong type: a file named as text or as code whose content is a whole XML document is XML (a Qt Linguist ``.ts``
    translation, a ``ggobirc``, a D-Bus policy ``.conf`` under /usr/share), as its validation (expat) says; a
    ``CMakeLists.txt`` is CMake code, not a text file; Sphinx's ``_sources/NAME.md.txt`` (the copy of a Markdown
    source page it ships beside the HTML) is Markdown."""
    if kind in ("text", "code") and not note.startswith("legacy:") and (_xml_document(data) or _xml_prefix(data)):
        return "xml", ""
    if kind == "text" and case_id.rsplit("/", 1)[-1] == "CMakeLists.txt":
        return "code", "lang:cmake"
    if kind == "text" and case_id.endswith(".md.txt") and "/_sources/" in case_id:
        return "markdown", ""  # Sphinx's copy of a Markdown (MyST) source page: html/_sources/NAME.md.txt
    return kind, note


def validate(kind: str, data: bytes, note: str = "") -> str | None:
    """None when ``data`` is a sound example of ``kind``; else why it is dropped."""
    if kind == "unknown":
        if not data.startswith(_MAGIC) and not _pyc_magic(data):
            return "no known binary signature"
        bad = len(data) - len(data.decode("utf-8", "ignore").encode())
        if b"\x00" not in data[:4096] and bad < 0.05 * len(data):
            return "binary signature but text-like bytes"
        return None
    if not data.strip():
        return "empty"
    if b"\x00" in data:
        return "NUL bytes in a text kind"
    if note.startswith("legacy:"):
        try:
            text = data.decode(note.split(":", 1)[1])
        except (UnicodeDecodeError, LookupError):
            return "does not decode in its legacy encoding"
        if not any(ord(c) > 127 for c in text):
            return "legacy text without non-ASCII characters"
        try:
            data.decode("utf-8")
            return "legacy text that is valid UTF-8"
        except UnicodeDecodeError:
            pass
    else:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            return "not UTF-8"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    if kind == "json":
        return None if _json_doc(text) else "not a JSON object or array"
    if kind == "ndjson":
        if len(lines) < 2:
            return "fewer than 2 records"
        if not all(_json_doc(ln) for ln in lines):
            return "a line is not a JSON object or array"
        return None
    if kind in ("csv", "tsv"):
        rows = _table_rows(text, "," if kind == "csv" else "\t")
        if rows is None:
            return "csv module refuses it"
        if len(rows) < 3:
            return "fewer than 3 rows"
        widths = {len(r) for r in rows}
        if len(widths) != 1 or widths.pop() < 2:
            return "inconsistent or single-column rows"
        if kind == "tsv" and "\t" not in text.splitlines()[0]:
            return "no tab in the first line"
        return None
    if _json_doc(text):
        return "parses as JSON"
    if kind == "yaml":
        try:
            docs = [d for d in yaml.load_all(text, Loader=_AnyTagLoader) if d is not None]  # noqa: S506
        except (yaml.YAMLError, RecursionError, ValueError, TypeError):
            return "yaml does not load"
        if not docs or not all(isinstance(d, (dict, list)) for d in docs):
            return "a YAML document is not a mapping or list"
        return None
    if kind == "xml":
        parser = expat.ParserCreate()
        try:
            parser.Parse(data, True)
        except (expat.ExpatError, ValueError, LookupError) as exc:  # LookupError: an encoding Python lacks
            # expat knows no multi-byte legacy codec (Shift_JIS, GBK, EUC-KR, Big5): decode as declared
            declared = re.match(rb"""\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z][\w.:-]*)["']""", data)
            if declared is None or not note.startswith("legacy:"):
                return f"expat: {exc}"
            try:
                expat.ParserCreate().Parse(data.decode(declared.group(1).decode("ascii")), True)
            except (expat.ExpatError, LookupError, UnicodeDecodeError) as exc2:
                return f"expat (as declared): {exc2}"
        if _after_comments(text)[:14].lower() == "<!doctype html" and not text.lstrip().startswith("<?xml"):
            return "an HTML page that is also XML: ambiguous"
        return None
    if kind == "html":
        if text.lstrip().startswith("<?xml"):
            return "XHTML with an XML prolog is xml"
        counter = _TagCount()
        try:
            counter.feed(text)
        except Exception as exc:  # noqa: BLE001 - html.parser on odd input
            return f"html.parser: {exc}"
        if sum(counter.tags.values()) < 5 or not set(counter.tags) & {"html", "body", "div", "p", "table", "head", "a"}:
            return "too few HTML elements"
        # label fix (14:10 UTC): a Jinja/Django/ERB template that extends a layout or is a quarter template
        # tags is template source more than a page a browser gets: ambiguous (html? code? text?), dropped
        tmpl = sum(1 for ln in lines if re.search(r"\{%|\{\{|<%", ln))
        if re.match(r"\s*(\{#.*?#\}\s*)*\{%-?\s*(extends|block|macro|if|set|import|from)\b", text, re.S) or tmpl >= 0.25 * len(lines):
            return "a template (Jinja, Django, ERB) more than a page: ambiguous"
        return None
    if kind == "diff":
        if not _HUNK.search(text):
            return "no hunk header"
        if not re.search(r"^--- \S", text, re.M) or not re.search(r"^\+\+\+ \S", text, re.M):
            return "no ---/+++ file lines"
        return None
    if kind == "markdown":
        if len(re.findall(r"^\.\. [\w-]+::", text, re.M)) >= 2:
            return "reStructuredText directives in a .md file"
        feats = _markdown_features(text)
        if len(feats) < 2:
            return f"too little markdown syntax ({', '.join(sorted(feats)) or 'none'})"
        return None
    if kind == "log":
        if len(lines) < 5:
            return "fewer than 5 lines"
        hits = sum(1 for ln in lines if _TS.search(ln) or _RESULT.search(ln) or _BUILD_MARK.search(ln))
        if hits < 0.2 * len(lines):
            return "under 20 % of lines carry a timestamp, level or step marker"
        return None
    if kind == "code":
        if len(lines) < 3:
            return "fewer than 3 lines"
        lang = note.split(":", 1)[1] if note.startswith("lang:") else ""
        if lang == "python":
            try:
                compile(text, "<corpus>", "exec", dont_inherit=True, flags=ast.PyCF_ONLY_AST)
            except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
                return f"does not compile: {type(exc).__name__}"
            return None
        pattern = _CODE_MARKERS.get(lang)
        if pattern is not None and not re.search(pattern, text, re.M):
            return f"no {lang} construct"
        return None
    if kind == "text":
        if not re.search(r"[A-Za-z]{3}|[^\x00-\x7f]{2}", text):
            return "no words"
        if "noext" in note.split():
            feats = _markdown_features(text)
            if "heading_open" in feats and feats & {"link_open", "fence", "code_inline", "image"}:
                return "a file without extension that is written in Markdown: ambiguous"
        return None
    return f"unknown kind {kind}"


_CODE_MARKERS = {
    "c": r"^\s*#\s*(include|define|if|ifndef)\b|;\s*$",
    "perl": r"^\s*(package|sub|use|my|our|require)\b",
    "cmake": r"^\s*[A-Za-z_]\w*\s*\(",
    "vim": r"^\s*(let|function!?|if|set|setlocal|syn(tax)?|hi(ghlight)?|command!?|au(tocmd)?|call|exe(cute)?|finish|endfunction)\b",
    "m4": r"\b(AC_|AM_|AS_|m4_|dnl\b|AC_DEFUN)",
    "elisp": r"^\(",
    "shell": r"^#!.*\b(sh|bash|dash)\b|^\s*(if|for|case|while|function|export|local)\b|\$\{?\w",
    "javascript": r"\b(function|const|let|var|import|export|module\.exports|require)\b",
    "typescript": r"\b(interface|type|declare|export|import|function|class|const)\b",
    "css": r"\{[^}]*:[^}]*\}|^\s*[@.#a-z][^{]*\{",
    "scss": r"\{|^\s*[$@]\w",
    "java": r"\b(class|interface|package|import)\b",
}


# --------------------------------------------------------------------------- helpers


SLOW: list[tuple[float, str]] = []


def _run(cmd: list[str], *, cwd: str | Path | None = None, timeout: float = 30, env: dict | None = None,
         stderr: bool = False) -> bytes | None:
    """stdout of ``cmd`` (stdout + stderr when ``stderr``), or None when it cannot run."""
    base = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8",
            "HOME": os.environ.get("HOME", "/root"), "TERM": "dumb", "COLUMNS": "100", "MANWIDTH": "80",
            "GIT_PAGER": "cat", "PAGER": "cat", "NO_COLOR": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    if env:
        base.update(env)
    t0 = time.perf_counter()
    try:
        proc = subprocess.run(cmd, cwd=cwd, env=base, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL,
                              check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    finally:
        SLOW.append((time.perf_counter() - t0, " ".join(cmd)[:120]))
    out = proc.stdout + (proc.stderr if stderr else b"")
    return out or None


def _run_pool(cmds: list[list[str]], workers: int = 4, **kw) -> list[bytes | None]:
    """``_run`` of each command, a few at a time; the outputs in the order of ``cmds``."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(lambda c: _run(c, **kw), cmds))


def _which(name: str) -> bool:
    return shutil.which(name) is not None


def _walk(root: Path, suffixes: tuple[str, ...] | None = None, *, skip: tuple[str, ...] = ()) -> list[Path]:
    """Regular files under ``root`` (sorted, no symlinks), optionally by suffix."""
    out = []
    if not root.is_dir():
        return out
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = sorted(d for d in dirnames if d not in skip and not d.startswith("."))
        for name in sorted(filenames):
            if suffixes is None or name.endswith(suffixes):
                p = Path(dirpath) / name
                if p.is_file() and not p.is_symlink():
                    out.append(p)
    return out


def _head_lines(data: bytes, cap: int) -> bytes:
    if len(data) <= cap:
        return data
    cut = data.rfind(b"\n", 0, cap)
    return data[: cut + 1] if cut > 0 else data[:cap]


def _read(path: Path, limit: int = 4 * 1024 * 1024) -> bytes | None:
    try:
        with open(path, "rb") as fh:
            return fh.read(limit)
    except OSError:
        return None


def _gunzip(data: bytes | None) -> bytes | None:
    if data is None:
        return None
    try:
        return gzip.decompress(data)
    except (OSError, EOFError, zlib.error):
        return None


# --------------------------------------------------------------------------- builder


class Builder:
    def __init__(self, out: Path, cache: Path) -> None:
        self.out = out
        self.cache = cache
        self.corpus = Corpus()
        self.seen: dict[str, str] = {}
        self.ids: set[str] = set()
        self.per_group: Counter[str] = Counter()
        (out / "files").mkdir(parents=True, exist_ok=True)

    def drop(self, case_id: str, kind: str, reason: str) -> None:
        self.corpus.dropped.append({"id": case_id, "kind": kind, "reason": reason})

    def add(self, case_id: str, kind: str, data: bytes | None, *, source: str, group: str, note: str = "",
            quota: int | None = None) -> bool:
        """Validate and keep one case; False when it is dropped (or the group is full)."""
        if quota is not None and self.per_group[group] >= quota:
            return False
        if case_id in self.ids:
            self.drop(case_id, kind, "duplicate id")
            return False
        if data is None:
            self.drop(case_id, kind, "could not read or run")
            return False
        kind, note = content_label(case_id, kind, data, note)
        cap = BINARY_CAP if kind == "unknown" else CAP
        if len(data) > cap:
            if kind in WHOLE_KINDS:
                self.drop(case_id, kind, f"over {cap} bytes (a document is kept whole)")
                return False
            why = validate(kind, data, note) if kind == "code" else None  # code: the whole file compiles
            if why:
                self.drop(case_id, kind, why)
                return False
            data = data[:cap] if kind == "unknown" else _head_lines(data, cap)
            note = (note + " head").strip()
            if kind != "code":
                why = validate(kind, data, note)
                if why:
                    self.drop(case_id, kind, why)
                    return False
        else:
            why = validate(kind, data, note)
            if why:
                self.drop(case_id, kind, why)
                return False
        digest = hashlib.sha256(data).hexdigest()
        if digest in self.seen:
            self.drop(case_id, kind, f"duplicate of {self.seen[digest]}")
            return False
        self.seen[digest] = case_id
        self.ids.add(case_id)
        name = digest[:20] + ".bin"
        (self.out / "files" / name).write_bytes(data)
        self.corpus.cases.append(Case(case_id, kind, source, group, note, split_of(case_id), name, len(data)))
        self.per_group[group] += 1
        return True

    def pick(self, items: Iterable[tuple[str, object]], quota: int) -> Iterator[tuple[str, object]]:
        """Items (id, payload) in a fixed hash order; the caller stops at its quota."""
        return iter(sorted(items, key=lambda it: _rank(it[0])))

    def take(self, group: str, kind_of: Callable[[str, object], tuple[str, str] | None],
             items: Iterable[tuple[str, object]], load: Callable[[object], bytes | None], quota: int,
             source: str) -> None:
        """Up to ``quota`` valid cases of ``group`` from ``items`` in hash order."""
        for case_id, payload in self.pick(items, quota):
            if self.per_group[group] >= quota:
                return
            label = kind_of(case_id, payload)
            if label is None:
                continue
            kind, note = label
            self.add(case_id, kind, load(payload), source=source, group=group, note=note)


# --------------------------------------------------------------------------- labels by file type

_EXT_KIND = {
    ".py": ("code", "lang:python"), ".pyi": ("code", "lang:python"),
    ".c": ("code", "lang:c"), ".h": ("code", "lang:c"), ".pyx": ("code", "lang:cython"), ".pxd": ("code", "lang:cython"),
    ".js": ("code", "lang:javascript"), ".mjs": ("code", "lang:javascript"), ".cjs": ("code", "lang:javascript"),
    ".ts": ("code", "lang:typescript"), ".mts": ("code", "lang:typescript"), ".cts": ("code", "lang:typescript"),
    ".css": ("code", "lang:css"), ".scss": ("code", "lang:scss"), ".less": ("code", "lang:scss"),
    ".pm": ("code", "lang:perl"), ".pl": ("code", "lang:perl"), ".cmake": ("code", "lang:cmake"),
    ".vim": ("code", "lang:vim"), ".m4": ("code", "lang:m4"), ".el": ("code", "lang:elisp"),
    ".sh": ("code", "lang:shell"), ".bash": ("code", "lang:shell"), ".java": ("code", "lang:java"),
    ".json": ("json", ""), ".map": ("json", ""),
    ".yaml": ("yaml", ""), ".yml": ("yaml", ""),
    ".xml": ("xml", ""), ".svg": ("xml", ""), ".xsd": ("xml", ""), ".xsl": ("xml", ""), ".pom": ("xml", ""),
    ".html": ("html", ""), ".htm": ("html", ""),
    ".md": ("markdown", ""), ".markdown": ("markdown", ""), ".mkd": ("markdown", ""), ".mkdn": ("markdown", ""),
    ".mdown": ("markdown", ""),
    ".rst": ("text", "rst"), ".txt": ("text", ""),
    ".csv": ("csv", ""), ".tsv": ("tsv", ""),
    ".log": ("log", ""),
    ".so": ("unknown", ""), ".pyc": ("unknown", ""), ".png": ("unknown", ""), ".gz": ("unknown", ""),
    ".mo": ("unknown", ""), ".ttf": ("unknown", ""), ".woff": ("unknown", ""), ".woff2": ("unknown", ""),
    ".jar": ("unknown", ""), ".gif": ("unknown", ""), ".jpg": ("unknown", ""), ".ico": ("unknown", ""),
    ".whl": ("unknown", ""), ".zip": ("unknown", ""), ".xz": ("unknown", ""), ".eot": ("unknown", ""),
}
_TEXT_NAMES = ("LICENSE", "LICENCE", "COPYING", "AUTHORS", "NOTICE", "CHANGES", "NEWS", "THANKS", "README", "copyright")


#: template suffixes: a ``README.md.j2`` renders to Markdown, ``page.html.erb`` to HTML (label fix, 14:10 UTC:
#: ``.template`` added in session 32, kytos-utils' ``main.py.template``; autoconf's ``.in`` was tried and left out: it
#: labelled cmake's ``CMakeLists-C.txt.in`` templates text by their inner ``.txt``;
#: ``README.md.j2`` was text by its ``README`` name; a template is labelled by the type it renders to, and
#: dropped when that type has no label)
_TEMPLATE_SUFFIXES = (".j2", ".jinja", ".jinja2", ".erb", ".tmpl", ".tpl", ".template")


#: a page of Apache's content negotiation, ``index.html.de``, ``about.html.pt_BR`` (label fix, pool 9: debian-edu-config's
#: /etc/debian-edu/www pages were unlabelled by their language suffix and fell to text)
_NEGOTIATED_HTML = re.compile(r"\.html?\.[a-z]{2}(?:[_-][A-Za-z]{2})?$")


def label_by_name(name: str) -> tuple[str, str] | None:
    base = name.rsplit("/", 1)[-1]
    for suffix in _TEMPLATE_SUFFIXES:
        if base.endswith(suffix):
            inner = base[: -len(suffix)]
            return label_by_name(inner) if "." in inner else None
    if base.endswith(".d.ts"):
        return ("code", "lang:typescript")
    if _NEGOTIATED_HTML.search(base):
        return ("html", "")
    if base.endswith(".min.js") or base.endswith(".min.css"):
        return ("code", "lang:javascript" if base.endswith(".js") else "lang:css")
    for suffix, label in _EXT_KIND.items():
        if base.endswith(suffix):
            return label
    if base.split(".", 1)[0].upper() in _TEXT_NAMES or base.startswith(_TEXT_NAMES):
        return ("text", "noext") if "." not in base else ("text", "")
    return None


# --------------------------------------------------------------------------- sources


def _test_closure() -> list:
    """The distributions that ``pip install '.[test]'`` brings (toolstub's own excluded)."""
    import importlib.metadata as md

    try:
        from packaging.markers import default_environment
        from packaging.requirements import Requirement
        from packaging.utils import canonicalize_name
    except ImportError:  # pragma: no cover - packaging comes with pip's tool chain
        return []
    dists = {}
    for dist in md.distributions():
        name = dist.metadata["Name"]
        if name:
            dists.setdefault(canonicalize_name(name), dist)
    env = default_environment()
    seen: set[str] = set()
    todo = [("toolstub", {"test", "s3", "server", "tokens"})]
    out = []
    while todo:
        name, extras = todo.pop()
        key = canonicalize_name(name)
        dist = dists.get(key)
        if dist is None:
            continue
        tag = key + "[" + ",".join(sorted(extras)) + "]"
        if tag in seen:
            continue
        seen.add(tag)
        if key != "toolstub" and dist not in out:
            out.append(dist)
        for spec in dist.requires or []:
            try:
                req = Requirement(spec)
            except Exception:  # noqa: BLE001 - a malformed requirement string
                continue
            if req.marker is not None and not any(req.marker.evaluate({**env, "extra": e}) for e in (extras or {""})):
                continue
            todo.append((req.name, set(req.extras)))
    return sorted(out, key=lambda d: canonicalize_name(d.metadata["Name"]))


def src_wheels(b: Builder) -> None:
    """Files shipped in the wheels that ``.[test]`` installs."""
    from packaging.utils import canonicalize_name

    by_kind: dict[str, list] = defaultdict(list)
    for dist in _test_closure():
        dname = canonicalize_name(dist.metadata["Name"])
        for f in dist.files or []:
            rel = str(f)
            if ".dist-info/" in rel or rel.startswith(".."):
                continue
            if rel.endswith(".json.gz"):
                by_kind["json"].append((f"wheel:{dname}/{rel}#gunzip", (dist, f, "gunzip")))
            label = label_by_name(rel)
            if label is None:
                continue
            by_kind[label[0]].append((f"wheel:{dname}/{rel}", (dist, f, label)))
    quotas = {"code": 80, "json": 60, "markdown": 30, "text": 60, "unknown": 50, "yaml": 20, "xml": 20, "html": 20,
              "csv": 10, "tsv": 10, "log": 10}

    def load(payload: tuple) -> bytes | None:
        dist, f, how = payload
        data = _read(Path(dist.locate_file(f)))
        return _gunzip(data) if how == "gunzip" else data

    for kind, items in sorted(by_kind.items()):
        def kind_of(case_id: str, payload: tuple, kind: str = kind) -> tuple[str, str] | None:
            how = payload[2]
            return ("json", "") if how == "gunzip" else how

        b.take(f"wheel-{kind}", kind_of, items, load, quotas.get(kind, 10), "wheel")


def src_stdlib(b: Builder) -> None:
    """The base Python's standard library: modules, its test modules, its CJK sample texts."""
    files = _walk(STDLIB, skip=("site-packages", "dist-packages", "__pycache__", "config-3.11-x86_64-linux-gnu"))
    items = defaultdict(list)
    for p in files:
        rel = p.relative_to(STDLIB).as_posix()
        if rel.startswith("test/cjkencodings/"):
            continue
        if rel.startswith(("test/", "idlelib/idle_test/", "lib2to3/tests/")) and not rel.endswith(".py"):
            continue  # parser fixtures written for the stdlib's own tests
        label = label_by_name(rel)
        if label:
            group = "stdlib-test" if rel.startswith("test/") else "stdlib"
            items[(group, label[0])].append((f"stdlib:{rel}", (p, label)))
    quotas = {("stdlib", "code"): 70, ("stdlib-test", "code"): 25, ("stdlib", "text"): 20, ("stdlib", "html"): 5,
              ("stdlib", "unknown"): 20}
    for (group, kind), its in sorted(items.items()):
        b.take(f"{group}-{kind}", lambda cid, pl: pl[1], its, lambda pl: _read(pl[0]), quotas.get((group, kind), 5), "stdlib")
    # real CJK passages in legacy encodings (and their UTF-8 twins): text
    cjk = STDLIB / "test" / "cjkencodings"
    for p in sorted(cjk.glob("*.txt")) if cjk.is_dir() else []:
        enc = p.stem.removesuffix("-utf8")
        if p.stem.endswith("-utf8"):
            b.add(f"stdlib:test/cjkencodings/{p.name}", "text", _read(p), source="stdlib", group="cjk-utf8", quota=6)
        elif enc not in ("hz", "iso2022_jp", "iso2022_kr"):  # 7-bit escapes: ASCII bytes
            b.add(f"stdlib:test/cjkencodings/{p.name}", "text", _read(p), source="stdlib", group="cjk-legacy",
                  note=f"legacy:{enc}")


def src_usr_share(b: Builder) -> None:
    """/usr/share, /usr/include, /etc, /var/log: files by their type."""
    roots = [Path("/usr/share"), Path("/usr/include"), Path("/usr/lib/x86_64-linux-gnu/perl-base")]
    skip = ("package-lists", "locale", "icons", "fonts", "man", "info", "doc-base", "zoneinfo", "i18n", "mime")
    items = defaultdict(list)
    for root in roots:
        for p in _walk(root, skip=skip):
            rel = p.as_posix()
            if rel.startswith("/usr/share/doc/") and rel.endswith(".gz"):
                continue
            label = label_by_name(rel)
            if label is None:
                continue
            parts = rel.split("/")
            top = "/".join(parts[3:5]) if rel.startswith("/usr/share/doc/") else parts[3] if rel.startswith("/usr/share/") else parts[2]
            items[label[0]].append((f"fs:{rel}", (p, label, top)))
    quotas = {"code": 150, "json": 40, "xml": 100, "html": 70, "markdown": 70, "text": 100, "yaml": 10, "csv": 5,
              "tsv": 5, "unknown": 20, "log": 5}
    per_top_cap = 20
    for kind, its in sorted(items.items()):
        tops: Counter[str] = Counter()

        def kind_of(cid: str, pl: tuple, tops: Counter = tops) -> tuple[str, str] | None:
            if tops[pl[2]] >= per_top_cap:
                return None
            tops[pl[2]] += 1
            return pl[1]

        b.take(f"share-{kind}", kind_of, its, lambda pl: _read(pl[0]), quotas.get(kind, 10), "usr-share")
    # shell scripts in /usr/bin, /usr/sbin and /etc/init.d: code when their shebang says so
    scripts = []
    for root in (Path("/usr/bin"), Path("/usr/sbin"), Path("/etc/init.d"), Path("/usr/share/debconf")):
        for p in _walk(root):
            scripts.append((f"fs:{p.as_posix()}", p))

    def script_kind(cid: str, p: Path) -> tuple[str, str] | None:
        head = _read(p, 64) or b""
        if re.match(rb"#!\s*\S*/(env\s+)?(ba|da|)sh\b", head):
            return ("code", "lang:shell")
        if re.match(rb"#!\s*\S*/(env\s+)?perl\b", head):
            return ("code", "lang:perl")
        if re.match(rb"#!\s*\S*/(env\s+)?python3?\b", head):
            return ("code", "lang:python")
        return None

    b.take("scripts-code", script_kind, scripts, _read, 40, "usr-bin")
    # mime database: its XML files and its plain text tables
    mime = Path("/usr/share/mime")
    b.take("mime-xml", lambda c, p: ("xml", ""), [(f"fs:{p.as_posix()}", p) for p in _walk(mime, (".xml",))], _read, 30, "mime")
    b.take("mime-text", lambda c, p: ("text", ""), [(f"fs:{p.as_posix()}", p) for p in _walk(mime) if "." not in p.name],
           _read, 6, "mime")
    # binaries: locale catalogs, icons, fonts, shared objects
    bins = []
    for root, suffixes in ((Path("/usr/share/locale"), (".mo",)), (Path("/usr/share/icons"), (".png",)),
                           (Path("/usr/share/fonts"), (".ttf", ".otf")), (Path("/usr/lib/x86_64-linux-gnu"), (".so",)),
                           (Path("/usr/share/man/man1"), (".gz",))):
        found = _walk(root, suffixes)
        bins.extend((f"fs:{p.as_posix()}", p) for p in found[:4000])
    b.take("fs-unknown", lambda c, p: ("unknown", ""), bins, lambda p: _read(p, BINARY_CAP), 70, "usr-share")
    elf = [(f"fs:{p.as_posix()}", p) for p in _walk(Path("/usr/bin"))]
    b.take("elf-unknown", lambda c, p: ("unknown", "") if (_read(p, 4) or b"") == b"\x7fELF" else None, elf,
           lambda p: _read(p, BINARY_CAP), 20, "usr-bin")
    # zoneinfo tables (tab-separated, '#' comment lines)
    for name in ("iso3166.tab", "zone1970.tab", "zone.tab", "tzdata.zi"):
        p = Path("/usr/share/zoneinfo") / name
        if p.is_file() and name.endswith(".tab"):
            b.add(f"fs:{p.as_posix()}", "tsv", _read(p), source="usr-share", group="zoneinfo-tsv")
    # /usr/share/dict word lists: text
    for p in _walk(Path("/usr/share/dict")):
        b.add(f"fs:{p.as_posix()}", "text", _read(p), source="usr-share", group="dict-text")


def src_etc(b: Builder) -> None:
    """/etc configuration files: text (INI, key=value, `# comment` files) unless their type says otherwise."""
    items = []
    for p in _walk(Path("/etc"), skip=("ssl", "ssh", "shadow", "gshadow", "sudoers.d", "security", "alternatives")):
        if p.name in ("shadow", "gshadow", "shadow-", "gshadow-", "sudoers") or p.name.endswith((".key", ".pem", ".crt")):
            continue
        items.append((f"fs:{p.as_posix()}", p))

    def kind_of(cid: str, p: Path) -> tuple[str, str] | None:
        label = label_by_name(p.name)
        head = _read(p, 256) or b""
        if head.startswith(b"#!"):
            return ("code", "lang:shell") if re.match(rb"#!\s*\S*/(env\s+)?(ba|da|)sh\b", head) else None
        # label fix (2026-12-05): an XML document whose prolog is a DOCTYPE without an `<?xml` declaration (D-Bus
        # policy .conf files, fontconfig) is XML, as its validation (expat parses it) says, not an /etc text file
        if head.lstrip().startswith(b"<?xml") or p.suffix == ".xml" \
                or (head.lstrip().startswith(b"<!DOCTYPE") and not head.lstrip()[:14].lower() == b"<!doctype html"):
            return ("xml", "")
        if label and label[0] != "text":
            return label
        # label fix (14:10 UTC, dispute from dettext): bash_completion.d files are shell that bash sources, like
        # profile.d (git-prompt was text: it has fewer than 3 shell keywords)
        if p.name in ("profile", "bash.bashrc", "bashrc", ".bashrc") or p.suffix in (".sh", ".bash") or "Xsession.d" in p.parts \
                or "profile.d" in p.parts or "bash_completion.d" in p.parts:
            return ("code", "lang:shell")
        data = _read(p) or b""
        if len(re.findall(rb"^\s*(?:if|then|fi|case|esac|for|do|done|export|unset|elif)\b", data, re.M)) >= 3:
            return None  # a shell fragment without a shebang: code or config? ambiguous, left out
        return ("text", "etc")

    def load(p: Path) -> bytes | None:
        data = _read(p)
        if data is None:
            return None
        text = data.decode("utf-8", "replace")
        try:  # a `key: value` config that also loads as a YAML mapping is ambiguous: not a text case
            if isinstance(yaml.safe_load(text), dict) and not p.suffix in (".yaml", ".yml"):
                return b"\x00ambiguous"
        except yaml.YAMLError:
            pass
        return data

    for case_id, p in sorted(items, key=lambda it: _rank(it[0])):
        label = kind_of(case_id, p)
        if label is None:
            continue
        kind, note = label
        group = f"etc-{kind}"
        if b.per_group[group] >= {"text": 90, "code": 20, "xml": 20}.get(kind, 10):
            continue
        data = load(p)
        if data == b"\x00ambiguous":
            b.drop(case_id, kind, "a config that also loads as a YAML mapping: ambiguous")
            continue
        b.add(case_id, kind, data, source="etc", group=group, note=note)


def src_logs(b: Builder) -> None:
    """/var/log files, whole when small and as windows of lines (a tool reading a log by ranges)."""
    paths = sorted(p for p in _walk(Path("/var/log")) if p.suffix == ".log" or p.name.endswith(".log.1"))
    for p in paths:
        data = _read(p, 16 * 1024 * 1024)
        if not data:
            continue
        lines = data.splitlines(keepends=True)
        rel = p.as_posix()
        if len(data) <= 64 * 1024:
            b.add(f"fs:{rel}", "log", data, source="var-log", group="var-log-whole")
        # windows: fixed sizes at offsets spread over the file (by hash)
        sizes = (40, 120, 400)
        n_windows = min(12, max(1, len(lines) // 60))
        for i in range(n_windows):
            size = sizes[i % len(sizes)]
            if len(lines) <= size:
                continue
            start = int(_rank(f"{rel}:{i}")[:8], 16) % (len(lines) - size)
            chunk = b"".join(lines[start:start + size])
            b.add(f"fs:{rel}#lines={start + 1}-{start + size}", "log", chunk, source="var-log", group=f"var-log:{p.name}")


def src_doc_logs(b: Builder) -> None:
    """Test-suite and build logs shipped in /usr/share/doc (openjdk jtreg runs, gdb's DejaGnu check.log):
    whole when small, else windows of lines; the .jtr result files and text/HTML reports in their tarballs."""
    paths = [p for p in _walk(Path("/usr/share/doc")) if re.search(r"\.log(\.\d+)?(\.gz)?$", p.name)]
    for p in paths:
        data = _read(p, 64 * 1024 * 1024)
        if data and p.name.endswith(".gz"):
            data = _gunzip(data)
        if not data:
            continue
        rel = p.as_posix()
        if len(data) <= 64 * 1024:
            b.add(f"fs:{rel}", "log", data, source="doc-log", group="doc-log-whole")
            continue
        lines = data.splitlines(keepends=True)
        for i in range(min(8, max(1, len(lines) // 200))):
            size = (60, 200, 600)[i % 3]
            if len(lines) <= size:
                continue
            start = int(_rank(f"{rel}:{i}")[:8], 16) % (len(lines) - size)
            b.add(f"fs:{rel}#lines={start + 1}-{start + size}", "log", b"".join(lines[start:start + size]), source="doc-log",
                  group=f"doc-log:{p.name}")
    for p in _walk(Path("/usr/share/doc"), (".tar.gz",)):
        items = []
        try:
            with tarfile.open(p, "r|gz") as tf:
                for m in tf:
                    if m.isfile() and m.size <= 4 * 1024 * 1024 and m.name.endswith((".jtr", ".html", ".txt")):
                        fh = tf.extractfile(m)
                        if fh is not None:
                            items.append((m.name, fh.read()))
        except (tarfile.TarError, OSError, EOFError):
            continue
        for name, data in sorted(items, key=lambda it: _rank(it[0])):
            case_id = f"tar:{p.as_posix()}!{name}"
            if name.endswith(".jtr"):
                b.add(case_id, "log", data, source="doc-log", group="jtr-log", quota=12)
            elif name.endswith(".html"):
                b.add(case_id, "html", data, source="doc-log", group="jtreport-html", quota=10)


def src_man_info(b: Builder) -> None:
    """man pages rendered as text by man(1), GNU info files, Debian changelogs and copyright files."""
    if _which("man"):
        pages = [(f"man:{p.parent.name}/{p.name.removesuffix('.gz')}", p) for sec in ("man1", "man5", "man7", "man8")
                 for p in _walk(Path("/usr/share/man") / sec, (".gz",))]
        prefixes: Counter[str] = Counter()
        chosen = []
        for case_id, p in sorted(pages, key=lambda it: _rank(it[0])):
            prefix = re.split(r"[_.-]", p.name, maxsplit=1)[0]
            prefixes[prefix] += 1
            if prefixes[prefix] <= 6:  # gcloud ships hundreds of pages: a few of them
                chosen.append((case_id, p))
        chosen = chosen[:60]
        outs = _run_pool([["man", "-l", "-P", "cat", str(p)] for _, p in chosen], timeout=20)
        for (case_id, _), out in zip(chosen, outs):
            b.add(case_id, "text", out, source="man", group="man-text", quota=45)
        # translated pages, as UTF-8 and re-encoded to the legacy encoding of their language
        for lang, enc in (("ja", "euc_jp"), ("ko", "euc_kr"), ("zh_CN", "gbk"), ("zh_TW", "big5"), ("ru", "koi8_r"),
                          ("de", "latin-1"), ("fr", "latin-1"), ("pl", "iso8859_2")):
            pages = [(f"man:{lang}/{p.name.removesuffix('.gz')}", p) for p in _walk(Path("/usr/share/man") / lang / "man1", (".gz",))]
            for case_id, p in sorted(pages, key=lambda it: _rank(it[0]))[:2]:
                out = _run(["man", "-l", "-P", "cat", str(p)], timeout=20, env={"LC_ALL": "C.UTF-8"})
                if out is None:
                    continue
                b.add(case_id, "text", out, source="man", group="man-i18n-text")
                try:
                    legacy = out.decode("utf-8").encode(enc, "replace")
                except UnicodeDecodeError:
                    continue
                b.add(case_id + f"@{enc}", "text", legacy, source="man", group="man-legacy-text", note=f"legacy:{enc}")
    for p in _walk(Path("/usr/share/info")):
        data = _read(p)
        if p.name.endswith(".gz"):
            data = _gunzip(data)
        if p.name == "dir" or data is None:
            continue
        b.add(f"info:{p.name}", "text", data, source="info", group="info-text", quota=20)
    docs = sorted(Path("/usr/share/doc").glob("*/changelog.Debian.gz"), key=lambda p: _rank(str(p)))
    for p in docs:
        b.add(f"fs:{p.as_posix()}", "text", _gunzip(_read(p)), source="doc", group="changelog-text", quota=30)
    docs = sorted(Path("/usr/share/doc").glob("*/changelog.gz"), key=lambda p: _rank(str(p)))
    for p in docs:
        b.add(f"fs:{p.as_posix()}", "text", _gunzip(_read(p)), source="doc", group="upstream-changelog-text", quota=15,
              note="noext")
    docs = sorted(Path("/usr/share/doc").glob("*/copyright"), key=lambda p: _rank(str(p)))
    for p in docs:
        b.add(f"fs:{p.as_posix()}", "text", _read(p), source="doc", group="copyright-text", quota=15)


def src_commands(b: Builder, tmp: Path) -> None:
    """Real command outputs run here: listings, package tools, pydoc, sysconfig, jq conversions."""
    py = sys.executable

    def cmd(case_id: str, kind: str, argv: list[str], group: str, note: str = "", **kw) -> bytes | None:
        out = _run(argv, **kw)
        b.add(case_id, kind, out, source="command", group=group, note=note)
        return out

    for d in ("/usr/share/doc", "/etc", "/usr/bin", "/usr/lib/x86_64-linux-gnu", str(STDLIB), "/usr/share/man/man1", "/var/log"):
        cmd(f"cmd:ls -l {d}", "text", ["ls", "-l", d], "ls-text")
        cmd(f"cmd:ls -la --time-style=long-iso {d}", "text", ["ls", "-la", "--time-style=long-iso", d], "ls-text")
    cmd("cmd:df -h", "text", ["df", "-h"], "sys-text")
    cmd("cmd:ps -eo pid,ppid,stat,comm", "text", ["ps", "-eo", "pid,ppid,stat,comm"], "sys-text")
    cmd("cmd:uname -a; id", "text", ["sh", "-c", "uname -a; id; cat /etc/os-release"], "sys-text")
    cmd("cmd:python -m sysconfig", "text", [py, "-m", "sysconfig"], "py-text")
    cmd("cmd:pip list", "text", [py, "-m", "pip", "list", "--disable-pip-version-check"], "pip-text")
    cmd("cmd:pip freeze", "text", [py, "-m", "pip", "freeze", "--disable-pip-version-check"], "pip-text")
    pip_json = cmd("cmd:pip list --format=json", "json", [py, "-m", "pip", "list", "--format=json", "--disable-pip-version-check"], "pip-json")
    cmd("cmd:pip show pyyaml click rich", "text", [py, "-m", "pip", "show", "pyyaml", "click", "rich", "--disable-pip-version-check"], "pip-text")
    cmd("cmd:pip show -f jsonschema", "text", [py, "-m", "pip", "show", "-f", "jsonschema", "--disable-pip-version-check"], "pip-text")
    mods = ("json", "csv", "pathlib", "re", "textwrap", "collections", "itertools", "subprocess", "yaml", "click", "str", "dict",
            "os.path", "functools", "argparse")
    for mod, out in zip(mods, _run_pool([[py, "-m", "pydoc", mod] for mod in mods])):
        b.add(f"cmd:pydoc {mod}", "text", out, source="command", group="pydoc-text")
    if _which("dpkg"):
        cmd("cmd:dpkg -l", "text", ["dpkg", "-l"], "dpkg-text", env={"COLUMNS": "160"})
        cmd("cmd:dpkg -L coreutils", "text", ["dpkg", "-L", "coreutils"], "dpkg-text")
        cmd("cmd:dpkg -s bash", "text", ["dpkg", "-s", "bash"], "dpkg-text")
        fmt = "${Package}\\t${Version}\\t${Architecture}\\t${Installed-Size}\\t${Status}\\n"
        out = _run(["dpkg-query", "-W", "-f=" + fmt])
        if out:
            lines = out.splitlines(keepends=True)
            for i in range(0, min(len(lines), 1500), 150):
                b.add(f"cmd:dpkg-query -W -f=<tab fields>#lines={i + 1}-{i + 150}", "tsv", b"".join(lines[i:i + 150]),
                      source="command", group="dpkg-tsv")
        if out:  # the same rows as JSON lines and as quoted CSV
            rows = [ln.split("\t") for ln in out.decode("utf-8", "replace").splitlines()]
            names = ["package", "version", "architecture", "installed_size", "status"]
            for i in range(0, min(len(rows), 1500), 150):
                b.add(f"python-ndjson:dpkg-query#rows={i + 1}-{i + 150}", "ndjson",
                      "".join(json.dumps(dict(zip(names, r))) + "\n" for r in rows[i:i + 150]).encode(), source="derived",
                      group="dpkg-ndjson")
        out = _run(["dpkg-query", "-W", "-f=${Package},${Version},${Architecture},${Installed-Size}\\n"])
        if out:
            lines = out.splitlines(keepends=True)
            for i in range(0, min(len(lines), 1500), 150):
                b.add(f"cmd:dpkg-query -W -f=<comma fields>#lines={i + 1}-{i + 150}", "csv",
                      b"Package,Version,Architecture,Installed-Size\n" + b"".join(lines[i:i + 150]), source="command", group="dpkg-csv")
    if _which("apt-cache"):  # one call per tool (apt is slow to start), one case per package stanza
        pkgs = ["bash", "coreutils", "git", "python3", "curl", "libc6", "nodejs", "jq", "gzip", "tar"]
        out = _run(["apt-cache", "show", "--no-all-versions", *pkgs], timeout=60)
        for stanza in (out or b"").split(b"\n\n"):
            m = re.match(rb"Package: (\S+)", stanza)
            if m:
                b.add(f"cmd:apt-cache show {m.group(1).decode()}", "text", stanza + b"\n", source="command", group="apt-text")
    if _which("apt-get"):
        for pkg in ("nginx",):
            cmd(f"cmd:apt-get -s install {pkg}", "log", ["apt-get", "-s", "-o", "Debug::NoLocking=1", "install", pkg], "apt-log",
                stderr=True, timeout=60)
    # JSON documents found on the machine, re-printed and converted with jq / python
    records = _json_record_sources(b)
    for case_id, path, data in records:
        _derive_from_records(b, case_id, path, data, tmp)
    if pip_json:
        _derive_from_records(b, "cmd:pip list --format=json", None, pip_json, tmp)


def _json_record_sources(b: Builder) -> list[tuple[str, Path | None, bytes]]:
    """Real JSON documents holding records: iso-codes, node's API docs, npm data packages, wheels' JSON."""
    paths = _walk(Path("/usr/share/iso-codes/json"), (".json",)) + _walk(Path("/usr/share/doc/nodejs/api"), (".json",))
    out = []
    for p in paths:
        if p.name.startswith("schema-"):
            continue
        data = _read(p, 64 * 1024 * 1024)
        if data:
            out.append((f"fs:{p.as_posix()}", p, data))
    for spec in NPM_PACKAGES:
        name = spec.rsplit("@", 1)[0]
        tgz = _npm_cache(b, spec) if name in NPM_DATA else None
        if tgz is None:
            continue
        for rel, data in _npm_members(tgz):
            if rel.endswith(".json") and rel != "package.json" and "/" not in rel.strip("/"):
                out.append((f"npm:{name}/{rel}", None, data))
    # JSON files of the .[test] wheels that hold records (a few per distribution)
    wheel_json = []
    for dist in _test_closure():
        for f in dist.files or []:
            rel = str(f)
            if rel.endswith(".json") and ".dist-info/" not in rel and (getattr(f, "size", None) or 0) < 2 * 1024 * 1024:
                wheel_json.append((f"wheel:{dist.metadata['Name'].lower()}/{rel}", Path(dist.locate_file(f))))
    picked: Counter[str] = Counter()
    for case_id, p in sorted(wheel_json, key=lambda it: _rank(it[0]))[:200]:
        dist = case_id.split("/", 1)[0]
        if sum(picked.values()) >= 12 or picked[dist] >= 4:
            continue
        data = _read(p)
        try:
            if data and _flat_records(json.loads(data)):
                out.append((case_id, p, data))
                picked[dist] += 1
        except (ValueError, RecursionError):
            continue
    return out


def _flat(rec: object) -> bool:
    return isinstance(rec, dict) and bool(rec) and all(isinstance(v, (str, int, float, bool)) or v is None for v in rec.values())


def _flat_records(doc: object) -> list[tuple[str, list[dict]]]:
    """(jq expression giving the array, records) for each array of flat objects in ``doc`` (depth 3),
    and for each object of flat objects (``to_entries | map({key} + .value)``)."""
    found = []

    def visit(node: object, path: str, depth: int) -> None:
        if isinstance(node, list) and len(node) >= 5 and sum(_flat(r) for r in node) >= 0.9 * len(node):
            found.append((path or ".", [r for r in node if _flat(r)]))
        elif isinstance(node, dict) and len(node) >= 5 and sum(_flat(v) for v in node.values()) >= 0.9 * len(node) \
                and "key" not in {k for v in node.values() if isinstance(v, dict) for k in v}:
            recs = [{"key": k, **v} for k, v in node.items() if _flat(v)]
            found.append(((path or ".") + " | to_entries | map({key} + .value)", recs))
        elif isinstance(node, dict) and depth < 3:
            for k in sorted(node):
                if isinstance(k, str) and re.fullmatch(r"[\w-]+", k):
                    visit(node[k], (path or ".") + f'["{k}"]', depth + 1)

    visit(doc, "", 0)
    return found


def _derive_from_records(b: Builder, case_id: str, path: Path | None, data: bytes, tmp: Path) -> None:
    """From one real JSON document: json.tool / jq outputs (json), NDJSON, CSV, TSV, YAML dumps.

    Large record arrays give a few windows (``.[a:b]``), as a tool paging through them would.
    The commands run a few at a time; the cases are added in a fixed order."""
    try:
        doc = json.loads(data)
    except ValueError:
        return
    plan: list[tuple] = []  # (case id, kind, argv or None, bytes prefix or whole content, group, quota)

    def later(cid: str, kind: str, argv: list[str] | None, group: str, *, prefix: bytes = b"", content: bytes | None = None,
              quota: int | None = None) -> None:
        plan.append((cid, kind, argv, prefix if argv else content, group, quota))
    src = tmp / ("rec-" + hashlib.sha256(case_id.encode()).hexdigest()[:12] + ".json")
    src.write_bytes(data)
    if len(data) < CAP:
        later(f"cmd:python -m json.tool {case_id}", "json", [sys.executable, "-m", "json.tool", str(src)], "jsontool-json",
              quota=15)
    for jexpr, recs in _flat_records(doc)[:3]:
        keys = [k for k in recs[0] if all(k in r for r in recs)][:8]
        if len(keys) < 2:
            continue
        n_windows = 1 if len(recs) < 60 else 2 if len(recs) < 300 else 4
        for w in range(n_windows):
            size = (300, 40, 500, 120)[w]
            start = 0 if w == 0 else int(_rank(f"{case_id}{jexpr}{w}")[:8], 16) % max(1, len(recs) - size)
            sl = f"[{start}:{start + size}]"
            head = recs[start:start + size]
            tag = f"{case_id} {jexpr}{sl}"
            if _which("jq"):
                later(f"cmd:jq -c '({jexpr}){sl}[]' {case_id}", "ndjson", ["jq", "-c", f"({jexpr}){sl}[]", str(src)], "jq-ndjson")
                fields = ", ".join(f".{k}" if re.fullmatch(r"[A-Za-z_]\w*", k) else f'.["{k}"]' for k in keys)
                tsv = ["jq", "-r", f"({jexpr}){sl}[] | [{fields}] | @tsv", str(src)]
                if w % 2 == 0:
                    later(f"cmd:jq -r '@tsv' {tag}", "tsv", tsv, "jq-tsv")
                else:
                    later(f"cmd:jq -r '@tsv' (with header) {tag}", "tsv", tsv, "jq-tsv-header", prefix="\t".join(keys).encode() + b"\n")
                    later(f"cmd:jq -r '@csv' {tag}", "csv", ["jq", "-r", f"({jexpr}){sl}[] | [{fields}] | @csv", str(src)], "jq-csv",
                          prefix=",".join(keys).encode() + b"\n")
                if w == 0:
                    later(f"cmd:jq '({jexpr})[:20]' {case_id}", "json", ["jq", f"({jexpr})[:20]", str(src)], "jq-json", quota=25)
            buf = io.StringIO()
            writer = csv.DictWriter(buf, fieldnames=keys, extrasaction="ignore", lineterminator="\n")
            writer.writeheader()
            writer.writerows(head)
            later(f"python-csv:{tag}", "csv", None, "records-csv", content=buf.getvalue().encode())
            if w == 0:
                later(f"yaml-dump:{tag}", "yaml", None, "records-yaml", quota=30,
                      content=yaml.safe_dump(head[:60], allow_unicode=True, sort_keys=False).encode())
                later(f"yaml-dump-mapping:{tag}", "yaml", None, "records-yaml-map", quota=15,
                      content=yaml.safe_dump({"source": case_id.split(":", 1)[1], "count": len(recs), "items": head[:30]},
                                             allow_unicode=True, default_flow_style=False).encode())
    runs = [item[2] for item in plan if item[2]]
    outs = iter(_run_pool(runs))
    for cid, kind, argv, extra, group, quota in plan:
        content = extra if argv is None else (lambda out: None if out is None else extra + out)(next(outs))
        source = "derived" if argv is None else "command"
        b.add(cid, kind, content, source=source, group=group, quota=quota)


def src_tables(b: Builder, tmp: Path) -> None:
    """Real colon- and comma-separated tables converted with standard tools (tr, csv module): TSV, CSV, NDJSON."""
    for path, fields in (("/etc/passwd", ["name", "password", "uid", "gid", "gecos", "home", "shell"]),
                         ("/etc/group", ["name", "password", "gid", "members"])):
        data = _read(Path(path))
        if not data:
            continue
        b.add(f"cmd:tr : '\\t' < {path}", "tsv", data.replace(b":", b"\t"), source="command", group="etc-tsv")
        rows = [ln.split(":") for ln in data.decode("utf-8", "replace").splitlines() if ln]
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(fields)
        w.writerows(rows)
        b.add(f"python-csv:{path}", "csv", buf.getvalue().encode(), source="derived", group="etc-csv")
        b.add(f"python-ndjson:{path}", "ndjson", "".join(json.dumps(dict(zip(fields, r))) + "\n" for r in rows).encode(),
              source="derived", group="etc-ndjson")
    for p in _walk(Path("/usr/share/distro-info"), (".csv",)):
        data = _read(p)
        if not data:
            continue
        b.add(f"fs:{p.as_posix()}", "csv", data, source="usr-share", group="distro-csv")
        rows = list(csv.reader(io.StringIO(data.decode())))
        body = "".join("\t".join(r) + "\n" for r in rows)
        b.add(f"csv-to-tsv:{p.as_posix()}", "tsv", body.encode(), source="derived", group="distro-tsv")
        recs = [dict(zip(rows[0], r)) for r in rows[1:]]
        b.add(f"csv-to-ndjson:{p.as_posix()}", "ndjson", "".join(json.dumps(r) + "\n" for r in recs).encode(),
              source="derived", group="distro-ndjson")
        b.add(f"csv-to-json:{p.as_posix()}", "json", json.dumps(recs, indent=2).encode(), source="derived", group="distro-json")
        for i in (10, 30):
            b.add(f"fs:{p.as_posix()}#rows=1-{i}", "csv", b"".join(data.splitlines(keepends=True)[:i]), source="usr-share",
                  group="distro-csv")


def src_python_runs(b: Builder, tmp: Path) -> None:
    """Logs of real runs: unittest and pytest over stdlib test modules, compileall, tracebacks."""
    py = sys.executable
    test_dir = STDLIB / "test"
    mods = [m for m in ("test_textwrap", "test_shlex", "test_base64", "test_bisect", "test_fnmatch", "test_colorsys",
                        "test_keyword", "test_string", "test_heapq", "test_glob") if (test_dir / f"{m}.py").is_file()]
    outs = _run_pool([[py, "-m", "unittest", "-v", f"test.{m}"] for m in mods], stderr=True, timeout=60, cwd=tmp)
    for mod, out in zip(mods, outs):
        b.add(f"cmd:python -m unittest -v test.{mod}", "log", out, source="command", group="unittest-log")
    try:
        import pytest  # noqa: F401
        has_pytest = True
    except ImportError:
        has_pytest = False
    if has_pytest:
        for mod, flags in (("test_textwrap", ["-q"]), ("test_shlex", ["-v"]), ("test_bisect", ["-rA"]), ("test_fnmatch", ["-v", "-x"])):
            if (test_dir / f"{mod}.py").is_file():
                b.add(f"cmd:pytest {' '.join(flags)} {mod}", "log",
                      _run([py, "-m", "pytest", "-p", "no:cacheprovider", "--no-header", *flags, str(test_dir / f"{mod}.py")],
                           stderr=True, timeout=90, cwd=tmp, env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}), source="command",
                      group="pytest-log")
        runs = (("jsonschema.tests.test_types", ["-q"]), ("jsonschema.tests.test_exceptions", ["-v"]),
                ("referencing.tests.test_core", ["-rA"]), ("jsonschema.tests.test_format", ["-v", "--durations=5"]),
                ("jsonschema.tests.test_utils", ["-q", "-rA"]))
        outs = _run_pool([[py, "-m", "pytest", "-p", "no:cacheprovider", "--no-header", *flags, "--pyargs", mod]
                          for mod, flags in runs], stderr=True, timeout=120, cwd=tmp, env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"})
        for (mod, flags), out in zip(runs, outs):
            b.add(f"cmd:pytest {' '.join(flags)} --pyargs {mod}", "log", out, source="command", group="pytest-log")
    for pkg in ("json", "email", "http", "xml/dom"):
        target = tmp / "compileall" / pkg.replace("/", "_")
        if (STDLIB / pkg).is_dir() and not target.exists():
            shutil.copytree(STDLIB / pkg, target, ignore=shutil.ignore_patterns("__pycache__"))
        out = _run([py, "-m", "compileall", "-f", "compileall/" + pkg.replace("/", "_")], cwd=tmp, stderr=True,
                   env={"PYTHONDONTWRITEBYTECODE": ""})
        b.add(f"cmd:python -m compileall -f {pkg}", "log", out, source="command", group="compileall-log")
    # real tracebacks: stdlib command-line tools given a real file they do not read
    for tool, target in (("tokenize", "/usr/bin/ls"), ("pickletools", str(STDLIB / "json" / "__init__.py")),
                         ("zipfile -l", str(STDLIB / "csv.py")), ("tarfile -l", str(STDLIB / "csv.py")),
                         ("json.tool", str(STDLIB / "csv.py")), ("ast", "/usr/bin/ls")):
        argv = [py, "-m", *tool.split(), target]
        b.add(f"cmd:python -m {tool} {target}", "log", _run(argv, stderr=True, timeout=30), source="command", group="traceback-log")
    if _which("gcc"):
        for case_id, p in sorted(((f"gcc:{p.as_posix()}", p) for p in _walk(Path("/usr/share/doc"), (".c",))),
                                 key=lambda it: _rank(it[0]))[:6]:
            b.add(f"cmd:gcc -fsyntax-only -Wall -Wextra {p}", "log",
                  _run(["gcc", "-fsyntax-only", "-Wall", "-Wextra", str(p)], stderr=True, timeout=30), source="command",
                  group="gcc-log")


def src_git(b: Builder) -> None:
    """This repository's history: git show / log -p (diff), git log formats (text, tsv, csv, ndjson)."""
    if not _which("git") or not (REPO / ".git").exists():
        b.corpus.sources_missing.append("git history (no git or not a clone)")
        return
    revs = _run(["git", "rev-list", f"--until={GIT_UNTIL}", "--no-merges", "HEAD"], cwd=REPO)
    if not revs:
        b.corpus.sources_missing.append("git history (rev-list failed)")
        return
    shas = revs.decode().split()
    for sha in sorted(shas, key=_rank):
        if b.per_group["git-show-diff"] >= 70:
            break
        b.add(f"git:show {sha}", "diff", _run(["git", "show", "--no-color", sha], cwd=REPO), source="git", group="git-show-diff")
    for sha in sorted(shas, key=_rank)[:12]:
        b.add(f"git:log -p -3 {sha}", "diff", _run(["git", "log", "-p", "--no-color", "-3", sha], cwd=REPO), source="git",
              group="git-logp-diff")
        b.add(f"git:show --stat {sha}", "text", _run(["git", "show", "--stat", "--no-color", sha], cwd=REPO), source="git",
              group="git-stat-text", quota=6)
        b.add(f"git:diff {sha}~3 {sha}", "diff", _run(["git", "diff", "--no-color", f"{sha}~3", sha], cwd=REPO), source="git",
              group="git-diff", quota=8)
    newest = shas[0]
    for i, n in enumerate((10, 30, 80, 150, 200)):
        b.add(f"git:log -n {n} {newest[:0]}<until>", "text", _run(["git", "log", "--no-color", f"-n{n}", newest], cwd=REPO),
              source="git", group="git-log-text")
        b.add(f"git:log --format=%h%x09%an%x09%ad%x09%s -n {n}", "tsv",
              _run(["git", "log", f"-n{n}", "--date=iso-strict", "--format=%h%x09%an%x09%ad%x09%s", newest], cwd=REPO),
              source="git", group="git-tsv")
        b.add(f"git:log --format=%H%x09%at%x09%ae%x09%s -n {n}", "tsv",
              _run(["git", "log", f"-n{n}", "--format=%H%x09%at%x09%ae%x09%s", newest], cwd=REPO), source="git", group="git-tsv")
        b.add(f"git:log --oneline -n {n}", "text", _run(["git", "log", "--oneline", f"-n{n}", newest], cwd=REPO), source="git",
              group="git-log-text")
        out = _run(["git", "log", f"-n{n}", "--format=%H%x00%an%x00%aI%x00%s", newest], cwd=REPO)
        if out:
            recs = [dict(zip(("commit", "author", "date", "subject"), ln.split("\x00"))) for ln in out.decode().splitlines()]
            b.add(f"git-ndjson:log -n {n}", "ndjson", "".join(json.dumps(r) + "\n" for r in recs).encode(), source="git",
                  group="git-ndjson")
            b.add(f"git-json:log -n {n}", "json", json.dumps(recs, indent=2).encode(), source="git", group="git-json")
            buf = io.StringIO()
            w = csv.DictWriter(buf, fieldnames=["commit", "author", "date", "subject"], lineterminator="\n")
            w.writeheader()
            w.writerows(recs)
            b.add(f"git-csv:log -n {n}", "csv", buf.getvalue().encode(), source="git", group="git-csv")
    b.add("git:ls-files", "text", _run(["git", "ls-files", "--", ":(exclude)tests/accuracy/corpus"], cwd=REPO), source="git",
          group="git-text")


def _npm_cache(b: Builder, spec: str) -> Path | None:
    """``npm pack`` of a pinned package into the cache dir (once); None when npm cannot."""
    d = b.cache / "npm"
    d.mkdir(parents=True, exist_ok=True)
    name, version = spec.rsplit("@", 1)
    tgz = d / f"{name.lstrip('@').replace('/', '-')}-{version}.tgz"
    if tgz.is_file():
        return tgz
    if not _which("npm"):
        return None
    out = _run(["npm", "pack", spec, "--silent", "--pack-destination", str(d)], timeout=120, cwd=d)
    if not out or not tgz.is_file():
        return None
    return tgz


_MEMBERS: dict[Path, list[tuple[str, bytes]]] = {}


def _npm_members(tgz: Path) -> list[tuple[str, bytes]]:
    """(path inside the package, bytes) of each file, sorted; read in one pass (gzip cannot seek back)."""
    if tgz in _MEMBERS:
        return _MEMBERS[tgz]
    out = []
    try:
        with tarfile.open(tgz, "r|gz") as tf:
            for m in tf:
                if m.isfile() and m.size <= 4 * 1024 * 1024:
                    fh = tf.extractfile(m)
                    if fh is not None:
                        out.append((m.name.split("/", 1)[1] if "/" in m.name else m.name, fh.read()))
    except (tarfile.TarError, OSError, EOFError):
        out = []
    _MEMBERS[tgz] = sorted(out)
    return _MEMBERS[tgz]


def src_npm(b: Builder, tmp: Path) -> None:
    """Files of pinned npm packages (fetched once with npm pack into the cache)."""
    if not _which("npm") and not (b.cache / "npm").is_dir():
        b.corpus.sources_missing.append("npm packages (no npm)")
        return
    items = defaultdict(list)
    for spec in NPM_PACKAGES:
        tgz = _npm_cache(b, spec)
        if tgz is None:
            b.corpus.sources_missing.append(f"npm:{spec}")
            continue
        name = spec.rsplit("@", 1)[0]
        for rel, data in _npm_members(tgz):
            label = label_by_name(rel)
            if label is None:
                continue
            items[label[0]].append((f"npm:{name}/{rel}", (data, label, name)))
        # what npm prints listing the package: a run's notices (log)
        if _which("npm") and spec.split("@")[0] in ("js-yaml", "chalk", "commander", "normalize.css"):
            out = _run(["npm", "pack", "--dry-run", "--loglevel=verbose", str(tgz)], stderr=True, timeout=60, cwd=tmp)
            b.add(f"cmd:npm pack --dry-run --loglevel=verbose {spec}", "log", out, source="command", group="npm-log")
    quotas = {"code": 130, "json": 50, "markdown": 80, "text": 30, "yaml": 20, "xml": 40, "html": 30, "unknown": 20, "csv": 5,
              "tsv": 5}
    per_pkg = 25
    # node parses the JavaScript candidates that can be picked (the first ones of each package, in hash order)
    js_pkgs: Counter[str] = Counter()
    js = []
    for cid, pl in sorted(items.get("code", []), key=lambda it: _rank(it[0])):
        if pl[1][1] == "lang:javascript" and js_pkgs[pl[2]] < 2 * per_pkg:
            js_pkgs[pl[2]] += 1
            js.append((cid, pl[0]))
    ok_js = _node_parses(js, tmp)
    for kind, its in sorted(items.items()):
        pkgs: Counter[str] = Counter()

        def kind_of(cid: str, pl: tuple, pkgs: Counter = pkgs) -> tuple[str, str] | None:
            if pkgs[pl[2]] >= per_pkg:
                return None
            if pl[1][1] == "lang:javascript" and ok_js is not None and cid not in ok_js:
                if not any(cid == j for j, _ in js):
                    return None
                b.drop(cid, "code", "node cannot parse it")
                return None
            pkgs[pl[2]] += 1
            return pl[1]

        b.take(f"npm-{kind}", kind_of, its, lambda pl: pl[0], quotas.get(kind, 10), "npm")
    # diff -ru between two versions of one package
    for old, new in NPM_DIFF_PAIRS:
        a, c = _npm_cache(b, old), _npm_cache(b, new)
        if a is None or c is None:
            b.corpus.sources_missing.append(f"npm diff {old} {new}")
            continue
        da, dc = tmp / "npmdiff" / old, tmp / "npmdiff" / new
        for tgz, dest in ((a, da), (c, dc)):
            if not dest.exists():
                dest.mkdir(parents=True)
                for rel, data in _npm_members(tgz):
                    if ".." in rel:
                        continue
                    (dest / rel).parent.mkdir(parents=True, exist_ok=True)
                    (dest / rel).write_bytes(data)
        out = _run(["diff", "-ru", old, new], cwd=tmp / "npmdiff")
        b.add(f"cmd:diff -ru {old} {new}", "diff", out, source="command", group="npm-diff")
        out = _run(["git", "diff", "--no-index", "--no-color", old, new], cwd=tmp / "npmdiff")
        b.add(f"cmd:git diff --no-index {old} {new}", "diff", out, source="command", group="npm-diff")


def _node_parses(items: list[tuple[str, bytes]], tmp: Path) -> set[str] | None:
    """Ids of the JavaScript sources that node parses (as a script or a module); None without node."""
    if not _which("node") or not items:
        return None
    d = tmp / "nodecheck"
    d.mkdir(exist_ok=True)
    listing = []
    for i, (cid, data) in enumerate(items):
        f = d / f"{i}.js"
        f.write_bytes(data)
        listing.append(str(f))
    script = (
        "const fs=require('fs'),vm=require('vm');const ok=[];"
        "for(const f of fs.readFileSync(0,'utf8').split('\\n').filter(Boolean)){const s=fs.readFileSync(f,'utf8');"
        "try{new vm.Script(s);ok.push(f);continue}catch(e){}"
        "try{new vm.SourceTextModule(s);ok.push(f);continue}catch(e){}"
        "try{new vm.Script('(async function(){'+s.replace(/^#!.*/,'')+'\\n})');ok.push(f)}catch(e){}}"
        "process.stdout.write(ok.join('\\n'))"
    )
    try:
        proc = subprocess.run(["node", "--experimental-vm-modules", "-e", script], input="\n".join(listing).encode(),
                              capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    ok = set(proc.stdout.decode().split("\n"))
    return {cid for (cid, _), f in zip(items, listing) if f in ok}


def src_pip_wheels(b: Builder, tmp: Path) -> None:
    """Files (mostly YAML) of a few pinned wheels fetched with pip download into the cache."""
    d = b.cache / "wheels"
    d.mkdir(parents=True, exist_ok=True)
    items = defaultdict(list)
    for spec in PIP_WHEELS:
        name, version = spec.split("==")
        found = sorted(d.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
        if not found:
            out = _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--disable-pip-version-check",
                        "-d", str(d), spec], timeout=180, stderr=True)
            if out:
                b.add(f"cmd:pip download --no-deps {spec}", "log", out, source="command", group="pip-log")
            found = sorted(d.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
        if not found:
            b.corpus.sources_missing.append(f"wheel:{spec}")
            continue
        try:
            with zipfile.ZipFile(found[0]) as zf:
                for info in sorted(zf.infolist(), key=lambda i: i.filename):
                    rel = info.filename
                    if info.is_dir() or ".dist-info/" in rel or info.file_size > 4 * 1024 * 1024:
                        continue
                    label = label_by_name(rel)
                    if label is None:
                        continue
                    items[label[0]].append((f"wheel:{name}/{rel}", (zf.read(info), label)))
        except (zipfile.BadZipFile, OSError):
            b.corpus.sources_missing.append(f"wheel:{spec} (bad zip)")
    quotas = {"yaml": 110, "code": 40, "json": 10, "markdown": 10, "text": 10, "xml": 5, "html": 5}
    for kind, its in sorted(items.items()):
        b.take(f"pipwheel-{kind}", lambda cid, pl: pl[1], its, lambda pl: pl[0], quotas.get(kind, 5), "wheel")


#: issue 10, the hard classes (code read as text and back): pinned Debian packages, wheels and npm packages
#: that no other source here and no fresh source uses, plus the Vim runtime and the kernel's uapi headers
HARD_DEBS = (
    "elpa-dash=2.19.1+git20220608.1.0ac1ecf+dfsg-1", "elpa-markdown-mode=2.5-1", "elpa-s=1.12.0-5", "elpa-f=0.20.0-3",
    "elpa-yaml-mode=0.0.15-2", "liblocale-codes-perl=3.73-1", "libdatetime-locale-perl=1:1.37-1",
    "librust-unicode-width-dev=0.1.10-1", "librust-unicode-ident-dev=1.0.0-1+b1", "librust-unicode-normalization-dev=0.1.22-1",
    "librust-unicode-segmentation-dev=1.9.0-1", "librust-unicode-bidi-dev=0.3.8-2", "tcllib=1.21+dfsg-1", "lua-penlight=1.13.1-3",
    "autoconf-archive=20220903-3", "extra-cmake-modules=5.103.0-1", "bash-completion=1:2.11-6", "libfftw3-dev=3.3.10-1",
    "r-cran-zoo=1.8-11-1", "mawk=1.3.4.20200120-3.1", "ruby-rack=2.2.22-0+deb12u2", "ruby-thor=1.2.1-2",
    "golang-github-google-uuid-dev=1.3.0-1", "golang-github-pmezard-go-difflib-dev=1.0.0-3", "golang-golang-x-text-dev=0.7.0-1",
    "php-psr-log=1.1.4-2", "php-symfony-yaml=5.4.53+dfsg-0+deb12u1", "elpa-magit=3.3.0-2", "elpa-company=0.9.13-2",
    "elpa-flycheck=32~git.20200527.9c435db3-4", "liburi-perl=5.17-1", "lua-ldoc=1.4.6-2",
)
HARD_WHEELS = ("numpy==1.26.4", "lm_eval==0.4.2", "Django==4.2.11")
HARD_NPM = ("bulma@1.0.2", "cordova-android@12.0.1", "@capacitor/android@5.7.0", "@react-native/gradle-plugin@0.74.83",
            "@tanstack/query-core@5.51.1")
#: file types of the hard classes (for this source only: the other sources keep their labels)
_HARD_EXT = {
    ".el": "elisp", ".pm": "perl", ".pl": "perl", ".rs": "rust", ".tcl": "tcl", ".lua": "lua", ".m4": "m4", ".cmake": "cmake",
    ".f90": "fortran", ".f": "fortran", ".f03": "fortran", ".R": "r", ".scss": "scss", ".gradle": "groovy", ".kts": "kotlin",
    ".kt": "kotlin", ".ts": "typescript", ".tsx": "typescript", ".vim": "vim", ".h": "c", ".awk": "awk", ".rb": "ruby",
    ".go": "go", ".php": "php",
}
_HARD_MARKERS = {
    "rust": r"^\s*(pub\s+)?(fn|use|mod|struct|enum|impl|trait|const|static|macro_rules!)\b|^\s*//[/!]",
    "tcl": r"^\s*(proc|set|package|namespace|if|foreach|return)\b",
    "lua": r"^\s*(local|function|return|if|for|end)\b",
    "fortran": r"(?i)^\s*(program|module|subroutine|function|end|integer|real|use|implicit|call|interface|double|parameter)\b",
    "r": r"<-|\bfunction\s*\(|\blibrary\(",
    "groovy": r"^\s*(apply|plugins|dependencies|repositories|android|def|task|ext|buildscript|allprojects)\b",
    "kotlin": r"^\s*(package|import|fun|class|object|val|var|plugins|internal|abstract)\b",
    "awk": r"^\s*(BEGIN|END|function)\b|\{\s*print|\$\d|^\s*/.*/\s*\{",
    "ruby": r"^\s*(require|module|class|def|end|attr_\w+)\b",
    "go": r"^\s*(package|func|import|type)\b",
    "php": r"<\?php|^\s*(namespace|use|class|function)\b",
}
#: per language (or document class): how many cases, and at most how many from one package
_HARD_QUOTAS = {"elisp": 40, "perl": 40, "rust": 25, "tcl": 25, "lua": 30, "m4": 25, "cmake": 25, "shell": 25, "fortran": 30,
                "r": 6, "scss": 25, "groovy": 12, "kotlin": 15, "typescript": 25, "vim": 25, "c": 30, "yaml": 50,
                "vimhelp": 20, "changelog": 16, "markdown": 15, "awk": 10, "ruby": 25, "go": 30, "php": 20, "po": 20, "toml": 10}


def apt_fetch(specs: list[str] | tuple[str, ...], d: Path) -> dict[str, tuple[Path | None, bool]]:
    """Each ``name=version`` spec's ``.deb`` in ``d`` (``apt-get download`` into ``d`` once) and whether it is the pinned one.

    One pinned download fails whole when one pin is not in the package lists (stale lists on a new machine, or a
    security update that replaced the pinned version): then update and fetch one by one, falling back to the
    mirror's current version of a package whose pin is gone. ``(None, False)`` for a spec with no package.
    """
    d.mkdir(parents=True, exist_ok=True)

    def pinned(spec: str) -> list[Path]:
        name, version = spec.split("=")
        return sorted(d.glob(f"{name}_*{version.split(':')[-1]}_*.deb"))  # an epoch is written 1%3a in the name

    def any_version(spec: str) -> list[Path]:  # the pinned version, else the one taken when the pin had left the mirror
        return pinned(spec) or sorted(d.glob(f"{spec.split('=')[0]}_*.deb"))

    missing = [spec for spec in specs if not any_version(spec)]
    if missing and _which("apt-get"):
        _run(["apt-get", "download", "-q", *missing], cwd=d, timeout=300, stderr=True)
        still = [spec for spec in missing if not any_version(spec)]
        if still:
            _run(["apt-get", "update", "-qq"], timeout=300, stderr=True)
            for spec in still:
                _run(["apt-get", "download", "-q", spec], cwd=d, timeout=120, stderr=True)
                if not any_version(spec):
                    _run(["apt-get", "download", "-q", spec.split("=")[0]], cwd=d, timeout=120, stderr=True)
    out: dict[str, tuple[Path | None, bool]] = {}
    for spec in specs:
        debs = any_version(spec)
        out[spec] = (debs[0], bool(pinned(spec))) if debs else (None, False)
    return out


def unpack_debs(specs: list[str] | tuple[str, ...], d: Path, root: Path, missing: list[str]) -> list[tuple[str, Path, Path]]:
    """(package name, unpacked root, .deb) of each spec fetched by :func:`apt_fetch`; what is absent goes to ``missing``."""
    out = []
    for spec, (deb, is_pinned) in apt_fetch(specs, d).items():
        name = spec.split("=")[0]
        if deb is not None and not is_pinned:
            missing.append(f"deb:{spec} (pin gone: took {deb.name})")
        if deb is None or not _which("dpkg-deb"):
            missing.append(f"deb:{spec}")
            continue
        (root / name).mkdir(parents=True, exist_ok=True)
        _run(["dpkg-deb", "-x", str(deb), str(root / name)])
        out.append((name, root / name, deb))
    return out


def _hard_debs(b: Builder, tmp: Path) -> list[tuple[str, Path]]:
    """(package name, unpacked root) of each HARD_DEBS package (downloaded once into the cache)."""
    return [(name, root) for name, root, _ in unpack_debs(HARD_DEBS, b.cache / "deb", tmp / "hard-deb", b.corpus.sources_missing)]


def _hard_label(rel: str) -> tuple[str, str] | None:
    """(kind, note) of a file of the hard sources, by its type; None for the other files."""
    base = rel.rsplit("/", 1)[-1]
    if "/bash-completion/completions/" in rel and "." not in base:
        return ("code", "lang:shell")
    if "/doc/" in rel and re.match(r"(?:changelog|NEWS)(?:\.Debian)?(?:\.gz)?$", base):
        return ("text", "changelog" + ("" if ".Debian" in base else " noext"))
    if base.endswith(".d.ts") or base.endswith(".min.css"):
        return None
    if base.endswith((".md", ".markdown")):
        return ("markdown", "")
    if base.endswith((".yaml", ".yml")):
        return ("yaml", "")
    if base.endswith((".po", ".pot")):
        return ("text", "po")  # gettext catalogues (as the fresh set labels them)
    if base.endswith(".toml"):
        return ("text", "toml")  # configuration files are text (docs/kinds-text.md)
    for suffix, lang in _HARD_EXT.items():
        if base.endswith(suffix):
            return ("code", f"lang:{lang}")
    return None


def _perl_compiles(data: bytes, tmp: Path) -> bool:
    if not _which("perl"):
        return True
    f = tmp / "perlcheck.pl"
    f.write_bytes(data)
    try:
        return subprocess.run(["perl", "-c", str(f)], capture_output=True, timeout=30, check=False).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


def src_hard_code(b: Builder, tmp: Path) -> None:
    """Code that reads like text and text that reads like code (issue 10's named classes), labelled by file type.

    Emacs Lisp, Perl data modules, Rust crates' sources (their Unicode tables), Tcl, Lua, m4, CMake modules, bash
    completions, Fortran (f2py's test sources, FFTW's interface), R, SCSS, Gradle and Kotlin build scripts,
    TypeScript sources, Vim script and Vim help, C headers (the kernel's uapi headers, mostly macros), YAML task
    configurations (``!function`` tags, ``include:`` keys, block scalars), Debian and upstream changelogs."""
    files: list[tuple[str, str, str, Callable[[], bytes | None]]] = []  # (case id, package, rel, load)

    def add_tree(prefix: str, pkg: str, root: Path) -> None:
        for p in _walk(root, skip=("__pycache__",)):
            rel = p.relative_to(root).as_posix()
            files.append((f"{prefix}{rel}", pkg, "/" + rel, lambda p=p: _read(p)))

    for name, root in _hard_debs(b, tmp):
        add_tree(f"deb:{name}/", name, root)
    d = b.cache / "wheels"
    d.mkdir(parents=True, exist_ok=True)
    for spec in HARD_WHEELS:
        name, version = spec.split("==")
        whl = sorted(d.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
        if not whl:
            _run([sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary", ":all:", "--disable-pip-version-check",
                  "-d", str(d), spec], timeout=300, stderr=True)
            whl = sorted(d.glob(f"{name.replace('-', '_')}-{version}-*.whl"))
        if not whl:
            b.corpus.sources_missing.append(f"wheel:{spec}")
            continue
        try:
            with zipfile.ZipFile(whl[0]) as zf:
                for info in sorted(zf.infolist(), key=lambda i: i.filename):
                    if info.is_dir() or ".dist-info/" in info.filename or info.file_size > 4 * 1024 * 1024:
                        continue
                    if _hard_label("/" + info.filename) is None:
                        continue
                    data = zf.read(info)
                    # lm_eval: one task family is one top folder (tasks/<family>/...)
                    parts = info.filename.split("/")
                    pkg = f"{name}/{parts[2]}" if len(parts) > 3 and parts[1] == "tasks" else name
                    if "locale" in parts[:-1]:  # Django: one language's catalogues
                        pkg = f"{name}/{parts[parts.index('locale') + 1]}"
                    files.append((f"wheel:{name}/{info.filename}", pkg, "/" + info.filename, lambda data=data: data))
        except (zipfile.BadZipFile, OSError):
            b.corpus.sources_missing.append(f"wheel:{spec} (bad zip)")
    for spec in HARD_NPM:
        tgz = _npm_cache(b, spec)
        if tgz is None:
            b.corpus.sources_missing.append(f"npm:{spec}")
            continue
        name = spec.rsplit("@", 1)[0]
        for rel, data in _npm_members(tgz):
            files.append((f"npm:{name}/{rel}", name, "/" + rel, lambda data=data: data))
    # this machine: the Vim runtime (its scripts and its help files) and the kernel's uapi headers
    vim = sorted(Path("/usr/share/vim").glob("vim[0-9]*"))
    for root in vim[-1:]:
        for p in _walk(root):
            rel = p.relative_to(root).as_posix()
            load = lambda p=p: _read(p)  # noqa: E731
            if rel.startswith("doc/") and rel.endswith(".txt"):
                files.append((f"fs:{p.as_posix()}", "vim-doc", "/" + rel + "#vimhelp", load))
            elif rel.endswith(".vim"):
                files.append((f"fs:{p.as_posix()}", f"vim-{rel.split('/')[0]}", "/" + rel, load))
    for sub in ("linux", "asm-generic", "x86_64-linux-gnu/asm", "sound", "rdma", "drm", "mtd", "misc", "scsi", "video", "xen"):
        root = Path("/usr/include") / sub
        for p in _walk(root, (".h",)):
            files.append((f"fs:{p.as_posix()}", f"uapi-{sub}", "/" + p.name, lambda p=p: _read(p)))
    per_pkg = {"yaml": 3, "markdown": 3, "changelog": 3, "c": 8, "vim": 8, "perl": 15, "po": 2, "toml": 3, "go": 15, "elisp": 12}
    chosen: Counter[str] = Counter()
    from_pkg: Counter[tuple[str, str]] = Counter()
    for case_id, pkg, rel, load in sorted(files, key=lambda f: _rank(f[0])):
        if rel.endswith("#vimhelp"):
            label = ("text", "vimhelp")
        else:
            label = _hard_label(rel)
        if label is None:
            continue
        kind, note = label
        cls = note.split(":", 1)[1] if note.startswith("lang:") else note.split()[0] if note else kind
        if cls not in _HARD_QUOTAS or chosen[cls] >= _HARD_QUOTAS[cls] or from_pkg[(cls, pkg)] >= per_pkg.get(cls, 25):
            continue
        data = load()
        if data is not None and rel.endswith(".gz"):
            data = _gunzip(data)
        if data is None:
            continue
        lang = cls if kind == "code" else ""
        if lang in _HARD_MARKERS:
            text = data.decode("utf-8", "replace")
            if not re.search(_HARD_MARKERS[lang], text, re.M):
                b.drop(case_id, kind, f"no {lang} construct")
                continue
        if lang == "perl" and not re.search(_CODE_MARKERS["perl"], data.decode("utf-8", "replace"), re.M):
            # a Perl data file (`{ key => [...], }`, read with `do`): no statement, so perl -c must compile it
            if not _perl_compiles(data, tmp):
                b.drop(case_id, kind, "perl -c fails")
                continue
            note = "lang:perl-data"
        if b.add(case_id, kind, data, source="hard", group=f"hard-{cls}", note=note):
            chosen[cls] += 1
            from_pkg[(cls, pkg)] += 1


# --------------------------------------------------------------------------- build and run logs (issue 10, detlog3)

_BUILD_C = {
    "src/main.c": "#include <stdio.h>\n#include \"util.h\"\n\nint main(int argc, char **argv)\n{\n    int unused;\n"
                  "    unsigned n = 3;\n    if (argc > n) printf(\"%d\\n\", argc);\n    printf(\"%s\\n\", argv[0], greet());\n"
                  "    return scale(2);\n}\n",
    "src/util.c": "#include \"util.h\"\n\nconst char *greet(void) { char buf[8]; return buf; }\n\n"
                  "int scale(int x)\n{\n    int y;\n    if (x) y = x * 2;\n    return y;\n}\n",
    "src/util.h": "const char *greet(void);\nint scale(int x);\n",
    "lib/extra.c": "static int helper(void) { return 1; }\nint extra(int *p) { return p == 0 ? -1 : *p; }\n",
}
_BUILD_MAKEFILE = ("CFLAGS ?= -O2 -Wall -Wextra -Wshadow\n\nall: app lib\n\napp: src/main.o src/util.o\n\t$(CC) -o $@ $^\n\n"
                   "lib:\n\t$(MAKE) -C lib\n\n%.o: %.c\n\t$(CC) $(CFLAGS) -c -o $@ $<\n\nclean:\n\trm -f src/*.o app\n\t$(MAKE) -C lib clean\n\n"
                   ".PHONY: all lib clean\n")
_BUILD_LIB_MAKEFILE = "libextra.a: extra.o\n\tar rcs $@ $^\n\nextra.o: extra.c\n\t$(CC) -Wall -Wextra -c -o $@ $<\n\nclean:\n\trm -f *.o *.a\n"
_BUILD_CMAKE = ("cmake_minimum_required(VERSION 3.13)\nproject(demo C)\nadd_compile_options(-Wall -Wextra)\n"
                "add_library(util src/util.c)\nadd_executable(app src/main.c)\ntarget_link_libraries(app util)\n"
                "enable_testing()\nadd_test(NAME runs COMMAND app)\nadd_test(NAME runs_twice COMMAND app x y z)\n"
                "add_test(NAME missing COMMAND app-missing)\n")
_BUILD_RUST = ("use std::collections::HashMap;\n\nfn unused_helper(x: i32) -> i32 { x + 1 }\n\nfn main() {\n    let mut m = HashMap::new();\n"
               "    let v = 3;\n    m.insert(\"a\", 1);\n    println!(\"{}\", m.len());\n}\n\n#[cfg(test)]\nmod tests {\n"
               "    #[test]\n    fn adds() { assert_eq!(1 + 1, 2); }\n    #[test]\n    fn fails() { assert_eq!(1 + 1, 3, \"math\"); }\n"
               "    #[test]\n    #[ignore]\n    fn slow() {}\n}\n")
_BUILD_JAVA = ("import java.util.*;\n\npublic class Demo {\n    @Deprecated static void old() {}\n"
               "    public static void main(String[] args) {\n        List names = new ArrayList();\n        names.add(\"x\");\n"
               "        old();\n        Map<String, Integer> m = new HashMap<>();\n        System.out.println(m.get(\"k\").intValue());\n    }\n}\n")
_PYTEST_PROJECT = ("import pytest\n\n\ndef test_ok():\n    assert 1 + 1 == 2\n\n\n@pytest.mark.parametrize('n', range(6))\n"
                   "def test_even(n):\n    assert n % 2 == 0\n\n\n@pytest.mark.skip(reason='not here')\ndef test_skipped():\n    pass\n\n\n"
                   "@pytest.mark.xfail\ndef test_xfail():\n    assert False\n\n\ndef test_error(tmp_path):\n"
                   "    import warnings\n    warnings.warn('deprecated call', DeprecationWarning)\n    raise OSError('no such device')\n")


def _write_tree(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)


#: (xml:lang, codec, declared name): real translations re-encoded into the legacy codec their XML declaration names
LEGACY_XML = (("ja", "shift_jis", "Shift_JIS"), ("ja", "euc_jp", "EUC-JP"), ("zh_CN", "gbk", "GBK"),
              ("zh_TW", "big5", "Big5"), ("ko", "euc_kr", "EUC-KR"), ("ru", "koi8_r", "KOI8-R"),
              ("uk", "cp1251", "windows-1251"), ("de", "cp1252", "windows-1252"), ("fr", "latin_1", "ISO-8859-1"))


def src_legacy_xml(b: Builder) -> None:
    """XML whose declaration names a legacy encoding (shared-mime-info's translations, each language's
    comments re-encoded into its legacy codec), and DOCTYPEs with an internal subset (files that ship one)."""
    mime = _read(Path("/usr/share/mime/packages/freedesktop.org.xml"))
    if mime is not None:
        text = mime.decode("utf-8", "replace")
        types = re.findall(r"<mime-type [^>]*>.*?</mime-type>", text, re.S)
        for lang, codec, declared in LEGACY_XML:
            mark = f'xml:lang="{lang}"'
            kept = ["\n".join(line for line in t.splitlines() if mark in line or "<mime-type " in line
                              or "</mime-type>" in line or "<glob " in line) for t in types if mark in t]
            for start in (0, len(kept) // 2):
                body = "\n".join(kept[start:start + 120])
                doc = (f'<?xml version="1.0" encoding="{declared}"?>\n'
                       f'<mime-info xmlns="http://www.freedesktop.org/standards/shared-mime-info">\n{body}\n</mime-info>\n')
                b.add(f"legacy-xml:freedesktop.org.xml {lang} {declared} from {start}", "xml",
                      doc.encode(codec, "xmlcharrefreplace"), source="usr-share", group="legacy-xml",
                      note=f"legacy:{codec}")
    for p in _walk(Path("/usr/share/sgml"), (".xsl", ".xml")) + _walk(Path("/usr/share/xml"), (".xsl", ".xml")):
        data = _read(p)
        if data is not None and re.search(rb"<!DOCTYPE\s+[\w:.-]+[^>\[]*\[", data[:4096]):
            b.add(f"fs:{p.as_posix()}", "xml", data, source="usr-share", group="doctype-subset")


def _windows(b: Builder, case_id: str, data: bytes | None, group: str, *, source: str = "command", sizes=(60, 200),
             count: int = 4) -> None:
    """A long log whole when small, else windows of lines (as a tool reading it by ranges)."""
    if not data:
        b.drop(case_id, "log", "could not read or run")
        return
    lines = data.splitlines(keepends=True)
    if len(lines) <= 2 * max(sizes):
        b.add(case_id, "log", data, source=source, group=group)
        return
    for i in range(count):
        size = sizes[i % len(sizes)]
        start = int(_rank(f"{case_id}:{i}")[:8], 16) % (len(lines) - size)
        b.add(f"{case_id}#lines={start + 1}-{start + size}", "log", b"".join(lines[start:start + size]), source=source, group=group)


def src_run_logs(b: Builder, tmp: Path) -> None:
    """Logs of real builds, test runs and traces run here: make + gcc (recursive, -k with errors), cmake with the
    Makefile and Ninja generators, ctest, cargo build/test, javac -Xlint, the JVM's unified logging (-Xlog),
    GIT_TRACE, pip install -v of a cached wheel, pytest -v/-rA on a small project, dmesg. The projects are tiny;
    every line of the outputs is written by the tools."""
    root = tmp / "run-logs"
    py = sys.executable
    if _which("make") and _which("gcc"):
        proj = root / "make"
        _write_tree(proj, {**_BUILD_C, "Makefile": _BUILD_MAKEFILE, "lib/Makefile": _BUILD_LIB_MAKEFILE})
        b.add("cmd:make (gcc warnings, recursive)", "log", _run(["make"], cwd=proj, stderr=True, timeout=60),
              source="command", group="make-log")
        b.add("cmd:make -B -k CFLAGS=-Wall -Wextra -Werror", "log",
              _run(["make", "-B", "-k", "CFLAGS=-Wall -Wextra -Werror"], cwd=proj, stderr=True, timeout=60), source="command",
              group="make-log")
        b.add("cmd:make -B --no-print-directory CC=gcc -fanalyzer", "log",
              _run(["make", "-B", "--no-print-directory", "CFLAGS=-O1 -Wall -fanalyzer"], cwd=proj, stderr=True, timeout=90),
              source="command", group="make-log")
    if _which("cmake") and _which("gcc"):
        for gen, group in (("Unix Makefiles", "cmake-make-log"), ("Ninja", "cmake-ninja-log")):
            if gen == "Ninja" and not _which("ninja"):
                continue
            proj = root / ("cmake-" + gen.split()[0].lower())
            _write_tree(proj, {**{k: v for k, v in _BUILD_C.items() if k.startswith("src/")}, "CMakeLists.txt": _BUILD_CMAKE})
            build = proj / "build"
            b.add(f"cmd:cmake -G {gen} (configure)", "log",
                  _run(["cmake", "-G", gen, "-S", str(proj), "-B", str(build)], stderr=True, timeout=120), source="command",
                  group=group)
            b.add(f"cmd:cmake --build (-G {gen})", "log", _run(["cmake", "--build", str(build)], stderr=True, timeout=120),
                  source="command", group=group)
            b.add(f"cmd:cmake --build --verbose --clean-first (-G {gen})", "log",
                  _run(["cmake", "--build", str(build), "--verbose", "--clean-first"], stderr=True, timeout=120), source="command",
                  group=group)
            b.add(f"cmd:ctest --output-on-failure (-G {gen})", "log",
                  _run(["ctest", "--output-on-failure"], cwd=build, stderr=True, timeout=120), source="command", group="ctest-log")
    if _which("cargo"):
        proj = root / "cargo"
        _write_tree(proj, {"Cargo.toml": "[package]\nname = \"demo\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[dependencies]\n",
                           "src/main.rs": _BUILD_RUST})
        env = {"CARGO_TARGET_DIR": str(proj / "target"), "CARGO_TERM_COLOR": "never", "CARGO_HOME": os.environ.get(
            "CARGO_HOME", str(Path.home() / ".cargo")), "RUSTUP_HOME": os.environ.get("RUSTUP_HOME", str(Path.home() / ".rustup"))}
        b.add("cmd:cargo build --offline", "log", _run(["cargo", "build", "--offline"], cwd=proj, stderr=True, timeout=180, env=env),
              source="command", group="cargo-log")
        b.add("cmd:cargo test --offline", "log", _run(["cargo", "test", "--offline"], cwd=proj, stderr=True, timeout=180, env=env),
              source="command", group="cargo-log")
    if _which("javac") and _which("java"):
        proj = root / "java"
        _write_tree(proj, {"Demo.java": _BUILD_JAVA})
        b.add("cmd:javac -Xlint:all Demo.java", "log", _run(["javac", "-Xlint:all", "Demo.java"], cwd=proj, stderr=True, timeout=120),
              source="command", group="javac-log")
        _windows(b, "cmd:javac -verbose Demo.java", _run(["javac", "-verbose", "-d", "out", "Demo.java"], cwd=proj, stderr=True,
                                                          timeout=120), "javac-log", count=2)
        b.add("cmd:java Demo (uncaught exception)", "log", _run(["java", "-cp", "out", "Demo"], cwd=proj, stderr=True, timeout=60),
              source="command", group="java-trace-log")
        for tags in ("gc*", "class+load", "os,safepoint,startuptime", "cds", "module=debug"):
            out = _run(["java", f"-Xlog:{tags}:stdout:uptime,level,tags", "-cp", "out", "-version"], cwd=proj, stderr=True,
                       timeout=60)
            _windows(b, f"cmd:java -Xlog:{tags} -version", out, "jvm-xlog", count=2)
        _windows(b, "cmd:java -Xlog:gc*:stdout:time,level,tags -version",
                 _run(["java", "-Xlog:gc*:stdout:time,level,tags", "-version"], stderr=True, timeout=60), "jvm-xlog", count=1)
    if _which("git"):
        for args in ("log -3 --stat", "status --short", "rev-list --count HEAD", "cat-file -p HEAD", "ls-files -s"):
            env = {"GIT_TRACE": "2", "GIT_TRACE_PERFORMANCE": "2", "GIT_TRACE_SETUP": "2"}
            # the trace (stderr) alone: the command's own output goes to /dev/null
            out = _run(["sh", "-c", f"git {args} 2>&1 >/dev/null"], cwd=REPO, env=env, timeout=60)
            _windows(b, f"cmd:GIT_TRACE=2 git {args}", out, "git-trace-log", count=2)
    wheels = sorted((b.cache / "wheels").glob("yamllint-*.whl"))
    if wheels:
        out = _run([py, "-m", "pip", "install", "-v", "--no-deps", "--no-index", "--no-compile", "--disable-pip-version-check",
                    "--target", str(root / "pip-target"), str(wheels[0])], stderr=True, timeout=120)
        b.add("cmd:pip install -v --no-deps --target T yamllint.whl", "log", out, source="command", group="pip-install-log")
    try:
        import pytest  # noqa: F401
        proj = root / "pytest"
        _write_tree(proj, {"test_demo.py": _PYTEST_PROJECT})
        for flags in (["-v"], ["-rA"], ["-q", "-W", "error::DeprecationWarning"], ["-v", "--tb=line", "--durations=3"]):
            b.add(f"cmd:pytest {' '.join(flags)} test_demo.py", "log",
                  _run([py, "-m", "pytest", "-p", "no:cacheprovider", *flags, "test_demo.py"], cwd=proj, stderr=True, timeout=90,
                       env={"PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1"}), source="command", group="pytest-project-log")
    except ImportError:
        pass
    if _which("dmesg"):
        _windows(b, "cmd:dmesg", _run(["dmesg"], timeout=30), "dmesg-log", sizes=(40, 150), count=4)


def src_trace_logs(b: Builder, tmp: Path) -> None:
    """System-call traces (strace) of small real commands: one record per line, no timestamp and no level (the
    record shape `name(args) = result` is the evidence). Each command runs in well under a second."""
    if not _which("strace"):
        return
    py = sys.executable
    runs = (("ls -la /usr/share/doc", ["-f"], ["ls", "-la", "/usr/share/doc"]),
            ("sh -c 'cat /etc/os-release | wc -l'", ["-f"], ["sh", "-c", "cat /etc/os-release | wc -l"]),
            ("python -c 'import json' (trace=file)", ["-f", "-e", "trace=file,desc"], [py, "-S", "-c", "import json; print(json.__name__)"]),
            ("git log -1 --oneline", ["-f", "-e", "trace=%file"], ["git", "-C", str(REPO), "log", "-1", "--oneline"]),
            ("-c ls /etc (summary)", ["-c"], ["ls", "/etc"]))
    for i, (label, flags, argv) in enumerate(runs):
        trace = tmp / f"strace-{i}.txt"
        if _run(["strace", *flags, "-o", str(trace), *argv], timeout=30) is None or not trace.is_file():
            b.drop(f"cmd:strace {label}", "log", "could not run")
            continue
        data = trace.read_bytes()
        if flags == ["-c"]:  # the -c summary is a table of counts, not a trace
            b.add(f"cmd:strace -c {label[3:]}", "text", data, source="command", group="strace-text")
            continue
        _windows(b, f"cmd:strace {' '.join(flags)} {label}", data, "strace-log", sizes=(60, 200), count=2)


def src_listings(b: Builder, tmp: Path) -> None:
    """More everyday command outputs: --help pages, env, ip addr, find, du (size TAB path), grep -rn, git grep -n.
    --help, env, ip, find and grep output are text (listings and prose, no row structure); du's rows are one
    tab-separated pair each (the validation checks every row)."""
    py = sys.executable
    for argv in (["ls", "--help"], ["grep", "--help"], ["tar", "--help"], ["git", "help", "log"], ["sort", "--help"],
                 [py, "-m", "pip", "install", "--help"], [py, "-m", "pytest", "--help"], [py, "--help"], ["find", "--help"]):
        b.add(f"cmd:{' '.join(['python', *argv[1:]] if argv[0] == py else argv)}", "text",
              _run(argv, timeout=30, env={"MANPAGER": "cat", "GIT_PAGER": "cat"}), source="command", group="help-text")
    b.add("cmd:env (sanitized)", "text", _run(["env"], env={"EDITOR": "vi", "SHELL": "/bin/bash", "USER": "demo"}), source="command",
          group="env-text")
    if _which("ip"):
        b.add("cmd:ip addr", "text", _run(["ip", "addr"]), source="command", group="ip-text")
        b.add("cmd:ip route", "text", _run(["ip", "route"]), source="command", group="ip-text")
    for d in ("/usr/share/doc", "/etc"):
        out = _run(["find", d, "-maxdepth", "2"], timeout=30)
        if out:
            b.add(f"cmd:find {d} -maxdepth 2 | head -300", "text", b"".join(out.splitlines(keepends=True)[:300]),
                  source="command", group="find-text")
    for d in ("/usr/share/doc", "/usr/lib/python3"):
        out = _run(["du", "-a", "--max-depth=2", d], timeout=30)
        if out:
            b.add(f"cmd:du -a --max-depth=2 {d} | head -250", "tsv", b"".join(out.splitlines(keepends=True)[:250]),
                  source="command", group="du-tsv")
    for pat, where in (("def main", "engine"), ("import re", "plugins")):
        b.add(f"cmd:grep -rn '{pat}' {where}", "text", _run(["grep", "-rn", pat, where], cwd=REPO), source="command",
              group="grep-text")
    b.add("cmd:git grep -n 'TODO\\|XXX'", "text", _run(["git", "grep", "-n", "-e", "TODO", "-e", "XXX"], cwd=REPO),
          source="command", group="grep-text")


SOURCES = ("stdlib", "wheels", "pip_wheels", "npm", "usr_share", "etc", "logs", "doc_logs", "man_info", "commands", "tables", "python_runs", "git", "hard_code",
           "run_logs", "legacy_xml", "trace_logs", "listings")


def default_out() -> Path:
    digest = hashlib.sha256(Path(__file__).read_bytes()).hexdigest()[:12]
    return REPO / ".cache" / "real-corpus" / digest


def generate(out: Path | None = None, *, force: bool = False, quiet: bool = True) -> Path:
    """Generate the corpus into ``out`` (default: the cache dir for this generator); returns it."""
    out = out or default_out()
    if (out / "manifest.json").is_file() and not force:
        return out
    cache = REPO / ".cache" / "real-corpus-downloads"
    cache.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="real-corpus-", dir=str(out.parent) if out.parent.exists() else None))
    tmp = Path(tempfile.mkdtemp(prefix="real-corpus-run-"))
    try:
        b = Builder(work, cache)
        timing = {}
        for name in SOURCES:
            t0 = time.perf_counter()
            fn = globals()[f"src_{name}"]
            try:
                fn(b, tmp) if fn.__code__.co_argcount == 2 else fn(b)
            except Exception as exc:  # noqa: BLE001 - one broken source must not stop the others
                b.corpus.sources_missing.append(f"{name}: {type(exc).__name__}: {exc}")
            timing[name] = round(time.perf_counter() - t0, 2)
            if not quiet:
                print(f"  {name:12} {timing[name]:6.2f} s  cases so far {len(b.corpus.cases)}", file=sys.stderr)
        cases = sorted(b.corpus.cases, key=lambda c: c.id)
        manifest = {
            "generator": default_out().name,
            "python": sys.version.split()[0],
            "cases": [asdict(c) for c in cases],
            "sources_missing": b.corpus.sources_missing,
            "timing_s": timing,
        }
        (work / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False))
        (work / "dropped.json").write_text(json.dumps(sorted(b.corpus.dropped, key=lambda d: d["id"]), indent=1, ensure_ascii=False))
        if out.exists():
            shutil.rmtree(out)
        out.parent.mkdir(parents=True, exist_ok=True)  # a fresh clone has no cache folder yet
        if out == default_out():  # earlier generators' corpora
            for old in out.parent.iterdir():
                if old.is_dir() and old != out and not old.name.startswith("real-corpus-"):
                    shutil.rmtree(old, ignore_errors=True)
        work.rename(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if work.exists() and work != out:
            shutil.rmtree(work, ignore_errors=True)
    return out


@dataclass(frozen=True)
class Sample:
    id: str
    kind: str
    split: str
    source: str
    group: str
    note: str
    content: str


def load(out: Path | None = None) -> list[Sample]:
    """The corpus's cases (generated first when missing), content decoded as the CLI does."""
    out = generate(out)
    manifest = json.loads((out / "manifest.json").read_text())
    return [
        Sample(c["id"], c["kind"], c["split"], c["source"], c["group"], c["note"],
               (out / "files" / c["file"]).read_bytes().decode("utf-8", "surrogateescape"))
        for c in manifest["cases"]
    ]


def manifest(out: Path | None = None) -> dict:
    return json.loads((generate(out) / "manifest.json").read_text())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="directory to write (default: the cache dir)")
    parser.add_argument("--force", action="store_true", help="regenerate even when the cache holds this version")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    out = generate(args.out, force=args.force, quiet=args.quiet)
    m = json.loads((out / "manifest.json").read_text())
    dropped = json.loads((out / "dropped.json").read_text())
    counts = Counter((c["kind"], c["split"]) for c in m["cases"])
    print(f"{out}: {len(m['cases'])} cases, {len(dropped)} dropped, {time.perf_counter() - t0:.1f} s")
    print(f"{'kind':10} {'tune':>6} {'holdout':>8} {'total':>6}")
    for k in KINDS:
        print(f"{k:10} {counts[(k, 'tune')]:6} {counts[(k, 'holdout')]:8} {counts[(k, 'tune')] + counts[(k, 'holdout')]:6}")
    reasons = Counter(d["reason"] if not d["reason"].startswith("duplicate of") else "duplicate" for d in dropped)
    print("dropped:", ", ".join(f"{r} ({n})" for r, n in reasons.most_common(12)))
    if m["sources_missing"]:
        print("sources missing:", "; ".join(m["sources_missing"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
