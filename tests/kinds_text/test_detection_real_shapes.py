"""Issue 10, text kinds: real-shaped outputs of the classes `default` used to get wrong.

Each input has the shape of a real file or command output (a CMake module, an /etc config
file, a Debian changelog, a reStructuredText changelog, a Vim syntax file, a Fortran module,
a pydoc page...). The class is what is tested: `#` comment blocks are not Markdown headings,
documents that quote code are text, code of languages without a detect pattern is code.
"""

from __future__ import annotations

import pytest

import toolstub

CMAKE_MODULE = """\
# Distributed under the OSI-approved BSD 3-Clause License.  See accompanying
# file Copyright.txt or https://cmake.org/licensing for details.

#[=======================================================================[.rst:
FindWidget
----------

Finds the widget library.

Result Variables
^^^^^^^^^^^^^^^^

``Widget_FOUND``
  True if the library was found.
#]=======================================================================]

find_path(Widget_INCLUDE_DIR NAMES widget.h)
find_library(Widget_LIBRARY NAMES widget)

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Widget
  REQUIRED_VARS Widget_LIBRARY Widget_INCLUDE_DIR)

if(Widget_FOUND)
  set(Widget_LIBRARIES ${Widget_LIBRARY})
endif()

mark_as_advanced(Widget_INCLUDE_DIR Widget_LIBRARY)
"""

ETC_CONFIG = """\
# /etc/adduser.conf: `adduser' configuration.
# See adduser(8) and adduser.conf(5) for full documentation.

# The DSHELL variable specifies the default login shell on your
# system.
DSHELL=/bin/bash

# The DHOME variable specifies the directory containing users' home
# directories.
DHOME=/home

# If GROUPHOMES is "yes", then the home directories will be created as
# /home/groupname/user.
GROUPHOMES=no

# The SKEL variable specifies the directory containing "skeletal" user
# files; in other words, files such as a sample .profile that will be
# copied to the new user's home directory when it is created.
SKEL=/etc/skel
"""

SYSCTL_CONF = """\
#
# /etc/sysctl.conf - Configuration file for setting system variables
# See /etc/sysctl.d/ for additional system variables.
# See sysctl.conf (5) for information.
#

#kernel.domainname = example.com

# Uncomment the following to stop low-level messages on console
#kernel.printk = 3 4 1 3

###################################################################
# Functions previously found in netbase
#

# Uncomment the next two lines to enable Spoof protection (reverse-path filter)
# Turn on Source Address Verification in all interfaces to
# prevent some spoofing attacks
#net.ipv4.conf.default.rp_filter=1
#net.ipv4.conf.all.rp_filter=1
"""

DEBIAN_CHANGELOG = """\
libfoo (1.6.39-2+deb12u4) bookworm-security; urgency=medium

  * Security upload targeting bookworm.
  * Backporting upstream fixes for:
    - CVE-2026-33416 - Use-after-free (Closes: #1132012)
    - CVE-2026-33636 - OOB read/write on ARM platforms (Closes: #1132013)

 -- Jane Maintainer <jane@debian.org>  Mon, 30 Mar 2026 20:59:03 +0200

libfoo (1.6.39-2) unstable; urgency=medium

  * Fix build with the new toolchain.
  * Bump Standards-Version to 4.6.2, no changes needed.

 -- Jane Maintainer <jane@debian.org>  Sun, 08 Jan 2023 11:02:41 +0100

# Older entries have been removed from this changelog.
# To read the complete changelog use `apt changelog libfoo`.
"""

RST_CHANGELOG = """\
=========
Changelog
=========

2.4.0 (2026-03-01)
==================

Features
--------

- Add the ``--strict`` option to :func:`load` (:issue:`412`).
- Support Python 3.14.

Bug fixes
---------

- Fix a crash when the input is empty. See :ref:`empty-input`.

.. note::

   The ``legacy`` mode is deprecated and will be removed in 3.0.

2.3.1 (2026-01-12)
==================

- Packaging only: ship the ``py.typed`` marker.
"""

PYTHON_BANNER_MODULE = """\
# -*- coding: utf-8 -*-
#
# Copyright (C) 2012-2023 The Project Authors
# Licensed under the MIT License.
#
# Helpers for reading configuration files.

import os
import sys

DEFAULTS = {
    "path": os.path.expanduser("~/.config/project"),
    "verbose": False,
}


def load(path=None):
    path = path or DEFAULTS["path"]
    with open(path, encoding="utf-8") as handle:
        return handle.read()
"""

SHELL_COMPLETION = """\
# mkswap(8) completion                                     -*- shell-script -*-

_comp_cmd_mkswap()
{
    local cur prev words cword comp_args
    _comp_initialize -- "$@" || return

    case $prev in
        -p | --pagesize | -L | --label | -U | --uuid)
            return
            ;;
    esac

    if [[ $cur == -* ]]; then
        COMPREPLY=($(compgen -W '$(_parse_help "$1")' -- "$cur"))
        return
    fi

    _comp_compgen_filedir
} &&
    complete -F _comp_cmd_mkswap mkswap
"""

M4_MACROS = """\
# pkg.m4 - Macros to locate and use pkg-config.   -*- Autoconf -*-
# serial 12 (pkg-config-0.29.2)

dnl PKG_PREREQ(MIN-VERSION)
dnl -----------------------
dnl Verify that the version of the pkg-config macros are at least
dnl MIN-VERSION.
AC_DEFUN([PKG_PREREQ],
[m4_define([PKG_MACROS_VERSION], [0.29.2])
m4_if(m4_version_compare(PKG_MACROS_VERSION, [$1]), -1,
    [m4_fatal([pkg.m4 version $1 or higher is required])])
])dnl PKG_PREREQ

AC_DEFUN([PKG_PROG_PKG_CONFIG],
[m4_pattern_forbid([^_?PKG_[A-Z_]+$])
AC_ARG_VAR([PKG_CONFIG], [path to pkg-config utility])
if test "x$ac_cv_env_PKG_CONFIG_set" != "xset"; then
	AC_PATH_TOOL([PKG_CONFIG], [pkg-config])
fi[]dnl
])dnl PKG_PROG_PKG_CONFIG
"""

JULIA_SOURCE = """\
# This file is a part of Julia. License is MIT: https://julialang.org/license

# Tests for the ring buffer.

module RingBuffers

export RingBuffer, push!, capacity

mutable struct RingBuffer{T}
    data::Vector{T}
    head::Int
end

RingBuffer{T}(n::Integer) where {T} = RingBuffer{T}(Vector{T}(undef, n), 0)

capacity(r::RingBuffer) = length(r.data)

function Base.push!(r::RingBuffer, x)
    r.head = mod1(r.head + 1, capacity(r))
    r.data[r.head] = x
    return r
end

end # module
"""

C_HEADER_MACROS = """\
/* Copyright (C) 1991-2023 Free Software Foundation, Inc.
   This file is part of the GNU C Library.

   The GNU C Library is free software; you can redistribute it and/or
   modify it under the terms of the GNU Lesser General Public
   License as published by the Free Software Foundation; either
   version 2.1 of the License, or (at your option) any later version.  */

/*
 *	POSIX Standard: 7.1-2 General Terminal Interface	<termios.h>
 */

#ifndef	_TERMIOS_H
#define	_TERMIOS_H	1

#include <features.h>

/* We need `pid_t'.  */
#include <bits/types.h>
#ifndef __pid_t_defined
typedef __pid_t pid_t;
# define __pid_t_defined
#endif

# define CCEQ(val, c)	((c) == (val) && (val) != _POSIX_VDISABLE)

#endif /* termios.h  */
"""

FORTRAN_MODULE = """\
module precision
  implicit none
  integer, parameter :: rk = selected_real_kind(15, 307)
contains
  subroutine scale(x, factor)
    real(kind=rk), intent(inout) :: x(:)
    real(kind=rk), intent(in) :: factor
    x = x * factor
  end subroutine scale

  function norm2(x) result(r)
    real(kind=rk), intent(in) :: x(:)
    real(kind=rk) :: r
    r = sqrt(sum(x**2))
  end function norm2
end module precision
"""

PERL_DATA_MODULE = """\
##
## French tables
##

package Date::Language::French;

use Date::Language ();
use vars qw(@ISA @DoW @DoWs @MoY @MoYs @AMPM %MoY %DoW $VERSION);
@ISA = qw(Date::Language);
$VERSION = "1.04";

@DoW = qw(dimanche lundi mardi mercredi jeudi vendredi samedi);
@MoY = qw(janvier février mars avril mai juin
          juillet août septembre octobre novembre décembre);
@DoWs = map { substr($_,0,3) } @DoW;
@MoYs = map { substr($_,0,3) } @MoY;
@AMPM = qw(AM PM);

@MoY{@MoY}  = (0 .. scalar(@MoY));
@DoW{@DoW}  = (0 .. scalar(@DoW));

1;
"""

VIM_SYNTAX = """\
" Vim syntax file
" Language:	TADS
" Maintainer:	Someone <someone@example.com>
" Last Change:	2020 Jan 01

" quit when a syntax file was already loaded
if exists("b:current_syntax")
  finish
endif

syn case match

" A bunch of useful keywords
syn keyword tadsStatement	goto break return continue pass
syn keyword tadsLabel		case default
syn keyword tadsConditional	if else switch
syn keyword tadsRepeat		while for do

syn match tadsSpecial contained "\\\\."
syn region tadsString start=+"+ skip=+\\\\\\\\\\|\\\\"+ end=+"+ contains=tadsSpecial

hi def link tadsStatement	Statement
hi def link tadsLabel		Label

let b:current_syntax = "tads"
"""

EMACS_LISP = """\
;;; llvm-mode.el --- Major mode for the LLVM assembler language.

;; Maintainer:  The LLVM team, http://llvm.org/
;; Version: 1.0

;;; Commentary:

;; Major mode for editing LLVM IR files.

;;; Code:

(defvar llvm-mode-syntax-table
  (let ((table (make-syntax-table)))
    (modify-syntax-entry ?% "_" table)
    (modify-syntax-entry ?. "_" table)
    table)
  "Syntax table used while in LLVM mode.")

(defvar llvm-font-lock-keywords
  (list
   ;; Comments
   '(";.*" . font-lock-comment-face))
  "Syntax highlighting for LLVM.")

(provide 'llvm-mode)

;;; llvm-mode.el ends here
"""

SCSS_PARTIAL = """\
// stylelint-disable selector-no-qualifying-type

@use "sass:map";

$btn-padding-y: .375rem !default;
$btn-padding-x: .75rem !default;

@mixin button-size($padding-y, $padding-x, $font-size, $border-radius) {
  --#{$prefix}btn-padding-y: #{$padding-y};
  --#{$prefix}btn-padding-x: #{$padding-x};
  @include rfs($font-size, --#{$prefix}btn-font-size);
  @include border-radius($border-radius, 0);
}

.btn {
  @include button-size($btn-padding-y, $btn-padding-x, $btn-font-size, $btn-border-radius);

  &:hover {
    color: var(--#{$prefix}btn-hover-color);
  }
}
"""

TS_OBJECT_LITERAL = """\
/**
 * HTTP status codes and their reason phrases.
 * @see https://www.rfc-editor.org/rfc/rfc9110
 */
export const STATUS_TEXT: Record<number, string> = {
  100: "Continue",
  101: "Switching Protocols",
  200: "OK",
  201: "Created",
  202: "Accepted",
  204: "No Content",
  301: "Moved Permanently",
  302: "Found",
  304: "Not Modified",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  409: "Conflict",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
};
"""

