"""issue 10 (detcmd): classes of live command output found by docs/probes/probe_detcmd.py, with look-alikes.

The inputs are short excerpts of real outputs of this machine's tools (jq over iso-codes' and pip's
JSON, kubectl --dry-run=client -o json); the look-alikes must keep their kind."""

from __future__ import annotations

import pytest

import toolstub

# `jq '."3166-1"[:3][] | {name, alpha_2, numeric}' iso_3166-1.json`: three objects, one after another
JQ_OBJECTS = """{
  "name": "Aruba",
  "alpha_2": "AW",
  "numeric": "533"
}
{
  "name": "Afghanistan",
  "alpha_2": "AF",
  "numeric": "004"
}
{
  "name": "Angola",
  "alpha_2": "AO",
  "numeric": "024"
}
"""

# `pip list --format=json | jq '.[:6][]'`
JQ_PIP = "".join(
    '{\n  "name": "%s",\n  "version": "%s"\n}\n' % nv
    for nv in (("aiobotocore", "3.10.0"), ("aiohappyeyeballs", "2.7.1"), ("aiohttp", "3.13.2"), ("aioitertools", "0.13.0"),
               ("aiosignal", "1.4.0"), ("annotated-types", "0.7.0"))
)

# `kubectl create deployment web --image=nginx --dry-run=client -o json | jq '.spec.template.spec.containers[], .metadata'`
JQ_TWO_FILTERS = """{
  "name": "nginx",
  "image": "nginx",
  "resources": {}
}
{
  "name": "web",
  "creationTimestamp": null,
  "labels": {
    "app": "web"
  }
}
"""

# `jq '."3166-1"[:2][] | [.name, .numeric]'`: arrays one after another
JQ_ARRAYS = '[\n  "Aruba",\n  "533"\n]\n[\n  "Afghanistan",\n  "004"\n]\n[\n  "Angola",\n  "024"\n]\n[\n  "Anguilla",\n  "660"\n]\n'


@pytest.mark.parametrize("content", [JQ_OBJECTS, JQ_PIP, JQ_TWO_FILTERS, JQ_ARRAYS], ids=["objects", "pip", "two_filters", "arrays"])
def test_jq_value_stream_is_json_described_as_a_stream(content):
    syn = toolstub.synopsize(content)
    assert syn.kind == "json"
    assert syn.summary[0] == "JSON value stream."
    n = content.count("\n}\n") + content.count("\n]\n")
    assert syn.summary[1] == f"values: {n}"
    assert syn.structure[0].startswith("shape: stream(")
    assert f"{n} JSON values one after another, not one document" in syn.notable_items


def test_stream_of_objects_lists_their_fields_as_records():
    syn = toolstub.synopsize(JQ_PIP)
    assert "records: 6 objects of all 6 items; fields: 2" in syn.structure
    assert "- name: string" in syn.structure and "- version: string" in syn.structure


# look-alikes that keep their kind
NDJSON = '{"name": "Aruba", "alpha_2": "AW"}\n{"name": "Afghanistan", "alpha_2": "AF"}\n{"name": "Angola", "alpha_2": "AO"}\n'
ONE_DOC = '{\n  "name": "web",\n  "labels": {\n    "app": "web"\n  }\n}\n'
# `node -p process.versions`: a JavaScript object literal, not JSON
NODE_VERSIONS = "{\n  node: '20.20.2',\n  acorn: '8.16.0',\n  ada: '2.9.2',\n  ares: '1.34.6',\n  brotli: '1.1.0'\n}\n"
# a JSON value followed by log lines is not a stream (something that is not JSON follows)
JSON_THEN_LOG = ONE_DOC + "2026-12-04 19:33:31 INFO server started\n2026-12-04 19:33:32 INFO listening on :8080\n"
# shell job lines and footnotes
FOOTNOTE = "[1] See the release notes for details.\n[2] Older versions are not supported.\n"


def test_look_alikes_keep_their_kind():
    assert toolstub.synopsize(NDJSON).kind == "ndjson"
    one = toolstub.synopsize(ONE_DOC)
    assert one.kind == "json" and one.summary[0] == "JSON object."
    assert not any("one after another" in n for n in one.notable_items)
    assert toolstub.synopsize(NODE_VERSIONS).kind == "text"
    assert toolstub.synopsize(JSON_THEN_LOG).kind == "text"
    assert toolstub.synopsize(FOOTNOTE).kind == "text"


