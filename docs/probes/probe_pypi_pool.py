"""A pool of another source than the Debian pools: the files of PyPI projects picked by a hash of their names.

    python docs/probes/probe_pypi_pool.py [--first 1] [--batches 6] [--out /tmp/pypi-pool] [--cached] [--half a|b|all] [--learned]

The Debian pools (probe_pool.py) read what Debian ships; this one reads what PyPI authors upload. Every project name
of PyPI's simple index (``https://pypi.org/simple/``, its JSON form) is ranked by
``sha256("pypi-pool:2026-12-07:" + name)``; ranks FIRST to FIRST+60*BATCHES-1 are read, in batches of 60 names.
For each name, the JSON API's latest release gives one file: a pure-Python wheel when there is one, else another
wheel, else the sdist (``.tar.gz`` or ``.zip``), 5 MB at most (nothing is built or run: the archive is only
unpacked). Its files are labelled by name and validated as the fresh corpus labels Debian's files
(fresh_corpus._take_files, the same per-kind quotas per batch), and files equal to a real, fresh or blind case are
left out. Batches 0, 2, 4... are half ``a`` (may be read and tuned on), batches 1, 3, 5... half ``b`` (checked
on, never read). Names with no release file, or a file too large, are skipped (counted in the output).

Writes OUT/cases.json and OUT/result.json as probe_pool.py does, and prints the same report (probe_pool.judge).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import re
import shutil
import sys
import tarfile
import urllib.parse
import urllib.request
import zipfile
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "docs" / "probes"))
sys.path.insert(0, str(REPO / "tests" / "accuracy"))

import fresh_corpus as fc  # noqa: E402
import probe_pool as pp  # noqa: E402

SALT = "pypi-pool:2026-12-07:"
INDEX = "https://pypi.org/simple/"
MAX_BYTES = 5 << 20
CACHE = Path("/tmp/pypi-pool-downloads")
#: the quotas of a batch (fresh_corpus.src_debs' for a Debian batch, with JSON, YAML and TOML-era configs in mind)
PER_KIND = {"code": 120, "yaml": 70, "xml": 25, "html": 35, "markdown": 40, "text": 50, "json": 30, "csv": 10,
            "tsv": 10, "log": 10, "unknown": 25}


def _get(url: str, accept: str = "application/json", timeout: int = 60) -> bytes:
    req = urllib.request.Request(url, headers={"Accept": accept, "User-Agent": "toolstub-probe"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:  # noqa: S310 - a fixed https URL
        return resp.read()


def ranking() -> list[str]:
    cached = CACHE / "index.json"
    if not cached.is_file():
        CACHE.mkdir(parents=True, exist_ok=True)
        cached.write_bytes(_get(INDEX, "application/vnd.pypi.simple.v1+json", timeout=300))
    data = cached.read_bytes()
    if data.lstrip().startswith(b"{"):  # the JSON form (PEP 691)
        names = [p["name"] for p in json.loads(data)["projects"]]
    else:  # the HTML form (what a mirror or proxy may serve whatever is asked): one `<a href="name/">` per project
        names = [m.decode() for m in re.findall(rb'<a href="[^"]*?([^"/]+)/">', data)]
    return sorted(names, key=lambda n: hashlib.sha256((SALT + n).encode()).hexdigest())


def _pick(urls: list[dict]) -> dict | None:
    """The release file to read: a pure-Python wheel, else any wheel, else an sdist; 5 MB at most."""
    files = [u for u in urls if u.get("size", MAX_BYTES + 1) <= MAX_BYTES and not u.get("yanked")]
    for test in (lambda f: f.endswith("-none-any.whl"), lambda f: f.endswith(".whl"),
                 lambda f: f.endswith((".tar.gz", ".zip"))):
        for u in sorted(files, key=lambda u: u["filename"]):
            if test(u["filename"]):
                return u
    return None


def _fetch(name: str) -> Path | None:
    """The chosen release file of ``name``, downloaded once into the cache (None: no usable file)."""
    meta_f = CACHE / "meta" / f"{name}.json"
    try:
        if not meta_f.is_file():
            meta_f.parent.mkdir(parents=True, exist_ok=True)
            meta_f.write_bytes(_get(f"https://pypi.org/pypi/{name}/json"))
        meta = json.loads(meta_f.read_bytes())
    except (OSError, ValueError):
        return None
    chosen = _pick(meta.get("urls") or [])
    if chosen is None:
        return None
    dest = CACHE / "files" / chosen["filename"]
    if not dest.is_file():
        try:
            # a proxy may serve the files' addresses relative to the JSON document's
            data = _get(urllib.parse.urljoin(f"https://pypi.org/pypi/{name}/json", chosen["url"]), "*/*", timeout=120)
        except (OSError, ValueError):
            return None
        if hashlib.sha256(data).hexdigest() != chosen.get("digests", {}).get("sha256"):
            return None
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_bytes(data)
    return dest


def _unpack(archive: Path, root: Path) -> list[Path]:
    """The regular files of a wheel, zip or tarball under ``root`` (no links, no paths out of ``root``)."""
    out = []
    try:
        if archive.name.endswith((".whl", ".zip")):
            with zipfile.ZipFile(archive) as zf:
                for info in zf.infolist():
                    if info.is_dir() or info.filename.startswith("/") or ".." in info.filename or info.file_size > 4 << 20:
                        continue
                    dest = root / info.filename
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    dest.write_bytes(zf.read(info))
                    out.append(dest)
        else:
            with tarfile.open(archive) as tf:
                for member in tf.getmembers():
                    if not member.isfile() or member.name.startswith("/") or ".." in member.name or member.size > 4 << 20:
                        continue
                    src = tf.extractfile(member)
                    if src is None:
                        continue
                    dest = root / member.name
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    dest.write_bytes(src.read())
                    out.append(dest)
    except (OSError, zipfile.BadZipFile, tarfile.TarError, EOFError, ValueError):
        return out
    return out


def build(out: Path, names: list[str], seen: dict[str, str]) -> tuple[list[dict], int]:
    """One batch of 60 names: (its cases, how many names had no usable release file)."""
    work, tmp = out / "corpus", out / "tmp"
    for d in (work, tmp):
        shutil.rmtree(d, ignore_errors=True)
        d.mkdir(parents=True)
    b = pp.PoolBuilder(work, CACHE, seen)
    files, missing = [], 0
    for name in names:
        archive = _fetch(name)
        if archive is None:
            missing += 1
            continue
        root = tmp / name
        for p in _unpack(archive, root):
            files.append((f"{name}/{p.relative_to(root).as_posix()}", p))
    fc._take_files(b, "pypi:", sorted(files), "pypi", per_kind=PER_KIND, per_top=18,  # type: ignore[arg-type]
                   top_of=lambda rel: rel.split("/")[0])
    seen.update(b.seen)
    shutil.rmtree(tmp, ignore_errors=True)
    return [dict(id=c.id, kind=c.kind, file=str(work / "files" / c.file)) for c in b.corpus.cases], missing


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--batches", type=int, default=6, help="batches of 60 project names")
    ap.add_argument("--out", type=Path, default=Path("/tmp/pypi-pool"))
    ap.add_argument("--cached", action="store_true", help="re-judge the cases of the last build")
    ap.add_argument("--half", default="a", choices=("a", "b", "all"))
    ap.add_argument("--learned", action="store_true", help="also judge default with detection.learned magika")
    args = ap.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    cases_f = args.out / "cases.json"
    if args.cached and cases_f.is_file():
        meta = json.loads(cases_f.read_text())
    else:
        rank = ranking()
        seen = pp.seen_digests()
        meta = {"names": [], "cases": [], "missing": 0}
        for k in range(args.batches):
            chosen = rank[args.first - 1 + 60 * k: args.first - 1 + 60 * (k + 1)]
            cases, missing = build(args.out / f"batch{k:02d}", chosen, seen)
            for c in cases:
                c["half"] = "ab"[k % 2]
                c["batch"] = k
            meta["names"] += chosen
            meta["cases"] += cases
            meta["missing"] += missing
            print(f"batch {k}: {len(cases)} cases ({missing} of 60 names without a usable release file)", file=sys.stderr)
        cases_f.write_text(json.dumps(meta, indent=1))
    return pp.judge(meta, args.out, args.half, args.learned)


if __name__ == "__main__":
    raise SystemExit(main())
