"""Redaction precision (issue 14, item 9): what looks like a password key but holds no secret is
left alone - type annotations, parameters with defaults, placeholders, templates, environment
references, masked values, prose and documentation - while the secret forms next to them are
still found. Every secret is generated at test time; the secret-free lines are the kinds found in
real package sources, docs and command outputs (bench/redaction_report.py measures them at scale).
"""

from __future__ import annotations

import base64
import json
import random
import string

import pytest

from toolstub.redact import redact_text
from toolstub.rule_files import load_rules

RULES = load_rules("default")
RNG = random.Random(1415)
A = string.ascii_letters + string.digits


def r(alphabet: str, n: int) -> str:
    return "".join(RNG.choice(alphabet) for _ in range(n))


NOT_SECRETS = [
    # type annotations and signatures
    "    password: str | None = None",
    "    password: Optional[str] = None,",
    "    authorization: Optional[str] = None",
    "def connect(host: str, user: str, password: bytes | str) -> Connection: ...",
    "    key_password: _PasswordType | None",
    "    private_key: Ed25519PrivateKey | Ed448PrivateKey",
    "    password: SecretStr",
    "    passwd: HTTPPasswordMgr | None = None",
    "    pwd: bytes | None  # undocumented",
    "ERROR_WRONG_PASSWORD: Final = 1323",
    "    password: Incomplete",
    "  password?: string;",
    "    val password: String?",
    "authorization: AsymmetricPropertyWithDelete[_authorization | None, str]",
    # parameters and code
    "conn = connect(host, user=user, password=password)",
    "    authorization = request.headers.get(\"Authorization\")",
    "    return {'Authorization': auth_token}",
    "    credentials=r2_credentials or None,",
    "password = getpass.getpass()",
    "    password = self.password",
    "PASSWORD = os.environ['DB_PASSWORD']",
    "password = hashed",
    "    if pw == expected_pw:",
    # placeholders, templates, environment references, masks
    "password: <password>",
    "DB_PASSWORD=${DB_PASSWORD}",
    "DB_PASSWORD=$(cat /run/secrets/db)",
    'password: "{{ vault_db_password }}"',
    'password = "%(password)s"',
    'password: "********"',
    'password = ":****"',
    "PASSWORD=changeme",
    'AttributeOID.CHALLENGE_PASSWORD: "challengePassword",',
    '"password": "your_password_here"',
    '"IAMUserChangePassword": "arn:aws:iam::aws:policy/IAMUserChangePassword",',
    "mysql --user=root --password=PASSWORD shop",
    "  --password PASSWORD     the password to log in with",
    "--username and --password options instead of via the URL.",
    "curl -u $USER:$TOKEN https://api.example.com",
    "gist://username:TOKEN@gist_id/file.txt",
    "postgresql://postgres:postgres@localhost:5432",
    "git://[path-to-repo[:]][ref@]path/to/file",
    '"Authorization": "Bearer ${API_TOKEN}"',
    "Authorization: Bearer <token>",
    # prose and docs
    ":param password: The plaintext password.",
    "password: The password part of the URL, or omit for no password.",
    'username="jo@gmail.com", password="a secret"',
    '"KeyStorePassword": "The password for the kmsuser CU account in the specified cluster."',
    "password combination.",
    "Pw== 30",
    # identifiers, hashes, ids
    '"ClientRequestToken": "1d2129a1-3d38-460a-9756-e5b91fddb951",',
    '"PaginationToken": "efgh5678abcd1234ijkl",',
    'publicKeyToken="1fc8b3b9a1e18e3b"',
    "credential_source=Ec2InstanceMetadata",
    '"ARN": "arn:aws:secretsmanager:us-west-2:123456789012:secret:MyTestDatabaseSecret-a1b2c3",',
    '"PurchaseToken": "eyJ2IjoiMSIsInMiOjEsImMiOi...",',
    '_SK_START = b"-----BEGIN OPENSSH PRIVATE KEY-----"\n_SK_END = b"-----END OPENSSH PRIVATE KEY-----"',
    '"PrivateKey": "-----BEGIN DSA PRIVATE KEY-----<a very long private key string>-----END DSA PRIVATE KEY-----"',
    "cvs://:pserver:anoncvs@sources.redhat.com:/cvs/src",
    "perldoc -u Some::Modulename",
    'mask="[REDACTED]"',
]


@pytest.mark.parametrize("line", NOT_SECRETS)
def test_secret_free_line_is_left_alone(line: str) -> None:
    out, count = redact_text(line, RULES)
    assert (out, count) == (line, 0)


def _secret_cases() -> list[tuple[str, str, str]]:
    pw = r(A, 10) + "!" + r(string.digits, 2)
    word = "hunter" + r(string.digits, 2)
    token = r(A, 38) + "7"
    basic = base64.b64encode(f"deploy:{pw}".encode()).decode()
    return [
        ("yaml", f"db:\n  password: {word}\n", word),
        ("yaml quoted", f'password: "{pw}"', pw),
        ("env", f"DB_PASSWORD={pw}", pw),
        ("env prefix", f"PGPASSWORD={word} psql -h db", word),
        ("ini", f"[client]\npassword = {word}\n", word),
        ("toml", f'password = "{pw}"', pw),
        ("json", json.dumps({"user": "ada", "password": pw}), pw),
        ("json pw", json.dumps({"pw": word}), word),
        ("python kwarg literal", f'connect(user="app", password="{pw}")', pw),
        ("xml", f"<password>{pw}</password>", pw),
        ("netrc", f"machine h login u password {pw}", pw),
        ("cli =", f"mysql --password={word} shop", word),
        ("cli space", f"psql --password {pw} -h db", pw),
        ("curl -u", f"curl -u admin:{word} https://api.example.com", word),
        ("url", f"postgres://app:{pw}@db.internal:5432/shop", pw),
        ("url on a docs domain", f"redis://svc:{word}@cache.example.com:6379/0", word),
        ("url with @ in the password", f"mongodb://app:{pw[:5]}@{pw[5:]}@db:27017", pw),
        ("query string", f"https://x.test/login?user=ada&password={pw}&next=/", pw),
        ("basic header", f"Authorization: Basic {basic}", basic),
        ("bearer header", f"Authorization: Bearer {token}", token),
        ("raw authorization", f'"authorization": "{token}"', token),
        ("docker auth", json.dumps({"auths": {"r.example.com": {"auth": basic}}}), basic),
        ("cookie", f"Set-Cookie: sessionid={token}; Path=/", token),
        ("cli token", f"deploy --api-key {token}", token),
        ("entropy", f'client_secret = "{token}"', token),
        ("typed default with a literal", f'password: str = "{pw}"', pw),
        ("json in a json string", json.dumps({"body": json.dumps({"password": pw, "client_secret": token})}), pw),
        ("json in a json string, its secret", json.dumps({"body": json.dumps({"client_secret": token})}), token),
        ("html field", f'<input type="password" name="password" value="{pw}">', pw),
        ("html field, value first", f'<input value="{pw}" type="password">', pw),
        ("docker run -e", f"docker run -e POSTGRES_PASSWORD={pw} postgres", pw),
    ]


@pytest.mark.parametrize("name,text,secret", _secret_cases(), ids=[c[0] for c in _secret_cases()])
def test_secret_next_to_them_is_found(name: str, text: str, secret: str) -> None:
    out, count = redact_text(text, RULES)
    assert count >= 1 and "[REDACTED:" in out, out
    for i in range(len(secret) - 7):
        assert secret[i : i + 8] not in out, (name, out)
