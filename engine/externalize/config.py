"""``ExternalizationConfig``: when a tool output leaves the context, and what happens on failure.

The seed's fields and defaults (``enabled``, ``threshold_chars`` 20,000, ``preview_chars``
2,000, ``assistant_turn_inline_budget_chars`` 100,000, ``assistant_turn_preview_budget_chars``
10,000, ``min_preview_chars`` 1,000, ``aggregate_selection_strategy`` ``largest_first``,
``failure_mode`` ``preserve_raw``), plus toolstub's own: ``unit`` (``chars`` | ``tokens``: the
unit of ``threshold_chars`` and ``assistant_turn_inline_budget_chars``), ``tokenizer`` (a name
for :func:`toolstub.tokens.count_tokens`), ``seed_compat`` (reproduce the seed's selection
faults, for comparison) and per-tool overrides (``tools: {name: {exclude: true} |
{threshold_chars: N}}``).

Loaded from a mapping, a YAML or TOML file, or ``TOOLSTUB_*`` environment variables; every
problem is one line naming the field: ``invalid externalization config: FILE: FIELD: WHAT``.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any

import click
import jsonschema
import yaml

from toolstub.errors import InvalidArgumentError, ToolstubError
from toolstub.tokens import count_tokens

#: a config file path that replaces the default location
CONFIG_ENV = "TOOLSTUB_CONFIG"
CONFIG_NAME = "config.yaml"


def default_config_path() -> Path:
    """Where toolstub looks for its config file when no ``--config`` is given.

    ``$TOOLSTUB_CONFIG`` when set, else ``config.yaml`` in the platform's config folder:
    ``$XDG_CONFIG_HOME/toolstub`` or ``~/.config/toolstub`` on Linux and BSD,
    ``~/Library/Application Support/toolstub`` on macOS, ``%APPDATA%\\toolstub`` on Windows.
    """
    override = os.environ.get(CONFIG_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return Path(click.get_app_dir("toolstub")) / CONFIG_NAME


def config_file(explicit: str | Path | None = None) -> Path | None:
    """The config file to read: ``explicit``, else the default location when a file is there (else None)."""
    if explicit:
        return Path(explicit)
    default = default_config_path()
    if default.is_file() or os.environ.get(CONFIG_ENV, "").strip():
        return default
    return None


FAILURE_MODES = ("preserve_raw", "reject", "preview_only")
UNITS = ("chars", "tokens")
_INT = {"type": "integer", "minimum": 0}
_TOOL_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "properties": {"exclude": {"type": "boolean"}, "threshold_chars": _INT},
}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "toolstub externalization config",
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "enabled": {"type": "boolean"},
        "threshold_chars": _INT,
        "preview_chars": _INT,
        "assistant_turn_inline_budget_chars": _INT,
        "assistant_turn_preview_budget_chars": _INT,
        "min_preview_chars": _INT,
        "aggregate_selection_strategy": {"enum": ["largest_first"]},
        "failure_mode": {"enum": list(FAILURE_MODES)},
        "unit": {"enum": list(UNITS)},
        "tokenizer": {"type": ["string", "null"]},
        "seed_compat": {"type": "boolean"},
        "tools": {"type": "object", "additionalProperties": _TOOL_SCHEMA},
    },
}
# Environment variable -> field; ``TOOLSTUB_EXCLUDE_TOOLS`` (comma list) is handled apart.
ENV_FIELDS = {
    "TOOLSTUB_EXTERNALIZE_ENABLED": "enabled",
    "TOOLSTUB_THRESHOLD_CHARS": "threshold_chars",
    "TOOLSTUB_PREVIEW_CHARS": "preview_chars",
    "TOOLSTUB_TURN_INLINE_BUDGET_CHARS": "assistant_turn_inline_budget_chars",
    "TOOLSTUB_TURN_PREVIEW_BUDGET_CHARS": "assistant_turn_preview_budget_chars",
    "TOOLSTUB_MIN_PREVIEW_CHARS": "min_preview_chars",
    "TOOLSTUB_FAILURE_MODE": "failure_mode",
    "TOOLSTUB_BUDGET_UNIT": "unit",
    "TOOLSTUB_TOKENIZER": "tokenizer",
    "TOOLSTUB_SEED_COMPAT": "seed_compat",
}
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class ConfigError(ToolstubError, ValueError):
    """A config that cannot be used: ``invalid externalization config: WHERE: FIELD: WHAT``."""

    def __init__(self, message: str, *, source: str = "<config>", field_name: str = "") -> None:
        self.source = source
        self.field_name = field_name
        self.reason = message
        where = f"{source}: {field_name}" if field_name else source
        super().__init__(f"invalid externalization config: {where}: {message}")


@dataclass(frozen=True, kw_only=True)
class ToolOverride:
    """Per-tool policy: ``exclude`` keeps the tool's outputs inline; ``threshold_chars`` replaces the global one."""

    exclude: bool = False
    threshold_chars: int | None = None


@dataclass(frozen=True, kw_only=True)
class ExternalizationConfig:
    """When tool outputs are externalized. Immutable; build variants with :meth:`replace`."""

    enabled: bool = True
    threshold_chars: int = 20_000
    preview_chars: int = 2_000
    assistant_turn_inline_budget_chars: int = 100_000
    assistant_turn_preview_budget_chars: int = 10_000
    min_preview_chars: int = 1_000
    aggregate_selection_strategy: str = "largest_first"
    failure_mode: str = "preserve_raw"
    unit: str = "chars"
    tokenizer: str | None = None
    seed_compat: bool = False
    tools: Mapping[str, ToolOverride] = field(default_factory=lambda: MappingProxyType({}), hash=False)

    def __post_init__(self) -> None:
        _validate(self.to_dict(), "<config>")
        tools = {
            name: value if isinstance(value, ToolOverride) else ToolOverride(**value)
            for name, value in dict(self.tools).items()
        }
        object.__setattr__(self, "tools", MappingProxyType(tools))

    # ---- construction -------------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, *, source: str = "<config>") -> ExternalizationConfig:
        """A validated config from a mapping; ``source`` names it in errors."""
        data = dict(data or {})
        _validate(data, source)
        return cls(**data)

    @classmethod
    def from_file(cls, path: str | Path) -> ExternalizationConfig:
        """Load a YAML (``.yaml``/``.yml``/other) or TOML (``.toml``) file.

        The fields may sit at the top level or under ``externalization:``.
        """
        source = str(path)
        data = _read_file(Path(path), source)
        if isinstance(data, Mapping) and isinstance(data.get("externalization"), Mapping):
            data = data["externalization"]
        elif isinstance(data, Mapping):  # toolstub.settings reads these keys of the same file
            data = {k: v for k, v in data.items() if k not in ("max_input_bytes", "server")}
        if data is None:
            data = {}
        if not isinstance(data, Mapping):
            raise ConfigError(f"expected a mapping, got {type(data).__name__}", source=source)
        return cls.from_dict(data, source=source)

    @classmethod
    def from_env(
        cls, base: ExternalizationConfig | None = None, environ: Mapping[str, str] | None = None
    ) -> ExternalizationConfig:
        """``base`` (default: the defaults) overridden by ``TOOLSTUB_*`` variables."""
        env = os.environ if environ is None else environ
        data = (base or cls()).to_dict()
        for var, name in ENV_FIELDS.items():
            if var in env:
                data[name] = _coerce_env(var, name, env[var])
        if env.get("TOOLSTUB_EXCLUDE_TOOLS"):
            tools = dict(data.get("tools") or {})
            for name in filter(None, (t.strip() for t in env["TOOLSTUB_EXCLUDE_TOOLS"].split(","))):
                tools[name] = {**tools.get(name, {}), "exclude": True}
            data["tools"] = tools
        return cls.from_dict(data, source="environment")

    def replace(self, **changes: Any) -> ExternalizationConfig:
        """A copy with ``changes`` applied."""
        return dataclasses.replace(self, **changes)

    # ---- use ------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The fields as a plain dict (the form ``from_dict`` and the config file take)."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "tools"}
        data["tools"] = {
            name: {k: v for k, v in dataclasses.asdict(o).items() if v is not None and v is not False}
            if isinstance(o, ToolOverride)
            else dict(o)
            for name, o in dict(self.tools).items()
        }
        return data

    def check_tokenizer(self) -> None:
        """Raise :class:`ConfigError` if ``tokenizer`` names no installed tokenizer."""
        if not self.tokenizer:
            return
        try:
            count_tokens("", self.tokenizer)
        except InvalidArgumentError as exc:
            raise ConfigError(str(exc), field_name="tokenizer") from None

    def excluded(self, tool_name: str) -> bool:
        """Whether the outputs of ``tool_name`` always stay inline."""
        override = self.tools.get(tool_name)
        return bool(override and override.exclude)

    def threshold_for(self, tool_name: str) -> int:
        """The threshold of ``tool_name``: its override, else the global one."""
        override = self.tools.get(tool_name)
        if override and override.threshold_chars is not None:
            return override.threshold_chars
        return self.threshold_chars

    def effective_preview_chars(self, n: int) -> int:
        """The seed's shared preview budget: ``min(preview, max(min_preview, budget // n))``."""
        if n <= 0:
            return self.preview_chars
        share = self.assistant_turn_preview_budget_chars // n
        return max(0, min(self.preview_chars, max(self.min_preview_chars, share)))


