"""Probe (issue 10): live command output an agent produces, labelled by the rules of tests/accuracy/real_corpus.py.

Exploration tool, not a test. Runs ~200 real commands on this machine (fixtures it needs are made under OUT:
a sqlite db, a tiny pytest project, a C file with errors, a cmake project, a self-signed cert, a local
http.server), labels each output with the corpus's rule (written beside it: listings/tables of aligned columns
and --help pages are text, build/test/run logs and tracebacks are log, du/`@tsv`/`--format` with tabs are tsv,
whole JSON is json, one object a line is ndjson, patches are diff), and measures toolstub.synopsize(text).kind
with the default ruleset. A label "a|b" accepts either; the genuinely ambiguous outputs (rule "ambiguous") are counted
apart. Outputs identical to a corpus case (by hash) are skipped.

    python docs/probes/probe_detcmd.py [--out /tmp/detcmd-probe] [--repo /work/main] [--corpus-cache .cache]
                                       [--only-misses] [--cached]

Writes OUT/result.json and each miss's content to OUT/miss/NNN.txt.
"""
import argparse, hashlib, json, os, shutil, socket, subprocess, sys, textwrap, time
from collections import Counter
from pathlib import Path

ap = argparse.ArgumentParser()
ap.add_argument("--out", default="/tmp/detcmd-probe")
ap.add_argument("--repo", default="/work/main")
ap.add_argument("--corpus-cache", default=str(Path(__file__).resolve().parents[2] / ".cache"))
ap.add_argument("--cached", action="store_true", help="reuse OUT/outputs.json instead of running the commands")
ap.add_argument("--only-misses", action="store_true")
args = ap.parse_args()
OUT = Path(args.out); OUT.mkdir(parents=True, exist_ok=True)
FX = OUT / "fx"; FX.mkdir(exist_ok=True)
PY = sys.executable
REPO = args.repo
STDLIB = Path(os.__file__).parent

# -- fixtures -------------------------------------------------------------------------------------------
def fixtures():
    import sqlite3
    db = FX / "demo.db"
    if not db.exists():
        con = sqlite3.connect(db)
        con.execute("create table pkg(name text, version text, size integer, section text)")
        rows = subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${Version}\t${Installed-Size}\t${Section}\n"],
                              capture_output=True, text=True).stdout.splitlines()[:60]
        con.executemany("insert into pkg values (?,?,?,?)", [r.split("\t") for r in rows if r.count("\t") == 3])
        con.commit(); con.close()
    (FX / "pkgs.tsv").write_text(subprocess.run(["dpkg-query", "-W", "-f=${Package}\t${Version}\t${Installed-Size}\n"],
                                                capture_output=True, text=True).stdout)
    proj = FX / "pyproj"; proj.mkdir(exist_ok=True)
    (proj / "test_calc.py").write_text(textwrap.dedent('''\
        import json, pytest
        def add(a, b): return a + b
        def test_add(): assert add(2, 3) == 5
        def test_sub(): assert add(2, -3) == -1
        @pytest.mark.parametrize("n", [1, 2, 3])
        def test_param(n): assert n > 0
        def test_fail(): assert add(2, 2) == 5, "arith"
        def test_json(): json.loads("{bad")
        @pytest.mark.skip(reason="not here")
        def test_skip(): pass
        '''))
    (proj / "test_ok.py").write_text("def test_a():\n    assert 1\n\ndef test_b():\n    assert [1] == [1]\n")
    (proj / "crash.py").write_text("import json\n\ndef load(p):\n    with open(p) as f:\n        return json.load(f)\n\n"
                                   "def main():\n    return load('/etc/hostname')\n\nmain()\n")
    (proj / "prof.py").write_text("import json, re\nfor i in range(2000):\n    json.dumps({'a': [i] * 5})\n    re.sub('a', 'b', 'abc' * 5)\n")
    c = FX / "c"; c.mkdir(exist_ok=True)
    (c / "bad.c").write_text('#include <stdio.h>\nint f(int x) { int y; return x; }\nint main(void) {\n  char *p = 5;\n'
                             '  printf("%d\\n", "s");\n  undefined_fn(3);\n  return 0\n}\n')
    (c / "ok.c").write_text('#include <stdio.h>\nint main(void) { puts("hi"); return 0; }\n')
    (c / "Makefile").write_text("CFLAGS=-Wall -O2\nall: ok bad\nok: ok.o\n\t$(CC) -o $@ $^\nbad: bad.o\n\t$(CC) -o $@ $^\n"
                                "clean:\n\trm -f *.o ok bad\n")
    (c / "CMakeLists.txt").write_text("cmake_minimum_required(VERSION 3.10)\nproject(demo C)\nadd_executable(ok ok.c)\n")
    if not (FX / "cert.pem").exists():
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(FX / "key.pem"), "-out",
                        str(FX / "cert.pem"), "-days", "30", "-subj", "/C=DE/O=Demo/CN=demo.local"], capture_output=True)
    g = FX / "git"
    if not g.exists():
        subprocess.run(["git", "clone", "-q", "--no-local", REPO, str(g)], capture_output=True)

def free_port():
    s = socket.socket(); s.bind(("127.0.0.1", 0)); p = s.getsockname()[1]; s.close(); return p

# -- commands: (expected kind, rule applied, shell command, with stderr) -----------------------------------
T_LIST = "listing / aligned table / key: value report: text (src_commands: ls, df, ps, dpkg -l, pip list)"
T_HELP = "--help / usage page: text (src_listings)"
T_REC = "deb822 / header-field records: text (src_commands: apt-cache show, dpkg -s, pip show)"
T_GITTXT = "git log / --stat / --oneline: text (src_git)"
L_RUN = "build/test/run log, traceback, diagnostics: log (src_python_runs, src_run_logs)"
J = "whole JSON document: json"
ND = "one JSON value a line: ndjson"
TSV = "rows of tab-separated cells: tsv (du, @tsv, --format with %x09)"
CSV = "rows of comma-separated cells with a header: csv"
D = "patch with hunks: diff (src_git show / log -p / diff)"
Y = "YAML document: yaml"
HEX = "hex dump / base64: text (printable listing of bytes)"
AMB = "ambiguous: either accepted"

