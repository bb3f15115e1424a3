"""Issue 10 (pool probe: docs/probes/probe_pool.py, pools 10, 11 and 12, half ``a``; pools 1-8's half ``a`` re-read):
classes of real files from Debian packages that `default` read as another kind, each with look-alikes that must keep
theirs. The excerpts are short and quoted from the packages named.

- The W3C's 2000 XMLSchema.xsd (libxml-compile-perl, ``XML/Compile/xsd/2000-XMLSchema.xsd``) binds ``xmlns:x`` to
  the XML namespace, which the namespace rules reserve: expat refused it and the schema fell to text. A reserved
  prefix or namespace name bound is tolerated as an unbound prefix is (read without namespace processing).
- Maven-archetype-style Java templates (python3-schema-salad's ``java/main_utils/Saveable.java``):
  ``package ${package}.utils;`` then ``public interface Saveable {``. The placeholder broke Java's package
  signature and the two lines read as configuration. A placeholder may stand in a package name, and a Java or
  C# type declared with a modifier is a program's line.
- A CSV whose first field is quoted and holds a time (xlsx2csv's ``examples/test/timeformat.csv``) read as a log:
  the time matched the log's timestamp. A record opening with a quoted field then a comma is no log line.
- Cargo's normalized ``Cargo.toml`` (librust-aliasable-dev): ``include = ["src/**/*", ...]`` matched Makefile's
  ``include FILE`` signature and the manifest read as a Makefile. ``include =`` is a key.
- An INI file with ``;`` comments (liblemonldap-ng-common-perl's ``/etc/lemonldap-ng/lemonldap-ng.ini``):
  ``localStorage=Cache::FileCache`` matched Julia's ``x::Type`` annotation (8 such lines: Julia code), and once
  that was fixed, the ``;`` comment lines read as a semicolon table with an empty first column. A Julia annotation
  is on a lower-case name or a call (``x::Int``, ``f(x)::Int``); a row opening with an empty cell is a comment.
- A Ruby module of mixins and autoloads (ruby-actionview 6.1's ``action_view/helpers.rb``): ``autoload :X`` and
  ``include X`` lines were no Ruby signature and read as ``directive args`` settings. They are Ruby's, and
  ``def name`` without parentheses or ``module Name`` is a program's line.
- A Perl module's README written by pod2text (libmessage-passing-filter-regexp-perl): ``NAME``, the indented
  ``Module - what it does``, then ``SYNOPSIS`` quoting Perl: read as Perl. It is a manual, text.
- A CPAN ``Changes`` file (libnet-domain-tld-perl's ``changelog.gz``: ``Revision history for Net::Domain::TLD``)
  quoting the hash rows it changed: read as Perl. Its first line is Module::Starter's, a text document's (so
  libparams-callbackrequest-perl's, with a Markdown link in an entry, stays text too).
- Left: a Python fixture module that is one list literal (python3-softlayer's ``fixtures/*.py``: ``getAllObjects
  = [``) was code only because CSS took its ``{`` lines for selector blocks; it is text now. ``name = [`` as a
  Python signature was measured and dropped: a Cargo.toml's multi-line arrays (``keywords = [``) open the same way.
- A plain-text spec describing a C struct (qemu-system-data's ``specs/pci-testdev.txt``): eight C lines among
  twenty-five made the sample dense in C. A sample with as many sentences as the language's lines is a document.
- A ``#`` comment block over comma-separated rows whose last comment is a sentence with a comma (tlf's
  ``cwops.txt``: ``# last updated november 4, 2019``) read as a CSV under a comment header. A header's cells are
  names of three words at most.
- JSON with trailing commas in a ``.yml`` (schema-salad's ``metaschema/ident_res_proc.yml``): its ``{`` lines
  matched CSS's selector-block line, and CSS (dense) beat the JSON claim. A selector line has a selector.
- Markdown without a heading: an ``AUTHORS.md`` (gnome-shell-extension-appindicator) of ``* Name <mail>`` items
  under a line with a Markdown link. A list of five items or more under prose with a link to a URL is Markdown
  (a manual's ``[xx](+yy)`` is none); code
  spans are not enough (a plain-text changelog of ``* item`` lines quotes identifiers in them: elpa-yaml-mode's,
  so chocolate-doom's ``TODO.md`` of nested lists quoting ``code`` stays text).
- Code that read as configuration or text (pools 1-8, half a, re-read): Go's ``doc.go`` (gin: a comment, then
  ``package gin // import "..."``), a Perl module of data opening with its package (BioPerl's BlastPlus
  ``Config.pm``, kephra's ``syntaxhighlighter::fortran``), a Tcl message table (gpsman's ``langid.tcl``:
  ``set DLUNIT(KM,dist) km`` rows and ``array set MESS {``), small CMake files (``file (GLOB ...)``,
  ``get_filename_component``, a ``-*- mode: cmake -*-`` line). A comment-led ``package name`` alone (or with its
  import comment) marks Go, a ``::`` package or ``package Name;`` then ``use`` marks Perl, Emacs and Vim mode
  lines mark CMake, and ``array set`` and CMake's own commands are a program's lines.
- Pool 12 (ranks 6661-7260), half a: ``;``-separated ``CODE;;Name`` rows (ruby-i18n-data's ``countries-XX.txt``,
  15 files, all labelled text and text for compat) read as a semicolon table: an inner column empty in every row,
  its name too, is the format's separator; a gettext catalogue (ikiwiki's ``markdown.fr.po``) of Markdown strings
  read as Markdown: its header entry is a text document's; luakit's ``markdown.lua`` opens with its manual in a
  Lua long comment (``--[[`` ... ``]]``), blanked now as C's block comments were; an Objective-C header
  (sogo's ``NGCards/iCalAlarm.h``: ``#import``, ``@interface``, ``- (void) f: (T *) x;``) had no language:
  Objective-C is one; an R ``NEWS.md`` of ``# pkg version`` headings over ``*`` items (r-cran-zeligverse) had
  no inline markup: two ATX headings with a list item under each are Markdown.
- Pool 13 (ranks 7261-7860), half a: a crontab under ``#`` comments whose last one has a comma (pcp-gui's
  ``pmsnap/crontab``) read as a CSV under a comment header: such a table needs two rows; an ``AUTHORS`` file of
  ``(c) YEAR, Name`` lines (apertium-eo-es) read as CSV: a copyright line is no row; r-cran-rgeos's ``NEWS.md``
  (one of its headings reads as a comment) stayed text: a fifth of the headings may be comment-like.
- Pool 14 (ranks 7861-8460), half a: FASTQ quality lines that open with four backticks (python3-cogent3's
  ``tests/data/fastq.txt``) read as Markdown fences: a backtick fence's info string has no backtick; a Sphinx
  ``conf.py`` whose dict maps names to reStructuredText roles (``"iterator": ":term:`python:iterator`",``:
  sphinx-astropy's ``conf/v1.py``) read as a document: a line that is a dict entry of two strings, or a name
  assigned a string, is the program's string; latexmk's ``/etc/emacs/site-start.d/50latexmk.el`` (comments and one
  ``(add-to-list ...)``) read as text: a first line naming the ``.el`` file marks Emacs Lisp. Label fix: ``.template`` is a template suffix (kytos-utils'
  ``main.py.template`` is Python).
- wxglade's ``widgets/widgets.txt``: ``[Windows]:W`` section lines read as Markdown reference definitions. A
  reference's target is a URL, a path or an anchor.
"""

from __future__ import annotations

import pytest

import toolstub


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


# libxml-compile-perl: XML/Compile/xsd/2000-XMLSchema.xsd (W3C), lines 1-12 and a reserved-namespace binding
XSD_2000 = """<?xml version='1.0' encoding='UTF-8'?>
<!-- XML Schema schema for XML Schemas: Part 1: Structures -->
<!DOCTYPE schema PUBLIC "-//W3C//DTD XMLSCHEMA 200010//EN" "XMLSchema.dtd" [
<!ATTLIST element xmlns:x CDATA #IMPLIED>
<!ATTLIST schema          id  ID  #IMPLIED>
<!ATTLIST complexType     id  ID  #IMPLIED>
]>
<schema xmlns="http://www.w3.org/2000/10/XMLSchema" targetNamespace="http://www.w3.org/2000/10/XMLSchema"
        version="Id: XMLSchema.xsd,v 1.48 2000/10/24 13:51:24 ht Exp ">
 <element name="documentation" xmlns:x="http://www.w3.org/XML/1998/namespace" id="documentation">
   <annotation>
     <documentation xml:lang="en" source="http://www.w3.org/TR/xmlschema-1/#element-documentation"/>
   </annotation>
 </element>
</schema>
"""


def test_xml_binding_a_reserved_namespace_is_xml() -> None:
    assert kind(XSD_2000) == "xml"


def test_xml_that_is_not_well_formed_stays_text() -> None:
    assert kind(XSD_2000.replace("</schema>", "</schemas>")) != "xml"


# python3-schema-salad: schema_salad/java/main_utils/Saveable.java and java/test_utils/ExamplesTest.java
SAVEABLE_JAVA = """package ${package}.utils;

public interface Saveable {
  // TODO: implement writable interface
  // public abstract void save(boolean top, String baseUrl, boolean relativeUris);
}
"""
EXAMPLES_TEST_JAVA = """package ${package}.utils;

public class ExamplesTest {
${example_tests}
}
"""


@pytest.mark.parametrize("content", [SAVEABLE_JAVA, EXAMPLES_TEST_JAVA], ids=["interface", "class"])
def test_java_template_with_a_placeholder_package_is_code(content: str) -> None:
    syn = toolstub.synopsize(content)
    assert (syn.kind, syn.title) == ("code", "Java code output")


def test_a_placeholder_config_block_stays_text() -> None:
    # an nginx-style template block with placeholders: settings, no program
    conf = "server {\n    listen ${port};\n    server_name ${host};\n    root ${root};\n}\n"
    assert kind(conf) == "text"


# xlsx2csv: examples/test/timeformat.csv
TIMEFORMAT_CSV = '''"03""-""08""-""2017"" ""14:35:00",14:40
"03""-""08""-""2017"" ""00:00:00",11:30
"03""-""08""-""2017"" ""15:40:00",00:01
'''


def test_csv_with_a_quoted_time_first_field_is_csv() -> None:
    assert kind(TIMEFORMAT_CSV) == "csv"


def test_a_log_with_quoted_messages_stays_a_log() -> None:
    log = ('2024-05-01 10:00:01 INFO "GET /a" 200\n2024-05-01 10:00:02 ERROR "GET /b", 500\n'
           '2024-05-01 10:00:03 INFO "GET /c" 200\n')
    assert kind(log) == "log"


# librust-aliasable-dev: aliasable-0.1.3/Cargo.toml (normalized by cargo)
CARGO_TOML = """# THIS FILE IS AUTOMATICALLY GENERATED BY CARGO
#
# When uploading crates to the registry Cargo will automatically
# "normalize" Cargo.toml files for maximal compatibility

[package]
edition = "2018"
name = "aliasable"
version = "0.1.3"
authors = ["avitex <avitex@wfxlabs.com>"]
include = ["src/**/*", "README.md", "CHANGELOG.md", "LICENSE", "Cargo.toml"]
description = "Basic aliasable (non unique pointer) types"
homepage = "https://github.com/avitex/rust-aliasable"
readme = "README.md"
categories = ["no-std", "data-structures"]
license = "MIT"
[package.metadata.docs.rs]
all-features = true
rustdoc-args = ["--cfg", "docsrs"]

[dependencies.stable_deref_trait]
version = "1.2"
optional = true

[features]
alloc = []
default = ["alloc"]
"""


def test_cargo_manifest_with_an_include_key_is_text() -> None:
    assert kind(CARGO_TOML) == "text"


def test_makefile_include_stays_a_makefile() -> None:
    mk = "include config.mk\n\nCFLAGS += -O2\n\nall: prog\n\nprog: main.o util.o\n\t$(CC) -o $@ $^\n"
    assert toolstub.synopsize(mk).title == "Makefile code output"


# liblemonldap-ng-common-perl: /etc/lemonldap-ng/lemonldap-ng.ini (lines 1-20 and 159-185)
LEMONLDAP_INI = r""";==============================================================================
; LemonLDAP::NG local configuration parameters
;
; This file is dedicated to configuration parameters override
; You can set here configuration parameters that will be used only by
; local LemonLDAP::NG elements
;
; Section "all" is always read first before "portal", "handler"
; and "manager"
;
; Section "configuration" is used to load global configuration and set cache
; (replace old storage.conf file)
;
; Other section are only read by the specific LemonLDAP::NG component
;==============================================================================

[all]

; CUSTOM FUNCTION
; If you want to create customFunctions in rules, declare them here:
type=File
dirName = /var/lib/lemonldap-ng/conf
; Optimize for readability instead of performance
prettyPrint = 1

; LOCAL CACHE CONFIGURATION
;
; To increase performances, use a local cache for the configuration. You have
; to choose a Cache::Cache module and set its parameters. Example:
;
;           localStorage = Cache::FileCache
;           localStorageOptions={                             \
;               'namespace'          => 'lemonldap-ng-config',\
;               'default_expires_in' => 600,                  \
;               'directory_umask'    => '007',                \
;               'cache_root'         => '/var/lib/lemonldap-ng/cache',       \
;               'cache_depth'        => 3,                    \
;           }
localStorage=Cache::FileCache
localStorageOptions={                             \
    'namespace'          => 'lemonldap-ng-config',\
    'default_expires_in' => 600,                  \
    'directory_umask'    => '007',                \
    'cache_root'         => '/var/lib/lemonldap-ng/cache',       \
    'cache_depth'        => 3,                    \
}

"""


def test_ini_naming_perl_packages_is_text() -> None:
    assert kind(LEMONLDAP_INI) == "text"


def test_julia_type_annotations_stay_julia() -> None:
    jl = ("module Shapes\n\nexport area\n\nstruct Circle\n    r::Float64\nend\n\nfunction area(c::Circle)::Float64\n"
          "    return pi * c.r^2\nend\n\nconst unit::Circle = Circle(1.0)\n\nend\n")
    assert toolstub.synopsize(jl).title == "Julia code output"


def test_semicolon_table_stays_csv() -> None:
    table = "name;city;amount\nAda;London;1.250,00\nBob;Paris;99,50\nCy;Rome;10,00\nDee;Oslo;7,25\n"
    assert kind(table) == "csv"


# ruby-actionview 6.1.7.10: lib/action_view/helpers.rb (excerpt)
ACTIONVIEW_HELPERS_RB = """# frozen_string_literal: true

require "active_support/benchmarkable"

module ActionView #:nodoc:
  module Helpers #:nodoc:
    extend ActiveSupport::Autoload

    autoload :ActiveModelHelper
    autoload :AssetTagHelper
    autoload :AssetUrlHelper
    autoload :AtomFeedHelper
    autoload :CacheHelper
    autoload :CaptureHelper
    autoload :JavaScriptHelper, "action_view/helpers/javascript_helper"
    autoload :NumberHelper
    autoload :Tags

    def self.eager_load!
      super
      Tags.eager_load!
    end

    extend ActiveSupport::Concern

    include ActiveSupport::Benchmarkable
    include ActiveModelHelper
    include AssetTagHelper
    include AssetUrlHelper
    include AtomFeedHelper
    include CacheHelper
    include CaptureHelper
    include JavaScriptHelper
    include NumberHelper
  end
end
"""


def test_ruby_module_of_autoloads_and_mixins_is_ruby() -> None:
    syn = toolstub.synopsize(ACTIONVIEW_HELPERS_RB)
    assert (syn.kind, syn.title) == ("code", "Ruby code output")


def test_a_settings_file_of_words_stays_text() -> None:
    conf = "include Defaults\nserver alpha\nport 8080\nuser nobody\ngroup nogroup\ntimeout 30\n"
    assert kind(conf) == "text"


# libmessage-passing-filter-regexp-perl: README (pod2text), excerpt
POD2TEXT_README = """NAME
    Message::Passing::Filter::Regexp - Regexp Capture Filter For
    Message::Passing

SYNOPSIS
        # message-passing-cli
        use Message::Passing::DSL;
        run_message_server message_chain {
            input file => (
                class => 'FileTail',
                output_to => 'decoder',
            );
            decoder decoder => (
                class => 'JSON',
                output_to => 'logstash',
            );
            filter regexp => (
                class => 'Regexp',
                format => ':nginxaccesslog',
                capture => [qw( ts status remotehost url oh responsetime upstreamtime bytes )]
                output_to => 'encoder',
            );
            output stdout => (
                class => 'STDOUT',
            );
        };

DESCRIPTION
    This filter passes all incoming messages through with regexp captures.

AUTHOR
    chenryn, <rao.chenlin@gmail.com>
"""


def test_pod2text_readme_is_text() -> None:
    assert kind(POD2TEXT_README) == "text"


def test_perl_module_with_pod_stays_perl() -> None:
    pm = ("package Foo::Bar;\nuse strict;\nuse warnings;\n\nsub new {\n    my ($class, %args) = @_;\n"
          "    return bless {%args}, $class;\n}\n\n1;\n__END__\n\n=head1 NAME\n\nFoo::Bar - a bar\n\n=cut\n")
    assert toolstub.synopsize(pm).title == "Perl code output"


# libnet-domain-tld-perl: changelog.gz (the module's Changes), excerpt
TLD_CHANGES = """Revision history for Net::Domain::TLD

1.05  Tue Jan 23 12:00:00 2001
\t- original version
1.69  Sun Jan 17 18:00:00 2011
\t- addition of .xxx
1.70  Tue Sep 10 00:38:00 2013
        - parsed new TLD list from https://www.iana.org/domains/root/db
        - added the following missing TLD entries:

        'bq' => q{Not assigned},
        'cw' => q{University of the Netherlands Antilles},
        'post' => q{Universal Postal Union},
        'ss' => q{Not assigned},
        'sx' => q{SX Registry SA B.V.},
        'xn--0zwm56d' => q{Internet Assigned Numbers Authority},
        'xn--11b5bs3a9aj6g' => q{Internet Assigned Numbers Authority},
        'xn--3e0b707e' => q{KISA (Korea Internet &amp; Security Agency)},
        'xn--45brj9c' => q{National Internet Exchange of India},
        'xn--54b7fta0cc' => q{Not assigned},
"""


def test_cpan_changes_file_is_text() -> None:
    assert kind(TLD_CHANGES) == "text"


# qemu-system-data: specs/pci-testdev.txt (excerpt)
PCI_TESTDEV_TXT = """pci-test is a device used for testing low level IO

device implements up to three BARs: BAR0, BAR1 and BAR2.
Each of BAR 0+1 can be memory or IO. Guests must detect
BAR types and act accordingly.

BAR 0+1 size is up to 4K bytes each.
BAR 0+1 starts with the following header:

typedef struct PCITestDevHdr {
    uint8_t test;  <- write-only, starts a given test number
    uint8_t width_type; <- read-only, type and width of access for a given test.
                           1,2,4 for byte,word or long write.
                           any other value if test not supported on this BAR
    uint8_t pad0[2];
    uint32_t offset; <- read-only, offset in this BAR for a given test
    uint32_t data;    <- read-only, data to use for a given test
    uint32_t count;  <- for debugging. number of writes detected.
    uint8_t name[]; <- for debugging. 0-terminated ASCII string.
} PCITestDevHdr;

All registers are little endian.

device is expected to always implement tests 0 to N on each BAR, and to add new
tests with higher numbers.  In this way a guest can scan test numbers until it
detects an access type that it does not support on this BAR, then stop.

BAR2 is a 64bit memory bar, without backing storage.  It is disabled
by default and can be enabled using the membar=<size> property.  This
can be used to test whether guests handle pci bars of a specific
(possibly quite large) size correctly.
"""


def test_prose_quoting_a_c_struct_is_text() -> None:
    assert kind(PCI_TESTDEV_TXT) == "text"


def test_c_header_of_declarations_stays_c() -> None:
    header = ("#ifndef PCI_H\n#define PCI_H\n\n#include <stdint.h>\n\ntypedef struct Hdr {\n    uint8_t test;\n"
              "    uint8_t width;\n    uint32_t offset;\n    uint32_t data;\n} Hdr;\n\nint pci_init(Hdr *h);\n"
              "void pci_reset(Hdr *h);\n\n#endif\n")
    assert toolstub.synopsize(header).title == "C code output"


# tlf: /usr/share/tlf/cwops.txt (first lines)
CWOPS_TXT = """# cwops member list up to number 2384
# last updated november 4, 2019
2E0OBO,Bob 2381
3W9T,Trung 1707
4K0CW,Axel 1678
4X4NJ,Riki 275
4X4PP,Pepe 1442
4X6GP,Vic 5
4X6KF,Falafel 659
4Z1UF,Ilya 636
4Z4DX,Dov 175
6Y2T,Yuri 21
6Y5WJ,Josh 186
7J1ABD,Dan 1176
"""


