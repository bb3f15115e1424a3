"""Issue 10 (pool probe: docs/probes/probe_pool.py, pools 17 and 18, half ``a``): classes of real files from Debian
packages that `default` read as another kind, each with look-alikes that must keep theirs. The excerpts are short
and quoted from the packages named.

- HTML under a YAML front matter (libjs-bootstrap5-doc's ``examples/*/index.html``: ``---``, ``layout: examples``,
  ``title: ...``, ``---``, then the page's markup: Jekyll and Hugo layouts) read as text: no detector looked past
  the front matter. The html kind now reads past it and judges the markup after it; a front matter over Markdown
  prose, a front matter alone and a YAML stream keep their kinds.
- A Markdown README whose only Markdown, beside code spans and a list, is a reference link and its definition
  (libtyxml-ocaml-doc's ``examples/*/Readme.md``: ``[unlicense][]`` and ``[unlicense]: http://unlicense.org/``)
  read as text: the quick test that lets the Markdown reading start knew headings, fences, inline links and
  table rules, not reference definitions. A plain text with a footnote URL stays text.
- A Ruby file whose methods carry YARD comments quoting Markdown links (ruby-rspec-mocks'
  ``lib/rspec/mocks/example_methods.rb``: ``# Constructs an instance of [RSpec::Mocks::Double](...)`` indented
  under ``module``) read as Markdown, where compat is right: a ``#`` line indented four columns or more is a
  comment of indented code (a Markdown heading is indented three at most), and its links and spans count no more
  than a ``//`` comment's. A Markdown document with an indented shell block of ``# comments`` stays Markdown.
- gnu-efi's ``efirtlib.h``: an include guard named ``_EFI_RT_LIB_INCLUDE_`` over EDK-style prototypes (the return
  type alone on its line) read as text: the guard names the code markers knew ended in ``_H``, ``_HPP`` or
  ``_INCLUDED``; ``_INCLUDE``, ``_INC`` and ``_HXX`` now count too.
- libglib2.0-dev-bin's ``codegen/config.py``: ``# -*- Mode: Python -*-``, a licence, then ``VERSION = "2.74.6"`` and
  two integers (no value only Python writes) read as configuration text: the Emacs mode line naming Python was
  matched in lower case only, and Emacs reads ``Mode:`` and ``Python`` in any case (so for Tcl, R, shell-script).

From the first PyPI pool (docs/probes/probe_pypi_pool.py, half ``a``):

- DataTables' plug-in documentation page (``sorting/index.html`` shipped in silentdune-server's sdist): ``<h2>``,
  ``<p>`` and ``<ul>`` lines between two long ``<pre>`` examples of escaped JavaScript read as code: the page was
  judged by all its lines, the examples included, whenever they were half the lines or more (meant for a page that
  is one ``<pre>`` block). Ten lines or more outside ``<pre>`` now judge the page.
- senaite.lims' ``config.py``: ``# -*- coding: utf-8 -*-``, a licence, then one ``PROJECTNAME = "senaite.lims"``
  read as text: a PEP 263 coding line is a Python module's declaration, so it stands for the value only Python
  writes and one assignment is enough. Lower-case settings, INI sections and bare words under a coding line stay
  text.
- Comment-only Python files under a coding line (senaite.lims' ``upgrades/__init__.py``, python3-zake's
  ``__init__.py``: ``# -*- coding: utf-8 -*-``, then a licence) read as text: the coding line over comments only
  marks Python (a language marker). Comment-only files with no coding line stay text, and so does a YAML file
  under a coding line.

From the second PyPI pool (its first look judged at 4a6050c; half ``a``):

- monaco-editor's minified language modules (``static/assets/cameligo-*.js`` in mupy-hiro's wheel: a ``/*!`` licence
  comment, then ``var e={comments:...`` on the comment's last line) read as text or Markdown: the JavaScript marker
  of a first statement assigning an object literal wanted the comment's line to end first.
- An Odoo addon's ``__manifest__.py`` (``# Copyright`` comments, then one dict display with ``"installable": True``):
  a module that is one dict display is Python when a value is written as only Python writes it (``True``, ``None``,
  a single-quoted string); a JSON object under ``#`` comments (``true``, ``null``) stays text.
- featureform's ``constants.py`` (``TWO_MILLION_RECORD_LIMIT = 2_000_000``): a number written with underscores is
  Python's.
- Font Awesome's ``fontawesome-all.css`` (Sass output: ``.fa-ul {`` over ``padding-left: 0; }`` lines) read as
  configuration text: a CSS class selector line is no configuration's (a veto of the configuration reading).
- metaseed's template partials (``<div>`` and ``<form>`` markup over a ``<script>`` block of 60 lines) read as
  JavaScript: the inside of ``<script>`` and ``<style>`` blocks is left out of the markup share as ``<pre>``'s is
  (not in a Vue single-file component, top-level ``<template>`` with ``<script>`` and ``<style>`` blocks: it is code,
  tests/accuracy/corpus's ``vue-sfc.vue``; a partial opening with a ``<style>`` block, watson-framework's debug
  panels, is a page's).
- Odoo addons' ``readme/CONTRIBUTORS.md`` (PyPI pools 1 and 2: ``- [Tecnativa](<https://www.tecnativa.com>):`` over
  ``  - Name`` items) read as text: a list of two items or more, no heading and no prose, with a Markdown link to
  a URL (pandoc's ``(<url>)`` form too) is Markdown. Of the pools' half a and the tune split, every file with such
  a list item is labelled Markdown (105) or code (3: none read otherwise); a plain list of names stays text.

From the third PyPI pool (its first look judged at 985183e; half ``a``):

- mlir-tblgen's generated Python (nvidia-cutlass-dsl-libs-base's ``_mlir/dialects/_math_ops_gen.py``: classes whose
  ``r\"\"\"`` docstrings hold ```` ```mlir ```` examples) read as Markdown, where compat is right: the fences were
  counted though they sat inside Python's triple-quoted strings. The Markdown reading now blanks those strings
  (opened as Python opens one, outside fences and code spans); a Markdown document quoting a docstring in a fence
  stays Markdown.

From the fourth PyPI pool (its first look judged at c6bed2f; half ``a``):

- Python logging output whose records run over several lines (iflow-mcp-am0y-mcp-fal's ``l1_test.log`` and
  ``local_test.log``: ``2026-02-08 06:16:13,963 - __main__ - INFO - ...`` lines over tracebacks, exception groups
  and tool descriptions) read as text: under half of the lines carry a timestamp. A log of multi-line records is
  claimed when its first line and 15 % of the lines open with a date and time, most of them with a level; a
  changelog written from ``git log`` (``2022-06-13 13:28:22 +0300 Author (hash)`` over its message: dovecot's,
  libpam-x2go's, no level) stays text.
- One-statement Python under comments: an Odoo addon's ``models/__init__.py`` (``from . import
  res_config_settings``) and shipit-agent's ``prompt.py`` (``from __future__ import annotations`` over one long
  Markdown string) read as text: a first statement that is a relative or ``__future__`` import marks Python.
  A guide under a title quoting ``from . import`` stays text.
"""

