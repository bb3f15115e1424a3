"""Issue 10, text kinds: configuration files are text, programs are code.

Each input has the shape of a real configuration file of a common dialect (X resources with
cpp conditionals, apt.conf blocks, nginx and Apache sites, sshd_config, pam.d, sudoers,
crontab, fstab, systemd units, git config, EditorConfig, pkg-config, Java policy files, ALSA
and AppArmor profiles, postgresql.conf) or of a program in the languages whose lines look most
like declarations (CSS, SQL, Cython declarations, C headers, Vim colour schemes, Makefile
fragments, Tcl, TypeScript declarations, Python modules holding YAML documentation strings,
PowerShell with a comment block). The class is what is tested: declarations without control
flow, definitions or calls are a configuration (text); a program's lines keep it code.
"""

from __future__ import annotations

import pytest

import toolstub

CONFIGS = {
    "x-resources": """\
! Viewres resources
#include "Viewres"

*background:\t\t\t\tgray95
*foreground:\t\t\t\tgray30
*borderColor:\t\t\t\tgray80
*Font:\t\t\t\t\tXtDefaultFont
#ifdef COLOR
*buttonbox*ShapeStyle:\t\t\trectangle
*Tree*List.BorderWidth: \t\t0
*Tree.foreground:\t\t\tgray75
*Panner.background:\t\t\tgray70
#endif
*SimpleMenu.backgroundPixmap:\t\tgradient:vertical?dimension=4&start=gray92&end=gray98
""",
    "apt-conf": """\
// Pre-configure all packages with debconf before they are installed.
APT
{
  NeverAutoRemove
  {
\t"^firmware-linux.*";
\t"^linux-firmware$";
\t"^linux-image-[a-z0-9]*$";
  };
  Never-MarkAuto-Sections
  {
\t"metapackages";
\t"tasks";
  };
};
DPkg::Pre-Install-Pkgs {"/usr/sbin/dpkg-preconfigure --apt || true";};
APT::Periodic::Update-Package-Lists "1";
""",
    "nginx-site": """\
# Default server configuration
server {
\tlisten 80 default_server;
\tlisten [::]:80 default_server;

\troot /var/www/html;
\tindex index.html index.htm index.nginx-debian.html;

\tserver_name _;

\tlocation / {
\t\ttry_files $uri $uri/ =404;
\t}

\tlocation ~ /\\.ht {
\t\tdeny all;
\t}
}
""",
    "apache-site": """\
<VirtualHost *:80>
\t# The ServerName directive sets the request scheme, hostname and port.
\tServerAdmin webmaster@localhost
\tDocumentRoot /var/www/html

\tErrorLog ${APACHE_LOG_DIR}/error.log
\tCustomLog ${APACHE_LOG_DIR}/access.log combined

\t<Directory /var/www/html>
\t\tOptions Indexes FollowSymLinks
\t\tAllowOverride None
\t\tRequire all granted
\t</Directory>
</VirtualHost>
""",
    "sshd-config": """\
# This is the sshd server system-wide configuration file.  See
# sshd_config(5) for more information.

Include /etc/ssh/sshd_config.d/*.conf

#Port 22
#AddressFamily any
#ListenAddress 0.0.0.0

PermitRootLogin prohibit-password
PubkeyAuthentication yes
KbdInteractiveAuthentication no
UsePAM yes
X11Forwarding yes
PrintMotd no
AcceptEnv LANG LC_*
Subsystem\tsftp\t/usr/lib/openssh/sftp-server

Match User anoncvs
\tX11Forwarding no
\tAllowTcpForwarding no
\tForceCommand cvs server
""",
    "pam-d": """\
#
# The PAM configuration file for the Shadow `chfn' service
#

# This allows root to change user infomation without being
# prompted for a password
auth\t\tsufficient\tpam_rootok.so

# The standard Unix authentication modules, used with
# NULLOK_SECURE.  SEE common-auth for details.
@include common-auth
@include common-account
@include common-session
session    optional   pam_keyinit.so force revoke
auth [success=1 default=ignore] pam_unix.so nullok
""",
    "sudoers": """\
#
# This file MUST be edited with the 'visudo' command as root.
#
Defaults\tenv_reset
Defaults\tmail_badpass
Defaults\tsecure_path="/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
Defaults\tuse_pty

# User privilege specification
root\tALL=(ALL:ALL) ALL

# Allow members of group sudo to execute any command
%sudo\tALL=(ALL:ALL) ALL

@includedir /etc/sudoers.d
""",
    "crontab": """\
# /etc/crontab: system-wide crontab
SHELL=/bin/sh
PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin

# Example of job definition:
# .---------------- minute (0 - 59)
# |  .------------- hour (0 - 23)
# *  *  *  *  * user-name command to be executed
17 *\t* * *\troot\tcd / && run-parts --report /etc/cron.hourly
25 6\t* * *\troot\ttest -x /usr/sbin/anacron || { cd / && run-parts --report /etc/cron.daily; }
47 6\t* * 7\troot\ttest -x /usr/sbin/anacron || { cd / && run-parts --report /etc/cron.weekly; }
""",
    "fstab": """\
# /etc/fstab: static file system information.
#
# <file system> <mount point>   <type>  <options>       <dump>  <pass>
UUID=0a3407de-014b-458b-b5c1-848e92a327a3 /               ext4    errors=remount-ro 0       1
UUID=6C86-1E2B  /boot/efi       vfat    umask=0077      0       1
/swapfile                                 none            swap    sw              0       0
tmpfs /tmp tmpfs defaults,noatime,mode=1777 0 0
""",
    "systemd-unit": """\
[Unit]
Description=OpenBSD Secure Shell server
Documentation=man:sshd(8) man:sshd_config(5)
After=network.target auditd.service
ConditionPathExists=!/etc/ssh/sshd_not_to_be_run

[Service]
EnvironmentFile=-/etc/default/ssh
ExecStartPre=/usr/sbin/sshd -t
ExecStart=/usr/sbin/sshd -D $SSHD_OPTS
ExecReload=/bin/kill -HUP $MAINPID
Restart=on-failure
RuntimeDirectory=sshd

[Install]
WantedBy=multi-user.target
Alias=sshd.service
""",
    "gitconfig": """\
[user]
\tname = Ada Lovelace
\temail = ada@example.org
[core]
\teditor = vim
\tautocrlf = input
[alias]
\tst = status -sb
\tlg = log --graph --oneline --decorate
[remote "origin"]
\turl = https://example.org/repo.git
\tfetch = +refs/heads/*:refs/remotes/origin/*
""",
    "editorconfig": """\
# EditorConfig is awesome: https://EditorConfig.org
root = true

[*]
end_of_line = lf
insert_final_newline = true
charset = utf-8

[*.{js,py}]
indent_style = space
indent_size = 4

[Makefile]
indent_style = tab
""",
    "pkg-config": """\
prefix=/usr
exec_prefix=${prefix}
libdir=${prefix}/lib/x86_64-linux-gnu
includedir=${prefix}/include

Name: zlib
Description: zlib compression library
Version: 1.2.13

Requires:
Libs: -L${libdir} -L${sharedlibdir} -lz
Cflags: -I${includedir}
""",
    "java-policy": """\
// default permissions granted to all domains
grant {
    // allows anyone to listen on dynamic ports
    permission java.net.SocketPermission "localhost:0", "listen";
    permission java.util.PropertyPermission "java.version", "read";
    permission java.util.PropertyPermission "java.vendor", "read";
    permission java.util.PropertyPermission "os.name", "read";
};

grant codeBase "jrt:/java.compiler" {
    permission java.security.AllPermission;
};
""",
    "alsa-conf": """\
#
#  Hardware output from 4.0 speakers
#
pcm.!surround40 {
\t@args [ CARD DEV ]
\t@args.CARD {
\t\ttype string
\t\tdefault {
\t\t\t@func getenv
\t\t\tvars [
\t\t\t\tALSA_SURROUND40_CARD
\t\t\t\tALSA_CARD
\t\t\t]
\t\t}
\t}
\ttype empty
\tslave.pcm {
\t\t@func refer
\t\tname defaults.pcm.surround40.card
\t}
\thint.description "4.0 Surround output to Front and Rear speakers"
}
""",
    "apparmor-profile": """\
# vim:syntax=apparmor
#include <tunables/global>

/usr/sbin/ntpd flags=(attach_disconnected) {
  #include <abstractions/base>
  #include <abstractions/nameservice>

  capability ipc_lock,
  capability net_bind_service,
  capability setgid,
  network inet dgram,
  network inet6 stream,

  /etc/ntp.conf r,
  /usr/sbin/ntpd rmix,
  /usr/bin/nroff rix,
  /usr/bin/groff Cx -> ntpd_groff,
  signal (send) peer=(unconfined),
  @{PROC}/net/if_inet6 r,
  owner /var/lib/ntp/* rwl,

  signal peer=@{profile_name},

  profile ntpd_groff {
    /usr/bin/groff mr,
    /usr/lib/groff/** mr,
  }
}
""",
    "postgresql-conf": """\
# -----------------------------
# PostgreSQL configuration file
# -----------------------------
#
# This is only relevant when logging to eventlog (Windows):
#   error
data_directory = '/var/lib/postgresql/15/main'\t\t# use data in another directory
hba_file = '/etc/postgresql/15/main/pg_hba.conf'\t# host-based authentication file
listen_addresses = 'localhost'\t\t# what IP address(es) to listen on;
port = 5432\t\t\t\t# (change requires restart)
max_connections = 100\t\t\t# (change requires restart)
shared_buffers = 128MB\t\t\t# min 128kB
#work_mem = 4MB\t\t\t\t# min 64kB
log_timezone = 'Etc/UTC'
datestyle = 'iso, mdy'
include_dir = 'conf.d'\t\t\t# include files ending in '.conf' from
""",
    "logrotate": """\
/var/log/apt/term.log {
  rotate 12
  monthly
  compress
  missingok
  notifempty
}

/var/log/apt/history.log {
  rotate 12
  monthly
  compress
  missingok
  notifempty
}
""",
}

PROGRAMS = {
    "css": """\
/* sets basic placement and size of slide components */
@import url(framing.css);

html, body {margin: 0; padding: 0;}
body {
  background: white;
  color: black;
}
:link, :visited {text-decoration: none; color: #00C;}
h1 {
  font-size: 2em;
  margin: 0 0 0.5em;
}
""",
    "sql": """\
/* contrib/pgcrypto/pgcrypto--1.3.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\\echo Use "CREATE EXTENSION pgcrypto" to load this file. \\quit

CREATE FUNCTION digest(text, text)
RETURNS bytea
AS 'MODULE_PATHNAME', 'pg_digest'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

CREATE FUNCTION digest(bytea, text)
RETURNS bytea
AS 'MODULE_PATHNAME', 'pg_digest'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;
""",
    "cython-pxd": """\
from libc.stdint cimport uint32_t, uint64_t, int32_t, int64_t
import numpy as np
cimport numpy as np

cdef double POISSON_LAM_MAX
cdef uint64_t MAXSIZE

cdef extern from "numpy/random/distributions.h":
    struct s_binomial_t:
        int has_binomial
        double psave
    ctypedef s_binomial_t binomial_t

    double random_standard_uniform(bitgen_t *bitgen_state) nogil
    void random_standard_uniform_fill(bitgen_t* bitgen_state, np.npy_intp cnt, double *out) nogil
""",
    "c-header-macros": """\
/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note */
#ifndef __ASM_GENERIC_MMAN_COMMON_H
#define __ASM_GENERIC_MMAN_COMMON_H

#define PROT_READ\t0x1\t\t/* page can be read */
#define PROT_WRITE\t0x2\t\t/* page can be written */
#define PROT_EXEC\t0x4\t\t/* page can be executed */
#define MAP_SHARED\t0x01\t\t/* Share changes */
#define MAP_PRIVATE\t0x02\t\t/* Changes are private */

#ifndef MAP_UNINITIALIZED
#define MAP_UNINITIALIZED 0x4000000
#endif

#endif /* __ASM_GENERIC_MMAN_COMMON_H */
""",
    "vim-colors": """\
" Name:         murphy
" Description:  Green on black
" Maintainer:   The Vim Project

set background=dark
hi clear
let g:colors_name = 'murphy'

hi Normal guifg=#87ff87 guibg=#000000 gui=NONE cterm=NONE
hi EndOfBuffer guifg=#303030 guibg=NONE gui=NONE cterm=NONE
hi StatusLine guifg=#ffffff guibg=#303030 gui=NONE cterm=NONE
hi StatusLineNC guifg=#ffffff guibg=#000000 gui=NONE cterm=NONE
hi! link Terminal Normal
hi! link LineNrAbove LineNr
hi Comment guifg=#ffa500 guibg=NONE gui=NONE cterm=NONE
""",
    "makefile-fragment": """\
# This Makefile fragment (since dpkg 1.16.1) defines all the DEB_HOST_* variables.

dpkg_datadir = $(srcdir)/mk
include $(dpkg_datadir)/architecture.mk
include $(dpkg_datadir)/buildflags.mk
include $(dpkg_datadir)/pkg-info.mk
include $(dpkg_datadir)/vendor.mk
""",
    "tcl": """\
namespace eval ttk::theme::clam {
    variable colors
    array set colors {
\t-disabledfg\t\t"#999999"
\t-frame  \t\t"#dcdad5"
\t-window  \t\t"#ffffff"
    }
    ttk::style theme settings clam {
\tttk::style configure "." \\
\t    -background $colors(-frame) \\
\t    -foreground black \\
\t    -bordercolor $colors(-darkest) \\
\t    -troughcolor $colors(-darker) \\
\t    ;
\tttk::style map "." \\
\t    -background [list disabled $colors(-frame) active $colors(-lighter)] \\
\t    -foreground [list disabled $colors(-disabledfg)] \\
\t    ;
    }
}
""",
    "typescript-declarations": """\
/// <reference path="operators/index.d.ts" />
export { Observable } from './internal/Observable';
export { Subject } from './internal/Subject';
export { BehaviorSubject } from './internal/BehaviorSubject';
export { Scheduler } from './internal/Scheduler';
export { Subscription } from './internal/Subscription';
declare const spdxLicenseList: Readonly<Set<string>>;
export = spdxLicenseList;
""",
    "python-with-yaml-docs": '''\
# Copyright: Contributors to the Ansible project
from __future__ import annotations

DOCUMENTATION = """
    name: lines
    author: Daniel Hokka Zakrisson
    version_added: "0.9"
    short_description: read lines from command
    description:
      - Run one or more commands and split the output into lines
    options:
      _terms:
        description: command(s) to run
        required: True
"""

EXAMPLES = """
- name: read lines
  debug: msg="{{ item }}"
  with_lines: cat /etc/motd
"""

RETURN = """
  _list:
    description: lines of stdout
    type: list
"""
''',
    "powershell": """\
<#
.Synopsis
Activate a Python virtual environment for the current PowerShell session.

.Parameter VenvDir
Path to the directory that contains the virtual environment to activate.
#>
Param(
    [Parameter(Mandatory = $false)]
    [String]
    $VenvDir,
    [Parameter(Mandatory = $false)]
    [String]
    $Prompt
)

function global:deactivate ([switch]$NonDestructive) {
    if (Test-Path -Path Function:_OLD_VIRTUAL_PROMPT) {
        Copy-Item -Path Function:_OLD_VIRTUAL_PROMPT -Destination Function:prompt
        Remove-Item -Path Function:_OLD_VIRTUAL_PROMPT
    }
}
""",
}


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_config_files_are_text(name: str) -> None:
    assert toolstub.synopsize(CONFIGS[name], rules="default").kind == "text"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_programs_shaped_like_declarations_stay_code(name: str) -> None:
    assert toolstub.synopsize(PROGRAMS[name], rules="default").kind == "code"


