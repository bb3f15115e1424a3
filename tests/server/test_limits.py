"""Request size limits on a real server: a clear 413 on Content-Length and on the bytes
actually streamed (chunked uploads)."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from urllib.parse import urlsplit

import httpx
import pytest

LIMIT = 4_096


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory, serve) -> Iterator[httpx.Client]:
    root = tmp_path_factory.mktemp("limits")
    with serve("--store", str(root), "--max-body-bytes", str(LIMIT)) as base, \
            httpx.Client(base_url=base, timeout=30) as c:
        yield c


def assert_413(resp: httpx.Response) -> None:
    assert resp.status_code == 413
    assert resp.json() == {
        "status": "error",
        "error": {"code": "PAYLOAD_TOO_LARGE", "message": f"request body is larger than the limit of {LIMIT} bytes",
                  "details": {"limit_bytes": LIMIT}},
    }


def test_declared_length_over_the_limit(small: httpx.Client) -> None:
    assert_413(small.post("/api/v1/synopsis", content=b"x" * (LIMIT + 1), headers={"content-type": "text/plain"}))
    body = {"format": "openai", "messages": [{"role": "user", "content": "y" * LIMIT}]}
    assert_413(small.post("/api/v1/sessions/s/messages", json=body))


def test_streamed_body_over_the_limit(small: httpx.Client) -> None:
    def chunks() -> Iterator[bytes]:
        for _ in range(10):
            yield b"z" * 1_000

    resp = small.post("/api/v1/synopsis", content=chunks(), headers={"content-type": "text/plain"})
    assert "content-length" not in resp.request.headers
    assert_413(resp)


def test_a_body_at_the_limit_is_accepted(small: httpx.Client) -> None:
    resp = small.post("/api/v1/synopsis", content=b"w" * LIMIT, headers={"content-type": "text/plain"})
    assert resp.status_code == 200 and resp.json()["result"]["original_chars"] == LIMIT

    def chunks() -> Iterator[bytes]:
        yield b"a" * 2_000
        yield b"b" * 2_000

    assert small.post("/api/v1/synopsis", content=chunks(), headers={"content-type": "text/plain"}).status_code == 200


def test_a_bad_content_length_is_400(small: httpx.Client) -> None:
    url = urlsplit(str(small.base_url))
    with socket.create_connection((url.hostname, url.port), timeout=10) as sock:
        sock.sendall(b"POST /api/v1/synopsis HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n")
        reply = sock.recv(4096).decode("latin-1")
    assert reply.startswith("HTTP/1.1 400")
