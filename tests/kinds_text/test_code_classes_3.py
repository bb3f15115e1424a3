"""Issue 10, code classes found by probes of real material outside the accuracy corpus (third round).

Each input is a short excerpt of a real file that `default` read as text before, with its licence:

- libstdc++'s pb_ds implementation files (`*_imps.hpp`): a `// -*- C++ -*-` Emacs mode line, then
  out-of-line member definitions qualified by a macro on a line of its own (`PB_DS_CLASS_C_DEC::`).
  The excerpts keep the IBM Haifa permission notice they are distributed under (the notice must
  appear in all copies). A line that is one upper-case macro name and `::` is a split C++ name, not
  a reStructuredText literal-block intro (`Example::`), and the mode line names the language.
- Perl's Config_heavy.pl (written by configpm; Perl's licence, Artistic or GPL): a little Perl
  around here-documents (`$_ = <<'!END!';`) whose `key='value'` bodies are most of the file. A
  here-document's body is data, like POD or a docstring: the language share leaves it out.

And the other way: documents that share those marks keep their kind.
"""

from __future__ import annotations

import pytest

import toolstub

PB_DS_NOTICE = """\
// Copyright (C) 2004 Ami Tavory and Vladimir Dreizin, IBM-HRL.

// Permission to use, copy, modify, sell, and distribute this software
// is hereby granted without fee, provided that the above copyright
// notice appears in all copies, and that both that copyright notice
// and this permission notice appear in supporting documentation. None
// of the above authors, nor IBM Haifa Research Laboratories, make any
// representation about the suitability of this software for any
// purpose. It is provided "as is" without express or implied
// warranty.
"""

PB_DS_BODY = """\

/**
 * @file binary_heap_/find_fn_imps.hpp
 * Contains an implementation class for a binary_heap.
 */

#ifdef PB_DS_CLASS_C_DEC

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::const_reference
PB_DS_CLASS_C_DEC::
top() const
{
  PB_DS_ASSERT_VALID((*this))
  _GLIBCXX_DEBUG_ASSERT(!empty());
  return top_imp(s_no_throw_copies_ind);
}

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::const_reference
PB_DS_CLASS_C_DEC::
top_imp(true_type) const
{ return *m_a_entries; }

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::size_type
PB_DS_CLASS_C_DEC::
left_child(size_type i)
{ return i * 2 + 1; }

PB_DS_CLASS_T_DEC
inline typename PB_DS_CLASS_C_DEC::size_type
PB_DS_CLASS_C_DEC::
parent(size_type i)
{ return (i - 1) / 2; }
#endif
"""

#: the file as shipped: the mode line first
PB_DS_IMPS = "// -*- C++ -*-\n\n" + PB_DS_NOTICE + PB_DS_BODY
#: the same definitions without the mode line: the split names alone must not make it a document
PB_DS_NO_MODE_LINE = PB_DS_NOTICE + PB_DS_BODY

#: reStructuredText whose literal-block intros are one capitalised word (`Example::`, `Usage::`)
RST_LITERAL_INTROS = """\
Configuration
=============

The loader reads one file per environment and merges them in order.

Example::

    loader = Loader("prod")
    loader.read()

Usage::

    python -m loader --env prod

The merged settings are available as a mapping; keys that appear in more than one file take
the value of the last file read.
"""

#: prose that mentions a mode line: only a comment on the first line names the language
PROSE_ABOUT_MODE_LINES = """\
Emacs picks a major mode from the first line of a file when it holds a mode line such as
-*- C++ -*- or -*- mode: c; c-basic-offset: 4 -*-. The mode line is usually written inside a
comment so the compiler ignores it. When no mode line is present, Emacs falls back to the
file name's extension and then to the interpreter named by a shebang line.
"""