@pytest.mark.parametrize("name", ["x-resources", "apt-conf", "java-policy", "nginx-site"])
def test_a_shebang_still_makes_a_config_shaped_file_code(name: str) -> None:
    # the config reading comes after a language marker or strong pattern: a script stays a script
    assert toolstub.synopsize("#!/bin/sh\n" + CONFIGS[name], rules="default").kind == "code"


def test_config_reading_is_a_rule_file_setting() -> None:
    # without config_line_pattern (a rule file that extends default and drops it) the old reading holds
    from toolstub.plugins import code_summarizer
    from toolstub.rule_files import load_rules
    from toolstub.synopsis import KindInput

    caps = dict(load_rules("default").caps("code"))
    content = CONFIGS["java-policy"]
    inp = KindInput(content, mime="", tool_name="", preview_chars=2000, rules=None, caps=caps)
    assert code_summarizer.summarize(inp) is None
    caps["config_line_pattern"] = None
    inp = KindInput(content, mime="", tool_name="", preview_chars=2000, rules=None, caps=caps)
    assert code_summarizer.summarize(inp) is not None


GNU_CHANGES = """\
This document details the changes between this version, bash-5.2-release, and
the previous version, bash-5.2-rc4.

1. Changes to Bash

a. Changed the message printed when setlocale(3) fails to only include the
   text generated by strerror(3).

b. Fixed a bug that caused `declare -' equivalent of `local -' to crash.

c. The `printf' builtin checks for the `%' character in the format.

2. New Features in Bash

a. The `wait -p' option without the `-n' option is an error.

------------------------------------------------------------------------------
"""

