"""render_stub(): the seed's layout byte for byte under openviking-compat; default adds the query tool."""

from __future__ import annotations

import pytest

from toolstub import Synopsis, render_stub

JSON_SYNOPSIS = Synopsis(
    kind="json",
    title="JSON output",
    summary=("JSON object.", "top-level keys: id, name"),
    structure=("shape: object(keys=2: id, name)", "id: number", "name: string"),
    notable_items=("id: 1", "name: 'Ada'"),
    ruleset="openviking-compat",
)
REF = "viking://user/u1/sessions/s1/tool-results/tr_call_1_0123456789abcdef"


def test_compat_full_stub_is_exact():
    stub = render_stub(
        JSON_SYNOPSIS,
        ref=REF,
        tool_name="http_get",
        sha256="0123456789abcdef" + "f" * 48,
        reason="single_threshold",
        original_chars=25000,
        preview_chars=2000,
        rules="openviking-compat",
    )
    assert stub == (
        "[OpenViking tool result externalized]\n"
        "tool_name: http_get\n"
        "kind: json\n"
        "original_chars: 25000\n"
        "preview_chars: 2000\n"
        f"ref: {REF}\n"
        "sha256: 0123456789abcdef\n"
        "reason: single_threshold\n"
        "\n"
        "Synopsis:\n"
        "- JSON object.\n"
        "- top-level keys: id, name\n"
        "\n"
        "Structure:\n"
        "- shape: object(keys=2: id, name)\n"
        "- id: number\n"
        "- name: string\n"
        "\n"
        "Notable items:\n"
        "- id: 1\n"
        "- name: 'Ada'\n"
        "\n"
        "Explore:\n"
        f"- Use openviking_tool_result_search with ref={REF} to find relevant raw snippets.\n"
        f"- Use openviking_tool_result_read with ref={REF} and offset/limit to inspect raw output.\n"
        "- Use openviking_tool_result_list to discover other externalized outputs in this session."
    )


def test_compat_minimal_stub_has_no_optional_header_lines_sections_or_explore():
    synopsis = Synopsis(kind="text", title="Text output", summary=("Text exploration summary:", "Characters: 5."))
    stub = render_stub(synopsis, original_chars=5, preview_chars=-3, rules="openviking-compat")
    assert stub == (
        "[OpenViking tool result externalized]\n"
        "tool_name: tool\n"
        "kind: text\n"
        "original_chars: 5\n"
        "preview_chars: 0\n"
        "\n"
        "Synopsis:\n"
        "- Text exploration summary:\n"
        "- Characters: 5."
    )
    assert "Text output" not in stub  # the title is not rendered


def test_compat_sample_is_raw_not_bulleted_and_header_lines_are_independent():
    synopsis = Synopsis(kind="unknown", title="Binary-like output", summary=("Contains 3 characters.",), sample="a\x00b\nc")
    stub = render_stub(synopsis, sha256="ab" * 32, original_chars=3, preview_chars=3, rules="openviking-compat")
    assert stub == (
        "[OpenViking tool result externalized]\n"
        "tool_name: tool\n"
        "kind: unknown\n"
        "original_chars: 3\n"
        "preview_chars: 3\n"
        "sha256: abababababababab\n"
        "\n"
        "Synopsis:\n"
        "- Contains 3 characters.\n"
        "\n"
        "Sample:\n"
        "a\x00b\nc"
    )
    reason_only = render_stub(synopsis, reason="turn_budget", original_chars=3, preview_chars=3, rules="openviking-compat")
    assert "\nreason: turn_budget\n\nSynopsis:" in reason_only
    assert "sha256:" not in reason_only and "ref:" not in reason_only


def test_default_stub_has_its_own_header_and_names_the_query_tool():
    stub = render_stub(JSON_SYNOPSIS, ref="toolstub://sessions/s/tool-results/tr_x", original_chars=10,
                       preview_chars=10, rules="default")
    lines = stub.split("\n")
    assert lines[0] == "[toolstub: tool output stored outside the context]"
    explore = lines[lines.index("Explore:") + 1 :]
    assert explore == [
        "- toolstub_result_search with this ref and a query: raw snippets, with line numbers.",
        "- toolstub_result_read with this ref and offset/limit: the raw text.",
        "- toolstub_result_query with this ref and a JSONPath (e.g. $.items[0].id): values out of the JSON.",
        "- toolstub_result_list: the other stored outputs of this session.",
    ]
    assert not stub.endswith("\n")


REF = "toolstub://sessions/s/tool-results/tr_x"
KINDS = {
    "json": '{"items": [' + ",".join(f'{{"id": {i}}}' for i in range(500)) + "]}",
    "log": "".join(f"2026-12-03T07:00:{i % 60:02d}Z {'ERROR' if i == 40 else 'INFO'} step {i}\n" for i in range(200)),
    "csv": "id,name,qty\n" + "".join(f"{i},item {i},{i % 7}\n" for i in range(300)),
    "code": "import os\n\n\ndef main():\n    return os.getcwd()\n\n\nclass A:\n    pass\n" * 20,
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_default_explore_lines_fit_the_kind_and_name_the_ref_once(kind):
    from toolstub import synopsize

    synopsis = synopsize(KINDS[kind])
    assert synopsis.kind == kind
    stub = render_stub(synopsis, ref=REF, original_chars=len(KINDS[kind]), preview_chars=2000, rules="default")
    assert stub.count(REF) == 1 and f"\nref: {REF}\n" in stub
    explore = "\n".join(stub.split("\n")[stub.split("\n").index("Explore:") + 1 :])
    assert ("toolstub_result_query" in explore) == (kind == "json")  # no JSONPath offered for a log
    assert ("line/lines" in explore) == (kind in ("log", "csv", "code"))
    assert "toolstub_result_search" in explore and "toolstub_result_list" in explore


def test_compat_stub_explore_is_the_seeds_whatever_the_kind():
    from toolstub import synopsize

    for text in KINDS.values():
        synopsis = synopsize(text, rules="openviking-compat")
        stub = render_stub(synopsis, ref=REF, original_chars=len(text), preview_chars=2000, rules="openviking-compat")
        assert stub.split("\n")[stub.split("\n").index("Explore:") + 1 :] == [
            f"- Use openviking_tool_result_search with ref={REF} to find relevant raw snippets.",
            f"- Use openviking_tool_result_read with ref={REF} and offset/limit to inspect raw output.",
            "- Use openviking_tool_result_list to discover other externalized outputs in this session.",
        ]


def test_a_rule_file_can_show_a_line_only_for_some_kinds(tmp_path):
    from toolstub import load_rules, synopsize
    from toolstub.errors import RuleFileError

    rules = tmp_path / "mine.yaml"
    rules.write_text(
        "schema_version: 1\nextends: default\nversion: '1'\nstub:\n  explore:\n"
        "    - {line: 'json only {query_tool}', kinds: [json]}\n    - {line: 'not json', not_kinds: [json]}\n",
        encoding="utf-8",
    )
    ruleset = load_rules(rules)
    for kind, expected in (("json", ["json only toolstub_result_query"]), ("log", ["not json"])):
        stub = render_stub(synopsize(KINDS[kind], rules=ruleset), ref=REF, original_chars=1, preview_chars=1, rules=ruleset)
        assert stub.split("\n")[stub.split("\n").index("Explore:") + 1 :] == expected
    bad = tmp_path / "bad.yaml"
    bad.write_text("schema_version: 1\nextends: default\nversion: '1'\nstub:\n  explore:\n    - {line: x}\n",
                   encoding="utf-8")
    with pytest.raises(RuleFileError):
        load_rules(bad)


def test_stub_uses_the_synopsis_ruleset_when_rules_are_not_given():
    assert render_stub(JSON_SYNOPSIS, original_chars=1, preview_chars=1).startswith("[OpenViking tool result externalized]\n")


def test_ref_with_braces_is_inserted_verbatim():
    stub = render_stub(JSON_SYNOPSIS, ref="r{search_tool}", original_chars=1, preview_chars=1, rules="openviking-compat")
    assert "- Use openviking_tool_result_search with ref=r{search_tool} to find" in stub


def test_custom_rules_change_header_and_tool_names(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(
        "schema_version: 1\nextends: default\nstub:\n  header: '[stored]'\n"
        "  tools: {search: grep_it}\n  explore: ['- {search_tool} {ref}']\n"
    )
    stub = render_stub(JSON_SYNOPSIS, ref="R", original_chars=1, preview_chars=1, rules=str(path))
    assert stub.startswith("[stored]\n") and stub.endswith("\n\nExplore:\n- grep_it R")


@pytest.mark.parametrize("rules", ["default", "openviking-compat"])
def test_stub_is_bounded_by_the_synopsis_not_the_input(rules):
    small = render_stub(JSON_SYNOPSIS, original_chars=10, preview_chars=10, rules=rules)
    large = render_stub(JSON_SYNOPSIS, original_chars=10**9, preview_chars=10, rules=rules)
    assert len(large) - len(small) == len(str(10**9)) - len("10")