def test_compat_keeps_the_seed_reading():
    syn = toolstub.synopsize(JQ_OBJECTS, rules="openviking-compat")
    assert syn.kind == "json" and syn.summary[0] == "JSON object."
    assert any(n.startswith("trailing_chars_after_first_json_value: ") for n in syn.notable_items)


# `diff -c <(ls /etc | head -40) <(ls /etc | head -50 | tail -45)`: a context diff
CONTEXT_DIFF = """*** /dev/fd/63\t2026-12-04 19:45:25.730964315 +0000
--- /dev/fd/62\t2026-12-04 19:45:25.730964315 +0000
***************
*** 1,8 ****
- PackageKit
- UPower
- X11
- adduser.conf
- alternatives
  apache2
  apparmor.d
  appstream.conf
--- 1,3 ----
***************
*** 38,40 ****
--- 33,45 ----
  gai.conf
  gdb
  gitconfig
+ glvnd
+ gprofng.rc
+ groff
+ group
+ group-
+ gshadow
+ gshadow-
+ gss
+ gtk-2.0
+ gtk-3.0
"""

# `diff -rc old/ new/` with changed lines (`!`) and an `Only in` line first
CONTEXT_DIFF_R = """Only in new: extra.txt
diff -rc old/words.txt new/words.txt
*** old/words.txt\t2026-12-04 19:50:01.000000000 +0000
--- new/words.txt\t2026-12-04 19:50:09.000000000 +0000
***************
*** 1,4 ****
  alpha
! beta
  gamma
  delta
--- 1,5 ----
  alpha
! BETA
  gamma
  delta
+ epsilon
"""

# `diff -ru old/ new/`: unified, opening with `Only in`
UNIFIED_DIFF_R = """Only in new: extra.txt
diff -ru old/words.txt new/words.txt
--- old/words.txt\t2026-12-04 19:50:01.000000000 +0000
+++ new/words.txt\t2026-12-04 19:50:09.000000000 +0000
@@ -1,4 +1,5 @@
 alpha
-beta
+BETA
 gamma
 delta
+epsilon
"""


def test_context_diff_is_a_diff_with_its_counts():
    syn = toolstub.synopsize(CONTEXT_DIFF)
    assert syn.kind == "diff"
    assert syn.summary[0] == "Diff of 1 file: +10 -5 lines in 2 hunks."
    assert syn.structure == ("M /dev/fd/62 (+10 -5, 2 hunks)",)
    assert syn.sample.startswith("***************\n*** 1,8 ****\n- PackageKit")


def test_recursive_diffs_opening_with_only_in_are_diffs():
    ctx = toolstub.synopsize(CONTEXT_DIFF_R)
    assert ctx.kind == "diff"
    assert ctx.summary[0] == "Diff of 1 file: +2 -1 lines in 1 hunk."  # `! beta` removed, `! BETA` and `+ epsilon` added
    assert ctx.structure == ("M new/words.txt (+2 -1, 1 hunk)",)
    uni = toolstub.synopsize(UNIFIED_DIFF_R)
    assert uni.kind == "diff" and uni.summary[0] == "Diff of 1 file: +2 -1 lines in 1 hunk."


# look-alikes: a C banner comment, an org-mode outline, prose opening with "Only in"
C_BANNER = """/***************
 * ring buffer *
 ***************/
#include <stdlib.h>

struct ring { int *data; size_t head, tail, cap; };

int ring_push(struct ring *r, int v) {
    if ((r->tail + 1) % r->cap == r->head) return -1;
    r->data[r->tail] = v;
    r->tail = (r->tail + 1) % r->cap;
    return 0;
}
"""
ORG = """*** TODO write the report
--- a note under it
***************
*** DONE send the mail
Some text about the mail.
"""
PROSE = "Only in rare cases: the cache is rebuilt when the index is stale.\n*** Note that this is slow.\n--- end of note\n"


def test_context_diff_look_alikes_keep_their_kind():
    assert toolstub.synopsize(C_BANNER).kind == "code"
    assert toolstub.synopsize(ORG).kind == "text"
    assert toolstub.synopsize(PROSE).kind == "text"


