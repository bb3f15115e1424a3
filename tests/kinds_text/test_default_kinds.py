"""csv/tsv/code/text under the default ruleset: realistic outputs and the section 8 fixes."""

from __future__ import annotations

from pathlib import Path

import pytest

import toolstub

SAMPLES = Path(__file__).with_name("samples")


def sample(name: str) -> str:
    return (SAMPLES / name).read_bytes().decode("utf-8", "surrogateescape")


def default(content: str) -> dict:
    return toolstub.synopsize(content).to_dict()


@pytest.mark.parametrize(
    ("name", "kind"),
    [
        ("export.csv", "csv"),
        ("mysql.tsv", "tsv"),
        ("app.py", "code"),
        ("app.js", "code"),
        ("main.go", "code"),
        ("lib.rs", "code"),
        ("Main.java", "code"),
        ("ls.txt", "text"),
        ("man.txt", "text"),
        ("prose.txt", "text"),
    ],
)
def test_realistic_outputs_get_the_right_kind(name, kind):
    assert default(sample(name))["kind"] == kind


def test_csv_export_with_quoted_commas():
    found = default(sample("export.csv"))
    assert found["summary"] == ["CSV table with rows: 11 and columns: 8."]
    assert found["structure"][0] == "columns: order_id, customer, email, country, amount, currency, created_at, status"
    assert found["structure"][2].startswith("first row sample: 10001,Lovelace, Ada,ada@example.com,GB,129.90")


def test_tsv_from_a_database_client_says_tsv():
    found = default(sample("mysql.tsv"))
    assert found["summary"] == ["TSV table with rows: 4 and columns: 5."]
    assert found["structure"][2] == "first row sample: 1 alice 2023-11-02 10:11:12 2024-03-01 08:00:00 1"


def test_prose_with_consistent_commas_is_not_csv(run):
    for content in (
        "Hello, world\nFoo, bar\n",
        "First, we load the data.\nThen, we clean it.\nFinally, we plot it.\n",
        "2024-03-01 09:12:44,120 INFO starting\n2024-03-01 09:12:45,001 INFO ready\n",
    ):
        assert run("csv", content, "default") is None, content
        assert run("csv", content) is not None, content  # compat keeps the seed's answer


def test_spaced_csv_with_capitals_and_numbers_is_still_csv(run):
    assert run("csv", "Name, Age, City\nAda, 36, London\nBob, 41, Paris\n", "default")["kind"] == "csv"


def test_ragged_rows_after_row_10_are_noticed(run):
    rows = ["a,b"] + ["1,2"] * 30 + ["1,2,3"] * 2
    found = run("csv", "\n".join(rows), "default")
    assert found["structure"][-1] == "ragged rows: 2 (cell count differs from the header's 2)"
    assert run("csv", "\n".join(rows))["structure"][-1] == "first row sample: 1,2"  # compat: silent
    too_ragged = ["a,b"] + ["1,2"] * 12 + ["1,2,3"] * 5
    assert run("csv", "\n".join(too_ragged), "default") is None


def test_column_list_is_capped_with_more(run):
    header = ",".join(f"c{i}" for i in range(60))
    found = run("csv", header + "\n" + ",".join("1" * 60) + "\n", "default")
    assert found["structure"][0] == "columns: " + ", ".join(f"c{i}" for i in range(50)) + " (+10 more)"


def test_prose_with_code_keywords_is_not_code(run):
    content = "use the staging server, not production.\nlet me know when it is done\nimport the data first\nclass starts at nine\n"
    assert run("code", content) is not None  # the seed calls it code
    assert run("code", content, "default") is None
    assert default(content)["kind"] == "text"


def test_a_log_with_one_traceback_def_is_not_code(run):
    assert run("code", sample("pytest.log")) is not None
    assert run("code", sample("pytest.log"), "default") is None


def test_import_lists_split_and_aliases_dropped():
    found = default(sample("app.py"))
    assert found["structure"][1] == "imports: __future__, json, os, sys, dataclasses, http.server"
    assert found["notable_items"] == ["class Item", "class Handler", "def do_GET", "async def warm_up", "def main"]


