"""The HTTP API: a FastAPI app over a toolstub store.

``create_app(store_url)`` builds the app; ``toolstub serve http`` runs it with
uvicorn. Every answer comes from the store (nothing per-process), so any number
of app instances over one store answer alike. See docs/serving.md for the routes.
"""

from __future__ import annotations

import logging
from pathlib import Path
from collections.abc import Iterable
from typing import Any

from fastapi import APIRouter, Depends, FastAPI

from toolstub import input_limit
from toolstub.externalize import ExternalizationConfig
from toolstub.rule_files import load_rules
from toolstub.server import routes_messages, routes_results, routes_synopsis
from toolstub.server.auth import KeyRing, as_keyring, load_keyring
from toolstub.server.body_limit import DEFAULT_MAX_BODY_BYTES, BodyLimitMiddleware, spool_bytes_from_env
from toolstub.server.deps import current_key
from toolstub.server.envelope import CODE_BY_STATUS, EnvelopeJSONResponse, install_handlers, ok
from toolstub.server.host_check import HostCheckMiddleware, HostPolicy
from toolstub.server.json_body import JSONRoute
from toolstub.server.models import Health, Ok
from toolstub.server.time_budget import TimeBudgetMiddleware
from toolstub.settings import DEFAULT_REQUEST_TIMEOUT_SECONDS, load_settings
from toolstub.store import open_store

log: logging.Logger = logging.getLogger("toolstub.server")

API_PREFIX = "/api/v1"
LOOPBACK_HOSTS = frozenset({"127.0.0.1", "::1", "localhost"})

def _open_store(store_url: str | None, store: Any) -> Any:
    if store is not None:
        return store
    return open_store(store_url)


def _load_config(config: Any) -> Any:
    if config is None:
        return None
    if isinstance(config, ExternalizationConfig):
        return config
    if isinstance(config, dict):
        return ExternalizationConfig.from_dict(config)
    if isinstance(config, (str, Path)):
        return ExternalizationConfig.from_file(config)
    raise TypeError("config must be an ExternalizationConfig, a dict or a path")


def create_app(
    store_url: str | None = None,
    *,
    api_keys: Any = None,
    max_body_bytes: int = DEFAULT_MAX_BODY_BYTES,
    rules: str | Path | Any = None,
    config: Any = None,
    store: Any = None,
    allowed_hosts: Iterable[str] = (),
    allowed_origins: Iterable[str] = (),
    request_timeout_seconds: float | None = DEFAULT_REQUEST_TIMEOUT_SECONDS,
    max_input_bytes: int | None = None,
    spool_body_bytes: int | None = None,
) -> FastAPI:
    """The ASGI app.

    :param store_url: the store (``open_store`` rules: env ``TOOLSTUB_STORE``, else a local folder).
    :param api_keys: a :class:`KeyRing`, a key-file path, a ``{key: [sessions] | "*"}`` mapping,
        or None (keys from ``TOOLSTUB_API_KEYS`` only; none set: the API is open).
    :param max_body_bytes: larger request bodies get 413.
    :param rules: the ruleset for synopses and stubs (bundled name, path, or Ruleset).
    :param config: the externalization config (ExternalizationConfig, dict, or file path).
    :param store: an already opened store (instead of ``store_url``).
    :param allowed_hosts: ``Host`` names answered beyond loopback (others get 421; ``*``: any).
    :param allowed_origins: browser origins allowed beyond those of the allowed hosts (others get 403).
    :param request_timeout_seconds: each request's time budget (503 past it; None: no limit).
    :param max_input_bytes: bodies are also refused (413) over this (default: ``TOOLSTUB_MAX_INPUT_BYTES``
        or 256 MiB).
    :param spool_body_bytes: bodies larger than this are spooled to a temporary file, and the long
        tool outputs in them reach externalization in chunks (default: ``TOOLSTUB_SERVER_SPOOL_BODY_BYTES``
        or 8 MiB).
    """
    app = FastAPI(
        title="toolstub",
        version=_version(),
        description="Stored tool results: list, read, search, query; externalize messages; synopses.",
        default_response_class=EnvelopeJSONResponse,
    )
    app.state.store = _open_store(store_url, store)
    app.state.keyring = as_keyring(api_keys)
    app.state.rules = load_rules(rules)
    app.state.config = _load_config(config)
    max_body_bytes = min(max_body_bytes, input_limit.max_input_bytes(max_input_bytes))
    app.state.max_body_bytes = max_body_bytes
    app.state.host_policy = HostPolicy(allowed_hosts, allowed_origins)
    install_handlers(app)
    # outermost last: Host/Origin first, then the body limit, then the time budget
    if request_timeout_seconds is not None:
        app.add_middleware(TimeBudgetMiddleware, timeout_seconds=request_timeout_seconds,
                           max_body_bytes=max_body_bytes)
    app.add_middleware(BodyLimitMiddleware, max_body_bytes=max_body_bytes, body_timeout_seconds=request_timeout_seconds,
                       spool_bytes=spool_body_bytes or spool_bytes_from_env())
    app.add_middleware(HostCheckMiddleware, policy=app.state.host_policy)

    @app.get("/healthz", response_model=Ok[Health], tags=["health"], summary="Liveness check")
    def healthz() -> EnvelopeJSONResponse:
        return ok({"status": "ok", "version": _version()})

    api = APIRouter(prefix=API_PREFIX, dependencies=[Depends(current_key)], route_class=JSONRoute)
    routes_results.add_routes(api)
    routes_messages.add_routes(api)
    routes_synopsis.add_routes(api)
    app.include_router(api)
    _finish_openapi(app, open_api=not app.state.keyring.enabled)
    return app


