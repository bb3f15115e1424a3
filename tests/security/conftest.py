"""Fixtures for the security suite: real servers on 127.0.0.1, stores on every backend.

The attacks are made as an outsider would: real HTTP requests with forged headers to a
real ``toolstub serve http`` process, the CLI run as a subprocess, files on disk read back.
"""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

CLI = [sys.executable, "-c", "import sys; from toolstub.cli import main; sys.exit(main())"]


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def clean_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("TOOLSTUB_")}
    env.update(extra)
    return env


def run_cli(*args: str, input: bytes | None = None, env: dict[str, str] | None = None,
            timeout: float = 120, stdin=None) -> subprocess.CompletedProcess:
    return subprocess.run([*CLI, *args], input=input, stdin=stdin, capture_output=True,
                          env=env or clean_env(), timeout=timeout)


@contextlib.contextmanager
def run_server(*args: str, env: dict[str, str] | None = None, command: str = "http",
               ready: str = "/healthz") -> Iterator[str]:
    """``toolstub serve http|mcp ARGS`` on a free loopback port; yields its base URL once it answers."""
    port = free_port()
    cmd = [*CLI, "serve", command, "--host", "127.0.0.1", "--port", str(port), *args]
    log = tempfile.NamedTemporaryFile(prefix="toolstub-security-", suffix=".log", delete=False)
    proc = subprocess.Popen(cmd, env=env or clean_env(), stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"server exited {proc.returncode}: {Path(log.name).read_text()[-2000:]}")
            try:
                httpx.get(base + ready, timeout=1)
                break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("server did not start within 30 s")
            time.sleep(0.1)
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            proc.kill()
            proc.wait()
        log.close()
        os.unlink(log.name)


@pytest.fixture(scope="session")
def server_store(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("security-store")


@pytest.fixture(scope="session")
def server(server_store: Path) -> Iterator[str]:
    """An open server (no keys) over a local store, default settings."""
    with run_server("--store", str(server_store)) as base:
        yield base


# --- stores on every backend (S3: a real SeaweedFS) ---------------------------------------


def s3_storage_options(env: dict) -> dict:
    return {"key": env["key"], "secret": env["secret"], "endpoint_url": env["endpoint"]}


@pytest.fixture(params=("local", "memory", "s3"))
def store_url(request, tmp_path) -> Iterator[tuple[str, dict]]:
    """``(url, storage_options)`` of a fresh store on each backend."""
    if request.param == "local":
        yield str(tmp_path / "store"), {}
    elif request.param == "memory":
        yield f"memory://sec-{uuid.uuid4().hex}", {}
    else:
        env = request.getfixturevalue("s3_env")
        yield f"s3://{env['bucket']}/sec-{uuid.uuid4().hex}", s3_storage_options(env)


@pytest.fixture(autouse=True)
def _no_ambient_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("TOOLSTUB_API_KEYS", raising=False)
