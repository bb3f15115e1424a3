"""Start-up: what a small ``toolstub synopsis`` skips, and that skipping it changes nothing.

* entry-point plugins: importlib.metadata only when some distribution declares a ``[toolstub]``
  entry point (a scan of the ``entry_points.txt`` files importlib.metadata itself would read);
* rule files: a ruleset that loaded once is remembered (merged data, chain, file hashes) and
  its patterns are compiled on first use; any change of a file of the chain loads afresh;
* msgspec: imported when a JSON value is first decoded.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import zipfile

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import toolstub
from toolstub import rule_files, validation_cache
from toolstub.plugin_manager import declared_on_path
from toolstub.plugins._records import LazyModule
from toolstub.regex import LinearPattern, compile_pattern, known_pattern


def _dist(root, name: str, entry_points: str | None) -> None:
    info = root / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n", encoding="utf-8")
    if entry_points is not None:
        (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


# --- entry points ------------------------------------------------------------------------------

def test_the_scan_finds_a_toolstub_section_and_only_that(tmp_path):
    _dist(tmp_path, "plain", None)
    _dist(tmp_path, "scripts", "[console_scripts]\ntoolstub-ish = x:y\n# [toolstub] in a comment\n")
    assert not declared_on_path([str(tmp_path), str(tmp_path / "missing")])
    _dist(tmp_path, "plugin", "[console_scripts]\na = b:c\n\n  [toolstub]  \nmine = my_plugin\n")
    assert declared_on_path([str(tmp_path)])


def test_the_scan_reads_egg_info_and_an_egg_entry_and_defers_on_a_zip(tmp_path):
    egg_info = tmp_path / "site" / "old.egg-info"
    egg_info.mkdir(parents=True)
    (egg_info / "entry_points.txt").write_text("[toolstub]\nold = old_plugin\n", encoding="utf-8")
    assert declared_on_path([str(tmp_path / "site")])
    egg = tmp_path / "thing-1.0.egg"
    (egg / "EGG-INFO").mkdir(parents=True)
    (egg / "EGG-INFO" / "entry_points.txt").write_text("[toolstub]\nthing = thing\n", encoding="utf-8")
    assert declared_on_path([str(egg)])
    archive = tmp_path / "bundle.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("x.py", "")
    assert declared_on_path([str(archive)])  # a zip: importlib.metadata decides


def test_the_scan_agrees_with_importlib_metadata_on_this_interpreter():
    import importlib.metadata

    declared = any(ep.group == "toolstub" for dist in importlib.metadata.distributions() for ep in dist.entry_points)
    assert declared_on_path(list(sys.path)) or not declared


def _run(code: str, env_extra: dict[str, str]) -> str:
    env = {**os.environ, **env_extra}
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_a_real_entry_point_plugin_on_disk_is_loaded_in_a_fresh_process(tmp_path):
    _dist(tmp_path, "toolstub_fake_disk", "[toolstub]\nfakedisk = toolstub_fake_disk_plugin\n")
    (tmp_path / "toolstub_fake_disk_plugin.py").write_text(textwrap.dedent("""
        from toolstub import Summarizer, Synopsis, hookimpl

        @hookimpl
        def toolstub_register_summarizers():
            return (Summarizer(name="fakedisk", summarize=lambda inp: None),)
    """), encoding="utf-8")
    out = _run("""
        from toolstub.plugin_manager import get_registry
        print(get_registry().plugin_of("fakedisk"))
    """, {"PYTHONPATH": str(tmp_path), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": ""})
    assert out == "fakedisk"


def test_a_small_text_synopsis_imports_neither_importlib_metadata_nor_msgspec(tmp_path):
    out = _run("""
        import sys, toolstub
        toolstub.synopsize("2024-03-01 10:00:00 INFO started\\n2024-03-01 10:00:01 ERROR failed\\n")
        print("importlib.metadata" in sys.modules, "msgspec" in sys.modules)
        print(toolstub.synopsize('{"a": [1, 2]}').kind, "msgspec" in sys.modules)
    """, {"TOOLSTUB_CACHE_DIR": str(tmp_path / "cache"), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": ""})
    assert out.splitlines() == ["False False", "json True"]


def test_lazy_module_replaces_itself_in_the_namespace():
    namespace: dict[str, object] = {}
    namespace["colorsys"] = LazyModule("colorsys", namespace)
    assert namespace["colorsys"].rgb_to_hsv(1, 0, 0) == (0.0, 1.0, 1.0)
    import colorsys

    assert namespace["colorsys"] is colorsys


# --- the rule-file cache -----------------------------------------------------------------------

@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(validation_cache.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.delenv(validation_cache.ENV_ENABLED, raising=False)
    monkeypatch.setattr(validation_cache, "_seen", set())
    rule_files.clear_cache()
    yield tmp_path / "cache"
    rule_files.clear_cache()


def _count_fresh_loads(monkeypatch) -> list[int]:
    calls = [0]
    real = rule_files._chain

    def counting(file, registry, seen=()):
        calls[0] += not seen  # the top file of a chain (the call recurses for each file it extends)
        return real(file, registry, seen)

    monkeypatch.setattr(rule_files, "_chain", counting)
    return calls


def _same(a, b) -> None:
    assert a.name == b.name and a.version == b.version and a.source == b.source and a.files == b.files
    assert a.detectors == b.detectors and dict(a.limits) == dict(b.limits) and a.stub == b.stub
    assert json.dumps(dict(a.data), sort_keys=True, default=repr) == json.dumps(dict(b.data), sort_keys=True, default=repr)
    assert list(a.kinds) == list(b.kinds)
    for kind in a.kinds:
        assert list(a.kinds[kind]) == list(b.kinds[kind])
        for key, value in a.kinds[kind].items():
            other = b.kinds[kind][key]
            if isinstance(value, LinearPattern) or (isinstance(value, tuple) and value and isinstance(value[0], LinearPattern)):
                pairs = zip(value, other) if isinstance(value, tuple) else [(value, other)]
                assert all(x.pattern == y.pattern and x.groups == y.groups for x, y in pairs)
            else:
                assert value == other


SAMPLES = [
    "2024-03-01 10:00:00 INFO started\n2024-03-01 10:00:01 ERROR failed: disk full\n",
    '{"users": [{"id": 1, "name": "a"}, {"id": 2, "name": "b"}]}',
    "id,name\n1,a\n2,b\n3,c\n",
    "def f(x):\n    return x + 1\n\n\nclass A:\n    pass\n",
    "# Title\n\nSome *text* and a [link](http://x.y).\n\n- a\n- b\n",
    "--- a/x.py\n+++ b/x.py\n@@ -1,2 +1,2 @@\n-a\n+b\n c\n",
    "key: value\nlist:\n  - 1\n  - 2\n",
]


@pytest.mark.parametrize("rules", ["default", "openviking-compat"])
def test_a_remembered_ruleset_loads_without_parsing_and_describes_alike(cache, monkeypatch, rules):
    calls = _count_fresh_loads(monkeypatch)
    first = rule_files.load_rules(rules)
    before = [toolstub.synopsize(text, rules=rules) for text in SAMPLES]
    assert calls == [1] and any((cache / "rules").iterdir())
    rule_files.clear_cache()
    second = rule_files.load_rules(rules)
    assert calls == [1]  # from the cache: no parse, no validation
    _same(first, second)
    assert [toolstub.synopsize(text, rules=second) for text in SAMPLES] == before


def test_any_change_in_the_chain_loads_afresh(cache, tmp_path, monkeypatch):
    base = tmp_path / "base.yaml"
    base.write_text("schema_version: 1\nextends: default\nname: base\nkinds:\n  log:\n    error_lines: 5\n", encoding="utf-8")
    mine = tmp_path / "mine.yaml"
    mine.write_text("schema_version: 1\nextends: base.yaml\nname: mine\n", encoding="utf-8")
    calls = _count_fresh_loads(monkeypatch)
    assert rule_files.load_rules(str(mine)).caps("log")["error_lines"] == 5
    rule_files.clear_cache()
    rule_files.load_rules(str(mine))
    assert calls == [1]
    base.write_text("schema_version: 1\nextends: default\nname: base\nkinds:\n  log:\n    error_lines: 7\n", encoding="utf-8")
    rule_files.clear_cache()
    assert rule_files.load_rules(str(mine)).caps("log")["error_lines"] == 7
    assert calls == [2]
    mine.write_text("schema_version: 1\nextends: base.yaml\nname: mine2\n", encoding="utf-8")
    rule_files.clear_cache()
    assert rule_files.load_rules(str(mine)).name == "mine2"
    assert calls == [3]


def test_a_bad_rule_file_is_never_remembered_and_a_corrupt_entry_is_ignored(cache, tmp_path, monkeypatch):
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nextends: default\nkinds:\n  log:\n    error_lines: -5\n", encoding="utf-8")
    for _ in range(2):
        rule_files.clear_cache()
        with pytest.raises(toolstub.RuleFileError, match="error_lines"):
            rule_files.load_rules(str(bad))
    assert not (cache / "rules").exists() or not any((cache / "rules").iterdir())
    rule_files.load_rules("default")
    for entry in (cache / "rules").iterdir():
        entry.write_text("{not json", encoding="utf-8")
    rule_files.clear_cache()
    calls = _count_fresh_loads(monkeypatch)
    assert rule_files.load_rules("default").name == "default"
    assert calls == [1]


def test_the_switch_off_validates_and_parses_every_time(cache, monkeypatch):
    monkeypatch.setenv(validation_cache.ENV_ENABLED, "0")
    calls = _count_fresh_loads(monkeypatch)
    for _ in range(2):
        rule_files.clear_cache()
        rule_files.load_rules("default")
    assert calls == [2] and not (cache / "rules").exists()


# --- deferred patterns ---------------------------------------------------------------------------

PATTERNS = [r"(\d+)-(\d+)", r"(?P<key>\w+)=(?P<value>[^ ]*)", r"^ERROR\b.*$", r"[aeiou]{2,}", r"\bfoo|bar\b"]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(PATTERNS), st.sampled_from(["", "m", "i", "im"]),
       st.text(alphabet="ab19-= eiouFOObarERROR\n\ud800x", max_size=60))
def test_a_deferred_pattern_behaves_as_the_compiled_one(pattern, flags, text):
    eager = compile_pattern(pattern, flags)
    deferred = LinearPattern.deferred(f"(?{flags}){pattern}" if flags else pattern)
    assert deferred.pattern == eager.pattern
    assert [m.span() for m in deferred.finditer(text)] == [m.span() for m in eager.finditer(text)]
    for method in ("search", "match", "fullmatch"):
        a, b = getattr(deferred, method)(text), getattr(eager, method)(text)
        assert (a and (a.span(), a.groups())) == (b and (b.span(), b.groups()))
    assert deferred.sub("<\\g<0>>", text) == eager.sub("<\\g<0>>", text)
    assert deferred.groups == eager.groups and deferred.groupindex == eager.groupindex


def test_a_known_pattern_is_what_compile_pattern_returns_afterwards():
    pattern = r"known-(\d{3})-pattern-for-the-test"
    found = known_pattern(pattern)
    assert compile_pattern(pattern) is found
    assert found.search("a known-123-pattern-for-the-test").group(1) == "123"


# --- what the CLI leaves unimported ----------------------------------------------------------------

HEAVY = ("jsonschema", "fastapi", "uvicorn", "mcp", "s3fs", "boto3", "botocore", "httpx", "rich", "fsspec",
         "jsonpath_ng", "tiktoken", "magika", "importlib.metadata", "importlib.resources", "yaml")
SMALL_FILES = {
    "SMALL": ("small.txt", "2024-03-01 10:00:00 INFO started\n2024-03-01 10:00:01 ERROR failed: disk full\n"),
    "SMALL_JSON": ("small.json", '{"id": 7, "name": "build", "tags": ["ci", "linux"], "ok": true}\n'),
    "SMALL_CSV": ("small.csv", "id,name,score\n1,alpha,3.5\n2,beta,4.0\n3,gamma,2.25\n"),
}


@pytest.mark.parametrize("args", [["--version"], ["synopsis", "SMALL"], ["synopsis", "SMALL", "--format", "json"],
                                  ["synopsis", "SMALL_JSON"], ["synopsis", "SMALL_CSV"]])
def test_the_cli_imports_no_heavy_module_for_a_small_synopsis(tmp_path, args):
    for name, text in SMALL_FILES.values():
        (tmp_path / name).write_text(text, encoding="utf-8")
    argv = [str(tmp_path / SMALL_FILES[a][0]) if a in SMALL_FILES else a for a in args]
    code = f"""
        import atexit, sys
        heavy = {HEAVY!r}
        atexit.register(lambda: print(sorted(m for m in heavy if m in sys.modules), file=sys.stderr))
        from toolstub.cli import main
        main({argv!r}, prog_name="toolstub")
    """
    env = {**os.environ, "TOOLSTUB_CACHE_DIR": str(tmp_path / "cache"), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": ""}
    for run in range(2):  # the first run validates and remembers; the second is every later one
        proc = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, env=env,
                              timeout=120)
        assert proc.returncode == 0, proc.stderr
        found = proc.stderr.strip().splitlines()[-1]
        if run == 1:  # --version too: the version is a constant (toolstub.__version__), not read from metadata
            assert eval(found) == [], found  # noqa: S307 - our own repr of a list of names


def test_a_small_yaml_synopsis_imports_pyyaml_when_it_needs_it(tmp_path):
    # the other side of the test above: PyYAML is imported on the first YAML document, in a fresh process
    small = tmp_path / "small.yaml"
    small.write_text("name: build\nsteps:\n  - checkout\n  - test\nretries: 3\n", encoding="utf-8")
    code = f"""
        import sys
        from toolstub.cli.synopsis_cmd import synopsis
        print("yaml" in sys.modules)
        synopsis([{str(small)!r}, "--format", "json"], standalone_mode=False)
        print("yaml" in sys.modules)
    """
    env = {**os.environ, "TOOLSTUB_CACHE_DIR": str(tmp_path / "cache"), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": ""}
    for run in range(2):
        lines = _run(code, env).splitlines()
        document = json.loads(lines[1])
        assert document["synopsis"]["kind"] == "yaml"
        assert document["synopsis"]["structure"]
        if run == 1:
            assert (lines[0], lines[2]) == ("False", "True")


def test_the_kinds_with_many_module_level_patterns_compile_none_at_import():
    # yaml, markdown, xml, html and code hold ~45 module-level regexes (toolstub.regex.LazyPattern):
    # importing them compiles none; each compiles on first use, and is then the compiled pattern's
    code = """
        import re, re2, sys
        watched = ("yaml_summarizer", "markdown_summarizer", "xml_summarizer", "html_summarizer", "code_summarizer")
        seen = []
        def spy(real):
            def compile(pattern, *args, **kwargs):
                caller = sys._getframe(1).f_code.co_filename
                if caller.endswith(tuple(name + ".py" for name in watched)):
                    seen.append(caller)
                return real(pattern, *args, **kwargs)
            return compile
        re.compile, re2.compile = spy(re.compile), spy(re2.compile)
        import importlib
        for name in watched:
            importlib.import_module("toolstub.plugins." + name)
        print(len(seen))
    """
    assert _run(code, {}) == "0"


def test_a_lazy_pattern_is_the_compiled_pattern_once_used():
    import re

    from toolstub.regex import LazyPattern

    lazy = LazyPattern(re.compile, r"(?P<word>\w+)-(\d+)", re.ASCII)
    assert lazy.pattern == r"(?P<word>\w+)-(\d+)" and "_compiled" not in vars(lazy)
    compiled = re.compile(r"(?P<word>\w+)-(\d+)", re.ASCII)
    assert lazy.findall("a-1 b-22") == compiled.findall("a-1 b-22") == [("a", "1"), ("b", "22")]
    assert (lazy.groups, lazy.groupindex, lazy.flags) == (compiled.groups, compiled.groupindex, compiled.flags)
    assert lazy.sub(r"\2", "x-9") == "9" and lazy.search("zz") is None
    first = vars(lazy)["_compiled"]
    lazy.match("q-1")
    assert vars(lazy)["_compiled"] is first  # compiled once


# --- the remembered gates of the kinds' patterns -----------------------------------------------------

_GATED_RUN = """
    import json, os, sys
    from pathlib import Path
    import toolstub
    from toolstub.rule_files import load_rules
    root = Path(sys.argv[1])
    texts = []
    paths = [p for folder in ("docs", "examples", "rules", "engine", "plugins", "bench", "scripts", "tests/kinds_text")
             for p in (root / folder).rglob("*")]
    for path in sorted(paths):
        if path.suffix in (".py", ".md", ".yaml", ".json", ".txt", ".csv", ".log", ".toml", ".jsonl", ".ndjson"):
            data = path.read_text(encoding="utf-8", errors="surrogateescape")
            lines = data.splitlines()
            texts += [data[:4096], "\\n".join(lines[5:12]), "\\n".join(lines[40:70])]
    out = []
    for name in ("default", "openviking-compat"):
        rules = load_rules(name)
        out += [toolstub.synopsize(text, rules=rules).to_dict() for text in texts if text.strip()]
    print(json.dumps(out, sort_keys=True))
"""


def test_the_remembered_gates_change_no_synopsis(tmp_path):
    # a remembered ruleset's patterns carry their literal gates: a short text a gate turns away gets "no
    # match" without a compile. Every synopsis of some 600 short texts (the repository's own files, cut)
    # must be what the same rules give without any gate (TOOLSTUB_VALIDATION_CACHE=0: nothing remembered)
    from pathlib import Path

    repo = str(Path(__file__).resolve().parents[2])
    env = {"TOOLSTUB_CACHE_DIR": str(tmp_path / "cache"), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": ""}
    code = textwrap.dedent(_GATED_RUN)

    def run(extra):
        done = subprocess.run([sys.executable, "-c", code, repo], capture_output=True, text=True,
                              env={**os.environ, **env, **extra}, timeout=600)
        assert done.returncode == 0, done.stderr
        return done.stdout

    run({})  # remembers the rulesets and their gates
    assert list((tmp_path / "cache" / "rules").glob("*.json"))
    gated = json.loads(run({}))
    ungated = json.loads(run({validation_cache.ENV_ENABLED: "0"}))
    assert len(gated) == len(ungated) > 400
    differ = [i for i, (a, b) in enumerate(zip(gated, ungated)) if a != b]
    assert not differ, f"{len(differ)} synopses differ, first: {gated[differ[0]]} != {ungated[differ[0]]}"


def test_a_gate_turns_away_only_what_cannot_match():
    from toolstub.regex import LinearPattern, literal_gate, turned_away

    pattern = r"(?i)\b(?:def|class)[ \t]+\w+"
    gated = LinearPattern.deferred(pattern, literal_gate(pattern))
    assert turned_away(gated, "2024-03-01 INFO started") and gated.search("2024-03-01 INFO started") is None
    assert not turned_away(gated, "x = 1\nDEF main")  # case-insensitive literal: admitted
    assert type(gated) is not LinearPattern  # no compile yet
    assert gated.search("x = 1\nDEF main").group(0) == "DEF main"
    assert type(gated) is LinearPattern  # compiled: no gate check on later calls
    assert not turned_away(LinearPattern.deferred(pattern), "anything")  # no gate: cannot tell
    assert not turned_away(gated, "def" + " " * 5000)  # longer than GATE_MAX_CHARS: not checked
