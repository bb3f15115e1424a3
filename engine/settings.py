"""The parts of a toolstub config file beyond externalization: input and server limits.

One file (YAML or TOML, the one given to ``--config``) may hold, besides the
externalization fields (top level or under ``externalization:``)::

    max_input_bytes: 256M            # the most read from a file, stdin or request body
    server:
      allowed_hosts: [toolstub.internal, "*.corp.example"]   # beyond loopback (421 otherwise)
      allowed_origins: ["https://console.corp.example"]      # browser origins (403 otherwise)
      request_timeout_seconds: 30    # time budget of one HTTP request (503 past it)

Environment variables override the file: ``TOOLSTUB_MAX_INPUT_BYTES``,
``TOOLSTUB_SERVER_ALLOWED_HOSTS`` / ``TOOLSTUB_SERVER_ALLOWED_ORIGINS`` (comma lists,
added to the file's), ``TOOLSTUB_SERVER_REQUEST_TIMEOUT``. Every problem is one line.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolstub.errors import InvalidArgumentError, ToolstubError
from toolstub.externalize.config import _read_file
from toolstub.input_limit import parse_size

DEFAULT_REQUEST_TIMEOUT_SECONDS = 30.0
MAX_REQUEST_TIMEOUT_SECONDS = 3600.0
ENV_ALLOWED_HOSTS = "TOOLSTUB_SERVER_ALLOWED_HOSTS"
ENV_ALLOWED_ORIGINS = "TOOLSTUB_SERVER_ALLOWED_ORIGINS"
ENV_REQUEST_TIMEOUT = "TOOLSTUB_SERVER_REQUEST_TIMEOUT"
#: top-level keys of a config file that are not externalization fields
EXTRA_KEYS = ("max_input_bytes", "server")
_SERVER_KEYS = ("allowed_hosts", "allowed_origins", "request_timeout_seconds")


class SettingsError(ToolstubError, ValueError):
    """``invalid config: WHERE: FIELD: WHAT``."""

    def __init__(self, message: str, *, source: str, field_name: str) -> None:
        super().__init__(f"invalid config: {source}: {field_name}: {message}")


@dataclass(frozen=True)
class ServerSettings:
    allowed_hosts: tuple[str, ...] = ()
    allowed_origins: tuple[str, ...] = ()
    request_timeout_seconds: float = DEFAULT_REQUEST_TIMEOUT_SECONDS


@dataclass(frozen=True)
class Settings:
    max_input_bytes: int | None = None  # None: the environment or the default decide
    server: ServerSettings = ServerSettings()


def _names(value: Any, source: str, field_name: str) -> tuple[str, ...]:
    if isinstance(value, str):
        value = [v for v in (p.strip() for p in value.split(",")) if v]
    if not isinstance(value, (list, tuple)) or not all(isinstance(v, str) and v.strip() for v in value):
        raise SettingsError("expected a list of names", source=source, field_name=field_name)
    return tuple(v.strip() for v in value)


def _timeout(value: Any, source: str, field_name: str) -> float:
    try:
        seconds = float(value) if not isinstance(value, bool) else math.nan
    except (TypeError, ValueError):
        seconds = math.nan
    if not (0 < seconds <= MAX_REQUEST_TIMEOUT_SECONDS):
        raise SettingsError(f"expected seconds in (0, {MAX_REQUEST_TIMEOUT_SECONDS:g}], got {value!r}",
                            source=source, field_name=field_name)
    return seconds


def settings_from_mapping(data: Mapping[str, Any] | None, *, source: str = "<config>") -> Settings:
    data = dict(data or {})
    max_input = data.get("max_input_bytes")
    if max_input is not None:
        try:
            max_input = parse_size(max_input)
        except InvalidArgumentError as exc:
            raise SettingsError(exc.message.split(": ", 1)[-1], source=source, field_name="max_input_bytes") from None
    server = data.get("server") or {}
    if not isinstance(server, Mapping):
        raise SettingsError("expected a mapping", source=source, field_name="server")
    unknown = sorted(set(server) - set(_SERVER_KEYS))
    if unknown:
        raise SettingsError(f"unknown field {unknown[0]!r}", source=source, field_name="server")
    return Settings(
        max_input_bytes=max_input,
        server=ServerSettings(
            allowed_hosts=_names(server.get("allowed_hosts", ()), source, "server.allowed_hosts"),
            allowed_origins=_names(server.get("allowed_origins", ()), source, "server.allowed_origins"),
            request_timeout_seconds=_timeout(server.get("request_timeout_seconds", DEFAULT_REQUEST_TIMEOUT_SECONDS),
                                             source, "server.request_timeout_seconds"),
        ),
    )


def load_settings(path: str | Path | None = None, environ: Mapping[str, str] | None = None) -> Settings:
    """The settings of a config file (None: none), overridden by the environment."""
    data: Any = {}
    source = "<config>"
    if path is not None:
        source = str(path)
        data = _read_file(Path(path), source) or {}
        if not isinstance(data, Mapping):
            raise SettingsError(f"expected a mapping, got {type(data).__name__}", source=source, field_name="$")
    base = settings_from_mapping({k: data[k] for k in EXTRA_KEYS if k in data}, source=source)
    env = os.environ if environ is None else environ
    server = base.server
    hosts, origins, timeout = server.allowed_hosts, server.allowed_origins, server.request_timeout_seconds
    if env.get(ENV_ALLOWED_HOSTS, "").strip():
        hosts = hosts + _names(env[ENV_ALLOWED_HOSTS], ENV_ALLOWED_HOSTS, "allowed_hosts")
    if env.get(ENV_ALLOWED_ORIGINS, "").strip():
        origins = origins + _names(env[ENV_ALLOWED_ORIGINS], ENV_ALLOWED_ORIGINS, "allowed_origins")
    if env.get(ENV_REQUEST_TIMEOUT, "").strip():
        timeout = _timeout(env[ENV_REQUEST_TIMEOUT], ENV_REQUEST_TIMEOUT, "request_timeout_seconds")
    return Settings(max_input_bytes=base.max_input_bytes,
                    server=ServerSettings(allowed_hosts=hosts, allowed_origins=origins,
                                          request_timeout_seconds=timeout))