def test_rows_under_a_comment_sentence_are_no_commented_table() -> None:
    assert kind(CWOPS_TXT) == "text"


def test_lscpu_style_comment_header_stays_csv() -> None:
    lscpu = ("# The following is the parsable format, which can be fed to other\n# programs.\n"
             "# CPU,Core,Socket,Node\n0,0,0,0\n1,1,0,0\n2,2,0,0\n3,3,0,0\n")
    assert kind(lscpu) == "csv"


# python3-schema-salad: metaschema/ident_res_proc.yml (JSON with trailing commas)
IDENT_RES_PROC = """{
  "id": "http://example.com/base",
  "form": {
    "id": "http://example.com/base#one",
    "things": [
      {
        "id": "http://example.com/base#one/two"
      },
      {
        "id": "http://example.com/base#three"
      },
      {
        "id": "http://example.com/four#five",
      },
      {
        "id": "http://example.com/acid#six",
      },
      {
        "subscopeField": {
          "id": "http://example.com/base#one/thisIsASubscope/seven"
        }
      }
    ],
  }
}
"""


def test_json_with_brace_lines_is_not_css() -> None:
    assert kind(IDENT_RES_PROC) != "code"


@pytest.mark.parametrize("css", [
    ".a {\n  color: red;\n}\n:root {\n  --x: 1;\n}\n::selection {\n  color: blue;\n}\n[type=x] {\n  margin: 0;\n}\n",
    "body {\n  padding: 0;\n}\na:hover {\n  color: red;\n}\n#main > p {\n  margin: 0 auto;\n}\n",
], ids=["pseudo-and-attribute", "elements"])
def test_css_selector_blocks_stay_css(css: str) -> None:
    assert toolstub.synopsize(css).title == "CSS code output"


# gnome-shell-extension-appindicator: AUTHORS.md (excerpt)
AUTHORS_MD = """This extension is based on
[patches made by Giovanni Campagna](https://bugzilla.gnome.org/show_bug.cgi?id=652122).

Authors ordered by first contribution:

* Jonas Kümmerlin <rgcjonas@gmail.com>
* Damián Nohales <damiannohales@gmail.com>
* Dincer Kavraal <dkavraal@gmail.com>
* Thomas Schaberreiter <thomassc@ee.oulu.fi>
* Hugo Josefson <hugo@josefson.org>
* Anthony Ruhier <anthony.ruhier@gmail.com>

<!--
created with:
git log --reverse --pretty="%an <%ae>%n%cn <%ce>" | awk '!seen[$0]++'
-->
"""
def test_headingless_markdown_list_under_a_link_is_markdown() -> None:
    assert kind(AUTHORS_MD) == "markdown"


# elpa-yaml-mode: changelog.gz (upstream's, excerpt): `* item` lines quoting identifiers in code spans
YAML_MODE_CHANGELOG = """0.0.15 Mon Nov  9 11:22:02 CET 2020
\t* Fix propertization for lists of dicts with literal block (Ben
\tStrutt)
\t* Exclude newline from `yaml-nested-map-re` (Vasilij
\tSchneidermann)
\t* Fix indent after comment line (Adam Hess)
0.0.9  Mon Mar 11 12:43:23 2013
        * Fix anchor name can contain '_'. (Monson Shao)
        * `checkdoc' nits (including the `checkdoc-autoload' extension).
          (Samuel Bronson)
        * Enable yaml-mode for *.yaml files. (Georgi Valkov)
0.0.8  Tue Feb 28 13:06:42 2012
        * Replaced `last-command-char` to `last-command-event` (sugyan)
        * Ignore *.elc in .gitignore (semperos)
        * Added autoload comments. (arthuraa)
"""


def test_plain_changelog_with_code_spans_stays_text() -> None:
    assert kind(YAML_MODE_CHANGELOG) == "text"


def test_plain_text_list_stays_text() -> None:
    text = ("Things to do before the release:\n\n* update the manual\n* check the translations\n"
            "* tag the release\n* upload the tarball\n* announce it on the list\n")
    assert kind(text) == "text"


# wxglade: widgets/widgets.txt (excerpt)
WIDGETS_TXT = """# List of widget modules
#
# List all available widget modules - each on a own line.
#
# The modules can optionally be grouped by preceding section headers.
# A section header is the name of the section enclosed in square brackets.
# It may be followed by :K for hotkey


[Windows]:W
frame
dialog
panel

[Containers]:C
notebook
splitter_window

[Buttons]:B
button
toggle_button
bitmap_button
"""


def test_sections_with_hotkeys_are_no_markdown_references() -> None:
    assert kind(WIDGETS_TXT) == "text"


def test_markdown_reference_definitions_stay_markdown() -> None:
    doc = ("# Links\n\nSee [the manual][manual] and [the FAQ][faq] for details.\n\n"
           "[manual]: https://example.org/manual\n[faq]: ./faq.md\n")
    assert kind(doc) == "markdown"


# libparams-callbackrequest-perl: changelog.gz (the module's Changes, excerpt): a Markdown link in an entry
CALLBACKREQUEST_CHANGES = """Revision history for Perl extension Params::CallbackRequest.

1.20  2011-06-23T05:47:01
      - Moved repostitory to
        [GitHub](https://github.com/theory/params-callbackrequest/).
      - Switched to a "traditional" `Makefile.PL`.

1.19  2008-06-23T18:00:43
      - Fixed a pasto in the "Support" section of the documentaion, and added
        that section to all of the modules in this distribution.
      - Fixed Perl 5.6 requirement to be properly detected by earlier Perls.
        Thanks to Slaven Rezic for testing on Perl 5.5.

1.18  2008-05-03T23:44:20
      - Updated POD test to take advantage of Test::Pod 1.20 or later.
      - Reformatted the code a bit.
      - Added a link to the Subversion repository.
"""


def test_cpan_changes_file_with_a_markdown_link_is_text() -> None:
    assert kind(CALLBACKREQUEST_CHANGES) == "text"


# safecopy's manual page (`man -l safecopy.1.gz`, excerpt): a regex-like `[xx](+yy)` is no link to a URL
SAFECOPY_MAN = """SAFECOPY(1)                        SAFECOPY                        SAFECOPY(1)

NAME
       safecopy - rescue data from a source that causes IO errors

OPTIONS
       The following options are understood:

       -b <size>
              Blocksize for default read operations.
       -f <size1>[:<size2>]
              Blocksize when skipping over badblocks.
       -r <size>
              Resolution in bytes when searching for the exact beginning or
              end of an unreadable area.

       Include-file format:
       [xx](+yy){
              an area of yy bytes at offset xx
       }[xx](+yy)
"""


def test_manual_page_with_bracket_parens_stays_text() -> None:
    assert kind(SAFECOPY_MAN) == "text"


