"""Detection by evidence (toolstub.claims): strongest claim, ties by order, plain synopses, weights."""

from __future__ import annotations

import json

import pytest

import toolstub
from toolstub import Summarizer, Synopsis
from toolstub.claims import Claim, Evidence, confidence_of, detection
from toolstub.engine import explain


def _syn(kind: str) -> Synopsis:
    return Synopsis(kind=kind, title=kind, summary=(kind,))


def _claimer(kind: str, confidence: float | None = None, evidence: tuple[Evidence, ...] = ()):
    def summarize(inp):
        if confidence is None and not evidence:
            return _syn(kind)
        return Claim(synopsis=_syn(kind), confidence=confidence, evidence=evidence)

    return Summarizer(name=kind, summarize=summarize)


@pytest.fixture
def rules_file(tmp_path):
    def write(detectors: list[str], detection_section: dict | None = None, extends: str = "default") -> str:
        path = tmp_path / "claims.yaml"
        text = f"schema_version: 1\nextends: {extends}\ndetectors: {json.dumps(detectors)}\n"
        if detection_section is not None:
            text += f"detection: {json.dumps(detection_section)}\n"
        path.write_text(text)
        return str(path)

    return write


def test_strongest_claim_wins_whatever_the_order(use_plugins, make_plugin, rules_file):
    use_plugins(make_plugin("p", _claimer("weak", 0.4), _claimer("strong", 0.8)))
    assert toolstub.synopsize("x", rules=rules_file(["weak", "strong"])).kind == "strong"
    assert toolstub.synopsize("x", rules=rules_file(["strong", "weak"])).kind == "strong"


def test_a_tie_goes_to_the_earlier_detector(use_plugins, make_plugin, rules_file):
    use_plugins(make_plugin("p", _claimer("one", 0.6), _claimer("two", 0.6)))
    assert toolstub.synopsize("x", rules=rules_file(["one", "two"])).kind == "one"
    assert toolstub.synopsize("x", rules=rules_file(["two", "one"])).kind == "two"


def test_plain_synopses_tie_so_the_order_decides_among_them(use_plugins, make_plugin, rules_file):
    use_plugins(make_plugin("p", _claimer("plain"), _claimer("other"), _claimer("scored", 0.9), _claimer("weak", 0.2)))
    assert toolstub.synopsize("x", rules=rules_file(["plain", "other"])).kind == "plain"
    assert toolstub.synopsize("x", rules=rules_file(["other", "plain"])).kind == "other"
    # a scored claim surer than plain_confidence (0.5) beats them; a less sure one does not
    assert toolstub.synopsize("x", rules=rules_file(["plain", "scored"])).kind == "scored"
    assert toolstub.synopsize("x", rules=rules_file(["weak", "plain"])).kind == "plain"
    # a rule file can trust a plain kind fully (a third-party kind placed first wins when it claims)
    trusted = {"plain_confidence_by_kind": {"plain": 1.0}}
    assert toolstub.synopsize("x", rules=rules_file(["scored", "plain"], trusted)).kind == "plain"


def test_first_claim_strategy_ignores_confidence(use_plugins, make_plugin, rules_file):
    use_plugins(make_plugin("p", _claimer("weak", 0.1), _claimer("strong", 0.99)))
    rules = rules_file(["weak", "strong"], {"strategy": "first_claim"})
    assert toolstub.synopsize("x", rules=rules).kind == "weak"


def test_compat_keeps_first_claim():
    assert detection(toolstub.load_rules("openviking-compat"))["strategy"] == "first_claim"
    assert detection(toolstub.load_rules("default"))["strategy"] == "strongest_claim"


def test_decisive_claim_stops_the_search(use_plugins, make_plugin, rules_file):
    asked: list[str] = []

    def later(inp):
        asked.append("later")
        return Claim(synopsis=_syn("later"), confidence=0.99)

    use_plugins(make_plugin("p", _claimer("sure", 0.98), Summarizer(name="later", summarize=later)))
    assert toolstub.synopsize("x", rules=rules_file(["sure", "later"])).kind == "sure"
    assert asked == []
    rules = rules_file(["sure", "later"], {"decisive_confidence": 1.0})
    assert toolstub.synopsize("x", rules=rules).kind == "later"
    assert asked == ["later"]


def test_evidence_is_a_noisy_or_damped_by_counter_evidence():
    settings = detection(toolstub.load_rules("default"))
    claim = Claim(synopsis=_syn("k"), evidence=(Evidence("a", 1.0, 0.5), Evidence("b", 1.0, 0.5)))
    assert confidence_of(claim, settings, "k") == pytest.approx(0.75)
    damped = Claim(synopsis=_syn("k"), evidence=(*claim.evidence, Evidence("c", 0.5, -0.4)))
    assert confidence_of(damped, settings, "k") == pytest.approx(0.75 * 0.8)
    assert confidence_of(Claim(synopsis=_syn("k"), evidence=(Evidence("a", 7.0, 3.0),)), settings, "k") == 1.0


def test_rule_file_weights_replace_a_plugins_default_weight(use_plugins, make_plugin, rules_file):
    use_plugins(make_plugin("p", _claimer("a", evidence=(Evidence("fit", 1.0, 0.5),)), _claimer("b", 0.6)))
    assert toolstub.synopsize("x", rules=rules_file(["a", "b"])).kind == "b"
    heavier = {"weights": {"a": {"fit": 0.9}}}
    assert toolstub.synopsize("x", rules=rules_file(["a", "b"], heavier)).kind == "a"
    common = {"weights": {"*": {"fit": 0.9}}}
    assert toolstub.synopsize("x", rules=rules_file(["a", "b"], common)).kind == "a"


def test_hints_strengthen_a_claim_but_never_make_one(use_plugins, make_plugin, rules_file):
    use_plugins(make_plugin("p", _claimer("a", 0.5), _claimer("b", 0.6)))
    section = {"hints": {"a": {"mime": ["x-a"], "extensions": ["aa"]}},
               "weights": {"*": {"mime_hint": 0.5, "extension_hint": 0.5}}}
    rules = rules_file(["a", "b"], section)
    assert toolstub.synopsize("x", rules=rules).kind == "b"
    assert toolstub.synopsize("x", rules=rules, mime="application/x-a").kind == "a"
    assert toolstub.synopsize("x", rules=rules, tool_name="read notes.aa").kind == "a"


def test_a_claim_whose_synopsis_is_malformed_is_contained(use_plugins, make_plugin, rules_file):
    bad = Summarizer(name="bad", summarize=lambda inp: Claim(synopsis=Synopsis(kind=""), confidence=0.9))
    use_plugins(make_plugin("p", bad))
    syn = toolstub.synopsize("hello", rules=rules_file(["bad", "text"]))
    assert syn.kind == "text"
    assert any("empty kind" in line for line in syn.diagnostics)


def test_explain_lists_each_claim_and_the_chosen_one(use_plugins, make_plugin, rules_file):
    use_plugins(make_plugin("p", _claimer("a", 0.3), _claimer("b", evidence=(Evidence("fit", 0.5, 0.8),))))
    rows = explain("x", rules=rules_file(["a", "b"]))
    assert [(r["detector"], r["confidence"], r["chosen"]) for r in rows] == [("a", 0.3, False), ("b", 0.4, True)]
    assert rows[1]["evidence"] == [["fit", 0.5, 0.8]]


def test_a_bad_detection_section_is_refused_in_one_line(rules_file):
    with pytest.raises(toolstub.RuleFileError) as info:
        toolstub.load_rules(rules_file(["text"], {"strategy": "loudest"}))
    assert "$.detection.strategy" in str(info.value)
    assert "\n" not in str(info.value)
