"""Issue 10 (pool probes, first looks at Debian pool 24 and PyPI pool 10, half ``a``): classes of real files that
`default` read as another kind, each with look-alikes that must keep theirs.

- golang-github-dennwc-btrfs-dev's generated ``btrfs_tree_hc.go`` (``package btrfs``, then ``type objectID uint64``
  lines and a ``const (`` block of ``name objectID = 1`` rows) read as configuration text, where compat is right: a
  package clause over a type declaration of a Go type or a ``const (``/``var (`` block marks Go. A manifest with a
  ``[package]`` section stays text.
- ruby-diva's ``diva/datasource.rb`` (a ``=begin rdoc`` comment, closed by ``=end``, over a module) read as text,
  where compat is right: the comment ran to a ``=cut`` that never came, so the module was left out of the sample.
  Ruby's ``=begin`` comment closes at ``=end``; a Perl POD ``=begin``/``=end``/``=cut`` section over code stays Perl.
- mm-common's doxygen tag file ``doctags/libstdc++.tag`` (declared XML, past the corpus's 4 MB read limit, so cut
  short) read as C++: a declared document well-formed up to its end, its root not closed, is XML cut short. A
  declared document with a mismatched tag is still no XML.
- w3c-markup-validator's pages (``html/index.html``: server-side include comments ``<!--#set var="x" value="y"``
  closed on the next line by ``--><!--#set ...``, then markup) read as text: a comment's close followed by another
  comment on the same line was taken for the page's first line. A text note under one comment stays text.
- libnode-dev's ``src/node_root_certs.h`` (``#if defined(NODE_WANT_INTERNALS) && NODE_WANT_INTERNALS`` over
  certificates as string literals) read as text: a first statement that is a preprocessor conditional marks C (3,445
  of the pools' files open so, all code). A configuration file whose first comment reads ``#if you want ...`` stays
  text.
- fasttext's ``api.md``/``dataset.md`` (a Docusaurus front matter, ``id:`` and ``title:``, over one inline link to a
  URL) read as text: one inline link to a URL under a front matter is Markdown. A front matter over plain prose stays
  text.
- logcheck's ``README.Maintainer`` (a title over ``----``, paragraphs, a list of paths, and a last line
  ``# vim:tw=70``) read as Markdown, where compat is right: an editor's mode line after a ``#`` is a comment, no
  heading. A Markdown document with a ``# Vim tips`` heading stays Markdown.
- (older pools' half a) ruby-dalli's ``lib/dalli/server.rb`` (``# frozen_string_literal: true`` over a module of one
  constant) and ruby-devise's ``sessions_controller.rb`` template read as text: the magic comment among the first
  comments marks Ruby (288 of the pools' files open so, all Ruby). RuboCop's YAML setting of that cop stays YAML.
- (older pools' half a) vis's ``themes/light-16.lua`` and luakit's ``theme.lua`` (``local lexers = vis.lexers`` or
  ``local theme = {}`` over ``name.key = 'value'`` lines) read as configuration text: a first statement that is a
  ``local`` declaration with its blanks and a Lua value marks Lua (82 of the pools' files open so, all Lua). A
  listing whose first line is ``local time = 14:02 UTC`` stays text.
- (older pools' half a) pcb-rnd-doc's ``rosetta/13_hello_dad/ex.tcl`` (one ``proc hello {} {`` of ``dad`` calls) read
  as text: a ``proc name {args} {`` line marks Tcl (88 of the pools' files hold one, all code but an HTML page). A
  Markdown page quoting one in a fence stays Markdown.
- (Debian pool 25, first look at 000a33c) llvm-13-examples' ``CMakeLists.txt`` files (``set(LLVM_LINK_COMPONENTS``
  over one component a line, then ``add_llvm_example(ModuleMaker`` over its sources, each call closed by ``)`` alone)
  read as text: a lower-case command whose arguments go on over lines is CMake's, and so are its bare argument lines.
  A Python call whose arguments go on over lines (commas) stays Python.
- (Debian pool 25) python3-flufl.bounce's test bounces (``tests/data/groupwise_02.txt``: an mbox ``From `` line over
  mail headers, folded ``Received:`` lines) read as a Makefile: a mail message's header block is text. A Makefile
  whose targets are capitalised stays code.
- (Debian pool 25) libsndfile's ``markdown/embedded_files.md`` (a front matter, a heading, a list, and
  ``**multi_file_test.c**`` in the ``**tests/**`` directory) read as text: strong emphasis may hold ``_`` and end in
  ``/``. ``__init__`` in a changelog is still no emphasis.
- (PyPI pool 11, first look at 000a33c) graph-image-archive's ``format.py`` (``SOA = b"SOA"`` lines) read as
  configuration text: a bytes literal is Python's. ``key = "value"`` lines stay text.
- (Debian pool 26, first look at 481660e) yabar's manual page (``man -l yabar.1.gz``: a header ``Yabar()`` with no
  section, then ``NAME``; its configuration examples are blocks of ``name: {``) read as CSS: a manual page's header
  may have an empty section (the page is kept whole in ``samples/yabar.1.txt``). A C file whose first line is ``int main()`` stays code.
- (Debian pool 26) python3-setools' ``checker/globalkeys.py`` (string constants, then ``GLOBAL_CONFIG_KEYS =
  frozenset((CHECK_TYPE_KEY, CHECK_DESC_KEY, CHECK_DISABLE))``) read as configuration text: a builtin collection
  built from literals and names assigned above is a module of constants' value, and only Python writes it. A
  configuration calling an unknown function stays text.
- (PyPI pool 12, first look at 481660e) auths' ``crates/auths-sdk/src/core_config.rs`` (``//!`` docs over one
  ``pub use auths_core::config::{...};``) read as text: a re-export ``pub use path::...`` marks Rust. A Markdown
  README quoting one in a fence stays Markdown.
- (Debian pool 27, first look at 0115782) beast2-mcmc's ``fxtemplates/*.xml`` (a ``<beast>`` document whose
  attributes and CDATA write ``$(n)``) read as a Makefile, where compat is right: markup that expat parses whole is
  an XML document, no program (no file of the pools labelled code opens with markup and parses whole; 10 labelled XML
  were read as code). The template is kept whole in ``samples/beast2_ClockModels.xml``. A PHP page opening with
  ``<?php`` stays code.
- (Debian pool 27) golang-github-smallstep-cli-dev's ``command/certificate/lint.go`` (``package certificate`` over
  ``import (``, its usage texts Markdown pages in raw strings) read as Markdown, where compat is right: a package
  clause over imports, first after comments, is a program's. A Markdown page that starts with a package's name
  stays Markdown.
- (Debian pool 27) ruby-jekyll-paginate-v2's example posts (a front matter with Jekyll's ``layout:`` over prose) read
  as text: a Jekyll page's body is Markdown. R Markdown's front matter (``output:``) over chunks stays text.
"""

