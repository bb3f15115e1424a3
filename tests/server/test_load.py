"""A bounded load test on loopback: 8 concurrent clients write and read in their own
sessions for ~3 s against a real server; nothing is lost or mixed between sessions.
The figures (requests/s, p99) are printed (``pytest -s``), never asserted."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "bench_http_load.py"


def load_driver():
    spec = importlib.util.spec_from_file_location("bench_http_load", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_concurrent_clients_lose_and_mix_nothing(server: str) -> None:
    result = load_driver().run_load(server, clients=8, seconds=3.0, prefix="load")
    print(f"\nHTTP load: {result['clients']} clients, {result['requests']} requests in {result['seconds']} s: "
          f"{result['requests_per_s']} req/s, p50 {result['p50_ms']} ms, p99 {result['p99_ms']} ms, "
          f"{result['turns']} turns, {result['externalized']} externalized")
    assert result["problems"] == []
    assert result["turns"] >= 8 and result["externalized"] >= 8  # every client got through a big turn
