"""Linear-time regular expressions for every pattern that comes from data.

All rule-file patterns (and user search patterns) are compiled with RE2
(``google-re2``), whose matching time is linear in the input whatever the
pattern: a pattern cannot backtrack catastrophically. RE2 has no lookaround or
backreferences; such patterns are refused with a one-line :class:`PatternError`.

Any ``str`` can be matched, lone surrogates included: RE2 itself refuses text
that is not valid UTF-8, so :class:`LinearPattern` retries such text with each
lone surrogate replaced by U+FFFD (one code point for one, so every offset
stays the same), and ``sub`` splices the original text around the matches.
``bytes`` are passed to RE2 unchanged.

Note: RE2's ``\\s``, ``\\w`` and ``\\d`` are ASCII classes, while Python's ``re``
on ``str`` uses Unicode classes. A rule file that must match Python semantics
spells the Unicode class out (e.g. ``[\\s\\x0b\\x1c-\\x1f\\x85\\pZ]``).

Python's ``\\w`` cannot be spelled out once and for all: its letters are those of
the running interpreter's Unicode database (``unicodedata.unidata_version``;
Python 3.11: Unicode 14.0), while RE2's ``\\pL\\pN`` follow RE2's newer tables
(about 5,000 more code points). A pattern may therefore write ``\\p{python_word}``
(:data:`PYTHON_WORD`), outside or inside a bracket class: it is replaced, before
RE2 compiles the pattern, by an explicit class of exactly the characters this
interpreter's ``re`` matches with ``\\w`` (computed once per process, about 0.05 s,
then cached). Matching stays linear: it is an ordinary RE2 character class.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Callable, Iterator
from functools import lru_cache
from typing import Any

import re2

from toolstub.errors import PatternError

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False
#: for a few large alternations scanned over whole outputs (the redaction prefilter): a larger DFA
#: budget keeps RE2 in its DFA where the default 8 MB makes it fall back to a far slower scan
LARGE_DFA_MEMORY = 64 << 20
_LARGE_OPTIONS = re2.Options()
_LARGE_OPTIONS.log_errors = False
_LARGE_OPTIONS.max_mem = LARGE_DFA_MEMORY

_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
#: byte -> 1 for a UTF-8 lead byte 0xED / for 0xA0-0xBF (the second byte of a surrogate written
#: with ``surrogatepass``: ED A0-BF 80-BF), 0 for every other byte
_IS_ED = bytes(int(byte == 0xED) for byte in range(256))
_IS_SURROGATE_SECOND = bytes(int(0xA0 <= byte <= 0xBF) for byte in range(256))
#: a text is scrubbed in pieces of at most this many code points (bounds the temporaries)
_SCRUB_PIECE = 1 << 20
#: the UTF-8 bytes of a piece read to choose how to scrub it
_DENSITY_SAMPLE = 1 << 16


def scrub_surrogates(text: str) -> str:
    """``text`` with each lone surrogate replaced by U+FFFD (same length, same offsets).

    A few lone surrogates: one ``re.sub``. Many (binary output decoded with ``surrogateescape``,
    where ``re.sub`` pays for each of its hundreds of thousands of matches): C-level passes over
    the UTF-8 bytes as one integer, independent of the number of surrogates. ``surrogatepass``
    writes each surrogate as ED A0-BF 80-BF (and nothing else starts so: ED 80-9F is
    U+D000-U+D7FF); U+FFFD is EF BF BD, i.e. ED^02, (A0-BF)|1F, ((80-BF)|3F)^02, so with ``ones``
    holding 1 at the first byte of each surrogate, ``(data | ones * 0x3F1F00) ^ ones * 0x020002``
    is the UTF-8 of the scrubbed text (bytes of two surrogates never overlap: no carries).
    """
    if text.isascii():
        return text
    pieces = [_scrub_piece(text[i : i + _SCRUB_PIECE]) for i in range(0, len(text), _SCRUB_PIECE)]
    return pieces[0] if len(pieces) == 1 else "".join(pieces)


def scrubbed_utf8(text: str) -> bytes:
    """``scrub_surrogates(text).encode("utf-8")``, without building the scrubbed ``str``."""
    if text.isascii():
        return text.encode("ascii")
    pieces = [_scrub_piece(text[i : i + _SCRUB_PIECE], utf8=True) for i in range(0, len(text), _SCRUB_PIECE)]
    return pieces[0] if len(pieces) == 1 else b"".join(pieces)


def _scrub_piece(text: str, utf8: bool = False) -> Any:
    data = text.encode("utf-8", "surrogatepass")
    # few surrogates (in a sample: either way is exact, this only picks the faster one)? 0xED also
    # starts U+D000-U+D7FF, so this counts at least every surrogate
    if data.count(b"\xed", 0, _DENSITY_SAMPLE) * 16 < min(len(data), _DENSITY_SAMPLE):
        scrubbed = _LONE_SURROGATE.sub("\ufffd", text)
        return scrubbed.encode("utf-8") if utf8 else scrubbed
    ones = int.from_bytes(data.translate(_IS_ED), "little") & (
        int.from_bytes(data.translate(_IS_SURROGATE_SECOND), "little") >> 8)
    if not ones:
        return data if utf8 else text
    out = ((int.from_bytes(data, "little") | ones * 0x3F1F00) ^ ones * 0x020002).to_bytes(len(data), "little")
    return out if utf8 else out.decode("utf-8")


def _scrubbed(text: Any) -> str:
    if not isinstance(text, str):
        raise UnicodeEncodeError("utf-8", "", 0, 0, "not valid UTF-8 and not a str")
    return scrub_surrogates(text)


class LinearPattern:
    """An RE2 pattern that accepts any ``str`` (see the module docstring).

    Other attributes (``pattern``, ``groups``, ``groupindex``...) are RE2's own.
    """

    __slots__ = ("regex", "_source", "gate")

    def __init__(self, regex: Any) -> None:
        #: the underlying ``re2`` object (for callers that match UTF-8 bytes themselves)
        self.regex: Any = regex
        self._source: str = regex.pattern
        #: what every match holds (:class:`LiteralGate`), when known (see :func:`turned_away`)
        self.gate: LiteralGate | None = None

    @classmethod
    def deferred(cls, source: str, gate: LiteralGate | None = None) -> LinearPattern:
        """A pattern *known to compile* (it did, with this RE2, when its rule file was cached),
        compiled on first use: start-up compiles only the patterns an input reaches. With its
        ``gate``, a short text the gate turns away is answered without compiling it (start-up: a
        small output reaches many patterns that cannot match it)."""
        klass = _GatedPattern if gate is not None else cls
        self = klass.__new__(klass)
        self._source = source
        self.gate = gate
        return self

    def __getattr__(self, name: str) -> Any:
        # Only reached for what is not a slot, or for ``regex`` while a deferred pattern is not compiled.
        if name == "regex":
            try:
                regex = re2.compile(self._source, _OPTIONS)
            except re2.error as exc:  # a remembered rule file that no longer compiles (never expected)
                raise PatternError(f"pattern {self._source!r} is not a valid linear-time (RE2) regex: "
                                   f"{_reason(exc)}") from None
            self.regex = regex
            return regex
        if name == "pattern":
            return self._source  # what RE2 reports: the source as compiled
        return getattr(self.regex, name)

    def __repr__(self) -> str:
        return f"LinearPattern({self._source!r})"

    # Each method calls RE2 directly (a hot path: kinds match per line) and
    # retries only when RE2 refused the text for a lone surrogate.
    def search(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.regex.search(text, *args, **kwargs)
        except UnicodeEncodeError:
            return self.regex.search(_scrubbed(text), *args, **kwargs)

    def match(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.regex.match(text, *args, **kwargs)
        except UnicodeEncodeError:
            return self.regex.match(_scrubbed(text), *args, **kwargs)

    def fullmatch(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.regex.fullmatch(text, *args, **kwargs)
        except UnicodeEncodeError:
            return self.regex.fullmatch(_scrubbed(text), *args, **kwargs)

    def findall(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.regex.findall(text, *args, **kwargs)
        except UnicodeEncodeError:
            return self.regex.findall(_scrubbed(text), *args, **kwargs)

    def split(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return self.regex.split(text, *args, **kwargs)
        except UnicodeEncodeError:
            return self.regex.split(_scrubbed(text), *args, **kwargs)

    def finditer(self, text: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        if isinstance(text, str) and not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                text = scrub_surrogates(text)
        return self.regex.finditer(text, *args, **kwargs)

    def finditer_utf8(self, data: bytes, offsets: CharOffsets | None = None) -> Iterator[TextMatch]:
        """What ``finditer(text)`` finds (the same spans, as code-point offsets of ``text``), given
        ``data``, the UTF-8 of ``text`` (of :func:`scrub_surrogates` of it when it holds lone
        surrogates): a caller running many patterns over one large text encodes it once instead
        of RE2 encoding it for each (and may share one ``CharOffsets(data)`` between them).
        The matches are :class:`TextMatch` (``span``, ``start``, ``end``, ``group``)."""
        regex = self.regex
        search = regex.search
        ngroups = regex.groups + 1
        names = regex.groupindex if ngroups > 1 else {}
        pos, endpos = 0, len(data)
        while True:
            found = search(data, pos)
            if found is None:
                return
            spans = [found.span(g) for g in range(ngroups)]
            if offsets is None:
                offsets = CharOffsets(data)
            yield TextMatch(data, spans, offsets.spans(spans), names)
            # as RE2's own loop over a str: after an empty match, step over one code point
            if pos == endpos:
                return
            end = spans[0][1]
            pos = pos + _utf8_length(data[pos]) if end == pos else end

    def subn(self, repl: str | Callable[[Any], str], text: Any, count: int = 0) -> tuple[Any, int]:
        try:
            return self.regex.subn(repl, text, count)
        except UnicodeEncodeError:
            if not isinstance(text, str):
                raise
        # Splice the original text (surrogates kept) around the matches found in the scrubbed copy.
        pieces: list[str] = []
        last = n = 0
        for m in self.regex.finditer(scrub_surrogates(text)):
            if count and n >= count:
                break
            start, end = m.span()
            pieces.append(text[last:start])
            pieces.append(repl(m) if callable(repl) else m.expand(repl))
            last = end
            n += 1
        pieces.append(text[last:])
        return "".join(pieces), n

    def sub(self, repl: str | Callable[[Any], str], text: Any, count: int = 0) -> Any:
        return self.subn(repl, text, count)[0]


#: a text up to this long is checked against a pattern's :class:`LiteralGate` before the pattern is
#: compiled (a few substring tests; a longer text pays its compile in the work it does anyway)
GATE_MAX_CHARS = 4096


def turned_away(regex: Any, text: Any) -> bool:
    """Whether ``regex`` (a :class:`LinearPattern` with a ``gate``) cannot match anywhere in ``text``
    (a ``str``, or ``bytes`` that are ASCII), by its gate alone; ``False`` when it cannot tell. A
    match of ``regex`` anchored or searched line by line in ``text`` is a match in ``text``, so
    ``True`` also means no line of it matches."""
    gate = getattr(regex, "gate", None)
    if gate is None or len(text) > GATE_MAX_CHARS:
        return False
    if not isinstance(text, str):
        if not isinstance(text, bytes) or not text.isascii():
            return False
        text = text.decode("ascii")
    return not gate.admits(text, text.casefold)


class _GatedPattern(LinearPattern):
    """A deferred :class:`LinearPattern` with a gate: until the first text its gate admits, a text the
    gate turns away gets RE2's "no match" without a compile; then it is a plain LinearPattern (no
    check on later calls)."""

    __slots__ = ()

    def _ungated(self) -> None:
        self.__class__ = LinearPattern

    def search(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and turned_away(self, text):
            return None
        self._ungated()
        return LinearPattern.search(self, text, *args, **kwargs)

    def match(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and turned_away(self, text):
            return None
        self._ungated()
        return LinearPattern.match(self, text, *args, **kwargs)

    def fullmatch(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and turned_away(self, text):
            return None
        self._ungated()
        return LinearPattern.fullmatch(self, text, *args, **kwargs)

    def findall(self, text: Any, *args: Any, **kwargs: Any) -> Any:
        if not args and not kwargs and turned_away(self, text):
            return []
        self._ungated()
        return LinearPattern.findall(self, text, *args, **kwargs)

    def finditer(self, text: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
        if not args and not kwargs and turned_away(self, text):
            return iter(())
        self._ungated()
        return LinearPattern.finditer(self, text, *args, **kwargs)


class LazyPattern:
    """A module-level regex compiled on first use: ``LazyPattern(re.compile, PATTERN, FLAGS)`` (or
    ``re2.compile``) costs nothing at import (start-up: the kinds' modules hold some 50 such patterns
    and a small input reaches few). ``pattern`` is known at once; the first other attribute compiles,
    and the compiled pattern's methods and values are then bound on the object, so later uses pay
    one attribute lookup, as on the compiled pattern itself."""

    _BOUND = ("search", "match", "fullmatch", "findall", "finditer", "sub", "subn", "split", "flags", "groups",
              "groupindex")

    def __init__(self, compile: Callable[..., Any], pattern: Any, *args: Any) -> None:
        self.pattern = pattern
        self._how = (compile, pattern, args)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name in ("_how", "_compiled"):
            raise AttributeError(name)
        compiled = self.__dict__.get("_compiled")
        if compiled is None:
            compile, pattern, args = self._how
            compiled = compile(pattern, *args)
            for attr in self._BOUND:
                if hasattr(compiled, attr):
                    self.__dict__[attr] = getattr(compiled, attr)
            self.__dict__["_compiled"] = compiled
        return getattr(compiled, name)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r})"


def _utf8_length(lead: int) -> int:
    return 1 if lead < 0x80 else 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4


#: byte -> 1 for a UTF-8 continuation byte (0x80-0xBF)
_IS_CONTINUATION = bytes(int(0x80 <= byte <= 0xBF) for byte in range(256))


class CharOffsets:
    """Byte offset -> code-point offset in valid UTF-8 ``data``, counted from the last offset asked
    (offsets asked in increasing order cost one pass over ``data`` in all)."""

    __slots__ = ("_data", "_ascii", "_continuation", "_byte", "_char")

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._ascii = data.isascii()
        self._continuation: bytes | None = None
        self._byte = self._char = 0

    def chars(self, offset: int) -> int:
        if self._ascii:
            return offset
        if self._continuation is None:
            self._continuation = self._data.translate(_IS_CONTINUATION)
        if offset < self._byte:
            self._byte = self._char = 0
        self._char += offset - self._byte - self._continuation.count(1, self._byte, offset)
        self._byte = offset
        return self._char

    def spans(self, spans: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Byte spans of one match (``(-1, -1)`` for a group that did not take part) -> code points."""
        if self._ascii:
            return spans
        chars = {offset: self.chars(offset) for offset in sorted({o for span in spans for o in span}) if offset >= 0}
        return [span if span[0] < 0 else (chars[span[0]], chars[span[1]]) for span in spans]


class TextMatch:
    """A match found by :meth:`LinearPattern.finditer_utf8`: spans in code points."""

    __slots__ = ("_data", "_byte_spans", "_spans", "_names")

    def __init__(self, data: bytes, byte_spans: list[tuple[int, int]], spans: list[tuple[int, int]],
                 names: dict[str, int]) -> None:
        self._data = data
        self._byte_spans = byte_spans
        self._spans = spans
        self._names = names

    def _index(self, group: int | str) -> int:
        return self._names[group] if isinstance(group, str) else group

    def span(self, group: int | str = 0) -> tuple[int, int]:
        return self._spans[self._index(group)]

    def start(self, group: int | str = 0) -> int:
        return self.span(group)[0]

    def end(self, group: int | str = 0) -> int:
        return self.span(group)[1]

    def group(self, group: int | str = 0) -> str | None:
        start, end = self._byte_spans[self._index(group)]
        return None if start < 0 else self._data[start:end].decode("utf-8")

    def __repr__(self) -> str:
        return f"<TextMatch span={self._spans[0]} match={self.group()!r}>"


#: a pattern token for Python ``re``'s ``\\w`` on this interpreter (see the module docstring)
PYTHON_WORD = r"\p{python_word}"
_NOT_PYTHON_WORD = r"\P{python_word}"