from __future__ import annotations

from pathlib import Path

import toolstub


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


# golang-github-dennwc-btrfs-dev: usr/share/gocode/src/github.com/dennwc/btrfs/btrfs_tree_hc.go, its first 40 lines
BTRFS_TREE_HC_GO = """package btrfs

// This code was auto-generated; DO NOT EDIT!

type treeKeyType uint32

type objectID uint64

type fileType int

type fileExtentType int

type devReplaceItemState int

type blockGroup uint64

// This header contains the structure definitions and constants used
// by file system objects that can be retrieved using
// the BTRFS_IOC_SEARCH_TREE ioctl. That means basically anything that
// is needed to describe a leaf node's key or item contents.

const (
	// Holds pointers to all of the tree roots
	rootTreeObjectid objectID = 1

	// Stores information about which extents are in use, and reference counts
	extentTreeObjectid objectID = 2

	// Chunk tree stores translations from logical -> physical block numbering
	// the super block points to the chunk tree
	chunkTreeObjectid objectID = 3

	// Stores information about which areas of a given device are in use.
	// one per device. The tree of tree roots points to the device tree
	devTreeObjectid objectID = 4

	// One per subvolume, storing files and directories
	fsTreeObjectid objectID = 5

	// Directory objectid inside the root tree
"""

CARGO_MANIFEST = """[package]
name = "btrfs"
version = "0.1.0"
edition = "2021"

[dependencies]
libc = "0.2"
"""


def test_a_go_package_clause_over_type_declarations_or_a_const_block_is_go() -> None:
    synopsis = toolstub.synopsize(BTRFS_TREE_HC_GO)
    assert synopsis.kind == "code"
    assert synopsis.title == "Go code output"
    assert kind(BTRFS_TREE_HC_GO.replace("type treeKeyType uint32", "var (\n\tx = 1\n)", 1)) == "code"


def test_a_manifest_with_a_package_section_stays_text() -> None:
    assert kind(CARGO_MANIFEST) == "text"


# ruby-diva: usr/lib/ruby/vendor_ruby/diva/datasource.rb (whole)
DIVA_DATASOURCE_RB = """# -*- coding: utf-8 -*-

=begin rdoc
データの保存／復元を実際に担当するデータソース。
データソースをモデルにModel::add_data_retrieverにて幾つでも参加させることが出来る。
=end
module Diva::DataSource
  USE_ALL = -1                  # findbyidの引数。全てのDataSourceから探索する
  USE_LOCAL_ONLY = -2           # findbyidの引数。ローカルにあるデータのみを使う

  attr_accessor :keys

  # idをもつデータを返す。
  # もし返せない場合は、nilを返す
  def findbyid(id, policy)
    nil
  end

  # 取得できたらそのDivaのインスタンスをキーにして実行されるDeferredを返す
  def idof(id)
    Thread.new { findbyid(id) }
  end
  alias [] idof

  # データの保存
  # データ一件保存する。保存に成功したか否かを返す。
  def store_datum(datum)
    false
  end

  def inspect
    self.class.to_s
  end
end
"""

