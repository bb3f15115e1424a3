"""A plain re-statement of the seed's csv/tsv/code/text rules, written from
reference/seed-system.md sections 1-3 (not from the seed's code).

It uses Python's ``re`` exactly as the description gives the patterns, so it is
slow (quadratic on blank lines): tests feed it small inputs only.
"""

from __future__ import annotations

import csv
import io
import re

WS = re.compile(r"\s+")
CODE_PATTERNS = [
    re.compile(r"^\s*(from\s+\S+\s+import|import\s+\S+)", re.MULTILINE),
    re.compile(r"^\s*(class|def|async\s+def|function|export\s+function|const|let|var)\s+\w+", re.MULTILINE),
    re.compile(r"^\s*(package|use|pub\s+fn|fn|public\s+class)\s+\w+", re.MULTILINE),
]
IMPORT = re.compile(r"^(?:from\s+(\S+)\s+import|import\s+(\S+))")
SYMBOL = re.compile(r"^(class|def|async\s+def|function|export\s+function|pub\s+fn|fn)\s+([A-Za-z_]\w*)")
MARKDOWN_HEADER = re.compile(r"^#{1,6}\s+")
CAPS_HEADER = re.compile(r"^[A-Z0-9][A-Z0-9\s:_-]{6,}$")


def clip(text: str, limit: int) -> str:
    if limit <= 0:
        return ""
    if len(text) <= limit:
        return text
    return text[: limit - 3] + "..."


def normalize(text: str) -> str:
    return WS.sub(" ", text).strip()


def table(content: str, delimiter: str) -> dict | None:
    label = "TSV" if delimiter == "\t" else "CSV"
    try:
        rows = list(csv.reader(io.StringIO(content), delimiter=delimiter))
    except csv.Error:
        return None
    rows = [row for row in rows if not all(not cell.strip() for cell in row)]
    if len(rows) < 2 or len(rows[0]) < 2:
        return None
    width = len(rows[0])
    if any(len(row) != width for row in rows[1:10]):
        return None
    columns = [cell.strip() or f"column_{i + 1}" for i, cell in enumerate(rows[0])]
    data_rows = len(rows) - 1
    return {
        "kind": label.lower(),
        "title": f"{label} table output",
        "summary": [f"{label} table with rows: {data_rows} and columns: {width}."],
        "structure": [
            f"columns: {', '.join(columns)}",
            f"rows: {data_rows}",
            f"first row sample: {clip(normalize(delimiter.join(rows[1])), 180)}",
        ],
        "notable_items": [],
        "sample": "",
    }


def is_code(content: str) -> bool:
    return any(pattern.search(content) for pattern in CODE_PATTERNS)


def code(content: str) -> dict:
    lines = content.splitlines()
    imports: list[str] = []
    symbols: list[str] = []
    for line in lines:
        stripped = line.strip()
        found = IMPORT.match(stripped)
        if found:
            imports.append(clip(found.group(1) or found.group(2), 180))
        found = SYMBOL.match(stripped)
        if found:
            symbols.append(clip(normalize(f"{found.group(1)} {found.group(2)}"), 200))
    structure = [f"line_count: {len(lines)}"]
    if imports:
        structure.append(f"imports: {', '.join(imports[:12])}")
    return {
        "kind": "code",
        "title": "Code output",
        "summary": [f"Code-like output with {len(lines)} lines."],
        "structure": structure,
        "notable_items": symbols[:24],
        "sample": "",
    }


def text(content: str) -> dict:
    headers: list[str] = []
    for line in content.splitlines():
        stripped = line.strip()
        if len(stripped) <= 1:
            continue
        if MARKDOWN_HEADER.match(stripped) or CAPS_HEADER.match(stripped):
            header = clip(normalize(stripped), 160)
            if header not in headers:
                headers.append(header)
            if len(headers) >= 18:
                break
    header_line = " | ".join(headers) if headers else "none detected"
    return {
        "kind": "text",
        "title": "Text output",
        "summary": [
            "Text exploration summary:",
            f"Characters: {len(content)}.",
            f"Words: {len(content.split())}.",
            f"Lines: {len(content.splitlines())}.",
            f"Detected section headers: {header_line}.",
            f"Opening excerpt: {normalize(content[:500]) or '(empty)'}.",
            f"Closing excerpt: {normalize(content[-500:]) or '(empty)'}.",
        ],
        "structure": [],
        "notable_items": [],
        "sample": "",
    }


def line_kinds(content: str) -> dict:
    """The seed's tsv -> csv -> code -> text chain (for content no json/xml/yaml rule takes)."""
    if "\t" in content:
        found = table(content, "\t")
        if found:
            return found
    if "," in content:
        found = table(content, ",")
        if found:
            return found
    if is_code(content):
        return code(content)
    return text(content)
