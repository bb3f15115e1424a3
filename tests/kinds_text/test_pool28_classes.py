r"""Issue 10 (pool probes, first looks at Debian pool 28 and PyPI pool 14 at 2a99d3d, half ``a``): classes of real
files that `default` read as another kind, each with look-alikes that must keep theirs.

- pyspread's matplotlib chart templates (``chart_pie_1_1.py``: ``fig = Figure()``, ``ax.pie(sizes, explode=explode,
  ...)``, no import, no ``def``) read as text: no signature line marks a Python program made of assignments of calls
  and method calls. A program that parses whole as Python, whose top-level statements are mostly a program's (imports,
  definitions, compound statements, assignments of calls or attributes, method calls or calls with keywords or
  variables) is Python. A units file (``meter = [length] = m = metre``), a flat ``key: value`` file, ``key = value``
  settings and a manual's ``grep(1), sed(1)`` references parse as Python too, and stay text (of 73,000 files of this
  machine's /etc, /usr/share, site-packages and node_modules not named ``.py``, two pass the test: a Bazel BUILD
  file and ``module.exports = require(...)``, both code).
- micropython-microbit-stubs' ``stdlib/errno.pyi`` (``from typing import Mapping`` over ``EACCES: int`` lines) read
  as text: annotations under an import are a stub module's.
- stx2any's m4 templates (``define(`w_paragraph', `<p>')``, ``w_dumpdiv(body)dnl``) read as text: GNU m4's own
  macros quoted its way and lines closed by ``dnl`` are m4's. A text quoting m4 in prose stays text.
- trousers' manual pages (``man -l Tspi_Policy_FlushSecret.3.gz``: a centred title line, ``TCG Software Stack
  Developers Reference``, between the header and NAME) read as C: a centred title may come between a manual page's
  header and its first section.
- lightdm's AppArmor abstraction (``# vim:syntax=apparmor`` over ``profile chromium {`` and ``/path Cx -> chromium,``
  rules) read as CSS: a Vim modeline in a ``#`` comment naming a configuration file type makes no program. A Python
  module whose modeline names Python stays code.
- (Debian pool 28) minetest-mod-unifieddyes's ``README.md`` (a setext title over ``Install: Unzip the distribution file,
  ... and enable it in your world configuration.`` lines and a link) read as text: a ``Key: value`` line whose value is a
  sentence (six words or more ending in ``.``) is prose, no YAML line. A YAML document of such values stays YAML.
- (Debian pool 26) python3-typing-inspect's ``README.md`` (a setext title, a badge, a ```python fence, and
  ````x```` spans throughout) read as text: reStructuredText has no fenced code blocks, so beside a fence over prose
  ````x```` spans are Markdown code spans. The same page written in reStructuredText (a ``code-block`` directive) stays text.
- (Debian pools 24 and 27) relational's ``resources.py`` (pyrcc5: ``from PyQt5 import QtCore`` over ``qt_resource_data =
  b"\`` and its data) and mantis-xray's ``logos.py`` (wxPython's embedded images) read as text: a first statement
  ``from dotted.name import Name`` over an assignment, a definition or an import is Python's (no other language writes it).
- (Debian pool 29, first look at 9661e99) ``dpkg-deb -I youtube-dl`` (a control record whose description lists
  ``imdb:list,`` sites) read as Python: a Debian control record (``dpkg-deb -I``'s header, ``Package:`` over a field
  only a control record has) is text.
- (Debian pool 29) python-installer-doc's MyST ``_sources/index.md.txt`` (headings and ``{toctree}`` fences over a
  ```python example) read as Python: a document whose lines outside its Markdown fences are mostly no program's is no
  program. A Python module holding a fence in a string stays code.
- (PyPI pool 15, first look at 9661e99) techflops-analyzer's ``prompts.py`` (``system_prompt = 'You are ...\\n\\n1.
  ...'``: three lower-case names bound to one-line single-quoted texts) read as text: a single-quoted string of 200
  characters or more holding ``\\n`` escapes is a text only Python writes so, whatever its name's case. Short quoted
  settings stay text.
- (Debian pool 30, first look at f12671b) awesome's Lua modules (``wibox/widget/separator.lua``: LDoc ``--`` comments
  writing Markdown lists, code spans and images over ``local x = require(...)``) read as Markdown, where compat is
  right: a ``--`` comment line is a program's line in Markdown's scan, not prose. A Markdown page with a ``-- name`` line stays
  Markdown.
- (Debian pool 30) git-doc's ``gitformat-index.txt`` and ``gitprotocol-pack.txt`` (AsciiDoc manual page sources:
  ``gitformat-index(5)`` over ``====``, then ``NAME`` over ``----``) read as Markdown, where compat is right: a title that
  is a manual page's name and section alone, underlined, opens an AsciiDoc manual page. A ronn page (Markdown: the
  title line says what the command does) stays Markdown.
- polaris-studio's ``linker_file.txt`` (``#`` and ``##`` comments over rows of tab-separated fields) read as
  Markdown: rows of tab-separated fields are no prose, so ``## HHTYPE`` over them heads no Markdown section. A
  Markdown document with a heading hierarchy over prose stays Markdown.
"""