PERL_POD_BEGIN_END = """package My::Tool;
use strict;
use warnings;

=begin comment

This block is for the maintainers only.

=end comment

=cut

sub new {
    my ($class, %args) = @_;
    my $self = bless { %args }, $class;
    return $self;
}

sub run {
    my ($self) = @_;
    print "running\n";
    return 1;
}

1;
"""


def test_a_ruby_begin_comment_closes_at_end() -> None:
    synopsis = toolstub.synopsize(DIVA_DATASOURCE_RB)
    assert synopsis.kind == "code"
    assert synopsis.title == "Ruby code output"


def test_a_perl_pod_begin_end_section_over_code_stays_perl() -> None:
    # libfinance-quote-perl's TreasuryDirect.pm closes its `=begin comment` with `=cut` alone
    for variant in (PERL_POD_BEGIN_END, PERL_POD_BEGIN_END.replace("=end comment\n\n", "", 1)):
        synopsis = toolstub.synopsize(variant)
        assert synopsis.kind == "code"
        assert synopsis.title == "Perl code output"


# mm-common: usr/share/mm-common/doctags/libstdc++.tag, its first 700 characters (the file is over 4 MB)
LIBSTDCXX_TAG_HEAD = """<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>
<tagfile doxygen_version="1.9.1">
  <compound kind="file">
    <name>algo.h</name>
    <filename>a00926.html</filename>
    <includes id="a17618" name="parallel/algorithmfwd.h" local="no" imported="no">parallel/algorithmfwd.h</includes>
    <includes id="a00632" name="stl_algobase.h" local="no" imported="no">bits/stl_algobase.h</includes>
    <includes id="a00629" name="stl_algo.h" local="no" imported="no">bits/stl_algo.h</includes>
    <includes id="a00965" name="iterator.h" local="no" imported="no">parallel/iterator.h</includes>
    <includes id="a00935" name="base.h" local="no" imported="no">parallel/base.h</includes>
    <includes """


def test_a_declared_xml_document_cut_short_is_xml() -> None:
    synopsis = toolstub.synopsize(LIBSTDCXX_TAG_HEAD)
    assert synopsis.kind == "xml"
    assert "root: tagfile" in synopsis.structure
    assert "compound: 1" in synopsis.structure
    assert any("before its root element closes" in line for line in synopsis.summary)


def test_a_declared_xml_document_with_a_mismatched_tag_is_no_xml() -> None:
    broken = LIBSTDCXX_TAG_HEAD.replace("</name>", "</nome>", 1)
    assert kind(broken) != "xml"
    assert toolstub.synopsize(LIBSTDCXX_TAG_HEAD, rules="openviking-compat").kind != "xml"  # compat: unchanged


# w3c-markup-validator: usr/share/w3c-markup-validator/html/index.html, its first 22 lines
W3C_VALIDATOR_INDEX = """<!--#set var="title" value="The W3C Markup Validation Service"
--><!--#set var="relroot" value="./"
--><!--#set var="feeds" value="1"
--><!--#set var="includeJS" value="1"
--><!--#include virtual="header.html" -->

<div id="frontforms">
	<ul id="tabset_tabs">
		<li><a href="#validate-by-uri"><span>Validate by</span> URI</a></li>
		<li><a href="#validate-by-upload"><span>Validate by</span> File Upload</a></li>
		<li><a href="#validate-by-input"><span>Validate by</span> Direct Input</a></li>
	</ul>
<div id="fields">

<fieldset id="validate-by-uri" class="tabset_content front"><legend class="tabset_label">Validate by URI</legend>
  <form method="get" action="check">
    <p class="instructions">
	Validate a document online:     
   </p>
   <p>
	<label title="Address of page to Validate" for="uri">Address:</label>
        <input type="text" name="uri" id="uri" size="45" />
"""

COMMENTED_NOTE = """<!-- generated by the release script -->
Release notes for version 2.4

This release fixes the crash on start-up that some users saw with an
empty configuration directory, and speeds up the import of large files.
"""


def test_comments_closed_and_opened_on_one_line_are_passed_over() -> None:
    assert kind(W3C_VALIDATOR_INDEX) == "html"


def test_a_note_under_one_comment_stays_text() -> None:
    assert kind(COMMENTED_NOTE) == "text"


