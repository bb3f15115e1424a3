"""Optional learned evidence: Google's Magika file-type model, its labels mapped to toolstub's kinds.

    pip install 'toolstub[magika]'

``magika_kind(content)`` returns ``(kind, score)`` (score in 0..1, Magika's own) or ``None`` when
Magika is not installed. The model ships in the ``magika`` wheel and runs on ONNX Runtime on the
CPU; it is loaded once, on first use. Magika is deterministic for the same bytes and the same
model. ``default`` never imports this module by itself: detection stays heuristic (fast and
deterministic) unless a rule file asks for the learned signal::

    schema_version: 1
    extends: default
    detection:
      learned: {plugin: magika}        # boost 0.2, min_score 0.9 unless given

The engine then weighs Magika's verdict as evidence on the heuristic claims (``toolstub.claims.strongest``):
never a verdict of its own, and asked only when the claims are close.
"""

from __future__ import annotations

import threading

#: Magika labels that name one of toolstub's kinds directly (everything else: by Magika's group)
LABEL_KIND: dict[str, str] = {
    "json": "json", "ipynb": "json", "jsonc": "json",
    "jsonl": "ndjson",
    "csv": "csv", "tsv": "tsv",
    "yaml": "yaml",
    "xml": "xml", "svg": "xml", "rdf": "xml", "xsd": "xml", "csproj": "xml", "vcxproj": "xml", "sgml": "xml",
    "html": "html", "mht": "html",
    "markdown": "markdown",
    "diff": "diff",
    # configuration and prose formats toolstub calls text (tests/accuracy/README.md)
    "ini": "text", "toml": "text", "rst": "text", "txt": "text", "txtascii": "text", "txtutf8": "text",
    "randomtxt": "text", "randomascii": "text", "latex": "text", "bib": "text", "eml": "text", "license": "text",
    "asc": "text", "rtf": "text", "vtt": "text", "srt": "text", "po": "text", "ics": "text", "m3u": "text",
    "sum": "text", "pem": "text", "crt": "text", "internetshortcut": "text", "gitattributes": "text",
    "gitmodules": "text", "ignorefile": "text", "troff": "text", "vcard": "text", "lock": "text",
    "txtutf16": "unknown", "empty": "unknown", "undefined": "unknown", "unknown": "unknown",
    "fortran": "code", "ada": "code", "scheme": "code", "django": "code", "less": "code",
}
#: Magika groups whose labels are all one kind of toolstub's
GROUP_KIND = {"code": "code", "text": "text", "application": "text"}

_lock = threading.Lock()
_model = None
_kb: dict | None = None


def available() -> bool:
    """True when the ``magika`` package (and ONNX Runtime) can be imported."""
    try:
        import magika  # noqa: F401
    except ImportError:
        return False
    return True


def _load():
    global _model, _kb
    with _lock:
        if _model is None:
            import json
            from importlib.resources import files

            from magika import Magika

            _model = Magika()
            _kb = json.loads(files("magika").joinpath("config", "content_types_kb.min.json").read_text())
    return _model


def label_to_kind(label: str) -> str:
    """toolstub's kind for one Magika label."""
    if label in LABEL_KIND:
        return LABEL_KIND[label]
    info = (_kb or {}).get(label) or {}
    group = info.get("group")
    if group in GROUP_KIND and info.get("is_text", True):
        return GROUP_KIND[group]
    if not info.get("is_text", False):
        return "unknown"
    return "text"


def magika_label(content: str | bytes) -> tuple[str, float] | None:
    """Magika's own (label, score) for ``content``; None without Magika."""
    if not available():
        return None
    model = _load()
    data = content if isinstance(content, bytes) else content.encode("utf-8", "surrogateescape")
    res = model.identify_bytes(data)
    return str(res.output.label), float(res.score)


def magika_kind(content: str | bytes) -> tuple[str, float] | None:
    """(kind, score): Magika's label for ``content`` mapped to a toolstub kind; None without Magika."""
    try:
        got = magika_label(content)
    except Exception as exc:  # noqa: BLE001 - a failing learned signal leaves the heuristics' choice
        _note_failure(exc)
        return None
    if got is None:
        return None
    label, score = got
    return label_to_kind(label), score


_failed: list[str] = []


def _note_failure(exc: BaseException) -> None:
    """One log line, once per process, when Magika fails: detection goes on with the heuristics alone."""
    if not _failed:
        _failed.append(type(exc).__name__)
        import logging

        logging.getLogger("toolstub").warning(
            "toolstub: the learned signal (magika) failed (%s: %s); kinds come from the heuristics alone",
            type(exc).__name__, str(exc).splitlines()[0][:200] if str(exc) else "")
