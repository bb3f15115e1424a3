"""Issue 10, code classes found by probes of real material outside the accuracy corpus (third round).

Each input is a short excerpt of a real file that `default` read as text before, with its licence:

- libstdc++'s pb_ds implementation files (`*_imps.hpp`): a `// -*- C++ -*-` Emacs mode line, then
  out-of-line member definitions qualified by a macro on a line of its own (`PB_DS_CLASS_C_DEC::`).
  The excerpts keep the IBM Haifa permission notice they are distributed under (the notice must
  appear in all copies). A line that is one upper-case macro name and `::` is a split C++ name, not
  a reStructuredText literal-block intro (`Example::`), and the mode line names the language.

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

@pytest.mark.parametrize(
    ("content", "language"),
    [
        pytest.param(PB_DS_IMPS, "C++", id="pb-ds-imps-mode-line"),
        # without the mode line nothing says C++ rather than C (ties go to C): only the kind is asserted
        pytest.param(PB_DS_NO_MODE_LINE, None, id="pb-ds-macro-qualified-definitions"),
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
    ],
)
def test_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind

