"""``toolstub serve``: configuration errors are one line with the shared exit codes, and
``serve keygen`` prints a key and a key-file entry that authenticates it."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from toolstub.cli import EXIT_BAD_CONFIG, EXIT_BAD_RULES, EXIT_USAGE, main
from toolstub.server.auth import load_keyring


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def one_line_error(result) -> str:
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    return lines[0]


def test_config_errors_are_one_line(runner: CliRunner, tmp_path: Path) -> None:
    bad = tmp_path / "ext.yaml"
    bad.write_text("enabled: maybe\n")
    cases = [
        (["serve", "http", "--api-keys", str(tmp_path / "none.yaml")], {}, EXIT_BAD_CONFIG,
         f"toolstub: error: invalid api keys: {tmp_path / 'none.yaml'}: cannot read: No such file or directory"),
        (["serve", "http", "--rules", "nosuch"], {}, EXIT_BAD_RULES,
         "toolstub: error: invalid rules: nosuch: $: no bundled ruleset named 'nosuch' (bundled: default, openviking-compat)"),
        (["serve", "http", "--config", str(bad)], {}, EXIT_BAD_CONFIG,
         f"toolstub: error: invalid externalization config: {bad}: enabled: must be boolean, got 'maybe'"),
        (["serve", "http"], {"TOOLSTUB_API_KEYS": "garbage"}, EXIT_BAD_CONFIG,
         "toolstub: error: invalid api keys: TOOLSTUB_API_KEYS[0]: expected KEY=SESSION[,SESSION] or KEY=*"),
        (["serve", "mcp", "--session", "../etc"], {}, EXIT_USAGE, "toolstub: error: Invalid session_id"),
    ]
    for args, env, code, message in cases:
        result = runner.invoke(main, [*args, "--store", f"memory://cli-{code}"], env=env)
        assert result.exit_code == code, (args, result.output)
        assert one_line_error(result) == message


def test_keygen_entry_authenticates_the_printed_key(runner: CliRunner, tmp_path: Path) -> None:
    result = runner.invoke(main, ["serve", "keygen", "--session", "s1", "--session", "s2", "--name", "bot"])
    assert result.exit_code == 0, result.output
    first, *entry = result.stdout.splitlines()
    key = first.rsplit(" ", 1)[1]
    assert key not in "\n".join(entry)  # only the hash goes in the file
    path = tmp_path / "keys.yaml"
    path.write_text("\n".join(entry) + "\n")
    found = load_keyring(path, env={}).authenticate(key)
    assert found is not None and found.name == "bot" and found.sessions == {"s1", "s2"}
    assert runner.invoke(main, ["serve", "keygen"]).exit_code == EXIT_USAGE
