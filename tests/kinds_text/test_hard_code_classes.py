"""Issue 10, the hard classes found by the real corpus's `hard_code` source (tune split).

Real-shaped inputs of the file types that `default` read as text or markdown before: a Perl
data file (an anonymous hash, `key => [...]` rows: DateTime::Locale's locale files), Tcl package
indexes and message catalogues, R scripts assigning with `<-`, Fortran 77 fixed-form sources,
YAML written with every key quoted (lm-eval task files), Rust sources whose `///` doc comments
carry Markdown links, SCSS whose rules are one-line selectors built by `#{$var}` interpolation
or a Sass function (Fork Awesome's `_icons.scss` and `_functions.scss`, code under MIT), R testthat
files with no `<-` (`test_that("...", {` blocks of `expect_*()` calls: testthat's own tests, MIT), a
Perl module whose data follows `__DATA__` (Perl's own Unicode::Collate::CJK::Big5, Artistic/GPL), a
two-statement Perl module (`$Pkg::Var[ 0x08 ] = f();` then `1;`: Text::Unidecode's block files, Perl's
licence; tests/kinds_text/test_config_files.py keeps the config files text). And the
other way: text that uses the same marks stays text.
"""

from __future__ import annotations

import pytest

import toolstub

PERL_LOCALE_DATA = """\
{
  am_pm_abbreviated => [
    "AM",
    "PM",
  ],
  available_formats => {
    Bh => "h B",
    Bhm => "h:mm B",
    E => "ccc",
    Ed => "d E",
    Gy => "y G",
    GyMMM => "MMM y G",
    H => "HH",
    Hm => "HH:mm",
    M => "L",
    MEd => "E, M/d",
  },
  code => "en-PG",
  date_format_full => "EEEE, d MMMM y",
  date_format_long => "d MMMM y",
  day_format_abbreviated => [
    "Mon",
    "Tue",
    "Wed",
  ],
  first_day_of_week => 1,
  language => "English",
  name => "English Papua New Guinea",
  native_language => "English",
  time_format_medium => "HH:mm:ss",
  variant => undef,
  version => 42,
}
"""

TCL_PKG_INDEX = """\
if {![package vsatisfies [package provide Tcl] 8.2]} {return}
package ifneeded base64   2.5 [list source [file join $dir base64.tcl]]
package ifneeded uuencode 1.1.5 [list source [file join $dir uuencode.tcl]]
package ifneeded yencode  1.1.3 [list source [file join $dir yencode.tcl]]
package ifneeded ascii85  1.0   [list source [file join $dir ascii85.tcl]]
"""

TCL_MSGCAT = """\
# -*- tcl -*-
package require    msgcat
namespace import ::msgcat::*

mcset en docidx/char/syntax             {Bad character in string}
mcset en docidx/cmd/illegal\t\t{Illegal command "%1$s", not a docidx command}       ; # Details: cmdname
mcset en docidx/cmd/nested\t\t{Illegal use of "%1$s" as argument of other command} ; # Details: cmdname
mcset en docidx/eof/syntax              {Bad <eof>}
mcset en docidx/plaintext\t\t{Plain text beyond whitespace is not allowed}
"""

TCL_PROCS = """\
# ftp example: list the files newer than a date
package require ftp

proc newer {host dir since} {
    set conn [ftp::Open $host anonymous user@example.org]
    if {$conn < 0} {
        return -code error "cannot connect to $host"
    }
    ftp::Cd $conn $dir
    set result {}
    foreach name [ftp::NList $conn] {
        if {[ftp::ModTime $conn $name] > $since} {
            lappend result $name
        }
    }
    ftp::Close $conn
    return $result
}

puts [newer ftp.example.org /pub 0]
"""

R_VIGNETTE = """\
### R code from vignette source 'zoo-read.Rnw'

###################################################
### code chunk number 1: preliminaries
###################################################
library("zoo")
library("chron")
Sys.setenv(TZ = "GMT")


###################################################
### code chunk number 2: ex1a
###################################################
Lines <- "
time latitude longitude altitude  distance heartrate
1277648884 0.304048 -0.793819      260  0.000000        94
1277648885 0.304056 -0.793772      262  4.307615        95
"
z <- read.zoo(text = Lines, header = TRUE)
z


###################################################
### code chunk number 3: ex3
###################################################
f <- function(x) times(paste(x, 0, sep = ":"))
z <- read.zoo(text = Lines, header = TRUE, sep = ";",
  split = 1, index = 2, FUN = f)
colnames(z) <- sub("X(..).(..).(....)", "\\\\3-\\\\2-\\\\1", colnames(z))
z
"""

