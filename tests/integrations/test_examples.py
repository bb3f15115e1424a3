"""The three integration examples run as a new user runs them (a subprocess, a fresh store folder)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "integrations"


@pytest.mark.parametrize("script", ["langchain_agent.py", "openai_agents_agent.py", "claude_agent_sdk_agent.py"])
def test_example_reads_the_stored_output_back_exactly(script, tmp_path):
    done = subprocess.run([sys.executable, str(EXAMPLES / script), "--store", str(tmp_path / "store")],
                          capture_output=True, text=True, timeout=300, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert "   [toolstub: tool output stored outside the context]" in out
    assert "kind: log" in out and "original_chars: 500027" in out
    assert "read back in 3 pages: exact = True" in out
    assert "results stored in the session: 1" in out
    assert out.rstrip().endswith("answer: The build failed at line 3218.")
