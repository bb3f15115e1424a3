"""Issue 10 (pool probe: docs/probes/probe_pool.py, pools 15 and 16, half ``a``; pools 1-14's half ``a`` re-read):
classes of real files from Debian packages that `default` read as another kind, each with look-alikes that must keep
theirs. The excerpts are short and quoted from the packages named.

- Python modules of constants read as ``key = value`` configuration: python3-pymysql's ``constants/COMMAND.py``
  (``COM_SLEEP = 0x00`` rows), openstack-dashboard's ``enabled/_9020_resource_browser.py`` (a licence comment then
  ``PANEL = 'resource_browser'``), python3-os-traits' ``compute/firmware.py`` (one list of quoted names),
  python3-softlayer's fixtures (``getAllObjects = [{'id': 21, ...}]``), debspawn's ``__init__.py``
  (``__version__ = '0.6.2'``). Such a module parses whole as Python into assignments of literals written
  ``name = value``, one of them written as only Python writes it (``None``, ``True``, a single-quoted string, a
  hex number, a dict or tuple). An INI file (``[section]`` lines, ``user = www-data``, ``host = localhost``: bare
  words), a shell variables file (``KEY='x'``: no blanks around ``=``) and a TOML file (``true``, double quotes)
  stay text, and so do settings under lower-case names (e2guardian's ``authplugins/port.conf``: ``plugname =
  'port'``; libconfuse's ``examples/deprecated.conf``: ``targets = {"Fish", "Cat"}``): a module's constants are
  upper-case (or ``__version__``), unless a value holds a dict.
- C headers that are mostly a licence and documentation (libfreeipmi-dev's ``templates/*.h``: a guard, then
  ``#if 0`` over prose; libgcc's ``quadmath_weak.h``): too few C lines outside the comments. An include guard
  (``#ifndef X_H`` then ``#define X_H``) marks code of the C family (``code_markers``), its language left to the
  signature lines (a C++ or Objective-C header keeps its language), C when they name none.
- One-line YAML files (``language: rust``, a crate's ``.travis.yml``; ``theme: jekyll-theme-slate``, ``_config.yml``;
  asciidoctor-pdf's ``extends: default-with-font-fallbacks`` themes) read as text: a whole file of one setting
  is YAML when the value is a compound name or a lower-case word under a key that labels no message
  (tests/kinds_text/test_yamlhtml_classes.py; ``error: failed`` and ``status: ok`` stay text).
- Pool 16: python3-tzlocal's ``windows_tz.py`` (two dicts, and ``tz_names = win_tz`` between them: a name
  assigned above may be a value); python3-nipype's ``tests/__init__.py`` (three comment lines, an Emacs mode line
  ``mode: python`` on the second, a Vim modeline ``ft=python`` on the third: a mode line or modeline naming
  Python in the first lines marks it); an e-mail message in the mbox format (mgetty-docs'
  ``frontends/tcl/tkscanfax.txt``) read as code: its headers ran past the names the text pattern knew
  (``Sender``, ``Organization``, ``Status``, ``Lines``).
- Text documents under a setext title that quote the code they explain (python3-markdown's and mu-cite's
  ``README.Debian``: ``python-markdown for Debian`` over a line of ``-``, then Python or Emacs Lisp lines) read as
  code, where compat is right: a title over a rule opens a document, not a program.
- ruby-unidecode's ``lib/data/x22.yml`` tables: ``---`` then 256 items, ``- '[?]'`` or ``- ha``. A list of plain
  scalars counted against YAML (a bullet list of words loads as one); quoted items, or one-token items after a
  ``---`` start, are a data file's list.
- A manual page formatted in another language (python3-guestfs's ``man/uk/man3/guestfs-python.3.gz``, ``man -l``:
  the header line, then ``НАЗВА`` or ``名前``) read as Python for its quoted examples: a section heading in
  upper case or in a script without case follows the header as ``NAME`` does.
"""

from __future__ import annotations

import pytest

import toolstub


def synopsis(content: str) -> tuple[str, str]:
    syn = toolstub.synopsize(content)
    return syn.kind, syn.title