from __future__ import annotations

import pytest

import toolstub


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


# libjs-bootstrap5-doc: /usr/share/doc/libjs-bootstrap5/examples/starter-template/index.html, lines 1-12
BOOTSTRAP_STARTER = """---
layout: examples
title: Starter Template
extra_css:
  - "starter-template.css"
---

<div class="col-lg-8 mx-auto p-4 py-md-5">
  <header class="d-flex align-items-center pb-3 mb-5 border-bottom">
    <a href="/" class="d-flex align-items-center text-dark text-decoration-none">
      <span class="fs-4">Starter template</span>
    </a>
  </header>

  <main>
    <h1>Get started with Bootstrap</h1>
    <p class="fs-5 col-md-8">Quickly and easily get started with Bootstrap's compiled, production-ready files.</p>
  </main>
  <footer class="pt-5 my-5 text-muted border-top">
    Created by the Bootstrap team &middot; &copy; 2022
  </footer>
</div>
"""

# libtyxml-ocaml-doc: /usr/share/doc/libtyxml-ocaml/examples/basic_website/Readme.md (whole)
TYXML_README = """This is a very simple website in pure tyxml. To generate the website, compile `site_html.ml` and \
then execute. This can be done with `make`.

Content of this directory:
- `site_html.ml`: Generates the Html.
- `Makefile`: Simple rules to create the website. Uses ocamlbuild
- `main.js` and `home.css` : auxiliary files for the website.
- `.merlin`: An appropriate merlin file.
- Readme.md : You are reading it

This website is distributed under the [unlicense][], feel free to use it!

[unlicense]: http://unlicense.org/
"""

# ruby-rspec-mocks: lib/rspec/mocks/example_methods.rb, lines 1-40 (cut), then its closing lines
RSPEC_EXAMPLE_METHODS = """RSpec::Support.require_rspec_mocks 'object_reference'

module RSpec
  module Mocks
    # Contains methods intended to be used from within code examples.
    # Mix this in to your test context (such as a test framework base class)
    # to use rspec-mocks with your test framework. If you're using rspec-core,
    # it'll take care of doing this for you.
    module ExampleMethods
      include RSpec::Mocks::ArgumentMatchers

      # @overload double()
      # @overload double(name)
      #   @param name [String/Symbol] name or description to be used in failure messages
      # @return (Double)
      #
      # Constructs an instance of [RSpec::Mocks::Double](RSpec::Mocks::Double) configured
      # with an optional name, used for reporting in failure messages, and an optional
      # hash of message/return-value pairs.
      #
      # @example
      #   book = double("book", :title => "The RSpec Book")
      #   book.title #=> "The RSpec Book"
      #
      def double(*args)
        ExampleMethods.declare_double(Double, *args)
      end

      # Constructs a test double against a specific class. If the given class
      # name has been loaded, only instance methods defined on the class are
      # allowed to be stubbed. See [verifying doubles](../../../docs/verifying_doubles.md)
      # and [partial doubles](../../../docs/partial_doubles.md). With a normal double one has
      # to stub methods in order to be able to spy them. A `spy` will
      # automatically spy on all methods to which the object responds.
      # See [the `have_received` matcher](RSpec::Mocks::ArgumentMatchers).
      #
      # @param doubled_class [String, Class]
      # @return [InstanceVerifyingDouble]
      def instance_double(doubled_class, *args)
        ref = ObjectReference.for(doubled_class)
        ExampleMethods.declare_verifying_double(InstanceVerifyingDouble, ref, *args)
      end
    end
  end
end
"""

