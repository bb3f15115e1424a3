"""schemathesis from the served OpenAPI document (issue 14, item 7): answers to a foreign Host (421)
and to a foreign browser Origin (403) are documented on every operation and match the error
envelope's schema, like every other answer (tests/server/test_openapi.py fuzzes the routes)."""

from __future__ import annotations

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance, status_code_conformance

import pytest


@pytest.fixture(scope="module")
def open_schema(server: str):
    return schemathesis.openapi.from_url(f"{server}/openapi.json")


schema = schemathesis.pytest.from_fixture("open_schema")
CHECKS = [not_a_server_error, status_code_conformance, response_schema_conformance]


@schema.parametrize()
@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])
def test_foreign_host_and_origin_answers_match_the_schema(case) -> None:
    foreign_host = case.call(headers={"Host": "attacker.example:8080"}, timeout=30)
    assert foreign_host.status_code == 421
    case.validate_response(foreign_host, checks=CHECKS)
    foreign_origin = case.call(headers={"Origin": "https://attacker.example"}, timeout=30)
    assert foreign_origin.status_code == 403
    case.validate_response(foreign_origin, checks=CHECKS)
