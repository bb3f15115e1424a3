"""Issue 10 (pool probe: docs/probes/probe_pool.py, half ``a``): classes of real files from Debian packages drawn
as the blind set is drawn (the next packages of its hash ranking) that `default` read as another kind, each beside
look-alikes that must keep theirs. Excerpts are short and quoted from the packages named.

- XML of another vocabulary whose root reuses an HTML element name: wv 1.2.9's ``/usr/share/wv/wvText.xml``
  (GPL-2) is ``<main>`` over ``<charentity>``, ``<begin>``, ``<justification>``... It parses, but an HTML root
  with no prolog and no namespace gave xml no more than a plain claim, and the html fragment claim (``<main>``
  is a fragment tag) won. When four or more distinct element names are mostly not HTML's, the fragment is no
  fragment and xml claims in full; an HTML fragment of HTML elements stays html.
- Doxygen's navigation and search data (``navtreeindex*.js``, ``search/*.js``: doxygen-doc 1.9.4, GPL-2): the
  whole file is one ``var NAME =`` whose object or array literal opens at the end of the line, then a line of
  ``"key":[1,2],`` rows. No JavaScript signature matched (no function, no ``;``) and the rows read as JSON-ish
  text. A first statement ``var NAME =`` opening a literal at its line's end is JavaScript.
- Haddock's Hoogle database (``libghc-*-doc``'s ``html/NAME.txt``, libghc-hunit-doc 1.6.2.0, BSD-3): Haskell
  signatures (``type Assertion = IO ()``, ``assertFailure :: ...``) under ``-- |`` documentation. It is a
  generated index for a search engine, documentation as text, not a program; `default` read it as code. Its
  first line says what it is.
- A ``#`` comment whose prose begins with the word "define" (uucp 1.07's ``/etc/uucp/port``: ``#\t\tdefine them
  all if you want.``, GPL-2): read as a cpp ``#define`` directive, a program's line, so the configuration
  file became code. A ``#define`` line ending in ``.`` or ``:`` is prose; ``#define NAME value``,
  ``#define NAME`` and ``# define F(x) ...`` stay directives.
- A stylesheet of one-line rules (Sphinx's ``_static/pygments.css``, written by Pygments 2.x, BSD-2; shipped by
  every Sphinx documentation package, here cpl-plugin-amber-doc): ``.highlight .c { color: #60a0b0; font-style:
  italic } /* Comment */``. CSS's signatures were a selector opening a block, or a ``property: value;`` line,
  so the file read as a configuration file. A one-line rule whose selector opens with a class, an id, ``*``,
  ``:``, ``[`` or an HTML element is a CSS line.
- A Ruby DSL file (ruby-whenever 1.0, ``whenever/setup.rb``, MIT): ``set :environment, "production"``,
  ``job_type :rake, "..."``: calls whose first argument is a symbol. Read as ``directive args`` settings. A
  call ``name :symbol, more`` is a Ruby signature and a program's line.
- A generated Tcl package index (tcl-sugar 0.1, ``pkgIndex.tcl``, BSD): nine comment lines of the header
  ``pkg_mkIndex`` writes and one ``package ifneeded`` line, one signature under the two needed. The header's
  first line (``# Tcl package index file``) marks Tcl.
- Markdown that is two headings over a fenced block (a javadoc tree's ``legal/jquery.md``, libpicard-java-doc,
  as the JDK's javadoc writes it: ``## jQuery v3.6.0``, ``### jQuery License``, then the licence in a fence):
  no prose or link outside the fence, so no claim. Two ATX headings (not comments) over fenced blocks are
  Markdown.
- A GNU ChangeLog (python3-pyqt6.qttexttospeech's ``changelog.gz``, written by Mercurial's ChangeLog style:
  ``2023-01-28  Phil Thompson  <phil@...>`` headers over tab-indented ``* file:`` entries): read as C++ (the
  ``* x:`` lines and ``[hash]`` lines looked like code, one line named ``std::pair``). Its header lines are a
  document's lines.
- RDoc and AsciiDoc headings (ruby-pgplot 0.1.6's ``README``, Ruby's licence: ``= Ruby/PGPLOT``,
  ``== Description`` over ``*`` lists quoting ``require "pgplot"``): read as Ruby. ``= Title`` lines are a
  document's.
- A Python module whose only text-like lines are string literals continuing a call (python3-spectral-cube
  0.6's ``io/core.py``, BSD-3: ``":meth:`~spectral_cube.SpectralCube.read` instead.")``): the reStructuredText
  role in the string counted as a document line. A line that is one string literal is a program's.
- A Python module of HTML strings (python3-emperor 1.0.3's ``_format_strings.py``, BSD-3): ``# flake8: noqa``,
  then ``NAME =\\`` over triple-quoted strings; no signature. A continued ``NAME =\\`` and the linters'
  directives (``# flake8: noqa``, ``# pylint: disable=``, ``# type: ignore``) are Python's.
- Python modules that are a licence header and a docstring (python3-ipalib 4.9's ``ipaplatform/__init__.py``
  and ``ipaplatform/base/__init__.py``, GPL-3): no signature at all, so text. A module docstring first (after
  ``#`` comments), closed, then the end or a statement, marks Python.
- A Sphinx page source (python-gwcs-doc 0.18's ``_sources/gwcs/wcstools.rst.txt``, BSD-3): a title over ``====``
  and ```~gwcs.wcstools.grid_from_bounding_box``` spans read as Markdown code spans. A single-backtick span of
  a dotted name with a leading ``~`` is Sphinx's shortened cross-reference: reStructuredText.
- Small real programs with too few signatures: an Emacs autoload file (tup 0.7's ``/etc/emacs/site-start.d/
  50tup.el``: ``(add-to-list 'auto-mode-alist ...)``, ``(register-definition-prefixes ...)``) and a Python
  ``__version__.py`` of metadata dunders (python3-datetimerange 1.2: ``__author__ = "..."``, MIT). Those forms
  are Emacs Lisp's and Python's signatures.
- A generated Go file of type declarations (golang-github-digitalocean-go-libvirt-dev's ``remote_protocol.gen.go``,
  Apache-2.0): ``type X struct {`` blocks of ``Name int32`` fields read as a configuration file of ``name {``
  blocks and ``directive args`` lines. ``package NAME``, ``import (`` and ``type X struct {`` are no configuration
  file's lines.
- Pool 5: Doxygen's ``menudata.js`` (libdvbv5-doc, MIT: ``var menudata={children:[`` after the licence
  comment, the literal opened on the same line); a Ruby module of ``autoload :System, "labkit/system"`` lines
  under ``# frozen_string_literal: true`` (ruby-gitlab-labkit 0.28, MIT); a ``pkgIndex.tcl`` written by hand
  (tclx8.4: ``if {[package vcompare [info tclversion] 8.4] < 0} return``).
- Code shown as HTML (libchipmunk-dev 7.0.3's ``examples/CollisionCallback.html``, MIT: a ``<div>`` of
  ``<span style=...>`` runs, ``&nbsp;`` indents and ``<br />`` line ends): code claimed it a little above html.
  Lines of escaped text ending in ``<br>``, three in a row, are markup, not a program.
- Pool 7: an ISC-style configuration file (hopm 1.1.10's ``/etc/hopm/hopm.conf``, GPL-2: ``options {`` blocks of
  ``pidfile = "/run/hopm/hopm.pid";`` lines and ``/* */`` comments) read as CSS; a ``key = value;`` line whose
  key is a lower-case word and whose value is a string, a word or a number with a unit is a setting. A Lua
  module of ``M.name = value`` lines under ``local X = require("X")`` (lmod 8.6's ``MC_Load.lua``, MIT) read as
  a configuration file; ``require`` lines are no configuration file's.
- Pool 8: Python modules that are one list of strings (python3-os-traits 2.9's ``hw/arch.py``, Apache-2.0:
  ``TRAITS = [`` over ``'ALPHA',`` rows): an upper-case ``NAME = [`` opening a literal at the line's end is a
  Python signature (a TOML key is lower case).
"""

from __future__ import annotations

import pytest

import toolstub

#: wv 1.2.9, /usr/share/wv/wvText.xml, its first 27 lines, then the root closed
WV_TEXT_XML = """\
<main>
<charentity>
<begin>ABW</begin>
</charentity>

<document>
<begin>
</begin>
<end>
</end>
</document>

<section>
<begin>
</begin>
<end>
</end>
</section>

<justification>
<left></left>
<right></right>
<center></center>
<block></block>
<asian></asian>
</justification>
</main>
"""

#: HTML fragments opening with ``<main>`` (HTML elements only): they stay html
HTML_MAIN_FRAGMENT = """\
<main>
<section>
<h1>Release notes</h1>
<p>This release fixes <a href="bugs.html">three bugs</a>.</p>
<ul>
<li>Faster start-up</li>
<li>Smaller binaries</li>
</ul>
</section>
</main>
"""