from __future__ import annotations

import toolstub


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


# pyspread: usr/share/pyspread/share/templates/matplotlib/chart_pie_1_1.py (whole)
PIE_CHART = """fig = Figure()
ax = fig.add_axes([.2,.2, .7, .7])

# Pie chart, where the slices will be ordered and plotted counter-clockwise:
labels = 'Frogs', 'Hogs', 'Dogs', 'Logs'
sizes = [15, 30, 45, 10]
explode = (0, 0.1, 0, 0)  # only "explode" the 2nd slice (i.e. 'Hogs')

ax.pie(sizes, explode=explode, labels=labels, autopct='%1.1f%%', startangle=90)
ax.axis('equal')  # Equal aspect ratio ensures that pie is drawn as a circle.

ax.set(title='Pie chart')

fig
"""

# a Pint-style units file: chained assignments of names and lists parse as Python
UNITS = """# Units
meter = [length] = m = metre
second = [time] = s = sec
ampere = [current] = A = amp
candela = [luminosity] = cd = candle
gram = [mass] = g
"""

FLAT_SETTINGS = """name = toolstub
version = 3
debug = True
root = home
"""

FLAT_KEYS = """title: Report
author: someone
status: draft
"""

SEE_ALSO = """grep(1)
sed(1)
awk(1)
"""


def test_a_python_program_of_calls_without_imports_is_python() -> None:
    synopsis = toolstub.synopsize(PIE_CHART)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_what_parses_as_python_without_a_programs_statements_stays_text() -> None:
    assert kind(UNITS) == "text"
    assert kind(FLAT_SETTINGS) == "text"
    assert kind(SEE_ALSO) == "text"
    assert kind(FLAT_KEYS) != "code"
    # a program's statements under half of them: the sizes and labels of a chart are settings without the calls
    assert kind("labels = 'a', 'b'\nsizes = [1, 2]\nexplode = (0, 1)\ncolours = ['r', 'g']\nax.pie(sizes)\n") == "text"


# micropython-microbit-stubs-nl: stdlib/errno.pyi (whole)
ERRNO_PYI = """from typing import Mapping

errorcode: Mapping[int, str]

EACCES: int
EADDRINUSE: int
EAGAIN: int
EALREADY: int
EBADF: int
ECONNABORTED: int
ECONNREFUSED: int
ECONNRESET: int
EEXIST: int
EHOSTUNREACH: int
EINPROGRESS: int
EINVAL: int
EIO: int
EISDIR: int
ENOBUFS: int
ENODEV: int
ENOENT: int
ENOMEM: int
ENOTCONN: int
EOPNOTSUPP: int
EPERM: int
ETIMEDOUT: int
"""


