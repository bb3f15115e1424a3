"""Kind ``yaml``: a YAML document that loads (``yaml.safe_load``) to a mapping or a sequence.

Claims the content when the YAML heuristic passes and the content loads as a
mapping or a sequence. The heuristic (``heuristic: seed``) is the seed's: the
content starts with ``---`` (after whitespace); else no code detection pattern
(``kinds.code.detect_patterns``) may match; else the first non-blank line
matching ``key_pattern`` (a key with no inline value; the last non-blank line
is never taken) must be followed by an indented non-blank line. So flat
``key: value`` files are not YAML in ``openviking-compat``.

The load never builds the document: a parser (libyaml's, or up to
``pure_python_max_chars`` under ``pure_python_quirks`` the pure-Python one) checks the syntax, and the safe loader's other refusals are
replayed on libyaml's event stream without constructing containers: a second
document, an undefined alias, a duplicate anchor, a tag no safe constructor
knows (``!foo``, a plain ``=``), a scalar its constructor refuses (``!!int x``,
``2001-13-45``, an integer over 4300 digits), a bad merge (``<<``), an
unhashable key, and nesting deeper than ``max_nesting`` (the seed's
RecursionError). Aliases are never expanded, so an alias bomb costs its size.
Only the top level is kept: key order with ``dict`` semantics (merged keys
first, a repeated key keeps its first place and its last value) and one type
per value.

.. rubric:: Options (``kinds.yaml``)

* ``key_limit`` (30): top-level keys listed in the summary and the structure.
* ``heuristic`` (``seed``): ``seed`` or ``structured``: also take flat
  ``key: value`` files (every one of the first ``probe_lines`` non-blank
  lines is a ``flat_key_pattern`` line, a comment, a list item or indented,
  with at least ``flat_min_keys`` keys).
* ``key_pattern``: the seed's key-line regex (Python ``\\s`` spelled out for RE2).
* ``flat_key_pattern``, ``flat_min_keys`` (2), ``probe_lines`` (50).
* ``code_veto`` (``anywhere``): ``anywhere`` (any code pattern match rejects),
  ``unindented`` (only a match starting at column 0 rejects, so an indented
  ``import x`` inside a block scalar does not), or ``off``.
* ``max_nesting`` (472): deepest collection nesting that loads.
* ``pure_python_quirks`` (true): up to ``pure_python_max_chars``, content is parsed
  with PyYAML's pure-Python parser (the seed's ``yaml.safe_load``; events only, no
  tree), whose verdict decides: it and libyaml disagree on many inputs, both ways
  (a tab, ``\\u``/``\\U`` escapes, a BOM, a ``%`` line, a flow ``:`` before ``,]}``,
  a block scalar header followed by ``#``, ``{a: !!str, b: 1}``...).
* ``pure_python_max_chars`` (200,000): above this size libyaml decides
  (the pure-Python parser runs at about 2.5 s per MB).
* ``more_format`` (``""``) and ``empty_keys_text`` (``""``): as for ``json``.
* ``skip_bom`` (false): strip a leading U+FEFF before the heuristic and the load (a file
  saved by a Windows editor).
* ``unknown_tags`` (``refuse``): a tag no safe constructor knows (``!Ref``) fails
  the load as in ``yaml.safe_load``, or (``ignore``) the node reads as untagged (a plain ``=``,
  PyYAML's "value" type, too: the string ``=``).
* ``multi_document`` (``refuse``): a second document fails the load, as in
  ``yaml.safe_load``; ``first``: a stream of mappings and sequences (k8s manifests,
  ``helm template``) is described by its first document, with ``documents: N``.
* ``prose_values`` (``accept``): ``refuse``: a mapping whose values are all plain
  scalars running over several lines (``Options:`` then indented help text) is not YAML.
* ``key_text`` (``python``): a key as ``str()`` of its loaded value (``on`` shows
  ``True``, YAML 1.1) or ``source``: as written.
* ``other_value_types`` (``string``): the type of a value that is not a mapping, a list,
  a bool, null, an int or a float (a date, a datetime, ``!!binary`` bytes, a ``!!set``):
  ``string`` (the seed) or ``python``: its Python type name (``date``, ``datetime``,
  ``bytes``, ``set``).
* ``structure_probe`` (false): when the heuristic above says no, content whose first
  meaningful line is a YAML key line, a ``- `` item or a ``%YAML`` directive, also inside a margin
  of spaces (an Ansible tasks file indented two spaces), and that no code pattern vetoes at
  column 0 (at the margin), is loaded too, and the load's structure is the evidence:
  a sequence of mappings (cloud SDK command specs), a key whose value is a collection, a
  block scalar (``|``, ``>``), a ``$schema``-style key, a ``---`` start; or a whole file of one
  setting: one ``key: token`` line (beside comments and ``---``) whose key is compound
  (``requires_ansible: '>=2.12'``), whose value is typed (``swagger: "2.0"``, ``comment: false``)
  or a compound name (``theme: jekyll-theme-slate``), or a lower-case word under a key that labels
  no message (``language: rust``; ``error: failed`` stays text).
* ``confidence`` (false): return a :class:`~toolstub.claims.Claim` scored from that
  structure (``loads``, ``nested``, ``identifier_keys``, ``block_scalar``,
  ``document_start``, ``heuristic``; counter-evidence ``scalar_list``: a bullet list of
  plain strings, ``few_keys``, ``spaced_keys``: labels such as ``Last Modified``,
  ``header_fields``: a flat mapping of capitalised keys with a ``Title-Case-Hyphen`` one, the
  RFC 822 field listings of ``apt-cache show``, ``dpkg -s``, ``pip show``, HTTP and mail headers;
  ``path_values``: a flat mapping of 3+ keys whose every value is an absolute path, ``dpkg -S`` and
  ``whereis`` listings).
* ``manifests`` (0): a stream whose documents have ``kind`` / ``apiVersion`` (Kubernetes
  manifests, ``helm template``) names up to this many documents (``Deployment apps/v1 web``)
  and says how many more.

.. rubric:: Examples

``---\\ntitle: x\\ntags: [a, b]\\n`` gives ``YAML object.`` /
``top-level keys: title, tags`` and the structure ``title: string`` /
``tags: array``. ``name: foo\\nversion: 1\\n`` is not claimed under
``openviking-compat`` and is YAML under ``default``.
"""

from __future__ import annotations

import datetime
import functools
import re
from typing import TYPE_CHECKING, Any

import re2

from toolstub.hookspecs import hookimpl
from toolstub.plugins import _lines
from toolstub.regex import LazyPattern, compile_pattern, without_groups
from toolstub.synopsis import Claim, Evidence, KindInput, Summarizer, Synopsis
from toolstub.textutil import cut

if TYPE_CHECKING:
    import yaml
    from yaml.constructor import SafeConstructor
    from yaml.nodes import ScalarNode

_YAML_NAMES = ("yaml", "SafeConstructor", "ScalarNode")


