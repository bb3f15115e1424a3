"""The issue-6 kinds (log, diff, markdown, html) on real-looking outputs, and what they must not claim."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

import toolstub
from toolstub.plugin_manager import get_registry
from toolstub.rule_files import load_rules
from toolstub.synopsis import KindInput

DATA = Path(__file__).parent / "data"
MINE = ("log", "diff", "markdown", "html")


def synopsis_of(name: str, **kw):
    return toolstub.synopsize((DATA / name).read_text(encoding="utf-8"), **kw)


def claim(kind: str, content: str, mime: str = "") -> object:
    """Call one kind's summarizer directly with the default ruleset's caps: its synopsis, or None."""
    rules = load_rules("default")
    inp = KindInput(content, mime=mime, tool_name="", preview_chars=2000, rules=rules, caps=rules.caps(kind))
    result = get_registry().get(kind).summarize(inp)
    return getattr(result, "synopsis", result)  # a scored claim (issue 10) carries its synopsis


@pytest.fixture(scope="module")
def without_mine(tmp_path_factory) -> Path:
    """default with the four issue-6 kinds taken out of the detector order."""
    order = [d for d in load_rules("default").detectors if d not in MINE]
    path = tmp_path_factory.mktemp("rules") / "no-beyond.yaml"
    path.write_text(
        f"schema_version: 1\nname: no-beyond\nversion: '1'\nextends: default\ndetectors: [{', '.join(order)}]\n",
        encoding="utf-8",
    )
    return path


# --- log ---------------------------------------------------------------------------------------


def test_pytest_log_names_the_first_failure_with_its_line():
    syn = synopsis_of("pytest.log")
    assert syn.kind == "log"
    assert syn.notable_items[0] == "first error: line 17: E AssertionError: assert True is False"
    assert "result: line 36: =================== 2 failed, 12 passed, 1 warning in 0.84s ====================" in (
        syn.notable_items
    )
    assert any(item.startswith("first warning: line 29: ") and "DeprecationWarning" in item for item in syn.notable_items)
    assert "17: E       AssertionError: assert True is False" in syn.sample


def test_maven_log_counts_levels_and_shows_build_result():
    syn = synopsis_of("maven.log")
    assert syn.kind == "log"
    assert "Levels: error 6, warning 1, info 23." in syn.summary
    assert syn.notable_items[0].startswith("first error: line 14: [ERROR] Tests run: 9, Failures: 1")
    assert "first warning: line 10: [WARNING] /src/main/java/com/example/shop/Cart.java:[41,17] unchecked conversion" in (
        syn.notable_items
    )
    assert "result: line 27: [INFO] BUILD FAILURE" in syn.notable_items
    assert "+3 more error lines" in syn.notable_items


def test_npm_log_first_error_is_the_build_error():
    syn = synopsis_of("npm.log")
    assert syn.kind == "log"
    assert syn.notable_items[0] == "first error: line 13: error during build:"
    assert syn.notable_items.count("first warning: line 1: npm WARN deprecated inflight@1.0.6: "
                                   "This module is not supported, and leaks memory.") == 1


def test_syslog_time_span_and_levels():
    syn = synopsis_of("syslog.log")
    assert syn.kind == "log"
    assert "first_timestamp: Nov 30 10:02:11 (line 1)" in syn.structure
    assert "last_timestamp: Nov 30 10:12:00 (line 10)" in syn.structure
    assert syn.notable_items[0].startswith("first error: line 7: Nov 30 10:09:16 web01 app[2210]: ERROR cannot connect")


def test_app_log_with_traceback():
    syn = synopsis_of("app.log")
    assert syn.kind == "log"
    assert "Time span: 2026-11-30 10:00:00,101 (line 1) to 2026-11-30 10:01:00,000 (line 11)." in syn.summary
    assert "Levels: error 2, warning 1, info 4, debug 1." in syn.summary
    assert syn.notable_items[1] == "error: line 6: Traceback (most recent call last):"


def test_go_test_log():
    syn = synopsis_of("go_test.log")
    assert syn.kind == "log"
    assert syn.notable_items[0] == "first error: line 5: --- FAIL: TestWriteDedupes (0.01s)"
    assert "result: line 9: FAIL example.org/toolstub/store 0.041s" in syn.notable_items
    assert "4:     store_test.go:41: write twice: got 2 records, want 1" in syn.sample


def test_jest_log():
    syn = synopsis_of("jest.log")
    assert syn.kind == "log"
    assert syn.notable_items[:2] == (
        "first error: line 2: FAIL src/components/Cart.test.tsx",
        "error: line 3: ● Cart › shows the total with discount",
    )
    assert "result: line 15: Tests: 1 failed, 7 passed, 8 total" in syn.notable_items


def test_windows_line_endings():
    text = (DATA / "pytest.log").read_text(encoding="utf-8").replace("\n", "\r\n")
    syn = toolstub.synopsize(text)
    assert syn.kind == "log"
    assert "result: line 36: =================== 2 failed, 12 passed, 1 warning in 0.84s ====================" in (
        syn.notable_items
    )
    assert "\r" not in syn.sample


# --- diff --------------------------------------------------------------------------------------


def test_git_show_with_rename_binary_delete_and_mode_change():
    syn = synopsis_of("git_show.diff")
    assert syn.kind == "diff"
    assert syn.structure == (
        "R engine/store/fs.py -> engine/store/local.py (+3 -2, 2 hunks, similarity 92%)",
        "A docs/logo.png (binary)",
        "D engine/legacy.py (+0 -3, 1 hunk)",
        "M scripts/run.sh (mode 100644 -> 100755)",
    )
    assert "Diff of 4 files: +3 -5 lines in 3 hunks." in syn.summary
    assert syn.notable_items[0].startswith(
        "commit 4f2a9c1e8b7d: store: rename local backend, add logo, drop legacy shim (Ada Lovelace"
    )
    assert syn.sample.startswith("@@ -1,6 +1,7 @@")


def test_plain_unified_diff_counts_each_file():
    text = (
        "--- a/one.txt\t2026-01-01\n+++ b/one.txt\t2026-01-02\n@@ -1,2 +1,3 @@\n a\n-b\n+c\n+d\n"
        "--- a/two.txt\n+++ b/two.txt\n@@ -5 +5 @@ ctx\n-x\n+y\n"
    )
    syn = toolstub.synopsize(text)
    assert syn.kind == "diff"
    assert syn.structure == ("M one.txt (+2 -1, 1 hunk)", "M two.txt (+1 -1, 1 hunk)")


def test_merge_commit_combined_diff():
    text = (
        "commit 0123456789abcdef0123456789abcdef01234567\nMerge: 1111111 2222222\nAuthor: A <a@x>\n"
        "Date:   Mon Nov 30 10:00:00 2026 +0000\n\n    Merge branch 'x'\n\n"
        "diff --cc app.py\nindex 1,2..3\n--- a/app.py\n+++ b/app.py\n@@@ -1,2 -1,2 +1,3 @@@\n  a\n+ b\n ++c\n"
    )
    syn = toolstub.synopsize(text)
    assert syn.kind == "diff"
    assert syn.structure[0].startswith("M app.py (")
    assert syn.notable_items[0].startswith("commit 0123456789ab: Merge branch 'x'")


def test_many_files_are_capped_with_more_line():
    text = "".join(f"diff --git a/f{i} b/f{i}\n--- a/f{i}\n+++ b/f{i}\n@@ -1 +1 @@\n-a\n+b\n" for i in range(45))
    syn = toolstub.synopsize(text)
    assert syn.kind == "diff"
    assert len(syn.structure) == 41 and syn.structure[-1] == "+5 more files"


# --- markdown ----------------------------------------------------------------------------------


def test_readme_outline_code_blocks_and_links():
    syn = synopsis_of("README.md")
    assert syn.kind == "markdown"
    assert syn.structure[:6] == (
        "outline (5 headings):",
        "# toolstub",
        "## Install",
        "## Quick start",
        "### Options",
        "## Contributing",
    )
    assert "code_blocks: 2 (bash 1, python 1)" in syn.structure
    assert "links: 5, images: 2, tables: 1, list_items: 2" in syn.structure
    assert "front_matter keys: title, tags" in syn.structure
    assert syn.summary[1] == "Title: toolstub"
    assert syn.summary[2].startswith("Opening: Keep huge AI-agent tool outputs")


def test_setext_headings_and_fenced_code_with_comment_lines():
    text = "Guide\n=====\n\nIntro text.\n\nUsage\n-----\n\n```sh\n# not a heading\nls\n```\n"
    syn = toolstub.synopsize(text)
    assert syn.kind == "markdown"
    assert syn.structure[:3] == ("outline (2 headings):", "# Guide", "## Usage")
    assert "code_blocks: 1 (sh 1)" in syn.structure


# --- html --------------------------------------------------------------------------------------


def test_html_page_with_forms_never_shows_script_text():
    syn = synopsis_of("page.html")
    assert syn.kind == "html"
    assert syn.summary[0] == "HTML page titled 'Acme Shop — Sign in'."
    assert syn.summary[1] == "Links: 5, forms: 2, headings: 3."
    assert syn.structure[:4] == ("outline (3 headings):", "# Sign in", "## New here?", "### Search the catalogue")
    assert syn.notable_items == (
        "form 1: POST /session fields: email, password, csrf:hidden, submit:button",
        "form 2: GET /search fields: q:search, dept:select",
    )
    text = "\n".join((*syn.summary, *syn.structure, *syn.notable_items, syn.sample))
    assert "secretToken" not in text and "injected" not in text and "font-family" not in text


def test_unclosed_html_page_is_still_html():
    syn = toolstub.synopsize("<html><head><title>Broken<body><h1>Top<p>text <a href=x>l</a>", mime="")
    assert syn.kind == "html"
    assert "Links: 1" in syn.summary[1]


@pytest.mark.parametrize("unit", ["<a ", "<!--", '<a href="', "</", "<![", "<?", "&#", "<<>>"])
def test_malformed_html_bombs_finish(unit):
    """html.parser is quadratic on these (60 KB of '<a ' took it 50 s); our tokenizer is one linear pass."""
    syn = toolstub.synopsize("<!DOCTYPE html><title>t</title><h1>x</h1>" + unit * 100_000)
    assert syn.kind == "html" and syn.summary[0] == "HTML page titled 't'."


def test_scripts_styles_and_comments_are_skipped():
    page = (
        "<!doctype html><html><body><!-- <a href=hidden> --><script>if (a < b) { x = '</p>'; }</script>"
        "<style>a>b{}</style><p title='a > b'>Shown <b>text</b> &amp; more</p><a href=1>one</a></body></html>"
    )
    syn = toolstub.synopsize(page)
    assert syn.kind == "html"
    assert "Links: 1," in syn.summary[1]
    assert syn.summary[-1] == "Visible text: Shown text & more one"
    assert "hidden" not in syn.summary[-1] and "x =" not in syn.summary[-1]


def test_xhtml_page_without_prolog_is_html():
    assert toolstub.synopsize('<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>').kind == "html"


def test_html_mime_claims_a_fragment():
    assert toolstub.synopsize("<b>bold</b> and more", mime="text/html; charset=utf-8").kind == "html"


@pytest.mark.parametrize(
    "content,mime",
    [
        ('<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><body><p>x</p></body></html>', ""),
        ("<html><body><p>x</p></body></html>", "application/xhtml+xml"),
        ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>', ""),
        ('<?xml version="1.0"?><rss version="2.0"><channel><title>x</title></channel></rss>', ""),
        ('<feed xmlns="http://www.w3.org/2005/Atom"><title>x</title><link href="y"/></feed>', ""),
    ],
)
def test_xhtml_svg_rss_atom_are_left_to_xml(content, mime):
    # XHTML with a prolog or an xhtml MIME hint is xml; SVG, RSS, Atom are never html's (an XHTML
    # page without a prolog is html, issue 10: tests/kinds_text/test_yamlhtml_classes.py)
    assert toolstub.synopsize(content, mime=mime).kind == "xml"
    if "<html" not in content or content.startswith("<?xml"):
        assert claim("html", content, mime) is None


# --- what the new kinds must not claim ----------------------------------------------------------

NEGATIVES = {
    "csv": "time,level,message\n2026-01-02 10:00:01,INFO,starting\n2026-01-02 10:00:02,ERROR,failed\n",
    "tsv": "when\tlevel\tmsg\n2026-01-02 10:00:01\tINFO\tstart\n2026-01-02 10:00:02\tWARN\tslow\n",
    "json": '{"status": "ERROR", "time": "2026-01-02T10:00:00Z", "items": [1, 2]}',
    "jsonl": '{"ts": "2026-01-02T10:00:00Z", "level": "error", "msg": "x"}\n'
    '{"ts": "2026-01-02T10:00:01Z", "level": "info", "msg": "y"}\n',
    "yaml": "---\nname: x\nitems:\n  - a\n  - b\n",
    "yaml_comments": "# Server settings\nserver:\n  host: example\n  ports:\n    - 80\n    - 443\n# Logging\nlog:\n  level: info\n",
    "front_matter_only": "---\ntitle: Hello\ndate: 2026-01-02\n---\n",
    "python": "# helpers\nimport os\n\n# Main entry\ndef main():\n    return os.getcwd()\n\n# Tail\nx = main()\n",
    "shell": "#!/bin/sh\n# Build\nset -e\n# Test\nmake test\n",
    "prose": "Hello there. This is plain prose.\nIt has two lines, and commas, many of them.\nA third line - with a dash.\n",
    "prose_with_times": "We met at 10:00:00 and left.\nThe rest of the day was calm.\nNothing else happened.\n",
    "xml": '<?xml version="1.0"?><config><item key="a"/><item key="b"/></config>',
    "yaml_diff_like": "---\n- a\n- b\n",
}


@pytest.mark.parametrize("name", sorted(NEGATIVES))
@pytest.mark.parametrize("kind", MINE)
def test_new_kinds_decline(kind, name):
    assert claim(kind, NEGATIVES[name]) is None


@pytest.mark.parametrize("name", sorted(NEGATIVES))
def test_default_kind_unchanged_by_the_new_kinds(name, without_mine):
    """The new kinds only take what they describe better: these inputs get the kind they had without them."""
    content = NEGATIVES[name]
    assert toolstub.synopsize(content).kind == toolstub.synopsize(content, rules=without_mine).kind


@pytest.mark.parametrize("name", ["csv", "tsv", "prose", "prose_with_times"])
def test_default_kind_of_tables_and_prose(name):
    expected = {"csv": "csv", "tsv": "tsv", "prose": "text", "prose_with_times": "text"}[name]
    assert toolstub.synopsize(NEGATIVES[name]).kind == expected


def test_compat_has_none_of_the_new_kinds():
    compat = load_rules("openviking-compat")
    assert not set(MINE) & set(compat.detectors)
    assert "redaction" not in compat.data
    for name in ("pytest.log", "git_show.diff", "README.md", "page.html"):
        assert synopsis_of(name, rules="openviking-compat").kind not in MINE


def test_default_yaml_sections_match_the_plugin_defaults():
    """The rule file spells every cap out (the plugin defaults serve rule files that leave them out)."""
    import yaml

    data = yaml.safe_load(resources.files("toolstub.rules").joinpath("default.yaml").read_text(encoding="utf-8"))
    for kind in MINE:
        defaults = get_registry().get(kind).defaults
        assert data["kinds"][kind] == {k: list(v) if isinstance(v, tuple) else v for k, v in defaults.items()}


@pytest.mark.parametrize("kind", MINE)
def test_huge_single_line_and_many_lines_are_bounded(kind):
    big = "diff --git a/x b/x\n--- a/x\n+++ b/x\n@@ -0,0 +1,3 @@\n" + ("+" + "y" * 50_000 + "\n") * 3
    content = {
        "log": "2026-01-02 10:00:00 ERROR " + "z" * 200_000 + "\n" + "2026-01-02 10:00:01 INFO ok\n" * 20_000,
        "diff": big,
        "markdown": "# T\n\n" + "- item [l](u)\n" * 20_000 + "#" * 3 + " " + "w" * 100_000 + "\n",
        "html": "<!doctype html><title>t</title>" + "<a href=x>y</a>" * 20_000 + "<p>" + "q" * 100_000,
    }[kind]
    syn = toolstub.synopsize(content)
    assert syn.kind == kind
    assert sum(len(x) for x in (*syn.summary, *syn.structure, *syn.notable_items, syn.sample)) < 8000
