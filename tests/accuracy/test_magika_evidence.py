"""The optional Magika evidence (plugins/magika_evidence.py), with the real model (``toolstub[magika]``,
part of ``.[test]``): labels map to toolstub kinds, a rule file's ``detection.learned`` weighs Magika as evidence
on the heuristic claims, and the same bytes give the same answer."""

from __future__ import annotations

import sysconfig
from pathlib import Path

import pytest

import toolstub
from toolstub.plugins import magika_evidence as me

pytestmark = pytest.mark.skipif(not me.available(), reason="toolstub[magika] not installed (it is in .[test])")

PY = "import os\nimport sys\n\n\ndef main(argv):\n    for a in argv:\n        print(os.path.basename(a))\n    return 0\n\n\nif __name__ == '__main__':\n    sys.exit(main(sys.argv))\n"
YAML = "".join(f"service{i}:\n  image: repo/app:{i}\n  ports:\n    - '80{i}:80'\n  environment:\n    - MODE=prod\n" for i in range(8))


def test_labels_map_to_kinds() -> None:
    me.magika_kind("x")  # loads the content-type table
    assert me.label_to_kind("python") == "code"
    assert me.label_to_kind("rust") == "code"
    assert me.label_to_kind("jsonl") == "ndjson"
    assert me.label_to_kind("svg") == "xml"
    assert me.label_to_kind("rst") == "text"
    assert me.label_to_kind("toml") == "text"
    assert me.label_to_kind("png") == "unknown"
    assert me.label_to_kind("elf") == "unknown"


def test_magika_names_real_content() -> None:
    kind, score = me.magika_kind(PY)
    assert kind == "code" and 0.5 < score <= 1.0
    assert me.magika_kind(YAML)[0] == "yaml"
    assert me.magika_kind(b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 8)[0] == "unknown"
    assert me.magika_kind(PY) == me.magika_kind(PY.encode())  # deterministic, str or bytes


def _rules(tmp_path, **learned) -> str:
    opts = ", ".join(f"{k}: {v}" for k, v in {"plugin": "magika", **learned}.items())
    path = tmp_path / "learned.yaml"
    path.write_text(f"schema_version: 1\nextends: default\ndetection:\n  learned: {{{opts}}}\n")
    return str(path)


def test_learned_rule_weighs_magika_as_evidence(tmp_path) -> None:
    from toolstub.engine import explain

    # real files where the heuristics and Magika disagree with Magika's kind claimed close behind: idlelib's
    # HISTORY.txt (plain text with `*` lists, once read as Markdown), test/leakers/README.txt (prose around a
    # Python sample, read as code); the first that still disagrees is used, so a detection fix does not void it
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    history = None
    for name in ("idlelib/HISTORY.txt", "test/leakers/README.txt", "idlelib/NEWS2x.txt", "idlelib/README.txt"):
        path = stdlib / name
        if not path.is_file():
            continue
        candidate = path.read_text()
        magika_says = me.magika_kind(candidate)[0]
        claimed = {c["kind"] for c in explain(candidate)}
        if toolstub.synopsize(candidate).kind != magika_says and magika_says in claimed:
            history = candidate
            break
    assert history is not None, "no stdlib file left where the heuristics and Magika disagree"
    assert me.magika_kind(history)[0] == "text"
    strong = _rules(tmp_path, boost=1.0, min_score=0.5)
    assert toolstub.synopsize(history, rules=strong).kind == "text"  # a strong boost tips the close claims
    # never a kind no detector claimed; a decisive claim is kept; prose stays text
    for content in (history, PY, YAML, "plain words, nothing else\n" * 4):
        got = toolstub.synopsize(content, rules=strong).kind
        assert got in {c["kind"] for c in explain(content)}
    assert toolstub.synopsize(YAML, rules=strong).kind == "yaml"
    # the shipped weight (boost 0.2) and no learned section: the same verdict as default on these
    for content in (PY, YAML):
        assert toolstub.synopsize(content, rules=_rules(tmp_path)).kind == toolstub.synopsize(content).kind


def test_learned_rule_is_validated(tmp_path) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text("schema_version: 1\nextends: default\ndetection:\n  learned: {plugin: other}\n")
    with pytest.raises(Exception, match="learned"):
        toolstub.synopsize("x", rules=str(path))


def test_failing_magika_is_a_note_not_a_crash(monkeypatch, caplog) -> None:
    from toolstub.plugins import magika_evidence

    def broken(content):
        raise RuntimeError("onnx session could not start")

    monkeypatch.setattr(magika_evidence, "magika_label", broken)
    monkeypatch.setattr(magika_evidence, "_failed", [])
    with caplog.at_level("WARNING", logger="toolstub"):
        assert magika_evidence.magika_kind("a: 1\nb: [2, 3]\n") is None
        assert magika_evidence.magika_kind("x = 1\n") is None
    notes = [r.getMessage() for r in caplog.records if "magika" in r.getMessage()]
    assert len(notes) == 1 and "RuntimeError" in notes[0] and "\n" not in notes[0]
