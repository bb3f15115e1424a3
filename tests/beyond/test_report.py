"""The savings report: aggregation over metadata, a real store, the CLI, and the HTML page in headless Chromium."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

import toolstub
from toolstub import report as rep
from toolstub.cli import main
from toolstub.stub import render_stub
from toolstub.synopsis import Synopsis

DATA = Path(__file__).parent / "data"
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def meta(tool_result_id: str, kind: str, chars: int, *, tool: str = "shell", summary: tuple[str, ...] = ("x",)) -> dict:
    return {
        "tool_result_id": tool_result_id,
        "tool_name": tool,
        "original_chars": chars,
        "preview_chars": 2000,
        "sha256": "ab" * 32,
        "synopsis_kind": kind,
        "synopsis": Synopsis(kind=kind, summary=summary).to_dict(),
        "storage_uri": f"toolstub://sessions/s/tool-results/{tool_result_id}",
        "redactions": 1 if kind == "log" else 0,
        "ruleset": "default",
    }


def test_stub_is_re_rendered_exactly():
    m = meta("tr_a", "log", 50_000, summary=("Log with 3 lines.", "Levels: error 1."))
    expected = render_stub(
        Synopsis(kind="log", summary=("Log with 3 lines.", "Levels: error 1.")),
        ref=m["storage_uri"],
        tool_name="shell",
        sha256=m["sha256"],
        original_chars=50_000,
        preview_chars=2000,
    )
    assert rep.stub_of(m) == expected


def test_aggregate_over_plain_metadata():
    items = [("s1", meta("tr_a", "log", 50_000)), ("s1", meta("tr_b", "json", 30_000)), ("s2", meta("tr_c", "log", 80_000))]
    stub_len = {m["tool_result_id"]: len(rep.stub_of(m)) for _, m in items}
    data = rep.aggregate_metadata(items, store="memory://x").as_dict()
    totals = data["totals"]
    assert totals["results"] == 3 and totals["before_chars"] == 160_000
    assert totals["after_chars"] == sum(stub_len.values())
    assert totals["saved_share"] == round(1 - totals["after_chars"] / 160_000, 4)
    assert totals["before_tokens"] == 40_000 and totals["redactions"] == 2
    assert [k["kind"] for k in data["kinds"]] == ["log", "json"]
    assert data["kinds"][0]["before_chars"] == 130_000 and data["kinds"][0]["results"] == 2
    assert [s["session_id"] for s in data["sessions"]] == ["s1", "s2"]
    assert data["sessions"][0]["after_chars"] == stub_len["tr_a"] + stub_len["tr_b"]
    assert [r["tool_result_id"] for r in data["largest"]] == ["tr_c", "tr_a", "tr_b"]


def test_empty_store_report():
    data = rep.aggregate_metadata([]).as_dict()
    assert data["totals"]["results"] == 0 and data["totals"]["saved_share"] == 0.0 and data["kinds"] == []


@pytest.fixture(scope="module")
def store_dir(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("store")
    store = toolstub.open_store(str(root))
    for repeat, session_id in ((12, "agent-1"), (3, "agent-2")):
        session = store.session(session_id)
        for index, path in enumerate(sorted(DATA.iterdir())):
            content = path.read_text(encoding="utf-8") * repeat
            session.write(content, tool_id=f"call{index}", tool_name="shell" if index % 2 else "read_file")
    return root


def expected_from_store(root: Path) -> dict:
    """The figures computed independently: list every result, re-render its stub."""
    store = toolstub.open_store(str(root))
    per_kind: dict[str, list[int]] = {}
    for session_id in store.sessions():
        for m in store.session(session_id).list(limit=1000)["tool_results"]:
            stub = render_stub(
                Synopsis.from_dict(m["synopsis"], ruleset=m["ruleset"]),
                ref=m["storage_uri"],
                tool_name=m["tool_name"],
                sha256=m["sha256"],
                original_chars=m["original_chars"],
                preview_chars=m["preview_chars"],
            )
            entry = per_kind.setdefault(m["synopsis_kind"], [0, 0])
            entry[0] += m["original_chars"]
            entry[1] += len(stub)
    return per_kind


def test_collect_matches_the_store(store_dir):
    data = rep.collect(toolstub.open_store(str(store_dir)), url=str(store_dir)).as_dict()
    per_kind = expected_from_store(store_dir)
    assert {k["kind"]: [k["before_chars"], k["after_chars"]] for k in data["kinds"]} == per_kind
    assert data["totals"]["results"] == 2 * len(list(DATA.iterdir()))
    assert {s["session_id"] for s in data["sessions"]} == {"agent-1", "agent-2"}


def test_collect_with_a_tokenizer_reads_outputs(store_dir):
    data = rep.collect(toolstub.open_store(str(store_dir)), url="x", tokenizer="cl100k_base").as_dict()
    assert data["tokenizer"] == "cl100k_base"
    store = toolstub.open_store(str(store_dir))
    session = store.session("agent-2")
    first = session.list(limit=1000)["tool_results"][0]
    raw = session.read(first["tool_result_id"], limit=-1)["content"]
    row = next(r for r in rep.collect(store, tokenizer="cl100k_base").rows if r.tool_result_id == first["tool_result_id"])
    assert row.before_tokens == toolstub.tokens.count_tokens(raw, "cl100k_base")
    assert data["totals"]["before_tokens"] > data["totals"]["after_tokens"] > 0


def test_cli_json_and_tables(store_dir):
    runner = CliRunner()
    out = runner.invoke(main, ["report", str(store_dir), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data == rep.collect(toolstub.open_store(str(store_dir)), url=str(store_dir)).as_dict()
    table = runner.invoke(main, ["report", str(store_dir)])
    assert table.exit_code == 0 and "Per kind" in table.output and "Largest results" in table.output


def test_cli_unwritable_html_is_one_line(store_dir, tmp_path):
    out = CliRunner().invoke(main, ["report", str(store_dir), "--html", str(tmp_path / "missing" / "r.html")])
    assert out.exit_code == 1
    assert out.output.strip().startswith("toolstub: error: cannot write ") and out.output.count("\n") == 1


class _Dom(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.rects: list[dict] = []
        self.values: list[tuple[dict, str]] = []
        self.saved = ""
        self.ready = ""
        self._open: tuple[str, dict] | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "rect":
            self.rects.append(a)
        elif tag == "body":
            self.ready = a.get("data-ready", "")
        self._open = (tag, a)

    def handle_data(self, data):
        if self._open is None:
            return
        tag, a = self._open
        if tag == "text" and "value" in a.get("class", ""):
            self.values.append((a, data))
        elif tag == "strong" and a.get("id") == "saved":
            self.saved += data

    def handle_endtag(self, tag):
        self._open = None


def chromium_binary(env=os.environ, which=shutil.which, fallback=Path("/usr/bin/chromium")) -> str:
    """The Chromium to run; outside CI a missing one skips (one line), in CI it fails."""
    binary = which("chromium") or (str(fallback) if fallback.exists() else None)
    if binary:
        return binary
    if env.get("CI", "").lower() in ("1", "true", "yes") or env.get("TOOLSTUB_TEST_REQUIRE_CHROMIUM"):
        pytest.fail("Chromium is missing: .ci/run installs the Debian package 'chromium'")
    pytest.skip("needs Chromium (apt-get install chromium); CI installs it and requires it")


def test_chromium_missing_skips_outside_ci_and_fails_in_ci(tmp_path):
    def none(name):
        return None

    absent = tmp_path / "no-chromium"
    with pytest.raises(pytest.skip.Exception, match="needs Chromium"):
        chromium_binary({}, none, absent)
    for env in ({"CI": "true"}, {"TOOLSTUB_TEST_REQUIRE_CHROMIUM": "1"}):
        with pytest.raises(pytest.fail.Exception, match="Chromium is missing"):
            chromium_binary(env, none, absent)
    assert chromium_binary({"CI": "true"}, lambda name: "/opt/chromium", absent) == "/opt/chromium"


def chromium_dom(url: str) -> str:
    binary = chromium_binary()
    with tempfile.TemporaryDirectory() as profile:
        done = subprocess.run(
            [binary, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "--dump-dom", url],
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_html_report_renders_in_chromium_with_matching_chart(store_dir, tmp_path):
    page = tmp_path / "report.html"
    out = CliRunner().invoke(main, ["report", str(store_dir), "--html", str(page)])
    assert out.exit_code == 0, out.output
    html = page.read_text(encoding="utf-8")
    assert "<rect" not in html  # the chart exists only once the inline script ran
    assert not any(ref in html for ref in ("<link", " src=", "@import", "url("))  # self-contained
    dom = _Dom()
    dom.feed(chromium_dom(page.as_uri()))
    assert dom.ready == "1"
    per_kind = expected_from_store(store_dir)
    bars = {(r["data-kind"], r["class"].split()[-1]): r for r in dom.rects}
    assert set(bars) == {(k, side) for k in per_kind for side in ("before", "after")}
    top = max(v for pair in per_kind.values() for v in pair)
    for kind, (before, after) in per_kind.items():
        for side, value in (("before", before), ("after", after)):
            rect = bars[(kind, side)]
            assert int(rect["data-value"]) == value
            assert float(rect["width"]) == pytest.approx(value / top * 520, abs=0.01)
    shown = {(a["data-kind"], a["class"].split()[-1]): int(text) for a, text in dom.values}
    assert shown == {(k, "before"): v[0] for k, v in per_kind.items()} | {(k, "after"): v[1] for k, v in per_kind.items()}
    before = sum(v[0] for v in per_kind.values())
    after = sum(v[1] for v in per_kind.values())
    assert dom.saved == f"{(1 - after / before) * 100:.1f}%"
