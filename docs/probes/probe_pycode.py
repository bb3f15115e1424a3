"""Probe (pycode, issue 10, CODE <-> TEXT): source files of registry packages the corpora do not name.

    /work/venvs/pycode/bin/python docs/probes/probe_pycode.py [--probe /tmp/pycode-probe] [--fetch] [--cached]
        [--per-kind N] [--show N] [--rules default]

Shaped like the real corpus's CODE sources (wheels/sdists, npm packages, Debian packages' shipped sources),
drawn from packages that neither tests/accuracy/real_corpus.py nor tests/accuracy/fresh_corpus.py (nor the
earlier probes) name: ``--fetch`` runs ``apt-get download``, ``npm pack`` and ``pip download --no-deps`` into
``--probe`` and unpacks them. Each file is labelled by its name as the corpora label it (``label_by_name``,
the fresh set's extra languages, the hard sources' languages; a few file types they never meet: C++ sources,
``.jsx``/``.tsx``, PowerShell, zsh, Kotlin, Scala, Swift), and validated independently of our detectors:
``real_corpus.validate`` (Python compiles, three lines, a construct of the language), the fresh and hard sets'
construct patterns, ``node`` parses the JavaScript, ``bash -n`` accepts the shell. Files whose bytes equal a
case of the real or fresh corpus are left out (by hash only, never listed). Text: READMEs, ``.txt``, ``.rst``,
licences, changelogs of the same packages (test fixture folders left out); Markdown: ``.md`` files.

Prints per kind (and per language) how many files ``default`` gets right, the misses grouped by class, and
the cases where ``openviking-compat`` (seed kinds only) is right and ``default`` wrong. Misses are written
to PROBE/miss/NNN (their ids in PROBE/result.json).
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import os
import pickle
import re
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

import fresh_corpus as fc  # noqa: E402  (read only: its labels and construct patterns)
import real_corpus as rc  # noqa: E402  (read only: its labels and validation)
import toolstub  # noqa: E402

CAP = rc.CAP
DEBS = (
    # Ruby, Go, Rust
    "ruby-sinatra", "ruby-rspec-core", "ruby-i18n", "rake", "ruby-activesupport", "puppet-module-puppetlabs-stdlib",
    "golang-github-stretchr-testify-dev", "golang-github-sirupsen-logrus-dev", "golang-github-gorilla-mux-dev",
    "golang-github-spf13-pflag-dev", "librust-serde-json-dev", "librust-clap-dev", "librust-rand-dev", "librust-memchr-dev",
    "librust-syn-dev", "librust-bitflags-dev",
    # C, C++
    "nlohmann-json3-dev", "libfmt-dev", "libcjson-dev", "libyaml-dev", "libjansson-dev", "libzstd-dev", "libeigen3-dev",
    "libgtest-dev", "libboost-regex1.81-dev", "gnulib",
    # shell, Lua, R, Perl, PHP, Emacs Lisp, Vim, Tcl
    "shunit2", "bats", "debootstrap", "initramfs-tools-core", "lua-busted", "lua-json", "lua-cliargs", "lua-say",
    "r-cran-rlang", "r-cran-stringr", "r-cran-dplyr", "libtry-tiny-perl", "libjson-perl", "libtemplate-perl", "libdbi-perl",
    "libmojolicious-perl", "php-twig", "php-symfony-console", "elpa-helm", "elpa-evil", "elpa-paredit", "vim-ctrlp",
    "vim-tabular", "tcl-tls",
)
NPM = ("react", "preact", "leaflet", "chart.js", "date-fns", "luxon", "ramda", "immutable", "acorn", "terser", "coffeescript",
       "less", "sass", "stylus", "postcss", "foundation-sites", "purecss", "@angular/core", "zone.js", "svelte", "typeorm",
       "@types/react", "@types/lodash", "@types/express", "prismjs", "codemirror", "showdown", "katex", "node-gyp", "three")
PYPI = ("flask", "sqlalchemy", "tornado", "pyparsing", "markdown", "paramiko", "psutil", "ujson", "msgpack", "simplejson",
        "bcrypt", "greenlet", "virtualenv", "invoke", "lark", "jedi", "parso", "tqdm", "colorama", "httplib2", "ply", "cython",
        "scons", "docopt", "toolz", "pexpect", "mako")
#: per package: at most this many files of one class (a big package does not drown the others; --per-kind)
PER_KIND = 40
#: test fixtures named .txt hold any format: not labelled text by their name
FIXTURE = re.compile(r"/tests?/(?:[^/]+/)*(?:data|fixtures?|expected|files|samples?)/")

#: file types the corpora never meet, labelled the same way (the type's construct must be in the file)
EXTRA_EXT = {
    ".cc": "cpp", ".cpp": "cpp", ".cxx": "cpp", ".hpp": "cpp", ".hh": "cpp", ".hxx": "cpp", ".jsx": "javascript",
    ".tsx": "typescript", ".ps1": "powershell", ".psm1": "powershell", ".zsh": "shell", ".kt": "kotlin", ".scala": "scala",
    ".swift": "swift", ".rake": "ruby", ".gemspec": "ruby",
}
EXTRA_MARKERS = {
    "cpp": r";\s*$|^\s*#\s*(include|define|if)",
    "powershell": r"(?i)^\s*(function|param|\$\w+\s*=|if\s*\(|foreach\s*\(|[A-Z][a-z]+-[A-Z]\w+)",
    "scala": r"^\s*(package|import|object|class|trait|def|val)\b",
    "swift": r"^\s*(import|func|class|struct|let|var|extension|protocol)\b",
    "groovy": rc._HARD_MARKERS["groovy"],
}


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def rank(key: str) -> str:
    return hashlib.sha256(("pycode-probe:" + key).encode()).hexdigest()


def corpus_hashes(cache: Path) -> set[str]:
    out: set[str] = set()
    for base in (cache / "real-corpus", cache / "fresh-corpus"):
        if base.is_dir():
            for p in base.rglob("*"):
                if p.is_file() and p.parent.name == "files":
                    out.add(sha(p.read_bytes()))
    return out


def label(rel: str) -> tuple[str, str] | None:
    """(kind, language or class) by the file's name, as the corpora label it; None for other files."""
    base = rel.rsplit("/", 1)[-1]
    if base.endswith(".gz"):
        base = base[:-3]
    if "/doc/" in rel and re.match(r"(?:changelog|NEWS)(?:\.Debian)?$", base):
        return ("text", "changelog")
    if base.endswith(".map") or base == "package.json":
        return None
    for suffix, lang in EXTRA_EXT.items():
        if base.endswith(suffix):
            return ("code", lang)
    lab = fc.fresh_label(base)
    if lab is None:
        for suffix, lang in rc._HARD_EXT.items():
            if base.endswith(suffix):
                lab = ("code", f"lang:{lang}")
                break
    if lab is None:
        return None
    kind, note = lab
    if kind == "code":
        return ("code", note.split(":", 1)[1] if note.startswith("lang:") else "code")
    if kind == "text":
        if re.search(r"\.(?:rb|py|js|ts|c|h|go|pl|pm|sh|lua|el|java|php|erb|pp|json|ya?ml|xml|html?|toml|conf|po|pot)$", base):
            return None  # `notice.rb`, `copyright.rb`; configuration and catalogue files are other probes' classes
        if FIXTURE.search(rel):
            return None
        return ("text", note.split()[0] if note else "txt")
    if kind == "markdown":
        return ("markdown", "md")
    return None