#: doxygen-doc 1.9.4, /usr/share/doc/doxygen/html/navtreeindex1.js, its first and last lines
DOXYGEN_NAVTREE_INDEX = """\
var NAVTREEINDEX1 =
{
"config.html#config_docbook":[21,12],
"config.html#config_dot":[21,18],
"config.html#config_examples":[21,19],
"config.html#config_external":[21,17],
"config.html#config_format":[21,0],
"config.html#config_html":[21,7],
"config.html#config_index":[21,6],
"custcmd.html":[14],
"custcmd.html#custcmd_complex":[14,1],
"customize.html":[13],
"trouble.html#knowproblems":[17,0],
"xmlcmds.html":[24]
};
"""

#: the shape of Doxygen's search/*.js (1.9.x) for a name found once: an array literal opened at the end of the
#: `var` line, one row (most of a project's search files hold one to three)
DOXYGEN_SEARCH_DATA = """\
var searchData=
[
  ['_5f_5finit_5f_5f_0',['__init__',['../classpyexample_1_1PyClass.html#a3a2a31d5bd3f1e1a1e2d7a9f2b1e1f1c',1,'pyexample::PyClass']]]
];
"""

#: libghc-hunit-doc 1.6.2.0, /usr/share/doc/libghc-hunit-doc/html/HUnit.txt, its first 30 lines
HOOGLE_HUNIT = """\
-- Hoogle documentation, generated by Haddock
-- See Hoogle, http://www.haskell.org/hoogle/


-- | A unit testing framework for Haskell
--   
--   HUnit is a unit testing framework for Haskell, inspired by the JUnit
--   tool for Java, see: <a>http://www.junit.org</a>.
@package HUnit
@version 1.6.2.0

module Test.HUnit.Lang

-- | When an assertion is evaluated, it will output a message if and only
--   if the assertion fails.
--   
--   Test cases are composed of a sequence of one or more assertions.
type Assertion = IO ()

-- | Unconditionally signals that a failure has occurred.
assertFailure :: HasCallStack => String -> IO a

-- | A specialized form of <a>Assertion</a> that checks a condition.
assertBool :: HasCallStack => String -> Bool -> Assertion

-- | Asserts that the specified actual value is equal to the expected value.
assertEqual :: (HasCallStack, Eq a, Show a) => String -> a -> a -> Assertion

data Result
Success :: Result
"""

#: the same declarations as a Haskell module (no Hoogle header): code
HASKELL_MODULE = """\
module Test.HUnit.Lang where

import Control.Exception

-- | When an assertion is evaluated, it will output a message if and only
--   if the assertion fails.
type Assertion = IO ()

assertFailure :: HasCallStack => String -> IO a
assertFailure msg = throwIO (HUnitFailure location msg)

assertBool :: HasCallStack => String -> Bool -> Assertion
assertBool msg b = unless b (assertFailure msg)
"""

#: uucp 1.07, /etc/uucp/port, whole
UUCP_PORT = """\
#
# port		This file defines the possible dialout ports you have
#		on your system. Normally you have only one, and it's
#		most probably /dev/ttyS[0-3]. Define that port here.
#
#		If you have multiple dialout ports, you can ofcourse
#		define them all if you want.
#
port ACU
type modem
#
# NOTE: Make SURE this device is owned by root:dialout, mode 0660 (crw-rw---)
#
device /dev/ttyS3
dialer hayes
speed 57600

#
# Description for the TCP port - pretty trivial. DON'T DELETE.
#
port TCP
type tcp

"""

#: a C header: its `#define` lines are directives, however they end
C_HEADER = """\
#ifndef PORT_H
#define PORT_H
#define PORT_SPEED 38400
# define PORT_NAME(p) ((p)->name)
#define PORT_FLAGS

struct port {
    const char *name;
    int speed;
};

int port_open(struct port *p);
#endif
"""


def kind(content: str, **kw) -> str:
    return toolstub.synopsize(content, **kw).kind


def kind_and_title(content: str) -> tuple[str, str]:
    syn = toolstub.synopsize(content)
    return syn.kind, syn.title


def test_xml_with_an_html_named_root_is_xml() -> None:
    syn = toolstub.synopsize(WV_TEXT_XML)
    assert syn.kind == "xml"
    assert "root: main" in syn.structure


def test_html_fragment_opening_with_main_stays_html() -> None:
    assert kind(HTML_MAIN_FRAGMENT) == "html"


@pytest.mark.parametrize("content", [DOXYGEN_NAVTREE_INDEX, DOXYGEN_SEARCH_DATA], ids=["navtreeindex", "searchdata"])
def test_doxygen_data_files_are_javascript(content: str) -> None:
    syn = toolstub.synopsize(content)
    assert syn.kind == "code"
    assert syn.title == "JavaScript code output"


@pytest.mark.parametrize(
    "content",
    [
        pytest.param('{\n"config.html#config_dot":[21,18],\n"custcmd.html":[14]\n}\n', id="the-literal-alone-is-json"),
        pytest.param("var is the keyword of this note:\n\n- one\n- two\n", id="prose-about-var"),
    ],
)
def test_doxygen_data_look_alikes_keep_their_kind(content: str) -> None:
    assert kind(content) != "code"


def test_hoogle_database_is_text() -> None:
    assert kind(HOOGLE_HUNIT) == "text"


def test_haskell_module_without_the_hoogle_header_stays_code() -> None:
    assert kind(HASKELL_MODULE) == "code"


def test_comment_prose_starting_with_define_is_no_directive() -> None:
    assert kind(UUCP_PORT) == "text"


def test_c_defines_stay_directives() -> None:
    syn = toolstub.synopsize(C_HEADER)
    assert syn.kind == "code"
    assert syn.title in {"C code output", "C++ code output"}


#: Pygments 2.14's default style as Sphinx writes it to _static/pygments.css (cpl-plugin-amber-doc), its first 12 lines
PYGMENTS_CSS = """\
pre { line-height: 125%; }
td.linenos .normal { color: #666666; background-color: transparent; padding-left: 5px; padding-right: 5px; }
span.linenos { color: #666666; background-color: transparent; padding-left: 5px; padding-right: 5px; }
td.linenos .special { color: #000000; background-color: #ffffc0; padding-left: 5px; padding-right: 5px; }
span.linenos.special { color: #000000; background-color: #ffffc0; padding-left: 5px; padding-right: 5px; }
.highlight .hll { background-color: #ffffcc }
.highlight { background: #f0f0f0; }
.highlight .c { color: #60a0b0; font-style: italic } /* Comment */
.highlight .err { border: 1px solid #FF0000 } /* Error */
.highlight .k { color: #007020; font-weight: bold } /* Keyword */
.highlight .o { color: #666666 } /* Operator */
.highlight .ch { color: #60a0b0; font-style: italic } /* Comment.Hashbang */
"""

#: ruby-whenever 1.0.0, lib/whenever/setup.rb, its first 25 lines
WHENEVER_SETUP = """\
# Environment variable defaults to RAILS_ENV
set :environment_variable, "RAILS_ENV"
# Environment defaults to production
set :environment, "production"
# Path defaults to the directory `whenever` was run from
set :path, Whenever.path

# Custom Chronic configuration for time parsing, empty by default
# Full list of options at: https://github.com/mojombo/chronic/blob/master/lib/chronic/parser.rb
set :chronic_options, {}

# All jobs are wrapped in this template.
# http://blog.scoutapp.com/articles/2010/09/07/rvm-and-cron-in-production
set :job_template, "/bin/bash -l -c ':job'"

set :runner_command, case
  when Whenever.bin_rails?
    "bin/rails runner"
  when Whenever.script_rails?
    "script/rails runner"
  else
    "script/runner"
  end

set :bundle_command, Whenever.bundler? ? "bundle exec" : ""
"""

#: tcl-sugar 0.1, pkgIndex.tcl, whole (the header is pkg_mkIndex's)
TCL_PKG_INDEX = """\
# Tcl package index file, version 1.1
# This file is generated by the "pkg_mkIndex -direct" command
# and sourced either when an application starts up or
# by a "package unknown" script.  It invokes the
# "package ifneeded" command to set up package-related
# information so that packages will be loaded automatically
# in response to "package require" commands.  When this
# script is sourced, the variable $dir must contain the
# full path name of this file's directory.

package ifneeded sugar 0.1 [list source [file join $dir sugar.tcl]]
"""


