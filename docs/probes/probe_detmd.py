"""Private probe (uncommitted): real files the corpus does not use, labelled by file type, for detmd's kinds."""
import glob, hashlib, json, os, random, subprocess, sys, time
import toolstub
random.seed(7)
ROOT = '/work/wt/detmd/.cache'
seen = set()
for d in glob.glob(ROOT + '/real-corpus/*/files') + glob.glob(ROOT + '/fresh-corpus/*/files'):
    for f in os.listdir(d):
        seen.add(hashlib.sha256(open(os.path.join(d, f), 'rb').read()).hexdigest())
cases = []
def add(label, src, data):
    if not data or len(data) < 40:
        return
    data = data[:131072]
    h = hashlib.sha256(data).hexdigest()
    if h in seen:
        return
    seen.add(h)
    cases.append((label, src, data))
def files(pattern, n):
    got = sorted(glob.glob(pattern, recursive=True))
    random.shuffle(got)
    return [p for p in got if os.path.isfile(p)][:n]
SP = '/work/venvs/detmd/lib/python3.11/site-packages'
for p in files(SP + '/**/*.md', 60): add('markdown?', p, open(p, 'rb').read())
for p in files(SP + '/**/*.rst', 40) + files('/usr/share/doc/**/*.rst', 20): add('text', p, open(p, 'rb').read())
for p in files(SP + '/**/*.y*ml', 60): add('yaml', p, open(p, 'rb').read())
for p in files(SP + '/**/*.xml', 30) + files('/usr/share/**/*.xml', 30): add('xml', p, open(p, 'rb').read())
for p in files('/usr/share/info/*', 15):
    import gzip
    add('text', p, gzip.open(p).read() if p.endswith('.gz') else open(p, 'rb').read())
for p in files('/etc/**/*.conf', 50): 
    try: add('text?', p, open(p, 'rb').read())
    except OSError: pass
for p in files('/usr/share/doc/*/changelog.Debian.gz', 20):
    import gzip; add('text', p, gzip.open(p).read())
for p in files('/var/log/**/*.log', 20):
    try: add('log', p, open(p, 'rb').read())
    except OSError: pass
def sh(cmd):
    return subprocess.run(cmd, shell=True, capture_output=True, timeout=60).stdout
add('tsv', 'git log tsv', sh("git -C /work/main log -n 200 --format='%H%x09%an%x09%ad%x09%s'"))
add('tsv', 'git log tsv2', sh("git -C /work/main log -n 80 --format='%h%x09%ae%x09%ct%x09%s'"))
add('tsv', 'git log tsv numstat', sh("git -C /work/main log -n 60 --format= --numstat"))
add('tsv', 'dpkg-query tsv', sh("dpkg-query -W -f='${Package}\\t${Version}\\t${Installed-Size}\\t${Section}\\n' | head -300"))
add('tsv', 'jq tsv', sh("pip list --format=json 2>/dev/null | jq -r '.[] | [.name, .version] | @tsv'"))
add('tsv', 'jq tsv hdr', sh("(echo 'name\tversion'; /work/venvs/detmd/bin/pip list --format=json 2>/dev/null | jq -r '.[] | [.name, .version] | @tsv')"))
add('text', 'dpkg -l', sh('dpkg -l | head -200'))
# legacy encodings of real text
srcs = files('/usr/share/man/zh_CN/**/*.gz', 3) + files('/usr/share/man/ja/**/*.gz', 3) + files('/usr/share/man/ko/**/*.gz', 3)
import gzip
for p in srcs:
    t = gzip.open(p).read().decode('utf-8', 'replace')
    enc = 'gbk' if 'zh_CN' in p else 'shift_jis' if '/ja/' in p else 'euc_kr'
    add('text', p + ' ' + enc, t.encode(enc, 'ignore'))
for enc, lang in (('gbk', 'zh'), ('shift_jis', 'ja'), ('euc_kr', 'ko')):
    for p in files(f'/usr/share/locale/{lang}*/LC_MESSAGES/*.mo', 3):
        pass
# XML with a legacy encoding declaration / DOCTYPE internal subset, from real XML
for p in files('/usr/share/**/*.xml', 200)[:15]:
    raw = open(p, 'rb').read()
    try:
        t = raw.decode('utf-8')
    except UnicodeDecodeError:
        continue
    body = t.split('?>', 1)[1] if t.startswith('<?xml') else t
    add('xml', p + ' latin1', ('<?xml version="1.0" encoding="ISO-8859-1"?>' + body).encode('latin-1', 'replace'))
    add('xml', p + ' doctype', ('<?xml version="1.0"?>\n<!DOCTYPE x [\n<!ENTITY co "Example Corp">\n<!ELEMENT x ANY>\n]>' + body).encode())
t0 = time.time()
out = []
for label, src, data in cases:
    c = data.decode('utf-8', 'surrogateescape')
    s = time.time(); k = toolstub.synopsize(c).kind; dt = time.time() - s
    out.append({'label': label, 'src': src, 'got': k, 's': round(dt, 3)})
json.dump(out, open('/tmp/detmd-probe.json', 'w'), indent=1)
from collections import Counter
print(len(out), 'cases', round(time.time() - t0, 1), 's; max', max(o['s'] for o in out))
print(Counter((o['label'], o['got']) for o in out))
