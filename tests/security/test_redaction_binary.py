"""Binary-ish output (bytes decoded with ``surrogateescape``: lone surrogates, often half the text):
lone surrogates are scrubbed to U+FFFD exactly as one ``re.sub`` would, a large output is
scrubbed once (not once per detector), and a large output's secrets are the ones its detectors
find one by one (the large-text path: UTF-8 encoded once, grouped prefilter, RE2::Set)."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import toolstub
from toolstub import redact
from toolstub import regex as regex_mod
from toolstub.redact import PREFILTER_MIN_CHARS, redactor_for
from toolstub.regex import scrub_surrogates
from toolstub.rule_files import load_rules

RULES = load_rules("default")
_REFERENCE = re.compile("[\ud800-\udfff]")


def reference(text: str) -> str:
    """The definition: each lone surrogate (any code point U+D800-U+DFFF in the str) -> U+FFFD."""
    return _REFERENCE.sub("\ufffd", text)


#: code points around every boundary the fast path reads bytes at: ASCII, 2-byte, U+D000-U+D7FF
#: (UTF-8 lead 0xED too), the surrogates (high, low, the surrogateescape range), U+E000 and up, astral
_CHARS = st.one_of(
    st.characters(min_codepoint=0, max_codepoint=0x7F),
    st.characters(min_codepoint=0x80, max_codepoint=0x7FF),
    st.integers(0xD000, 0xD7FF).map(chr),
    st.integers(0xD800, 0xDBFF).map(chr),
    st.integers(0xDC00, 0xDFFF).map(chr),
    st.integers(0xDC80, 0xDCFF).map(chr),
    st.integers(0xE000, 0xFFFF).map(chr),
    st.integers(0x10000, 0x10FFFF).map(chr),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(_CHARS, max_size=300).map("".join))
@example("")
@example("\ud800\udc00")  # a high and a low surrogate side by side: two code points, two U+FFFD
@example("\ud7ff\ud800\udfff\ue000\U0001d800\U0010ffff")
@example("\udc80" * 40 + "\ufffd")
def test_scrub_surrogates_is_the_re_sub(text: str) -> None:
    out = scrub_surrogates(text)
    assert out == reference(text)
    assert len(out) == len(text)
    assert regex_mod.scrubbed_utf8(text) == reference(text).encode("utf-8")


@settings(max_examples=30, deadline=None)
@given(st.binary(min_size=0, max_size=5000), st.integers(0, 2**32 - 1))
def test_scrub_of_decoded_binary_is_the_re_sub(raw: bytes, seed: int) -> None:
    rng = random.Random(seed)
    noisy = bytes(rng.randrange(256) for _ in range(rng.randrange(2000))) + raw
    text = noisy.decode("utf-8", "surrogateescape")
    assert scrub_surrogates(text) == reference(text)


@pytest.mark.parametrize("density", [0.0, 0.001, 0.05, 0.5, 1.0])
def test_scrub_of_a_large_text_over_piece_boundaries(density: float) -> None:
    # past one piece (2**20 code points) so the pieces are joined; both ways (few / many surrogates)
    rng = random.Random(int(density * 1000))
    pool = "ab\u00e9\u4e2d\ud55c\U0001f600\ue000"
    text = "".join(chr(rng.randrange(0xD800, 0xE000)) if rng.random() < density else rng.choice(pool)
                   for _ in range((1 << 20) + 12345))
    assert scrub_surrogates(text) == reference(text)
    assert regex_mod.scrubbed_utf8(text) == reference(text).encode("utf-8")


def _binary_with_secrets(rng: random.Random, size: int, secrets: list[str]) -> str:
    raw = bytearray(rng.randrange(256) for _ in range(size))
    for secret in secrets:
        at = rng.randrange(len(raw))
        raw[at:at] = b"\n" + secret.encode() + b"\n"
    return bytes(raw).decode("utf-8", "surrogateescape")


def _fresh(redactor: redact.Redactor) -> redact.Redactor:
    return dataclasses.replace(redactor)  # no compiled prefilter yet: a short text takes the per-detector path


SECRETS = [
    "token ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5",
    "export OPENAI_API_KEY=sk-proj-Ab3De5Gh7Jk9Mn1Pq3StT3BlbkFJAb3De5Gh7Jk9Mn1Pq3St",
    '{"password": "Xq7\u00e9Lm2Pz9Rt4"}',
    "client_secret = \"q7Zr9XkP2mW8vL4tN6yB3cH5\"",  # the entropy scan
    "DATABASE_URL=postgres://app:S3cr\u00e9tPa55w0rd@db:5432/shop",
]


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_large_binary_findings_are_the_per_detector_findings(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(seed)
    text = _binary_with_secrets(rng, 150_000, SECRETS if seed != 3 else [])
    text += "\u4e2d\U0001f600 \udcff" * 50  # non-ASCII after the binary: byte and code-point offsets differ
    assert len(text) >= PREFILTER_MIN_CHARS
    redactor = redactor_for(RULES)
    large = _fresh(redactor).findings(text)
    monkeypatch.setattr(redact, "PREFILTER_MIN_CHARS", 10**9)  # every text takes the short path
    one_by_one = _fresh(redactor).findings(text)
    assert large == one_by_one
    if seed != 3:
        assert all(redactor.findings(secret) for secret in SECRETS)
        assert len(large) >= len(SECRETS)


def test_a_large_binary_is_scrubbed_once_per_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    text = _binary_with_secrets(random.Random(7), 300_000, SECRETS[:2])
    whole: list[int] = []
    for name in ("scrub_surrogates", "scrubbed_utf8"):
        real = getattr(regex_mod, name, None)
        if real is None:
            continue

        def spy(value: str, _real=real) -> object:
            if len(value) >= PREFILTER_MIN_CHARS:
                whole.append(len(value))
            return _real(value)

        monkeypatch.setattr(regex_mod, name, spy)
    redactor = _fresh(redactor_for(RULES))
    found = redactor.findings(text)
    assert len(found) >= 2
    assert len(whole) == 1, f"the whole text was scrubbed {len(whole)} times"


def test_the_synopsis_of_a_binary_with_a_secret_hides_it() -> None:
    secret = "ghp_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE3fG5"
    text = _binary_with_secrets(random.Random(9), 120_000, [f"token {secret}"])
    synopsis = toolstub.synopsize(text, rules=RULES)
    shown = "\n".join([synopsis.title, *synopsis.summary, *synopsis.structure, *synopsis.notable_items,
                       synopsis.sample])
    assert secret[:12] not in shown


_PATTERNS = ["", "a*", r"\b", r"(?P<w>\w+)?", "(a)|(b)", ".", r"\pL*", "(?i)é+", "(?m)^", "(?m)$", "x?",
             r"(?P<key>[a-z]+)=(?P<quote>['\"]?)(?P<secret>[^\s'\"]{2,})", "\ufffd+", r"[^\x00-\x7f]"]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(_PATTERNS), st.lists(st.one_of(
    st.sampled_from(list("ab= '\"\nxé")), _CHARS.filter(lambda c: not "\ud800" <= c <= "\udfff")), max_size=60).map("".join))
def test_finditer_utf8_finds_what_finditer_finds(pattern: str, text: str) -> None:
    compiled = regex_mod.compile_pattern(pattern)
    expected = [[m.span(g) for g in range(compiled.groups + 1)] for m in compiled.finditer(text)]
    data = text.encode("utf-8")
    got = list(compiled.finditer_utf8(data, regex_mod.CharOffsets(data)))
    assert [[m.span(g) for g in range(compiled.groups + 1)] for m in got] == expected
    for match, want in zip(got, compiled.finditer(text)):
        assert [match.group(g) for g in range(compiled.groups + 1)] == [want.group(g) for g in range(compiled.groups + 1)]
        for name in compiled.groupindex:
            assert match.group(name) == want.group(name) and match.span(name) == want.span(compiled.groupindex[name])
