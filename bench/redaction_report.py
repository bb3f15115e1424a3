"""Redaction: recall on a secret corpus, false positives on real outputs without secrets.

    python bench/redaction_report.py [--rules default] [--files 600] [--show 10]

Recall: for each token format (cloud keys, VCS tokens, chat/payment keys, LLM keys, registry
tokens, database URLs, private keys, JWT, passwords in JSON/YAML/env/command lines), fake
secrets are generated at run time (random characters in the format's shape) and put in several
contexts: a log line, a JSON value, the same JSON value written with ``\\uXXXX`` and ``\\/``
escapes, YAML, an env file, a command line, a URL query value percent-encoded, an HTML attribute
written as character references. A secret counts as redacted when no 8-character
piece of it survives, in the raw text or in its JSON-, percent- or HTML-decoded text (``redact_text``, the function
the store and every stub use).

False positives: real files and command outputs nobody here wrote (Python packages in
site-packages, /usr/share, ``git log`` of this repository, ``ls``/``ps``/``df``/``pip list``,
``sha256sum``, UUIDs, base64 and minified code). Any ``[REDACTED`` in them is a false positive
(they hold no secrets; the few that do, e.g. test fixtures with fake keys, are listed so a
reader can judge). Prints both, with the worst examples.
"""

from __future__ import annotations

import argparse
import base64
import html
import json
import os
import random
import re
import site
import string
import subprocess
import sys
import time
import urllib.parse
import uuid
from pathlib import Path

from toolstub.redact import redact_text
from toolstub.rule_files import load_rules

RNG = random.Random(14)
A = string.ascii_letters + string.digits
UP = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"
B64 = A + "+/"
URLSAFE = A + "_-"


def r(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


def pem(kind: str) -> str:
    body = "\n".join(r(B64, 64) for _ in range(8))
    return f"-----BEGIN {kind}-----\n{body}\n-----END {kind}-----"


def formats() -> list[tuple[str, str, str]]:
    """(family, name, secret); the contexts are added by ``contexts``."""
    jwt_head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    out = [
        ("cloud", "aws_access_key_id", "AKIA" + r(UP, 16)),
        ("cloud", "aws_access_key_id (ASIA)", "ASIA" + r(UP, 16)),
        ("cloud", "google_api_key", "AIza" + r(URLSAFE, 35)),
        ("cloud", "google_oauth_secret", "GOCSPX-" + r(URLSAFE, 28)),
        ("cloud", "google_oauth_token", "ya29." + r(URLSAFE, 60)),
        ("cloud", "azure_client_secret", r(A, 3) + "8Q~" + r(A + "_~.-", 34)),
        ("cloud", "alibaba_access_key_id", "LTAI" + r(A, 20)),
        ("cloud", "digitalocean_token", "dop_v1_" + r(HEX, 64)),
        ("cloud", "databricks_token", "dapi" + r(HEX, 32)),
        ("cloud", "vault_token", "hvs." + r(URLSAFE, 90)),
        ("cloud", "terraform_token", r(A, 14) + ".atlasv1." + r(URLSAFE, 64)),
        ("cloud", "pulumi_token", "pul-" + r(HEX, 40)),
        ("cloud", "doppler_token", "dp.pt." + r(A, 43)),
        ("vcs", "github_pat_classic", "ghp_" + r(A, 36)),
        ("vcs", "github_oauth", "gho_" + r(A, 36)),
        ("vcs", "github_app", "ghs_" + r(A, 36)),
        ("vcs", "github_fine_grained", "github_pat_" + r(A + "_", 82)),
        ("vcs", "gitlab_pat", "glpat-" + r(URLSAFE, 20)),
        ("vcs", "gitlab_runner", "glrt-" + r(URLSAFE, 20)),
        ("vcs", "bitbucket_app_password", "ATBB" + r(A, 32)),
        ("vcs", "atlassian_api_token", "ATATT3" + r(URLSAFE, 186)),
        ("chat", "slack_bot_token", "xoxb-" + r(string.digits, 12) + "-" + r(string.digits, 13) + "-" + r(A, 24)),
        ("chat", "slack_user_token", "xoxp-" + r(string.digits, 12) + "-" + r(A, 32)),
        ("chat", "slack_webhook", "https://hooks.slack.com/services/T" + r(UP, 8) + "/B" + r(UP, 8) + "/" + r(A, 24)),
        ("chat", "discord_webhook", f"https://discord.com/api/webhooks/{r(string.digits, 18)}/{r(URLSAFE, 68)}"),
        ("chat", "discord_bot_token", "M" + r(A, 23) + "." + r(URLSAFE, 6) + "." + r(URLSAFE, 27)),
        ("chat", "telegram_bot_token", r(string.digits, 9) + ":AA" + r(URLSAFE, 33)),
        ("mail", "sendgrid_api_key", "SG." + r(URLSAFE, 22) + "." + r(URLSAFE, 43)),
        ("mail", "mailgun_api_key", "key-" + r(HEX, 32)),
        ("mail", "mailchimp_api_key", r(HEX, 32) + "-us12"),
        ("mail", "twilio_api_key", "SK" + r(HEX, 32)),
        ("payment", "stripe_secret_live", "sk_live_" + r(A, 24)),
        ("payment", "stripe_restricted", "rk_live_" + r(A, 24)),
        ("payment", "stripe_webhook_secret", "whsec_" + r(A, 32)),
        ("payment", "square_access_token", "sq0atp-" + r(URLSAFE, 22)),
        ("payment", "braintree_token", "access_token$production$" + r("abcdefghij0123456789", 16) + "$" + r(HEX, 32)),
        ("payment", "shopify_token", "shpat_" + r(HEX, 32)),
        ("llm", "openai_project_key", "sk-proj-" + r(URLSAFE, 74) + "T3BlbkFJ" + r(URLSAFE, 74)),
        ("llm", "openai_legacy_key", "sk-" + r(A, 20) + "T3BlbkFJ" + r(A, 20)),
        ("llm", "openai_svcacct_key", "sk-svcacct-" + r(URLSAFE, 80)),
        ("llm", "anthropic_api_key", "sk-ant-api03-" + r(URLSAFE, 93) + "AA"),
        ("llm", "anthropic_admin_key", "sk-ant-admin01-" + r(URLSAFE, 93) + "AA"),
        ("llm", "huggingface_token", "hf_" + r(string.ascii_letters, 34)),
        ("llm", "groq_api_key", "gsk_" + r(A, 52)),
        ("llm", "replicate_token", "r8_" + r(A, 37)),
        ("llm", "perplexity_key", "pplx-" + r(A, 48)),
        ("llm", "xai_key", "xai-" + r(A, 80)),
        ("llm", "openrouter_key", "sk-or-v1-" + r(HEX, 64)),
        ("registry", "npm_token", "npm_" + r(A, 36)),
        ("registry", "pypi_token", "pypi-AgEIcHlwaS5vcmc" + r(URLSAFE, 70)),
        ("registry", "rubygems_token", "rubygems_" + r(HEX, 48)),
        ("registry", "nuget_api_key", "oy2" + r(string.ascii_lowercase + string.digits, 43)),
        ("registry", "docker_hub_pat", "dckr_pat_" + r(URLSAFE, 27)),
        ("registry", "crates_io_token", "cio" + r(A, 32)),
        ("registry", "artifactory_key", "AKCp" + r(A, 69)),
        ("registry", "clojars_token", "CLOJARS_" + r(string.ascii_lowercase + string.digits, 60)),
        ("service", "linear_api_key", "lin_api_" + r(A, 40)),
        ("service", "notion_token", "ntn_" + r(A, 46)),
        ("service", "postman_key", "PMAK-" + r(HEX, 24) + "-" + r(HEX, 34)),
        ("service", "grafana_cloud_token", "glc_" + r(A, 40)),
        ("service", "newrelic_user_key", "NRAK-" + r(UP, 27)),
        ("service", "sentry_org_token", "sntrys_" + r(A, 60)),
        ("service", "planetscale_token", "pscale_tkn_" + r(A, 43)),
        ("service", "mapbox_secret_token", "sk.eyJ1Ijoi" + r(A, 20) + "." + r(URLSAFE, 22)),
        ("service", "age_secret_key", "AGE-SECRET-KEY-1" + r("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L", 58)),
        ("jwt", "json_web_token", jwt_head + "." + base64.urlsafe_b64encode(
            json.dumps({"sub": r(A, 10), "exp": 1999999999}).encode()).decode().rstrip("=") + "." + r(URLSAFE, 43)),
    ]
    for kind in ("RSA PRIVATE KEY", "EC PRIVATE KEY", "DSA PRIVATE KEY", "OPENSSH PRIVATE KEY", "PRIVATE KEY",
                 "ENCRYPTED PRIVATE KEY", "PGP PRIVATE KEY BLOCK"):
        out.append(("private_key", kind.lower().replace(" ", "_"), pem(kind)))
    return out


def contexts(name: str, secret: str) -> list[tuple[str, str, str]]:
    """(context, text, decoded secret) for one secret."""
    escaped_u = "".join(f"\\u{ord(c):04x}" if i % 5 == 1 else c for i, c in enumerate(secret))
    escaped_u = escaped_u.replace("\n", "\\n")
    escaped_slash = secret.replace("/", "\\/").replace("\n", "\\n")
    plain_json = json.dumps(secret)
    key = "api_key" if "private" not in name else "private_key"
    one_line = "\n" not in secret
    more = [
        ("url query", f"GET https://api.example.com/v1/items?{key}={secret}&page=2 HTTP/1.1", secret),
        ("cli option", f"$ tool deploy --token {secret} --region eu-west-1", secret),
        ("bearer header", f"curl -s -H 'Authorization: Bearer {secret}' https://api.example.com/v1/me", secret),
        ("export", f"export {key.upper()}=\"{secret}\"\n", secret),
        ("yaml nested", f"spec:\n  auth:\n    {key}: '{secret}'\n    retries: 3\n", secret),
        ("url %-encoded", f"GET https://api.example.com/cb?{key}={urllib.parse.quote(secret, safe='')}&page=2", secret),
        ("html &#refs;", f'<input type="hidden" name="{key}" value="{"".join(f"&#{ord(c)};" for c in secret)}">', secret),
    ] if one_line else [("yaml block", "tls:\n  key: |\n" + "".join(f"    {line}\n" for line in secret.splitlines()), secret)]
    return more + [
        ("log", f"2026-12-03 09:00:00 INFO using credential {secret} for the request", secret),
        ("json", '{"service": "billing", "%s": %s, "n": 3}' % (key, plain_json), secret),
        ("json \\u", '{"service": "billing", "%s": "%s", "n": 3}' % (key, escaped_u), secret),
        ("json \\/", '{"service": "billing", "%s": "%s", "n": 3}' % (key, escaped_slash), secret),
        ("yaml", f"service: billing\n{key}: {plain_json}\nreplicas: 3\n", secret),
        ("env", f"SERVICE=billing\n{key.upper()}={json.dumps(secret) if chr(10) in secret else secret}\n", secret),
    ]


def escaped(secret: str, form: str, every: int) -> str:
    """``secret`` with every ``every``-th character written as the escape ``form`` (``\\x{:02x}``)."""
    return "".join(form.format(ord(c)) if i % every == 0 else c for i, c in enumerate(secret))


def password_cases() -> list[tuple[str, str, str, str]]:
    """(family, context, text, secret) for passwords in their usual places."""
    out = []
    for _ in range(3):
        pw = r(A + "!@#%^*", 14)
        word = RNG.choice(["hunter2", "correcthorse", "Summer2026!", "letmein99"])
        token = r(A, 40)
        basic = base64.b64encode(f"deploy:{pw}".encode()).decode()
        gh, sk = "ghp_" + r(A, 36), "sk_live_" + r(A, 30)
        out += [
            ("password", "xml element", f"<datasource><user>app</user><password>{pw}</password></datasource>", pw),
            ("password", "netrc", f"machine api.internal login deploy password {pw}\n", pw),
            ("password", "netrc lines", f"machine api.internal\n  login deploy\n  password {pw}\n", pw),
            ("password", "ini spaced", f"[client]\nuser = root\npassword = {word}\nhost = db\n", word),
            ("password", "toml", f'[database]\nuser = "app"\npassword = "{pw}"\n', pw),
            ("password", "env prefix on a command", f"$ PGPASSWORD={word} psql -h db -U app shop", word),
            ("password", "compose env list", f"environment:\n  - POSTGRES_USER=app\n  - POSTGRES_PASSWORD={pw}\n", pw),
            ("password", "url query", f"https://example.com/login?user=ada&password={pw}&next=/", pw),
            ("password", "json \\/ escaped", '{"password": "%s"}' % pw.replace("/", "\\/"), pw),
            ("password", "basic auth header", f"> Authorization: Basic {basic}\n", basic),
            ("password", "docker config auth", json.dumps({"auths": {"registry.example.com": {"auth": basic}}}), basic),
            ("password", "k8s secret data", f"kind: Secret\ndata:\n  password: {basic}\n", basic),
            ("password", "jdbc url", f"jdbc:postgresql://db:5432/shop?user=app&password={pw}", pw),
            ("password", "python kwarg", f'conn = connect(host="db", user="app", password="{pw}")', pw),
            ("password", "json in a json string", json.dumps({"body": json.dumps({"user": "ada", "password": pw})}), pw),
            ("password", "html password field", f'<input type="password" name="pw" value="{pw}">', pw),
            ("password", "spring properties", f"spring.datasource.password={pw}\n", pw),
            ("password", "docker run -e", f"docker run -e POSTGRES_PASSWORD={pw} postgres:16", pw),
            ("password", "mssql connection string", f"Data Source=db;User ID=sa;Pwd={pw};", pw),
            ("password", "xml attribute", f'<user name="app" password="{pw}"/>', pw),
            ("password", "mysql -pX", f"$ mysql -h db -u root -p{word} shop < dump.sql", word),
            ("password", "mysqldump -p'x'", f"mysqldump -uroot -p'{pw}' shop > shop.sql", pw),
            ("password", "sshpass -p", f"sshpass -p {word} ssh deploy@host uptime", word),
            ("password", "redis-cli -a", f"redis-cli -h cache -a {pw} INFO", pw),
            ("password", "mongosh -p", f"mongosh -u admin -p {word} --authenticationDatabase admin", word),
            ("generic", "client_secret in a json string", json.dumps({"b": json.dumps({"client_secret": token})}), token),
            ("generic", "cookie", f"< Set-Cookie: sessionid={token}; Path=/; HttpOnly", token),
            ("generic", "cli --api-key", f"$ client --api-key={token} list", token),
            ("generic", "x-api-key header", f"x-api-key: {token}", token),
            ("generic", "python \\x escapes", "key = '" + escaped(gh, "\\x{:02x}", 4) + "'", gh),
            ("generic", "javascript \\u escapes", 'const k = "' + escaped(sk, "\\u{:04x}", 3) + '";', sk),
        ]
        out += [
            ("password", "json password", json.dumps({"user": "ada", "password": pw}), pw),
            ("password", "json pw", json.dumps({"user": "ada", "pw": word}), word),
            ("password", "json passwd \\u", '{"passwd": "%s"}' % "".join(f"\\u{ord(c):04x}" for c in word), word),
            ("password", "yaml", f"db:\n  user: app\n  password: {word}\n", word),
            ("password", "env", f"DB_PASSWORD={pw}\nPGPASSWORD={word}\n", word),
            ("password", "cli --password=", f"mysql --user=root --password={word} shop", word),
            ("password", "cli --password", f"psql --password {pw} -h db", pw),
            ("password", "curl -u", f"curl -u admin:{word} https://api.example.com/v1", word),
            ("password", "connection string", f"Server=db;Database=shop;User Id=sa;Password={pw};", pw),
            ("database_url", "postgres url", f"DATABASE_URL=postgres://app:{pw}@db.internal:5432/shop", pw),
            ("database_url", "mongodb+srv url", f'{{"uri": "mongodb+srv://svc:{word}@cluster0.example.net/db"}}', word),
            ("database_url", "redis url", f"redis://:{pw}@cache:6379/0", pw),
            ("generic", "client_secret", f'client_secret = "{r(A, 32)}"', None),
        ]
    fixed = []
    for family, ctx, text, secret in out:
        if secret is None:
            secret = text.split('"')[1]
        fixed.append((family, ctx, text, secret))
    return fixed


def leaked(secret: str, text: str) -> bool:
    """Whether a piece (8 chars) of ``secret`` survives in ``text`` or in its JSON-decoded strings."""
    if "://" in secret and "/" in secret.split("://", 1)[1]:
        secret = secret.rsplit("/", 1)[1]  # a webhook URL: its last segment is the secret
    text = re.sub(r"\[REDACTED:[a-z0-9_]+\]", "", text)
    views = [text, urllib.parse.unquote(text), html.unescape(text)]
    try:
        views.append(json.dumps(json.loads(text), ensure_ascii=False))
    except ValueError:
        pass
    pieces = {secret[i : i + 8] for i in range(0, max(1, len(secret) - 7))} if len(secret) >= 8 else {secret}
    pieces = {p for p in pieces if p.strip() and "\n" not in p and "-----" not in p}
    return any(p in v for p in pieces for v in views)


# --- real outputs without secrets --------------------------------------------------------------


def damage(text: str, out: str, secret: str) -> str | None:
    """What a redaction broke around a secret (None: nothing): the text before and after a secret
    written once as it is must be unchanged, a JSON text must still parse, a YAML text still load."""
    if text.count(secret) == 1:
        before, after = text.split(secret)
        if not (out.startswith(before) and out.endswith(after)):
            return "text around the secret changed"
    try:
        json.loads(text)
    except ValueError:
        pass
    else:
        try:
            json.loads(out)
        except ValueError:
            return "JSON no longer parses"
    if text.startswith(("service:", "spec:", "tls:")):
        import yaml

        try:
            yaml.safe_load(out)
        except yaml.YAMLError:
            return "YAML no longer loads"
    return None


def _run(cmd: list[str]) -> str:
    try:
        return subprocess.run(cmd, capture_output=True, text=True, timeout=60, errors="replace").stdout
    except (OSError, subprocess.SubprocessError):
        return ""


def _example_credentials(path: Path) -> bool:
    """Documentation whose examples are credentials in their real format (awscli/botocore examples
    with AKIA...EXAMPLE keys): redacting those is intended, they are not secret-free."""
    return "examples" in path.parts or path.name.startswith("examples-")


def real_outputs(limit: int) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    repo = Path(__file__).resolve().parents[1]
    out.append(("git log --stat", _run(["git", "-C", str(repo), "log", "--stat", "-n", "300"])))
    out.append(("git log -p (1 commit)", _run(["git", "-C", str(repo), "log", "-p", "-n", "3", "--", "engine/store"])))
    out.append(("git log hashes", _run(["git", "-C", str(repo), "log", "--format=%H %h %an %s", "-n", "2000"])))
    out.append(("ls -la /usr/bin", _run(["ls", "-la", "/usr/bin"])))
    out.append(("ps aux", _run(["ps", "aux"])))
    out.append(("df -h", _run(["df", "-h"])))
    out.append(("pip list", _run([sys.executable, "-m", "pip", "list"])))
    out.append(("pip show -f fastapi", _run([sys.executable, "-m", "pip", "show", "-f", "fastapi"])))
    out.append(("uname -a; id; locale", _run(["sh", "-c", "uname -a; id; locale"])))
    out.append(("env of a clean shell", _run(["env", "-i", "HOME=/tmp", "PATH=/usr/bin:/bin", "LANG=C.UTF-8", "sh", "-lc", "env"])))
    out.append(("pip freeze", _run([sys.executable, "-m", "pip", "freeze"])))
    out.append(("pip show -f toolstub", _run([sys.executable, "-m", "pip", "show", "-f", "toolstub"])))
    out.append(("pip config debug", _run([sys.executable, "-m", "pip", "config", "debug"])))
    out.append(("pip inspect", _run([sys.executable, "-m", "pip", "inspect"])[:300_000]))
    out.append(("git log -p (30 commits)", _run(["git", "-C", str(repo), "log", "-p", "-n", "30", "--", "engine/store", "engine/cli",
                                                  "plugins"])[:400_000]))
    out.append(("git config --list", _run(["git", "-C", str(repo), "config", "--list"])))
    out.append(("dpkg -l", _run(["dpkg", "-l"])))
    out.append(("apt-cache show python3 git openssl", _run(["apt-cache", "show", "python3", "git", "openssl"])))
    out.append(("mount; ip addr; ss -ltn", _run(["sh", "-c", "mount; ip addr 2>/dev/null; ss -ltn 2>/dev/null"])))
    out.append(("ls -laR /etc", _run(["sh", "-c", "ls -laR /etc 2>/dev/null | head -5000"])))
    out.append(("openssl x509 of a CA certificate", _run(["sh", "-c",
        "openssl x509 -in \"$(ls /etc/ssl/certs/*.pem | head -1)\" -text -noout 2>/dev/null"])))
    out.append(("python -m pydoc urllib.request", _run([sys.executable, "-m", "pydoc", "urllib.request"])))
    sums = _run(["sh", "-c", "sha256sum /usr/bin/* 2>/dev/null | head -2000"])
    out.append(("sha256sum /usr/bin/*", sums))
    out.append(("md5sum /usr/bin/*", _run(["sh", "-c", "md5sum /usr/bin/* 2>/dev/null | head -2000"])))
    out.append(("uuids", "\n".join(str(uuid.UUID(int=RNG.getrandbits(128), version=4)) for _ in range(2000))))
    out.append(("base64 data", base64.b64encode(bytes(RNG.getrandbits(8) for _ in range(150_000))).decode()))
    out.append(("base64 wrapped", "\n".join(
        base64.encodebytes(bytes(RNG.getrandbits(8) for _ in range(60_000))).decode().splitlines())))
    out.append(("pip-style hashes", "\n".join(
        f"pkg{i}==1.{i}.0 --hash=sha256:{r(HEX, 64)}" for i in range(500))))
    stdlib = Path(os.__file__).parent
    roots = [Path(p) for p in site.getsitepackages()] + [
        stdlib, Path("/usr/share/doc"), Path("/usr/share/common-licenses"), Path("/usr/share/mime"),
        Path("/usr/lib/python3/dist-packages"), Path("/etc"), Path("/usr/share/perl5"), Path("/usr/share/bash-completion")]
    files: list[Path] = []
    suffixes = {".py", ".json", ".txt", ".md", ".rst", ".cfg", ".toml", ".yaml", ".yml", ".js", ".ts", ".lua",
                ".rb", ".sh", ".xml", ".html", ".css", ".pyi", ".c", ".h", ".ini", ".conf", ".pm", ".pl", ".properties",
                ".env", ".cnf", ".j2", ".tmpl", ".tpl", ".sql", ".go", ".rs", ".java", ".ipynb", ""}
    for root in roots:
        if not root.is_dir():
            continue
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            if any(part in ("tests", "test", "testing", "fixtures") for part in Path(dirpath).parts):
                continue  # test fixtures hold fake secrets on purpose
            for name in sorted(filenames):
                path = Path(dirpath) / name
                if path.suffix in suffixes and not path.is_symlink():
                    files.append(path)
    skipped = sum(1 for path in files if _example_credentials(path))
    files = [path for path in files if not _example_credentials(path)]
    out.append((f"({skipped} example-credential files left out)", ""))
    step = max(1, len(files) // max(1, limit))
    for path in files[::step][:limit]:
        try:
            data = path.read_bytes()[:200_000]
        except OSError:  # unreadable (/etc/shadow and the like)
            continue
        if b"\x00" in data:
            continue
        out.append((str(path), data.decode("utf-8", "replace")))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="default")
    parser.add_argument("--files", type=int, default=1500, help="real files sampled for false positives")
    parser.add_argument("--show", type=int, default=10, help="examples printed")
    args = parser.parse_args()
    rules = load_rules(args.rules)
    started = time.perf_counter()

    missed: list[str] = []
    damaged: list[str] = []
    by_family: dict[str, list[int]] = {}
    for family, name, secret in formats():
        for ctx, text, _ in contexts(name, secret):
            out, _ = redact_text(text, rules)
            ok = not leaked(secret, out)
            problem = damage(text, out, secret)
            if problem:
                damaged.append(f"{family}/{name} in {ctx}: {problem}: {out[:160]!r}")
            by_family.setdefault(family, [0, 0])
            by_family[family][0] += ok
            by_family[family][1] += 1
            if not ok:
                missed.append(f"{family}/{name} in {ctx}: {out[:160]!r}")
    for family, ctx, text, secret in password_cases():
        out, _ = redact_text(text, rules)
        ok = not leaked(secret, out)
        by_family.setdefault(family, [0, 0])
        by_family[family][0] += ok
        by_family[family][1] += 1
        if not ok:
            missed.append(f"{family} in {ctx}: {out[:160]!r}")
    found = sum(v[0] for v in by_family.values())
    cases = sum(v[1] for v in by_family.values())
    print(f"recall: {found}/{cases} secrets redacted ({100 * found / cases:.1f} %), "
          f"{len(formats())} token formats x 6-13 contexts + {len(password_cases())} password/URL/header cases")
    for family, (ok, n) in sorted(by_family.items()):
        print(f"  {family:<12} {ok:>4}/{n:<4}")
    for line in missed[: args.show]:
        print("  missed:", line)
    print(f"structure kept: {cases - len(password_cases()) - len(damaged)}/{cases - len(password_cases())} "
          "(the text around each secret unchanged, JSON still parses, YAML still loads)")
    for line in damaged[: args.show]:
        print("  damaged:", line)

    outputs = real_outputs(args.files)
    flagged: list[tuple[str, list[str]]] = []
    chars = 0
    for label, text in outputs:
        chars += len(text)
        out, n = redact_text(text, rules)
        if n:  # markers the text already held ("[REDACTED]" in docs) are not ours: n counts ours
            before = set(text.splitlines())
            hits = [line.strip()[:160] for line in out.splitlines() if "[REDACTED:" in line and line not in before]
            flagged.append((label, hits))
    print(f"false positives: {len(flagged)} of {len(outputs)} secret-free outputs redacted "
          f"({chars / 1e6:.1f} M chars: site-packages, the stdlib, /usr/share, /etc, git log, pip/dpkg/env and other "
          f"command outputs, hashes, UUIDs, base64)")
    for label, hits in flagged[: args.show]:
        print(f"  {label}: {hits[:2]}")
    print(f"({time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
