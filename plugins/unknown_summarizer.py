"""Detectors ``empty`` and ``binary`` (synopsis kind ``unknown``).

``empty`` claims the content when it is ``""`` (a whitespace-only string is
not empty unless ``whitespace_is_empty`` is set): title ``Empty output``,
summary ``Output is empty.``, no sample.

``binary`` claims the content when it contains a NUL anywhere (``nul_is_binary``),
or when the share of control characters among the first ``sample_chars``
characters is strictly greater than ``max_control_ratio``. A control character
is one with a code point below 32 that is not listed in ``text_controls``;
with ``count_surrogate_escapes`` the lone surrogates U+DC80-U+DCFF (bytes that
were not UTF-8, decoded with ``surrogateescape``) count too. Title
``Binary-like output``, summary ``Contains N characters and non-text control
bytes.``, and the head/tail sample of ``preview_chars`` characters (raw control
characters kept).

.. rubric:: Options

``kinds.empty``:

* ``whitespace_is_empty`` (false).

``kinds.binary``:

* ``nul_is_binary`` (true).
* ``sample_chars`` (1000): characters looked at.
* ``max_control_ratio`` (0.05): the share must be strictly greater.
* ``text_controls`` (``"\\t\\n\\r"``): control characters that are text.
  ``default`` adds ESC (ANSI colour), BS (man-page overstrike) and FF.
* ``count_surrogate_escapes`` (false).
* ``text_formats`` (``[]``): RE2 patterns; content whose first 4096 characters match one is
  text whatever its control bytes (a GNU info file: ``\\x1f`` node separators, NULs in its index).
* ``legacy_encodings`` (``[]``): with ``count_surrogate_escapes``, undecodable bytes are not
  counted when the examined characters, read back as bytes, decode strictly in one of these
  codecs (``gb18030``, ``shift_jis``, ``euc_kr``...): GBK, Shift-JIS or EUC-KR text decoded
  with ``surrogateescape`` is text, not binary. Control bytes below U+0020 still count.
* ``confidence`` (false): a scored claim: ``nul_bytes`` (0.98, decisive), ``over_control_limit``
  (0.6) and ``control_share`` (the share over four times ``max_control_ratio``, 0.97); a GNU info file (``\x1f`` node
  separators) gives a plain claim, so the text detector, which knows the format, decides.

.. rubric:: Examples

``"abc\\x00"`` is binary-like; ``"\\x1b[31mred\\x1b[0m"`` repeated is binary-like
under ``openviking-compat`` (ESC is a control char) and text under ``default``.
"""

from __future__ import annotations

import codecs
from functools import lru_cache
from typing import Any

from toolstub.hookspecs import hookimpl
from toolstub.synopsis import Claim, Evidence, KindInput, Summarizer, Synopsis
from toolstub.textutil import head_tail_sample

EMPTY_DEFAULTS: dict[str, Any] = {"whitespace_is_empty": False}
EMPTY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "whitespace_is_empty": {"type": "boolean", "description": "a whitespace-only output is empty too"},
    },
}

BINARY_DEFAULTS: dict[str, Any] = {
    "nul_is_binary": True,
    "sample_chars": 1000,
    "max_control_ratio": 0.05,
    "text_controls": "\t\n\r",
    "count_surrogate_escapes": False,
    "legacy_encodings": [],
    "text_formats": [],
    "confidence": False,
}
BINARY_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "nul_is_binary": {"type": "boolean", "description": "a NUL anywhere makes the output binary-like"},
        "sample_chars": {"type": "integer", "minimum": 0, "description": "leading characters examined"},
        "max_control_ratio": {
            "type": "number",
            "minimum": 0,
            "description": "binary-like when the control-character share is strictly greater",
        },
        "text_controls": {"type": "string", "description": "control characters (below U+0020) that count as text"},
        "count_surrogate_escapes": {
            "type": "boolean",
            "description": "lone surrogates U+DC80-U+DCFF (undecodable bytes) count as control characters",
        },
        "legacy_encodings": {
            "type": "array",
            "items": {"type": "string", "minLength": 1},
            "description": "codecs in which undecodable bytes that decode strictly are text, not control characters",
        },
        "text_formats": {
            "type": "array",
            "items": {"type": "string"},
            "description": "RE2 patterns of text formats with control bytes (GNU info files), searched in the first 4096 characters",
        },
        "confidence": {"type": "boolean", "description": "return a scored claim (strongest_claim detection)"},
    },
}