def _validate(data: Mapping[str, Any], source: str) -> None:
    plain = {k: _plain_tools(v) if k == "tools" else v for k, v in data.items()}
    validator = jsonschema.Draft202012Validator(SCHEMA)
    errors = sorted(validator.iter_errors(plain), key=lambda e: list(e.absolute_path))
    if errors:
        raise ConfigError(_describe(errors[0]), source=source, field_name=_field(errors[0]))
    if plain.get("min_preview_chars", 1_000) > plain.get("preview_chars", 2_000):
        raise ConfigError(
            f"must not exceed preview_chars ({plain.get('preview_chars', 2_000)})",
            source=source,
            field_name="min_preview_chars",
        )


def _plain_tools(tools: Any) -> Any:
    if not isinstance(tools, Mapping):
        return tools
    return {
        k: {a: b for a, b in dataclasses.asdict(v).items() if b is not None} if isinstance(v, ToolOverride) else v
        for k, v in tools.items()
    }


def _field(error: jsonschema.ValidationError) -> str:
    path = ".".join(str(p) for p in error.absolute_path)
    if error.validator == "additionalProperties" and not path:
        return ""
    return path


def _describe(error: jsonschema.ValidationError) -> str:
    if error.validator == "additionalProperties":
        extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
        return f"unknown field{'s' if len(extra) > 1 else ''} {', '.join(map(repr, extra))}"
    if error.validator == "minimum":
        return f"must be >= {error.validator_value}, got {error.instance!r}"
    if error.validator == "enum":
        return f"must be one of {', '.join(map(str, error.validator_value))}, got {error.instance!r}"
    if error.validator == "type":
        expected = error.validator_value
        if isinstance(expected, list):
            expected = " or ".join(expected)
        return f"must be {expected}, got {error.instance!r}"
    return error.message


def _coerce_env(var: str, name: str, raw: str) -> Any:
    kind = SCHEMA["properties"][name]
    value = raw.strip()
    if kind.get("type") == "integer":
        try:
            return int(value.replace("_", ""))
        except ValueError:
            raise ConfigError(f"must be an integer, got {raw!r}", source=var, field_name=name) from None
    if kind.get("type") == "boolean":
        if value.lower() in _TRUE:
            return True
        if value.lower() in _FALSE:
            return False
        raise ConfigError(f"must be true or false, got {raw!r}", source=var, field_name=name)
    return value or None if name == "tokenizer" else value


def _read_file(path: Path, source: str) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError("file not found", source=source) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read file: {exc}", source=source) from None
    try:
        if path.suffix.lower() == ".toml":
            return _parse_toml(text, source)
        return yaml.safe_load(text)
    except RecursionError:  # a document nested thousands of levels deep
        raise ConfigError("nests too deep to be a config file", source=source) from None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"{source}:{mark.line + 1}:{mark.column + 1}" if mark else source
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise ConfigError(f"YAML syntax error: {problem}", source=where) from None


def _parse_toml(text: str, source: str) -> Any:
    try:
        import tomllib
    except ModuleNotFoundError:  # pragma: no cover - Python 3.10
        try:
            import tomli as tomllib  # type: ignore[no-redef]
        except ModuleNotFoundError:
            raise ConfigError("TOML needs Python 3.11+ or the tomli package", source=source) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"TOML syntax error: {exc}", source=source) from None
