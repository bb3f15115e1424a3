"""issue 10 (cmdout): classes of live command output found by docs/probes/probe_cmdout.py, with look-alikes.

The inputs are short excerpts of real outputs of tools run on this machine (prove and perl on a Test::More
file, `node --test`, `python -m doctest -v` on toolz (BSD), rustc and ruff on small sources, readelf, git
reflog); the look-alikes (Markdown showing the same output in a fence, the sources under test, Rust
backtraces, symbol tables) must keep their kind."""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import toolstub

# `perl t/basic.t` (Test::More, one failing test)
PERL_TAP = """1..4
ok 1 - adds
ok 2 - lower-cases
not ok 3 - lists match
#   Failed test 'lists match'
#   at t/basic.t line 5.
#     Structures begin differing at:
#          $got->[1] = '2'
#     $expected->[1] = '3'
ok 4 - ends in stub
# Looks like you failed 1 test of 4.
"""

# `perl t/ok.t`: a passing TAP stream (no `not ok`, no summary)
PERL_TAP_PASSING = "1..3\nok 1 - parses\nok 2 - round-trips\nok 3 - keeps order\n"

# `prove -v t/` (stderr first, as 2>&1 interleaves it)
PROVE = """
#   Failed test 'lists match'
#   at t/basic.t line 5.
# Looks like you failed 1 test of 4.
t/basic.t ..
1..4
ok 1 - adds
ok 2 - lower-cases
not ok 3 - lists match
ok 4 - ends in stub
Dubious, test returned 1 (wstat 256, 0x100)
Failed 1/4 subtests
t/skip.t ... skipped: no network here

Test Summary Report
-------------------
t/basic.t (Wstat: 256 (exited 1) Tests: 4 Failed: 1)
  Failed test:  3
  Non-zero exit status: 1
Files=2, Tests=4,  0 wallclock secs ( 0.02 usr  0.00 sys +  0.05 cusr  0.03 csys =  0.10 CPU)
Result: FAIL
"""

# `node --test nt.test.js` (node's TAP reporter when stdout is not a terminal)
NODE_TAP = """TAP version 13
# Subtest: adds
ok 1 - adds
  ---
  duration_ms: 7.23059
  ...
# Subtest: fails
not ok 2 - fails
  ---
  duration_ms: 2.243339
  location: '/tmp/fx/nt.test.js:3:3'
  failureType: 'testCodeFailure'
  error: |-
    Expected values to be loosely deep-equal:
  code: 'ERR_ASSERTION'
  name: 'AssertionError'
  operator: 'deepEqual'
  stack: |-
    TestContext.<anonymous> (/tmp/fx/nt.test.js:3:25)
    Test.runInAsyncScope (node:async_hooks:206:9)
  ...
1..2
# tests 2
# pass 1
# fail 1
# duration_ms 452.940616
"""

# `python -m doctest -v toolz/dicttoolz.py | head`
DOCTEST_V = """Trying:
    assoc({'x': 1}, 'x', 2)
Expecting:
    {'x': 2}
ok
Trying:
    purchase = {'name': 'Alice',
                'order': {'items': ['Apple', 'Orange'],
                          'costs': [0.50, 1.25]},
                'credit card': '5555-1234-1234-1234'}
Expecting nothing
ok
Trying:
    dissoc({'x': 1, 'y': 2}, 'y')
Expecting:
    {'x': 1}
ok
Trying:
    def isvalid(item):
        k, v = item
        return k % 2 == 0 and v < 4
Expecting nothing
ok
Trying:
    itemfilter(isvalid, d)
Expecting:
    {2: 3}
ok
"""

# `rustc --edition 2021 main.rs` (two type errors)
RUSTC = """error[E0308]: mismatched types
  --> main.rs:10:24
   |
10 |     counts.insert("a", width("abc"));
   |            ------      ^^^^^^^^^^^^ expected `i32`, found `usize`
   |            |
   |            arguments to this method are incorrect
   |
help: the return type of this call is `usize` due to the type of the argument passed
  --> main.rs:10:5
   |
10 |     counts.insert("a", width("abc"));
   |     ^^^^^^^^^^^^^^^^^^^------------^
   |                        |
   |                        this argument influences the return type of `insert`

error[E0308]: mismatched types
  --> main.rs:11:21
   |
11 |     let s: String = 5;
   |            ------   ^ expected `String`, found integer
   |            |
   |            expected due to this

error: aborting due to 2 previous errors

For more information about this error, try `rustc --explain E0308`.
"""

