"""Every user pattern is checked with the engine the run time uses (RE2, toolstub.regex), through
the real CLI: ``toolstub rules validate`` refuses what RE2 refuses (lookaround, backreferences), in
any key (a redaction ``exclude``, ``exclude_after``, the entropy keys, a kind's pattern), with one
line naming the file, the key and the pattern, exit 4, nothing written; ``synopsis`` and ``store
put`` refuse the same file the same way (never a synopsis withheld for every output); and a pattern
RE2 accepts but Python's ``re`` does not (``\\pL``, ``\\z``) is valid and works."""

from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
from pathlib import Path
from types import MappingProxyType

import pytest

import toolstub
from toolstub.errors import RuleFileError

DETECTOR = "{name: thing, pattern: 'tok_[a-z]{8}'"

#: (YAML lines under the top level, the JSON path, the pattern as written)
BAD = [
    (["redaction:", "  detectors:", f"    - {DETECTOR}, exclude: '(?!x)tok_.*'}}"],
     "$.redaction.detectors[0].exclude", "(?!x)tok_.*"),
    (["redaction:", "  detectors:", f"    - {DETECTOR}, exclude_after: '(?=\\s)'}}"],
     "$.redaction.detectors[0].exclude_after", "(?=\\s)"),
    (["redaction:", "  detectors:", "    - {name: thing, pattern: '(?<=a)tok'}"],
     "$.redaction.detectors[0].pattern", "(?<=a)tok"),
    (["redaction:", "  entropy:", "    keywords: [secret]", "    exclude_values: '(a)\\1'"],
     "$.redaction.entropy.exclude_values", "(a)\\1"),
    (["redaction:", "  entropy:", "    keywords: [secret]", "    require: '(?![0-9])'"],
     "$.redaction.entropy.require", "(?![0-9])"),
    (["kinds:", "  yaml:", "    key_pattern: '(?P<k>a)(?P=k)'"],
     "$.kinds.yaml.key_pattern", "(?P<k>a)(?P=k)"),
]


def _rules(tmp_path: Path, lines: list[str], name: str = "mine") -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text("\n".join(["schema_version: 1", "extends: default", 'version: "1"', *lines]) + "\n",
                    encoding="utf-8")
    return path


def _cli(*args: str, cache: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "TOOLSTUB_CACHE_DIR": str(cache), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": "1"}
    return subprocess.run([sys.executable, "-m", "toolstub", *args], capture_output=True, text=True, env=env,
                          cwd=cwd, timeout=120)


def _written(cache: Path) -> list[str]:
    """What the loader remembered for a ruleset or a redaction section (the schema-valid markers of
    the bundled files it extends aside)."""
    return sorted(str(p.relative_to(cache)) for folder in ("rules", "redaction") if (cache / folder).exists()
                  for p in (cache / folder).rglob("*") if p.is_file())


@pytest.mark.parametrize(("lines", "json_path", "pattern"), BAD, ids=[b[1] for b in BAD])
def test_validate_refuses_what_re2_refuses_naming_file_key_and_pattern(tmp_path, lines, json_path, pattern):
    rules = _rules(tmp_path, lines)
    cache = tmp_path / "cache"
    result = _cli("rules", "validate", rules.name, cache=cache, cwd=tmp_path)
    assert result.returncode == 4, result
    first, summary = result.stderr.splitlines()
    assert first.startswith(f"toolstub: error: invalid rules: {rules.name}:")
    assert f": {json_path}: pattern {pattern!r} is not a valid linear-time (RE2) regex: " in first
    assert summary == "toolstub: error: 1 of 1 rule file invalid"
    assert result.stdout == ""
    assert _written(cache) == []


@pytest.mark.parametrize(("lines", "json_path", "pattern"), BAD[:2], ids=[b[1] for b in BAD[:2]])
def test_synopsis_and_store_put_refuse_the_file_in_one_line_and_keep_nothing_half_done(
        tmp_path, lines, json_path, pattern):
    rules = _rules(tmp_path, lines)
    cache, store = tmp_path / "cache", tmp_path / "store"
    output = tmp_path / "out.txt"
    output.write_bytes(b"hello tok_abcdefgh world\n")
    synopsis = _cli("synopsis", "--rules", rules.name, output.name, cache=cache, cwd=tmp_path)
    assert synopsis.returncode == 4, synopsis
    assert synopsis.stdout == ""  # no stub whose synopsis is withheld
    (line,) = synopsis.stderr.splitlines()
    assert line.startswith("toolstub: error: invalid rules: ") and json_path in line and repr(pattern) in line
    put = _cli("store", "put", output.name, "--rules", rules.name, "--store", str(store), cache=cache, cwd=tmp_path)
    assert put.returncode == 4, put
    (line,) = put.stderr.splitlines()
    assert json_path in line and repr(pattern) in line
    assert not store.exists() or not [p for p in store.rglob("*") if p.is_file()]
    assert output.read_bytes() == b"hello tok_abcdefgh world\n"
    assert _written(cache) == []


def test_a_pattern_re2_takes_but_python_re_does_not_is_valid_and_applies(tmp_path):
    # \pL (a Unicode letter class) and \z are RE2; Python's re refuses both
    rules = _rules(tmp_path, ["redaction:", "  detectors:", f"    - {DETECTOR}, exclude: 'tok_\\pL+\\z'}}"])
    plain = _rules(tmp_path, ["redaction:", "  detectors:", f"    - {DETECTOR}}}"], name="plain")
    cache = tmp_path / "cache"
    result = _cli("rules", "validate", rules.name, plain.name, cache=cache, cwd=tmp_path)
    assert result.returncode == 0, result
    assert result.stdout.splitlines() == [f"{rules.name}: ok (mine 1)", f"{plain.name}: ok (plain 1)"]
    assert result.stderr == ""  # no FutureWarning from Python's re reading an RE2 pattern
    output = tmp_path / "out.txt"
    output.write_bytes(b"hello tok_abcdefgh world\n")
    excluded = _cli("synopsis", "--rules", rules.name, output.name, cache=cache, cwd=tmp_path)
    redacted = _cli("synopsis", "--rules", plain.name, output.name, cache=cache, cwd=tmp_path)
    assert excluded.returncode == redacted.returncode == 0, (excluded, redacted)
    assert "tok_abcdefgh" in excluded.stdout  # the exclude says: a placeholder, not a secret
    assert "tok_abcdefgh" not in redacted.stdout and "[REDACTED:thing]" in redacted.stdout


def test_a_ruleset_built_without_the_loader_raises_one_line_at_run_time():
    ruleset = toolstub.load_rules("default")
    data = dict(ruleset.data)
    data["redaction"] = {**data["redaction"], "detectors": [
        {"name": "thing", "pattern": "tok_[a-z]{8}", "exclude": "(?!x)tok_.*"}]}
    broken = dataclasses.replace(ruleset, data=MappingProxyType(data))
    with pytest.raises(RuleFileError) as caught:
        toolstub.synopsize("hello tok_abcdefgh world", rules=broken)
    message = str(caught.value)
    assert "\n" not in message
    assert "$.redaction.detectors[0].exclude" in message and "'(?!x)tok_.*'" in message
