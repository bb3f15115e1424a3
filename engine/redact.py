"""Secret redaction (SCAFFOLD: the detectors and policies land with issue 6).

Two entry points the rest of toolstub calls:

* :func:`redact_synopsis` - the engine applies it to every synopsis, so no stub shows a secret.
* :func:`prepare_for_storage` - the store applies it to the raw output before writing,
  following the ruleset's policy (``keep`` | ``redact`` | ``reject``).
"""

from __future__ import annotations

from toolstub.rule_files import Ruleset
from toolstub.synopsis import Synopsis


def redact_synopsis(synopsis: Synopsis, ruleset: Ruleset) -> Synopsis:
    """Return ``synopsis`` with every detected secret replaced."""
    return synopsis


def prepare_for_storage(content: str, ruleset: Ruleset) -> tuple[str, int]:
    """Return (the content to store, number of redactions); raise RedactionRejected under ``reject``."""
    return content, 0
