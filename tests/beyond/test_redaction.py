"""Secret redaction: generated fake secrets never reach a stub, nor (under ``redact``) the store.

Every secret here is built at test time from random characters; none is a literal.
"""

from __future__ import annotations

import json
import random
import string
from pathlib import Path

import pytest

import toolstub
from toolstub.errors import RedactionRejected, RuleFileError
from toolstub.redact import bits_per_char, prepare_for_storage, redact_synopsis, redact_text
from toolstub.rule_files import load_rules
from toolstub.stub import render_stub
from toolstub.synopsis import Synopsis

DATA = Path(__file__).parent / "data"
RNG = random.Random(20261202)
UPPER = string.ascii_uppercase + string.digits
ALNUM = string.ascii_letters + string.digits


def rand(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def fake_secrets() -> dict[str, str]:
    b64 = ALNUM + "+/"
    return {
        "aws_access_key_id": "AKIA" + rand(UPPER, 16),
        "aws_secret_access_key": rand(b64, 40),
        "private_key": "-----BEGIN RSA PRIVATE KEY-----\n"
        + "\n".join(rand(b64, 64) for _ in range(6))
        + "\n-----END RSA PRIVATE KEY-----",
        "bearer_token": rand(ALNUM, 32),
        "authorization_header": rand(ALNUM, 24),
        "url_password": rand(ALNUM, 14),
        "github_token": "ghp_" + rand(ALNUM, 36),
        "slack_token": "xoxb-" + rand(string.digits, 11) + "-" + rand(ALNUM, 24),
        "json_web_token": "eyJ" + rand(ALNUM, 20) + ".eyJ" + rand(ALNUM, 30) + "." + rand(ALNUM, 40),
        "high_entropy_secret": rand(ALNUM + "!#%", 28),
    }


# placeholders {name} are filled with the fake secrets; the expected text has [REDACTED:name] instead
TEMPLATE = """2026-12-02 10:00:00 INFO  boot: AWS_ACCESS_KEY_ID={aws_access_key_id} region=eu-west-1
2026-12-02 10:00:01 DEBUG env: AWS_SECRET_ACCESS_KEY={aws_secret_access_key}
2026-12-02 10:00:02 INFO  http: GET /v1/me Authorization: Bearer {bearer_token} 200
2026-12-02 10:00:03 INFO  http: proxy-authorization: Basic {authorization_header}
2026-12-02 10:00:04 ERROR db: cannot connect to postgres://app:{url_password}@db.internal:5432/shop
2026-12-02 10:00:05 WARN  git: using token {github_token} for clone
2026-12-02 10:00:06 INFO  notify: slack {slack_token} ok
2026-12-02 10:00:07 INFO  auth: session jwt {json_web_token}
2026-12-02 10:00:08 INFO  config: client_secret = "{high_entropy_secret}"
2026-12-02 10:00:09 ERROR tls: loaded key
{private_key}
2026-12-02 10:00:10 INFO  done: 12 tokens used, password policy ok
"""


def filled(secrets: dict[str, str]) -> tuple[str, str]:
    raw = TEMPLATE.format(**secrets)
    expected = TEMPLATE.format(**{name: f"[REDACTED:{name}]" for name in secrets})
    return raw, expected


def fragments(secret: str) -> list[str]:
    """The secret and each 12-char piece of it (a stub must not show a part either)."""
    body = secret.replace("\n", "")
    return [secret] + [body[i : i + 12] for i in range(0, max(1, len(body) - 11), 6)]


def stub_text(content: str, **kw) -> str:
    syn = toolstub.synopsize(content, **kw)
    return render_stub(syn, ref="toolstub://sessions/s/tool-results/tr_x", original_chars=len(content), preview_chars=2000)


def test_storage_redaction_replaces_only_the_secrets():
    secrets = fake_secrets()
    raw, expected = filled(secrets)
    stored, count = prepare_for_storage(raw, load_rules("default"))
    assert stored == expected
    assert count == len(secrets)


@pytest.mark.parametrize("kind_hint", ["log", "text", "json", "markdown"])
def test_no_secret_in_any_stub(kind_hint):
    secrets = fake_secrets()
    raw, _ = filled(secrets)
    content = {
        "log": raw,
        "text": raw.replace("ERROR", "e").replace("INFO", "i").replace("WARN", "w").replace("DEBUG", "d"),
        "json": json.dumps(
            {
                "env": {"AWS_ACCESS_KEY_ID": secrets["aws_access_key_id"], "AWS_SECRET_ACCESS_KEY": secrets[
                    "aws_secret_access_key"]},
                "headers": {"Authorization": "Bearer " + secrets["bearer_token"]},
                "proxy": {"Proxy-Authorization": "Basic " + secrets["authorization_header"]},
                "database_url": f"postgres://app:{secrets['url_password']}@db:5432/shop",
                "tokens": [secrets["github_token"], secrets["slack_token"], secrets["json_web_token"]],
                "oauth": {"client_secret": secrets["high_entropy_secret"]},
                "tls_key": secrets["private_key"],
            }
        ),
        "markdown": "# Setup\n\n- key: " + secrets["aws_access_key_id"] + "\n\n```sh\n" + raw + "\n```\n",
    }[kind_hint]
    text = stub_text(content)
    for name, secret in secrets.items():
        if name in content or secret in content:
            for piece in fragments(secret):
                assert piece not in text, (name, piece)


def test_key_block_cut_by_an_excerpt_is_still_hidden():
    key = fake_secrets()["private_key"]
    head, tail = key[: len(key) // 2], key[len(key) // 2 :]
    ruleset = load_rules("default")
    for part in (head, tail):
        out, count = redact_text("excerpt: " + part + " end", ruleset)
        assert count == 1
        for line in part.splitlines():
            if len(line) >= 16 and "-----" not in line:
                assert line not in out


def test_redact_synopsis_touches_every_field_and_nothing_else():
    secret = fake_secrets()["github_token"]
    syn = Synopsis(
        kind="text",
        title=f"t {secret}",
        summary=(f"s {secret} s", "plain line"),
        structure=(f"x={secret}",),
        notable_items=(f"n {secret}",),
        sample=f"sample\n{secret}\nend",
    )
    out = redact_synopsis(syn, load_rules("default"))
    assert out.title == "t [REDACTED:github_token]"
    assert out.summary == ("s [REDACTED:github_token] s", "plain line")
    assert out.structure == ("x=[REDACTED:github_token]",)
    assert out.notable_items == ("n [REDACTED:github_token]",)
    assert out.sample == "sample\n[REDACTED:github_token]\nend"


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.iterdir()))
def test_real_outputs_without_secrets_are_unchanged(name):
    content = (DATA / name).read_text(encoding="utf-8")
    assert prepare_for_storage(content, load_rules("default")) == (content, 0)


