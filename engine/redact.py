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
import json
import math
import re
import string
import sys
import urllib.parse
from collections import Counter
from collections.abc import Mapping
from typing import Any

from toolstub import regex as _regex
from toolstub import validation_cache
from toolstub.errors import PatternError, RedactionRejected, RuleFileError
from toolstub.regex import LinearPattern, LiteralGate, compile_large, compile_pattern, compile_set, known_pattern, literal_gate, without_groups
from toolstub.ruleset import Ruleset
from toolstub.synopsis import Synopsis

POLICIES = ("keep", "redact", "reject")
DEFAULT_REPLACEMENT = "[REDACTED:{name}]"
ENTROPY_NAME = "high_entropy_secret"
_VALUE_CHARS = r"[A-Za-z0-9+/=_.~!@#$%^&*?-]"


def _group_number(regex: Any, group: int | str) -> int:
    return regex.groupindex[group] if isinstance(group, str) else group


@dataclasses.dataclass(frozen=True)
class Detector:
    name: str
    regex: Any
    #: the secret's group number; a group name in a redactor built from a remembered section
    #: (:func:`redactor_for`), resolved when the detector first runs (its pattern compiled then)
    group: int | str = 0
    exclude: Any = None  # a secret this matches whole is a placeholder, not a secret
    exclude_after: Any = None  # ... or that is followed by this (a type annotation, a sentence)
    distinct_from: int | str | None = None  # ... or that equals this group's text (postgres:postgres)

    @functools.cached_property
    def group_number(self) -> int:
        return _group_number(self.regex, self.group)

    def excluded(self, text: str, match: Any, start: int, end: int) -> bool:
        if self.exclude is not None and self.exclude.search(text[start:end]):
            return True
        if self.exclude_after is not None and self.exclude_after.search(text[end : end + AFTER_CHARS]):
            return True
        return self.distinct_from is not None and \
            match.group(_group_number(self.regex, self.distinct_from)) == text[start:end]


#: where a bare value of ``?key=value&page=2`` ends: an ``&`` that starts the next ``name=``
#: (this module's own patterns compile on first use: most texts never reach them)
_NEXT_PARAM = LinearPattern.deferred(r"&(?:amp;)?[A-Za-z_][A-Za-z0-9_.-]*=")


@dataclasses.dataclass(frozen=True)
class Entropy:
    regex: Any
    min_bits_per_char: float
    min_length: int = 12
    group: int | str = 1
    exclude_keys: Any = None
    exclude_values: Any = None
    exclude_after: Any = None
    require: Any = None
    key_group: int | str = 1

    @functools.cached_property
    def group_number(self) -> int:
        return _group_number(self.regex, self.group)

    @functools.cached_property
    def key_group_number(self) -> int:
        return _group_number(self.regex, self.key_group)


