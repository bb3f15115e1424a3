"""Rule-file validation: the JSON Schema plus the installed kinds, and one-line messages.

Every problem becomes one :class:`~toolstub.errors.RuleFileError` line::

    invalid rules: FILE:LINE:COL: JSON_PATH: what was expected

``LINE:COL`` comes from the ``yaml.compose`` node of that JSON path (the key
itself for an unknown key); the message is rewritten per JSON Schema keyword
from jsonschema's ``best_match`` error.
"""

from __future__ import annotations

import copy
import importlib
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import re2

from toolstub import regex as _regex_module
from toolstub import validation_cache
from toolstub.errors import PatternError, RuleFileError
from toolstub.plugin_manager import Registry
from toolstub.regex import compile_pattern
from toolstub.rules.schema import load_schema

if TYPE_CHECKING:  # jsonschema is imported only when a rule file must be validated (see validation_cache)
    import yaml  # a remembered ruleset is loaded without PyYAML: the node helpers import it on use
    from jsonschema import Draft202012Validator
    from jsonschema.exceptions import ValidationError

PathT = tuple[Any, ...]
_IDENT = re.compile(r"[A-Za-z_][A-Za-z0-9_-]*\Z")
_PLACEHOLDER = re.compile(r"\{(\w*)\}")
TOOL_KEYS = ("search", "read", "list", "query")
#: in ``detectors``: the inherited order, without the names the file lists itself
INHERITED = "..."


def json_path(path: Iterable[Any]) -> str:
    """``$.kinds.json.max_keys``, ``$.detectors[2]``, ``$.kinds['odd key']``."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif isinstance(part, str) and _IDENT.match(part):
            out += f".{part}"
        else:
            out += f"[{json.dumps(str(part))}]"
    return out


def one_line(text: str) -> str:
    return " ".join(str(text).split())


# --- YAML nodes and their marks --------------------------------------------------------------


def node_at(root: yaml.Node | None, path: PathT, *, key: bool = False) -> yaml.Node | None:
    """The node at ``path`` (its key node with ``key=True``), else the nearest ancestor's node."""
    import yaml  # noqa: PLC0415 - on the rule-file parsing path only (start-up)

    node = root
    for depth, part in enumerate(path):
        child = None
        if isinstance(node, yaml.MappingNode):
            for knode, vnode in node.value:
                if knode.value == str(part):
                    child = knode if key and depth == len(path) - 1 else vnode
                    break
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            child = node.value[part]
        if child is None:
            return node
        node = child
    return node


def has_node(root: yaml.Node | None, path: PathT) -> bool:
    import yaml  # noqa: PLC0415 - on the rule-file parsing path only (start-up)

    node = root
    for part in path:
        found = None
        if isinstance(node, yaml.MappingNode):
            found = next((v for k, v in node.value if k.value == str(part)), None)
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int) and part < len(node.value):
            found = node.value[part]
        if found is None:
            return False
        node = found
    return True


def mark_of(root: yaml.Node | None, path: PathT, *, key: bool = False) -> tuple[int | None, int | None]:
    node = node_at(root, path, key=key)
    if node is None:
        return None, None
    return node.start_mark.line + 1, node.start_mark.column + 1


def check_nodes(root: yaml.Node, path: str) -> None:
    """Refuse duplicate keys and aliases (a rule file's size stays what it looks like).

    Nodes are visited depth first in document order, so the second use of a node
    is the alias; it is reported at its key (or its sequence).
    """
    import yaml  # noqa: PLC0415 - on the rule-file parsing path only (start-up)

    seen: set[int] = set()
    stack: list[tuple[yaml.Node, PathT, yaml.Mark]] = [(root, (), root.start_mark)]
    while stack:
        node, where, mark = stack.pop()
        if id(node) in seen:
            raise RuleFileError("YAML aliases are not allowed in rule files", path=path,
                                json_path=json_path(where), line=mark.line + 1, column=mark.column + 1)
        seen.add(id(node))
        children: list[tuple[yaml.Node, PathT, yaml.Mark]] = []
        if isinstance(node, yaml.MappingNode):
            keys: set[str] = set()
            for knode, vnode in node.value:
                if knode.value in keys:
                    raise RuleFileError(f"duplicate key {knode.value!r}", path=path,
                                        json_path=json_path(where), line=knode.start_mark.line + 1,
                                        column=knode.start_mark.column + 1)
                keys.add(knode.value)
                children.append((vnode, (*where, knode.value), knode.start_mark))
        elif isinstance(node, yaml.SequenceNode):
            children = [(item, (*where, i), node.start_mark) for i, item in enumerate(node.value)]
        stack.extend(reversed(children))