_SURROGATE_ESCAPES = {c: None for c in range(0xDC80, 0xDD00)}


def _empty(inp: KindInput) -> Synopsis | None:
    content = inp.content
    # isspace() is "strip() leaves nothing" for a non-empty str (both Py_UNICODE_ISSPACE), without the copy
    if content == "" or (inp.caps["whitespace_is_empty"] and content.isspace()):
        return Synopsis(kind="unknown", title="Empty output", summary=("Output is empty.",))
    return None


@lru_cache(maxsize=32)
def _codec(name: str) -> str | None:
    try:
        return codecs.lookup(name).name
    except LookupError:
        return None


def legacy_encoding(window: str, encodings: Any) -> str | None:
    """The first of ``encodings`` in which ``window``'s bytes (surrogate escapes read back) decode strictly.

    A multi-byte character cut at the window's end does not count against a codec.
    """
    data = window.encode("utf-8", "surrogateescape")
    for name in encodings or ():
        codec = _codec(str(name))
        if codec is None:
            continue
        try:
            codecs.getincrementaldecoder(codec)("strict").decode(data, final=False)
        except (UnicodeDecodeError, ValueError):
            continue
        return codec
    return None


def _control_count(window: str, caps: Any) -> int:
    text = set(caps["text_controls"])
    table = {c: None for c in range(32) if chr(c) not in text}
    if caps["count_surrogate_escapes"]:
        table.update(_SURROGATE_ESCAPES)
    removed = len(window) - len(window.translate(table))
    if removed and caps["count_surrogate_escapes"] and caps.get("legacy_encodings"):
        escaped = len(window) - len(window.translate(_SURROGATE_ESCAPES))
        if escaped and legacy_encoding(window, caps["legacy_encodings"]) is not None:
            removed -= escaped
    return removed


def looks_binary(content: str, caps: Any) -> bool:
    """The binary-like test of ``kinds.binary``."""
    formats = caps.get("text_formats") or ()
    if formats and any(regex.search(content[:4096]) is not None for regex in formats):
        return False
    if caps["nul_is_binary"] and "\x00" in content:
        return True
    window = content[: caps["sample_chars"]]
    ratio = _control_count(window, caps) / max(1, min(len(content), caps["sample_chars"]))
    return ratio > caps["max_control_ratio"]


_INFO_NODE = ("\x1f\nFile: ", "\x1f\nTag Table:", "\x1f\nIndirect:")


def _binary(inp: KindInput) -> Synopsis | Claim | None:
    if not looks_binary(inp.content, inp.caps):
        return None
    synopsis = Synopsis(
        kind="unknown",
        title="Binary-like output",
        summary=(f"Contains {len(inp.content)} characters and non-text control bytes.",),
        sample=head_tail_sample(inp.content, inp.preview_chars),
    )
    if not inp.caps.get("confidence"):
        return synopsis
    content, caps = inp.content, inp.caps
    if any(marker in content for marker in _INFO_NODE):
        return synopsis  # a GNU info file (NUL, \x1f node separators): no opinion, text decides
    evidence = []
    if caps["nul_is_binary"] and "\x00" in content:
        evidence.append(Evidence("nul_bytes", 1.0, 0.98))
    window = content[: caps["sample_chars"]]
    ratio = _control_count(window, caps) / max(1, min(len(content), caps["sample_chars"]))
    limit = max(float(caps["max_control_ratio"]), 1e-9)
    evidence.append(Evidence("over_control_limit", 1.0 if ratio > limit else 0.0, 0.6))
    evidence.append(Evidence("control_share", min(1.0, ratio / (4 * limit)), 0.97))
    return Claim(synopsis=synopsis, evidence=tuple(evidence))


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (
        Summarizer(
            name="empty",
            summarize=_empty,
            caps_schema=EMPTY_SCHEMA,
            defaults=EMPTY_DEFAULTS,
            description="empty output (kind unknown)",
        ),
        Summarizer(
            name="binary",
            summarize=_binary,
            caps_schema=BINARY_SCHEMA,
            defaults=BINARY_DEFAULTS,
            pattern_keys=frozenset({"text_formats"}),
            description="binary-like output: NUL or too many control characters (kind unknown)",
        ),
    )
