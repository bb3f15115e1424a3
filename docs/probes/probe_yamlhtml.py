"""Probe (yamlhtml, issue 10): YAML and HTML as agents meet them, from packages the corpora do not name.

    python docs/probes/probe_yamlhtml.py [--probe /tmp/yamlhtml-probe] [--cached] [--show N] [--rules R]

Material (fetched by hand into PROBE, see docs/probes/README.md "YAML and HTML from registry packages"):
``PROBE/debs/*.deb`` (``apt-get download``; unpacked with ``dpkg-deb -x``), ``PROBE/npm/*.tgz``
(``npm pack``), ``PROBE/pypi/*`` (``pip download --no-deps``: wheels and sdists), all unpacked into
``PROBE/x``. None of these packages is named by tests/accuracy/real_corpus.py or fresh_corpus.py, and
a file whose bytes equal a case of either corpus is left out (compared by hash only).

Labelling is the real corpus's and independent of the detectors: the file's name
(``real_corpus.label_by_name``: ``.yaml``/``.yml`` -> yaml, ``.html``/``.htm`` -> html, templates by the
type they render to) and ``real_corpus.validate`` (YAML: ``yaml.load_all`` with any tag accepted gives
mappings or lists only; HTML: ``html.parser`` sees 5+ elements, one of html/body/div/p/table/head/a,
and not mostly template tags; a text file that loads as a YAML mapping is dropped as ambiguous, as
the corpora drop it). Files of the other kinds in the same packages (Markdown with front
matter, text, XML, code, JSON) are kept too, fewer per package, as look-alikes that must keep their kind.

Each case is run with ``default`` and ``openviking-compat`` (``toolstub.synopsize``, as
bench/accuracy_report.py does); the report gives accuracy per kind and per class (a reporting class
from the path and the text, e.g. yaml/workflow, yaml/k8s, html/doxygen, html/fragment), the misses,
and the files where compat's kind is right and default's wrong. Misses are written to PROBE/miss.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
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

import toolstub

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests" / "accuracy"))
import real_corpus as rc  # noqa: E402

SEED_KINDS = {"json", "csv", "tsv", "yaml", "xml", "code", "text", "unknown"}
TARGET = ("yaml", "html")
#: cases per package: every YAML/HTML file up to this many, fewer of the look-alike kinds
PER_PACKAGE = {"yaml": 400, "html": 250}
PER_PACKAGE_OTHER = 30


def rank(key: str) -> str:
    return hashlib.sha256(("yamlhtml-probe:" + key).encode()).hexdigest()


def corpus_hashes() -> set[str]:
    out: set[str] = set()
    for base in (ROOT / ".cache" / "real-corpus", ROOT / ".cache" / "fresh-corpus"):
        if not base.is_dir():
            continue
        for d in base.iterdir():
            files = d / "files"
            if files.is_dir():
                for p in files.iterdir():
                    if p.is_file():
                        out.add(hashlib.sha256(p.read_bytes()).hexdigest())
    return out


def unpack(probe: Path) -> None:
    """Each archive of PROBE/{debs,npm,pypi} into PROBE/x/<source>-<name> (once)."""
    x = probe / "x"
    x.mkdir(exist_ok=True)
    for sub in ("debs", "npm", "pypi"):
        d = probe / sub
        if not d.is_dir():
            continue
        for a in sorted(d.iterdir()):
            name = a.name.split("_")[0] if sub == "debs" else re.sub(r"(\.tar\.gz|\.tgz|\.whl|\.zip)$", "", a.name)
            dest = x / f"{sub[:3] if sub != 'debs' else 'deb'}-{name}"
            if dest.exists():
                continue
            dest.mkdir()
            if a.suffix == ".deb":
                subprocess.run(["dpkg-deb", "-x", str(a), str(dest)], check=False)
            elif a.name.endswith((".tgz", ".tar.gz")):
                with tarfile.open(a) as t:
                    t.extractall(dest, filter="data")
            elif a.suffix in (".whl", ".zip"):
                with zipfile.ZipFile(a) as z:
                    z.extractall(dest)


def read(p: Path, limit: int = 1 << 20) -> bytes | None:
    try:
        if p.is_symlink() or p.stat().st_size > limit:
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


def yaml_class(rel: str, text: str) -> str:
    low = rel.lower()
    if "/.github/workflows/" in low or "/.gitlab-ci" in low or low.endswith(("/.travis.yml", "azure-pipelines.yml")):
        return "ci"
    if "compose" in low.rsplit("/", 1)[-1]:
        return "compose"
    if re.search(r"(?m)^apiVersion:", text) and re.search(r"(?m)^kind:", text):
        return "k8s"
    if re.search(r"(?m)^(openapi|swagger):", text):
        return "openapi"
    if re.search(r"/(roles|tasks|handlers|playbooks|molecule)/|/meta/main\.ya?ml$", low) or re.search(r"(?m)^- (hosts|name):", text):
        return "ansible"
    if re.search(r"/locales?/|/i18n/|/lang/", low):
        return "locale"
    if low.endswith("meta.yaml") or "/recipe" in low:
        return "conda"
    if re.search(r"(?m)^heat_template_version:", text):
        return "heat"
    if re.search(r"(?:^|[ \t])![A-Za-z]", text):
        return "tagged"
    if re.search(r"(?m):[ \t]+[|>][-+]?[ \t]*$", text):
        return "block"
    if re.search(r"(?m)^[\w.-]+:[ \t]*$", text):
        return "nested"
    return "flat"


def html_class(rel: str, text: str) -> str:
    head = text[:3000].lower()
    low = rel.lower()
    if "{{" in text or "{%" in text or "<%" in text:
        return "template"
    if "mail" in low:
        return "email"
    if "doxygen" in head:
        return "doxygen"
    if "javadoc" in head or "<!-- generated by javadoc" in head:
        return "javadoc"
    if "sphinx" in text[:20000].lower() or "_static/" in head:
        return "sphinx"
    if "gtk-doc" in head or "gtkdoc" in head:
        return "gtkdoc"
    if "asciidoc" in head or "docbook" in head:
        return "docbook"
    if not re.match(r"\s*(<!--.*?-->\s*)*(<!doctype|<html)", text, re.I | re.S):
        return "fragment"
    return "page"


def other_class(kind: str, rel: str, text: str) -> str:
    if kind == "markdown" and text.startswith("---"):
        return "front-matter"
    return rel.rsplit(".", 1)[-1][:8] if "." in rel.rsplit("/", 1)[-1] else "noext"


def _loads_as_mapping(text: str) -> bool:
    import yaml

    try:
        return isinstance(yaml.safe_load(text), dict)
    except Exception:  # noqa: BLE001 - not YAML: text
        return False


def gather(probe: Path) -> list[dict]:
    skip = corpus_hashes()
    seen: set[str] = set()
    cases: list[dict] = []
    for pkg in sorted((probe / "x").iterdir()):
        files = []
        for dp, dn, fn in os.walk(pkg):
            dn[:] = sorted(d for d in dn if d not in ("__pycache__", "node_modules"))
            files.extend(Path(dp) / f for f in fn)
        got: Counter = Counter()
        for p in sorted(files, key=lambda p: rank(str(p))):
            rel = p.relative_to(pkg).as_posix()
            name = rel[:-3] if rel.endswith(".gz") else rel
            lab = rc.label_by_name(name)
            if lab is None or lab[0] == "unknown":
                continue
            kind = lab[0]
            quota = PER_PACKAGE.get(kind, PER_PACKAGE_OTHER)
            if got[kind] >= quota:
                continue
            data = read(p)
            if not data or len(data) > rc.CAP:
                continue
            digest = hashlib.sha256(data).hexdigest()
            if digest in skip or digest in seen:
                continue
            if rc.validate(kind, data, lab[1]):
                continue
            text = data.decode("utf-8")
            if kind == "text" and _loads_as_mapping(text):
                continue  # a text file that loads as a YAML mapping: ambiguous, dropped as the corpora do
            if kind == "yaml":
                cls = yaml_class("/" + rel, text)
            elif kind == "html":
                cls = html_class(rel, text)
            else:
                cls = other_class(kind, rel, text)
            seen.add(digest)
            got[kind] += 1
            cases.append({"id": f"{pkg.name}/{rel}", "kind": kind, "cls": cls, "content": text})
    return cases


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe", default="/tmp/yamlhtml-probe")
    ap.add_argument("--cached", action="store_true", help="judge the cases of the last run again")
    ap.add_argument("--show", type=int, default=40, help="misses listed per kind")
    ap.add_argument("--rules", default="default")
    args = ap.parse_args()
    probe = Path(args.probe)
    cache = probe / "cases.pickle"
    if args.cached and cache.is_file():
        cases = pickle.loads(cache.read_bytes())
    else:
        unpack(probe)
        cases = gather(probe)
        cache.write_bytes(pickle.dumps(cases))
    missdir = probe / "miss"
    missdir.mkdir(exist_ok=True)
    for old in missdir.iterdir():
        old.unlink()
    per: dict[str, Counter] = defaultdict(Counter)
    by_kind: dict[str, Counter] = defaultdict(Counter)
    misses, crdw, slow = [], [], []
    for c in cases:
        t0 = time.perf_counter()
        got = toolstub.synopsize(c["content"], rules=args.rules).kind
        dt = time.perf_counter() - t0
        compat = toolstub.synopsize(c["content"], rules="openviking-compat").kind
        if dt > 1.0:
            slow.append((dt, c["id"]))
        key = f"{c['kind']}/{c['cls']}"
        per[key]["n"] += 1
        by_kind[c["kind"]]["n"] += 1
        by_kind[c["kind"]]["default"] += got == c["kind"]
        by_kind[c["kind"]]["compat"] += compat == c["kind"]
        if got != c["kind"]:
            per[key][f"->{got}"] += 1
            n = len(misses)
            misses.append((c["kind"], c["cls"], got, compat, c["id"], n))
            (missdir / f"{n:04d}-{c['kind']}-{got}").write_text(c["content"], encoding="utf-8", errors="surrogateescape")
            if compat == c["kind"]:
                crdw.append(c["id"])
    n = len(cases)
    right = n - len(misses)
    print(f"probe: {n} cases, default {right} right ({100 * right / max(n, 1):.2f} %), {len(misses)} misses")
    print("  kind        n   default    compat")
    for k in sorted(by_kind):
        row = by_kind[k]
        comp = f"{100 * row['compat'] / row['n']:9.2f}" if k in SEED_KINDS else "        -"
        print(f"  {k:9} {row['n']:5} {100 * row['default'] / row['n']:9.2f} {comp}")
    print("by class:")
    for k in sorted(per):
        wrong = {m: v for m, v in per[k].items() if m != "n"}
        print(f"  {k:26} n={per[k]['n']:5}  {' '.join(f'{m}:{v}' for m, v in sorted(wrong.items()))}")
    shown: Counter = Counter()
    print("misses (expected/class -> default [compat] id, file under PROBE/miss):")
    for kind, cls, got, compat, cid, i in misses:
        if shown[kind] < args.show:
            shown[kind] += 1
            print(f"  {i:04d} {kind}/{cls} -> {got} [{compat}] {cid}")
    print(f"compat right, default wrong: {len(crdw)}")
    for cid in crdw:
        print(f"  {cid}")
    for dt, cid in slow:
        print(f"  SLOW {dt:.2f}s {cid}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
