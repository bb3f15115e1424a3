"""Secrets written percent-encoded (URLs, form bodies), as HTML character references or with ANSI
colour codes inside are found for what they mean, and neither the encoded nor the decoded form survives redaction."""

from __future__ import annotations

import html
import urllib.parse

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolstub.redact import redact_text
from toolstub.rule_files import load_rules

RULES = load_rules("default")
GITHUB = "ghp_" + "aBcD1234eFgH5678iJkL9012mNoP3456qRsT"
AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
SLACK = "xoxb-" + "123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx"


def _percent_all(value: str) -> str:
    return "".join(f"%{ord(c):02X}" for c in value)


def _decimal_refs(value: str) -> str:
    return "".join(f"&#{ord(c)};" for c in value)


def _hex_refs(value: str) -> str:
    return "".join(f"&#x{ord(c):x};" for c in value)


ENCODED = [
    ("python \\x escapes in a string", "token = '" + "".join(f"\\x{ord(c):02x}" for c in GITHUB[:6]) + GITHUB[6:] + "'", GITHUB),
    ("javascript \\u escapes", 'const k = "' + GITHUB[:4] + "\\u0061" + GITHUB[5:] + '";', GITHUB[:4] + "a" + GITHUB[5:]),
    ("query value, slashes escaped", f"GET /cb?aws_secret_access_key={urllib.parse.quote(AWS_SECRET, safe='')}&next=1", AWS_SECRET),
    ("every char percent-escaped", f"Location: https://h/login?token={_percent_all(GITHUB)}", GITHUB),
    ("form body", f"client_id=x&access_token={urllib.parse.quote(SLACK, safe='')}", SLACK),
    ("decimal refs in an attribute", f'<input type="hidden" value="{_decimal_refs(GITHUB)}">', GITHUB),
    ("hex refs in text", f"<p>aws_secret_access_key = {_hex_refs(AWS_SECRET)}</p>", AWS_SECRET),
    ("URL-encoded JSON in a query", "GET /cb?state=" + urllib.parse.quote('{"password":"Hunter2xyz9q"}', safe=""), "Hunter2xyz9q"),
    ("ANSI colour inside the key", "\x1b[01;31m\x1b[Kpassword\x1b[m\x1b[K=Hunter2xyz9q", "Hunter2xyz9q"),
    ("ANSI colour inside the token", f"token: {GITHUB[:10]}\x1b[1m{GITHUB[10:]}\x1b[0m", GITHUB[10:]),
    ("named refs around a key", f"<pre>{{&quot;aws_secret_access_key&quot;: &quot;{AWS_SECRET}&quot;}}</pre>", AWS_SECRET),
]


@pytest.mark.parametrize(("what", "text", "secret"), ENCODED, ids=[c[0] for c in ENCODED])
def test_encoded_secret_is_redacted_in_every_form(what: str, text: str, secret: str) -> None:
    out, count = redact_text(text, RULES)
    assert count >= 1, out
    assert "[REDACTED" in out
    for form in (secret, urllib.parse.quote(secret, safe=""), _percent_all(secret), _decimal_refs(secret),
                 _hex_refs(secret), secret[4:24]):
        assert form not in out, (what, form, out)
    assert urllib.parse.unquote(out).count(secret) == 0
    assert html.unescape(out).count(secret) == 0


CLEAN = [
    "see https://example.com/a%20b/c?q=hello%20world&lang=en and 50% off",
    "<p>Tom &amp; Jerry &lt;3 &#169; 2024 &mdash; &#x2014;</p>",
    "GET /search?q=%E4%BD%A0%E5%A5%BD&page=2 HTTP/1.1",
    "<a href=\"/items?id=4f9c2a1e&amp;sort=desc\">next</a>",
    "printf('%s %d%%', name, 10)",
    "\x1b[32mINFO\x1b[0m server started on port 8080 \x1b[1mready\x1b[0m",
    "PNG = b'\\x89PNG\\r\\n\\x1a\\n'; sep = '\\u2014'; emoji = '\\U0001F600'",
    "mysql -u root -p -h db shop; mysql -p$MYSQL_ROOT_PASSWORD; ps aux | grep mysql -P 3306",
    "client short options (mysql -pX, mysqldump -p'x y', sshpass -p, redis-cli -a)",
]


@pytest.mark.parametrize("text", CLEAN)
def test_encoded_text_without_secret_is_unchanged(text: str) -> None:
    assert redact_text(text, RULES) == (text, 0)


STRUCTURE = [  # the text around a secret stays as it was: no quote or next parameter eaten
    ('{"api_key": "AIza' + "Sy" + "A1b2C3d4" * 4 + 'x", "n": 1}', "AIza"),
    ("GET /v1/items?api_key=k3J9xQ2mZ7pL4vR8wT1nB5cY&page=2 HTTP/1.1", "k3J9xQ2mZ7pL4vR8wT1nB5cY"),
    ("mysqldump -uroot -p'S3cret Pass' db > x.sql", "S3cret Pass"),
]


@pytest.mark.parametrize(("text", "secret"), STRUCTURE, ids=["json quote", "url next param", "quoted -p"])
def test_redaction_keeps_the_text_around_the_secret(text: str, secret: str) -> None:
    start = text.index(secret)
    end = start + len(secret) if secret != "AIza" else text.index('"', start)
    end = text.index("&", start) if "&page" in text else end
    out, count = redact_text(text, RULES)
    assert count == 1 and secret not in out, out
    assert out.startswith(text[:start]) and out.endswith(text[end:]), out


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("ab%2F&#;x0129AFamp<>\"' =?/"), max_size=120))
def test_decoding_views_never_raise_and_are_idempotent(text: str) -> None:
    once, _ = redact_text(text, RULES)
    assert redact_text(once, RULES)[0] == once
