"""Issue 10, code classes found by probes of real material outside the accuracy corpus (third round).

Each input is a short excerpt of a real file that `default` read wrongly before, with its licence:

- libstdc++'s pb_ds implementation files (`*_imps.hpp`): a `// -*- C++ -*-` Emacs mode line, then
  out-of-line member definitions qualified by a macro on a line of its own (`PB_DS_CLASS_C_DEC::`).
  The excerpts keep the IBM Haifa permission notice they are distributed under (the notice must
  appear in all copies). A line that is one upper-case macro name and `::` is a split C++ name, not
  a reStructuredText literal-block intro (`Example::`), and the mode line names the language.
- Perl's Config_heavy.pl (written by configpm; Perl's licence, Artistic or GPL): a little Perl
  around here-documents (`$_ = <<'!END!';`) whose `key='value'` bodies are most of the file. A
  here-document's body is data, like POD or a docstring: the language share leaves it out.
- C headers the configuration veto read as `key = value` or `key value` files: ICU's uscript.h (an
  enum table of `USCRIPT_X = 2,  /* Arab */` rows; Unicode licence, its two lines kept), Perl's
  CORE/overload.h (enumerator rows `name,  /* 0x01 */` with no value) and CORE/pp_proto.h
  (prototypes behind a macro, `PERL_CALLCONV OP *Perl_pp_abs(pTHX);`; both Perl's licence), X11's
  Xcup.h (multi-line prototypes whose parameters are a type and a comment, `Display*  /* dpy */,`;
  The Open Group's notice, kept whole). Enumerator rows, prototypes behind macros (or with a blank
  before the parenthesis), a prototype's opening line `Status XcupStoreColors(` and comment-named
  parameters are program lines; a trailing `/* comment */` does not stop a line ending in `,` from
  being a code line; an anonymous `enum {` is a C line.
- A formatted manual page (`man -P cat`) of C macros, sys/queue.h's TAILQ(3) (Linux man-pages;
  Copyright (c) 1993 The Regents of the University of California and (c) 2020 Alejandro Colomar,
  BSD-3-Clause): its SYNOPSIS is C prototypes, yet it is a document. Its header line (the page name
  and section at both ends), a blank line and a section heading make it text, as a pydoc page or
  Vim help is. The C header itself (sys/queue.h, same licence, notice kept) stays C.
- A POD document whose only lines outside POD are `#` comments (Perl's Locale/Maketext/TPJ13.pod,
  an article under Perl's terms: `# This document contains text in Perl "POD" format.`, then POD
  with verbatim Perl paragraphs, then `#End`) is text, when the sample is the whole file (a cut
  sample of comments and POD may be a module whose code comes later). A module with a licence
  comment, POD and code (Net::DBus::Binding::Watch, Perl's terms) stays Perl.
- PostgreSQL extension scripts (contrib's pgrowlocks--1.2.sql, cube--1.2--1.3.sql; the PostgreSQL
  licence, its notice below): psql's `\\echo ... \\quit` guard, then DDL the SQL signatures did not
  know (`ALTER OPERATOR`, `CREATE FUNCTION ... OUT x type,` / `RETURNS` / `LANGUAGE C STRICT` lines).
  psql meta-commands, DDL on every object kind (operator, aggregate, domain, role, ...), `REVOKE`
  and `COMMENT ON` are SQL signatures; a function's `RETURNS`/`LANGUAGE`/`OUT` lines are SQL lines.
  postgresql-common's README.Debian (GPL-2+), prose about creating users and databases, stays text.
- npm's Windows command shims (corepack's shims/corepack.cmd, MIT): `@SETLOCAL`, `@IF EXIST "..." (`,
  `) ELSE (` and `@SET X=...` read as `key value` lines under the config veto. cmd.exe's control
  lines are program lines; an INI file (cachetools' tox.ini, MIT) stays text.
- Minified JavaScript (lit-html 3.1.0's directives/cache.js, BSD-3-Clause, its licence comment
  inside): a few very long lines with no blank after `import{...}from"..."`. Two statements glued
  on one line (`;const a=`, `function(e,t){`, `=>{`, then `;return ` or another) mark JavaScript.
  Minified CSS (Bootstrap Reboot 4.6.1, MIT, its header kept) stays CSS and a one-line JSON object
  (preact's package.json, MIT, compacted) stays JSON.
- A Tcl package's loader (tklib's controlwidget.tcl, the Tcl/Tk BSD-style licence): a list of
  `package require name` lines read as `key value` lines. Tcl's `package require/provide/ifneeded`
  are program lines; /etc's files and AppArmor profiles keep their kinds.

And the other way: documents and configuration files that share those marks keep their kind.
"""

from __future__ import annotations

import pytest

import toolstub

PB_DS_NOTICE = """\
// Copyright (C) 2004 Ami Tavory and Vladimir Dreizin, IBM-HRL.

// Permission to use, copy, modify, sell, and distribute this software
// is hereby granted without fee, provided that the above copyright
// notice appears in all copies, and that both that copyright notice
// and this permission notice appear in supporting documentation. None
// of the above authors, nor IBM Haifa Research Laboratories, make any
// representation about the suitability of this software for any
// purpose. It is provided "as is" without express or implied
// warranty.
"""

PB_DS_BODY = """\

/**
 * @file binary_heap_/find_fn_imps.hpp
 * Contains an implementation class for a binary_heap.
 */

#ifdef PB_DS_CLASS_C_DEC

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::const_reference
PB_DS_CLASS_C_DEC::
top() const
{
  PB_DS_ASSERT_VALID((*this))
  _GLIBCXX_DEBUG_ASSERT(!empty());
  return top_imp(s_no_throw_copies_ind);
}

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::const_reference
PB_DS_CLASS_C_DEC::
top_imp(true_type) const
{ return *m_a_entries; }

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::size_type
PB_DS_CLASS_C_DEC::
left_child(size_type i)
{ return i * 2 + 1; }

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::size_type
PB_DS_CLASS_C_DEC::
parent(size_type i)
{ return (i - 1) / 2; }
#endif
"""

#: the file as shipped: the mode line first
PB_DS_IMPS = "// -*- C++ -*-\n\n" + PB_DS_NOTICE + PB_DS_BODY
#: the same definitions without the mode line: the split names alone must not make it a document
PB_DS_NO_MODE_LINE = PB_DS_NOTICE + PB_DS_BODY

#: reStructuredText whose literal-block intros are one capitalised word (`Example::`, `Usage::`)
RST_LITERAL_INTROS = """\
Configuration
=============

The loader reads one file per environment and merges them in order.

Example::

    loader = Loader("prod")
    loader.read()

Usage::

    python -m loader --env prod

The merged settings are available as a mapping; keys that appear in more than one file take
the value of the last file read.
"""

#: prose that mentions a mode line: only a comment on the first line names the language
PROSE_ABOUT_MODE_LINES = """\
Emacs picks a major mode from the first line of a file when it holds a mode line such as
-*- C++ -*- or -*- mode: c; c-basic-offset: 4 -*-. The mode line is usually written inside a
comment so the compiler ignores it. When no mode line is present, Emacs falls back to the
file name's extension and then to the interpreter named by a shebang line.
"""

#: Config_heavy.pl cut down: its head, one here-document of Config.sh lines, the code after it
PERL_CONFIG_HEAVY = """\
# This file was created by configpm when Perl was built. Any changes
# made to this file will be lost the next time perl is built.

package Config;
use strict;
use warnings;
our %Config;

local *_ = \\my $a;
$_ = <<'!END!';
Author=''
CONFIG='true'
Date=''
Header=''
Id=''
Locker=''
Log=''
PATCHLEVEL='36'
PERL_API_REVISION='5'
PERL_API_SUBVERSION='0'
PERL_API_VERSION='36'
PERL_CONFIG_SH='true'
PERL_PATCHLEVEL=''
PERL_REVISION='5'
PERL_SUBVERSION='0'
PERL_VERSION='36'
RCSfile=''
Revision=''
SUBVERSION='0'
Source=''
State=''
_a='.a'
_exe=''
_o='.o'
afs='false'
afsroot='/afs'
alignbytes='8'
aphostname='hostname'
api_revision='5'
api_subversion='0'
api_version='36'
api_versionstring='5.36.0'
ar='ar'
archlib='/usr/lib/x86_64-linux-gnu/perl/5.36'
archlibexp='/usr/lib/x86_64-linux-gnu/perl/5.36'
archname='x86_64-linux-gnu-thread-multi'
archname64=''
archobjs=''
asctime_r_proto='REENTRANT_PROTO_B_SB'
awk='awk'
!END!

my $i = ord(8);
foreach my $c (7,6,5,4,3,2,1) { $i <<= 8; $i |= ord($c); }
our $byteorder = join('', unpack('aaaaaaaa', pack('L!', $i)));
s/(byteorder=)(['"]).*?\\2/$1$2$Config::byteorder$2/m;

my $config_sh_len = length $_;
"""

#: a README quoting a shell here-document (git's README.Debian, GPL-2): prose around it stays text
README_WITH_HEREDOC = """\
Git for Debian
--------------

When setting up a git.example.org server, there are several things to
configure to make everything work nicely together.  All this is optional.

1. Run a git-daemon.  This allows people to use a git:// URL to access your
repositories.  This package provides the git-daemon program, to enable a
git-daemon service, configure inetd(8) to launch it on demand, or install the
git-daemon-run package to run it permanently:
 cat >> /etc/inetd.conf <<EOF
git stream tcp4 nowait nobody /usr/bin/git git daemon --inetd --base-path=/var/lib /var/lib/git
git stream tcp6 nowait nobody /usr/bin/git git daemon --inetd --base-path=/var/lib /var/lib/git
EOF

Or:
 apt-get install git-daemon-run

Wait five seconds for the service to be picked up, and check its status and
logs:

 sv stat git-daemon
 cat /var/log/git-daemon/current

The git daemon by default looks into the directory /var/lib/git/ for
repositories (this is configured in /etc/sv/git-daemon/run).  It expects
the repositories' .git subdirectories in /var/lib/git/, symlinks pointing
to the corresponding subdirectories in the repositories are just fine, e.g.:

 ln -s ~pape/git/foo/.git /var/lib/git/foo.git
"""