# libnode-dev: usr/include/nodejs/src/node_root_certs.h, its first 24 lines
NODE_ROOT_CERTS_H = r"""#if defined(NODE_WANT_INTERNALS) && NODE_WANT_INTERNALS

/* GlobalSign Root CA */
"-----BEGIN CERTIFICATE-----\n"
"MIIDdTCCAl2gAwIBAgILBAAAAAABFUtaw5QwDQYJKoZIhvcNAQEFBQAwVzELMAkGA1UEBhMC\n"
"QkUxGTAXBgNVBAoTEEdsb2JhbFNpZ24gbnYtc2ExEDAOBgNVBAsTB1Jvb3QgQ0ExGzAZBgNV\n"
"BAMTEkdsb2JhbFNpZ24gUm9vdCBDQTAeFw05ODA5MDExMjAwMDBaFw0yODAxMjgxMjAwMDBa\n"
"MFcxCzAJBgNVBAYTAkJFMRkwFwYDVQQKExBHbG9iYWxTaWduIG52LXNhMRAwDgYDVQQLEwdS\n"
"b290IENBMRswGQYDVQQDExJHbG9iYWxTaWduIFJvb3QgQ0EwggEiMA0GCSqGSIb3DQEBAQUA\n"
"A4IBDwAwggEKAoIBAQDaDuaZjc6j40+Kfvvxi4Mla+pIH/EqsLmVEQS98GPR4mdmzxzdzxtI\n"
"K+6NiY6arymAZavpxy0Sy6scTHAHoT0KMM0VjU/43dSMUBUc71DuxC73/OlS8pF94G3VNTCO\n"
"XkNz8kHp1Wrjsok6Vjk4bwY8iGlbKk3Fp1S4bInMm/k8yuX9ifUSPJJ4ltbcdG6TRGHRjcdG\n"
"snUOhugZitVtbNV4FpWi6cgKOOvyJBNPc1STE4U6G7weNLWLBYy5d4ux2x8gkasJU26Qzns3\n"
"dLlwR5EiUWMWea6xrkEmCMgZK9FGqkjWZCrXgzT/LCrBbBlDSgeF59N89iFo7+ryUp9/k5DP\n"
"AgMBAAGjQjBAMA4GA1UdDwEB/wQEAwIBBjAPBgNVHRMBAf8EBTADAQH/MB0GA1UdDgQWBBRg\n"
"e2YaRQ2XyolQL30EzTSo//z9SzANBgkqhkiG9w0BAQUFAAOCAQEA1nPnfE920I2/7LqivjTF\n"
"KDK1fPxsnCwrvQmeU79rXqoRSLblCKOzyj1hTdNGCbM+w6DjY1Ub8rrvrTnhQ7k4o+YviiY7\n"
"76BQVvnGCv04zcQLcFGUl5gE38NflNUVyRRBnMRddWQVDf9VMOyGj/8N7yy5Y0b2qvzfvGn9\n"
"LhJIZJrglfCm7ymPAbEVtQwdpf5pLGkkeB6zpxxxYu7KyJesF12KwvhHhm4qxFYxldBniYUr\n"
"+WymXUadDKqC5JlR3XC321Y9YeRq4VzW9v493kHMB65jUr9TU/Qr6cf9tveCX4XSQRjbgbME\n"
"HMUfpIBvFSDJ3gyICh3WZlXi/EjJKSZp4A==\n"
"-----END CERTIFICATE-----",

/* Entrust.net Premium 2048 Secure Server CA */
"""

IF_YOU_WANT_CONFIG = """#if you want coloured output, set colour to 1
colour = 0
# the directory the reports are written to
reports = /var/lib/reports
#ifdef-style lines are not read here
keep = 30
"""


def test_a_first_statement_that_is_a_preprocessor_conditional_marks_c() -> None:
    synopsis = toolstub.synopsize(NODE_ROOT_CERTS_H)
    assert synopsis.kind == "code"
    assert synopsis.title == "C code output"
    assert kind("#ifdef __cplusplus\n" + NODE_ROOT_CERTS_H.split("\n", 1)[1]) == "code"


def test_a_comment_opening_with_if_stays_text() -> None:
    assert kind(IF_YOU_WANT_CONFIG) == "text"


# fasttext: usr/share/doc/fasttext/dataset.md (whole)
FASTTEXT_DATASET_MD = """---
id: dataset
title: Datasets
---

[Download YFCC100M Dataset](https://fb-public.box.com/s/htfdbrvycvroebv9ecaezaztocbcnsdn)
"""

FRONT_MATTER_PROSE = """---
title: Meeting notes
date: 2024-03-01
---

We agreed to move the release to next week and to ask the translators
for the missing strings before then.
"""


def test_a_front_matter_over_an_inline_link_is_markdown() -> None:
    synopsis = toolstub.synopsize(FASTTEXT_DATASET_MD)
    assert synopsis.kind == "markdown"
    assert any("id, title" in line for line in synopsis.structure)


def test_a_front_matter_over_prose_stays_text() -> None:
    assert kind(FRONT_MATTER_PROSE) != "markdown"


