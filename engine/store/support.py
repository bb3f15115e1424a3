"""Small helpers shared by the store modules: clocks, errors, argument checks."""

from __future__ import annotations

import functools
import itertools
import re
import threading
import time
from datetime import datetime, timezone
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

from toolstub.errors import InvalidArgumentError, RequestError, StoreError

P = ParamSpec("P")
R = TypeVar("R")
_CLOCK_LOCK = threading.Lock()
_LAST_NS = [0]
SEQ = itertools.count()


def monotonic_ns() -> int:
    """Wall-clock ns, strictly increasing within this process."""
    with _CLOCK_LOCK:
        now = max(time.time_ns(), _LAST_NS[0] + 1)
        _LAST_NS[0] = now
        return now


def utc_now_iso() -> str:
    return datetime.now(timezone.utc).isoformat()


def guarded(method: Callable[P, R]) -> Callable[P, R]:
    """Backend failures (I/O, network, permissions) become one-line StoreErrors; RequestErrors pass."""
    @functools.wraps(method)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return method(*args, **kwargs)
        except RequestError:
            raise
        except Exception as exc:
            if not _is_backend_error(exc):
                raise
            # no paths or URLs in the message (they name internal storage)
            reason = getattr(exc, "strerror", None) or ""
            raise StoreError(f"store backend error: {type(exc).__name__}" + (f" ({reason})" if reason else "")) from exc

    return wrapper


def _is_backend_error(exc: BaseException) -> bool:
    module = type(exc).__module__ or ""
    return isinstance(exc, OSError) or module.split(".")[0] in ("botocore", "aiobotocore", "aiohttp", "s3fs", "fsspec")


class CheckpointsMissing(Exception):
    """The record has no checkpoint index (a seed-layout folder): read the whole output once."""


_SURROGATES = re.compile("[\ud800-\udfff]")


def without_surrogates(content: str) -> str:
    return _SURROGATES.sub("\ufffd", content)


def prepare_content(prepare: Callable[[str, Any], tuple[str, int]], content: str, ruleset: Any) -> tuple[str, int]:
    """Apply the redaction policy; a redactor that cannot scan lone surrogates scans a same-length view."""
    try:
        return prepare(content, ruleset)
    except UnicodeError:
        redacted, count = prepare(without_surrogates(content), ruleset)
        return (content, 0) if not count else (redacted, count)


def stored_ns(metadata: dict[str, Any]) -> int:
    value = metadata.get("stored_at_ns")
    if isinstance(value, int) and value >= 0:
        return value
    return iso_to_ns(str(metadata.get("created_at") or ""))


def iso_to_ns(text: str) -> int:
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return 0
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=timezone.utc)
    return max(0, int(moment.timestamp() * 1_000_000) * 1000)


def check_int(name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidArgumentError(f"{name} must be an integer", details={"field": name, "value": repr(value)[:50]})
    return value


def not_found(tool_result_id: str) -> str:
    return f"Tool result not found: {tool_result_id}"


def corrupt(tool_result_id: str) -> StoreError:
    """The error of a checkpoint index that disagrees with its output."""
    return StoreError(
        "checkpoint index is corrupt; run `toolstub store fsck --repair`",
        details={"tool_result_id": tool_result_id},
    )


def missing_output(tool_result_id: str) -> StoreError:
    """The error of a committed record whose output file is gone."""
    return StoreError(
        "tool result output is missing; run `toolstub store fsck`",
        details={"tool_result_id": tool_result_id},
    )
