"""Loading rule files: bundled names or paths, ``extends``, validation, compiled patterns.

A rule file is YAML with ``schema_version: 1``. ``extends: NAME`` builds on a
bundled ruleset (a bare name) or a file (a path, relative to the extending
file): mappings merge by key, lists are replaced whole; ``name`` and
``version`` are never inherited. Each raw file is validated against the JSON
Schema (``rules/schema/rules.v1.schema.json``) and the installed kinds'
``caps_schema`` (after each kind's defaults are filled in), then the merged
result is. Every regex compiles at load time with RE2 (linear time). Every
problem is one line: ``invalid rules: FILE:LINE:COL: JSON_PATH: what was expected``.

Loaded rulesets are cached per file identity and revalidated by the
``(mtime_ns, size)`` of every file of the ``extends`` chain, so a changed file
is reloaded.
"""

from __future__ import annotations

import copy
import hashlib
import importlib
import importlib.machinery
import json
import os
import sys
import threading
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from toolstub import regex as _regex
from toolstub import rule_validation as rv
from toolstub import rules as _bundled_rules  # BUNDLED_PACKAGE
from toolstub import ruleset as _ruleset_module
from toolstub import validation_cache
from toolstub.errors import PatternError, RuleFileError
from toolstub.plugin_manager import Registry, get_registry, on_reset
from toolstub import redact as _redact
from toolstub.redact import redaction_errors
from toolstub.regex import compile_pattern, known_pattern
from toolstub.ruleset import ExploreLine, Ruleset, StubRules

if TYPE_CHECKING:
    import yaml

__all__ = [
    "BUNDLED_PACKAGE",
    "DEFAULT_RULESET",
    "Ruleset",
    "StubRules",
    "bundled_names",
    "clear_cache",
    "is_path_spec",
    "load_rules",
    "loaded",
    "merge",
    "validate_rules",
]

#: checks of sections that belong to another module, handed to the loader:
#: ``section name -> check(section) -> [(JSON path tuple, message)]``
SECTION_CHECKS: dict[str, Any] = {"redaction": redaction_errors}

DEFAULT_RULESET = "default"
BUNDLED_PACKAGE = "toolstub.rules"
DEFAULT_VERSION = "0"


def _yaml() -> Any:
    """PyYAML, imported when a rule file is parsed: a remembered ruleset (below) is loaded without it
    (about 12 ms to import: a start-up cost)."""
    import yaml  # noqa: PLC0415

    return yaml


def _loader() -> Any:
    yaml = _yaml()
    return getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class _File:
    display: str  # the path shown in messages
    key: str  # identity: "bundled:NAME" or an absolute path
    real: Path | None  # a file on disk (for extends and the cache), if any
    stem: str
    text: str = ""
    node: yaml.Node | None = None
    data: dict[str, Any] = field(default_factory=dict)


@lru_cache(maxsize=1)
def _bundled_dir() -> Path | None:
    """The folder of the bundled rule files when the package is a plain folder (it is, but in a
    zip): read directly, without importlib.resources (about 8 ms to import: a start-up cost)."""
    where = getattr(_bundled_rules, "__file__", None)
    folder = os.path.dirname(where) if where else None
    return Path(folder) if folder and os.path.isdir(folder) else None


def _resources() -> Any:
    return importlib.import_module("importlib.resources")


@lru_cache(maxsize=1)
def _bundled() -> tuple[str, ...]:
    folder = _bundled_dir()
    names = os.listdir(folder) if folder is not None else [p.name for p in _resources().files(BUNDLED_PACKAGE).iterdir()]
    return tuple(sorted(name[:-5] for name in names if name.endswith(".yaml")))


def bundled_names() -> list[str]:
    """The bundled ruleset names (``default``, ``openviking-compat``, ...)."""
    return list(_bundled())


def is_path_spec(spec: str | Path) -> bool:
    """A bare name (no separator, no ``.yaml``/``.yml``) means a bundled ruleset; anything else is a path."""
    if isinstance(spec, Path):
        return True
    return "/" in spec or os.sep in spec or spec.startswith(".") or spec.endswith((".yaml", ".yml"))