ICU_USCRIPT_ENUM = """\
// © 2016 and later: Unicode, Inc. and others.
// License & terms of use: http://www.unicode.org/copyright.html

#ifndef USCRIPT_H
#define USCRIPT_H
#include "unicode/utypes.h"

typedef enum UScriptCode {
      /** @stable ICU 2.2 */
      USCRIPT_INVALID_CODE = -1,
      /** @stable ICU 2.2 */
      USCRIPT_COMMON       =  0,  /* Zyyy */
      /** @stable ICU 2.2 */
      USCRIPT_INHERITED    =  1,  /* Zinh */ /* "Code for inherited script", for non-spacing combining marks; also Qaai */
      /** @stable ICU 2.2 */
      USCRIPT_ARABIC       =  2,  /* Arab */
      /** @stable ICU 2.2 */
      USCRIPT_ARMENIAN     =  3,  /* Armn */
      /** @stable ICU 2.2 */
      USCRIPT_BENGALI      =  4,  /* Beng */
      /** @stable ICU 2.2 */
      USCRIPT_BOPOMOFO     =  5,  /* Bopo */
      /** @stable ICU 2.2 */
      USCRIPT_CHEROKEE     =  6,  /* Cher */
      /** @stable ICU 2.2 */
      USCRIPT_COPTIC       =  7,  /* Copt */
      /** @stable ICU 2.2 */
      USCRIPT_CYRILLIC     =  8,  /* Cyrl */
      /** @stable ICU 2.2 */
      USCRIPT_DESERET      =  9,  /* Dsrt */
      /** @stable ICU 2.2 */
      USCRIPT_DEVANAGARI   = 10,  /* Deva */
      /** @stable ICU 2.2 */
      USCRIPT_ETHIOPIC     = 11,  /* Ethi */
      /** @stable ICU 2.2 */
      USCRIPT_GEORGIAN     = 12,  /* Geor */
      /** @stable ICU 2.2 */
      USCRIPT_GOTHIC       = 13,  /* Goth */
      /** @stable ICU 2.2 */
      USCRIPT_GREEK        = 14,  /* Grek */
      /** @stable ICU 2.2 */
      USCRIPT_GUJARATI     = 15,  /* Gujr */
      /** @stable ICU 2.2 */
      USCRIPT_GURMUKHI     = 16,  /* Guru */
      /** @stable ICU 2.2 */
      USCRIPT_HAN          = 17,  /* Hani */
      /** @stable ICU 2.2 */
      USCRIPT_HANGUL       = 18,  /* Hang */
      /** @stable ICU 2.2 */
      USCRIPT_HEBREW       = 19,  /* Hebr */
      /** @stable ICU 2.2 */
      USCRIPT_HIRAGANA     = 20,  /* Hira */
      /** @stable ICU 2.2 */
      USCRIPT_KANNADA      = 21,  /* Knda */
      /** @stable ICU 2.2 */
      USCRIPT_KATAKANA     = 22,  /* Kana */
      /** @stable ICU 2.2 */
      USCRIPT_KHMER        = 23,  /* Khmr */
      /** @stable ICU 2.2 */
      USCRIPT_LAO          = 24,  /* Laoo */
      /** @stable ICU 2.2 */
      USCRIPT_LATIN        = 25,  /* Latn */
      /** @stable ICU 2.2 */
      USCRIPT_MALAYALAM    = 26,  /* Mlym */
      /** @stable ICU 2.2 */
      USCRIPT_MONGOLIAN    = 27,  /* Mong */
      /** @stable ICU 2.2 */
      USCRIPT_MYANMAR      = 28,  /* Mymr */
      /** @stable ICU 2.2 */
      USCRIPT_OGHAM        = 29,  /* Ogam */
      /** @stable ICU 2.2 */
      USCRIPT_OLD_ITALIC   = 30,  /* Ital */
      /** @stable ICU 2.2 */
      USCRIPT_ORIYA        = 31,  /* Orya */
      /** @stable ICU 2.2 */
      USCRIPT_RUNIC        = 32,  /* Runr */
      /** @stable ICU 2.2 */
      USCRIPT_SINHALA      = 33,  /* Sinh */
      /** @stable ICU 2.2 */
      USCRIPT_SYRIAC       = 34,  /* Syrc */
      USCRIPT_CODE_LIMIT   = 211
} UScriptCode;

#endif
"""

#: the whole file (98 lines): with fewer rows the other code lines carry it
PERL_OVERLOAD_ENUM = """\
/* -*- buffer-read-only: t -*-
 *
 *    overload.h
 *
 *    Copyright (C) 1997, 1998, 2000, 2001, 2005, 2006, 2007, 2011
 *    by Larry Wall and others
 *
 *    You may distribute under the terms of either the GNU General Public
 *    License or the Artistic License, as specified in the README file.
 *
 * !!!!!!!   DO NOT EDIT THIS FILE   !!!!!!!
 * This file is built by regen/overload.pl.
 * Any changes made here will be lost!
 */

enum {
    fallback_amg,	/* 0x00 fallback */
    to_sv_amg,		/* 0x01 ${}      */
    to_av_amg,		/* 0x02 @{}      */
    to_hv_amg,		/* 0x03 %{}      */
    to_gv_amg,		/* 0x04 *{}      */
    to_cv_amg,		/* 0x05 &{}      */
    inc_amg,		/* 0x06 ++       */
    dec_amg,		/* 0x07 --       */
    bool__amg,		/* 0x08 bool     */
    numer_amg,		/* 0x09 0+       */
    string_amg,		/* 0x0a ""       */
    not_amg,		/* 0x0b !        */
    copy_amg,		/* 0x0c =        */
    abs_amg,		/* 0x0d abs      */
    neg_amg,		/* 0x0e neg      */
    iter_amg,		/* 0x0f <>       */
    int_amg,		/* 0x10 int      */
    lt_amg,		/* 0x11 <        */
    le_amg,		/* 0x12 <=       */
    gt_amg,		/* 0x13 >        */
    ge_amg,		/* 0x14 >=       */
    eq_amg,		/* 0x15 ==       */
    ne_amg,		/* 0x16 !=       */
    slt_amg,		/* 0x17 lt       */
    sle_amg,		/* 0x18 le       */
    sgt_amg,		/* 0x19 gt       */
    sge_amg,		/* 0x1a ge       */
    seq_amg,		/* 0x1b eq       */
    sne_amg,		/* 0x1c ne       */
    nomethod_amg,	/* 0x1d nomethod */
    add_amg,		/* 0x1e +        */
    add_ass_amg,	/* 0x1f +=       */
    subtr_amg,		/* 0x20 -        */
    subtr_ass_amg,	/* 0x21 -=       */
    mult_amg,		/* 0x22 *        */
    mult_ass_amg,	/* 0x23 *=       */
    div_amg,		/* 0x24 /        */
    div_ass_amg,	/* 0x25 /=       */
    modulo_amg,		/* 0x26 %        */
    modulo_ass_amg,	/* 0x27 %=       */
    pow_amg,		/* 0x28 **       */
    pow_ass_amg,	/* 0x29 **=      */
    lshift_amg,		/* 0x2a <<       */
    lshift_ass_amg,	/* 0x2b <<=      */
    rshift_amg,		/* 0x2c >>       */
    rshift_ass_amg,	/* 0x2d >>=      */
    band_amg,		/* 0x2e &        */
    band_ass_amg,	/* 0x2f &=       */
    sband_amg,		/* 0x30 &.       */
    sband_ass_amg,	/* 0x31 &.=      */
    bor_amg,		/* 0x32 |        */
    bor_ass_amg,	/* 0x33 |=       */
    sbor_amg,		/* 0x34 |.       */
    sbor_ass_amg,	/* 0x35 |.=      */
    bxor_amg,		/* 0x36 ^        */
    bxor_ass_amg,	/* 0x37 ^=       */
    sbxor_amg,		/* 0x38 ^.       */
    sbxor_ass_amg,	/* 0x39 ^.=      */
    ncmp_amg,		/* 0x3a <=>      */
    scmp_amg,		/* 0x3b cmp      */
    compl_amg,		/* 0x3c ~        */
    scompl_amg,		/* 0x3d ~.       */
    atan2_amg,		/* 0x3e atan2    */
    cos_amg,		/* 0x3f cos      */
    sin_amg,		/* 0x40 sin      */
    exp_amg,		/* 0x41 exp      */
    log_amg,		/* 0x42 log      */
    sqrt_amg,		/* 0x43 sqrt     */
    repeat_amg,		/* 0x44 x        */
    repeat_ass_amg,	/* 0x45 x=       */
    concat_amg,		/* 0x46 .        */
    concat_ass_amg,	/* 0x47 .=       */
    smart_amg,		/* 0x48 ~~       */
    ftest_amg,		/* 0x49 -X       */
    regexp_amg,		/* 0x4a qr       */
    max_amg_code
    /* Do not leave a trailing comma here.  C9X allows it, C89 doesn't. */
};

#define NofAMmeth max_amg_code

/* ex: set ro: */
"""

