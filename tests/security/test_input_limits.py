"""No bound on input size (issue 14, attack 6): /dev/zero, an endless pipe, a huge body.

Every reader stops at ``max_input_bytes`` in bounded memory: synopsis describes what was
read and says so; commands that store or rewrite stop with one line and write nothing.
"""

from __future__ import annotations

import io
import subprocess
import sys

import httpx
import pytest

from toolstub.input_limit import DEFAULT_MAX_INPUT_BYTES, max_input_bytes, parse_size, read_bounded

from .conftest import CLI, clean_env, run_cli, run_server

SMALL = "4M"


def peak_rss_kib_of(cmd: list[str], env: dict[str, str], stdin=None) -> tuple[subprocess.CompletedProcess, int]:
    """Run ``cmd``; its peak RSS (KiB) from the kernel's accounting of waited-for children."""
    code = ("import resource, subprocess, sys, json\n"
            "p = subprocess.run(json.loads(sys.argv[1]), capture_output=True, stdin=sys.stdin)\n"
            "sys.stdout.buffer.write(p.stdout[-4000:]); sys.stderr.buffer.write(p.stderr[-4000:])\n"
            "print('\\nRSS', resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr)\n"
            "sys.exit(p.returncode)")
    import json

    done = subprocess.run([sys.executable, "-c", code, json.dumps(cmd)], capture_output=True, env=env,
                          stdin=stdin, timeout=300)
    rss = int(done.stderr.decode().rsplit("RSS", 1)[1])
    return done, rss


def test_synopsis_of_dev_zero_ends_with_a_note_in_bounded_memory() -> None:
    done, rss = peak_rss_kib_of([*CLI, "synopsis", "/dev/zero"], clean_env(TOOLSTUB_MAX_INPUT_BYTES=SMALL))
    assert done.returncode == 0, done.stderr
    assert b"input truncated: only the first 4194304 bytes were read" in done.stdout
    assert b"toolstub: warning: input truncated" in done.stderr
    assert rss < 400_000, rss  # a 4 MiB limit: far below what reading /dev/zero to the end would take


def test_endless_stdin_pipe_stops() -> None:
    yes = subprocess.Popen(["yes", "a line of an endless log"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run([*CLI, "synopsis", "-"], stdin=yes.stdout, capture_output=True,
                              env=clean_env(TOOLSTUB_MAX_INPUT_BYTES="1M"), timeout=120)
    finally:
        yes.kill()
        yes.wait()
    assert done.returncode == 0
    assert b"only the first 1048576 bytes were read" in done.stdout


@pytest.mark.parametrize("args", [("store", "--store", "{store}", "put", "/dev/zero"),
                                  ("externalize", "/dev/zero", "--store", "{store}", "-o", "{out}")])
def test_storing_commands_refuse_and_write_nothing(tmp_path, args) -> None:
    store, out = tmp_path / "store", tmp_path / "out.json"
    argv = [a.format(store=store, out=out) for a in args]
    done = run_cli(*argv, env=clean_env(TOOLSTUB_MAX_INPUT_BYTES=SMALL))
    assert done.returncode == 1
    err = done.stderr.decode()
    assert err.count("\n") == 1 and "larger than max_input_bytes (4194304 bytes)" in err
    assert not out.exists()
    assert not store.exists() or not any(p.is_file() for p in store.rglob("*"))


def test_store_put_from_an_endless_pipe_refuses(tmp_path) -> None:
    yes = subprocess.Popen(["yes"], stdout=subprocess.PIPE)
    try:
        done = subprocess.run([*CLI, "store", "--store", str(tmp_path / "s"), "put", "-"], stdin=yes.stdout,
                              capture_output=True, env=clean_env(TOOLSTUB_MAX_INPUT_BYTES="1M"), timeout=120)
    finally:
        yes.kill()
        yes.wait()
    assert done.returncode == 1 and b"larger than max_input_bytes" in done.stderr


def test_under_the_limit_everything_is_read(tmp_path) -> None:
    path = tmp_path / "f.txt"
    path.write_bytes(b"x" * 1000)
    done = run_cli("synopsis", str(path), "--format", "json", env=clean_env(TOOLSTUB_MAX_INPUT_BYTES="1000"))
    assert done.returncode == 0 and b'"original_chars": 1000' in done.stdout and not done.stderr
    done = run_cli("synopsis", str(path), "--format", "json", env=clean_env(TOOLSTUB_MAX_INPUT_BYTES="999"))
    assert b'"original_chars": 999' in done.stdout and b"truncated" in done.stderr


def test_bad_limit_is_a_one_line_usage_error(tmp_path) -> None:
    done = run_cli("synopsis", "/dev/null", env=clean_env(TOOLSTUB_MAX_INPUT_BYTES="lots"))
    assert done.returncode == 2 and done.stderr.decode().count("\n") == 1


def test_http_bodies_are_bounded_by_max_input_bytes(tmp_path) -> None:
    with run_server("--store", str(tmp_path / "s"), env=clean_env(TOOLSTUB_MAX_INPUT_BYTES="64k")) as base:
        resp = httpx.post(base + "/api/v1/synopsis", content=b"a" * 70_000, headers={"Content-Type": "text/plain"},
                          timeout=30)
        assert resp.status_code == 413 and resp.json()["error"]["details"]["limit_bytes"] == 65536

        def endless():
            for _ in range(10_000):
                yield b"b" * 65536

        try:  # chunked, no Content-Length: refused once the limit is passed, the server stays up
            resp = httpx.post(base + "/api/v1/synopsis", content=endless(), headers={"Content-Type": "text/plain"},
                              timeout=30)
            assert resp.status_code == 413
        except httpx.TransportError:
            pass  # the server closed the connection while we were still sending: refused too
        # a GET with a body is bounded as well
        resp = httpx.request("GET", base + "/api/v1/sessions", content=b"c" * 70_000, timeout=30)
        assert resp.status_code == 413
        assert httpx.get(base + "/healthz", timeout=10).status_code == 200


def test_config_key(tmp_path) -> None:
    from toolstub.settings import load_settings

    config = tmp_path / "c.toml"
    config.write_text('max_input_bytes = "2M"\nthreshold_chars = 100\n')
    assert load_settings(config, environ={}).max_input_bytes == 2 << 20
    assert max_input_bytes(config={"max_input_bytes": "2M"}, environ={}) == 2 << 20
    assert max_input_bytes(config={"max_input_bytes": "2M"}, environ={"TOOLSTUB_MAX_INPUT_BYTES": "5"}) == 5
    assert max_input_bytes(environ={}) == DEFAULT_MAX_INPUT_BYTES
    from toolstub.externalize import ExternalizationConfig

    assert ExternalizationConfig.from_file(config).threshold_chars == 100  # the same file still loads


def test_read_bounded_never_holds_more_than_the_limit() -> None:
    class Endless(io.RawIOBase):
        served = 0

        def readable(self) -> bool:
            return True

        def read(self, n: int = -1) -> bytes:
            assert 0 < n <= (1 << 20) + 1
            self.served += n
            return b"z" * n

    stream = Endless()
    data, more = read_bounded(stream, 3_000_000)
    assert more and len(data) == 3_000_000 and stream.served <= 3_000_001
    assert read_bounded(io.BytesIO(b"abc"), 3) == (b"abc", False)
    assert read_bounded(io.BytesIO(b"abcd"), 3) == (b"abc", True)
    assert parse_size("1G") == 1 << 30 and parse_size(7) == 7
    for bad in (0, -1, "x", True, "1.5M"):
        with pytest.raises(ValueError):
            parse_size(bad)