RUST_TABLES = """\
// This file is generated by tools/gen-tables.py. Do not edit.

pub const UNICODE_VERSION: (u8, u8, u8) = (15, 1, 0);

pub mod grapheme {
    pub static GRAPHEME_EXTEND: &[(char, char)] = &[
        ('\\u{300}', '\\u{36f}'), ('\\u{483}', '\\u{489}'), ('\\u{591}', '\\u{5bd}'),
        ('\\u{5bf}', '\\u{5bf}'), ('\\u{5c1}', '\\u{5c2}'), ('\\u{5c4}', '\\u{5c5}'),
        ('\\u{5c7}', '\\u{5c7}'), ('\\u{610}', '\\u{61a}'), ('\\u{64b}', '\\u{65f}'),
        ('\\u{670}', '\\u{670}'), ('\\u{6d6}', '\\u{6dc}'), ('\\u{6df}', '\\u{6e4}'),
    ];

    pub static SPACING_MARK: &[(char, char)] = &[
        ('\\u{903}', '\\u{903}'), ('\\u{93b}', '\\u{93b}'), ('\\u{93e}', '\\u{940}'),
        ('\\u{949}', '\\u{94c}'), ('\\u{94e}', '\\u{94f}'), ('\\u{982}', '\\u{983}'),
    ];
}
"""

PYDOC_PAGE = """\
Help on module json:

NAME
    json

MODULE REFERENCE
    https://docs.python.org/3.11/library/json.html

DESCRIPTION
    JSON (JavaScript Object Notation) <https://json.org> is a subset of
    JavaScript syntax (ECMA-262 3rd edition) used as a lightweight data
    interchange format.

    Encoding basic Python object hierarchies::

        >>> import json
        >>> json.dumps(['foo', {'bar': ('baz', None, 1.0, 2)}])
        '["foo", {"bar": ["baz", null, 1.0, 2]}]'

PACKAGE CONTENTS
    decoder
    encoder
    scanner
    tool

CLASSES
    builtins.ValueError(builtins.Exception)
        json.decoder.JSONDecodeError
    builtins.object
        json.decoder.JSONDecoder

    class JSONDecodeError(builtins.ValueError)
     |  JSONDecodeError(msg, doc, pos)
     |
     |  Method resolution order:
     |      JSONDecodeError
     |      builtins.ValueError
     |
     |  __init__(self, msg, doc, pos)
     |      Initialize self.  See help(type(self)) for accurate signature.
     |
     |  __reduce__(self)
     |      Helper for pickle.

FUNCTIONS
    dump(obj, fp, *, skipkeys=False, ensure_ascii=True, check_circular=True, allow_nan=True, cls=None, indent=None)
        Serialize ``obj`` as a JSON formatted stream to ``fp``.

    loads(s, *, cls=None, object_hook=None, parse_float=None, parse_int=None, **kw)
        Deserialize ``s`` to a Python object.

DATA
    __all__ = ['dump', 'dumps', 'load', 'loads', 'JSONDecoder', 'JSONDecodeE...

VERSION
    2.0.9
"""

VIM_HELP = """\
*tabpage.txt*   For Vim version 9.0.  Last change: 2022 Feb 02


		  VIM REFERENCE MANUAL    by Bram Moolenaar


Editing with windows in multiple tab pages.		*tab-page* *tabpage*

1. Introduction			|tab-page-intro|
2. Commands			|tab-page-commands|
3. Other items			|tab-page-other|

==============================================================================
1. Introduction						*tab-page-intro*

A tab page holds one or more windows.  You can easily switch between tab
pages, so that you have several collections of windows to work on different
things.

Example: >
	function MyTabLine()
	  let s = ''
	  for i in range(tabpagenr('$'))
	    let s .= '%' . (i + 1) . 'T'
	  endfor
	  return s
	endfunction
<
 vim:tw=78:ts=8:noet:ft=help:norl:
"""

