"""The console script's fast path (toolstub.launch): ``toolstub synopsis`` without click, and the
same bytes, streams and exit codes as the click command line for every argument list."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import click
import pytest

from toolstub import launch
from toolstub.cli.synopsis_cmd import synopsis as synopsis_command

LOG = "2024-03-01 10:00:00 INFO started\n2024-03-01 10:00:01 ERROR failed: disk full\n"


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    root = tmp_path_factory.mktemp("launch")
    (root / "small.log").write_text(LOG, encoding="utf-8")
    (root / "small.json").write_text('{"id": 7, "tags": ["ci", "linux"], "ok": true}\n', encoding="utf-8")
    (root / "small.csv").write_text("id,name,score\n1,alpha,3.5\n2,beta,4.0\n", encoding="utf-8")
    (root / "bytes.txt").write_bytes(b"caf\xe9 \xff\xfe odd bytes\nline two\n")
    (root / "bad-rules.yaml").write_text("schema_version: 1\nkinds: [oops\n", encoding="utf-8")
    (root / "folder").mkdir()
    return root


def _run(module: str, args: list[str], root, *, stdin: bytes = b"", env: dict[str, str] | None = None):
    environment = {**os.environ, "TOOLSTUB_CACHE_DIR": str(root / "cache"), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": "",
                   **(env or {})}
    done = subprocess.run([sys.executable, "-m", module, *args], input=stdin, capture_output=True, cwd=root,
                          env=environment, timeout=120)
    return done.returncode, done.stdout, done.stderr


CASES = [
    (["synopsis", "small.log"], b"", {}),
    (["synopsis", "small.log", "--format", "json"], b"", {}),
    (["synopsis", "--format=json", "small.json"], b"", {}),
    (["synopsis", "small.csv", "--preview-chars", "10", "--ref", "toolstub://s/r", "--tool-name", "build",
      "--reason=too big", "--mime", "text/csv"], b"", {}),
    (["synopsis", "bytes.txt", "--format", "json"], b"", {}),
    (["synopsis", "small.log", "--rules", "openviking-compat"], b"", {}),
    (["synopsis"], LOG.encode(), {}),
    (["synopsis", "-", "--format", "json"], b'[1, 2, 3]', {}),
    (["synopsis", "missing.txt"], b"", {}),
    (["synopsis", "folder"], b"", {}),
    (["synopsis", "small.log", "--rules", "no-such-ruleset"], b"", {}),
    (["synopsis", "small.log", "--rules", "bad-rules.yaml"], b"", {}),
    (["synopsis", "small.log"], b"", {"TOOLSTUB_MAX_INPUT_BYTES": "20"}),  # a warning
    (["synopsis", "small.log"], b"", {"TOOLSTUB_MAX_INPUT_BYTES": "lots"}),  # a usage error from the body
    # what the fast path leaves to click
    (["synopsis", "small.log", "--format", "xml"], b"", {}),
    (["synopsis", "small.log", "--preview-chars", "-1"], b"", {}),
    (["synopsis", "small.log", "--preview-chars", "1_000"], b"", {}),
    (["synopsis", "small.log", "--format", "json", "--format", "stub"], b"", {}),
    (["synopsis", "small.log", "small.csv"], b"", {}),
    (["synopsis", "small.log", "--nope"], b"", {}),
    (["synopsis", "--", "small.log"], b"", {}),
    (["synopsis", "small.log", "--ref"], b"", {}),
    (["synopsis", "small.log", "--ref="], b"", {}),
    (["synopsis", "--help"], b"", {}),
    (["synopsis", "-h"], b"", {}),
    (["--version"], b"", {}),
    ([], b"", {}),
    (["synopsys", "small.log"], b"", {}),
]


@pytest.mark.parametrize(("args", "stdin", "env"), CASES, ids=[" ".join(c[0]) or "(none)" for c in CASES])
def test_the_console_script_answers_as_the_click_command_line(files, args, stdin, env):
    fast = _run("toolstub", args, files, stdin=stdin, env=env)  # toolstub.launch, as the console script
    slow = _run("toolstub.cli", args, files, stdin=stdin, env=env)  # the click command line alone
    assert fast == slow


def test_the_fast_path_takes_exactly_the_plain_synopsis_arguments():
    assert launch.synopsis_arguments(["synopsis", "f", "--format=json", "--preview-chars", "0"]) == {
        **launch._DEFAULTS, "source": "f", "fmt": "json", "preview_chars": 0}
    assert launch.synopsis_arguments(["synopsis"]) == launch._DEFAULTS
    for argv in (["store", "put"], ["--version"], ["synopsis", "--help"], ["synopsis", "a", "b"],
                 ["synopsis", "--ref", "-x"], ["synopsis", "--preview-chars", "+3"], ["synopsis", ""],
                 ["synopsis", "--format", "JSON"], ["synopsis", "--mime", "a", "--mime", "b"]):
        assert launch.synopsis_arguments(argv) is None, argv


def test_the_fast_path_table_is_the_click_command_s_declaration():
    options = {}
    for param in synopsis_command.params:
        if isinstance(param, click.Argument):
            assert (param.name, param.default, param.nargs) == ("source", launch._DEFAULTS["source"], 1)
            continue
        assert param.opts[0] in launch._OPTIONS and len(param.opts) == 1 and not param.secondary_opts
        options[param.opts[0]] = param.name
        assert param.default == launch._DEFAULTS[param.name], param.name
        assert not param.multiple and param.nargs == 1 and param.envvar is None
        if param.name == "preview_chars":
            assert isinstance(param.type, click.IntRange) and (param.type.min, param.type.max) == (0, None)
        elif param.name == "fmt":
            assert isinstance(param.type, click.Choice) and tuple(param.type.choices) == launch._FORMATS
            assert param.type.case_sensitive
        else:
            assert param.type is click.STRING, param.name
    assert options == launch._OPTIONS


def test_a_small_synopsis_through_the_console_script_imports_no_click(files):
    code = textwrap.dedent("""
        import atexit, sys
        atexit.register(lambda: print("click" in sys.modules, file=sys.stderr))
        sys.argv = ["toolstub", "synopsis", "small.log"]
        from toolstub.launch import main
        main()
    """)
    env = {**os.environ, "TOOLSTUB_CACHE_DIR": str(files / "cache"), "TOOLSTUB_DISABLE_PLUGIN_AUTOLOAD": ""}
    for _ in range(2):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=files, env=env,
                              timeout=120)
    assert done.returncode == 0 and done.stdout.startswith("[toolstub: tool output stored outside the context]")
    assert done.stderr.splitlines()[-1] == "False"
