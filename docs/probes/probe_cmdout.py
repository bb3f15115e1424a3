"""Probe (issue 10): live command output an agent's tools produce, second round (commands probe_detcmd does not run).

Exploration tool, not a test. Builds its own material under OUT (no network beyond `pip download` / `npm pack` of
the sdists and tarballs named below, fetched once into OUT/dl): git repositories made with `git init` and one
commit per release of unpacked PyPI sdists (toolz, tabulate, wcwidth) and npm tarballs (ms, picocolors, kleur),
with branches, a merge, tags and a dirty work tree; a pytest run of tabulate 0.9.0's tests against the 0.8.10
code (real failures); mypy and ruff (a throwaway venv OUT/tvenv) on toolz; a C object; a sqlite db of the repos'
commits and files; a local http.server. /work/main (--repo) is only read (`GIT_OPTIONAL_LOCKS=0`, log/show/diff).

Every output is labelled by the kind a careful human would give it, by these rules (written before looking at
what toolstub says, independent of the detectors), and the label is checked by a validation:
- json: one JSON document that parses whole (validated: json.loads of the whole output).
- ndjson: two or more lines, every non-blank line one JSON object or array (validated line by line).
- diff: a patch: unified hunks (`@@ -a,b +c,d @@`), `git log -p`, `git show`, `--word-diff`, format-patch,
  `ruff format --diff` (validated: a hunk header is present). `git show --stat`/`log --stat` without a patch: text.
- log: a record of a run: test runs (pytest, unittest, doctest), type checker / linter diagnostics
  (`file:line: error: ...`), tracebacks, build output, `npm notice` streams.
- text: listings and reports meant for reading: git log/status/branch/reflog/shortlog, tables printed with
  aligned columns or box rules, `key: value` / `key=value` reports, help pages, pydoc, disassembly
  (`objdump -d`, `python -m dis`), symbol tables (nm, readelf), hex dumps (xxd, od, hexdump), `strings`.
- tsv: rows of one tab count (du, awk with OFS=TAB, `sqlite3 -tabs`, `git cat-file -p TREE`).
- csv: comma-separated rows of one field count (sqlite3 -csv, awk OFS=,, `ruff --output-format=csv`? no such).
- yaml: a YAML document (validated: yaml.safe_load gives a mapping or a list of mappings).
- xml: an XML document (validated: ElementTree parses it). markdown: Markdown syntax the command emits as such
  (`sqlite3 -markdown`, `ruff rule`). code: source the command emits (`sqlite3 .dump`, `-insert`).
- "a|b" accepts either; a rule marked UNSURE is counted apart and kept out of the figure; a firm label whose
  validation fails becomes UNSURE too (e.g. JSON cut by `head`). Outputs equal to a corpus case (by hash),
  empty ones and duplicates are skipped.

    python docs/probes/probe_cmdout.py [--out /tmp/cmdout-probe] [--repo /work/main] [--corpus-cache .cache]
                                       [--cached] [--only-misses] [--rules default]

Writes OUT/result.json and each miss's content to OUT/miss/NNN.txt. Also gives openviking-compat's kind for
each output (on the seed's kinds) and counts where compat is right and default wrong.
"""
import argparse, hashlib, json, os, re, shutil, socket, subprocess, sys, tarfile, textwrap, time
from collections import Counter
from pathlib import Path

ap = argparse.ArgumentParser()
ap.add_argument("--out", default="/tmp/cmdout-probe")
ap.add_argument("--repo", default="/work/main")
ap.add_argument("--corpus-cache", default=str(Path(__file__).resolve().parents[2] / ".cache"))
ap.add_argument("--cached", action="store_true", help="reuse OUT/outputs.json instead of running the commands")
ap.add_argument("--only-misses", action="store_true")
ap.add_argument("--rules", default="default")
args = ap.parse_args()
OUT = Path(args.out); OUT.mkdir(parents=True, exist_ok=True)
DL = OUT / "dl"; FX = OUT / "fx"; FX.mkdir(exist_ok=True)
PY = sys.executable
TV = OUT / "tvenv" / "bin"
REPO = args.repo
SDISTS = {"toolz": ("0.11.2", "0.12.0", "0.12.1"), "tabulate": ("0.8.10", "0.9.0"), "wcwidth": ("0.2.12", "0.2.13")}
NPMS = {"ms": ("2.0.0", "2.1.3"), "picocolors": ("1.0.0", "1.1.0"), "kleur": ("4.1.4", "4.1.5")}
GENV = {"GIT_AUTHOR_NAME": "Release Bot", "GIT_AUTHOR_EMAIL": "release@example.invalid", "GIT_COMMITTER_NAME": "Release Bot",
        "GIT_COMMITTER_EMAIL": "release@example.invalid", "GIT_CONFIG_GLOBAL": "/dev/null", "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_OPTIONAL_LOCKS": "0"}


def sh(cmd, cwd=None, env=None):
    return subprocess.run(["bash", "-c", cmd], cwd=cwd, env={**os.environ, **GENV, **(env or {})}, capture_output=True, text=True)


# -- fixtures -------------------------------------------------------------------------------------------
def fetch():
    (DL / "sdist").mkdir(parents=True, exist_ok=True); (DL / "npm").mkdir(exist_ok=True)
    for name, vs in SDISTS.items():
        for v in vs:
            if not list((DL / "sdist").glob(f"{name}-{v}.tar.gz")):
                sh(f"{PY} -m pip download -q --no-deps --no-binary :all: --disable-pip-version-check -d {DL}/sdist {name}=={v}")
    for name, vs in NPMS.items():
        for v in vs:
            if not (DL / "npm" / f"{name}-{v}.tgz").exists():
                sh(f"npm pack -q {name}@{v}", cwd=DL / "npm")
    if not (TV / "ruff").exists():
        sh(f"python3 -m venv {OUT}/tvenv && {TV}/python -m pip install -q --disable-pip-version-check ruff mypy")


def unpack(tgz, dest, strip=True):
    with tarfile.open(tgz) as tf:
        for m in tf.getmembers():
            if not m.isfile() or ".." in m.name:
                continue
            rel = m.name.split("/", 1)[1] if strip and "/" in m.name else m.name
            p = dest / rel; p.parent.mkdir(parents=True, exist_ok=True)
            p.write_bytes(tf.extractfile(m).read())


def clear(repo):
    for child in repo.iterdir():
        if child.name != ".git":
            shutil.rmtree(child) if child.is_dir() else child.unlink()


def make_repo(name, tars, day0):
    repo = FX / "git" / name
    if repo.exists():
        return repo
    repo.mkdir(parents=True)
    sh("git init -q -b main .", cwd=repo)
    for i, (v, tgz) in enumerate(tars):
        clear(repo); unpack(tgz, repo)
        date = f"2024-{day0:02d}-{i + 3:02d}T10:{i * 7:02d}:00+01:00"
        sh(f"git add -A && git commit -q -m 'Release {name} {v}' -m 'Import the files of the {name} {v} release "
           f"as published.' && git tag -a v{v} -m 'version {v}'", cwd=repo, env={"GIT_AUTHOR_DATE": date, "GIT_COMMITTER_DATE": date})
    # a feature branch with two small commits and a merge, a branch tracking main, a dirty tree
    first = next(p for p in sorted(repo.rglob("*.py")) + sorted(repo.rglob("*.js")) if ".git" not in p.parts)
    rel = first.relative_to(repo)
    sh("git checkout -q -b fix/docs", cwd=repo)
    first.write_text(first.read_text() + "\n# Maintenance note: keep this module importable without optional deps.\n")
    sh(f"git commit -q -am 'Document the import contract of {rel}'", cwd=repo,
       env={"GIT_AUTHOR_DATE": f"2024-{day0:02d}-20T09:00:00Z", "GIT_COMMITTER_DATE": f"2024-{day0:02d}-20T09:00:00Z"})
    readme = next((p for p in repo.iterdir() if p.name.lower().startswith("readme")), None)
    if readme:
        readme.write_text(readme.read_text().replace("\n", "\n", 1) + "\nSee the changelog for the release notes.\n")
        sh("git commit -q -am 'README: point at the changelog'", cwd=repo,
           env={"GIT_AUTHOR_DATE": f"2024-{day0:02d}-21T09:00:00Z", "GIT_COMMITTER_DATE": f"2024-{day0:02d}-21T09:00:00Z"})
    sh("git checkout -q main && git merge -q --no-ff fix/docs -m \"Merge branch 'fix/docs'\"", cwd=repo,
       env={"GIT_AUTHOR_DATE": f"2024-{day0:02d}-22T09:00:00Z", "GIT_COMMITTER_DATE": f"2024-{day0:02d}-22T09:00:00Z"})
    sh("git branch old-release v" + tars[0][0] + " && git branch --set-upstream-to=main old-release 2>/dev/null; "
       "git checkout -q -b topic && git branch -q --set-upstream-to=main topic; git checkout -q main", cwd=repo)
    first.write_text(first.read_text().replace("def ", "def  ", 1) + "\n\n# TODO: remove\n")
    (repo / "notes-local.txt").write_text("scratch\n")
    return repo