POD_DOCUMENT = """\
=head1 NAME

Mail::Send - Simple electronic mail interface

=head1 SYNOPSIS

    require Mail::Send;

    $msg = Mail::Send->new;
    $msg->to('user@host');
    $msg->subject('example subject');

=head1 DESCRIPTION

L<Mail::Send> creates e-mail messages without using the L<Mail::Header>
knowledge, which means that all fields are sent as they are given.

=head1 METHODS

=over 4

=item $obj-E<gt>B<to>(ADDRESS)

Set the destination address.

=back

=cut
"""

BATCH = """\
@echo off
rem Start IDLE using the appropriate Python interpreter
set CURRDIR=%~dp0
start "IDLE" "%CURRDIR%..\\..\\pythonw.exe" "%CURRDIR%idle.pyw" %1 %2 %3 %4 %5 %6 %7 %8 %9
"""

PERL_MODULE_WITH_POD_FIRST = """\
=head1 NAME

Foo::Bar - frobnicate

=cut

package Foo::Bar;
use strict;
use warnings;

sub new {
    my ($class, %args) = @_;
    return bless {%args}, $class;
}

1;
"""


def test_gnu_quoted_changes_file_is_text_not_markdown() -> None:
    # `word' is GNU/TeX quoting, not a Markdown code span
    assert toolstub.synopsize(GNU_CHANGES, rules="default").kind == "text"