PERL_PP_PROTO = """\
/* -*- buffer-read-only: t -*-
   !!!!!!!   DO NOT EDIT THIS FILE   !!!!!!!
   This file is built by opcode.pl from its data.
   Any changes made here will be lost!
 */
PERL_CALLCONV OP *Perl_do_kv(pTHX);
PERL_CALLCONV OP *Perl_pp_aassign(pTHX);
PERL_CALLCONV OP *Perl_pp_abs(pTHX);
PERL_CALLCONV OP *Perl_pp_accept(pTHX);
PERL_CALLCONV OP *Perl_pp_add(pTHX);
PERL_CALLCONV OP *Perl_pp_aeach(pTHX);
PERL_CALLCONV OP *Perl_pp_aelem(pTHX);
PERL_CALLCONV OP *Perl_pp_aelemfast(pTHX);
PERL_CALLCONV OP *Perl_pp_akeys(pTHX);
PERL_CALLCONV OP *Perl_pp_alarm(pTHX);
PERL_CALLCONV OP *Perl_pp_and(pTHX);
PERL_CALLCONV OP *Perl_pp_anoncode(pTHX);
PERL_CALLCONV OP *Perl_pp_anonconst(pTHX);
PERL_CALLCONV OP *Perl_pp_anonhash(pTHX);
PERL_CALLCONV OP *Perl_pp_anonlist(pTHX);
PERL_CALLCONV OP *Perl_pp_argcheck(pTHX);
PERL_CALLCONV OP *Perl_pp_argdefelem(pTHX);
PERL_CALLCONV OP *Perl_pp_argelem(pTHX);
PERL_CALLCONV OP *Perl_pp_aslice(pTHX);
PERL_CALLCONV OP *Perl_pp_atan2(pTHX);
PERL_CALLCONV OP *Perl_pp_av2arylen(pTHX);

/* ex: set ro: */
"""

X11_XCUP_PROTOTYPES = """\
/*

Copyright 1987, 1988, 1998  The Open Group

Permission to use, copy, modify, distribute, and sell this software and its
documentation for any purpose is hereby granted without fee, provided that
the above copyright notice appear in all copies and that both that
copyright notice and this permission notice appear in supporting
documentation.

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.  IN NO EVENT SHALL THE
OPEN GROUP BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN
AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

Except as contained in this notice, the name of The Open Group shall not be
used in advertising or otherwise to promote the sale, use or other dealings
in this Software without prior written authorization from The Open Group.

*/

#ifndef _XCUP_H_
#define _XCUP_H_

#include <X11/Xfuncproto.h>
#include <X11/extensions/cup.h>

_XFUNCPROTOBEGIN

Bool XcupQueryVersion(
    Display*			/* dpy */,
    int*			/* major_version */,
    int*			/* minor_version */
);

Status XcupGetReservedColormapEntries(
    Display*			/* dpy */,
    int				/* screen */,
    XColor**			/* colors_out */,
    int*			/* ncolors */
);

Status XcupStoreColors(
    Display*			/* dpy */,
    Colormap			/* colormap */,
    XColor*			/* colors */,
    int				/* ncolors */
);

_XFUNCPROTOEND

#endif /* _XCUP_H_ */

"""

#: an AppArmor profile (apparmor-profiles' usr.sbin.dnsmasq, GPL-2): rules ending in `,`, `signal (receive) ...`
APPARMOR_PROFILE = """\
# ------------------------------------------------------------------
#
#    Copyright (C) 2009 John Dong <jdong@ubuntu.com>
#    Copyright (C) 2010 Canonical Ltd.
#
#    This program is free software; you can redistribute it and/or
#    modify it under the terms of version 2 of the GNU General Public
#    License published by the Free Software Foundation.
#
# ------------------------------------------------------------------
abi <abi/3.0>,
@{TFTP_DIR}=/var/tftp /srv/tftp /srv/tftpboot
include <tunables/global>
profile dnsmasq /usr/{bin,sbin}/dnsmasq flags=(complain,attach_disconnected) {
  include <abstractions/base>
  include <abstractions/dbus>
  include <abstractions/nameservice>
  capability chown,
  capability net_bind_service,
  capability setgid,
  capability setuid,
  capability dac_override,
  capability net_admin,         # for DHCP server
  capability net_raw,           # for DHCP server ping checks
  network inet raw,
  network inet6 raw,
  signal (receive) peer=/usr/{bin,sbin}/libvirtd,
  signal (receive) peer=libvirtd,
  ptrace (readby) peer=/usr/{bin,sbin}/libvirtd,
  ptrace (readby) peer=libvirtd,
  owner /dev/tty rw,
  @{PROC}/@{pid}/fd/ r,
  /etc/dnsmasq.conf r,
  /etc/dnsmasq.d/ r,
  /etc/dnsmasq.d/* r,
  /etc/dnsmasq.d-available/ r,
  /etc/dnsmasq.d-available/* r,
  /etc/ethers r,
  /etc/NetworkManager/dnsmasq.d/ r,
  /etc/NetworkManager/dnsmasq.d/* r,
  /etc/NetworkManager/dnsmasq-shared.d/ r,
  /etc/NetworkManager/dnsmasq-shared.d/* r,
  /etc/dnsmasq-conf.conf r,
  /etc/dnsmasq-resolv.conf r,
  /usr/{bin,sbin}/dnsmasq mr,
}
"""

