"""Fixtures for the server tests: a real ``toolstub serve http`` process on 127.0.0.1."""

from __future__ import annotations

import contextlib
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import NamedTuple

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


@contextlib.contextmanager
def run_server(*args: str, env: dict[str, str] | None = None, ready_path: str = "/healthz") -> Iterator[str]:
    """Start ``toolstub serve http ARGS --port P`` and yield its base URL once it answers."""
    port = free_port()
    cmd = [*CLI, "serve", "http", "--host", "127.0.0.1", "--port", str(port), *args]
    log = tempfile.NamedTemporaryFile(prefix="toolstub-server-", suffix=".log", delete=False)
    proc = subprocess.Popen(cmd, env=env or clean_env(), stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 20
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"server exited {proc.returncode}: {Path(log.name).read_text()[-2000:]}")
            try:
                if httpx.get(base + ready_path, timeout=1).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError("server did not start within 20 s")
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
        if os.environ.get("TOOLSTUB_TEST_SERVER_LOG"):
            print(f"--- server log {log.name} ---\n" + Path(log.name).read_text()[-5000:])
        os.unlink(log.name)


@pytest.fixture(scope="session")
def store_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("store")


@pytest.fixture(scope="session")
def server(store_dir: Path) -> Iterator[str]:
    """A live server over a fresh local store, open (no keys); tests use their own session ids."""
    with run_server("--store", str(store_dir)) as base:
        yield base


@pytest.fixture(scope="session")
def client(server: str) -> Iterator[httpx.Client]:
    with httpx.Client(base_url=server, timeout=30) as c:
        yield c


@pytest.fixture(scope="session")
def serve():
    """``serve(*args, env=None)``: a context manager running a real server; yields its base URL."""
    return run_server


@pytest.fixture(autouse=True)
def _no_ambient_keys(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process apps read TOOLSTUB_API_KEYS; a developer's own keys must not leak into tests."""
    monkeypatch.delenv("TOOLSTUB_API_KEYS", raising=False)


@pytest.fixture(scope="session")
def server_env() -> Callable[..., dict[str, str]]:
    """``server_env(**extra)``: this process's environment without TOOLSTUB_* variables, plus ``extra``."""
    return clean_env


SMALL_LARGE_OUTPUTS = ("schema_version: 1\nextends: default\n"
                       "large_outputs: {whole_chars: 60000, head_chars: 20000, tail_chars: 10000, stream_chars: 30000}\n")


class SpoolPair(NamedTuple):
    spooled: httpx.Client  # a server that spools every body past 4 KiB to a file in spool_dir
    whole: httpx.Client  # the same rules, bodies kept in memory
    rules: Path  # small ``large_outputs`` limits, so that both the whole and the streamed paths are taken
    spool_dir: Path


@pytest.fixture(scope="module")
def spool_pair(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SpoolPair]:
    """Two real servers over two fresh stores and the same small-limits rules: one spools, one does not."""
    root = tmp_path_factory.mktemp("spool")
    rules = root / "small-large-outputs.yaml"
    rules.write_text(SMALL_LARGE_OUTPUTS)
    spool_dir = root / "tmp"
    spool_dir.mkdir()
    spooling = clean_env(TOOLSTUB_SERVER_SPOOL_BODY_BYTES="4096", TMPDIR=str(spool_dir))
    with run_server("--store", str(root / "a"), "--rules", str(rules), env=spooling) as a, \
            run_server("--store", str(root / "b"), "--rules", str(rules)) as b, \
            httpx.Client(base_url=a, timeout=60) as spooled, httpx.Client(base_url=b, timeout=60) as whole:
        yield SpoolPair(spooled, whole, rules, spool_dir)
