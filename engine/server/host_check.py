"""Host and Origin checks: the defence against DNS rebinding and cross-site requests.

A web page the user visits can make its own host name resolve to ``127.0.0.1`` and
then read from a server on the user's machine; the browser still sends the page's
name in ``Host``. So, by default, only requests naming a loopback host are answered:
``127.0.0.1``, ``localhost`` and ``[::1]``, with any port. Any other ``Host`` (or none)
gets **421 Misdirected Request**. A real deployment adds its names with
``--allowed-host NAME`` (repeatable; ``NAME:PORT`` pins a port, ``*.example.com`` or
``.example.com`` allows subdomains, ``*`` turns the check off) or the config key
``server.allowed_hosts``.

A browser sends ``Origin`` on cross-site requests (and on every POST). A request
whose ``Origin`` is present and is not an allowed origin gets **403 Forbidden**; an
origin is allowed when its host is an allowed host (so pages served by the server's
own names pass) or it is listed with ``--allowed-origin`` / ``server.allowed_origins``
(``https://app.example.com``, ``*`` for any). ``Origin: null`` (sandboxed frames,
``file:`` pages) is refused. Requests without ``Origin`` (curl, SDKs, agents) pass.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from toolstub.server.envelope import error_response

log: logging.Logger = logging.getLogger("toolstub.server")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "::1")


class HostPolicy:
    """Which ``Host`` and ``Origin`` values are answered."""

    def __init__(self, allowed_hosts: Iterable[str] = (), allowed_origins: Iterable[str] = ()) -> None:
        self.any_host: bool = False
        self.any_origin: bool = False
        self._names: set[tuple[str, str | None]] = {(name, None) for name in LOOPBACK_NAMES}
        self._suffixes: list[tuple[str, str | None]] = []
        for entry in allowed_hosts:
            self._add_host(entry)
        self._origins: set[str] = set()
        for entry in allowed_origins:
            text = str(entry).strip().lower().rstrip("/")
            if not text:
                raise ValueError("an allowed origin must not be empty")
            if text == "*":
                self.any_origin = True
                continue
            parts = urlsplit(text)
            if parts.scheme not in ("http", "https") or not parts.hostname or parts.path:
                raise ValueError(f"invalid allowed origin {entry!r}: expected scheme://host[:port]")
            self._origins.add(text)

    def _add_host(self, entry: str) -> None:
        text = str(entry).strip().lower()
        if not text:
            raise ValueError("an allowed host must not be empty")
        if text == "*":
            self.any_host = True
            return
        if "/" in text or "@" in text or " " in text:
            raise ValueError(f"invalid allowed host {entry!r}: expected a name, NAME:PORT or *.DOMAIN")
        wildcard = text.startswith("*.") or text.startswith(".")
        parsed = split_host(text.lstrip("*").lstrip(".") if wildcard else text)
        if parsed is None:
            raise ValueError(f"invalid allowed host {entry!r}: expected a name, NAME:PORT or *.DOMAIN")
        name, port = parsed
        if wildcard:
            self._suffixes.append(("." + name, port))
        else:
            self._names.add((name, port))

    @property
    def extra_hosts(self) -> bool:
        """Whether names beyond loopback are allowed."""
        return self.any_host or bool(self._suffixes) or len(self._names) > len(LOOPBACK_NAMES)

    def host_allowed(self, host: str | None) -> bool:
        if self.any_host:
            return True
        parsed = split_host(host or "")
        if parsed is None:
            return False
        name, port = parsed
        if (name, None) in self._names or (port is not None and (name, port) in self._names):
            return True
        return any(name.endswith(suffix) and (want is None or want == port) for suffix, want in self._suffixes)

    def origin_allowed(self, origin: str | None) -> bool:
        if origin is None or self.any_origin:
            return True
        text = origin.strip().lower().rstrip("/")
        if text in self._origins:
            return True
        try:
            parts = urlsplit(text)
            netloc = parts.netloc
        except ValueError:
            return False
        if parts.scheme not in ("http", "https") or not netloc or "@" in netloc:
            return False
        return self.host_allowed(netloc)


def split_host(value: str) -> tuple[str, str | None] | None:
    """``(name, port | None)`` of a ``Host`` value (``name``, ``name:port``, ``[v6]:port``), lower case;
    None when it is not one."""
    text = value.strip().lower()
    if not text or any(c in text for c in "/\\@ \t?#"):
        return None
    port: str | None = None
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            return None
        name, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                return None
            port = rest[1:]
    elif text.count(":") == 1:
        name, port = text.split(":")
    elif ":" in text:
        name = text  # a bare IPv6 address (only from our own allow-list entries)
    else:
        name = text
    if port is not None and not (port.isdigit() and 0 < int(port) < 65536):
        return None
    name = name.rstrip(".")  # "localhost." is the same name
    if not name:
        return None
    return name, port


def _header(scope: Scope, wanted: bytes) -> str | None:
    found = None
    for key, value in scope.get("headers", ()):
        if key == wanted:
            if found is not None:
                return "\x00duplicate"  # two Host (or Origin) headers: refuse, never pick one
            found = value.decode("latin-1")
    return found


class HostCheckMiddleware:
    """421 for a ``Host`` that is not allowed, 403 for a browser ``Origin`` that is not allowed."""

    def __init__(self, app: Any, policy: HostPolicy, *, envelope: bool = True) -> None:
        self.app = app
        self.policy = policy
        self.envelope = envelope

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        host = _header(scope, b"host")
        if not self.policy.host_allowed(host):
            log.warning("toolstub: refused a request for host %r (421); allow it with --allowed-host",
                        (host or "")[:100])
            await self._refuse(scope, receive, send, 421, "MISDIRECTED_REQUEST",
                               "this server does not answer for that host name; start it with "
                               "--allowed-host NAME to allow it")
            return
        origin = _header(scope, b"origin")
        if not self.policy.origin_allowed(origin):
            log.warning("toolstub: refused a request from origin %r (403); allow it with --allowed-origin",
                        (origin or "")[:100])
            await self._refuse(scope, receive, send, 403, "FORBIDDEN",
                               "cross-origin request refused; start the server with --allowed-origin ORIGIN "
                               "to allow that origin")
            return
        await self.app(scope, receive, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, status: int, code: str, message: str) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        response = error_response(code, message, status_code=status, headers={"Connection": "close"})
        await response(scope, receive, send)
