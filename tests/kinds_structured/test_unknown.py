"""Detectors empty and binary (kind unknown), both rulesets."""

from __future__ import annotations

import pytest

COMPAT, DEFAULT = "openviking-compat", "default"


@pytest.mark.parametrize("rules", [COMPAT, DEFAULT])
def test_empty(synopsis_of, rules):
    assert synopsis_of("", rules) == {
        "kind": "unknown", "title": "Empty output", "summary": ["Output is empty."],
        "structure": [], "notable_items": [], "sample": "",
    }


def test_whitespace_only_is_text_in_compat_empty_in_default(synopsis_of):
    assert synopsis_of("  \n ", COMPAT)["kind"] == "text"
    assert synopsis_of("  \n ", DEFAULT)["title"] == "Empty output"
    assert synopsis_of("\n", DEFAULT)["title"] == "Empty output"


@pytest.mark.parametrize("rules", [COMPAT, DEFAULT])
def test_nul_anywhere_is_binary_with_raw_sample(synopsis_of, rules):
    content = "a" * 5000 + "\x00" + "b" * 10
    out = synopsis_of(content, rules, preview_chars=6)
    assert out["title"] == "Binary-like output"
    assert out["summary"] == ["Contains 5011 characters and non-text control bytes."]
    assert out["sample"] == (
        "--- BEGIN SAMPLE HEAD ---\naaa\n--- END SAMPLE HEAD ---\n\n--- BEGIN SAMPLE TAIL ---\nbbb\n--- END SAMPLE TAIL ---"
    )
    assert synopsis_of("\x00", rules, preview_chars=10)["sample"] == "\x00"
    assert synopsis_of("\x00", rules, preview_chars=0)["sample"] == ""


def test_ratio_is_strictly_greater_than_5_percent(synopsis_of):
    assert synopsis_of("\x01" * 5 + "a" * 95, COMPAT)["kind"] != "unknown"  # exactly 5 %
    assert synopsis_of("\x01" * 6 + "a" * 94, COMPAT)["kind"] == "unknown"
    # only the first 1000 chars are looked at
    assert synopsis_of("a" * 1000 + "\x01" * 500, COMPAT)["kind"] != "unknown"


ANSI = "".join(f"\x1b[1m\x1b[32m{i} ok\x1b[0m \x1b[2mtest_{i}\x1b[0m\n" for i in range(40))
MAN = "".join(f"N\bNA\bAM\bME\bE {i}\n" for i in range(40))
FORMFEED = "page one\n\x0c\npage two\n\x0c\n" * 20


@pytest.mark.parametrize("content", [ANSI, MAN, FORMFEED], ids=["ansi", "overstrike", "formfeed"])
def test_terminal_output_binary_in_compat_text_in_default(synopsis_of, content):
    assert synopsis_of(content, COMPAT)["title"] == "Binary-like output"
    assert synopsis_of(content, DEFAULT)["kind"] != "unknown"


def test_undecodable_bytes_count_in_default(synopsis_of):
    png_like = "".join(chr(0xDC80 + (i % 128)) for i in range(200)) + "IHDR" * 50
    assert synopsis_of(png_like, DEFAULT)["title"] == "Binary-like output"
    assert synopsis_of(png_like, COMPAT)["kind"] != "unknown"
