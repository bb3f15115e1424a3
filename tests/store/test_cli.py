"""``toolstub store put|read|search|query|list|prune|fsck``."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from toolstub.cli import main
from toolstub.cli.store_cmd import parse_duration, parse_size


@pytest.fixture
def run(tmp_path):
    url = str(tmp_path / "store")
    runner = CliRunner()

    def invoke(*args, input=None):
        return runner.invoke(main, ["store", "--store", url, *args], input=input)

    return invoke


def test_put_read_search_query_list(run, tmp_path):
    source = tmp_path / "out.json"
    source.write_text(json.dumps({"items": [{"id": i} for i in range(5)], "note": "héllo needle"}), encoding="utf-8")
    put = run("put", str(source), "--session", "s1", "--tool-name", "http", "--mime", "application/json", "--json")
    assert put.exit_code == 0, put.output
    doc = json.loads(put.stdout)
    ref = doc["ref"]
    import toolstub

    expected = toolstub.synopsize(source.read_text(encoding="utf-8"), mime="application/json")
    assert doc["created"] and doc["metadata"]["synopsis"] == expected.to_dict()
    again = run("put", str(source), "--session", "s1", "--tool-name", "http")
    assert again.stdout.strip() == f"{ref}\texists"
    read = run("read", ref, "--offset", "2", "--limit", "5")  # the session comes from the ref
    assert read.exit_code == 0 and read.stdout == source.read_text(encoding="utf-8")[2:7] + "\n"
    found = json.loads(run("search", ref, "needle", "--json", "--context", "3").stdout)
    assert found["total"] == 1 and found["matches"][0]["snippet"] == "lo needle\"}"
    got = run("query", ref, ".items[].id")
    assert got.stdout.splitlines() == [f"$.items[{i}].id\t{i}" for i in range(5)]
    listed = json.loads(run("list", "--session", "s1", "--json").stdout)
    assert [m["tool_result_id"] for m in listed["tool_results"]] == [doc["tool_result_id"]]
    assert run("list", "--sessions").stdout.split() == ["s1"]


def test_put_from_stdin_with_surrogate_escapes(run):
    result = run("put", "-", "--session", "raw", input=b"bad \xff byte")
    assert result.exit_code == 0, result.output
    ref = result.stdout.split("\t")[0]
    assert run("read", ref).stdout_bytes == b"bad \xff byte\n"


def test_errors_are_one_line(run):
    missing = run("read", "tr_" + "0" * 24)
    assert missing.exit_code == 3 and missing.stderr.count("\n") == 1 and "no such store" in missing.stderr
    bad = run("read", "../etc/passwd")
    assert bad.exit_code == 2 and bad.stderr.strip() == "toolstub: error: Invalid tool_result_id"
    assert run("put", "/no/such/file").exit_code == 3
    assert "Traceback" not in run("search", "tr_" + "0" * 24, "").stderr


def test_prune_and_fsck(run, tmp_path):
    source = tmp_path / "a.txt"
    source.write_text("a" * 100, encoding="utf-8")
    run("put", str(source), "--session", "p")
    assert run("fsck").exit_code == 0
    assert json.loads(run("fsck", "--json").stdout)["ok"] is True
    dry = json.loads(run("prune", "--older-than", "0s", "--dry-run", "--json").stdout)
    assert len(dry["removed"]) == 1 and dry["dry_run"]
    assert json.loads(run("prune", "--max-bytes", "10G", "--json").stdout)["removed"] == []
    done = json.loads(run("prune", "--older-than", "0s", "--json").stdout)
    assert len(done["removed"]) == 1
    assert json.loads(run("list", "--session", "p", "--json").stdout) == {"tool_results": []}
    assert run("prune").exit_code == 2
    assert run("prune", "--older-than", "soon").exit_code == 2


def test_fsck_exit_code_and_repair(run, tmp_path):
    from toolstub.store import open_store, records

    source = tmp_path / "a.txt"
    source.write_text("b" * 100, encoding="utf-8")
    ref = run("put", str(source), "--session", "q").stdout.split("\t")[0]
    store = open_store(str(tmp_path / "store"))
    rid = ref.rsplit("/", 1)[-1]
    store.backend.rm(records.checkpoints_path("q", rid))
    broken = run("fsck")
    assert broken.exit_code == 1 and "missing_checkpoints" in broken.stdout
    assert run("fsck", "--repair").exit_code == 0
    assert run("fsck").exit_code == 0


def test_progress_bar_when_forced(run, tmp_path):
    source = tmp_path / "big.txt"
    source.write_text("x" * 50_000, encoding="utf-8")  # --progress forces the bar whatever the size
    result = run("put", str(source), "--session", "big", "--progress")
    # one bar over the one pass: read, stored, then described and committed
    assert result.exit_code == 0 and "storing big.txt" in result.stderr and "describing and committing" in result.stderr
    checked = run("fsck", "--progress")
    assert checked.exit_code == 0 and "checking" in checked.stderr


@pytest.mark.parametrize(("text", "seconds"), [("7d", 604800), ("12h", 43200), ("30m", 1800), ("45", 45), ("2w", 1209600)])
def test_durations(text, seconds):
    assert parse_duration(text) == seconds


@pytest.mark.parametrize(("text", "size"), [("10G", 10 << 30), ("500M", 500 << 20), ("1.5GB", int(1.5 * (1 << 30))),
                                             ("100k", 102400), ("123", 123), ("2GiB", 2 << 30)])
def test_sizes(text, size):
    assert parse_size(text) == size