# python3-pymysql: pymysql/constants/COMMAND.py, lines 1-12
COMMAND_PY = "".join(f"COM_{name} = 0x{i:02X}\n" for i, name in enumerate(
    "SLEEP QUIT INIT_DB QUERY FIELD_LIST CREATE_DB DROP_DB REFRESH SHUTDOWN STATISTICS PROCESS_INFO CONNECT".split()))

# openstack-dashboard: /etc/openstack-dashboard/enabled/_9020_resource_browser.py
APACHE_HEADER = """# (c) Copyright 2015 Hewlett Packard Enterprise Development Company LP
#
# Licensed under the Apache License, Version 2.0 (the "License");
# you may not use this file except in compliance with the License.
# You may obtain a copy of the License at
#
#    http://www.apache.org/licenses/LICENSE-2.0
#
# Unless required by applicable law or agreed to in writing, software
# distributed under the License is distributed on an "AS IS" BASIS,
# WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
# See the License for the specific language governing permissions and
# limitations under the License.

"""
PANEL_PY = APACHE_HEADER + """
PANEL = 'resource_browser'
PANEL_GROUP = 'default'
PANEL_DASHBOARD = 'developer'
"""

# python3-os-traits: os_traits/compute/firmware.py (its licence header, then the list)
FIRMWARE_PY = APACHE_HEADER + """TRAITS = [
    # The virt driver supports BIOS instancs.
    'BIOS',
    # The virt driver supports UEFI instances.
    'UEFI',
]
"""

# python3-softlayer: SoftLayer/fixtures/SoftLayer_Network_Application_Delivery_Controller_LoadBalancer_Health_Check_Type.py
FIXTURE_PY = """getAllObjects = [
    {'id': 21, 'keyname': 'DEFAULT', 'name': 'Default'},
    {'id': 3, 'keyname': 'DNS', 'name': 'DNS'},
    {'id': 2, 'keyname': 'HTTP', 'name': 'HTTP'},
    {'id': 5, 'keyname': 'HTTP-CUSTOM', 'name': 'HTTP-CUSTOM'},
    {'id': 4, 'keyname': 'ICMP', 'name': 'Ping'},
    {'id': 1, 'keyname': 'TCP', 'name': 'TCP'}
]
"""

# debspawn: debspawn/__init__.py (its licence comment shortened)
DEBSPAWN_PY = """# -*- coding: utf-8 -*-
#
# Copyright (C) 2018-2022 Matthias Klumpp <matthias@tenstral.net>
#
# SPDX-License-Identifier: LGPL-3.0-or-later

__appname__ = 'debspawn'
__version__ = '0.6.2'
"""


@pytest.mark.parametrize(
    "content", [COMMAND_PY, PANEL_PY, FIRMWARE_PY, FIXTURE_PY, DEBSPAWN_PY],
    ids=["hex-constants", "panel-settings", "one-list", "fixture", "dunders"],
)
def test_python_module_of_constants_is_python(content: str) -> None:
    assert synopsis(content) == ("code", "Python code output")


# graphite-carbon's /etc/carbon/carbon.conf: configparser's INI, Python's True and False under [sections]
CARBON_CONF = """[cache]
# Configure carbon directories.
LOCAL_DATA_DIR = /var/lib/graphite/whisper/
ENABLE_LOGROTATION = False
USER = _graphite
MAX_CACHE_SIZE = inf
USE_FLOW_CONTROL = True
LOG_UPDATES = False
LOG_CREATES = False
"""

