"""Linear-time regular expressions for every pattern that comes from data.

All rule-file patterns (and user search patterns) are compiled with RE2
(``google-re2``), whose matching time is linear in the input whatever the
pattern: a pattern cannot backtrack catastrophically. RE2 has no lookaround or
backreferences; such patterns are refused with a one-line :class:`PatternError`.

Note: RE2's ``\\s``, ``\\w`` and ``\\d`` are ASCII classes, while Python's ``re``
on ``str`` uses Unicode classes. A rule file that must match Python semantics
spells the Unicode class out (e.g. ``[\\s\\x0b\\x1c-\\x1f\\x85\\pZ]``).
"""

from __future__ import annotations

from functools import lru_cache

import re2

from toolstub.errors import PatternError

_OPTIONS = re2.Options()
_OPTIONS.log_errors = False

# The RE2 binding encodes a str with strict UTF-8, so any search in a str holding a
# lone surrogate (any str may: JSON "\ud800", surrogateescape-decoded bytes) raised
# UnicodeEncodeError. With surrogatepass a surrogate is 3 bytes like any BMP char, so
# the binding's char offsets stay right, and negated classes match it as Python's do.
re2._encode = lambda text: text.encode("utf-8", "surrogatepass")  # noqa: SLF001
re2._decode = lambda data: data.decode("utf-8", "surrogatepass")  # noqa: SLF001


@lru_cache(maxsize=1024)
def compile_pattern(pattern: str, flags: str = "") -> re2._Regexp:
    """Compile ``pattern`` with RE2; ``flags`` are inline flag letters such as ``"m"`` or ``"im"``."""
    source = f"(?{flags}){pattern}" if flags else pattern
    try:
        return re2.compile(source, _OPTIONS)
    except re2.error as exc:
        raise PatternError(f"pattern {pattern!r} is not a valid linear-time (RE2) regex: {exc}") from None
    except Exception as exc:  # pragma: no cover - defensive: RE2 raises re2.error
        raise PatternError(f"pattern {pattern!r} cannot be compiled: {exc}") from None
