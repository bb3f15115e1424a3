"""A plain re-statement of the seed system's synopsis pipeline and stub.

Written directly from ``reference/seed-system.md`` sections 1-3 (never from the
seed's code), with the standard library and PyYAML's pure-Python ``safe_load``,
using Python ``re`` with the exact seed regexes. It is a test oracle: obvious
rather than fast. The code patterns are quadratic on blank lines, and the
pure-Python YAML loader is slow, so feed it small inputs only.

Public functions mirror the seed's signatures:
``generate_tool_result_synopsis(content, *, preview_chars, tool_name="", mime_type="text/plain") -> dict``
(the ``to_dict()`` form) and ``render_tool_result_stub(synopsis, *, ref="", tool_name="", sha256="",
reason="", original_chars, preview_chars) -> str``.
"""

from __future__ import annotations

import csv
import io
import json
import re
import xml.etree.ElementTree as ET
from collections import Counter

import yaml

# --- section 1: constants -------------------------------------------------------------------

TEXT_HEADER_LIMIT = 18
TEXT_EXCERPT_CHARS = 500
JSON_MAX_DEPTH = 2
JSON_ARRAY_SAMPLE_LIMIT = 3
JSON_OBJECT_KEY_LIMIT = 10
YAML_KEY_LIMIT = 30
XML_CHILD_TAG_LIMIT = 30
TABLE_FIRST_ROW_SAMPLE_CHARS = 180
CODE_IMPORT_LIMIT = 12
CODE_SYMBOL_LIMIT = 24
CODE_IMPORT_LINE_CHARS = 180
CODE_SYMBOL_LINE_CHARS = 200
JSON_EXAMPLE_LIMIT = 5
JSON_EXAMPLE_CHARS = 80
TEXT_HEADER_CHARS = 160
BINARY_SAMPLE_CHARS = 1000
BINARY_RATIO = 0.05

CODE_PATTERNS = (
    re.compile(r"^\s*(from\s+\S+\s+import|import\s+\S+)", re.MULTILINE),
    re.compile(r"^\s*(class|def|async\s+def|function|export\s+function|const|let|var)\s+\w+", re.MULTILINE),
    re.compile(r"^\s*(package|use|pub\s+fn|fn|public\s+class)\s+\w+", re.MULTILINE),
)
IMPORT_RE = re.compile(r"^(?:from\s+(\S+)\s+import|import\s+(\S+))")
SYMBOL_RE = re.compile(r"^(class|def|async\s+def|function|export\s+function|pub\s+fn|fn)\s+([A-Za-z_]\w*)")
YAML_KEY_RE = re.compile(r"^[A-Za-z0-9_.-]+:\s*(?:#.*)?$")
MARKDOWN_HEADER_RE = re.compile(r"^#{1,6}\s+")
CAPS_HEADER_RE = re.compile(r"^[A-Z0-9][A-Z0-9\s:_-]{6,}$")
WHITESPACE_RE = re.compile(r"\s+")


def clip(text: str, limit: int) -> str:
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    return text[: limit - 3] + "..."


def normalize(text: str) -> str:
    return WHITESPACE_RE.sub(" ", text).strip()


def synopsis(kind, title, summary, structure=(), notable_items=(), sample=""):
    return {
        "kind": kind,
        "title": title,
        "summary": list(summary),
        "structure": list(structure),
        "notable_items": list(notable_items),
        "sample": sample,
    }


