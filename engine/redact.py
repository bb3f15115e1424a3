"""Secret redaction: detectors from the rule file, applied to every synopsis and, by policy, to stored output.

Two entry points the rest of toolstub calls:

* :func:`redact_synopsis` - the engine applies it to every synopsis (each summary,
  structure and notable line, the title and the sample), so no stub shows a secret.
* :func:`prepare_for_storage` - the store applies it to the raw output before writing,
  following the ruleset's ``redaction.policy``: ``keep`` (unchanged), ``redact``
  (each secret replaced) or ``reject`` (:class:`~toolstub.errors.RedactionRejected`).
  It returns the number of secrets replaced, which the store records as ``redactions``.

The rule file's section (absent from ``openviking-compat``, so its output is exact)::

    redaction:
      policy: redact                      # keep | redact | reject (stored raw output)
      replacement: "[REDACTED:{name}]"    # {name} is the detector's name
      detectors:                          # RE2 patterns: linear time whatever the input
        - {name: aws_access_key_id, pattern: '\\b(?:AKIA|ASIA)[A-Z0-9]{16}\\b'}
        - {name: url_password, pattern: '://[^\\s:/@]+:(?P<secret>[^\\s@/]+)@', group: secret}
      entropy:                            # high-entropy values after a key word
        min_length: 16
        min_bits_per_char: 3.0
        keywords: [password, secret, token, api_key]

Only the secret is replaced (the ``group`` of a detector, else the whole match);
every other character is kept byte for byte. Overlapping findings are merged.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import string
from collections import Counter
from collections.abc import Mapping
from typing import Any

from toolstub.errors import PatternError, RedactionRejected, RuleFileError
from toolstub.regex import compile_pattern, without_groups
from toolstub.ruleset import Ruleset
from toolstub.synopsis import Synopsis

POLICIES = ("keep", "redact", "reject")
DEFAULT_REPLACEMENT = "[REDACTED:{name}]"
ENTROPY_NAME = "high_entropy_secret"
_VALUE_CHARS = r"[A-Za-z0-9+/=_.~!@#$%^&*?-]"


@dataclasses.dataclass(frozen=True)
class Detector:
    name: str
    regex: Any
    group: int = 0


@dataclasses.dataclass(frozen=True)
class Entropy:
    regex: Any
    min_bits_per_char: float
    group: int = 1


@dataclasses.dataclass(frozen=True)
class Redactor:
    """The compiled ``redaction`` section of one ruleset."""

    policy: str
    replacement: str
    detectors: tuple[Detector, ...]
    entropy: Entropy | None

    @property
    def active(self) -> bool:
        return bool(self.detectors or self.entropy)

    @functools.cached_property
    def _prefilter(self) -> Any:
        """One RE2 pattern matching wherever any detector (or the entropy key word) does."""
        sources = [d.regex.pattern for d in self.detectors]
        if self.entropy is not None:
            sources.append(self.entropy.regex.pattern)
        try:
            return compile_pattern("|".join(f"(?:{without_groups(p)})" for p in sources))
        except PatternError:  # pragma: no cover - each part compiled alone; keep the per-detector scan
            return None

    def _nothing_to_find(self, text: str) -> bool:
        """For a large text, one pass over its UTF-8 bytes answers the usual "no secret here"."""
        if len(text) < PREFILTER_MIN_CHARS or self._prefilter is None:
            return False
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:  # lone surrogates: the per-detector scan handles them
            return False
        return self._prefilter.regex.search(data) is None

    def findings(self, text: str) -> list[tuple[int, int, str]]:
        """Merged (start, end, detector name) spans of the secrets in ``text``, in order."""
        spans: list[tuple[int, int, str]] = []
        if self._nothing_to_find(text):
            return spans
        for detector in self.detectors:
            for match in detector.regex.finditer(text):
                start, end = match.span(detector.group)
                if start >= 0 and end > start:
                    spans.append((start, end, detector.name))
        if self.entropy is not None:
            spans.extend(self._entropy_findings(text))
        return _merge(spans)

    def _entropy_findings(self, text: str) -> list[tuple[int, int, str]]:
        out = []
        for match in self.entropy.regex.finditer(text):
            value = match.group("secret")
            if bits_per_char(value) >= self.entropy.min_bits_per_char:
                start, end = match.span(self.entropy.group)
                out.append((start, end, ENTROPY_NAME))
        return out

    def redact(self, text: str) -> tuple[str, int]:
        """(``text`` with each secret replaced, number of secrets)."""
        if not text or not self.active:
            return text, 0
        spans = self.findings(text)
        if not spans:
            return text, 0
        parts, last = [], 0
        for start, end, name in spans:
            parts.append(text[last:start])
            parts.append(self.replacement.replace("{name}", name))
            last = end
        parts.append(text[last:])
        return "".join(parts), len(spans)


def bits_per_char(value: str) -> float:
    """Shannon entropy of ``value`` in bits per character."""
    if not value:
        return 0.0
    total = len(value)
    return -sum(n / total * math.log2(n / total) for n in Counter(value).values())


def _merge(spans: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    merged: list[tuple[int, int, str]] = []
    for start, end, name in sorted(spans, key=lambda s: (s[0], -s[1])):
        if merged and start < merged[-1][1]:
            prev = merged[-1]
            merged[-1] = (prev[0], max(prev[1], end), prev[2])
        else:
            merged.append((start, end, name))
    return merged


def _compile(pattern: str, *, source: str, json_path: str) -> Any:
    try:
        return compile_pattern(pattern)
    except PatternError as exc:
        raise RuleFileError(str(exc), path=source, json_path=json_path) from None


def _entropy(section: Mapping[str, Any], source: str) -> Entropy | None:
    keywords = [str(k) for k in section.get("keywords") or () if str(k)]
    if not keywords:
        return None
    min_length = max(1, int(section.get("min_length", 16)))
    alternatives = "|".join(_escape(k) for k in keywords)
    pattern = (
        rf"(?i)(?:{alternatives})[A-Za-z0-9_.-]*[\"']?[ \t]*(?:[:=]|=>|[ \t])[ \t\"']*"
        rf"(?P<secret>{_VALUE_CHARS}{{{min_length},}})"
    )
    regex = _compile(pattern, source=source, json_path="$.redaction.entropy.keywords")
    return Entropy(
        regex=regex, min_bits_per_char=float(section.get("min_bits_per_char", 3.0)), group=regex.groupindex["secret"]
    )


def _escape(word: str) -> str:
    return "".join(f"\\{ch}" if not ch.isalnum() and ch != "_" else ch for ch in word)


def build_redactor(section: Mapping[str, Any], *, source: str = "rules") -> Redactor:
    """Compile one ``redaction`` section; a bad pattern raises :class:`RuleFileError` with its JSON path."""
    detectors = []
    for index, item in enumerate(section.get("detectors") or ()):
        path = f"$.redaction.detectors[{index}].pattern"
        regex = _compile(str(item["pattern"]), source=source, json_path=path)
        group = item.get("group", 0)
        if isinstance(group, str):
            if group not in regex.groupindex:
                raise RuleFileError(f"pattern has no group named {group!r}", path=source, json_path=path)
            group = regex.groupindex[group]
        elif not 0 <= int(group) <= regex.groups:
            raise RuleFileError(f"pattern has no group {group}", path=source, json_path=path)
        detectors.append(Detector(name=str(item["name"]), regex=regex, group=group))
    entropy = _entropy(section.get("entropy") or {}, source)
    return Redactor(
        policy=str(section.get("policy", "redact")),
        replacement=str(section.get("replacement", DEFAULT_REPLACEMENT)),
        detectors=tuple(detectors),
        entropy=entropy,
    )


_redactors: dict[int, tuple[Ruleset, Redactor | None]] = {}


def redactor_for(ruleset: Ruleset) -> Redactor | None:
    """The ruleset's compiled redactor (``None`` when it has no ``redaction`` section); cached."""
    cached = _redactors.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    section = ruleset.data.get("redaction") if ruleset.data else None
    redactor = build_redactor(section, source=ruleset.source) if section else None
    if redactor is not None and not redactor.active:
        redactor = None
    if len(_redactors) > 64:
        _redactors.clear()
    _redactors[id(ruleset)] = (ruleset, redactor)
    return redactor


