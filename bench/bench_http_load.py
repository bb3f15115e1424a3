"""Load test of the HTTP API: N concurrent clients writing and reading for a few seconds.

Each client owns one session. It posts OpenAI-format turns (every 4th with a tool output
large enough to be externalized), reads every externalized output back whole
(``limit=-1``) and searches it, then checks at the end that its session holds exactly
what it posted, in order, and nothing of another client's. Prints requests/s and
latency percentiles.

    python bench/bench_http_load.py                      # starts a server on 127.0.0.1
    python bench/bench_http_load.py --clients 8 --seconds 3
    python bench/bench_http_load.py --url http://127.0.0.1:8000   # an already running server

Loopback only by default; the numbers depend on the machine (2 shared cores here).
"""

from __future__ import annotations

import argparse
import contextlib
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

BIG_LINES = 1_300  # ~26k chars: over the 20k threshold


@dataclass
class ClientLog:
    session: str
    latencies: list[float] = field(default_factory=list)
    posted: list[str] = field(default_factory=list)  # the user texts, in order
    big: dict[str, str] = field(default_factory=dict)  # tool_call_id -> raw output
    errors: list[str] = field(default_factory=list)


def _big_output(session: str, i: int) -> str:
    return "\n".join(f"{session} call {i} line {n} value={n * 7 % 1000}" for n in range(BIG_LINES))


def _turn(session: str, i: int) -> tuple[list[dict[str, Any]], str, str | None]:
    call_id = f"call_{i}"
    big = i % 4 == 0
    output = _big_output(session, i) if big else f"{session} small output {i}"
    text = f"{session} turn {i}"
    messages = [
        {"role": "user", "content": text},
        {"role": "assistant", "content": None,
         "tool_calls": [{"id": call_id, "type": "function", "function": {"name": "probe", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": call_id, "content": output},
    ]
    return messages, text, output if big else None


def _timed(log: ClientLog, call, *args, **kwargs) -> httpx.Response:
    start = time.perf_counter()
    resp = call(*args, **kwargs)
    log.latencies.append(time.perf_counter() - start)
    if resp.status_code != 200:
        log.errors.append(f"{resp.request.method} {resp.request.url.path}: {resp.status_code} {resp.text[:200]}")
    return resp


def _client(base: str, log: ClientLog, deadline: float, headers: dict[str, str]) -> None:
    api = f"/api/v1/sessions/{log.session}"
    with httpx.Client(base_url=base, timeout=60, headers=headers) as c:
        i = 0
        while time.perf_counter() < deadline:
            messages, text, raw = _turn(log.session, i)
            resp = _timed(log, c.post, f"{api}/messages", json={"format": "openai", "messages": messages})
            log.posted.append(text)
            if raw is not None and resp.status_code == 200:
                log.big[f"call_{i}"] = raw
                stub = resp.json()["result"]["messages"][2]["content"]
                ref_line = next((ln for ln in stub.splitlines() if ln.startswith("ref: ")), "")
                rid = ref_line.rsplit("/", 1)[-1]
                read = _timed(log, c.get, f"{api}/tool-results/{rid}", params={"limit": -1})
                if read.status_code == 200 and read.json()["result"]["content"] != raw:
                    log.errors.append(f"read-back of {rid} differs from what was posted")
                found = _timed(log, c.get, f"{api}/tool-results/{rid}/search",
                               params={"q": f"call {i} line 77 ", "context_chars": 0})
                if found.status_code == 200 and found.json()["result"]["total"] != 1:
                    log.errors.append(f"search in {rid} found {found.json()['result']['total']} matches, not 1")
            i += 1


def verify(base: str, log: ClientLog, headers: dict[str, str]) -> list[str]:
    """The session holds exactly the client's turns, in order, and only its own results."""
    problems = list(log.errors)
    api = f"/api/v1/sessions/{log.session}"
    with httpx.Client(base_url=base, timeout=60, headers=headers) as c:
        context = c.get(f"{api}/context").json()["result"]["messages"]
        users = [m["content"] for m in context if m.get("role") == "user"]
        if users != log.posted:
            problems.append(f"{log.session}: context has {len(users)} turns, posted {len(log.posted)} (or order)")
        if any(log.session not in str(m.get("content")) for m in context if m.get("role") != "assistant"):
            problems.append(f"{log.session}: context holds another session's message")
        listed = c.get(f"{api}/tool-results", params={"limit": 100_000}).json()["result"]["tool_results"]
        if len(listed) != len(log.big):
            problems.append(f"{log.session}: {len(listed)} stored results, {len(log.big)} externalized")
        if any(m["session_id"] != log.session for m in listed):
            problems.append(f"{log.session}: listing holds another session's result")
    return problems


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def run_load(base: str, *, clients: int = 8, seconds: float = 3.0, prefix: str = "load",
             headers: dict[str, str] | None = None) -> dict[str, Any]:
    headers = headers or {}
    logs = [ClientLog(session=f"{prefix}-{n}") for n in range(clients)]
    deadline = time.perf_counter() + seconds
    started = time.perf_counter()
    threads = [threading.Thread(target=_client, args=(base, log, deadline, headers)) for log in logs]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    problems = [p for log in logs for p in verify(base, log, headers)]
    latencies = [x for log in logs for x in log.latencies]
    return {
        "clients": clients,
        "seconds": round(elapsed, 2),
        "requests": len(latencies),
        "requests_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(percentile(latencies, 0.50) * 1000, 1),
        "p99_ms": round(percentile(latencies, 0.99) * 1000, 1),
        "turns": sum(len(log.posted) for log in logs),
        "externalized": sum(len(log.big) for log in logs),
        "problems": problems,
    }


@contextlib.contextmanager
def local_server(store: str):
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    cmd = [sys.executable, "-c", "import sys; from toolstub.cli import main; sys.exit(main())", "serve", "http",
           "--store", store, "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning"]
    proc = subprocess.Popen(cmd)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            with contextlib.suppress(httpx.TransportError):
                if httpx.get(base + "/healthz", timeout=1).status_code == 200:
                    break
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="an already running server (default: start one on 127.0.0.1)")
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--store", help="store for the started server (default: a temp folder)")
    args = parser.parse_args()
    if args.url:
        result = run_load(args.url, clients=args.clients, seconds=args.seconds)
    else:
        with tempfile.TemporaryDirectory() as tmp, local_server(args.store or tmp) as base:
            result = run_load(base, clients=args.clients, seconds=args.seconds)
    for key, value in result.items():
        print(f"{key}: {value}")
    sys.exit(1 if result["problems"] else 0)


if __name__ == "__main__":
    main()