LOOK_ALIKES = {
    "ini-with-sections": CARBON_CONF,
    # the same settings without the section: a bare path is no Python literal
    "ini-bare-values": CARBON_CONF.replace("[cache]\n", ""),
    # audispd-plugins' /etc/audit/zos-remote.conf: bare words and numbers
    "bare-words": "server = zos_server.localdomain\nport = 389\nuser = RACF_ID\npassword = racf_password\ntimeout = 15\n",
    # apt-cacher's: `www-data` parses as a subtraction, no literal
    "subtraction": "# apt-cacher settings\ngroup = www-data\nuser = www-data\ncache_dir = '/var/cache/apt-cacher'\n",
    # a shell variables file (/etc/default style): no blanks around `=`
    "shell-variables": "VERSION='1.4.5'\nCODENAME='NCC-80102'\nDISTRO='Ubuntu'\nRELEASE='14.04'\n",
    # settings written alike in TOML and Python, nothing only Python writes
    "toml-like": 'name = "demo"\nversion = "1.0"\nport = 8080\nenabled = true\n',
    # e2guardian: /etc/e2guardian/authplugins/port.conf (its settings, comments left out)
    "lower-case-settings": "# port auth plugin\nplugname = 'port'\nportgroups = '/etc/e2guardian/lists/authplugins/portgroups'\n",
    # libconfuse: examples/deprecated.conf
    "confuse-list": 'targets = {"Fish", "Cat"}\nrepeat = 1\nfoobar = 1\n',
}


@pytest.mark.parametrize("content", list(LOOK_ALIKES.values()), ids=list(LOOK_ALIKES))
def test_configuration_that_reads_like_assignments_stays_text(content: str) -> None:
    assert synopsis(content)[0] == "text"


def test_a_module_of_constants_that_does_not_parse_stays_text() -> None:
    # one line that no Python parses: the whole is a configuration again
    assert synopsis(PANEL_PY + "PANEL_FLAGS = on off\n")[0] == "text"


# ruby-unidecode: lib/data/x22.yml (first items) and x12.yml (first items)
UNIDECODE_QUOTED = "---\n" + "- '[?]'\n" * 40
UNIDECODE_TOKENS = "---\n" + "".join(f"- {s}\n" for s in "ha hu hi haa hee he ho '[?]' la lu li laa lee le lo".split() * 3)


@pytest.mark.parametrize("content", [UNIDECODE_QUOTED, UNIDECODE_TOKENS], ids=["quoted", "tokens"])
def test_yaml_list_of_data_scalars_is_yaml(content: str) -> None:
    assert synopsis(content)[0] == "yaml"


@pytest.mark.parametrize(
    "content",
    [
        # a bullet list of phrases stays a text list, with or without a `---` rule above it
        "---\n- Fixed the build on arm64\n- Updated the translations\n- Dropped the old init script\n",
        # one-token items without a document start: package names, a text list
        "- numpy\n- scipy\n- pandas\n- matplotlib\n",
    ],
    ids=["phrases", "tokens-without-start"],
)
def test_bullet_lists_stay_text(content: str) -> None:
    assert synopsis(content)[0] == "text"


# python3-guestfs: man/uk/man3/guestfs-python.3.gz and man/ja/man3/guestfs-python.3.gz (`man -l`, first lines)
MAN_BODY = """
        import guestfs
        g = guestfs.GuestFS(python_return_dict=True)
        g.add_drive_opts("disk.img", format="raw", readonly=1)
        g.launch()

{description}
       {sentence}

   python_return_dict=True
        g = guestfs.GuestFS(python_return_dict=True)
"""
MAN_UK = ("guestfs-python(3)           Virtualization Support           guestfs-python(3)\n\nНАЗВА\n"
          "       guestfs-python — як використовувати libguestfs з Python\n\nКОРОТКИЙ ОПИС"
          + MAN_BODY.format(description="ОПИС", sentence="На цій сторінці підручника наведено документацію."))
MAN_JA = ("guestfs-python(3)           Virtualization Support           guestfs-python(3)\n\n名前\n"
          "       guestfs-python - Python から libguestfs を使用する方法\n\n書式"
          + MAN_BODY.format(description="説明",
                            sentence="このマニュアルページは Python から libguestfs を呼び出す方法を説明します。"))


@pytest.mark.parametrize("content", [MAN_UK, MAN_JA], ids=["uk", "ja"])
def test_translated_manual_page_is_text(content: str) -> None:
    assert synopsis(content)[0] == "text"


def test_python_printing_a_man_like_header_is_still_code() -> None:
    # a program whose first line ends in a call and whose third is a lower-case statement: no man header
    code = "print(banner(3))\n\nresult = compute()\nfor x in result:\n    print(x)\n    total += x\n"
    assert synopsis(code)[0] == "code"


