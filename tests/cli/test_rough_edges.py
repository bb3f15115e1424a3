"""The rough edges a new user hit (issue 12), each through the real CLI (a subprocess or click's CliRunner)."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import warnings
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

import toolstub
from toolstub.cli import main

BIG = "".join(f"2026-12-03T07:00:00Z INFO step {i}\n" for i in range(2000))  # ~70 KB, over the threshold


def run(*args: str, stdin: str | None = None, env: dict | None = None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "toolstub", *args], capture_output=True, text=True, input=stdin,
                          cwd=cwd, timeout=120, check=False, env={**os.environ, **(env or {})})


def invoke(*args: str, env: dict | None = None, input: str | None = None):
    return CliRunner().invoke(main, list(args), env=env, input=input, catch_exceptions=False)


@pytest.fixture
def conversation(tmp_path) -> Path:
    path = tmp_path / "conv.json"
    path.write_text(json.dumps([
        {"role": "user", "content": "build?"},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "tail_log", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c1", "content": BIG},
    ]), encoding="utf-8")
    return path


def test_python_dash_m_toolstub_is_the_cli():
    done = run("--help")
    assert done.returncode == 0, done.stderr
    assert "Usage: toolstub" in done.stdout
    done = run("synopsis", "-", stdin='{"a": 1}')
    assert done.returncode == 0 and "kind: json" in done.stdout


def test_externalize_without_o_writes_the_conversation_to_stdout_and_the_report_to_stderr(tmp_path, conversation):
    done = invoke("externalize", str(conversation), "--store", str(tmp_path / "s"))
    assert done.exit_code == 0
    messages = json.loads(done.stdout)
    assert messages[2]["content"].startswith("[toolstub: tool output stored outside the context]")
    assert done.stderr.startswith("externalized 1 of 1 tool outputs")
    quiet = invoke("externalize", str(conversation), "--store", str(tmp_path / "s"), "-q")
    assert json.loads(quiet.stdout) == messages and quiet.stderr == ""


def test_hydrate_with_no_or_the_wrong_store_exits_3_and_writes_nothing(tmp_path, conversation):
    stubbed = tmp_path / "stubbed.json"
    invoke("externalize", str(conversation), "--store", str(tmp_path / "s"), "-o", str(stubbed), "-q")
    for args, env in ((["--store", str(tmp_path / "elsewhere")], None), ([], {"TOOLSTUB_STORE": str(tmp_path / "x")})):
        out = tmp_path / "out.json"
        done = invoke("hydrate", str(stubbed), *args, "-o", str(out), env=env)
        assert done.exit_code == 3, done.output
        assert not out.exists()
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("toolstub: error: cannot restore toolstub://")
        to_stdout = invoke("hydrate", str(stubbed), *args, env=env)
        assert to_stdout.exit_code == 3 and to_stdout.stdout == ""
    ok = invoke("hydrate", str(stubbed), "--store", str(tmp_path / "s"))
    assert ok.exit_code == 0 and json.loads(ok.stdout)[2]["content"] == BIG


def test_report_on_a_mistyped_path_or_a_plain_file_exits_3(tmp_path, conversation):
    for target, message in ((tmp_path / "no-such-store", "no such store"), (conversation, "not a store")):
        done = invoke("report", str(target))
        assert done.exit_code == 3 and done.stderr.startswith(f"toolstub: error: {message}")
        assert invoke("report", "--store", str(target)).exit_code == 3
    invoke("externalize", str(conversation), "--store", str(tmp_path / "s"), "-q")
    by_option = invoke("report", "--store", str(tmp_path / "s"), "--json")
    assert by_option.exit_code == 0 and json.loads(by_option.stdout)["totals"]["results"] == 1


def test_store_option_after_the_subcommand_everywhere(tmp_path):
    url = str(tmp_path / "s")
    put = invoke("store", "put", "-", "--store", url, "--session", "a", "--tool-name", "log", input=BIG)
    ref = put.stdout.split("\t")[0]
    assert put.exit_code == 0 and ref.startswith("toolstub://sessions/a/")
    assert toolstub.open_store(url).session("a").exists(ref)
    assert invoke("store", "read", ref, "--store", url, "--limit", "5").stdout == "2026-\n"
    assert invoke("store", "read", ref, "--store", url, "--line", "2", "--lines", "1").stdout == \
        "2026-12-03T07:00:00Z INFO step 1\n"
    assert "step 7" in invoke("store", "search", ref, "step 7", "--store", url).stdout
    assert invoke("store", "list", "--store", url, "--session", "a").stdout.count("\n") == 2
    assert invoke("store", "list", "--store", url, "--sessions").stdout == "a\n"
    assert invoke("store", "fsck", "--store", url).exit_code == 0
    assert invoke("store", "prune", "--store", url, "--older-than", "1d", "--dry-run").exit_code == 0
    # before the subcommand still works; after it wins
    assert invoke("store", "--store", str(tmp_path / "other"), "list", "--store", url, "--sessions").stdout == "a\n"


def test_store_put_stub_and_list_with_refs_and_a_header(tmp_path):
    url = str(tmp_path / "s")
    stub = invoke("store", "put", "-", "--store", url, "--session", "a", "--tool-name", "build", "--stub", input=BIG)
    assert stub.stdout.startswith("[toolstub: tool output stored outside the context]\ntool_name: build\nkind: log\n")
    ref = next(line[5:] for line in stub.stdout.splitlines() if line.startswith("ref: "))
    listed = invoke("store", "list", "--store", url, "--session", "a").stdout.splitlines()
    assert listed[0].split("\t") == ["ref", "tool_name", "kind", "chars", "created_at"]
    assert listed[1].split("\t")[:4] == [ref, "build", "log", str(len(BIG))]


def test_fsck_counts_in_the_singular_and_quiet_says_nothing(tmp_path):
    url = tmp_path / "s"
    session = toolstub.open_store(str(url)).session("a")
    rid = session.write(BIG, tool_name="log").tool_result_id
    (url / "a" / "tool-results" / rid / "output.txt").write_text("tampered", encoding="utf-8")
    done = invoke("store", "fsck", "--store", str(url))
    assert done.exit_code == 1
    assert done.stderr.strip() == "checked 1 result: 1 problem, 0 repaired"
    quiet = invoke("store", "fsck", "--store", str(url), "--quiet")
    assert quiet.exit_code == 1 and quiet.stderr == ""


def test_no_click_deprecation_warnings(tmp_path, conversation):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        invoke("synopsis", "-", input="a,b\n1,2\n")
        invoke("store", "put", "-", "--store", str(tmp_path / "s"), input="x")
        invoke("externalize", str(conversation), "--store", str(tmp_path / "s"), "-q")
    assert [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)] == []


def test_serve_mcp_without_the_extra_says_error(tmp_path):
    code = ("import sys\nsys.modules['mcp'] = None\nfrom toolstub.cli import main\n"
            "main(['serve', 'mcp', '--session', 's', '--store', sys.argv[1]], prog_name='toolstub')")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 1
    assert done.stderr == "toolstub: error: mcp is not installed: pip install 'toolstub[server]'\n"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_http_server_logs_one_line_per_request_by_default(tmp_path):
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "toolstub", "serve", "http", "--store", str(tmp_path / "s"),
                             "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        for _ in range(200):
            try:
                httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1)
                break
            except httpx.TransportError:
                time.sleep(0.1)
        for path in ("/healthz", "/api/v1/sessions/nobody/tool-results/tr_x"):
            httpx.get(f"http://127.0.0.1:{port}{path}", timeout=5)
    finally:
        proc.terminate()
        out, err = proc.communicate(timeout=30)
    lines = [line for line in out.splitlines() if "\"GET " in line]  # uvicorn's access log: stdout
    assert lines, out + err
    assert any('"GET /healthz HTTP/1.1" 200' in line for line in lines)
    assert sum('"GET /api/v1/sessions/nobody/tool-results/tr_x HTTP/1.1" 404' in line for line in lines) == 1


def test_config_path_and_the_default_config_file_is_read(tmp_path, conversation):
    home = tmp_path / "xdg"
    env = {"XDG_CONFIG_HOME": str(home), "TOOLSTUB_CONFIG": ""}
    shown = invoke("config", "path", env=env)
    assert shown.stdout.strip() == str(home / "toolstub" / "config.yaml")
    assert "not created yet" in shown.stderr
    (home / "toolstub").mkdir(parents=True)
    (home / "toolstub" / "config.yaml").write_text("threshold_chars: 1000000\n", encoding="utf-8")
    done = invoke("externalize", str(conversation), "--store", str(tmp_path / "s"), "--json", env=env)
    assert json.loads(done.stderr)["externalized"] == 0  # the default file's threshold applied
    assert invoke("config", "path", env={"TOOLSTUB_CONFIG": str(tmp_path / "c.toml")}).stdout.strip() == \
        str(tmp_path / "c.toml")


def test_shell_completion_works_as_documented():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert '_TOOLSTUB_COMPLETE=bash_source toolstub' in readme
    done = run(env={"_TOOLSTUB_COMPLETE": "bash_complete", "COMP_WORDS": "toolstub sto", "COMP_CWORD": "1"})
    assert done.returncode == 0 and done.stdout.splitlines() == ["plain,store"]
    source = run(env={"_TOOLSTUB_COMPLETE": "bash_source"})
    assert "_toolstub_completion()" in source.stdout
