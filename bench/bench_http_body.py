"""Peak RSS of the HTTP server for one large posted tool output (issue 11).

Usage::

    python bench/bench_http_body.py --mb 200 [--kind json] [--endpoint synopsis|synopsis-json] [--unit tokens [--tokenizer cl100k_base]]

Starts ``toolstub serve http`` on a free port with a temporary local store (body and input
limits raised to fit), posts one OpenAI-format tool message whose content is a log of
``--mb`` MB (``--kind log``, or ``--kind json``: a JSON array of objects, a whole-parse kind) to
``POST /api/v1/sessions/S/messages`` with httpx (streamed from a generator,
so the client holds it once), and prints the wall time and the server's peak RSS (``VmHWM``
of its process, Linux) before and after.

``--endpoint synopsis`` posts the output itself to ``POST /api/v1/synopsis`` (``text/plain``; the
JSON array with ``?mime=application/json``), ``--endpoint synopsis-json`` posts it as
``{"content": ...}``: nothing is stored, the answer is the synopsis and the stub.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

MB = 1_000_000


def _hwm(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


#: one line of the tool output, as it is written inside the body's JSON string (escaped)
LINES = {
    "log": "2024-03-01 10:00:00 INFO [worker-1] request id=%d path=/api/v1/items took 0.1s\\n",
    "json": '{\\"id\\": %d, \\"name\\": \\"item\\", \\"tags\\": [\\"a\\", \\"b\\"], \\"price\\": 9.5},\\n',
}


def _body(size: int, kind: str = "log", endpoint: str = "messages"):
    if endpoint == "synopsis":  # the output itself, not a JSON string
        line = LINES[kind].replace("\\n", "\n").replace('\\"', '"')
        yield b"[\n" if kind == "json" else b""
        written, i = 0, 0
        while written < size:
            block = "".join(line % (i + k) for k in range(10_000))
            i += 10_000
            written += len(block)
            yield block.encode()
        yield b'{"end": true}\n]' if kind == "json" else b""
        return
    if endpoint == "synopsis-json":
        head = json.dumps({"tool_name": "bench", "content": "@@"})
    else:
        head = json.dumps({"format": "openai", "messages": [{"role": "tool", "tool_call_id": "c1", "content": "@@"}]})
    before, after = head.split('"@@"')
    yield (before + '"' + ("[\\n" if kind == "json" else "")).encode()
    line = LINES[kind]
    written, i = 0, 0
    while written < size:
        block = "".join(line % (i + k) for k in range(10_000))
        i += 10_000
        written += len(block)
        yield block.encode()
    yield (('{\\"end\\": true}\\n]' if kind == "json" else "") + '"' + after).encode()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, default=200)
    parser.add_argument("--kind", choices=sorted(LINES), default="log", help="the tool output: a log, or a JSON array")
    parser.add_argument("--endpoint", choices=("messages", "synopsis", "synopsis-json"), default="messages",
                        help="POST .../messages (stored), or /synopsis with the raw output or {content: ...}")
    parser.add_argument("--unit", choices=("chars", "tokens"), default="chars",
                        help="the server's budget unit (TOOLSTUB_BUDGET_UNIT): tokens counts each output's tokens")
    parser.add_argument("--tokenizer", default="", help="with --unit tokens: the tokenizer (TOOLSTUB_TOKENIZER)")
    args = parser.parse_args(argv)
    size = int(args.mb * MB)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory(prefix="toolstub-http-body-") as tmp:
        env = {**os.environ, "TOOLSTUB_MAX_INPUT_BYTES": str(size * 3), "TOOLSTUB_BUDGET_UNIT": args.unit}
        if args.tokenizer:
            env["TOOLSTUB_TOKENIZER"] = args.tokenizer
        cli = os.path.join(os.path.dirname(sys.executable), "toolstub")
        server = subprocess.Popen([cli, "serve", "http", "--store", tmp, "--port", str(port), "--no-access-log",
                                   "--max-body-bytes", str(size * 3), "--log-level", "warning"], env=env)
        try:
            for _ in range(100):
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/v1/health", timeout=1)
                    break
                except httpx.HTTPError:
                    time.sleep(0.1)
            idle = _hwm(server.pid)
            start = time.perf_counter()
            if args.endpoint == "messages":
                url, ctype, params = f"http://127.0.0.1:{port}/api/v1/sessions/s1/messages", "application/json", {}
            elif args.endpoint == "synopsis-json":
                url, ctype, params = f"http://127.0.0.1:{port}/api/v1/synopsis", "application/json", {}
            else:
                url, ctype = f"http://127.0.0.1:{port}/api/v1/synopsis", "text/plain"
                params = {"mime": "application/json"} if args.kind == "json" else {}
            answer = httpx.post(url, content=_body(size, args.kind, args.endpoint), params=params,
                                headers={"content-type": ctype}, timeout=600)
            seconds = time.perf_counter() - start
            stubbed = answer.json()
            if answer.status_code != 200:
                raise SystemExit(f"bench: HTTP {answer.status_code}: {str(stubbed)[:300]}")
            if args.endpoint != "messages":
                result = stubbed["result"]
                kind = result["synopsis"]["kind"]
                print(f"synopsis: {kind}, {result['original_chars']} characters, sha256 {result['sha256'][:16]}; "
                      f"{(result['synopsis']['notable_items'] or [''])[0][:160]}")
            print(f"posted {size / MB:.0f} MB {args.kind} tool output to {args.endpoint}: HTTP {answer.status_code} in {seconds:.1f} s; "
                  f"server peak RSS {idle:.0f} MB idle, {_hwm(server.pid):.0f} MB after")
        finally:
            server.terminate()
            server.wait(10)
    return 0


if __name__ == "__main__":
    sys.exit(main())