def head_tail_sample(content: str, preview_chars: int) -> str:
    if preview_chars <= 0:
        return ""
    if len(content) <= preview_chars:
        return content
    half = max(1, preview_chars // 2)
    return (
        "--- BEGIN SAMPLE HEAD ---\n"
        + content[:half]
        + "\n--- END SAMPLE HEAD ---\n\n--- BEGIN SAMPLE TAIL ---\n"
        + content[-half:]
        + "\n--- END SAMPLE TAIL ---"
    )


# --- binary ---------------------------------------------------------------------------------


def looks_binary(content: str) -> bool:
    if "\x00" in content:
        return True
    head = content[:BINARY_SAMPLE_CHARS]
    controls = 0
    for char in head:
        if ord(char) < 32 and char not in "\n\r\t":
            controls += 1
    return controls / max(1, min(len(content), BINARY_SAMPLE_CHARS)) > BINARY_RATIO


# --- json -----------------------------------------------------------------------------------


def value_type(value) -> str:
    """JSON type names; bool before number. Anything else (YAML dates, bytes, sets...): ``string`` (issue 15)."""
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if value is None:
        return "null"
    return "string"


def shape(value, depth: int) -> str:
    if depth >= JSON_MAX_DEPTH:
        return "..."
    if isinstance(value, list):
        if not value:
            return f"array(len={len(value)})"
        items = [shape(item, depth + 1) for item in value[:JSON_ARRAY_SAMPLE_LIMIT]]
        return f"array(len={len(value)}, sample=[{', '.join(items)}])"
    if isinstance(value, dict):
        if not value:
            return "object(keys=0)"
        keys = [str(key) for key in list(value)[:JSON_OBJECT_KEY_LIMIT]]
        return f"object(keys={len(value)}: {', '.join(keys)})"
    return value_type(value)


def scalar_examples(value, path: str, out: list) -> None:
    if len(out) >= JSON_EXAMPLE_LIMIT:
        return
    if isinstance(value, dict):
        for key, child in value.items():
            scalar_examples(child, f"{path}.{key}" if path else str(key), out)
            if len(out) >= JSON_EXAMPLE_LIMIT:
                return
    elif isinstance(value, list):
        if value:
            scalar_examples(value[0], f"{path}[0]", out)
    else:
        out.append(f"{path}: {clip(repr(value), JSON_EXAMPLE_CHARS)}")


def json_synopsis(value, trailing_chars: int) -> dict:
    kind = value_type(value)
    summary = [f"JSON {kind}."]
    structure = [f"shape: {shape(value, 0)}"] if isinstance(value, (dict, list)) else []
    if isinstance(value, dict):
        keys = list(value)
        summary.append(f"top-level keys: {', '.join(keys[:JSON_OBJECT_KEY_LIMIT])}")
        for key in keys[:JSON_OBJECT_KEY_LIMIT]:
            child = value[key]
            if isinstance(child, list):
                structure.append(f"{key}: array length: {len(child)}")
            elif isinstance(child, dict):
                structure.append(f"{key}: object keys: {', '.join(list(child)[:JSON_OBJECT_KEY_LIMIT])}")
            else:
                structure.append(f"{key}: {value_type(child)}")
    elif isinstance(value, list):
        summary.append(f"array length: {len(value)}")
        if value:
            structure.append(f"first item type: {value_type(value[0])}")
    notable: list[str] = []
    scalar_examples(value, "", notable)
    if trailing_chars:
        notable.append(f"trailing_chars_after_first_json_value: {trailing_chars}")
    return synopsis("json", "JSON output", summary, structure, notable)


# --- xml ------------------------------------------------------------------------------------


def xml_synopsis(root) -> dict:
    tag = root.tag
    counts = Counter(child.tag for child in root)
    structure = [f"root: {tag}", f"attributes: {len(root.attrib)}"]
    structure += [f"{child}: {count}" for child, count in counts.most_common(XML_CHILD_TAG_LIMIT)]
    return synopsis("xml", "XML output", [f"XML document with root: {tag}."], structure)


# --- csv / tsv ------------------------------------------------------------------------------


def table_synopsis(content: str, delimiter: str):
    try:
        rows = list(csv.reader(io.StringIO(content), delimiter=delimiter))
    except csv.Error:
        return None
    rows = [row for row in rows if any(cell.strip() for cell in row)]
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    width = len(rows[0])
    for row in rows[1:10]:
        if len(row) != width:
            return None
    columns = []
    for index, cell in enumerate(rows[0]):
        name = cell.strip()
        columns.append(name if name else f"column_{index + 1}")
    data_rows = len(rows) - 1
    label = "TSV" if delimiter == "\t" else "CSV"
    return synopsis(
        label.lower(),
        f"{label} table output",
        [f"{label} table with rows: {data_rows} and columns: {width}."],
        [
            f"columns: {', '.join(columns)}",
            f"rows: {data_rows}",
            f"first row sample: {clip(normalize(delimiter.join(rows[1])), TABLE_FIRST_ROW_SAMPLE_CHARS)}",
        ],
    )


# --- yaml -----------------------------------------------------------------------------------


def any_code_pattern(content: str) -> bool:
    return any(pattern.search(content) for pattern in CODE_PATTERNS)


def looks_yaml(content: str) -> bool:
    if content.lstrip().startswith("---"):
        return True
    if any_code_pattern(content):
        return False
    lines = [line for line in content.splitlines() if line.strip()]
    for index in range(len(lines) - 1):
        if YAML_KEY_RE.match(lines[index]):
            return lines[index + 1].startswith((" ", "\t"))
    return False


def yaml_synopsis(data) -> dict:
    if isinstance(data, dict):
        keys = list(data)[:YAML_KEY_LIMIT]
        return synopsis(
            "yaml",
            "YAML output",
            ["YAML object.", f"top-level keys: {', '.join(str(key) for key in keys)}"],
            [f"{key}: {value_type(data[key])}" for key in keys],
        )
    return synopsis("yaml", "YAML output", ["YAML array.", f"array length: {len(data)}"])


# --- code / text ----------------------------------------------------------------------------


def code_synopsis(content: str) -> dict:
    lines = content.splitlines()
    imports = []
    symbols = []
    for line in lines:
        line = line.strip()
        found = IMPORT_RE.match(line)
        if found:
            imports.append(clip(found.group(1) or found.group(2), CODE_IMPORT_LINE_CHARS))
        found = SYMBOL_RE.match(line)
        if found:
            symbols.append(clip(normalize(f"{found.group(1)} {found.group(2)}"), CODE_SYMBOL_LINE_CHARS))
    structure = [f"line_count: {len(lines)}"]
    if imports:
        structure.append(f"imports: {', '.join(imports[:CODE_IMPORT_LIMIT])}")
    return synopsis(
        "code", "Code output", [f"Code-like output with {len(lines)} lines."], structure, symbols[:CODE_SYMBOL_LIMIT]
    )


def text_synopsis(content: str) -> dict:
    headers: list[str] = []
    for line in content.splitlines():
        line = line.strip()
        if len(line) <= 1:
            continue
        if not (MARKDOWN_HEADER_RE.match(line) or CAPS_HEADER_RE.match(line)):
            continue
        header = clip(normalize(line), TEXT_HEADER_CHARS)
        if header not in headers:
            headers.append(header)
        if len(headers) >= TEXT_HEADER_LIMIT:
            break
    opening = normalize(content[:TEXT_EXCERPT_CHARS]) or "(empty)"
    closing = normalize(content[-TEXT_EXCERPT_CHARS:]) or "(empty)"
    return synopsis(
        "text",
        "Text output",
        [
            "Text exploration summary:",
            f"Characters: {len(content)}.",
            f"Words: {len(content.split())}.",
            f"Lines: {len(content.splitlines())}.",
            f"Detected section headers: {' | '.join(headers) if headers else 'none detected'}.",
            f"Opening excerpt: {opening}.",
            f"Closing excerpt: {closing}.",
        ],
    )


# --- section 2: the pipeline ----------------------------------------------------------------


def generate_tool_result_synopsis(content: str, *, preview_chars: int, tool_name: str = "", mime_type="text/plain"):
    del tool_name  # accepted, unused
    if content == "":
        return synopsis("unknown", "Empty output", ["Output is empty."])
    if looks_binary(content):
        return synopsis(
            "unknown",
            "Binary-like output",
            [f"Contains {len(content)} characters and non-text control bytes."],
            sample=head_tail_sample(content, preview_chars),
        )
    stripped = content.strip()
    lower_mime = (mime_type or "").lower()
    if "json" in lower_mime or stripped.startswith(("{", "[")):
        try:
            value, end = json.JSONDecoder().raw_decode(stripped)
            return json_synopsis(value, len(stripped[end:].strip()))
        except Exception:  # noqa: BLE001 - RecursionError and ValueError alike
            if "json" in lower_mime:
                return synopsis(
                    "unknown",
                    "Unparsed JSON-like output",
                    ["JSON-like output failed to parse."],
                    sample=head_tail_sample(content, preview_chars),
                )
    if "xml" in lower_mime or stripped.startswith("<"):
        try:
            return xml_synopsis(ET.fromstring(content))
        except Exception:  # noqa: BLE001
            if "xml" in lower_mime:
                return synopsis(
                    "unknown",
                    "Unparsed XML-like output",
                    ["XML-like output failed to parse."],
                    sample=head_tail_sample(content, preview_chars),
                )
    if "\t" in content:
        found = table_synopsis(content, "\t")
        if found is not None:
            return found
    if "," in content:
        found = table_synopsis(content, ",")
        if found is not None:
            return found
    if looks_yaml(content):
        try:
            data = yaml.safe_load(content)
        except Exception:  # noqa: BLE001
            data = None
        if isinstance(data, (dict, list)):
            return yaml_synopsis(data)
    if any_code_pattern(content):
        return code_synopsis(content)
    return text_synopsis(content)


# --- section 3: the stub --------------------------------------------------------------------

EXPLORE = (
    "- Use openviking_tool_result_search with ref={ref} to find relevant raw snippets.",
    "- Use openviking_tool_result_read with ref={ref} and offset/limit to inspect raw output.",
    "- Use openviking_tool_result_list to discover other externalized outputs in this session.",
)


def render_tool_result_stub(
    synopsis: dict,
    *,
    ref: str = "",
    tool_name: str = "",
    sha256: str = "",
    reason: str = "",
    original_chars: int,
    preview_chars: int,
) -> str:
    header = [
        "[OpenViking tool result externalized]",
        f"tool_name: {tool_name or 'tool'}",
        f"kind: {synopsis['kind']}",
        f"original_chars: {original_chars}",
        f"preview_chars: {max(preview_chars, 0)}",
    ]
    if ref:
        header.append(f"ref: {ref}")
    if sha256:
        header.append(f"sha256: {sha256[:16]}")
    if reason:
        header.append(f"reason: {reason}")
    body = ["Synopsis:"] + [f"- {line}" for line in synopsis["summary"]]
    if synopsis["structure"]:
        body += ["", "Structure:"] + [f"- {line}" for line in synopsis["structure"]]
    if synopsis["notable_items"]:
        body += ["", "Notable items:"] + [f"- {line}" for line in synopsis["notable_items"]]
    if synopsis["sample"]:
        body += ["", "Sample:", synopsis["sample"]]
    if ref:
        body += ["", "Explore:"] + [line.replace("{ref}", ref) for line in EXPLORE]
    return "\n".join(header) + "\n\n" + "\n".join(body)


def make_preview(content: str, *, preview_chars: int, ref="", tool_name="", sha256="", reason="",
                 original_chars=None, mime_type="text/plain") -> str:
    found = generate_tool_result_synopsis(content, preview_chars=preview_chars, tool_name=tool_name,
                                          mime_type=mime_type)
    return render_tool_result_stub(
        found,
        ref=ref,
        tool_name=tool_name,
        sha256=sha256,
        reason=reason,
        original_chars=len(content) if original_chars is None else original_chars,
        preview_chars=min(len(content), max(preview_chars, 0)),
    )