def _load_yaml() -> None:
    """Bind ``yaml``, ``SafeConstructor`` and ``ScalarNode`` (PyYAML) as module globals, on the first
    load of a YAML document: an input that never reaches one (most of a small ``toolstub synopsis``)
    imports no PyYAML (about 12 ms: a start-up cost). Every function using them calls this first."""
    if "ScalarNode" in globals():
        return
    import yaml  # noqa: PLC0415
    import yaml._yaml  # noqa: PLC0415
    from yaml.constructor import SafeConstructor  # noqa: PLC0415
    from yaml.nodes import ScalarNode  # noqa: PLC0415

    globals().update(yaml=yaml, SafeConstructor=SafeConstructor, ScalarNode=ScalarNode)


def __getattr__(name: str) -> Any:
    if name in _YAML_NAMES:
        _load_yaml()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

_PY_WS = r"[\t-\r\x1c-\x20\x85\xa0\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]"

DEFAULTS: dict[str, Any] = {
    "key_limit": 30,
    "heuristic": "seed",
    "front_matter_marker": "---",
    "key_pattern": rf"^[A-Za-z0-9_.-]+:{_PY_WS}*(?:#.*)?$",
    "flat_key_pattern": r"^[A-Za-z0-9_.-]+:(?:[ \t].*)?$",
    "flat_min_keys": 2,
    "probe_lines": 50,
    "code_veto": "anywhere",
    "max_nesting": 472,
    "pure_python_quirks": True,
    "pure_python_max_chars": 200_000,
    "more_format": "",
    "empty_keys_text": "",
    "key_text": "python",
    "unknown_tags": "refuse",
    "skip_bom": False,
    "multi_document": "refuse",
    "prose_values": "accept",
    "other_value_types": "string",
    "structure_probe": False,
    "confidence": False,
    "manifests": 0,
}

_INT = {"type": "integer", "minimum": 0}
CAPS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "key_limit": {**_INT, "description": "top-level keys listed"},
        "heuristic": {"enum": ["seed", "structured"], "description": "which YAML heuristic runs before the load"},
        "front_matter_marker": {"type": "string", "description": "content starting with it (after whitespace) is tried"},
        "key_pattern": {"type": "string", "description": "a key line with no inline value (RE2, one line)"},
        "flat_key_pattern": {"type": "string", "description": "a key line of a flat mapping (structured heuristic)"},
        "flat_min_keys": {**_INT, "description": "key lines a flat mapping needs"},
        "probe_lines": {**_INT, "description": "non-blank lines the structured heuristic looks at"},
        "code_veto": {"enum": ["anywhere", "unindented", "off"], "description": "when a code pattern rejects"},
        "max_nesting": {**_INT, "description": "deepest collection nesting that loads"},
        "pure_python_quirks": {"type": "boolean", "description": "parse like the pure-Python loader where libyaml differs"},
        "pure_python_max_chars": {
            "type": "integer",
            "minimum": 0,
            "description": "above this size libyaml decides even where the pure-Python loader differs (speed bound)",
        },
        "more_format": {"type": "string", "description": "item appended when a cap cuts a list; {n} = left out"},
        "empty_keys_text": {"type": "string", "description": "what 'top-level keys:' shows for an empty mapping"},
        "key_text": {"enum": ["python", "source"], "description": "a key as str() of its loaded value, or as written"},
        "unknown_tags": {"enum": ["refuse", "ignore"], "description": "an application tag (!Ref) fails the load, or is ignored"},
        "skip_bom": {"type": "boolean", "description": "strip a leading U+FEFF before detection"},
        "multi_document": {"enum": ["refuse", "first"], "description": "a stream of documents fails the load, or the first is described"},
        "prose_values": {"enum": ["accept", "refuse"], "description": "a mapping whose values are all multi-line plain text is not YAML"},
        "other_value_types": {
            "enum": ["string", "python"],
            "description": "a value that is not a mapping, list, bool, null, int or float: 'string', or its Python type (date, bytes...)",
        },
        "structure_probe": {"type": "boolean", "description": "also load content whose first line is a key or an item"},
        "confidence": {"type": "boolean", "description": "return a scored claim (strongest_claim detection)"},
        "manifests": {**_INT, "description": "documents of a manifest stream named by kind/apiVersion/name"},
    },
}

_LINE_BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


# --- the heuristic -------------------------------------------------------------------------


_LINE = LazyPattern(re.compile, r"([^\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]*)(?:\r\n|[\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]|\Z)")


def _nonblank_lines(content: str, limit: int | None = None):
    """The non-blank lines of ``str.splitlines`` semantics, lazily (the answer usually comes early)."""
    if _plain_breaks(content):
        yield from _nonblank_plain_lines(content, limit)
        return
    count = 0
    position, size = 0, len(content)
    while position < size:
        match = _LINE.match(content, position)
        line = match.group(1)
        position = match.end() if match.end() > position else size
        if line.strip():
            yield line
            count += 1
            if limit is not None and count >= limit:
                return


_NON_SPACE = LazyPattern(re.compile, r"\S")
_OTHER_BREAK_CHARS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def _plain_breaks(content: str) -> bool:
    """Whether ``\n`` is the only line break (``str.splitlines`` then equals splitting on it)."""
    # one find per break (memchr) instead of a class search: about 10x faster on a large text;
    # window by window, so that each find reads the window from the CPU cache
    return not _lines.holds_any(content, "\r" + _OTHER_BREAK_CHARS)


def _nonblank_plain_lines(content: str, limit: int | None):
    """``_nonblank_lines`` for text whose only break is ``\n``: blank runs are skipped in C."""
    count, position = 0, 0
    while True:
        found = _NON_SPACE.search(content, position)
        if found is None:
            return
        start = content.rfind("\n", position, found.start()) + 1 or position
        end = content.find("\n", found.start())
        if end < 0:
            end = len(content)
        yield content[start:end]
        count += 1
        if limit is not None and count >= limit:
            return
        position = end


_BYTE_BREAKS = b"\n\r\x0b\x0c\x1c\x1d\x1e"
_MULTIBYTE_BREAKS = (b"\xc2\x85", b"\xe2\x80\xa8", b"\xe2\x80\xa9")


def _code_veto(content: str, patterns: Any, mode: str) -> bool:
    """Whether a code pattern vetoes YAML: anywhere, or (``unindented``) at a line's start.

    The text is encoded once and one RE2 pass over all the patterns answers the usual
    "no code here"; the per-pattern scan runs only when something matched.
    """
    if mode == "off" or not patterns:
        return False
    data = _lines.encode(content)
    patterns = tuple(patterns)
    tagged = _tagged_any_of(patterns)
    first = (tagged or _lines.any_of(patterns)).search(data)
    if first is None:
        return False
    if mode == "anywhere":
        return True
    if tagged is not None:  # the pattern that matched first is tried first (the answer is an "any")
        hit = next(index for index in range(len(patterns)) if first.start(index + 1) >= 0)
        patterns = (patterns[hit], *patterns[:hit], *patterns[hit + 1 :])
    for pattern in patterns:
        for match in getattr(pattern, "regex", pattern).finditer(data):
            text = _lines.decode(match.group(0))
            lead = text[: len(text) - len(text.lstrip())]
            start = match.start() + len(_lines.encode(lead))
            if start == 0 or data[start - 1] in _BYTE_BREAKS or data.endswith(_MULTIBYTE_BREAKS, 0, start):
                return True
    return False


