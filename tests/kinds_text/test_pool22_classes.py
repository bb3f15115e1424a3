"""Issue 10 (pool probes, this round's third first looks: Debian pool 22 and PyPI pool 8, half ``a``): classes of real
files that `default` read as another kind, each with look-alikes that must keep theirs.

- liblemonldap-ng-manager-perl's and perltidy's manual pages (``man -l``; the header line ``...Build(3pm)``, then
  ``NAME``) read as Markdown (their DESCRIPTION quotes ```site/htdocs/static/struct.json``` in backticks): a formatted
  manual page is foreign to Markdown as a GNU info file is. The page is kept whole in
  ``samples/lemonldap_ng_manager_build.3pm.txt``. A Markdown manual in ronn's style (``mytool(1) -- ...`` over
  ``====``) stays Markdown.
- zmap's ``README.md`` (a build badge, ``[![Build Status](...svg)](https://travis-ci.org/zmap/zmap)``, over
  paragraphs) read as text: a linked image is written only by Markdown. A reStructuredText README with its badge as
  ``.. image::`` stays text.
- pqbench's ``crates/pqbench/src/metastore/mod.rs`` (PyPI pool 8: ``//!`` docs over one ``pub mod get;``; the module
  below has its shape) read as text: ``pub mod name;`` marks Rust. A C++ header with Doxygen's ``//!`` comments stays
  C++.
- quisk's sample ``quisk_conf_linux.py`` (``from afedrinet import quisk_hardware`` over lower-case settings) read as
  configuration text, where compat is right: an import among literal assignments makes a Python module of settings.
  ``import = 1`` under an INI section stays text.
- (Debian pool 23, first look at a32929b) python-mpmath-doc's plot examples (``txt/plots/hankel2.py``: ``h0 = lambda
  x: hankel2(0,x)`` lines over one ``plot(...)`` call) read as text: a name bound to a lambda is a Python signature
  line. Prose about ``lambda:`` stays text.
- (Debian pool 23) ats2-lang's generated JavaScript (``CATS/JSLIBC/JSmath_cats.js``: ``var`` alone over
  ``ats2jspre_JSmath_E = Math.E``, ``function`` alone over ``name(x) { return ...; }``) read as text, where compat is
  right: ``var`` or ``function`` alone on a line is JavaScript's. libjs-dojo-core's ``cldr/nls/cs/roc.js``
  (``define(`` over its module id and a table of strings) read as text: a first statement ``define(`` with an id,
  dependencies or a factory is an AMD module. A glossary listing ``var`` and ``function`` over their meanings, and
  prose opening ``define(term)``, stay text.
"""

from __future__ import annotations

from pathlib import Path

import toolstub


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


# liblemonldap-ng-manager-perl: man -l usr/share/man/man3/Lemonldap::NG::Manager::Build.3pm.gz (whole)
LEMONLDAP_BUILD_MAN = (Path(__file__).parent / "samples" / "lemonldap_ng_manager_build.3pm.txt").read_text(encoding="utf-8")

RONN_MANUAL = """mytool(1) -- count the lines of files
=====================================

## SYNOPSIS

`mytool` [`-v`] <file>...

## DESCRIPTION

**mytool** counts the lines of each *file* and prints the total. See [the site](https://example.org/mytool).

## OPTIONS

  * `-v`:
    Print each file's count too.
"""

# zmap: usr/share/doc/zmap/README.md, its first 14 lines
ZMAP_README = """[![Build Status](https://travis-ci.org/zmap/zmap.svg?branch=travis-configuration)](https://travis-ci.org/zmap/zmap)

ZMap is a fast network scanner designed for Internet-wide network surveys. On a
typical desktop computer with a gigabit Ethernet connection, ZMap is capable
scanning the entire public IPv4 address space in under 45 minutes. With a 10gigE
connection and PF_RING, ZMap can scan the IPv4 address space in under 5 minutes.

While previous network tools have been designed to scan small network segments,
ZMap is specifically architected to scan the entire address space.  It is built
in a modular manner in order to allow incorporation with other network survey
tools.  ZMap operates on GNU/Linux and supports TCP SYN and ICMP echo request
scanning out of the box.

Documentation and examples can be found at https://zmap.io/.
"""

RST_README_WITH_BADGE = """zmap
====

.. image:: https://travis-ci.org/zmap/zmap.svg?branch=main
   :target: https://travis-ci.org/zmap/zmap

ZMap is a fast network scanner designed for Internet-wide network surveys.
It operates on GNU/Linux and supports TCP SYN and ICMP echo request scanning.
"""

RUST_MODULE_ROOT = """//! The catalog command: one endpoint's catalogs.
//!
//! A catalog holds schemas. [`list`] reads them.

pub mod list;
"""

CPP_DOXYGEN = """//! \\file point.h
//! A point in the plane.

#pragma once

//! The point's coordinates.
struct Point {
    double x;  //!< abscissa
    double y;  //!< ordinate
};
"""