def test_pod_document_is_text_and_perl_with_pod_is_code() -> None:
    assert toolstub.synopsize(POD_DOCUMENT, rules="default").kind == "text"
    assert toolstub.synopsize(PERL_MODULE_WITH_POD_FIRST, rules="default").kind == "code"


def test_batch_file_is_code_named_batch() -> None:
    syn = toolstub.synopsize(BATCH, rules="default")
    assert syn.kind == "code"
    assert syn.title == "Batch code output"


PY_RST_DOCSTRING = '''\
"""
oauthlib.utils
~~~~~~~~~~~~~~

This module contains utility methods used by various parts of the OAuth
spec.
"""
import urllib.request as urllib2

from oauthlib.common import quote, unquote

UNICODE_ASCII_CHARACTER_SET = ('abcdefghijklmnopqrstuvwxyz'
                               'ABCDEFGHIJKLMNOPQRSTUVWXYZ')


def filter_params(target):
    """Decorator which filters params to remove non-oauth_* parameters."""
    def wrapper(params, *args, **kwargs):
        params = filter_oauth_params(params)
        return target(params, *args, **kwargs)

    wrapper.__doc__ = target.__doc__
    return wrapper
'''

PY_LEXER_TABLE = '''\
"""
    pygments.lexers.graphics
    ~~~~~~~~~~~~~~~~~~~~~~~~

    Lexers for computer graphics and plotting related languages.
"""

from pygments.lexer import RegexLexer, words, bygroups
from pygments.token import Text, Comment, Operator, Keyword, Name

__all__ = ['GLShaderLexer', 'PostScriptLexer']


class GLShaderLexer(RegexLexer):
    """GLSL (OpenGL Shader) lexer."""
    name = 'GLSL'
    aliases = ['glsl']
    tokens = {
        'root': [
            (r'#(?:.*\\\\\\n)*.*$', Comment.Preproc),
            (r'//.*$', Comment.Single),
            (r'/(\\\\\\n)?[*](.|\\n)*?[*](\\\\\\n)?/', Comment.Multiline),
            (r'\\+|-|~|!=?|\\*|/|%|<<|>>|<=?|>=?|==?|&&?|\\^|\\|\\|?', Operator),
            (r'[?:]', Operator),
            (r'[\\[\\](){}<>;,]', Punctuation),
            (r'[a-zA-Z_]\\w*', Name),
        ],
    }
'''

MD_TILDE_FENCE = """\
# Usage

Install the package, then run:

~~~sh
pip install widget
widget --help
~~~

See [the docs](https://example.org/docs) for more.
"""


def test_rst_tilde_underline_is_not_a_fence() -> None:
    # a docstring title underlined with ~ would open a fence that never closes
    assert toolstub.synopsize(PY_RST_DOCSTRING, rules="default").kind == "code"
    assert toolstub.synopsize(MD_TILDE_FENCE, rules="default").kind == "markdown"


def test_regex_literals_are_not_markdown_links() -> None:
    assert toolstub.synopsize(PY_LEXER_TABLE, rules="default").kind == "code"


JINJA_PAGE = """\
{% extends "skeleton.html" %}
{% block page_title %}Cron Jobs{% endblock %}

{% block page_head %}
  <link type="text/css" rel="stylesheet" href="/assets/cron.css">
{% endblock %}

{% block body %}
<div id="cron">
<h3>Cron Jobs</h3>
{% if cronjobs %}
  <table id="ae-cron-jobs" class="ae-table">
    {% for job in cronjobs %}
    <tr>
      <td>{{ job.url }}</td>
      <td>{{ job.schedule }}</td>
    </tr>
    {% endfor %}
  </table>
{% else %}
  This application doesn't define any cron jobs.
{% endif %}
</div>
{% endblock %}
"""

ERB_PAGE = """\
<% provide(:title, "Sign up") %>
<h1>Sign up</h1>
<div class="row">
  <%= form_with(model: @user) do |f| %>
    <%= f.label :name %>
    <%= f.text_field :name, class: 'form-control' %>
    <%= f.submit "Create my account", class: "btn btn-primary" %>
  <% end %>
</div>
"""

GO_TEMPLATE_PAGE = """\
{{define "base"}}
<!DOCTYPE html>
<html lang="en">
<head><title>{{template "title" .}}</title></head>
<body>
  <main>{{template "main" .}}</main>
</body>
</html>
{{end}}
"""

