"""One storage backend over fsspec: a local folder, ``memory://`` or ``s3://``.

The store needs five primitives from a filesystem, and this module gives them the
strongest atomicity each backend allows:

* ``put(path, data)``: replace atomically (local: temp file + ``os.replace``;
  S3 and memory objects are atomic per object).
* ``create(path, data) -> bool``: create-only; ``False`` if the path exists
  (local: temp file + ``os.link``, which fails on an existing name; S3:
  ``PutObject`` with ``If-None-Match: *``; memory: a lock).
* ``cat(path, start, end)``: a range read.
* ``names(folder)``: one listing of a folder's entry names.
* ``rm(path)``: remove a file or a folder tree.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, BinaryIO

import fsspec

from toolstub.errors import InvalidArgumentError, StoreError

_MEMORY_LOCK = threading.Lock()


def default_local_root() -> Path:
    """``$TOOLSTUB_HOME/store``, else ``$XDG_DATA_HOME/toolstub/store``, else ``~/.local/share/toolstub/store``."""
    home = os.environ.get("TOOLSTUB_HOME")
    if home:
        return Path(home).expanduser() / "store"
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data).expanduser() / "toolstub" / "store"


class Backend:
    """A root folder on one fsspec filesystem; every path given to it is relative to the root."""

    kind = "fsspec"

    def __init__(self, fs: fsspec.AbstractFileSystem, root: str, url: str) -> None:
        self.fs: fsspec.AbstractFileSystem = fs
        self.root: str = root.rstrip("/")
        self.url: str = url

    # -- paths ---------------------------------------------------------------
    def path(self, *parts: str) -> str:
        return "/".join((self.root, *parts)) if self.root else "/".join(parts)

    # -- reads ---------------------------------------------------------------
    def cat(self, rel: str, start: int | None = None, end: int | None = None) -> bytes:
        return self.fs.cat_file(self.path(rel), start=start, end=end)

    def cat_many(self, rels: list[str]) -> dict[str, bytes | Exception]:
        """Read many small objects at once (concurrently on S3); missing ones map to an exception."""
        if not rels:
            return {}
        paths = [self.path(r) for r in rels]
        raw = self.fs.cat(paths, on_error="return")
        if not isinstance(raw, dict):  # a single path returns bytes
            raw = {paths[0]: raw}
        by_path = {self.fs._strip_protocol(p): v for p, v in raw.items()}
        return {r: by_path.get(self.fs._strip_protocol(p), FileNotFoundError(r)) for r, p in zip(rels, paths)}

    def open(self, rel: str, block_size: int = 1 << 20) -> BinaryIO:
        """The object ``rel`` opened for reading in binary, buffered by ``block_size``."""
        return self.fs.open(self.path(rel), "rb", block_size=block_size)

    def exists(self, rel: str) -> bool:
        return self.fs.exists(self.path(rel))

    def size(self, rel: str) -> int:
        return int(self.fs.size(self.path(rel)))

    def names(self, rel: str) -> list[str]:
        """Names in a folder (one listing); a missing folder has none."""
        try:
            entries = self.fs.ls(self.path(rel), detail=False)
        except (FileNotFoundError, NotADirectoryError):
            return []
        names = []
        for entry in entries:
            name = str(entry).rstrip("/").rsplit("/", 1)[-1]
            if name:
                names.append(name)
        return names

    def sizes(self, rel: str) -> dict[str, int]:
        """Sizes of every file under a folder, keyed by path relative to the root."""
        try:
            found = self.fs.find(self.path(rel), detail=True)
        except FileNotFoundError:
            return {}
        prefix = self.fs._strip_protocol(self.path("")).rstrip("/") + "/"
        out = {}
        for path, info in found.items():
            key = self.fs._strip_protocol(path)
            out[key.removeprefix(prefix)] = int(info.get("size") or 0)
        return out

    # -- writes --------------------------------------------------------------
    def put(self, rel: str, data: bytes) -> None:
        self.fs.pipe_file(self.path(rel), data)

    def create(self, rel: str, data: bytes) -> bool:
        try:
            self.fs.pipe_file(self.path(rel), data, mode="create")
        except FileExistsError:
            return False
        return True

    def rm(self, rel: str, recursive: bool = False) -> None:
        try:
            self.fs.rm(self.path(rel), recursive=recursive)
        except FileNotFoundError:
            pass

    def describe(self) -> str:
        return self.url

    def root_exists(self) -> bool:
        """Whether the store's root is there at all (a mistyped path is not an empty store)."""
        return True