@functools.lru_cache(maxsize=32)
def _tagged_any_of(patterns: tuple[Any, ...]) -> Any:
    """One RE2 pattern matching where any of ``patterns`` does, each in a group of its own (which
    one matched); ``None`` when that form does not compile."""
    if len(patterns) < 2:
        return None
    try:
        return compile_pattern("|".join(f"({without_groups(p.pattern)})" for p in patterns))
    except Exception:  # noqa: BLE001 - the ungrouped form answers alone
        return None


def _seed_structure(content: str, key_re: Any) -> bool:
    """The first non-blank line matching ``key_re`` (not the last one): is the next indented?"""
    line_re = _whole_text_form(key_re)
    if line_re is not None and _plain_breaks(content):
        return _seed_structure_plain(content, key_re, line_re)
    previous_was_key = False
    for line in _nonblank_lines(content):
        if previous_was_key:
            return line.startswith((" ", "\t"))
        previous_was_key = bool(key_re.search(line))
    return False


def _whole_text_form(key_re: Any) -> Any:
    """``key_re`` in multi-line mode when that finds every line it matches alone, else ``None``.

    A pattern anchored with ``^`` that uses no ``\\A``/``\\z`` matches a line alone
    exactly where its multi-line form matches at that line's start within the whole
    text (``^``/``$`` meet at ``\\n``); each candidate is still checked on its own line.
    """
    source = getattr(key_re, "pattern", None)
    if not isinstance(source, str) or not source.startswith("^") or "\\A" in source or "\\z" in source:
        return None
    try:
        return compile_pattern(source, "m")
    except Exception:  # noqa: BLE001 - no whole-text form: the line loop answers
        return None


def _seed_structure_plain(content: str, key_re: Any, line_re: Any) -> bool:
    # RE2 given a str encodes all of it at every call: an ASCII text is searched in its UTF-8
    # (the same offsets), encoded once and shared with the other passes over the text
    haystack = _lines.encode(content) if content.isascii() else content
    position = 0
    while True:
        found = line_re.search(haystack, position)
        if found is None:
            return False
        start = found.start()
        end = content.find("\n", start)
        if end < 0:
            end = len(content)
        line = content[start:end]
        if line.strip() and key_re.search(line):
            following = _NON_SPACE.search(content, end)
            if following is None:
                return False  # the key line is the last non-blank line
            line_start = content.rfind("\n", end, following.start()) + 1
            return content[line_start] in " \t"
        if end >= len(content):
            return False
        position = end + 1


_QUOTED_KEY = LazyPattern(re.compile, r'"(?:[^"\\\n]|\\.)+"(?=:)')
_SENTENCE = LazyPattern(re.compile, r"^[ \t]+\S+(?:[ \t]+\S+){3,}[.!?]['\")]*[ \t]*$")


def _flat_structure(content: str, caps: Any) -> bool:
    flat_re = caps["flat_key_pattern"]
    keys: set[str] = set()
    items = sentences = 0
    for line in _nonblank_lines(content, caps["probe_lines"]):
        if line.startswith((" ", "\t", "#")):
            continue
        if line.startswith("- ") or line == "-":
            if not flat_re.search(line[2:]):
                return False  # a bullet list, not a sequence of mappings
            items += 1
            continue
        if not flat_re.search(line):
            return False
        quoted = _QUOTED_KEY.match(line)  # `"share:create": ""`: the key is the quoted string, colons and all
        key, value = (quoted.group(0), line[quoted.end() + 1 :]) if quoted else line.partition(":")[::2]
        if key in keys:  # "Note: a / Note: b" is text; a YAML file does not repeat a key
            return False
        keys.add(key)
        if _SENTENCE.search(value):
            sentences += 1
    if keys and sentences == len(keys):
        return False  # "Summary: The build passed." lines are prose
    return (len(keys) if not items or keys else items) >= caps["flat_min_keys"]


def looks_yaml(content: str, caps: Any, code_patterns: Any, vetoes: dict[str, bool] | None = None) -> bool:
    """The YAML heuristic of ``kinds.yaml`` (the seed's ``_looks_yaml`` under ``heuristic: seed``).

    ``vetoes`` (optional) records the code veto's answer per mode, for the structure probe.
    """
    lead = len(content) - len(content.lstrip()) if content[:1].isspace() else 0
    if content.startswith(caps["front_matter_marker"], lead):
        return True
    vetoed = _code_veto(content, code_patterns, caps["code_veto"])
    if vetoes is not None:
        vetoes[caps["code_veto"]] = vetoed
    if vetoed:
        return False
    if _seed_structure(content, caps["key_pattern"]):
        return True
    return caps["heuristic"] == "structured" and _flat_structure(content, caps)


# --- the load, replayed on libyaml events ---------------------------------------------------

_T = "tag:yaml.org,2002:"
_SEQ, _MAP, _STR, _MERGE, _VALUE = _T + "seq", _T + "map", _T + "str", _T + "merge", _T + "value"
_SEQ_TAGS = {_SEQ: "array", _T + "omap": "array", _T + "pairs": "array"}
_MAP_TAGS = {_MAP: "object", _T + "set": "set"}
_SCALAR_TYPES = {_STR: "string", _T + "int": "number", _T + "float": "number", _T + "bool": "boolean", _T + "null": "null"}


class Refused(Exception):
    """``yaml.safe_load`` would raise (or the result is not a mapping or a sequence)."""


class _Node:
    """What the top-level summary and the safe loader's checks need of one node."""

    __slots__ = ("all_maps", "explicit", "items", "key", "kind", "members", "merging", "pairs", "style", "tag", "value")

    def __init__(self, kind: str, tag: str, value: Any = None, style: Any = None, explicit: bool = False) -> None:
        self.kind = kind  # scalar | seq | map
        self.tag = tag
        self.value = value
        self.style = style
        self.explicit = explicit
        self.pairs: list[tuple[_Node, _Node]] | None = None  # map: kept for the root, anchors, merges
        self.members: list[_Node] | None = None  # seq: kept for anchors and merges
        self.items = 0  # seq: items; map: pairs
        self.all_maps = True  # seq: every item is a mapping (a valid merge value)
        self.key: _Node | None = None  # map: the key waiting for its value
        self.merging = False  # inside the value of a merge key


