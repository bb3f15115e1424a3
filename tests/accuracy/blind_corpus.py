"""The `blind` accuracy set: Debian packages picked by a hash, not by hand, before this round's changes were measured.

    python tests/accuracy/blind_corpus.py [--out DIR] [--force] [--quiet]

`fresh` (fresh_corpus.py) answers "real outputs from sources the tune/holdout corpus never reads",
but its sources were chosen by people who knew the detectors. This set takes that last choice away:
its Debian packages are the first 60 of bookworm's package list (amd64 and all, 8 KB to 2.5 MB,
neither installed here nor named by any corpus generator or probe script, sections other than
libraries, debug symbols, kernels, fonts and localizations) in the order of
``sha256("blind:2026-12-05:" + name)``, pinned below as that ranking gave them on 2026-12-05 (the
integrator's ranking script is this docstring's recipe; the list was not edited by hand). Each is
downloaded with ``apt-get download`` and unpacked with ``dpkg-deb -x``, and read exactly as
fresh_corpus.py reads its Debian packages (its ``src_debs``: files labelled by name and validated as
the real corpus validates, man pages rendered with ``man -l``, info pages, Debian changelogs and
copyright files, /etc files, ``dpkg-deb -I``/``-c``, ``du -a`` and ``find -printf`` listings).

A case whose bytes equal a real or fresh case is dropped. Every case has split ``blind``.

**Never tune on this set.** The report prints its figures and confusion counts, never the ids of its
misses (bench/accuracy_report.py --blind), like the fresh split's.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
import time
from collections import Counter
from dataclasses import asdict
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import fresh_corpus as fc  # noqa: E402
import real_corpus as rc  # noqa: E402
from real_corpus import Builder, Sample  # noqa: E402

REPO = rc.REPO

#: the first 60 of the hash ranking (see the docstring), pinned
DEBS = (
    "bilibop-rules=0.6.3", "xenstore-utils=4.17.7+13-g2445b30a44-0+deb12u1", "ruby-aws-sigv4=1.5.1-2",
    "php-symfony-rate-limiter=5.4.53+dfsg-0+deb12u1", "bruteforce-wallet=1.5.3-5+b1",
    "dict-freedict-srp-eng=2022.04.21-1", "ed2k-hash=0.4.0+ds-5", "dict-freedict-jpn-rus=2022.04.21-1",
    "ganeti=3.0.2-3", "libboost-coroutine1.74-dev=1.74.0+ds1-21", "python-djangorestframework-simplejwt-doc=5.2.2-1",
    "libgeo-hash-xs-perl=0.00015-2+b2", "chordii=4.5.3+repack-0.2", "libpam-gnome-keyring=42.1-1+b2",
    "openmpi-doc=4.1.4-3", "librust-semver-parser-0.7-dev=0.7.0-1+b1", "libghc-natural-transformation-dev=0.4-7+b1",
    "otags=4.05.1-3", "libhugs-glut-bundled=98.200609.21-6+b1", "php-horde-kronolith=4.2.29-3",
    "clustalx=2.1+lgpl-9", "lomiri-indicator-transfer-download-manager=1.0.0-2", "librust-gif-dev=0.11.3-1",
    "pry=0.13.1-3", "diffuse=0.7.7-1", "libvirt-daemon-driver-xen=9.0.0-4+deb12u2", "libdata-bitmask-perl=0.91-4",
    "libencode-perl=3.19-1+b1", "r-cran-wikidataqueryservicer=1.0.0-2", "libcarp-datum-perl=1:0.1.3-9",
    "docbook-to-man=1:2.0.0-45", "golang-github-bkaradzic-go-lz4-dev=1.0.0-5", "bogl-bterm=0.1.18-20",
    "librust-der-parser-dev=6.0.1-3", "librust-nasm-rs-dev=0.2.4-1+b1", "lmarbles=1.0.8-0.2",
    "gir1.2-blockdev-2.0=2.28-2+deb12u1", "lua-unbound-dev=1.0.0-2", "libcreg-utils=20200725-1+b4",
    "python3-pywraps2=0.10.0-6+b1", "debmirror=1:2.37", "libdoxia-core-java=1.12.0-1", "gr-osmosdr=0.2.4-1",
    "networking-bagpipe-doc=17.0.0-3", "libmail-authenticationresults-perl=2.20230112-1",
    "pdns-backend-pipe=4.7.3-2", "elpa-esxml=0.3.7-1", "python3-home-assistant-bluetooth=1.10.0-1",
    "keyboard-configuration=1.221", "libhash-flatten-perl=1.19-5", "python3-netaddr=0.8.0-2",
    "gnome-online-accounts=3.46.0-1", "libmalcontent-ui-dev=0.11.0-4",
    "golang-github-greatroar-blobloom-dev=0.7.1-1", "libcompress-snappy-perl=0.24+ds-3+b1", "avce00=2.0.0-9",
    "libelementary-bin=1.26.3-1+b1", "inform6-library=6.12.6+dfsg1-1",
    "gcc-11-plugin-dev-mipsisa64r6-linux-gnuabi64=11.3.0-8cross1", "gir1.2-xdp-1.0=0.6-4",
)


class BlindBuilder(Builder):
    """The real corpus's builder; ids start ``blind:``; bytes equal to a real or fresh case are dropped."""

    def __init__(self, out: Path, cache: Path, seen: dict[str, str]) -> None:
        super().__init__(out, cache)
        self.seen.update(seen)

    def add(self, case_id: str, kind: str, data: bytes | None, *, source: str, group: str, note: str = "",
            quota: int | None = None) -> bool:
        saved = rc.validate
        rc.validate = fc._validate  # the fresh set's extra languages (Go, Rust, Ruby, Lua, awk, Tcl, PHP) too
        try:
            return super().add("blind:" + case_id, kind, data, source=source, group=group, note=note, quota=quota)
        finally:
            rc.validate = saved