@lru_cache(maxsize=1)
def python_word_items() -> str:
    """RE2 class items (no brackets) of every character Python's ``re`` ``\\w`` matches here.

    Found by ``re`` itself: one ``\\w+`` scan over every code point, built as UTF-32 in C
    (surrogates included: ``\\w`` never matches them, so no run holds one and RE2 never sees one).
    """
    data = bytearray(0x110000 * 4)
    data[0::4] = bytes(range(256)) * (0x110000 // 256)
    data[1::4] = b"".join(bytes([high]) * 256 for high in range(256)) * 17
    data[2::4] = b"".join(bytes([plane]) * 65536 for plane in range(17))
    every = data.decode("utf-32-le", "surrogatepass")
    items: list[str] = []
    for run in re.finditer(r"\w+", every):
        first, last = ord(every[run.start()]), ord(every[run.end() - 1])
        items.append(f"\\x{{{first:x}}}" if first == last else f"\\x{{{first:x}}}-\\x{{{last:x}}}")
    return "".join(items)


def expand_python_word(pattern: str) -> str:
    """``pattern`` with each ``\\p{python_word}`` replaced by its explicit class (items inside a class)."""
    if PYTHON_WORD not in pattern and _NOT_PYTHON_WORD not in pattern:
        return pattern
    out: list[str] = []
    i, n, in_class = 0, len(pattern), False
    while i < n:
        if pattern.startswith(PYTHON_WORD, i):
            out.append(python_word_items() if in_class else f"[{python_word_items()}]")
            i += len(PYTHON_WORD)
            continue
        if pattern.startswith(_NOT_PYTHON_WORD, i):
            if in_class:
                raise PatternError(f"pattern {pattern!r}: {_NOT_PYTHON_WORD} cannot be used inside a [...] class")
            out.append(f"[^{python_word_items()}]")
            i += len(_NOT_PYTHON_WORD)
            continue
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if not in_class and ch == "[":
            in_class = True
            j = i + 1
            if pattern.startswith("^", j):
                j += 1
            if pattern.startswith("]", j):
                j += 1  # a leading ] is a literal
            out.append(pattern[i:j])
            i = j
            continue
        if in_class and pattern.startswith("[:", i):
            end = pattern.find(":]", i + 2)
            if end >= 0:
                out.append(pattern[i : end + 2])
                i = end + 2
                continue
        if in_class and ch == "]":
            in_class = False
        out.append(ch)
        i += 1
    return "".join(out)


#: (pattern, flags) -> a deferred pattern known to compile (see :func:`known_pattern`)
_known: dict[tuple[str, str], LinearPattern] = {}


def known_pattern(pattern: str, flags: str = "", gate: LiteralGate | None = None) -> LinearPattern:
    """:func:`compile_pattern` of a pattern known to compile, compiled on first use.

    Only for patterns that compiled before with this RE2 and interpreter (a cached rule file
    records that); :func:`compile_pattern` of the same pattern then returns the same object.
    A pattern using ``\\p{python_word}`` is compiled now (its expansion is the costly part).
    """
    key = (pattern, flags)
    found = _known.get(key)
    if found is None:
        if PYTHON_WORD in pattern or _NOT_PYTHON_WORD in pattern:
            return _compile_pattern(pattern, flags)
        found = _known.setdefault(key, LinearPattern.deferred(f"(?{flags}){pattern}" if flags else pattern,
                                                              gate if not flags else None))
    return found


def compile_pattern(pattern: str, flags: str = "") -> LinearPattern:
    """Compile ``pattern`` with RE2; ``flags`` are inline flag letters such as ``"m"`` or ``"im"``.

    ``\\p{python_word}`` stands for Python ``re``'s ``\\w`` on this interpreter.
    """
    found = _known.get((pattern, flags))
    return found if found is not None else _compile_pattern(pattern, flags)


def _reason(exc: Exception) -> str:
    reason = exc.args[0] if exc.args else exc
    return reason.decode("utf-8", "replace") if isinstance(reason, bytes) else str(reason)


@lru_cache(maxsize=1024)
def _compile_pattern(pattern: str, flags: str = "") -> LinearPattern:
    pattern = expand_python_word(pattern)
    source = f"(?{flags}){pattern}" if flags else pattern
    try:
        return LinearPattern(re2.compile(source, _OPTIONS))
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise PatternError(f"pattern {pattern!r} is not a valid linear-time (RE2) regex: {reason}") from None
    except Exception as exc:  # pragma: no cover - defensive: RE2 raises re2.error
        raise PatternError(f"pattern {pattern!r} cannot be compiled: {exc}") from None


@lru_cache(maxsize=64)
def compile_large(pattern: str) -> LinearPattern:
    """:func:`compile_pattern` with a DFA budget of :data:`LARGE_DFA_MEMORY` (a big alternation)."""
    try:
        return LinearPattern(re2.compile(expand_python_word(pattern), _LARGE_OPTIONS))
    except re2.error as exc:
        reason = exc.args[0] if exc.args else exc
        if isinstance(reason, bytes):
            reason = reason.decode("utf-8", "replace")
        raise PatternError(f"pattern {pattern!r} is not a valid linear-time (RE2) regex: {reason}") from None


class PatternSet:
    """Which of several RE2 patterns match somewhere in a text, in one pass (``RE2::Set``).

    :meth:`matching` returns the indexes of the patterns that match, or ``None`` when the set
    cannot tell: RE2 reports no match both when none matches and when its DFA ran out of memory,
    so an empty answer is never taken as "none" (the caller checks some other way)."""

    __slots__ = ("_set",)

    def __init__(self, patterns: tuple[str, ...]) -> None:
        matcher = re2.Set.SearchSet(_LARGE_OPTIONS)
        for pattern in patterns:
            matcher.Add(expand_python_word(pattern))
        matcher.Compile()
        self._set = matcher

    def matching(self, data: bytes) -> list[int] | None:
        found = self._set.Match(data)
        return sorted(found) if found else None


@lru_cache(maxsize=16)
def compile_set(patterns: tuple[str, ...]) -> PatternSet | None:
    """A :class:`PatternSet` of ``patterns`` (each one known to compile alone), or ``None`` when RE2
    refuses the set (the caller then runs each pattern)."""
    try:
        return PatternSet(patterns)
    except re2.error:
        return None


def without_groups(pattern: str) -> str:
    """``pattern`` with every capturing group made non-capturing (RE2 then skips submatch work)."""
    out: list[str] = []
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            out.append(pattern[i : i + 2])
            i += 2
            continue
        if ch == "[":
            j = i + 1
            if j < n and pattern[j] == "^":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1
            while j < n and pattern[j] != "]":
                j += 2 if pattern[j] == "\\" else 1
            out.append(pattern[i : j + 1])
            i = j + 1
            continue
        if ch == "(":
            if pattern.startswith("(?P<", i):
                out.append("(?:")
                i = pattern.index(">", i) + 1
                continue
            if not pattern.startswith("(?", i):
                out.append("(?:")
                i += 1
                continue
        out.append(ch)
        i += 1
    return "".join(out)


# --- literal gates: which texts a pattern cannot match, without compiling it ------------------------

try:  # Python >= 3.11
    from re import _constants as _sre
    from re import _parser as _sre_parse
except ImportError:  # pragma: no cover - Python 3.10
    import sre_constants as _sre  # type: ignore[no-redef]
    import sre_parse as _sre_parse  # type: ignore[no-redef]

#: source text that Python's parser reads differently from RE2 (``{,n}``, octal and back-references,
#: ``\\p``/``\\Q``/``\\C``/``\\x{...}`` which Python refuses anyway): no gate; nor for a POSIX class
#: such as ``[[:alpha:]]`` (:func:`_has_posix_class`)
_UNGATED = re.compile(r"\{,|\\[0-9pPQECz]|\\x\{")
#: at most this many literals in a gate (a longer alternation is not worth checking)
GATE_MAX_LITERALS = 64


class LiteralGate:
    """What every match of one RE2 pattern has: at least ``min_chars`` code points and, when any are
    listed, one of the ``plain`` literals (as written) or one of the ``folded`` ones (in
    ``text.casefold()``: the pattern is case-insensitive there). :meth:`admits` is ``False`` only
    for a text the pattern cannot match, so a detector it turns away need not be compiled or run.

    Literals are ASCII only. Under ``(?i)`` RE2 matches an ASCII letter by its simple case folds
    (``k``: also U+212A KELVIN SIGN; ``s``: also U+017F LONG S), and ``str.casefold`` maps each of
    those to the same lower-case letter, character by character, so a match is never turned away.
    """

    __slots__ = ("min_chars", "plain", "folded")

    def __init__(self, min_chars: int, plain: tuple[str, ...] = (), folded: tuple[str, ...] = ()) -> None:
        self.min_chars = min_chars
        self.plain = plain
        self.folded = folded

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LiteralGate) and self.to_json() == other.to_json()

    def __hash__(self) -> int:
        return hash((self.min_chars, self.plain, self.folded))

    def __repr__(self) -> str:
        return f"LiteralGate({self.min_chars}, {self.plain!r}, {self.folded!r})"

    def to_json(self) -> list[Any]:
        return [self.min_chars, list(self.plain), list(self.folded)]

    @classmethod
    def from_json(cls, value: Any) -> LiteralGate | None:
        """The gate :meth:`to_json` wrote (``None`` for ``None``); ``ValueError`` for anything else."""
        if value is None:
            return None
        if not (isinstance(value, list) and len(value) == 3 and type(value[0]) is int and value[0] >= 0
                and all(isinstance(part, list) and all(isinstance(s, str) and s for s in part) for part in value[1:])):
            raise ValueError(f"not a literal gate: {value!r}")
        return cls(value[0], tuple(value[1]), tuple(value[2]))

    def admits(self, text: str, folded: Callable[[], str]) -> bool:
        """Whether a match in ``text`` is possible; ``folded()`` returns ``text.casefold()`` (computed once)."""
        if len(text) < self.min_chars:
            return False
        if not self.plain and not self.folded:
            return True
        for literal in self.plain:
            if literal in text:
                return True
        if self.folded:
            lowered = folded()
            for literal in self.folded:
                if literal in lowered:
                    return True
        return False


# A requirement: a set of (literal, case-insensitive) pairs, one of which every match contains; None: none.
_Req = "frozenset[tuple[str, bool]] | None"


def _better(a: Any, b: Any) -> Any:
    if a is None:
        return b
    if b is None:
        return a
    key_a = (min(len(s) for s, _ in a), -len(a))
    key_b = (min(len(s) for s, _ in b), -len(b))
    return b if key_b > key_a else a


def _requirement(items: Any, ci: bool) -> Any:
    """The strongest requirement found in one sequence of parsed items (see :func:`literal_gate`)."""
    best = None
    run: list[str] = []
    run_ci = False

    def end_run() -> None:
        nonlocal best, run, run_ci
        if run:
            best = _better(best, frozenset({("".join(run), run_ci)}))
        run, run_ci = [], False

    for op, av in items:
        if op is _sre.LITERAL and av < 128:
            run.append(chr(av))
            run_ci = run_ci or ci
            continue
        end_run()
        if op is _sre.SUBPATTERN:
            _group, add, delete, sub = av
            inner_ci = (ci or bool(add & _sre.SRE_FLAG_IGNORECASE)) and not delete & _sre.SRE_FLAG_IGNORECASE
            best = _better(best, _requirement(sub, inner_ci))
        elif op is _sre.BRANCH:
            union: set[tuple[str, bool]] = set()
            for branch in av[1]:
                found = _requirement(branch, ci)
                if found is None:
                    union = set()
                    break
                union |= found
            if union and len(union) <= GATE_MAX_LITERALS:
                best = _better(best, frozenset(union))
        elif op in (_sre.MAX_REPEAT, _sre.MIN_REPEAT) or op is getattr(_sre, "POSSESSIVE_REPEAT", None):
            low, _high, sub = av
            if low >= 1:
                best = _better(best, _requirement(sub, ci))
        elif op is getattr(_sre, "ATOMIC_GROUP", None):
            best = _better(best, _requirement(av, ci))
        # anything else (a class, '.', an anchor, ...) holds no literal
    end_run()
    return best