# logcheck: usr/share/doc/logcheck/README.Maintainer, its first 21 lines and its last 7
LOGCHECK_README_MAINTAINER = """Debian Maintainer Information for logcheck
------------------------------------------

Packages are encouraged to install their own logcheck rulefiles,
because as the package maintainer you will always know best which
messages can be ignored and which are serious violations.

For this to work correctly, you can install in the following
directories files named the same as the package itself, since the
name of the file that generated cracking and violations messages
will be included in the mail message and therefore should give a
hint from which package those messages are caused. The possible
files that a package can include are

 - /etc/logcheck/cracking.d/<packagename>
 - /etc/logcheck/violations.d/<packagename>
 - /etc/logcheck/violations.ignore.d/<packagename>
 - /etc/logcheck/ignore.d.paranoid/<packagename>
 - /etc/logcheck/ignore.d.server/<packagename>
 - /etc/logcheck/ignore.d.workstation/<packagename>


If you are planning on adding rules for your package, please check to
see if we have included them first.  If we already have rules and you
would like to maintain your own, please let us know before you upload
so we can avoid filename conflicts.

# vim:tw=70
"""

VIM_TIPS_MD = """# Vim tips

Some settings that make editing Markdown easier.

## Wrapping

- `set tw=80` wraps lines at 80 columns
- `set spell` checks the spelling

See [the Vim docs](https://vimhelp.org/) for more.
"""


def test_a_vim_mode_line_after_a_hash_is_no_heading() -> None:
    assert kind(LOGCHECK_README_MAINTAINER) == "text"


def test_a_markdown_heading_about_vim_stays_a_heading() -> None:
    assert kind(VIM_TIPS_MD) == "markdown"


# ruby-dalli: usr/share/rubygems-integration/all/gems/dalli-3.0.6/lib/dalli/server.rb (whole)
DALLI_SERVER_RB = """# frozen_string_literal: true

module Dalli # rubocop:disable Style/Documentation
  warn 'Dalli::Server is deprecated, use Dalli::Protocol::Binary instead'
  Server = Protocol::Binary
end
"""

RUBOCOP_YML = """# frozen string literals everywhere
Style/FrozenStringLiteralComment:
  Enabled: true
  EnforcedStyle: always
AllCops:
  TargetRubyVersion: 3.1
"""


def test_rubys_frozen_string_literal_comment_marks_ruby() -> None:
    synopsis = toolstub.synopsize(DALLI_SERVER_RB)
    assert synopsis.kind == "code"
    assert synopsis.title == "Ruby code output"


def test_rubocops_setting_of_that_cop_stays_yaml() -> None:
    assert kind(RUBOCOP_YML) == "yaml"


# vis: usr/share/vis/themes/light-16.lua, its first 12 lines
VIS_LIGHT_16_LUA = """-- Eight-color scheme
local lexers = vis.lexers
-- light
lexers.STYLE_DEFAULT = 'back:white,fore:black'
lexers.STYLE_NOTHING = 'back:white'
lexers.STYLE_CLASS = 'fore:yellow,bold'
lexers.STYLE_COMMENT = 'fore:blue,bold'
lexers.STYLE_CONSTANT = 'fore:cyan,bold'
lexers.STYLE_DEFINITION = 'fore:blue,bold'
lexers.STYLE_ERROR = 'fore:red,italics'
lexers.STYLE_FUNCTION = 'fore:blue,bold'
lexers.STYLE_KEYWORD = 'fore:yellow,bold'
"""

CLOCK_LISTING = """local time = 14:02 UTC
remote time = 14:05 UTC
offset = 3 min
source = ntp1
"""


def test_a_first_local_declaration_marks_lua() -> None:
    synopsis = toolstub.synopsize(VIS_LIGHT_16_LUA)
    assert synopsis.kind == "code"
    assert synopsis.title == "Lua code output"
    assert kind("local theme = {}\n\n" + VIS_LIGHT_16_LUA.split("\n", 3)[3].replace("lexers.", "theme.")) == "code"


def test_a_listing_opening_with_local_time_stays_text() -> None:
    assert kind(CLOCK_LISTING) == "text"


# pcb-rnd-doc: usr/share/doc/pcb-rnd/user/06_feature/scripting/rosetta/13_hello_dad/ex.tcl (whole)
PCB_RND_HELLO_DAD_TCL = """proc hello {} {
	dad "heldi" "new"
	dad "heldi" "begin_vbox"
		dad "heldi" "label" "Hello"
		dad "heldi" "label" "world!"
		dad "heldi" "button_closes" "cancel" -1 "ok" 0
	dad "heldi" "end"
	dad "heldi" "run_modal" "hello-world" ""
	return 0
}

fgw_func_reg "hello"
"""

TCL_PAGE_MD = """# Writing a first script

A proc is defined like this:

```tcl
proc hello {name} {
    puts "Hello, $name"
}
```

Then call it with `hello world`. See the [manual](https://www.tcl.tk/man/) for more.
"""


def test_a_tcl_proc_line_marks_tcl() -> None:
    synopsis = toolstub.synopsize(PCB_RND_HELLO_DAD_TCL)
    assert synopsis.kind == "code"
    assert synopsis.title == "Tcl code output"


def test_a_markdown_page_quoting_a_proc_stays_markdown() -> None:
    assert kind(TCL_PAGE_MD) == "markdown"