def test_compat_has_no_redaction():
    raw, _ = filled(fake_secrets())
    compat = load_rules("openviking-compat")
    assert prepare_for_storage(raw, compat) == (raw, 0)
    syn = toolstub.synopsize(raw, rules="openviking-compat")
    assert redact_synopsis(syn, compat) == syn


def write_rules(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "r.yaml"
    path.write_text("schema_version: 1\nname: r\nversion: '1'\nextends: default\n" + body, encoding="utf-8")
    return path


def test_keep_policy_stores_raw_but_stubs_stay_clean(tmp_path):
    rules = load_rules(write_rules(tmp_path, "redaction:\n  policy: keep\n"))
    secrets = fake_secrets()
    raw, _ = filled(secrets)
    assert prepare_for_storage(raw, rules) == (raw, 0)
    key = secrets["aws_access_key_id"]
    text = stub_text(f"2026-12-02 10:00:00 ERROR bad key {key}\n2026-12-02 10:00:01 INFO x\n", rules=rules)
    assert key not in text and "first error: line 1: 2026-12-02 10:00:00 ERROR bad key [REDACTED:aws_access_key_id]" in text


def test_reject_policy_raises_with_the_detector_names(tmp_path):
    rules = load_rules(write_rules(tmp_path, "redaction:\n  policy: reject\n"))
    secret = fake_secrets()["aws_access_key_id"]
    with pytest.raises(RedactionRejected) as info:
        prepare_for_storage(f"key {secret}\n", rules)
    assert info.value.code == "FAILED_PRECONDITION"
    assert info.value.details == {"secrets": 1, "detectors": ["aws_access_key_id"]}
    assert prepare_for_storage("no secret here\n", rules) == ("no secret here\n", 0)


def test_store_records_redactions_and_never_holds_the_secret():
    secrets = fake_secrets()
    raw, expected = filled(secrets)
    session = toolstub.open_store("memory://redaction-test").session("s1")
    result = session.write(raw, tool_id="call_1", tool_name="shell")
    assert result.metadata["redactions"] == len(secrets)
    assert session.read(result.tool_result_id, limit=-1)["content"] == expected
    for secret in secrets.values():
        assert session.search(result.tool_result_id, secret[:16])["matches"] == []


def test_store_refuses_under_reject(tmp_path):
    rules = write_rules(tmp_path, "redaction:\n  policy: reject\n")
    session = toolstub.open_store("memory://reject-test").session("s1")
    with pytest.raises(RedactionRejected):
        session.write("token " + fake_secrets()["github_token"], tool_id="c", rules=rules)
    assert session.list()["tool_results"] == []


def test_custom_detector_and_replacement(tmp_path):
    body = (
        "redaction:\n  replacement: '<{name}>'\n  detectors:\n"
        "    - {name: employee_id, pattern: 'EMP-(?P<id>[0-9]{6})', group: id}\n"
    )
    rules = load_rules(write_rules(tmp_path, body))
    assert redact_text("who: EMP-123456.", rules) == ("who: EMP-<employee_id>.", 1)


@pytest.mark.parametrize(
    "body,where",
    [
        ("redaction:\n  detectors:\n    - {name: x, pattern: 'a(?=b)'}\n", "$.redaction.detectors[0].pattern"),
        ("redaction:\n  detectors:\n    - {name: x, pattern: 'a', group: nope}\n", "$.redaction.detectors[0].group"),
        ("redaction:\n  policy: maybe\n", "$.redaction.policy"),
        ("redaction:\n  detector: []\n", "$.redaction"),
    ],
)
def test_bad_redaction_sections_are_one_line_errors(tmp_path, body, where):
    with pytest.raises(RuleFileError) as info:
        load_rules(write_rules(tmp_path, body))
    message = str(info.value)
    assert where in message and "\n" not in message


def test_entropy_threshold():
    assert bits_per_char("aaaaaaaaaaaaaaaa") == 0.0
    assert bits_per_char(rand(ALNUM, 32)) > 4.0
    rules = load_rules("default")
    assert redact_text("api_token = correct-horse", rules)[1] == 0  # too short and low entropy
    assert redact_text("password = correct-horse", rules)[1] == 1  # but an INI password is one (issue 14)
    assert redact_text("token: 0123456789abcdef", rules)[1] == 1


def test_offsets_are_code_points_around_non_ascii():
    key = fake_secrets()["aws_access_key_id"]
    text = "é😀 clé " + key + " ü\n"
    assert prepare_for_storage(text, load_rules("default")) == ("é😀 clé [REDACTED:aws_access_key_id] ü\n", 1)


def test_a_secret_cut_from_its_key_word_by_an_excerpt_is_hidden():
    secret = fake_secrets()["high_entropy_secret"]
    content = "config dump\n" + "filler words here " * 40 + f'client_secret = "{secret}"\n'
    syn = Synopsis(kind="text", summary=(f"Closing excerpt: {secret[5:]} end",))
    out = redact_synopsis(syn, load_rules("default"), content=content)
    assert out.summary == ("Closing excerpt: [REDACTED:high_entropy_secret] end",)


def test_large_text_prefilter_finds_what_the_detectors_find(monkeypatch):
    import toolstub.redact as redact

    redactor = redact.redactor_for(load_rules("default"))
    raw, expected = filled(fake_secrets())
    filler = "2026-12-02 10:00:00 INFO  worker: nothing to see here, all quiet\n" * 2_000
    big = filler + raw + filler  # past PREFILTER_MIN_CHARS: the combined pass runs first
    assert len(big) >= redact.PREFILTER_MIN_CHARS
    with_prefilter = redactor.findings(big)
    monkeypatch.setattr(redact, "PREFILTER_MIN_CHARS", 10**12)
    assert with_prefilter == redactor.findings(big)
    assert len(with_prefilter) == 10
    assert redactor.findings(filler * 2) == []
    monkeypatch.undo()
    assert redactor.redact(big)[0] == filler + expected + filler