def test_annotations_under_an_import_are_a_stub_module() -> None:
    assert kind(ERRNO_PYI) == "code"
    assert kind(ERRNO_PYI.replace("from typing import Mapping\n", "")) != "code"  # annotations alone: a flat key file


# stx2any: usr/share/stx2any/common/secure.m4, its first 12 lines
SECURE_M4 = """define(`w_gag_cmd',
`undefine(`$1')'dnl
`define(`$1',
   `w_warning(`attempt to use "$1" in secure environment')`$1'($@)')')
w_gag_cmd(`builtin')
w_gag_cmd(`syscmd')
w_gag_cmd(`esyscmd')

define(`w_section', `w_set_or_get(`@w_section', `$1')')
define(`w_paragraph', `.PP`'w_nl')
define(`w_listitem', `.IP \\(bu 4`'w_nl\\&')
define(`w_defnterm', `.TP`'w_nl`'\\&$1`'')
"""

M4_PROSE = """The stx2any tools are written in m4. Each template defines its macros with
define, so that a document can be rendered into HTML, DocBook or a manual page.
Read the manual for the names of the macros a template must define, and
the order in which the templates are read.
"""


def test_gnu_m4_macros_quoted_its_way_are_m4() -> None:
    synopsis = toolstub.synopsize(SECURE_M4)
    assert synopsis.kind == "code"
    assert synopsis.title == "m4 code output"
    assert kind(M4_PROSE) == "text"


# libtspi-dev: man -l usr/share/man/man3/Tspi_Policy_FlushSecret.3.gz, its first 20 lines
TSPI_MAN = """Tspi_Policy_FlushSecret(3) Library Functions Manual Tspi_Policy_FlushSecret(3)

                   TCG Software Stack Developers Reference

NAME
       Tspi_Policy_FlushSecret - flush a cached secret

SYNOPSIS
       #include <tss/platform.h>
       #include <tss/tcpa_defines.h>
       #include <tss/tcpa_typedef.h>
       #include <tss/tcpa_struct.h>
       #include <tss/tss_typedef.h>
       #include <tss/tss_structs.h>
       #include <tss/tspi.h>

       TSS_RESULT Tspi_Policy_FlushSecret(TSS_HPOLICY hPolicy);

DESCRIPTION
       Tspi_Policy_FlushSecret flushes the associated secret information.
"""


def test_a_manual_page_with_a_centred_title_over_name_is_text() -> None:
    assert kind(TSPI_MAN) == "text"
    # a C header opening with a comment over a prototype stays code
    assert kind("/* tspi.h */\n\n#include <tss/platform.h>\n#include <tss/tspi.h>\n\nTSS_RESULT Tspi_Policy_FlushSecret(TSS_HPOLICY hPolicy);\n") == "code"


# lightdm: etc/apparmor.d/abstractions/lightdm_chromium-browser, lines 1-3 and 13-35 (comments shortened)
APPARMOR = """# vim:syntax=apparmor
# Profile abstraction for restricting chromium in the lightdm guest session
# Author: Jamie Strandboge <jamie@canonical.com>

  /usr/lib/chromium/chromium Cx -> chromium,
  /usr/lib/chromium-browser/chromium-browser Cx -> chromium,
  /usr/bin/webapp-container Cx -> chromium,

  ptrace peer=/usr/lib/lightdm/lightdm-guest-session//chromium,

  profile chromium {

    owner @{PROC}/[0-9]*/oom_{,score_}adj w,
    @{PROC}/sys/kernel/shmmax r,
    capability sys_admin,  # for sandbox to change namespaces
    capability sys_chroot, # fod sandbox to chroot to a safe directory
    capability setgid,     # for sandbox to drop privileges
    @{PROC}/sys/kernel/yama/ptrace_scope r,

    ptrace (read) peer=/usr/lib/lightdm/lightdm-guest-session,

    /usr/lib/chromium/chrome-sandbox ix,
  }
"""


def test_a_vim_modeline_naming_a_configuration_type_makes_no_program() -> None:
    assert kind(APPARMOR) == "text"
    module = "#!/usr/bin/env python3\n# vim:syntax=python\nimport os\n\n\ndef main():\n    return os.getcwd()\n"
    assert kind(module) == "code"