#: `man -P cat` of tailq.3 at 80 columns: the header, NAME, LIBRARY, SYNOPSIS, SEE ALSO and the footer
MAN_TAILQ = """\
TAILQ(3)                   Library Functions Manual                   TAILQ(3)

NAME
       TAILQ_CONCAT,  TAILQ_EMPTY,  TAILQ_ENTRY,  TAILQ_FIRST,  TAILQ_FOREACH,
       TAILQ_FOREACH_REVERSE, TAILQ_HEAD, TAILQ_HEAD_INITIALIZER,  TAILQ_INIT,
       TAILQ_INSERT_AFTER,  TAILQ_INSERT_BEFORE,  TAILQ_INSERT_HEAD, TAILQ_IN‐
       SERT_TAIL, TAILQ_LAST, TAILQ_NEXT, TAILQ_PREV, TAILQ_REMOVE - implemen‐
       tation of a doubly linked tail queue

LIBRARY
       Standard C library (libc, -lc)

SYNOPSIS
       #include <sys/queue.h>

       TAILQ_ENTRY(TYPE);

       TAILQ_HEAD(HEADNAME, TYPE);
       TAILQ_HEAD TAILQ_HEAD_INITIALIZER(TAILQ_HEAD head);
       void TAILQ_INIT(TAILQ_HEAD *head);

       int TAILQ_EMPTY(TAILQ_HEAD *head);

       void TAILQ_INSERT_HEAD(TAILQ_HEAD *head,
                                struct TYPE *elm, TAILQ_ENTRY NAME);
       void TAILQ_INSERT_TAIL(TAILQ_HEAD *head,
                                struct TYPE *elm, TAILQ_ENTRY NAME);
       void TAILQ_INSERT_BEFORE(struct TYPE *listelm,
                                struct TYPE *elm, TAILQ_ENTRY NAME);
       void TAILQ_INSERT_AFTER(TAILQ_HEAD *head, struct TYPE *listelm,
                                struct TYPE *elm, TAILQ_ENTRY NAME);

       struct TYPE *TAILQ_FIRST(TAILQ_HEAD *head);
       struct TYPE *TAILQ_LAST(TAILQ_HEAD *head, HEADNAME);
       struct TYPE *TAILQ_PREV(struct TYPE *elm, HEADNAME, TAILQ_ENTRY NAME);
       struct TYPE *TAILQ_NEXT(struct TYPE *elm, TAILQ_ENTRY NAME);

       TAILQ_FOREACH(struct TYPE *var, TAILQ_HEAD *head,
                                TAILQ_ENTRY NAME);
       TAILQ_FOREACH_REVERSE(struct TYPE *var, TAILQ_HEAD *head, HEADNAME,
                                TAILQ_ENTRY NAME);

       void TAILQ_REMOVE(TAILQ_HEAD *head, struct TYPE *elm,
                                TAILQ_ENTRY NAME);

       void TAILQ_CONCAT(TAILQ_HEAD *head1, TAILQ_HEAD *head2,
                                TAILQ_ENTRY NAME);

SEE ALSO
       insque(3), queue(7)

Linux man-pages 6.03              2022-10-30                          TAILQ(3)
"""

#: sys/queue.h: the licence and the tail queue's first macros
SYS_QUEUE_H = """\
/*
 * Copyright (c) 1991, 1993
 *	The Regents of the University of California.  All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 * 1. Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the University nor the names of its contributors
 *    may be used to endorse or promote products derived from this software
 *    without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE REGENTS AND CONTRIBUTORS ``AS IS'' AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
 * ARE DISCLAIMED.  IN NO EVENT SHALL THE REGENTS OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS
 * OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
 * HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
 * LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY
 * OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF
 * SUCH DAMAGE.
 *
 *	@(#)queue.h	8.5 (Berkeley) 8/20/94
 */

#ifndef	_SYS_QUEUE_H_
#define	_SYS_QUEUE_H_

/*
 * Tail queue definitions.
 */
#define	_TAILQ_HEAD(name, type, qual)					\\
struct name {								\\
	qual type *tqh_first;		/* first element */		\\
	qual type *qual *tqh_last;	/* addr of last next element */	\\
}
#define TAILQ_HEAD(name, type)	_TAILQ_HEAD(name, struct type,)

#define	TAILQ_HEAD_INITIALIZER(head)					\\
	{ NULL, &(head).tqh_first }

#define	_TAILQ_ENTRY(type, qual)					\\
struct {								\\
	qual type *tqe_next;		/* next element */		\\
	qual type *qual *tqe_prev;	/* address of previous next element */\\
}
#define TAILQ_ENTRY(type)	_TAILQ_ENTRY(struct type,)

/*
 * Tail queue functions.
 */
#define	TAILQ_INIT(head) do {						\\
	(head)->tqh_first = NULL;					\\
	(head)->tqh_last = &(head)->tqh_first;				\\
} while (/*CONSTCOND*/0)

#define	TAILQ_INSERT_HEAD(head, elm, field) do {			\\
	if (((elm)->field.tqe_next = (head)->tqh_first) != NULL)	\\
		(head)->tqh_first->field.tqe_prev =			\\
		    &(elm)->field.tqe_next;				\\
	else								\\
		(head)->tqh_last = &(elm)->field.tqe_next;		\\
	(head)->tqh_first = (elm);					\\
	(elm)->field.tqe_prev = &(head)->tqh_first;			\\
} while (/*CONSTCOND*/0)

#define	TAILQ_INSERT_TAIL(head, elm, field) do {			\\
	(elm)->field.tqe_next = NULL;					\\
	(elm)->field.tqe_prev = (head)->tqh_last;			\\
	*(head)->tqh_last = (elm);					\\

#endif	/* sys/queue.h */
"""