# libfreeipmi-dev: /usr/include/freeipmi/templates/ipmi-rmcpplus-interface-templates.h (licence shortened)
IPMI_TEMPLATES_H = """/*
 * Copyright (C) 2003-2015 FreeIPMI Core Team
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 */

#ifndef IPMI_RMCPPLUS_INTERFACE_TEMPLATES_H
#define IPMI_RMCPPLUS_INTERFACE_TEMPLATES_H

#ifdef __cplusplus
extern "C" {
#endif

/* This header file is for documentation only */

#if 0

Please see fiid.h for details concerning the fiid interface.

The following list the configurable fields of individual packet/record
templates in FreeIPMI.  Each field is listed as a list of the
following.

{ bits, "field name", field flag, field flag, ... }

bits - indicates the number of bits in the field

field name - indicates the name of the field, used for getting/setting
fields in the fiid API.

#endif

#ifdef __cplusplus
}
#endif

#endif /* IPMI_RMCPPLUS_INTERFACE_TEMPLATES_H */
"""


def test_header_with_an_include_guard_is_c() -> None:
    # a guard: this shortened excerpt was C before the change too (a regression guard; the real header's longer
    # licence and prose are what the class test below reproduces)
    assert synopsis(IPMI_TEMPLATES_H) == ("code", "C code output")


# libgcc-12-dev-i386-cross: .../include/quadmath_weak.h (GCC), its licence, guard and macros; then its 94
# `__qmath3 (name)` lines, generated from the names it lists
QUADMATH_WEAK_HEAD = r"""/* GCC Quad-Precision Math Library
   Copyright (C) 2010-2018 Free Software Foundation, Inc.
   Written by Tobias Burnus  <burnus@net-b.de>

This file is part of the libquadmath library.
Libquadmath is free software; you can redistribute it and/or
modify it under the terms of the GNU Library General Public
License as published by the Free Software Foundation; either
version 2 of the License, or (at your option) any later version.

Libquadmath is distributed in the hope that it will be useful,
but WITHOUT ANY WARRANTY; without even the implied warranty of
MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
Library General Public License for more details.

You should have received a copy of the GNU Library General Public
License along with libquadmath; see the file COPYING.LIB.  If
not, write to the Free Software Foundation, Inc., 51 Franklin Street - Fifth Floor,
Boston, MA 02110-1301, USA.  */

#ifndef QUADMATH_WEAK_H
#define QUADMATH_WEAK_H

#include "quadmath.h"

#if SUPPORTS_WEAK
# define __qmath2(name,name2,type) \
  static __typeof(type) name __attribute__ ((__weakref__(#name2))) \
			__quadmath_throw;
# define __qmath_(name) __qmath_ ## name
#else
# define __qmath2(name,name2,type)
# define __qmath_(name) name
#endif

/* __qmath_foo is a weak reference to symbol foo.  */
#define __qmath3(name) __qmath2(__qmath_ ## name,name,name)

"""
QUADMATH_NAMES = {
    "real": (
        "acosq acoshq asinq asinhq atanq atanhq atan2q cbrtq ceilq copysignq coshq cosq erfq erfcq exp2q expq "
        "expm1q fabsq fdimq finiteq floorq fmaq fmaxq fminq fmodq frexpq hypotq ilogbq isinfq isnanq "
        "issignalingq j0q j1q jnq ldexpq lgammaq llrintq llroundq logbq logq log10q log1pq log2q lrintq "
        "lroundq modfq nanq nearbyintq nextafterq powq remainderq remquoq rintq roundq scalblnq scalbnq "
        "signbitq sincosq sinhq sinq sqrtq tanq tanhq tgammaq truncq y0q y1q ynq"
    ),
    "complex": (
        "cabsq cargq cimagq crealq cacosq cacoshq casinq casinhq catanq catanhq ccosq ccoshq cexpq cexpiq "
        "clogq clog10q conjq cpowq cprojq csinq csinhq csqrtq ctanq ctanhq"
    ),
    "string <-> flt128 conversion": "strtoflt128 quadmath_snprintf",
}
QUADMATH_WEAK_H = QUADMATH_WEAK_HEAD + "".join(
    f"/* Prototypes for {group} functions.  */\n" + "".join(f"__qmath3 ({name})\n" for name in names.split()) + "\n\n"
    for group, names in QUADMATH_NAMES.items()
) + "#endif\n"