@pytest.mark.parametrize(
    ("content", "title"),
    [
        pytest.param(PYGMENTS_CSS, "CSS code output", id="pygments-css"),
        pytest.param(WHENEVER_SETUP, "Ruby code output", id="whenever-dsl"),
        pytest.param(TCL_PKG_INDEX, "Tcl code output", id="tcl-pkgindex"),
    ],
)
def test_pool_code_classes(content: str, title: str) -> None:
    assert kind_and_title(content) == ("code", title)


@pytest.mark.parametrize(
    "content",
    [
        # node's console.log of an object after a message: no selector, a log
        pytest.param("started worker { pid: 12 }\nstopped worker { pid: 12 }\n" * 5, id="node-inspect-lines"),
        # YAML flow mappings
        pytest.param("server: {port: 8080}\nclient: {retries: 3}\nlog: {level: debug}\n" * 3, id="yaml-flow-maps"),
        # an /etc-style settings file of `name value` lines with a colon in a value
        pytest.param("# uucp sys\nsystem remote\ncall-login uucp\ncall-password :secret, x\nport TCP\n", id="settings"),
        # prose about Tcl
        pytest.param("# Tcl package index files\n\nThey are written by pkg_mkIndex.\nSee its manual page.\n", id="prose"),
    ],
)
def test_pool_code_look_alikes_are_not_code(content: str) -> None:
    assert kind(content) != "code"


#: libpicard-java-doc 3.0.0 (javadoc of JDK 17), api/legal/jquery.md, its first 12 lines and its last 3
JAVADOC_LEGAL_MD = """\
## jQuery v3.6.0

### jQuery License
```
jQuery v 3.6.0
Copyright OpenJS Foundation and other contributors, https://openjsf.org/

Permission is hereby granted, free of charge, to any person obtaining
a copy of this software and associated documentation files (the
"Software"), to deal in the Software without restriction, including
without limitation the rights to use, copy, modify, merge, publish,
distribute, sublicense, and/or sell copies of the Software, and to
permit persons to whom the Software is furnished to do so, subject to
the following conditions:

*********************

```
"""

#: a shell script whose `##` comment lines precede a heredoc quoting a fence: code
SHELL_WITH_FENCE = """\
## build helpers
## usage: ./notes.sh > NOTES.md
cat <<'EOF'
```
make all
```
EOF
for f in *.c; do
  echo "$f"
done
"""

def test_two_headings_over_a_fence_are_markdown() -> None:
    assert kind(JAVADOC_LEGAL_MD) == "markdown"


def test_comment_lines_over_a_quoted_fence_stay_code() -> None:
    assert kind(SHELL_WITH_FENCE) == "code"


#: python3-pyqt6.qttexttospeech 6.4, changelog.gz (Mercurial's GNU ChangeLog style), its first 80 lines and
#: lines 853-858 (the entry naming `std::pair`, a C++ signature)
GNU_CHANGELOG = """\
2023-01-28  Phil Thompson  <phil@riverbankcomputing.com>

\t* NEWS, extras/lupdate/lupdate.py:
\tFixed a regression in pylupdate.
\t[0cf0f5deb862] [6.4.2] <6.4-maint>

2023-01-27  Phil Thompson  <phil@riverbankcomputing.com>

\t* .hgtags:
\tAdded tag 6.4.1 for changeset f633ac74eeef
\t[ffbaf766f709] <6.4-maint>

\t* NEWS, qpy/QtCore/qpycore_qt_conf.cpp:
\tFixed the embedded qt.conf on Windows where there are non-ASCII
\tcharacters in the pathname of the installation directory.
\t[f633ac74eeef] [6.4.1] <6.4-maint>

2023-01-22  Phil Thompson  <phil@riverbankcomputing.com>

\t* qpy/QtCore/qpycore_qvariant_value.cpp:
\tFixed the implementation of QSettings.value() for a list of strings.
\t[a4b3ad49321b] <6.4-maint>

\t* NEWS, PyQt6.msp:
\tFixed the base types of the QPdfBookmarkModel.Role and
\tQPdfSearchModel.Role enums.
\t[78cd78751823] <6.4-maint>

2023-01-15  Phil Thompson  <phil@riverbankcomputing.com>

\t* PyQt6.msp:
\tMore Windows build fixes.
\t[557383d31eef] <6.4-maint>

\t* NEWS, PyQt6.msp:
\tFixed build errors on Windows.
\t[2c160e7075fb] <6.4-maint>

2023-01-13  Phil Thompson  <phil@riverbankcomputing.com>

\t* PyQt6.msp:
\tFixed the base type of the QPdfDocument.PageModelRole enum.
\t[c31b80437d87] <6.4-maint>

\t* extras/uic/Compiler/compiler.py,
\textras/uic/Compiler/qobjectcreator.py,
\textras/uic/Compiler/qtproxies.py, extras/uic/Loader/loader.py,
\textras/uic/Loader/qobjectcreator.py, extras/uic/icon_cache.py,
\textras/uic/objcreator.py, extras/uic/properties.py,
\textras/uic/uiparser.py:
\tRefactored pyuic so that parent objects are specified as keyword
\targuments when possible so that custom widgets can have additional,
\tpreceding optional arguments.
\t[5e44e8a15f2a] <6.4-maint>

\t* NEWS, pyproject.toml, qpy/QtCore/qpycore_chimera.cpp:
\tBackout the removal of support for unregistered enums as we still
\thave to support protected enums and classes without a QMetaObject.
\t[77ec5687a5fc] <6.4-maint>

2023-01-12  Phil Thompson  <phil@riverbankcomputing.com>

\t* NEWS, pyproject.toml, qpy/QtCore/qpycore_chimera.cpp:
\tRequire SIP v6.7.6 so that all enums are registered with Qt.
\tSimplify the enum support when converting types now that all will be
\tregistered.
\t[79807338ba98] <6.4-maint>

2023-01-11  Phil Thompson  <phil@riverbankcomputing.com>

\t* NEWS, qpy/QtCore/qpycore_chimera.cpp:
\tFixed regressions related to the handling of global enums in
\tconnections.
\t[4f773319fd9a] <6.4-maint>

2022-12-14  Phil Thompson  <phil@riverbankcomputing.com>

\t* NEWS, qpy/QtCore/qpycore_chimera.cpp:
\tFixed the handling of Qt properties when the type was a Python enum.
\t[255ebf0c8996] <6.4-maint>
2021-07-12  Phil Thompson  <phil@riverbankcomputing.com>

\t* qpy/QtCore/qpycore_std_pair.sip:
\tAdded the std::pair<qreal, qreal> mapped type needed by
\tPyQt6-Charts.
\t[92db4a18d792]
"""

#: ruby-pgplot 0.1.6, README, its first 45 lines (its `setenv` lines left out) and lines 70-81
RDOC_README = """\
= Ruby/PGPLOT

Version 0.1.6 by Masahiro TANAKA  2012-02-18

== Description

* Ruby interface to PGPLOT.
  It provides PGPLOT functions as a Ruby module.

== Requirements

* {PGPLOT ver 5.2.x}[http://astro.caltech.edu/~tjp/pgplot/]

* Libraries which PGPLOT drivers use:

  * X11 library
  * PNG library

* Ruby version 1.8.x/1.9.x/2.0.x

* {NArray}[http://narray.rubyforge.org/] version 0.5.x/0.6.x

== Installation

* Install PGPLOT library

  - FORTRAN77 compiler required for source-compile.
  - C interface library (libcpgplot.a) is also required.
  - On Ubuntu, the required PGPLOT files can be installed via this command:
      $ sudo apt-get install pgplot5

* Install Ruby, NArray

* Install Ruby/PGPLOT

  - To install via RubyGems (recommended!):
      $ sudo gem install pgplot

  - To install manually:

    - extract distribution.

    - compile and install by:

        $ ruby extconf.rb
        $ make
        $ make install

== Usage

* To load the Ruby/PGPLOT extension;

    require "pgplot"

* Module name is 'Pgplot'.  If you want to omit the module name;

    include Pgplot

* Pgplot module method names are lower case of corresponding
  PGPLOT functions.  To start plotting:

    pgbeg('/xwin')
"""

#: the shape of python3-spectral-cube 0.6's io/core.py: imports, a class, a deprecation message continued on
#: string lines quoting a reStructuredText role
PY_STRING_ROLES = """\
from pathlib import PosixPath
import warnings

from astropy.io import registry

from ..utils import StokesWarning


class SpectralCubeRead(registry.UnifiedReadWrite):

    def __init__(self, instance, cls):
        super().__init__(instance, cls, 'read')

    def __call__(self, filename, *args, **kwargs):
        if isinstance(filename, PosixPath):
            filename = str(filename)
        kwargs.setdefault('target_cls', self._cls)
        return registry.read(self._cls, filename, *args, **kwargs)


def read(filename, *args, **kwargs):
    warnings.warn("spectral_cube.io.read is deprecated - use "
                  ":meth:`~spectral_cube.SpectralCube.read` instead.")
    return SpectralCubeRead(None, None)(filename, *args, **kwargs)


def write(cube, filename, **kwargs):
    warnings.warn("spectral_cube.io.write is deprecated - use "
                  ":meth:`~spectral_cube.SpectralCube.write` instead.")
    return cube.write(filename, **kwargs)
"""

