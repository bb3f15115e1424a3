"""The savings report: what externalization kept out of the context, per session and per kind.

For each stored result, *before* is its ``original_chars`` (from the metadata) and
*after* is the length of its stub, re-rendered deterministically with
:func:`toolstub.render_stub` from the stored synopsis and metadata (ref, tool
name, sha256, ``original_chars``, ``preview_chars``; the ``reason`` line only when
the metadata records one). Tokens are estimated as one per 4 characters unless a
tokenizer is named, in which case each raw output is read back and both sides are
counted with it. The aggregation works over plain metadata dicts
(:func:`aggregate`), so it is testable without a store; :func:`collect` reads a
store; :func:`render_html` makes a self-contained page whose chart is drawn by
inline JavaScript from the embedded figures.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from html import escape
from typing import Any

from toolstub.redact import redact_value
from toolstub.rule_files import load_rules
from toolstub.stub import render_stub
from toolstub.synopsis import Synopsis
from toolstub.tokens import count_tokens

CHARS_PER_TOKEN = 4
LARGEST = 10


@dataclass
class Figures:
    """Before/after totals of a group of results."""

    results: int = 0
    before_chars: int = 0
    after_chars: int = 0
    before_tokens: int = 0
    after_tokens: int = 0
    redactions: int = 0

    def add(self, row: Row) -> None:
        """Count one stored result in."""
        self.results += 1
        self.before_chars += row.before_chars
        self.after_chars += row.after_chars
        self.before_tokens += row.before_tokens
        self.after_tokens += row.after_tokens
        self.redactions += row.redactions

    def as_dict(self) -> dict[str, Any]:
        """The totals with what was saved (chars, tokens, shares), JSON-ready."""
        out = asdict(self)
        out["saved_chars"] = self.before_chars - self.after_chars
        out["saved_tokens"] = self.before_tokens - self.after_tokens
        out["saved_share"] = share(self.before_chars, self.after_chars)
        out["saved_token_share"] = share(self.before_tokens, self.after_tokens)
        return out


@dataclass
class Row:
    """One stored result: its size before (raw) and after (its stub), in chars and tokens."""

    session_id: str
    tool_result_id: str
    tool_name: str
    kind: str
    before_chars: int
    after_chars: int
    before_tokens: int
    after_tokens: int
    redactions: int = 0
    ref: str = ""

    def as_dict(self) -> dict[str, Any]:
        """The row with its saved share, JSON-ready."""
        out = asdict(self)
        out["saved_share"] = share(self.before_chars, self.after_chars)
        return out


@dataclass
class Report:
    """The savings report of a store: totals, per session, per kind, and the rows."""

    store: str = ""
    tokenizer: str = ""
    totals: Figures = field(default_factory=Figures)
    sessions: dict[str, Figures] = field(default_factory=dict)
    kinds: dict[str, Figures] = field(default_factory=dict)
    rows: list[Row] = field(default_factory=list)

    def largest(self, n: int = LARGEST) -> list[Row]:
        """The ``n`` largest results (by raw chars)."""
        return sorted(self.rows, key=lambda r: (-r.before_chars, r.session_id, r.tool_result_id))[:n]

    def as_dict(self) -> dict[str, Any]:
        """The report as ``toolstub report --json`` prints it (and the HTML page shows it): every
        string redacted with the default ruleset (tool names, ids, a store URL with a password)."""
        kinds = sorted(self.kinds.items(), key=lambda kv: (-kv[1].before_chars, kv[0]))
        return redact_value(self._plain_dict(kinds), load_rules(None))[0]

    def _plain_dict(self, kinds: list[tuple[str, Figures]]) -> dict[str, Any]:
        return {
            "store": self.store,
            "tokenizer": self.tokenizer,
            "totals": self.totals.as_dict(),
            "sessions": [{"session_id": k, **v.as_dict()} for k, v in sorted(self.sessions.items())],
            "kinds": [{"kind": k, **v.as_dict()} for k, v in kinds],
            "largest": [row.as_dict() for row in self.largest()],
        }


def share(before: int, after: int) -> float:
    """The share saved, ``1 - after/before`` rounded to 4 places (0 when nothing was stored)."""
    return round(1 - after / before, 4) if before > 0 else 0.0


def stub_of(metadata: Mapping[str, Any]) -> str:
    """The stub of one stored result, re-rendered from its metadata (deterministic)."""
    synopsis = Synopsis.from_dict(metadata.get("synopsis") or {}, ruleset=str(metadata.get("ruleset") or ""))
    return render_stub(
        synopsis,
        ref=str(metadata.get("storage_uri") or ""),
        tool_name=str(metadata.get("tool_name") or ""),
        sha256=str(metadata.get("sha256") or ""),
        reason=str(metadata.get("reason") or metadata.get("externalized_reason") or ""),
        original_chars=int(metadata.get("original_chars") or 0),
        preview_chars=int(metadata.get("preview_chars") or 0),
    )


def _by_chars(text_or_len: str | int) -> int:
    n = text_or_len if isinstance(text_or_len, int) else len(text_or_len)
    return -(-n // CHARS_PER_TOKEN)


def row_of(
    session_id: str,
    metadata: Mapping[str, Any],
    *,
    count: Callable[[str], int] | None = None,
    raw: Callable[[], str] | None = None,
) -> Row:
    """One result's figures; with ``count`` and ``raw`` the tokens are counted, else estimated from chars."""
    stub = stub_of(metadata)
    before = int(metadata.get("original_chars") or 0)
    if count is not None and raw is not None:
        before_tokens, after_tokens = count(raw()), count(stub)
    else:
        before_tokens, after_tokens = _by_chars(before), _by_chars(stub)
    return Row(
        session_id=session_id,
        tool_result_id=str(metadata.get("tool_result_id") or ""),
        tool_name=str(metadata.get("tool_name") or ""),
        kind=str(metadata.get("synopsis_kind") or (metadata.get("synopsis") or {}).get("kind") or "unknown"),
        before_chars=before,
        after_chars=len(stub),
        before_tokens=before_tokens,
        after_tokens=after_tokens,
        redactions=int(metadata.get("redactions") or 0),
        ref=str(metadata.get("storage_uri") or ""),
    )


def aggregate(rows: Iterable[Row], *, store: str = "", tokenizer: str = "") -> Report:
    """The report of ``rows``."""
    report = Report(store=store, tokenizer=tokenizer or f"estimate: 1 token per {CHARS_PER_TOKEN} chars")
    for row in rows:
        report.rows.append(row)
        report.totals.add(row)
        report.sessions.setdefault(row.session_id, Figures()).add(row)
        report.kinds.setdefault(row.kind, Figures()).add(row)
    return report


def aggregate_metadata(items: Iterable[tuple[str, Mapping[str, Any]]], *, store: str = "") -> Report:
    """The report over plain ``(session_id, metadata)`` pairs (tokens estimated from chars)."""
    return aggregate((row_of(sid, meta) for sid, meta in items), store=store)


def collect(store: Any, *, url: str = "", tokenizer: str | None = None, limit: int = 1_000_000) -> Report:
    """The report over every session of ``store`` (an object from :func:`toolstub.open_store`)."""
    count = (lambda text: count_tokens(text, tokenizer)) if tokenizer else None

    def rows() -> Iterable[Row]:
        for session_id in sorted(store.sessions()):
            session = store.session(session_id)
            for meta in session.list(limit=limit)["tool_results"]:
                raw = (lambda m=meta: session.read(m["tool_result_id"], limit=-1, include_metadata=False)["content"])
                yield row_of(session_id, meta, count=count, raw=raw if count else None)

    return aggregate(rows(), store=url, tokenizer=tokenizer or "")


# --- HTML ---------------------------------------------------------------------------------------

_CSS = """
body{font:14px/1.4 system-ui,sans-serif;margin:2em;color:#222}
h1{font-size:1.4em} table{border-collapse:collapse;margin:1em 0}
th,td{border:1px solid #ccc;padding:.25em .6em;text-align:right} th:first-child,td:first-child{text-align:left}
.before{fill:#c0504d} .after{fill:#4f81bd} .legend span{display:inline-block;width:1em;height:1em;margin:0 .3em}
"""

