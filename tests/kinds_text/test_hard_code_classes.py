"""Issue 10, the hard classes found by the real corpus's `hard_code` source (tune split).

Real-shaped inputs of the file types that `default` read as text or markdown before: a Perl
data file (an anonymous hash, `key => [...]` rows: DateTime::Locale's locale files), Tcl package
indexes and message catalogues, R scripts assigning with `<-`, Fortran 77 fixed-form sources,
YAML written with every key quoted (lm-eval task files), Rust sources whose `///` doc comments
carry Markdown links, SCSS whose rules are one-line selectors built by `#{$var}` interpolation
or a Sass function (Fork Awesome's `_icons.scss` and `_functions.scss`, code under MIT), R testthat
files with no `<-` (`test_that("...", {` blocks of `expect_*()` calls: testthat's own tests, MIT). And the
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
    "content", [RENAMES_NOTE, R_PROSE], ids=["fat-comma-rename-list", "prose-about-r-assignment"]
)
def test_text_with_the_same_marks_stays_text(content: str) -> None:
    assert toolstub.synopsize(content).kind == "text"


def test_compat_names_no_language() -> None:
    # compat has no language table: its code synopsis keeps the seed's title
    syn = toolstub.synopsize(TCL_PKG_INDEX, rules="openviking-compat")
    assert syn.kind == "code" and syn.title == "Code output"