# `pprint.pprint([tuple(r) for r in rows])` and `pprint.pprint(dict((r[0], r[1:]) for r in rows))` of
# `dpkg-query -W -f='${Package}\t${Version}\t${Installed-Size}\n'` rows: Python reprs, not CSV
_PKGS = (("adduser", "3.134", "686"), ("adwaita-icon-theme", "43-1", "20899"), ("alsa-topology-conf", "1.2.5.1-2", "420"),
         ("alsa-ucm-conf", "1.2.8-1", "689"), ("appstream", "0.16.1-2", "2502"), ("apt", "2.6.1", "4232"),
         ("apt-transport-https", "2.6.1", "35"), ("at-spi2-common", "2.46.0-5", "1313"),
         ("at-spi2-core", "2.46.0-5", "210"), ("avahi-daemon", "0.8-10+deb12u1", "267"), ("avahi-utils", "0.8-10+deb12u1", "149"), ("base-files", "12.4+deb12u11", "341"))
PPRINT_TUPLES = "[" + ",\n ".join(repr(p) for p in _PKGS) + "]\n"
PPRINT_DICT = "{" + ",\n ".join(f"{p[0]!r}: {list(p[1:])!r}" for p in _PKGS) + "}\n"


def test_printed_python_collections_are_not_csv():
    assert PPRINT_TUPLES.startswith("[('adduser', '3.134', '686'),\n ('adwaita-icon-theme', '43-1', '20899'),")
    assert PPRINT_DICT.startswith("{'adduser': ['3.134', '686'],\n 'adwaita-icon-theme': ['43-1', '20899'],")
    for content in (PPRINT_TUPLES, PPRINT_DICT):
        assert toolstub.synopsize(content).kind not in ("csv", "tsv")


# look-alikes that stay CSV: parenthesised and quoted cells, negative numbers, tuples of numbers in quotes
CSV_LOOK_ALIKES = {
    "tz": 'zone,offset,label\n"(GMT+01:00) Berlin",+0100,CET\n"(GMT+02:00) Athens",+0200,EET\n"(GMT-05:00) New York",-0500,EST\n'
          '"(GMT+09:00) Tokyo",+0900,JST\n"(GMT+00:00) London",+0000,GMT\n',
    "quoted": 'name,version,summary\n"adduser","3.134","add and remove users and groups"\n"apt","2.6.1","commandline package manager"\n'
              '"bash","5.2.15-2+b7","GNU Bourne Again SHell"\n"curl","7.88.1-10","command line tool for transferring data"\n',
    "numbers": "x,y,z\n-1.5,2.0,3\n-0.25,4.5,-6\n7,-8.125,9\n10,11,-12\n",
    "points": 'id,start,end\n1,"(1, 2)","(3, 4)"\n2,"(5, 6)","(7, 8)"\n3,"(9, 10)","(11, 12)"\n4,"(13, 14)","(15, 16)"\n',
    "quotes_in_text": "id,title,author\n1,'Twas the night,Clement Moore\n2,O'Neill's plays,Eugene O'Neill\n3,Rock 'n' roll,Various\n"
                      "4,It's late,Someone\n",
}


@pytest.mark.parametrize("name", sorted(CSV_LOOK_ALIKES))
def test_csv_look_alikes_stay_csv(name):
    assert toolstub.synopsize(CSV_LOOK_ALIKES[name]).kind == "csv"


