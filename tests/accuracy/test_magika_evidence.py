"""The optional Magika evidence (plugins/magika_evidence.py), with the real model (``toolstub[magika]``,
part of ``.[test]``): labels map to toolstub kinds, the combination only tips a near tie
between claims the heuristics made, and the same bytes give the same answer."""

from __future__ import annotations

import pytest

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


def test_combined_only_tips_claims_the_heuristics_made() -> None:
    learned = me.magika_kind(PY)
    assert learned is not None and learned[0] == "code"
    # a near tie between two heuristic claims: Magika's confident verdict tips it
    assert me.combined_kind([("text", 0.5), ("code", 0.45)], learned, "text") == "code"
    # a clear heuristic verdict stays, whatever Magika says
    assert me.combined_kind([("log", 0.9), ("code", 0.4)], learned, "log") == "log"
    # a kind no heuristic claimed is never chosen
    assert me.combined_kind([("text", 0.5)], learned, "text") == "text"
    # an unsure Magika adds nothing; no claims: default's kind
    assert me.combined_kind([("text", 0.5), ("code", 0.45)], ("code", 0.5), "text") == "text"
    assert me.combined_kind([], learned, "unknown") == "unknown"