def construct(lang: str) -> str | None:
    return (rc._CODE_MARKERS.get(lang) or fc._EXTRA_MARKERS.get(lang) or rc._HARD_MARKERS.get(lang)
            or EXTRA_MARKERS.get(lang))


def bash_ok(data: bytes) -> bool:
    try:
        return subprocess.run(["bash", "-n"], input=data, capture_output=True, timeout=20, check=False).returncode == 0
    except (OSError, subprocess.TimeoutExpired):
        return False


class Probe:
    def __init__(self, skip: set[str]) -> None:
        self.skip = skip
        self.seen: set[str] = set()
        self.cases: list[dict] = []
        self.dropped: Counter = Counter()

    def add(self, cid: str, kind: str, cls: str, data: bytes | None, src: str) -> bool:
        if not data:
            return False
        note = f"lang:{cls}" if kind == "code" else ("noext" if cls == "noext" else "")
        why = rc.validate(kind, data, note)  # the whole file (Python compiles whole, as the corpus checks it)
        if why is None and kind == "code":
            pattern = construct(cls)
            text = data.decode("utf-8", "replace")
            if pattern is not None and not re.search(pattern, text, re.M):
                why = f"no {cls} construct"
            elif cls == "shell" and not bash_ok(data):
                why = "bash -n fails"
        if why is not None:
            self.dropped[f"{kind}: {why}"] += 1
            return False
        data = rc._head_lines(data, CAP) if len(data) > CAP else data
        h = sha(data)
        if h in self.skip:
            self.dropped["in a corpus"] += 1
            return False
        if h in self.seen:
            return False
        self.seen.add(h)
        self.cases.append({"id": cid, "kind": kind, "cls": cls, "src": src, "content": data})
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


