"""The seed's Message / ToolPart model: to_dict omits falsy fields and text/plain, keeps unknown keys."""

from __future__ import annotations

from toolstub.externalize import Message, ToolPart


def test_inline_part_has_no_externalization_keys():
    part = ToolPart(tool_id="c1", tool_name="ls", tool_output="a b", tool_output_group_id="g", tool_output_group_original_chars=3)
    assert part.to_dict() == {
        "type": "tool",
        "tool_id": "c1",
        "tool_name": "ls",
        "tool_output": "a b",
        "tool_output_group_id": "g",
        "tool_output_group_original_chars": 3,
    }
    assert not part.is_externalized


def test_mime_is_omitted_only_when_text_plain():
    assert "tool_output_mime_type" not in ToolPart(tool_output="x").to_dict()
    assert ToolPart(tool_output="x", tool_output_mime_type="application/json").to_dict()["tool_output_mime_type"] == "application/json"


def test_round_trip_with_unknown_keys():
    data = {
        "id": "m1",
        "role": "user",
        "created_at": "2026-12-02T10:00:00Z",
        "custom": {"a": 1},
        "parts": [
            {"type": "text", "text": "hello"},
            {"type": "tool", "tool_id": "c1", "tool_output": "out", "tool_output_ref": "toolstub://sessions/s/tool-results/tr_x",
             "tool_output_truncated": True, "tool_output_original_chars": 50_000, "vendor_field": [1, 2]},
        ],
    }
    message = Message.from_dict(data)
    part = message.tool_parts[0]
    assert part.is_externalized and part.extra == {"vendor_field": [1, 2]}
    assert part.message_id == "m1" and part.created_at == "2026-12-02T10:00:00Z"
    assert message.to_dict() == data
    assert not message.is_tool_result_aggregate  # a text part is not a tool part


def test_non_string_output_is_coerced():
    assert ToolPart.from_dict({"type": "tool", "tool_output": None}).tool_output == ""
    assert ToolPart.from_dict({"type": "tool", "tool_output": 12}).tool_output == "12"


def test_message_objects_are_accepted_by_the_parts_format(store):
    from toolstub.externalize import externalize

    message = Message(id="m1", role="assistant", parts=[ToolPart(tool_id="c1", tool_output="y" * 30_000)])
    result = externalize([message], format="parts", store=store)
    (part,) = result.messages[0]["parts"]
    assert part["tool_output_truncated"] is True and message.parts[0].tool_output == "y" * 30_000
