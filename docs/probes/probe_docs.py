"""Detection probe (docs, issue 10): documentation files as agents meet them, outside the accuracy corpora,
for the markdown / text boundary. An exploration tool, not a test.

    python docs/probes/probe_docs.py [--fetch] [--cached] [--probe /tmp/docs-probe] [--corpus-cache .cache]
        [--per-kind 60] [--show N] [--out result.json]

Material (``--fetch`` downloads it into ``--probe``; without it the archives already there are used), none of
it named by tests/accuracy/real_corpus.py or fresh_corpus.py (nor by the earlier probes' package lists):
- Debian packages fetched with ``apt-get download`` (not installed here): their /usr/share/doc (README, NEWS,
  TODO, FAQ, AUTHORS, THANKS, release notes, ``.txt``/``.md``/``.rst`` docs), man pages rendered with
  ``man -l`` and GNU info files;
- npm packages (``npm pack``): README/CHANGELOG/History/docs Markdown and plain-text files;
- PyPI sdists (``pip download --no-deps --no-binary :all:``): README/CHANGES/docs in ``.rst``, ``.txt``, ``.md``;
- the ``.gz`` documents of /usr/share/doc of the installed packages (the real corpus skips ``.gz`` files
  there, except ``changelog.Debian.gz``, ``changelog.gz``, ``copyright``, which are left out here too);
- ``--help`` output of the programs those Debian packages ship, run from the unpacked tree when they run.

Labels, by file type only (the real corpus's rules, ``real_corpus.label_by_name`` and ``validate``,
imported, never edited): ``.md``/``.markdown`` is markdown when markdown-it finds two Markdown features in
it; ``.rst``, ``.txt`` and the plain document names (README, NEWS, CHANGES, AUTHORS, THANKS, and here also
TODO, HISTORY, INSTALL, BUGS, FAQ, ChangeLog, ReleaseNotes) are text, a name without an extension written
in Markdown (a heading and a link, fence, code span or image) being dropped as ambiguous, as the corpus
does; man and info pages and ``--help`` pages are text. Left out as not documents: ``CMakeLists.txt``,
``requirements*.txt``, ``*.txt`` under tests/fixtures/data directories, licence files named ``.md``
with no Markdown (the validation drops them). A file whose capped bytes equal a case of the real or fresh
corpus is skipped (by hash).

The report: accuracy of ``default`` and of ``openviking-compat`` (on the seed's kinds: text), misses by
class, and the files where compat is right and default wrong. Misses are written to PROBE/miss/ for reading.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import tarfile
import time
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "tests" / "accuracy"))

import real_corpus as rc  # noqa: E402  (read only: its labels and validation)
import toolstub  # noqa: E402

CAP = rc.CAP
DEBS = (
    "tmux", "nano", "gnupg", "bash-doc", "texinfo", "autoconf", "automake", "libtool", "bison", "flex", "m4",
    "gettext-doc", "sqlite3-doc", "haproxy", "squid", "chrony", "openvpn", "nftables", "ufw", "logrotate", "cron",
    "at", "sudo", "dnsmasq", "memcached", "sox", "mc", "htop", "sysstat", "ltrace", "exuberant-ctags", "global",
    "doxygen", "groff", "tcsh", "fish", "nmap", "socat", "tcpdump", "iperf3", "aria2", "lftp", "unison",
    "duplicity", "borgbackup", "restic", "pass", "stow", "etckeeper", "moreutils", "parallel", "pv", "wdiff",
    "colordiff", "patchutils", "subversion", "darcs", "tig", "ghostscript", "graphviz", "asciidoc-base",
    "hunspell", "ispell",
)
NPM = (
    "react", "vue-router", "three", "leaflet", "chart.js", "less", "sass", "postcss", "autoprefixer", "browserify",
    "gulp", "grunt", "karma", "jasmine", "jest", "ava", "tap", "nyc", "@babel/core", "core-js", "bluebird", "q",
    "ramda", "immutable", "luxon", "date-fns", "validator", "numeral", "colors", "minimatch", "micromatch", "ms",
    "mime", "send", "serve-static", "connect", "cookie", "express-session", "multer", "busboy", "formidable",
    "nodemailer", "jsonwebtoken", "node-forge", "tar", "archiver", "jszip", "xml2js", "sax", "htmlparser2", "jsdom",
    "graphql", "mqtt", "ioredis", "pg", "mysql", "mongodb", "lowdb", "showdown", "remark", "prismjs", "codemirror",
    "quill", "mustache", "nunjucks", "liquidjs", "lit", "preact", "svelte", "mithril", "backbone", "knockout",
    "node-gyp", "npm-check-updates", "lerna", "husky", "lint-staged", "standard", "xo", "nan", "bindings",
    "cross-env", "concurrently",
)
PYPI = (
    "flask", "jinja2", "sqlalchemy", "celery", "tornado", "paramiko", "fabric", "invoke", "tox", "virtualenv",
    "coverage", "alembic", "marshmallow", "gunicorn", "psutil", "lxml", "sqlparse", "arrow", "simplejson",
    "beautifulsoup4", "scrapy", "mock", "pexpect", "pyserial", "pyparsing", "decorator", "greenlet", "kombu", "redis",
    "pymongo", "peewee", "bottle", "cherrypy", "pyramid", "falcon", "webob", "waitress", "zope.interface",
    "setuptools-scm", "flit", "pip-tools", "twine", "keyring", "passlib", "itsdangerous", "colorama", "tqdm",
    "prompt_toolkit", "jedi", "parso", "pylint", "flake8", "pycodestyle", "autopep8", "isort", "bandit", "sympy", "nltk",
)
#: plain document names (the corpus's list, and the other names documentation goes by)
DOC_NAMES = rc._TEXT_NAMES + ("TODO", "HISTORY", "INSTALL", "BUGS", "FAQ", "ChangeLog", "CHANGELOG", "ReleaseNotes",
                              "RELEASE-NOTES", "RELEASE_NOTES", "CONTRIBUTORS", "CREDITS", "HACKING", "SECURITY")
#: per source tree and kind: at most this many files (a big package does not drown the others; --per-kind)
PER_KIND = 60
#: .txt files that are not documents
NOT_DOC = re.compile(r"(?:^|/)(?:CMakeLists\.txt|requirements[^/]*\.txt|[^/]*constraints[^/]*\.txt|robots\.txt"
                     r"|(?:entry_points|top_level|SOURCES|dependency_links|not-zip-safe|namespace_packages)\.txt)$"
                     r"|/requirements/|\.git_archival\.txt$|/tests?/|/fixtures?/|/testdata/|/test-data/|/data/|/examples?/|/samples?/|/__snapshots__/", re.I)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def rank(key: str) -> str:
    return hashlib.sha256(("docs-probe:" + key).encode()).hexdigest()


def corpus_hashes(cache: Path) -> set[str]:
    out: set[str] = set()
    for base in (cache / "real-corpus", cache / "fresh-corpus"):
        if base.is_dir():
            for p in base.rglob("*"):
                if p.is_file() and p.parent.name == "files":
                    out.add(sha(p.read_bytes()))
    return out


def head(data: bytes) -> bytes:
    if len(data) <= CAP:
        return data
    cut = data.rfind(b"\n", 0, CAP)
    return data[: cut + 1] if cut > 0 else data[:CAP]


def label(rel: str) -> tuple[str, str] | None:
    """(kind, note) of a documentation file by its name: the corpus's rule for .md/.rst/.txt and plain names."""
    base = rel.rsplit("/", 1)[-1]
    if base.endswith(".gz"):
        base = base[:-3]
    if NOT_DOC.search(rel):
        return None
    if base.endswith((".md", ".markdown")):
        return ("markdown", "")
    if base.endswith(".rst"):
        return ("text", "rst")
    if base.endswith(".txt"):
        return ("text", "")
    stem = base.split(".", 1)[0]
    if any(stem.upper() == n.upper() or stem.upper().startswith(n.upper() + "-") for n in DOC_NAMES) or re.match(
            r"v?\d[\d.]*-ReleaseNotes$", base):
        if "." in base and not re.search(r"\.(?:Debian|debian|txt|\d[\d.]*)$", base):
            return None  # README.html, NEWS.pdf, TODO.el: another type
        return ("text", "noext") if "." not in base else ("text", "")
    return None


def doc_class(cid: str, kind: str) -> str:
    """A coarse class of a case, for the report: its kind and what sort of document it is."""
    base = cid.rsplit("/", 1)[-1].removesuffix(".gz")
    stem = re.sub(r"\.(?:md|markdown|rst|txt)$", "", base).upper()
    for cls, names in (("changelog", ("CHANGE", "HISTORY", "NEWS", "RELEASE", "-RELEASENOTES", "RELNOTES", "WHATSNEW")),
                       ("readme", ("README",)), ("todo", ("TODO",)), ("install", ("INSTALL",)),
                       ("authors", ("AUTHORS", "THANKS", "CONTRIBUTORS", "CREDITS")), ("license", ("LICEN", "COPYING")),
                       ("faq", ("FAQ",)), ("contributing", ("CONTRIBUTING", "HACKING", "SECURITY", "CODE_OF_CONDUCT"))):
        if any(n in stem for n in names):
            break
    else:
        cls = "doc"
    if cid.startswith(("help:", "man:", "info:")):
        cls = cid.split(":", 1)[0]
    ext = "rst" if base.endswith(".rst") else "txt" if base.endswith(".txt") else "md" if base.endswith((".md", ".markdown")) else "noext"
    return f"{kind}/{ext}/{cls}"


class Probe:
    def __init__(self, skip: set[str]) -> None:
        self.skip = skip
        self.seen: set[str] = set()
        self.cases: list[dict] = []
        self.dropped: Counter = Counter()

    def add(self, cid: str, kind: str, note: str, data: bytes | None, src: str) -> bool:
        if not data:
            return False
        data = head(data)
        h = sha(data)
        if h in self.skip:
            self.dropped["in corpus"] += 1
            return False
        if h in self.seen:
            return False
        why = rc.validate(kind, data, note)
        if why is not None:
            self.dropped[f"{kind}: {why}"] += 1
            return False
        self.seen.add(h)
        self.cases.append({"id": cid, "kind": kind, "cls": doc_class(cid, kind), "src": src, "content": data})
        return True


def walk(root: Path) -> list[Path]:
    out = []
    for dp, dn, fn in os.walk(root):
        dn[:] = sorted(d for d in dn if d not in ("node_modules", "__pycache__", ".git"))
        out.extend(Path(dp) / f for f in sorted(fn))
    return [p for p in out if p.is_file() and not p.is_symlink()]


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


def run(cmd, *, cwd=None, timeout=20, env=None) -> bytes | None:
    base = {"PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "HOME": "/tmp/docs-probe/home",
            "TERM": "dumb", "COLUMNS": "100", "MANWIDTH": "80", "PAGER": "cat", "MANPAGER": "cat"}
    base.update(env or {})
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, env=base, check=False,
                           stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout + r.stderr


def take_tree(pr: Probe, root: Path, src: str) -> None:
    got: Counter = Counter()
    for p in sorted(walk(root), key=lambda p: rank(str(p))):
        rel = "/" + p.relative_to(root).as_posix()
        if re.search(r"/(?:changelog\.Debian|changelog|NEWS\.Debian)\.gz$|/copyright$", rel):
            continue  # the corpus's own Debian document groups
        lab = label(rel)
        if lab is None or got[lab[0]] >= PER_KIND:
            continue
        if pr.add(f"{src}:{rel}", lab[0], lab[1], read(p), src):
            got[lab[0]] += 1


# --------------------------------------------------------------------------- fetching


def fetch(probe: Path) -> None:
    for sub in ("debs", "npm", "pypi"):
        (probe / sub).mkdir(parents=True, exist_ok=True)
    for pkg in DEBS:
        if not list((probe / "debs").glob(f"{pkg}_*.deb")):
            run(["apt-get", "download", pkg], cwd=probe / "debs", timeout=120)
    for spec in NPM:
        run(["npm", "pack", "--silent", spec], cwd=probe / "npm", timeout=120)
    for spec in PYPI:
        run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-q", spec],
            cwd=probe / "pypi", timeout=300)


def unpack(probe: Path) -> None:
    x = probe / "x"
    for deb in sorted((probe / "debs").glob("*.deb")):
        dest = x / "deb" / deb.name.split("_")[0]
        if not dest.is_dir():
            dest.mkdir(parents=True)
            run(["dpkg-deb", "-x", str(deb), str(dest)], timeout=120)
    for tgz in sorted((probe / "npm").glob("*.tgz")):
        dest = x / "npm" / tgz.name[: -len(".tgz")]
        if not dest.is_dir():
            dest.mkdir(parents=True)
            with tarfile.open(tgz) as tf:
                tf.extractall(dest, filter="data")
    for arc in sorted((probe / "pypi").glob("*")):
        name = re.sub(r"\.(tar\.gz|zip|tar\.bz2)$", "", arc.name)
        dest = x / "pypi" / name
        if dest.is_dir() or not arc.name.endswith((".tar.gz", ".zip", ".tar.bz2")):
            continue
        dest.mkdir(parents=True)
        try:
            if arc.name.endswith(".zip"):
                with zipfile.ZipFile(arc) as zf:
                    zf.extractall(dest)
            else:
                with tarfile.open(arc) as tf:
                    tf.extractall(dest, filter="data")
        except (tarfile.TarError, zipfile.BadZipFile, OSError):
            pass


# --------------------------------------------------------------------------- sources


def src_debs(pr: Probe, probe: Path) -> None:
    for root in sorted((probe / "x" / "deb").iterdir()):
        take_tree(pr, root / "usr" / "share" / "doc", f"deb:{root.name}")


def src_npm(pr: Probe, probe: Path) -> None:
    for root in sorted((probe / "x" / "npm").iterdir()):
        take_tree(pr, root, f"npm:{root.name}")


def src_pypi(pr: Probe, probe: Path) -> None:
    for root in sorted((probe / "x" / "pypi").iterdir()):
        take_tree(pr, root, f"pypi:{root.name}")


def src_sharedoc(pr: Probe, probe: Path) -> None:
    """The .gz documents of the installed packages' /usr/share/doc (the real corpus reads none of them)."""
    root = Path("/usr/share/doc")
    for pkg in sorted(root.iterdir()):
        if pkg.name == "git":
            continue
        got: Counter = Counter()
        for p in sorted(walk(pkg), key=lambda p: rank(str(p))):
            rel = p.as_posix()
            if not rel.endswith(".gz") or re.search(r"/(?:changelog\.Debian|changelog|NEWS\.Debian)\.gz$", rel):
                continue
            lab = label(rel)
            if lab is None or got[lab[0]] >= PER_KIND:
                continue
            if pr.add(f"fs:{rel}", lab[0], lab[1], read(p), "sharedoc"):
                got[lab[0]] += 1


def src_man(pr: Probe, probe: Path) -> None:
    """man pages of the fetched packages rendered with ``man -l``, GNU info files: text."""
    for root in sorted((probe / "x" / "deb").iterdir()):
        pages = sorted(walk(root / "usr" / "share" / "man"), key=lambda p: rank(str(p)))
        pages = [p for p in pages if re.search(r"/man/man\d/[^/]+\.\d\w*\.gz$", p.as_posix())][:4]
        for p in pages:
            pr.add(f"man:{root.name}/{p.name}", "text", "", run(["man", "-l", str(p)], timeout=30), "man")
        infos = [p for p in walk(root / "usr" / "share" / "info") if p.name.endswith(".gz")]
        for p in sorted(infos, key=lambda p: rank(str(p)))[:3]:
            pr.add(f"info:{root.name}/{p.name}", "text", "", read(p), "info")


def src_help(pr: Probe, probe: Path) -> None:
    """``--help`` of the programs the fetched packages ship, where they run from the unpacked tree."""
    for root in sorted((probe / "x" / "deb").iterdir()):
        progs = [p for d in ("usr/bin", "usr/sbin", "bin") for p in walk(root / d) if os.access(p, os.X_OK)]
        env = {"LD_LIBRARY_PATH": ":".join(str(root / d) for d in ("usr/lib/x86_64-linux-gnu", "lib/x86_64-linux-gnu"))}
        for p in sorted(progs, key=lambda p: rank(str(p)))[:4]:
            out = run([str(p), "--help"], env=env, timeout=10)
            if out and len(out.splitlines()) >= 5 and not re.search(rb"error while loading shared|not found|No such file",
                                                                     out[:300]):
                pr.add(f"help:{root.name}/{p.name} --help", "text", "", out, "help")