def src_debs(b: BlindBuilder, tmp: Path) -> None:
    """fresh_corpus.src_debs over this set's packages."""
    saved = fc.DEBS
    fc.DEBS = DEBS
    try:
        fc.src_debs(b, tmp)  # type: ignore[arg-type]  # the same Builder interface
    finally:
        fc.DEBS = saved


def _seen_digests() -> dict[str, str]:
    seen = {}
    for name, mod in (("real", rc), ("fresh", fc)):
        out = mod.generate()
        m = json.loads((out / "manifest.json").read_text())
        seen.update({hashlib.sha256((out / "files" / c["file"]).read_bytes()).hexdigest(): f"{name}:" + c["id"]
                     for c in m["cases"]})
    return seen


def default_out() -> Path:
    h = hashlib.sha256(Path(__file__).read_bytes() + Path(fc.__file__).read_bytes() + Path(rc.__file__).read_bytes())
    return REPO / ".cache" / "blind-corpus" / h.hexdigest()[:12]


def generate(out: Path | None = None, *, force: bool = False, quiet: bool = True) -> Path:
    out = out or default_out()
    if (out / "manifest.json").is_file() and not force:
        return out
    seen = _seen_digests()
    cache = REPO / ".cache" / "blind-corpus-downloads"
    cache.mkdir(parents=True, exist_ok=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix="blind-corpus-", dir=str(out.parent)))
    tmp = Path(tempfile.mkdtemp(prefix="blind-corpus-run-"))
    try:
        b = BlindBuilder(work, cache, seen)
        t0 = time.perf_counter()
        try:
            src_debs(b, tmp)
        except Exception as exc:  # noqa: BLE001 - recorded, as the other generators do
            b.corpus.sources_missing.append(f"debs: {type(exc).__name__}: {exc}")
        timing = {"debs": round(time.perf_counter() - t0, 2)}
        for c in b.corpus.cases:
            c.split = "blind"
        cases = sorted(b.corpus.cases, key=lambda c: c.id)
        manifest = {"generator": out.name, "python": sys.version.split()[0], "cases": [asdict(c) for c in cases],
                    "sources_missing": b.corpus.sources_missing, "timing_s": timing}
        (work / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False))
        (work / "dropped.json").write_text(json.dumps(sorted(b.corpus.dropped, key=lambda d: d["id"]), indent=1,
                                                      ensure_ascii=False))
        if out.exists():
            shutil.rmtree(out)
        if out == default_out():
            for old in out.parent.iterdir():
                if old.is_dir() and old != out and not old.name.startswith("blind-corpus-"):
                    shutil.rmtree(old, ignore_errors=True)
        work.rename(out)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if work.exists() and work != out:
            shutil.rmtree(work, ignore_errors=True)
    return out


def load(out: Path | None = None) -> list[Sample]:
    out = generate(out)
    m = json.loads((out / "manifest.json").read_text())
    return [Sample(c["id"], c["kind"], c["split"], c["source"], c["group"], c["note"],
                   (out / "files" / c["file"]).read_bytes().decode("utf-8", "surrogateescape")) for c in m["cases"]]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    out = generate(args.out, force=args.force, quiet=args.quiet)
    m = json.loads((out / "manifest.json").read_text())
    dropped = json.loads((out / "dropped.json").read_text())
    counts = Counter(c["kind"] for c in m["cases"])
    print(f"{out}: {len(m['cases'])} blind cases, {len(dropped)} dropped, {time.perf_counter() - t0:.1f} s")
    for k in rc.KINDS:
        print(f"  {k:10} {counts[k]:5}")
    if m["sources_missing"]:
        print("sources missing:", "; ".join(m["sources_missing"]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