def test_header_of_macro_calls_under_an_include_guard_is_c() -> None:
    assert synopsis(QUADMATH_WEAK_H) == ("code", "C code output")


def test_a_text_quoting_ifndef_without_its_define_stays_text() -> None:
    # a README sentence about a guard, not the guard: no `#define` of a header name follows
    readme = ("Building\n========\n\nThe header is protected by a guard; wrap it as\n\n"
              "#ifndef CONFIG_H\n\nand you will be told when it is included twice. See INSTALL for the rest.\n")
    assert synopsis(readme)[0] != "code"


def test_cpp_header_with_a_guard_keeps_its_language() -> None:
    header = ("#ifndef WIDGET_HPP\n#define WIDGET_HPP\n\n#include <string>\n\nnamespace ui {\n\n"
              "class Widget {\npublic:\n    explicit Widget(std::string name);\n    virtual ~Widget();\n"
              "    const std::string& name() const;\nprivate:\n    std::string name_;\n};\n\n}  // namespace ui\n\n#endif\n")
    assert synopsis(header) == ("code", "C++ code output")


# libxaw-doc: libxaw7-dev/Template_public_header_file.xml (DocBook), its first lines and the quoted header's guard
DOCBOOK_QUOTING_A_HEADER = """<sect1 id="Public_Header_File">
<title>Public Header File</title>
<para>
The public header file contains declarations that will be required by any
application module that needs to refer to the widget.
</para>
<literallayout class="monospaced">
<!-- .CB -->
/* Copyright (c) X Consortium 1987, 1988 */

#ifndef _Template_h
#define _Template_h

/****************************************************************
 *
 * Template widget
 *
 ****************************************************************/

/* Resources:

 Name                Class               RepType     Default Value
 ----                -----               -------     -------------
 background          Background          Pixel       XtDefaultBackground
 border              BorderColor         Pixel       XtDefaultForeground
 borderWidth         BorderWidth         Dimension   1
*/
</literallayout>
</sect1>
"""


def test_markup_quoting_a_guarded_header_stays_xml() -> None:
    assert synopsis(DOCBOOK_QUOTING_A_HEADER)[0] == "xml"


# python3-tzlocal: tzlocal/windows_tz.py (the first and last entries of each dict)
WINDOWS_TZ_PY = """# This file is autogenerated by the update_windows_mapping.py script
# Do not edit.
win_tz = {'AUS Central Standard Time': 'Australia/Darwin',
 'AUS Eastern Standard Time': 'Australia/Sydney',
 'Afghanistan Standard Time': 'Asia/Kabul',
 'Yakutsk Standard Time': 'Asia/Yakutsk',
 'Yukon Standard Time': 'America/Whitehorse'}

# Old name for the win_tz variable:
tz_names = win_tz

tz_win = {'Africa/Abidjan': 'Greenwich Standard Time',
 'Africa/Accra': 'Greenwich Standard Time',
 'Africa/Addis_Ababa': 'E. Africa Standard Time'}
"""

# python3-nipype: nipype/interfaces/dtitk/tests/__init__.py (all of it)
NIPYPE_INIT_PY = """# -*- coding: utf-8 -*-
# emacs: -*- mode: python; py-indent-offset: 4; indent-tabs-mode: nil -*-
# vi: set ft=python sts=4 ts=4 sw=4 et:
"""


@pytest.mark.parametrize("content", [WINDOWS_TZ_PY, NIPYPE_INIT_PY], ids=["name-reference", "mode-lines"])
def test_pool16_python_modules_are_python(content: str) -> None:
    assert synopsis(content) == ("code", "Python code output")


