"""The OpenAPI document validates and documents the seed's parameters; schemathesis,
fuzzing a real server from that document, finds no 5xx, and every answer has a documented
status and matches the documented schema."""

from __future__ import annotations

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate

import toolstub

FUZZ_ID = "tr_f1_4c0b34a2a0fdc57e"
BASE = "/api/v1/sessions/{session_id}/tool-results"


@pytest.fixture(scope="module")
def document(client: httpx.Client) -> dict:
    return client.get("/openapi.json").json()


def params(document: dict, path: str) -> dict:
    return {p["name"]: p for p in document["paths"][path]["get"]["parameters"]}


def test_document_validates(document: dict) -> None:
    validate(document)
    assert document["openapi"].startswith("3.1")
    assert set(document["paths"]) == {
        "/healthz", "/api/v1/sessions", BASE, BASE + "/{tool_result_id}", BASE + "/{tool_result_id}/search",
        BASE + "/{tool_result_id}/query", "/api/v1/sessions/{session_id}/messages",
        "/api/v1/sessions/{session_id}/context", "/api/v1/synopsis",
    }
    # An open server (no keys) documents no security requirement.
    assert "securitySchemes" not in document.get("components", {})
    assert all("security" not in op for item in document["paths"].values() for op in item.values())


def test_document_has_the_seed_parameters(document: dict) -> None:
    listing = params(document, BASE)
    assert listing["limit"]["schema"] == {"type": "integer", "minimum": 1, "default": 50,
                                          "description": listing["limit"]["schema"].get("description", ""),
                                          "title": "Limit"} | {
        k: v for k, v in listing["limit"]["schema"].items() if k not in ("type", "minimum", "default")}
    read = params(document, BASE + "/{tool_result_id}")
    assert read["offset"]["schema"]["minimum"] == 0 and read["offset"]["schema"]["default"] == 0
    assert read["limit"]["schema"]["default"] == 20_000 and read["limit"]["schema"]["minimum"] == -1
    assert read["include_metadata"]["schema"]["default"] is True
    search = params(document, BASE + "/{tool_result_id}/search")
    assert search["q"]["required"] is True and search["q"]["schema"]["minLength"] == 1
    assert (search["limit"]["schema"]["default"], search["limit"]["schema"]["minimum"]) == (20, 1)
    assert (search["context_chars"]["schema"]["default"], search["context_chars"]["schema"]["minimum"]) == (300, 0)
    assert search["mode"]["schema"]["enum"] == ["literal", "icase", "regex"]


@pytest.fixture(scope="module")
def fuzz_target(server: str, store_dir) -> str:
    """A session with one stored result, so fuzzed reads also reach the store."""
    stored = toolstub.open_store(str(store_dir)).session("fuzz").write(
        '{"a": [1, 2, {"b": "c"}]}', tool_id="f1", tool_name="http", mime_type="application/json")
    assert stored.tool_result_id == FUZZ_ID
    return server


@pytest.fixture(scope="module")
def api_schema(fuzz_target: str):
    return schemathesis.openapi.from_url(f"{fuzz_target}/openapi.json")


schema = schemathesis.pytest.from_fixture("api_schema")


@schema.parametrize()
@settings(max_examples=15, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
def test_fuzzing_finds_no_server_error(case) -> None:
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        response_schema_conformance,
        status_code_conformance,
    )

    # Aim half of the cases at a stored record, so fuzzed parameters reach the store's code.
    path = case.path_parameters or {}
    if len(path.get("session_id", "")) % 2 == 0 and "session_id" in path:
        path["session_id"] = "fuzz"
        if "tool_result_id" in path and len(path["tool_result_id"]) % 2 == 0:
            path["tool_result_id"] = FUZZ_ID
    response = case.call(timeout=30)
    # No 5xx; every answer has a documented status and matches the documented schema.
    case.validate_response(response, checks=[not_a_server_error, status_code_conformance,
                                             response_schema_conformance])
    ctype = response.headers["content-type"]
    assert (ctype[0] if isinstance(ctype, list) else ctype).startswith("application/json")
    body = response.json()
    assert body["status"] in ("ok", "error")
