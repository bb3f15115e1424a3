"""``toolstub externalize`` / ``toolstub hydrate`` end to end through click."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from ext_helpers import text_of

from toolstub.cli import main


@pytest.fixture
def conversation(tmp_path):
    calls = [{"id": f"c{i}", "type": "function", "function": {"name": f"tool{i}", "arguments": "{}"}} for i in range(2)]
    messages = [
        {"role": "user", "content": "go"},
        {"role": "assistant", "content": None, "tool_calls": calls},
        {"role": "tool", "tool_call_id": "c0", "content": text_of(50_000)},
        {"role": "tool", "tool_call_id": "c1", "content": "tiny \ud800 output"},
    ]
    path = tmp_path / "conv.json"
    path.write_text(json.dumps({"model": "m", "messages": messages}))
    return path, messages


def invoke(*args, env=None):
    return CliRunner().invoke(main, list(args), env=env or {}, catch_exceptions=False)


def test_externalize_then_hydrate(tmp_path, conversation):
    path, messages = conversation
    store = str(tmp_path / "store")
    out = tmp_path / "out.json"
    result = invoke("externalize", str(path), "--store", store, "--session", "s9", "-o", str(out))
    assert result.exit_code == 0, result.output
    assert result.output.startswith("externalized 1 of 2 tool outputs (openai, session s9)\nchars: 50,013 -> ")
    assert "[stored] message 2 tool0 (single_threshold): toolstub://sessions/s9/tool-results/tr_c0_" in result.output
    stubbed = json.loads(out.read_text())
    assert stubbed["model"] == "m" and stubbed["messages"][2]["content"].startswith("[toolstub:")
    assert stubbed["messages"][3] == messages[3]
    back = invoke("hydrate", str(out), "--store", store)  # the session comes from each ref
    assert back.exit_code == 0
    assert json.loads(back.stdout) == {"model": "m", "messages": messages}


def test_json_report_and_stdout_conversation(tmp_path, conversation):
    path, _ = conversation
    result = invoke("externalize", str(path), "--store", str(tmp_path / "s"), "--json", "-o", str(tmp_path / "o.json"))
    report = json.loads(result.stdout)
    assert report["externalized"] == 1 and report["format"] == "openai"
    assert report["share_saved"] > 0.9 and list(report["by_kind"]) == [report["parts"][0]["kind"]]
    both = CliRunner().invoke(main, ["externalize", str(path), "--store", str(tmp_path / "s"), "-o", "-"])
    assert json.loads(both.stdout)["messages"][2]["content"].startswith("[toolstub:")
    assert both.stderr.startswith("externalized 1 of 2")


def test_config_file_and_environment(tmp_path, conversation):
    path, _ = conversation
    cfg = tmp_path / "c.toml"
    cfg.write_text("threshold_chars = 100000\n")
    kept = invoke("externalize", str(path), "--store", str(tmp_path / "s"), "--config", str(cfg), "--json")
    assert json.loads(kept.stderr)["externalized"] == 0  # the conversation on stdout, the report on stderr
    env = invoke("externalize", str(path), "--store", str(tmp_path / "s"), "--config", str(cfg), "--json",
                 env={"TOOLSTUB_THRESHOLD_CHARS": "10"})
    assert json.loads(env.stderr)["externalized"] == 1


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["externalize", "missing.json"], 3, "toolstub: error: no such file: missing.json"),
        (["externalize", "{bad}"], 2, "not a JSON conversation"),
        (["externalize", "{obj}"], 2, "expected a list of messages or an object with a 'messages' list"),
        (["externalize", "{conv}", "--config", "{cfg}"], 5, "invalid externalization config: "),
        (["externalize", "{conv}", "--rules", "nope"], 4, "no bundled ruleset named 'nope'"),
        (["externalize", "{conv}", "--format", "xml"], 2, "Invalid value for '--format'"),
    ],
)
def test_errors_are_one_line_with_exit_codes(tmp_path, conversation, args, code, message):
    path, _ = conversation
    (tmp_path / "bad.json").write_text("{nope")
    (tmp_path / "obj.json").write_text('{"a": 1}')
    (tmp_path / "cfg.yaml").write_text("preview_chars: -1\n")
    fill = {"{bad}": str(tmp_path / "bad.json"), "{obj}": str(tmp_path / "obj.json"), "{conv}": str(path),
            "{cfg}": str(tmp_path / "cfg.yaml")}
    argv = [fill.get(a, a) for a in args] + ["--store", str(tmp_path / "s")]
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == code, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_format_is_guessed(tmp_path):
    from toolstub.cli.externalize_cmd import guess_format

    assert guess_format([{"role": "user", "content": [{"type": "tool_result", "tool_use_id": "x", "content": "y"}]}]) == "anthropic"
    assert guess_format([{"id": "m", "role": "user", "parts": []}]) == "parts"
    assert guess_format([{"role": "tool", "tool_call_id": "x", "content": "y"}]) == "openai"


def test_progress_bar_when_forced(tmp_path, conversation):
    path, _ = conversation
    result = CliRunner().invoke(main, ["externalize", str(path), "--store", str(tmp_path / "s"), "--progress"])
    assert result.exit_code == 0 and "externalizing turns" in result.stderr