#: python3-emperor 1.0.3, emperor/_format_strings.py: its header, then the openings of two of its strings
PY_HTML_STRINGS = """\
# ----------------------------------------------------------------------------
# Copyright (c) 2013--, emperor development team.
#
# Distributed under the terms of the Modified BSD License.
#
# The full license is in the file LICENSE.md, distributed with this software.
# ----------------------------------------------------------------------------
# flake8: noqa
\"\"\"
These are intended to be HTML formatted strings that are used throughout the
codebase and not included in for example format.py, because the length would
violate PEP-8 rules.
\"\"\"

EMPEROR_HEADER_HTML_STRING =\\
\"\"\"<!doctype html>
<html lang="en">
<head>
    <title>Emperor</title>
    <meta charset="utf-8">
</head>
\"\"\"

EMPEROR_FOOTER_HTML_STRING =\\
\"\"\"</body>
</html>
\"\"\"
"""

#: a reStructuredText page quoting a role on a line of its own in quotes stays text
RST_QUOTED_ROLE = """\
Reading cubes
=============

Use the unified reader. The old function says so when called:

    "use :meth:`~spectral_cube.SpectralCube.read` instead."

.. note::

   See :ref:`io` for the formats, and :doc:`writing` for the writers.
"""


@pytest.mark.parametrize(
    "content",
    [pytest.param(GNU_CHANGELOG, id="gnu-changelog"), pytest.param(RDOC_README, id="rdoc-readme"),
     pytest.param(RST_QUOTED_ROLE, id="rst-quoted-role")],
)
def test_pool_documents_are_text(content: str) -> None:
    assert kind(content) == "text"


@pytest.mark.parametrize(
    "content", [pytest.param(PY_STRING_ROLES, id="string-lines-quoting-roles"), pytest.param(PY_HTML_STRINGS, id="html-strings")]
)
def test_pool_python_modules_are_python(content: str) -> None:
    assert kind_and_title(content) == ("code", "Python code output")


#: python3-ipalib 4.9.11, ipaplatform/__init__.py, whole
IPAPLATFORM_INIT = '''\
#
# Copyright (C) 2017  FreeIPA Contributors see COPYING for license
#
\"\"\"ipaplatform package
\"\"\"
NAME = None  # initialized by ipaplatform.osinfo
'''

#: python3-ipalib 4.9.11, ipaplatform/base/__init__.py, whole but the licence's middle lines
IPAPLATFORM_BASE_INIT = '''\
# Authors:
#   Tomas Babej <tbabej@redhat.com>
#
# Copyright (C) 2014  Red Hat
# see file 'COPYING' for use and warranty information
#
# You should have received a copy of the GNU General Public License
# along with this program.  If not, see <http://www.gnu.org/licenses/>.

\'\'\'
This module should contain generic default implementations and definitions
of all the objects that a platform module is expected to export.
\'\'\'
'''


@pytest.mark.parametrize("content", [IPAPLATFORM_INIT, IPAPLATFORM_BASE_INIT], ids=["init", "base-init"])
def test_licence_and_docstring_modules_are_python(content: str) -> None:
    assert kind_and_title(content) == ("code", "Python code output")


def test_text_opening_with_a_triple_quoted_title_stays_text() -> None:
    content = '\"\"\"\nA quoted title\n\"\"\"\n\nThis note is plain text about things.\nMore of it here.\n'
    assert kind(content) == "text"


#: python-gwcs-doc 0.18.3, html/_sources/gwcs/wcstools.rst.txt, its first 22 lines
GWCS_WCSTOOLS_RST = '''\
WCS User Tools
==============

`~gwcs.wcstools.grid_from_bounding_box` is a function which returns a grid of input points based on the bounding_box of the WCS.

  >>> from gwcs.wcstools import grid_from_bounding_box
  >>> bounding_box = ((0, 4096), (0, 2048))
  >>> x, y = grid_from_bounding_box(bounding_box)
  >>> ra, dec = w(x, y)   # doctest: +SKIP

The `~gwcs.wcstools` module contains functions of general usability.

`~gwcs.wcstools.wcs_from_fiducial` is a function which given a fiducial in some coordinate system,
returns a WCS object.

  >>> from gwcs.wcstools import wcs_from_fiducial
  >>> from astropy import coordinates as coord
  >>> from astropy import units as u
  >>> fiducial = coord.SkyCoord(5.46 * u.deg, -72.2 * u.deg, frame='icrs')
  >>> w = wcs_from_fiducial(fiducial)

`~gwcs.wcstools.wcs_from_points` fits a WCS from matched points.
'''

#: i8kutils 1.43, /etc/i8kmon.conf, its first 14 lines: a configuration file in Tcl syntax, text like any /etc file
I8KMON_CONF = '''\
# Sample i8kmon configuration file (/etc/i8kmon.conf, ~/.i8kmon).

# External program to control the fans
set config(i8kfan)\t/usr/bin/i8kfan

# Report status on stdout, override with --verbose option
set config(verbose)\t0

# Status check timeout (seconds), override with --timeout option
set config(timeout)\t2

# Temperature threshold at which the temperature is displayed in red
set config(t_high)\t80
'''


def test_sphinx_cross_references_mark_restructuredtext() -> None:
    assert kind(GWCS_WCSTOOLS_RST) == "text"


def test_markdown_code_spans_of_dotted_names_stay_markdown() -> None:
    md = "Tools\n=====\n\nCall `gwcs.wcstools.grid` or `os.path.join` here.\n\n- one `x.y`\n- two\n"
    assert kind(md) == "markdown"


def test_tcl_syntax_configuration_file_is_text() -> None:
    assert kind(I8KMON_CONF) == "text"


#: tup 0.7.11, /etc/emacs/site-start.d/50tup.el, whole
TUP_EL = """\
(add-to-list 'auto-mode-alist '("Tupfile" . tupfile-mode))
(autoload 'tupfile-mode "tupfile-mode" "\\
Major mode for edititng tup build system rules.
\\\\<tupfile-mode-map>
\\(fn)" t nil)
(register-definition-prefixes "tupfile-mode" '("tupfile--"))
"""

#: python3-datetimerange 1.2.0, datetimerange/__version__.py, whole
VERSION_PY = """\
__author__ = "Tsuyoshi Hombashi"
__copyright__ = f"Copyright 2016, {__author__}"
__license__ = "MIT License"
__version__ = "1.2.0"
__maintainer__ = __author__
__email__ = "tsuyoshi.hombashi@gmail.com"
"""


@pytest.mark.parametrize(("content", "title"), [(TUP_EL, "Lisp code output"), (VERSION_PY, "Python code output")],
                         ids=["emacs-autoloads", "version-dunders"])
def test_small_programs_are_code(content: str, title: str) -> None:
    assert kind_and_title(content) == ("code", title)


def test_settings_file_of_plain_keys_stays_text() -> None:
    assert kind("author = Tsuyoshi Hombashi\nlicense = MIT License\nversion = 1.2.0\nemail = t@example.org\n") == "text"


#: go-libvirt 0.0~git20220811, remote_protocol.gen.go: its package clause and imports, then type declarations
GO_TYPES = """\
// Code generated by internal/lvgen/generate.go. DO NOT EDIT.

package libvirt

import (
\t"bytes"
\t"io"

\t"github.com/digitalocean/go-libvirt/internal/constants"
)

// ConnectSupportsFeatureArgs is libvirt's remote_connect_supports_feature_args
type ConnectSupportsFeatureArgs struct {
\tFeature int32
}

// ConnectSupportsFeatureRet is libvirt's remote_connect_supports_feature_ret
type ConnectSupportsFeatureRet struct {
\tSupported int32
}

// ConnectGetTypeRet is libvirt's remote_connect_get_type_ret
type ConnectGetTypeRet struct {
\tType string
}

// ConnectGetVersionRet is libvirt's remote_connect_get_version_ret
type ConnectGetVersionRet struct {
\tHvVer uint64
}

// ConnectGetHostnameRet is libvirt's remote_connect_get_hostname_ret
type ConnectGetHostnameRet struct {
\tHostname string
}
"""

#: an nginx-style configuration file of blocks and directives stays text
NGINX_BLOCKS = """\
# upstreams
upstream app {
\tserver 127.0.0.1:8000;
}

server {
\tlisten 80;
\tserver_name example.org;
\tlocation / {
\t\tproxy_pass http://app;
\t}
}
"""


