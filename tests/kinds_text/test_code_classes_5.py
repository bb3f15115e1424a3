"""Issue 10, code classes found by probe_pycode (docs/probes/probe_pycode.py): registry packages no corpus names.

Each input is a short excerpt of a real file that `default` read wrongly before, with its licence:

- A Perl module under a `#=====` banner box (Template Toolkit 3.101's Template/Plugin/Pod.pm, as
  packaged by Debian's libtemplate-perl; "the same terms as Perl itself"): the banner's first line
  opened a Julia `#= ... =#` block comment that no `=#` ever closed, so every line of the module was
  a comment and it read as text (40 of libtemplate-perl's 41 modules). A `#=` opener is a block only
  when a later line holds its `=#`; a real Julia block comment stays one (its prose is not counted),
  and a configuration file boxed by `#=====` rules stays text.
- TypeScript declaration files of one or two statements (date-fns 4's fp/max.d.ts, preact 11's
  devtools/src/index.d.ts, @types/lodash's fp/__.d.ts; MIT): `export declare const max: ...<`,
  `export function addHookName<T>(value: T, name: string): T;` under a JSDoc block, `import _ =
  require("../index");` / `declare const __: _.__;` / `export = __;`. Too short for the share rules
  (five statements); their first statement (after comments) is one only TypeScript writes (a
  `declare`, a type alias, an interface, `import type`, `import x = require(...)`, an overload
  signature with a return type): a TypeScript marker. 481 of the probe's 4,375 `.d.ts` files were
  text. An ES module re-export as the first statement (`export * from "./x";`, `export {};`: React's
  compiler-runtime.d.ts) marks JavaScript the same way. A Markdown page quoting a declaration in a
  fence stays Markdown.
- TypeScript interface members (typeorm 1.1's driver/mongodb/MongoDataSourceOptions.d.ts, MIT, lines
  10-45 as `sed -n` prints them): `readonly url?: string;` lines under JSDoc comments read as
  `key: value` settings (the config veto). A member with a modifier or an optional `?:` is a program
  line; a Samba-style `public = yes` / `read only = no` configuration stays text.
- JavaScript that is data: a syntax grammar (prismjs 1.30's components/prism-arff.js, MIT:
  `Prism.languages.arff = {` over `'comment': /%.*/,` rows) and what tsc writes for a module of
  types only (typeorm 1.1's driver/types/ColumnTypes.js, MIT: `"use strict";`,
  `Object.defineProperty(exports, "__esModule", ...)`, a source map comment). A quoted key with a
  regex literal value is a JavaScript signature; the CommonJS prologue opening the file marks
  JavaScript. YAML of slash-delimited patterns and prose quoting unquoted `name: /re/,` routes keep
  their kinds.
- GNU-style C (gnulib's lib/wcslen-impl.h, LGPL-3.0-or-later; gnulib's test tables): the return type
  on a line of its own and `wcslen (const wchar_t *s)` on the next, or `#include` lines over rows of
  `{ 0x0041, 0x0061 },` initializers. The config veto read them as settings (a bare word, `{`, `}`,
  brace rows), and no C signature matched the header. A function header with typed parameters on its
  own line is a C signature and a program line, and so is a brace row of numbers or constants; 146 of
  gnulib's 1,100 C files read as text, 22 now. X resources run through cpp and prose listing
  `name (words)` lines keep their kinds.
- Rust modules of doc comments and attributes (clap 4.0.32's src/_cookbook/*.rs, MIT OR Apache-2.0):
  `//!` lines and `#![doc = include_str!("...")]`. The statement share left out every line opening
  with `#`, the attributes too, so nothing was left. A Rust attribute (`#[x(`, `#![x =`) is a
  statement; a MySQL option file with commented-out `#[mysqld]` sections stays text.
- Cython declarations of C++ classes (Cython 3.3.1's Includes/libcpp/vector.pxd, Apache-2.0): in a
  `cdef extern from "<vector>" namespace "std" nogil:` block, `bint operator==(...)`, `iterator()
  except +`, `cppclass iterator:` lines were no Python line, so the share stayed under half. They are
  Python's (Cython's) own lines now; the probe's .pxd/.pyx went from 134 to 141 of 157 code. A C++
  header declaring operators stays C++.
"""

import pytest

import toolstub

PERL_BANNER_MODULE = r"""#==============================================================================
# 
# Template::Plugin::Pod
#
# DESCRIPTION
#  Pod parser and object model.
#
# AUTHOR
#   Andy Wardley   <abw@wardley.org>
#
# COPYRIGHT
#   Copyright (C) 2000-2007 Andy Wardley.  All Rights Reserved.
#
#   This module is free software; you can redistribute it and/or
#   modify it under the same terms as Perl itself.
#
#============================================================================

package Template::Plugin::Pod;

use strict;
use warnings;
use base 'Template::Plugin';
use Pod::POM;


our $VERSION = 2.69;

#------------------------------------------------------------------------
# new($context, \%config)
#------------------------------------------------------------------------

sub new {
    my $class = shift;
    my $context = shift;

    Pod::POM->new(@_);
}


1;

__END__

=head1 NAME

Template::Plugin::Pod - Plugin interface to Pod::POM (Pod Object Model)
"""

#: a Julia module whose block comment is prose: the block stays neutral, the module Julia
JULIA_BLOCK_COMMENT = """#=
This module computes running statistics over a stream of samples.
It keeps the count, the mean and the sum of squared differences,
so that the variance can be read at any time without a second pass.
See Welford (1962) for the method, and Knuth, volume 2, for its analysis.
The samples may arrive in any order; nothing is stored but the totals.
=#
module Running

export Stats, push!, variance

mutable struct Stats
    n::Int
    mean::Float64
    m2::Float64
end

Stats() = Stats(0, 0.0, 0.0)

function push!(s::Stats, x::Real)
    s.n += 1
    d = x - s.mean
    s.mean += d / s.n
    s.m2 += d * (x - s.mean)
    return s
end

variance(s::Stats) = s.n < 2 ? NaN : s.m2 / (s.n - 1)

end # module
"""

#: a configuration file boxed by `#=====` rules: settings, text
CONFIG_WITH_BANNERS = """#==============================================================================
# Global settings
#==============================================================================
user = www-data
worker_processes = 4
pid_file = /run/app.pid

#==============================================================================
# Logging
#==============================================================================
log_level = info
log_file = /var/log/app/app.log
rotate = daily
"""


def test_perl_module_under_banner_box_is_perl(code_in) -> None:
    code_in(PERL_BANNER_MODULE, "Perl")


def test_julia_block_comment_stays_julia(code_in) -> None:
    code_in(JULIA_BLOCK_COMMENT, "Julia")


def test_config_with_banner_rules_stays_text() -> None:
    assert toolstub.synopsize(CONFIG_WITH_BANNERS).kind == "text"


DATE_FNS_FP_MAX = """export declare const max: import("./types.ts").FPFn1<
  Date,
  import("../fp.ts").DateArg<Date>[]
>;
"""

PREACT_DEVTOOLS_DTS = """/**
 * Customize the displayed name of a useState, useReducer or useRef hook
 * in the devtools panel.
 *
 * @param value Wrapped native hook.
 * @param name Custom name
 */
export function addHookName<T>(value: T, name: string): T;
"""

LODASH_FP_PLACEHOLDER = """import _ = require("../index");
declare const __: _.__;
export = __;
"""

ES_REEXPORTS = """// Not meant to be used directly
// Omitting all exports so that they don't appear in IDE autocomplete.

export {};
"""

TYPEORM_MEMBERS = """    readonly type: "mongodb";
    /**
     * Connection url where the connection is performed.
     */
    readonly url?: string;
    /**
     * Database host.
     */
    readonly host?: string;
    /**
     * Database host replica set.
     */
    readonly hostReplicaSet?: string;
    /**
     * Database host port.
     */
    readonly port?: number;
    /**
     * Database username.
     */
    readonly username?: string;
    /**
     * Database password.
     */
    readonly password?: string;
    /**
     * Database name to connect to.
     */
    readonly database?: string;
    /**
     * The driver object
     * This defaults to require("mongodb")
     */
    readonly driver?: any;
"""

MARKDOWN_QUOTING_DECLARATION = """# Typings

Declare the module once in your project's `global.d.ts`, then import it anywhere:

```ts
declare module "virtual:config" {
  export const base: string;
}
```

See [the handbook](https://www.typescriptlang.org/docs/handbook/modules.html) for more.
"""

SAMBA_SHARES = """[global]
   workgroup = WORKGROUP
   server string = %h server
   log file = /var/log/samba/log.%m

[public]
   path = /srv/public
   public = yes
   read only = no
   guest ok = yes
"""


@pytest.mark.parametrize(
    ("content", "language"),
    [
        pytest.param(DATE_FNS_FP_MAX, "TypeScript", id="declare-const"),
        pytest.param(PREACT_DEVTOOLS_DTS, "TypeScript", id="overload-signature-under-jsdoc"),
        pytest.param(LODASH_FP_PLACEHOLDER, "TypeScript", id="import-equals-require"),
        pytest.param(ES_REEXPORTS, "JavaScript", id="es-module-reexport"),
        pytest.param(TYPEORM_MEMBERS, "TypeScript", id="interface-members-slice"),
    ],
)
def test_short_typescript_declarations_are_code(content: str, language: str, code_in) -> None:
    code_in(content, language)


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(MARKDOWN_QUOTING_DECLARATION, "markdown", id="markdown-quoting-declare-module"),
        pytest.param(SAMBA_SHARES, "text", id="samba-public-read-only"),
    ],
)
def test_typescript_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


#: prismjs 1.30.0's components/prism-arff.js (MIT): a syntax grammar, an object literal of regex literals
PRISM_ARFF = r"""Prism.languages.arff = {
	'comment': /%.*/,
	'string': {
		pattern: /(["'])(?:\\.|(?!\1)[^\\\r\n])*\1/,
		greedy: true
	},
	'keyword': /@(?:attribute|data|end|relation)\b/i,
	'number': /\b\d+(?:\.\d+)?\b/,
	'punctuation': /[{},]/
};
"""

#: typeorm 1.1's driver/types/ColumnTypes.js (MIT): what tsc writes for a module of types only
TSC_TYPE_ONLY_MODULE = """"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=ColumnTypes.js.map
"""

#: a configuration of named patterns in YAML (unquoted keys, slash-delimited strings): YAML
YAML_PATTERNS = r"""# highlighting rules for the log viewer
rules:
  comment: /^#.*/
  keyword: /\b(?:ERROR|WARN)\b/
  number: /\b\d+\b/
colors:
  comment: grey
  keyword: red
"""

#: prose quoting a few `name: /pattern/,` routes: text
PROSE_WITH_ROUTES = r"""Routes are matched in order. Each key is a name, each value a pattern:
  home: /^\/$/,
  user: /^\/users\/(\d+)$/,
  search: /^\/search/,
A route that matches none of them falls through to the 404 handler.
"""


@pytest.mark.parametrize(
    "content",
    [pytest.param(PRISM_ARFF, id="prism-grammar-of-regex-literals"), pytest.param(TSC_TYPE_ONLY_MODULE, id="tsc-type-only-module")],
)
def test_javascript_of_data_is_javascript(content: str, code_in) -> None:
    code_in(content, "JavaScript")


@pytest.mark.parametrize(
    ("content", "kind"),
    [pytest.param(YAML_PATTERNS, "yaml", id="yaml-patterns"), pytest.param(PROSE_WITH_ROUTES, "text", id="prose-quoting-routes")],
)
def test_regex_literal_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


#: gnulib's lib/wcslen-impl.h (LGPL-3.0-or-later, as packaged by Debian's gnulib): GNU style, the return
#: type on its own line and the function's name, a blank and its typed parameters on the next
GNU_STYLE_DEFINITION = r"""/* Determine the length of a wide string.
   Copyright (C) 1999, 2011-2023 Free Software Foundation, Inc.
   Written by Bruno Haible <bruno@clisp.org>, 1999.

   This file is free software: you can redistribute it and/or modify
   it under the terms of the GNU Lesser General Public License as
   published by the Free Software Foundation, either version 3 of the
   License, or (at your option) any later version.

   This file is distributed in the hope that it will be useful,
   but WITHOUT ANY WARRANTY; without even the implied warranty of
   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
   GNU Lesser General Public License for more details.

   You should have received a copy of the GNU Lesser General Public License
   along with this program.  If not, see <https://www.gnu.org/licenses/>.  */

size_t
wcslen (const wchar_t *s)
{
  const wchar_t *ptr;

  for (ptr = s; *ptr != (wchar_t)'\0'; ptr++)
    ;
  return ptr - s;
}
"""

#: rows of gnulib's lib/unictype/blocks.h (LGPLv3+ or GPLv2+) after an `#include`, the shape of
#: gnulib's test tables (`#include "test-mapping-part1.h"`, rows, `#include "test-mapping-part2.h"`)
C_TABLE_ROWS = """#include "unictype.h"

  { 0x0000, 0x007F, "Basic Latin" },
  { 0x0080, 0x00FF, "Latin-1 Supplement" },
  { 0x0100, 0x017F, "Latin Extended-A" },
  { 0x0180, 0x024F, "Latin Extended-B" },
  { 0x0250, 0x02AF, "IPA Extensions" },
  { 0x02B0, 0x02FF, "Spacing Modifier Letters" },
  { 0x0300, 0x036F, "Combining Diacritical Marks" },
  { 0x0370, 0x03FF, "Greek and Coptic" },
  { 0x0400, 0x04FF, "Cyrillic" },
  { 0x0500, 0x052F, "Cyrillic Supplement" },
  { 0x0530, 0x058F, "Armenian" },
  { 0x0590, 0x05FF, "Hebrew" },
"""

#: X resources run through cpp: configuration, text
X_RESOURCES_WITH_CPP = """! Xresources for the session
#include "/etc/X11/Xresources/x11-common"

XTerm*faceName: DejaVu Sans Mono
XTerm*faceSize: 11
XTerm*background: black
XTerm*foreground: grey90
XTerm*saveLines: 4096
XTerm*scrollBar: false
"""

#: prose whose lines open with a name and a parenthesis (an index of functions and their arguments): text
PROSE_INDEX = """The library's entry points, with what each takes:
open (the path and the flags)
read (a descriptor, a buffer and its size)
close (the descriptor)
Each returns -1 and sets errno when it fails.
"""


@pytest.mark.parametrize(
    "content",
    [pytest.param(GNU_STYLE_DEFINITION, id="gnu-style-definition"), pytest.param(C_TABLE_ROWS, id="c-table-rows")],
)
def test_gnu_style_c_is_c(content: str, code_in) -> None:
    code_in(content, "C")


@pytest.mark.parametrize(
    ("content", "kind"),
    [pytest.param(X_RESOURCES_WITH_CPP, "text", id="x-resources-with-cpp"), pytest.param(PROSE_INDEX, "text", id="prose-index")],
)
def test_gnu_style_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


#: clap 4.0.32's src/_cookbook/git.rs (MIT OR Apache-2.0, as packaged by Debian's librust-clap-dev): a module
#: of `//!` doc comments and `#![doc = include_str!(...)]` attributes
RUST_DOC_MODULE = """//! # Example: git-like CLI (Builder API)
//!
//! ```rust
#![doc = include_str!("../../examples/git.rs")]
//! ```
//!
#![doc = include_str!("../../examples/git.md")]
"""

#: a MySQL option file with commented-out `#[section]` headers: configuration, text
MYSQL_OPTIONS_COMMENTED_SECTIONS = """[client]
#[mysqld]
#user = mysql
#port = 3306
#[mysqldump]
#quick
#max_allowed_packet = 16M
port = 3306
socket = /run/mysqld/mysqld.sock
"""


def test_rust_attributes_are_statements(code_in) -> None:
    code_in(RUST_DOC_MODULE, "Rust")


def test_commented_out_sections_stay_text() -> None:
    assert toolstub.synopsize(MYSQL_OPTIONS_COMMENTED_SECTIONS).kind == "text"


#: Cython 3.3.1's Cython/Includes/libcpp/vector.pxd (Apache-2.0), its first 40 lines: C++ declarations in a
#: `cdef extern` block (`bint operator==(...)`, `iterator() except +`), lines only Cython writes
CYTHON_LIBCPP_VECTOR = """cdef extern from "<vector>" namespace "std" nogil:
    cdef cppclass vector[T,ALLOCATOR=*]:
        ctypedef T value_type
        ctypedef ALLOCATOR allocator_type

        # these should really be allocator_type.size_type and
        # allocator_type.difference_type to be true to the C++ definition
        # but cython doesn't support deferred access on template arguments
        ctypedef size_t size_type
        ctypedef ptrdiff_t difference_type

        bint operator==(const vector&, const vector&)
        bint operator!=(const vector&, const vector&)
        bint operator<(const vector&, const vector&)
        bint operator>(const vector&, const vector&)
        bint operator<=(const vector&, const vector&)
        bint operator>=(const vector&, const vector&)

        cppclass const_iterator
        cppclass iterator:
            iterator() except +
            iterator(iterator&) except +
            T& operator*()
            iterator operator++()
            iterator operator--()
            iterator operator++(int)
            iterator operator--(int)
            iterator operator+(size_type)
            iterator operator-(size_type)
            difference_type operator-(iterator)
            difference_type operator-(const_iterator)
            bint operator==(iterator)
            bint operator==(const_iterator)
            bint operator!=(iterator)
            bint operator!=(const_iterator)
            bint operator<(iterator)
            bint operator<(const_iterator)
            bint operator>(iterator)
            bint operator>(const_iterator)
            bint operator<=(iterator)
"""

#: a C++ header declaring operators: C++, not Python
CPP_OPERATORS = """#include <cstddef>

namespace geo {

class Point {
public:
    Point(double x, double y) : x_(x), y_(y) {}
    bool operator==(const Point& other) const;
    bool operator!=(const Point& other) const;
    Point operator+(const Point& other) const;
    double x() const noexcept { return x_; }
    double y() const noexcept { return y_; }

private:
    double x_;
    double y_;
};

}  // namespace geo
"""


def test_cython_cpp_declarations_are_python(code_in) -> None:
    code_in(CYTHON_LIBCPP_VECTOR, "Python")


def test_cpp_operators_stay_cpp(code_in) -> None:
    code_in(CPP_OPERATORS, "C++")