def _locate(spec: str | Path, base_dir: Path | None) -> _File:
    if not is_path_spec(spec):
        folder = _bundled_dir()
        res = folder / f"{spec}.yaml" if folder is not None else _resources().files(BUNDLED_PACKAGE).joinpath(f"{spec}.yaml")
        if not res.is_file():
            raise RuleFileError(f"no bundled ruleset named {str(spec)!r} (bundled: {', '.join(bundled_names())})",
                                path=str(spec))
        real = Path(res) if isinstance(res, os.PathLike) else None
        return _File(display=f"{spec}.yaml", key=f"bundled:{spec}", real=real, stem=str(spec))
    path = Path(spec)
    if base_dir is not None and not path.is_absolute():
        path = base_dir / path
    display = str(spec) if base_dir is None else str(path)
    return _File(display=display, key=str(path.resolve()), real=path, stem=path.name.rsplit(".", 1)[0])


def _read(file: _File) -> None:
    try:
        if file.key.startswith("bundled:"):
            name = file.key.split(":", 1)[1]
            folder = _bundled_dir()
            where = folder / f"{name}.yaml" if folder is not None else _resources().files(BUNDLED_PACKAGE).joinpath(f"{name}.yaml")
            file.text = where.read_text(encoding="utf-8")
        else:
            file.text = file.real.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise RuleFileError("file not found", path=file.display) from None
    except IsADirectoryError:
        raise RuleFileError("is a directory, not a rule file", path=file.display) from None
    except UnicodeDecodeError as exc:
        raise RuleFileError(f"not UTF-8 text (byte {exc.start})", path=file.display) from None
    except OSError as exc:
        raise RuleFileError(f"cannot read file: {exc.strerror or exc}", path=file.display) from None


MAX_DEPTH = 64