# gnu-efi: /usr/include/efi/efirtlib.h: its guard, licence comment and includes, then its prototypes (blank lines
# and the #if block of platform includes left out), as the header writes them: the return type on its own line
_EFI_PROTOTYPES = [
    ("VOID", "RtZeroMem", ["IN VOID     *Buffer", "IN UINTN     Size"]),
    ("VOID", "RtSetMem", ["IN VOID     *Buffer", "IN UINTN    Size", "IN UINT8    Value"]),
    ("VOID", "RtCopyMem", ["IN VOID     *Dest", "IN CONST VOID     *Src", "IN UINTN    len"]),
    ("INTN", "RtCompareMem", ["IN CONST VOID     *Dest", "IN CONST VOID     *Src", "IN UINTN    len"]),
    ("INTN", "RtStrCmp", ["IN CONST CHAR16   *s1", "IN CONST CHAR16   *s2"]),
    ("VOID", "RtStrCpy", ["IN CHAR16   *Dest", "IN CONST CHAR16    *Src"]),
    ("CHAR16 *", "RtStpnCpy", ["IN CHAR16   *Dest", "IN CONST CHAR16    *Src", "IN UINTN     Len"]),
    ("VOID", "RtStrCat", ["IN CHAR16   *Dest", "IN CONST CHAR16   *Src"]),
    ("UINTN", "RtStrLen", ["IN CONST CHAR16   *s1"]),
    ("UINTN", "RtStrSize", ["IN CONST CHAR16   *s1"]),
    ("INTN", "RtCompareGuid", ["IN EFI_GUID     *Guid1", "IN EFI_GUID     *Guid2"]),
    ("UINT8", "RtDecimaltoBCD", ["IN  UINT8 BcdValue"]),
    ("UINT8", "RtBCDtoDecimal", ["IN  UINT8 BcdValue"]),
    ("VOID", "RtLibEnableVirtualMappings", ["VOID"]),
    ("VOID", "RtConvertList", ["IN UINTN            DebugDisposition", "IN OUT LIST_ENTRY   *ListHead"]),
]
EFIRTLIB_H = """#ifndef _EFI_RT_LIB_INCLUDE_
#define _EFI_RT_LIB_INCLUDE_
/*++
Copyright (c) 1998  Intel Corporation
Module Name:
    efilib.h
Abstract:
    EFI Runtime library functions
Revision History
--*/
#include "efidebug.h"
#include "efipart.h"
""" + "".join(
    f"{ret}\nRUNTIMEFUNCTION\n{name} (\n" + ",\n".join(f"    {arg}" for arg in args) + "\n    );\n"
    for ret, name, args in _EFI_PROTOTYPES
)


@pytest.mark.parametrize("content", [BOOTSTRAP_STARTER, BOOTSTRAP_STARTER.replace("\n", "\r\n")])
def test_html_under_a_front_matter(content: str) -> None:
    assert kind(content) == "html"


def test_front_matter_html_synopsis_reads_the_page_after_it() -> None:
    syn = toolstub.synopsize(BOOTSTRAP_STARTER)
    assert "# Get started with Bootstrap" in syn.structure
    assert "front_matter keys: layout, title, extra_css" in syn.structure
    assert "layout:" not in " ".join(syn.summary)  # the visible text is the page's, not the front matter's


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        # a front matter over Markdown prose: Markdown's (or text's), never html
        ("---\nlayout: post\ntitle: Hello\n---\n\nSome **bold** words and `code` here.\n\n## Next\n\nMore text.\n",
         "markdown"),
        # a front matter alone is YAML
        ("---\nlayout: post\ntitle: Hello\ntags:\n  - a\n  - b\n---\n", "yaml"),
        # a YAML stream of two documents
        ("---\nname: a\nvalue: 1\n---\nname: b\nvalue: 2\n", "yaml"),
        # a front matter over prose that opens with an inline tag, then prose lines: not mostly markup
        ("---\ntitle: x\n---\n<b>Note</b> this is a note\nthat runs over\nseveral lines of plain\nprose text here\n",
         "text"),
    ],
)
def test_front_matter_look_alikes_keep_their_kind(content: str, expected: str) -> None:
    assert kind(content) == expected


