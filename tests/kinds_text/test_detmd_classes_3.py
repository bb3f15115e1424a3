"""Issue 10 (detmd, third probe: docs/probes/probe_detmd3.py and probe_detcmd.py): classes of real files and
outputs outside the corpus that `default` read as another kind, each with look-alikes that must keep their kind.

- YAML mappings whose keys are one token starting with a digit, over nested values: ``yaml.safe_dump`` of
  iso-codes' ``/usr/share/iso-codes/json/iso_3166-3.json`` (LGPL-2.1+, four records kept) has the one top-level
  key ``3166-3:`` over a list of mappings; such a key failed the identifier pattern and counted as a "spaced
  key" (a label such as ``Last Modified``), so the document read as text (6 of 120 probe cases, with
  ``639-5:``). Ports (``8080:``) and versions (``1.1.0:``) as keys over mappings are the same shape. A key with
  blanks stays a label, and a flat ``404: Not Found`` listing (no nested value) stays text.
- ``lscpu -p`` (util-linux 2.38, this machine's output, no authored content): CSV rows under ``#`` comment
  lines, the last of which is the header (``# CPU,Core,Socket,Node,,L1d,L1i,L2,L3``), read as text. A comment
  block whose last line holds the delimiter is the header when the rows have its width; a program whose first
  comment holds commas stays code.
- Listings of (modification time, name) rows (probe_detcmd, this machine's /etc; no authored content):
  ``find -printf '%T+ %p'``, ``find -printf '%TY-%Tm-%Td %TH:%TM:%TS %p'``, ``stat -c '%y %n'`` and
  ``stat -c '%n %s %U %y'`` read as log (a timestamp on every line). They are text by the corpus's rules. Every
  line carries one of the stamps find and stat print (date ``+`` time, 10 fraction digits, or 9 digits and a
  numeric offset) and a name, or ends with stat's stamp; logs with such stamps and a message (Go's
  ``time.Now()`` with ``m=+``, ``key=value`` fields, docker's ``T...Z`` stamps, microsecond stamps) stay log.
"""

from __future__ import annotations

import pytest

import toolstub

ISO_3166_3 = """\
3166-3:
- alpha_2: AI
  alpha_3: AFI
  alpha_4: AIDJ
  name: French Afars and Issas
  numeric: '262'
  withdrawal_date: '1977'
- alpha_2: AN
  alpha_3: ANT
  alpha_4: ANHH
  comment: had numeric code 532 until Aruba split away in 1986
  name: Netherlands Antilles
  numeric: '530'
  withdrawal_date: '2010-12-15'
- alpha_2: BQ
  alpha_3: ATB
  alpha_4: BQAQ
  name: British Antarctic Territory
  withdrawal_date: '1979'
- alpha_2: BU
  alpha_3: BUR
  alpha_4: BUMM
  name: Burma, Socialist Republic of the Union of
  numeric: '104'
  withdrawal_date: '1989-12-05'
"""

LSCPU_P = """\
# The following is the parsable format, which can be fed to other
# programs. Each different item in every column has an unique ID
# starting usually from zero.
# CPU,Core,Socket,Node,,L1d,L1i,L2,L3
0,0,0,0,,0,0,0,0
1,1,0,0,,1,1,1,0
2,2,0,0,,2,2,2,0
3,3,0,0,,3,3,3,0
"""


def kind(text: str) -> str:
    return toolstub.synopsize(text, rules="default").kind


@pytest.mark.parametrize("text", [
    ISO_3166_3,
    "8080:\n  service: web\n  proto: tcp\n9090:\n  service: metrics\n  proto: tcp\n",
    "1.0.0:\n  date: 2020-01-01\n  notes: first\n1.1.0:\n  date: 2020-02-01\n  notes: second\n",
], ids=["iso-3166-3", "ports", "versions"])
def test_token_keys_over_nested_values_are_yaml(text: str) -> None:
    assert kind(text) == "yaml"


def test_iso_dump_is_described_by_its_key() -> None:
    syn = toolstub.synopsize(ISO_3166_3, rules="default")
    assert syn.summary == ("YAML object.", "top-level keys: 3166-3")
    assert syn.structure == ("3166-3: array",)


