"""The seed's message model: :class:`Message` and :class:`ToolPart`, with ``to_dict``/``from_dict``.

A ``ToolPart`` carries the tool call (``tool_id``, ``tool_name``, ``tool_input``,
``tool_output``, ``tool_status``) and the ``tool_output_*`` fields externalization sets.
``to_dict`` omits falsy and ``None`` fields and a ``text/plain`` MIME type, as the seed does
(so a part left inline has no ``tool_output_ref`` or ``tool_output_truncated`` key). Keys the
model does not know are kept in ``extra`` and written back unchanged.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from toolstub.streaming import ChunkedText

TOOL_PART_TYPE = "tool"
# Every field externalization may set on a part, in the order the seed sets them.
EXTERNALIZATION_FIELDS = (
    "tool_output_ref",
    "tool_output_storage_uri",
    "tool_output_source_ref",
    "tool_output_truncated",
    "tool_output_original_chars",
    "tool_output_preview_chars",
    "tool_output_sha256",
    "tool_output_mime_type",
    "tool_output_source_offset",
    "tool_output_source_limit",
    "tool_output_group_id",
    "tool_output_externalized_reason",
    "tool_output_group_original_chars",
    "tool_output_group_budget_chars",
    "tool_output_externalization_error",
)


@dataclass(kw_only=True, eq=True)
class ToolPart:
    """One tool call and its output, with the seed's externalization fields."""

    type: str = TOOL_PART_TYPE
    tool_id: str = ""
    tool_name: str = ""
    tool_uri: str = ""
    skill_uri: str = ""
    tool_input: Any = None
    tool_output: str = ""
    tool_status: str = ""
    tool_output_ref: str = ""
    tool_output_storage_uri: str = ""
    tool_output_source_ref: str = ""
    tool_output_truncated: bool = False
    tool_output_original_chars: int | None = None
    tool_output_preview_chars: int | None = None
    tool_output_sha256: str = ""
    tool_output_mime_type: str = "text/plain"
    tool_output_source_offset: int | None = None
    tool_output_source_limit: int | None = None
    tool_output_group_id: str = ""
    tool_output_externalized_reason: str = ""
    tool_output_group_original_chars: int | None = None
    tool_output_group_budget_chars: int | None = None
    tool_output_externalization_error: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
    # context for the store write, not serialized
    message_id: str = field(default="", compare=False, repr=False)
    created_at: str | None = field(default=None, compare=False, repr=False)

    @property
    def is_externalized(self) -> bool:
        """The seed's test: a ref and the truncated flag."""
        return bool(self.tool_output_ref and self.tool_output_truncated)

    def to_dict(self) -> dict[str, Any]:
        """The part as the seed writes it (falsy fields and text/plain omitted, unknown keys kept)."""
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            if f.name in ("extra", "message_id", "created_at"):
                continue
            value = getattr(self, f.name)
            if f.name == "tool_output_mime_type" and value == "text/plain":
                continue
            if value is None or value is False or value == "" or (f.name == "tool_input" and not value):
                continue
            out[f.name] = value
        out.update(self.extra)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], **context: Any) -> ToolPart:
        """A part from its dict form (unknown keys kept in ``extra``)."""
        names = {f.name for f in dataclasses.fields(cls)} - {"extra", "message_id", "created_at"}
        known = {k: v for k, v in data.items() if k in names}
        extra = {k: v for k, v in data.items() if k not in names}
        if known.get("tool_output") is None:
            known["tool_output"] = ""
        elif not isinstance(known["tool_output"], (str, ChunkedText)):  # a ChunkedText: a long output kept in chunks
            known["tool_output"] = str(known["tool_output"])
        if not known.get("tool_output_mime_type"):
            known.pop("tool_output_mime_type", None)
        return cls(**known, extra=extra, **context)


@dataclass(kw_only=True)
class Message:
    """A message of the seed's parts format: ``id``, ``role``, ``parts`` and metadata."""

    id: str = ""
    role: str = "user"
    parts: list[Any] = field(default_factory=list)
    created_at: str | None = None
    peer_id: str = ""
    message_kind: str = ""
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def tool_parts(self) -> list[ToolPart]:
        """The message's tool parts, in order."""
        return [p for p in self.parts if isinstance(p, ToolPart)]

    @property
    def is_tool_result_aggregate(self) -> bool:
        """The seed's aggregate: a user message of more than one part, all of them tool parts."""
        return self.role == "user" and len(self.parts) > 1 and all(isinstance(p, ToolPart) for p in self.parts)

    def to_dict(self) -> dict[str, Any]:
        """The message as the seed writes it, parts included."""
        out: dict[str, Any] = {"id": self.id, "role": self.role}
        out["parts"] = [p.to_dict() if isinstance(p, ToolPart) else p for p in self.parts]
        for name in ("created_at", "peer_id", "message_kind"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        out.update(self.extra)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Message:
        """A message from its dict form."""
        mid = str(data.get("id") or "")
        created = data.get("created_at")
        parts = [
            ToolPart.from_dict(p, message_id=mid, created_at=created)
            if isinstance(p, Mapping) and p.get("type") == TOOL_PART_TYPE
            else p
            for p in data.get("parts") or []
        ]
        known = {"id", "role", "parts", "created_at", "peer_id", "message_kind"}
        return cls(
            id=mid,
            role=str(data.get("role") or "user"),
            parts=parts,
            created_at=created,
            peer_id=str(data.get("peer_id") or ""),
            message_kind=str(data.get("message_kind") or ""),
            extra={k: v for k, v in data.items() if k not in known},
        )


def split_tool_result_aggregate(message: Message) -> list[Message]:
    """The seed's split: an aggregate becomes one message per part (``message_kind`` ``tool_transport``).

    Any other message is returned alone. The new messages' ids are ``{id}_{i}``.
    """
    if not message.is_tool_result_aggregate:
        return [message]
    out = []
    for i, part in enumerate(message.parts):
        mid = f"{message.id}_{i}" if message.id else ""
        part.message_id = mid or part.message_id
        out.append(
            Message(
                id=mid,
                role=message.role,
                parts=[part],
                created_at=message.created_at,
                peer_id=message.peer_id,
                message_kind=message.message_kind or "tool_transport",
                extra=dict(message.extra),
            )
        )
    return out
