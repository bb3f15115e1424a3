"""``POST /api/v1/synopsis`` of a body spooled to a file: described from the file in pieces (issue 11).

Two real servers over the same small ``large_outputs`` limits: one spools every body past 4 KiB (a raw
body is then read and decoded 4 KiB at a time, cut inside multi-byte sequences; a JSON body's long
``content`` is split out and decoded once), the other keeps bodies in memory. Every answer must be the
same, and its synopsis the one ``toolstub synopsis FILE --format json`` prints for the same text (the
CLI's one pass: whole up to the limits, else the view with its kind's totals), with the text's sha256
and length. Bad bodies get the same errors.
"""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

URL = "/api/v1/synopsis"
def _log(lines: int, tag: str = "") -> str:
    return "".join(
        f'2024-03-01 10:{i // 60 % 60:02d}:{i % 60:02d} {"ERROR" if i % 97 == 5 else "INFO"} [w{i % 3}] '
        f'"quoted" \\ back é中 \U0001F600 {tag} request {i}\n' for i in range(lines))


def _csv(n: int) -> str:
    return "id,name,city\n" + "".join(f"{i},name {i},Zürich\n" for i in range(n))


def _json_text(n: int) -> str:
    return json.dumps({"items": [{"id": i, "name": f"user-{i}", "note": "ü\"\\"} for i in range(n)]}, indent=1,
                      ensure_ascii=False)


TEXTS = {
    "log-streamed": _log(1200),             # past stream_chars: its view and its totals
    "log-whole": _log(250),                 # under stream_chars: whole
    "csv-streamed": _csv(3000),
    "json-whole": _json_text(500),          # a whole-parse kind up to whole_chars
    "json-past-whole": _json_text(1500),    # past whole_chars: described from its view
    "markdown": "# Title\n\n" + "".join(f"## Part {i}\n\nSome *text* é中 [link](http://x/{i}).\n\n" for i in range(900)),
}


def _cut_inside_a_character(text: str) -> str:
    """``text`` behind a few spaces, so that a 4 KiB piece boundary of its UTF-8 falls inside a character."""
    for pad in range(100):
        body = (" " * pad + text).encode()
        if any(body[k] & 0xC0 == 0x80 for k in range(4096, len(body), 4096)):
            return " " * pad + text
    raise AssertionError("no padding cuts a character")


def _cli(text: str, rules: Path, tmp: Path, env: dict[str, str], mime: str | None = None,
         preview_chars: int = 2000) -> dict:
    path = tmp / "input.txt"
    path.write_bytes(text.encode("utf-8", "surrogatepass"))
    cmd = [sys.executable, "-c", "import sys; from toolstub.cli import main; sys.exit(main())", "synopsis",
           str(path), "--format", "json", "--rules", str(rules), "--preview-chars", str(preview_chars)] + (["--mime", mime] if mime else [])
    done = subprocess.run(cmd, env=env, capture_output=True, timeout=120, check=True)
    return json.loads(done.stdout)


def _expect(answer: httpx.Response, text: str, rules: Path, tmp: Path, env: dict[str, str], mime: str | None = None,
            preview_chars: int = 2000) -> None:
    """The answer describes ``text`` as the CLI does, with its sha256 and length."""
    assert answer.status_code == 200, answer.text[:500]
    result = answer.json()["result"]
    cli = _cli(text, rules, tmp, env, mime, preview_chars)
    synopsis = dict(result["synopsis"])
    assert (synopsis.pop("ruleset"), synopsis.pop("ruleset_version")) == (cli["ruleset"], cli["ruleset_version"])
    assert synopsis == cli["synopsis"]
    assert result["original_chars"] == len(text) == cli["original_chars"]
    assert result["sha256"] == hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


@pytest.mark.parametrize("name", list(TEXTS))
def test_a_spooled_raw_body_is_described_as_a_whole_one_and_as_the_cli_does(spool_pair, name, tmp_path, server_env) -> None:
    spooled, whole, rules = spool_pair.spooled, spool_pair.whole, spool_pair.rules
    text = _cut_inside_a_character(TEXTS[name])
    body = text.encode()
    kwargs = {"content": body, "headers": {"content-type": "text/plain"}, "params": {"tool_name": "t"}}
    a, b = spooled.post(URL, **kwargs), whole.post(URL, **kwargs)
    assert a.status_code == b.status_code == 200 and a.json() == b.json()
    _expect(a, text, rules, tmp_path, server_env())
    if name.endswith("-streamed"):
        assert "large output:" in a.json()["result"]["stub"]


@pytest.mark.parametrize("name", list(TEXTS))
def test_a_spooled_json_body_is_described_as_a_whole_one_and_as_the_cli_does(spool_pair, name, tmp_path, server_env) -> None:
    spooled, whole, rules = spool_pair.spooled, spool_pair.whole, spool_pair.rules
    text = TEXTS[name]
    for ensure_ascii in (True, False):
        body = json.dumps({"tool_name": "dump", "content": text, "preview_chars": 500}, ensure_ascii=ensure_ascii)
        kwargs = {"content": body.encode(), "headers": {"content-type": "application/json"}}
        a, b = spooled.post(URL, **kwargs), whole.post(URL, **kwargs)
        assert a.status_code == b.status_code == 200 and a.json() == b.json()
    _expect(a, text, rules, tmp_path, server_env(), preview_chars=500)


def test_a_spooled_json_body_with_a_mime_a_lone_surrogate_and_a_bom(spool_pair, tmp_path) -> None:
    spooled, whole = spool_pair.spooled, spool_pair.whole
    text = _log(900, "s") + "lone \ud800 end\n"
    body = b"\xef\xbb\xbf" + json.dumps({"content": text, "mime": "text/x-log", "content_x": 1}).encode()
    body = body.replace(b'"content_x": 1', b'"rules": "default"')
    kwargs = {"content": body, "headers": {"content-type": "application/json"}}
    a, b = spooled.post(URL, **kwargs), whole.post(URL, **kwargs)
    assert a.status_code == b.status_code == 200 and a.json() == b.json()
    assert a.json()["result"]["original_chars"] == len(text)
    assert a.json()["result"]["sha256"] == hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def test_a_later_content_key_wins_as_in_the_whole_body(spool_pair) -> None:
    spooled, whole = spool_pair.spooled, spool_pair.whole
    body = ('{"content": "' + "first " * 2000 + '", "content": ' + json.dumps(_log(300)) + "}").encode()
    kwargs = {"content": body, "headers": {"content-type": "application/json"}}
    a, b = spooled.post(URL, **kwargs), whole.post(URL, **kwargs)
    assert a.status_code == b.status_code == 200 and a.json() == b.json()
    assert a.json()["result"]["original_chars"] == len(_log(300))


BAD = {
    "raw-not-utf8": (b"x" * 9000 + b"\xff" + b"y" * 9000, "text/plain"),
    "raw-cut-at-end": (("é" * 9000).encode()[:-1], "text/plain"),
    "json-not-utf8": (b'{"content": "' + b"x" * 9000 + b'\xff"}', "application/json"),
    "json-utf8-surrogate": (b'{"content": "' + b"x" * 9000 + b'\xed\xa0\x80"}', "application/json"),
    "json-truncated": (json.dumps({"content": "x" * 9000})[:-2].encode(), "application/json"),
    "json-bad-escape": (b'{"content": "' + b"x" * 9000 + b'\\q"}', "application/json"),
    "json-bad-field": (json.dumps({"content": "x" * 9000, "preview_chars": -1}).encode(), "application/json"),
    "json-extra-field": (json.dumps({"content": "x" * 9000, "extra": 1}).encode(), "application/json"),
    "json-unknown-rules": (json.dumps({"content": "x" * 9000, "rules": "nope"}).encode(), "application/json"),
    "json-content-not-str": (json.dumps({"content": 1, "tool_name": "t" * 9000}).encode(), "application/json"),
    "json-not-an-object": (json.dumps(["x" * 9000]).encode(), "application/json"),
    "json-trailing-data": (json.dumps({"content": "x" * 9000}).encode() + b" x", "application/json"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_a_bad_spooled_body_gets_the_same_error(spool_pair, name: str) -> None:
    spooled, whole = spool_pair.spooled, spool_pair.whole
    body, ctype = BAD[name]
    assert len(body) > 4096
    a = spooled.post(URL, content=body, headers={"content-type": ctype})
    b = whole.post(URL, content=body, headers={"content-type": ctype})
    assert (a.status_code, a.json()) == (b.status_code, b.json())
    assert a.status_code == 400