def test_go_type_declarations_are_go() -> None:
    assert kind_and_title(GO_TYPES) == ("code", "Go code output")


def test_configuration_blocks_stay_text() -> None:
    assert kind(NGINX_BLOCKS) == "text"


#: libdvbv5-doc 1.22.1, html/menudata.js (Doxygen 1.9.4): its licence comment shortened, its first and last rows
DOXYGEN_MENUDATA = """\
/*
 @licstart  The following is the entire license notice for the JavaScript code in this file.

 The MIT License (MIT)

 Copyright (C) 1997-2020 by Dimitri van Heesch

 @licend  The above is the entire license notice for the JavaScript code in this file
*/
var menudata={children:[
{text:"Main Page",url:"index.html"},
{text:"Related Pages",url:"pages.html"},
{text:"Modules",url:"modules.html"},
{text:"Data Structures",url:"annotated.html",children:[
{text:"Data Structures",url:"annotated.html"},
{text:"Data Structure Index",url:"classes.html"}]},
{text:"Examples",url:"examples.html"}]}
"""

#: ruby-gitlab-labkit 0.28.0, lib/gitlab-labkit.rb: its first 16 lines, then the module closed
LABKIT_RB = """\
# rubocop:disable Naming/FileName
# frozen_string_literal: true

# LabKit is a module for handling cross-project
# infrastructural concerns, partcularly related to
# observability.
module Labkit
  autoload :System, "labkit/system"

  autoload :Correlation, "labkit/correlation"
  autoload :Context, "labkit/context"
  autoload :FIPS, "labkit/fips"
  autoload :Tracing, "labkit/tracing"
  autoload :Logging, "labkit/logging"
  autoload :Middleware, "labkit/middleware"
end
"""

#: tclx8.4 8.4.1, /usr/lib/tclx8.4/pkgIndex.tcl, whole
TCLX_PKG_INDEX = """\
if {[package vcompare [info tclversion] 8.4] < 0} return
package ifneeded Tclx 8.4 \\
\t[list load [file join /usr/lib libtclx8.4.so.0] Tclx]
"""


@pytest.mark.parametrize(
    ("content", "title"),
    [(DOXYGEN_MENUDATA, "JavaScript code output"), (LABKIT_RB, "Ruby code output"), (TCLX_PKG_INDEX, "Tcl code output")],
    ids=["doxygen-menudata", "ruby-autoloads", "tclx-pkgindex"],
)
def test_pool5_code_classes(content: str, title: str) -> None:
    assert kind_and_title(content) == ("code", title)


def test_symbol_settings_in_yaml_stay_yaml() -> None:
    assert kind("defaults:\n  cache: :memory\n  store: :redis\nproduction:\n  cache: :file\n") == "yaml"


#: libchipmunk-dev 7.0.3, examples/CollisionCallback.html, whole
CHIPMUNK_HTML = """\
<div style="text-align:left;color:#000000; background-color:#ffffff; border:solid black 1px; padding:0.5em 1em 0.5em 1em; overflow:auto;font-size:small; font-family:monospace; "><span style="color:#881350;">static</span> <span style="color:#881350;">void</span><br />
<span style="color:#003369;">postStepRemove</span>(cpSpace *space, cpShape *shape, <span style="color:#881350;">void</span> *unused)<br />
{<br />
&nbsp;&nbsp;<span style="color:#003369;">cpSpaceRemoveShape</span>(space, shape);<br />
&nbsp;&nbsp;<span style="color:#003369;">cpSpaceRemoveBody</span>(space, shape-&gt;body);<br />
&nbsp;&nbsp;<br />
&nbsp;&nbsp;<span style="color:#003369;">cpShapeFree</span>(shape);<br />
&nbsp;&nbsp;<span style="color:#003369;">cpBodyFree</span>(shape-&gt;body);<br />
}<br />
<br />
<span style="color:#881350;">static</span> <span style="color:#881350;">int</span><br />
<span style="color:#003369;">begin</span>(cpArbiter *arb, cpSpace *space, <span style="color:#881350;">void</span> *data)<br />
{<br />
&nbsp;&nbsp;<span style="color:#236e25;">// Get the cpShapes involved in the collision<br />
</span>&nbsp;&nbsp;<span style="color:#236e25;">// The order will be the same as you defined in the handler definition<br />
</span>&nbsp;&nbsp;<span style="color:#236e25;">// a-&gt;collision_type will be BULLET_TYPE and b-&gt;collision_type will be MONSTER_TYPE<br />
</span>&nbsp;&nbsp;<span style="color:#003369;">CP_ARBITER_GET_SHAPES</span>(arb, a, b);<br />
&nbsp;&nbsp;<br />
&nbsp;&nbsp;<span style="color:#236e25;">// The macro expands exactly as if you had typed this:<br />
</span>&nbsp;&nbsp;<span style="color:#236e25;">// cpShape *a, *b; cpArbiterGetShapes(arb, &amp;a, &amp;b);<br />
</span>&nbsp;&nbsp;<br />
&nbsp;&nbsp;<span style="color:#236e25;">// Add a post step callback to safely remove the body and shape from the space.<br />
</span>&nbsp;&nbsp;<span style="color:#236e25;">// Calling cpSpaceRemove*() directly from a collision handler callback can cause crashes.<br />
</span>&nbsp;&nbsp;<span style="color:#003369;">cpSpaceAddPostStepCallback</span>(space, (cpPostStepFunc)postStepRemove, b, <span style="color:#881350;">NULL</span>);<br />
&nbsp;&nbsp;<br />
&nbsp;&nbsp;<span style="color:#236e25;">// The object is dead, don&rsquo;t process the collision further<br />
</span>&nbsp;&nbsp;<span style="color:#881350;">return</span> <span style="color:#0000ff;">0</span>;<br />
}<br />
<br />
<span style="color:#683821;">#define BULLET_TYPE </span><span style="color:#0000ff;">1</span><span style="color:#683821;"><br />
#define MONSTER_TYPE </span><span style="color:#0000ff;">2</span><span style="color:#683821;"><br />
</span><br />
<span style="color:#236e25;">// Define a collision handler for bullets and monsters<br />
// Kill the monster by removing it&rsquo;s shape and body from the space as soon as it&rsquo;s hit by a bullet <br />
</span>cpCollisionHandler *handler = <span style="color:#003369;">cpSpaceAddCollisionHandler</span>(space, BULLET_TYPE, MONSTER_TYPE);<br />
handler-&gt;beginFunc = begin;<br />
<br />
</div>
"""

#: a React component: its markup is JSX, no escaped lines ending in <br>
JSX_COMPONENT = """\
import React from "react";

export function Card({ title, children }) {
  return (
    <div className="card">
      <h2>{title}</h2>
      <p>{children}</p>
      <br />
    </div>
  );
}
"""


def test_code_shown_as_html_is_html() -> None:
    assert kind(CHIPMUNK_HTML) == "html"


def test_jsx_component_stays_code() -> None:
    assert kind(JSX_COMPONENT) == "code"


#: awesome-extra 2020122801, flaw/keyboard.lua: a LuaDoc comment quoting code as HTML, then code (lines 108-131)
LUA_HTML_DOC_COMMENT = """\
local dbus = require('dbus')
local image = require('image')

--- Keyboard layout gadget.
-- The flags can be built from a directory of images:
-- local lfs = require('lfs')<br/>
-- local path = '/home/david/.config/awesome/icons/flags/'<br/>
-- local flags = {}<br/>
-- for file in lfs.dir(path) do<br/>
-- &nbsp;&nbsp;&nbsp;lang = file:match('(%a%a)\\.png')<br/>
-- &nbsp;&nbsp;&nbsp;if lang ~= nil then<br/>
-- &nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;flags[lang:lower()] = path .. file<br/>
-- &nbsp;&nbsp;&nbsp;end<br/>
-- end<br/>
local FLAGS = nil

local function set_flags(flags)
   FLAGS = flags
end

local function get_flag(lang)
   return FLAGS and FLAGS[lang]
end
"""


def test_code_whose_comments_quote_html_stays_code() -> None:
    assert kind(LUA_HTML_DOC_COMMENT) == "code"


#: a CGI script printing a form: its heredoc's lines open with tags and end in <br/>, it is a program
PERL_CGI_FORM = """\
#!/usr/bin/perl
use strict;
use warnings;
use CGI;

my $q = CGI->new;
print $q->header;
print <<EOT;
<form id="f">
<input type="text" id="val1" size="6" value="2"><br/>
<input type="text" id="val2" size="6" value="hello"><br/>
<input type="text" id="val3" size="6" value="34"><br/>
<input type="submit"><br/>
</form>
EOT
exit 0;
"""