_JS = """
(function () {
  var data = JSON.parse(document.getElementById('report-data').textContent);
  var svg = document.getElementById('chart'), NS = 'http://www.w3.org/2000/svg';
  var kinds = data.kinds, left = 110, width = 520, rowH = 34, barH = 13;
  var max = 1;
  kinds.forEach(function (k) { max = Math.max(max, k.before_chars, k.after_chars); });
  svg.setAttribute('height', String(kinds.length * rowH + 10));
  function el(name, attrs, text) {
    var e = document.createElementNS(NS, name);
    Object.keys(attrs).forEach(function (a) { e.setAttribute(a, String(attrs[a])); });
    if (text !== undefined) e.textContent = text;
    svg.appendChild(e);
    return e;
  }
  kinds.forEach(function (k, i) {
    var y = 5 + i * rowH;
    el('text', {x: 0, y: y + barH + 4, 'class': 'label'}, k.kind);
    [['before', k.before_chars, 0], ['after', k.after_chars, barH + 2]].forEach(function (b) {
      var w = Math.round(b[1] / max * width * 100) / 100;
      el('rect', {x: left, y: y + b[2], width: w, height: barH, 'class': 'bar ' + b[0],
                  'data-kind': k.kind, 'data-value': b[1]});
      el('text', {x: left + w + 4, y: y + b[2] + barH - 2, 'class': 'value ' + b[0], 'data-kind': k.kind}, String(b[1]));
    });
  });
  document.getElementById('saved').textContent = (data.totals.saved_share * 100).toFixed(1) + '%';
  document.body.setAttribute('data-ready', '1');
})();
"""


def _table(headers: list[str], rows: list[list[Any]], table_id: str) -> str:
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
    return f'<table id="{table_id}"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _pct(value: float) -> str:
    return f"{value * 100:.1f}%"


def render_html(report: Report) -> str:
    """A self-contained page (no external resource): tables, and an SVG chart drawn by inline JS."""
    data = report.as_dict()
    figure_cols = ["results", "before chars", "after chars", "saved", "before tokens", "after tokens"]

    def cols(d: Mapping[str, Any]) -> list[Any]:
        return [d["results"], d["before_chars"], d["after_chars"], _pct(d["saved_share"]), d["before_tokens"], d["after_tokens"]]

    totals = data["totals"]
    parts = [
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">",
        "<title>toolstub savings report</title>",
        f"<style>{_CSS}</style></head><body>",
        "<h1>toolstub savings report</h1>",
        f"<p>Store: <code>{escape(data['store'])}</code>; tokens: {escape(data['tokenizer'])}.</p>",
        f'<p id="summary">{totals["results"]} results: {totals["before_chars"]} chars before, '
        f'{totals["after_chars"]} after; saved <strong id="saved"></strong> of the characters.</p>',
        '<h2>Characters before and after, per kind</h2>',
        '<p class="legend"><span class="before" style="background:#c0504d"></span>before '
        '<span class="after" style="background:#4f81bd"></span>after (stub)</p>',
        '<svg id="chart" xmlns="http://www.w3.org/2000/svg" width="760" height="10" role="img" '
        'aria-label="characters before and after per kind"></svg>',
        "<h2>Per kind</h2>",
        _table(["kind", *figure_cols], [[k["kind"], *cols(k)] for k in data["kinds"]], "kinds"),
        "<h2>Per session</h2>",
        _table(["session", *figure_cols], [[s["session_id"], *cols(s)] for s in data["sessions"]], "sessions"),
        "<h2>Largest results</h2>",
        _table(
            ["tool result", "session", "tool", "kind", "before chars", "after chars", "saved"],
            [
                [r["tool_result_id"], r["session_id"], r["tool_name"], r["kind"], r["before_chars"], r["after_chars"],
                 _pct(r["saved_share"])]
                for r in data["largest"]
            ],
            "largest",
        ),
        '<script type="application/json" id="report-data">',
        json.dumps(data, ensure_ascii=False, sort_keys=True).replace("<", "\\u003c"),
        "</script>",
        f"<script>{_JS}</script>",
        "</body></html>",
    ]
    return "\n".join(parts) + "\n"