SYSCONFIG_OUTPUT = """\
Platform: "linux-x86_64"
Python version: "3.11"
Current installation scheme: "posix_prefix"

Paths:
\tdata = "/usr/local"
\tinclude = "/usr/local/include/python3.11"
\tplatinclude = "/usr/local/include/python3.11"
\tplatlib = "/usr/local/lib/python3.11/site-packages"
\tpurelib = "/usr/local/lib/python3.11/site-packages"
\tscripts = "/usr/local/bin"
\tstdlib = "/usr/local/lib/python3.11"

Variables:
\tABIFLAGS = ""
\tAR = "ar"
\tARFLAGS = "rcs"
\tCC = "gcc -pthread"
\tCFLAGS = "-Wsign-compare -DNDEBUG -g -fwrapv -O3 -Wall"
\tCONFIG_ARGS = "'--prefix=/usr/local' '--enable-shared'"
\tLDSHARED = "$(CC) -shared"
\tLIBDIR = "/usr/local/lib"
\tSHLIB_SUFFIX = ".so"
\tVERSION = "3.11"
"""

README = """\
# widget

A small library for widgets. See the [documentation](https://example.com/docs).

## Install

```sh
pip install widget
```

## Usage

Call `widget.make()` and pass **one** option.
"""

MARKDOWN_HIERARCHY = """\
# Release process

How a release is cut, step by step.

## Preparation

Every change since the last tag is listed in the changelog first.

## Tagging

The release manager tags the commit and pushes the tag.
"""


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(CMAKE_MODULE, "code", id="cmake-module-with-rst-block"),
        pytest.param(ETC_CONFIG, "text", id="etc-config-comment-blocks"),
        pytest.param(SYSCTL_CONF, "text", id="etc-config-only-comments"),
        pytest.param(DEBIAN_CHANGELOG, "text", id="debian-changelog"),
        pytest.param(RST_CHANGELOG, "text", id="rst-changelog"),
        pytest.param(PYTHON_BANNER_MODULE, "code", id="python-banner-comment"),
        pytest.param(SHELL_COMPLETION, "code", id="bash-completion-no-shebang"),
        pytest.param(M4_MACROS, "code", id="autoconf-m4"),
        pytest.param(JULIA_SOURCE, "code", id="julia"),
        pytest.param(C_HEADER_MACROS, "code", id="c-header-macros-and-comments"),
        pytest.param(FORTRAN_MODULE, "code", id="fortran-90"),
        pytest.param(PERL_DATA_MODULE, "code", id="perl-data-module"),
        pytest.param(VIM_SYNTAX, "code", id="vim-script"),
        pytest.param(EMACS_LISP, "code", id="emacs-lisp"),
        pytest.param(SCSS_PARTIAL, "code", id="scss"),
        pytest.param(TS_OBJECT_LITERAL, "code", id="typescript-object-literal"),
        pytest.param(RUST_TABLES, "code", id="rust-constant-tables"),
        pytest.param(PYDOC_PAGE, "text", id="pydoc-page"),
        pytest.param(VIM_HELP, "text", id="vim-help"),
        pytest.param(SYSCONFIG_OUTPUT, "text", id="python-m-sysconfig"),
        pytest.param(README, "markdown", id="readme"),
        pytest.param(MARKDOWN_HIERARCHY, "markdown", id="markdown-heading-hierarchy-with-prose"),
    ],
)
def test_real_shapes_get_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


@pytest.mark.parametrize(
    ("content", "language"),
    [
        (CMAKE_MODULE, "CMake"),
        (PYTHON_BANNER_MODULE, "Python"),
        (SHELL_COMPLETION, "Shell"),
        (M4_MACROS, "m4"),
        (JULIA_SOURCE, "Julia"),
        (C_HEADER_MACROS, "C"),
        (FORTRAN_MODULE, "Fortran"),
        (PERL_DATA_MODULE, "Perl"),
        (VIM_SYNTAX, "Vim script"),
        (EMACS_LISP, "Lisp"),
        (SCSS_PARTIAL, "SCSS"),
        (TS_OBJECT_LITERAL, "TypeScript"),
        (RUST_TABLES, "Rust"),
        ("#!/usr/bin/env python3\nprint('hi')\n", "Python"),
        ("#!/bin/sh\nset -e\nexec make \"$@\"\n", "Shell"),
    ],
)
def test_code_names_its_language(content: str, language: str, code_in) -> None:
    syn = code_in(content, language)
    assert syn.summary[0].endswith(f"({language}).")


