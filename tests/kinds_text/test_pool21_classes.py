"""Issue 10 (pool probes, this round's second first looks: Debian pool 21 and PyPI pool 7, half ``a``): classes of
real files that `default` read as another kind, each with look-alikes that must keep theirs.

- sudosu's ``core/default_agent.py`` (PyPI pool 7; no licence stated, so not quoted: the module below has its
  shape) read as Markdown, where compat is right: a function assigns ``prompt_content = '''# Sudosu ...`` and the
  prompt's headings and bold lines run past the Markdown probe's 400 lines, so the string never closed there and was
  read as the document. A triple-quoted string assigned to a name that runs past the probe is the program's string
  to the probe's end. A Markdown README whose fenced example assigns such a string stays Markdown.
- polygenic-pgx's ``tools/data/colors.py`` (``class Colors:`` over ``pumpkin_lighter = "#f5d0bf"`` lines; its
  licence is for non-commercial use, so the class below has the same shape, not its lines) read as configuration
  text, where compat is right: a class whose body is literal assignments is a Python module of constants, the class
  statement its Python-only evidence. The same lines under an INI or TOML section stay text.
- eng-dictionary's ``dictionary/constants.py`` (MIT; quoted whole, CRLF and all: ``CREATE_TABLE = "CREATE TABLE
  Dictionary" \\`` then ``"(word text primary key,"``) read as text: adjacent strings joined over lines are written
  as only Python writes them. ``name = "x"`` lines alone, as TOML writes them, stay text.
- Four more from the other pools' half a: libpxp-ocaml-dev's ``examples/*/README`` (``sort: reads an XML file from
  stdin, sorts the records,`` over tab-indented prose; ``-pubid: maps a PUBLIC id to a file.``) read as Makefiles: a
  rule's target opens with no ``-`` and its prerequisites have no ``, ``. A Makefile whose prerequisites call
  ``$(patsubst %.c,%.o,$(SRC))`` stays code. libsuitesparse-dev's ``umfpack_get_numeric.h`` (prototypes with one
  parameter a line, ``int Lp [ ],``) read as configuration text, where compat is right: such parameters are a
  program's lines; a Postfix ``main.cf`` continued over ``    permit_mynetworks,`` lines stays text. python3-patsy's
  generated ``test_splines_bs_data.py`` (``import numpy as np`` over ``R_bs_test_x = np.array(...)`` and a long
  string of test vectors) read as text, where compat is right: an ``import lower.dotted [as alias]`` first
  statement over an assignment marks Python. A breezy plugin's ``test_po_merge.py`` (smartmerge, PyPI pool 4),
  whose strings quote a gettext catalogue, read as text, where compat is right: a catalogue's header entry opens the
  catalogue (under its ``#`` comments only); a real ``.po`` file stays text.
"""

from __future__ import annotations

import toolstub
from toolstub.engine import explain


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


PROMPT_LINES = "\n".join(
    f"{n}. **Step {n}**: check the `{n}` specialists first, then handle the task yourself." for n in range(1, 451)
)

AGENT_MODULE = (
    '"""Default agent configuration."""\n\nDEFAULT_AGENT_NAME = "sudosu"\n\n\n'
    "def generate_default_agent_md() -> str:\n"
    '    """Generate the content for the default AGENT.md file."""\n'
    "    prompt_content = '''# Sudosu - Your Powerful AI Assistant\n\n"
    "You are Sudosu, the main AI assistant for this project.\n\n## Your Primary Role\n\n"
    + PROMPT_LINES
    + "\n'''\n    return prompt_content\n"
)

README_WITH_PROMPT_EXAMPLE = (
    "# agent-kit\n\nA toolkit for **agents**, with [docs](https://example.org/docs).\n\n## Usage\n\n"
    "Define the prompt in your module:\n\n```python\nPROMPT = '''\n# Role\nYou help with `tasks`.\n'''\n```\n\n"
    "- write the prompt\n- register the agent\n- run it\n"
)