def _pure_python(content: str, caps: Any) -> bool:
    """Whether the pure-Python parser decides (``pure_python_quirks``, up to ``pure_python_max_chars``).

    libyaml and PyYAML's pure-Python parser (the seed's ``yaml.safe_load``) disagree on
    many inputs, both ways: tabs, surrogate ``\\u`` escapes, a BOM after the start, ``%``
    lines, ``{a:}``, ``|#``, a tag followed by a flow indicator (``{a: !!str, b: 1}``,
    ``[!!str, 1]``)... No pattern finds them all, so the pure parser reads every such
    content (events only: no tree is built).
    """
    return bool(caps.get("pure_python_quirks")) and len(content) <= caps["pure_python_max_chars"]


_PLAIN = _Node("scalar", _STR)


class _Replay:
    def __init__(self, caps: Any, pure_python: bool = False) -> None:
        _load_yaml()
        self.loader = yaml.SafeLoader if pure_python else yaml.CSafeLoader
        self.max_nesting = caps["max_nesting"]
        self.ignore_tags = caps.get("unknown_tags") == "ignore"
        self.resolver = yaml.resolver.Resolver()
        self.first_chars = frozenset(k for k in self.resolver.yaml_implicit_resolvers if k)
        self.constructor = SafeConstructor()
        self.anchors: dict[str, _Node] = {}
        self.stack: list[_Node] = []
        self.root: _Node | None = None
        self.multi_document = caps.get("multi_document") == "first"
        self.refuse_prose = caps.get("prose_values") == "refuse"
        self.python_types = caps.get("other_value_types") == "python"
        self.documents = 0
        self.root_values = 0  # values of a top-level mapping (first document)
        self.prose_values = 0  # ... that are plain scalars running over several lines

    def construct(self, node: _Node) -> Any:
        if node.tag == _STR:
            return node.value
        fn = self.constructor.yaml_constructors.get(node.tag)
        if fn is None or node.tag in _SEQ_TAGS or node.tag in _MAP_TAGS:
            raise Refused(f"no constructor for {node.tag}")
        try:
            return fn(self.constructor, ScalarNode(node.tag, node.value, style=node.style))
        except Exception as exc:  # noqa: BLE001 - any constructor error is the loader's error
            raise Refused(str(exc)) from None

    def type_of(self, node: _Node) -> str:
        if node.kind == "seq":
            return "array"
        if node.kind == "map":
            return "object" if node.tag != _T + "set" else "set" if self.python_types else "string"
        known = _SCALAR_TYPES.get(node.tag)
        if known:
            return known
        value = self.construct(node)  # a value its constructor refuses fails the load
        if not self.python_types:
            return "string"
        if isinstance(value, datetime.datetime):
            return "datetime"
        return type(value).__name__

    def _count_root_value(self, event: Any) -> None:
        parent = self.stack[0]
        if parent.kind == "map" and parent.key is not None and self.documents == 1:
            self.root_values += 1
            if event is not None and not event.style and event.end_mark.line > event.start_mark.line:
                self.prose_values += 1

    def scalar(self, event: Any) -> _Node:
        if len(self.stack) == 1:
            self._count_root_value(event)
        tag = event.tag
        explicit = tag is not None and tag != "!"
        if explicit and self.ignore_tags and tag not in self.constructor.yaml_constructors:
            tag = _STR  # an application tag (!Ref, !Sub, !include): its scalar reads as a string
        elif not explicit:
            value = event.value
            if value and event.implicit[0] and value[0] not in self.first_chars:
                tag = _STR  # no implicit resolver starts with this character
                if event.anchor is None and not self._key_kept():
                    return _PLAIN  # nothing reads its value: share one node
            else:
                tag = self.resolver.resolve(ScalarNode, value, event.implicit)
                if tag == _VALUE and self.ignore_tags:
                    tag = _STR  # a plain `=` (`enum: [=, '!=']`): PyYAML's "value" type, no safe constructor
        node = _Node("scalar", tag, event.value, event.style, explicit)
        if tag not in (_STR, _T + "null", _MERGE, _VALUE) and (explicit or tag != _T + "bool"):
            self.construct(node)  # int (4300-digit limit), float ("._"), timestamp, explicit tags
        self.anchor(event.anchor, node)
        return node

    def _key_kept(self) -> bool:
        parent = self.stack[-1] if self.stack else None
        return parent is not None and parent.kind == "map" and parent.key is None and parent.pairs is not None

    def collection(self, event: Any, kind: str) -> _Node:
        if len(self.stack) == 1:
            self._count_root_value(None)
        tag = event.tag
        if tag is None or tag == "!":
            tag = _SEQ if kind == "seq" else _MAP
        if tag not in (_SEQ_TAGS if kind == "seq" else _MAP_TAGS):
            if not (self.ignore_tags and tag not in self.constructor.yaml_constructors):
                raise Refused(f"tag {tag} on a {kind}")
            tag = _SEQ if kind == "seq" else _MAP
        if len(self.stack) >= self.max_nesting:
            raise Refused("nesting too deep")  # the seed's recursive composer: RecursionError
        node = _Node(kind, tag)
        parent = self.stack[-1] if self.stack else None
        if parent is not None and (parent.merging or (parent.kind == "map" and parent.key and parent.key.tag == _MERGE)):
            node.merging = True
        keep = parent is None or node.merging or event.anchor is not None
        if keep:
            node.pairs = [] if kind == "map" else None
            node.members = [] if kind == "seq" else None
        self.anchor(event.anchor, node)
        return node

    def anchor(self, anchor: str | None, node: _Node) -> None:
        if anchor is not None:
            if anchor in self.anchors:
                raise Refused(f"found duplicate anchor {anchor!r}")
            self.anchors[anchor] = node

    def add(self, node: _Node) -> None:
        """Attach a finished node (or an alias's target) to the open collection."""
        parent = self.stack[-1] if self.stack else None
        is_key = parent is not None and parent.kind == "map" and parent.key is None
        if not is_key and node.kind == "scalar" and node.tag in (_MERGE, _VALUE):
            raise Refused(f"no constructor for {node.tag}")
        if parent is None:
            if self.documents > 1 or (self.multi_document and node.kind == "scalar" and node.tag == _T + "null"):
                if node.kind == "scalar" and node.tag != _T + "null":
                    raise Refused("a document of the stream is a scalar")  # front matter and prose
                if self.root is None and node.kind != "scalar":
                    self.root = node
            else:
                self.root = node
        elif parent.kind == "seq":
            parent.items += 1
            if parent.members is not None:
                parent.members.append(node)
            if node.kind != "map":
                parent.all_maps = False
            if parent.tag != _SEQ and (node.kind != "map" or node.items != 1):
                raise Refused("an omap/pairs item is not a one-pair mapping")
        elif is_key:
            parent.key = node
        else:
            key, parent.key = parent.key, None
            parent.items += 1
            self.pair(parent, key, node)

    def pair(self, parent: _Node, key: _Node, value: _Node) -> None:
        if key.kind == "scalar" and key.tag == _MERGE:
            if not (value.kind == "map" or (value.kind == "seq" and value.all_maps)):
                raise Refused("expected a mapping or list of mappings for merging")
        elif key.kind != "scalar":
            raise Refused("found unhashable key")
        if parent.pairs is not None:
            parent.pairs.append((key, value))

    def flatten(self, node: _Node, seen: frozenset[int] = frozenset()) -> list[tuple[Any, str, str]]:
        """A mapping's (key, value type) pairs in the safe loader's order: merged pairs first."""
        if id(node) in seen or node.pairs is None:
            return []
        seen = seen | {id(node)}
        merged: list[tuple[Any, str, str]] = []
        own: list[tuple[Any, str, str]] = []
        for key, value in node.pairs:
            if key.tag == _MERGE:
                if value.kind == "map":
                    merged.extend(self.flatten(value, seen))
                else:
                    for member in reversed(value.members or ()):
                        merged.extend(self.flatten(member, seen))
            else:
                value_of_key = key.value if key.tag == _VALUE else self.construct(key)
                own.append((value_of_key, self.type_of(value), key.value))
        return merged + own

    def run(self, content: str) -> _Node:
        try:
            loader = self.loader(content)
            next_event = loader.get_event
            while True:
                event = next_event()
                cls = type(event)
                if cls is yaml.StreamEndEvent or event is None:
                    break
                if cls is yaml.ScalarEvent:
                    self.add(self.scalar(event))
                elif cls is yaml.AliasEvent:
                    target = self.anchors.get(event.anchor)
                    if target is None:
                        raise Refused(f"found undefined alias {event.anchor!r}")
                    self.add(target)
                elif cls is yaml.MappingStartEvent:
                    self.stack.append(self.collection(event, "map"))
                elif cls is yaml.SequenceStartEvent:
                    self.stack.append(self.collection(event, "seq"))
                elif cls is yaml.MappingEndEvent or cls is yaml.SequenceEndEvent:
                    self.add(self.stack.pop())
                elif cls is yaml.DocumentStartEvent:
                    self.documents += 1
                    if self.documents > 1:
                        if not self.multi_document:
                            raise Refused("expected a single document in the stream")
                        self.anchors = {}  # anchors are per document
        except yaml.YAMLError as exc:
            raise Refused(str(exc)) from None
        except (UnicodeError, RecursionError, MemoryError) as exc:
            raise Refused(str(exc)) from None
        if self.root is None:
            raise Refused("empty stream")
        if self.refuse_prose and self.root_values and self.prose_values == self.root_values:
            raise Refused("every value is prose (multi-line plain text under labels)")
        return self.root