def test_compat_code_synopsis_does_not_name_a_language() -> None:
    syn = toolstub.synopsize(PYTHON_BANNER_MODULE, rules="openviking-compat")
    assert syn.kind == "code" and syn.title == "Code output"
    assert syn.summary == (f"Code-like output with {len(PYTHON_BANNER_MODULE.splitlines())} lines.",)


def test_text_headers_are_looked_for_in_a_bounded_number_of_header_lines() -> None:
    # a file of comment lines (a generated config) is text; its header scan stops after
    # header_scan_limit header lines in default and says how many header lines followed
    content = "# generated: do not edit\n" * 25_000 + "# Section two\n"
    syn = toolstub.synopsize(content)
    assert syn.kind == "text"
    headers = next(line for line in syn.summary if line.startswith("Detected section headers:"))
    assert headers == "Detected section headers: # generated: do not edit (+1000+ more)."


APT_TERM_LOG = """\
Log started: 2026-12-03  07:10:11
Selecting previously unselected package libfoo1:amd64.
(Reading database ... 23311 files and directories currently installed.)
Preparing to unpack .../libfoo1_1.2-3_amd64.deb ...
Unpacking libfoo1:amd64 (1.2-3) ...
Selecting previously unselected package foo-utils.
Preparing to unpack .../foo-utils_1.2-3_amd64.deb ...
Unpacking foo-utils (1.2-3) ...
Setting up libfoo1:amd64 (1.2-3) ...
Setting up foo-utils (1.2-3) ...
Processing triggers for libc-bin (2.36-9+deb12u10) ...
Log ended: 2026-12-03  07:10:14
"""

APT_HISTORY_LOG = """\

Start-Date: 2026-12-03  07:10:10
Commandline: apt-get install -y foo-utils
Install: libfoo1:amd64 (1.2-3, automatic), foo-utils:amd64 (1.2-3)
End-Date: 2026-12-03  07:10:14

Start-Date: 2026-12-03  07:12:40
Commandline: apt-get install -y bar
Install: bar:amd64 (4.5-1)
End-Date: 2026-12-03  07:12:41
"""


@pytest.mark.parametrize("content", [APT_TERM_LOG, APT_HISTORY_LOG], ids=["apt-term-log", "apt-history-log"])
def test_apt_runs_are_logs(content: str) -> None:
    assert toolstub.synopsize(content).kind == "log"


GNU_INFO = (
    "This is grep.info, produced by makeinfo version 7.0.3 from grep.texi.\n\n"
    "INFO-DIR-SECTION Text creation and manipulation\n"
    "START-INFO-DIR-ENTRY\n* grep: (grep).                   Print lines that match patterns.\n"
    "END-INFO-DIR-ENTRY\n\n"
    "\x1f\nFile: grep.info,  Node: Top,  Next: Introduction,  Up: (dir)\n\n"
    "grep\n****\n\nThis manual is for 'grep', a pattern matching engine.\n\n"
    "* Menu:\n\n* Introduction::                Introduction.\n* Invoking::                    Command-line options.\n\n"
    "\x1f\nFile: grep.info,  Node: Introduction,  Next: Invoking,  Prev: Top,  Up: Top\n\n"
    "1 Introduction\n**************\n\nGiven one or more patterns, 'grep' searches input files for matches.\n\n"
    "\x1f\nFile: grep.info,  Node: Index,  Prev: Invoking,  Up: Top\n\n"
    "Index\n*****\n\n\x00\x08[index\x00\x08]\n* Menu:\n\n"
    "* --after-context:                      Context Line Control.\n"
    "\x1f\nTag Table:\nNode: Top\x7f223\nNode: Introduction\x7f1051\n\x1f\nEnd Tag Table\n"
)


@pytest.mark.parametrize("size", [1, 300], ids=["small", "large"])
def test_gnu_info_files_are_text(size: int) -> None:
    # NUL-BS index markers and \x1f node separators; large files too (first claim decides there)
    content = GNU_INFO.replace("1 Introduction", "1 Introduction\n" + "Some prose about grep.\n" * size * 40)
    assert toolstub.synopsize(content).kind == "text"
    assert toolstub.synopsize(content, rules="openviking-compat").kind == "unknown"  # compat keeps the seed's test