# golang-github-gin-gonic-gin-dev: gin/doc.go (whole file)
GIN_DOC_GO = """/*
Package gin implements a HTTP web framework called gin.

See https://gin-gonic.com/ for more information about gin.
*/
package gin // import "github.com/gin-gonic/gin"
"""


def test_go_doc_file_is_go() -> None:
    assert toolstub.synopsize(GIN_DOC_GO).title == "Go code output"


def test_notes_naming_a_package_in_hash_comments_are_not_go() -> None:
    notes = "# Packaging notes\n# The upstream tarball ships one module.\n\nSee the package file for details.\n"
    assert kind(notes) == "text"


# libbio-perl-run-perl: Bio/Tools/Run/BlastPlus/Config.pm (lines 1-12 and 121-170)
BLASTPLUS_CONFIG_PM = """#$Id$
package Bio::Tools::Run::BlastPlus::Config;
use strict;
use warnings;
no warnings qw(qw);
use Bio::Root::Root;
use Exporter;
use base qw(Bio::Root::Root);

our (@ISA, @EXPORT, @EXPORT_OK);
push @ISA, 'Exporter';
@EXPORT = qw(
tbn|in_pssm
blx|import_search_strategy
blx|export_search_strategy
blx|db
blx|dbsize
blx|gilist
blx|negative_gilist
blx|entrez_query
blx|db_soft_mask
blx|subject
blx|subject_loc
blx|query
blx|out
blx|evalue
blx|word_size
blx|gapopen
blx|gapextend
blx|xdrop_ungap
blx|xdrop_gap
blx|xdrop_gap_final
blx|searchsp
blx|frame_shift_penalty
blx|max_intron_length
blx|seg
blx|soft_masking
blx|matrix
blx|threshold
blx|culling_limit
blx|best_hit_overhang
blx|best_hit_score_edge
blx|window_size
blx|query_loc
blx|strand
blx|query_gencode
blx|outfmt
blx|num_descriptions
blx|num_alignments
blx|max_target_seqs
blx|num_threads
bln|import_search_strategy
bln|export_search_strategy
bln|task
bln|db
bln|dbsize
bln|gilist
bln|negative_gilist
bln|entrez_query
bln|db_soft_mask
bln|subject
bln|subject_loc
"""

# kephra: Kephra/config/syntaxhighlighter/fortran.pm (lines 1-30 and 87)
KEPHRA_FORTRAN_PM = """package syntaxhighlighter::fortran;
$VERSION = '0.01';

sub load{

    use Wx qw(wxSTC_LEX_FORTRAN wxSTC_H_TAG);

    $_[0]->SetLexer(wxSTC_LEX_FORTRAN);	# Set Lexers to use keywords and io specifiers
    $_[0]->SetKeyWords(0, 'keywords and input/output specifiers
keywordclass.fortran=access action advance allocatable allocate
apostrophe assign assignment associate asynchronous backspace
bind blank blockdata call case character class close common
complex contains continue cycle data deallocate decimal delim
default dimension direct do dowhile double doubleprecision else
elseif elsewhere encoding end endassociate endblockdata enddo
endfile endforall endfunction endif endinterface endmodule endprogram
endselect endsubroutine endtype endwhere entry eor equivalence
err errmsg exist exit external file flush fmt forall form format
formatted function go goto id if implicit in include inout
integer inquire intent interface intrinsic iomsg iolength
iostat kind len logical module name named namelist nextrec nml
none nullify number only open opened operator optional out pad
parameter pass pause pending pointer pos position precision
print private program protected public quote read readwrite
real rec recl recursive result return rewind save select
selectcase selecttype sequential sign size stat status stop stream
subroutine target then to type unformatted unit use value
volatile wait where while write');

 #keywords2 is for highlighting intrinsic and extended functions

"""


@pytest.mark.parametrize("content", [BLASTPLUS_CONFIG_PM, KEPHRA_FORTRAN_PM], ids=["package-then-use", "colon-package"])
def test_perl_module_of_data_opening_with_its_package_is_perl(content: str) -> None:
    assert toolstub.synopsize(content).title == "Perl code output"


def test_java_package_clause_stays_java() -> None:
    java = "package org.example.util;\n\nimport java.util.List;\n\npublic final class Names {\n    private Names() {}\n}\n"
    assert toolstub.synopsize(java).title == "Java code output"


# gpsman: /usr/lib/gpsman/langid.tcl (lines 30-45, 58-66, 287-300 and 1135-1148)
GPSMAN_LANGID_TCL = """# only 3 chars long names; check also ALLMONTH in file i18n-utf8.tcl
set MONTHNAMES "Jan Feb Mar Apr Mei Jun Jul Agt Sep Okt Nop Des"

set DLUNIT(KM,dist) km
set DLUNIT(KM,subdist) m
set DLUNIT(KM,speed) "km/jam"
set DLUNIT(KM,area) "km2"
set DLUNIT(NAUTMILE,dist) "mil laut"
set DLUNIT(NAUTMILE,subdist) kaki
set DLUNIT(NAUTMILE,speed) knot
set DLUNIT(NAUTMILE,area) "mil laut persegi"
set DLUNIT(STATMILE,dist) "mil darat"
set DLUNIT(STATMILE,subdist) kaki
set DLUNIT(STATMILE,speed) "mil/jam"
set DLUNIT(STATMILE,area) "wilayah"

array set MESS {
    badscale   "Nilai salah untuk sekala peta"
    oktoexit   "Klik Ok untuk keluar (data yang belum disimpan akan hilang)"
    okclrmap   "Klik Ok untuk membersihkan layar"
    namelgth   "Nama tidak boleh lebih dari %d karakter"
    cmmtlgth   "Komentar tidak boleh lebih dari %d karakter"
    namevoid   "Nama harus diisi"
    baddate   "Tanggal salah; baris"
    badhdg   "Heading salah %s: harus %s atau +/-"
}

set TXT(RTcompflds) "# WP {$DTUNIT} drj {$ALUNIT} tahap label"
set TXT(TRcompflds) \\
    "TP {} {} {} {$ALUNIT} {$DTUNIT} {$DTUNIT} h:m:s {$SPUNIT} deg"
set TXT(starttoend) "Mulai: untuk mengakhiri %s $DTUNIT;"
set TXT(startmax) "maks %s $DTUNIT;"
set TXT(WPnearflds) "WP {$DTUNIT} drj"
set TXT(within) "Dalam (${DTUNIT}s)"
set TXT(between) "Antara (${DTUNIT}s)"

array set TXT {
    GMtit   "GPS Manager - versi"
    exit   Keluar
}

    # the following definitions must be coherent with $TXT
array set INVTXT {
    DMS   DMS
    DMM   DMM
    DDD   DDD
    Tingkat   GRA
    UTM/UPS   UTM/UPS
    MH   MH
    WP   WP
    RT   RT
    TR   TR
    GR   GR
}
"""


def test_tcl_message_table_with_array_set_is_tcl() -> None:
    assert toolstub.synopsize(GPSMAN_LANGID_TCL).title == "Tcl code output"


