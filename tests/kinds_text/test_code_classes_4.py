"""Issue 10, code classes found by probes of real material outside the accuracy corpus (fourth round).

Each input is a short excerpt of a real file that `default` read wrongly before, with its licence:

- Rust crate docs in a `/*! ... */` block (regex-syntax 0.6.27's src/lib.rs, MIT OR Apache-2.0,
  as packaged by Debian's librust-regex-syntax-dev): Markdown (headings, links, a fenced example)
  inside a comment, then the crate's items. The Markdown documents the program: the lines of a
  multi-line C-style comment (`/*`, `/**`, `/*!` up to a ` */` line) are not the document's
  Markdown, as a Python docstring or a `///` line is not. A Markdown document quoting such a
  comment in a fence, or with a line opening with `/*` that no ` */` line closes, stays Markdown.
- A Python 3.11 traceback (a three-function script reading a file that is not JSON; the frames
  quote CPython 3.11's Lib/json, PSF licence): each frame's source line (`return json.load(f)`,
  `obj, end = self.raw_decode(...)`) is a Python line, and the language signatures claimed it as
  code. Its traceback lines (`Traceback (most recent call last):`, `File "...", line N, in f`,
  the exception line) are as many as its code lines: it is a log, as docs/kinds-text.md says
  (when they are as many as the code lines it is not code), now on the language-signature path
  too. A module whose docstring shows a doctest traceback stays Python.
- `openssl list -digest-algorithms` (OpenSSL 3.0, Apache-2.0; its output is a list of names):
  `  RSA-MD5 => MD5` and `  md5WithRSAEncryption => MD5` lines, an alias and the name it stands
  for, took Perl's `key => value` signature (8 of 40 lines: dense enough to make Perl code). A Perl
  pair's value is quoted, a sigil, a number, a bracket or a reference, or the line ends in `,`,
  `;` or an opening bracket; a bare word after `=>` at the line end is no Perl. A Perl data file
  of pairs (`name => 'toolstub',`, `requires => { ... },`) stays Perl.
- A Ruby method returning its manual as a here-document (Puppet 7's
  lib/puppet/application/filebucket.rb, Apache-2.0, as packaged by Debian's puppet-agent:
  `def help` / `<<-HELP` / a Markdown manual / `HELP`): the manual's headings, lists and
  `#{...}` lines made the file Markdown. A here-document's body, from its opener to the line that
  is its tag alone, is the program's data, not the document's Markdown. A README quoting a shell
  here-document in a fence stays Markdown.
"""

import pytest

import toolstub

RUST_CRATE_DOCS = r"""/*!
This crate provides a robust regular expression parser.

This crate defines two primary types:

* [`Ast`](ast/enum.Ast.html) is the abstract syntax of a regular expression.
  An abstract syntax corresponds to a *structured representation* of the
  concrete syntax of a regular expression, where the concrete syntax is the
  pattern string itself (e.g., `foo(bar)+`). Given some abstract syntax, it
  can be converted back to the original concrete syntax (modulo some details,
  like whitespace). To a first approximation, the abstract syntax is complex
  and difficult to analyze.
* [`Hir`](hir/struct.Hir.html) is the high-level intermediate representation
  ("HIR" or "high-level IR" for short) of regular expression. It corresponds to
  an intermediate state of a regular expression that sits between the abstract
  syntax and the low level compiled opcodes that are eventually responsible for
  executing a regular expression search. Given some high-level IR, it is not
  possible to produce the original concrete syntax (although it is possible to
  produce an equivalent concrete syntax, but it will likely scarcely resemble
  the original pattern). To a first approximation, the high-level IR is simple
  and easy to analyze.

These two types come with conversion routines:

* An [`ast::parse::Parser`](ast/parse/struct.Parser.html) converts concrete
  syntax (a `&str`) to an [`Ast`](ast/enum.Ast.html).
* A [`hir::translate::Translator`](hir/translate/struct.Translator.html)
  converts an [`Ast`](ast/enum.Ast.html) to a [`Hir`](hir/struct.Hir.html).

As a convenience, the above two conversion routines are combined into one via
the top-level [`Parser`](struct.Parser.html) type. This `Parser` will first
convert your pattern to an `Ast` and then convert the `Ast` to an `Hir`.


# Example

This example shows how to parse a pattern string into its HIR:

```
use regex_syntax::Parser;
use regex_syntax::hir::{self, Hir};

let hir = Parser::new().parse("a|b").unwrap();
assert_eq!(hir, Hir::alternation(vec![
    Hir::literal(hir::Literal::Unicode('a')),
    Hir::literal(hir::Literal::Unicode('b')),
]));
```


# Concrete syntax supported

*/
#![deny(missing_docs)]
#![warn(missing_debug_implementations)]
#![forbid(unsafe_code)]

pub use crate::error::{Error, Result};
pub use crate::parser::{Parser, ParserBuilder};
pub use crate::unicode::UnicodeWordError;

pub mod ast;
mod either;
mod error;
pub mod hir;
mod parser;
mod unicode;
mod unicode_tables;
pub mod utf8;

/// Escapes all regular expression meta characters in `text`.
///
/// The string returned may be safely used as a literal in a regular
/// expression.
pub fn escape(text: &str) -> String {
    let mut quoted = String::new();
    escape_into(text, &mut quoted);
    quoted
}

/// Escapes all meta characters in `text` and writes the result into `buf`.
///
/// This will append escape characters into the given buffer. The characters
/// that are appended are safe to use as a literal in a regular expression.
pub fn escape_into(text: &str, buf: &mut String) {
    buf.reserve(text.len());
    for c in text.chars() {
        if is_meta_character(c) {
            buf.push('\\');
        }
        buf.push(c);
    }
}
"""

MARKDOWN_QUOTING_C_COMMENTS = """# libfoo

A small C library. See [the manual](https://example.org/manual) for details.

```c
/**
 * foo_open - open a foo handle
 */
int foo_open(const char *path);
```

## Paths

/* matches every file of a folder, and `**` every file below it.
Use the `--recursive` flag to walk [sub-folders](docs/walk.md).
"""


PYTHON_311_TRACEBACK = """Traceback (most recent call last):
  File "/tmp/proj/crash.py", line 10, in <module>
    main()
  File "/tmp/proj/crash.py", line 8, in main
    return load('/etc/hostname')
           ^^^^^^^^^^^^^^^^^^^^^
  File "/tmp/proj/crash.py", line 5, in load
    return json.load(f)
           ^^^^^^^^^^^^
  File "/usr/lib/lib/python3.11/json/__init__.py", line 293, in load
    return loads(fp.read(),
           ^^^^^^^^^^^^^^^^
  File "/usr/lib/lib/python3.11/json/__init__.py", line 346, in loads
    return _default_decoder.decode(s)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/lib/python3.11/json/decoder.py", line 337, in decode
    obj, end = self.raw_decode(s, idx=_w(s, 0).end())
               ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/usr/lib/lib/python3.11/json/decoder.py", line 355, in raw_decode
    raise JSONDecodeError("Expecting value", s, err.value) from None
json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)
"""

PYTHON_MODULE_WITH_DOCTEST_TRACEBACK = '''"""Parse version strings."""

import re

_VERSION = re.compile(r"(\\d+)\\.(\\d+)")


def parse(text):
    """The (major, minor) pair of ``text``.

    >>> parse("x")
    Traceback (most recent call last):
      ...
    ValueError: not a version: 'x'
    """
    found = _VERSION.match(text)
    if found is None:
        raise ValueError(f"not a version: {text!r}")
    return int(found.group(1)), int(found.group(2))
'''


OPENSSL_DIGEST_ALIASES = """Legacy:
  RSA-MD4 => MD4
  RSA-MD5 => MD5
  RSA-RIPEMD160 => RIPEMD160
  RSA-SHA1 => SHA1
  RSA-SHA1-2 => RSA-SHA1
  RSA-SHA224 => SHA224
  RSA-SHA256 => SHA256
  RSA-SHA3-224 => SHA3-224
  RSA-SHA3-256 => SHA3-256
  RSA-SHA3-384 => SHA3-384
  RSA-SHA3-512 => SHA3-512
  RSA-SHA384 => SHA384
  RSA-SHA512 => SHA512
  RSA-SHA512/224 => SHA512-224
  RSA-SHA512/256 => SHA512-256
  RSA-SM3 => SM3
  BLAKE2b512
  BLAKE2s256
  id-rsassa-pkcs1-v1_5-with-sha3-224 => SHA3-224
  id-rsassa-pkcs1-v1_5-with-sha3-256 => SHA3-256
  id-rsassa-pkcs1-v1_5-with-sha3-384 => SHA3-384
  id-rsassa-pkcs1-v1_5-with-sha3-512 => SHA3-512
  MD4
  md4WithRSAEncryption => MD4
  MD5
  MD5-SHA1
  md5WithRSAEncryption => MD5
  ripemd => RIPEMD160
  RIPEMD160
  ripemd160WithRSA => RIPEMD160
  rmd160 => RIPEMD160
  SHA1
  sha1WithRSAEncryption => SHA1
  SHA224
  sha224WithRSAEncryption => SHA224
  SHA256
  sha256WithRSAEncryption => SHA256
  SHA3-224
  SHA3-256
"""

PERL_DATA_PAIRS = """{
    name      => 'toolstub',
    version   => '1.04',
    requires  => { perl => '5.010', 'JSON::PP' => 0 },
    scripts   => [ 'bin/ts' ],
    abstract  => 'Tool output synopses',
    license   => 'perl',
    dynamic_config => 0,
}
"""


RUBY_HELP_HERE_DOCUMENT = """require_relative '../../puppet/application'

class Puppet::Application::Filebucket < Puppet::Application
  environment_mode :not_required

  option("--bucket BUCKET","-b")
  option("--debug","-d")
  option("--fromdate FROMDATE","-f")
  option("--todate TODATE","-t")
  option("--local","-l")
  option("--remote","-r")
  option("--verbose","-v")

  attr :args

  def summary
    _("Store and retrieve files in a filebucket")
  end

  def digest_algorithm
    Puppet.default_digest_algorithm
  end

  def help
    <<-HELP

puppet-filebucket(8) -- #{summary}
========

SYNOPSIS
--------
A stand-alone Puppet filebucket client.


USAGE
-----
puppet filebucket <mode> [-h|--help] [-V|--version] [-d|--debug]
  [-v|--verbose] [-l|--local] [-r|--remote] [-s|--server <server>]
  [-f|--fromdate <date>] [-t|--todate <date>] [-b|--bucket <directory>]
  <file> <file> ...

Puppet filebucket can operate in three modes, with only one mode per call:

backup:
  Send one or more files to the specified file bucket. Each sent file is
  printed with its resulting #{digest_algorithm} sum.

get:
  Return the text associated with an #{digest_algorithm} sum. The text is printed to
  stdout, and only one file can be retrieved at a time.

restore:
  Given a file path and an #{digest_algorithm} sum, store the content associated with
  the sum into the specified file path. You can specify an entirely new
  path to this argument; you are not restricted to restoring the content
  to its original location.

diff:
  Print a diff in unified format between two checksums in the filebucket
  or between a checksum and its matching file.

list:
  List all files in the current local filebucket. Listing remote
  filebuckets is not allowed.

DESCRIPTION
-----------
This is a stand-alone filebucket client for sending files to a local or
central filebucket.

Note that 'filebucket' defaults to using a network-based filebucket
available on the server named 'puppet'. To use this, you'll have to be
running as a user with valid Puppet certificates. Alternatively, you can
use your local file bucket by specifying '--local', or by specifying
'--bucket' with a local path.

> **Note**: Enabling and using the backup option, and by extension the 
  filebucket resource, requires appropriate planning and management to ensure 
  that sufficient disk space is available for the file backups. Generally, you 
  can implement this using one of the following two options:
  - Use a `find` command and `crontab` entry to retain only the last X days 
  of file backups. For example: 

  ```shell
  find /opt/puppetlabs/server/data/puppetserver/bucket -type f -mtime +45 -atime +45 -print0 | xargs -0 rm
  ```

  - Restrict the directory to a maximum size after which the oldest items are removed.


OPTIONS
-------
Note that any setting that's valid in the configuration
file is also a valid long argument. For example, 'ssldir' is a valid
setting, so you can specify '--ssldir <directory>' as an
argument.

See the configuration file documentation at
https://puppet.com/docs/puppet/latest/configuration.html for the
full list of acceptable parameters. A commented list of all
configuration options can also be generated by running puppet with
'--genconfig'.

* --bucket:
    HELP
  end


  def run_command
    @args = command_line.args
    command = args.shift
    return send(command) if %w{get backup restore diff list}.include? command
    help
  end

  def get
    digest = args.shift
    out = @client.getfile(digest)
    print out
  end

  def backup
    raise _("You must specify a file to back up") unless args.length > 0

    args.each do |file|
      unless Puppet::FileSystem.exist?(file)
        $stderr.puts _("%{file}: no such file") % { file: file }
        next
      end
"""

README_QUOTING_A_HERE_DOCUMENT = """# Setup

Write the service's [configuration](docs/config.md) first:

```sh
cat > /etc/foo.conf <<EOF
# Foo
listen = 8080
EOF
```

Then **restart** it with `systemctl restart foo`.
"""


def test_traceback_quoting_code_is_log() -> None:
    assert toolstub.synopsize(PYTHON_311_TRACEBACK).kind == "log"


@pytest.mark.parametrize(
    ("content", "language"),
    [
        pytest.param(RUST_CRATE_DOCS, "Rust", id="rust-crate-docs-in-block-comment"),
        pytest.param(PYTHON_MODULE_WITH_DOCTEST_TRACEBACK, "Python", id="python-doctest-traceback-stays-python"),
        pytest.param(PERL_DATA_PAIRS, "Perl", id="perl-data-pairs-stay-perl"),
        pytest.param(RUBY_HELP_HERE_DOCUMENT, "Ruby", id="ruby-here-document-holding-markdown"),
    ],
)
def test_real_code_is_code(content: str, language: str | None, code_in) -> None:
    code_in(content, language)


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(MARKDOWN_QUOTING_C_COMMENTS, "markdown", id="markdown-quoting-c-comments"),
        pytest.param(OPENSSL_DIGEST_ALIASES, "text", id="openssl-digest-aliases"),
        pytest.param(README_QUOTING_A_HERE_DOCUMENT, "markdown", id="readme-quoting-a-here-document"),
        pytest.param(RUST_CRATE_DOCS.split("*/")[0].replace("/*!", "", 1), "markdown", id="crate-docs-alone-are-markdown"),
    ],
)
def test_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind
