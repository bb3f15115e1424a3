"""synopsize(): the detector order, contained plugin failures, limits, the ruleset stamp."""

from __future__ import annotations

import json
import logging

import pytest

import toolstub
from toolstub import Summarizer, Synopsis
from toolstub.limits import apply_limits


def _raise(inp):
    raise RuntimeError("kaput")


def _claim_all(inp):
    return Synopsis(kind="claimed", title="Claimed", summary=("claimed",))


@pytest.fixture
def order_file(tmp_path):
    def write(detectors: list[str]) -> str:
        path = tmp_path / "order.yaml"
        path.write_text(f"schema_version: 1\nextends: default\ndetectors: {json.dumps(detectors)}\n")
        return str(path)

    return write


def test_first_claimant_in_rule_file_order_wins(use_plugins, make_plugin, order_file):
    use_plugins(make_plugin("claimers", Summarizer(name="claim", summarize=_claim_all)))
    assert toolstub.synopsize("anything", rules=order_file(["claim", "text"])).kind == "claimed"
    assert toolstub.synopsize("anything", rules=order_file(["text", "claim"])).kind == "text"


def test_plugin_that_raises_is_contained_logged_and_reported(use_plugins, make_plugin, order_file, caplog):
    use_plugins(make_plugin("boomers", Summarizer(name="boom", summarize=_raise)))
    with caplog.at_level(logging.WARNING, logger="toolstub"):
        synopsis = toolstub.synopsize("hello", rules=order_file(["boom", "text"]))
    assert synopsis.kind == "text"
    assert synopsis.diagnostics == ("detector 'boom' raised RuntimeError: kaput",)
    assert "detector 'boom' raised RuntimeError: kaput; trying the next detector" in caplog.text


@pytest.mark.parametrize(
    ("returned", "diagnostic"),
    [
        ({"kind": "json"}, "detector 'bad' returned dict, not a Synopsis"),
        ("text", "detector 'bad' returned str, not a Synopsis"),
        (Synopsis(kind="x", summary=(1, 2)), "detector 'bad' returned a Synopsis whose summary holds int, not str"),
        (Synopsis(kind="x", title=None), "detector 'bad' returned a Synopsis whose title is NoneType, not str"),
        (Synopsis(kind=""), "detector 'bad' returned a Synopsis with an empty kind"),
    ],
)
def test_plugin_returning_garbage_is_contained(use_plugins, make_plugin, order_file, returned, diagnostic):
    use_plugins(make_plugin("bad_plugin", Summarizer(name="bad", summarize=lambda inp: returned)))
    synopsis = toolstub.synopsize("hello", rules=order_file(["bad", "text"]))
    assert synopsis.kind == "text"
    assert synopsis.diagnostics == (diagnostic,)


def test_nothing_claims_gives_an_unknown_synopsis_with_a_sample(use_plugins, make_plugin, order_file):
    use_plugins(make_plugin("boomers", Summarizer(name="boom", summarize=_raise)))
    synopsis = toolstub.synopsize("x" * 50, rules=order_file(["boom"]), preview_chars=10)
    assert synopsis.kind == "unknown"
    assert synopsis.summary == ("No detector claimed this output of 50 characters.",)
    assert synopsis.sample.startswith("--- BEGIN SAMPLE HEAD ---\nxxxxx\n")


def test_kind_input_carries_caps_mime_and_context(use_plugins, make_plugin, order_file):
    seen = {}

    def spy(inp):
        seen.update(mime=inp.mime, tool=inp.tool_name, preview=inp.preview_chars, caps=dict(inp.caps),
                    rules=inp.rules.name, stripped=inp.stripped)

    use_plugins(make_plugin("spy", Summarizer(name="spy", summarize=spy, defaults={"n": 4})))
    toolstub.synopsize("  body \n", mime="Application/JSON", tool_name="t", preview_chars=7, rules=order_file(["spy", "text"]))
    assert seen == {"mime": "application/json", "tool": "t", "preview": 7, "caps": {"n": 4}, "rules": "order", "stripped": "body"}


def test_synopsis_is_stamped_with_ruleset_name_and_version():
    default = toolstub.load_rules("default")
    synopsis = toolstub.synopsize("hello")
    assert (synopsis.ruleset, synopsis.ruleset_version) == ("default", default.version)
    compat = toolstub.synopsize("hello", rules="openviking-compat")
    assert (compat.ruleset, compat.ruleset_version) == ("openviking-compat", toolstub.load_rules("openviking-compat").version)


def test_deterministic():
    text = "alpha, beta\n1, 2\n" * 50
    assert toolstub.synopsize(text) == toolstub.synopsize(text)


# --- character limits ----------------------------------------------------------------------------

LIMITS = {"line_chars": 20, "total_chars": 64}


def test_limits_clip_lines_and_drop_trailing_lines_with_a_marker():
    synopsis = Synopsis(
        kind="k",
        title="a title longer than twenty",
        summary=("s" * 30, "short"),
        structure=("a" * 10, "b" * 10, "c" * 10),
        notable_items=("n" * 10, "m" * 10),
    )
    out = apply_limits(synopsis, LIMITS)
    assert out.title == "a title longer th..."
    # 75 chars > 64: cut. 64 - 25 kept for the marker = 39: 20 + 5 + 10 fit, "b"*10 does not
    assert out.summary == ("s" * 17 + "...", "short")
    assert out.structure == ("a" * 10, "+4 more lines")
    assert out.notable_items == ()


def test_limits_keep_a_synopsis_that_fits_unchanged():
    synopsis = Synopsis(kind="k", title="t", summary=("one", "two"), structure=("three",))
    assert apply_limits(synopsis, LIMITS) is synopsis


def test_empty_limits_are_a_no_op_even_for_huge_lines():
    synopsis = Synopsis(kind="k", summary=("x" * 100_000,))
    assert apply_limits(synopsis, {}) is synopsis


def test_sample_chars_clips_the_sample():
    out = apply_limits(Synopsis(kind="k", sample="y" * 100), {"sample_chars": 10})
    assert out.sample == "yyyyyyy..."


@pytest.mark.parametrize("huge", ["keys", "values"])
def test_default_bounds_a_json_object_of_ten_huge_members_in_characters(huge):
    if huge == "keys":  # the seed gives a 350 KB synopsis for this 100 KB input
        content = json.dumps({f"{i}" + "k" * 10_000: i for i in range(10)})
    else:
        content = json.dumps({f"key{i}": "v" * 10_000 for i in range(10)})
    assert len(content) > 100_000
    rules = toolstub.load_rules("default")
    synopsis = toolstub.synopsize(content, mime="application/json")
    lines = [*synopsis.summary, *synopsis.structure, *synopsis.notable_items]
    assert all(len(line) <= rules.limits["line_chars"] for line in lines)
    assert sum(map(len, lines)) <= rules.limits["total_chars"]
    assert len(synopsis.title) <= rules.limits["line_chars"]
    stub = toolstub.render_stub(synopsis, ref="R", original_chars=len(content), preview_chars=2000)
    assert len(stub) < rules.limits["total_chars"] + 2_000


def test_compat_has_no_character_limits():
    content = json.dumps({f"{i}" + "k" * 10_000: i for i in range(10)})
    synopsis = toolstub.synopsize(content, rules="openviking-compat")
    assert max(map(len, synopsis.structure)) > 10_000  # the seed's item caps only


def test_default_bounds_a_huge_single_line_in_characters():
    rules = toolstub.load_rules("default")
    synopsis = toolstub.synopsize("word " * 200_000)
    lines = [*synopsis.summary, *synopsis.structure, *synopsis.notable_items]
    assert all(len(line) <= rules.limits["line_chars"] for line in lines)
    assert sum(map(len, lines)) <= rules.limits["total_chars"]


def test_redaction_that_raises_withholds_the_synopsis_instead_of_raising(monkeypatch):
    import toolstub.engine as engine_module

    def broken(synopsis, ruleset, **kwargs):
        raise ValueError("regex exploded")

    monkeypatch.setattr(engine_module, "redact_synopsis", broken)
    synopsis = toolstub.synopsize("secret=hunter2 and more text")
    assert synopsis.summary == ("Synopsis withheld: redaction failed.",)
    assert "hunter2" not in repr(synopsis.to_dict())
    assert synopsis.diagnostics[-1] == "redaction raised ValueError: regex exploded"