def test_set_key_value_settings_stay_text() -> None:
    conf = "set timeout 30\nset retries 5\nset host example.org\nset user nobody\nset mode passive\n"
    assert kind(conf) == "text"


# libwebsocketpp-doc: examples/dev/CMakeLists.txt (whole), gftl-dev: GFTLConfig.cmake (whole),
# libopm-common-dev: opm/cmake/Modules/opm-verteq-prereqs.cmake (whole)
WEBSOCKETPP_CMAKELISTS = """
file (GLOB SOURCE_FILES *.cpp)
file (GLOB HEADER_FILES *.hpp)

#init_target (dev)

#build_executable (${TARGET_NAME} ${SOURCE_FILES} ${HEADER_FILES})

#link_boost ()
#final_target ()

#set_target_properties(${TARGET_NAME} PROPERTIES FOLDER "examples")
"""
GFTL_CONFIG_CMAKE = """# Package configuration file

get_filename_component (SELF_DIR "${CMAKE_CURRENT_LIST_FILE}" PATH)
include ("${SELF_DIR}/GFTL.cmake")
"""
OPM_PREREQS_CMAKE = """# -*- mode: cmake; tab-width: 2; indent-tabs-mode: t; truncate-lines: t; compile-command: "cmake -Wdev" -*-
# vim: set filetype=cmake autoindent tabstop=2 shiftwidth=2 noexpandtab softtabstop=2 nowrap:

# defines that must be present in config.h for our headers
set (opm-verteq_CONFIG_VAR
	)

# dependencies
set (opm-verteq_DEPS
	# compile with C99 support if available
	"C99"
	# compile with C++0x/11 support if available
	"CXX11Features"
	# various runtime library enhancements
	"Boost 1.44.0
		COMPONENTS date_time filesystem system unit_test_framework REQUIRED"
	# OPM dependency
	"opm-common;
	opm-core REQUIRED"
	)
"""


@pytest.mark.parametrize("content", [WEBSOCKETPP_CMAKELISTS, GFTL_CONFIG_CMAKE, OPM_PREREQS_CMAKE],
                         ids=["file-glob", "package-config", "mode-line"])
def test_small_cmake_files_are_cmake(content: str) -> None:
    assert toolstub.synopsize(content).title == "CMake code output"


def test_directive_config_with_parentheses_stays_text() -> None:
    conf = "listen (80)\nserver_name (example.org)\nroot (/srv/www)\nindex (index.html)\n"
    assert kind(conf) == "text"


# --- pool 12, half a (ranks 6661-7260)

# ruby-i18n-data 0.10.0: cache/file_data_provider/countries-SC.txt (first 14 lines)
I18N_COUNTRIES_TXT = """AW;;Aruba
AF;;Afghànistan
AO;;Angola
AI;;Anguilla
AX;;Ìsulas Åland
AL;;Albania
AD;;Andorra
AE;;Emiratos Àrabos Unidos
AR;;Argentina
AM;;Armènia
AS;;Samoa Americanas
AQ;;Antàrticu
TF;;Territòrios Australes Frantzesos
AG;;Antigua e Barbuda
"""


def test_code_and_name_rows_with_a_doubled_semicolon_are_text() -> None:
    assert kind(I18N_COUNTRIES_TXT) == "text"


def test_semicolon_export_with_a_named_empty_column_stays_csv() -> None:
    table = "id;note;amount\n1;;3,50\n2;;4,00\n3;;1,25\n4;;9,99\n"
    assert kind(table) == "csv"


# ikiwiki: po/fr/basewiki/ikiwiki/markdown.fr.po (first 49 lines)
IKIWIKI_MARKDOWN_PO = """# Traduction de ikiwiki
# Copyright (C) 2009 Debian French l10n team <debian-l10n-french@lists.debian.org>
# This file is distributed under the same license as the PACKAGE Ikiwiki.
#
msgid ""
msgstr ""
"Project-Id-Version: ikiwiki\\n"
"POT-Creation-Date: 2009-08-15 18:30-0300\\n"
"PO-Revision-Date: 2009-08-25 09:31+0200\\n"
"Last-Translator: Alexandre Dupas <alexandre.dupas@gmail.com>\\n"
"Language-Team: French <debian-l10n-french@lists.debian.org>\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"
"Content-Transfer-Encoding: 8bits\\n"

#. type: Plain text
#, no-wrap
msgid "[[!meta robots=\\"noindex, follow\\"]]\\n"
msgstr "[[!meta robots=\\"noindex, follow\\"]]\\n"

#. type: Plain text
msgid ""
"[Markdown](http://daringfireball.net/projects/markdown/)  is a minimal "
"markup language that resembles plain text as used in email messages. It is "
"the markup language used by this wiki by default."
msgstr ""
"[Markdown](http://daringfireball.net/projects/markdown/) est un langage de "
"balisage élémentaire, comparable à celui utilisé dans la messagerie "
"électronique. Il s'agit du langage de balisage utilisé par défaut dans ce "
"wiki."

#. type: Plain text
msgid ""
"For documentation about the markdown syntax, see [[formatting]] and "
"[Markdown: syntax](http://daringfireball.net/projects/markdown/syntax)."
msgstr ""
"Référez vous à [[formatting]] et [Syntaxe Markdown](http://daringfireball."
"net/projects/markdown/syntax) pour la documentation sur la syntaxe du langage "
"markdown."

#. type: Plain text
msgid ""
"Note that [[WikiLinks|WikiLink]] and [[directives|directive]] are not part "
"of the markdown syntax, and are the only bit of markup that this wiki "
"handles internally."
msgstr ""
"Notez que les [[WikiLinks|WikiLink]] et les [[directives|directive]] ne font "
"pas partie de la syntaxe du langage markdown. Il s'agit des seules balises "
"qui sont traitées en interne par ce wiki."
"""


def test_gettext_catalogue_of_markdown_strings_is_text() -> None:
    assert kind(IKIWIKI_MARKDOWN_PO) == "text"