FORTRAN_FIXED_FORM = """\
       subroutine t(fun,a)
       integer a
cf2py  intent(out) a
       external fun
       call fun(a)
       end

       subroutine func(a)
cf2py  intent(in,out) a
       integer a
       a = a + 11
       end

       subroutine func0(a)
cf2py  intent(out) a
       integer a
       a = 11
       end
"""

QUOTED_KEY_YAML = """\
"dataset_name": "marketing"
"description": "The following are multiple choice questions (with answers) about marketing.\\n\\
  \\n"
"group": "mmlu_flan_cot_zeroshot_other"
"include": "_mmlu_flan_cot_zeroshot_template_yaml"
"task": "mmlu_flan_cot_zeroshot_marketing"
"""

RUST_DOC_COMMENTS = """\
use core::cmp;
use core::iter::Filter;

use crate::tables::sentence::SentenceCat;

/// External iterator for a string's
/// [sentence boundaries](http://www.unicode.org/reports/tr29/#Sentence_Boundaries).
///
/// This struct is created by the [`split_sentence_bounds`] method on the [`UnicodeSegmentation`]
/// trait. See its documentation for more.
///
/// [`split_sentence_bounds`]: trait.UnicodeSegmentation.html#tymethod.split_sentence_bounds
/// [`UnicodeSegmentation`]: trait.UnicodeSegmentation.html
#[derive(Clone)]
pub struct USentenceBounds<'a> {
    iter: fwd::SentenceBreaks<'a>,
    sentence_start: Option<usize>,
}

/// External iterator for sentence boundaries and byte offsets.
///
/// This struct is created by the [`split_sentence_bound_indices`] method on the
/// [`UnicodeSegmentation`] trait. See its documentation for more.
///
/// [`split_sentence_bound_indices`]: trait.UnicodeSegmentation.html#tymethod.split_sentence_bound_indices
/// [`UnicodeSegmentation`]: trait.UnicodeSegmentation.html
#[derive(Clone)]
pub struct USentenceBoundIndices<'a> {
    start_offset: usize,
    iter: USentenceBounds<'a>,
}

impl<'a> Iterator for USentenceBounds<'a> {
    type Item = &'a str;

    #[inline]
    fn next(&mut self) -> Option<&'a str> {
        match self.iter.next() {
            Some(i) => Some(&self.string[self.sentence_start.unwrap()..i]),
            None => None,
        }
    }
}
"""

SCSS_ICONS = """\
/* Font Awesome uses the Unicode Private Use Area (PUA) to ensure screen
   readers do not read off random characters that represent icons */

.#{$fa-css-prefix}-glass:before { content: fa-content($fa-var-glass); }
.#{$fa-css-prefix}-music:before { content: fa-content($fa-var-music); }
.#{$fa-css-prefix}-search:before { content: fa-content($fa-var-search); }
.#{$fa-css-prefix}-envelope-o:before { content: fa-content($fa-var-envelope-o); }
.#{$fa-css-prefix}-heart:before { content: fa-content($fa-var-heart); }
.#{$fa-css-prefix}-star:before { content: fa-content($fa-var-star); }
.#{$fa-css-prefix}-star-o:before { content: fa-content($fa-var-star-o); }
.#{$fa-css-prefix}-user:before { content: fa-content($fa-var-user); }
.#{$fa-css-prefix}-film:before { content: fa-content($fa-var-film); }
"""

SCSS_FUNCTIONS = """\
// Functions
// --------------------------

// Helper function which adds quotes to preserve unicode values in CSS output.
//
// See: https://github.com/sass/sass/issues/1395
// See: https://stackoverflow.com/questions/30421570/sass-unicode-escape-is-not-preserved-in-css-file

@function fa-content($fa-var) {
  @return unquote("\\"#{$fa-var}\\"");
}
"""

R_TESTTHAT = """\

test_that("old school logical works", {
  local_edition(2L)

  expect_warning(
    expect_success(expect_that(TRUE, is_true())),
    "deprecated")

  expect_warning(
    expect_success(expect_that(FALSE, is_false())),
    "deprecated")
})

test_that("basic properties upheld", {
  skip_if_not_installed("vctrs", "0.1.0.9002")

  expect_success(expect_vector(1:10, size = 10))
  expect_failure(expect_vector(1:10, size = 5))
})
"""