def cmds(port):
    db = FX / "demo.db"; pj = FX / "pyproj"; c = FX / "c"; g = FX / "git"
    pyt = f"cd {pj} && PYTEST_DISABLE_PLUGIN_AUTOLOAD=1 {PY} -m pytest -p no:cacheprovider"
    L = []
    def a(kind, rule, cmd, err=False): L.append((kind, rule, cmd, err))
    for d in ("/usr/share/doc/git", "/etc/apt", "/usr/lib/python3/dist-packages", "/var/lib/dpkg/info", "/usr/share/zoneinfo"):
        a("text", T_LIST, f"ls -la {d} | head -120")
        a("text", T_LIST, f"ls -lh --time-style=+%Y-%m-%d {d} | head -80")
    a("text", T_LIST, "ls -R /etc/apt /etc/ssl 2>/dev/null | head -150")
    a("text", T_LIST, "ls -1 /usr/bin | head -200")
    a("text", T_LIST, "ls -i /etc | head -100")
    a("text", T_LIST, "ls -lS /usr/lib/x86_64-linux-gnu | head -60")
    a("text", T_LIST, "find /etc/apt /etc/default -ls 2>/dev/null | head -100")
    a("text", T_LIST, "find /usr/share/doc -name '*.gz' -size +20k | head -100")
    a("text", T_LIST, "find /usr/share/doc -maxdepth 1 -printf '%TY-%Tm-%Td %p\\n' | head -100")
    a("tsv", TSV, "find /usr/share/doc -maxdepth 1 -printf '%s\\t%p\\n' | head -100")
    a("text", T_LIST, "stat /etc/passwd /usr/bin/ls /tmp")
    a("text", T_LIST, "stat -c '%n %s %U %y' /etc/* 2>/dev/null | head -60")
    a("text", T_LIST, "file /usr/bin/* 2>/dev/null | head -80")
    a("text", T_LIST, "ps aux | head -60")
    a("text", T_LIST, "ps -ef | head -60")
    a("text", T_LIST, "ps -eo pid,ppid,user,%cpu,%mem,etime,args --sort=-%mem | head -40")
    a("text", T_LIST, "ps axjf | head -50")
    a("text", T_LIST, "top -b -n1 | head -50")
    a("text", T_LIST, "df -h"); a("text", T_LIST, "df -T -i")
    a("text", T_LIST, "free -m"); a("text", T_LIST, "free -h -w -t")
    a("text", T_LIST, "mount | head -60"); a("text", T_LIST, "cat /proc/mounts | head -60")
    a("text", T_LIST, "ip addr"); a("text", T_LIST, "ip -br addr"); a("text", T_LIST, "ip route; ip -6 route")
    a("text", T_LIST, "ip link")
    a("text", T_LIST, "ss -tulpn 2>/dev/null"); a("text", T_LIST, "ss -s"); a("text", T_LIST, "netstat -rn 2>/dev/null")
    a("text", T_LIST, "netstat -tan 2>/dev/null | head -60")
    a("text", T_LIST, "env | sort"); a("text", T_LIST, "printenv PATH HOME LANG SHELL"); a("text", T_LIST, "id; groups; whoami")
    a("text", T_LIST, "uname -a"); a("text", T_LIST, "lscpu"); a("text", T_LIST, "lscpu -e")
    a("text", T_LIST, "lsblk 2>&1"); a("text", T_LIST, "cat /proc/cpuinfo | head -60"); a("text", T_LIST, "cat /proc/meminfo")
    a("text", T_LIST, "cat /etc/os-release"); a("text", T_LIST, "locale"); a("text", T_LIST, "locale -a")
    a("text", T_LIST, "timedatectl 2>&1"); a("text", T_LIST, "hostnamectl 2>&1"); a("text", T_LIST, "uptime; w")
    a("text", T_LIST, "systemctl list-units --no-pager 2>&1 | head -60")
    a("text|log", AMB, "systemctl status --no-pager 2>&1 | head -60")
    a("text|log", AMB + " (no journal here: a 2-line message)", "journalctl --no-pager -n 80 2>&1")
    a("text", T_LIST, "cat /proc/self/status"); a("text", T_LIST, "ulimit -a"); a("text", T_LIST, "getent passwd | head -40")
    a("text", T_LIST, "cat /proc/self/limits"); a("text", T_LIST, "vmstat 1 2 2>&1"); a("text", T_LIST, "cat /proc/loadavg /proc/version")
    a("text", T_LIST, "sysctl -a 2>/dev/null | head -120")
    a("text", T_LIST, "dpkg -l | head -150"); a("text", T_LIST, "dpkg -l 'lib*' | tail -80")
    a("text", T_LIST, "dpkg -L bash"); a("text", T_REC, "dpkg -s git"); a("text", T_REC, "dpkg -s coreutils libc6")
    a("text", T_LIST, "dpkg --get-selections | head -120")
    a("text", T_LIST, "apt list --installed 2>/dev/null | head -120")
    a("text", T_REC, "apt-cache show --no-all-versions make"); a("text", T_REC, "apt-cache show --no-all-versions sqlite3 openssl")
    a("text", T_LIST, "apt-cache policy git bash"); a("text", T_LIST, "apt-cache policy | head -40")
    a("text", T_LIST, "apt-cache depends git"); a("text", T_LIST, "apt-cache rdepends --no-recommends libjq1 | head -40")
    a("text", T_LIST, "apt-cache search --names-only '^python3-' | head -80")
    a("text", T_LIST, "apt-cache showpkg jq | head -60")
    a("text", T_LIST, "apt-cache stats")
    a("text", T_LIST, f"{PY} -m pip list --disable-pip-version-check")
    a("text", T_LIST, f"{PY} -m pip list --format=columns -o --disable-pip-version-check 2>/dev/null || true")
    a("text", T_LIST, f"{PY} -m pip freeze --disable-pip-version-check")
    a("json", J, f"{PY} -m pip list --format=json --disable-pip-version-check")
    a("text", T_REC, f"{PY} -m pip show pytest hypothesis --disable-pip-version-check")
    a("text", T_REC, f"{PY} -m pip show -f httpx --disable-pip-version-check | head -80")
    a("json", J, f"{PY} -m pip inspect --disable-pip-version-check 2>/dev/null | head -c 60000 | {PY} -c 'import sys,json; d=json.loads(sys.stdin.read()+\"\" ) if 0 else None' ; {PY} -m pip inspect --disable-pip-version-check 2>/dev/null | jq '.installed[:5]'")
    a("text", T_LIST, f"{PY} -m pip check --disable-pip-version-check")
    a("text", T_HELP, f"{PY} -m pip --help"); a("text", T_HELP, f"{PY} -m pip download --help")
    a("text", T_LIST, f"{PY} -m pip config list -v --disable-pip-version-check")
    a("text", T_LIST, f"{PY} -m pip debug --verbose 2>/dev/null | head -80")
    a("text", T_LIST, f"{PY} -m site"); a("text", T_LIST, f"{PY} -VV; {PY} -c 'import sys; print(sys.path)'")
    a("text", T_LIST, "npm ls -g 2>&1 | head -60"); a("json", J, "npm ls -g --json 2>/dev/null")
    a("text", T_LIST, "npm config ls 2>&1"); a("text", T_HELP, "npm help 2>&1"); a("text", T_HELP, "npm install --help 2>&1")
    a("text|code", AMB + " (a JS object literal)", "npm -v; node -v; node -p process.versions")
    a("json", J, "node -p 'JSON.stringify(process.versions, null, 2)'")
    a("text", T_LIST, "node -p 'process.config' | head -80")
    for n in (5, 20, 60):
        a("text", T_GITTXT, f"git -C {g} log -n {n}")
        a("text", T_GITTXT, f"git -C {g} log --oneline -n {n * 3}")
        a("text", T_GITTXT, f"git -C {g} log --stat -n {n // 5 + 1}")
    a("text", T_GITTXT, f"git -C {g} log --graph --oneline --decorate --all -n 80")
    a("text", T_GITTXT, f"git -C {g} log --graph -n 8")
    a("text", T_GITTXT, f"git -C {g} log --pretty=fuller -n 6")
    a("text", T_GITTXT, f"git -C {g} log --format='%h %an %ar %s' -n 60")
    a("tsv", TSV, f"git -C {g} log --format='%h%x09%an%x09%s' -n 60")
    a("tsv", TSV, f"git -C {g} log --numstat --format= -n 30")
    a("text", T_GITTXT, f"git -C {g} log --name-status -n 6")
    a("text", T_GITTXT, f"git -C {g} shortlog -sn HEAD"); a("text", T_GITTXT, f"git -C {g} shortlog -n 30 HEAD | head -80")
    a("text", T_GITTXT, f"git -C {g} show --stat HEAD~2"); a("diff", D, f"git -C {g} show HEAD~1 | head -400")
    a("diff", D, f"git -C {g} show --format=fuller HEAD~4 | head -300")
    a("diff", D, f"git -C {g} diff HEAD~3 HEAD | head -400"); a("text", T_GITTXT, f"git -C {g} diff --stat HEAD~8 HEAD")
    a("text", T_GITTXT, f"git -C {g} diff --shortstat HEAD~8 HEAD; git -C {g} diff --dirstat HEAD~8 HEAD")
    a("tsv", TSV + ": status TAB path", f"git -C {g} diff --name-status HEAD~8 HEAD")
    a("diff", D, f"git -C {g} diff --word-diff HEAD~2 HEAD | head -200")
    a("diff", D, f"git -C {g} format-patch -1 --stdout HEAD~2 | head -300")
    a("text", "git blame annotations: text (text_line_pattern)", f"git -C {g} blame README.md | head -120")
    a("text", "git blame annotations: text", f"git -C {g} blame -L 1,80 engine/claims.py")
    a("text", T_LIST, f"git -C {g} status; git -C {g} status -sb")
    a("text", T_LIST, f"git -C {g} branch -vv -a"); a("tsv", TSV + ": name TAB url", f"git -C {g} remote -v; git -C {g} tag -n | head")
    a("tsv", TSV + ": fields TAB path", f"git -C {g} ls-files -s | head -120"); a("tsv", TSV + ": fields TAB path", f"git -C {g} ls-tree -r -l HEAD | head -120")
    a("text", T_LIST, f"git -C {g} reflog -n 40"); a("text", T_LIST, f"git -C {g} cat-file -p HEAD")
    a("text", T_LIST, f"git -C {g} count-objects -v; git -C {g} config -l")
    a("text", T_LIST, f"git -C {g} grep -n 'def ' -- '*.py' | head -120")
    a("text", T_LIST, f"grep -rn 'import ' {g}/plugins | head -100")
    a("text", T_LIST, f"grep -c '' {g}/plugins/*.py"); a("text", T_LIST, f"grep -rl yaml {g}/docs | head")
    a("text", T_LIST, f"wc -l {g}/plugins/*.py"); a("text", T_LIST, f"wc {g}/docs/*.md")
    a("text", T_LIST, "cut -d: -f7 /etc/passwd | sort | uniq -c | sort -rn")
    a("text", T_LIST, f"cat {g}/docs/*.md | tr -cs A-Za-z '\\n' | sort | uniq -c | sort -rn | head -60")
    a("tsv", TSV, "du -a --max-depth=1 /usr/share/doc | head -120"); a("tsv", TSV, "du -h --max-depth=1 /usr/lib 2>/dev/null")
    a("tsv", TSV, "du -sh /usr/share/* 2>/dev/null | head -60")
    a("text", HEX, "xxd /usr/bin/true | head -60"); a("text", HEX, "xxd /etc/passwd | head -40")
    a("text", HEX, "hexdump -C /usr/bin/true | head -60"); a("text", HEX, "od -c /etc/hostname /etc/os-release | head -40")
    a("text", HEX, "od -A x -t x1z /usr/bin/true | head -50"); a("text", HEX, "base64 /usr/bin/true | head -60")
    a("text", HEX, "base64 /etc/os-release"); a("code", "xxd -i writes a C array: code", "xxd -i /etc/hostname | head -30")
    a("text", HEX, "sha256sum /usr/bin/* 2>/dev/null | head -60"); a("text", HEX, "md5sum /etc/*.conf 2>/dev/null")
    a("text", T_HELP, "ls --help"); a("text", T_HELP, "curl --help all | head -120"); a("text", T_HELP, "openssl help 2>&1")
    a("text", T_HELP, "docker --help"); a("text", T_HELP, "docker run --help | head -120"); a("text", T_HELP, "kubectl --help")
    a("text", T_HELP, "kubectl get --help"); a("text", T_HELP, "jq --help"); a("text", T_HELP, "sqlite3 -help 2>&1")
    a("text", T_HELP, "gcc --help"); a("text", T_HELP, "cmake --help | head -100"); a("text", T_HELP, "git help -a | head -120")
    a("text", T_HELP, f"{PY} -m pytest --help | head -150"); a("text", T_HELP, "ssh -h 2>&1 || true"); a("text", T_HELP, "systemctl --help")
    a("text", T_HELP, "make --help"); a("text", T_HELP, "node --help | head -100"); a("text", T_HELP, "tar --usage")
    a("text", T_LIST, "docker version 2>&1"); a("text", T_LIST, "kubectl version --client 2>&1")
    a("yaml", Y, "kubectl create deployment web --image=nginx --replicas=2 --dry-run=client -o yaml 2>&1")
    a("json", J, "kubectl create deployment web --image=nginx --dry-run=client -o json 2>&1")
    a("yaml", Y, "kubectl create configmap cfg --from-file=/etc/os-release --dry-run=client -o yaml 2>&1")
    a("yaml", Y, "kubectl config view 2>&1")
    a("log", "glog E1204 lines + error: log", "kubectl api-versions 2>&1 | head -5 || true")
    # JSON tools
    a("json", J, f"{PY} -m json.tool /usr/share/iso-codes/json/iso_3166-1.json | head -c 30000 > /dev/null; {PY} -m json.tool {g}/package.json 2>/dev/null || {PY} -m pip list --format=json --disable-pip-version-check | {PY} -m json.tool")
    a("json", J, "jq '.\"3166-1\"[:20]' /usr/share/iso-codes/json/iso_3166-1.json")
    a("ndjson", ND, "jq -c '.\"3166-1\"[:40][]' /usr/share/iso-codes/json/iso_3166-1.json")
    a("text", T_LIST, "jq -r '.\"3166-1\"[:80][].name' /usr/share/iso-codes/json/iso_3166-1.json")
    a("tsv", TSV, "jq -r '.\"3166-1\"[:80][] | [.alpha_2, .alpha_3, .name] | @tsv' /usr/share/iso-codes/json/iso_3166-1.json")
    a("csv", CSV, "jq -r '.\"3166-1\"[:80][] | [.alpha_2, .alpha_3, .name] | @csv' /usr/share/iso-codes/json/iso_3166-1.json")
    a("json|text", "jq stream opening with a scalar: " + AMB, "jq '.\"3166-1\" | map(select(.alpha_2 | startswith(\"D\"))) | length, .[0]' /usr/share/iso-codes/json/iso_3166-1.json")
    a("json", J, "jq -c '.\"3166-1\"[:30]' /usr/share/iso-codes/json/iso_3166-1.json")
    a("json", J, "jq 'keys' /usr/share/iso-codes/json/iso_639-3.json")
    a("yaml", Y, "jq '.\"3166-1\"[:15]' /usr/share/iso-codes/json/iso_3166-1.json | yq -y .")
    a("yaml", Y, f"{PY} -m pip list --format=json --disable-pip-version-check | yq -y '.[:30]'")
    a("json", J, f"kubectl create deployment web --image=nginx --dry-run=client -o yaml | yq .")
    a("ndjson", ND, f"{PY} -m pip list --format=json --disable-pip-version-check | jq -c '.[]'")
    JS = "a stream of whole JSON values one after another (jq prints them so): json|ndjson"
    iso = "/usr/share/iso-codes/json/iso_3166-1.json"
    a("json|ndjson", JS, f"jq '.\"3166-1\"[:6][]' {iso}")
    a("json|ndjson", JS, f"jq '.\"3166-1\"[:8][] | {{name, alpha_2}}' {iso}")
    a("json|ndjson", JS, f"jq '.\"3166-1\"[:4][] | [.name, .numeric]' {iso}")
    a("json|ndjson", JS, "jq '.\"639-3\"[:10][]' /usr/share/iso-codes/json/iso_639-3.json")
    a("json|ndjson", JS, f"jq '.\"3166-1\"[0], .\"3166-1\"[1:3]' {iso}")
    a("json|ndjson", JS, f"{PY} -m pip list --format=json --disable-pip-version-check | jq '.[:12][]'")
    a("json|ndjson", JS, f"{PY} -m pip inspect --disable-pip-version-check 2>/dev/null | jq '.installed[:3][] | .metadata | {{name, version, summary}}'")
    a("json|ndjson", JS, "npm ls -g --json 2>/dev/null | jq '.dependencies | to_entries[] | {name: .key, version: .value.version}'")
    a("json|ndjson", JS, "kubectl create deployment web --image=nginx --dry-run=client -o json | jq '.spec.template.spec.containers[], .metadata'")
    a("text", T_LIST + " (jq -r strings)", f"jq -r '.\"3166-1\"[:30][] | .official_name // .name' {iso}")
    a("json", J, "curl -s http://127.0.0.1:%d/demo.json" % port)
    a("log|text", AMB, "curl -v -s -o /dev/null http://127.0.0.1:%d/ 2>&1" % port)
    a("text", T_LIST, "curl -sI http://127.0.0.1:%d/" % port)
    a("html", "HTML page: html", "curl -s http://127.0.0.1:%d/" % port)
    # sqlite3
    q = "select name, version, size, section from pkg order by size desc limit 25"
    a("csv", CSV, f"sqlite3 -csv -header {db} '{q}'"); a("csv", CSV, f"sqlite3 -csv {db} '{q}'")
    a("json", J, f"sqlite3 -json {db} '{q}'"); a("text", T_LIST, f"sqlite3 -line {db} '{q}'")
    a("text", T_LIST, f"sqlite3 -box {db} '{q}'"); a("text", T_LIST, f"sqlite3 -column -header {db} '{q}'")
    a("text", T_LIST, f"sqlite3 -table {db} '{q}'"); a("markdown|text", AMB, f"sqlite3 -markdown {db} '{q}'")
    a("text", T_LIST, f"sqlite3 {db} '{q}'")  # list mode, | separated
    a("tsv", TSV, f"sqlite3 -tabs -header {db} '{q}'"); a("html", "HTML table rows: html", f"sqlite3 -html {db} '{q}'")
    a("code", "SQL dump: code", f"sqlite3 {db} .dump | head -60"); a("code", "SQL schema: code", f"sqlite3 {db} .schema")
    a("text", T_LIST, f"sqlite3 {db} .tables .databases"); a("text", T_LIST, f"sqlite3 {db} .dbinfo 2>&1")
    # openssl
    a("text", T_LIST, f"openssl x509 -in {FX}/cert.pem -noout -text")
    a("text", T_LIST, f"openssl x509 -in {FX}/cert.pem -noout -subject -issuer -dates -fingerprint")
    a("text", HEX, f"cat {FX}/cert.pem"); a("text", T_LIST, f"openssl rsa -in {FX}/key.pem -noout -text 2>&1 | head -40")
    a("text", T_LIST, "openssl version -a"); a("text", T_LIST, "openssl ciphers -v | head -40")
    a("text", T_LIST, "openssl list -digest-algorithms | head -40")
    # python runs
    a("log", L_RUN, f"{pyt} -v test_calc.py 2>&1"); a("log", L_RUN, f"{pyt} -q test_calc.py 2>&1")
    a("log", L_RUN, f"{pyt} -q test_ok.py 2>&1"); a("log", L_RUN, f"{pyt} -v test_ok.py 2>&1")
    a("log", L_RUN, f"{pyt} -rA --tb=short test_calc.py 2>&1"); a("log", L_RUN, f"{pyt} -x --tb=long test_calc.py 2>&1")
    a("log", L_RUN, f"{pyt} --tb=no -q test_calc.py 2>&1"); a("text", T_LIST, f"{pyt} --collect-only -q 2>&1")
    a("log", L_RUN, f"{pyt} --collect-only 2>&1")
    a("log", L_RUN, f"cd {pj} && {PY} crash.py 2>&1"); a("log", L_RUN, f"{PY} -c 'import yaml; yaml.safe_load(\"a: [\")' 2>&1")
    a("log", L_RUN, f"{PY} -c 'import nonexistent_mod' 2>&1"); a("log", L_RUN, f"{PY} -W error -c 'import imp' 2>&1 || {PY} -c 'raise SystemExit(open(\"/nope\"))' 2>&1")
    a("log|text", AMB + " (one error line)", f"{PY} -m json.tool /etc/passwd 2>&1")
    a("text", "cProfile table: text (strace -c summary is text)", f"cd {pj} && {PY} -m cProfile -s cumtime prof.py 2>&1 | head -60")
    a("text", "timeit result: text", f"{PY} -m timeit '\"-\".join(map(str, range(100)))'")
    a("log", L_RUN, f"{PY} -m unittest -v json.tests 2>&1 | head -5; {PY} -m unittest -v test.test_bisect 2>&1 | head -60")
    a("text|log", AMB + " (import-time table on stderr)", f"{PY} -X importtime -c 'import json' 2>&1")
    a("text", T_LIST, f"{PY} -m dis {STDLIB}/colorsys.py | head -120")
    a("code", "tokenize output: text|code?", f"{PY} -m tokenize {STDLIB}/colorsys.py | head -80") if False else None
    a("text", T_LIST, f"{PY} -m tokenize {STDLIB}/colorsys.py | head -80")
    a("text", T_LIST, f"{PY} -m ast {STDLIB}/colorsys.py | head -120") if False else None
    a("log", L_RUN + " (a traceback cut to 3 lines)", f"{PY} -m pickletools /dev/null 2>&1 | head -3; {PY} -m zipfile -l {PY.rsplit('/bin', 1)[0]}/../lib/python3.11/ensurepip/_bundled/*.whl 2>/dev/null | head -60 || true")
    a("text", T_LIST, f"{PY} -m platform; {PY} -m sysconfig | head -40")
    # C / make / cmake
    a("log", L_RUN, f"cd {c} && gcc -Wall -Wextra -c bad.c -o /dev/null 2>&1")
    a("log", L_RUN, f"cd {c} && gcc -fsyntax-only bad.c 2>&1")
    a("log", L_RUN, f"cd {c} && make clean >/dev/null; make -k 2>&1")
    a("log|code", AMB, f"cd {c} && make -n -B ok 2>&1")
    a("log", L_RUN, f"cd {c} && rm -rf build && cmake -S . -B build 2>&1 && cmake --build build 2>&1")
    a("log|text", AMB + " (compiler driver trace)", f"cd {c} && gcc -v -c ok.c -o /dev/null 2>&1")
    a("text", T_LIST, f"cd {c} && gcc -c ok.c -o ok.o && nm ok.o && objdump -h ok.o")
    a("text", T_LIST, "ldd /usr/bin/git"); a("text", T_LIST, "readelf -h /usr/bin/true")
    a("code", "objdump -d: disassembly listing: text|code", "true") if False else None
    a("text|code", AMB, "objdump -d /usr/bin/true | head -80")
    a("log", "strace record lines: log (src_trace_logs)", "strace -f ls /etc/apt 2>&1 >/dev/null | head -60")
    a("text", "strace -c summary: text (src_trace_logs)", "strace -c ls /etc 2>&1 >/dev/null")
    # docker-ish / misc tables
    a("text", T_LIST, "docker ps -a 2>&1; docker images 2>&1 | head")
    a("text", T_LIST, "column -t /etc/fstab 2>/dev/null; column -t -s: /etc/passwd | head -40")
    a("text", T_LIST, "cal 2>/dev/null; date; date -u -R")
    a("text", T_LIST, "lsof -p $$ 2>/dev/null | head -40")
    a("text", T_LIST, "cat /proc/self/maps | head -60"); a("text", T_LIST, "cat /proc/interrupts 2>/dev/null | head -30")
    a("text", T_LIST, "cat /proc/net/dev"); a("text", T_LIST, "cat /proc/partitions /proc/filesystems")
    a("text", T_LIST, "cat /etc/passwd"); a("text", T_LIST, "cat /etc/hosts /etc/resolv.conf")
    a("text", T_LIST, "ls -l /proc/self/fd"); a("text", T_LIST, "tail -n 40 /etc/services")
    a("text", T_LIST, "tar tvzf $(ls /usr/share/doc/*/changelog.gz 2>/dev/null | head -0) 2>/dev/null; tar cf - /etc/apt 2>/dev/null | tar tvf -")
    a("text", T_LIST, f"unzip -l {PY.rsplit('/bin', 1)[0]}/lib/python3.11/site-packages/../../../../lib/python3.11/ensurepip/_bundled/pip*.whl 2>/dev/null | head -60 || ls")
    a("text", T_LIST, "getconf -a 2>/dev/null | head -80"); a("text", T_LIST, "nproc; cat /sys/fs/cgroup/cpu.max 2>/dev/null")
    a("text", T_LIST, "who -a 2>&1; last -n 10 2>&1"); a("text", T_LIST, "iconv -l | head -60")
    a("tsv", TSV, "seq 1 100 | paste - - - - -"); a("text", T_LIST, "seq 1 200")
    a("text", T_LIST, "diff <(ls /etc) <(ls /usr/share/doc) | head -80")  # normal diff format (no hunks)
    a("diff", D, "diff -u /etc/os-release /usr/lib/os-release 2>&1; diff -u <(ls /etc | head -40) <(ls /etc | head -50 | tail -45)")
    a("text", T_LIST, "cmp /usr/bin/true /usr/bin/false; cmp -l /usr/bin/true /usr/bin/false | head -30")
    # second batch: machine-readable modes of the same tools (-j/-J/-P/-p), more diffs, tables and binaries
    a("json", J, "ip -j addr"); a("json", J, "ip -j -p route"); a("json", J, "ip -j link")
    a("json", J, "lsblk -J"); a("json", J, "findmnt -J"); a("json", J, "lscpu -J"); a("json", J, "lsblk -J -o NAME,SIZE,TYPE")
    a("text", T_LIST + " (KEY=\"value\" pairs)", "lsblk -P"); a("text", T_LIST, "findmnt -l"); a("text", T_LIST, "findmnt")
    a("csv", CSV + " (after # comment lines)", "lscpu -p"); a("csv", CSV, "lscpu -p=CPU,CORE,SOCKET,NODE | grep -v '^#'")
    a("text", T_LIST, "lsblk -r"); a("text", T_LIST, "lscpu --caches 2>&1")
    a("json", J, "column --json -t -N name,pw,uid,gid,gecos,home,shell -s: /etc/passwd")
    a("text", T_LIST, "column -t -s: /etc/group")
    a("tsv", TSV, f"git -C {g} for-each-ref --format='%(refname)%09%(objectname:short)%09%(committerdate:iso)'")
    a("csv", CSV + " (header-less)", f"git -C {g} log -n 40 --format='%h,%an,%at'")
    a("ndjson", ND, f"git -C {g} log -n 40 --format='{{\"commit\": \"%h\", \"author\": \"%an\", \"time\": %at}}'")
    a("tsv", TSV, "stat --printf '%s\\t%U\\t%n\\n' /etc/*.conf")
    a("csv", CSV, "ps -eo pid,ppid,comm --no-headers | awk '{print $1\",\"$2\",\"$3}' | head -60")
    a("tsv", TSV, "getent passwd | tr : '\\t' | cut -f1,3,6,7")
    a("csv", CSV, "(echo name,uid,shell; getent passwd | awk -F: '{print $1\",\"$3\",\"$7}')")
    a("csv", CSV, f"{PY} -m pip list --format=json --disable-pip-version-check | jq -r '.[] | [.name, .version] | @csv'")
    a("tsv", TSV, f"{PY} -m pip list --format=json --disable-pip-version-check | jq -r '.[] | [.name, .version] | @tsv'")
    a("ndjson", ND, f"{PY} -m json.tool --json-lines < <({PY} -m pip list --format=json --disable-pip-version-check | jq -c '.[:20][]') | jq -c .")
    a("ndjson", ND, "kubectl create deployment web --image=nginx --dry-run=client -o json | jq -c '.spec.template.spec.containers[], .metadata, .spec'")
    a("ndjson", ND, "jq -c '.\"639-3\"[:50][]' /usr/share/iso-codes/json/iso_639-3.json")
    a("diff", D + " (context format)", "diff -c <(ls /etc | head -40) <(ls /etc | head -50 | tail -45)")
    a("diff", D, "diff -ru /etc/apt /etc/apt 2>&1; diff -u <(getent group | head -30) <(getent group | head -34 | tail -31)")
    a("diff", D, f"git -C {g} log -p -2 --no-color HEAD~5 | head -300")
    a("diff", D, f"git -C {g} diff --stat -p HEAD~2 HEAD | head -300")
    a("diff", D, f"git -C {g} show --stat -p HEAD~6 | head -300")
    a("diff", D, f"git -C {g} diff -U0 HEAD~3 HEAD | head -200")
    a("text", T_GITTXT, f"git -C {g} log --oneline --graph --all -n 40 --decorate")
    a("text", T_GITTXT, f"git -C {g} whatchanged -n 4 2>/dev/null | head -80")
    a("text", T_LIST, f"git -C {g} show-branch -a 2>&1 | head -40")
    a("text", T_LIST, f"git -C {g} describe --always; git -C {g} rev-parse HEAD HEAD~1; git -C {g} merge-base HEAD HEAD~3")
    a("unknown", "raw bytes of a binary: unknown", "head -c 4000 /usr/bin/true")
    a("unknown", "raw bytes of a binary: unknown", "gzip -c /etc/os-release")
    a("unknown", "raw bytes of a binary: unknown", f"head -c 3000 {STDLIB}/__pycache__/os.cpython-311.pyc 2>/dev/null || head -c 3000 /usr/bin/ls")
    a("text", T_LIST + " (strings of a binary)", "strings /usr/bin/true | head -80")
    a("text", T_LIST, "nm -D /usr/bin/true | head -60"); a("text", T_LIST, "readelf -S /usr/bin/true | head -60")
    a("text", T_LIST, "objdump -x /usr/bin/true | head -60")
    a("text", T_HELP, "column --help"); a("text", T_HELP, "lsblk --help"); a("text", T_HELP, "ip help 2>&1"); a("text", T_HELP, "ss --help 2>&1")
    a("text", T_HELP, f"{PY} -m json.tool --help"); a("text", T_HELP, "npm view --help 2>&1"); a("text", T_HELP, "kubectl create --help")
    a("text", T_HELP, "docker build --help"); a("text", T_HELP, "openssl x509 -help 2>&1"); a("text", T_HELP, "git log -h 2>&1")
    a("text", "prose: text", f"{PY} -m this"); a("text", "prose: text", "cat /usr/share/common-licenses/Apache-2.0 | head -120")
    a("text", T_LIST, "perl -V | head -80"); a("text", T_LIST, "gcc -Q --help=warnings | head -80"); a("text", T_LIST, "cmake --system-information 2>/dev/null | head -80")
    a("text", T_LIST, "cmake --version; make --version; gcc --version; git --version; node --version; openssl version")
    a("text", T_LIST, "ls -la --time-style=full-iso /etc | head -60")
    a("text", T_LIST, "ls -l --full-time /usr/bin | head -60")
    a("text", T_LIST, "find /etc -maxdepth 1 -newermt 2020-01-01 -printf '%TY-%Tm-%Td %TH:%TM:%TS %p\\n' | head -60")
    a("text", T_LIST, "ps -eo pid,lstart,cmd | head -40"); a("text", T_LIST, "ps -eo pid,user,etime,time,comm | head -40")
    a("text", T_LIST, "top -b -n1 -o %MEM | head -40"); a("text", T_LIST, "w -h; who")
    a("text", T_LIST, "date; date -I; date -u +%s"); a("text", T_LIST, "zdump UTC Europe/Berlin America/New_York")
    a("text", T_LIST, "openssl x509 -in " + str(FX / "cert.pem") + " -noout -dates -serial")
    a("text", T_LIST, "last -F 2>&1 | head; lastlog 2>&1 | head -20")
    a("text", T_LIST, "ls -l /var/log; ls -lt --time-style=+%H:%M:%S /tmp | head -40")
    a("text", T_LIST, "docker images --help >/dev/null; docker system info 2>&1 | head -40")
    a("text", T_LIST, "npm view npm@10.9.0 2>&1 | head -60")
    a("json", J, "npm view npm@10.9.0 --json 2>/dev/null | head -c 100000")
    a("text", T_LIST, "npm config get registry; npm prefix -g; npm root -g")
    a("text", T_LIST, f"{PY} -m pip index versions pip 2>&1 | head -5")
    # third batch: table printers agents use (tabulate, prettytable, rich in a throwaway venv TV), git plumbing
    tv = os.environ.get("DETCMD_TABLE_VENV", "/tmp/detcmd-venv") + "/bin/python"
    rows = f"rows=[l.split(chr(9)) for l in open('{FX}/pkgs.tsv').read().splitlines()[:25]]"
    for fmt, kind, rule in (("plain", "text", T_LIST), ("simple", "text", T_LIST), ("grid", "text", T_LIST), ("psql", "text", T_LIST),
                            ("rst", "text", T_LIST + " (an RST simple table)"), ("orgtbl", "text", T_LIST),
                            ("github", "markdown", "a GFM pipe table: markdown"), ("pipe", "markdown", "a GFM pipe table: markdown"),
                            ("tsv", "tsv", TSV), ("html", "html", "HTML table: html"), ("latex", "text|code", AMB + " (LaTeX tabular)"),
                            ("fancy_grid", "text", T_LIST), ("jira", "text", T_LIST), ("mediawiki", "text", T_LIST + " (wiki markup)")):
        a(kind, rule, f"{tv} -c \"{rows}; import tabulate; print(tabulate.tabulate(rows, headers=['package','version','size'], tablefmt='{fmt}'))\"")
    a("text", T_LIST, f"{tv} -c \"{rows}; import prettytable; t=prettytable.PrettyTable(['package','version','size']); t.add_rows(rows); print(t)\"")
    a("csv", CSV, f"{tv} -c \"{rows}; import prettytable; t=prettytable.PrettyTable(['package','version','size']); t.add_rows(rows); print(t.get_csv_string())\"")
    a("json", J, f"{tv} -c \"{rows}; import prettytable; t=prettytable.PrettyTable(['package','version','size']); t.add_rows(rows); print(t.get_json_string())\"")
    a("text", T_LIST, f"{tv} -c \"{rows}; import rich.console, rich.table; t=rich.table.Table('package','version','size'); [t.add_row(*r) for r in rows]; rich.console.Console(width=100, color_system=None).print(t)\"")
    a("text|code", AMB + " (a Python repr)", f"{tv} -c \"{rows}; import pprint; pprint.pprint(dict((r[0], r[1:]) for r in rows))\"")
    a("text", T_LIST, "node -e \"console.table(require('os').cpus().map(c => ({model: c.model.slice(0, 30), speed: c.speed})))\"")
    a("text|code", AMB + " (util.inspect of an object)", "node -e \"console.log(require('os').networkInterfaces())\"")
    a("tsv", TSV, f"git -C {g} diff --numstat HEAD~6 HEAD"); a("tsv", TSV + ": fields TAB path", f"git -C {g} diff --raw HEAD~6 HEAD")
    a("text", T_LIST, f"git -C {g} status --porcelain=v2 --branch; git -C {g} show-ref")
    a("tsv", TSV + ": sha TAB ref", f"git -C {g} ls-remote . 2>/dev/null")
    a("text", T_LIST, f"git -C {g} rev-list --objects -n 3 HEAD | head -60"); a("text", T_LIST, f"git -C {g} cat-file --batch-check --batch-all-objects | head -60")
    a("text", T_LIST, "ldconfig -p | head -80"); a("text", T_LIST, "pkg-config --list-all 2>/dev/null | head -60")
    a("text", T_LIST, "cat /proc/net/tcp | head -30"); a("text", T_LIST, "ip -s link"); a("text", T_LIST, "ip neigh; ip rule")
    a("text", HEX, "xxd -p /usr/bin/true | head -40"); a("text", HEX, "base64 -w0 /etc/os-release")
    a("text", T_LIST, f"{PY} -m zipfile -l $(ls {STDLIB}/ensurepip/_bundled/*.whl | head -1) | head -60")
    a("text", T_LIST, "gzip -l $(ls /usr/share/doc/*/changelog.Debian.gz | head -5)")
    a("text", T_LIST, "jq -r 'to_entries[] | \"\\(.key)=\\(.value)\"' <<< '{\"a\": 1, \"b\": \"two\", \"c\": [3]}'; jq -r '.\"3166-1\"[:20][] | \"\\(.alpha_2): \\(.name)\"' /usr/share/iso-codes/json/iso_3166-1.json")
    a("csv", CSV + " (quoted fields)", "(echo 'code,name,official'; jq -r '.\"3166-1\"[:40][] | [.alpha_3, .name, (.official_name // \"\")] | @csv' /usr/share/iso-codes/json/iso_3166-1.json)")
    a("text", T_LIST, "cat /usr/share/iso-codes/json/iso_3166-1.json | jq -r '.\"3166-1\"[:50][].name' | column -c 120")
    # fourth batch: colour forced on (tools run under a pty-forcing flag print ANSI escapes)
    a("text", T_LIST, "ls -l --color=always /etc/apt /usr/share/doc/git"); a("text", T_LIST, f"grep --color=always -rn 'import ' {g}/plugins | head -80")
    a("text", T_GITTXT, f"git -C {g} log --color=always --oneline --decorate -n 40"); a("diff", D, f"git -C {g} diff --color=always HEAD~2 HEAD | head -300")
    a("text", T_GITTXT, f"git -C {g} log --color=always --stat -n 3"); a("diff", D, "diff --color=always -u <(ls /etc | head -40) <(ls /etc | head -50 | tail -45)")
    a("json", J, "jq -C '.\"3166-1\"[:10]' /usr/share/iso-codes/json/iso_3166-1.json"); a("ndjson", ND, "jq -C -c '.\"3166-1\"[:30][]' /usr/share/iso-codes/json/iso_3166-1.json")
    a("yaml", Y, "kubectl create deployment web --image=nginx --dry-run=client -o yaml | yq -C -y . 2>/dev/null || true")
    a("log", L_RUN, f"{pyt} --color=yes -v test_calc.py 2>&1"); a("log", L_RUN, f"{pyt} --color=yes -q test_calc.py 2>&1")
    a("log", L_RUN, f"cd {c} && gcc -fdiagnostics-color=always -Wall -c bad.c -o /dev/null 2>&1")
    a("text", T_HELP, f"{PY} -m pip list --help | head -40"); a("text", T_LIST, "npm ls -g --color=always 2>&1 | head -40")
    return [x for x in L if x]

def run(cmd, err):
    try:
        p = subprocess.run(["bash", "-c", cmd], capture_output=True, timeout=60, cwd=OUT,
                           env={**os.environ, "PAGER": "cat", "GIT_PAGER": "cat", "SYSTEMD_PAGER": "", "COLUMNS": "120",
                                "NO_COLOR": "1", "TERM": "dumb"})
    except subprocess.TimeoutExpired:
        return b""
    return p.stdout + (p.stderr if err else b"")

def corpus_hashes():
    seen = set()
    for sub in ("real-corpus", "fresh-corpus"):
        for d in Path(args.corpus_cache).glob(f"{sub}/*/files"):
            for f in d.iterdir():
                seen.add(hashlib.sha256(f.read_bytes()).hexdigest())
    return seen

def main():
    cache = OUT / "outputs.json"
    if args.cached and cache.exists():
        known = {o["cmd"]: o for o in json.loads(cache.read_text())}
        outs = []
        fixtures()
        for kind, rule, cmd, err in cmds(0):  # labels from this file, outputs from the cache (a new command runs)
            o = known.get(cmd) or {"out": run(cmd, err).decode("utf-8", "surrogateescape")}
            outs.append({"kind": kind, "rule": rule, "cmd": cmd, "out": o["out"]})
        cache.write_text(json.dumps(outs))
    else:
        fixtures()
        port = free_port()
        www = FX / "www"; www.mkdir(exist_ok=True)
        (www / "demo.json").write_text(json.dumps({"name": "demo", "items": [{"id": i, "ok": i % 2 == 0} for i in range(5)]}))
        (www / "index.html").write_text("<!doctype html><html><head><title>demo</title></head><body><h1>Demo</h1>"
                                        "<p>A page served by http.server.</p><ul><li><a href='demo.json'>demo.json</a></li></ul></body></html>\n")
        srv = subprocess.Popen([PY, "-m", "http.server", str(port), "--bind", "127.0.0.1", "-d", str(www)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(1.0)
        outs = []
        try:
            for kind, rule, cmd, err in cmds(port):
                data = run(cmd, err)
                outs.append({"kind": kind, "rule": rule, "cmd": cmd, "out": data.decode("utf-8", "surrogateescape")})
        finally:
            srv.terminate(); srv.wait()
        cache.write_text(json.dumps(outs))
    import toolstub
    seen = corpus_hashes()
    res, miss_dir = [], OUT / "miss"
    shutil.rmtree(miss_dir, ignore_errors=True); miss_dir.mkdir()
    dup = Counter(); skipped = 0
    for o in outs:
        text = o["out"]
        if len(text.strip()) < 20:
            skipped += 1; continue
        h = hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()
        if h in seen or dup[h]:
            skipped += 1; continue
        dup[h] += 1
        got = toolstub.synopsize(text).kind
        ok = got in o["kind"].split("|")
        res.append({"cmd": o["cmd"], "kind": o["kind"], "got": got, "ok": ok, "rule": o["rule"]})
        if not ok:
            (miss_dir / f"{len(res):03d}.txt").write_text(o["cmd"] + "\n----\n" + text, errors="surrogateescape")
    (OUT / "result.json").write_text(json.dumps(res, indent=1))
    firm = [r for r in res if AMB not in r["rule"]]; amb = [r for r in res if AMB in r["rule"]]
    print(f"{len(res)} outputs ({skipped} empty/duplicate/corpus skipped): firm {sum(r['ok'] for r in firm)}/{len(firm)}, "
          f"ambiguous {sum(r['ok'] for r in amb)}/{len(amb)}")
    print(Counter((r["kind"], r["got"]) for r in res if not r["ok"]).most_common())
    for i, r in enumerate(res, 1):
        if not r["ok"] or not args.only_misses:
            print(f"{'ok  ' if r['ok'] else 'MISS'} {r['kind']:>13} -> {r['got']:<8} {r['cmd'][:110]}")

main()