JINJA_YAML = """\
{% set name = "widget" %}
package:
  name: {{ name }}
  version: {{ version }}
requirements:
  run:
    - python >=3.9
"""


@pytest.mark.parametrize("content", [JINJA_PAGE, ERB_PAGE, GO_TEMPLATE_PAGE], ids=["jinja", "erb", "go-template"])
def test_html_templates_are_html(content: str) -> None:
    assert toolstub.synopsize(content, rules="default").kind == "html"


def test_a_template_of_another_format_is_not_html() -> None:
    assert toolstub.synopsize(JINJA_YAML, rules="default").kind != "html"


PERL_UNICORE_TABLE = "".join(
    [
        "# !!!!!!!   DO NOT EDIT THIS FILE   !!!!!!!\n",
        "# This file is machine-generated by lib/unicore/mktables from the Unicode\n",
        "# database, Version 14.0.0.  Any changes made here will be lost!\n\n",
        "return <<'END';\nV1336\n",
        *(f"{n}\n" for n in range(0, 2400, 7)),
        "END\n",
    ]
)

PERL_LOCALE_TABLE = """\
+{
   locale_version => 1.31,
   entry => <<'ENTRY', # for DUCET v13.0.0
0101      ; [.1FA2.0020.0002][.0000.0032.0002] # LATIN SMALL LETTER A WITH MACRON
0100      ; [.1FA2.0020.0008][.0000.0032.0002] # LATIN CAPITAL LETTER A WITH MACRON
0113      ; [.2002.0020.0002][.0000.0032.0002] # LATIN SMALL LETTER E WITH MACRON
0112      ; [.2002.0020.0008][.0000.0032.0002] # LATIN CAPITAL LETTER E WITH MACRON
ENTRY
};
"""


@pytest.mark.parametrize("content", [PERL_UNICORE_TABLE, PERL_LOCALE_TABLE], ids=["unicore", "collate-locale"])
def test_perl_returning_a_here_document_is_perl(content: str) -> None:
    syn = toolstub.synopsize(content, rules="default")
    assert (syn.kind, syn.title) == ("code", "Perl code output")