def fixtures():
    fetch()
    repos = {}
    for k, (name, vs) in enumerate(SDISTS.items()):
        repos[name] = make_repo(name, [(v, DL / "sdist" / f"{name}-{v}.tar.gz") for v in vs], 2 + k)
    # the npm packages: one repository, one commit per tarball, package by package
    npm = FX / "git" / "npm-pkgs"
    if not npm.exists():
        npm.mkdir(parents=True); sh("git init -q -b main .", cwd=npm)
        i = 0
        for name, vs in NPMS.items():
            for v in vs:
                i += 1
                shutil.rmtree(npm / name, ignore_errors=True); unpack(DL / "npm" / f"{name}-{v}.tgz", npm / name)
                d = f"2023-11-{i + 1:02d}T08:00:00Z"
                sh(f"git add -A && git commit -q -m '{name}: {v}'", cwd=npm, env={"GIT_AUTHOR_DATE": d, "GIT_COMMITTER_DATE": d})
    repos["npm"] = npm
    # tabulate 0.9.0's tests run against the 0.8.10 code: real failures
    t = FX / "tabtest"
    if not t.exists():
        unpack(DL / "sdist" / "tabulate-0.9.0.tar.gz", t / "new"); unpack(DL / "sdist" / "tabulate-0.8.10.tar.gz", t / "old")
    toolz = FX / "toolz"
    if not toolz.exists():
        unpack(DL / "sdist" / "toolz-0.12.1.tar.gz", toolz)
    c = FX / "c"; c.mkdir(exist_ok=True)
    (c / "fmt.c").write_text('#include <stdio.h>\n#include <string.h>\n\nstatic int width(const char *s) { return (int)strlen(s); }\n\n'
                             'int pad(char *out, const char *s, int w) {\n    int n = width(s);\n    if (n > w) n = w;\n'
                             '    return sprintf(out, "%-*s|", w, s);\n}\n\nint main(void) {\n    char buf[64];\n'
                             '    pad(buf, "hello", 12);\n    puts(buf);\n    return 0;\n}\n')
    sh("gcc -g -O1 -c fmt.c -o fmt.o && gcc -g -O1 fmt.c -o fmt", cwd=c)
    pt = FX / "perl" / "t"; pt.mkdir(parents=True, exist_ok=True)
    (pt / "basic.t").write_text("use strict; use warnings;\nuse Test::More tests => 4;\nok(1 + 1 == 2, 'adds');\n"
                                "is(lc('ABC'), 'abc', 'lower-cases');\nis_deeply([1, 2], [1, 3], 'lists match');\n"
                                "like('toolstub', qr/stub$/, 'ends in stub');\n")
    (pt / "skip.t").write_text("use Test::More;\nplan skip_all => 'no network here';\n")
    rs = FX / "rust"; rs.mkdir(exist_ok=True)
    (rs / "main.rs").write_text("use std::collections::HashMap;\n\nfn width(s: &str) -> usize {\n    s.len()\n}\n\n"
                                "fn main() {\n    let mut counts: HashMap<&str, i32> = HashMap::new();\n    let unused = 3;\n"
                                "    counts.insert(\"a\", width(\"abc\"));\n    let s: String = 5;\n    println!(\"{:?}\", counts);\n}\n")
    cr = FX / "crate"
    if not cr.exists():
        sh(f"cargo new -q --vcs none --name widthcalc {cr}")
        (cr / "src" / "lib.rs").write_text("pub fn pad(s: &str, w: usize) -> String {\n    format!(\"{:<w$}|\", s, w = w)\n}\n\n"
                                           "#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn pads() { assert_eq!(pad(\"ab\", 4), \"ab  |\"); }\n"
                                           "    #[test]\n    fn wrong() { assert_eq!(pad(\"ab\", 2), \"ab  |\"); }\n}\n")
    (c / "crash.c").write_text("#include <stdio.h>\n\nstatic int depth(int *p, int n) {\n    if (n == 0) return *p;\n"
                               "    return depth(p, n - 1) + 1;\n}\n\nint main(void) {\n    int *p = NULL;\n"
                               "    printf(\"%d\\n\", depth(p, 3));\n    return 0;\n}\n")
    sh("gcc -g -O0 crash.c -o crash", cwd=c)
    jv = FX / "java"; jv.mkdir(exist_ok=True)
    (jv / "Pad.java").write_text("import java.util.*;\n\npublic class Pad {\n    static String pad(String s, int w) {\n"
                                 "        return String.format(\"%-\" + w + \"s|\", s);\n    }\n\n    public static void main(String[] args) {\n"
                                 "        List<String> xs = new ArrayList<>(List.of(\"a\", \"bb\"));\n        System.out.println(pad(xs.get(0), 4));\n"
                                 "        System.out.println(pad(xs.get(5), 4));\n    }\n}\n")
    (jv / "Bad.java").write_text("public class Bad {\n    int f() { return \"x\"; }\n    void g() { undefinedCall(); }\n}\n")
    tf = FX / "tf"; tf.mkdir(exist_ok=True)
    (tf / "main.tf").write_text('terraform {\n  required_version = ">= 1.0"\n}\n\nlocals {\n  names = ["toolz", "tabulate"]\n}\n\n'
                                'output "repos" {\n  value = { for n in local.names : n => upper(n) }\n}\n\nvariable "count_x" {\n  type    = number\n  default = 2\n}\n')
    db = FX / "repos.db"
    if not db.exists():
        import sqlite3
        con = sqlite3.connect(db)
        con.execute("create table commits(repo text, sha text, author text, date text, subject text, files integer)")
        con.execute("create table files(repo text, path text, bytes integer, lang text)")
        for name, repo in repos.items():
            out = sh("git log --all --format='%H%x09%an%x09%aI%x09%s' --shortstat", cwd=repo).stdout
            rows, cur = [], None
            for ln in out.splitlines():
                if "\t" in ln:
                    cur = ln.split("\t"); rows.append(cur + [0])
                elif "changed" in ln and rows:
                    rows[-1][-1] = int(ln.split()[0])
            con.executemany("insert into commits values (?,?,?,?,?,?)", [(name, *r) for r in rows])
            for p in sorted(repo.rglob("*")):
                if p.is_file() and ".git" not in p.parts:
                    con.execute("insert into files values (?,?,?,?)", (name, str(p.relative_to(repo)), p.stat().st_size,
                                                                      p.suffix.lstrip(".") or None))
        con.commit(); con.close()
    www = FX / "www"; www.mkdir(exist_ok=True)
    (www / "api.json").write_text(json.dumps({"repos": [{"name": n, "path": str(p)} for n, p in repos.items()], "ok": True}))
    (www / "page.html").write_text("<!DOCTYPE html>\n<html lang=en><head><meta charset=utf-8><title>Repos</title></head>\n"
                                   "<body><h1>Repos</h1><table><tr><th>name</th></tr>"
                                   + "".join(f"<tr><td>{n}</td></tr>" for n in repos) + "</table></body></html>\n")
    return repos


def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p


# -- labels ---------------------------------------------------------------------------------------------
UNSURE = "UNSURE"
T_GIT = "git listing (log, log --stat, --graph, status, branch, reflog, shortlog): text"
T_LIST = "listing / aligned table / key: value or key=value report: text"
T_HELP = "help page / pydoc: text"
T_BIN = "disassembly, symbol table, ELF headers, hex dump, strings of a binary: text"
T_REC = "deb822 / header-field records (apt-cache show, pip show): text"
D = "patch with hunks: diff"
L = "run record (tests, type check, lint diagnostics, traceback, npm notice): log"
J = "one JSON document: json"
ND = "one JSON object/array a line: ndjson"
TSV = "rows of one tab count: tsv"
CSV = "comma-separated rows of one field count: csv"
Y = "YAML document: yaml"
X = "XML document: xml"
MD = "Markdown the tool emits: markdown"
C = "source the tool emits (SQL): code"
H = "an HTML document: html"


def validate(kind, text):
    """The label's check, independent of toolstub. None = ok, else why it fails."""
    s = text.strip()
    if kind == "json":
        try:
            json.loads(s); return None
        except ValueError as e:
            return f"json: {e}"
    if kind == "ndjson":
        lines = [ln for ln in s.splitlines() if ln.strip()]
        try:
            ok = len(lines) >= 2 and all(isinstance(json.loads(ln), (dict, list)) for ln in lines)
        except ValueError:
            ok = False
        return None if ok else "ndjson: a line is not one object/array"
    if kind == "diff":
        return None if re.search(r"^(?:\S*)?@@ -\d+(?:,\d+)? \+\d+(?:,\d+)? @@", s, re.M) else "diff: no hunk header"
    if kind == "yaml":
        import yaml
        try:
            docs = list(yaml.safe_load_all(s))
        except yaml.YAMLError as e:
            return f"yaml: {e}"
        return None if docs and all(isinstance(d, (dict, list)) for d in docs) else "yaml: not a collection"
    if kind == "xml":
        import xml.etree.ElementTree as ET
        try:
            ET.fromstring(s); return None
        except ET.ParseError as e:
            return f"xml: {e}"
    if kind == "tsv":
        rows = [ln.split("\t") for ln in s.splitlines() if ln]
        return None if len(rows) >= 2 and len({len(r) for r in rows}) == 1 and len(rows[0]) > 1 else "tsv: ragged or one column"
    if kind == "csv":
        import csv, io
        rows = list(csv.reader(io.StringIO(s)))
        return None if len(rows) >= 2 and len({len(r) for r in rows}) == 1 and len(rows[0]) > 1 else "csv: ragged or one column"
    return None