COLORS_CLASS = """class Palette:

    sand_lighter = "#1f2e3d"
    sand_light = "#3e5c7a"
    sand = "#5d8ab7"
    sand_dark = "#7cb8f4"
    sand_darker = "#9be731"

    moss_lighter = "#bb156e"
    moss_light = "#da43ab"
    moss = "#f971e8"
    moss_dark = "#18a026"
    moss_darker = "#37ce63"
"""

COLORS_INI = """[palette]
sand_lighter = "#f7ecd9"
sand_light = "#e8cfa0"
sand = "#c9a063"
moss = "#7aa35a"
"""

COLORS_TOML = """[palette]
sand = "#c9a063"
moss = "#7aa35a"

[palette.dark]
sand = "#8f6a35"
moss = "#4d6b36"
"""

# eng-dictionary 0.0.3 (PyPI, MIT): dictionary/constants.py (whole, its CRLF line ends kept)
ENG_DICTIONARY_CONSTANTS = 'TAG = "div"\r\nCLASS = "def ddef_d db"\r\nCREATE_TABLE = "CREATE TABLE Dictionary" \\\r\n               "(word text primary key," \\\r\n               "meaning text);"\r\nINSERT_IN_TABLE = "INSERT into Dictionary (word, meaning) " \\\r\n                  "VALUES(?, ?)"\r\n'

TOML_STRINGS = """name = "dictionary"
version = "0.0.3"
description = "An English dictionary"
"""


def test_module_with_a_prompt_past_the_probe_is_no_markdown() -> None:
    assert [claim["kind"] for claim in explain(AGENT_MODULE) if claim["kind"] == "markdown"] == []
    synopsis = toolstub.synopsize(AGENT_MODULE)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_readme_with_a_fenced_prompt_stays_markdown() -> None:
    assert kind(README_WITH_PROMPT_EXAMPLE) == "markdown"


def test_class_of_constants_is_python() -> None:
    synopsis = toolstub.synopsize(COLORS_CLASS)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_the_same_settings_under_a_section_stay_text() -> None:
    assert kind(COLORS_INI) == "text"
    assert kind(COLORS_TOML) == "text"


def test_strings_joined_over_lines_are_python() -> None:
    synopsis = toolstub.synopsize(ENG_DICTIONARY_CONSTANTS)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_toml_strings_stay_text() -> None:
    assert kind(TOML_STRINGS) == "text"


# libpxp-ocaml-dev: usr/share/doc/libpxp-ocaml-dev/examples/simple_transformation/README (whole)
PXP_README = """Usage:
	sort -by phone <sample.xml | print

once sort and print are compiled.

These examples illustrate iter_tree, map_tree and find_element.


sort: 	reads an XML file from stdin, sorts the records, and prints the
 	result as XML.
delcol: reads an XML file from stdin, deletes a column from all records,
	and prints the result as XML.
print:	reads an XML file from stdin, and pretty-prints the file

The XML file must not contain a DTD. The programs assume the fixed DTD
record.dtd.

"""

MAKEFILE_PATSUBST = """SRC = a.c b.c
x: $(patsubst %.c,%.o,$(SRC))
\tcc -o x $^
%.o: %.c
\tcc -c $< -o $@
"""