PERL_DATA_SECTION = """\
package Unicode::Collate::CJK::Big5;

use 5.006;
use strict;
use warnings;

our $VERSION = '1.31';

my %u2p;
my $wt = 0x8000;

while (<DATA>) {
    last if /^__END__/;
    my @c = split;
    for my $c (@c) {
	next if !$c;
	$u2p{hex($c)} = $wt;
	$wt++;
    }
}

sub weightBig5 {
    my $u = shift;
    return exists $u2p{$u} ? $u2p{$u} : undef;
}

1;
__DATA__
5159 515B 515E 515D 5161 5163 55E7 74E9 7CCE 4E00
4E59 4E01 4E03 4E43 4E5D 4E86 4E8C 4EBA 513F 5165
516B 51E0 5200 5201 529B 5315 5341 535C 53C8 4E09
4E0B 4E08 4E0A 4E2B 4E38 51E1 4E45 4E48 4E5F 4E5E
4E8E 4EA1 5140 5203 52FA 5343 53C9 53E3 571F 58EB
5915 5927 5973 5B50 5B51 5B53 5BF8 5C0F 5C22 5C38
5C71 5DDD 5DE5 5DF1 5DF2 5DF3 5DFE 5E72 5EFE 5F0B
5F13 624D 4E11 4E10 4E0D 4E2D 4E30 4E39 4E4B 5C39
4E88 4E91 4E95 4E92 4E94 4EA2 4EC1 4EC0 4EC3 4EC6
4EC7 4ECD 4ECA 4ECB 4EC4 5143 5141 5167 516D 516E
516C 5197 51F6 5206 5207 5208 52FB 52FE 52FF 5316
5339 5348 5347 5345 535E 5384 53CB 53CA 53CD 58EC
5929 592B 592A 592D 5B54 5C11 5C24 5C3A 5C6F 5DF4
5E7B 5EFF 5F14 5F15 5FC3 6208 6236 624B 624E 652F
6587 6597 65A4 65B9 65E5 66F0 6708 6728 6B20 6B62
6B79 6BCB 6BD4 6BDB 6C0F 6C34 706B 722A 7236 723B
7247 7259 725B 72AC 738B 4E19 4E16 4E15 4E14 4E18
4E3B 4E4D 4E4F 4E4E 4EE5 4ED8 4ED4 4ED5 4ED6 4ED7
4EE3 4EE4 4ED9 4EDE 5145 5144 5189 518A 51AC 51F9
51FA 51F8 520A 52A0 529F 5305 5306 5317 531D 4EDF
534A 5349 5361 5360 536F 536E 53BB 53EF 53E4 53F3
53EC 53EE 53E9 53E8 53FC 53F8 53F5 53EB 53E6 53EA
53F2 53F1 53F0 53E5 53ED 53FB 56DB 56DA 5916 592E
5931 5974 5976 5B55 5B83 5C3C 5DE8 5DE7 5DE6 5E02
5E03 5E73 5E7C 5F01 5F18 5F17 5FC5 620A 6253 6254
6252 6251 65A5 65E6 672E 672C 672A 672B 672D 6B63
6BCD 6C11 6C10 6C38 6C41 6C40 6C3E 72AF 7384 7389
74DC 74E6 7518 751F 7528 7529 7530 7531 7532 7533
758B 767D 76AE 76BF 76EE 77DB 77E2 77F3 793A 79BE
7A74 7ACB 4E1E 4E1F 4E52 4E53 4E69 4E99 4EA4 4EA6
4EA5 4EFF 4F09 4F19 4F0A 4F15 4F0D 4F10 4F11 4F0F
4EF2 4EF6 4EFB 4EF0 4EF3 4EFD 4F01 4F0B 5149 5147
5146 5148 5168 5171 518D 51B0 5217 5211 5212 520E
5216 52A3 5308 5321 5320 5370 5371 5409 540F 540C
540A 5410 5401 540B 5404 5411 540D 5408 5403 540E
5406 5412 56E0 56DE 56DD 5733 5730 5728 572D 572C
572F 5729 5919 591A 5937 5938 5984 5978 5983 597D
5979 5982 5981 5B57 5B58 5B87 5B88 5B85 5B89 5BFA
5C16 5C79 5DDE 5E06 5E76 5E74 5F0F 5F1B 5FD9 5FD6
620E 620C 620D 6210 6263 625B 6258 6536 65E9 65E8
65EC 65ED 66F2 66F3 6709 673D 6734 6731 6735 6B21
6B64 6B7B 6C16 6C5D 6C57 6C59 6C5F 6C60 6C50 6C55
6C61 6C5B 6C4D 6C4E 7070 725F 725D 767E 7AF9 7C73
7CF8 7F36 7F8A 7FBD 8001 8003 800C 8012 8033 807F
8089 808B 808C 81E3 81EA 81F3 81FC 820C 821B 821F
826E 8272 827E 866B 8840 884C 8863 897F 9621 4E32
4EA8 4F4D 4F4F 4F47 4F57 4F5E 4F34 4F5B 4F55 4F30
4F50 4F51 4F3D 4F3A 4F38 4F43 4F54 4F3C 4F46 4F63
4F5C 4F60 4F2F 4F4E 4F36 4F59 4F5D 4F48 4F5A 514C
514B 514D 5175 51B6 51B7 5225 5224 5229 522A 5228
52AB 52A9 52AA 52AC 5323 5373 5375 541D 542D 541E
543E 5426 544E 5427 5446 5443 5433 5448 5442 541B
"""