# polaris-studio: polaris/prepare/popsyn/linker_file.txt, lines 1-12 and 23-33
LINKER_FILE = """#USE THIS FILE AS A TEMPLATE TO GENERATE A VALID LINKER FILE FOR POPSYN

# Specify input files for sample and marginal variables
HHFILE\tpums_hh.csv
PERSONFILE\tpums_person.csv
ZONEFILE\tsf1.csv

# enter the size of each dimension for the household and person marginal data
HHDIMS\t7\t4\t7\t5
PERSONDIMS\t7\t6\t14
TESTHHDIMS\t11

# Specify the variable id (starting from 0) and column number in the pums files wher the variable is located
## HHTYPE
TESTHHVAR\t0\t16

## HHIncome
HHVAR\t0\t15
## HH Vehicles
HHVAR\t1\t11
## HH Size
HHVAR\t2\t6
"""

MARKDOWN_OUTLINE = """# Household model

The linker file names the inputs of the synthesis.

## Inputs

Each input is a CSV file named on its own line.

## Dimensions

The sizes of the marginal tables follow the input names.
"""


def test_tab_separated_rows_under_hash_comments_are_no_markdown() -> None:
    assert kind(LINKER_FILE) == "text"
    assert kind(MARKDOWN_OUTLINE) == "markdown"


# minetest-mod-unifieddyes: usr/share/doc/minetest-mod-unifieddyes/README.md, lines 1-2, 8 and 10-14
UNIFIEDDYES_README = """VanessaE's Unified Dyes
=======================

Unified Dyes expands the standard dye set from 15 colors to 32, 89, or 256 (see the API and usage info).

Dependencies: Minetest engine version 0.4.16 or higher and a corresponding copy of minetest_game.

License: GPL 2.0 or higher.

Install: Unzip the distribution file, rename the resultant folder to just "unifieddyes", move it into Minetest's mods folder, and enable it in your world configuration.

Usage: for detailed usage information, please see [the Unified Dyes Thread](https://forum.minetest.net/viewtopic.php?f=11&t=2178&p=28399) on the Minetest forum.

API: the full API is documented here: https://github.com/minetest-mods/unifieddyes/blob/master/API.md
"""


def test_key_value_lines_whose_values_are_sentences_are_prose() -> None:
    # a setext title over prose with a Markdown link: the `Install: ...` sentences no longer count as YAML lines
    assert kind(UNIFIEDDYES_README) == "markdown"
    # a YAML document of such lines stays YAML
    assert kind("name: unifieddyes\ndescription: Unified Dyes expands the standard dye set to many more colors.\n"
                "depends:\n  - default\n  - dye\n") == "yaml"


# python3-typing-inspect: usr/share/doc/python3-typing-inspect/README.md, lines 1-19 and 30-34
TYPING_INSPECT_README = """Typing Inspect
==============

[![Build Status](https://travis-ci.org/ilevkivskyi/typing_inspect.svg)](https://travis-ci.org/ilevkivskyi/typing_inspect)

The ``typing_inspect`` module defines experimental API for runtime
inspection of types defined in the Python standard ``typing`` module.
Works with ``typing`` version ``3.7.4`` and later. Example usage:

```python
from typing import Generic, TypeVar, Iterable, Mapping, Union
from typing_inspect import is_generic_type

T = TypeVar('T')

class MyCollection(Generic[T]):
    content: T

assert is_generic_type(Mapping)
```

Currently provided functions (see functions docstrings for examples of usage):
* ``is_generic_type(tp)``:
  Test if ``tp`` is a generic type. This includes ``Generic`` itself,
  but excludes special typing constructs such as ``Union``, ``Tuple``,
  ``Callable``, ``ClassVar``.
"""

