"""Every byte stored or shown (issue 14, item 2): secrets planted in the output, in every metadata
field and in many encodings are found nowhere in the metadata under the store root, nor in any
answer over HTTP, MCP (the SDK's own client) or the savings report (HTML and JSON), even when the
output itself was kept raw under ``policy: keep``. Only an explicit ``redaction.responses: keep``
shows the store as it is. Every secret is generated at test time."""

from __future__ import annotations

import asyncio
import base64
import json
import random
import string
import sys
from pathlib import Path

import httpx
import pytest

import toolstub
from toolstub.rule_files import load_rules

from .conftest import clean_env, run_cli, run_server

RNG = random.Random(1416)
A = string.ascii_letters + string.digits


def r(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


GITHUB = "ghp_" + r(A, 36)
AWS_ID = "AKIA" + r(string.ascii_uppercase + string.digits, 16)
SLACK = "xoxb-" + r(string.digits, 12) + "-" + r(string.digits, 13) + "-" + r(A, 24)
STRIPE = "sk_live_" + r(A, 24)
ANTHROPIC = "sk-ant-api03-" + r(A + "_-", 93) + "AA"
PW = "Pw" + r(A, 12) + "7!"
BASIC = base64.b64encode(f"deploy:{PW}".encode()).decode()
META_TOKEN = "glpat-" + r(A, 20)
SECRETS = [GITHUB, AWS_ID, SLACK, STRIPE, ANTHROPIC, PW, BASIC, META_TOKEN]


def u_escape(text: str) -> str:
    return "".join(f"\\u{ord(c):04x}" if i % 3 == 1 else c for i, c in enumerate(text))


def assert_clean(blob: str, where: str) -> None:
    views = [blob]
    try:
        views.append(json.dumps(json.loads(blob), ensure_ascii=False))
    except ValueError:
        pass
    for view in views:
        for secret in SECRETS:
            for i in range(len(secret) - 7):
                assert secret[i : i + 8] not in view, f"{secret[i:i + 8]!r} of a secret in {where}"


def log_output() -> str:
    """A log with the secrets in clear, one of them straddling the 20,000-char read boundary."""
    head = "".join(f"2026-12-03 10:00:{i % 60:02d} INFO step {i} ok\n" for i in range(700))
    pad = 20_000 - len(head) - 10
    head += "x" * pad + " token " + "\n"
    return (head[: 20_000 - 12] + f" auth {GITHUB} done\n"
            f"slack={SLACK}\nstripe key {STRIPE}\nAuthorization: Basic {BASIC}\n"
            f"ANTHROPIC_API_KEY={ANTHROPIC}\nDB_PASSWORD={PW}\n" + "tail line\n" * 2000)


def json_output() -> str:
    doc = {"items": [{"id": i, "v": "x" * 50} for i in range(300)],
           "auth": {"token": "@@GH@@", "aws_access_key_id": AWS_ID, "password": PW}}
    return json.dumps(doc).replace("@@GH@@", u_escape(GITHUB))


@pytest.fixture(scope="module")
def kept(tmp_path_factory) -> dict:
    """A store written under ``policy: keep``: raw outputs as they came, secrets in every metadata field."""
    root = tmp_path_factory.mktemp("kept-store")
    rules_file = root.parent / "keep.yaml"
    rules_file.write_text("schema_version: 1\nname: keep\nversion: '1'\nextends: default\n"
                          "redaction:\n  policy: keep\n", encoding="utf-8")
    keep = load_rules(str(rules_file))
    session = toolstub.open_store(str(root)).session("leaky")
    log = session.write(log_output(), tool_id=f"call-{META_TOKEN}", tool_name=f"deploy --token {GITHUB}",
                        mime_type=f"text/plain; key={STRIPE}", message_id=f"msg {SLACK}",
                        user_id=f"password={PW}", peer_id=AWS_ID, rules=keep)
    doc = session.write(json_output(), tool_id="call_api", tool_name="http_get", mime_type="application/json",
                        rules=keep)
    return {"root": root, "log": log, "doc": doc, "rules_file": rules_file}


def test_metadata_under_the_store_root_holds_no_secret_even_under_keep(kept) -> None:
    root: Path = kept["root"]
    outputs = [p for p in root.rglob("*") if p.is_file() and p.name.startswith("output")]
    assert any(GITHUB in p.read_text(errors="replace") for p in outputs)  # keep: the raw output as it came
    for path in root.rglob("*"):
        if path.is_file() and path not in outputs and "output" not in path.name:
            assert_clean(path.read_bytes().decode("utf-8", "replace"), str(path.relative_to(root)))
    assert "call" in kept["log"].tool_result_id and META_TOKEN not in kept["log"].tool_result_id


def test_no_http_answer_shows_a_secret(kept) -> None:
    with run_server("--store", str(kept["root"])) as base:
        api = f"{base}/api/v1/sessions/leaky/tool-results"
        answers = [httpx.get(api, timeout=30).text]
        for rid in (kept["log"].tool_result_id, kept["doc"].tool_result_id):
            for params in ({"limit": -1}, {"limit": 20_000}, {"offset": 20_000, "limit": 500},
                           {"offset": 19_995, "limit": 10}, {"offset": 20_010, "limit": 7}, {"line": 700, "lines": 20}):
                answers.append(httpx.get(f"{api}/{rid}", params=params, timeout=30).text)
            for q, mode in ((GITHUB[4:14], "literal"), ("ghp_", "literal"), ("AUTH", "icase"), (r"sk_\w+", "regex"),
                            ("password", "literal"), (PW[3:11], "literal")):
                answers.append(httpx.get(f"{api}/{rid}/search", params={"q": q, "mode": mode, "context_chars": 60},
                                         timeout=30).text)
        answers.append(httpx.get(f"{api}/{kept['doc'].tool_result_id}/query",
                                 params={"path": "$..*", "max_chars": 10**6}, timeout=30).text)
        answers.append(httpx.get(f"{api}/{kept['doc'].tool_result_id}/query",
                                 params={"path": "$.auth", "max_chars": 10**6}, timeout=30).text)
        for i, text in enumerate(answers):
            assert '"status":"ok"' in text.replace(" ", ""), text[:200]
            assert_clean(text, f"HTTP answer {i}")


def test_no_mcp_answer_shows_a_secret(kept) -> None:
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(command=sys.executable, env=clean_env(), args=[
        "-c", "import sys; from toolstub.cli import main; sys.exit(main())",
        "serve", "mcp", "--store", str(kept["root"]), "--session", "leaky"])

    async def go() -> list[str]:
        out = []
        async with Client(params) as client:
            names = {t.name for t in (await client.list_tools()).tools}
            read = next(n for n in names if n.endswith("read"))
            search = next(n for n in names if n.endswith("search"))
            query = next(n for n in names if n.endswith("query"))
            listed = next(n for n in names if n.endswith("list"))
            calls = [(listed, {})]
            for stored in (kept["log"], kept["doc"]):
                calls += [(read, {"ref": stored.ref, "limit": -1}), (read, {"ref": stored.ref, "offset": 19_990,
                                                                            "limit": 30}),
                          (search, {"ref": stored.ref, "query": GITHUB[5:15]}), (search, {"ref": stored.ref,
                                                                                      "query": "password"})]
            calls.append((query, {"ref": kept["doc"].ref, "path": "$..*", "max_chars": 200_000}))
            for name, args in calls:
                result = await client.call_tool(name, args)
                out.append(json.dumps([c.model_dump() for c in result.content], ensure_ascii=False))
                if result.structured_content is not None:
                    out.append(json.dumps(result.structured_content, ensure_ascii=False))
        return out

    for i, text in enumerate(asyncio.run(go())):
        assert_clean(text, f"MCP answer {i}")


def test_the_report_shows_no_secret(kept, tmp_path) -> None:
    page = tmp_path / "report.html"
    done = run_cli("report", str(kept["root"]), "--html", str(page))
    assert done.returncode == 0, done.stderr
    assert_clean(page.read_text(encoding="utf-8"), "the HTML report")
    as_json = run_cli("report", str(kept["root"]), "--json")
    assert as_json.returncode == 0
    assert_clean(as_json.stdout.decode(), "the JSON report")
    assert_clean(run_cli("report", str(kept["root"])).stdout.decode(), "the report's tables")


def test_responses_keep_is_the_explicit_opt_out(kept, tmp_path) -> None:
    rules = tmp_path / "show.yaml"
    rules.write_text("schema_version: 1\nname: show\nversion: '1'\nextends: default\n"
                     "redaction:\n  policy: keep\n  responses: keep\n", encoding="utf-8")
    with run_server("--store", str(kept["root"]), "--rules", str(rules)) as base:
        text = httpx.get(f"{base}/api/v1/sessions/leaky/tool-results/{kept['log'].tool_result_id}",
                         params={"limit": -1}, timeout=30).json()["result"]["content"]
    assert GITHUB in text and STRIPE in text