# luakit: lib/markdown.lua (lines 1-40 and 96-150: its manual in a long comment, then the module)
LUAKIT_MARKDOWN_LUA = """--[[
# markdown.lua -- version 0.32

<http://www.frykholm.se/files/markdown.lua>

**Author:** Niklas Frykholm, <niklas@frykholm.se>
**Date:** 31 May 2008

This is an implementation of the popular text markup language Markdown in pure Lua.
Markdown can convert documents written in a simple and easy to read text format
to well-formatted HTML. For a more thourough description of Markdown and the Markdown
syntax, see <http://daringfireball.net/projects/markdown>.

The original Markdown source is written in Perl and makes heavy use of advanced
regular expression techniques (such as negative look-ahead, etc) which are not available
in Lua's simple regex engine. Therefore this Lua port has been rewritten from the ground
up. It is probably not completely bug free. If you notice any bugs, please report them to
me. A unit test that exposes the error is helpful.

## Usage

    require "markdown"
    markdown(source)

``markdown.lua`` exposes a single global function named ``markdown(s)`` which applies the
Markdown transformation to the specified string.

``markdown.lua`` can also be used directly from the command line:

	lua markdown.lua test.md

Creates a file ``test.html`` with the converted content of ``test.md``. Run:

    lua markdown.lua -h

For a description of the command-line options.

``markdown.lua`` uses the same license as Lua, the MIT license.

## License
	-	Do not require arg global to exist.
-	**0.15** -- 28 Aug 2006
	-	Better handling of links with underscores in them.
-	**0.14** -- 22 Aug 2006
	-	Bug for *`foo()`*
-	**0.13** -- 12 Aug 2006
	-	Added -l option for including stylesheet inline in document.
	-	Fixed bug in -s flag.
	-	Fixed emphasis bug.
-	**0.12** -- 15 May 2006
	-	Fixed several bugs to comply with MarkdownTest 1.0 <http://six.pairlist.net/pipermail/markdown-discuss/2004-December/000909.html>
-	**0.11** -- 12 May 2006
	-	Fixed bug for escaping `*` and `_` inside code spans.
	-	Added license terms.
	-	Changed join() to table.concat().
-	**0.10** -- 3 May 2006
	-	Initial public release.

// Niklas
]]


-- Set up a table for holding local functions to avoid polluting the global namespace
local M = {}
local MT = {__index = _G}
setmetatable(M, MT)
setfenv(1, M)

----------------------------------------------------------------------
-- Utility functions
----------------------------------------------------------------------

-- Locks table t from changes, writes an error if someone attempts to change the table.
-- This is useful for detecting variables that have "accidently" been made global. Something
-- I tend to do all too much.
function lock(t)
	function lock_new_index(t, k, v)
		error("module has been locked -- " .. k .. " must be declared local", 2)
	end

	local mt = {__newindex = lock_new_index}
	if getmetatable(t) then mt.__index = getmetatable(t).__index end
	setmetatable(t, mt)
end

-- Returns the result of mapping the values in table t through the function f
function map(t, f)
	local out = {}
	for k,v in pairs(t) do out[k] = f(v,k) end
	return out
end

-- The identity function, useful as a placeholder.
function identity(text) return text end

"""


def test_lua_module_opening_with_a_markdown_manual_is_lua() -> None:
    assert toolstub.synopsize(LUAKIT_MARKDOWN_LUA).title == "Lua code output"


def test_markdown_quoting_a_lua_long_comment_stays_markdown() -> None:
    doc = ("# Lua notes\n\nA long comment opens with `--[[`:\n\n```lua\n--[[\nignored\n]]\nlocal x = 1\n```\n\n"
           "See [the manual](https://www.lua.org/manual/5.4/) for **more**.\n")
    assert kind(doc) == "markdown"


# sogo: /usr/include/GNUstep/NGCards/iCalAlarm.h (lines 22-57)
SOGO_ICALALARM_H = """#ifndef __NGCards_iCalAlarm_H__
#define __NGCards_iCalAlarm_H__

#import "CardGroup.h"

@class NSString;
@class iCalTrigger;
@class iCalAttachment;

@interface iCalAlarm : CardGroup

/* accessors */

- (void) setTrigger: (iCalTrigger *) _value;
- (iCalTrigger *) trigger;
- (iCalAttachment *) attach;
- (NSString *) comment;
- (void) setAction: (NSString *) _value;
- (NSString *) action;
- (void) setRecurrenceRule: (NSString *) _recurrenceRule;
- (NSString *) recurrenceRule;

- (void) setSummary: (NSString *) summary;
- (NSString *) summary;
- (void) setComment: (NSString *) comment;
- (NSString *) comment;

- (void) setAttendees: (NSArray *) attendees;
- (NSArray *) attendees;
- (void) removeAllAttendees;

- (NSCalendarDate *) nextAlarmDate;

@end

#endif /* __NGCards_iCalAlarm_H__ */
"""


def test_objective_c_header_is_objective_c() -> None:
    assert toolstub.synopsize(SOGO_ICALALARM_H).title == "Objective-C code output"


def test_java_annotation_type_stays_java() -> None:
    java = ("package org.example;\n\nimport java.lang.annotation.Retention;\n\n@Retention(RUNTIME)\n"
            "public @interface Marker {\n    String value() default \"\";\n}\n")
    assert toolstub.synopsize(java).title == "Java code output"


# r-cran-zeligverse: NEWS.md (whole file)
ZELIGVERSE_NEWS_MD = """# zeligverse 0.1.1

*   Added Amelia, MatchIt, and WhatIf packages.

# zeligverse 0.1.0

*   Initial release. On load, zeligverse loads (core) Zelig, ZeligEI, and
ZeligChoice.
"""


def test_r_news_md_of_version_headings_over_lists_is_markdown() -> None:
    assert kind(ZELIGVERSE_NEWS_MD) == "markdown"


def test_shell_comments_over_code_stay_code() -> None:
    sh = "#!/bin/sh\n# Setup\n\nset -e\n\n# Build\n\nmake all\n"
    assert kind(sh) == "code"


# --- pool 13, half a (ranks 7261-7860)

# pcp-gui: /etc/pcp/pmsnap/crontab (whole file)
PMSNAP_CRONTAB = """#
# Standard Performance Co-Pilot pmsnap crontab entry for a PCP site
# with one or more pmlogger instances running
#
# every 30 minutes, generate snapshot images
30,0\t*      *      *      *      PCP_BIN_DIR/pmsnap # -d DISPLAY
"""


def test_crontab_under_a_comment_with_a_comma_is_text() -> None:
    assert kind(PMSNAP_CRONTAB) == "text"


# apertium-eo-es: AUTHORS (whole file)
APERTIUM_AUTHORS = """(c) 2005--2007, Universitat d'Alacant (Transducens group)
(c) 2007, Universitat Pompeu Fabra
(c) 2009--, Hèctor Alòs i Font <hectoralos@gmail.com>
"""


def test_copyright_lines_with_commas_are_text() -> None:
    assert kind(APERTIUM_AUTHORS) == "text"


def test_a_table_of_years_and_names_stays_csv() -> None:
    table = "year,holder,licence\n2005,Universitat d'Alacant,GPL-2\n2007,Universitat Pompeu Fabra,GPL-2\n"
    assert kind(table) == "csv"


# r-cran-rgeos: NEWS.md (whole file): a notice heading, then `# Version` headings over `*` items
RGEOS_NEWS_MD = """# Please note that **rgeos** will be retired by the end of 2023, plan transition to sf functions using GEOS at your earliest convenience.

# Version 0.6-1 (development, rev 685-)

* commence deprecation

* Update src/Makevars.win to GEOS 3.10.2 for R < 4.2

* fix -Wstrict-prototypes problems

# Version 0.5-9 (2021-12-15, rev. 679-684)

* Adapt to UCRT Windows 4.2

# Version 0.5-8 (2021-09-22, rev 676-678)

* Run autoupdate on configure.ac to handle obsolete AC_HELP_STRING etc.

# Version 0.5-7 (2021-09-07, rev. 641-675)

* adapt to OverlayNG in GEOS 3.9

* update Windows static library to GEOS 3.9

* add gMinumumRotatedRectangle() and gMaximumInscribedCircle() for GEOS 3.9

* adapt configure.ac for GEOS 3.10

* add support for structured geometry fixer in gMakeValid() from 3.10

# Version 0.5-5 (2020-09-07, rev. 634-640)

* add gMakeValid() for GEOS 3.8

* update Windows static library to GEOS 3.8

* add gCoverageUnion()

* add stdlib.h to configure.ac

"""


