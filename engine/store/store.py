"""``Store``: the sessions of one backend; ``open_store(url)``."""

from __future__ import annotations

import os
from datetime import timedelta
from collections.abc import Callable
from typing import Any

from toolstub.store.backend import Backend, open_backend
from toolstub.store.ids import is_valid_session_id
from toolstub.store.maintenance import fsck as _fsck
from toolstub.store.maintenance import prune as _prune
from toolstub.store.session import ToolResultStore
from toolstub.store.support import guarded as _guarded


class Store:
    """All sessions under one root (a local folder, ``memory://...`` or ``s3://bucket/prefix``)."""

    def __init__(self, backend: Backend) -> None:
        self.backend: Backend = backend

    @property
    def url(self) -> str:
        """The store's URL, without credentials."""
        return self.backend.describe()

    def __repr__(self) -> str:
        return f"Store({self.url!r})"

    def session(self, session_id: str) -> ToolResultStore:
        """The tool results of one session (created on first write)."""
        return ToolResultStore(self.backend, session_id)

    @_guarded
    def exists(self) -> bool:
        """Whether the store's root exists (local: the folder; S3: the bucket; memory: always)."""
        return self.backend.root_exists()

    @_guarded
    def has_session(self, session_id: str) -> bool:
        """Whether the store holds anything (results or messages) for a (valid) session id."""
        return is_valid_session_id(session_id) and bool(self.backend.names(session_id))

    @_guarded
    def sessions(self) -> list[str]:
        """The ids of the sessions that hold something, sorted."""
        return sorted(n for n in self.backend.names("") if is_valid_session_id(n) and not n.startswith("."))

    @_guarded
    def prune(
        self, older_than: timedelta | float | None = None, max_bytes: int | None = None, *, dry_run: bool = False
    ) -> dict[str, Any]:
        """Remove results older than ``older_than`` (seconds or a timedelta) and/or the oldest over ``max_bytes``."""
        return _prune(self, older_than=older_than, max_bytes=max_bytes, dry_run=dry_run)

    @_guarded
    def fsck(self, *, repair: bool = False, remove_orphans: bool = False, verify: bool = True,
             progress: Callable[..., None] | None = None) -> dict[str, Any]:
        """Check every record (and ``repair`` what can be): a report of the problems found."""
        return _fsck(self, repair=repair, remove_orphans=remove_orphans, verify=verify, progress=progress)


def open_store(url: str | os.PathLike[str] | None = None, **storage_options: Any) -> Store:
    """Open a store: no URL means ``$TOOLSTUB_STORE``, else the local default folder.

    ``memory://NAME`` (tests), a path or ``file://PATH``, ``s3://bucket/prefix``
    (endpoint and keys from ``TOOLSTUB_S3_ENDPOINT`` / ``AWS_*`` or ``storage_options``).
    """
    return Store(open_backend(url, **storage_options))
