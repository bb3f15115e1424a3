"""The worked example (examples/agent_loop/run.py) runs and does what docs/externalize.md shows."""

from __future__ import annotations

import importlib.util
import uuid
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "agent_loop" / "run.py"


def test_agent_loop_example(capsys):
    spec = importlib.util.spec_from_file_location("agent_loop_example", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.run(f"memory://example-{uuid.uuid4().hex}")
    out = capsys.readouterr().out
    assert out.count("   stored ") == 3
    for tool in ("fetch_orders", "tail_build_log", "export_inventory"):
        assert f"stored {tool}: " in out
    assert "nothing stored: every output is small and stays as returned" in out
    assert '"line": 3218' in out and "ord-00002" in out
    assert "build log restored exactly: True; stored results in the session: 3" in out