def test_other_languages_list_imports_and_symbols():
    assert default(sample("app.js"))["structure"][1] == "imports: express, node:fs/promises, path"
    assert default(sample("main.go"))["structure"][1] == "imports: fmt, net/http, os"
    assert default(sample("main.go"))["notable_items"] == ["type Server", "func Start", "func main"]
    rust = default(sample("lib.rs"))
    assert rust["structure"][1] == "imports: std::collections::HashMap, std::io::{self, Read}"
    assert rust["notable_items"] == ["const MAX_ITEMS", "struct Store", "impl Store", "pub fn new", "pub fn insert", "fn read_all"]
    java = default(sample("Main.java"))
    assert java["structure"][1] == "imports: java.util.ArrayList, java.util.List"
    assert java["notable_items"] == ["class Main", "interface Priced"]


def test_code_caps_say_how_many_more(run):
    content = "".join(f"import m{i}\n" for i in range(20)) + "".join(f"def f{i}():\n    pass\n" for i in range(30))
    found = run("code", content, "default")
    assert found["structure"][1] == "imports: " + ", ".join(f"m{i}" for i in range(12)) + " (+8 more)"
    assert found["notable_items"][-1] == "(+6 more)"
    assert len(found["notable_items"]) == 25


def test_lines_count_newlines_in_default(run):
    content = "def a():\x0c    pass\u2028\n"
    assert run("code", content, "default")["summary"] == ["Code-like output with 1 lines (Python)."]
    assert run("code", content)["summary"] == ["Code-like output with 3 lines."]  # splitlines
    assert run("text", "a\x0bb\x1cc\n", "default")["summary"][3] == "Lines: 1."


def test_man_page_headers_and_no_timestamp_headers(run):
    found = run("text", sample("man.txt"), "default")
    assert found["summary"][4] == "Detected section headers: NAME | SYNOPSIS | DESCRIPTION | SEE ALSO."
    found = run("text", "2024-01-01 12:00:00\n12345678\nRESULTS\n", "default")
    assert found["summary"][4] == "Detected section headers: RESULTS."


def test_short_text_excerpt_once_and_no_double_period(run):
    found = run("text", "All done.\n", "default")
    assert found["summary"][-1] == "Excerpt: All done."
    assert len(found["summary"]) == 6
    content = "a" * 500 + "b" * 300 + "."
    found = run("text", content, "default")
    assert found["summary"][-2:] == [f"Opening excerpt: {'a' * 500}", f"Closing excerpt: {'b' * 300}."]


def test_header_cap_says_how_many_more(run):
    content = "\n".join(f"PART {chr(65 + i)}{chr(65 + i)}" for i in range(25))
    found = run("text", content, "default")
    assert found["summary"][4].endswith("PART RR (+7 more).")


def test_text_counts_error_and_warning_lines(run):
    content = "starting\nWARNING disk low\nok\nERROR failed to open db\nerror: again\n"
    found = run("text", content, "default")
    assert "Error lines: 2 (first: ERROR failed to open db)" in found["summary"]
    assert "Warning lines: 1 (first: WARNING disk low)" in found["summary"]
    assert not any(line.startswith("Error lines") for line in run("text", content)["summary"])


def test_quoted_free_text_with_commas_stays_csv(run):
    rows = ["id,review,stars"] + [f'{i},"great product, works well and ships fast.",5' for i in range(20)]
    found = run("csv", "\n".join(rows), "default")
    assert found["summary"] == ["CSV table with rows: 20 and columns: 3."]


def test_tab_indented_prose_is_not_tsv(run):
    content = "\tThe first paragraph starts here\n\tand the second one follows\n\tthen a third\n"
    assert run("tsv", content) is not None
    assert run("tsv", content, "default") is None


MORE_SOURCES = {
    "shell": ("#!/bin/bash\nset -euo pipefail\n\nmain() {\n  echo \"hi\"\n}\nmain \"$@\"\n", [], []),
    "sql": (
        "CREATE TABLE users (\n  id INT PRIMARY KEY,\n  name TEXT NOT NULL\n);\n\nINSERT INTO users VALUES (1, 'ada');\n",
        [],
        ["CREATE TABLE users"],
    ),
    "php": (
        "<?php\nnamespace App;\n\nuse App\\Models\\User;\n\nclass Home {\n  public function index() {\n    return 1;\n  }\n}\n",
        ["imports: App\\Models\\User"],
        ["class Home"],
    ),
    "csharp": (
        "using System;\n\nnamespace Shop\n{\n    public class Cart\n    {\n        public int Total() { return 0; }\n    }\n}\n",
        [],
        ["class Cart"],
    ),
    "ruby": ("require 'json'\n\nclass Cart < Base\n  def total\n    items.sum\n  end\nend\n", [], ["class Cart", "def total"]),
    "typescript": (
        "import type { Item } from './item';\n\nexport interface Cart {\n  items: Item[];\n}\n\nexport const empty: Cart = { items: [] };\n",
        ["imports: ./item"],
        ["interface Cart", "const empty"],
    ),
    "c": ("#include <stdio.h>\n\nint main(void) {\n    printf(\"hi\\n\");\n    return 0;\n}\n", ["imports: stdio.h"], []),
    "lua": ("local M = {}\n\nfunction M.setup(opts)\n  opts = opts or {}\nend\n\nreturn M\n", [], ["function M.setup"]),
    "haskell": (
        "module Main where\n\nimport qualified Data.Map as Map\n\ndata Shape = Circle Double\n\narea :: Shape -> Double\narea (Circle r) = pi * r * r\n",
        ["imports: Data.Map"],
        ["data Shape"],
    ),
    "powershell": (
        "param(\n    [int]$Days = 30\n)\n\nfunction Get-Size($p) {\n    return (Get-ChildItem $p).Length\n}\n",
        [],
        ["function Get-Size"],
    ),
}


@pytest.mark.parametrize("name", sorted(MORE_SOURCES))
def test_more_languages_are_code(name):
    content, imports, symbols = MORE_SOURCES[name]
    found = default(content)
    assert found["kind"] == "code"
    assert found["structure"][1:] == imports
    assert found["notable_items"] == symbols


@pytest.mark.parametrize(
    "content",
    [
        "Traceback (most recent call last):\n  File \"app.py\", line 3, in <module>\n    main()\n"
        "  File \"app.py\", line 2, in main\n    def main(): raise ValueError('x')\nValueError: x\n",
        "Exception in thread \"main\" java.lang.NullPointerException: x is null\n"
        "\tat com.example.Main.run(Main.java:10)\n\tat com.example.Main.main(Main.java:4)\n",
    ],
)
def test_tracebacks_are_not_code(run, content):
    assert run("code", content, "default") is None


@pytest.mark.parametrize(
    "content",
    [
        "FROM python:3.11\nRUN pip install x\nCOPY . /app\nCMD [\"python\", \"app.py\"]\n",
        "all: build\n\nbuild:\n\tgo build ./...\n\ntest: build\n\tgo test ./...\n",
        ".PHONY: test\n\ntest:\n\tpytest -q\n",
        "#!/bin/sh\ndocker build -t x .\ndocker push x\n",
        "     1\timport json\n     2\t\n     3\tdef load(path):\n     4\t    return json.load(open(path))\n",
    ],
)
def test_dockerfiles_makefiles_scripts_and_numbered_code_are_code(run, content):
    assert run("code", content, "default") is not None


def test_numbered_code_lists_its_symbols(run):
    found = run("code", "     1\timport json\n     2\t\n     3\tdef load(path):\n     4\t    return 1\n", "default")
    assert found["structure"] == ["line_count: 4", "imports: json"]
    assert found["notable_items"] == ["def load"]


def test_sloppy_csv_with_spaces_and_lower_case_values_stays_csv(run):
    content = "id, name, email\n1, alice, alice@example.com\n2, bob, bob@example.com\n3, carol, c@example.com\n"
    assert run("csv", content, "default")["summary"] == ["CSV table with rows: 3 and columns: 3."]


def test_compiler_messages_and_semicolon_exports(run):
    tsc = "src/a.ts(12,7): error TS6133: 'x' is declared but never read.\nsrc/b.tsx(40,15): error TS2322: bad type.\n"
    assert run("csv", tsc) is not None and run("csv", tsc, "default") is None
    export = "Datum;Betrag;Kategorie\n01.03.2024;-1.250,00;Wohnen\n02.03.2024;-84,37;Essen\n"
    found = run("csv", export, "default")
    assert found["structure"] == ["columns: Datum, Betrag, Kategorie", "rows: 2", "first row sample: 01.03.2024;-1.250,00;Wohnen"]
    assert run("csv", "import a;\nimport b;\nlet x = 1;\nlet y = 2;\n", "default") is None