def cmds(repos, port):
    g = lambda n: repos[n]  # noqa: E731
    tz, tb, wc, npm = g("toolz"), g("tabulate"), g("wcwidth"), g("npm")
    M = f"git -C {REPO}"
    db = FX / "repos.db"; c = FX / "c"; tt = FX / "tabtest"; toolz = FX / "toolz"
    pyt = f"PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 PYTHONPATH={tt}/old {PY} -m pytest -p no:cacheprovider"
    Lst = []
    def a(kind, rule, cmd, err=False): Lst.append((kind, rule, cmd, err))
    # -- git on the sdist repositories -------------------------------------------------------------
    for r in (tz, tb, wc, npm):
        a("diff", D, f"git -C {r} log -p --no-color -n 3 | head -600")
        a("text", T_GIT, f"git -C {r} log --stat --no-color")
        a("text", T_GIT, f"git -C {r} log --graph --oneline --all --decorate")
        a("text", T_GIT, f"git -C {r} show --stat --no-color HEAD~1")
        a("diff", D, f"git -C {r} diff --word-diff --no-color HEAD~2 HEAD~1 | head -300")
        a("text", T_GIT, f"git -C {r} reflog")
        a("text", T_GIT, f"git -C {r} shortlog -sne --all; git -C {r} shortlog --all")
        a("text", T_GIT, f"git -C {r} status")
        a("text", T_GIT, f"git -C {r} branch -vv -a")
    a("diff", D, f"git -C {tz} show --no-color HEAD~3 -- toolz/itertoolz.py")
    a("diff", D, f"git -C {tz} diff --no-color --word-diff=porcelain v0.12.0 v0.12.1 -- toolz/ | head -300")
    a("diff", D, f"git -C {tz} diff --no-color --word-diff=plain -U1 v0.11.2 v0.12.0 -- versioneer.py toolz/tests/test_curried.py")
    a("diff", D, f"git -C {tz} diff --no-color --color-words=. v0.12.0 v0.12.1 -- toolz/_version.py")
    a("diff", D, f"git -C {tz} log -p --no-color --follow -n 2 -- toolz/functoolz.py | head -400")
    a("diff", D, f"git -C {tz} log -p --no-color --stat -n 2 v0.12.1 | head -400")
    a("diff", D, f"git -C {tz} format-patch --stdout -1 v0.12.1 | head -300")
    a("diff", D, f"git -C {tz} diff --no-color v0.12.0 v0.12.1 -- toolz/ | head -500")
    a("diff", D, f"git -C {tz} diff --no-color -M --stat -p v0.11.2 v0.12.0 | head -400")
    a("diff", D, f"git -C {tz} diff --no-color")  # the dirty work tree
    a("diff", D, f"git -C {tb} log -p --no-color --reverse -n 2 -- tabulate/__init__.py tabulate.py | head -500")
    a("diff", D, f"git -C {tb} show --no-color --format=fuller HEAD^2")
    a("diff", D, f"git -C {npm} log -p --no-color -- ms/index.js")
    a("diff", D, f"git -C {npm} diff --no-color HEAD~5 HEAD -- picocolors kleur | head -400")
    a("diff", D, f"git -C {npm} log -p --no-color --word-diff -n 4 | head -300")
    a("text", T_GIT, f"git -C {tz} log --stat --format=fuller -n 3")
    a("text", T_GIT, f"git -C {tz} log --graph --stat --no-color -n 4")
    a("text", T_GIT, f"git -C {tz} log --graph --format='%h %ad %an%d %s' --date=short --all")
    a("text", T_GIT, f"git -C {tz} log --no-color --name-only")
    a("text", T_GIT, f"git -C {tz} log --format=%B")
    a("text", T_GIT, f"git -C {tz} log --pretty=raw -n 3")
    a("text", T_GIT, f"git -C {tz} log --merges --first-parent")
    a("text", T_GIT, f"git -C {tz} status -sb; git -C {tz} status --short --untracked-files=all")
    a("text", T_GIT, f"git -C {tz} status -v")  # status with the staged diff? none staged: plain status
    a("text", T_GIT, f"git -C {tz} reflog --date=iso")
    a("text", T_GIT, f"git -C {tz} reflog show --all")
    a("text", T_GIT, f"git -C {tz} show-branch --all")
    a("text", T_GIT, f"git -C {tz} tag -n9 -l; git -C {tz} describe --tags --long")
    a("text", T_GIT, f"git -C {tz} show v0.12.1 --stat --no-color")
    a("text", T_GIT, f"git -C {tz} diff --stat --no-color v0.11.2 v0.12.1; git -C {tz} diff --dirstat=files v0.11.2 v0.12.1")
    a("text", T_GIT, f"git -C {tz} cherry -v main topic; git -C {tz} log --left-right --oneline main...old-release")
    a("text", T_GIT, f"git -C {tz} ls-files | head -120")
    a("text", T_GIT, f"git -C {tz} grep -n -e 'def curry' -e 'def memoize' -e 'class ' -- '*.py'")
    a("text", T_GIT, f"git -C {tz} grep -c import")
    a("text", T_GIT, f"git -C {tz} log --oneline --graph --all --simplify-by-decoration")
    a("tsv", TSV + " (mode type sha TAB path)", f"git -C {tz} cat-file -p v0.12.1^{{tree}}")
    a("tsv", TSV, f"git -C {tz} diff --numstat v0.11.2 v0.12.1")
    a("text", T_GIT + " (porcelain blame)", f"git -C {tz} blame --porcelain -L 1,40 toolz/utils.py")
    a("text", T_GIT, f"git -C {tz} blame -w -L 1,60 toolz/recipes.py")
    a("text|log", UNSURE + " (git diff --check: file:line: problem + the line)", f"git -C {tz} diff --check v0.11.2 v0.12.1 | head -60")
    a("text", T_GIT, f"git -C {tz} apply --stat <(git -C {tz} diff v0.12.0 v0.12.1)")
    a("text", T_GIT, f"git -C {tz} range-diff v0.11.2 v0.12.0 v0.12.1 2>&1 | head -80")
    a("text", T_GIT, f"git -C {tz} count-objects -vH; git -C {tz} rev-list --count --all")
    a("text", T_GIT, f"git -C {tz} whatchanged --no-color -n 3 2>/dev/null")
    a("text", T_GIT, f"git -C {tz} log --no-color --graph --date-order --all --format=medium | head -120")
    a("text", T_GIT, f"git -C {tz} for-each-ref --sort=-creatordate --format='%(refname:short) %(objectname:short) %(creatordate:relative) %(subject)'")
    a("text", T_GIT, f"git -C {tz} worktree list; git -C {tz} remote show 2>&1; git -C {tz} stash list")
    # /work/main, read only
    a("diff", D, f"{M} log -p --no-color -n 2 -- docs/detection.md | head -400")
    a("diff", D, f"{M} show --no-color --word-diff HEAD~4 | head -300")
    a("diff", D, f"{M} log -p --no-color -n 1 --format=fuller -- plugins/log_summarizer.py | head -300")
    a("text", T_GIT, f"{M} log --stat --no-color -n 4 -- plugins/")
    a("text", T_GIT, f"{M} log --graph --oneline -n 60")
    a("text", T_GIT, f"{M} shortlog -sn HEAD~100..HEAD")
    a("text", T_GIT, f"{M} log --format='%h %<(16,trunc)%an %ad %s' --date=relative -n 50")
    a("text", T_GIT, f"{M} show --stat --format=fuller HEAD~2")
    a("text", T_GIT, f"{M} log --oneline --shortstat -n 20")
    a("text", T_GIT, f"{M} log --format='%h %s' --name-status -n 5")
    # -- python tooling ------------------------------------------------------------------------------
    pip = f"{PY} -m pip --disable-pip-version-check"
    tpip = f"{TV}/python -m pip --disable-pip-version-check"
    a("json", J, f"{tpip} list --format=json")
    a("text", T_LIST, f"{tpip} list --format=columns"); a("text", T_LIST, f"{tpip} list --format=freeze")
    a("text", T_LIST, f"{pip} list --format=columns --not-required"); a("text", T_LIST, f"{pip} list -v")
    a("text", T_LIST, f"{pip} freeze --all"); a("text", T_REC, f"{tpip} show mypy ruff")
    a("text", T_REC, f"{tpip} show -v mypy"); a("text", T_REC, f"{pip} show -f pyyaml | head -60")
    a("json", J, f"{tpip} inspect"); a("json", J, f"{tpip} inspect --local")
    a("json", J, f"{tpip} list --format=json --outdated --no-index 2>/dev/null")
    a("json", J, f"{PY} -m json.tool {DL}/../fx/www/api.json"); a("json", J, f"{PY} -m json.tool --sort-keys --indent 4 {npm}/kleur/package.json")
    a("json", J, f"{PY} -m json.tool --compact {npm}/ms/package.json")
    a("ndjson", ND, f"{tpip} list --format=json | {PY} -c 'import json,sys; [print(json.dumps(d)) for d in json.load(sys.stdin)]' | {PY} -m json.tool --json-lines --compact")
    a("json", J, f"{PY} -m json.tool --tab {npm}/picocolors/package.json")
    a("log", L, f"cd {tt}/new && {pyt} -q test 2>&1 | tail -150")
    a("log", L, f"cd {tt}/new && {pyt} -v test/test_output.py 2>&1 | head -200")
    a("log", L, f"cd {tt}/new && {pyt} -q --tb=line test 2>&1")
    a("log", L, f"cd {tt}/new && {pyt} -q --tb=native test/test_output.py 2>&1 | head -200")
    a("log", L, f"cd {tt}/new && {pyt} -rfE --tb=no test 2>&1")
    a("log", L, f"cd {tt}/new && {pyt} -x test/test_api.py test/test_output.py 2>&1")
    a("log", L, f"cd {tt}/new && {pyt} --durations=10 -q test/test_regression.py 2>&1")
    a("log", L, f"cd {toolz} && PYTHONPATH=. {PY} -m pytest -p no:cacheprovider -q toolz/tests 2>&1 | tail -60")
    a("log", L, f"cd {toolz} && PYTHONPATH=. {PY} -m unittest discover -v -s toolz/tests -t . 2>&1 | head -150")
    a("log", L, f"cd {toolz} && PYTHONPATH=. {PY} -m doctest -v toolz/dicttoolz.py 2>&1 | head -150")
    a("xml", X, f"cd {tt}/new && {pyt} -q --junitxml={FX}/junit.xml test/test_api.py >/dev/null 2>&1; cat {FX}/junit.xml")
    a("text", T_HELP, f"{PY} -m pydoc toolz.itertoolz | head -300".replace(PY, f"PYTHONPATH={toolz} {PY}"))
    a("text", T_HELP, f"PYTHONPATH={tt}/new {PY} -m pydoc tabulate.tabulate")
    a("text", T_HELP, f"{TV}/python -m pydoc -k codec 2>/dev/null | head -60")
    a("text", T_HELP, f"{PY} -m pydoc shlex.split; {PY} -m pydoc enum.Flag | head -120")
    a("text|log", UNSURE + " (importtime: a table on stderr)", f"PYTHONPATH={toolz} {PY} -X importtime -c 'import toolz' 2>&1")
    a("text", "cProfile / pstats table: text", f"cd {tt}/new && PYTHONPATH=. {PY} -m cProfile -s tottime benchmark.py 2>&1 | head -80 || true")
    a("text", "cProfile / pstats table: text", f"PYTHONPATH={toolz} {PY} -m cProfile -s cumulative -c 'import toolz; toolz.frequencies(range(10000))' 2>&1 | head -60 || PYTHONPATH={toolz} {PY} -m cProfile -s cumulative $(PYTHONPATH={toolz} {PY} -c 'import toolz.itertoolz as m; print(m.__file__)') | head -60")
    a("text", T_LIST, f"{PY} -m timeit -n 2000 -r 3 -s 'import json' 'json.dumps(list(range(50)))'")
    a("text", T_BIN, f"PYTHONPATH={toolz} {PY} -m dis {toolz}/toolz/utils.py | head -150")
    a("text", T_LIST, f"{PY} -m tokenize -e {toolz}/toolz/compatibility.py | head -100")
    a("text|code", UNSURE + " (python -m ast: a repr tree)", f"{PY} -m ast {toolz}/toolz/utils.py | head -100")
    a("text", T_LIST, f"{PY} -m calendar 2024"); a("text", T_LIST, f"{PY} -m zipfile -l $(ls {OUT}/tvenv/lib/python3*/site-packages/../../../lib/python3*/site-packages/*.dist-info/RECORD 2>/dev/null | head -0) {DL}/sdist/../npm/ms-2.1.3.tgz 2>&1 | head -5; {PY} -m tarfile -l {DL}/sdist/toolz-0.12.1.tar.gz | head -80")
    a("log", L + " (traceback)", f"cd {toolz} && PYTHONPATH=. {PY} -c 'import toolz; toolz.get_in([\"a\", 0], {{\"a\": 3}}, no_default=True)' 2>&1")
    a("log", L + " (chained traceback)", f"{PY} -c 'import json\ntry:\n    json.loads(\"[1,\")\nexcept ValueError as e:\n    raise RuntimeError(\"config unreadable\") from e' 2>&1")
    a("log", L, f"{PY} -m py_compile {tt}/new/benchmark.py {toolz}/setup.py; echo 'def f(:' > {FX}/bad.py; {PY} -m py_compile {FX}/bad.py 2>&1")
    a("text", T_LIST, f"{PY} -c 'import sys, pprint; pprint.pprint(sorted(sys.builtin_module_names), width=100, compact=True)'")
    a("text", T_LIST, f"{PY} -m sysconfig 2>/dev/null | sed -n '/Variables/,$p' | head -5; {PY} -c 'import platform,sys; print(platform.platform()); print(sys.version); print(sys.flags)'")
    # mypy / ruff (throwaway venv)
    a("log", L, f"cd {toolz} && {TV}/mypy --no-incremental --cache-dir=/dev/null --ignore-missing-imports toolz 2>&1 | head -150")
    a("log", L, f"cd {toolz} && {TV}/mypy --no-incremental --cache-dir=/dev/null --strict toolz/itertoolz.py 2>&1 | head -150")
    a("log", L, f"cd {toolz} && {TV}/mypy --no-incremental --cache-dir=/dev/null --pretty --show-error-codes toolz/functoolz.py 2>&1 | head -150")
    a("log", L, f"cd {tt}/new && {TV}/mypy --no-incremental --cache-dir=/dev/null tabulate 2>&1 | head -150")
    a("log", L, f"cd {toolz} && {TV}/ruff check --no-cache --select ALL --output-format=concise toolz 2>&1 | head -150")
    a("log", L, f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,W,B,UP --output-format=full toolz 2>&1 | head -200")
    a("log", L, f"cd {tt}/new && {TV}/ruff check --no-cache --select ALL --output-format=pylint . 2>&1 | head -150")
    a("log|text", UNSURE + " (ruff grouped: file then indented row:col CODE lines)", f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B --output-format=grouped toolz 2>&1 | head -150")
    a("log|text", UNSURE + " (GitHub workflow commands)", f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B --output-format=github toolz 2>&1 | head -100")
    a("json", J, f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B --output-format=json toolz 2>/dev/null")
    a("ndjson", ND, f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B,UP --output-format=json-lines toolz 2>/dev/null")
    a("json", J, f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B --output-format=sarif toolz 2>/dev/null")
    a("json", J, f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B --output-format=gitlab toolz 2>/dev/null")
    a("xml", X, f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B --output-format=junit toolz 2>/dev/null")
    a("text", T_LIST, f"cd {toolz} && {TV}/ruff check --no-cache --select ALL --statistics toolz 2>&1")
    a("diff", D, f"cd {toolz} && {TV}/ruff format --no-cache --diff toolz 2>/dev/null | head -400")
    a("diff", D, f"cd {tt}/new && {TV}/ruff check --no-cache --select UP,I --diff . 2>/dev/null | head -300")
    a("markdown", MD, f"{TV}/ruff rule F401"); a("markdown", MD, f"{TV}/ruff rule B006")
    a("text", T_LIST, f"{TV}/ruff linter | head -80")
    a("text", T_HELP, f"{TV}/ruff check --help | head -120"); a("text", T_HELP, f"{TV}/mypy --help | head -150")
    # -- system --------------------------------------------------------------------------------------
    a("text", T_LIST, "ss -tan"); a("text", T_LIST, "ss -a -x | head -60"); a("text", T_LIST, "ss -tunap 2>/dev/null")
    a("text", T_LIST, "ss -s -t -a")
    a("json", J, "ip -j -s link"); a("json", J, "ip -j -d addr show"); a("json", J, "ip -j -p -6 addr")
    a("json", J, "ip -j neigh; true") if sh("ip -j neigh").stdout.strip() not in ("", "[]") else None
    a("json", J, "ip -j rule")
    a("json", J, "lsblk -J -O"); a("json", J, "lsblk -J -b -o NAME,SIZE,RO,TYPE,MOUNTPOINTS")
    a("json", J, "findmnt -J --real -o TARGET,SOURCE,FSTYPE,OPTIONS"); a("json", J, "findmnt -J -D")
    a("json", J, "lscpu -J -e"); a("json", J, "lsmem -J 2>/dev/null || lslocks -J")
    a("text", T_LIST, "lsblk -f"); a("text", T_LIST, "findmnt -D"); a("text", T_LIST, "lsmem 2>&1 || true")
    a("text", T_LIST, "systemctl list-unit-files --no-pager 2>&1 | head -80")
    a("text", T_LIST, f"dpkg -L git | head -150"); a("text", T_LIST, "dpkg -L python3.11-minimal")
    a("text", T_LIST, "dpkg -S /usr/bin/xxd /usr/bin/sqlite3 /usr/bin/jq")
    a("text", T_LIST, "dpkg-query -l 'lib*ssl*' 'python3*'")
    a("text", T_REC, "apt-cache show --no-all-versions xxd less sqlite3"); a("text", T_REC, "apt-cache showsrc jq 2>&1 | head -60")
    a("text", T_LIST, "apt-cache policy jq xxd sqlite3 openssl"); a("text", T_LIST, "apt-cache madison git bash 2>&1")
    a("text", T_LIST, "apt-cache depends --recurse --no-recommends --no-suggests jq | head -60")
    a("text", T_LIST, "apt-config dump | head -80")
    a("text", T_LIST, "ldd /usr/bin/sqlite3 /usr/bin/jq"); a("text", T_LIST, f"ldd {PY} /usr/bin/curl")
    a("text", T_BIN, f"objdump -d {c}/fmt.o"); a("text", T_BIN, f"objdump -d --no-show-raw-insn -M intel {c}/fmt.o")
    a("text|code", UNSURE + " (disassembly interleaved with C source)", f"objdump -d -S {c}/fmt.o")
    a("text", T_BIN, f"objdump -t {c}/fmt"); a("text", T_BIN, f"objdump -T /usr/bin/jq | head -80")
    a("text", T_BIN, f"objdump -p /usr/bin/sqlite3 | head -80"); a("text", T_BIN, f"objdump -R {c}/fmt")
    a("text", T_BIN, f"objdump -s -j .rodata {c}/fmt")
    a("text", T_BIN, f"nm -C --size-sort -S {c}/fmt"); a("text", T_BIN, "nm -D --defined-only /usr/lib/x86_64-linux-gnu/libjq.so.1 | head -100")
    a("text", T_BIN, f"nm -A {c}/fmt.o {c}/fmt")
    a("text", T_BIN, f"readelf -a {c}/fmt.o | head -150"); a("text", T_BIN, "readelf -d /usr/bin/sqlite3")
    a("text", T_BIN, f"readelf -s {c}/fmt | head -80"); a("text", T_BIN, "readelf -l /usr/bin/jq")
    a("text", T_BIN, f"readelf --debug-dump=info {c}/fmt.o | head -120"); a("text", T_BIN, "readelf -n /usr/bin/sqlite3")
    a("text", T_BIN, "strings -n 10 /usr/bin/jq | head -120"); a("text", T_BIN, "strings -t x /usr/bin/xxd | head -80")
    a("text", T_BIN, f"od -A d -t x2 {c}/fmt.o | head -60"); a("text", T_BIN, f"od -c {npm}/ms/index.js | head -60")
    a("text", T_BIN, f"od -t d4 -N 512 /usr/bin/jq")
    a("text", T_BIN, f"xxd -g 4 -c 24 {c}/fmt.o | head -60"); a("text", T_BIN, f"xxd -b -l 256 {c}/fmt.o")
    a("text", T_BIN, f"xxd {npm}/ms/package.json")
    a("text", T_BIN, f"hexdump -C {npm}/kleur/index.mjs | head -80 || hexdump -C {npm}/kleur/package.json | head -80")
    a("text", T_BIN, f"hexdump -C -n 512 /usr/bin/sqlite3"); a("text", T_BIN, f"hexdump {c}/fmt.o | head -40")
    a("text", T_LIST, "env"); a("text", T_LIST, "env -i HOME=/root PATH=/usr/bin LANG=C.UTF-8 TZ=UTC env")
    a("text", T_LIST, "locale -k LC_TIME LC_NUMERIC"); a("text", T_LIST, "locale -a -v | head -80")
    a("text", T_LIST, "getent hosts localhost; getent services | head -60"); a("text", T_LIST, "getent group | head -60")
    a("text", T_LIST, "getent protocols"); a("text", T_LIST, "getent ahosts localhost")
    a("text", T_LIST, f"git -C {tz} ls-files | sed 's/.*\\.//' | sort | uniq -c | sort -rn")
    a("text", T_LIST, f"cat {tz}/toolz/*.py | tr -cs '[:alnum:]_' '\\n' | sort | uniq -c | sort -rn | head -60")
    a("text", T_LIST, "awk -F: '{print $7}' /etc/passwd | sort | uniq -c")
    a("text", T_LIST, f"wc -l {tz}/toolz/*.py {tz}/toolz/*/*.py"); a("text", T_LIST, f"wc -c {npm}/*/*.js")
    a("text", T_LIST, f"find {tb} -name '*.py' -print0 | xargs -0 wc")
    a("tsv", TSV, f"du -b {tz}/toolz/*.py"); a("tsv", TSV, f"du -h -d 2 {FX}/git"); a("tsv", TSV, f"du -ch {npm}/*/*")
    a("tsv", TSV, f"du --inodes -d 1 {FX}/git 2>/dev/null")
    a("text", T_LIST, f"cd {FX}/git && find . -path '*/.git' -prune -o -print | sort | sed -e 's;[^/]*/;|-- ;g' | head -150")
    a("text", T_LIST, f"ls -laR {npm} | grep -v '\\.git' | head -120")
    a("text", T_LIST, f"stat {c}/fmt {c}/fmt.c"); a("text", T_LIST, f"file {c}/* {npm}/*/* | head -40")
    # -- curl on localhost ---------------------------------------------------------------------------
    u = f"http://127.0.0.1:{port}"
    a("text|log", UNSURE + " (curl -v trace)", f"curl -v -s {u}/api.json 2>&1")
    a("text|log", UNSURE + " (curl -v trace of a 404)", f"curl -v -s {u}/missing 2>&1")
    a("text", "HTTP response headers: text", f"curl -sS -D - -o /dev/null {u}/page.html")
    a("text|json", UNSURE + " (headers then a JSON body)", f"curl -si {u}/api.json")
    a("json", J, f"curl -s -w '%{{json}}' -o /dev/null {u}/api.json")
    a("json", J, f"curl -s {u}/api.json | jq ."); a("html", H, f"curl -s {u}/page.html")
    a("text", T_LIST, f"curl -s --trace-ascii - {u}/api.json 2>&1 | head -60")
    # -- sqlite3 -------------------------------------------------------------------------------------
    q = "select repo, substr(sha,1,10) sha, author, date, subject, files from commits order by date"
    q2 = "select repo, lang, count(*) n, sum(bytes) bytes from files group by repo, lang order by bytes desc limit 30"
    for qq in (q, q2):
        a("csv", CSV, f"sqlite3 -csv -header {db} \"{qq}\""); a("json", J, f"sqlite3 -json {db} \"{qq}\"")
        a("text", T_LIST, f"sqlite3 -box {db} \"{qq}\""); a("markdown", MD, f"sqlite3 -markdown {db} \"{qq}\"")
        a("text", T_LIST, f"sqlite3 {db} \".mode qbox\" \"{qq}\""); a("text", T_LIST, f"sqlite3 -column -header {db} \"{qq}\"")
        a("code", C, f"sqlite3 {db} \".mode insert t\" \"{qq}\""); a("tsv", TSV, f"sqlite3 -tabs {db} \"{qq}\"")
        a("csv|text", UNSURE + " (SQL-quoted values)", f"sqlite3 -quote {db} \"{qq}\"")
        a("text", T_LIST, f"sqlite3 -line {db} \"{qq}\" | head -80")
        a("text", T_LIST, f"sqlite3 -list -header {db} \"{qq}\"")
    a("json", J, f"sqlite3 {db} \"select json_group_array(json_object('repo', repo, 'path', path, 'bytes', bytes)) from files where bytes > 4000\"")
    a("ndjson", ND, f"sqlite3 {db} \"select json_object('repo', repo, 'sha', sha, 'subject', subject) from commits\"")
    a("text", T_LIST, f"sqlite3 {db} 'explain query plan select * from files f join commits c on c.repo = f.repo where f.bytes > 100'")
    a("text", T_LIST, f"sqlite3 -header -column {db} 'select * from pragma_table_info(\"commits\")'")
    a("code", C, f"sqlite3 {db} .schema"); a("code", C, f"sqlite3 {db} '.dump commits' | head -60")
    a("text", T_LIST, f"sqlite3 {db} '.mode box' '.width 0 0 40' 'select repo, path, bytes from files order by bytes desc limit 20'")
    # -- jq / yq / column / awk ----------------------------------------------------------------------
    pj = f"{tpip} inspect"
    a("json", J, f"{pj} | jq '[.installed[] | {{name: .metadata.name, version: .metadata.version, requires: .metadata.requires_dist}}]'")
    a("ndjson", ND, f"{pj} | jq -c '.installed[] | {{name: .metadata.name, files: (.metadata | keys | length)}}'")
    a("json", J, f"jq -s '.' {npm}/ms/package.json {npm}/kleur/package.json {npm}/picocolors/package.json")
    a("ndjson", ND, f"jq -c --stream . {npm}/ms/package.json | head -60")
    a("ndjson", ND, f"jq -c 'paths' {npm}/kleur/package.json")
    a("text", T_LIST, f"jq -r 'paths(scalars) | map(tostring) | join(\".\")' {npm}/kleur/package.json")
    a("text", T_LIST, f"jq -r '.. | strings' {npm}/picocolors/package.json")
    a("text|ndjson", UNSURE + " (one scalar a line)", f"jq '.. | numbers' {DL}/../fx/www/api.json; jq '.[] | .version' <({tpip} list --format=json)")
    a("json", J, f"jq --tab 'to_entries' {npm}/ms/package.json"); a("json", J, f"jq -S --indent 1 . {npm}/kleur/package.json")
    a("text", T_LIST, f"jq -r '.installed[] | .metadata | \"\\(.name)==\\(.version)\"' <({pj})")
    a("text", T_LIST, f"jq -r '.installed[] | .metadata | @sh \"pip install \\(.name)==\\(.version)\"' <({pj})")
    a("tsv", TSV, f"jq -r '.installed[] | .metadata | [.name, .version, (.summary // \"\")] | @tsv' <({pj})")
    a("csv", CSV, f"(echo name,version,installer; jq -r '.installed[] | [.metadata.name, .metadata.version, .installer] | @csv' <({pj}))")
    a("json", J, f"jq -n --arg v 1 '{{version: $v, items: [range(5) | {{i: ., sq: (. * .)}}]}}'")
    a("json|ndjson", "jq stream of pretty values: json|ndjson", f"jq '.installed[] | {{name: .metadata.name, v: .metadata.version}}' <({pj})")
    a("yaml", Y, f"yq -y . {npm}/kleur/package.json"); a("yaml", Y, f"{tpip} list --format=json | yq -y 'map({{(.name): .version}}) | add'")
    a("yaml", Y, f"yq -y '.installed[:2] | map(.metadata)' <({pj})")
    a("json", J, f"yq . {tt}/new/.circleci/config.yml 2>/dev/null || yq . {tt}/new/appveyor.yml")
    a("json", J, f"yq '.repos' {tt}/new/.pre-commit-config.yaml")
    a("yaml", Y, f"yq -y '.jobs' {tt}/new/.circleci/config.yml 2>/dev/null || yq -y . {tt}/new/appveyor.yml")
    a("text", T_LIST, "column -t -s: -N USER,PW,UID,GID,GECOS,HOME,SHELL -H PW,GECOS /etc/passwd")
    a("text", T_LIST, f"sqlite3 -csv {db} \"{q2}\" | column -t -s,")
    a("text", T_LIST, f"mount | column -t | head -40"); a("text", T_LIST, "cat /proc/meminfo | column -t | head -40")
    a("text", T_LIST, "awk -F: '{printf \"%-20s %6d %6d  %s\\n\", $1, $3, $4, $7}' /etc/passwd")
    a("text", T_LIST, f"awk 'BEGIN {{printf \"%-40s %8s\\n\", \"FILE\", \"LINES\"}} FNR == 1 && NR > 1 {{printf \"%-40s %8d\\n\", f, n}} {{f = FILENAME; n = FNR}} END {{printf \"%-40s %8d\\n\", f, n}}' {tz}/toolz/*.py")
    a("tsv", TSV, "awk -F: -v OFS='\\t' '{print $1, $3, $6, $7}' /etc/passwd")
    a("csv", CSV, "(echo user,uid,home; awk -F: -v OFS=, '{print $1, $3, $6}' /etc/passwd)")
    a("text", T_LIST, "ps -eo user= | sort | uniq -c | sort -rn; ps -eo comm= | sort | uniq -c | sort -rn | head -20")
    a("log", L + " (TAP from prove)", f"cd {FX}/perl && prove -v t/ 2>&1")
    a("log", L + " (TAP)", f"cd {FX}/perl && perl t/basic.t 2>&1")
    a("log", L + " (rustc diagnostics)", f"cd {FX}/rust && rustc --edition 2021 -o /dev/null main.rs 2>&1")
    a("log", L + " (rustc diagnostics)", f"cd {FX}/rust && rustc --edition 2021 --error-format=short -o /dev/null main.rs 2>&1")
    a("ndjson", ND, f"cd {FX}/rust && rustc --edition 2021 --error-format=json -o /dev/null main.rs 2>&1")
    # -- fifth batch: one-line-per-item reports, relative dates, more runners ---------------------
    a("text", T_GIT, f"git -C {tz} log --pretty=format:'%h - %an, %ar : %s'")
    a("text", T_GIT, f"git -C {tz} log --format='%h %ar %s' --all")
    a("text", T_GIT, f"git -C {tz} branch -a --format='%(refname:short) %(committerdate:relative) %(subject)'")
    a("text", T_GIT, f"git -C {M.split()[-1]} log --pretty=format:'%h - %an, %ar : %s' -n 40")
    a("csv", CSV + " (header-less)", f"git -C {tz} log --all --format='%h,%an,%ae,%at'")
    a("text", T_GIT, f"git -C {tz} log --summary --no-color -n 3 | head -80")
    a("text", T_GIT, f"git -C {tz} diff --name-only v0.11.2 v0.12.1; git -C {tz} diff --summary v0.11.2 v0.12.1")
    a("text", T_GIT, f"git -C {tz} show --name-status --no-color HEAD~1")
    a("diff", D, f"git -C {tz} log -L 1,20:toolz/utils.py --no-color | head -200")
    a("text", T_GIT, f"git -C {tz} diff --compact-summary v0.11.2 v0.12.1")
    a("text|tsv", UNSURE + " (origin TAB key=value)", f"git -C {tz} config --list --show-origin")
    a("text", T_GIT, f"git -C {tz} show-ref; git -C {tz} rev-list --all | head")
    a("text", T_LIST, f"cd {DL} && sha256sum sdist/* npm/* > {FX}/SUMS && sha256sum -c {FX}/SUMS")
    a("text", T_LIST, f"cd {DL} && md5sum sdist/* > {FX}/MD5 && md5sum -c {FX}/MD5")
    a("text", T_LIST, "dpkg -S /usr/bin/xxd /usr/bin/sqlite3 /usr/bin/jq /usr/bin/git /usr/bin/curl /usr/bin/make /bin/ls /usr/bin/gcc-12")
    a("text", T_LIST, "whereis ls git jq sqlite3 python3 perl gcc make")
    a("text", T_LIST, "type -a ls cd echo git; hash -r; command -V printf")
    a("text", T_LIST, "for c in git jq sqlite3 node npm perl gcc make curl; do printf '%s: %s\\n' $c \"$(command -v $c)\"; done")
    a("text", T_LIST, f"grep -c def {tz}/toolz/*.py")
    a("text", T_LIST, f"grep -rl 'import' {tz}/toolz | head -30")
    a("text", T_LIST, "file /usr/bin/git /usr/bin/jq /etc/passwd /usr/share/doc/git/README.md /usr/lib/x86_64-linux-gnu/libjq.so.1")
    a("text", T_LIST, "pstree -a -p 2>/dev/null | head -40"); a("text", T_LIST, "service --status-all 2>&1")
    a("text", T_LIST, "cat /etc/crontab 2>/dev/null; ls /etc/cron.d 2>/dev/null")
    a("text", T_LIST, "declare -p | head -40") 
    a("text", T_LIST, "ip -o addr; ip -br -c link"); a("text", T_LIST, "ip -s -s link show lo")
    a("text", T_LIST, f"/usr/bin/time -v {PY} -c 'sum(range(10**6))' 2>&1")
    a("log", L + " (valgrind)", f"cd {c} && valgrind --leak-check=full ./fmt 2>&1")
    a("text", T_BIN, f"gdb -batch -ex 'info functions pad' -ex 'disassemble pad' {c}/fmt 2>&1")
    a("code", "preprocessed C: code", f"cd {c} && gcc -E -P fmt.c | tail -60")
    a("code", "#define list: code", "gcc -dM -E - < /dev/null | sort | head -80")
    a("text|code", UNSURE + " (assembly listing)", f"cd {c} && gcc -S -O1 -o - fmt.c")
    a("text|code", UNSURE + " (make dependency rules)", f"cd {c} && gcc -MM fmt.c && gcc -M fmt.c | head -20")
    a("log", L + " (cargo build)", f"cd {FX}/crate && cargo build --offline 2>&1")
    a("log", L + " (cargo test)", f"cd {FX}/crate && cargo test --offline 2>&1")
    a("json", J, f"cd {FX}/crate && cargo metadata --offline --format-version 1 --no-deps 2>/dev/null")
    a("ndjson", ND, f"cd {FX}/crate && touch src/lib.rs && cargo build --offline --message-format=json 2>/dev/null")
    a("text", T_LIST, "rustc --print cfg; rustc -vV"); a("text", T_LIST, "rustc --print target-list | head -60")
    a("text", T_LIST, f"cd {FX}/crate && cargo tree --offline 2>&1; cat Cargo.toml >/dev/null")
    a("log", L + " (node spec reporter)", f"cd {FX} && node --test --test-reporter=spec nt.test.js 2>&1")
    a("log", L + " (node dot reporter)", f"cd {FX} && node --test --test-reporter=dot nt.test.js 2>&1")
    a("xml", X, f"cd {FX} && node --test --test-reporter=junit nt.test.js 2>/dev/null")
    a("log", L, f"cd {tt}/new && PYTHONPATH={tt}/old {PY} -m unittest discover -s test -t . 2>&1 | tail -80")
    a("text", T_LIST, f"cd {tt}/new && {pyt} --co -q test/test_api.py 2>&1")
    a("text", T_HELP, f"cd {tt}/new && {pyt} --markers 2>&1 | head -40")
    a("log|text", UNSURE + " (one warning line)", f"{PY} -W default -c 'import asyncio; asyncio.get_event_loop()' 2>&1; {PY} -W always -c 'import warnings; warnings.warn(\"old api\", DeprecationWarning)' 2>&1")
    a("json", J, f"npm config list --json 2>/dev/null")
    a("json", J, f"tomlq . {FX}/crate/Cargo.toml"); a("yaml", Y, f"tomlq -y . {tz}/pyproject.toml 2>/dev/null || tomlq -y . {tt}/new/pyproject.toml")
    a("json", J, f"xq . {tt}/new/../../junit.xml 2>/dev/null || xq . {FX}/junit.xml")
    a("text", T_LIST, f"sqlite3 {db} .stats 2>&1 | head -40; sqlite3 {db} .show")
    a("text", T_LIST, f"sqlite3 {db} .indexes .tables .databases")
    a("code", C, f"sqlite3 {db} '.fullschema --indent'")
    # -- sixth batch: file views through git and cat -n, npm scripts, builds, formatter checks ----------
    a("code", "source file shown by git: code", f"git -C {tz} show v0.12.1:toolz/utils.py")
    a("code", "source file shown by git: code", f"git -C {tz} show HEAD:toolz/recipes.py | head -60")
    a("json", J, f"git -C {npm} show HEAD:kleur/package.json")
    a("text", "reStructuredText README: text", f"git -C {tz} show HEAD:README.rst | head -80")
    a("code", "JavaScript shown by git: code", f"git -C {npm} show HEAD~4:ms/index.js")
    a("code", "cat -n of source (an agent's file view): code", f"cat -n {tz}/toolz/utils.py | head -80")
    a("code", "cat -n of source: code", f"nl -ba {npm}/ms/index.js | head -100")
    a("text|markdown", UNSURE + " (numbered Markdown)", f"cat -n {npm}/ms/readme.md | head -60")
    a("text", T_LIST, f"grep -rn -C2 'def memoize' {tz}/toolz")
    a("text", T_LIST, f"grep -rn --include='*.py' 'TODO\\|XXX\\|FIXME' {tz} {tb} | head -40")
    a("text", T_LIST, f"diff -q -r {tt}/old {tt}/new | head -40")
    a("text|diff", UNSURE + " (side-by-side diff)", f"diff -y -W 120 {tt}/old/tabulate.py {tt}/new/tabulate/version.py 2>/dev/null | head -40; diff -y -W 100 <(ls {tt}/old) <(ls {tt}/new)")
    a("text", T_LIST, f"comm -3 <(ls {tt}/old | sort) <(ls {tt}/new | sort)")
    a("csv", CSV, f"sqlite3 -csv -header {db} 'select * from files' | sort -t, -k3 -n | head -40 | (echo 'repo,path,bytes,lang'; cat)")
    a("csv", CSV, f"sqlite3 -csv -header {db} 'select * from files' | cut -d, -f1,3 | head -60")
    a("ndjson", ND, f"sqlite3 -json {db} 'select * from commits' | jq -r '.[] | @json'")
    a("text", T_LIST, f"jq -r 'keys[]' {npm}/kleur/package.json")
    a("json", J, f"{PY} -c 'import json,sys; print(json.dumps({{\"argv\": sys.argv, \"path\": sys.path, \"flags\": list(sys.flags)}}))'")
    a("log", L + " (npm run test: script header then TAP)", f"cd {FX} && mkdir -p npmt && cp nt.test.js npmt/ && cd npmt && printf '{{\"name\": \"npmt\", \"version\": \"1.0.0\", \"scripts\": {{\"test\": \"node --test\", \"lint\": \"echo ok\"}}}}' > package.json && npm test 2>&1")
    a("text", T_LIST, f"cd {FX}/npmt && npm run 2>&1")
    a("log|text", UNSURE + " (a 2-line make run: a compiler command and an echo)", f"cd {c} && rm -f fmt2 && printf 'all: fmt2\\nfmt2: fmt.c\\n\\t$(CC) -Wall -O2 -o $@ $<\\n\\t@echo built $@\\n' > Makefile2 && make -f Makefile2 2>&1")
    a("log", L, f"cd {toolz} && {TV}/ruff format --no-cache --check toolz 2>&1 | head -60")
    a("log", L, f"cd {toolz} && {TV}/ruff check --no-cache --select E,F,B,UP --show-fixes toolz 2>&1 | tail -40")
    a("log", L, f"cd {toolz} && {TV}/mypy --no-incremental --cache-dir=/dev/null -v toolz/utils.py 2>&1 | head -80")
    a("log", L, f"{tpip} install --no-index --find-links {DL}/sdist toolz==0.12.1 --dry-run 2>&1")
    a("log", L, f"{tpip} install -r /nonexistent/requirements.txt 2>&1; {tpip} install --no-index nosuchpkg-xyz 2>&1")
    a("text", T_LIST, "ps -eo pid,ppid,cmd --forest | head -40")
    a("text", T_LIST, f"find {tz} -name '*.py' | xargs wc -l | sort -n | tail -20")
    # -- seventh batch: structured shapes through pipes, more diffs ------------------------------------
    a("diff", D, f"git diff --no-index --no-color {tt}/old/tabulate.py {tt}/new/tabulate/__init__.py | head -300")
    a("text", T_GIT, f"git diff --no-index --stat {tt}/old {tt}/new")
    a("diff", D, f"diff -u {npm}/../npm-pkgs/ms/package.json <(git -C {npm} show HEAD~5:ms/package.json)")
    a("diff", D, f"diff -ru -U1 <(git -C {npm} show HEAD~5:ms/index.js) {npm}/ms/index.js")
    a("diff", D, f"git -C {tz} log -p --format= -n 1 v0.12.1 | head -200")
    a("diff", D, f"git -C {tz} diff --no-color -U0 --word-diff=plain v0.12.0 v0.12.1 -- setup.py toolz/_version.py")
    a("text", T_GIT, f"git -C {tz} log --format=%H"); a("text", T_GIT, f"git -C {tz} show -s --format=%B HEAD~1")
    a("text", T_LIST, f"cd {tz} && git diff v0.12.0 v0.12.1 -- toolz/_version.py > {FX}/p.diff; git -C {tz} stash list; patch --dry-run -p1 -R < {FX}/p.diff")
    a("ndjson", ND, f"jq -c 'to_entries[]' {npm}/kleur/package.json")
    a("tsv", TSV, f"sqlite3 -json {db} 'select repo, sha, files from commits' | jq -r '.[] | \"\\(.repo)\\t\\(.sha)\\t\\(.files)\"'")
    a("json", J, f"jq '.' <(sqlite3 -json {db} 'select * from files')")
    a("csv", CSV, f"{PY} -c \"import csv, sys, subprocess; w = csv.writer(sys.stdout); w.writerow(['sha', 'subject']); [w.writerow(l.split(' ', 1)) for l in subprocess.check_output(['git', '-C', '{tz}', 'log', '--all', '--format=%h %s'], text=True).splitlines()]\"")
    a("json", J, f"{tpip} list --format=json | {PY} -m json.tool")
    a("json", J, f"cd {FX}/npmt && npm ls --json 2>/dev/null"); a("json", J, f"cd {FX}/npmt && npm pkg get 2>/dev/null")
    a("ndjson", ND, f"curl -s http://127.0.0.1:{port}/api.json | jq -c '.repos[]'")
    a("text", T_LIST, f"jq -r '.installed[] | [.metadata.name, .metadata.version] | @tsv' <({pj}) | column -t -s $'\\t'")
    a("csv", CSV + " (header-less)", f"paste -d, <(git -C {tz} log --all --format=%h) <(git -C {tz} log --all --format=%at) <(git -C {tz} log --all --format=%an)")
    a("tsv", TSV, f"ls -la {tz}/toolz | awk 'NR>1 {{print $5\"\\t\"$9}}'")
    a("csv", CSV + " (header-less)", f"stat -c '%s,%n' {tz}/toolz/*.py")
    a("tsv", TSV, f"du -sh {FX}/git/* | sort -h"); a("tsv", TSV, f"find {tz}/toolz -name '*.py' -printf '%p\\t%s\\n'")
    a("tsv", TSV, "ip -j addr | jq -r '.[] | [.ifname, .operstate, (.addr_info | length)] | @tsv'")
    a("text", T_LIST, "lsblk -o NAME,SIZE,TYPE -n -l"); a("text", T_LIST, "getent passwd | cut -d: -f1,7")
    a("text", T_LIST, "ss -tan | awk 'NR>1 {print $1}' | sort | uniq -c")
    a("text", T_LIST, f"openssl dgst -sha256 {DL}/sdist/*"); a("text", T_LIST, f"unzip -Z -1 $(ls {OUT}/tvenv/lib/python3*/site-packages/../../../../dl/npm/*.tgz 2>/dev/null | head -0) /dev/null 2>&1 | head -3; file -i {c}/* {npm}/ms/*")
    a("text", T_BIN, f"readelf -p .comment {c}/fmt"); a("text", T_BIN, f"size {c}/fmt {c}/fmt.o /usr/bin/jq"); a("text", T_BIN, f"nm {c}/fmt.o | c++filt")
    a("text", T_LIST, "cat /proc/self/mountinfo | head -30"); a("text", T_LIST, "cat /proc/self/cgroup; cat /sys/fs/cgroup/memory.stat 2>/dev/null | head -40")
    a("text", T_LIST, "cat /proc/vmstat | head -60"); a("text", T_LIST, "vmstat -s")
    a("text", T_LIST, f"git -C {tz} count-objects -v; git -C {tz} gc --dry-run 2>&1 | head -3; git -C {tz} fsck --no-progress 2>&1 | head -20")
    a("text", T_GIT, f"git -C {tz} log --all --oneline --graph --boundary main...old-release")
    a("text", T_GIT, f"git -C {tz} status --ignored; git -C {tz} clean -n")
    # -- eighth batch: debuggers, introspection, toolchains' listings -----------------------------------
    a("log", L + " (gdb backtrace of a crash)", f"cd {c} && gdb -q -batch -ex run -ex bt ./crash 2>&1")
    a("log", L + " (a crash under valgrind)", f"cd {c} && valgrind -q ./crash 2>&1 | head -40")
    a("code", "source printed by python -m inspect: code", f"PYTHONPATH={toolz} {PY} -m inspect toolz.itertoolz:unique")
    a("text|yaml", UNSURE + " (4 flat key: value lines)", f"PYTHONPATH={toolz} {PY} -m inspect -d toolz.itertoolz")
    a("text", T_LIST, f"{PY} -m pickletools <({PY} -c 'import pickle,sys; sys.stdout.buffer.write(pickle.dumps({{\"a\": [1, 2.5, None], \"b\": (\"x\", b\"y\")}}, 2))')")
    a("log", L, f"cd {tt}/new && PYTHONPATH={tt}/old {PY} -m unittest -v test.test_api 2>&1 | tail -60")
    a("log|text", UNSURE + " (3 lines: tabnanny verdicts, a bash -n error)", f"{PY} -m tabnanny -v {toolz}/toolz/utils.py {toolz}/toolz/_signatures.py 2>&1 | head -20; bash -n <(printf 'if true; then\\n echo x\\n') 2>&1")
    a("text", T_LIST, f"{PY} -m trace --listfuncs -c 'import json' 2>/dev/null | head -40 || true")
    a("text|log", UNSURE + " (a bash -x trace)", f"bash -x -c 'for f in {tz}/toolz/*.py; do wc -l $f; done' 2>&1 | head -40")
    a("text", T_HELP, "perldoc -T Test::More 2>/dev/null | head -80")
    a("text", T_LIST, "cargo --list | head -40; rustup toolchain list 2>&1")
    a("log", L + " (cargo build -v)", f"cd {FX}/crate && touch src/lib.rs && cargo build -v --offline 2>&1")
    a("text", T_LIST, f"cd {FX}/npmt && npm ls --long 2>&1; npm ls --parseable 2>&1")
    a("text", T_LIST, f"openssl asn1parse -in {FX}/../fx/www/../cert.pem 2>/dev/null | head -40 || openssl version -a")
    a("text|tsv", UNSURE + " (bash time: name TAB value)", "bash -c 'time (sleep 0.1)' 2>&1")
    a("text", T_LIST, f"cmake -LA -N {FX}/c/build 2>/dev/null | head -40 || echo none")
    # -- ninth batch: the new classes with colour forced on (tools run under a pty-forcing flag) ----------
    a("log", L, f"cd {FX}/rust && rustc --color always --edition 2021 -o /dev/null main.rs 2>&1")
    a("log", L, f"cd {FX}/crate && touch src/lib.rs && cargo test --offline --color always 2>&1")
    a("log", L, f"cd {toolz} && FORCE_COLOR=1 {TV}/ruff check --no-cache --select E,F,B --output-format=full toolz 2>&1 | head -120")
    a("log", L, f"cd {toolz} && MYPY_FORCE_COLOR=1 {TV}/mypy --no-incremental --cache-dir=/dev/null --color-output toolz/functoolz.py 2>&1 | head -80")
    a("log", L, f"cd {FX} && FORCE_COLOR=1 node --test --test-reporter=spec nt.test.js 2>&1")
    a("log", L, f"cd {FX}/perl && prove --color -v t/ 2>&1")
    a("log", L, f"cd {tt}/new && {pyt} --color=yes -q --tb=short test/test_output.py 2>&1 | tail -80")
    a("diff", D, f"git -C {tz} log -p --color=always -n 1 v0.12.1 | head -200")
    a("text", T_GIT, f"git -C {tz} log --color=always --graph --oneline --all --decorate")
    a("text", T_GIT, f"git -C {tz} -c color.status=always status")
    a("text", T_GIT, f"git -C {tz} -c color.ui=always branch -vv -a")
    # -- tenth batch: JVM, terraform, tcl -----------------------------------------------------------------
    a("log", L + " (javac errors)", f"cd {FX}/java && javac -d /tmp/cmdout-probe/fx/java/out Bad.java 2>&1")
    a("log", L + " (a Java exception)", f"cd {FX}/java && javac -d out Pad.java && java -cp out Pad 2>&1")
    a("text", T_LIST, "java -XshowSettings:properties -version 2>&1 | head -60")
    a("text", T_HELP, "javac -help 2>&1 | head -60")
    a("log", L + " (maven offline failure)", f"cd {FX}/java && mvn -o -q -B validate 2>&1 | head -40")
    a("text", T_LIST, "mvn -v 2>&1")
    a("log", L + " (terraform init/validate)", f"cd {FX}/tf && terraform init -input=false -no-color 2>&1 && terraform validate -no-color 2>&1")
    a("json", J, f"cd {FX}/tf && terraform validate -json 2>/dev/null")
    a("code", "terraform fmt of a file: code", f"cd {FX}/tf && terraform fmt -write=false -diff=false main.tf >/dev/null; cat main.tf")
    a("text", T_LIST, f"cd {FX}/tf && terraform version; terraform providers 2>&1")
    a("log|text", UNSURE + " (a Tcl error with its stack)", "echo 'proc f {x} {return [expr {$x / 0}]}; f 3' | tclsh 2>&1")
    # -- node / npm offline ----------------------------------------------------------------------
    a("log", L + " (npm notice stream)", f"cd {npm}/ms && npm pack --dry-run 2>&1")
    a("json", J, f"cd {npm}/kleur && npm pack --dry-run --json 2>/dev/null")
    a("text", T_LIST, f"tar tzvf {DL}/npm/kleur-4.1.5.tgz")
    a("text", T_HELP, "node --v8-options | head -120")
    a("json", J, f"node -e \"console.log(JSON.stringify(require('{npm}/kleur/package.json'), null, 2))\"")
    a("log", L + " (node stack trace)", f"node -e \"require('{npm}/ms')(undefined)\" 2>&1 || true")
    a("log", L + " (node stack trace)", "node -e \"JSON.parse('{bad')\" 2>&1")
    a("log", L + " (node test runner)", f"cd {FX} && printf \"const t = require('node:test'); const a = require('node:assert');\\nt.test('adds', () => a.equal(1 + 1, 2));\\nt.test('fails', () => a.deepEqual({{a: 1}}, {{a: 2}}));\\nt.test('skipped', {{skip: true}}, () => {{}});\\n\" > nt.test.js && node --test nt.test.js 2>&1")
    return [x for x in Lst if x]


def run(cmd, err):
    try:
        p = subprocess.run(["bash", "-c", cmd], capture_output=True, timeout=120, cwd=OUT,
                           env={**os.environ, **GENV, "PAGER": "cat", "GIT_PAGER": "cat", "SYSTEMD_PAGER": "", "COLUMNS": "120",
                                "NO_COLOR": "1", "TERM": "dumb"})
    except subprocess.TimeoutExpired:
        return b""
    return p.stdout + (p.stderr if err else b"")


def corpus_hashes():
    seen = set()
    for sub in ("real-corpus", "fresh-corpus"):
        for d in Path(args.corpus_cache).glob(f"{sub}/*/files"):
            for f in d.iterdir():
                seen.add(hashlib.sha256(f.read_bytes()).hexdigest())
    return seen


SEED_KINDS = {"json", "csv", "tsv", "yaml", "xml", "code", "text", "unknown"}


def main():
    cache = OUT / "outputs.json"
    repos = fixtures()
    known = {o["cmd"]: o for o in json.loads(cache.read_text())} if args.cached and cache.exists() else {}
    port = free_port()
    srv = subprocess.Popen([PY, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(FX / "www")],
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    outs = []
    try:
        for kind, rule, cmd, err in cmds(repos, port):
            key = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:PORT", cmd)
            o = known.get(key)
            out = o["out"] if o else run(cmd, err or "2>&1" in cmd).decode("utf-8", "surrogateescape")
            outs.append({"kind": kind, "rule": rule, "cmd": key, "out": out})
    finally:
        srv.terminate(); srv.wait()
    cache.write_text(json.dumps(outs))
    import toolstub
    seen = corpus_hashes()
    res, miss_dir = [], OUT / "miss"
    shutil.rmtree(miss_dir, ignore_errors=True); miss_dir.mkdir()
    dup = Counter(); skipped = Counter()
    for o in outs:
        text = o["out"]
        if len(text.strip()) < 20:
            skipped["empty"] += 1; continue
        h = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()
        if h in seen:
            skipped["corpus"] += 1; continue
        if dup[h]:
            skipped["duplicate"] += 1; continue
        dup[h] += 1
        rule = o["rule"]
        if UNSURE not in rule and "|" not in o["kind"]:
            why = validate(o["kind"], text)
            if why:
                rule = f"{UNSURE} (validation failed: {why[:60]}) " + rule
        got = toolstub.synopsize(text, rules=args.rules).kind
        compat = toolstub.synopsize(text, rules="openviking-compat").kind
        ok = got in o["kind"].split("|")
        res.append({"cmd": o["cmd"], "kind": o["kind"], "got": got, "compat": compat, "ok": ok, "rule": rule,
                    "chars": len(text)})
        if not ok:
            (miss_dir / f"{len(res):03d}.txt").write_text(o["cmd"] + "\n----\n" + text, errors="surrogateescape")
    (OUT / "result.json").write_text(json.dumps(res, indent=1))
    firm = [r for r in res if UNSURE not in r["rule"]]; uns = [r for r in res if UNSURE in r["rule"]]
    crdw = [r for r in firm if r["kind"] in SEED_KINDS and r["compat"] == r["kind"] and not r["ok"]]
    print(f"{len(outs)} commands, {len(res)} outputs judged (skipped: {dict(skipped)}): firm {sum(r['ok'] for r in firm)}/{len(firm)}"
          f" ({100 * sum(r['ok'] for r in firm) / max(1, len(firm)):.1f} %), unsure {sum(r['ok'] for r in uns)}/{len(uns)};"
          f" compat right, default wrong: {len(crdw)}")
    print("firm by kind:", dict(sorted(Counter(r["kind"] for r in firm).items())))
    print("misses:", Counter((r["kind"], r["got"]) for r in firm if not r["ok"]).most_common())
    for i, r in enumerate(res, 1):
        if not r["ok"] or not args.only_misses:
            tag = "ok  " if r["ok"] else ("UNS " if UNSURE in r["rule"] else "MISS")
            print(f"{tag} {i:03d} {r['kind']:>11} -> {r['got']:<8} (compat {r['compat']:<7}) {r['cmd'][:100]}")
    for r in crdw:
        print("COMPAT RIGHT, DEFAULT WRONG:", r["cmd"][:120])


main()