UNITTEST_V = """\
test_insort (test.test_bisect.TestBisectC.test_insort) ... ok
test_keyword_args (test.test_bisect.TestBisectC.test_keyword_args) ... ok
test_large_range (test.test_bisect.TestBisectC.test_large_range) ... ok
test_negative_lo (test.test_bisect.TestBisectC.test_negative_lo) ... ok

----------------------------------------------------------------------
Ran 4 tests in 0.012s

OK
"""

COMPILEALL = """\
Listing 'lib/email'...
Compiling 'lib/email/__init__.py'...
Compiling 'lib/email/_encoded_words.py'...
Compiling 'lib/email/charset.py'...
Listing 'lib/email/mime'...
Compiling 'lib/email/mime/text.py'...
"""

GCC_WARNINGS = """\
examples/register.c: In function 'main':
examples/register.c:25:11: warning: unused parameter 'argc' [-Wunused-parameter]
   25 | main (int argc, char *argv[])
      |       ~~~~^~~~
examples/register.c:25:23: warning: unused parameter 'argv' [-Wunused-parameter]
   25 | main (int argc, char *argv[])
      |                 ~~~~~~^~~~~~
"""

APT_SIMULATE = """\
Reading package lists...
Building dependency tree...
Reading state information...
The following NEW packages will be installed:
  nginx nginx-common
0 upgraded, 2 newly installed, 0 to remove and 128 not upgraded.
Inst nginx-common (1.22.1-9+deb12u11 Debian-Security:12/oldstable-security [all])
Inst nginx (1.22.1-9+deb12u11 Debian-Security:12/oldstable-security [amd64])
Conf nginx-common (1.22.1-9+deb12u11 Debian-Security:12/oldstable-security [all])
Conf nginx (1.22.1-9+deb12u11 Debian-Security:12/oldstable-security [amd64])
"""

APT_CACHE_SHOW = """\
Package: jq
Version: 1.6-2.1
Installed-Size: 102
Maintainer: ChangZhuo Chen (陳昌倬) <czchen@debian.org>
Architecture: amd64
Depends: libjq1 (= 1.6-2.1), libc6 (>= 2.34)
Description-en: lightweight and flexible command-line JSON processor
 jq is like sed for JSON data - you can use it to slice
 and filter and map and transform structured data.
Homepage: https://github.com/stedolan/jq
Section: utils
Priority: optional
"""

PIP_SHOW = """\
Name: PyYAML
Version: 6.0.2
Summary: YAML parser and emitter for Python
Home-page: https://pyyaml.org/
Author: Kirill Simonov
License: MIT
Location: /usr/lib/python3/dist-packages
Requires:
Required-by: toolstub
"""


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(UNITTEST_V, "log", id="unittest-verbose"),
        pytest.param(COMPILEALL, "log", id="compileall"),
        pytest.param(GCC_WARNINGS, "log", id="gcc-diagnostics"),
        pytest.param(APT_SIMULATE, "log", id="apt-get-simulate"),
        pytest.param(APT_CACHE_SHOW, "text", id="apt-cache-show"),
        pytest.param(PIP_SHOW, "text", id="pip-show"),
    ],
)
def test_command_outputs_get_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


XHTML_PAGE = """\
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="en" lang="en">
\t<head>
\t\t<title>JSON-C - A JSON implementation in C</title>
\t\t<meta http-equiv="Content-Type" content="text/html; charset=iso-8859-1">
\t</head>
\t<body>
\t\t<h2>JSON-C - A JSON implementation in C</h2>
\t\t<p>JSON-C implements a reference counting object model.<br>
\t\tIt aims to conform to <a href="https://www.rfc-editor.org/rfc/rfc7159">RFC 7159</a>.</p>
\t</body>
</html>
"""

MINIFIED_CSS = """\
/*!
  Theme: Default Dark
  Author: Chris Kempson (http://chriskempson.com)
  License: ~ MIT (or more permissive)
*/pre code.hljs{display:block;overflow-x:auto;padding:1em}code.hljs{padding:3px 5px}.hljs{color:#d8d8d8;background:#181818}.hljs-comment{color:#585858}.hljs-tag{color:#b8b8b8}
"""

RST_EXAMPLE = """\
Generate a signed URL for Amazon CloudFront
^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^

The following example shows how to generate a signed URL.
Note that you will need the ``cryptography`` `library <https://cryptography.io/>`__ to follow this example::

    import datetime

    from cryptography.hazmat.primitives import hashes
    from botocore.signers import CloudFrontSigner


    def rsa_signer(message):
        with open('path/to/key.pem', 'rb') as key_file:
            private_key = load_key(key_file.read())
        return private_key.sign(message, hashes.SHA1())

    signer = CloudFrontSigner(key_id, rsa_signer)
"""

PYTHON_RST_DOCSTRING = (
    'r"""Subprocesses with accessible I/O streams\n\n'
    "Main API\n========\nrun(...): Runs a command, waits for it to complete.\n\n"
    "Older API\n=========\ncall(...): Runs a command, waits for it to complete.\n"
    '"""\n\nimport builtins\nimport errno\nimport io\nimport os\n\n'
    '__all__ = ["Popen", "PIPE", "STDOUT", "call"]\n\n\n'
    "class CalledProcessError(Exception):\n"
    '    """Raised when run() is called with check=True and the process\n    returns a non-zero exit status."""\n\n'
    "    def __init__(self, returncode, cmd, output=None, stderr=None):\n"
    "        self.returncode = returncode\n        self.cmd = cmd\n"
)


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(XHTML_PAGE, "html", id="xhtml-page-without-xml-prolog"),
        pytest.param(MINIFIED_CSS, "code", id="minified-css-after-licence-comment"),
        pytest.param(RST_EXAMPLE, "text", id="rst-with-code-example"),
        pytest.param(PYTHON_RST_DOCSTRING, "code", id="python-with-rst-module-docstring"),
    ],
)
def test_more_real_shapes(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


FORTRAN_TINY = """\
module precision
  integer, parameter :: rk = selected_real_kind(8)
  integer, parameter :: ik = selected_real_kind(4)
end module
"""

SCSS_TINY = """\
// Image Mixins

// Keep images from scaling beyond the width of their parents.
@mixin img-fluid {
  // Set a maximum relative to the parent
  max-width: 100%;
  height: auto;
}
"""

X_RESOURCES = """\
! $Id$

! load color-specific resources for clients that have them
#ifdef COLOR
*customization: -color
#endif

! make Xaw clients understand the delete key
"""

PERL_QW_AND_POD = (
    "use strict;\nuse warnings;\npackage Perl::OSType;\n# ABSTRACT: Map Perl operating system names to generic types\n\n"
    "our $VERSION = '1.010';\n\nrequire Exporter;\nour @ISA = qw(Exporter);\n\n"
    "our %EXPORT_TAGS = ( all => [qw( os_type is_os_type )] );\nour @EXPORT_OK = @{ $EXPORT_TAGS{all} };\n\n"
    "my %OSTYPES = qw(\n" + "".join(f"  os{i:<10} Unix\n" for i in range(40)) + ");\n\n"
    "sub os_type {\n    my ($os) = @_;\n    $os = $^O unless defined $os;\n    return $OSTYPES{$os} || q{};\n}\n\n1;\n\n"
    "__END__\n\n=pod\n\n=head1 NAME\n\nPerl::OSType - Map Perl operating system names to generic types\n\n"
    "=head1 SYNOPSIS\n\n  use Perl::OSType ':all';\n\n=cut\n"
)


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(FORTRAN_TINY, "code", id="tiny-fortran-module"),
        pytest.param(SCSS_TINY, "code", id="tiny-scss-mixin"),
        pytest.param(X_RESOURCES, "text", id="x-resources-with-cpp-lines"),
        pytest.param(PERL_QW_AND_POD, "code", id="perl-qw-table-and-pod"),
    ],
)
def test_small_and_table_shaped_files(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind
