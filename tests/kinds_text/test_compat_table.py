"""csv/tsv under openviking-compat: the seed's table rules, quirks kept."""

from __future__ import annotations

import csv

import toolstub


def test_documented_example(run):
    assert run("csv", "name,age\nAda,36\nBob,41\n") == {
        "kind": "csv",
        "title": "CSV table output",
        "summary": ["CSV table with rows: 2 and columns: 2."],
        "structure": ["columns: name, age", "rows: 2", "first row sample: Ada,36"],
        "notable_items": [],
        "sample": "",
    }


def test_prose_with_consistent_commas_is_csv():
    found = toolstub.synopsize("Hello, world\nFoo, bar\n", rules="openviking-compat").to_dict()
    assert found["kind"] == "csv"
    assert found["structure"] == ["columns: Hello, world", "rows: 1", "first row sample: Foo, bar"]


def test_tsv_is_tried_before_csv_and_sample_normalises_tabs(run, chain):
    content = "id\tname, full\n1\tAda,  Lovelace\n2\tBob\n"
    found = chain(content)
    assert found["kind"] == "tsv"
    assert found["title"] == "TSV table output"
    assert found["summary"] == ["TSV table with rows: 2 and columns: 2."]
    assert found["structure"][2] == "first row sample: 1 Ada, Lovelace"


def test_tsv_failure_falls_back_to_csv(chain):
    content = "a,b\tx\nc,d\n1,2\ty\tz\n"
    assert chain(content)["kind"] == "csv"


def test_blank_rows_are_dropped_and_columns_named(run):
    content = "\n , \nid,,name\n\n1,2,3\n,,\n4,5,6\n"
    found = run("csv", content)
    assert found["structure"] == ["columns: id, column_2, name", "rows: 2", "first row sample: 1,2,3"]


def test_only_rows_1_to_9_are_checked(run):
    rows = ["a,b"] + ["1,2"] * 9 + ["1,2,3,4"]
    assert run("csv", "\n".join(rows))["structure"][1] == "rows: 10"
    rows = ["a,b"] + ["1,2"] * 8 + ["1,2,3"]
    assert run("csv", "\n".join(rows)) is None


def test_quoted_newlines_and_delimiters_follow_csv_reader(run):
    content = 'name,note\n"Ada","line one\nline two, with comma"\nBob,"x"\n'
    found = run("csv", content)
    assert found["structure"] == ["columns: name, note", "rows: 2", "first row sample: Ada,line one line two, with comma"]


def test_first_row_sample_is_clipped_to_180(run):
    content = "a,b\n" + "x" * 100 + "," + "y" * 100 + "\n"
    sample = run("csv", content)["structure"][2].removeprefix("first row sample: ")
    assert len(sample) == 180 and sample.endswith("...")


def test_field_over_the_csv_limit_is_not_a_table(run):
    limit = csv.field_size_limit()
    assert run("csv", "a,b\n" + "x" * limit + ",1\n") is not None
    assert run("csv", "a,b\n" + "x" * (limit + 1) + ",1\n") is None
    assert run("csv", 'a,b\n"' + "x" * (limit + 1) + '",1\n') is None


def test_single_row_or_single_column_is_not_a_table(run):
    assert run("csv", "a,b\n\n\n") is None
    assert run("csv", "a\n1,2\n") is None


def test_lone_carriage_return_inside_a_line_is_a_csv_error(run):
    assert run("csv", "a,b\r1,2\n3,4\n") is None
    assert run("csv", "a,b\r\n1,2\r\n3,4") == run("csv", "a,b\n1,2\n3,4")


def test_matches_the_seed_on_assorted_tables(run, seed):
    cases = [
        "a,b\n1,2\n",
        "a,b\r\n1,2\r\n\r\n3,4\r",
        ' x , "y" \n"1",2\n',
        'a,b\n"unterminated,2\n3,4\n',
        "h1\th2\th3\n\t\t\n1\t\t3\n",
        "a,b\n1,2\n" + "1,2,3\n" * 20,
        "α,β\n\u3000,\xa0\n1,2\n",
        "a,b\n\x0b,\x1c\n1,2\n",
    ]
    for content in cases:
        for delimiter, detector in ((",", "csv"), ("\t", "tsv")):
            expected = seed.table(content, delimiter) if delimiter in content else None
            assert run(detector, content) == expected, (content, detector)
