"""A scripted stand-in for the Anthropic Messages API on 127.0.0.1, for running the real Claude CLI offline.

``FakeAnthropic(script)`` serves ``POST /v1/messages`` (streamed as server-sent events when the
request asks for it, else one JSON message). ``script(request_body)`` returns the assistant's
content blocks (``{"type": "text", ...}`` / ``{"type": "tool_use", ...}``). Every request body is
kept in ``requests`` (what the model saw).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Script = Callable[[dict[str, Any]], list[dict[str, Any]]]


def _sse(event: str, data: dict[str, Any]) -> bytes:
    return f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()


class FakeAnthropic:
    def __init__(self, script: Script) -> None:
        self.script = script
        self.requests: list[dict[str, Any]] = []
        self.errors: list[str] = []
        owner = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers.get("content-length") or 0)) or b"{}")
                if not self.path.startswith("/v1/messages") or self.path.startswith("/v1/messages/count_tokens"):
                    return self._json(200, {"input_tokens": 10}) if "count_tokens" in self.path else self._json(404, {})
                owner.requests.append(body)
                try:
                    blocks = owner.script(body)
                except Exception as exc:  # a script error must fail the test, not hang the CLI
                    owner.errors.append(f"{type(exc).__name__}: {exc}")
                    blocks = [{"type": "text", "text": "script error"}]
                stop = "tool_use" if any(b["type"] == "tool_use" for b in blocks) else "end_turn"
                message = {"id": f"msg_{len(owner.requests)}", "type": "message", "role": "assistant",
                           "model": body.get("model", "fake"), "content": blocks, "stop_reason": stop,
                           "stop_sequence": None, "usage": {"input_tokens": 10, "output_tokens": 10}}
                if not body.get("stream"):
                    return self._json(200, message)
                out = [_sse("message_start", {"type": "message_start", "message": {**message, "content": [],
                                                                                    "stop_reason": None}})]
                for i, block in enumerate(blocks):
                    if block["type"] == "text":
                        out.append(_sse("content_block_start", {"type": "content_block_start", "index": i,
                                                                "content_block": {"type": "text", "text": ""}}))
                        out.append(_sse("content_block_delta", {"type": "content_block_delta", "index": i,
                                                                "delta": {"type": "text_delta", "text": block["text"]}}))
                    else:
                        start = {**block, "input": {}}
                        out.append(_sse("content_block_start", {"type": "content_block_start", "index": i,
                                                                "content_block": start}))
                        out.append(_sse("content_block_delta", {"type": "content_block_delta", "index": i, "delta": {
                            "type": "input_json_delta", "partial_json": json.dumps(block["input"])}}))
                    out.append(_sse("content_block_stop", {"type": "content_block_stop", "index": i}))
                out.append(_sse("message_delta", {"type": "message_delta", "delta": {"stop_reason": stop,
                           "stop_sequence": None}, "usage": {"output_tokens": 10}}))
                out.append(_sse("message_stop", {"type": "message_stop"}))
                data = b"".join(out)
                self.send_response(200)
                self.send_header("content-type", "text/event-stream")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                self._json(404, {})

            def do_HEAD(self) -> None:
                self._json(200, {})

            def _json(self, status: int, payload: dict[str, Any]) -> None:
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self) -> FakeAnthropic:
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()