def test_front_matter_scan_is_linear_on_adversarial_input() -> None:
    # an unclosed front matter of 3,000 indented lines (each could be split two ways by a naive pattern)
    content = "---\na: 1\n" + "  x  y\r\n" * 3000 + "--"
    assert kind(content) in ("yaml", "text")


def test_markdown_readme_with_a_reference_link() -> None:
    assert kind(TYXML_README) == "markdown"


@pytest.mark.parametrize(
    "content",
    [
        # a plain text with one footnote URL
        "The tool reads the file and prints a report.\nSee the project page for more.\n\n[1]: https://example.org/tool\n",
        # an INI-ish file with a bracketed key holding a URL
        "[mirror]: http://deb.debian.org/debian\nsuite = bookworm\n",
    ],
)
def test_reference_like_lines_alone_stay_text(content: str) -> None:
    assert kind(content) == "text"


def test_ruby_with_yard_markdown_comments_is_code() -> None:
    syn = toolstub.synopsize(RSPEC_EXAMPLE_METHODS)
    assert (syn.kind, syn.title) == ("code", "Ruby code output")


def test_markdown_with_an_indented_shell_block_stays_markdown() -> None:
    content = (
        "# Install\n\nRun the [installer](https://example.org/install) with `sh`:\n\n"
        "    # fetch the sources\n    git clone https://example.org/x.git\n    # build them\n    make\n\n"
        "## Use\n\nSee [the manual](https://example.org/manual) and the **FAQ**.\n"
    )
    assert kind(content) == "markdown"


def test_efi_header_with_an_include_guard_is_c() -> None:
    syn = toolstub.synopsize(EFIRTLIB_H)
    assert (syn.kind, syn.title) == ("code", "C code output")


@pytest.mark.parametrize(
    "content",
    [
        # a guard-shaped pair of comment lines in a shell configuration file is no guard
        "# ifndef is not used here\n# define the paths below\nPATH=/usr/bin\nLANG=C\n",
        # prose naming the guard convention
        "Headers use guards named FOO_INCLUDE: #ifndef FOO_INCLUDE, then #define FOO_INCLUDE.\n",
    ],
)
def test_guard_look_alikes_stay_text(content: str) -> None:
    assert kind(content) == "text"


# libglib2.0-dev-bin: /usr/share/glib-2.0/codegen/config.py (its licence cut to two lines)
GLIB_CONFIG_PY = """# -*- Mode: Python -*-

# GDBus - GLib D-Bus Library
#
# Copyright (C) 2008-2011 Red Hat, Inc.
#
# Author: David Zeuthen <davidz@redhat.com>

VERSION = "2.74.6"
MAJOR_VERSION = 2
MINOR_VERSION = 74
"""


@pytest.mark.parametrize(
    ("content", "title"),
    [
        (GLIB_CONFIG_PY, "Python code output"),
        ("# -*- Mode: Tcl -*-\n# settings\nset x 1\n", "Tcl code output"),
        ("# -*- MODE: shell-script -*-\n# defaults\nFOO=1\n", "Shell code output"),
    ],
)
def test_emacs_mode_line_in_any_case_names_the_language(content: str, title: str) -> None:
    syn = toolstub.synopsize(content)
    assert (syn.kind, syn.title) == ("code", title)


def test_settings_without_a_mode_line_stay_text() -> None:
    assert kind(GLIB_CONFIG_PY.replace("# -*- Mode: Python -*-\n", "")) == "text"


# silentdune-server 0.6 (sdist): .../datatables-plugins/sorting/index.html, its shape: headings, paragraphs and a list
# of links between two <pre> examples of 17 lines each (the paragraphs cut)
_DT_EXAMPLE = """<pre class="brush: html">&lt;script type="text/javascript" src="jquery.dataTables.js"&gt;&lt;/script&gt;
&lt;script type="text/javascript" src="dataTables.numericComma.js"&gt;&lt;/script&gt;
&lt;script type="text/javascript"&gt;
\t$(document).ready(function() {
\t\t$('#example').dataTable( {
\t\t\t"aoColumns": [
\t\t\t\tnull,
\t\t\t\tnull,
\t\t\t\tnull,
\t\t\t\t{ "sType": "numeric-comma" },
\t\t\t\tnull,
\t\t\t\tnull
\t\t\t]
\t\t} );
\t} );
&lt;/script&gt;
</pre>
"""
DATATABLES_SORTING = """
<h2>Sorting plug-ins</h2>

<p>DataTables provides two APIs for sorting information in a table: <a href="/development/sorting#type_based">type \
based sorting</a> and <a href="/development/sorting#data_source">custom data source sorting</a>.</p>

<ul>
\t<li><a href="#how_to_type">How to use type based sorting plug-ins</a> - sorting based on the sType.</li>
\t<li><a href="#functions_type">Type based column sorting plug-ins</a></li>
\t<li><a href="#how_to_data_source">How to use custom data source sorting plug-ins</a></li>
\t<li><a href="#functions_data_source">Custom data source sorting plug-ins</a></li>
</ul>

<a name="how_to_type"></a>
<h3>How to use DataTables plug-in sorting functions functions (type based)</h3>

<p>To add the ability to sort specific data types, you simply need to include the plug-in's code.</p>
""" + _DT_EXAMPLE + """
<a name="how_to_data_source"></a>
<h3>How to use custom data source sorting plug-ins</h3>

<p>Custom data source sorting plug-ins complement type based sorting.</p>
""" + _DT_EXAMPLE


