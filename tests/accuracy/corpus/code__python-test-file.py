import pytest

from app.client import Client


@pytest.fixture
def client():
    return Client("http://localhost:8000")


def test_get_returns_json(client, httpx_mock):
    httpx_mock.add_response(json={"ok": True})
    assert client.get("/x") == {"ok": True}


def test_retries(client, httpx_mock):
    httpx_mock.add_response(status_code=503)
    with pytest.raises(RuntimeError):
        client.get("/x")