# `ruff check --output-format=full toolz` (the rule line carries no level word)
RUFF_FULL = """F403 `from .itertoolz import *` used; unable to detect undefined names
 --> toolz/__init__.py:1:1
  |
1 | from .itertoolz import *
  | ^^^^^^^^^^^^^^^^^^^^^^^^
2 |
3 | from .functoolz import *
  |

F401 `functools.partial` imported but unused
  --> toolz/__init__.py:9:23
   |
 7 | from .recipes import *
 8 |
 9 | from functools import partial, reduce
   |                       ^^^^^^^
10 |
11 | sorted = sorted
   |
help: Remove unused import
"""

# `ruff check --output-format=pylint .` (`path:line: [CODE] message`)
RUFF_PYLINT = """benchmark.py:1: [CPY001] Missing copyright notice at top of file
benchmark.py:1: [D100] Missing docstring in public module
benchmark.py:1: [I001] Import block is un-sorted or un-formatted
benchmark.py:64: [UP031] Use format specifiers instead of percent format
benchmark.py:79: [ANN201] Missing return type annotation for public function `benchmark`
benchmark.py:79: [D103] Missing docstring in public function
benchmark.py:80: [PLW0603] Using the global statement to update `methods` is discouraged
benchmark.py:87: [C417] Unnecessary `map()` usage (rewrite using a generator expression)
benchmark.py:95: [T201] `print` found
"""

# `git reflog --date=iso`: a timestamp on every line, but a listing of ref moves
REFLOG_ISO = """5341f94 HEAD@{2026-12-04 21:41:20 +0000}: checkout: moving from topic to main
5341f94 HEAD@{2026-12-04 21:41:20 +0000}: checkout: moving from main to topic
5341f94 HEAD@{2024-02-22 09:00:00 +0000}: merge fix/docs: Merge made by the 'ort' strategy.
d08617c HEAD@{2024-02-22 09:00:00 +0000}: checkout: moving from fix/docs to main
4ec8534 HEAD@{2024-02-21 09:00:00 +0000}: commit: README: point at the changelog
8f861c9 HEAD@{2024-02-20 09:00:00 +0000}: commit: Document the import contract of setup.py
d08617c HEAD@{2024-02-05 10:14:00 +0100}: commit: Release toolz 0.12.1
4390cfa HEAD@{2024-02-04 10:07:00 +0100}: commit: Release toolz 0.12.0
9d33efa HEAD@{2024-02-03 10:00:00 +0100}: commit (initial): Release toolz 0.11.2
"""

# `git reflog show --all --date=relative` with decorations
REFLOG_DECORATED = """5e7efa3 (HEAD -> main) HEAD@{3 minutes ago}: commit: kleur: 4.1.5
5e7efa3 (HEAD -> main) refs/heads/main@{3 minutes ago}: commit: kleur: 4.1.5
63e9e68 refs/heads/main@{4 minutes ago}: commit: kleur: 4.1.4
3152573 refs/heads/main@{5 minutes ago}: commit: picocolors: 1.1.0
0db127b refs/heads/main@{6 minutes ago}: commit: picocolors: 1.0.0
d177b08 refs/heads/main@{7 minutes ago}: commit: ms: 2.1.3
"""

# `readelf -s fmt` (numbered symbol rows: `  1: 0000... `)
READELF_S = """
Symbol table '.symtab' contains 38 entries:
   Num:    Value          Size Type    Bind   Vis      Ndx Name
     0: 0000000000000000     0 NOTYPE  LOCAL  DEFAULT  UND
     1: 0000000000000000     0 FILE    LOCAL  DEFAULT  ABS Scrt1.o
     2: 000000000000037c    32 OBJECT  LOCAL  DEFAULT    4 __abi_tag
     3: 0000000000000000     0 FILE    LOCAL  DEFAULT  ABS crtstuff.c
     4: 0000000000001090     0 FUNC    LOCAL  DEFAULT   15 deregister_tm_clones
     5: 00000000000010c0     0 FUNC    LOCAL  DEFAULT   15 register_tm_clones
     6: 0000000000001100     0 FUNC    LOCAL  DEFAULT   15 __do_global_dtors_aux
     7: 0000000000004020     1 OBJECT  LOCAL  DEFAULT   26 completed.0
     8: 0000000000003dd8     0 OBJECT  LOCAL  DEFAULT   21 __do_global_dtor[...]
     9: 0000000000001140     0 FUNC    LOCAL  DEFAULT   15 frame_dummy
    10: 0000000000003dd0     0 OBJECT  LOCAL  DEFAULT   20 __frame_dummy_in[...]
    11: 0000000000000000     0 FILE    LOCAL  DEFAULT  ABS fmt.c
    12: 0000000000001150    37 FUNC    GLOBAL DEFAULT   15 pad
"""


# look-alikes that keep their kind ------------------------------------------------------------------

# a Perl test file (the source that prints TAP), a Python module whose docstrings hold doctests
PERL_TEST_SOURCE = """use strict;
use warnings;
use Test::More tests => 4;

ok(1 + 1 == 2, 'adds');
is(lc('ABC'), 'abc', 'lower-cases');
is_deeply([1, 2], [1, 3], 'lists match');
like('toolstub', qr/stub$/, 'ends in stub');
"""

PY_DOCTESTS = '''def assoc(d, key, value):
    """Return a new dict with new key value pair

    >>> assoc({'x': 1}, 'x', 2)
    {'x': 2}
    """
    d2 = dict(d)
    d2[key] = value
    return d2


def dissoc(d, *keys):
    """Return a new dict with the given key(s) removed.

    >>> dissoc({'x': 1, 'y': 2}, 'y')
    {'x': 1}
    """
    d2 = dict(d)
    for key in keys:
        d2.pop(key, None)
    return d2
'''

# Markdown that shows the outputs in fences (a CONTRIBUTING guide)
MD_WITH_OUTPUTS = """# Contributing

## Running the tests

Run the suite with `prove`; a failing run looks like this:

```
1..2
ok 1 - adds
not ok 2 - lists match
```

## Type errors

The compiler points at the line:

```
error[E0308]: mismatched types
  --> src/main.rs:11:21
   |
11 |     let s: String = 5;
```

See [the book](https://doc.rust-lang.org/book/) for more, and open a
[pull request](https://github.com/example/repo/pulls) when it passes.
"""

# a Rust panic with its numbered backtrace frames stays a log
RUST_BACKTRACE = """thread 'main' panicked at src/main.rs:4:5:
index out of bounds: the len is 3 but the index is 7
stack backtrace:
   0: rust_begin_unwind
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/std/src/panicking.rs:645:5
   1: core::panicking::panic_fmt
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:72:14
   2: core::panicking::panic_bounds_check
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/panicking.rs:208:5
   3: demo::main
             at ./src/main.rs:4:5
   4: core::ops::function::FnOnce::call_once
             at /rustc/59807616e1fa2540724bfbac14d7976d7e4a3860/library/core/src/ops/function.rs:250:5
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
"""

# `RUST_BACKTRACE=full`: addresses before the symbols (was text: the frame pattern wanted the symbol right after `N: `)
RUST_BACKTRACE_FULL = """thread 'main' panicked at 'called `Option::unwrap()` on a `None` value', src/main.rs:2:37
stack backtrace:
   0:     0x55d5c8a2f3e1 - std::backtrace_rs::backtrace::libunwind::trace::h1e6c3ec8e2d4b3a1
   1:     0x55d5c8a2f3e1 - std::sys_common::backtrace::_print_fmt::h5c1f4a3e6b2d7c9f
   2:     0x55d5c8a4a1ff - core::fmt::write::h8a3f3e1c7b1d5e2a
   3:     0x55d5c8a2d8a5 - std::io::Write::write_fmt::h0c3b5d4e2f1a9b8c
   4:     0x55d5c8a30e2b - std::panicking::default_hook::{{closure}}::h3f6e1d2c4b5a7980
"""

# the default `git reflog` (no dates) was text already
REFLOG_PLAIN = """5341f94 HEAD@{0}: checkout: moving from topic to main
5341f94 HEAD@{1}: checkout: moving from main to topic
5341f94 HEAD@{2}: merge fix/docs: Merge made by the 'ort' strategy.
d08617c HEAD@{3}: checkout: moving from fix/docs to main
4ec8534 HEAD@{4}: commit: README: point at the changelog
"""

# `grep -n` over Python sources: `path:line:text`, text
GREP_N = """toolz/itertoolz.py:1:import itertools
toolz/itertoolz.py:2:import heapq
toolz/itertoolz.py:3:import collections
toolz/itertoolz.py:4:import operator
toolz/itertoolz.py:5:from functools import partial
toolz/itertoolz.py:6:from itertools import filterfalse, zip_longest
toolz/functoolz.py:1:from functools import reduce, partial
toolz/functoolz.py:2:import inspect
"""


@pytest.mark.parametrize(
    "content, kind",
    [(PERL_TEST_SOURCE, "code"), (PY_DOCTESTS, "code"), (MD_WITH_OUTPUTS, "markdown"), (RUST_BACKTRACE, "log"),
     (REFLOG_PLAIN, "text"), (GREP_N, "text")],
    ids=["perl_test_source", "py_doctests", "md_with_outputs", "rust_backtrace", "reflog_plain", "grep_n"],
)
def test_look_alikes_keep_their_kind(content, kind):
    assert toolstub.synopsize(content).kind == kind


def test_tap_not_ok_is_an_error_line():
    """The first `not ok` line is the first error (not the summary's `Result: FAIL` line 12 lines on)."""
    assert "First error at line 4." in toolstub.synopsize(PERL_TAP).summary
    assert "First error at line 9." in toolstub.synopsize(PROVE).summary


@pytest.mark.parametrize(
    "content",
    [PERL_TAP, PERL_TAP_PASSING, PROVE, NODE_TAP, DOCTEST_V, RUSTC, RUFF_FULL, RUFF_PYLINT, RUST_BACKTRACE_FULL],
    ids=["perl_tap", "perl_tap_passing", "prove", "node_tap", "doctest_v", "rustc", "ruff_full", "ruff_pylint",
         "rust_backtrace_full"],
)
def test_test_runs_and_diagnostics_are_logs(content):
    syn = toolstub.synopsize(content)
    assert syn.kind == "log", syn.title


@pytest.mark.parametrize("content", [REFLOG_ISO, REFLOG_DECORATED, READELF_S], ids=["reflog_iso", "reflog_decorated", "readelf_s"])
def test_listings_with_dates_or_numbered_rows_are_text(content):
    assert toolstub.synopsize(content).kind == "text"


# `ldd /usr/bin/sqlite3 /usr/bin/jq`: `path:` over tab-indented library lines read as two Makefile rules
LDD_TWO = """/usr/bin/sqlite3:
\tlinux-vdso.so.1 (0x00007f6d44e3b000)
\tlibsqlite3.so.0 => /lib/x86_64-linux-gnu/libsqlite3.so.0 (0x00007f6d44c7e000)
\tlibreadline.so.8 => /lib/x86_64-linux-gnu/libreadline.so.8 (0x00007f6d44c26000)
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f6d44a25000)
\t/lib64/ld-linux-x86-64.so.2 (0x00007f6d44e3d000)
/usr/bin/jq:
\tlinux-vdso.so.1 (0x00007f4566f53000)
\tlibjq.so.1 => /lib/x86_64-linux-gnu/libjq.so.1 (0x00007f4566eeb000)
\tlibc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x00007f4566d09000)
\tlibonig.so.5 => /lib/x86_64-linux-gnu/libonig.so.5 (0x00007f4566b92000)
\t/lib64/ld-linux-x86-64.so.2 (0x00007f4566f55000)
"""

# a Makefile of two rules whose recipes are commands (the strong pattern still makes it code)
MAKEFILE_TWO_RULES = """ok: ok.o
\tcc -o ok ok.o
bad: bad.o
\tcc -o bad bad.o
"""


def test_ldd_of_two_binaries_is_text_and_a_makefile_stays_code():
    assert toolstub.synopsize(LDD_TWO).kind == "text"
    assert toolstub.synopsize(LDD_TWO.split("/usr/bin/jq:")[0]).kind == "text"
    assert toolstub.synopsize(MAKEFILE_TWO_RULES).kind == "code"


