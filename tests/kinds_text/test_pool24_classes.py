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
"""

from __future__ import annotations

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
