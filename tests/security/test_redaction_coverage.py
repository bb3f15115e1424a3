"""Secrets (issue 14, attacks 2, 3, 8, 9): none stored in clear anywhere under the store root or
shown in any response, in plain, JSON-escaped or decoded form; and no identifier, hash or UUID of
a secret-free output redacted. Every secret is generated at test time."""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import httpx
import pytest

import toolstub
from toolstub.redact import redact_text
from toolstub.rule_files import load_rules

RNG = random.Random(1414)
A = string.ascii_letters + string.digits


def r(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


GITHUB = "ghp_" + r(A, 36)
AWS_ID = "AKIA" + r(string.ascii_uppercase + string.digits, 16)
AWS_SECRET = r(A, 12) + "/" + r(A, 13) + "/" + r(A, 13)  # 40 chars with slashes (PHP escapes them)
OPENAI = "sk-proj-" + r(A, 60) + "T3BlbkFJ" + r(A, 30)
PW = "hunter" + r(string.digits, 3)
SECRETS = [GITHUB, AWS_ID, AWS_SECRET, OPENAI, PW]


def u_escape(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" if i % 3 == 1 else c for i, c in enumerate(text))


def pieces(secret: str) -> set[str]:
    return {secret[i : i + 8] for i in range(len(secret) - 7)} if len(secret) > 8 else {secret}


def assert_clean(blob: str, where: str) -> None:
    for secret in SECRETS:
        for piece in pieces(secret):
            assert piece not in blob, f"{piece!r} of a secret in {where}"


def every_byte_under(root: Path) -> str:
    texts = []
    for path in root.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            texts.append(data.decode("utf-8", "replace"))
            try:  # the decoded JSON too (a stored \\u escape would hide the secret from a byte scan)
                texts.append(json.dumps(json.loads(data), ensure_ascii=False))
            except (ValueError, UnicodeDecodeError):
                pass
    return "\n".join(texts)


def big_json_output() -> str:
    rows = [{"id": i, "note": "x" * 200} for i in range(200)]
    return json.dumps({"rows": rows, "auth": {"token": u_escape(GITHUB)}}).replace(
        u_escape(GITHUB).replace("\\", "\\\\"), u_escape(GITHUB))[:-1] + \
        ', "aws_secret_access_key": "%s", "aws_access_key_id": "%s", "password": "%s"}' % (
            AWS_SECRET.replace("/", "\\/"), AWS_ID, PW)


def test_json_escaped_secrets_are_found_and_the_json_still_parses() -> None:
    rules = load_rules("default")
    for text in ('{"t": "%s"}' % u_escape(GITHUB), '{"aws_secret_access_key": "%s"}' % AWS_SECRET.replace("/", "\\/"),
                 '[{"k": "%s", "url": "http:\\/\\/example.com\\/a"}]' % u_escape(OPENAI),
                 '{"pw": "%s"}' % u_escape(PW)):
        out, n = redact_text(text, rules)
        assert n >= 1, text
        decoded = json.dumps(json.loads(out), ensure_ascii=False)
        assert_clean(out, "raw")
        assert_clean(decoded, "decoded")
    out, _ = redact_text('[{"k": "%s", "url": "http:\\/\\/example.com\\/a"}]' % u_escape(OPENAI), rules)
    assert "http:\\/\\/example.com\\/a" in out  # strings without secrets keep their escapes


def test_nothing_in_clear_under_the_store_root_nor_in_any_response(server: str, server_store: Path) -> None:
    small = "deploy ok; token %s; aws %s" % (GITHUB, AWS_ID)
    messages = [
        {"role": "user", "content": f"my password: {PW} and key {OPENAI}"},
        {"role": "assistant", "tool_calls": [{"id": "c1", "type": "function",
                                               "function": {"name": "fetch", "arguments": json.dumps({"token": GITHUB})}}]},
        {"role": "tool", "tool_call_id": "c1", "content": small},
        {"role": "assistant", "tool_calls": [{"id": "c2", "type": "function",
                                               "function": {"name": "dump", "arguments": "{}"}}]},
        {"role": "tool", "tool_call_id": "c2", "content": big_json_output() + " " * 25_000},
    ]
    base = f"{server}/api/v1/sessions/leaky"
    posted = httpx.post(base + "/messages", json={"format": "openai", "messages": messages}, timeout=60)
    assert posted.status_code == 200, posted.text[:300]
    seed_part = {"role": "user", "parts": [{"type": "text", "text": f"pw={PW}"},
                                           {"type": "tool", "tool_id": "t9", "tool_name": "env",
                                            "tool_output": f"AWS_SECRET_ACCESS_KEY={AWS_SECRET}"}]}
    assert httpx.post(base + "/messages", json=seed_part, timeout=60).status_code == 200
    responses = [posted.text, httpx.get(base + "/context", timeout=30).text,
                 httpx.get(base + "/tool-results", timeout=30).text]
    for meta in httpx.get(base + "/tool-results", timeout=30).json()["result"]["tool_results"]:
        rid = meta["tool_result_id"]
        responses.append(httpx.get(f"{base}/tool-results/{rid}", params={"limit": -1}, timeout=30).text)
        responses.append(httpx.get(f"{base}/tool-results/{rid}/search", params={"q": "REDACTED"}, timeout=30).text)
        responses.append(httpx.get(f"{base}/tool-results/{rid}/query", params={"path": "$..*", "max_chars": 10**6},
                                   timeout=30).text)
    for i, text in enumerate(responses):
        assert_clean(text, f"response {i}")
        try:
            assert_clean(json.dumps(json.loads(text), ensure_ascii=False), f"decoded response {i}")
        except ValueError:
            pass
    assert_clean(every_byte_under(server_store / "leaky"), "the store root")


def test_synopsis_route_and_stub_show_no_secret(server: str) -> None:
    body = big_json_output()
    resp = httpx.post(f"{server}/api/v1/synopsis", params={"mime": "application/json"}, content=body.encode(),
                      headers={"Content-Type": "text/plain"}, timeout=60)
    assert resp.status_code == 200
    assert_clean(resp.text, "synopsis response")
    assert_clean(json.dumps(resp.json(), ensure_ascii=False), "decoded synopsis response")


SECRET_FREE = [
    "def unix_getpass(prompt='Password: ', stream=None):\n    passwd = fallback_getpass(prompt)\n",
    '{"Action": ["ec2:DescribeSecurityGroups", "secretsmanager:GetSecretValue"], "Effect": "Allow"}',
    "local function tokenize_string(s, secret_handler)\n  return tokenizer.next_token(s)\nend\n",
    "def secret_key_base\n  @secret_key_base ||= Rails.application.credentials.secret_key_base\nend\n",
    "commit 3f786850e387550fdab836ed7e6dc881de23001b\nAuthor: A <a@example.com>\n\n    fix token refresh\n",
    '{"request_id": "0f8fad5b-d9cb-469f-a165-70867728950e", "sha256": "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"}',
    '{"token_type": "Bearer", "expires_in": 3600, "next_page_token": "CiAKGjBpNDd2Nmp2Zml2cXRwYjBpOXA3", "total_tokens": 1234}',
    "password = getpass.getpass()\nuser_password = request.form['password']\nif password == confirm_password:\n",
    "export PWD=/home/ada/src\nOLDPWD=/tmp\nHISTCONTROL=ignoredups\n",
    '!function(e){var t={};function n(r){if(t[r])return t[r].exports;var o=t[r]={i:r,l:!1,exports:{}}}}',
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
    "tests passed: 42, failed: 0, secret_count=3, token_limit=4096, api_key_header=X-Api-Key\n",
    'password: ""\npassword: null\npassword: ${DB_PASSWORD}\npassword: "********"\npassword: <your-password>\n',
]


@pytest.mark.parametrize("text", SECRET_FREE)
def test_secret_free_outputs_are_not_redacted(text: str) -> None:
    out, n = redact_text(text, load_rules("default"))
    assert n == 0 and out == text, out
    syn = toolstub.synopsize(text * 3)
    assert "[REDACTED" not in json.dumps(syn.to_dict())


def test_password_keys_in_every_format() -> None:
    rules = load_rules("default")
    for text in ('{"pw": "%s"}' % PW, "password: %s\n" % PW, "DB_PASSWORD=%s\n" % PW, "PGPASSWORD=%s" % PW,
                 "mysql --password=%s" % PW, "psql --password %s" % PW, "Server=db;Password=%s;" % PW,
                 "curl -u admin:%s https://x" % PW, "pw = '%s'" % PW, '"passwd": "%s"' % PW):
        out, n = redact_text(text, rules)
        assert n == 1 and PW not in out, (text, out)
