"""Detection probe (detmd, issue 10, second round): real material outside the accuracy corpora for the
markdown / text / yaml / log / html kinds. An exploration tool, not a test.

    /work/venvs/detmd/bin/python docs/probes/probe_detmd2.py [--fetch] [--cached] [--only SRC,...]
        [--probe /tmp/detmd-probe] [--corpus-cache .cache] [--out result.json]

Material (``--fetch`` downloads it into ``--probe``; without it the files already there are used):
- Debian packages (``apt-get download``; none of them installed here, none in the corpora's package lists):
  text documents (NEWS, README, TODO, FAQ, changelogs), HTML manuals, YAML (ansible, docker-compose, ...);
- npm packages (``npm pack``, none in the corpora's lists): README/CHANGELOG/docs Markdown, YAML, HTML;
- PyPI sdists (``pip download --no-deps``): YAML test data (CloudFormation, OpenAPI, compose, k8s, ansible);
- logs produced here: pip -v into a throwaway venv, ``apt-get -s``, make of a tiny C project, pytest -v,
  git, journalctl/dmesg, python logging, npm install; /var/log files.

Files are labelled as the real corpus labels them (``label_by_name`` and ``validate`` of
tests/accuracy/real_corpus.py, imported, never edited); a file whose bytes equal a case of the real or
fresh corpus is left out (compared by hash only). Misses are written to ``--probe``/miss/NNN for reading.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import io
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
    # text documents
    "screen", "zsh-common", "mutt", "lynx-common", "units", "rsync", "ripgrep", "fd-find", "bat", "fzf", "xterm",
    "postfix", "exim4-base", "procmail", "fetchmail", "w3m", "elinks", "irssi", "weechat-core", "quilt",
    "mercurial-common", "cvs", "joe", "aspell", "indent", "lua5.4", "hugo",
    # yaml
    "python3-kubernetes", "rubocop", "golang-gopkg-yaml.v2-dev", "ruby-kramdown", "ansible-mitogen", "puppet-agent",
    "prometheus-alertmanager", "ruby-psych", "golang-k8s-sigs-yaml-dev", "ansible-lint", "docker-compose",
    "mkdocs-material", "ansible",
    # html manuals
    "zsh-doc", "debian-reference-en",
)
NPM = (
    "yargs", "debug", "semver", "uuid", "ws", "glob", "minimist", "async", "underscore", "dayjs", "ajv", "koa", "fastify",
    "prettier", "eslint", "webpack", "rollup", "mocha", "chai", "sinon", "nodemon", "dotenv", "cheerio", "immer", "redux",
    "zod", "joi", "yup", "classnames", "handlebars", "pug", "ejs", "docsify", "jsdoc", "@redocly/openapi-core",
    "@apidevtools/swagger-parser", "@kubernetes/client-node", "eslint-plugin-yml", "qs", "object-inspect", "socket.io",
    "express-validator", "passport", "mongoose", "sequelize", "knex", "pino", "winston", "morgan", "helmet", "cors",
    "body-parser", "got", "node-fetch", "superagent", "request", "inquirer", "ora", "listr2", "execa", "shelljs",
    "fs-extra", "rimraf", "mkdirp", "chokidar",
)
PYPI = ("cfn-lint", "ansible-lint", "docker-compose==1.29.2", "kopf", "openapi-core", "connexion",
        "datamodel-code-generator", "molecule", "strictyaml", "mkdocs", "kubernetes", "yq",
        # sdists that ship their GitHub workflows and k8s-shaped test data
        "attrs", "pluggy", "httpx", "rich", "black", "kubernetes-validate")
NPM = NPM + ("@kubernetes/client-node", "kubernetes-models", "docker-compose", "serverless-offline")
#: per source tree: at most this many files of one kind (a big package does not drown the others; --per-kind)
PER_KIND = 40
#: test fixtures named .txt hold any format (datamodel-code-generator's expected outputs are Markdown and
#: Python): not labelled text by their name
FIXTURE = re.compile(r"/tests?/(?:[^/]+/)*(?:data|fixtures?|expected)/")


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def rank(key: str) -> str:
    return hashlib.sha256(("detmd-probe-2:" + key).encode()).hexdigest()


def corpus_hashes(cache: Path) -> set[str]:
    out: set[str] = set()
    for base in (cache / "real-corpus", cache / "fresh-corpus"):
        if not base.is_dir():
            continue
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
    """(kind, note) as the real corpus labels a file of this name."""
    base = rel.rsplit("/", 1)[-1]
    if base.endswith(".gz"):
        base = base[:-3]
    if "/doc/" in rel and re.match(r"(?:changelog|NEWS)(?:\.Debian)?$", base):
        return ("text", "changelog" + ("" if ".Debian" in base else " noext"))
    if base.endswith((".min.js", ".min.css", ".map")) or base in ("package.json",):
        return None
    lab = rc.label_by_name(base)
    if lab and lab[0] == "text" and re.search(r"\.(?:rb|py|js|ts|c|h|go|pl|pm|sh|lua|el|java|php|erb|pp|json|ya?ml|xml|html?)$", base):
        return None  # `notice.rb`, `copyright.rb`: the corpus's text names, but a program by its suffix
    return lab


class Probe:
    def __init__(self, skip: set[str]) -> None:
        self.skip = skip
        self.seen: set[str] = set()
        self.cases: list[dict] = []
        self.dropped: Counter = Counter()

    def add(self, cid: str, kind: str, note: str, data: bytes | None, src: str, cls: str) -> bool:
        if not data:
            return False
        if kind in rc.WHOLE_KINDS and len(data) > CAP:
            self.dropped["too big"] += 1
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
        self.cases.append({"id": cid, "kind": kind, "cls": cls, "src": src, "content": data})
        return True


def walk(root: Path) -> list[Path]:
    out = []
    for dp, dn, fn in os.walk(root):
        dn[:] = sorted(d for d in dn if d not in ("node_modules", "__pycache__"))
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


def take_tree(pr: Probe, root: Path, src: str, cls_of=None) -> None:
    got: Counter = Counter()
    for p in sorted(walk(root), key=lambda p: rank(str(p))):
        rel = p.relative_to(root).as_posix()
        lab = label("/" + rel)
        if lab is None or lab[0] not in ("text", "markdown", "yaml", "html", "log", "xml"):
            continue
        if lab[0] == "text" and FIXTURE.search("/" + rel):
            continue
        if got[lab[0]] >= PER_KIND:
            continue
        cls = cls_of(rel, lab) if cls_of else f"{src.split(':')[0]}-{lab[0]}"
        if pr.add(f"{src}:{rel}", lab[0], lab[1], read(p), src, cls):
            got[lab[0]] += 1


def run(cmd, *, cwd=None, timeout=300, env=None, shell=False, both=True) -> bytes | None:
    base = {"PATH": "/usr/bin:/bin:/usr/local/bin", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "HOME": "/tmp/detmd-probe/home",
            "TERM": "dumb"}
    base.update(env or {})
    try:
        r = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, env=base, shell=shell, check=False)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return r.stdout + (r.stderr if both else b"")


# --------------------------------------------------------------------------- fetching


def fetch(probe: Path) -> None:
    for sub in ("debs", "npm", "pypi", "home"):
        (probe / sub).mkdir(parents=True, exist_ok=True)
    for pkg in DEBS:
        if not list((probe / "debs").glob(f"{pkg}_*.deb")):
            run(["apt-get", "download", pkg], cwd=probe / "debs")
    for spec in NPM:
        run(["npm", "pack", "--silent", spec], cwd=probe / "npm", timeout=120)
    for spec in PYPI:
        if run([sys.executable, "-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "-q", spec],
               cwd=probe / "pypi", timeout=300) is None:
            run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", spec], cwd=probe / "pypi", timeout=300)


def unpack(probe: Path) -> None:
    x = probe / "x"
    x.mkdir(exist_ok=True)
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


# --------------------------------------------------------------------------- sources


def src_debs(pr: Probe, probe: Path) -> None:
    for root in sorted((probe / "x" / "deb").iterdir()):
        take_tree(pr, root, f"deb:{root.name}")


def src_npm(pr: Probe, probe: Path) -> None:
    for root in sorted((probe / "x" / "npm").iterdir()):
        take_tree(pr, root, f"npm:{root.name}")


def src_pypi(pr: Probe, probe: Path) -> None:
    for root in sorted((probe / "x" / "pypi").iterdir()):
        take_tree(pr, root, f"pypi:{root.name}")


def _log(pr: Probe, cid: str, data: bytes | None, cls: str, windows: bool = True) -> None:
    """A command's output, whole and (for long ones) in windows of 60 and 200 lines, as the corpus cuts them."""
    if not data:
        return
    pr.add(cid, "log", "", data, "cmd", cls)
    lines = data.splitlines(keepends=True)
    if windows and len(lines) > 120:
        for size in (60, 200):
            for start in (0, len(lines) // 2):
                part = b"".join(lines[start:start + size])
                pr.add(f"{cid}@{start}+{size}", "log", "", part, "cmd", cls)


def src_logs(pr: Probe, probe: Path) -> None:
    work = probe / "work"
    work.mkdir(exist_ok=True)
    py = "/usr/bin/python3"
    venv = work / "venv"
    if not venv.is_dir():
        run([py, "-m", "venv", str(venv)])
    # pip: verbose installs of downloaded sdists (offline: no index), and a dry run
    for arc in sorted((probe / "pypi").glob("*.tar.gz"))[:4]:
        _log(pr, f"pip install -v --no-deps {arc.name}", run([str(venv / "bin/pip"), "install", "-v", "--no-deps",
             "--no-index", "--no-build-isolation", str(arc)], timeout=300), "pip-v")
    _log(pr, "pip list -v", run([str(venv / "bin/pip"), "list", "-v"]), "pip")
    # two online installs (a wheel, an sdist built here), into a venv made afresh
    fresh = work / "venv2"
    if fresh.is_dir():
        shutil.rmtree(fresh)
    run([py, "-m", "venv", str(fresh)])
    _log(pr, "pip install -v iniconfig", run([str(fresh / "bin/pip"), "install", "-v", "iniconfig==2.0.0"]), "pip-v")
    _log(pr, "pip install -v --no-binary six", run([str(fresh / "bin/pip"), "install", "-v", "--no-binary", ":all:",
         "six==1.16.0"]), "pip-v")
    # apt-get -s (simulation, no root needed)
    for pkgs in (["screen"], ["ansible"], ["postfix", "mutt"], ["hugo", "xterm"], ["docker-compose"]):
        _log(pr, f"apt-get -s install {' '.join(pkgs)}", run(["apt-get", "-s", "install", *pkgs]), "apt-s")
    _log(pr, "apt-get -s upgrade", run(["apt-get", "-s", "upgrade"]), "apt-s")
    # make of a tiny C project, with a warning and an error
    proj = work / "cproj"
    if proj.is_dir():
        shutil.rmtree(proj)
    proj.mkdir()
    (proj / "a.c").write_text('#include <stdio.h>\nint f(int x) { int unused; return x; }\nint main(void) { printf("%d\\n", f(1)); return 0; }\n')
    (proj / "b.c").write_text("int g(void) { return h(); }\nint k(char *p) { return p; }\n")
    (proj / "Makefile").write_text("CFLAGS=-Wall -Wextra -O2\nall: prog\nprog: a.o b.o\n\t$(CC) -o $@ $^\n%.o: %.c\n\t$(CC) $(CFLAGS) -c $< -o $@\n")
    _log(pr, "make (tiny C project)", run(["make", "-k"], cwd=proj), "make")
    _log(pr, "make -d (tiny C project)", run(["make", "-d", "-k", "-B"], cwd=proj), "make-d")
    # pytest -v of a tiny suite (the probe's venv has pytest)
    tdir = work / "ptest"
    tdir.mkdir(exist_ok=True)
    (tdir / "test_a.py").write_text(
        "import logging, pytest\n\ndef test_ok():\n    assert 1\n\ndef test_fail():\n    logging.getLogger('x').warning('careful')\n"
        "    assert {'a': 1} == {'a': 2}\n\n@pytest.mark.skip(reason='later')\ndef test_skip():\n    pass\n\n"
        "@pytest.mark.parametrize('n', range(12))\ndef test_param(n):\n    assert n % 5\n")
    for flags in (["-v"], ["-v", "-rA"], ["-q"], ["-v", "--tb=line"], ["-v", "-s", "--log-cli-level=INFO"]):
        _log(pr, f"pytest {' '.join(flags)}", run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", *flags, str(tdir)]), "pytest")
    # git output
    g = ["git", "-C", str(REPO)]
    # the corpus labels `git log` text (a listing of commits), GIT_TRACE output log
    for args in (["log", "--stat", "-n", "15"], ["log", "-n", "40"], ["log", "--oneline", "--graph", "-n", "80"]):
        out = run(g + args, both=False)
        if out:
            pr.add(f"git {' '.join(args)}", "text", "", out, "cmd", "git-log-text")
    _log(pr, "GIT_TRACE git status", run(g + ["status"], env={"GIT_TRACE": "1"}), "git-trace")
    # journal and kernel
    _log(pr, "journalctl -n 300", run(["journalctl", "--no-pager", "-n", "300"], both=False), "journal")
    _log(pr, "journalctl -o short-iso", run(["journalctl", "--no-pager", "-o", "short-iso", "-n", "200"], both=False), "journal")
    _log(pr, "dmesg", run(["dmesg"], both=False), "dmesg")
    # python logging in a few formats
    prog = (
        "import logging, sys, warnings\nfmt = sys.argv[1]\nlogging.basicConfig(level=logging.DEBUG, format=fmt, stream=sys.stdout)\n"
        "log = logging.getLogger('app.worker')\nfor i in range(40):\n"
        "    log.debug('tick %d', i)\n    if i % 7 == 0: log.info('processed batch %d of 40 (%d items)', i, i * 13)\n"
        "    if i % 11 == 0: log.warning('slow response from %s: %.2fs', 'db', i / 7)\n"
        "try:\n    1 / 0\nexcept ZeroDivisionError:\n    log.exception('failed to compute ratio')\nlog.critical('giving up')\n")
    for fmt in ("%(asctime)s %(levelname)s %(name)s: %(message)s", "%(levelname)s:%(name)s:%(message)s",
                "[%(levelname)s] %(message)s", "%(message)s", "%(name)s - %(levelname)-8s - %(message)s"):
        _log(pr, f"python logging {fmt!r}", run([py, "-c", prog, fmt]), "pylogging")
    # npm install logs (offline, from the tarballs)
    for tgz in sorted((probe / "npm").glob("*.tgz"))[:6]:
        d = work / "npmi" / tgz.stem
        if d.is_dir():
            shutil.rmtree(d)
        d.mkdir(parents=True)
        _log(pr, f"npm install --verbose {tgz.name}", run(["npm", "install", "--offline", "--no-audit", "--no-fund",
             "--loglevel=verbose", str(tgz)], cwd=d, timeout=120), "npm-install")
    # /var/log
    for p in sorted(Path("/var/log").rglob("*")):
        if p.is_file() and not p.name.endswith((".journal", ".journal~")) and p.name not in ("lastlog", "wtmp", "btmp", "faillog", "README"):
            data = read(p)
            if data and b"\x00" not in data[:4096]:
                _log(pr, f"/var/log:{p}", data, "varlog")


SOURCES = ("debs", "npm", "pypi", "logs")


def main() -> int:
    global PER_KIND
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe", default="/tmp/detmd-probe")
    ap.add_argument("--corpus-cache", default=str(REPO / ".cache"))
    ap.add_argument("--fetch", action="store_true")
    ap.add_argument("--cached", action="store_true", help="reuse the cases of the last run (cases.pickle)")
    ap.add_argument("--only", default="")
    ap.add_argument("--rules", default="default")
    ap.add_argument("--out", default="")
    ap.add_argument("--per-kind", type=int, default=PER_KIND, help="files of one kind per source tree")
    args = ap.parse_args()
    probe = Path(args.probe)
    PER_KIND = args.per_kind
    cache = probe / ("cases.pickle" if args.per_kind == 40 else f"cases-{args.per_kind}.pickle")
    if args.cached and cache.is_file():
        pr = Probe(set())
        pr.cases = pickle.loads(cache.read_bytes())
    else:
        if args.fetch:
            fetch(probe)
        unpack(probe)
        pr = Probe(corpus_hashes(Path(args.corpus_cache)))
        for s in SOURCES:
            if args.only and s not in args.only.split(","):
                continue
            t0 = time.time()
            globals()[f"src_{s}"](pr, probe)
            print(f"{s}: {len(pr.cases)} cases so far ({time.time() - t0:.1f} s)", file=sys.stderr)
        cache.write_bytes(pickle.dumps(pr.cases))
        print("dropped:", dict(pr.dropped.most_common(12)), file=sys.stderr)
    missdir = probe / "miss"
    if missdir.is_dir():
        shutil.rmtree(missdir)
    missdir.mkdir()
    misses, per, by_kind = [], defaultdict(Counter), defaultdict(Counter)
    for c in pr.cases:
        text = c["content"].decode("utf-8", "surrogateescape")
        got = toolstub.synopsize(text, rules=args.rules).kind
        per[c["cls"]]["n"] += 1
        by_kind[c["kind"]]["n"] += 1
        if got != c["kind"]:
            per[c["cls"]][f"->{got}"] += 1
            by_kind[c["kind"]][f"->{got}"] += 1
            name = f"{len(misses):03d}"
            misses.append({"file": name, "id": c["id"], "kind": c["kind"], "cls": c["cls"], "got": got})
            (missdir / name).write_bytes(c["content"])
    n = len(pr.cases)
    print(f"probe: {n} cases, {len(misses)} misses ({100 * (n - len(misses)) / max(n, 1):.2f} % right)")
    for k in sorted(by_kind):
        wrong = {m: v for m, v in by_kind[k].items() if m != "n"}
        print(f"  {k:10} n={by_kind[k]['n']:4}  {' '.join(f'{m}:{v}' for m, v in sorted(wrong.items()))}")
    print("by class:")
    for k in sorted(per):
        wrong = {m: v for m, v in per[k].items() if m != "n"}
        if wrong:
            print(f"  {k:22} n={per[k]['n']:4}  {' '.join(f'{m}:{v}' for m, v in sorted(wrong.items()))}")
    (Path(args.out) if args.out else probe / "result.json").write_text(json.dumps({"n": n, "misses": misses}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