# llvm-13-examples: usr/share/doc/llvm-13-examples/examples/ModuleMaker/CMakeLists.txt (whole)
LLVM_MODULEMAKER_CMAKELISTS = """set(LLVM_LINK_COMPONENTS
  BitWriter
  Core
  Support
  )

add_llvm_example(ModuleMaker
  ModuleMaker.cpp
  )
"""

PYTHON_CALL_OVER_LINES = """setup(
    name="demo",
    version="1.0",
    packages=["demo"],
)
"""


def test_cmake_commands_whose_arguments_go_on_over_lines_are_cmake() -> None:
    synopsis = toolstub.synopsize(LLVM_MODULEMAKER_CMAKELISTS)
    assert synopsis.kind == "code"
    assert synopsis.title == "CMake code output"


def test_a_python_call_over_lines_stays_python() -> None:
    synopsis = toolstub.synopsize(PYTHON_CALL_OVER_LINES)
    assert synopsis.title != "CMake code output"


# python3-flufl.bounce: usr/lib/python3/dist-packages/flufl/bounce/tests/data/groupwise_02.txt, its first 27 lines
GROUPWISE_BOUNCE = """From MAILER-DAEMON Thu Jul 11 15:53:40 2002
Envelope-to: mailman-developers-bounces@python.org
Received: from [200.61.188.243] (helo=m3srv02)
	by mail.python.org with esmtp (Exim 4.05)
	id 17Sk0S-0004e9-00
	for mailman-developers-bounces@python.org; Thu, 11 Jul 2002 15:53:40 -0400
Received: from thedc02.thebas.com ([10.1.1.3]) by m3srv02 with Microsoft
	SMTPSVC(5.0.2195.4905);
	 Thu, 11 Jul 2002 17:00:06 -0300
Received: by thedc02.thebas.com with Internet Mail Service (5.5.2653.19)
	id <NZ5X2T9R>; Thu, 11 Jul 2002 16:55:03 -0300
Message-ID: <1E774123429CC84995E7DA78FED5F49D408FEF@thedc02.thebas.com>
From: System Administrator <postmaster@thebas.com>
To: mailman-developers-bounces@python.org
Subject: Undeliverable: [Mailman-Developers] RELEASED Mailman 2.0.12
Date: Thu, 11 Jul 2002 16:55:03 -0300
MIME-Version: 1.0
X-Mailer: Internet Mail Service (5.5.2653.19)
X-MS-Embedded-Report: 
Content-Type: multipart/mixed;
	boundary="----_=_NextPart_000_01C22914.D8CBF488"
X-OriginalArrivalTime: 11 Jul 2002 20:00:06.0562 (UTC)
	FILETIME=[8D8C2820:01C22915]

This message is in MIME format. Since your mail reader does not understand
this format, some or all of this message may not be legible.

"""

CAPITALISED_MAKEFILE = """Release: main.c
\tgcc -O2 -o app main.c
\tstrip app

Debug: main.c
\tgcc -g -o app main.c
\t@echo done
"""


def test_a_mail_messages_headers_are_text() -> None:
    assert kind(GROUPWISE_BOUNCE) == "text"
    assert kind(GROUPWISE_BOUNCE.split("\n", 1)[1]) == "text"  # without the mbox From line


def test_a_makefile_with_capitalised_targets_stays_code() -> None:
    assert kind(CAPITALISED_MAKEFILE) == "code"


# libsndfile1-dev: usr/share/doc/libsndfile1-dev/markdown/embedded_files.md (whole)
EMBEDDED_FILES_MD = (
    "---\nlayout: page\n---\n\n# Embedded Sound Files\n\nBy using the open SNDFILE with a file descriptor function:\n\n"
    "    SNDFILE*  sf_open_fd (int fd, int mode, SF_INFO *sfinfo, int close_desc) ;\n\n"
    "it is possible to open sound files embedded within larger files. There are\nhowever a couple of caveats:\n\n"
    "* Read/Write mode (SFM_RDWR) is not supported.\n* Writing of embedded files is only supported at the end of the file.\n"
    "* Reading of embedded files is only supported at file offsets greater than zero.\n"
    "* Not all file formats are supported (currently only WAV, AIFF and AU).\n\n"
    "The test program **multi_file_test.c** in the **tests/** directory of the source\n"
    "code tarball shows how this functionality is used to read and write embedded\nfiles.\n"
)

DUNDER_CHANGELOG = """Changes
=======

* Fixed __init__ of the reader class.
* The __version__ attribute is set again.
* Moved __main__ handling into cli.py.
"""


def test_strong_emphasis_may_hold_underscores_and_a_slash() -> None:
    assert kind(EMBEDDED_FILES_MD) == "markdown"


def test_dunder_names_in_a_changelog_stay_no_emphasis() -> None:
    assert kind(DUNDER_CHANGELOG) == "text"


# graph-image-archive: format.py (whole)
GRAPH_IMAGE_ARCHIVE_FORMAT_PY = """# format.py

SOA = b"SOA"
EOA = b"EOA"

SOCONT = b"SOCONT"
EOCONT = b"EOCONT"

SOF = b"SOF"
EOF = b"EOF"

SOC = b"SOC"
EOC = b"EOC"
"""