# quisk (PyPI): quisk/afedrinet/quisk_conf_linux.py, its first comment and its first 16 statements
QUISK_CONF_LINUX = """# This is a sample quisk_conf.py configuration file for Linux
from afedrinet import quisk_hardware		# Use different hardware file
use_rx_udp = 1				# Get ADC samples from UDP
rx_udp_ip = "192.168.0.8"		# Sample source IP address
rx_udp_port = 50000			# Sample source UDP port
rx_udp_clock = 80000000  		# ADC sample rate in Hertz
data_poll_usec = 10000
sample_rate = 740740			# ADC hardware sample rate in Hertz
playback_rate = 48000			# Radio sound play rate
name_of_sound_capt = ""#AFEDRI-SDR-Net Audio"			# Name of soundcard capture hardware device.
name_of_sound_play = "portaudiodefault"#hw:0,0"			# Use the same device for play back.
latency_millisecs = 50				# latency time in milliseconds
display_fraction = 0.92			# The edges of the full bandwidth are not valid
default_rf_gain = 14
default_screen = 'WFall'
"""

INI_WITH_IMPORT_KEY = """[loader]
import = 1
host = "192.168.0.8"
port = 50000
"""


def test_formatted_manual_page_is_text() -> None:
    assert kind(LEMONLDAP_BUILD_MAN) == "text"
    assert kind(RONN_MANUAL) == "markdown"


def test_linked_image_is_markdown() -> None:
    assert kind(ZMAP_README) == "markdown"
    assert kind(RST_README_WITH_BADGE) == "text"


def test_pub_mod_declaration_is_rust() -> None:
    synopsis = toolstub.synopsize(RUST_MODULE_ROOT)
    assert synopsis.kind == "code"
    assert synopsis.title == "Rust code output"
    doxygen = toolstub.synopsize(CPP_DOXYGEN)
    assert doxygen.kind == "code"
    assert doxygen.title != "Rust code output"


def test_settings_module_with_an_import_is_python() -> None:
    synopsis = toolstub.synopsize(QUISK_CONF_LINUX)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"
    assert kind(INI_WITH_IMPORT_KEY) == "text"


# python-mpmath-doc: usr/share/doc/python-mpmath-doc/txt/plots/hankel2.py (whole)
MPMATH_HANKEL2_PLOT = '# Hankel function H2_n(x) on the real line for n=0,1,2,3\nh0 = lambda x: hankel2(0,x)\nh1 = lambda x: hankel2(1,x)\nh2 = lambda x: hankel2(2,x)\nh3 = lambda x: hankel2(3,x)\nplot([h0,h1,h2,h3],[0,6],[-1,2])\n'

LAMBDA_PROSE = """Notes

square = lambda: a rule of thumb for the name
The lambda: calculus is older than the computer.
"""


def test_names_bound_to_lambdas_are_python() -> None:
    synopsis = toolstub.synopsize(MPMATH_HANKEL2_PLOT)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"
    assert kind(LAMBDA_PROSE) == "text"


# ats2-lang: contrib/libatscc2js/ATS2-0.3.2/CATS/JSLIBC/JSmath_cats.js, its first 48 lines
ATS_JSMATH_CATS = """/*
******
*
* HX-2014-08:
* for JavaScript code
* translated from ATS
*
******
*/

/*
******
* beg of [JSmath_cats.js]
******
*/

/* ****** ****** */
//
var
ats2jspre_JSmath_E = Math.E
var
ats2jspre_JSmath_PI = Math.PI
var
ats2jspre_JSmath_SQRT2 = Math.SQRT2
var
ats2jspre_JSmath_SQRT1_2 = Math.SQRT1_2
var
ats2jspre_JSmath_LN2 = Math.LN2
var
ats2jspre_JSmath_LN10 = Math.LN10
var
ats2jspre_JSmath_LOG2E = Math.LOG2E
var
ats2jspre_JSmath_LOG10E = Math.LOG10E
//
/* ****** ****** */
//
function
ats2jspre_JSmath_abs(x) { return Math.abs(x); }
//
function
ats2jspre_JSmath_max(x, y) { return Math.max(x, y); }
//
function
ats2jspre_JSmath_min(x, y) { return Math.min(x, y); }
//
/* ****** ****** */
//
"""

# libjs-dojo-core: usr/share/javascript/dojo/cldr/nls/cs/roc.js, its first 8 lines and its last 3
DOJO_CLDR_ROC = """define(
"dojo/cldr/nls/cs/roc", //begin v1.x content
{
	"field-quarter-short-relative+0": "toto čtvrtletí",
	"field-quarter-short-relative+1": "příští čtvrtletí",
	"field-tue-relative+-1": "minulé úterý",
	"field-year": "rok",
	"field-wed-relative+0": "tuto středu",
}
//end v1.x content
);"""

GLOSSARY = """Glossary

var
    a name that holds a value, declared before its first use in the program

function
    a routine that takes arguments and returns a value to its caller
"""

DEFINE_PROSE = """define(term) gives the meaning of a term in the glossary.
Call it with the term you want and read the answer it prints.
"""


def test_keyword_alone_on_a_line_and_amd_modules_are_javascript() -> None:
    for content in (ATS_JSMATH_CATS, DOJO_CLDR_ROC):
        synopsis = toolstub.synopsize(content)
        assert synopsis.kind == "code"
        assert synopsis.title == "JavaScript code output"
    assert kind(GLOSSARY) == "text"
    assert kind(DEFINE_PROSE) == "text"
