"""Issue 10, structured kinds under default: the miss classes seen on real outputs, and compat unchanged.

Each input has the shape of a real file or command output of its class (cloud SDK command specs,
task configs, chardet's legacy-encoded RSS test files, `jq -r @tsv`, `git log --format`, JSON
Lines exports); each case also checks that openviking-compat still says what the seed says.
"""

from __future__ import annotations

import json

import pytest

import toolstub
from toolstub.engine import explain

COMPAT, DEFAULT = "openviking-compat", "default"

GCLOUD_SPEC = """\
- release_tracks: [ALPHA, BETA, GA]

  help_text:
    brief: Delete a Cloud TPU.
    description: |
      Delete a Cloud TPU.

      This command cannot be undone.
    examples: |
      The following command deletes a TPU with ID `my-tpu` in zone `us-central1-b`:

        $ {command} my-tpu --zone=us-central1-b

  request:
    collection: tpu.projects.locations.nodes
    api_version: v1

  async:
    collection: tpu.projects.locations.operations
    extract_resource_result: false

  arguments:
    resource:
      help_text: The Cloud TPU you want to delete.
      spec: !REF googlecloudsdk.command_lib.compute.tpus.resources:tpu
"""

SCHEMA_YAML = """\
$schema: "http://json-schema.org/draft-06/schema#"

title: datastream v1 SourceConfig export schema
description: A gcloud export/import command YAML validation schema.
type: object
required:
- sourceConnectionProfile
additionalProperties: false
properties:
  COMMENT:
    type: object
    description: User specified info ignored by gcloud import.
"""

TASK_CONFIG = """\
include: _default_template_yaml
task: mmlu_abstract_algebra
dataset_name: abstract_algebra
doc_to_text: !function utils.doc_to_text
process_results: !function utils.process_results
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
"""

APPENGINE_INCLUDE = """\
handlers:
- url: /_ah/mapreduce.*
  script: $PYTHON_LIB/google/appengine/ext/mapreduce/main.py
  login: admin
"""

MANIFESTS = """\
---
# Source: web/templates/service.yaml
apiVersion: v1
kind: Service
metadata:
  labels:
    app: web
  name: web
spec:
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: "web"
  namespace: prod
spec:
  replicas: 2
---
apiVersion: v1
kind: ConfigMap
metadata: {name: web-config}
data:
  LOG_LEVEL: info
"""


def kind(content: str, rules: str = DEFAULT) -> str:
    return toolstub.synopsize(content, rules=rules).kind


@pytest.mark.parametrize("content", [GCLOUD_SPEC, SCHEMA_YAML, TASK_CONFIG, APPENGINE_INCLUDE],
                         ids=["gcloud-command-spec", "schema-dollar-key", "task-config-function-tags", "include-list"])
def test_real_yaml_the_heuristic_missed_is_yaml(content):
    assert kind(content) == "yaml"
    assert kind(content, COMPAT) == "text"  # the seed's heuristic: unchanged


def test_transcripts_and_notes_with_colons_stay_text():
    chat = "alice: did the deploy go out?\nbob: yes, 10 minutes ago\nalice: great, thanks!\n"
    notes = "Note to self: buy milk.\nReminder: the meeting moved to Thursday.\n"
    bullets = "- first item\n- second item\n- third item\n"
    assert kind(chat) == "text"
    assert kind(notes) == "text"
    assert kind(bullets) != "yaml"


APT_SHOW = """\
Package: jq
Version: 1.6-2.1+deb12u1
Installed-Size: 111
Maintainer: ChangZhuo Chen <czchen@debian.org>
Architecture: amd64
Depends: libjq1 (= 1.6-2.1+deb12u1), libc6 (>= 2.34)
Description: lightweight and flexible command-line JSON processor
Multi-Arch: foreign
Homepage: https://github.com/stedolan/jq
Section: utils
Priority: optional

"""

PIP_SHOW = """\
Name: jsonschema
Version: 4.26.0
Summary: An implementation of JSON Schema validation for Python
Home-page: 
Author: 
Author-email: Julian Berman <Julian+jsonschema@GrayVines.com>
License: 
Location: /usr/lib/python3/dist-packages
Requires: attrs, jsonschema-specifications, referencing, rpds-py
Required-by: openapi-schema-validator
Files:
  ../../../bin/jsonschema
  jsonschema-4.26.0.dist-info/INSTALLER
"""


