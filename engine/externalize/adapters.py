"""Adapters between real message formats and the seed's tool parts.

Each adapter finds the tool outputs of a conversation (a deep copy the caller owns), groups
them by assistant turn, hands them over as :class:`ToolPart` objects and writes the new
outputs back in place, keeping the format valid:

* ``openai``: ``role: "tool"`` messages (``tool_call_id``; content a string or a list of
  ``{"type": "text"}`` parts, other parts untouched); the tool name and arguments come from
  the assistant's ``tool_calls``. Consecutive tool messages are one group.
* ``anthropic``: ``tool_result`` blocks of a user message (``tool_use_id``; content a string
  or a list of blocks, only ``text`` blocks are tool outputs); the name and input come from
  the assistant's ``tool_use`` block. One user message is one group.
* ``parts``: the seed's messages (``{"id", "role", "parts": [{"type": "tool", ...}]}``); the
  ``tool_output_*`` fields are set on the part, with a ``toolstub`` restore record so that
  hydration gives back the exact input. One message is one group.

In ``openai`` and ``anthropic`` the stub text itself carries what hydration needs (its ``ref``,
``sha256`` and, for a read-back, ``source_offset``/``source_limit`` header lines).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from toolstub.externalize.model import EXTERNALIZATION_FIELDS, TOOL_PART_TYPE, ToolPart
from toolstub.externalize.refs import int_or_none, parse_stub
from toolstub.streaming import ChunkedText

FORMATS = ("openai", "anthropic", "parts")
RESTORE_KEY = "toolstub"


@dataclass
class Slot:
    """One tool output inside the messages, and how to write a new one back."""

    part: ToolPart
    location: dict[str, Any]
    write: Callable[[ToolPart], None]
    before: int = 0


@dataclass
class Group:
    group_id: str
    slots: list[Slot] = field(default_factory=list)


def _arguments(raw: Any) -> Any:
    if isinstance(raw, str):
        try:
            return json.loads(raw)
        except ValueError:
            return raw
    return raw


#: an output: a ``str``, or a long one in chunks (:class:`~toolstub.streaming.ChunkedText`, from the HTTP server)
TEXT = (str, ChunkedText)


def _stub_fields(text: str | ChunkedText, headers: tuple[str, ...]) -> dict[str, str] | None:
    """:func:`parse_stub` of ``text``; of a ChunkedText, read from its head when its header block ends there."""
    if isinstance(text, ChunkedText):
        first, newline, rest = text.head.partition("\n")
        if not newline or first not in headers:
            return None  # a header line is short: no stub, as parse_stub says of the whole text
        if "\n\n" not in rest:
            return parse_stub(str(text), headers)
        text = text.head
    return parse_stub(text, headers)


def _text_part(text: str, *, tool_id: str, tool_name: str, tool_input: Any, headers: tuple[str, ...], message_id: str) -> ToolPart:
    part = ToolPart(tool_id=tool_id, tool_name=tool_name, tool_input=tool_input, tool_output=text, message_id=message_id)
    fields = _stub_fields(text, headers)
    if fields and fields.get("ref"):
        part.tool_output_ref = fields["ref"]
        part.tool_output_truncated = True
        part.tool_output_original_chars = int_or_none(fields.get("original_chars"))
    return part


def _text_slots(holder: dict, key: str, location: dict, make: Callable[[str], ToolPart]) -> Iterator[Slot]:
    """Slots for ``holder[key]``: a string, or a list whose ``text`` items are the outputs."""
    content = holder.get(key)
    if isinstance(content, TEXT):
        def write(part: ToolPart, holder: dict = holder) -> None:
            holder[key] = part.tool_output

        yield Slot(make(content), dict(location), write, len(content))
    elif isinstance(content, list):
        for j, item in enumerate(content):
            if isinstance(item, dict) and item.get("type") == "text" and isinstance(item.get("text"), TEXT):
                def write(part: ToolPart, item: dict = item) -> None:
                    item["text"] = part.tool_output

                yield Slot(make(item["text"]), {**location, "content_index": j}, write, len(item["text"]))


# ---- openai ---------------------------------------------------------------------
def openai_groups(messages: list[Any], headers: tuple[str, ...]) -> list[Group]:
    calls: dict[str, tuple[str, Any]] = {}
    groups: list[Group] = []
    current: Group | None = None
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict):
            current = None
            continue
        if msg.get("role") == "assistant":
            tool_calls = msg.get("tool_calls")
            for call in tool_calls if isinstance(tool_calls, list) else ():
                if isinstance(call, dict) and isinstance(call.get("function"), dict):
                    fn = call["function"]
                    calls[str(call.get("id") or "")] = (str(fn.get("name") or ""), _arguments(fn.get("arguments")))
        if msg.get("role") != "tool":
            current = None
            continue
        call_id = str(msg.get("tool_call_id") or "")
        name, args = calls.get(call_id, (str(msg.get("name") or ""), None))
        if current is None:
            current = Group(call_id or f"message-{i}")
            groups.append(current)

        def make(text: str, call_id: str = call_id, name: str = name, args: Any = args) -> ToolPart:
            return _text_part(text, tool_id=call_id, tool_name=name, tool_input=args, headers=headers, message_id=call_id)

        current.slots.extend(_text_slots(msg, "content", {"message_index": i, "tool_call_id": call_id}, make))
    return groups


# ---- anthropic ------------------------------------------------------------------
def anthropic_groups(messages: list[Any], headers: tuple[str, ...]) -> list[Group]:
    uses: dict[str, tuple[str, Any]] = {}
    groups: list[Group] = []
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict) or not isinstance(msg.get("content"), list):
            continue
        blocks = msg["content"]
        if msg.get("role") == "assistant":
            for block in blocks:
                if isinstance(block, dict) and block.get("type") == "tool_use":
                    uses[str(block.get("id") or "")] = (str(block.get("name") or ""), block.get("input"))
            continue
        group: Group | None = None
        for b, block in enumerate(blocks):
            if not isinstance(block, dict) or block.get("type") != "tool_result":
                continue
            use_id = str(block.get("tool_use_id") or "")
            name, args = uses.get(use_id, ("", None))
            if group is None:
                group = Group(use_id or f"message-{i}")
                groups.append(group)

            def make(text: str, use_id: str = use_id, name: str = name, args: Any = args) -> ToolPart:
                return _text_part(text, tool_id=use_id, tool_name=name, tool_input=args, headers=headers, message_id=use_id)

            location = {"message_index": i, "block_index": b, "tool_use_id": use_id}
            group.slots.extend(_text_slots(block, "content", location, make))
    return groups


# ---- seed parts -------------------------------------------------------------------
_TRACKED = ("tool_output", *EXTERNALIZATION_FIELDS)


def _present(part: ToolPart, name: str) -> Any:
    """The value ``to_dict`` would write for ``name``, or ``None`` when it would omit it."""
    return part.to_dict().get(name) if name != "extra" else None


def parts_groups(messages: list[Any], headers: tuple[str, ...]) -> list[Group]:
    groups: list[Group] = []
    for i, msg in enumerate(messages):
        if not isinstance(msg, dict) or not isinstance(msg.get("parts"), list):
            continue
        mid = str(msg.get("id") or "")
        group = Group(mid or f"message-{i}")
        for j, raw in enumerate(msg["parts"]):
            if not isinstance(raw, dict) or raw.get("type") != TOOL_PART_TYPE:
                continue
            part = ToolPart.from_dict(raw, message_id=mid, created_at=msg.get("created_at"))
            if not isinstance(raw.get("tool_output"), TEXT):
                continue  # a missing or non-string output is left as it is
            group.slots.append(Slot(part, {"message_index": i, "part_index": j}, _parts_writer(raw, part), len(part.tool_output)))
        if group.slots:
            groups.append(group)
    return groups


def _parts_writer(raw: dict, part: ToolPart) -> Callable[[ToolPart], None]:
    snapshot = {name: _present(part, name) for name in _TRACKED}

    def write(new: ToolPart) -> None:
        after = new.to_dict()
        prior: dict[str, Any] = {}
        added: list[str] = []
        for name in _TRACKED:
            value = after.get(name)
            if value == snapshot[name]:
                continue
            if name in raw:
                prior[name] = raw[name]
            else:
                added.append(name)
            if value is None:
                raw.pop(name, None)
            else:
                raw[name] = value
        if not prior and not added:
            return
        record: dict[str, Any] = {"v": 1, "added": added, "prior": {k: v for k, v in prior.items() if k != "tool_output"}}
        record["output"] = "replaced" if "tool_output" in prior else "kept"
        if RESTORE_KEY in raw:
            record["prior"][RESTORE_KEY] = raw[RESTORE_KEY]
        else:
            record["added"].append(RESTORE_KEY)
        raw[RESTORE_KEY] = record

    return write


GROUPERS = {"openai": openai_groups, "anthropic": anthropic_groups, "parts": parts_groups}