# `apt-config dump`: apt.conf settings flattened, list items written `Key:: "value";`
APT_CONFIG_DUMP = """APT "";
APT::Architecture "amd64";
APT::Build-Essential "";
APT::Build-Essential:: "build-essential";
APT::Install-Recommends "1";
APT::Install-Suggests "0";
APT::Sandbox "";
APT::Sandbox::User "_apt";
APT::NeverAutoRemove "";
APT::NeverAutoRemove:: "^firmware-linux.*";
APT::NeverAutoRemove:: "^linux-firmware$";
APT::NeverAutoRemove:: "^linux-image-[a-z0-9]*$";
APT::VersionedKernelPackages "";
APT::VersionedKernelPackages:: "linux-.*";
APT::VersionedKernelPackages:: "kfreebsd-.*";
APT::VersionedKernelPackages:: ".*-modules";
APT::Never-MarkAuto-Sections "";
APT::Never-MarkAuto-Sections:: "metapackages";
APT::Never-MarkAuto-Sections:: "tasks";
Dir "/";
Dir::State "var/lib/apt/";
Dir::State::lists "lists/";
"""

# C++ with qualified names stays code
CPP_QUALIFIED = """#include <map>
#include <string>

namespace store {

std::string Index::lookup(const std::string& key) const {
    auto it = entries_.find(key);
    if (it == entries_.end()) {
        return std::string();
    }
    return it->second;
}

void Index::insert(const std::string& key, std::string value) {
    entries_[key] = std::move(value);
}

}  // namespace store
"""


def test_apt_config_dump_is_text_and_cpp_stays_code():
    assert toolstub.synopsize(APT_CONFIG_DUMP).kind == "text"
    assert toolstub.synopsize(CPP_QUALIFIED).kind == "code"


# `valgrind --leak-check=full ./fmt` (every line behind `==PID==`)
VALGRIND = """==15039== Memcheck, a memory error detector
==15039== Copyright (C) 2002-2022, and GNU GPL'd, by Julian Seward et al.
==15039== Using Valgrind-3.19.0 and LibVEX; rerun with -h for copyright info
==15039== Command: ./fmt
==15039==
hello       |
==15039==
==15039== HEAP SUMMARY:
==15039==     in use at exit: 0 bytes in 0 blocks
==15039==   total heap usage: 1 allocs, 1 frees, 4,096 bytes allocated
==15039==
==15039== All heap blocks were freed -- no leaks are possible
==15039==
==15039== ERROR SUMMARY: 0 errors from 0 contexts (suppressed: 0 from 0)
"""

# `node --test --test-reporter=spec` (passing and failing lines, then its summary)
NODE_SPEC = """✔ adds (0.984401ms)
✖ fails (9.947892ms)
  AssertionError [ERR_ASSERTION]: Expected values to be loosely deep-equal:

  {
    a: 1
  }

  should loosely deep-equal

  {
    a: 2
  }
      at TestContext.<anonymous> (/tmp/fx/nt.test.js:3:25)
      at Test.runInAsyncScope (node:async_hooks:206:9)
    generatedMessage: true,
    code: 'ERR_ASSERTION',
    operator: 'deepEqual'
  }

﹣ skipped (0.11484ms) # SKIP
ℹ tests 3
ℹ suites 0
ℹ pass 1
ℹ fail 1
ℹ duration_ms 304.405884
"""

# `node --test --test-reporter=dot` (no summary: a dot line, then the failures)
NODE_DOT = """.X.

Failed tests:

✖ fails (6.088726ms)
  AssertionError [ERR_ASSERTION]: Expected values to be loosely deep-equal:

  {
    a: 1
  }

  should loosely deep-equal

  {
    a: 2
  }
      at TestContext.<anonymous> (/tmp/fx/nt.test.js:3:25)
      at Test.runInAsyncScope (node:async_hooks:206:9)
    generatedMessage: true,
    code: 'ERR_ASSERTION',
    actual: { a: 1 },
    expected: { a: 2 },
    operator: 'deepEqual'
  }
"""

# make's own messages stay a log
MAKE_RUN = """cc -Wall -O2   -c -o bad.o bad.c
bad.c: In function 'main':
bad.c:4:13: warning: initialization of 'char *' from 'int' makes pointer from integer without a cast
make: *** [<builtin>: bad.o] Error 1
make: Target 'all' not remade because of errors.
"""

# `whereis ...`: its `make: /usr/bin/make` line is a path listing, not make's message
WHEREIS = """ls: /usr/bin/ls /usr/share/man/man1/ls.1.gz
git: /usr/bin/git /usr/share/man/man1/git.1.gz
jq: /usr/bin/jq /usr/share/man/man1/jq.1.gz
gcc: /usr/bin/gcc /usr/lib/gcc /usr/share/gcc
make: /usr/bin/make /usr/share/man/man1/make.1.gz
"""