def test_page_between_long_pre_examples_is_html() -> None:
    assert kind(DATATABLES_SORTING) == "html"


# senaite.lims 2.6.0: src/senaite/lims/config.py (its licence cut to two lines)
SENAITE_CONFIG = """# -*- coding: utf-8 -*-
#
# This file is part of SENAITE.LIMS.
#
# Copyright 2018-2024 by it's authors.
# Some rights reserved, see README and LICENSE.

PROJECTNAME = "senaite.lims"
"""


def test_constant_under_a_coding_line_is_python() -> None:
    syn = toolstub.synopsize(SENAITE_CONFIG)
    assert (syn.kind, syn.title) == ("code", "Python code output")


@pytest.mark.parametrize(
    "content",
    [
        SENAITE_CONFIG.replace("# -*- coding: utf-8 -*-\n", ""),  # no coding line: one setting
        "# -*- coding: utf-8 -*-\nname = \"x\"\n",  # a lower-case setting
        "# -*- coding: utf-8 -*-\n[main]\nNAME = \"x\"\n",  # an INI section
        "# -*- coding: utf-8 -*-\nNAME = x\n",  # a bare word
    ],
)
def test_coding_line_look_alikes_stay_text(content: str) -> None:
    assert kind(content) == "text"


# senaite.lims 2.6.0: src/senaite/lims/upgrades/__init__.py (its licence cut to four lines)
SENAITE_UPGRADES_INIT = """# -*- coding: utf-8 -*-
#
# This file is part of SENAITE.LIMS.
#
# SENAITE.LIMS is free software: you can redistribute it and/or modify it under
# the terms of the GNU General Public License as published by the Free Software
# Foundation, version 2.
"""


def test_comment_only_module_under_a_coding_line_is_python() -> None:
    syn = toolstub.synopsize(SENAITE_UPGRADES_INIT)
    assert (syn.kind, syn.title) == ("code", "Python code output")


@pytest.mark.parametrize(
    ("content", "expected"),
    [
        (SENAITE_UPGRADES_INIT.replace("# -*- coding: utf-8 -*-\n", ""), "text"),  # comments only
        ("# -*- coding: utf-8 -*-\nname: demo\nsteps:\n  - build\n  - test\n", "yaml"),
    ],
)
def test_coding_line_over_other_content_keeps_its_kind(content: str, expected: str) -> None:
    assert kind(content) == expected


# mupy-hiro: mupy/server/static/assets/cameligo-cirCWOMO.js (monaco-editor 0.45.0), its first 700 characters
MONACO_CAMELIGO = (
    "/*!-----------------------------------------------------------------------------\n"
    " * Copyright (c) Microsoft Corporation. All rights reserved.\n"
    " * Version: 0.45.0(5e5af013f8d295555a7210df0d5f2cea0bf5dd56)\n"
    " * Released under the MIT license\n"
    " * https://github.com/microsoft/monaco-editor/blob/main/LICENSE.txt\n"
    " *-----------------------------------------------------------------------------*/"
    'var e={comments:{lineComment:"//",blockComment:["(*","*)"]},brackets:[["{","}"],["[","]"],["(",")"],["<",">"]],'
    'autoClosingPairs:[{open:"{",close:"}"},{open:"[",close:"]"},{open:"(",close:")"},{open:"<",close:">"},'
    """{open:"'",close:"'"}]},o={defaultToken:"",tokenPostfix:".cameligo",ignoreCase:!0,keywords:["abs","assert","""
    '"block","Bytes","case"]};export{e as conf,o as language};\n'
)

# odoo14-addon-project-stock-product-set: odoo/addons/project_stock_product_set/__manifest__.py (whole)
ODOO_MANIFEST = """# Copyright 2022 Tecnativa - Víctor Martínez
# License AGPL-3.0 or later (https://www.gnu.org/licenses/agpl).
{
    "name": "Project Stock Product Set",
    "version": "14.0.1.0.3",
    "category": "Project Management",
    "website": "https://github.com/OCA/project",
    "author": "Tecnativa, Odoo Community Association (OCA)",
    "license": "AGPL-3",
    "depends": ["project_stock", "sale_product_set"],
    "installable": True,
    "data": [
        "security/ir.model.access.csv",
        "wizard/product_set_add.xml",
        "views/project_task_view.xml",
    ],
    "maintainers": ["victoralmau"],
}
"""

# featureform-enterprise: featureform/constants.py (whole)
FEATUREFORM_CONSTANTS = """# For fetching sources as dataframes, the default limit is set to -1
# to denote that all records should be fetched.
NO_RECORD_LIMIT = -1

# 2 million records
TWO_MILLION_RECORD_LIMIT = 2_000_000
"""