def test_a_name_no_assignment_defined_is_no_literal() -> None:
    # `tz_names = win_tz` with nothing assigned to `win_tz` above: a setting whose value is a bare word
    assert synopsis("# settings\nTZ_NAMES = win_tz\nTZ_DEFAULT = 'UTC'\n")[0] == "text"


# mgetty-docs: /usr/share/doc/mgetty/frontends/tcl/tkscanfax.txt (the mbox message, its Received lines shortened)
MBOX_MESSAGE = """From gert Wed Oct 14 14:08:34 1998
Return-Path: <gert>
Received: by greenie.muc.de
\tvia sendmail with stdio
\tid <m0zTPjF-0008MzC@greenie.muc.de>
Sender: gert (Gert Doering)
Received: from colin.muc.de(really [193.174.4.1]) by greenie.muc.de
\tvia smtpd with smtp
To: mgetty@muc.de
Date: Wed, 14 Oct 1998 13:46:47 +0200
From: Hang Bae Kim <hbkim@chep7.kaist.ac.kr>
Organization: Seoul National University, Republic of Korea
Subject: GUI for megtty+sendfax: tkscanfax-0.91
Status: RO
Lines: 15

Hi,

I released tkscanfax-0.91, a GUI for megtty+sendfax in tcl/tk.
Try this. I uploaded it at sunsite linux incoming directory.

Because I did it for my own use in my Linux box, you might want to modify
if you know something about tcl/tk. Any question or comment is welcome.
Currently documentation is missing. So learn by trying:
tkfax, tkfax -q, tkfax -r. If you have a scanner supported by tkscan,
you can use it for faxing.

Hang Bae
"""


def test_mbox_message_is_text() -> None:
    assert synopsis(MBOX_MESSAGE)[0] == "text"


# python3-markdown: /usr/share/doc/python3-markdown/README.Debian (all of it)
MARKDOWN_README_DEBIAN = """python-markdown for Debian
--------------------------

Basic usage as a module:

import markdown
html = markdown.markdown(your_text_string)

You can read more about the modules and how to write extensions
in the documentation, which is provided in python-markdown-doc
package, or online:
https://python-markdown.github.io/

You can read about the markdown syntax here:
https://daringfireball.net/projects/markdown/basics
"""

# mu-cite: /usr/share/doc/mu-cite/README.Debian (its first lines and signature)
MU_CITE_README_DEBIAN = """MU-CITE for Debian
------------------

To call MU-CITE's citing filter function from emacsen mail and news
readers' reply functions, put the following lines in your ~/.emacs:

;; for Wanderlust, MH-E, etc.
(add-hook 'mail-citation-hook 'mu-cite-original)
;; for Gnus
(setq message-cite-function 'mu-cite-original)
;; for Mew
(add-hook 'mew-cite-hook
\t  (lambda ()
\t    (mu-cite-original)
\t    (exchange-point-and-mark) ;; for highlighting
\t    ))
(setq mew-summary-reply-with-citation-position 'body)

;; for citation with "> " instead of "name> "
(setq mu-cite-prefix-format '("> "))
(setq mu-cite-cited-prefix-regexp nil)

 -- Tatsuya Kinoshita <tats@debian.org>, Sat, 31 Oct 2020 18:52:46 +0900
"""


@pytest.mark.parametrize("content", [MARKDOWN_README_DEBIAN, MU_CITE_README_DEBIAN], ids=["python", "emacs-lisp"])
def test_setext_titled_document_quoting_code_is_text(content: str) -> None:
    assert synopsis(content)[0] == "text"


@pytest.mark.parametrize(
    "content, expected",
    [
        # a Lua or SQL banner: the title line opens with its comment lead
        ("-- Configuration helpers\n-------------------------\nlocal M = {}\nfunction M.get(k)\n  return M[k]\nend\nreturn M\n",
         "code"),
        # a Markdown README under a setext title keeps its kind
        ("Title\n=====\n\nSome *emphasis*, `code` and a [link](https://example.org).\n\n- one\n- two\n", "markdown"),
    ],
    ids=["lua-banner", "markdown-readme"],
)
def test_setext_look_alikes_keep_their_kind(content: str, expected: str) -> None:
    assert synopsis(content)[0] == expected