# listings whose rows carry times: text, though most lines hold a timestamp
PS_EF = """UID        PID  PPID  C STIME TTY          TIME CMD
root         1     0  0 10:11 ?        00:01:44 /process_api --firecracker-init --addr 0.0.0.0:2024
root         2     0  0 10:11 ?        00:00:00 [kthreadd]
root         3     2  0 10:11 ?        00:00:00 [pool_workqueue_release]
root         4     2  0 10:11 ?        00:00:00 [kworker/R-rcu_gp]
root         5     2  0 10:11 ?        00:00:00 [kworker/R-sync_wq]
root         6     2  0 10:11 ?        00:00:00 [kworker/R-kvfree_rcu_reclaim]
"""
PS_LSTART = """  PID                  STARTED CMD
    1 Fri Dec  4 10:11:13 2026 /process_api --firecracker-init --addr 0.0.0.0:2024
    2 Fri Dec  4 10:11:13 2026 [kthreadd]
    3 Fri Dec  4 10:11:13 2026 [pool_workqueue_release]
    4 Fri Dec  4 10:11:13 2026 [kworker/R-rcu_gp]
"""
PS_ETIME = """  PID USER         ELAPSED     TIME COMMAND
    1 root        09:45:49 00:01:44 process_api
    2 root        09:45:49 00:00:00 kthreadd
    3 root        09:45:49 00:00:00 pool_workqueue_release
    4 root        09:45:49 00:00:00 kworker/R-rcu_gp
"""
LS_LT = """total 12924
drwx------  6 root root     4096 19:57:02 bash_jobs.0
drwx--x--x  2 root root     4096 19:57:02 bash_tool_ac433a5c
drwx--x--x  2 root root     4096 19:56:56 bash_tool_98d06a82
drwxr-xr-x  4 root root     4096 19:56:54 detcmd-probe
drwx------  2 root root     4096 19:56:42 tmpp02ufurr
"""
W = """ 19:57:02 up  9:45,  0 user,  load average: 4.75, 4.51, 4.59
USER     TTY      FROM             LOGIN@   IDLE   JCPU   PCPU WHAT
"""


@pytest.mark.parametrize("content", [PS_EF, PS_LSTART, PS_ETIME, LS_LT, W], ids=["ps_ef", "ps_lstart", "ps_etime", "ls_lt", "w"])
def test_listings_with_times_are_text(content):
    assert toolstub.synopsize(content).kind == "text"


# look-alikes that stay logs: syslog records, a log whose first words are capitals, kubectl events, glog
LOG_LOOK_ALIKES = {
    "syslog": "Dec  4 10:11:13 vm systemd[1]: Started Daily apt download activities.\n"
              "Dec  4 10:11:14 vm CRON[812]: (root) CMD (command -v debian-sa1 > /dev/null && debian-sa1 1 1)\n"
              "Dec  4 10:11:15 vm kernel: [    0.262018] pid_max: default: 32768 minimum: 301\n",
    "user_header": "USER LOGIN FAILED for demo\n2026-12-04 10:11:13 WARN auth: bad password for demo\n"
                   "2026-12-04 10:11:14 ERROR auth: account locked: demo\n2026-12-04 10:11:15 INFO auth: unlocked by admin\n",
    "kubectl_events": "LAST SEEN   TYPE      REASON      OBJECT            MESSAGE\n"
                      "2m          Normal    Scheduled   pod/web-5d8f7     Successfully assigned default/web-5d8f7 to node-1\n"
                      "2m          Normal    Pulling     pod/web-5d8f7     Pulling image \"nginx\"\n"
                      "1m          Warning   BackOff     pod/web-5d8f7     Back-off restarting failed container\n",
    "glog": "I0512 10:00:01.123456    42 server.go:87] Listening on :8080\n"
            "W0512 10:00:02.000001    42 cache.go:19] cache miss rate 0.93\n"
            "E0512 10:00:03.500000    42 db.go:211] connection refused: 10.0.0.7:5432\n",
}


@pytest.mark.parametrize("name", sorted(LOG_LOOK_ALIKES))
def test_log_look_alikes_stay_logs(name):
    assert toolstub.synopsize(LOG_LOOK_ALIKES[name]).kind == "log"