def scalar_text(root: yaml.Node | None, path: PathT) -> str | None:
    """The source text of the scalar at ``path`` (``1.10`` stays ``1.10``), if there is one."""
    import yaml  # noqa: PLC0415 - on the rule-file parsing path only (start-up)

    if not has_node(root, path):
        return None
    node = node_at(root, path)
    return node.value if isinstance(node, yaml.ScalarNode) else None


# --- the composed schema -------------------------------------------------------------------------

_validators: dict[int, tuple[Registry, Draft202012Validator]] = {}


def composed_schema(registry: Registry) -> dict[str, Any]:
    """The static schema with each installed kind's ``caps_schema`` and the installed names."""
    schema = load_schema()
    names = registry.names()
    schema["properties"]["detectors"]["items"]["enum"] = [*names, INHERITED]
    kinds = schema["properties"]["kinds"]
    kinds["properties"] = {name: bounded(copy.deepcopy(dict(registry.get(name).caps_schema))) for name in names}
    kinds["additionalProperties"] = False
    return bounded(schema)


#: the largest count, and the largest size in characters or bytes, a cap may hold when its own
#: schema names no maximum: a rule file cannot ask for 10**12 keys or a 10**12-char sample
MAX_CAP_COUNT = 1_000_000
MAX_CAP_CHARS = 1 << 30


def bounded(schema: Any, name: str = "") -> Any:
    """``schema`` with a ``maximum`` on every integer that has none (``*_chars``/``*_bytes``: a size)."""
    if isinstance(schema, dict):
        types = schema.get("type")
        if (types == "integer" or (isinstance(types, list) and "integer" in types)) and "maximum" not in schema \
                and "exclusiveMaximum" not in schema:
            schema["maximum"] = MAX_CAP_CHARS if name.endswith(("_chars", "_bytes")) else MAX_CAP_COUNT
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                for prop, sub in value.items():
                    bounded(sub, prop)
            elif isinstance(value, (dict, list)):
                bounded(value, name)
    elif isinstance(schema, list):
        for item in schema:
            bounded(item, name)
    return schema


def validator_for(registry: Registry) -> Draft202012Validator:
    cached = _validators.get(id(registry))
    if cached is not None and cached[0] is registry:
        return cached[1]
    jsonschema = importlib.import_module("jsonschema")
    checker = jsonschema.FormatChecker()
    # "format": "regex" means what the run time compiles: RE2 (toolstub.regex), not Python's re
    # (jsonschema's own check), which accepts lookaround and backreferences RE2 refuses and refuses
    # RE2's \pL, \x{...}, \z and \p{python_word}
    checker.checks("regex", raises=PatternError)(_re2_regex)
    validator = jsonschema.Draft202012Validator(composed_schema(registry), format_checker=checker)
    _validators.clear()
    _validators[id(registry)] = (registry, validator)
    return validator


#: what ``"format": "regex"`` is checked with (a part of the validation cache's key)
REGEX_FORMAT = "re2:toolstub.regex.compile_pattern"


def _re2_regex(instance: object) -> bool:
    if isinstance(instance, str):
        compile_pattern(instance)  # PatternError: the format error's cause (its message is shown)
    return True


def with_defaults(data: Mapping[str, Any], registry: Registry, merge) -> dict[str, Any]:
    """``data`` with each configured (or listed) kind's plugin defaults filled in."""
    out = dict(data)
    kinds = data.get("kinds")
    if not isinstance(kinds, Mapping):
        return out
    filled = {}
    for name, section in kinds.items():
        summarizer = registry.get(name) if isinstance(name, str) else None
        if summarizer is not None and isinstance(section, Mapping):
            filled[name] = merge(copy.deepcopy(dict(summarizer.defaults)), section)
        else:
            filled[name] = section
    out["kinds"] = filled
    return out


# --- messages ----------------------------------------------------------------------------------

_TYPE_NAMES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "a boolean",
    "null": "null",
}


def describe(value: Any, raw: str | None = None) -> str:
    if raw is not None and isinstance(value, (int, float)) and not isinstance(value, bool):
        return f"{'an integer' if isinstance(value, int) else 'a number'} {raw}"
    if value is None:
        return "null"
    if isinstance(value, bool):
        return f"a boolean {json.dumps(value)}"
    if isinstance(value, int):
        return f"an integer {value}"
    if isinstance(value, float):
        return f"a number {value!r}"
    if isinstance(value, str):
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f"a string {shown!r}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    return f"a {type(value).__name__} {str(value)!r}"


def _expected_type(expected: Any) -> str:
    if isinstance(expected, str):
        return _TYPE_NAMES.get(expected, expected)
    return " or ".join(_TYPE_NAMES.get(t, t) for t in expected)


def _kind_names(registry: Registry) -> str:
    return ", ".join(registry.names()) or "none"


def _first_extra(error: ValidationError) -> str | None:
    instance = error.instance
    allowed = set(error.schema.get("properties", {}))
    patterns = [re.compile(p) for p in error.schema.get("patternProperties", {})]
    for key in instance:
        if key not in allowed and not any(p.search(str(key)) for p in patterns):
            return key
    return None


def _first_duplicate(items: Sequence[Any]) -> int | None:
    seen: list[Any] = []
    for index, item in enumerate(items):
        if item in seen:
            return index
        seen.append(item)
    return None


def explain(error: ValidationError, registry: Registry, raw: Any = None) -> tuple[PathT, bool, str]:
    """(path to point at, point at the key?, message) for one schema error.

    ``raw(path)`` may give a scalar's source text, shown instead of its parsed value.
    """
    path: PathT = tuple(error.absolute_path)
    kw, value, inst = error.validator, error.validator_value, error.instance
    if kw == "additionalProperties":
        extra = _first_extra(error)
        if extra is not None:
            if path == ("kinds",):
                return (*path, extra), True, (
                    f"no installed plugin provides kind {extra!r} (installed: {_kind_names(registry)})"
                )
            allowed = ", ".join(sorted(error.schema.get("properties", {}))) or "none"
            return (*path, extra), True, f"unknown key {extra!r} (expected one of: {allowed})"
    if kw == "enum" and len(path) == 2 and path[0] == "detectors":
        return path, False, f"no installed plugin provides kind {inst!r} (installed: {_kind_names(registry)})"
    if kw == "required":
        missing = next((k for k in value if isinstance(inst, Mapping) and k not in inst), value[0])
        return path, False, f"missing required key {missing!r}"
    if kw == "uniqueItems":
        dup = _first_duplicate(inst)
        if dup is not None:
            return (*path, dup), False, f"expected unique items, got {inst[dup]!r} again"
    return path, False, _message(kw, value, inst, error, raw(path) if raw is not None else None)


def _message(kw: str, value: Any, inst: Any, error: ValidationError, raw: str | None) -> str:
    if kw == "type":
        return f"expected {_expected_type(value)}, got {describe(inst, raw)}"
    if kw == "const":
        return f"expected {json.dumps(value)}, got {describe(inst, raw)}"
    if kw == "enum":
        return f"expected one of {', '.join(json.dumps(v) for v in value)}, got {describe(inst, raw)}"
    if kw in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        op = {"minimum": ">=", "maximum": "<=", "exclusiveMinimum": ">", "exclusiveMaximum": "<"}[kw]
        return f"expected a number {op} {value}, got {raw if raw is not None else repr(inst)}"
    if kw == "minLength":
        return "expected a non-empty string" if value == 1 else f"expected at least {value} characters"
    if kw == "maxLength":
        return f"expected at most {value} characters, got {len(inst)}"
    if kw == "minItems":
        return f"expected at least {value} item{'s' if value != 1 else ''}, got {len(inst)}"
    if kw == "maxItems":
        return f"expected at most {value} items, got {len(inst)}"
    if kw == "pattern":
        return f"expected a string matching {value!r}, got {describe(inst, raw)}"
    if kw == "format":
        if isinstance(error.cause, PatternError):
            return _pattern_message(error.cause)
        return f"expected a valid {value}, got {describe(inst, raw)}"
    return one_line(error.message)


def schema_error(data: Mapping[str, Any], registry: Registry, raw: Any = None) -> tuple[PathT, bool, str] | None:
    """The best schema error of ``data`` as (path, at key?, message), or ``None`` if it is valid.

    Data that validated before against the same schema is not validated again (a cache
    keyed by the sha256 of both, see :mod:`toolstub.validation_cache`).
    """
    digest = validation_cache.key("rule_file", REGEX_FORMAT, _regex_stamp(), data, composed_schema(registry))
    if validation_cache.known(digest):
        return None
    best_match = importlib.import_module("jsonschema.exceptions").best_match
    error = best_match(validator_for(registry).iter_errors(data))
    if error is None:
        validation_cache.remember(digest)
        return None
    return explain(error, registry, raw)


def _regex_stamp() -> list[Any]:
    """The code that decides which patterns are valid (RE2 and toolstub.regex), by file stamp."""
    return validation_cache.file_stamps(_regex_module, re2, getattr(re2, "_re2", None))


# --- checks beyond the schema ------------------------------------------------------------------


def _pattern_message(exc: PatternError) -> str:
    return one_line(re.sub(r"b'(.*)'$", r"\1", str(exc)))


def pattern_errors(kinds: Mapping[str, Any], registry: Registry) -> Iterable[tuple[PathT, str]]:
    """Every pattern of every section that RE2 refuses, as (path, message)."""
    for name, section in kinds.items():
        summarizer = registry.get(name)
        if summarizer is None or not isinstance(section, Mapping):
            continue
        for key in sorted(summarizer.pattern_keys & set(section)):
            value = section[key]
            items = list(enumerate(value)) if isinstance(value, list) else [(None, value)]
            for index, pattern in items:
                if not isinstance(pattern, str):
                    continue
                try:
                    compile_pattern(pattern)
                except PatternError as exc:
                    where = ("kinds", name, key) if index is None else ("kinds", name, key, index)
                    yield where, _pattern_message(exc)


def template_errors(stub: Mapping[str, Any], *, merged: bool) -> Iterable[tuple[PathT, str]]:
    """Explore lines naming an unknown placeholder or (``merged``) a tool the ruleset does not name."""
    tools = stub.get("tools") or {}
    allowed = {"ref", *(f"{k}_tool" for k in TOOL_KEYS)}
    for index, line in enumerate(stub.get("explore") or ()):
        text = line.get("line") if isinstance(line, Mapping) else line
        for name in _PLACEHOLDER.findall(text if isinstance(text, str) else ""):
            where = ("stub", "explore", index)
            if name not in allowed:
                yield where, (
                    f"unknown placeholder {{{name}}} (expected one of: {', '.join('{' + a + '}' for a in sorted(allowed))})"
                )
            elif merged and name.endswith("_tool") and name[:-5] not in tools:
                yield where, f"placeholder {{{name}}} needs stub.tools.{name[:-5]}"