@pytest.mark.parametrize("content", [APT_SHOW, PIP_SHOW], ids=["apt-cache-show", "pip-show"])
def test_rfc822_field_listings_are_text_as_in_compat(content):
    assert kind(content, COMPAT) == "text"
    assert kind(content) == "text"


def test_flat_yaml_config_stays_yaml():
    assert kind("name: toolstub\nversion: 1\nenabled: true\n") == "yaml"
    assert kind("Name: toolstub\nVersion: 1\nEnabled: true\n") == "yaml"  # capitalised, no header fields


def test_a_manifest_stream_names_each_document():
    syn = toolstub.synopsize(MANIFESTS)
    assert syn.kind == "yaml"
    assert syn.summary[-1] == "documents: 3 (the first is described)"
    assert list(syn.structure[-3:]) == [
        "document 1: Service v1 web", "document 2: Deployment apps/v1 web", "document 3: ConfigMap v1 web-config",
    ]
    many = "".join(f"---\napiVersion: v1\nkind: Secret\nmetadata:\n  name: s{i}\n" for i in range(40))
    structure = toolstub.synopsize(many).structure
    assert structure[-1] == "+28 more documents with a kind"
    assert structure[-2] == "document 12: Secret v1 s11"
    assert toolstub.synopsize(MANIFESTS, rules=COMPAT).kind == "text"  # compat: several documents, not YAML


RSS_EUC_KR = (
    '<?xml version="1.0" encoding="euc-kr" ?>\n<rss version="2.0">\n<channel>\n<title>siwoo</title>\n'
    + "".join(f"<item><title>{'구글 검색 ' * 3}{i}</title><link>http://x/{i}</link></item>\n" for i in range(7))
    + "</channel>\n</rss>\n"
)


def _as_received(text: str, encoding: str) -> str:
    """``text`` saved in ``encoding`` and read back as the CLI reads bytes (UTF-8, surrogateescape)."""
    return text.encode(encoding).decode("utf-8", "surrogateescape")


def test_legacy_encoded_xml_is_xml_and_counts_feed_items():
    content = _as_received(RSS_EUC_KR, "euc-kr")
    assert any("\udc80" <= ch <= "\udcff" for ch in content)
    syn = toolstub.synopsize(content)
    assert syn.kind == "xml"
    assert syn.summary == ("XML document with root: rss.", "feed: RSS, items: 7")
    assert kind(content, COMPAT) == "text"  # the seed: ElementTree refuses the undecodable str


@pytest.mark.parametrize("encoding", ["iso-8859-1", "windows-1252", "shift_jis", "gbk"])
def test_xml_declaring_a_legacy_encoding(encoding):
    body = {"iso-8859-1": "café crème", "windows-1252": "“quoted” – café", "shift_jis": "日本語のテキスト",
            "gbk": "中文文本内容"}[encoding]
    doc = f'<?xml version="1.0" encoding="{encoding}"?>\n<catalog>\n' + f"<book><title>{body}</title></book>\n" * 5 + "</catalog>\n"
    content = _as_received(doc, encoding)
    syn = toolstub.synopsize(content)
    assert syn.kind == "xml", explain(content)
    assert syn.structure == ("root: catalog", "attributes: 0", "book: 5")


def test_atom_feed_counts_entries_and_doctype_subset_stays_unexpanded():
    atom = ('<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom"><title>t</title>'
            + "<entry><title>e</title></entry>" * 4 + "</feed>")
    assert toolstub.synopsize(atom).summary[-1] == "feed: Atom, entries: 4"
    subset = ('<?xml version="1.0"?>\n<!DOCTYPE doc [\n<!ATTLIST normId id ID #IMPLIED>\n'
              '<!ENTITY ent1 "Hello">\n<!ENTITY ext SYSTEM "file:///etc/passwd">\n]>\n<doc><e1>&ent1;</e1><e2>&ext;</e2></doc>')
    syn = toolstub.synopsize(subset)
    assert syn.kind == "xml"
    assert "entity declarations: 2 (not expanded)" in syn.notable_items
    assert "root" not in str(syn.notable_items) and "passwd" not in str(syn)


def test_xml_with_an_unbound_prefix_is_read_without_namespaces():
    valgrind = ('<?xml version="1.0"?>\n<!DOCTYPE target SYSTEM "gdb-target.dtd">\n<target>\n'
                '  <architecture>arm</architecture>\n  <xi:include href="arm-core.xml"/>\n'
                '  <xi:include href="arm-vfpv3.xml"/>\n</target>\n')
    syn = toolstub.synopsize(valgrind)
    assert syn.kind == "xml"
    assert syn.structure == ("root: target", "attributes: 0", "xi:include: 2", "architecture: 1")
    assert kind(valgrind, COMPAT) == "text"


def test_namespaced_xml_is_not_html():
    doc = '<a:foo xmlns:a="http://a" xmlns:b="http://b">\n <b:bar/>\n <b:bar/>\n <a:bar b:att1="val"/>\n</a:foo>\n'
    assert kind(doc) == "xml"


@pytest.mark.parametrize(("encoding", "text"), [
    ("gbk", "这是一个用于测试的中文文本文件。它包含多行内容，用来检查检测器的行为。\n"),
    ("shift_jis", "これはテスト用の日本語テキストファイルです。複数の行があります。\n"),
    ("euc_kr", "이것은 테스트를 위한 한국어 텍스트 파일입니다. 여러 줄이 있습니다.\n"),
    ("big5", "這是一個用於測試的繁體中文文字檔案。它包含多行內容。\n"),
])
def test_legacy_encoded_text_is_not_binary(encoding, text):
    content = _as_received(text * 20, encoding)
    assert kind(content) == "text"
    assert kind(content, COMPAT) == "text"  # default counted undecodable bytes as control characters


def test_real_binaries_stay_binary():
    import zlib

    compressed = zlib.compress(("hello world " * 2000).encode() + bytes(range(256)) * 8, 9)
    png_like = b"\x89PNG\r\n\x1a\n" + bytes(range(256)) * 4
    for data in (compressed, png_like):
        content = data.decode("utf-8", "surrogateescape")
        assert toolstub.synopsize(content).title == "Binary-like output"


def test_tab_separated_command_outputs_are_tsv():
    jq = "".join(f"{code}\t{name}\t{num:03d}\n" for code, name, num in
                 [("AW", "Aruba", 533), ("AF", "Afghanistan", 4), ("AO", "Angola", 24), ("AI", "Anguilla", 660),
                  ("AX", "Åland Islands", 248), ("AL", "Albania", 8), ("AD", "Andorra", 20)])
    git_log = "".join(f"2026-12-0{d} 1{d}:3{d}:20 +0000\tAda Lovelace\tfix: parser edge case {d}\n" for d in range(1, 9))
    assert kind(jq) == "tsv"
    assert kind(git_log) == "tsv"
    assert kind(git_log, COMPAT) == "tsv"


def test_json_lines_is_ndjson_with_field_types():
    rows = [{"id": i, "user": f"u{i}", "email": None if i % 3 == 0 else f"u{i}@x.io", "tags": ["a"] if i % 2 else []}
            for i in range(3600)]
    content = "\n".join(json.dumps(row) for row in rows) + "\n"
    syn = toolstub.synopsize(content)
    assert syn.kind == "ndjson"
    assert syn.summary == ("NDJSON (JSON Lines) with 3600 records.", "keys: id, user, email, tags")
    assert "- email: string/null (nulls: 1200)" in syn.structure
    assert "- tags: array" in syn.structure
    compat = toolstub.synopsize(content, rules=COMPAT)
    assert compat.kind == "json" and compat.notable_items[-1].startswith("trailing_chars_after_first_json_value")


def test_ndjson_declines_what_is_not_json_lines():
    for text in ['{"a": 1}\n', "1\n2\n3\n", '{"a": 1}\nnot json\n', '{"a": 1} trailing\n{"b": 2}\n',
                 '{\n  "a": 1\n}\n', "[1] footnote\n[2] another\n"]:
        assert kind(text) != "ndjson", text


def test_json_array_of_records_gives_per_field_types_and_nulls():
    rows = [{"id": i, "name": f"n{i}", "score": None if i % 4 == 0 else i / 2, "ok": i % 2 == 0} for i in range(100)]
    rows[5]["extra"] = "x"
    syn = toolstub.synopsize(json.dumps(rows, indent=2))
    assert syn.kind == "json"
    fields = [line for line in syn.structure if line.startswith("- ")]
    assert fields == ["- id: number", "- name: string", "- score: number/null (nulls: 25)", "- ok: boolean",
                      "- extra: string, in 1 of 100"]
    assert len("\n".join(syn.summary + syn.structure + syn.notable_items)) <= 6000