# `git blame -s README.md | head -20` (this repository): annotated lines of a Markdown file
BLAME_S = """\
^6877d85   1) # toolstub
^6877d85   2) 
^6877d85   3) Keep huge AI-agent tool outputs out of the model's context without losing them.
e1692cae   4) 
e1692cae   5) An agent's tools return 10 MB API responses, CSV exports, build logs, source files. Put them in
e1692cae   6) the context and they crowd out everything else; cut them and the data is gone. **toolstub**
e1692cae   7) stores the raw output whole, puts a short, *typed, deterministic* synopsis (a "stub") in its place
e1692cae   8) (JSON shape, CSV columns, YAML keys, XML root and children, code imports and symbols, log levels
e1692cae   9) and the first error line, diff files, markdown outline, text headers and excerpts, or a head/tail
e1692cae  10) sample for what cannot be typed), and gives the model tools to **read, search, list and query**
e1692cae  11) the original by ref. Python library, CLI, HTTP API and MCP server; kinds are pluggy plugins,
e1692cae  12) caps and detection are rule-file data.
^6877d85  13) 
a7526c9e  14) The source folder `engine/` is installed as the package `toolstub` (`plugins/` as
a7526c9e  15) `toolstub.plugins`, `rules/` as `toolstub.rules`): `engine/store/session.py` is
a7526c9e  16) `toolstub.store.session`. The layers and where to add a kind, a rule, a store backend, an
a7526c9e  17) adapter or a route: [docs/architecture.md](docs/architecture.md).
a7526c9e  18) 
^6877d85  19) ## Quick start
^6877d85  20) 
"""
_DATES = {"^6877d85": "2026-12-02 15:09:18", "e1692cae": "2026-12-02 16:03:51", "a7526c9e": "2026-12-03 08:18:25"}
# the same lines as plain `git blame README.md` prints them (author and date in the annotation)
BLAME = "".join(
    f"{line[:8]} (Seed a270a166 maintainers {_DATES[line[:8].strip()]} +0000 {line[9:]}" for line in BLAME_S.splitlines(keepends=True)
)
README_HEAD = "".join(line.split(") ", 1)[1] if ") " in line else "\n" for line in BLAME_S.splitlines(keepends=True))


def test_git_blame_of_markdown_is_text():
    assert BLAME.startswith("^6877d85 (Seed a270a166 maintainers 2026-12-02 15:09:18 +0000   1) # toolstub\n")
    for content in (BLAME, BLAME_S):
        assert toolstub.synopsize(content).kind == "text"


def test_blamed_file_itself_keeps_its_kind():
    assert README_HEAD.startswith("# toolstub\n\nKeep huge AI-agent tool outputs")
    assert toolstub.synopsize(README_HEAD).kind == "markdown"


# coloured JSON: `jq -C '.[:1]'` and `jq -C -c '.[:3][] | {alpha_2, name}'` over iso_3166-1.json
_K, _S, _P, _R = "\x1b[34;1m", "\x1b[0;32m", "\x1b[1;39m", "\x1b[0m"
JQ_COLOUR = (f'{_P}[\n  {_P}{{\n    {_R}{_K}"alpha_2"{_R}{_P}: {_R}{_S}"AW"{_R}{_P},\n    {_R}{_K}"name"{_R}{_P}: {_R}{_S}"Aruba"{_R}{_P},\n'
             f'    {_R}{_K}"numeric"{_R}{_P}: {_R}{_S}"533"{_R}{_P}\n  {_P}}}{_R}{_P}\n{_P}]{_R}\n')
JQ_COLOUR_LINES = "".join(
    f'{_P}{{{_R}{_K}"alpha_2"{_R}{_P}:{_R}{_S}"{code}"{_R}{_P},{_R}{_K}"name"{_R}{_P}:{_R}{_S}"{name}"{_R}{_P}{_P}}}{_R}\n'
    for code, name in (("AW", "Aruba"), ("AF", "Afghanistan"), ("AO", "Angola"))
)


def test_coloured_json_is_read_as_printed():
    assert JQ_COLOUR.startswith('\x1b[1;39m[\n  \x1b[1;39m{\n    \x1b[0m\x1b[34;1m"alpha_2"')
    syn = toolstub.synopsize(JQ_COLOUR)
    assert syn.kind == "json" and syn.summary == ("JSON array.", "array length: 1")
    assert '[0].name: "Aruba"' in syn.notable_items
    lines = toolstub.synopsize(JQ_COLOUR_LINES)
    assert lines.kind == "ndjson" and lines.summary == ("NDJSON (JSON Lines) with 3 records.", "keys: alpha_2, name")


def test_coloured_look_alikes_keep_their_kind():
    coloured_log = "".join(f"\x1b[31m[ERROR]\x1b[0m 2026-12-04 10:11:1{i} worker {i}: connection refused\n" for i in range(4))
    assert toolstub.synopsize(coloured_log).kind == "log"
    coloured_ls = "".join(f"drwxr-xr-x 2 root root 4096 Dec  4 10:11 \x1b[01;34m{d}\x1b[0m\n" for d in ("apt", "cron.d", "default", "dpkg"))
    assert toolstub.synopsize("total 16\n" + coloured_ls).kind == "text"
    # compat reads the escapes as the seed did: not JSON
    assert toolstub.synopsize(JQ_COLOUR, rules="openviking-compat").kind != "json"