#: TPJ13.pod: its header comments, the NAME/DESCRIPTION POD, one verbatim Perl paragraph, `#End`
POD_ARTICLE = """\
# This document contains text in Perl "POD" format.
# Use a POD viewer like perldoc or perlman to render it.

=head1 NAME

Locale::Maketext::TPJ13 -- article about software localization

=head1 SYNOPSIS

  # This an article, not a module.

=head1 DESCRIPTION

The following article by Sean M. Burke and Jordan Lachler
first appeared in I<The Perl Journal> #13
and is copyright 1999 The Perl Journal. It appears
courtesy of Jon Orwant and The Perl Journal.  This document may be
distributed under the same terms as Perl itself.


  "J'ai trouv\\xE9 %g fichiers dans %g r\\xE9pertoires"

[\\xE9 is e-acute in Latin-1.  Some pod renderers would
scream if I used the actual character here. -- SB]

but instead like this, bearing in mind that this is just a first stab:

  sub I_found_X1_files_in_X2_directories {
    my( $files, $dirs ) = @_[0,1];
    $files = sprintf("%g %s", $files,
      $files == 1 ? 'fichier' : 'fichiers');
    $dirs = sprintf("%g %s", $dirs,
      $dirs == 1 ? "r\\xE9pertoire" : "r\\xE9pertoires");
    return "J'ai trouv\\xE9 $files dans $dirs.";
  }

Now, there's no particularly obvious way to store anything but strings
in a gettext lexicon; so it looks like we just have to start over and

=cut

#End
"""

#: Net/DBus/Binding/Watch.pm, whole: a licence comment, POD, the package, POD again
PERL_MODULE_COMMENTS_POD_CODE = """\
# -*- perl -*-
#
# Copyright (C) 2004-2011 Daniel P. Berrange
#
# This program is free software; You can redistribute it and/or modify
# it under the same terms as Perl itself. Either:
#
# a) the GNU General Public License as published by the Free
#   Software Foundation; either version 2, or (at your option) any
#   later version,
#
# or
#
# b) the "Artistic License"
#
# The file "COPYING" distributed along with this file provides full
# details of the terms and conditions of the two licenses.

=pod

=head1 NAME

Net::DBus::Binding::Watch - binding to the dbus watch API

=cut

package Net::DBus::Binding::Watch;

use 5.006;
use strict;
use warnings;

use Net::DBus;

sub AUTOLOAD {
    # This AUTOLOAD is used to 'autoload' constants from the constant()
    # XS function.

    my $constname;
    our $AUTOLOAD;
    ($constname = $AUTOLOAD) =~ s/.*:://;

    die "&Net::DBus::Binding::Watch::constant not defined" if $constname eq '_constant';

    if (!exists $Net::DBus::Binding::Watch::_constants{$constname}) {
        die "no such constant \\$Net::DBus::Binding::Watch::$constname";
    }

    {
	no strict 'refs';
	*$AUTOLOAD = sub { $Net::DBus::Binding::Watch::_constants{$constname} };
    }
    goto &$AUTOLOAD;
}

1;

=pod

=head1 AUTHOR

Daniel P. Berrange.

=head1 COPYRIGHT

Copyright (C) 2004-2011 Daniel P. Berrange

=head1 SEE ALSO

L<Net::DBus::Binding::Connection>

=cut

"""

#: PostgreSQL's licence notice, which must accompany the two contrib scripts below:
#: Portions Copyright (c) 1996-2022, PostgreSQL Global Development Group
#: Portions Copyright (c) 1994, The Regents of the University of California
#: Permission to use, copy, modify, and distribute this software and its documentation for any
#: purpose, without fee, and without a written agreement is hereby granted, provided that the above
#: copyright notice and this paragraph and the following two paragraphs appear in all copies.
#: IN NO EVENT SHALL THE UNIVERSITY OF CALIFORNIA BE LIABLE TO ANY PARTY FOR DIRECT, INDIRECT,
#: SPECIAL, INCIDENTAL, OR CONSEQUENTIAL DAMAGES, INCLUDING LOST PROFITS, ARISING OUT OF THE USE OF
#: THIS SOFTWARE AND ITS DOCUMENTATION, EVEN IF THE UNIVERSITY OF CALIFORNIA HAS BEEN ADVISED OF THE
#: POSSIBILITY OF SUCH DAMAGE.
#: THE UNIVERSITY OF CALIFORNIA SPECIFICALLY DISCLAIMS ANY WARRANTIES, INCLUDING, BUT NOT LIMITED TO,
#: THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE. THE SOFTWARE
#: PROVIDED HEREUNDER IS ON AN "AS IS" BASIS, AND THE UNIVERSITY OF CALIFORNIA HAS NO OBLIGATIONS TO
#: PROVIDE MAINTENANCE, SUPPORT, UPDATES, ENHANCEMENTS, OR MODIFICATIONS.
PG_EXTENSION_FUNCTION = """\
/* contrib/pgrowlocks/pgrowlocks--1.2.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\\echo Use "CREATE EXTENSION pgrowlocks" to load this file. \\quit

CREATE FUNCTION pgrowlocks(IN relname text,
    OUT locked_row TID,		-- row TID
    OUT locker XID,		-- locking XID
    OUT multi bool,		-- multi XID?
    OUT xids xid[],		-- multi XIDs
    OUT modes text[],		-- multi XID statuses
    OUT pids INTEGER[])		-- locker's process id
RETURNS SETOF record
AS 'MODULE_PATHNAME', 'pgrowlocks'
LANGUAGE C STRICT PARALLEL SAFE;
"""