PERL_TWO_STATEMENTS = """\
# Time-stamp: "2014-07-22 05:02:31 MDT sburke@cpan.org"
$Text::Unidecode::Char[  0x08 ] = Text::Unidecode::make_placeholder_map();
1;
"""

# prose with a `__END__` line stays text
END_IN_PROSE = """\
Release checklist

Before tagging, make sure the changelog names every user-visible change and that the
version number in the package metadata matches the tag you are about to push.
__END__
Anything below this line is scratch space for the release manager and is not published.
Remember to thank the contributors who sent patches during this cycle.
"""

# a mocha test file (`describe('...', function () {`) stays JavaScript
JS_MOCHA = """\
const assert = require('assert');

describe('Array', function () {
  describe('#indexOf()', function () {
    it('should return -1 when the value is not present', function () {
      assert.equal([1, 2, 3].indexOf(4), -1);
    });
  });
});
"""

# an AppArmor profile's `@{PROC}` variables are not Less interpolation (test_config_files keeps it text)

# text that shares the marks: a changelog mapping old names to new ones, prose about R's `<-`
RENAMES_NOTE = """\
Renamed options in 2.0
======================

The following options were renamed; the old names still work for one release.

  color => colour
  verbose => log_level
  outdir => output_directory

Please update your configuration files before the 3.0 release, when the old names go away.
"""

R_PROSE = """\
In R, you assign a value with the arrow operator. For example, you might write x <- 5 and
then use x in later expressions. Some people prefer = for assignment, which also works at
the top level, but the arrow is the convention in most style guides.

The tidyverse style guide recommends spaces around the arrow and never using -> for
assignment, because it is easy to miss when reading code from left to right.
"""


@pytest.mark.parametrize(
    ("content", "kind", "language"),
    [
        pytest.param(PERL_LOCALE_DATA, "code", "Perl", id="perl-anonymous-hash-data-file"),
        pytest.param(TCL_PKG_INDEX, "code", "Tcl", id="tcl-package-index"),
        pytest.param(TCL_MSGCAT, "code", "Tcl", id="tcl-message-catalogue-modeline"),
        pytest.param(TCL_PROCS, "code", "Tcl", id="tcl-procs"),
        pytest.param(R_VIGNETTE, "code", "R", id="r-vignette-code"),
        pytest.param(FORTRAN_FIXED_FORM, "code", "Fortran", id="fortran-77-fixed-form"),
        pytest.param(RUST_DOC_COMMENTS, "code", "Rust", id="rust-markdown-doc-comments"),
        pytest.param(SCSS_ICONS, "code", "SCSS", id="scss-one-line-interpolated-rules"),
        pytest.param(SCSS_FUNCTIONS, "code", "SCSS", id="scss-function-return"),
        pytest.param(R_TESTTHAT, "code", "R", id="r-testthat-blocks"),
        pytest.param(PERL_DATA_SECTION, "code", "Perl", id="perl-data-section"),
        pytest.param(PERL_TWO_STATEMENTS, "code", "Perl", id="perl-two-statement-module"),
        pytest.param(JS_MOCHA, "code", "JavaScript", id="js-mocha-stays-javascript"),
    ],
)
def test_hard_code_is_code_in_its_language(content: str, kind: str, language: str) -> None:
    syn = toolstub.synopsize(content)
    assert syn.kind == kind
    assert syn.title == f"{language} code output"


def test_yaml_with_quoted_keys_is_yaml() -> None:
    syn = toolstub.synopsize(QUOTED_KEY_YAML)
    assert syn.kind == "yaml"
    assert "include" in syn.summary[1]


@pytest.mark.parametrize(
    "content",
    [RENAMES_NOTE, R_PROSE, END_IN_PROSE],
    ids=["fat-comma-rename-list", "prose-about-r-assignment", "end-marker-in-prose"],
)
def test_text_with_the_same_marks_stays_text(content: str) -> None:
    assert toolstub.synopsize(content).kind == "text"


def test_compat_names_no_language() -> None:
    # compat has no language table: its code synopsis keeps the seed's title
    syn = toolstub.synopsize(TCL_PKG_INDEX, rules="openviking-compat")
    assert syn.kind == "code" and syn.title == "Code output"