def _check_depth(text: str, display: str) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH` before composing (deep nesting would overflow the stack)."""
    yaml = _yaml()
    depth = 0
    for event in yaml.parse(text, Loader=_loader()):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                mark = event.start_mark
                raise RuleFileError(f"nested deeper than {MAX_DEPTH} levels", path=display,
                                    line=mark.line + 1, column=mark.column + 1)
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def _parse(file: _File) -> None:
    yaml = _yaml()
    loader = _loader()(file.text)
    try:
        _check_depth(file.text, file.display)
        node = loader.get_single_node()
        if node is not None:
            rv.check_nodes(node, file.display)
            data = loader.construct_document(node)
        else:
            data = None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if "maximum nesting depth" in str(exc.problem or ""):
            # LibYAML (PyYAML >= 6.0.4) refuses nesting past 1000 levels while scanning ahead,
            # before the depth guard sees the events: the same refusal, at LibYAML's mark.
            raise RuleFileError(f"nested deeper than {MAX_DEPTH} levels", path=file.display,
                                line=mark.line + 1 if mark else None,
                                column=mark.column + 1 if mark else None) from None
        context = ""
        if exc.context and exc.context_mark is not None and exc.problem_mark is not None:
            context = f" ({exc.context} at {exc.context_mark.line + 1}:{exc.context_mark.column + 1})"
        raise RuleFileError(f"YAML syntax error: {rv.one_line(exc.problem or exc.context or exc)}{context}",
                            path=file.display, line=mark.line + 1 if mark else None,
                            column=mark.column + 1 if mark else None) from None
    except yaml.YAMLError as exc:
        raise RuleFileError(f"YAML error: {rv.one_line(exc)}", path=file.display) from None
    finally:
        loader.dispose()
    if not isinstance(data, dict):
        got = "an empty file" if data is None else rv.describe(data)
        raise RuleFileError(f"expected a mapping at the top level, got {got}", path=file.display, line=1, column=1)
    file.node, file.data = node, data


def _fail(file: _File, path: rv.PathT, message: str, *, key: bool = False) -> RuleFileError:
    line, col = rv.mark_of(file.node, path, key=key)
    return RuleFileError(message, path=file.display, json_path=rv.json_path(path), line=line, column=col)


def _check(data: Mapping[str, Any], registry: Registry, owner, *, merged: bool) -> None:
    """Schema, patterns and explore templates of ``data``; ``owner(path)`` names the file to blame."""
    found = rv.schema_error(data, registry, lambda path: rv.scalar_text(owner(path).node, path))
    if found is not None:
        path, key, message = found
        raise _fail(owner(path), path, message, key=key)
    for path, message in rv.pattern_errors(data.get("kinds") or {}, registry):
        raise _fail(owner(path), path, message)
    for section, check in SECTION_CHECKS.items():  # e.g. the redaction module's RE2 check of its detectors
        for path, message in check(data.get(section) or {}):
            raise _fail(owner(path), path, message)
    for path, message in rv.template_errors(data.get("stub") or {}, merged=merged):
        raise _fail(owner(path), path, message)


def merge(base: Mapping[str, Any], override: Mapping[str, Any]) -> dict[str, Any]:
    """Mappings merge by key (recursively); any other value, lists included, is replaced."""
    out = dict(base)
    for key, value in override.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = merge(out[key], value)
        else:
            out[key] = value
    return out


def _open(spec: str | Path, base_dir: Path | None = None) -> _File:
    file = _locate(spec, base_dir)
    _read(file)
    return file


def _chain(file: _File, registry: Registry, seen: tuple[_File, ...] = ()) -> list[_File]:
    """The files of the ``extends`` chain, ``file`` first; each validated on its own."""
    _parse(file)
    _check(rv.with_defaults(file.data, registry, merge), registry, lambda _path: file, merged=False)
    parent = file.data.get("extends")
    if not parent:
        return [file]
    parent_dir = file.real.parent if file.real is not None and is_path_spec(parent) else None
    try:
        parent_file = _open(parent, parent_dir)
    except RuleFileError as exc:
        raise _fail(file, ("extends",), f"cannot extend {parent!r}: {exc.reason}") from None
    if any(f.key == parent_file.key for f in (*seen, file)):
        cycle = " -> ".join(os.path.normpath(f.display) for f in (*seen, file, parent_file))
        raise _fail(file, ("extends",), f"'extends' cycle: {cycle}")
    return [file, *_chain(parent_file, registry, (*seen, file))]


def _expand_detectors(file: _File, own: list[Any], inherited: Any) -> list[Any]:
    """``[a, ..., b]``: ``a``, then the inherited order without ``a`` and ``b``, then ``b``."""
    at = own.index(rv.INHERITED)
    if not isinstance(inherited, list):
        raise _fail(file, ("detectors", at), "'...' stands for the inherited detector order, but no extended ruleset has one")
    listed = set(own)
    return [*own[:at], *(d for d in inherited if d not in listed), *own[at + 1 :]]


def _merged(chain: list[_File], registry: Registry) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for file in reversed(chain):
        inherited = data.get("detectors")
        data = merge(data, file.data)
        own = file.data.get("detectors")
        if isinstance(own, list) and rv.INHERITED in own:
            data["detectors"] = _expand_detectors(file, own, inherited)
    top = chain[0]
    data.pop("extends", None)
    data["name"] = top.data.get("name") or top.stem
    data["version"] = top.data.get("version") or DEFAULT_VERSION
    kinds = dict(data.get("kinds") or {})
    for detector in data.get("detectors") or ():
        kinds.setdefault(detector, {})
    data["kinds"] = kinds
    data = rv.with_defaults(data, registry, merge)

    def owner(path: rv.PathT) -> _File:
        return next((f for f in chain if rv.has_node(f.node, path)), top)

    _check(data, registry, owner, merged=True)
    for required in ("detectors", "stub"):
        if required not in data:
            raise _fail(top, (), f"missing required key {required!r} (in this file or a file it extends)")
    if "header" not in data["stub"]:
        raise _fail(owner(("stub",)), ("stub",), "missing required key 'header'")
    return data


def _compile_section(section: Mapping[str, Any], pattern_keys: frozenset[str], known: bool = False,
                     gates: Mapping[str, Any] | None = None) -> dict[str, Any]:
    if known:
        found = gates or {}

        def compile_one(pattern: str) -> Any:
            return known_pattern(pattern, gate=found.get(pattern))
    else:
        compile_one = compile_pattern
    out: dict[str, Any] = {}
    for key, value in section.items():
        if key in pattern_keys and value is not None:
            out[key] = tuple(compile_one(v) for v in value) if isinstance(value, list) else compile_one(value)
        else:
            out[key] = value
    return out


def _build(chain: list[_File], data: dict[str, Any], registry: Registry, known: bool = False,
           gates: Mapping[str, Any] | None = None) -> Ruleset:
    """The :class:`Ruleset` of validated ``data``; ``known``: its patterns compiled before (cached), so
    each is compiled on first use (a short text its remembered gate turns away: never)."""
    kinds: dict[str, Mapping[str, Any]] = {}
    for name, section in data["kinds"].items():
        try:
            kinds[name] = MappingProxyType(_compile_section(section, registry.get(name).pattern_keys, known, gates))
        except PatternError as exc:  # only a plugin's own defaults can get here
            raise RuleFileError(rv.one_line(exc), path=chain[0].display, json_path=f"$.kinds.{name}") from None
    stub = data["stub"]
    return Ruleset(
        name=str(data["name"]),
        version=str(data["version"]),
        source=chain[0].display,
        detectors=tuple(data["detectors"]),
        stub=StubRules(
            header=str(stub["header"]),
            tools=MappingProxyType(dict(stub.get("tools") or {})),
            explore=tuple(e if isinstance(e, str) else ExploreLine(str(e["line"]), tuple(e.get("kinds") or ()),
                                                                   tuple(e.get("not_kinds") or ()))
                          for e in stub.get("explore") or ()),
        ),
        kinds=MappingProxyType(kinds),
        limits=MappingProxyType(dict(data.get("limits") or {})),
        data=MappingProxyType(copy.deepcopy(data)),
        files=tuple(f.display for f in chain),
    )


# --- the cache ---------------------------------------------------------------------------------

Stamp = tuple[tuple[str, int, int], ...]
_cache: dict[str, tuple[Ruleset, Stamp, object]] = {}
_by_name: dict[str, Ruleset] = {}
_cache_lock = threading.Lock()


def _stamp(files: list[str]) -> Stamp | None:
    out = []
    for path in files:
        try:
            st = os.stat(path)
        except OSError:
            return None
        out.append((path, st.st_mtime_ns, st.st_size))
    return tuple(out)


def clear_cache() -> None:
    with _cache_lock:
        _cache.clear()
        _by_name.clear()


on_reset(clear_cache)  # a replaced plugin registry may validate (and compile) rules differently


def loaded(name: str) -> Ruleset | None:
    """The ruleset of that name loaded most recently in this process, if any."""
    return _by_name.get(name)


def _cache_key(spec: str | Path) -> str:
    return str(Path(spec).resolve()) if is_path_spec(spec) else f"bundled:{spec}"


# --- the on-disk cache of loaded rule files (start-up) ------------------------------------------
#
# Parsing, validating and merging a rule file and compiling its patterns is most of a small
# ``toolstub synopsis``. A ruleset that loaded successfully is remembered under the user cache dir
# (``validation_cache.cache_dir()/rules``) as JSON: the merged data and its ``extends`` chain with
# the sha256 of each file's text. The entry's name is the sha256 of the spec, the top file's text and
# a fingerprint of everything else that decides the result (the kinds' schemas and defaults, the
# code of the loading and validating modules by path, mtime and size, RE2, PyYAML and Python). It is
# used only when every file of the chain still has the same text; failures are never cached;
# ``TOOLSTUB_VALIDATION_CACHE=0`` disables it with the validation cache.

_CACHE_FORMAT = "rules-cache-2"
_fingerprints: dict[int, tuple[Registry, str]] = {}


def _code_stamp() -> list[Any]:
    import re2  # noqa: PLC0415 - already imported by toolstub.regex
    import unicodedata  # noqa: PLC0415 - a built-in module: \\p{python_word} follows its tables

    out: list[Any] = [sys.version, _yaml_stamp(), unicodedata.unidata_version]
    for module in (sys.modules[__name__], rv, _redact, _regex, _ruleset_module, re2, sys.modules.get("re2._re2")):
        path = getattr(module, "__file__", None)
        if path is None:
            continue
        try:
            st = os.stat(path)
        except OSError:
            return [None]
        out.append((path, st.st_mtime_ns, st.st_size))
    return out


def _yaml_stamp() -> Any:
    """PyYAML's package file (path, mtime, size), found as ``import yaml`` would find it but without
    importing it (a remembered ruleset needs no PyYAML): another PyYAML is another stamp."""
    spec = importlib.machinery.PathFinder.find_spec("yaml")
    origin = getattr(spec, "origin", None)
    if not origin:
        return None
    try:
        st = os.stat(origin)
    except OSError:
        return None
    return [origin, st.st_mtime_ns, st.st_size]


def _fingerprint(registry: Registry) -> str:
    found = _fingerprints.get(id(registry))
    if found is not None and found[0] is registry:
        return found[1]
    kinds = [(name, registry.plugin_of(name), dict(s.caps_schema), dict(s.defaults), sorted(s.pattern_keys))
             for name in registry.names() for s in (registry.get(name),)]
    digest = validation_cache.key(_CACHE_FORMAT, _code_stamp(), kinds, sorted(SECTION_CHECKS), rv.INHERITED)
    _fingerprints.clear()
    _fingerprints[id(registry)] = (registry, digest)
    return digest


def _sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def _entry_path(spec: str | Path, top: _File, registry: Registry) -> Path:
    name = validation_cache.key(_CACHE_FORMAT, _fingerprint(registry), str(spec), top.key, _sha(top.text))
    return validation_cache.cache_dir() / "rules" / f"{name}.json"


def _gates(data: Mapping[str, Any], registry: Registry) -> dict[str, Any]:
    """``pattern -> LiteralGate.to_json()`` (or None) of every kind pattern of ``data`` (remembered with
    the ruleset: from Python's regex parser, about 0.3 ms a pattern, so computed once)."""
    out: dict[str, Any] = {}
    for name, section in data["kinds"].items():
        keys = registry.get(name).pattern_keys
        for key, value in section.items():
            if key not in keys or value is None:
                continue
            for pattern in value if isinstance(value, list) else (value,):
                if isinstance(pattern, str) and pattern not in out:
                    gate = _regex.literal_gate(pattern)
                    out[pattern] = gate.to_json() if gate is not None else None
    return out


def _cached(spec: str | Path, top: _File, registry: Registry) -> tuple[list[_File], dict[str, Any], dict[str, Any]] | None:
    """The chain, merged data and gates (``pattern -> LiteralGate | None``) remembered for ``top`` (its
    text already read), if still exact."""
    if not validation_cache.enabled():
        return None
    try:
        with open(_entry_path(spec, top, registry), encoding="utf-8") as handle:
            entry = json.load(handle)
        files = entry["files"]
        chain: list[_File] = []
        for i, (key, display, real, stem, digest) in enumerate(files):
            file = _File(display=display, key=key, real=Path(real) if real is not None else None, stem=stem)
            if i == 0:
                if key != top.key:
                    return None
                file.text = top.text
            else:
                _read(file)
            if _sha(file.text) != digest:
                return None
            chain.append(file)
        data = entry["data"]
        gates = {pattern: _regex.LiteralGate.from_json(gate) for pattern, gate in entry["gates"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError, RuleFileError):
        return None
    if not chain or not isinstance(data, dict):
        return None
    return chain, data, gates


def _remember(spec: str | Path, chain: list[_File], data: dict[str, Any], registry: Registry) -> None:
    if not validation_cache.enabled():
        return
    try:
        text = json.dumps({"files": [[f.key, f.display, str(f.real) if f.real is not None else None, f.stem,
                                      _sha(f.text)] for f in chain], "data": data,
                           "gates": _gates(data, registry)}, ensure_ascii=False)
        if json.loads(text)["data"] != data:
            return  # something JSON does not keep (a non-string key, a tuple): never cached
        path = _entry_path(spec, chain[0], registry)
        path.parent.mkdir(parents=True, exist_ok=True)
        temp = path.with_name(f".{path.name}.{os.getpid()}.{threading.get_ident()}")
        temp.write_text(text, encoding="utf-8")
        os.replace(temp, path)
    except (OSError, TypeError, ValueError):
        pass  # a read-only home or odd data: load afresh every time


def _load(spec: str | Path, registry: Registry) -> tuple[list[_File], Ruleset]:
    top = _open(spec)
    cached = _cached(spec, top, registry)
    if cached is not None:
        chain, data, gates = cached
        return chain, _build(chain, data, registry, known=True, gates=gates)
    chain = _chain(top, registry)
    data = _merged(chain, registry)
    ruleset = _build(chain, data, registry)
    _remember(spec, chain, data, registry)
    return chain, ruleset


def load_rules(spec: str | Path | Ruleset | None = None) -> Ruleset:
    """Load a ruleset by bundled name or path (``None``: ``default``); raises :class:`RuleFileError`."""
    if isinstance(spec, Ruleset):
        return spec
    spec = DEFAULT_RULESET if spec is None or spec == "" else spec
    registry = get_registry()
    key = _cache_key(spec)
    entry = _cache.get(key)
    if entry is not None and entry[2] is registry:
        ruleset, stamp, _ = entry
        if _stamp([s[0] for s in stamp]) == stamp:
            return ruleset
    chain, ruleset = _load(spec, registry)
    stamp = _stamp([str(f.real) for f in chain if f.real is not None])
    with _cache_lock:
        if stamp is not None:
            _cache[key] = (ruleset, stamp, registry)
        _by_name[ruleset.name] = ruleset
    return ruleset


def validate_rules(spec: str | Path) -> Ruleset:
    """Load ``spec`` afresh (bypassing the cache) and return it; raises :class:`RuleFileError`."""
    registry = get_registry()
    chain = _chain(_open(spec), registry)
    return _build(chain, _merged(chain, registry), registry)