def test_program_printing_html_lines_stays_code() -> None:
    assert kind(PERL_CGI_FORM) == "code"


#: hopm 1.1.10, /etc/hopm/hopm.conf: its first block, comments shortened
HOPM_CONF = """\
/*
 * Hybrid Open Proxy Monitor: sample configuration.
 */

options {
	/*
	 * Full path and filename for storing the process ID of the running
	 * HOPM.
	 */
	pidfile = "/run/hopm/hopm.pid";

	/* Maximum commands to queue. */
	command_queue_size = 64;

	/* Interval in which to send commands from the command queue. */
	command_interval = 10 seconds;

	/* Maximum time that a queued command is allowed to live. */
	command_timeout = 180 seconds;

	/* How long to store the IP address of hosts which are confirmed (by previous scans) to be secure. */
	negcache_rebuild = 12 hours;

	/* File descriptor limit for the DNS resolver. */
	dns_fdlimit = 64;

	/* Timeout of DNS queries. */
	dns_timeout = 5 seconds;
};
"""

#: lmod 8.6.19, libexec/MC_Load.lua: its first lines (after the licence comment), then the module returned
LMOD_MC_LOAD = """\
require("strict")
local MasterControl    = require("MasterControl")
local MC_Load          = inheritsFrom(MasterControl)
local M                = MC_Load
local dbg              = require("Dbg"):dbg()
M.my_name              = "MC_Load"
M.my_sType             = "load"
M.my_tcl_mode          = "load"
M.add_property         = MasterControl.add_property
M.always_load          = MasterControl.load_usr
M.always_unload        = MasterControl.unload
M.build_unload         = MasterControl.do_not_build_unload
M.color_banner         = MasterControl.color_banner
M.conflict             = MasterControl.conflict
M.depends_on           = MasterControl.depends_on
M.error                = LmodError
M.execute              = MasterControl.execute
M.family               = MasterControl.family
M.inherit              = MasterControl.inherit
M.load                 = MasterControl.load
M.load_usr             = MasterControl.load_usr
M.message              = MasterControl.message
M.prepend_path         = MasterControl.prepend_path
M.pushenv              = MasterControl.pushenv
M.setenv               = MasterControl.setenv
M.unload               = MasterControl.unload
return M
"""

#: a JavaScript file of `name = value;` statements inside a function stays code
JS_ASSIGNMENTS = """\
function reset(state) {
  count = 0;
  total = 0;
  label = "none";
  timeout = 30;
  return state;
}
"""


def test_isc_style_configuration_is_text() -> None:
    assert kind(HOPM_CONF) == "text"


def test_lua_module_of_assignments_is_lua() -> None:
    assert kind_and_title(LMOD_MC_LOAD) == ("code", "Lua code output")


def test_javascript_assignments_stay_code() -> None:
    assert kind(JS_ASSIGNMENTS) == "code"


#: python3-os-traits 2.9.0, os_traits/hw/arch.py: its licence header shortened, then the list
OS_TRAITS_ARCH = """\
#    Licensed under the Apache License, Version 2.0 (the "License"); you may
#    not use this file except in compliance with the License.

TRAITS = [
    # traits corresponding to the allowed values of "hw_architecture"
    # image metadata property
    'ALPHA',
    'ARMV6',
    'ARMV7',
    'ARMV7B',
    'AARCH64',
    'CRIS',
    'I686',
    'IA64',
    'LM32',
    'M68K',
    'MICROBLAZE',
    'MICROBLAZEEL',
    'MIPS',
    'MIPSEL',
]
"""


def test_python_module_of_one_string_list_is_python() -> None:
    assert kind_and_title(OS_TRAITS_ARCH) == ("code", "Python code output")


def test_toml_array_stays_text() -> None:
    toml = '[project]\nname = "demo"\nversion = "1.0"\ndependencies = [\n    "requests>=2",\n    "pyyaml",\n]\n\n[tool.demo]\nenabled = true\n'
    assert kind(toml) == "text"


# Pool 9 (ranks 4861-5460), half a.

#: w3cam 0.7.2, /etc/w3cam.cgi.scf (GPL-2): a settings file of commented-out `#key=value` lines whose prose says
#: "# define a frequenzy for the tuner ... and": a `# define` followed by a lower-case word is prose, not cpp
W3CAM_CGI_SCF = """\
#SCFF/sh
# this is an example config file. if it is not in the same
# directory as the CGI all compiled in default values are used

#
# options which are used by the CGI library
#
#background=#ffffff
#foreground=#000000
source_url="http://home.pages.de/~rasca/w3cam/"

# color or grey JPEGs
# could also be used to define the palette. possible values are
# yuv420p, yuv422p, grey, 1 (=color), 0 (= grey)
#color=1

# norm, 0=PAL, 1=NTSC, 2=SECAM
#norm="0"

# define a frequenzy for the tuner, 'freq' must be in 1/16 MHz and
# only integers are allowed
#freq="9076"

# list of frequencies in gui mode
#freqlist="878;9076;9844;9460"
"""

#: libgcc-11-dev-ppc64el-cross's backtrace-supported.h (libbacktrace, BSD-3), whole: a generated header that is its
#: licence and four `#define NAME 1` lines under comments
BACKTRACE_SUPPORTED_H = """\
/* backtrace-supported.h.in -- Whether stack backtrace is supported.
   Copyright (C) 2012-2021 Free Software Foundation, Inc.
   Written by Ian Lance Taylor, Google.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are
met:

    (1) Redistributions of source code must retain the above copyright
    notice, this list of conditions and the following disclaimer.

    (2) Redistributions in binary form must reproduce the above copyright
    notice, this list of conditions and the following disclaimer in
    the documentation and/or other materials provided with the
    distribution.

    (3) The name of the author may not be used to
    endorse or promote products derived from this software without
    specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE AUTHOR ``AS IS'' AND ANY EXPRESS OR
IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE AUTHOR BE LIABLE FOR ANY DIRECT,
INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
(INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION)
HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT,
STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING
IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
POSSIBILITY OF SUCH DAMAGE.  */

/* The file backtrace-supported.h.in is used by configure to generate
   the file backtrace-supported.h.  The file backtrace-supported.h may
   be #include'd to see whether the backtrace library will be able to
   get a backtrace and produce symbolic information.  */


/* BACKTRACE_SUPPORTED will be #define'd as 1 if the backtrace library
   should work, 0 if it will not.  Libraries may #include this to make
   other arrangements.  */

#define BACKTRACE_SUPPORTED 1

/* BACKTRACE_USES_MALLOC will be #define'd as 1 if the backtrace
   library will call malloc as it works, 0 if it will call mmap
   instead.  This may be used to determine whether it is safe to call
   the backtrace functions from a signal handler.  In general this
   only applies to calls like backtrace and backtrace_pcinfo.  It does
   not apply to backtrace_simple, which never calls malloc.  It does
   not apply to backtrace_print, which always calls fprintf and
   therefore malloc.  */

#define BACKTRACE_USES_MALLOC 0

/* BACKTRACE_SUPPORTS_THREADS will be #define'd as 1 if the backtrace
   library is configured with threading support, 0 if not.  If this is
   0, the threaded parameter to backtrace_create_state must be passed
   as 0.  */

#define BACKTRACE_SUPPORTS_THREADS 1

/* BACKTRACE_SUPPORTS_DATA will be #defined'd as 1 if the backtrace_syminfo
   will work for variables.  It will always work for functions.  */

#define BACKTRACE_SUPPORTS_DATA 1
"""

#: libtifiles-dev 1.1.7's html/style.css (GPL-2): one-line rules with upper-case elements and properties
TIFILES_STYLE_CSS = """\

.IE3-DUMMY { CONT-SIZE: 100%; }
BODY { FONT-SIZE: 10pt; FONT-FAMILY: Verdana,Arial,Helvetica,Sans-Serif; BACKGROUND-COLOR: #FFFFF8; }
TABLE { BORDER-COLOR: #0000C0; BORDER-WIDTH: 1px; BACKGROUND-COLOR: #E0E0FF; }
PRE { FONT-SIZE: 9pt; FONT-FAMILY: Courier New;  }
CODE { FONT-SIZE: 10pt; FONT-FAMILY: Courier New;  }
TT { FONT-SIZE: 10pt; FONT-FAMILY: Courier New;  }
.TITLE { FONT-SIZE: 15pt; BORDER-STYLE: None; PADDING: 0; BACKGROUND-COLOR: #FFFFF8; }
.HEADER { FONT-SIZE: 9pt; BORDER-STYLE: None; PADDING: 0; BACKGROUND-COLOR: #FFFFF8; }
.ITEMDESC { FONT-SIZE: 10pt; FONT-WEIGHT: Bold; }
.SMALLICON { VERTICAL-ALIGN: Middle; }
"""

#: nordugrid-arc-arex 6.x, /usr/share/arc/cancel_common.sh (Apache-2.0): the whole file, one shell function
ARC_CANCEL_COMMON = """\
#
# Common block for cancel scripts
# must be called with the grami file as argument
# remember to set $joboption_lrms

common_init () {
   # parse grami file
   no_grami_extra_processing=1
   parse_grami_file $GRAMI_FILE
   # parse configuration
   parse_arc_conf
   # read pbs-specific environment
   . ${pkgdatadir}/configure-${joboption_lrms}-env.sh || exit $?
}
"""

#: packagekit's /etc/apt/apt.conf.d/20packagekit (GPL-2): APT configuration whose quoted values hold `&&` chains
APT_PACKAGEKIT = """\
// THIS FILE IS USED TO INFORM PACKAGEKIT THAT THE UPDATE-INFO MIGHT HAVE CHANGED

// Whenever dpkg is called we might have different updates
// i.e. if an user removes a package that had an update
DPkg::Post-Invoke {
"/usr/bin/test -e /usr/share/dbus-1/system-services/org.freedesktop.PackageKit.service && /usr/bin/test -S /var/run/dbus/system_bus_socket && /usr/bin/gdbus call --system --dest org.freedesktop.PackageKit --object-path /org/freedesktop/PackageKit --timeout 4 --method org.freedesktop.PackageKit.StateHasChanged cache-update > /dev/null; /bin/echo > /dev/null";
};

// When APT's cache is updated (i.e. apt-cache update)
APT::Update::Post-Invoke-Success {
"/usr/bin/test -e /usr/share/dbus-1/system-services/org.freedesktop.PackageKit.service && /usr/bin/test -S /var/run/dbus/system_bus_socket && /usr/bin/gdbus call --system --dest org.freedesktop.PackageKit --object-path /org/freedesktop/PackageKit --timeout 4 --method org.freedesktop.PackageKit.StateHasChanged cache-update > /dev/null; /bin/echo > /dev/null";
};
"""

#: micropolis-data 0.0.20071228, res/wplayer.tcl (GPL-3): Tk widget commands on `$win.…` paths
MICROPOLIS_WPLAYER = """\
# Window: Players, for Unix Micropolis
#
# Micropolis, Unix Version.  This game was released for the Unix platform
# in or about 1990 and has been modified for inclusion in the One Laptop
# Per Child program.
global PlayerWindows
set n [Unique]
set win .player$n
set PlayerWindows [linsert $PlayerWindows 0 $win]

LinkWindow $head.player $win
LinkWindow $win.head $head

catch "destroy $win"
toplevel $win -screen $display

SetHelp $win Player

wm title $win {Micropolis Players}
wm iconname $win {Micropolis Players}
wm geometry $win 400x250+5+5
wm positionfrom $win user
wm sizefrom $win user
wm maxsize $win 700 700
wm minsize $win 100 100
wm protocol $win delete "DeleteWindow player PlayerWindows"
wm transient $win $head

frame $win.top \\
  -relief raised \\
  -borderwidth 1
LinkWindow $win.background $win.top

label $win.top.label \\
  -text "X11 Servers of Micropolis Players" \\
  -font [Font $win Large]
"""


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param(W3CAM_CGI_SCF, ("text", "Text output"), id="define-as-a-word-of-prose"),
        pytest.param(BACKTRACE_SUPPORTED_H, ("code", "C code output"), id="header-of-four-defines"),
        pytest.param(TIFILES_STYLE_CSS, ("code", "CSS code output"), id="upper-case-css"),
        pytest.param(ARC_CANCEL_COMMON, ("code", "Shell code output"), id="one-shell-function"),
        pytest.param(APT_PACKAGEKIT, ("text", "Text output"), id="apt-conf-quoting-and-chains"),
        pytest.param(MICROPOLIS_WPLAYER, ("code", "Tcl code output"), id="tk-widget-commands"),
    ],
)
def test_pool9_classes(content: str, expected: tuple[str, str]) -> None:
    assert kind_and_title(content) == expected


#: python3-manila 1:17.x, share/drivers/ganesha/conf/00-base-export-template.conf (Apache-2.0), whole: NFS-Ganesha's
#: configuration, `BLOCK {` over capitalised `Key = value;` lines (`Export_Id = @runtime;`); read as CSS
GANESHA_EXPORT_TEMPLATE = """\
# This is a Ganesha config template.
# Syntactically, a valid Ganesha config
# file, but some values in it are stubs.
# Fields that have stub values are managed
# by Manila; the stubs are of two kinds:
# - @config:
#    value will be taken from Manila config
# - @runtime:
#    value will be determined at runtime
# User is free to set Ganesha parameters
# which are not reserved to Manila by
# stubbing.

EXPORT {
    # Each EXPORT must have a unique Export_Id.
    Export_Id = @runtime;

    # The directory in the exported file system this export
    # is rooted on.
    Path = @runtime;

    # FSAL, Ganesha's module component
    FSAL {
        # FSAL name
        Name = @config;
    }

    # Path of export in the NFSv4 pseudo filesystem
    Pseudo = @runtime;

    # RPC security flavor, one of none, sys, krb5{,i,p}
    SecType = sys;

    # Alternative export identifier for NFSv3
    Tag = @runtime;

    # Client specification
    CLIENT {
        # Comma separated list of clients
        Clients = @runtime;

	# Access type, one of RW, RO, MDONLY, MDONLY_RO, NONE
        Access_Type = RW;
    }

    # User id squashing, one of None, Root, All
    Squash = None;
}
"""

#: python3-manila, manila/tests/policy.yaml (Apache-2.0), its first lines: oslo.policy's YAML, every key quoted
#: and namespaced with colons (`"share:create": ""`); read as text (a quoted key held no colon, and a key with
#: a colon was no identifier)
MANILA_POLICY_YAML = """\
# WARNING: Below rules are either deprecated rules
# or extra rules in policy file, it is strongly
# recommended to switch to new rules.
"context_is_admin": "role:admin"
"admin_api": "is_admin:True"
"admin_or_owner": "is_admin:True or project_id:%(project_id)s"
"default": "rule:admin_or_owner"
"availability_zone:index": "rule:default"
"quota_set:update": "rule:admin_api"
"quota_set:show": "rule:default"
"quota_set:delete": "rule:admin_api"
"quota_class_set:show": "rule:default"
"quota_class_set:update": "rule:admin_api"
"service:index": "rule:admin_api"
"service:update": "rule:admin_api"
"share:create": ""
"share:list_by_share_server_id": "rule:admin_api"
"share:get": ""
"share:get_all": ""
"share:delete": "rule:default"
"share:update": "rule:default"
"share:snapshot_update": ""
"share:create_snapshot": ""
"share:delete_snapshot": ""
"""


def test_ganesha_configuration_is_text() -> None:
    assert kind(GANESHA_EXPORT_TEMPLATE) == "text"


def test_policy_yaml_of_quoted_namespaced_keys_is_yaml() -> None:
    syn = toolstub.synopsize(MANILA_POLICY_YAML)
    assert syn.kind == "yaml"
    assert syn.structure[:2] == ("context_is_admin: string", "admin_api: string")


def test_c_assignments_stay_code() -> None:
    c = "static void init(void)\n{\n    Count = 0;\n    Total = MAX_TOTAL;\n    Name = DEFAULT_NAME;\n}\n"
    assert kind(c) == "code"


def test_quoted_prose_lines_stay_text() -> None:
    quotes = '"To be or not": that is the question\n"Brevity is the soul of wit": said Polonius\n'
    assert kind(quotes) == "text"  # keys with blanks are labels (spaced_keys), not a mapping


# Pool half a re-read at the end of the round (pools 4, 6-8, tuned on).

#: python3-erfa 2.0.0.1, erfa/_version.py (BSD-3), whole: setuptools-scm's generated version module
ERFA_VERSION_PY = """\
# coding: utf-8
# file generated by setuptools_scm
# don't change, don't track in version control
version = '2.0.0.1'
"""

#: python3-asdf-standard 1.0.3, asdf_standard/_version.py (BSD-3), whole
ASDF_VERSION_PY = """\
# coding: utf-8
# file generated by setuptools_scm
# don't change, don't track in version control
__version__ = version = '1.0.3'
__version_tuple__ = version_tuple = (1, 0, 3)
"""

#: mathlibtools 1.1.0, mathlibtools/_version.py (Apache-2.0), whole: comments over one `__version__` assignment
MATHLIBTOOLS_VERSION_PY = """\
# Package versioning solution originally found here:
# http://stackoverflow.com/q/458550

# Store the version here so:
# 1) we don't load dependencies by storing it in __init__.py
# 2) we can import it in setup.py for the same reason
# 3) we can import it into your module
__version__ = '1.1.0'
"""

#: libgmerlin-dev 1.2.0, gui_gtk/chapterdialog.h (GPL-2), whole: one prototype on two lines under the licence, its
#: first line a typed name opening a parameter list left open with a comma
GMERLIN_CHAPTERDIALOG_H = """\
/*****************************************************************
 * gmerlin - a general purpose multimedia framework and applications
 *
 * Copyright (c) 2001 - 2012 Members of the Gmerlin project
 * gmerlin-general@lists.sourceforge.net
 * http://gmerlin.sourceforge.net
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 2 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <http://www.gnu.org/licenses/>.
 * *****************************************************************/


void bg_gtk_chapter_dialog_show(gavl_chapter_list_t ** list,
                                gavl_time_t duration, GtkWidget * parent);
"""


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        pytest.param(ERFA_VERSION_PY, ("code", "Python code output"), id="setuptools-scm-version"),
        pytest.param(ASDF_VERSION_PY, ("code", "Python code output"), id="setuptools-scm-version-tuple"),
        pytest.param(MATHLIBTOOLS_VERSION_PY, ("code", "Python code output"), id="dunder-version-module"),
        pytest.param(GMERLIN_CHAPTERDIALOG_H, ("code", "C code output"), id="header-of-one-prototype"),
        # one statement under comments is configuration as often as code: the look-alikes stay text
        pytest.param("#\n# The PAM configuration file for the Shadow `chpasswd' service\n#\n\n@include common-password\n",
                     ("text", "Text output"), id="pam-include"),
        pytest.param('Acquire::Languages "none";\n', ("text", "Text output"), id="apt-one-setting"),
        pytest.param("# version of the data files\nversion = '2.0'\n", ("text", "Text output"), id="ini-version-key"),
        # lighttpd's conf-available files: three statements, `=>` and `+=` in them, every line code-like
        pytest.param('server.modules      += ( "mod_userdir" )\nuserdir.path         = "public_html"\n'
                     'userdir.exclude-user = ( "root", "postmaster" )\n', ("text", "Text output"), id="lighttpd-userdir"),
        pytest.param('$HTTP["host"] =~ "^www\\.(.*)" {\n  url.redirect = ( "^/(.*)" => "http://%1/$1" )\n}\n',
                     ("text", "Text output"), id="lighttpd-redirect"),
    ],
)
def test_version_modules_and_one_prototype_headers(content: str, expected: tuple[str, str]) -> None:
    assert kind_and_title(content) == expected


# Pool 10 (ranks 5461-6060), half a: YAML that carries Markdown in block scalars.

#: python3-schema-salad 8.x, tests/test_schema/Process.yml (Apache-2.0), its first 120 lines: `$base:` /
#: `$namespaces:` / `$graph:` keys over a list of records whose `doc: |` values are Markdown
SALAD_PROCESS_YML = r"""$base: "https://w3id.org/cwl/cwl#"

$namespaces:
  cwl: "https://w3id.org/cwl/cwl#"
  sld: "https://w3id.org/cwl/salad#"
  rdfs: "http://www.w3.org/2000/01/rdf-schema#"

$graph:

- name: "Common Workflow Language, v1.0"
  type: documentation
  doc: {$include: concepts.md}

- $import: "metaschema_base.yml"

- name: BaseTypesDoc
  type: documentation
  doc: |
    ## Base types
  docChild:
    - "#CWLType"
    - "#Process"

- type: enum
  name: CWLVersion
  doc: "Version symbols for published CWL document versions."
  symbols:
    - cwl:draft-2
    - cwl:draft-3.dev1
    - cwl:draft-3.dev2
    - cwl:draft-3.dev3
    - cwl:draft-3.dev4
    - cwl:draft-3.dev5
    - cwl:draft-3
    - cwl:draft-4.dev1
    - cwl:draft-4.dev2
    - cwl:draft-4.dev3
    - cwl:v1.0.dev4
    - cwl:v1.0

- name: CWLType
  type: enum
  extends: "sld:PrimitiveType"
  symbols:
    - cwl:File
    - cwl:Directory
  doc:
    - "Extends primitive types with the concept of a file and directory as a builtin type."
    - "File: A File object"
    - "Directory: A Directory object"

- name: File
  type: record
  docParent: "#CWLType"
  doc: |
    Represents a file (or group of files if `secondaryFiles` is specified) that
    must be accessible by tools using standard POSIX file system call API such as
    open(2) and read(2).
  fields:
    - name: class
      type:
        type: enum
        name: File_class
        symbols:
          - cwl:File
      jsonldPredicate:
        _id: "@type"
        _type: "@vocab"
      doc: Must be `File` to indicate this object describes a file.
    - name: location
      type: string?
      doc: |
        An IRI that identifies the file resource.  This may be a relative
        reference, in which case it must be resolved using the base IRI of the
        document.  The location may refer to a local or remote resource; the
        implementation must use the IRI to retrieve file content.  If an
        implementation is unable to retrieve the file content stored at a
        remote resource (due to unsupported protocol, access denied, or other
        issue) it must signal an error.

        If the `location` field is not provided, the `contents` field must be
        provided.  The implementation must assign a unique identifier for
        the `location` field.

        If the `path` field is provided but the `location` field is not, an
        implementation may assign the value of the `path` field to `location`,
        then follow the rules above.
      jsonldPredicate:
        _id: "@id"
        _type: "@id"
    - name: path
      type: string?
      doc: |
        The local host path where the File is available when a CommandLineTool is
        executed.  This field must be set by the implementation.  The final
        path component must match the value of `basename`.  This field
        must not be used in any other context.  The command line tool being
        executed must be able to to access the file at `path` using the POSIX
        `open(2)` syscall.

        As a special case, if the `path` field is provided but the `location`
        field is not, an implementation may assign the value of the `path`
        field to `location`, and remove the `path` field.

        If the `path` contains [POSIX shell metacharacters](http://pubs.opengroup.org/onlinepubs/9699919799/utilities/V3_chap02.html#tag_18_02)
        (`|`,`&`, `;`, `<`, `>`, `(`,`)`, `$`,`` ` ``, `\`, `"`, `'`,
        `<space>`, `<tab>`, and `<newline>`) or characters
        [not allowed](http://www.iana.org/assignments/idna-tables-6.3.0/idna-tables-6.3.0.xhtml)
        for [Internationalized Domain Names for Applications](https://tools.ietf.org/html/rfc6452)
        then implementations may terminate the process with a
        `permanentFailure`.
      jsonldPredicate:
        "_id": "cwl:path"
        "_type": "@id"
    - name: basename
      type: string?
      doc: |
        The base name of the file, that is, the name of the file without any
        leading directory path.  The base name must not contain a slash `/`.

"""

#: python3-schema-salad, metaschema/field_name.yml (Apache-2.0), whole: a YAML list of one Markdown block scalar
SALAD_FIELD_NAME_YML = """\
- |
  ## Field name resolution

  The document schema declares the vocabulary of known field names.  During
  preprocessing traversal, field name in the document which are not part of
  the schema vocabulary must be resolved to absolute URIs.  Under "strict"
  validation, it is an error for a document to include fields which are not
  part of the vocabulary and not resolvable to absolute URIs.  Fields names
  which are not part of the vocabulary are resolved using the following
  rules:

  * If a field name URI begins with a namespace prefix declared in the
  document context (`@context`) followed by a colon `:`, the prefix and
  colon must be replaced by the namespace declared in `@context`.

  * If there is a vocabulary term which maps to the URI of a resolved
  field, the field name must be replace with the vocabulary term.

  * If a field name URI is an absolute URI consisting of a scheme and path
  and is not part of the vocabulary, no processing occurs.

  Field name resolution is not relative.  It must not be affected by the
  base URI.

  ### Field name resolution example

  Given the following schema:

  ```
- $include: field_name_schema.yml
- |
  ```

  Process the following example:

  ```
- $include: field_name_src.yml
- |
  ```

  This becomes:

  ```
- $include: field_name_proc.yml
- |
  ```
"""


@pytest.mark.parametrize("content", [SALAD_PROCESS_YML, SALAD_FIELD_NAME_YML], ids=["dollar-keys", "block-scalar-item"])
def test_yaml_holding_markdown_in_block_scalars_is_yaml(content: str) -> None:
    assert kind(content) == "yaml"


def test_markdown_with_a_yaml_like_line_stays_markdown() -> None:
    doc = "# Setup\n\nRun the tool with `--fast`:\n\nmode: |\n  fast\n\nSee [the docs](https://example.org/docs) and *more*.\n"
    assert kind(doc) == "markdown"