MORE_CONFIGS = {
    'krb5.conf': '[libdefaults]\n\tdefault_realm = ATHENA.MIT.EDU\n\tkdc_timesync = 1\n\tccache_type = 4\n\tforwardable = true\n\tproxiable = true\n\n[realms]\n\tATHENA.MIT.EDU = {\n\t\tkdc = kerberos.mit.edu\n\t\tkdc = kerberos-1.mit.edu\n\t\tadmin_server = kerberos.mit.edu\n\t}\n\n[domain_realm]\n\t.mit.edu = ATHENA.MIT.EDU\n\tmit.edu = ATHENA.MIT.EDU\n',
    'named.conf': 'options {\n\tdirectory "/var/cache/bind";\n\t// forwarders {\n\t// \t0.0.0.0;\n\t// };\n\tdnssec-validation auto;\n\tlisten-on-v6 { any; };\n};\nzone "example.com" {\n\ttype master;\n\tfile "/etc/bind/db.example.com";\n\tallow-transfer { 192.168.1.2; };\n};\ninclude "/etc/bind/named.conf.local";\n',
    'haproxy.cfg': 'global\n\tlog /dev/log\tlocal0\n\tchroot /var/lib/haproxy\n\tuser haproxy\n\tgroup haproxy\n\tdaemon\n\ndefaults\n\tlog\tglobal\n\tmode\thttp\n\toption\thttplog\n\ttimeout connect 5000\n\ttimeout client  50000\n\terrorfile 400 /etc/haproxy/errors/400.http\n\nfrontend www\n\tbind *:80\n\tdefault_backend web\n\nbackend web\n\tbalance roundrobin\n\tserver web1 10.0.0.1:8080 check\n\tserver web2 10.0.0.2:8080 check\n',
    'htaccess': '# BEGIN WordPress\n<IfModule mod_rewrite.c>\nRewriteEngine On\nRewriteBase /\nRewriteRule ^index\\.php$ - [L]\nRewriteCond %{REQUEST_FILENAME} !-f\nRewriteCond %{REQUEST_FILENAME} !-d\nRewriteRule . /index.php [L]\n</IfModule>\n# END WordPress\n',
    'inputrc': '# /etc/inputrc - global inputrc for libreadline\nset input-meta on\nset output-meta on\nset bell-style none\n$if mode=emacs\n# for linux console and RH/Debian xterm\n"\\e[1~": beginning-of-line\n"\\e[4~": end-of-line\n"\\e[5~": beginning-of-history\n"\\e[3~": delete-char\n"\\e[2~": quoted-insert\n$endif\n',
    'ssh_config': 'Host *\n    SendEnv LANG LC_*\n    HashKnownHosts yes\n    GSSAPIAuthentication yes\n\nHost bastion\n    HostName bastion.example.org\n    User deploy\n    IdentityFile ~/.ssh/id_ed25519\n    ProxyJump none\n    ForwardAgent no\n',
    'nsswitch.conf': '# /etc/nsswitch.conf\npasswd:         files systemd\ngroup:          files systemd\nshadow:         files\nhosts:          files mdns4_minimal [NOTFOUND=return] dns\nnetworks:       files\nprotocols:      db files\nservices:       db files\n',
    'squid.conf': 'acl localnet src 10.0.0.0/8\nacl SSL_ports port 443\nacl Safe_ports port 80\nacl CONNECT method CONNECT\nhttp_access deny !Safe_ports\nhttp_access deny CONNECT !SSL_ports\nhttp_access allow localhost manager\nhttp_access allow localnet\nhttp_port 3128\ncoredump_dir /var/spool/squid\nrefresh_pattern ^ftp:\t\t1440\t20%\t10080\nrefresh_pattern -i (/cgi-bin/|\\?) 0\t0%\t0\n',
    'my.cnf': '[mysqld]\nuser\t\t= mysql\npid-file\t= /run/mysqld/mysqld.pid\nsocket\t= /run/mysqld/mysqld.sock\nport\t\t= 3306\nbind-address\t\t= 127.0.0.1\nkey_buffer_size\t\t= 16M\nmax_allowed_packet\t= 64M\n!includedir /etc/mysql/conf.d/\n',
    'php.ini': '[PHP]\n;;;;;;;;;;;;;;;;;;;\n; About php.ini   ;\n;;;;;;;;;;;;;;;;;;;\nengine = On\nshort_open_tag = Off\nprecision = 14\noutput_buffering = 4096\n; disable_functions = exec,passthru\ndisable_functions = pcntl_alarm,pcntl_fork,pcntl_waitpid,\nmemory_limit = 128M\nerror_reporting = E_ALL & ~E_DEPRECATED & ~E_STRICT\ndisplay_errors = Off\n\n[Date]\n;date.timezone =\n',
    'Kconfig': 'config NET_VENDOR_INTEL\n\tbool "Intel devices"\n\tdefault y\n\thelp\n\t  If you have a network (Ethernet) card belonging to this class, say Y.\n\nif NET_VENDOR_INTEL\n\nconfig E1000\n\ttristate "Intel(R) PRO/1000 Gigabit Ethernet support"\n\tdepends on PCI\n\tselect CRC32\n\thelp\n\t  This driver supports Intel(R) PRO/1000 gigabit ethernet family of\n\t  adapters.\n\nendif # NET_VENDOR_INTEL\n',
    'tmux.conf': 'set -g prefix C-a\nunbind C-b\nbind C-a send-prefix\nset -g mouse on\nset -g history-limit 10000\nbind | split-window -h\nbind - split-window -v\nsetw -g mode-keys vi\n',
    'supervisord.conf': '[program:web]\ncommand=/usr/bin/gunicorn app:app -b 0.0.0.0:8000\ndirectory=/srv/app\nautostart=true\nautorestart=true\nstderr_logfile=/var/log/web.err.log\nenvironment=PYTHONUNBUFFERED="1",APP_ENV="prod"\n',
}

MORE_PROGRAMS = {
    'bashrc': "# ~/.bashrc: executed by bash(1) for non-login shells.\n\n# If not running interactively, don't do anything\ncase $- in\n    *i*) ;;\n      *) return;;\nesac\n\nHISTCONTROL=ignoreboth\nshopt -s histappend\nHISTSIZE=1000\nHISTFILESIZE=2000\nshopt -s checkwinsize\n\nalias ll='ls -alF'\nalias la='ls -A'\nalias l='ls -CF'\n",
    'profile': '# ~/.profile: executed by the command interpreter for login shells.\nexport EDITOR=vim\nexport PATH="$HOME/bin:$HOME/.local/bin:$PATH"\numask 022\nalias gs=\'git status\'\n',
    'Gemfile': 'source "https://rubygems.org"\n\nruby "3.2.2"\n\ngem "rails", "~> 7.1.0"\ngem "pg", "~> 1.1"\ngem "puma", ">= 5.0"\n\ngroup :development, :test do\n  gem "debug", platforms: %i[ mri windows ]\nend\n',
    'Vagrantfile': 'Vagrant.configure("2") do |config|\n  config.vm.box = "ubuntu/jammy64"\n  config.vm.network "forwarded_port", guest: 80, host: 8080\n  config.vm.provider "virtualbox" do |vb|\n    vb.memory = "1024"\n  end\n  config.vm.provision "shell", inline: <<-SHELL\n    apt-get update\n    apt-get install -y apache2\n  SHELL\nend\n',
    'Jenkinsfile': "pipeline {\n    agent any\n    stages {\n        stage('Build') {\n            steps {\n                sh 'make build'\n            }\n        }\n        stage('Test') {\n            steps {\n                sh 'make test'\n            }\n        }\n    }\n}\n",
    'init.el': ';;; init.el --- my config\n(setq inhibit-startup-message t)\n(menu-bar-mode -1)\n(require \'package)\n(add-to-list \'package-archives \'("melpa" . "https://melpa.org/packages/") t)\n(use-package magit :ensure t)\n',
    'init.lua': 'vim.opt.number = true\nvim.opt.relativenumber = true\nvim.opt.tabstop = 4\nvim.opt.shiftwidth = 4\nvim.g.mapleader = " "\nvim.keymap.set("n", "<leader>w", ":w<CR>")\nrequire("lazy").setup({\n  { "nvim-treesitter/nvim-treesitter", build = ":TSUpdate" },\n})\n',
    'site.pp': "class nginx {\n  package { 'nginx':\n    ensure => installed,\n  }\n  service { 'nginx':\n    ensure  => running,\n    enable  => true,\n    require => Package['nginx'],\n  }\n}\nnode 'web01.example.com' {\n  include nginx\n}\n",
}


@pytest.mark.parametrize("name", sorted(MORE_CONFIGS))
def test_more_config_dialects_are_text(name: str) -> None:
    # krb5.conf, BIND, HAProxy, .htaccess, inputrc, ssh_config, nsswitch, Squid, my.cnf, php.ini,
    # Kconfig, tmux, supervisord
    assert toolstub.synopsize(MORE_CONFIGS[name], rules="default").kind == "text"


@pytest.mark.parametrize("name", sorted(MORE_PROGRAMS))
def test_rc_files_and_dsl_scripts_are_code(name: str) -> None:
    # a shell rc file (alias, shopt, case ... esac), Ruby/Groovy/Lua/Elisp/Puppet scripts that configure
    assert toolstub.synopsize(MORE_PROGRAMS[name], rules="default").kind == "code"


PY_VERBOSE_REGEX = '''\
from __future__ import annotations

import re

# E.g.
# - 00:32:00.999999
_TIME_RE_STR = r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9])(?:\\\\.([0-9]{1,6})[0-9]*)?"

RE_NUMBER = re.compile(
    r"""
0
(?:
    x[0-9A-Fa-f](?:_?[0-9A-Fa-f])*   # hex
    |
    b[01](?:_?[01])*                 # bin
)
|
[+-]?(?:0|[1-9](?:_?[0-9])*)         # dec, integer part
(?P<floatpart>
    (?:\\\\.[0-9](?:_?[0-9])*)?         # optional fractional part
    (?:[eE][+-]?[0-9](?:_?[0-9])*)?  # optional exponent part
)
""",
    flags=re.VERBOSE,
)
RE_LOCALTIME = re.compile(_TIME_RE_STR)
'''


def test_regex_groups_after_brackets_are_not_markdown_links() -> None:
    # `[1-9](?:_?[0-9])` is a character class and a group, not a link
    assert toolstub.synopsize(PY_VERBOSE_REGEX, rules="default").kind == "code"


EMAIL_FOLDED_HEADERS = """\
From: <foo@bar.baz>
To: <baz@bar.foo>
Subject: test
X-Long-Line: Some really long line contains a lot of text and thus has to be rewrapped because it is some
\treally long
        line
MIME-Version: 1.0
Content-Type: multipart/signed; boundary="borderline";
\tprotocol="application/pgp-signature"; micalg=pgp-sha1

This is an OpenPGP/MIME signed message (RFC 2440 and 3156)
--borderline
Content-Type: text/plain
X-Long-Line: Another really long line contains a lot of text and thus has to be rewrapped because it is another
\treally long
        line

This is the signed contents.
"""

HTTP_DUMP = """\
HTTP/1.1 200 OK
Server: nginx/1.22.1
Content-Type: text/plain
Transfer-Encoding: chunked

all: build
\tcc -o x x.c
clean:
\trm -f x
"""


@pytest.mark.parametrize("content", [EMAIL_FOLDED_HEADERS, HTTP_DUMP], ids=["email", "http"])
def test_email_and_http_dumps_are_not_makefiles(content: str) -> None:
    # a header folded with a tab looked like a Makefile rule and its recipe
    assert toolstub.synopsize(content, rules="default").kind == "text"
