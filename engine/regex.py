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
