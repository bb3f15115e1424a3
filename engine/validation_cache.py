"""Remember which schemas and rule files already validated, so start-up skips jsonschema.

Validating the bundled rule files and the kinds' ``caps_schema`` with jsonschema costs
more than the rest of a small ``toolstub synopsis`` (importing jsonschema alone is a
good part of it). A successful validation is remembered as an empty file named by the
sha256 of what was validated (the data *and* the schema it was checked against, so any
change to either validates again) under the user cache directory:
``$TOOLSTUB_CACHE_DIR``, else ``$XDG_CACHE_HOME/toolstub``, else ``~/.cache/toolstub``.
Failures are never remembered (the error is reported every time). Set
``TOOLSTUB_VALIDATION_CACHE=0`` to validate every time; an unwritable cache directory
just means validating every time.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any

ENV_DIR = "TOOLSTUB_CACHE_DIR"
ENV_ENABLED = "TOOLSTUB_VALIDATION_CACHE"
_seen: set[str] = set()


def cache_dir() -> Path:
    explicit = os.environ.get(ENV_DIR, "").strip()
    if explicit:
        return Path(explicit)
    xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
    return (Path(xdg) if xdg else Path.home() / ".cache") / "toolstub"


def enabled() -> bool:
    return os.environ.get(ENV_ENABLED, "").strip().lower() not in ("0", "false", "no", "off")


def key(kind: str, *parts: Any) -> str:
    """The sha256 of ``kind`` and ``parts`` as canonical JSON (non-JSON values by ``repr``)."""
    payload = json.dumps([kind, *parts], sort_keys=True, default=repr, ensure_ascii=False)
    return hashlib.sha256(payload.encode("utf-8", "surrogatepass")).hexdigest()


def _marker(digest: str) -> Path:
    return cache_dir() / "validated" / digest


def known(digest: str) -> bool:
    """Whether ``digest`` validated before (in this process or a remembered one)."""
    if digest in _seen:
        return True
    if not enabled():
        return False
    try:
        found = _marker(digest).is_file()
    except OSError:
        return False
    if found:
        _seen.add(digest)
    return found


def remember(digest: str) -> None:
    _seen.add(digest)
    if not enabled():
        return
    try:
        path = _marker(digest)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.touch()
    except OSError:
        pass  # a read-only home: validate every time


def file_stamps(*modules: Any) -> list[Any]:
    """``(path, mtime_ns, size)`` of each module's file (modules without a file are skipped): a key
    part that changes whenever that code does. An unreadable file gives ``[None]``."""
    out: list[Any] = []
    for module in modules:
        path = getattr(module, "__file__", None)
        if path is None:
            continue
        try:
            st = os.stat(path)
        except OSError:
            return [None]
        out.append((path, st.st_mtime_ns, st.st_size))
    return out


def _entry(folder: str, digest: str) -> Path:
    return cache_dir() / folder / f"{digest}.json"


def read_entry(folder: str, digest: str) -> Any:
    """The JSON value remembered as ``folder/digest`` (:func:`write_entry`), or ``None``."""
    if not enabled():
        return None
    try:
        with open(_entry(folder, digest), encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError):
        return None


def write_entry(folder: str, digest: str, value: Any) -> None:
    """Remember the JSON ``value`` as ``folder/digest`` (atomically; silently not when unwritable)."""
    if not enabled():
        return
    try:
        path = _entry(folder, digest)
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
        temp.write_text(json.dumps(value), encoding="utf-8")
        os.replace(temp, path)
    except (OSError, TypeError, ValueError):
        pass  # a read-only home: build afresh every time