PG_EXTENSION_UPGRADE = """\
/* contrib/cube/cube--1.2--1.3.sql */

-- complain if script is sourced in psql, rather than via ALTER EXTENSION
\\echo Use "ALTER EXTENSION cube UPDATE TO '1.3'" to load this file. \\quit

ALTER OPERATOR <= (cube, cube) SET (
	RESTRICT = scalarlesel, JOIN = scalarlejoinsel
);

ALTER OPERATOR >= (cube, cube) SET (
	RESTRICT = scalargesel, JOIN = scalargejoinsel
);
"""

#: postgresql-common's README.Debian, its "First steps" section
PG_README = """\

  /usr/share/doc/postgresql-common/README.md.gz

First steps for the impatient
-----------------------------
Eventually you will not get around reading at least some parts of the manual,
but if you want to get straight into playing SQL, here are the steps to create
a database user and a database for the Unix user 'joe':

1. Install a database server with the major version of your choice
   ('postgresql-XY', e. g. 'postgresql-11').  Preferably the latest
   version, which you can get by installing the metapackage
   'postgresql'. This will automatically create a default cluster
   'main' with the database superuser 'postgres'.

2. Get a shell for the database superuser 'postgres'. If your system
   has an active root user, use su:

   # su -s /bin/bash postgres

   If your system uses sudo to get administrative rights, use sudo instead:

   joe$ sudo -u postgres bash

3. In this postgres shell, create a database user with the same name as your
   Unix login:

   $ createuser -DRS joe

   For details about the options, see createuser(1).

4. Create a database "joework" which is owned by "joe":

   $ createdb -O joe joework

   For details about the options, see createdb(1).

5. Exit the postgres shell.

6. As user joe, you should now be able to connect to your database with

   $ psql joework

Cluster management
------------------
For managing clusters, the following commands are provided (each with its own
manual page):

   pg_createcluster  - Create a new cluster or integrate an existing one into
                       the postgresql-common architecture.
   pg_dropcluster    - Completely remove a cluster.
"""

BATCH_SHIM = """\
@SETLOCAL
@IF EXIST "%~dp0\\node.exe" (
  "%~dp0\\node.exe"  "%~dp0\\..\\dist\\corepack.js" %*
) ELSE (
  @SET PATHEXT=%PATHEXT:;.JS;=;%
  node  "%~dp0\\..\\dist\\corepack.js" %*
)
"""

TOX_INI = """\
[tox]
envlist = check-manifest,docs,doctest,flake8,py

[testenv]
deps =
    pytest
    pytest-cov
commands =
    py.test --basetemp={envtmpdir} --cov=cachetools {posargs}

[testenv:check-manifest]
deps =
    check-manifest==0.44; python_version < "3.8"
    check-manifest; python_version >= "3.8"
commands =
    check-manifest
skip_install = true

[testenv:docs]
deps =
     sphinx
commands =
     sphinx-build -W -b html -d {envtmpdir}/doctrees docs {envtmpdir}/html

[testenv:doctest]
deps =
     sphinx
commands =
     sphinx-build -W -b doctest -d {envtmpdir}/doctrees docs {envtmpdir}/doctest

[testenv:flake8]
deps =
    flake8
    flake8-black; implementation_name == "cpython"
    black==22.12.0; implementation_name == "cpython" and python_version < "3.8"
    flake8-bugbear
    flake8-import-order
commands =
    flake8
skip_install = true
"""

MINIFIED_JS = """\
import{render as t,nothing as i}from"../lit-html.js";import{directive as s,Directive as e}from"../directive.js";import{isTemplateResult as o,getCommittedValue as n,setCommittedValue as r,insertPart as l,clearPart as c,isCompiledTemplateResult as u}from"../directive-helpers.js";
/**
 * @license
 * Copyright 2017 Google LLC
 * SPDX-License-Identifier: BSD-3-Clause
 */const d=t=>u(t)?t._$litType$.h:t.strings,h=s(class extends e{constructor(t){super(t),this.tt=new WeakMap}render(t){return[t]}update(s,[e]){const u=o(this.et)?d(this.et):null,h=o(e)?d(e):null;if(null!==u&&(null===h||u!==h)){const e=n(s).pop();let o=this.tt.get(u);if(void 0===o){const s=document.createDocumentFragment();o=t(i,s),o.setConnected(!1),this.tt.set(u,o)}r(o,[e]),l(o,void 0,e)}if(null!==h){if(null===u||u!==h){const t=this.tt.get(h);if(void 0!==t){const i=n(t).pop();c(s),l(s,void 0,i),r(s,[i])}}this.et=e}else this.et=void 0;return this.render(e)}});export{h as cache};
//# sourceMappingURL=cache.js.map
"""

#: bootstrap-reboot.min.css cut after its first rules
MINIFIED_CSS = """\
/*!
 * Bootstrap Reboot v4.6.1 (https://getbootstrap.com/)
 * Copyright 2011-2021 The Bootstrap Authors
 * Copyright 2011-2021 Twitter, Inc.
 * Licensed under MIT (https://github.com/twbs/bootstrap/blob/main/LICENSE)
 * Forked from Normalize.css, licensed MIT (https://github.com/necolas/normalize.css/blob/master/LICENSE.md)
 */*,*::before,*::after{box-sizing:border-box}html{font-family:sans-serif;line-height:1.15;-webkit-text-size-adjust:100%;-webkit-tap-highlight-color:rgba(0,0,0,0)}article,aside,figcaption,figure,footer,header,hgroup,main,nav,section{display:block}body{margin:0;font-family:-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "Liberation Sans", sans-serif, "Apple Color Emoji", "Segoe UI Emoji", "Segoe UI Symbol", "Noto Color Emoji";font-size:1rem;font-weight:400;line-height:1.5;color:#212529;text-align:left;background-color:#fff}[tabindex="-1"]:focus:not(:focus-visible){outline:0 !important}hr{box-sizing:content-box;height:0;overflow:visible}h1,h2,h3,h4,h5,h6{margin-top:0;margin-bottom:0.5rem}p{margin-top:0;margin-bottom:1rem}abbr[title],abbr[data-original-title]{text-decoration:underline;-webkit-text-decoration:underline dotted;text-decoration:underline dotted;cursor:help;border-bottom:0;-webkit-text-decoration-skip-ink:none;text-decoration-skip-ink:none}address{margin-bottom:1rem;font-style:normal;line-height:inherit}ol,ul,dl{margin-top:0;margin-bottom:1rem}ol ol,ul ul,ol ul,ul ol{margin-bottom:0}dt{font-weight:700}dd{margin-bottom:.5rem;margin-left:0}
"""