SOURCES = ("debs", "npm", "pypi", "sharedoc", "man", "help")


def main() -> int:
    global PER_KIND
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe", default="/tmp/docs-probe")
    ap.add_argument("--corpus-cache", default=str(REPO / ".cache"))
    ap.add_argument("--fetch", action="store_true")
    ap.add_argument("--cached", action="store_true", help="reuse the cases of the last run (cases.pickle)")
    ap.add_argument("--per-kind", type=int, default=PER_KIND)
    ap.add_argument("--show", type=int, default=0, help="print the ids of this many misses per class")
    ap.add_argument("--out", default="")
    args = ap.parse_args()
    probe = Path(args.probe)
    PER_KIND = args.per_kind
    cache = probe / f"cases-{PER_KIND}.pickle"
    if args.cached and cache.is_file():
        pr = Probe(set())
        pr.cases = pickle.loads(cache.read_bytes())
    else:
        if args.fetch:
            fetch(probe)
        unpack(probe)
        pr = Probe(corpus_hashes(Path(args.corpus_cache)))
        for s in SOURCES:
            t0 = time.time()
            globals()[f"src_{s}"](pr, probe)
            print(f"{s}: {len(pr.cases)} cases so far ({time.time() - t0:.1f} s)", file=sys.stderr)
        cache.write_bytes(pickle.dumps(pr.cases))
        print("dropped:", dict(pr.dropped.most_common(12)), file=sys.stderr)
    missdir = probe / "miss"
    shutil.rmtree(missdir, ignore_errors=True)
    missdir.mkdir(parents=True)
    rows = []
    for c in pr.cases:
        text = c["content"].decode("utf-8", "surrogateescape")
        got = {r: toolstub.synopsize(text, rules=r).kind for r in ("default", "openviking-compat")}
        rows.append({**{k: c[k] for k in ("id", "kind", "cls")}, **got})
    n = len(rows)
    right = sum(r["default"] == r["kind"] for r in rows)
    seed = [r for r in rows if r["kind"] in {"text"}]
    cright = sum(r["openviking-compat"] == r["kind"] for r in seed)
    crdw = [r for r in seed if r["openviking-compat"] == r["kind"] != r["default"]]
    print(f"probe: {n} cases; default {right}/{n} ({100 * right / max(n, 1):.2f} %); "
          f"compat (seed kinds) {cright}/{len(seed)} ({100 * cright / max(len(seed), 1):.2f} %)")
    by_kind: dict = defaultdict(Counter)
    by_cls: dict = defaultdict(Counter)
    names: dict = defaultdict(list)
    for r in rows:
        by_kind[r["kind"]]["n"] += 1
        by_cls[r["cls"]]["n"] += 1
        if r["default"] != r["kind"]:
            by_kind[r["kind"]]["->" + r["default"]] += 1
            by_cls[r["cls"]]["->" + r["default"]] += 1
            names[r["cls"]].append(r["id"])
    for title, table in (("by kind", by_kind), ("misses by class", by_cls)):
        print(title + ":")
        for k in sorted(table):
            wrong = {m: v for m, v in table[k].items() if m != "n"}
            if wrong or title == "by kind":
                print(f"  {k:28} n={table[k]['n']:5}  {' '.join(f'{m}:{v}' for m, v in sorted(wrong.items()))}")
                for cid in names[k][: args.show]:
                    print(f"      {cid}")
    print(f"compat right, default wrong: {len(crdw)}")
    for r in crdw:
        print(f"  {r['id']}  ({r['kind']} -> {r['default']})")
    misses = []
    for c, r in zip(pr.cases, rows):
        if r["default"] != r["kind"]:
            name = f"{len(misses):04d}"
            misses.append({"file": name, "id": r["id"], "kind": r["kind"], "got": r["default"], "cls": r["cls"]})
            (missdir / name).write_bytes(c["content"])
    (Path(args.out) if args.out else probe / "result.json").write_text(json.dumps(
        {"n": n, "right": right, "compat_right_default_wrong": [r["id"] for r in crdw], "misses": misses}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
