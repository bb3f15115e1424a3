"""``toolstub serve http|mcp|keygen``: the HTTP API, the MCP server, and API keys."""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import NoReturn

import click

from toolstub.cli import EXIT_BAD_CONFIG, EXIT_BAD_RULES, EXIT_ERROR, EXIT_USAGE
from toolstub.errors import InvalidArgumentError, RequestError, RuleFileError, ToolstubError
from toolstub.externalize import ExternalizationConfig
from toolstub.externalize.config import config_file
from toolstub.server.auth import generate_key, hash_key, load_keyring
from toolstub.settings import ENV_ALLOWED_HOSTS, ENV_ALLOWED_ORIGINS, ENV_REQUEST_TIMEOUT, load_settings

_STORE = click.option("--store", "store_url", envvar="TOOLSTUB_STORE", metavar="URL",
                      help="Store URL or folder (default: $TOOLSTUB_STORE, else the local store).")
_ALLOWED_HOST = click.option(
    "--allowed-host", "allowed_hosts", multiple=True, metavar="NAME",
    help="A Host name answered beyond 127.0.0.1, localhost and [::1] (repeatable; NAME:PORT, *.DOMAIN, "
         "or * for any); other hosts get 421. The config's server.allowed_hosts adds more.")
_ALLOWED_ORIGIN = click.option(
    "--allowed-origin", "allowed_origins", multiple=True, metavar="ORIGIN",
    help="A browser Origin allowed beyond the allowed hosts' own (repeatable; https://app.example, or *); "
         "other origins get 403.")
_RULES = click.option("--rules", metavar="NAME|FILE", help="Ruleset for synopses, stubs and tool names.")


def _fail(message: str, code: int) -> NoReturn:
    click.echo(f"toolstub: error: {' '.join(str(message).split())}", err=True)
    sys.exit(code)


def _need_server_extra() -> None:
    try:
        import fastapi  # noqa: F401
        import mcp  # noqa: F401
        import uvicorn  # noqa: F401
    except ImportError as exc:
        _fail(f"{exc.name} is not installed: pip install 'toolstub[server]'", EXIT_ERROR)


def _build(fn, *args, **kwargs):
    """Run a builder, mapping configuration errors to one line and the shared exit codes."""
    try:
        return fn(*args, **kwargs)
    except RuleFileError as exc:
        _fail(str(exc), EXIT_BAD_RULES)
    except InvalidArgumentError as exc:
        _fail(exc.message, EXIT_USAGE)
    except RequestError as exc:
        _fail(exc.message, EXIT_ERROR)
    except (ToolstubError, ValueError) as exc:
        _fail(str(exc), EXIT_BAD_CONFIG)
    except OSError as exc:
        _fail(f"cannot open the store: {exc.strerror or exc}", EXIT_ERROR)


@click.group("serve")
def serve() -> None:
    """Serve stored tool results: an HTTP API or an MCP server."""


@serve.command("http")
@_STORE
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535))
@click.option("--api-keys", "api_keys", type=click.Path(dir_okay=False), metavar="FILE",
              help="Key file (YAML/JSON); TOOLSTUB_API_KEYS adds keys too. No keys: the API is open.")
@_RULES
@click.option("--config", type=click.Path(dir_okay=False), metavar="FILE",
              help="Externalization config (YAML/TOML); TOOLSTUB_* variables override it.")
@click.option("--max-body-bytes", type=click.IntRange(0), default=None,
              help="Larger request bodies get 413 (default 32 MiB).")
@click.option("--log-level", type=click.Choice(["critical", "error", "warning", "info", "debug"]),
              default="info", show_default=True)
@click.option("--access-log/--no-access-log", "access_log", default=True, show_default=True,
              help="One line per request on stderr (method, path, status).")