def redact_text(text: str, ruleset: Ruleset) -> tuple[str, int]:
    """(``text`` with its secrets replaced, count) under ``ruleset``, whatever its policy."""
    redactor = redactor_for(ruleset)
    return redactor.redact(text) if redactor else (text, 0)


FRAGMENT_CHARS = 8
#: texts at least this long are first checked with one combined pass (see Redactor._nothing_to_find)
PREFILTER_MIN_CHARS = 65_536
MAX_SECRETS = 256
_FRAGMENT_OK = frozenset(string.ascii_letters + string.digits + "+/=_.~!@#$%^&*?:")


def _fragments(content: str, redactor: Redactor) -> dict[str, str]:
    """Every ``FRAGMENT_CHARS``-long piece of each secret found in ``content`` -> its detector name."""
    pieces: dict[str, str] = {}
    for start, end, name in redactor.findings(content)[:MAX_SECRETS]:
        value = content[start:end]
        for index in range(0, len(value) - FRAGMENT_CHARS + 1):
            piece = value[index : index + FRAGMENT_CHARS]
            if _FRAGMENT_OK.issuperset(piece):
                pieces.setdefault(piece, name)
    return pieces


def _scrub(text: str, pieces: Mapping[str, str], replacement: str) -> str:
    """Replace the runs of ``text`` made of pieces of known secrets (an excerpt may cut a secret)."""
    if not pieces or len(text) < FRAGMENT_CHARS:
        return text
    spans: list[tuple[int, int, str]] = []
    for index in range(len(text) - FRAGMENT_CHARS + 1):
        name = pieces.get(text[index : index + FRAGMENT_CHARS])
        if name is not None:
            spans.append((index, index + FRAGMENT_CHARS, name))
    if not spans:
        return text
    parts, last = [], 0
    for start, end, name in _merge(spans):
        parts += [text[last:start], replacement.replace("{name}", name)]
        last = end
    return "".join(parts) + text[last:]