def run(cmd: list[str], *, cwd: Path | None = None, timeout: float = 300) -> bytes | None:
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout if r.returncode == 0 else None


def fetch(probe: Path) -> None:
    for sub in ("debs", "npm", "pypi"):
        (probe / sub).mkdir(parents=True, exist_ok=True)
    missing = [pkg for pkg in DEBS if not list((probe / "debs").glob(f"{pkg}_*.deb"))]
    if missing:
        run(["apt-get", "download", "-q", *missing], cwd=probe / "debs")
    for spec in NPM:
        if not list((probe / "npm").glob(f"{spec.lstrip('@').replace('/', '-')}-[0-9]*.tgz")):
            run(["npm", "pack", "--silent", spec], cwd=probe / "npm", timeout=120)
    py = sys.executable
    for spec in PYPI:
        if run([py, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-q", spec], cwd=probe / "pypi") is None:
            run([py, "-m", "pip", "download", "--no-deps", "-q", spec], cwd=probe / "pypi")


def unpack(probe: Path) -> None:
    x = probe / "x"
    for deb in sorted((probe / "debs").glob("*.deb")):
        dest = x / "deb" / deb.name.split("_")[0]
        if not dest.is_dir():
            dest.mkdir(parents=True)
            run(["dpkg-deb", "-x", str(deb), str(dest)])
    for tgz in sorted((probe / "npm").glob("*.tgz")):
        dest = x / "npm" / tgz.name[: -len(".tgz")]
        if not dest.is_dir():
            dest.mkdir(parents=True)
            with tarfile.open(tgz) as tf:
                tf.extractall(dest, filter="data")
    for arc in sorted((probe / "pypi").iterdir()):
        name = re.sub(r"\.(tar\.gz|zip|whl)$", "", arc.name)
        dest = x / "pypi" / name
        if dest.is_dir():
            continue
        dest.mkdir(parents=True)
        if arc.name.endswith(".tar.gz"):
            with tarfile.open(arc) as tf:
                tf.extractall(dest, filter="data")
        elif arc.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(arc) as zf:
                zf.extractall(dest)


def take_tree(pr: Probe, root: Path, src: str, per_kind: int, js_ok: set[str] | None) -> None:
    got: Counter = Counter()
    for p in sorted(walk(root), key=lambda p: rank(str(p))):
        rel = "/" + p.relative_to(root).as_posix()
        lab = label(rel)
        if lab is None:
            continue
        kind, cls = lab
        key = cls if kind == "code" else kind
        if got[key] >= per_kind:
            continue
        if cls == "javascript" and js_ok is not None and str(p) not in js_ok:
            pr.dropped["code: node does not parse it"] += 1
            continue
        if pr.add(f"{src}:{rel}", kind, cls, read(p), src):
            got[key] += 1


def collect(probe: Path, per_kind: int) -> Probe:
    pr = Probe(corpus_hashes(REPO / ".cache"))
    roots = [(root, f"{kind}:{root.name}") for kind in ("deb", "npm", "pypi")
             for root in sorted((probe / "x" / kind).iterdir()) if (probe / "x" / kind).is_dir()]
    js = [(str(p), read(p) or b"") for root, _ in roots for p in walk(root)
          if p.name.endswith((".js", ".mjs", ".cjs", ".jsx")) and not p.name.endswith(".min.js")]
    js_ok = rc._node_parses(js, probe) if js else None
    if js_ok is not None:  # minified bundles too (their own parse)
        js_ok |= rc._node_parses([(str(p), read(p) or b"") for root, _ in roots for p in walk(root)
                                   if p.name.endswith(".min.js")], probe) or set()
    for root, src in roots:
        take_tree(pr, root, src, per_kind, js_ok)
    return pr


SEED_KINDS = {"json", "csv", "tsv", "yaml", "xml", "code", "text", "unknown"}


def judge(cases: list[dict], rules: str, show: int, probe: Path) -> dict:
    missdir = probe / "miss"
    missdir.mkdir(exist_ok=True)
    for old in missdir.iterdir():
        old.unlink()
    per: dict[str, Counter] = defaultdict(Counter)
    by_kind: dict[str, Counter] = defaultdict(Counter)
    misses, compat_wins, slow = [], [], []
    for c in cases:
        text = c["content"].decode("utf-8", "surrogateescape")
        t0 = time.perf_counter()
        got = toolstub.synopsize(text, rules=rules).kind
        dt = time.perf_counter() - t0
        if dt > 1.0:
            slow.append((dt, c["id"]))
        key = f"{c['kind']}/{c['cls']}"
        per[key]["n"] += 1
        by_kind[c["kind"]]["n"] += 1
        if got == c["kind"]:
            per[key]["ok"] += 1
            by_kind[c["kind"]]["ok"] += 1
        else:
            per[key][f"->{got}"] += 1
            name = f"{len(misses):03d}"
            misses.append({"id": c["id"], "kind": c["kind"], "cls": c["cls"], "got": got, "file": name})
            (missdir / name).write_bytes(c["content"])
            if c["kind"] in SEED_KINDS and toolstub.synopsize(text, rules="openviking-compat").kind == c["kind"]:
                compat_wins.append(misses[-1])
    n = len(cases)
    ok = n - len(misses)
    print(f"probe ({rules}): {n} cases, {ok} right ({100 * ok / max(n, 1):.2f} %), {len(misses)} misses")
    for k in sorted(by_kind):
        print(f"  {k:10} {by_kind[k]['ok']:5}/{by_kind[k]['n']:<5} {100 * by_kind[k]['ok'] / by_kind[k]['n']:6.2f} %")
    print("per class:")
    for k in sorted(per):
        wrong = " ".join(f"{m}:{v}" for m, v in per[k].items() if m.startswith("->"))
        print(f"  {k:24} {per[k]['ok']:5}/{per[k]['n']:<5} {wrong}")
    groups: dict[str, list[dict]] = defaultdict(list)
    for m in misses:
        groups[f"{m['kind']}/{m['cls']} -> {m['got']}"].append(m)
    print("misses by class:")
    for g, ms in sorted(groups.items(), key=lambda it: -len(it[1])):
        print(f"  {g} ({len(ms)})")
        for m in ms[:show]:
            print(f"      {m['file']} {m['id']}")
    print(f"compat (seed kinds) right, {rules} wrong: {len(compat_wins)}")
    for m in compat_wins:
        print(f"      {m['file']} {m['id']} ({m['kind']} -> {m['got']})")
    for dt, cid in slow:
        print(f"  SLOW {dt:.2f}s {cid}")
    return {"n": n, "right": ok, "misses": misses, "compat_right_default_wrong": compat_wins}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe", default="/tmp/pycode-probe")
    ap.add_argument("--fetch", action="store_true")
    ap.add_argument("--cached", action="store_true")
    ap.add_argument("--per-kind", type=int, default=PER_KIND)
    ap.add_argument("--show", type=int, default=6)
    ap.add_argument("--rules", default="default")
    args = ap.parse_args()
    probe = Path(args.probe)
    cache = probe / f"cases-{args.per_kind}.pickle"
    if args.fetch:
        fetch(probe)
    if args.cached and cache.is_file():
        cases = pickle.loads(cache.read_bytes())
    else:
        unpack(probe)
        pr = collect(probe, args.per_kind)
        cases = pr.cases
        cache.write_bytes(pickle.dumps(cases))
        print("dropped:", dict(pr.dropped.most_common(12)), file=sys.stderr)
    result = judge(cases, args.rules, args.show, probe)
    (probe / "result.json").write_text(json.dumps(result, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