@click.option("--workers", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes (the app is stateless over the store).")
@_ALLOWED_HOST
@_ALLOWED_ORIGIN
@click.option("--request-timeout", "request_timeout", type=click.FloatRange(0, 3600, min_open=True), default=None,
              metavar="SECONDS", help="Time budget of each request; 503 past it [default: 30, or the config's].")
def serve_http(store_url, host, port, api_keys, rules, config, max_body_bytes, log_level, access_log, workers,
               allowed_hosts, allowed_origins, request_timeout) -> None:
    """Run the HTTP API (FastAPI + uvicorn)."""
    _need_server_extra()
    import uvicorn

    from toolstub.server.body_limit import DEFAULT_MAX_BODY_BYTES
    from toolstub.server.http import create_app, warn_if_open

    logging.basicConfig(level=log_level.upper(), format="%(levelname)s: %(message)s")
    keyring = _build(load_keyring, api_keys)
    ext_config = _build(_config, config)
    settings = _build(load_settings, config_file(config))
    hosts = (*settings.server.allowed_hosts, *allowed_hosts)
    origins = (*settings.server.allowed_origins, *allowed_origins)
    timeout = request_timeout if request_timeout is not None else settings.server.request_timeout_seconds
    app = _build(create_app, store_url, api_keys=keyring, rules=rules, config=ext_config,
                 max_body_bytes=DEFAULT_MAX_BODY_BYTES if max_body_bytes is None else max_body_bytes,
                 allowed_hosts=hosts, allowed_origins=origins, request_timeout_seconds=timeout,
                 max_input_bytes=settings.max_input_bytes)
    warn_if_open(host, keyring, app.state.host_policy)
    if workers == 1:
        uvicorn.run(app, host=host, port=port, log_level=log_level, access_log=access_log)
        return
    _export_for_workers(store_url, api_keys, rules, config, max_body_bytes)
    _export_server_settings(allowed_hosts, allowed_origins, request_timeout)
    uvicorn.run("toolstub.server.http:app_from_env", factory=True, host=host, port=port, workers=workers,
                log_level=log_level, access_log=access_log)


def _export_for_workers(store_url, api_keys, rules, config, max_body_bytes) -> None:
    """Hand the (already validated) options to worker processes through their environment."""
    from toolstub.server import http

    values = {
        "TOOLSTUB_STORE": store_url,
        http.ENV_API_KEYS_FILE: str(Path(api_keys).resolve()) if api_keys else None,
        http.ENV_RULES: str(Path(rules).resolve()) if rules and Path(rules).is_file() else rules,
        http.ENV_CONFIG_FILE: str(Path(config).resolve()) if config else None,
        http.ENV_MAX_BODY_BYTES: None if max_body_bytes is None else str(max_body_bytes),
    }
    for name, value in values.items():
        if value is not None:
            os.environ[name] = value


def _export_server_settings(allowed_hosts, allowed_origins, request_timeout) -> None:
    """The command line's hosts, origins and budget, for worker processes (the config file they read too)."""
    for var, values in ((ENV_ALLOWED_HOSTS, allowed_hosts), (ENV_ALLOWED_ORIGINS, allowed_origins)):
        if values:
            os.environ[var] = ",".join(filter(None, (os.environ.get(var, ""), *values)))
    if request_timeout is not None:
        os.environ[ENV_REQUEST_TIMEOUT] = str(request_timeout)


def _config(path):
    found = config_file(path)
    base = ExternalizationConfig.from_file(found) if found else None
    return ExternalizationConfig.from_env(base)


@serve.command("mcp")
@_STORE
@click.option("--session", "session_id", required=True, metavar="ID", help="The session whose results to serve.")
@_RULES
@click.option("--transport", type=click.Choice(["stdio", "http"]), default="stdio", show_default=True,
              help="stdio (for a local MCP client) or streamable HTTP.")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind (http).")
@click.option("--port", default=8000, show_default=True, type=click.IntRange(1, 65535), help="Port (http).")
@click.option("--path", "http_path", default="/mcp", show_default=True, help="Endpoint path (http).")
@click.option("--api-keys", "api_keys", type=click.Path(dir_okay=False), metavar="FILE",
              help="Key file for the http transport (TOOLSTUB_API_KEYS adds keys); a key must allow --session.")
@_ALLOWED_HOST
@_ALLOWED_ORIGIN
def serve_mcp(store_url, session_id, rules, transport, host, port, http_path, api_keys, allowed_hosts,
              allowed_origins) -> None:
    """Run the MCP server (tools: read, search, list, query) for one session."""
    _need_server_extra()
    from toolstub.server.mcp_server import build_mcp_server, serve_http

    server = _build(build_mcp_server, store_url, session_id=session_id, rules=rules)
    if transport == "stdio":
        server.run("stdio")
        return
    from toolstub.server.host_check import HostPolicy
    from toolstub.server.http import warn_if_open

    keyring = _build(load_keyring, api_keys)
    settings = _build(load_settings, None)
    policy = _build(HostPolicy, (*settings.server.allowed_hosts, *allowed_hosts),
                    (*settings.server.allowed_origins, *allowed_origins))
    warn_if_open(host, keyring, policy)
    serve_http(server, session_id=session_id, host=host, port=port, path=http_path, keyring=keyring,
               host_policy=policy)


@serve.command("keygen")
@click.option("--session", "sessions", multiple=True, metavar="ID", help="A session the key may read (repeat).")
@click.option("--admin", is_flag=True, help="The key may read every session.")
@click.option("--name", default="", help="A label for logs.")
def keygen(sessions, admin, name) -> None:
    """Make a new API key: prints the key (give it to the client) and its key-file entry (hashed)."""
    if not sessions and not admin:
        raise click.UsageError("give --session ID (repeatable) or --admin")
    key = generate_key()
    click.echo(f"# key (give this to the client; it is not stored): {key}")
    click.echo("keys:")
    click.echo(f"  - name: {name or 'key'}")
    click.echo(f'    key: "{hash_key(key)}"')
    if admin:
        click.echo("    admin: true")
    else:
        click.echo("    sessions: [" + ", ".join(sessions) + "]")
