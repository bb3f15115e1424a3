"""Store fixtures: the same tests run against a local folder, memory:// and a real SeaweedFS (S3).

S3: the ``s3_env`` fixture of tests/conftest.py (a live SeaweedFS).
"""

from __future__ import annotations

import uuid

import pytest

import toolstub

BACKENDS = ("local", "memory", "s3")


def s3_environ(s3_env) -> dict[str, str]:
    return {
        "TOOLSTUB_S3_ENDPOINT": s3_env["endpoint"],
        "AWS_ACCESS_KEY_ID": s3_env["key"],
        "AWS_SECRET_ACCESS_KEY": s3_env["secret"],
        "AWS_REGION": "us-east-1",
    }


@pytest.fixture(params=BACKENDS)
def backend_name(request):
    return request.param


@pytest.fixture
def store_url(backend_name, tmp_path, request, monkeypatch):
    """A fresh, empty store URL on each backend (env set so that subprocesses reach S3 too)."""
    return make_url(backend_name, tmp_path, request, monkeypatch)


@pytest.fixture(params=("local", "s3"))
def shared_store_url(request, tmp_path, monkeypatch):
    """A store URL that several processes can share (memory:// lives in one process)."""
    return make_url(request.param, tmp_path, request, monkeypatch)


@pytest.fixture
def s3_store_url(request, tmp_path, monkeypatch):
    return make_url("s3", tmp_path, request, monkeypatch)


def make_url(backend_name, tmp_path, request, monkeypatch) -> str:
    if backend_name == "local":
        return str(tmp_path / "store")
    if backend_name == "memory":
        return f"memory://ts-{uuid.uuid4().hex}"
    s3_env = request.getfixturevalue("s3_env")
    for key, value in s3_environ(s3_env).items():
        monkeypatch.setenv(key, value)
    return f"s3://{s3_env['bucket']}/t-{uuid.uuid4().hex}"


@pytest.fixture
def store(store_url):
    return toolstub.open_store(store_url)


@pytest.fixture
def session(store):
    return store.session("sess-1")


def _seed_search(content: str, query: str, limit: int = 20, ctx: int = 300) -> list[dict]:
    """The seed's search, written from its description (the oracle)."""
    out, start = [], 0
    while len(out) < limit:
        i = content.find(query, start)
        if i < 0:
            break
        snippet = content[max(0, i - ctx) : min(len(content), i + len(query) + ctx)]
        out.append({"offset": i, "offset_unit": "unicode_code_point", "snippet": snippet})
        start = i + max(1, len(query))
    return out


@pytest.fixture
def seed_search():
    return _seed_search