def _finish_openapi(app: FastAPI, *, open_api: bool) -> None:
    """Make the document say what the app does: validation errors are 400 (never FastAPI's
    422), and with no keys configured no request needs one."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is None:
            doc = build()
            schemas = doc.get("components", {}).get("schemas", {})
            for name in ("HTTPValidationError", "ValidationError"):
                schemas.pop(name, None)
            if open_api:
                doc.get("components", {}).pop("securitySchemes", None)
            if "ErrorEnvelope" not in schemas:  # pragma: no cover - every app has routes with error docs
                schemas["ErrorEnvelope"] = {"type": "object"}
            for item in doc.get("paths", {}).values():
                for operation in item.values():
                    if isinstance(operation, dict):
                        _document_middleware_errors(operation)
                        operation.get("responses", {}).pop("422", None)
                        if open_api:
                            operation.pop("security", None)
                            operation.get("responses", {}).pop("401", None)
            app.openapi_schema = doc
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]


#: what the middlewares answer on any path, before a route runs: a bad Content-Length or a body
#: nested too deep (400), a browser Origin not allowed (403), a body sent too slowly (408), a body
#: over the limit (413), a Host
#: not allowed (421), the time budget spent (503)
MIDDLEWARE_ERRORS = (400, 403, 408, 413, 421, 503)


def _document_middleware_errors(operation: dict[str, Any]) -> None:
    responses = operation.setdefault("responses", {})
    for status in MIDDLEWARE_ERRORS:
        responses.setdefault(str(status), {
            "description": CODE_BY_STATUS.get(status, "error"),
            "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorEnvelope"}}},
        })


ENV_API_KEYS_FILE = "TOOLSTUB_SERVER_API_KEYS_FILE"
ENV_RULES = "TOOLSTUB_SERVER_RULES"
ENV_CONFIG_FILE = "TOOLSTUB_SERVER_CONFIG"
ENV_MAX_BODY_BYTES = "TOOLSTUB_SERVER_MAX_BODY_BYTES"


def app_from_env() -> FastAPI:
    """An app configured by environment variables, for process managers and ``--workers``.

    ``uvicorn --factory toolstub.server.http:app_from_env``: the store from ``TOOLSTUB_STORE``,
    keys from ``TOOLSTUB_SERVER_API_KEYS_FILE`` plus ``TOOLSTUB_API_KEYS``, the ruleset from
    ``TOOLSTUB_SERVER_RULES``, the externalization config from ``TOOLSTUB_SERVER_CONFIG`` plus
    ``TOOLSTUB_*`` overrides, the body limit from ``TOOLSTUB_SERVER_MAX_BODY_BYTES``; allowed hosts,
    origins and the time budget from the config's ``server:`` section plus
    ``TOOLSTUB_SERVER_ALLOWED_HOSTS`` / ``..._ORIGINS`` / ``TOOLSTUB_SERVER_REQUEST_TIMEOUT``.
    """
    import os

    env = os.environ
    config_file = env.get(ENV_CONFIG_FILE) or None
    config = ExternalizationConfig.from_env(ExternalizationConfig.from_file(config_file) if config_file else None)
    settings = load_settings(config_file)
    return create_app(
        env.get("TOOLSTUB_STORE") or None,
        api_keys=load_keyring(env.get(ENV_API_KEYS_FILE) or None),
        rules=env.get(ENV_RULES) or None,
        config=config,
        max_body_bytes=int(env.get(ENV_MAX_BODY_BYTES) or DEFAULT_MAX_BODY_BYTES),
        allowed_hosts=settings.server.allowed_hosts,
        allowed_origins=settings.server.allowed_origins,
        request_timeout_seconds=settings.server.request_timeout_seconds,
        max_input_bytes=settings.max_input_bytes,
    )


def warn_if_open(host: str, keyring: KeyRing, policy: HostPolicy | None = None) -> bool:
    """Log a warning (and return True) when the API is open and bound beyond loopback."""
    if host in LOOPBACK_HOSTS or host.startswith("127."):
        return False
    if policy is not None and not policy.extra_hosts:
        log.warning(
            "toolstub: bound to %s, but only requests for 127.0.0.1, localhost and [::1] are answered "
            "(others get 421): add the names clients use with --allowed-host NAME.", host)
    if keyring.enabled:
        return False
    log.warning(
        "toolstub: the HTTP API is bound to %s with no API keys: anyone who can reach it can read "
        "every stored result. Configure keys (--api-keys FILE or TOOLSTUB_API_KEYS).",
        host,
    )
    return True


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("toolstub")
    except PackageNotFoundError:  # pragma: no cover
        return "0+unknown"