class LocalBackend(Backend):
    """A local folder: atomic replace by rename, create-only by hard link."""

    kind = "local"

    def __init__(self, root: str, url: str, *, fsync: bool = False) -> None:
        from fsspec.implementations.local import LocalFileSystem

        super().__init__(LocalFileSystem(), os.path.abspath(root), url)
        self.fsync = fsync

    def _temp(self, final: str, data: bytes) -> str:
        folder = os.path.dirname(final)
        os.makedirs(folder, exist_ok=True)
        temp = os.path.join(folder, f".tmp-{uuid.uuid4().hex}")
        with open(temp, "wb") as handle:
            handle.write(data)
            if self.fsync:
                handle.flush()
                os.fsync(handle.fileno())
        return temp

    def cat(self, rel: str, start: int | None = None, end: int | None = None) -> bytes:
        with open(self.path(rel), "rb") as handle:
            if start:
                handle.seek(start)
            return handle.read() if end is None else handle.read(max(0, end - (start or 0)))

    def open(self, rel: str, block_size: int = 1 << 20) -> BinaryIO:
        """The file ``rel`` opened for reading in binary, buffered by ``block_size``."""
        return open(self.path(rel), "rb", buffering=block_size)

    def cat_many(self, rels: list[str]) -> dict[str, bytes | Exception]:
        out: dict[str, bytes | Exception] = {}
        for rel in rels:
            try:
                with open(self.path(rel), "rb") as handle:
                    out[rel] = handle.read()
            except OSError as exc:
                out[rel] = exc
        return out

    def root_exists(self) -> bool:
        return os.path.isdir(self.root)

    def names(self, rel: str) -> list[str]:
        try:
            return os.listdir(self.path(rel))
        except (FileNotFoundError, NotADirectoryError):
            return []

    def put(self, rel: str, data: bytes) -> None:
        final = self.path(rel)
        temp = self._temp(final, data)
        os.replace(temp, final)

    def put_stream(self, rel: str, chunks: Iterable[bytes], hook: Callable[[], None] | None = None) -> None:
        """Replace ``rel`` atomically from an iterable of chunks (never a partial file under the final name)."""
        final = self.path(rel)
        os.makedirs(os.path.dirname(final), exist_ok=True)
        temp = os.path.join(os.path.dirname(final), f".tmp-{uuid.uuid4().hex}")
        try:
            with open(temp, "wb") as handle:
                for chunk in chunks:
                    handle.write(chunk)
                    if hook is not None:
                        hook()
                if self.fsync:
                    handle.flush()
                    os.fsync(handle.fileno())
            os.replace(temp, final)
        except BaseException:
            _unlink(temp)
            raise

    def create(self, rel: str, data: bytes) -> bool:
        final = self.path(rel)
        temp = self._temp(final, data)
        try:
            os.link(temp, final)
        except FileExistsError:
            return False
        finally:
            _unlink(temp)
        return True


class MemoryBackend(Backend):
    """fsspec's process-wide MemoryFileSystem (for tests); create-only under a lock."""

    kind = "memory"

    def create(self, rel: str, data: bytes) -> bool:
        with _MEMORY_LOCK:
            if self.fs.exists(self.path(rel)):
                return False
            self.fs.pipe_file(self.path(rel), data)
        return True

    def put(self, rel: str, data: bytes) -> None:
        with _MEMORY_LOCK:
            self.fs.pipe_file(self.path(rel), data)