def test_bytes_literals_make_a_python_module_of_constants() -> None:
    synopsis = toolstub.synopsize(GRAPH_IMAGE_ARCHIVE_FORMAT_PY)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"
    assert kind(GRAPH_IMAGE_ARCHIVE_FORMAT_PY.replace(' = b"', ' = "')) == "text"


# yabar: man -l usr/share/man/man1/yabar.1.gz (whole)
YABAR_MAN = (Path(__file__).parent / "samples" / "yabar.1.txt").read_text(encoding="utf-8")

C_MAIN = """int main()

{
    RETURN_VALUE = 0;
    printf("hello\\n");
    return RETURN_VALUE;
}
"""


def test_a_manual_page_header_with_an_empty_section_is_a_manual_page() -> None:
    assert kind(YABAR_MAN) == "text"


def test_a_c_file_opening_with_main_stays_code() -> None:
    assert kind(C_MAIN) == "code"


# python3-setools: usr/lib/python3/dist-packages/setools/checker/globalkeys.py (whole)
SETOOLS_GLOBALKEYS_PY = """# Copyright 2020, Microsoft Corporation
#
# SPDX-License-Identifier: LGPL-2.1-only
#

# This is a separate file to break a circular import.
CHECK_TYPE_KEY = "check_type"
CHECK_DESC_KEY = "desc"
CHECK_DISABLE = "disable"

GLOBAL_CONFIG_KEYS = frozenset((CHECK_TYPE_KEY, CHECK_DESC_KEY, CHECK_DISABLE))
"""


def test_a_builtin_collection_of_constants_is_pythons() -> None:
    synopsis = toolstub.synopsize(SETOOLS_GLOBALKEYS_PY)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"
    assert kind(SETOOLS_GLOBALKEYS_PY.replace("frozenset((", "lookup((")) == "text"


# auths (PyPI): auths-0.1.16/crates/auths-sdk/src/core_config.rs (whole)
AUTHS_CORE_CONFIG_RS = """//! Re-exports of configuration types from `auths-core`.

pub use auths_core::config::{
    AuthsConfig, EnvironmentConfig, PassphraseCachePolicy, load_config, save_config,
};
"""

RUST_README_MD = """# auths-sdk

The SDK re-exports the configuration types of `auths-core`:

```rust
pub use auths_core::config::{AuthsConfig, load_config};
```

See the [documentation](https://docs.rs/auths-sdk) for the full API.
"""


def test_a_rust_re_export_marks_rust() -> None:
    synopsis = toolstub.synopsize(AUTHS_CORE_CONFIG_RS)
    assert synopsis.kind == "code"
    assert synopsis.title == "Rust code output"


def test_a_readme_quoting_a_re_export_stays_markdown() -> None:
    assert kind(RUST_README_MD) == "markdown"


# beast2-mcmc: usr/share/beast2-mcmc/fxtemplates/ClockModels.xml (whole)
BEAST2_CLOCK_MODELS_XML = (Path(__file__).parent / "samples" / "beast2_ClockModels.xml").read_text(encoding="utf-8")

PHP_PAGE = """<?php
$title = "Clock models";
$models = array("strict", "relaxed");
foreach ($models as $model) {
    echo "<li>$model</li>";
}
?>
"""


def test_markup_that_parses_whole_as_xml_is_no_program() -> None:
    synopsis = toolstub.synopsize(BEAST2_CLOCK_MODELS_XML)
    assert synopsis.kind == "xml"
    assert "root: beast" in synopsis.structure


def test_a_php_page_stays_code() -> None:
    assert kind(PHP_PAGE) == "code"


# golang-github-smallstep-cli-dev: usr/share/gocode/src/github.com/smallstep/cli/command/certificate/lint.go, its first 80 lines
SMALLSTEP_LINT_GO = r"""package certificate

import (
	"encoding/json"
	"encoding/pem"
	"io/ioutil"
	"os"

	"github.com/pkg/errors"
	"github.com/smallstep/cli/errs"
	"github.com/smallstep/cli/flags"
	zx509 "github.com/smallstep/zcrypto/x509"
	"github.com/smallstep/zlint"
	"github.com/urfave/cli"
)

func lintCommand() cli.Command {
	return cli.Command{
		Name:   "lint",
		Action: cli.ActionFunc(lintAction),
		Usage:  `lint certificate details`,
		UsageText: `**step certificate lint** <crt_file> [**--roots**=<root-bundle>]
[**--servername**=<servername>]`,
		Description: `**step certificate lint** checks a certificate for common
errors and outputs the result in JSON format.

## POSITIONAL ARGUMENTS

<crt_file>
:  Path to a certificate or certificate signing request (CSR) to lint.

## EXIT CODES

This command returns 0 on success and \>0 if any error occurs.

## EXAMPLES

'''
$ step certificate lint ./certificate.crt
'''

Lint a remote certificate (using the default root certificate bundle to verify the server):

'''
$ step certificate lint https://smallstep.com
'''

Lint a remote certificate using a custom root certificate to verify the server:

'''
$ step certificate lint https://smallstep.com --roots ./certificate.crt
'''

Lint a remote certificate using a custom list of root certificates to verify the server:

'''
$ step certificate lint https://smallstep.com \
--roots "./certificate.crt,./certificate2.crt,/certificate3.crt"
'''

Lint a remote certificate using a custom directory of root certificates to verify the server:

'''
$ step certificate lint https://smallstep.com --roots "./path/to/certificates/"
'''
`,
		Flags: []cli.Flag{
			cli.StringFlag{
				Name: "roots",
				Usage: `Root certificate(s) that will be used to verify the
authenticity of the remote server.

: <roots> is a case-sensitive string and may be one of:

    **file**
	:  Relative or full path to a file. All certificates in the file will be used for path validation.

    **list of files**
	:  Comma-separated list of relative or full file paths. Every PEM encoded certificate from each file will be used for path validation.

"""