# libsuitesparse-dev: usr/include/suitesparse/umfpack_get_numeric.h, its first prototypes
UMFPACK_GET_NUMERIC_H = """/* ========================================================================== */
/* === umfpack_get_numeric ================================================== */
/* ========================================================================== */

/* -------------------------------------------------------------------------- */
/* Copyright (c) 2005-2012 by Timothy A. Davis, http://www.suitesparse.com.   */
/* All Rights Reserved.  See ../Doc/License.txt for License.                  */
/* -------------------------------------------------------------------------- */

int umfpack_di_get_numeric
(
    int Lp [ ],
    int Lj [ ],
    double Lx [ ],
    int Up [ ],
    int Ui [ ],
    double Ux [ ],
    int P [ ],
    int Q [ ],
    double Dx [ ],
    int *do_recip,
    double Rs [ ],
    void *Numeric
) ;

SuiteSparse_long umfpack_dl_get_numeric
(
    SuiteSparse_long Lp [ ],
    SuiteSparse_long Lj [ ],
    double Lx [ ],
    SuiteSparse_long Up [ ],
    SuiteSparse_long Ui [ ],
    double Ux [ ],
    SuiteSparse_long P [ ],
    SuiteSparse_long Q [ ],
    double Dx [ ],
    SuiteSparse_long *do_recip,
    double Rs [ ],
    void *Numeric
) ;

int umfpack_zi_get_numeric
(
    int Lp [ ],
    int Lj [ ],
    double Lx [ ], double Lz [ ],
    int Up [ ],
    int Ui [ ],
    double Ux [ ], double Uz [ ],
    int P [ ],
    int Q [ ],
    double Dx [ ], double Dz [ ],
    int *do_recip,
    double Rs [ ],
    void *Numeric
) ;
"""

POSTFIX_MAIN_CF = """# See /usr/share/postfix/main.cf.dist for a commented, more complete version
smtpd_banner = $myhostname ESMTP $mail_name
biff = no
smtpd_recipient_restrictions =
    permit_mynetworks,
    permit_sasl_authenticated,
    reject_unauth_destination
myhostname = mail.example.org
"""

# python3-patsy: patsy/test_splines_bs_data.py, its first 20 lines (lines cut at 300 characters) and the string closed
PATSY_TEST_VECTORS = """# This file auto-generated by tools/get-R-bs-test-vectors.R
# Using: R version 2.15.1 (2012-06-22)
import numpy as np
R_bs_test_x = np.array([1, 1.5, 2.25, 3.375, 5.0625, 7.59375, 11.390625, 17.0859375, 25.62890625, 38.443359375, 57.6650390625, 86.49755859375, 129.746337890625, 194.6195068359375, 291.92926025390625, 437.893890380859375, 656.8408355712890625, 985.26125335693359375, 1477.8918800354003906, 2216.837820
R_bs_test_data = \"\"\"
--BEGIN TEST CASE--
degree=1
df=3
intercept=TRUE
Boundary.knots=None
knots=None
output=np.array([1, 0.98937395581474985029, 0.97343488953687462573, 0.94952629012006184439, 0.91366339099484261688, 0.85986904230701377561, 0.77917751927527056921, 0.65814023472765570411, 0.47658430790623346196, 0.20425041767410004323, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.010626044185250137566, 0.0265
--END TEST CASE--
--BEGIN TEST CASE--
degree=1
df=5
intercept=TRUE
Boundary.knots=None
knots=None
output=np.array([1, 0.9161205766710354137, 0.79030144167758842322, 0.60157273918741804852, 0.31847968545216254199, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0.083879423328964614059, 0.20969855832241152127, 0.39842726081258189597, 0.68152031454783745801, 0.9846005774783446185, 0.892204042348411
\"\"\"
"""