# --- the fast path for big block documents at column 0 ------------------------------------

_FAST_MIN_CHARS = 65_536
# anything that needs the full replay: tags, anchors and aliases, merges, complex and flow keys, a
# plain "=", a directive or a second document marker, quoted keys at column 0, compact nested
# sequences, a float like "._", deep indentation, YAML's other line breaks (NEL, LS, PS: the scan
# below knows only "\n"), a BOM after the start, and a quoted scalar that may run past its line
# (which can go on at column 0): a quote after a character that is not a word character, a
# quote or a backslash (every real opening quote is) whose line holds no closing quote: for '...' every later quote is a doubled '' escape,
# for "..." every later quote is \" escaped (or the line ends in an escaping backslash)
_RISKY = LazyPattern(re2.compile,
    r"(?m)(?:^|[ \t\[{,])[!&*]"
    r"|<<|(?:^|[ \t\[{,])\?(?:[ \t]|$)|[\]}][ \t]*:(?:[ \t]|$)"
    r"|(?:^|[ \t\[{,:-])=(?:[ \t,\]}]|$)"
    r"|\n(?:---|\.\.\.)(?:[ \t\r\n]|$)|^%|^[\"']|-[ \t]+-(?:[ \t]|$)|\._"
    r"|^[ \t]{120,}\S"
    r"|[\x{85}\x{2028}\x{2029}]|.\x{feff}|\n\x{feff}"
    r"|(?:^|[^A-Za-z0-9_\"'\\])'(?:[^'\n]|'')*$"
    r"|(?:^|[^A-Za-z0-9_\"'\\])\"(?:[^\"\\\n]|\\[^\n])*\\?$"
)
# the safe loader's timestamp pattern, unanchored and greedy: every candidate is constructed
# once; one the constructor refuses (2001-13-45, 25:00:00, +25:00) sends the document to the replay
_TIMESTAMP = LazyPattern(re.compile,
    r"[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?"
    r"(?:(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)?"
)
_TIMESTAMP_ANY = LazyPattern(re2.compile, _TIMESTAMP.pattern)
_DIGITS = bytes(0x31 if (0x30 <= b <= 0x39 or b == 0x5F) else 0x30 for b in range(256))
_FLOW_KEEP = bytes(b for b in range(256) if b not in b"[]{}\n")
_COL0 = r"^(?=[^ \t#\n])(?!---(?:[ \t]|$))"
_COL0_LINE = LazyPattern(re.compile, _COL0 + r"[^\n]*", re.MULTILINE)
# a column-0 line that is not a sequence item: a top-level key (items of a sequence value may
# sit at column 0 too, under their key: "items:\n- a")
_KEY0 = _COL0 + r"(?!-(?:[ \t\n]|$))"
_COL0_NOT_ITEM = LazyPattern(re.compile, _KEY0, re.MULTILINE)
# the same two, each ``^`` spelled as the "\n" before the line, matched over "\n" + content
# (a literal first character lets ``re`` jump from line to line instead of trying every position)
_NL_COL0_START = LazyPattern(re.compile, "\n" + _COL0[1:], re.MULTILINE)
_NL_COL0_KEY_OR_NOT = LazyPattern(re.compile,
    "\n" + _KEY0[1:] + r"(?:([^:\n]*(?::(?![ \t\n]|$)[^:\n]*)*):(?=[ \t\n]|$))?", re.MULTILINE
)
_KEY_TRAILING_BLANK = LazyPattern(re.compile, _KEY0 + r"(?:[^:\n]|:(?![ \t\n]|$))*[ \t]:(?=[ \t\n]|$)", re.MULTILINE)
_FLOW_PASSES = 8


class _NotFast(Exception):
    """The fast path cannot decide exactly: replay the events."""


def _flow_unsafe(data: bytes) -> bool:
    """A flow collection spans lines, or nests more than a few levels on one line."""
    reduced = data.translate(None, _FLOW_KEEP)
    for _ in range(_FLOW_PASSES):
        shorter = reduced.replace(b"[]", b"").replace(b"{}", b"")
        if len(shorter) == len(reduced):
            break
        reduced = shorter
    else:
        return True
    return b"[" in reduced or b"{" in reduced


