"""issue 10 (detlog3): log families `default` reads as ``log``, and the look-alikes that must not be logs.

Inputs are shaped as the tools print them (dmesg, the JVM's -Xlog, glog, apt, jtreg, cmake, ninja,
ctest, cargo, GitHub Actions); the look-alikes are a changelog with dates, a header-less TSV with a
timestamp column, CSV and prose."""

from __future__ import annotations

import pytest

import toolstub

LOGS = {
    "dmesg": "".join(f"[    0.{260359 + i:06d}] x86/fpu: xstate_offset[{i}]:  896, xstate_sizes[{i}]:  512\n" for i in range(6))
    + "[    0.262018] Freeing SMP alternatives memory: 52K\n[    0.262018] pid_max: default: 32768 minimum: 301\n",
    "jvm_xlog": "[0.016s][info][cds] trying to map /usr/lib/jvm/java-17-openjdk-amd64/lib/server/classes.jsa\n"
    "[0.016s][info][cds] Opened archive classes.jsa.\n[0.016s][info][cds] Core region alignment: 4096\n"
    "[0.032s][warning][gc] -XX:+PrintGC is deprecated. Will use -Xlog:gc instead.\n"
    "[0.045s][info][class,load] java.lang.Object source: shared objects file\n",
    "glog": "I0512 10:00:01.123456    42 server.go:87] Listening on :8080\n"
    "W0512 10:00:02.000001    42 cache.go:19] cache miss rate 0.93\n"
    "E0512 10:00:03.500000    42 db.go:211] connection refused: 10.0.0.7:5432\n"
    "I0512 10:00:04.000000    42 server.go:99] shutting down\n",
    "jtreg": "Passed: compiler/arraycopy/TestArrayCloneBadAssert.java\nPassed: compiler/arraycopy/TestArrayCopyBadReexec.java\n"
    "Passed: compiler/arraycopy/ACasLoadsStoresBadMem.java\nFAILED: java/net/MulticastSocket/Promiscuous.java\n"
    "Error:  java/net/DatagramSocket/DatagramSocketExample.java\nPassed: compiler/arraycopy/TestACSameSrcDst.java\n",
    "apt_errors": "W: GPG error: http://example.invalid stable InRelease: The following signatures couldn't be verified\n"
    "E: The repository 'http://example.invalid stable InRelease' is not signed.\n"
    "N: Updating from such a repository can't be done securely, and is therefore disabled by default.\n"
    "N: See apt-secure(8) manpage for repository creation and user configuration details.\n",
    "cmake_configure": "-- The C compiler identification is GNU 12.2.0\n-- Detecting C compiler ABI info\n"
    "-- Detecting C compiler ABI info - done\n-- Check for working C compiler: /usr/bin/cc - skipped\n"
    "-- Configuring done\n-- Generating done\n-- Build files have been written to: /tmp/demo/build\n",
    # strace: no timestamp and no level, the record shape `syscall(args) = result` on every line
    "strace": 'execve("/usr/bin/ls", ["ls", "-la"], 0x7ffc5d1e3a18 /* 21 vars */) = 0\n'
    "brk(NULL)                               = 0x55d0c6f0e000\n"
    'openat(AT_FDCWD, "/etc/ld.so.cache", O_RDONLY|O_CLOEXEC) = 3\n'
    "newfstatat(3, \"\", {st_mode=S_IFREG|0644, st_size=18023, ...}, AT_EMPTY_PATH) = 0\n"
    "mmap(NULL, 18023, PROT_READ, MAP_PRIVATE, 3, 0) = 0x7f3a6b2f1000\n"
    "close(3)                                = 0\n"
    'access("/etc/suid-debug", F_OK)         = -1 ENOENT (No such file or directory)\n'
    "exit_group(0)                           = ?\n+++ exited with 0 +++\n",
    "strace_f": "4242  clone3({flags=CLONE_VM|CLONE_VFORK, exit_signal=SIGCHLD, stack=0x7f1c, stack_size=0x9000}, 88 <unfinished ...>\n"
    '4243  execve("/usr/bin/wc", ["wc", "-l"], 0x5615 /* 21 vars */ <unfinished ...>\n'
    "4242  <... clone3 resumed>)             = 4243\n4242  wait4(-1,  <unfinished ...>\n"
    '4243  <... execve resumed>)             = 0\n4243  read(0, "PRETTY_NAME=\\"Debian GNU/Linux 12"..., 16384) = 267\n'
    "4243  exit_group(0)                     = ?\n4243  +++ exited with 0 +++\n"
    "4242  <... wait4 resumed>[{WIFEXITED(s) && WEXITSTATUS(s) == 0}], 0, NULL) = 4243\n"
    "4242  --- SIGCHLD {si_signo=SIGCHLD, si_code=CLD_EXITED, si_pid=4243, si_status=0} ---\n",
    "ninja": "[1/4] Building C object CMakeFiles/util.dir/src/util.c.o\n[2/4] Linking C static library libutil.a\n"
    "[3/4] Building C object CMakeFiles/app.dir/src/main.c.o\n[4/4] Linking C executable app\n",
    "cmake_make": "[ 25%] Building C object CMakeFiles/util.dir/src/util.c.o\n[ 50%] Linking C static library libutil.a\n"
    "[ 50%] Built target util\n[ 75%] Building C object CMakeFiles/app.dir/src/main.c.o\n[100%] Linking C executable app\n"
    "[100%] Built target app\n",
    "ctest": "Test project /tmp/demo/build\n    Start 1: runs\n1/2 Test #1: runs .............................   Passed    0.01 sec\n"
    "    Start 2: missing\n2/2 Test #2: missing ..........................***Not Run   0.00 sec\n\n"
    "50% tests passed, 1 tests failed out of 2\n",
    "cargo": "   Compiling demo v0.1.0 (/tmp/demo)\nwarning: unused variable: `v`\n --> src/main.rs:7:9\n  |\n"
    "7 |     let v = 3;\n  |         ^ help: if this is intentional, prefix it with an underscore: `_v`\n\n"
    "    Finished `dev` profile [unoptimized + debuginfo] target(s) in 0.41s\n",
    "github_actions": "2024-05-01T10:00:00.1234567Z ##[group]Run actions/checkout@v4\n"
    "2024-05-01T10:00:00.1234567Z with:\n2024-05-01T10:00:00.1234567Z   repository: octo/demo\n"
    "2024-05-01T10:00:01.0000000Z ##[endgroup]\n2024-05-01T10:00:02.0000000Z Syncing repository: octo/demo\n",
    "nginx_error": "2024/05/01 10:00:00 [notice] 1#1: using the \"epoll\" event method\n"
    "2024/05/01 10:00:00 [notice] 1#1: nginx/1.25.4\n2024/05/01 10:00:07 [error] 29#29: *1 open() \"/usr/share/nginx/html/x\" failed\n",
    "zap_console_tabs": "2024-05-01T10:00:00.000Z\tINFO\tserver/main.go:42\tstarting\n"
    "2024-05-01T10:00:01.000Z\tWARN\tserver/main.go:57\tslow request\n2024-05-01T10:00:02.000Z\tERROR\tdb/pool.go:12\tdial failed\n",
}