@pytest.mark.parametrize("text", [
    "200: OK\n301: Moved Permanently\n404: Not Found\n500: Internal Server Error\n",
    "Last Modified: 2024-01-02\nContent Length: 1234\nFile Name: x.txt\n",
    "Build Steps:\n  - compile\n  - test\nRelease Notes:\n  - fixed x\n",
    "09:00: Registration\n10:00: Keynote\n12:30: Lunch\n",
], ids=["flat-codes", "spaced-labels", "nested-spaced-labels", "schedule"])
def test_labels_stay_text(text: str) -> None:
    assert kind(text) == "text"


def test_lscpu_parsable_is_csv_with_its_commented_header() -> None:
    syn = toolstub.synopsize(LSCPU_P, rules="default")
    assert syn.kind == "csv"
    assert syn.summary == ("CSV table with rows: 4 and columns: 9.",)
    assert syn.structure[0] == "columns: CPU, Core, Socket, Node, column_5, L1d, L1i, L2, L3"


def test_lscpu_parsable_is_not_csv_in_compat() -> None:
    assert toolstub.synopsize(LSCPU_P, rules="openviking-compat").kind != "csv"


@pytest.mark.parametrize("text, want", [
    ("# name, age, city\nimport csv\nrows = [(1, 2, 3), (4, 5, 6)]\nfor a, b, c in rows:\n    print(a, b, c)\n", "code"),
    ("#!/bin/sh\n# usage: x a,b,c\nset -e\nfor f in a,b,c; do echo $f; done\n", "code"),
    ("# Shopping, for Sunday\nbuy milk, eggs, and bread\nthen call mum, dad, and Ann\n", "text"),
    ("# a,b,c\n# more, text\nx\n", "text"),
], ids=["python", "shell", "notes", "comments-only"])
def test_comment_look_alikes_keep_their_kind(text: str, want: str) -> None:
    assert kind(text) == want


LISTINGS = {
    "find-T+": "2026-12-04+10:11:14.5798262730 ./hosts\n2006-08-07+17:14:09.0000000000 ./host.conf\n"
               "2026-12-04+10:11:14.5798262730 ./hostname\n",
    "find-TS": "2025-06-24 14:36:30.0000000000 ./perl\n2026-05-20 16:27:29.0000000000 ./postgresql-common\n"
               "2021-04-10 20:00:00.0000000000 ./profile\n",
    "stat-y-n": "2006-08-07 17:14:09.000000000 +0000 host.conf\n2026-12-04 10:11:14.579826273 +0000 hostname\n"
                "2026-12-04 10:11:14.579826273 +0000 hosts\n",
    "stat-n-s-U-y": "pam.conf 552 root 2023-09-21 20:55:12.000000000 +0000\n"
                    "pam.d 4096 root 2026-12-04 13:22:45.256693228 +0000\n"
                    "passwd 1294 root 2026-12-04 13:22:45.858680858 +0000\n",
}


@pytest.mark.parametrize("name", sorted(LISTINGS))
def test_time_name_listings_are_text(name: str) -> None:
    assert kind(LISTINGS[name]) == "text"


@pytest.mark.parametrize("text", [
    "".join(f"2024-01-02 12:00:0{i}.12345678{i} +0000 UTC m=+0.00{i} request served\n" for i in range(5)),
    "".join(f"2024-01-02T12:00:0{i}.123456789Z GET /index.html 200\n" for i in range(5)),
    "".join(f"2024-01-02 12:00:0{i}.123456 INFO /var/lib/x{i}.db opened\n" for i in range(5)),
    "".join(f"2024-01-02 12:00:0{i}.123456789 +0000 level=info path=/x{i}\n" for i in range(5)),
    "2024-01-02+12:00:00.5 ./a\n2024-01-02 12:00:01 ERROR disk full\n",
], ids=["go-time", "docker-timestamps", "microseconds", "key-value", "mixed"])
def test_logs_with_stamps_stay_log(text: str) -> None:
    assert kind(text) == "log"