class S3Backend(Backend):
    """s3fs; create-only with ``If-None-Match: *`` (enforced by AWS S3 and SeaweedFS)."""

    kind = "s3"

    def root_exists(self) -> bool:
        """The bucket exists (a prefix is only a name: an empty one is an empty store)."""
        return bool(self.fs.exists(self.root.split("/", 1)[0]))

    def cat(self, rel: str, start: int | None = None, end: int | None = None) -> bytes:
        try:
            return super().cat(rel, start, end)
        except FileNotFoundError:
            raise
        except OSError as exc:
            if start is not None and _s3_error_code(exc) in ("InvalidRange", "416"):
                return b""  # a range past the end reads nothing, as on a local file
            raise

    def create(self, rel: str, data: bytes) -> bool:
        for attempt in range(20):
            try:
                self.fs.pipe_file(self.path(rel), data, mode="create")
                return True
            except FileExistsError:
                return False
            except OSError as exc:
                code = _s3_error_code(exc)
                if code in ("PreconditionFailed", "412"):
                    return False
                if code in ("ConditionalRequestConflict", "409") and attempt < 19:
                    time.sleep(0.05 * (attempt + 1))  # a concurrent conditional write is in flight
                    continue
                raise
        return False  # pragma: no cover - loop always returns or raises


def _s3_error_code(exc: BaseException) -> str:
    cause = exc.__cause__ or exc.__context__
    response = getattr(cause, "response", None)
    if isinstance(response, dict):
        error = response.get("Error") or {}
        code = str(error.get("Code") or "")
        if code:
            return code
        status = (response.get("ResponseMetadata") or {}).get("HTTPStatusCode")
        return str(status or "")
    text = str(exc)
    if "pre-condition" in text or "PreconditionFailed" in text:
        return "PreconditionFailed"
    return ""


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except FileNotFoundError:
        pass


def s3_options_from_env() -> dict[str, Any]:
    """s3fs options from ``TOOLSTUB_S3_ENDPOINT`` (or ``AWS_ENDPOINT_URL``) and the ``AWS_*`` variables."""
    options: dict[str, Any] = {"use_listings_cache": False}
    client: dict[str, Any] = {}
    endpoint = os.environ.get("TOOLSTUB_S3_ENDPOINT") or os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get(
        "AWS_ENDPOINT_URL"
    )
    if endpoint:
        client["endpoint_url"] = endpoint
    region = os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION")
    if region or endpoint:
        client["region_name"] = region or "us-east-1"
    key = os.environ.get("TOOLSTUB_S3_KEY") or os.environ.get("AWS_ACCESS_KEY_ID")
    secret = os.environ.get("TOOLSTUB_S3_SECRET") or os.environ.get("AWS_SECRET_ACCESS_KEY")
    if key and secret:
        options["key"], options["secret"] = key, secret
    if client:
        options["client_kwargs"] = client
    return options


def open_backend(url: str | os.PathLike[str] | None = None, **storage_options: Any) -> Backend:
    """The backend for a store URL: a path or ``file://``, ``memory://NAME``, ``s3://bucket/prefix``."""
    if url is None:
        url = os.environ.get("TOOLSTUB_STORE") or str(default_local_root())
    text = os.fspath(url)
    if not text.strip():
        raise InvalidArgumentError("store URL must not be empty")
    if "://" not in text:
        return LocalBackend(os.path.expanduser(text), text, fsync=_fsync_wanted(storage_options))
    scheme, rest = text.split("://", 1)
    scheme = scheme.lower()
    if scheme == "file":
        return LocalBackend(rest or "/", text, fsync=_fsync_wanted(storage_options))
    if scheme == "memory":
        from fsspec.implementations.memory import MemoryFileSystem

        return MemoryBackend(MemoryFileSystem(), "/" + rest.strip("/"), text)
    if scheme in ("s3", "s3a"):
        try:
            import s3fs
        except ImportError:  # pragma: no cover - depends on the install
            raise StoreError("s3:// stores need s3fs: pip install 'toolstub[s3]'") from None
        bucket = rest.strip("/")
        if not bucket:
            raise InvalidArgumentError("s3 store URL needs a bucket: s3://bucket/prefix")
        options = {**s3_options_from_env(), **storage_options}
        fs = s3fs.S3FileSystem(**options)
        return S3Backend(fs, bucket, text)
    raise InvalidArgumentError(f"unsupported store URL scheme {scheme!r} (use a path, file://, memory:// or s3://)")


def _fsync_wanted(options: dict[str, Any]) -> bool:
    if "fsync" in options:
        return bool(options.pop("fsync"))
    return os.environ.get("TOOLSTUB_STORE_FSYNC", "") not in ("", "0", "false")