@pytest.mark.parametrize("content", [VALGRIND, NODE_SPEC, NODE_DOT, MAKE_RUN], ids=["valgrind", "node_spec", "node_dot", "make_run"])
def test_valgrind_node_reporters_and_make_are_logs(content):
    assert toolstub.synopsize(content).kind == "log"


def test_a_make_path_listing_is_text():
    assert toolstub.synopsize(WHEREIS).kind == "text"


# relative dates as git prints them (`%ar`, `%(committerdate:relative)`): the comma is not a delimiter
GIT_RELATIVE = """5341f94 2 years, 9 months ago Merge branch 'fix/docs'
4ec8534 2 years, 9 months ago README: point at the changelog
8f861c9 2 years, 10 months ago Document the import contract of setup.py
d08617c 2 years, 10 months ago Release toolz 0.12.1
4390cfa 2 years, 10 months ago Release toolz 0.12.0
9d33efa 2 years, 10 months ago Release toolz 0.11.2
"""

# the git book's `--pretty=format:'%h - %an, %ar : %s'`
GIT_BOOK_FORMAT = """5341f94 - Release Bot, 2 years, 9 months ago : Merge branch 'fix/docs'
4ec8534 - Release Bot, 2 years, 9 months ago : README: point at the changelog
8f861c9 - Release Bot, 2 years, 10 months ago : Document the import contract of setup.py
d08617c - Release Bot, 2 years, 10 months ago : Release toolz 0.12.1
4390cfa - Release Bot, 2 years, 10 months ago : Release toolz 0.12.0
"""

# `pstree -a -p` (a tree drawing; `name,pid` holds a comma)
PSTREE = """process_api,1 --addr 0.0.0.0:2024 --max-ws-buffer-size 32768
  |-bash,29165 /dev/fd/3
  |   `-bash,29167 /dev/fd/3
  |       `-timeout,14167 200 /work/venvs/docs/bin/python -m pip download --no-deps -q isort
  |           `-python,14168 -m pip download --no-deps -q isort
  |-bash,12448 /dev/fd/3
  |   `-python3,12460 -m http.server 8000
  `-sleep,31000 600
"""

# a CSV whose column is a relative date (the cell ends at the delimiter) stays CSV
CSV_RELATIVE = """name,updated,size
toolz,2 years ago,104
tabulate,3 months ago,88
wcwidth,5 days ago,240
kleur,1 week ago,12
"""

# a CSV written with a blank after each comma stays CSV
CSV_SPACED = """id, name, created, size
1, toolz, 2024-02-03, 104
2, tabulate, 2024-03-01, 88
3, wcwidth, 2024-04-02, 240
4, kleur, 2023-11-07, 12
"""


@pytest.mark.parametrize("content", [GIT_RELATIVE, GIT_BOOK_FORMAT, PSTREE], ids=["git_relative", "git_book_format", "pstree"])
def test_relative_dates_and_tree_drawings_are_not_csv(content):
    assert toolstub.synopsize(content).kind == "text"


@pytest.mark.parametrize("content", [CSV_RELATIVE, CSV_SPACED], ids=["csv_relative_column", "csv_spaced"])
def test_csv_look_alikes_stay_csv(content):
    assert toolstub.synopsize(content).kind == "csv"


# `dpkg -S` and a `name: $(command -v name)` loop: every value an absolute path
DPKG_S = """xxd: /usr/bin/xxd
sqlite3: /usr/bin/sqlite3
jq: /usr/bin/jq
git: /usr/bin/git
curl: /usr/bin/curl
"""

COMMAND_V = """git: /usr/bin/git
jq: /usr/bin/jq
node: /usr/bin/node
npm: /usr/bin/npm
perl: /usr/bin/perl
"""

# YAML configuration holding paths keeps its kind: other values beside the paths, nested paths, two keys only
YAML_PATHS_AND_MORE = """data_dir: /var/lib/app
log_dir: /var/log/app
workers: 4
debug: false
"""

YAML_NESTED_PATHS = """paths:
  data: /var/lib/app
  logs: /var/log/app
  cache: /var/cache/app
"""

YAML_TWO_PATHS = "root: /srv/www\nlogs: /var/log/www\n"