NOT_LOGS = {
    # a header-less TSV with a timestamp column is a table
    "tsv": (
        "tsv",
        "".join(f"{h}\tAda Lovelace\t2026-12-0{d}T1{d}:0{d}:00+00:00\tfix parser edge case {d}\n"
                for d, h in zip(range(1, 9), ("a1b2c3d", "b2c3d4e", "c3d4e5f", "d4e5f6a", "e5f6a7b", "f6a7b8c", "a7b8c9d", "b8c9d0e"))),
    ),
    "csv": ("csv", "time,level,message\n2026-01-02 10:00:01,INFO,starting\n2026-01-02 10:00:02,WARN,slow\n"),
    "changelog": (
        "text",
        "Version 2.3 (2024-05-01)\n\nThe parser now accepts trailing commas, and the error messages name the\n"
        "line they come from. Thanks to everyone who reported problems with the old\nbehaviour on the mailing list.\n\n"
        "Version 2.2 (2024-02-11)\n\nThe documentation was rewritten; the examples now run as written and the\n"
        "tutorial explains how configuration files are found.\n",
    ),
}


@pytest.mark.parametrize("name", sorted(LOGS))
def test_log_family_is_log(name: str) -> None:
    assert toolstub.synopsize(LOGS[name], rules="default").kind == "log", name


@pytest.mark.parametrize("name", sorted(NOT_LOGS))
def test_log_look_alike_is_not_log(name: str) -> None:
    expected, content = NOT_LOGS[name]
    assert toolstub.synopsize(content, rules="default").kind == expected, name


def test_levels_of_new_families_are_counted() -> None:
    syn = toolstub.synopsize(LOGS["glog"], rules="default")
    text = "\n".join(syn.structure)
    assert "error 1" in text and "warning 1" in text and "info 2" in text, text


def test_tab_table_share_is_rule_data() -> None:
    # with the check off, the header-less TSV with a timestamp on every line is read as a log again
    import tempfile
    from pathlib import Path

    rules = Path(tempfile.mkdtemp()) / "off.yaml"
    rules.write_text("schema_version: 1\nextends: default\nkinds:\n  log:\n    tab_table_share: 0\n")
    two_columns = "".join(f"2026-12-0{d} 1{d}:00:00\tbackup of volume {d} finished\n" for d in range(1, 9))
    assert toolstub.synopsize(two_columns, rules="default").kind == "tsv"
    assert toolstub.synopsize(two_columns, rules=toolstub.load_rules(str(rules))).kind == "log"


def test_short_function_definitions_are_not_strace_records() -> None:
    # Julia/maths one-line definitions share the `name(args) = value` shape; only system-call names (or strace's
    # `-f` pid column) make the record a trace line
    julia = "".join(f"{name}(x, y) = {n}\n" for n, name in enumerate(("f", "g", "area", "scale", "shift", "norm2"), 1))
    assert toolstub.synopsize(julia, rules="default").kind != "log"