PACKAGE_PAGE_MD = """package-lock

# Why we commit package-lock.json

The lock file pins every dependency, so a build on another machine gets the
same versions. See the [npm docs](https://docs.npmjs.com/) for **details**.

## Updating

Run `npm update` and commit the new lock file.
"""


def test_a_go_package_clause_over_imports_is_no_markdown() -> None:
    synopsis = toolstub.synopsize(SMALLSTEP_LINT_GO)
    assert synopsis.kind == "code"
    assert synopsis.title == "Go code output"


def test_a_markdown_page_starting_with_a_packages_name_stays_markdown() -> None:
    assert kind(PACKAGE_PAGE_MD) == "markdown"


# ruby-jekyll-paginate-v2: usr/share/doc/ruby-jekyll-paginate-v2/examples/02-category/cars/_posts/2016-10-21-porsche-911.md (whole)
JEKYLL_POST_MD = """---
layout: post
title:  Porsche 911
date:   2016-10-21 19:16:49 +0100
categories: cars, grand touring, sports car, Porsche
---
_From Wikipedia, the free encyclopedia_

The Porsche 911 (pronounced Nine Eleven or German: Neunelf) is a two-door, 2+2 high performance sports car made since 1963 by Porsche AG of Stuttgart, Germany. It has a rear-mounted six cylinder boxer engine and all round independent suspension. It has undergone continuous development, though the basic concept has remained little changed.[2] The engines were air-cooled until the introduction of the Type 996 in 1998, with Porsche's "993" series, produced in model years 1994-1998, being the last of the air-cooled Porsches.[3][4]

The 911 has been modified by private teams and by the factory itself for racing, rallying, and other forms of automotive competition. It is among the most successful competition cars. In the mid-1970s, naturally aspirated 911 Carrera RSRs won major world championship sports car races such as Targa Florio, Daytona, Sebring, and Nürburgring, even against prototypes. The 911-derived 935 turbo also won the 24 Hours of Le Mans in 1979.

In the 1999 international poll for the award of Car of the Century, the 911 came fifth.[5] It is one of two in the top five that had remained continuously in production (the original Beetle remained in production until 2003),[6] and was until 1998 a successful surviving application of the air- (now water-) cooled opposed rear-engine layout pioneered by its ancestor, the Volkswagen Beetle. It is one of the oldest sports coupé nameplates still in production, and 820,000 had been sold by the car's 50th anniversary in 2013.[7] "Around 150,000 911 cars from the model years 1964 to 1989 are still on the road today."[8]"""

R_MARKDOWN_README = """---
output: github_document
knit: (function(inputFile, encoding) {
  rmarkdown::render(inputFile, encoding = encoding, output_dir = "../../") })
---

```{r, include = FALSE}
knitr::opts_chunk$set(
  collapse = TRUE,
  comment = "#>"
)
```

```{r, child="../../vignettes/BiocBaseUtils.Rmd"}

```
"""


def test_a_jekyll_page_is_markdown() -> None:
    assert kind(JEKYLL_POST_MD) == "markdown"


def test_an_r_markdown_front_matter_over_chunks_stays_text() -> None:
    assert kind(R_MARKDOWN_README) == "text"


def test_crlf_comment_lines_are_read_in_linear_time() -> None:
    # semver's lexer.rs (CRLF, `//!` docs): the first form of the package-clause veto let `//[^\n]*` take each line's
    # `\r`, so every line could match two ways and 40 such lines took hours to refuse; read at once now
    lexer = "//! Lexer for semver ranges.\r\n//!\r\n" * 40 + "use std::str;\r\n\r\npub fn lex(input: &str) -> usize {\r\n    input.len()\r\n}\r\n"
    assert kind(lexer) == "code"
    assert kind("// c\r\n" * 40 + "package main\r\n\r\nimport \"fmt\"\r\n\r\nfunc main() {\r\n\tfmt.Println(1)\r\n}\r\n") == "code"