# etabackend: static/css/fontawesome/css/fontawesome-all.css (Font Awesome Free 5.0.8): its licence, then icon rules
# as lines 190-200 write them (the names and code points of its first icons)
_ICONS = [("500px", "f26e"), ("accessible-icon", "f368"), ("accusoft", "f369"), ("address-book", "f2b9"),
          ("address-card", "f2bb"), ("adjust", "f042"), ("adn", "f170"), ("adversal", "f36a"),
          ("affiliatetheme", "f36b"), ("algolia", "f36c"), ("align-center", "f037"), ("align-justify", "f039")]
FONTAWESOME_CSS = """/*!
 * Font Awesome Free 5.0.8 by @fontawesome - https://fontawesome.com
 * License - https://fontawesome.com/license (Icons: CC BY 4.0, Fonts: SIL OFL 1.1, Code: MIT License)
 */
""" + "\n".join(f'.fa-{name}:before {{\n  content: "\\{code}"; }}\n' for name, code in _ICONS)

# metaseed: metaseed/ui/templates/spec_builder/partials/notes_panel.html, its markup and the first lines of its script
NOTES_PANEL = """<div class="notes-container">
    <div class="notes-toolbar">
        <button type="button" class="btn btn-sm notes-mode-btn active" onclick="setNotesMode('edit')">Edit</button>
        <button type="button" class="btn btn-sm notes-mode-btn" onclick="setNotesMode('preview')">Preview</button>
    </div>

    {% if saved %}
    <div class="form-success">Saved</div>
    {% endif %}

    <form hx-post="/spec-builder/notes"
          hx-target="#notes-panel-content"
          class="notes-form sidebar-notes-form"
          id="notes-edit-form">
        <textarea name="notes" id="notes-textarea" class="form-input notes-textarea"></textarea>
        <button type="submit" class="btn btn-primary">Save</button>
    </form>
    <div id="notes-preview" class="notes-preview hidden"></div>
</div>

<script>
function setNotesMode(mode) {
    const editForm = document.getElementById('notes-edit-form');
    const preview = document.getElementById('notes-preview');
    const buttons = document.querySelectorAll('.notes-mode-btn');

    buttons.forEach(btn => btn.classList.toggle('active', btn.dataset.mode === mode));

    if (mode === 'edit') {
        editForm.classList.remove('hidden');
        preview.classList.add('hidden');
    } else {
        editForm.classList.add('hidden');
        preview.classList.remove('hidden');
        const text = document.getElementById('notes-textarea').value;
        preview.innerHTML = renderMarkdown(text);
    }
}

function renderMarkdown(text) {
    return text
        .replace(/^### (.*)$/gm, '<h3>$1</h3>')
        .replace(/^## (.*)$/gm, '<h2>$1</h2>')
        .replace(/^# (.*)$/gm, '<h1>$1</h1>')
        .replace(/\\*\\*(.*?)\\*\\*/g, '<strong>$1</strong>')
        .replace(/\\n/g, '<br>');
}

document.addEventListener('DOMContentLoaded', () => {
    const textarea = document.getElementById('notes-textarea');
    if (textarea) {
        textarea.addEventListener('input', () => setNotesMode('edit'));
    }
});
</script>
"""


@pytest.mark.parametrize(
    ("content", "title"),
    [
        (MONACO_CAMELIGO, "JavaScript code output"),
        (ODOO_MANIFEST, "Python code output"),
        (FEATUREFORM_CONSTANTS, "Python code output"),
        (FONTAWESOME_CSS, "CSS code output"),
    ],
)
def test_pypi_pool_code_classes(content: str, title: str) -> None:
    syn = toolstub.synopsize(content)
    assert (syn.kind, syn.title) == ("code", title)


@pytest.mark.parametrize(
    "content",
    [
        # a JSON object under `#` comments: JSON's values, no Python's
        "# generated\n# do not edit\n{\n  \"name\": \"demo\",\n  \"enabled\": true,\n  \"parent\": null\n}\n",
        # settings with plain numbers (no underscores, no value only Python writes)
        "# limits\nMAX_ROWS = 100\nMAX_COLS = 20\n",
        # an nginx server block: blocks named by words
        "server {\n    listen 80;\n    server_name example.org;\n    location / {\n        root /srv/www;\n    }\n}\n",
    ],
)
def test_pypi_pool_look_alikes_stay_text(content: str) -> None:
    assert kind(content) == "text"


def test_template_partial_with_a_script_block_is_html() -> None:
    assert kind(NOTES_PANEL) == "html"


def test_script_wrapped_in_one_tag_is_still_code() -> None:
    # a <script> wrapper around a program, two markup lines: judged by all its lines
    program = "".join(f"function f{i}(x) {{\n  return x + {i};\n}}\n" for i in range(12))
    assert kind(program) == "code"
    assert kind("<script>\n" + program + "</script>\n") == "code"