RST_README = """Typing Inspect
==============

The ``typing_inspect`` module defines experimental API for runtime
inspection of types defined in the Python standard ``typing`` module.
Works with ``typing`` version ``3.7.4`` and later. Example usage:

.. code-block:: python

    from typing_inspect import is_generic_type

Currently provided functions:

* ``is_generic_type(tp)``: test if ``tp`` is a generic type.
"""


def test_double_backtick_spans_beside_a_fence_are_markdown_code_spans() -> None:
    # reStructuredText has no fenced code blocks: ``x`` spans in a document with a fence over prose are Markdown's
    assert kind(TYPING_INSPECT_README) == "markdown"
    assert kind(RST_README) == "text"


# relational: relational_gui/resources.py, its first 16 lines (pyrcc5's output: one import, then the data), then 1,800
# data lines of the same shape (the file is 131 KB of them)
PYQT_RESOURCES = """# -*- coding: utf-8 -*-

# Resource object code
#
# Created by: The Resource Compiler for PyQt5 (Qt v5.14.2)
#
# WARNING! All changes made in this file will be lost!

from PyQt5 import QtCore

qt_resource_data = b"\\
\\x00\\x00\\x80\\x4c\\
\\x89\\
\\x50\\x4e\\x47\\x0d\\x0a\\x1a\\x0a\\x00\\x00\\x00\\x0d\\x49\\x48\\x44\\x52\\x00\\
\\x00\\x01\\x00\\x00\\x00\\x01\\x00\\x08\\x06\\x00\\x00\\x00\\x5c\\x72\\xa8\\x66\\
\\x00\\x00\\x00\\x01\\x73\\x52\\x47\\x42\\x00\\xae\\xce\\x1c\\xe9\\x00\\x00\\x00\\
""" + "".join(f"\\x{i % 256:02x}\\x4b\\x47\\x44\\x00\\xff\\x00\\xff\\x00\\xff\\xa0\\xbd\\xa7\\x93\\x00\\x{255 - i % 256:02x}\\\n"
          for i in range(1800)) + '"\n'


def test_a_first_statement_from_dotted_import_name_marks_python() -> None:
    synopsis = toolstub.synopsize(PYQT_RESOURCES)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"
    # prose that says "from X import Y" in a sentence stays text
    assert kind("Use it from Python: from the shell, import the module\nand call it as shown below, then read the output.\n") == "text"


# the first 240 sites of its list
SITES = """
3qsdn 3sat 4tube 56.com 5min 6play 7plus 8tracks 91porn 9c9media
9gag 9now.com.au abc.net.au abc.net.au:iview abcnews abcnews:video abcotvs abcotvs:clips AcademicEarth:Course acast
acast:channel ADN AdobeConnect adobetv adobetv:channel adobetv:embed adobetv:show adobetv:video AdultSwim aenetworks
aenetworks:collection aenetworks:show afreecatv AirMozilla AliExpressLive AlJazeera Allocine AlphaPorno Amara AMCNetworks
AmericasTestKitchen AmericasTestKitchenSeason anderetijden AnimeOnDemand Anvato aol.com APA Aparat AppleConnect AppleDaily
ApplePodcasts appletrailers appletrailers:section archive.org ArcPublishing ARD ARD:mediathek ARDBetaMediathek Arkena arte.sky.it
ArteTV ArteTVEmbed ArteTVPlaylist AsianCrush AsianCrushPlaylist AtresPlayer ATTTechChannel ATVAt AudiMedia AudioBoom
audiomack audiomack:album AWAAN awaan:live awaan:season awaan:video AZMedien BaiduVideo Bandcamp Bandcamp:album
Bandcamp:weekly bangumi.bilibili.com bbc bbc.co.uk bbc.co.uk:article bbc.co.uk:iplayer:playlist bbc.co.uk:playlist BBVTV Beatport Beeg
BehindKink Bellator BellMedia Bet bfi:player bfmtv bfmtv:article bfmtv:live BibelTV Bigflix
Bild BiliBili BilibiliAudio BilibiliAudioAlbum BiliBiliPlayer BioBioChileTV Biography BIQLE BitChute BitChuteChannel
BleacherReport BleacherReportCMS blinkx Bloomberg BokeCC BongaCams BostonGlobe Box Bpb BR
BravoTV Break brightcove:legacy brightcove:new BRMediathek bt:article bt:vestlendingen BusinessInsider BuzzFeed BYUtv
Camdemy CamdemyFolder CamModels CamTube CamWithHer canalc2.tv Canalplus Canvas CanvasEen CarambaTV
CarambaTVPage CartoonNetwork cbc.ca cbc.ca:olympics cbc.ca:player cbc.ca:watch cbc.ca:watch:video CBS CBSInteractive CBSLocal
CBSLocalArticle cbsnews cbsnews:embed cbsnews:livevideo CBSSports CCMA CCTV CDA CeskaTelevize CeskaTelevizePorady
channel9 CharlieRose Chaturbate Chilloutzone chirbit chirbit:profile cielotv.it Cinchcast Cinemax CiscoLiveSearch
CiscoLiveSession CJSW cliphunter Clippit ClipRs Clipsyndicate CloserToTruth CloudflareStream Cloudy Clubic
Clyp cmt.com CNBC CNBCVideo CNN CNNArticle CNNBlogs ComedyCentral ComedyCentralTV CommonMistakes
CondeNast CONtv Corus Coub Cracked Crackle CrooksAndLiars crunchyroll crunchyroll:playlist CSpan
CtsNews CTV CTVNews cu.ntv.co.jp Culturebox CultureUnplugged curiositystream curiositystream:collection CWTV DailyMail
dailymotion dailymotion:playlist dailymotion:user daum.net daum.net:clip daum.net:playlist daum.net:user DBTV DctpTv DeezerPlaylist
defense.gouv.fr democracynow DHM Digg DigitallySpeaking Digiteka Discovery DiscoveryGo DiscoveryGoPlaylist DiscoveryNetworksDe
DiscoveryVR Disney dlive:stream dlive:vod Dotsub DouyuShow DouyuTV DPlay DRBonanza Dropbox
"""

# dpkg-deb -I youtube-dl_2021.12.17-2_all.deb, its first 20 lines and the last of its description's list
DPKG_DEB_INFO = """ new Debian package, version 2.0.
 size 77008 bytes: control archive=6800 bytes.
   16461 bytes,  1233 lines      control
     294 bytes,     4 lines      md5sums
 Package: youtube-dl
 Version: 2021.12.17-2
 Architecture: all
 Maintainer: Andreas Tille <tille@debian.org>
 Installed-Size: 76
 Depends: yt-dlp
 Section: oldlibs
 Priority: optional
 Homepage: https://ytdl-org.github.io/youtube-dl/
 Description: download videos from YouTube and other sites (transitional package)
  youtube-dl is a small command-line program to download videos from
  YouTube.com and other sites that don't provide direct links to the
  videos served.
  .
  Currently supported sites (or features of sites) are:
  .
""" + "".join(f"  {name},\n" for name in SITES.split())

APT_CACHE_SHOW = """Package: bash
Version: 5.2.15-2+b13
Essential: yes
Installed-Size: 7164
Maintainer: Matthias Klose <doko@debian.org>
Architecture: amd64
Depends: base-files (>= 2.1.12), debianutils (>= 5.6-0.1)
Description: GNU Bourne Again SHell
"""


def test_a_debian_control_record_is_text() -> None:
    assert kind(DPKG_DEB_INFO) == "text"
    assert kind(APT_CACHE_SHOW) == "text"
    # a Python module whose first statement assigns Package stays code
    assert kind("Package = None\nimport os\n\n\ndef load(path):\n    return os.path.exists(path)\n") == "code"


# python-installer-doc: html/_sources/index.md.txt (MyST Markdown: a front matter, headings, directive fences, one
# ```python example), its first 20 lines and lines 45-62
MYST_INDEX = """---
hide-toc: true
---

# Welcome to installer's documentation

```{include} ../README.md
:start-after: <!-- start readme-pitch -->
:end-before: <!-- end readme-pitch -->
```

```{toctree}
:hidden:

concepts
```

## Basic Usage

```python
import sys
import sysconfig

from installer import install
from installer.destinations import SchemeDictionaryDestination
from installer.sources import WheelFile

# Handler for installation directories and writing into them.
destination = SchemeDictionaryDestination(
    sysconfig.get_paths(),
    interpreter=sys.executable,
    script_kind="posix",
)

with WheelFile.open("sampleproject-1.3.1-py2.py3-none-any.whl") as source:
    install(
        source=source,
        destination=destination,
    )
```
"""

PROMPT_MODULE = '''import json

SYSTEM = """Answer in JSON, for example:
```json
{"answer": 42}
```
"""


def ask(client, question):
    reply = client.complete(SYSTEM, question)
    return json.loads(reply)
'''


def test_a_document_quoting_its_code_in_fences_is_no_program() -> None:
    assert kind(MYST_INDEX) == "markdown"
    assert kind(PROMPT_MODULE) == "code"  # a fence in a program's string: the program's lines are outside it


# techflops-analyzer: techflops_analyzer/prompts.py (three one-line assignments; the prompts shortened to their first
# 300 characters)
PROMPTS_PY = (
    "system_prompt = 'You are a specialized assistant designed to analyze text-based news headlines or article snippets"
    " about technology failures. Your task is to extract and structure key details about the technology flop described"
    " in the input text. Follow these instructions carefully:\\n\\n1. **Role**: You are an expert in identifying.'\n"
    "human_prompt = 'Analyze the following news headline or article snippet about a technology flop and extract the"
    " details in the XML structure given in the instructions:\\n\\n{text}\\n\\nAnswer with the structure only, nothing"
    " before it and nothing after it, and leave a field empty when the text does not say it at all.'\n"
    "pattern = '<technology_flop>\\\\s*<technology_name>(.*?)</technology_name>\\\\s*<reason_for_failure>(.*?)"
    "</reason_for_failure>'\n"
)


def test_a_module_of_long_single_quoted_texts_with_escapes_is_python() -> None:
    assert kind(PROMPTS_PY) == "code"
    # settings with short quoted values and lower-case keys stay text (e2guardian's plugin configuration)
    assert kind("plugname = 'port'\nport = '8080'\nhost = 'localhost'\n") == "text"


# awesome: usr/share/awesome/lib/wibox/widget/separator.lua, lines 1-49 (LDoc comments writing Markdown over a module)
SEPARATOR_LUA = """---------------------------------------------------------------------------
-- A flexible separator widget.
--
-- By default, this widget display a simple line, but can be extended by themes
-- (or directly) to display much more complex visuals.
--
-- This widget is mainly intended to be used alongside the `spacing_widget`
-- property supported by various layouts such as:
--
-- * `wibox.layout.fixed`
-- * `wibox.layout.flex`
-- * `wibox.layout.ratio`
--
-- When used with these layouts, it is also possible to provide custom clipping
-- functions. This is useful when the layout has overlapping widgets (negative
-- spacing).
--
--![Usage example](../images/AUTOGEN_wibox_widget_defaults_separator.svg)
--
-- @usage
-- wibox.widget {
--     widget = wibox.widget.separator
-- }
--
-- @author Emmanuel Lepage Vallee &lt;elv1313@gmail.com&gt;
-- @copyright 2014, 2017 Emmanuel Lepage Vallee
-- @classmod wibox.widget.separator
---------------------------------------------------------------------------
local beautiful = require( "beautiful"         )
local base      = require( "wibox.widget.base" )
local color     = require( "gears.color"       )
local gtable    = require( "gears.table"       )

local separator = {}

--- The separator's orientation.
--
-- Valid values are:
--
-- * *vertical*: From top to bottom
-- * *horizontal*: From left to right
-- * *auto*: Decide depending on the widget geometry (default)
--
-- The default value is selected automatically. If the widget is taller than
-- large, it will use vertical and vice versa.
--
--![Usage example](../images/AUTOGEN_wibox_widget_separator_orientation.svg)
--
-- @property orientation
-- @param string
"""

MARKDOWN_WITH_DASHES = """# Release notes

The widget draws a line between its neighbours -- see the *spacing* option.

-- the maintainers

* [Documentation](https://awesomewm.org/doc/api/)
* `wibox.widget.separator` is new
"""


def test_a_module_whose_dash_dash_comments_write_markdown_is_code() -> None:
    synopsis = toolstub.synopsize(SEPARATOR_LUA)
    assert synopsis.kind == "code"
    assert synopsis.title == "Lua code output"
    assert kind(MARKDOWN_WITH_DASHES) == "markdown"  # a `--` line or two in a Markdown page


# git-doc: usr/share/doc/git-doc/gitformat-index.txt, lines 1-100 (AsciiDoc, `asciidoc -d manpage`)
GITFORMAT_INDEX = """gitformat-index(5)
==================

NAME
----
gitformat-index - Git index format

SYNOPSIS
--------
[verse]
$GIT_DIR/index

DESCRIPTION
-----------

Git index format

== The Git index file has the following format

  All binary numbers are in network byte order.
  In a repository using the traditional SHA-1, checksums and object IDs
  (object names) mentioned below are all computed using SHA-1.  Similarly,
  in SHA-256 repositories, these values are computed using SHA-256.
  Version 2 is described here unless stated otherwise.

   - A 12-byte header consisting of

     4-byte signature:
       The signature is { 'D', 'I', 'R', 'C' } (stands for "dircache")

     4-byte version number:
       The current supported versions are 2, 3 and 4.

     32-bit number of index entries.

   - A number of sorted index entries (see below).

   - Extensions

     Extensions are identified by signature. Optional extensions can
     be ignored if Git does not understand them.

     4-byte extension signature. If the first byte is 'A'..'Z' the
     extension is optional and can be ignored.

     32-bit size of the extension

     Extension data

   - Hash checksum over the content of the index file before this checksum.

== Index entry

  Index entries are sorted in ascending order on the name field,
  interpreted as a string of unsigned bytes (i.e. memcmp() order, no
  localization, no special casing of directory separator '/'). Entries
  with the same name are sorted by their stage field.

  An index entry typically represents a file. However, if sparse-checkout
  is enabled in cone mode (`core.sparseCheckoutCone` is enabled) and the
  `extensions.sparseIndex` extension is enabled, then the index may
  contain entries for directories outside of the sparse-checkout definition.
  These entries have mode `040000`, include the `SKIP_WORKTREE` bit, and
  the path ends in a directory separator.

  32-bit ctime seconds, the last time a file's metadata changed
    this is stat(2) data

  32-bit ctime nanosecond fractions
    this is stat(2) data

  32-bit mtime seconds, the last time a file's data changed
    this is stat(2) data

  32-bit mtime nanosecond fractions
    this is stat(2) data

  32-bit dev
    this is stat(2) data

  32-bit ino
    this is stat(2) data

  32-bit mode, split into (high to low bits)

    4-bit object type
      valid values in binary are 1000 (regular file), 1010 (symbolic link)
      and 1110 (gitlink)

    3-bit unused

    9-bit unix permission. Only 0755 and 0644 are valid for regular files.
    Symbolic links and gitlinks have value 0 in this field.

  32-bit uid
    this is stat(2) data

  32-bit gid
    this is stat(2) data

"""

RONN_PAGE = """git-foo(1) -- frobnicate the index
==================================

## SYNOPSIS

`git foo` [`--all`] <path>...

## DESCRIPTION

**git-foo** frobnicates the index. See [git-index(5)](https://git-scm.com/docs/index-format) for the format.
"""


def test_an_asciidoc_manual_page_source_is_text() -> None:
    assert kind(GITFORMAT_INDEX) == "text"
    assert kind(RONN_PAGE) == "markdown"  # a ronn page (Markdown) names what the command does on its title line
