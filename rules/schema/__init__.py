"""JSON Schema files for toolstub rule files (``rules.v1.schema.json``), read through importlib.resources."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

SCHEMA_FILE = "rules.v1.schema.json"


@lru_cache(maxsize=1)
def _text() -> str:
    from importlib import resources  # noqa: PLC0415 - only when a rule file is validated (start-up)

    return resources.files(__name__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8")


def load_schema() -> dict[str, Any]:
    """A fresh copy of the rule-file schema (schema_version 1)."""
    return json.loads(_text())
