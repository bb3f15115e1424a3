"""Private probe (detcode, issue 10): real files of this machine the accuracy corpora do not use.

    /work/venvs/detcode/bin/python /work/notes/probe_detcode.py [--out /tmp/detcode-probe/result.json] [--only SRC,...]

Labels each file by its type, runs `default` detection, lists misses by class. Files whose bytes
equal any case of the real or fresh corpus are left out (compared by hash only, never listed).
Extra material: Debian packages downloaded into /tmp/detcode-probe/debs (none of real_corpus's
HARD_DEBS nor fresh_corpus's DEBS), unpacked into /tmp/detcode-probe/x.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import re
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

import toolstub
import yaml

WT = Path("/work/wt/detcode")
PROBE = Path("/tmp/detcode-probe")
CAP = 128 * 1024


def rank(key: str) -> str:
    return hashlib.sha256(("detcode-probe:" + key).encode()).hexdigest()


def corpus_hashes() -> set[str]:
    out = set()
    for base in (WT / ".cache" / "real-corpus", WT / ".cache" / "fresh-corpus"):
        for d in base.iterdir():
            files = d / "files"
            if files.is_dir():
                for p in files.rglob("*"):
                    if p.is_file():
                        out.add(hashlib.sha256(p.read_bytes()).hexdigest())
    return out


def read(p: Path, limit: int = 4 << 20) -> bytes | None:
    try:
        if p.stat().st_size > limit:
            return None
        data = p.read_bytes()
    except OSError:
        return None
    if p.name.endswith(".gz"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError):
            return None
    return data


def head(data: bytes) -> bytes:
    if len(data) <= CAP:
        return data
    cut = data.rfind(b"\n", 0, CAP)
    return data[: cut + 1] if cut > 0 else data[:CAP]


EXT = {
    ".py": "python", ".pyi": "python", ".c": "c", ".h": "c", ".hpp": "cpp", ".cpp": "cpp", ".cc": "cpp",
    ".js": "javascript", ".mjs": "javascript", ".ts": "typescript", ".css": "css", ".scss": "scss", ".less": "less",
    ".pm": "perl", ".pl": "perl", ".cmake": "cmake", ".vim": "vim", ".m4": "m4", ".el": "elisp", ".sh": "shell",
    ".rs": "rust", ".R": "r", ".r": "r", ".f": "fortran", ".f90": "fortran", ".F90": "fortran", ".F": "fortran",
    ".lua": "lua", ".tcl": "tcl", ".rb": "ruby", ".go": "go", ".java": "java", ".awk": "awk", ".php": "php",
}
DOC_EXT = {".md": "markdown", ".json": "json", ".yaml": "yaml", ".yml": "yaml", ".xml": "xml", ".svg": "xml",
           ".html": "html", ".htm": "html", ".rst": "text", ".txt": "text", ".pod": "text", ".csv": "csv"}
#: a construct of the language (a file without one is left out: it may be a stub or a data blob)
CONSTRUCT = {
    "c": r"^\s*#\s*(include|define|if|ifndef)\b|;\s*$", "cpp": r";\s*$|^\s*#\s*include",
    "perl": r"^\s*(package|sub|use|my|our|require|return|1;)|[%@$]\w+\s*=", "vim": r"^\s*(let|function!?|if|set|setl|setlocal|syn|hi|command|au|call|exe|finish|endf|fu|nnoremap|map|augroup)",
    "elisp": r"^\(", "r": r"<-|\bfunction\s*\(|\blibrary\(|\w\(", "rust": r"^\s*(pub|fn|use|mod|struct|enum|impl|const|static|//)",
    "fortran": r"(?i)^\s*(program|module|subroutine|function|end|integer|real|use|implicit|call|double|parameter|c\s)",
    "scss": r"\{|^\s*[$@]\w", "less": r"\{|^\s*@\w", "css": r"\{", "typescript": r"\b(interface|type|declare|export|import|function|class|const)\b",
    "javascript": r"\b(function|const|let|var|import|export|require)\b", "python": r".", "shell": r".", "cmake": r"\w\(",
}


def label(rel: str) -> tuple[str, str] | None:
    base = rel.rsplit("/", 1)[-1]
    if base.endswith(".gz"):
        base = base[:-3]
    if "/doc/" in rel and base.endswith(".txt") and "/vim" in rel:
        return ("text", "vimhelp")
    if base.endswith((".d.ts",)):
        return ("code", "typescript-decl")
    if base.endswith((".min.js", ".min.css", ".map")):
        return None
    dot = base.rfind(".")
    ext = base[dot:] if dot > 0 else ""
    if ext in EXT:
        return ("code", EXT[ext])
    if ext in DOC_EXT:
        return (DOC_EXT[ext], ext[1:])
    if base.split(".")[0].upper() in ("LICENSE", "LICENCE", "COPYING", "AUTHORS", "NEWS", "README", "CHANGES"):
        return ("text", "noext")
    return None


class Probe:
    def __init__(self, skip: set[str]) -> None:
        self.skip = skip
        self.cases: list[dict] = []
        self.seen: set[str] = set()

    def add(self, cid: str, kind: str, cls: str, data: bytes | None, src: str) -> bool:
        if not data or b"\x00" in data[:4096] and kind != "unknown":
            return False
        h = hashlib.sha256(data).hexdigest()
        if h in self.skip or h in self.seen:
            return False
        text = data.decode("utf-8", "surrogateescape")
        if kind == "code":
            lang = cls.split("-")[0]
            if text.count("\n") < 3 or (lang in CONSTRUCT and not re.search(CONSTRUCT[lang], text, re.M)):
                return False
        if kind == "text" and len(text.split()) < 20:
            return False
        if kind in ("json", "yaml", "xml", "html", "ndjson") and len(data) > CAP:
            return False  # a head would not parse (the corpus drops these too)
        self.seen.add(h)
        self.cases.append({"id": cid, "kind": kind, "cls": cls, "src": src, "content": head(data)})
        return True


def walk(root: Path) -> list[Path]:
    out = []
    for dp, dn, fn in os.walk(root):
        dn[:] = sorted(d for d in dn if d not in ("__pycache__", "toolstub", "toolstub.egg-info"))
        out.extend(Path(dp) / f for f in sorted(fn))
    return [p for p in out if p.is_file() and not p.is_symlink()]


def take_tree(pr: Probe, root: Path, src: str, quota: int, per_cls: int | None = None, kinds: set | None = None) -> None:
    got: Counter = Counter()
    files = sorted(walk(root), key=lambda p: rank(str(p)))
    for p in files:
        rel = p.as_posix()
        lab = label(rel)
        if lab is None or (kinds and lab[0] not in kinds):
            continue
        key = f"{lab[0]}:{lab[1]}"
        if got[key] >= (per_cls or quota):
            continue
        if sum(got.values()) >= quota:
            break
        if pr.add(f"{src}:{rel}", lab[0], lab[1], read(p), src):
            got[key] += 1


def run(cmd: list[str], timeout: float = 30) -> bytes | None:
    env = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "HOME": "/tmp", "TERM": "dumb",
           "MANWIDTH": "80", "PAGER": "cat"}
    try:
        r = subprocess.run(cmd, capture_output=True, timeout=timeout, env=env, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout if r.returncode == 0 else None


PY = sys.executable
PYDOC_MODS = """abc argparse array ast asyncio base64 bdb binascii bisect builtins bz2 calendar cmath cmd code codecs collections
colorsys compileall concurrent.futures configparser contextlib copy copyreg csv ctypes curses dataclasses datetime dbm decimal
difflib dis doctest email encodings enum errno faulthandler fcntl filecmp fileinput fnmatch fractions ftplib functools gc
getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html http imaplib importlib inspect io ipaddress itertools
json keyword linecache locale logging lzma mailbox marshal math mimetypes mmap multiprocessing netrc numbers operator optparse
os pathlib pdb pickle pkgutil platform plistlib poplib posix pprint profile pstats pty pwd queue quopri random re readline
reprlib resource rlcompleter runpy sched secrets select selectors shelve shlex shutil signal site smtplib socket socketserver
sqlite3 ssl stat statistics string stringprep struct subprocess symtable sys sysconfig syslog tabnanny tarfile tempfile
termios textwrap threading time timeit token tokenize tomllib trace traceback tracemalloc tty turtle types typing unicodedata
unittest urllib uuid venv warnings wave weakref webbrowser xml.dom xml.etree.ElementTree zipapp zipfile zipimport zlib zoneinfo
yaml click httpx anyio attr hypothesis idna jmespath re2 boto3 fastapi dateutil dotenv certifi distro h11 iniconfig""".split()


def src_pydoc(pr: Probe) -> None:
    for m in PYDOC_MODS:
        pr.add(f"pydoc:{m}", "text", "pydoc", run([PY, "-m", "pydoc", m]), "pydoc")
    for m in ("str", "dict", "list", "int", "os.path", "json.dumps", "re.sub", "collections.OrderedDict", "pathlib.Path"):
        pr.add(f"pydoc:{m}", "text", "pydoc", run([PY, "-m", "pydoc", m]), "pydoc")


def src_sysconfig(pr: Probe) -> None:
    for py in (PY, "/usr/bin/python3"):
        pr.add(f"sysconfig:{py}", "text", "sysconfig", run([py, "-m", "sysconfig"]), "sysconfig")
        out = run([py, "-m", "sysconfig"])
        if out:  # its parts: the paths block and the variables block
            parts = out.split(b"\n\n")
            for i, part in enumerate(parts):
                pr.add(f"sysconfig:{py}#{i}", "text", "sysconfig", part, "sysconfig")
            lines = out.splitlines(keepends=True)
            for start in range(0, len(lines), 150):
                pr.add(f"sysconfig:{py}@{start}", "text", "sysconfig", b"".join(lines[start:start + 150]), "sysconfig")


def src_man(pr: Probe, quota: int = 120) -> None:
    pages = []
    for sec in ("1", "5", "7", "8", "3"):
        d = Path("/usr/share/man") / f"man{sec}"
        if d.is_dir():
            pages += [p for p in sorted(d.iterdir()) if p.name.endswith(".gz")]
    n = 0
    for p in sorted(pages, key=lambda p: rank(str(p))):
        if n >= quota:
            break
        if pr.add(f"man:{p.name}", "text", "man", run(["man", "-P", "cat", str(p)]), "man"):
            n += 1


def src_etc(pr: Probe, quota: int = 250) -> None:
    n = 0
    for p in sorted(walk(Path("/etc")), key=lambda p: rank(str(p))):
        if n >= quota:
            break
        if any(s in p.parts for s in ("ssl", "ssh", "security", "sudoers.d", "alternatives")) or p.name in (
                "shadow", "gshadow", "shadow-", "gshadow-", "sudoers") or p.suffix in (".key", ".pem", ".crt"):
            continue
        data = read(p, 1 << 20)
        if not data:
            continue
        h = data[:256]
        if h.startswith(b"#!"):
            if re.match(rb"#!\s*\S*/(env\s+)?(ba|da|)sh\b", h):
                n += pr.add(f"etc:{p}", "code", "etc-shell", data, "etc")
            continue
        if h.lstrip().startswith(b"<?xml") or p.suffix == ".xml":
            continue
        if p.suffix in (".sh", ".bash") or "profile.d" in p.parts or "bash_completion.d" in p.parts or "Xsession.d" in p.parts \
                or p.name in ("profile", "bash.bashrc", "bashrc", ".bashrc"):
            n += pr.add(f"etc:{p}", "code", "etc-shell", data, "etc")
            continue
        lab = label(p.name)
        if lab and lab[0] != "text":
            continue
        if len(re.findall(rb"^\s*(?:if|then|fi|case|esac|for|do|done|export|unset|elif)\b", data, re.M)) >= 3:
            continue
        try:
            if isinstance(yaml.safe_load(data.decode("utf-8", "replace")), dict):
                continue
        except yaml.YAMLError:
            pass
        n += pr.add(f"etc:{p}", "text", "etc", data, "etc")


def src_debs(pr: Probe) -> None:
    for pkg in sorted((PROBE / "x").iterdir()):
        take_tree(pr, pkg, f"deb:{pkg.name}", 80, per_cls=30)


def src_vim(pr: Probe) -> None:
    root = Path("/usr/share/vim/vim90")
    take_tree(pr, root, "vim", 400, per_cls=200)


def src_include(pr: Probe) -> None:
    take_tree(pr, Path("/usr/include"), "include", 300)


def src_perl(pr: Probe) -> None:
    for root in (Path("/usr/share/perl/5.36"), Path("/usr/lib/x86_64-linux-gnu/perl/5.36"), Path("/usr/lib/x86_64-linux-gnu/perl-base"),
                 Path("/usr/share/perl5"), Path("/usr/lib/x86_64-linux-gnu/perl5")):
        if root.is_dir():
            take_tree(pr, root, f"perl:{root}", 120, per_cls=100)


def src_emacs(pr: Probe) -> None:
    take_tree(pr, Path("/usr/share/emacs"), "emacs", 50)


def src_site(pr: Probe) -> None:
    root = Path(PY).resolve().parent.parent / "lib" / "python3.11" / "site-packages"
    root = Path("/work/venvs/detcode/lib/python3.11/site-packages")
    take_tree(pr, root, "site", 600, per_cls=200)


SOURCES = ("pydoc", "sysconfig", "man", "etc", "debs", "vim", "include", "perl", "emacs", "site")


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(PROBE / "result.json"))
    ap.add_argument("--only", default="")
    ap.add_argument("--rules", default="default")
    ap.add_argument("--cached", action="store_true")
    args = ap.parse_args()
    cache = PROBE / "cases.json"
    import pickle
    if args.cached and cache.is_file():
        pr = Probe(set())
        pr.cases = pickle.loads(cache.read_bytes())
    else:
        pr = Probe(corpus_hashes())
        srcs = [s for s in SOURCES if not args.only or s in args.only.split(",")]
        for s in srcs:
            t0 = time.time()
            globals()[f"src_{s}"](pr)
            print(f"{s}: {len(pr.cases)} cases so far ({time.time() - t0:.1f}s)", file=sys.stderr)
        cache.write_bytes(pickle.dumps(pr.cases))
    missdir = PROBE / "miss"
    missdir.mkdir(exist_ok=True)
    for old in missdir.iterdir():
        old.unlink()
    rules = toolstub.load_rules(args.rules) if args.rules.endswith(".yaml") else args.rules
    misses, per = [], defaultdict(Counter)
    slow = []
    for c in pr.cases:
        text = c["content"].decode("utf-8", "surrogateescape")
        t0 = time.perf_counter()
        got = toolstub.synopsize(text, rules=rules).kind
        dt = time.perf_counter() - t0
        if dt > 1.0:
            slow.append((dt, c["id"]))
        per[f"{c['kind']}/{c['cls']}"]["n"] += 1
        if got != c["kind"]:
            per[f"{c['kind']}/{c['cls']}"][f"->{got}"] += 1
            misses.append({"id": c["id"], "kind": c["kind"], "cls": c["cls"], "got": got, "file": f"{len(misses):03d}"})
            (missdir / f"{len(misses) - 1:03d}").write_bytes(c["content"])
    n = len(pr.cases)
    print(f"probe: {n} cases, {len(misses)} misses ({100 * (n - len(misses)) / max(n, 1):.2f} % right)")
    for k in sorted(per):
        wrong = {m: v for m, v in per[k].items() if m != "n"}
        print(f"  {k:28} n={per[k]['n']:4}  {' '.join(f'{m}:{v}' for m, v in wrong.items())}")
    for dt, cid in slow:
        print(f"  SLOW {dt:.2f}s {cid}")
    Path(args.out).write_text(json.dumps({"n": n, "misses": misses}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
