"""Loading rule files: bundled names or paths, ``extends``, validation, compiled patterns.

A rule file is YAML with ``schema_version: 1`` and a ``version``. ``extends:
NAME`` builds on a bundled ruleset (a bare name) or a file (a path): mappings
merge by key, lists are replaced whole. Each file is validated, then the merged
result. Regexes compile at load time with RE2 (linear time).

(First cut: the JSON Schema validation with line:col messages lands in
``validate_file``/``validate_merged``.)
"""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any

import yaml

from toolstub.errors import PatternError, RuleFileError
from toolstub.regex import compile_pattern

DEFAULT_RULESET = "default"
BUNDLED_PACKAGE = "toolstub.rules"


@dataclass(frozen=True)
class StubRules:
    header: str
    tools: Mapping[str, str]
    explore: tuple[str, ...]


@dataclass(frozen=True)
class Ruleset:
    """A loaded, merged and validated ruleset."""

    name: str
    version: str
    source: str
    detectors: tuple[str, ...]
    stub: StubRules
    kinds: Mapping[str, Mapping[str, Any]]
    limits: Mapping[str, Any]
    data: Mapping[str, Any] = field(repr=False)

    def caps(self, kind: str) -> Mapping[str, Any]:
        return self.kinds.get(kind, MappingProxyType({}))


def bundled_names() -> list[str]:
    root = resources.files(BUNDLED_PACKAGE)
    return sorted(p.name[:-5] for p in root.iterdir() if p.name.endswith(".yaml"))


def _read_source(spec: str | Path) -> tuple[str, str, str]:
    """(display name, path shown in errors, text)."""
    text_spec = str(spec)
    is_path = isinstance(spec, Path) or "/" in text_spec or text_spec.endswith((".yaml", ".yml"))
    if not is_path:
        res = resources.files(BUNDLED_PACKAGE).joinpath(f"{text_spec}.yaml")
        if not res.is_file():
            raise RuleFileError(
                f"no bundled ruleset named {text_spec!r} (bundled: {', '.join(bundled_names())})",
                path=text_spec,
            )
        return text_spec, f"{text_spec}.yaml", res.read_text(encoding="utf-8")
    path = Path(text_spec)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RuleFileError("file not found", path=text_spec) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise RuleFileError(f"cannot read file: {exc}", path=text_spec) from None
    return path.stem, text_spec, text


def _parse(text: str, path: str) -> dict[str, Any]:
    try:
        data = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        raise RuleFileError(
            f"YAML syntax error: {exc.problem}",
            path=path,
            line=mark.line + 1 if mark else None,
            column=mark.column + 1 if mark else None,
        ) from None
    except yaml.YAMLError as exc:
        raise RuleFileError(f"YAML error: {exc}", path=path) from None
    if not isinstance(data, dict):
        raise RuleFileError("expected a mapping at the top level", path=path, line=1, column=1)
    return data


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Mappings merge by key (recursively); any other value, lists included, is replaced."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def validate_file(data: Mapping[str, Any], *, path: str, text: str) -> None:
    """Validate one raw file (before merging); raises :class:`RuleFileError`."""
    if data.get("schema_version") != 1:
        raise RuleFileError("'schema_version' must be 1", path=path, json_path="$.schema_version")


def validate_merged(data: Mapping[str, Any], *, path: str) -> None:
    """Validate the merged ruleset against the schema and the registered kinds."""


def _load_merged(spec: str | Path, seen: tuple[str, ...]) -> tuple[str, str, dict[str, Any]]:
    name, path, text = _read_source(spec)
    if path in seen:
        raise RuleFileError(f"'extends' cycle: {' -> '.join((*seen, path))}", path=path, json_path="$.extends")
    data = _parse(text, path)
    validate_file(data, path=path, text=text)
    parent = data.get("extends")
    if parent:
        parent_spec: str | Path = parent
        if ("/" in parent or parent.endswith((".yaml", ".yml"))) and not Path(parent).is_absolute():
            base_dir = Path(path).parent if "/" in path or Path(path).exists() else Path(".")
            parent_spec = base_dir / parent
        _, _, base = _load_merged(parent_spec, (*seen, path))
        data = merge(base, {k: v for k, v in data.items() if k != "extends"})
    return name, path, data


def _compile_kind(section: Mapping[str, Any], pattern_keys: frozenset[str], *, path: str, json_path: str) -> dict:
    out: dict[str, Any] = {}
    for key, value in section.items():
        if key in pattern_keys and value is not None:
            try:
                if isinstance(value, list):
                    out[key] = tuple(compile_pattern(v) for v in value)
                else:
                    out[key] = compile_pattern(value)
            except PatternError as exc:
                raise RuleFileError(str(exc), path=path, json_path=f"{json_path}.{key}") from None
        else:
            out[key] = value
    return out


def build_ruleset(name: str, path: str, data: Mapping[str, Any]) -> Ruleset:
    from toolstub.plugin_manager import get_registry

    validate_merged(data, path=path)
    registry = get_registry()
    kinds_data = data.get("kinds") or {}
    kinds: dict[str, Mapping[str, Any]] = {}
    for detector in data.get("detectors", ()):
        summarizer = registry.get(detector)
        if summarizer is None:
            raise RuleFileError(
                f"no installed plugin provides kind {detector!r} (installed: {', '.join(registry.names())})",
                path=path,
                json_path="$.detectors",
            )
        section = merge(summarizer.defaults, kinds_data.get(detector) or {})
        kinds[detector] = MappingProxyType(
            _compile_kind(section, summarizer.pattern_keys, path=path, json_path=f"$.kinds.{detector}")
        )
    stub = data.get("stub") or {}
    return Ruleset(
        name=str(data.get("name") or name),
        version=str(data.get("version", "")),
        source=path,
        detectors=tuple(data.get("detectors", ())),
        stub=StubRules(
            header=str(stub.get("header", "")),
            tools=MappingProxyType(dict(stub.get("tools") or {})),
            explore=tuple(stub.get("explore") or ()),
        ),
        kinds=MappingProxyType(kinds),
        limits=MappingProxyType(dict(data.get("limits") or {})),
        data=MappingProxyType(dict(data)),
    )


_cache: dict[str, Ruleset] = {}
_cache_lock = threading.Lock()


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()


def load_rules(spec: str | Path | Ruleset | None = None) -> Ruleset:
    """Load a ruleset by bundled name or path (``None``: ``default``); cached per spec."""
    if isinstance(spec, Ruleset):
        return spec
    key = str(spec) if spec is not None else DEFAULT_RULESET
    cached = _cache.get(key)
    if cached is not None:
        return cached
    name, path, data = _load_merged(key if not isinstance(spec, Path) else spec, ())
    ruleset = build_ruleset(name, path, data)
    with _cache_lock:
        _cache[key] = ruleset
    return ruleset