@pytest.mark.parametrize("content", [DPKG_S, COMMAND_V], ids=["dpkg_s", "command_v"])
def test_path_listings_are_text(content):
    assert toolstub.synopsize(content).kind == "text"


@pytest.mark.parametrize("content", [YAML_PATHS_AND_MORE, YAML_NESTED_PATHS, YAML_TWO_PATHS], ids=["and_more", "nested", "two"])
def test_yaml_with_paths_stays_yaml(content):
    assert toolstub.synopsize(content).kind == "yaml"


# `mypy -v` (every line behind `LOG:  `)
MYPY_V = """LOG:  Mypy Version:           2.4.1
LOG:  Config File:            Default
LOG:  Configured Executable:  /tmp/tvenv/bin/python
LOG:  Cache Dir:              /dev/null
LOG:  Found source:           BuildSource(path='toolz/utils.py', module='toolz.utils', has_text=False)
LOG:  Metadata not found for toolz.utils
LOG:  Parsing toolz/utils.py (toolz.utils)
LOG:  Metadata not found for builtins
LOG:  Parsing /tmp/tvenv/lib/python3.11/site-packages/mypy/typeshed/stdlib/builtins.pyi (builtins)
"""

# `pip install --no-index --find-links DIR toolz==0.12.1` failing to build from the sdist
PIP_BUILD_FAIL = """Looking in links: /opt/wheels, /tmp/dl/sdist
Processing ./dl/sdist/toolz-0.12.1.tar.gz
  Installing build dependencies: started
  Installing build dependencies: finished with status 'error'
  error: subprocess-exited-with-error

  × pip subprocess to install build dependencies did not run successfully.
  │ exit code: 1
  ╰─> [3 lines of output]
      Looking in links: /opt/wheels, /opt/wheels, /tmp/dl/sdist
      ERROR: Could not find a version that satisfies the requirement setuptools>=40.8.0 (from versions: none)
      ERROR: No matching distribution found for setuptools>=40.8.0
      [end of output]

  note: This error originates from a subprocess, and is likely not a problem with pip.
error: subprocess-exited-with-error
"""

# pip building a local project, non-verbose (`... done`)
PIP_BUILD_OK = """Processing /tmp/fx/toolz
  Installing build dependencies ... done
  Getting requirements to build wheel ... done
  Preparing metadata (pyproject.toml) ... done
Building wheels for collected packages: toolz
  Building wheel for toolz (pyproject.toml) ... done
  Created wheel for toolz: filename=toolz-0.12.1-py3-none-any.whl size=56122 sha256=4f0c
  Stored in directory: /tmp/pip-ephem-wheel-cache-x/wheels/aa
Successfully built toolz
"""

# a prose note that says LOG and "Processing" stays text
PROSE_LOG_WORDS = """Processing the quarterly figures took longer than planned this time.
The LOG file of the run is kept with the report; see the appendix for the
full list of the steps we followed and the people who reviewed them.
"""


@pytest.mark.parametrize("content", [MYPY_V, PIP_BUILD_FAIL, PIP_BUILD_OK], ids=["mypy_v", "pip_build_fail", "pip_build_ok"])
def test_mypy_verbose_and_pip_builds_are_logs(content):
    assert toolstub.synopsize(content).kind == "log"


def test_prose_with_log_words_stays_text():
    assert toolstub.synopsize(PROSE_LOG_WORDS).kind == "text"


# `gdb -batch -ex run -ex bt ./crash` (a NULL read three calls deep)
GDB_BT = """[Thread debugging using libthread_db enabled]
Using host libthread_db library "/lib/x86_64-linux-gnu/libthread_db.so.1".

Program received signal SIGSEGV, Segmentation fault.
0x0000555555555152 in depth (p=0x0, n=0) at crash.c:4
4	    if (n == 0) return *p;
#0  0x0000555555555152 in depth (p=0x0, n=0) at crash.c:4
#1  0x000055555555516a in depth (p=0x0, n=1) at crash.c:5
#2  0x000055555555516a in depth (p=0x0, n=2) at crash.c:5
#3  0x0000555555555190 in main () at crash.c:10
"""

# `gdb -batch -ex bt` on a core: frames only (no signal line), one without an address
GDB_FRAMES = """#0  depth (p=0x0, n=0) at crash.c:4
#1  0x000055555555516a in depth (p=0x0, n=1) at crash.c:5
#2  0x000055555555516a in depth (p=0x0, n=2) at crash.c:5
#3  0x0000555555555190 in main () at crash.c:10
#4  0x00007ffff7df018a in __libc_start_call_main () from /lib/x86_64-linux-gnu/libc.so.6
"""

# `valgrind -q ./crash` (errors only: no Memcheck banner)
VALGRIND_Q = """==27730== Invalid read of size 4
==27730==    at 0x109152: depth (crash.c:4)
==27730==    by 0x109169: depth (crash.c:5)
==27730==    by 0x10918F: main (crash.c:10)
==27730==  Address 0x0 is not stack'd, malloc'd or (recently) free'd
==27730==
==27730== Process terminating with default action of signal 11 (SIGSEGV)
==27730==  Access not within mapped region at address 0x0
"""

# a Markdown changelog that numbers its entries keeps its kind
MD_NUMBERED_CHANGES = """# Changes

## 2.1.0

- #412 Refactor (core): the parser is split in two
- #415 Docs (readme) updated, see [the guide](https://example.org/guide)
- #418 Fix `pad()` for wide characters

## 2.0.0

- #398 Drop Python 3.7
"""


@pytest.mark.parametrize("content", [GDB_BT, GDB_FRAMES, VALGRIND_Q], ids=["gdb_bt", "gdb_frames", "valgrind_q"])
def test_debugger_backtraces_are_logs(content):
    assert toolstub.synopsize(content).kind == "log"


def test_markdown_with_numbered_entries_stays_markdown():
    assert toolstub.synopsize(MD_NUMBERED_CHANGES).kind == "markdown"


# `javac Bad.java` (`file:line: error:` without a column, the source line and a caret, then the total)
JAVAC = """Bad.java:2: error: incompatible types: String cannot be converted to int
    int f() { return "x"; }
                     ^
Bad.java:3: error: cannot find symbol
    void g() { undefinedCall(); }
               ^
  symbol:   method undefinedCall()
  location: class Bad
2 errors
"""

# `grep -rn` over sources whose lines mention errors stays text
GREP_ERRORS = """src/parse.py:12:    raise ValueError("bad header")
src/parse.py:40:        log.error("cannot read %s", path)
src/cli.py:7:import errno
src/cli.py:88:    # errors are printed by the caller
"""


def test_javac_diagnostics_are_a_log_and_grep_of_sources_stays_text():
    assert toolstub.synopsize(JAVAC).kind == "log"
    assert toolstub.synopsize(GREP_ERRORS).kind == "text"



def _blamed(tmp_path, *flags: str) -> str:
    """`git blame` of this repository's README.md, committed in two parts to a new repository (real output)."""
    env = {**os.environ, "GIT_AUTHOR_NAME": "A U Thor", "GIT_AUTHOR_EMAIL": "a@example.org", "GIT_COMMITTER_NAME": "C",
           "GIT_COMMITTER_EMAIL": "c@example.org", "GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1"}
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8").splitlines(keepends=True)
    run = functools.partial(subprocess.run, cwd=tmp_path, env=env, check=True, capture_output=True, text=True)
    run(["git", "init", "-q"])
    for part in (readme[:60], readme[:200]):
        (tmp_path / "README.md").write_text("".join(part), encoding="utf-8")
        run(["git", "add", "README.md"])
        run(["git", "commit", "-q", "-m", "part"])
    return run(["git", "blame", *flags, "README.md"]).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
@pytest.mark.parametrize("flags", [(), ("--porcelain",), ("-e", "-w")], ids=["blame", "porcelain", "email"])
def test_git_blame_of_markdown_is_text(tmp_path, flags):
    blamed = _blamed(tmp_path, *flags)
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    assert toolstub.synopsize("".join(readme.splitlines(keepends=True)[:200])).kind == "markdown"  # what was blamed
    assert toolstub.synopsize(blamed).kind == "text"


@pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")
def test_markdown_quoting_blame_stays_markdown(tmp_path):
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    head = "".join(readme.splitlines(keepends=True)[:80])
    blamed = "".join(_blamed(tmp_path).splitlines(keepends=True)[:15])
    assert toolstub.synopsize(head + "\nWho wrote it, as `git blame` shows:\n\n```console\n" + blamed + "```\n").kind == "markdown"