def _has_posix_class(pattern: str) -> bool:
    """Whether a ``[:`` stands inside a bracket class (RE2: a POSIX class; Python: the characters)."""
    i, n = 0, len(pattern)
    while i < n:
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            j = i + 1
            if j < n and pattern[j] == "^":
                j += 1
            if j < n and pattern[j] == "]":
                j += 1  # a leading ] is a literal
            while j < n and pattern[j] != "]":
                if pattern.startswith("[:", j):
                    return True
                j += 2 if pattern[j] == "\\" else 1
            i = j + 1
            continue
        i += 1
    return False


def literal_gate(pattern: str) -> LiteralGate | None:
    """The :class:`LiteralGate` of an RE2 ``pattern`` (as :func:`compile_pattern` takes it, no flags),
    from Python's own regex parser; ``None`` when the pattern is written in a way Python reads
    differently from RE2 (or does not read): then every text is admitted."""
    if _UNGATED.search(pattern) or _has_posix_class(pattern):
        return None
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # "possible nested set" and the like: read literally by both
            parsed = _sre_parse.parse(pattern)
    except (re.error, RecursionError, OverflowError, ValueError):
        return None
    min_chars = int(parsed.getwidth()[0])
    ci = bool(parsed.state.flags & _sre.SRE_FLAG_IGNORECASE)
    found = _requirement(list(parsed), ci) or frozenset()
    plain = tuple(sorted(s for s, folded in found if not folded))
    folded = tuple(sorted({s.casefold() for s, is_ci in found if is_ci}))
    return LiteralGate(min_chars, plain, folded)