def test_r_news_md_opening_with_a_notice_is_markdown() -> None:
    assert kind(RGEOS_NEWS_MD) == "markdown"


def test_a_shell_script_of_comment_sections_stays_code() -> None:
    sh = ("#!/bin/sh\n# Version 1\n\n* not a list: a glob\n\n# Version 2\n\nls *.txt\n")
    assert kind(sh) == "code"


# --- pool 14, half a (ranks 7861-8460)

# python3-cogent3: tests/data/fastq.txt (first 16 lines): quality lines may open with four backticks
COGENT3_FASTQ = """@GAPC_0015:6:1:1259:10413#0/1
AACACCAAACTTCTCCACCACGTGAGCTACAAAAG
+GAPC_0015:6:1:1259:10413#0/1
````Y^T]`]c^cabcacc`^Lb^ccYT\\T\\Y\\WF
@GAPC_0015:6:1:1283:11957#0/1
TATGTATATATAACATATACATATATACATACATA
+GAPC_0015:6:1:1283:11957#0/1
]KZ[PY]_[YY^```ac^\\\\`bT``c`\\aT``bbb
@GAPC_0015:6:1:1284:10484#0/1
TCAGTTTTCCTCGCCATATTTCACGTCCTAAAGCG
+GAPC_0015:6:1:1284:10484#0/1
UM_]]U_]Z_Y^\\^^``Y]`^SZ]\\Ybb`^_LbL_
@GAPC_0015:6:1:1287:17135#0/1
TGTGCCTATGGAAGCAGTTCTAGGATCCCCTAGAA
+GAPC_0015:6:1:1287:17135#0/1
^aacccL\\ccc\\c\\cTKTS]KZ\\]]I\\[Wa^T`^K
"""


def test_fastq_quality_lines_are_no_fences() -> None:
    assert kind(COGENT3_FASTQ) == "text"


def test_fence_with_an_info_string_and_attributes_stays_markdown() -> None:
    doc = '# T\n\nSome prose here.\n\n```python title="x"\nprint(1)\n```\n\nMore text.\n'
    assert kind(doc) == "markdown"


# python3-sphinx-astropy: sphinx_astropy/conf/v1.py (lines 1-30 and 91-130)
SPHINX_ASTROPY_CONF = (
    '# -*- coding: utf-8 -*-\n'
    '# Licensed under a 3-clause BSD style license - see LICENSE.rst\n'
    '#\n'
    '# Astropy shared Sphinx settings.  These settings are shared between\n'
    '# astropy itself and affiliated packages.\n'
    '#\n'
    '# Note that not all possible configuration values are present in this file.\n'
    '#\n'
    '# All configuration values have a default; values that are commented out\n'
    '# serve to show the default.\n'
    '\n'
    'import os\n'
    'import warnings\n'
    'from collections import ChainMap\n'
    '\n'
    'from os import path\n'
    '\n'
    'import sphinx\n'
    'from packaging.version import Version\n'
    '\n'
    'try:\n'
    '    import astropy\n'
    'except ImportError:\n'
    '    ASTROPY_INSTALLED = False\n'
    'else:\n'
    '    ASTROPY_INSTALLED = True\n'
    '\n'
    '    from astropy.utils import minversion\n'
    '\n'
    '\n'
    "default_role = 'obj'\n"
    '\n'
    '# The language for content autogenerated by Sphinx. Refer to documentation\n'
    '# for a list of supported languages.\n'
    '#language = None\n'
    '\n'
    '# This is added to the end of RST files - a good place to put substitutions to\n'
    '# be used globally.\n'
    'rst_epilog = """\n'
    '.. _Astropy: https://www.astropy.org\n'
    '"""\n'
    '\n'
    "suppress_warnings = ['app.add_directive', ]\n"
    '\n'
    '# -- NumpyDoc X-Ref ------------------------\n'
    '\n'
    '# Whether to create cross-references for the parameter types in the\n'
    '# Parameters, Other Parameters, Returns and Yields sections of the docstring.\n'
    '# Should be set = True in packages manually! included here as reference.\n'
    '# numpydoc_xref_param_type = False\n'
    '\n'
    '# Words not to cross-reference. Most likely, these are common words used in\n'
    '# parameter type descriptions that may be confused for classes of the same\n'
    '# name. This can be overwritten or modified in packages and is provided here for\n'
    '# convenience.\n'
    'numpydoc_xref_ignore = {"or", "of", "thereof",\n'
    '                        "default", "optional", "keyword-only",\n'
    '                        "instance", "type", "class", "subclass", "method"}\n'
    '\n'
    '# Mappings to fully qualified paths (or correct ReST references) for the\n'
    '# aliases/shortcuts used when specifying the types of parameters.\n'
    '# Numpy provides some defaults\n'
    '# https://github.com/numpy/numpydoc/blob/b352cd7635f2ea7748722f410a31f937d92545cc/numpydoc/xref.py#L62-L94\n'
    'numpydoc_xref_aliases = {\n'
    '    # Python terms\n'
    '    "function": ":term:`python:function`",\n'
    '    "iterator": ":term:`python:iterator`",\n'
    '    "mapping": ":term:`python:mapping`",\n'
    '}\n'
    '\n'
)


def test_python_dict_of_rst_role_strings_is_python() -> None:
    assert toolstub.synopsize(SPHINX_ASTROPY_CONF).title == "Python code output"


def test_rst_document_with_roles_stays_text() -> None:
    rst = ("Glossary\n========\n\nSee :term:`python:iterator` and :ref:`units` for the terms.\n\n"
           ".. note::\n\n   The :term:`mapping` role links to Python's glossary.\n")
    assert kind(rst) == "text"


# latexmk: /etc/emacs/site-start.d/50latexmk.el (whole file): Debian's header line names the file
LATEXMK_SITE_START_EL = """;; /etc/emacs/site-start.d/50latexmk.el
;;
;; Ignore "foo.fdb_latexmk" for completion since there's normally no need to
;; visit such files.  As usual can still type "foo.fdb_latexmk" in full
;; explicitly if desired, or in fact complete from say "foo.fd" if there's
;; nothing else starting "foo.fd".
;;
(add-to-list 'completion-ignored-extensions ".fdb_latexmk")
"""


def test_emacs_site_start_file_is_lisp() -> None:
    assert toolstub.synopsize(LATEXMK_SITE_START_EL).title == "Lisp code output"


def test_ini_comments_naming_an_el_file_in_prose_stay_text() -> None:
    ini = "; settings for the editor, see init.el for more\n[editor]\nfont = mono\nsize = 12\n"
    assert kind(ini) == "text"
