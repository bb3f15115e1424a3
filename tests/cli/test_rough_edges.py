"""The rough edges a new user hit (issue 12), each through the real CLI in a subprocess or CliRunner."""

from __future__ import annotations

import subprocess
import sys


def run(*args: str, stdin: str | None = None, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, *args], capture_output=True, text=True, input=stdin, cwd=cwd,
                          timeout=120, check=False)


def test_python_dash_m_toolstub_is_the_cli():
    done = run("-m", "toolstub", "--help")
    assert done.returncode == 0, done.stderr
    assert "Usage: toolstub" in done.stdout
    done = run("-m", "toolstub", "synopsis", "-", stdin='{"a": 1}')
    assert done.returncode == 0 and "kind: json" in done.stdout