# smartmerge 0.0.1 (PyPI): smartmerge/plugins/po_merge/tests/test_po_merge.py, lines 1-52 and 150-186, the call closed
BREEZY_PO_MERGE_TEST = """# -*- coding: utf-8
# Copyright (C) 2011 by Canonical Ltd
#
# This program is free software; you can redistribute it and/or modify
# it under the terms of the GNU General Public License as published by
# the Free Software Foundation; either version 2 of the License, or
# (at your option) any later version.
#
# This program is distributed in the hope that it will be useful,
# but WITHOUT ANY WARRANTY; without even the implied warranty of
# MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
# GNU General Public License for more details.
#
# You should have received a copy of the GNU General Public License
# along with this program; if not, write to the Free Software
# Foundation, Inc., 51 Franklin Street, Fifth Floor, Boston, MA 02110-1301 USA

import os

from breezy import (
    merge,
    osutils,
    tests,
    )
from breezy.tests import (
    features,
    script,
    )

from breezy.plugins import po_merge

# Necessary for script to work:
import breezy.commands
breezy.commands._register_builtin_commands()


class BlackboxTestPoMerger(script.TestCaseWithTransportAndScript):

    _test_needs_features = [features.msgmerge_feature]

    def setUp(self):
        super(BlackboxTestPoMerger, self).setUp()
        self.builder = make_adduser_branch(self, 'adduser')
        # We need to install our hook as the test framework cleared it as part
        # of the initialization
        merge.Merger.hooks.install_named_hook(
            "merge_file_content", po_merge.po_merge_hook, ".po file merge")

    def test_merge_with_hook_gives_unexpected_results(self):
        # Since the conflicts in .pot are not seen *during* the merge, the .po
        # merge triggers the hook and creates no conflicts for fr.po. But the
        # .pot used is the one present in the tree *before* the merge.
    def test_other(self):
        self.assertAdduserBranchContent('other')


# Real content from the adduser package so we don't have to guess about format
# details. This is declared at the end of the file to avoid cluttering the
# beginning of the file.

_Adduser = dict(
    base_pot=osutils.safe_utf8(r\"\"\"# SOME DESCRIPTIVE TITLE.
# Copyright (C) YEAR THE PACKAGE'S COPYRIGHT HOLDER
# This file is distributed under the same license as the PACKAGE package.
# FIRST AUTHOR <EMAIL@ADDRESS>, YEAR.
#
#, fuzzy
msgid ""
msgstr ""
"Project-Id-Version: PACKAGE VERSION\\n"
"Report-Msgid-Bugs-To: adduser-devel@example.com\\n"
"POT-Creation-Date: 2007-01-17 21:50+0100\\n"
"PO-Revision-Date: YEAR-MO-DA HO:MI+ZONE\\n"
"Last-Translator: FULL NAME <EMAIL@ADDRESS>\\n"
"Language-Team: LANGUAGE <LL@example.com>\\n"
"MIME-Version: 1.0\\n"
"Content-Type: text/plain; charset=CHARSET\\n"
"Content-Transfer-Encoding: 8bit\\n"

#. everyone can issue "--help" and "--version", but only root can go on
#: ../adduser:135
msgid "Only root may add a user or group to the system.\\n"
msgstr ""

#: ../adduser:188
msgid "Warning: The home dir you specified already exists.\\n"
msgstr ""

\"\"\"),
)
"""

# a gettext catalogue: its header entry under comments, one message
FRENCH_CATALOGUE = """# French translation
# Copyright
#
msgid ""
msgstr ""
"Project-Id-Version: x 1.0\\n"
"Content-Type: text/plain; charset=UTF-8\\n"

#: src/main.c:12
msgid "Hello"
msgstr "Bonjour"
"""



def test_readme_of_command_lists_is_text() -> None:
    assert kind(PXP_README) == "text"
    assert kind(MAKEFILE_PATSUBST) == "code"


def test_prototype_with_a_parameter_a_line_is_c() -> None:
    synopsis = toolstub.synopsize(UMFPACK_GET_NUMERIC_H)
    assert synopsis.kind == "code"
    assert synopsis.title == "C code output"
    assert kind(POSTFIX_MAIN_CF) == "text"


def test_import_over_an_assignment_is_python() -> None:
    synopsis = toolstub.synopsize(PATSY_TEST_VECTORS)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_program_quoting_a_catalogue_is_code() -> None:
    synopsis = toolstub.synopsize(BREEZY_PO_MERGE_TEST)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"
    assert kind(FRENCH_CATALOGUE) == "text"