# odoo-addon-account-invoice-currency-by-partner: odoo/addons/.../readme/CONTRIBUTORS.md (whole)
ODOO_CONTRIBUTORS = "- [Tecnativa](<https://www.tecnativa.com>):\n  - Eduardo Ezerouali\n"


@pytest.mark.parametrize(
    "content",
    [
        ODOO_CONTRIBUTORS,
        # odoo-addon-budget-plan-detail-purchase: readme/CONTRIBUTORS.md (whole)
        "- [Ecosoft](http://ecosoft.co.th):\n  - Pimolnat Suntian \\<<pimolnats@ecosoft.co.th>\\>\n"
        "  - Saran Lim. \\<<saranl@ecosoft.co.th>\\>\n",
    ],
)
def test_list_with_a_markdown_link_is_markdown(content: str) -> None:
    assert kind(content) == "markdown"


@pytest.mark.parametrize(
    "content",
    [
        "- Eduardo Ezerouali\n- Pimolnat Suntian\n- Saran Lim\n",  # names, no link
        "- see https://www.tecnativa.com\n- and http://ecosoft.co.th\n",  # bare URLs
    ],
)
def test_plain_lists_stay_text(content: str) -> None:
    assert kind(content) == "text"


# nvidia-cutlass-dsl-libs-base: .../cutlass/_mlir/dialects/_math_ops_gen.py, lines 1-12 and one operation class
_MLIR_OP = '''@_ods_cext.register_operation(_Dialect)
class {name}(_ods_ir.OpView):
  r\"\"\"
  The `{op}` operation computes the {what}. It takes one operand of
  floating point type (i.e., scalar, tensor or vector) and returns one result
  of the same type.

  Example:

  ```mlir
  // Scalar {what}.
  %a = math.{op} %b : f64
  ```
  \"\"\"

  OPERATION_NAME = "math.{op}"

  _ODS_REGIONS = (0, True)

  def __init__(self, operand: _ods_ir.Value, *, loc=None, ip=None):
    operands = []
    attributes = {{}}
    operands.append(operand)
    super().__init__(self.OPERATION_NAME, self._ODS_REGIONS, attributes=attributes, operands=operands, loc=loc, ip=ip)

  @builtins.property
  def operand(self) -> _ods_ir.Value:
    return self.operation.operands[0]

'''
MLIR_OPS_GEN = '''
# Autogenerated by mlir-tblgen; don't manually edit.

from ._ods_common import _cext as _ods_cext
from ._ods_common import (
    equally_sized_accessor as _ods_equally_sized_accessor,
    get_default_loc_context as _ods_get_default_loc_context,
)
_ods_ir = _ods_cext.ir

import builtins

@_ods_cext.register_dialect
class _Dialect(_ods_ir.Dialect):
  DIALECT_NAMESPACE = "math"

''' + "".join(_MLIR_OP.format(name=name, op=op, what=what) for name, op, what in [
    ("AbsFOp", "absf", "absolute value"), ("CeilOp", "ceil", "ceiling"), ("CosOp", "cos", "cosine"),
    ("ExpOp", "exp", "base-e exponential"), ("FloorOp", "floor", "floor"), ("SqrtOp", "sqrt", "square root"),
])


def test_generated_python_with_fenced_examples_in_docstrings_is_code() -> None:
    syn = toolstub.synopsize(MLIR_OPS_GEN)
    assert (syn.kind, syn.title) == ("code", "Python code output")


@pytest.mark.parametrize(
    "content",
    [
        # a guide quoting a function with its docstring in a fence
        "# Writing docstrings\n\nPut a docstring under each [function](https://peps.python.org/pep-0257/):\n\n"
        "```python\ndef f(x):\n    \"\"\"Return x.\n\n    More text.\n    \"\"\"\n    return x\n```\n\n"
        "## Style\n\nUse the **imperative** mood, and see `pydocstyle`.\n",
        # a code span holding a triple quote, then fenced examples
        "# Strings\n\nA `\"\"\"` opens a long string.\n\n```python\ns = 1\n```\n\n## More\n\nSee the "
        "[docs](https://docs.python.org/3/) and the **FAQ**.\n\n```python\nt = 2\n```\n",
    ],
)
def test_markdown_quoting_docstrings_stays_markdown(content: str) -> None:
    assert kind(content) == "markdown"


# iflow-mcp-am0y-mcp-fal: l1_test.log, its first records (the Chinese messages kept, the exception group cut)
_RECORDS = ["开始执行 MCP 服务器测试", "=" * 50, "开始远程MCP测试", "=" * 50, "跳过初始等待时间，直接开始测试...",
            "开始解析服务器配置", "提取服务器配置: fal-mcp", "服务器配置解析完成", "开始运行MCP服务器测试"]
