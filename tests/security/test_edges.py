"""Edges left by the first security pass (issue 14): a quoted CSV field over the csv module's
limit, a posted message holding a 100,000-digit integer, CLI output into a closed pipe."""

from __future__ import annotations

import csv
import subprocess
import threading
import time

import httpx

import toolstub

from .conftest import CLI, clean_env


def _quoted_csv(field_chars: int) -> str:
    body = ("lorem ipsum, dolor \"\"sit\"\" amet\n" * (field_chars // 30 + 1))[:field_chars]
    return f'id,body,n\n1,"{body}",3\n2,"short",4\n3,"more",5\n'


def test_quoted_csv_field_over_131072_chars_is_csv() -> None:
    content = _quoted_csv(400_000)
    for mime in ("", "text/csv"):
        result = toolstub.synopsize(content, mime=mime)
        assert result.kind == "csv", (mime, result.kind)
        assert "rows: 3" in result.summary[0] and "columns: 3" in result.summary[0]
    assert csv.field_size_limit() == 131072  # the process-wide limit is put back


def test_quoted_csv_compat_keeps_the_seeds_limit() -> None:
    assert toolstub.synopsize(_quoted_csv(400_000), rules="openviking-compat").kind == "text"
    assert toolstub.synopsize(_quoted_csv(1000), rules="openviking-compat").kind == "csv"


def test_quoted_csv_in_threads_reads_alike() -> None:
    big, kinds = _quoted_csv(300_000), []

    def work() -> None:
        for _ in range(3):
            kinds.append(toolstub.synopsize(big).kind)

    threads = [threading.Thread(target=work) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert kinds == ["csv"] * 12
    assert csv.field_size_limit() == 131072


def test_posted_message_with_a_huge_integer_is_accepted(server: str) -> None:
    digits = "7" * 100_000
    body = ('{"format": "parts", "messages": [{"role": "user", "parts": [{"type": "text", "text": "hi"}], '
            '"n": ' + digits + ', "m": -' + digits[:5000] + ', "f": NaN}]}')
    url = f"{server}/api/v1/sessions/huge-int/messages"
    started = time.monotonic()
    resp = httpx.post(url, content=body, headers={"content-type": "application/json"}, timeout=60)
    assert resp.status_code == 200, resp.text[:300]
    message = resp.json()["result"]["messages"][0]
    assert message["n"] == digits and message["m"] == "-" + digits[:5000] and message["f"] == "NaN"
    context = httpx.get(f"{server}/api/v1/sessions/huge-int/context", timeout=60)
    assert context.status_code == 200 and context.json()["result"]["messages"][0]["n"] == digits
    # bounded work: 20 M digits decode in linear time (int() of them would take hours)
    big = '{"messages": [{"role": "user", "parts": [], "n": ' + "9" * 20_000_000 + "}]}"
    resp = httpx.post(url, content=big, headers={"content-type": "application/json"}, timeout=120)
    assert resp.status_code == 200
    assert time.monotonic() - started < 60
    # still JSON: a body that is not gets 400
    bad = httpx.post(url, content=b'{"messages": [1,', headers={"content-type": "application/json"})
    assert bad.status_code == 400 and bad.json()["error"]["code"] == "INVALID_ARGUMENT"


def _pipe_into_closed_reader(*args: str) -> tuple[int, bytes]:
    proc = subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=clean_env())
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()  # `| head -1`
    err = proc.stderr.read()
    return proc.wait(timeout=120), err


def test_cli_into_a_closed_pipe_exits_quietly(tmp_path) -> None:
    store = tmp_path / "store"
    session = toolstub.open_store(str(store)).session("default")
    for i in range(3000):
        session.write(f"output number {i}\n" * 3, tool_name="t")
    big = session.write("".join(f"line {i} of a long output\n" for i in range(400_000)), tool_name="big")
    runs = [
        ("store", "list", "--store", str(store), "--limit", "3000"),
        ("store", "read", "--store", str(store), big.tool_result_id, "--limit", "10000000"),
        ("store", "search", "--store", str(store), big.tool_result_id, "line", "--limit", "100000"),
        ("synopsis", "--help"),
    ]
    for args in runs:
        code, err = _pipe_into_closed_reader(*args)
        assert b"Traceback" not in err and b"BrokenPipe" not in err and b"internal error" not in err, (args, err)
        assert code in (0, 141), (args, code)
    # a long listing does hit the closed pipe: 141, as a Unix tool killed by SIGPIPE
    assert _pipe_into_closed_reader(*runs[0])[0] == 141


def test_config_and_key_files_nested_thousands_deep_are_one_line_errors(tmp_path) -> None:
    from .conftest import run_cli

    deep_yaml = tmp_path / "deep.yaml"
    deep_yaml.write_text("a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    deep_toml = tmp_path / "deep.toml"
    deep_toml.write_text("a = " + "[" * 100_000 + "]" * 100_000 + "\n")
    runs = [("externalize", "--config", str(deep_yaml), "/dev/null"), ("externalize", "--config", str(deep_toml),
                                                                       "/dev/null"),
            ("serve", "http", "--config", str(deep_yaml), "--store", str(tmp_path / "s"), "--port", "1"),
            ("serve", "http", "--api-keys", str(deep_yaml), "--store", str(tmp_path / "s"), "--port", "1"),
            ("synopsis", "--rules", str(deep_yaml), str(deep_toml))]
    for args in runs:
        done = run_cli(*args)
        err = done.stderr.decode()
        assert done.returncode not in (0, 1), (args, done.returncode, err)  # a config/rules code, not "internal"
        assert "Traceback" not in err and "internal error" not in err and len(err.strip().splitlines()) <= 2, err