#: preact 10.19.3's package.json, a few of its fields, written compact (no blank, one line)
COMPACT_JSON = """\
{"name":"preact","amdName":"preact","version":"10.19.3","private":false,"description":"Fast 3kb React-compatible Virtual DOM library.","main":"dist/preact.js","module":"dist/preact.module.js","umd:main":"dist/preact.umd.js","unpkg":"dist/preact.min.js","source":"src/index.js","license":"MIT","types":"src/index.d.ts","funding":{"type":"opencollective","url":"https://opencollective.com/preact"},"exports":{".":{"types":"./src/index.d.ts","browser":"./dist/preact.module.js","umd":"./dist/preact.umd.js","import":"./dist/preact.mjs","require":"./dist/preact.js"},"./compat":{"types":"./compat/src/index.d.ts","browser":"./compat/dist/compat.module.js","umd":"./compat/dist/compat.umd.js","import":"./compat/dist/compat.mjs","require":"./compat/dist/compat.js"},"./debug":{"types":"./debug/src/index.d.ts","browser":"./debug/dist/debug.module.js","umd":"./debug/dist/debug.umd.js","import":"./debug/dist/debug.mjs","require":"./debug/dist/debug.js"}}}
"""

TCL_PACKAGE_LOADER = """\
# controlwidget.tcl --
#     Set up the requirements for the controlwidget module/package
#     and source the individual files
#

package require Tk 8.5
package require snit

package require bindDown
package require meter
package require led
package require rdial
package require tachometer
package require voltmeter
package require radioMatrix

package provide controlwidget 0.1
"""


@pytest.mark.parametrize(
    ("content", "language"),
    [
        pytest.param(PB_DS_IMPS, "C++", id="pb-ds-imps-mode-line"),
        # without the mode line nothing says C++ rather than C (ties go to C): only the kind is asserted
        pytest.param(PB_DS_NO_MODE_LINE, None, id="pb-ds-macro-qualified-definitions"),
        pytest.param(PERL_CONFIG_HEAVY, "Perl", id="perl-here-document-bodies"),
        pytest.param(ICU_USCRIPT_ENUM, "C", id="c-enum-table-with-values"),
        pytest.param(PERL_OVERLOAD_ENUM, "C", id="c-enum-rows-with-comments"),
        pytest.param(PERL_PP_PROTO, "C", id="c-prototypes-behind-a-macro"),
        pytest.param(X11_XCUP_PROTOTYPES, "C", id="c-prototypes-comment-named-parameters"),
        pytest.param(SYS_QUEUE_H, "C", id="sys-queue-h-stays-c"),
        pytest.param(PG_EXTENSION_FUNCTION, "SQL", id="pg-extension-script-function"),
        pytest.param(PG_EXTENSION_UPGRADE, "SQL", id="pg-extension-script-alter-operator"),
        pytest.param(BATCH_SHIM, "Batch", id="batch-command-shim"),
        pytest.param(MINIFIED_JS, "JavaScript", id="minified-javascript"),
        pytest.param(MINIFIED_CSS, "CSS", id="minified-css-stays-css"),
        pytest.param(TCL_PACKAGE_LOADER, "Tcl", id="tcl-package-require-list"),
        pytest.param(PERL_MODULE_COMMENTS_POD_CODE, "Perl", id="perl-module-comments-pod-code-stays-perl"),
    ],
)
def test_real_code_is_code(content: str, language: str | None, code_in) -> None:
    code_in(content, language)


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(RST_LITERAL_INTROS, "text", id="rst-literal-block-intros"),
        pytest.param(PROSE_ABOUT_MODE_LINES, "text", id="prose-about-mode-lines"),
        pytest.param(README_WITH_HEREDOC, "text", id="readme-quoting-a-here-document"),
        pytest.param(APPARMOR_PROFILE, "text", id="apparmor-profile-rules-ending-in-commas"),
        pytest.param(MAN_TAILQ, "text", id="man-page-of-c-macros"),
        pytest.param(POD_ARTICLE, "text", id="pod-article-with-header-comments"),
        pytest.param(PG_README, "text", id="postgresql-readme-prose"),
        pytest.param(TOX_INI, "text", id="tox-ini"),
        pytest.param(COMPACT_JSON, "json", id="compact-json-stays-json"),
    ],
)
def test_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


def test_here_document_bodies_are_neutral_only_up_to_their_tag() -> None:
    from toolstub.plugins.code_summarizer import _neutral_lines

    sample = [
        "cat > \"$conf\" <<-'EOF'",  # shell: <<- allows an indented closing tag
        "\tport=8080",
        "\tEOF",
        "value",  # a line equal to the string below, but before it: it does not close it
        'std::cout << "value" << std::endl;',  # no line `value` follows: not a here-document
        "x = 1 << SHIFT",  # nor a line `SHIFT`
        "print <<END;",
        "some text",
        "END",
        "done",
    ]
    assert _neutral_lines(sample) == [False, True, True, False, False, False, False, True, True, False]



def test_comments_and_pod_past_the_sample_may_precede_code() -> None:
    # Devel::PPPort's shape: a comment header and 4,000 lines of POD (=head2 sections) before
    # `package`; the sample (2,000 non-blank lines) sees no code, so it is not judged a POD document
    head, rest = PERL_MODULE_COMMENTS_POD_CODE.split("=pod\n", 1)
    pod = "=pod\n\n" + "".join(f"=head2 option_{i}\n\nWhat option {i} does.\n\n" for i in range(1100))
    content = head + pod + "=cut\n\n" + rest.split("=cut\n", 1)[1]
    assert toolstub.synopsize(content).title == "Perl code output"