MCP_TEST_LOG = "".join(f"2026-02-08 06:16:13,963 - __main__ - INFO - {m}\n" for m in _RECORDS) + """\
Installed 86 packages in 250ms
Traceback (most recent call last):
  File "/root/.cache/uv/archive-v0/rRq9x-L77HnRpdvJTg2OA/bin/mcp-fal", line 6, in <module>
    from main import main
ModuleNotFoundError: No module named 'main'
2026-02-08 06:16:15,522 - __main__ - ERROR - MCP连接测试失败: unhandled errors in a TaskGroup (1 sub-exception)
""" + "".join(f"""\
  + Exception Group Traceback (most recent call last):
  |   File "/app/auto-mcp-upload/scripts/remote_l1.py", line {190 + i}, in mcp_connection_test
  |     result = await asyncio.wait_for(run_test(), timeout=timeout)
  |              ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  |   File "/usr/local/lib/python3.11/asyncio/tasks.py", line 489, in wait_for
  |     return fut.result()
  |            ^^^^^^^^^^^^
  |   File "/app/auto-mcp-upload/scripts/remote_l1.py", line 168, in run_test
  |     async with stdio_client(server_params) as (read, write):
  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)
  +-+---------------- 1 ----------------
    | McpError: Connection closed
    +------------------------------------
    描述: List available models on fal.ai.

    Args:
        page: The page number of models to retrieve (pagination)
        total: The total number of models to retrieve per page
2026-02-08 06:16:15,52{i} - __main__ - INFO - 重试 {i}
""" for i in range(4))

# dovecot-gssapi: /usr/share/doc/dovecot-gssapi/changelog.gz, as its git log wrote it (entries cut to their first lines)
_ENTRIES = [("2022-06-13 13:28:22 +0300", "Aki Tuomi <aki.tuomi@open-xchange.com> (9b53102964)", "NEWS: Add news for 2.3.19.1"),
            ("2022-06-13 09:56:13 +0300", "Timo Sirainen <timo.sirainen@open-xchange.com> (a04e1b9abf)",
             "doveadm deduplicate: Allocate memory properly for keys in hash table"),
            ("2022-06-10 18:03:31 +0300", "Aki Tuomi <aki.tuomi@open-xchange.com> (d1e3f7a5c2)", "configure: Update version"),
            ("2022-06-09 12:10:00 +0300", "Timo Sirainen <timo.sirainen@open-xchange.com> (6b8e09d1f4)",
             "lib-index: Fix handling of corrupted log files"),
            ("2022-06-08 08:44:12 +0300", "Aki Tuomi <aki.tuomi@open-xchange.com> (0c9a8e2b71)", "NEWS: Update"),
            ("2022-06-07 16:20:55 +0300", "Timo Sirainen <timo.sirainen@open-xchange.com> (5f2e7d3a90)",
             "imap: Fix crash when client disconnects early")]
GIT_CHANGELOG = "".join(f"{when} {who}\n\n    {what}\n\n\nM\tNEWS\n\n" for when, who, what in _ENTRIES)


def test_log_of_multi_line_records_is_a_log() -> None:
    assert kind(MCP_TEST_LOG) == "log"


def test_changelog_from_git_log_stays_text() -> None:
    assert kind(GIT_CHANGELOG) == "text"


# odoo12-addon-ir-sequence-standard-default: odoo/addons/ir_sequence_standard_default/models/__init__.py (whole)
ODOO_MODELS_INIT = """# 2019  Vauxoo (<http://www.vauxoo.com/>)
# License AGPL-3.0 or later (http://www.gnu.org/licenses/agpl).

from . import res_config_settings
"""

# shipit-agent: shipit_agent/tools/google_sheets/prompt.py, its first 12 lines and its end
SHIPIT_PROMPT = """from __future__ import annotations

GOOGLE_SHEETS_PROMPT = \"\"\"

## google_sheets
Read and write Google Sheets cells, ranges, formulas, and sheet structure via the
Sheets v4 REST API (sheets.googleapis.com). Writes are gated behind
`allow_writes=True` on the tool; by default the tool refuses destructive calls.

**When to use:**
- The user mentions a Google Sheet, a spreadsheet, or an A1 range like `Sheet1!A1:D10`
- Pulling tabular data into an analysis or a report
\"\"\".strip()
"""


@pytest.mark.parametrize("content", [ODOO_MODELS_INIT, SHIPIT_PROMPT])
def test_relative_or_future_import_first_is_python(content: str) -> None:
    syn = toolstub.synopsize(content)
    assert (syn.kind, syn.title) == ("code", "Python code output")


def test_prose_about_imports_stays_text() -> None:
    # a title first: the import is the prose's subject, not a first statement
    assert kind("Import rules\n\nfrom . import lines are relative imports in Python;\nthis guide explains them.\n") == "text"


def test_single_file_component_stays_code() -> None:
    sfc = (
        "<template>\n  <div class=\"counter\">\n    <button @click=\"inc\">{{ count }}</button>\n  </div>\n</template>\n\n"
        "<script>\nexport default {\n  data() {\n    return { count: 0 };\n  },\n  methods: {\n    inc() {\n"
        "      this.count += 1;\n    },\n  },\n};\n</script>\n\n<style scoped>\n.counter {\n  padding: 1em;\n}\n</style>\n"
    )
    assert kind(sfc) == "code"