def _timestamps_construct(content: str) -> bool:
    _load_yaml()
    constructor = SafeConstructor()
    if _TIMESTAMP_ANY.search(content.encode("utf-8", "surrogatepass")) is None:
        return True  # one linear RE2 pass says there is none
    for text in set(_TIMESTAMP.findall(content)):
        try:
            constructor.construct_yaml_timestamp(ScalarNode(_T + "timestamp", text))
        except Exception:  # noqa: BLE001 - any refusal: let the replay decide exactly
            return False
    return True


def _value_type(replay: _Replay, chunk: str) -> str:
    """The type of the value in ``key: value`` (one top-level entry), from its first five events.

    A chunk that does not parse alone means it was not one whole entry: the replay decides.
    """
    try:
        return _chunk_value_type(replay, chunk)
    except yaml.YAMLError:
        raise _NotFast from None


def _chunk_value_type(replay: _Replay, chunk: str) -> str:
    _load_yaml()
    for seen, event in enumerate(yaml.parse(chunk, Loader=yaml.CSafeLoader), 1):
        if seen == 5:
            cls = type(event)
            if cls is yaml.ScalarEvent:
                return replay.type_of(replay.scalar(event))
            if cls is yaml.SequenceStartEvent:
                return "array"
            if cls is yaml.MappingStartEvent:
                return "object"
            break
    raise _NotFast


def _fast_top_level(content: str, caps: Any) -> tuple[str, Any]:
    """A block mapping or sequence at column 0 whose entries are told apart by their first column."""
    _load_yaml()
    try:
        raw = content.encode("utf-8")
    except UnicodeEncodeError:
        raise _NotFast from None
    crlf = "\r" in content
    if crlf:  # CRLF lines: scan the LF form (line breaks never change a value's type)
        content = content.replace("\r\n", "\n")
        if "\r" in content:
            raise _NotFast
    data = content.encode("utf-8") if crlf else raw
    if _RISKY.search(content) or b"1" * 4301 in data.translate(_DIGITS):
        raise _NotFast
    if _flow_unsafe(data) or not _timestamps_construct(content):
        raise _NotFast
    try:
        yaml._yaml.CParser(raw).raw_parse()
    except yaml.YAMLError as exc:
        raise Refused(str(exc)) from None
    first_line = _COL0_LINE.search(content)
    if first_line is None:
        raise _NotFast
    first = first_line.group(0).lstrip("\ufeff")
    if (first == "-" or first.startswith(("- ", "-\t"))) and not _COL0_NOT_ITEM.search(content):
        return "array", len(_NL_COL0_START.findall("\n" + content))
    keys = _NL_COL0_KEY_OR_NOT.findall("\n" + content)  # one entry per top-level line: its key, or ""
    if not keys or "" in keys:
        raise _NotFast
    keys[0] = keys[0].lstrip("\ufeff")
    if (" :" in content or "\t:" in content) and _KEY_TRAILING_BLANK.search(content):
        keys = [key.rstrip(" \t") for key in keys]
    if len(set(keys)) != len(keys):
        raise _NotFast
    replay = _Replay(caps)
    first_chars = replay.resolver.yaml_implicit_resolvers
    for key in keys:
        if key[:1] in first_chars and replay.resolver.resolve(ScalarNode, key, (True, False)) != _STR:
            raise _NotFast
    table: dict[Any, str] = dict.fromkeys(keys, "")
    limit = caps["key_limit"]
    starts = []
    for match in _COL0_NOT_ITEM.finditer(content):
        starts.append(match.start())
        if len(starts) > limit:
            break
    starts.append(len(content))
    for index, key in enumerate(keys[:limit]):
        table[key] = _value_type(replay, content[starts[index] : starts[index + 1]])
    return "object", table


def load_top_level(
    content: str, caps: Any, names: dict[Any, str] | None = None, info: dict[str, Any] | None = None
) -> tuple[str, Any]:
    """``("object", {key: type})`` or ``("array", length)``; raises :class:`Refused`."""
    _load_yaml()
    pure_python = _pure_python(content, caps)
    if not pure_python and len(content) >= _FAST_MIN_CHARS and caps["max_nesting"] >= 400:
        try:
            return _fast_top_level(content, caps)
        except _NotFast:
            pass
    replay = _Replay(caps, pure_python)
    root = replay.run(content)
    if info is not None:
        info["documents"] = replay.documents
        if root.kind == "seq":
            info["item_kinds"] = [member.kind for member in root.members or ()]
    if root.kind == "seq":
        return "array", root.items
    if root.kind == "map" and root.tag != _T + "set":
        table: dict[Any, str] = {}
        pairs = replay.flatten(root)
        if info is not None:
            info["pairs"] = len(pairs)
        for key, kind, source in pairs:
            table[key] = kind
            if names is not None:
                names.setdefault(key, source)
        return "object", table
    raise Refused("not a mapping or a sequence")


# --- the synopsis ---------------------------------------------------------------------------

# a first meaningful line that can open a YAML document: a key (plain, quoted, or a `$schema`-like
# name), a sequence item, a directive or a document marker
_OPENING = LazyPattern(re.compile,
    r"""^(?:%YAML[ \t]|---(?:[ \t]|$)|-(?:[ \t]|$)|(?:"[^"\n]*"|'[^'\n]*'|[^\s#:{}\[\],&*!|>'"%@`-][^:\n]*?)[ \t]*:(?:[ \t]|$))"""
)


@functools.lru_cache(maxsize=16)
def _margin(width: int) -> re.Pattern[str]:
    """``width`` spaces at a line's start."""
    return re.compile("(?m)^" + " " * width)


#: the code veto of a document in a margin reads this much of it
_MARGIN_CHARS = 1 << 20


def _opening_line(content: str) -> str | None:
    for line in _nonblank_lines(content, 400):
        if not line.lstrip().startswith("#"):
            return line
    return None


def probe_structure(content: str, code_patterns: Any, vetoes: dict[str, bool] | None = None) -> bool:
    """``structure_probe``: the first meaningful line can open a YAML document and no code line vetoes."""
    line = _opening_line(content)
    if line is None:
        return False
    line = line.lstrip("\ufeff")
    margin = len(line) - len(line.lstrip(" "))
    if _OPENING.match(line[margin:]) is None:
        return False
    if margin:
        # a document written inside a margin (an Ansible tasks file indented two spaces): the veto
        # reads its lines at the margin, so a program indented alike is still vetoed
        head = _margin(margin).sub("", content[:_MARGIN_CHARS])
        return not _code_veto(head, code_patterns, "unindented")
    if vetoes and "unindented" in vetoes:
        return not vetoes["unindented"]
    return not _code_veto(content, code_patterns, "unindented")


_KEY_VALUE = LazyPattern(re.compile, r"(?m)^[^\s#:][^:\n]*:([ \t]+)\S")


def _aligned_share(content: str) -> float:
    """The share of the first 200 top-level ``key: value`` lines whose value is aligned (2+ blanks or a tab)."""
    gaps = [m.group(1) for _, m in zip(range(200), _KEY_VALUE.finditer(content[:65536]))]
    if not gaps:
        return 0.0
    return sum(1 for gap in gaps if len(gap) > 1 or "\t" in gap) / len(gaps)


_PATH_VALUE = LazyPattern(re.compile, r"(?m)^[^\s#:][^\n]*?:[ \t]+(\S)")


def _path_listing(content: str) -> bool:
    """Every one of the first 200 top-level ``key: value`` lines has a value that starts with ``/``."""
    firsts = [m.group(1) for _, m in zip(range(200), _PATH_VALUE.finditer(content[:65536]))]
    return bool(firsts) and all(first == "/" for first in firsts)


_FIELD_KEY = LazyPattern(re.compile, r"^[A-Z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)+$")
_IDENTIFIER_KEY = LazyPattern(re.compile, r"^[$@:]?[A-Za-z_][\w.$/-]*(?::[A-Za-z_][\w.$/-]*)*$")  # `:backends` too: a Ruby symbol (hiera, sidekiq); `share:create`: a namespaced name (oslo.policy)
_TOKEN_KEY = LazyPattern(re.compile, r"^['\"]?[\w.$/@+-]+['\"]?$")  # one token, no blank: `3166-3`, `8080`, `'404'`
_BLOCK_SCALAR = LazyPattern(re.compile, r"(?m):[ \t]+[|>][-+0-9]*[ \t]*(?:#.*)?$")
_DOCUMENT_START = LazyPattern(re.compile, r"(?m)^---(?:[ \t]|$)")


_ITEM = LazyPattern(re.compile, r"(?m)^-[ \t]+(\S[^\n]*)")


def _data_items(head: str) -> bool:
    """Whether a list's first 200 top-level items are 3 at least and 4 in 5 of them quoted scalars
    (``- '[?]'``), or, after a ``---`` start, quoted or one token each (``- ha``: ruby-unidecode's
    tables): a data file's list, not a bullet list of phrases."""
    items = [m.group(1).rstrip() for _, m in zip(range(200), _ITEM.finditer(head))]
    if len(items) < 3:
        return False
    quoted = sum(1 for item in items if item[0] in "'\"")
    if quoted >= 0.8 * len(items):
        return True
    tokens = sum(1 for item in items if item[0] in "'\"" or not any(c in item for c in " \t"))
    return _DOCUMENT_START.match(head) is not None and tokens >= 0.8 * len(items)


def evidence_of(content: str, kind: str, data: Any, keys: list[str], info: dict[str, Any], heuristic: bool) -> tuple[Evidence, ...]:
    """What the load and the text say for YAML (see ``confidence`` in the module docstring)."""
    found = [Evidence("loads", 1.0, 0.5)]
    if heuristic:
        found.append(Evidence("heuristic", 1.0, 0.6))
    head = content[:65536]
    if kind == "array":
        kinds = info.get("item_kinds")
        if kinds is None:  # the fast path for big documents: items not typed, the layout is the evidence
            found.append(Evidence("nested", 0.5, 0.8))
        elif kinds:
            collections = sum(1 for k in kinds if k != "scalar")
            found.append(Evidence("nested", collections / len(kinds), 0.8))
            if not collections and not _data_items(head):
                found.append(Evidence("scalar_list", 1.0, -0.5))
    else:
        values = list(data.values())
        if values:
            nested = sum(1 for t in values if t in ("object", "array", "set"))
            found.append(Evidence("nested", min(1.0, 3 * nested / len(values)), 0.8))
            identifiers = sum(1 for k in keys if _IDENTIFIER_KEY.match(k))
            found.append(Evidence("identifier_keys", identifiers / len(keys), 0.5))
            # a label has words with blanks (`Last Modified`); a key that is one token over nested
            # values is no label, digits first or not (`3166-3:`, `8080:`, `1.2.0:` over mappings or
            # lists: codes, ports, versions as keys); a flat `404: Not Found` listing stays a label list
            spaced = sum(1 for k in keys if not _IDENTIFIER_KEY.match(k) and not (nested and _TOKEN_KEY.match(k)))
            if spaced > len(keys) / 2:
                found.append(Evidence("spaced_keys", spaced / len(keys), -0.5))
            if not nested and len(values) <= 2:
                found.append(Evidence("few_keys", 1.0, -0.3))
            if not nested:
                aligned = _aligned_share(content)
                if aligned:
                    # `passwd:         files systemd` (nsswitch.conf, column-aligned listings): a
                    # hand-aligned configuration or report, not a YAML document
                    found.append(Evidence("aligned_values", aligned, -0.5))
            if not nested and keys and all(k[:1].isupper() for k in keys) and any(_FIELD_KEY.match(k) for k in keys):
                # `Package: / Installed-Size: / Multi-Arch:` (apt-cache show, dpkg -s, pip show, HTTP and
                # mail headers): an RFC 822-style field listing, not a YAML document
                found.append(Evidence("header_fields", 1.0, -0.6))
            if not nested and len(values) >= 3 and all(t == "string" for t in values) and _path_listing(content):
                # `xxd: /usr/bin/xxd` (dpkg -S, whereis, `name: $(command -v name)` loops): a listing of
                # where things are, every value an absolute path, not a YAML document
                found.append(Evidence("path_values", 1.0, -0.5))
    if _BLOCK_SCALAR.search(head):
        found.append(Evidence("block_scalar", 1.0, 0.5))
    if _DOCUMENT_START.search(head):
        found.append(Evidence("document_start", 1.0, 0.4))
    return tuple(found)


_DOC_SPLIT = LazyPattern(re.compile, r"(?m)^---(?:[ \t].*)?$")
_TOP = LazyPattern(re.compile, r"(?m)^(kind|apiVersion):[ \t]*(\S[^\n#]*?)[ \t]*(?:#.*)?$")
_METADATA = LazyPattern(re.compile, r"(?m)^metadata:[ \t]*(?:#.*)?$")
_NAME = LazyPattern(re.compile, r"^([ \t]+)name:[ \t]*(\S[^\n#]*?)[ \t]*(?:#.*)?$")


def _unquote(text: str) -> str:
    if len(text) >= 2 and text[0] == text[-1] and text[0] in "'\"":
        return text[1:-1]
    return text


_FLOW_NAME = LazyPattern(re.compile, r"(?m)^metadata:[ \t]*\{[^}\n]*?\bname:[ \t]*([^,}\s]+)")


def _manifest_name(chunk: str) -> str:
    found = _METADATA.search(chunk)
    if found is None:
        flow = _FLOW_NAME.search(chunk)
        return _unquote(flow.group(1)) if flow else ""
    indent = None
    for line in chunk[found.end() + 1 :].split("\n", 200)[:200]:
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not line[:1].isspace():
            break
        width = len(line) - len(line.lstrip())
        indent = width if indent is None else indent
        if width == indent:
            match = _NAME.match(line)
            if match:
                return _unquote(match.group(2))
    return ""


def manifest_lines(content: str, limit: int) -> list[str]:
    """``document 2: Deployment apps/v1 web`` per document that has a ``kind`` (the first
    ``limit``), then ``+N more documents with a kind``."""
    lines: list[str] = []
    more = number = 0
    for index, chunk in enumerate(_DOC_SPLIT.split(content.lstrip("\ufeff"))):
        if index == 0 and all(not line.strip() or line.lstrip().startswith("#") for line in chunk.split("\n")):
            continue  # nothing before the first `---`: not a document
        number += 1
        top = dict((key, _unquote(value)) for key, value in _TOP.findall(chunk[:200_000]))
        if "kind" not in top:
            continue
        if len(lines) >= limit:
            more += 1
            continue
        name = _manifest_name(chunk[:200_000])
        described = " ".join(part for part in (top["kind"], top.get("apiVersion", ""), name) if part)
        lines.append(f"document {number}: {described}")
    if more:
        lines.append(f"+{more} more documents with a kind")
    return lines


def _summarize(inp: KindInput) -> Synopsis | Claim | None:
    caps = inp.caps
    content = inp.content
    if caps.get("skip_bom") and content.startswith("\ufeff"):
        content = content[1:]
    code_patterns = inp.rules.caps("code").get("detect_patterns", ()) or ()
    vetoes: dict[str, bool] = {}
    heuristic = looks_yaml(content, caps, code_patterns, vetoes)
    if not heuristic and not (caps.get("structure_probe") and probe_structure(content, code_patterns, vetoes)):
        return None
    try:
        names: dict[Any, str] = {}
        info: dict[str, Any] = {}
        kind, data = load_top_level(content, caps, names, info)
    except Refused:
        return None
    more, limit = caps["more_format"], caps["key_limit"]
    documents = info.get("documents", 1)
    stream = (f"documents: {documents} (the first is described)",) if documents > 1 else ()
    manifests: list[str] = []
    if caps.get("manifests") and (documents > 1 or (kind == "object" and "kind" in data and "apiVersion" in data)):
        manifests = manifest_lines(content, int(caps["manifests"]))
    if kind == "array":
        synopsis = Synopsis(kind="yaml", title="YAML output", summary=("YAML array.", f"array length: {data}", *stream),
                            structure=tuple(manifests))
        keys: list[str] = []
    else:
        source = caps["key_text"] == "source"
        keys = [names.get(k, str(k)) if source else str(k) for k in data]
        listed = ", ".join(cut(keys, limit, more)) if keys else caps["empty_keys_text"]
        structure = [f"{k}: {t}" for k, t in zip(keys[:limit], list(data.values())[:limit])]
        synopsis = Synopsis(
            kind="yaml",
            title="YAML output",
            summary=("YAML object.", f"top-level keys: {listed}", *stream),
            structure=(*cut(structure, limit, more, len(keys)), *manifests),
        )
    if not heuristic and not (_structured(kind, data, info, content) or _single_setting(kind, data, info, content)):
        return None  # the probe takes nested structure only; flat `a: b` lines are the heuristic's
    if not caps.get("confidence"):
        return synopsis
    return Claim(synopsis=synopsis, evidence=evidence_of(content, kind, data, keys, info, heuristic))


#: a lower-case identifier key and one scalar token (a quoted string, a number, a word, a version range)
_SETTING_LINE = LazyPattern(
    re.compile,
    r"""^(?P<key>[a-z][a-z0-9]*(?:[_-][a-z0-9]+)*):[ \t]+(?P<value>"[^"\n]*"|'[^'\n]*'|[^\s#'"\[{&*!|>][^\s#]*)[ \t]*(?:#.*)?$"""
)


#: a value of words joined by `-` or `_` (``jekyll-theme-slate``, ``default-with-font-fallbacks``): a name, no message
_COMPOUND_WORD = LazyPattern(re.compile, r"^[a-z][a-z0-9]*(?:[_-][a-z0-9]+)+$")
_LOWER_WORD = LazyPattern(re.compile, r"^[a-z][a-z0-9]*$")
#: keys that label a message (`error: failed`, `status: ok`): a word under them is a tool's text
_MESSAGE_LABELS = frozenset(
    {"error", "errors", "warning", "warnings", "warn", "fatal", "note", "hint", "info", "debug", "notice", "status",
     "result", "reason", "usage", "message", "msg", "success", "failure", "failed", "ok", "done", "answer", "output"}
)


def _single_setting(kind: str, data: Any, info: dict[str, Any], content: str) -> bool:
    """One ``key: token`` line, beside comments and document markers, whose key is compound
    (``requires_ansible: '>=2.12'``, an Ansible collection's meta/runtime.yml) or whose value YAML types
    (``swagger: "2.0"``, ``comment: false`` in codecov.yml, ``test: 1``), or whose value is a compound name
    (``theme: jekyll-theme-slate``) or a lower-case word under a key that labels no message (``language: rust``):
    a whole file of one setting. A word under a label (``error: ENOENT``, ``Status: OK``, ``error: failed``,
    ``Note: see below``) stays text."""
    if kind != "object" or len(data) != 1 or info.get("pairs", 1) != 1:
        return False
    lines = [line for line in _nonblank_lines(content, 50) if not line.lstrip().startswith("#")]
    lines = [line for line in lines if line.rstrip() not in ("---", "...")]
    match = _SETTING_LINE.match(lines[0].lstrip("\ufeff")) if len(lines) == 1 else None
    if match is None:
        return False
    typed = next(iter(data.values())) in ("number", "boolean", "null") or match.group("value")[0] in "'\""
    key, value = match.group("key"), match.group("value")
    if typed or "_" in key or "-" in key or _COMPOUND_WORD.match(value):
        return True
    # a lower-case word under a key that labels no message (`language: rust` in a .travis.yml, `bar: baz`)
    return _LOWER_WORD.match(value) is not None and key not in _MESSAGE_LABELS


def _structured(kind: str, data: Any, info: dict[str, Any], content: str) -> bool:
    """Nested collections (a sequence of mappings, a key holding a list), a stream of documents or a
    block scalar, and no repeated key."""
    if kind == "array":
        kinds = info.get("item_kinds")
        nested = kinds is None or any(k != "scalar" for k in kinds)
    else:
        if info.get("pairs", len(data)) > len(data):
            return False  # "alice: ... / bob: ... / alice: ...": a transcript, not a mapping
        nested = any(t in ("object", "array", "set") for t in data.values())
    return nested or info.get("documents", 1) > 1 or _BLOCK_SCALAR.search(content[:65536]) is not None


@hookimpl
def toolstub_register_summarizers() -> tuple[Summarizer, ...]:
    return (
        Summarizer(
            name="yaml",
            summarize=_summarize,
            caps_schema=CAPS_SCHEMA,
            defaults=DEFAULTS,
            pattern_keys=frozenset({"key_pattern", "flat_key_pattern"}),
            description="YAML mapping or sequence: top-level keys and value types (libyaml, no full load)",
        ),
    )
