"""Kind yaml: the seed's heuristic and safe_load outcome under openviking-compat, fixes under default."""

from __future__ import annotations

import datetime
import importlib.util
from pathlib import Path

import pytest
import yaml

from toolstub.plugins import yaml_summarizer as ys

COMPAT, DEFAULT = "openviking-compat", "default"

K8S = """apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  labels:
    app: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    spec:
      containers:
        - name: web
          image: nginx:1.25
          ports:
            - containerPort: 80
"""

COMPOSE = """version: "3.8"
services:
  db:
    image: postgres:16
    environment:
      POSTGRES_PASSWORD: example
  app:
    build: .
    depends_on: [db]
volumes:
  data: {}
"""

ALIAS_BOMB = "a: &a [" + ",".join(["x"] * 9) + "]\n" + "".join(
    f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]\n" for i in range(9)
)


def _oracle():
    """The compat oracle (tests/compat_oracle/seed_pipeline.py): a re-statement of seed-system.md."""
    spec = importlib.util.spec_from_file_location(
        "compat_oracle_seed_pipeline", Path(__file__).parents[1] / "compat_oracle" / "seed_pipeline.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


#: The seed's type name: anything not a mapping, list, bool, null, int or float is ``string`` (issue 15).
seed_type = _oracle().value_type


def seed_top_level(content: str):
    """What the seed keeps of ``yaml.safe_load`` (pure Python), or None when it raises / is a scalar."""
    try:
        data = yaml.safe_load(content)
    except Exception:  # noqa: BLE001
        return None
    if isinstance(data, dict):
        return "object", [(str(k), seed_type(v)) for k, v in data.items()][:30], [str(k) for k in data]
    if isinstance(data, list):
        return "array", len(data)
    return None


def ours_top_level(content: str, caps=None):
    try:
        kind, data = ys.load_top_level(content, caps or ys.DEFAULTS)
    except ys.Refused:
        return None
    if kind == "object":
        return "object", [(str(k), t) for k, t in data.items()][:30], [str(k) for k in data]
    return kind, data


def test_k8s_manifest(synopsis_of):
    for rules in (COMPAT, DEFAULT):
        out = synopsis_of(K8S, rules)
        named = ["document 1: Deployment apps/v1 web"] if rules == DEFAULT else []  # default names it
        assert out == {
            "kind": "yaml", "title": "YAML output",
            "summary": ["YAML object.", "top-level keys: apiVersion, kind, metadata, spec"],
            "structure": ["apiVersion: string", "kind: string", "metadata: object", "spec: object", *named],
            "notable_items": [], "sample": "",
        }


def test_docker_compose(synopsis_of):
    out = synopsis_of(COMPOSE, DEFAULT)
    assert out["summary"] == ["YAML object.", "top-level keys: version, services, volumes"]
    assert out["structure"] == ["version: string", "services: object", "volumes: object"]


def test_flat_yaml_text_in_compat_yaml_in_default(synopsis_of):
    flat = "name: toolstub\nversion: 1\nenabled: true\n"
    assert synopsis_of(flat, COMPAT)["kind"] == "text"
    assert synopsis_of("---\n" + flat, COMPAT)["structure"] == ["name: string", "version: number", "enabled: boolean"]
    assert synopsis_of(flat, DEFAULT)["structure"] == ["name: string", "version: number", "enabled: boolean"]
    assert synopsis_of("a:\nb: 1\n", COMPAT)["kind"] != "yaml"


def test_block_with_import_code_in_compat_yaml_in_default(synopsis_of):
    content = "job:\n  script: |\n    import os\n    print(os.getcwd())\n"
    assert synopsis_of(content, COMPAT)["kind"] == "code"
    assert synopsis_of(content, DEFAULT)["summary"] == ["YAML object.", "top-level keys: job"]


def test_front_matter_with_body_is_two_documents(synopsis_of):
    content = "---\ntitle: Post\n---\n# Heading\n\nSome text.\n"
    assert synopsis_of(content, COMPAT)["kind"] == "text"


def test_sequence_and_scalar(synopsis_of):
    assert synopsis_of("---\n- a\n- b: 1\n- [c]\n")["summary"] == ["YAML array.", "array length: 3"]
    assert synopsis_of("---\n- a\n")["structure"] == []
    assert synopsis_of("--- just text\n")["kind"] == "text"


def test_key_limit_and_more(synopsis_of):
    content = "---\n" + "".join(f"k{i}: {i}\n" for i in range(33))
    compat = synopsis_of(content, COMPAT)
    assert compat["summary"][1] == "top-level keys: " + ", ".join(f"k{i}" for i in range(30))
    assert len(compat["structure"]) == 30
    default = synopsis_of(content, DEFAULT)
    assert default["summary"][1].endswith(", k29, +3 more")
    assert default["structure"][-1] == "+3 more"


TRICKY = [
    "a: 1\nb: [1, 2]\nc: {x: 1}\nd: null\ne: true\nf: 1.5\ng: 2001-01-01\nh: 2001-01-01 10:00:00\ni: !!binary aGVsbG8=\n",
    "a: 1\na: [x]\n", "a: =\n", "=: 1\n", "a: !foo x\n", "a: !!int x\n", "a: 2001-13-45\n", "a: " + "1" * 5000 + "\n",
    "a: ._\n", "base: &b {x: 1, y: 2}\nc:\n  <<: *b\n  z: 3\n", "<<: {p: 1}\nq: 2\n", "<<: [{p: 1}, {p: 2, r: 3}]\nq: 2\n",
    "<<: 1\n", "<<: [1]\n", "a: *x\n", "a: &x 1\nb: &x 2\n", "[a]: 1\n", "? [a]\n: 1\n", "{a: 1}: 2\n", "a: 1\n---\nb: 2\n",
    "---\na: 1\n...\n", "", "a: &x [1]\n*x : 2\n", "a: &x 1\n*x : 2\n", "!!set {a, b}\n", "!!omap [a: 1, b: 2]\n",
    "!!omap [a: 1, 5]\n", "1: a\n1.0: b\ntrue: c\n", "a: !!str [1]\n", "a: !!bool foo\n", "&a [*a]\n", "&a {*a : 1}\n",
    "x: &a [{k: 1}]\ny: {<<: *a, z: 1}\n", "k: <<\n", "a: &x {b: 1}\nc:\n  <<: [*x, {b: 2, d: 3}]\n",
    "top: &t\n  <<: {m: 1}\n  n: 2\nuse:\n  <<: *t\n", "%YAML 2.0\n---\na: 1\n", "a: 2001-12-14 21:59:43.10 +25:00\n",
    "a: 0x1F\nb: 0o17\nc: 190:20:30\nd: .inf\ne: -.NaN\nf: 1_000\n", "a: 1\n\tb: 2\n", "- !!pairs [a: 1]\n",
]


@pytest.mark.parametrize("content", TRICKY)
def test_load_outcome_matches_safe_load(content):
    assert ours_top_level(content) == seed_top_level(content)


def test_nesting_limit(synopsis_of):
    assert synopsis_of("---\n" + "[" * 472 + "]" * 472)["kind"] == "yaml"
    assert synopsis_of("---\n" + "[" * 473 + "]" * 473)["kind"] != "yaml"
    # default describes nesting past the seed's recursion limit, up to LibYAML's own 1000 levels
    assert synopsis_of("---\n" + "[" * 1000 + "]" * 1000, DEFAULT)["summary"] == ["YAML array.", "array length: 1"]
    deeper = synopsis_of("---\n" + "[" * 5000 + "]" * 5000, DEFAULT)
    assert deeper["kind"] == "text" and deeper["summary"][1] == "Characters: 10004."


def test_alias_bomb_is_cheap(synopsis_of, hang_guard):
    for rules in (COMPAT, DEFAULT):
        out = hang_guard(30, synopsis_of, "---\n" + ALIAS_BOMB, rules)
        assert out["kind"] == "yaml"
        assert out["structure"][:2] == ["a: array", "b: array"]


def _big_mapping() -> str:
    return "".join(f"item{i}:\n  name: n{i}\n  value: {i}\n  tags: [a, b]\n  when: 2024-01-0{1 + i % 9}\n" for i in range(1500))


@pytest.mark.parametrize(
    "tail",
    ["", "extra: 'it''s'\n", 'note: "multi\nline: no"\n', "flow: [1,\nkey: 2]\n", "item3: again\n", "last: &a 1\nref: *a\n",
     "bad: [\n", "when: 2024-02-30\n", "- item\n", "at: 2001-12-14t21:59:43.10-05:00\n", "at: 2001-12-14 21:59:43 +25:00\n",
     "at: 2024-01-01 24:00:00\n"],
    ids=["plain", "quotes", "dq-multiline", "flow-multiline", "duplicate", "alias", "syntax-error", "bad-date", "mixed",
         "datetime", "bad-offset", "bad-hour"],
)
def test_fast_path_for_big_documents_matches_safe_load(tail):
    content = _big_mapping() + tail
    assert len(content) >= ys._FAST_MIN_CHARS
    assert ours_top_level(content) == seed_top_level(content)


def test_fast_path_sequence_and_timestamps():
    content = "".join(f"- id: {i}\n  at: 2024-05-0{1 + i % 9}\n" for i in range(4000))
    assert ours_top_level(content) == ("array", 4000)
    _, table = ys._fast_top_level(_big_mapping() + "at: 2001-12-14 21:59:43.10 -05:00\n", ys.DEFAULTS)
    assert list(table.items())[:2] == [("item0", "object"), ("item1", "object")]
    assert seed_type(datetime.date(2024, 1, 1)) == "string"
    assert ours_top_level("when: 2024-01-01\nat: 2024-01-01 10:00:00\n")[1] == [("when", "string"), ("at", "string")]
    python_types = {**ys.DEFAULTS, "other_value_types": "python"}
    found = ours_top_level("when: 2024-01-01\nat: 2024-01-01 10:00:00\nb: !!binary aGk=\ns: !!set {a}\n", python_types)
    assert found[1] == [("when", "date"), ("at", "datetime"), ("b", "bytes"), ("s", "set")]


WORKFLOW = """name: CI
on:
  push:
    branches: [main]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
"""


def test_github_workflow_on_key(synopsis_of):
    # YAML 1.1: the seed's safe_load reads `on` as True
    assert synopsis_of(WORKFLOW, COMPAT)["summary"] == ["YAML object.", "top-level keys: name, True, jobs"]
    default = synopsis_of(WORKFLOW, DEFAULT)
    assert default["summary"] == ["YAML object.", "top-level keys: name, on, jobs"]
    assert default["structure"] == ["name: string", "on: object", "jobs: object"]


def test_fast_path_kubectl_list_with_items_at_column_0():
    item = (
        "- apiVersion: v1\n  kind: Pod\n  metadata:\n    creationTimestamp: \"2024-05-01T10:00:00Z\"\n"
        "    name: web-{i}\n  status:\n    startTime: 2024-05-01T10:00:05Z\n"
    )
    content = "apiVersion: v1\nitems:\n" + "".join(item.replace("{i}", str(i)) for i in range(800)) + "kind: List\n"
    assert len(content) >= ys._FAST_MIN_CHARS
    _, table = ys._fast_top_level(content, ys.DEFAULTS)
    assert table == {"apiVersion": "string", "items": "array", "kind": "string"}
    assert ours_top_level(content) == seed_top_level(content)
    broken = content.replace("kind: List\n", "- stray\nkind: List\n  - x: [\n")
    assert ours_top_level(broken) == seed_top_level(broken)


CLOUDFORMATION = """AWSTemplateFormatVersion: "2010-09-09"
Resources:
  Bucket:
    Type: AWS::S3::Bucket
    Properties:
      BucketName: !Sub "${AWS::StackName}-data"
Outputs:
  BucketArn:
    Value: !GetAtt [Bucket, Arn]
    Export: !Ref Bucket
"""


def test_cloudformation_tags(synopsis_of):
    assert synopsis_of(CLOUDFORMATION, COMPAT)["kind"] != "yaml"  # safe_load refuses !Sub
    out = synopsis_of(CLOUDFORMATION, DEFAULT)
    assert out["summary"] == ["YAML object.", "top-level keys: AWSTemplateFormatVersion, Resources, Outputs"]
    assert out["structure"] == ["AWSTemplateFormatVersion: string", "Resources: object", "Outputs: object"]


def test_fast_path_crlf_lines():
    content = _big_mapping().replace("\n", "\r\n")
    _, table = ys._fast_top_level(content, ys.DEFAULTS)
    assert list(table.items())[:2] == [("item0", "object"), ("item1", "object")]
    assert ours_top_level(content) == seed_top_level(content)
    lone_cr = content.replace("item7:\r\n", "item7:\r", 1)
    with pytest.raises(ys._NotFast):
        ys._fast_top_level(lone_cr, ys.DEFAULTS)
    assert ours_top_level(lone_cr) == seed_top_level(lone_cr)


@pytest.mark.parametrize("line", ["# note:\tcomment\n", "k: 1  # tab\tin comment\n", "k: a\tb\n", "k:\ta\n", "k: [a,\tb]\n"])
def test_tabs_in_comments_keep_libyaml_and_others_match_the_pure_loader(line):
    content = line + _big_mapping()
    assert ours_top_level(content) == seed_top_level(content)


def test_flat_heuristic_refuses_repeated_keys(synopsis_of):
    assert synopsis_of("Note: first thing\nNote: second thing\nNote: third\n", DEFAULT)["kind"] != "yaml"
    assert synopsis_of("host: db\nport: 5432\nuser: app\n", DEFAULT)["kind"] == "yaml"


def test_structured_heuristic_sequences_and_prose(synopsis_of):
    assert synopsis_of("- name: a\n  value: 1\n- name: b\n  value: 2\n", DEFAULT)["summary"] == ["YAML array.", "array length: 2"]
    assert synopsis_of("- fixed a bug\n- added a feature\n", DEFAULT)["kind"] != "yaml"
    prose = "Summary: The build passed without errors.\nDetails: All 12 tests ran in 3 seconds.\n"
    assert synopsis_of(prose, DEFAULT)["kind"] != "yaml"


K8S_STREAM = "---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: mon\n---\napiVersion: v1\nkind: ServiceAccount\n---\n"
CLICK_HELP = """Usage: toolkit [OPTIONS] COMMAND [ARGS]...

  Handy tools for the Acme platform.

Options:
  --version      Show the version and exit.
  --help         Show this message and exit.

Commands:
  build   Build the project.
  deploy  Deploy to an environment.
"""


def test_multi_document_streams(synopsis_of):
    assert synopsis_of(K8S_STREAM, COMPAT)["kind"] == "text"  # safe_load: a single document only
    out = synopsis_of(K8S_STREAM, DEFAULT)
    assert out["summary"] == ["YAML object.", "top-level keys: apiVersion, kind, metadata", "documents: 3 (the first is described)"]
    # front matter followed by prose is not a YAML stream
    assert synopsis_of("---\ntitle: Post\n---\n# Heading\n\nSome text.\n", DEFAULT)["kind"] != "yaml"
    # anchors do not cross documents
    assert synopsis_of("a: &x 1\n---\nb: *x\n", DEFAULT)["kind"] != "yaml"


def test_cli_help_is_prose_in_default(synopsis_of):
    assert synopsis_of(CLICK_HELP, COMPAT)["summary"] == ["YAML object.", "top-level keys: Usage, Options, Commands"]
    assert synopsis_of(CLICK_HELP, DEFAULT)["kind"] != "yaml"


@pytest.mark.parametrize("value", ['"\\u00e9"', '"\\ud83d\\ude00"', '"\\uDFFF"', "C:\\Users\\x", '"\\U0001F600"', '"\\U0000D800"'])
def test_unicode_escapes_outcome_matches_the_pure_loader(value):
    content = f"a: {value}\nb: 1\n"
    assert ours_top_level(content) == seed_top_level(content)
    assert ys._pure_python(content, ys.DEFAULTS)  # under pure_python_max_chars the pure parser decides