#: Config_heavy.pl cut down: its head, one here-document of Config.sh lines, the code after it
PERL_CONFIG_HEAVY = """\
# This file was created by configpm when Perl was built. Any changes
# made to this file will be lost the next time perl is built.

package Config;
use strict;
use warnings;
our %Config;

local *_ = \\my $a;
$_ = <<'!END!';
Author=''
CONFIG='true'
Date=''
Header=''
Id=''
Locker=''
Log=''
PATCHLEVEL='36'
PERL_API_REVISION='5'
PERL_API_SUBVERSION='0'
PERL_API_VERSION='36'
PERL_CONFIG_SH='true'
PERL_PATCHLEVEL=''
PERL_REVISION='5'
PERL_SUBVERSION='0'
PERL_VERSION='36'
RCSfile=''
Revision=''
SUBVERSION='0'
Source=''
State=''
_a='.a'
_exe=''
_o='.o'
afs='false'
afsroot='/afs'
alignbytes='8'
aphostname='hostname'
api_revision='5'
api_subversion='0'
api_version='36'
api_versionstring='5.36.0'
ar='ar'
archlib='/usr/lib/x86_64-linux-gnu/perl/5.36'
archlibexp='/usr/lib/x86_64-linux-gnu/perl/5.36'
archname='x86_64-linux-gnu-thread-multi'
archname64=''
archobjs=''
asctime_r_proto='REENTRANT_PROTO_B_SB'
awk='awk'
!END!

my $i = ord(8);
foreach my $c (7,6,5,4,3,2,1) { $i <<= 8; $i |= ord($c); }
our $byteorder = join('', unpack('aaaaaaaa', pack('L!', $i)));
s/(byteorder=)(['"]).*?\\2/$1$2$Config::byteorder$2/m;

my $config_sh_len = length $_;
"""

#: a README quoting a shell here-document (git's README.Debian, GPL-2): prose around it stays text
README_WITH_HEREDOC = """\
Git for Debian
--------------

When setting up a git.example.org server, there are several things to
configure to make everything work nicely together.  All this is optional.

1. Run a git-daemon.  This allows people to use a git:// URL to access your
repositories.  This package provides the git-daemon program, to enable a
git-daemon service, configure inetd(8) to launch it on demand, or install the
git-daemon-run package to run it permanently:
 cat >> /etc/inetd.conf <<EOF
git stream tcp4 nowait nobody /usr/bin/git git daemon --inetd --base-path=/var/lib /var/lib/git
git stream tcp6 nowait nobody /usr/bin/git git daemon --inetd --base-path=/var/lib /var/lib/git
EOF

Or:
 apt-get install git-daemon-run

Wait five seconds for the service to be picked up, and check its status and
logs:

 sv stat git-daemon
 cat /var/log/git-daemon/current

The git daemon by default looks into the directory /var/lib/git/ for
repositories (this is configured in /etc/sv/git-daemon/run).  It expects
the repositories' .git subdirectories in /var/lib/git/, symlinks pointing
to the corresponding subdirectories in the repositories are just fine, e.g.:

 ln -s ~pape/git/foo/.git /var/lib/git/foo.git
"""


@pytest.mark.parametrize(
    ("content", "language"),
    [
        pytest.param(PB_DS_IMPS, "C++", id="pb-ds-imps-mode-line"),
        # without the mode line nothing says C++ rather than C (ties go to C): only the kind is asserted
        pytest.param(PB_DS_NO_MODE_LINE, None, id="pb-ds-macro-qualified-definitions"),
        pytest.param(PERL_CONFIG_HEAVY, "Perl", id="perl-here-document-bodies"),
    ],
)
def test_real_code_is_code(content: str, language: str | None) -> None:
    syn = toolstub.synopsize(content)
    assert syn.kind == "code"
    if language is not None:
        assert syn.title == f"{language} code output"


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(RST_LITERAL_INTROS, "text", id="rst-literal-block-intros"),
        pytest.param(PROSE_ABOUT_MODE_LINES, "text", id="prose-about-mode-lines"),
        pytest.param(README_WITH_HEREDOC, "text", id="readme-quoting-a-here-document"),
    ],
)
def test_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


def test_here_document_bodies_are_neutral_only_up_to_their_tag() -> None:
    from toolstub.plugins.code_summarizer import _neutral_lines

    sample = [
        "cat > \"$conf\" <<-'EOF'",  # shell: <<- allows an indented closing tag
        "\tport=8080",
        "\tEOF",
        "value",  # a line equal to the string below, but before it: it does not close it
        'std::cout << "value" << std::endl;',  # no line `value` follows: not a here-document
        "x = 1 << SHIFT",  # nor a line `SHIFT`
        "print <<END;",
        "some text",
        "END",
        "done",
    ]
    assert _neutral_lines(sample) == [False, True, True, False, False, False, False, True, True, False]