@dataclasses.dataclass(frozen=True)
class Redactor:
    """The compiled ``redaction`` section of one ruleset."""

    policy: str
    replacement: str
    detectors: tuple[Detector, ...]
    entropy: Entropy | None
    #: one :class:`~toolstub.regex.LiteralGate` (or None) per detector and the entropy scan last, when
    #: known already (a remembered section); computed from the patterns on first use otherwise
    gates: tuple[LiteralGate | None, ...] | None = dataclasses.field(default=None, compare=False, repr=False)

    @property
    def active(self) -> bool:
        return bool(self.detectors or self.entropy)

    @functools.cached_property
    def _gates(self) -> tuple[LiteralGate | None, ...]:
        if self.gates is not None and len(self.gates) == len(self.detectors) + 1:
            return self.gates
        return compute_gates(self)

    def _gated(self, text: str) -> list[int]:
        """Indexes of the detectors (the entropy scan last) whose literal gate admits ``text``: the
        others cannot match it, so they are neither compiled nor run (regex.LiteralGate)."""
        folded: list[str] = []

        def fold() -> str:
            if not folded:
                folded.append(text.casefold())
            return folded[0]

        return [index for index, gate in enumerate(self._gates) if gate is None or gate.admits(text, fold)]

    @functools.cached_property
    def _prefilter_sources(self) -> list[str]:
        """The detectors' patterns (the entropy pattern last), groups made non-capturing."""
        sources = [d.regex.pattern for d in self.detectors]
        if self.entropy is not None:
            sources.append(self.entropy.regex.pattern)
        return [without_groups(p) for p in sources]

    @functools.cached_property
    def _prefilter(self) -> tuple[Any, ...] | None:
        """A few RE2 patterns that together match wherever any detector (or the entropy key word)
        does: the detectors in groups of :data:`PREFILTER_GROUP`, because one alternation of them
        all outgrows RE2's DFA memory and falls back to a scan a hundred times slower."""
        sources = self._prefilter_sources
        try:
            return tuple(
                compile_large("|".join(f"(?:{p})" for p in sources[i : i + PREFILTER_GROUP]))
                for i in range(0, len(sources), PREFILTER_GROUP)
            )
        except PatternError:  # pragma: no cover - each part compiled alone; keep the per-detector scan
            return None

    def _candidates(self, text: str, data: bytes | None = None) -> range | list[int]:
        """Indexes (into detectors, the entropy scan last) of the detectors worth running on ``text``:
        for a large text, a few passes over its UTF-8 bytes (``data``, when already encoded) leave
        only the groups that match anywhere (usually none). A short text uses the prefilter too
        once it is compiled (the synopsis fields after a large content): compiling it for a short
        text alone costs more than running the detectors. A short ``text`` holds no lone surrogate
        (a large one is read only through ``data``)."""
        every = range(len(self.detectors) + 1)
        if len(text) < PREFILTER_MIN_CHARS and "_prefilter" not in self.__dict__:
            # a short text: the prefilter only once a large text has compiled it; the literal gates
            return self._gated(text)
        if self._prefilter is None:
            return every
        if data is None:
            data = text.encode("utf-8")
        out: list[int] = []
        for number, group in enumerate(self._prefilter):
            if group.regex.search(data) is None:
                continue
            # a group matched: one RE2::Set pass says which of its detectors do (binary output
            # matches some group by chance; running all 40 detectors costs 40 passes)
            first = number * PREFILTER_GROUP
            members = self._prefilter_sources[first : first + PREFILTER_GROUP]
            matcher = compile_set(tuple(members))
            found = matcher.matching(data) if matcher is not None else None
            out.extend(range(first, first + len(members)) if found is None else (first + i for i in found))
        return out

    def findings(self, text: str) -> list[tuple[int, int, str]]:
        """Merged (start, end, detector name) spans of the secrets in ``text``, in order."""
        spans: list[tuple[int, int, str]] = []
        # What the patterns scan: ``text`` with each lone surrogate as U+FFFD (same offsets; RE2
        # reads only UTF-8), scrubbed once here rather than once per detector (a large text: only
        # its UTF-8 bytes, ``data``); the secrets and the text around them are taken from ``text``.
        scan, data = text, None
        large = len(text) >= PREFILTER_MIN_CHARS
        if large or not text.isascii():
            try:
                data = text.encode("utf-8")
            except UnicodeEncodeError:
                if large:
                    data = _regex.scrubbed_utf8(text)
                else:
                    scan = _regex.scrub_surrogates(text)
                    data = scan.encode("utf-8")
        candidates = self._candidates(scan, data)
        # a large text: every pattern runs over its UTF-8 bytes, encoded once (RE2 would encode
        # a str again for each pattern), byte offsets counted back to code points once
        offsets = _regex.CharOffsets(data) if large and data is not None else None  # data: set when large

        def matches(pattern: LinearPattern) -> Any:
            return pattern.finditer_utf8(data, offsets) if offsets is not None else pattern.finditer(scan)

        for index in candidates:
            if index == len(self.detectors):
                continue
            detector = self.detectors[index]
            for match in matches(detector.regex):
                start, end = match.span(detector.group_number)
                if start >= 0 and end > start:
                    if detector.excluded(text, match, start, end):
                        continue
                    spans.append((start, end, detector.name))
        if self.entropy is not None and len(self.detectors) in candidates:
            spans.extend(self._entropy_findings(text, matches(self.entropy.regex)))
        return _merge(spans)

    def _entropy_findings(self, text: str, found: Any = None) -> list[tuple[int, int, str]]:
        """Values after a key holding a key word (``key = value``, ``"key": "value"``), never a bare word:
        the key must not be excluded, the value must hold a digit (``require``), must not be an
        identifier or a placeholder (``exclude_values``), must not be called (``value(``), and must
        carry enough entropy. ``found``: the entropy pattern's matches in ``text`` (see :meth:`findings`)."""
        entropy = self.entropy
        out = []
        for match in entropy.regex.finditer(text) if found is None else found:
            value = match.group("secret")
            start, end = match.span(entropy.group_number)
            quote = match.group("quote")
            if not quote:  # a bare value in a URL query ends where the next parameter begins
                next_param = _NEXT_PARAM.search(value)
                if next_param is not None:
                    value = value[: next_param.start()]
                    end = start + len(value)
                    if len(value) < entropy.min_length:
                        continue
            if text[end : end + 1] == "(":
                continue  # a call: password = get_password(...)
            if quote and text[end : end + 1] not in (quote, "\\", ""):
                continue  # the quoted value goes on with characters a secret does not have
            key_start = match.start(entropy.key_group_number)
            if key_start > 0 and text[key_start - 1] in ":/":
                continue  # a part of a longer name: arn:aws:secretsmanager:...:secret:NAME, a/b/token
            if entropy.exclude_keys is not None and entropy.exclude_keys.search(match.group("key")):
                continue
            if entropy.exclude_after is not None and entropy.exclude_after.search(text[end : end + AFTER_CHARS]):
                continue
            if entropy.require is not None and not entropy.require.search(value):
                continue
            if entropy.exclude_values is not None and entropy.exclude_values.search(value):
                continue
            if bits_per_char(value) >= entropy.min_bits_per_char:
                out.append((start, end, ENTROPY_NAME))
        return out

    def _apply(self, text: str, spans: list[tuple[int, int, str]]) -> str:
        parts, last = [], 0
        for start, end, name in spans:
            parts.append(text[last:start])
            parts.append(self.replacement.replace("{name}", name))
            last = end
        parts.append(text[last:])
        return "".join(parts)

    def redact(self, text: str) -> tuple[str, int]:
        """(``text`` with each secret replaced, number of secrets).

        JSON text is redacted for what it means too: a secret written with ``\\uXXXX`` or ``\\/``
        escapes inside a string is found in the decoded string, and that string is rewritten
        (unescaped, the secret replaced) so that neither form survives and the JSON still parses.
        The same holds for percent-encoded words (``%2F`` in a URL or a form body) and HTML
        character references (``&#x67;``, ``&amp;``): a word holding a secret once decoded is
        written decoded, the secret replaced; every other word stays as it was. ANSI colour
        codes (``grep --color``) are looked through the same way.
        """
        if not text or not self.active:
            return text, 0
        total, viewed = 0, False
        for view_of in _VIEWS:
            decoded = view_of(text)
            if decoded is None:
                continue
            viewed = True
            view, tokens = decoded
            spans = self.findings(view)
            if spans:
                text = _rewrite(text, view, tokens, spans, self)
                total += len(spans)
        if viewed:  # a view holds every character outside its tokens: nothing is left to find
            return text, total
        spans = self.findings(text)
        if not spans:
            return text, 0
        return self._apply(text, spans), len(spans)


# --- JSON escapes: the secret a JSON string means, not only its text -----------------------------

#: a JSON string literal holding a \\uXXXX or \\/ escape (the only escapes that hide characters a
#: detector looks for); leftmost matches are real tokens in JSON, where backslashes occur only in strings
_ESCAPED_STRING = LinearPattern.deferred(r'"(?:[^"\\\n]|\\.)*\\(?:u[0-9A-Fa-f]{4}|/)(?:[^"\\\n]|\\.)*"')


def _looks_like_json(text: str) -> bool:
    head = text[:4096].lstrip("\ufeff \t\r\n")
    return head[:1] in ("{", "[", '"') or "\n{" in text[:65536]


def _decoded_view(text: str) -> tuple[str, list[tuple[int, int, int, int, str]]] | None:
    """For JSON-like text with \\u or \\/ escapes: (the text with each such string literal written
    unescaped, [(view_start, view_end, raw_start, raw_end, view_literal)]); None when nothing changes."""
    if ("\\u" not in text and "\\/" not in text) or not _looks_like_json(text):
        return None
    return _decoded_words(text, _ESCAPED_STRING, _unescape_json_string)


def _unescape_json_string(literal: str) -> str | None:
    try:
        return json.dumps(json.loads(literal), ensure_ascii=False)
    except ValueError:
        return None


def _decoded_words(text: str, pattern: Any, decode: Any) -> tuple[str, list[tuple[int, int, int, int, str]]] | None:
    """The text with each ``pattern`` match replaced by ``decode(match)`` (when that differs and
    is not None), and [(view_start, view_end, raw_start, raw_end, view_literal)] for each
    replacement; None when nothing changes."""
    pieces: list[str] = []
    tokens: list[tuple[int, int, int, int, str]] = []
    last = size = 0
    for match in pattern.finditer(text):
        raw = match.group(0)
        literal = decode(raw)
        if literal is None or literal == raw:
            continue
        start, end = match.span()
        pieces.append(text[last:start])
        size += start - last
        tokens.append((size, size + len(literal), start, end, literal))
        pieces.append(literal)
        size += len(literal)
        last = end
    if not tokens:
        return None
    pieces.append(text[last:])
    return "".join(pieces), tokens


#: a word holding a percent-escape (``%2F``): the characters of a URL's path, query value or form
#: field, without ``=``, ``&`` and ``?`` so that a key stays outside the value it names
_PERCENT_WORD = LinearPattern.deferred(r"[A-Za-z0-9._~+\-/%]*%[0-9A-Fa-f]{2}[A-Za-z0-9._~+\-/%]*")
#: a word holding an HTML character reference (``&#103;``, ``&#x67;``, ``&quot;``)
_ENTITY = r"&(?:#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});"
_ENTITY_WORD = LinearPattern.deferred(rf"(?:[^\s<>\"'&]|{_ENTITY})*{_ENTITY}(?:[^\s<>\"'&]|{_ENTITY})*")


#: an ANSI escape sequence (colour, cursor: ``ESC[01;31m``, ``ESC[K``), which decodes to nothing
_ANSI = LinearPattern.deferred(r"\x1b\[[0-9;?]*[ -/]*[@-~]")


def _ansi_view(text: str) -> tuple[str, list[tuple[int, int, int, int, str]]] | None:
    return _decoded_words(text, _ANSI, lambda _seq: "") if "\x1b[" in text else None


def _unpercent(word: str) -> str | None:
    try:
        decoded = urllib.parse.unquote(word, errors="strict")
    except UnicodeDecodeError:
        return None
    return decoded if decoded.isprintable() else None


def _unentity(word: str) -> str | None:
    import html  # noqa: PLC0415 - only for a text holding an entity (start-up)

    decoded = html.unescape(word)
    return decoded if decoded.isprintable() else None


def _percent_view(text: str) -> tuple[str, list[tuple[int, int, int, int, str]]] | None:
    return _decoded_words(text, _PERCENT_WORD, _unpercent) if "%" in text else None


def _entity_view(text: str) -> tuple[str, list[tuple[int, int, int, int, str]]] | None:
    return _decoded_words(text, _ENTITY_WORD, _unentity) if "&" in text and ";" in text else None


#: a word holding a backslash escape of a source-code string (``\x61``, ``\u0061``, ``\U00000061``:
#: Python, JavaScript, C, shell ``$'...'``); JSON's own escapes are read by :func:`_decoded_view`
_BACKSLASH = r"\\(?:x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}|U[0-9A-Fa-f]{8})"
_BACKSLASH_WORD = LinearPattern.deferred(rf"(?:[A-Za-z0-9_+/=.~-]|{_BACKSLASH})*{_BACKSLASH}(?:[A-Za-z0-9_+/=.~-]|{_BACKSLASH})*")
_BACKSLASH_ONE = re.compile(_BACKSLASH)


def _unbackslash(word: str) -> str | None:
    try:
        decoded = _BACKSLASH_ONE.sub(lambda m: chr(int(m.group(0)[2:], 16)), word)
    except (ValueError, OverflowError):  # \U past U+10FFFF
        return None
    return decoded if decoded.isprintable() else None


def _backslash_view(text: str) -> tuple[str, list[tuple[int, int, int, int, str]]] | None:
    if "\\x" not in text and "\\u" not in text and "\\U" not in text:
        return None
    return _decoded_words(text, _BACKSLASH_WORD, _unbackslash)


#: the decoded views a text is searched in, in order (each on the text the one before rewrote)
_VIEWS = (_decoded_view, _backslash_view, _percent_view, _entity_view, _ansi_view)


def _rewrite(text: str, view: str, tokens: list[tuple[int, int, int, int, str]],
             spans: list[tuple[int, int, str]], redactor: Redactor) -> str:
    """``text`` with the secrets found in its decoded ``view`` replaced: stretches outside rewritten
    literals are the same in both; a literal holding (part of) a secret is emitted decoded and
    redacted, any other literal as it was."""
    out: list[str] = []
    view_pos = 0  # where the next stretch starts in the view

    shown: set[int] = set()  # spans whose marker is out: a span across a token boundary gets one

    def clipped(lo: int, hi: int) -> str:
        parts, last = [], lo
        for index, (a, b, name) in enumerate(spans):
            if a < hi and b > lo:
                parts.append(view[last:max(a, lo)])
                if index not in shown:
                    shown.add(index)
                    parts.append(redactor.replacement.replace("{name}", name))
                last = min(b, hi)
        parts.append(view[last:hi])
        return "".join(parts)

    for v0, v1, r0, r1, _literal in tokens:
        out.append(clipped(view_pos, v0))  # the same characters as the raw text before this token
        if any(a < v1 and b > v0 for a, b, _ in spans):
            out.append(clipped(v0, v1))
        else:
            out.append(text[r0:r1])
        view_pos = v1
    out.append(clipped(view_pos, len(view)))
    return "".join(out)


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


def _compile(pattern: str, *, source: str, json_path: str, known: bool = False, written: str | None = None) -> Any:
    """``pattern`` compiled as the run time uses it; ``written``: the rule file's own text of it,
    when ``pattern`` wraps it (``^(?:...)$``): an error then names what the user wrote."""
    if known:  # compiled before with this RE2 (a remembered section): compiled on first use
        return known_pattern(pattern)
    try:
        return compile_pattern(pattern)
    except PatternError as exc:
        message = str(exc)
        if written is not None:
            try:
                compile_pattern(written)
            except PatternError as own:
                message = str(own)
            else:
                message = f"pattern {written!r} cannot be used here: {message}"
        raise RuleFileError(message, path=source, json_path=json_path) from None


def _entropy(section: Mapping[str, Any], source: str, known: bool = False) -> Entropy | None:
    keywords = [str(k) for k in section.get("keywords") or () if str(k)]
    if not keywords:
        return None
    min_length = max(1, int(section.get("min_length", 16)))
    alternatives = "|".join(_escape(k) for k in keywords)
    # a key (one token that holds a key word), then ':', '=' or '=>', then the value, quoted or bare
    pattern = (
        rf"(?i)(?P<key>\b[A-Za-z0-9_.-]*(?:{alternatives})[A-Za-z0-9_.-]*)\\*[\"']?[ \t]*(?::|=>|=)[ \t]*"
        rf"\\*(?P<quote>[\"']?)(?P<secret>{_VALUE_CHARS}{{{min_length},}})"
    )
    regex = _compile(pattern, source=source, json_path="$.redaction.entropy.keywords", known=known)

    def optional(name: str, default: str | None = None, flags: str = "") -> Any:
        text = section.get(name, default)
        if not text:
            return None
        return _compile(f"{flags}^(?:{text})$", source=source, json_path=f"$.redaction.entropy.{name}", known=known,
                        written=str(text))

    return Entropy(
        regex=regex, min_bits_per_char=float(section.get("min_bits_per_char", 3.0)), min_length=min_length,
        group="secret" if known else regex.groupindex["secret"],
        key_group="key" if known else regex.groupindex["key"],
        exclude_keys=optional("exclude_keys", flags="(?i)"), exclude_values=optional("exclude_values"),
        exclude_after=_after(section.get("exclude_after"), source, "$.redaction.entropy.exclude_after", known),
        require=_compile(str(section.get("require") or "[0-9]"), source=source,
                         json_path="$.redaction.entropy.require", known=known),
    )


def _after(text: Any, source: str, json_path: str, known: bool = False) -> Any:
    """An ``exclude_after`` pattern: matched where the secret ends."""
    return _compile(f"^(?:{text})", source=source, json_path=json_path, known=known, written=str(text)) if text else None


def _escape(word: str) -> str:
    return "".join(f"\\{ch}" if not ch.isalnum() and ch != "_" else ch for ch in word)


def build_redactor(section: Mapping[str, Any], *, source: str = "rules", known: bool = False,
                   gates: tuple[LiteralGate | None, ...] | None = None) -> Redactor:
    """Compile one ``redaction`` section; a bad pattern raises :class:`RuleFileError` with its JSON path.

    ``known``: the same section built before with this code and RE2 (:func:`redactor_for` remembers
    that), so nothing is checked and each pattern compiles when it is first used; ``gates``: the
    detectors' literal gates computed then."""
    detectors = []
    for index, item in enumerate(section.get("detectors") or ()):
        path = f"$.redaction.detectors[{index}].pattern"
        regex = _compile(str(item["pattern"]), source=source, json_path=path, known=known)
        group = item.get("group", 0)
        exclude = item.get("exclude")
        distinct = item.get("distinct_from")
        if not known:
            where = f"$.redaction.detectors[{index}].group"
            if isinstance(group, str):
                if group not in regex.groupindex:
                    raise RuleFileError(f"pattern has no group named {group!r}", path=source, json_path=where)
                group = regex.groupindex[group]
            elif not 0 <= int(group) <= regex.groups:
                raise RuleFileError(f"pattern has no group {group}", path=source, json_path=where)
        exclude_regex = (_compile(f"^(?:{exclude})$", source=source, json_path=f"$.redaction.detectors[{index}].exclude",
                                  known=known, written=str(exclude))
                         if exclude else None)
        if not known and distinct is not None and distinct not in regex.groupindex:
            raise RuleFileError(f"pattern has no group named {distinct!r}", path=source,
                                json_path=f"$.redaction.detectors[{index}].distinct_from")
        detectors.append(Detector(
            name=str(item["name"]), regex=regex, group=group if isinstance(group, str) else int(group),
            exclude=exclude_regex,
            exclude_after=_after(item.get("exclude_after"), source, f"$.redaction.detectors[{index}].exclude_after",
                                 known),
            distinct_from=(distinct if known else regex.groupindex[distinct]) if distinct is not None else None,
        ))
    entropy = _entropy(section.get("entropy") or {}, source, known)
    return Redactor(
        policy=str(section.get("policy", "redact")),
        replacement=str(section.get("replacement", DEFAULT_REPLACEMENT)),
        detectors=tuple(detectors),
        entropy=entropy,
        gates=gates,
    )


def compute_gates(redactor: Redactor) -> tuple[LiteralGate | None, ...]:
    """The literal gate of each detector's pattern and of the entropy scan (None: no entropy scan)."""
    gates = [literal_gate(d.regex.pattern) for d in redactor.detectors]
    gates.append(literal_gate(redactor.entropy.regex.pattern) if redactor.entropy is not None else None)
    return tuple(gates)


# --- remembered sections (start-up) --------------------------------------------------------------
#
# Compiling every detector of ``default`` (about 100 RE2 patterns with their exclusions) costs more
# than the rest of a small synopsis. A section that built once (every pattern compiled, every group
# found) is remembered under the user cache dir (``validation_cache``, folder ``redaction``) by the
# sha256 of the section and of the code that builds it (this module, toolstub.regex, RE2, Python),
# with its detectors' literal gates; later processes build it with each pattern compiled on first
# use and run only the detectors whose gate admits a short text. Failures are never remembered.

_ENTRY_FORMAT = "redaction-1"
_ENTRY_FOLDER = "redaction"


def _code_stamp() -> list[Any]:
    import re2  # noqa: PLC0415 - already imported by toolstub.regex
    import unicodedata  # noqa: PLC0415 - a built-in module: \\p{python_word} follows its tables

    return [sys.version, unicodedata.unidata_version,
            *validation_cache.file_stamps(sys.modules[__name__], _regex, re2, sys.modules.get("re2._re2"))]


def _remembered_gates(entry: Any, section: Mapping[str, Any]) -> tuple[LiteralGate | None, ...] | None:
    try:
        gates = tuple(LiteralGate.from_json(g) for g in entry["gates"])
    except (TypeError, KeyError, ValueError):
        return None
    return gates if len(gates) == len(section.get("detectors") or ()) + 1 else None


def _build_remembered(section: Mapping[str, Any], source: str) -> Redactor:
    digest = validation_cache.key(_ENTRY_FORMAT, _code_stamp(), section) if validation_cache.enabled() else None
    if digest is not None:
        gates = _remembered_gates(validation_cache.read_entry(_ENTRY_FOLDER, digest), section)
        if gates is not None:
            return build_redactor(section, source=source, known=True, gates=gates)
    redactor = build_redactor(section, source=source)  # raises on a bad pattern: never remembered
    if digest is not None:
        validation_cache.write_entry(_ENTRY_FOLDER, digest,
                                     {"gates": [g.to_json() if g is not None else None for g in redactor._gates]})
    return redactor


_redactors: dict[int, tuple[Ruleset, Redactor | None]] = {}


def redactor_for(ruleset: Ruleset) -> Redactor | None:
    """The ruleset's compiled redactor (``None`` when it has no ``redaction`` section); cached."""
    cached = _redactors.get(id(ruleset))
    if cached is not None and cached[0] is ruleset:
        return cached[1]
    section = ruleset.data.get("redaction") if ruleset.data else None
    redactor = _build_remembered(section, ruleset.source) if section else None
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
#: how much of the text after a secret ``exclude_after`` sees
AFTER_CHARS = 80
#: texts at least this long are first checked with a few combined passes (see Redactor._candidates)
PREFILTER_MIN_CHARS = 65_536
#: detectors per prefilter pattern (measured: 16 per group scans 1 MB in about 2 ms; all 77 in one
#: alternation take 1.1 s, RE2 having left its DFA). Compiled with a 64 MB DFA budget
#: (``regex.compile_large``), 40 per group is faster on every input measured (10 MB, bench/redaction
#: prefilter in /work/notes/issue-11-scale4.md): JSON/log/code 0.07-0.08 s -> 0.03 s, a real-corpus
#: mix 1.07 s -> 0.13 s, base64 0.75 s -> 0.47 s; which detectors then run is unchanged (a superset).
PREFILTER_GROUP = 40
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


def redact_value(value: Any, ruleset: Ruleset, *, _depth: int = 0) -> tuple[Any, int]:
    """(a JSON-able ``value`` with every string in it, keys too, redacted, count): for message logs,
    text parts and small tool outputs kept inline, whatever the policy (they are shown as stored)."""
    redactor = redactor_for(ruleset)
    if redactor is None:
        return value, 0
    return _redact_value(value, redactor, 0)


def _redact_value(value: Any, redactor: Redactor, depth: int) -> tuple[Any, int]:
    if isinstance(value, str):
        return redactor.redact(value)
    if depth > 400:  # deeper than any request body can be (the server refuses > 256)
        return value, 0
    if isinstance(value, dict):
        out, total = {}, 0
        for key, item in value.items():
            new_key, n_key = _redact_value(key, redactor, depth + 1) if isinstance(key, str) else (key, 0)
            new_item, n_item = _redact_value(item, redactor, depth + 1)
            out[new_key] = new_item
            total += n_key + n_item
        return out, total
    if isinstance(value, (list, tuple)):
        items = [_redact_value(item, redactor, depth + 1) for item in value]
        return [item for item, _ in items], sum(n for _, n in items)
    return value, 0


def redact_fields(values: tuple[Any, ...], ruleset: Ruleset) -> tuple[tuple[Any, ...], int]:
    """(each string of ``values`` redacted, others as they are; the count): metadata strings."""
    redactor = redactor_for(ruleset)
    if redactor is None:
        return values, 0
    out, total = [], 0
    for value in values:
        if isinstance(value, str) and value:
            value, found = redactor.redact(value)
            total += found
        out.append(value)
    return tuple(out), total


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
    """What the run time would refuse in a ``redaction`` section, as (JSON path tuple, message), for
    the loader: the section is compiled exactly as :func:`redactor_for` compiles it (every pattern,
    wrapped as it is used: ``exclude``, ``exclude_after``, the entropy keys; the groups named), so a
    section that validates always builds."""
    if not isinstance(section, Mapping) or not section:
        return []
    try:
        build_redactor(section)
    except RuleFileError as exc:
        return [(_path_tuple(exc.json_path), exc.reason)]
    except (TypeError, ValueError, KeyError) as exc:  # the schema lets through what cannot be built
        return [(("redaction",), " ".join(f"cannot be compiled: {type(exc).__name__}: {exc}".split()))]
    return []


_PATH_PART = re.compile(r"\.([^.\[]+)|\[(\d+)\]")


def _path_tuple(json_path: str) -> tuple[Any, ...]:
    """``$.redaction.detectors[2].exclude`` -> ``("redaction", "detectors", 2, "exclude")``."""
    return tuple(int(index) if index else name for name, index in _PATH_PART.findall(json_path))


# --- answers: what is shown is redacted too ------------------------------------------------------

#: how much text each side of a read slice (or a search snippet) is scanned, so that a secret the
#: slice cuts is still found whole and its part inside the slice replaced
RESPONSE_MARGIN = 4096
#: a search page whose matches lie within this many code points is read once for its redaction
SHARED_WINDOW_CHARS = 4 << 20


def response_redactor(ruleset: Ruleset) -> Redactor | None:
    """The redactor for answers (read, search, query, list), or None: the ruleset has no
    ``redaction`` section, or it opts out with ``redaction.responses: keep``."""
    redactor = redactor_for(ruleset)
    section = ruleset.data.get("redaction") if ruleset.data else None
    if redactor is None or (isinstance(section, Mapping) and section.get("responses") == "keep"):
        return None
    return redactor


def redact_window(text: str, before: str, after: str, redactor: Redactor) -> str:
    """``text`` with every secret found in ``before + text + after`` replaced where it overlaps ``text``
    (a secret cut by the window's edge is replaced by the part inside); JSON escapes inside ``text``
    are redacted for what they mean too."""
    lo, hi = len(before), len(before) + len(text)
    spans = redactor.findings(before + text + after)
    inside = [(max(a, lo) - lo, min(b, hi) - lo, n) for a, b, n in spans if a < hi and b > lo]
    out = redactor._apply(text, inside) if inside else text
    return redactor.redact(out)[0]


class RedactedReads:
    """A session (:class:`~toolstub.store.ToolResultStore`) whose answers are redacted as they are shown.

    The store redacts what it keeps under ``policy: redact``; this covers the rest: outputs kept
    under ``policy: keep``, records written by another ruleset or an older version, and metadata
    strings. ``read``, ``search``, ``query``, ``list`` and ``metadata`` answer as the session does,
    with each secret replaced; every other attribute is the session's own. Offsets still count
    the stored text (a replaced secret changes the length of ``content``).
    """

    def __init__(self, session: Any, redactor: Redactor) -> None:
        self._session = session
        self._redactor = redactor

    def __getattr__(self, name: str) -> Any:
        return getattr(self._session, name)

    def _value(self, value: Any) -> Any:
        return _redact_value(value, self._redactor, 0)[0]

    def _around(self, rid: str, start: int, end: int) -> tuple[str, str]:
        lo = max(0, start - RESPONSE_MARGIN)
        before = self._session.read(rid, offset=lo, limit=start - lo, include_metadata=False)["content"] if start else ""
        after = self._session.read(rid, offset=end, limit=RESPONSE_MARGIN, include_metadata=False)["content"]
        return before, after

    def read(self, id_or_ref: str, *args: Any, **kwargs: Any) -> Any:
        result = self._session.read(id_or_ref, *args, **kwargs)
        out = dict(result)
        content = str(out.get("content") or "")
        if content:
            rid = str(out.get("tool_result_id") or self._session.resolve(id_or_ref))
            start = int(out.get("offset") or 0)
            before, after = self._around(rid, start, start + len(content))
            out["content"] = redact_window(content, before, after, self._redactor)
        if isinstance(out.get("metadata"), dict):
            out["metadata"] = self._value(out["metadata"])
        return type(result)(out)

    def search(self, id_or_ref: str, query: str, *args: Any, **kwargs: Any) -> Any:
        result = self._session.search(id_or_ref, query, *args, **kwargs)
        out = dict(result)
        found = [dict(m) for m in out.get("matches") or ()]
        if not found:
            return result
        rid = str(out.get("tool_result_id") or self._session.resolve(id_or_ref))
        widest = max(len(str(m.get("snippet") or "")) for m in found) + RESPONSE_MARGIN
        lo = max(0, min(int(m.get("offset") or 0) for m in found) - widest)
        hi = max(int(m.get("offset") or 0) for m in found) + widest
        # one read for the page when its matches are close (a store round trip per match otherwise)
        shared = (lo, self._text(rid, lo, hi - lo)) if hi - lo <= SHARED_WINDOW_CHARS else None
        for match in found:
            snippet = str(match.get("snippet") or "")
            offset = int(match.get("offset") or 0)
            # the snippet lies within [offset - len, offset + len]: scan that, with a margin each side
            w_lo = max(0, offset - len(snippet) - RESPONSE_MARGIN)
            w_len = 2 * len(snippet) + 2 * RESPONSE_MARGIN
            if shared is not None:
                window = shared[1][w_lo - shared[0] : w_lo - shared[0] + w_len]
            else:
                window = self._text(rid, w_lo, w_len)
            at = window.find(snippet, max(0, offset - w_lo - len(snippet))) if snippet else -1
            if 0 <= at <= offset - w_lo:  # where the snippet is: redact it as it reads in its surroundings
                match["snippet"] = redact_window(snippet, window[:at], window[at + len(snippet):], self._redactor)
            else:  # a snippet that is not a plain slice: its own secrets, and pieces of those around
                pieces = _fragments(window, self._redactor)
                match["snippet"] = _scrub(self._redactor.redact(snippet)[0], pieces, self._redactor.replacement)
        out["matches"] = found
        return type(result)(out)

    def _text(self, rid: str, offset: int, limit: int) -> str:
        return str(self._session.read(rid, offset=offset, limit=limit, include_metadata=False)["content"])

    def query(self, *args: Any, **kwargs: Any) -> Any:
        result = self._session.query(*args, **kwargs)
        out = self._value(dict(result))
        out["matches"] = [self._query_match(m) for m in out.get("matches") or ()]
        return type(result)(out)

    def _query_match(self, match: Any) -> Any:
        """A value is redacted as it reads under its key (``$.db.password`` -> ``{"password": value}``),
        in its JSON form, so that key/value detectors see the key."""
        if not isinstance(match, dict) or "value" not in match:
            return match
        key = _last_key(str(match.get("path") or ""))
        try:
            text = json.dumps({key: match["value"]}, ensure_ascii=False)
        except (TypeError, ValueError):
            return match
        redacted, found = self._redactor.redact(text)
        if found:
            try:
                match = {**match, "value": next(iter(json.loads(redacted).values()))}
            except (ValueError, StopIteration):
                match = {**match, "value": self._redactor.replacement.replace("{name}", "secret")}
        return match

    def list(self, *args: Any, **kwargs: Any) -> Any:
        result = self._session.list(*args, **kwargs)
        return type(result)(self._value(dict(result)))

    def metadata(self, *args: Any, **kwargs: Any) -> Any:
        return self._value(self._session.metadata(*args, **kwargs))

    def load_metadata(self, *args: Any, **kwargs: Any) -> Any:
        return self._value(self._session.load_metadata(*args, **kwargs))

    def messages(self, *args: Any, **kwargs: Any) -> Any:
        return self._value(self._session.messages(*args, **kwargs))


def _last_key(path: str) -> str:
    """The last member name of a JSONPath (``$.a.b`` -> ``b``, ``$["x y"]`` -> ``x y``), else ``value``."""
    if path.endswith('"]'):
        start = path.rfind('["')
        if start >= 0:
            try:
                return str(json.loads(path[start + 1 : -1]))
            except ValueError:
                pass
    name = path.rsplit(".", 1)[-1] if "." in path else ""
    return name if name and name.replace("_", "a").replace("-", "a").isalnum() else "value"


def redacted_reads(session: Any, ruleset: Ruleset) -> Any:
    """``session`` with redacted answers (:class:`RedactedReads`), or ``session`` itself when the
    ruleset redacts nothing or opts out (``redaction.responses: keep``)."""
    redactor = response_redactor(ruleset)
    return session if redactor is None else RedactedReads(session, redactor)