def redact_synopsis(synopsis: Synopsis, ruleset: Ruleset, *, content: str | None = None) -> Synopsis:
    """Return ``synopsis`` with every detected secret replaced (every policy: stubs never show one).

    With ``content`` (the output the synopsis describes), a piece of a secret that an
    excerpt cut away from its key word is found too: any run of ``FRAGMENT_CHARS`` or
    more characters of a secret detected in ``content`` is replaced.
    """
    redactor = redactor_for(ruleset)
    if redactor is None:
        return synopsis
    pieces = _fragments(content, redactor) if content else {}

    def clean(text: str) -> str:
        return _scrub(redactor.redact(text)[0], pieces, redactor.replacement)

    return dataclasses.replace(
        synopsis,
        title=clean(synopsis.title),
        summary=tuple(clean(item) for item in synopsis.summary),
        structure=tuple(clean(item) for item in synopsis.structure),
        notable_items=tuple(clean(item) for item in synopsis.notable_items),
        sample=clean(synopsis.sample),
    )


def prepare_for_storage(content: str, ruleset: Ruleset) -> tuple[str, int]:
    """Return (the content to store, number of redactions); raise RedactionRejected under ``reject``."""
    redactor = redactor_for(ruleset)
    if redactor is None or redactor.policy == "keep":
        return content, 0
    if redactor.policy == "reject":
        found = redactor.findings(content)
        if found:
            names = sorted({name for _, _, name in found})
            raise RedactionRejected(
                f"output holds {len(found)} secret(s) ({', '.join(names)}) and the redaction policy is 'reject'",
                details={"secrets": len(found), "detectors": names},
            )
        return content, 0
    return redactor.redact(content)


def redaction_errors(section: Mapping[str, Any]) -> list[tuple[tuple[Any, ...], str]]:
    """The patterns of a ``redaction`` section that RE2 refuses, as (JSON path tuple, message); for the loader."""
    errors: list[tuple[tuple[Any, ...], str]] = []
    detectors = section.get("detectors") if isinstance(section, Mapping) else None
    for index, item in enumerate(detectors or ()):
        if not isinstance(item, Mapping) or not isinstance(item.get("pattern"), str):
            continue
        try:
            regex = compile_pattern(item["pattern"])
        except PatternError as exc:
            errors.append((("redaction", "detectors", index, "pattern"), str(exc)))
            continue
        group = item.get("group")
        if isinstance(group, str) and group not in regex.groupindex:
            errors.append((("redaction", "detectors", index, "group"), f"pattern has no group named {group!r}"))
        elif isinstance(group, int) and not 0 <= group <= regex.groups:
            errors.append((("redaction", "detectors", index, "group"), f"pattern has no group {group}"))
    return errors
