"""Paths and metadata of one stored tool result (the seed's layout, plus ours).

``{session}/tool-results/{id}/output.txt``  the raw content (UTF-8, surrogatepass)
``{session}/tool-results/{id}/output.idx``  the checkpoint index (ours; optional)
``{session}/tool-results/{id}/metadata.json``  written LAST: the commit point
``{session}/index/{stored_at_ns:020d}_{tool_hash}_{id}.json``  the list index (ours)
``{session}/messages/{ns:020d}_{unique}.json``  the message log (ours)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from toolstub.errors import InvalidArgumentError
from toolstub.synopsis import Synopsis

RESULTS = "tool-results"
INDEX = "index"
MESSAGES = "messages"
OUTPUT = "output.txt"
CHECKPOINTS = "output.idx"
METADATA = "metadata.json"

#: the seed's metadata.json fields, in its order; ours follow.
SEED_FIELDS = (
    "tool_result_id",
    "session_id",
    "message_id",
    "tool_id",
    "tool_name",
    "user_id",
    "peer_id",
    "created_at",
    "original_chars",
    "preview_chars",
    "sha256",
    "mime_type",
    "synopsis_kind",
    "synopsis",
    "storage_uri",
    "output_uri",
    "offset_unit",
)
OUR_FIELDS = ("ruleset", "ruleset_version", "redactions", "output_bytes", "checkpoint_every", "stored_at_ns")


def result_dir(session_id: str, tool_result_id: str) -> str:
    return f"{session_id}/{RESULTS}/{tool_result_id}"


def output_path(session_id: str, tool_result_id: str) -> str:
    return f"{result_dir(session_id, tool_result_id)}/{OUTPUT}"


def checkpoints_path(session_id: str, tool_result_id: str) -> str:
    return f"{result_dir(session_id, tool_result_id)}/{CHECKPOINTS}"


def metadata_path(session_id: str, tool_result_id: str) -> str:
    return f"{result_dir(session_id, tool_result_id)}/{METADATA}"


def tool_hash(tool_name: str) -> str:
    return hashlib.sha256((tool_name or "").encode("utf-8", "surrogatepass")).hexdigest()[:8]


def index_name(stored_at_ns: int, tool_name: str, tool_result_id: str) -> str:
    return f"{stored_at_ns:020d}_{tool_hash(tool_name)}_{tool_result_id}.json"


@dataclass(frozen=True)
class IndexName:
    stored_at_ns: int
    tool_hash: str
    tool_result_id: str
    name: str


def parse_index_name(name: str) -> IndexName | None:
    if not name.endswith(".json"):
        return None
    parts = name[:-5].split("_", 2)
    if len(parts) != 3 or not parts[0].isdigit() or len(parts[1]) != 8:
        return None
    return IndexName(int(parts[0]), parts[1], parts[2], name)


def dump_metadata(metadata: dict[str, Any]) -> bytes:
    ordered = {key: metadata[key] for key in SEED_FIELDS if key in metadata}
    ordered.update((k, v) for k, v in metadata.items() if k not in ordered)
    return json.dumps(ordered, ensure_ascii=False, indent=2).encode("utf-8", "surrogatepass")


def load_metadata(raw: bytes, tool_result_id: str) -> dict[str, Any]:
    """Parse a metadata.json; a corrupt one is the seed's ``Invalid tool result metadata``."""
    try:
        data = json.loads(raw.decode("utf-8", "surrogatepass"))
    except (UnicodeDecodeError, ValueError):
        data = None
    if not isinstance(data, dict) or data.get("tool_result_id", tool_result_id) != tool_result_id:
        raise InvalidArgumentError("Invalid tool result metadata", details={"tool_result_id": tool_result_id})
    return data


def synopsis_of(metadata: dict[str, Any]) -> Synopsis:
    return Synopsis.from_dict(
        metadata.get("synopsis"),
        ruleset=str(metadata.get("ruleset") or ""),
        ruleset_version=str(metadata.get("ruleset_version") or ""),
    )


@dataclass(frozen=True)
class StoredToolResult:
    """What ``write`` returns: the record's id, ref, metadata and synopsis."""

    tool_result_id: str
    ref: str
    storage_uri: str
    output_uri: str
    metadata: dict[str, Any] = field(repr=False)
    synopsis: Synopsis = field(repr=False)
    created: bool = True

    @property
    def sha256(self) -> str:
        """The SHA-256 of the stored content (hex)."""
        return str(self.metadata.get("sha256", ""))

    @property
    def metadata_uri(self) -> str:
        """The URI of the record's metadata.json."""
        return f"{self.storage_uri}/{METADATA}"
