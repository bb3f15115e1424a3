"""Issue 10 (detmd, second probe: docs/probes/probe_detmd2.py): classes of real files and outputs outside
the corpus that `default` read as another kind, each with look-alikes that must keep their kind.

- npm 9+ output (``npm install --loglevel=verbose`` of a tarball, npm 11.19 on this machine): its levels are
  written in lower case (``npm warn``, ``npm error``, ``npm verbose``); 6 of 6 such runs read as text.
  A tool's output, not a work of authorship; the paths are the probe's own.
- ``pip install -v`` failing on Python 3.11 (pip 23.0.1, MIT): the traceback's frames carry PEP 657
  ``^^^^`` markers under their source lines; with them not counted, 2 of 4 verbose pip runs read as text.
- Markdown role READMEs of the Debian ``ansible`` package's dellemc.os6/os10/os9 collections (GPL-3.0, a short
  excerpt): setext titles, ``-`` lists, ``**bold**`` and GFM pipe tables whose cells are ````double-backtick````
  code spans; the spans counted as reStructuredText literals, so 10 of 14 read as text. reStructuredText
  has no pipe tables: beside a GFM table, ````x```` is a code span. Nor ATX headings: netapp.cloudmanager's
  README.md (GPL-3.0), ``#`` headings, fences, links and release notes in ````x```` spans, read as text too.
- Plain-text documents read as Markdown: Exim's filter.txt (exim4-base, GPL-2+): titles underlined with
  ``----``, a numbered table of contents, and one quoted ``# Sieve filter`` line that passed for an ATX heading
  over Markdown lists; Lynx's README.TRST (lynx-common, GPL-2): an ASCII table indented 5 columns whose
  ``|----|----|`` rules passed for GFM table rules (in CommonMark a line indented 4 columns is code).
- puppet-agent's examples/hiera/etc/hiera.yaml (Apache-2.0): Ruby symbol keys (``:backends:``) counted as
  spaced keys, so the nested YAML read as text.
- irssi's HTML docs (startup-HOWTO.html, faq.html; GNU FDL 1.1): a saved page fragment that opens with
  ``<base href=...>``, a tag the fragment list did not have.
- Markdown links whose text wraps onto the next line (``[organization-wide governance\\n](https://...)``,
  fastify's GOVERNANCE.md, MIT): the link went uncounted and a heading over it read as text. Of the probe's
  1,461 files, the wrapped form occurs in 47, all of them Markdown.
- GitHub issue forms (molecule's .github/ISSUE_TEMPLATE/bug.yml, MIT): YAML whose ``description: >`` and
  ``value: |`` blocks hold Markdown links and inline code; the Markdown claim (0.98, decisive) ended the
  search before YAML was asked. A document whose every column-0 line is a ``key:``, a comment or a
  ``---`` marker is YAML, not Markdown (a Markdown document has its paragraphs at column 0).
- irssi's design.html (GNU FDL 1.1): paragraphs wrapped over lines that do not open with ``<`` and C in
  ``<pre>`` blocks; its markup share (lines opening with ``<``) was low, so code or text won. Lines inside
  ``<pre>`` (unless they are half the page) are left out, and a line with an inline tag (``<code>``, ``<a>``)
  is markup.
"""

from __future__ import annotations

import pytest

import toolstub

# npm install --offline --loglevel=verbose of a downloaded tarball (npm 11.19.1)
NPM_VERBOSE = """\
npm verbose cli /usr/bin/node /usr/bin/npm
npm info using npm@11.19.1
npm info using node@v20.20.2
npm verbose title npm install /tmp/detmd-probe/npm/apidevtools-swagger-parser-13.0.0.tgz
npm verbose argv "install" "--offline" "--no-audit" "--no-fund" "--loglevel" "verbose" "/tmp/detmd-probe/npm/apidevtools-swagger-parser-13.0.0.tgz"
npm verbose logfile logs-max:10 dir:/tmp/detmd-probe/home/.npm/_logs/2026-12-04T18_49_23_817Z-
npm verbose logfile /tmp/detmd-probe/home/.npm/_logs/2026-12-04T18_49_23_817Z-debug-0.log
npm warn ERESOLVE overriding peer dependency
npm warn While resolving: @apidevtools/swagger-parser@13.0.0
npm warn Found: openapi-types@undefined
npm warn node_modules/openapi-types
npm warn
npm warn Could not resolve dependency:
npm warn peer openapi-types@">=7" from @apidevtools/swagger-parser@13.0.0
npm verbose stack Error: request to https://registry.npmjs.org/@apidevtools%2fjson-schema-ref-parser failed: cache mode is 'only-if-cached' but no cached response is available.
npm verbose stack     at cacheFetch (/usr/lib/node_modules/npm/node_modules/make-fetch-happen/lib/cache/index.js:12:13)
npm verbose stack     at async fetch (/usr/lib/node_modules/npm/node_modules/make-fetch-happen/lib/fetch.js:98:7)
npm error code ENOTCACHED
npm error request to https://registry.npmjs.org/@apidevtools%2fjson-schema-ref-parser failed: cache mode is 'only-if-cached' but no cached response is available.
npm verbose cwd /tmp/detmd-probe/work/npmi/apidevtools-swagger-parser-13.0.0
npm verbose exit 1
npm verbose code 1
"""

# the same run without --loglevel: only the warnings and the error
NPM_QUIET = """\
npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.
npm warn deprecated glob@7.2.3: Glob versions prior to v9 are no longer supported
npm error code ENOTCACHED
npm error request to https://registry.npmjs.org/once failed: cache mode is 'only-if-cached' but no cached response is available.
npm error A complete log of this run can be found in: /tmp/home/.npm/_logs/2026-12-04T18_49_31_114Z-debug-0.log
"""

# pip install -v of an sdist whose build backend is missing (Python 3.11, pip 23.0.1)
PIP_311_TRACEBACK = """\
Using pip 23.0.1 from /tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip (python 3.11)
Processing /tmp/detmd-probe/pypi/connexion-3.3.0.tar.gz
  Preparing metadata (pyproject.toml): started
  Running command Preparing metadata (pyproject.toml)
  Preparing metadata (pyproject.toml): finished with status 'done'
ERROR: Exception:
Traceback (most recent call last):
  File "/tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip/_internal/cli/base_command.py", line 160, in exc_logging_wrapper
    status = run_func(*args)
             ^^^^^^^^^^^^^^^
  File "/tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip/_internal/cli/req_command.py", line 247, in wrapper
    return func(self, options, args)
           ^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip/_internal/commands/install.py", line 419, in run
    requirement_set = resolver.resolve(
                      ^^^^^^^^^^^^^^^^^
  File "/tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip/_internal/resolution/resolvelib/resolver.py", line 73, in resolve
    collected = self.factory.collect_root_requirements(root_reqs)
                ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip/_internal/resolution/resolvelib/factory.py", line 491, in collect_root_requirements
    req = self._make_requirement_from_install_req(
          ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip/_internal/resolution/resolvelib/factory.py", line 453, in _make_requirement_from_install_req
    cand = self._make_candidate_from_link(
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/tmp/detmd-probe/work/venv/lib/python3.11/site-packages/pip/_internal/resolution/resolvelib/candidates.py", line 231, in _prepare
    dist = self._prepare_distribution()
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "<frozen importlib._bootstrap>", line 1206, in _gcd_import
  File "<frozen importlib._bootstrap>", line 1178, in _find_and_load
  File "<frozen importlib._bootstrap>", line 1142, in _find_and_load_unlocked
ModuleNotFoundError: No module named 'poetry'
"""

# look-alikes: a README quoting npm's output in a fence, prose that points at a column with a caret,
# and Python source with a `~~~~` divider comment
README_WITH_NPM_OUTPUT = """\
# Installing

Install the package with npm; on an old registry mirror you may see warnings like these:

```
npm warn deprecated inflight@1.0.6: This module is not supported, and leaks memory.
npm error code ENOTCACHED
```

They are harmless. See [the FAQ](https://example.org/faq) for the `--offline` flag and the
[troubleshooting guide](https://example.org/trouble) for **proxy** settings.
"""

CARET_PROSE = """\
Reading error positions

When the parser stops, it prints the offending line and marks the column where it gave up:

    total = (price * quantity
                              ^

The caret sits under the place where a closing bracket was expected. Count the opening and the
closing brackets of the expression; the first unmatched one is usually a few characters to the left.
A second common cause is a line continued with a backslash that is followed by a blank.
Editors that highlight matching brackets make this kind of mistake easy to see before running anything.
"""


# dellemc.os6 collection, roles/os6_ntp/README.md (ansible 7.7.0 Debian package; GPL-3.0)
ROLE_README_MD = """\
NTP role
========

This role facilitates the configuration of network time protocol (NTP) attributes, and it specifically enables configuration of NTP server. This role is abstracted for Dell EMC PowerSwitch platforms running Dell EMC OS6.

Role variables
--------------

- Role is abstracted using the `ansible_network_os` variable that can take `dellemc.os6.os6` as a value
- If `os6_cfg_generate` is set to true, the variable generates the role configuration commands in a file
- Variables and values are case-sensitive

**os6_ntp keys**

| Key        | Type                      | Description                                             | Support               |
|------------|---------------------------|---------------------------------------------------------|-----------------------|
| ``server`` | list | Configures the NTP server (see ``server.*``) | os6 |
| ``server.ip`` | string (required)         | Configures an IPv4 address for the NTP server (A.B.C.D format) | os6 |
| ``server.state`` | string: absent,present\\*     | Deletes the NTP server if set to absent                   | os6 |

> **NOTE**: Asterisk (\\*) denotes the default value if none is specified.

Connection variables
--------------------

| Key         | Required | Choices    | Description                                           |
|-------------|----------|------------|-------------------------------------------------------|
| ``ansible_host`` | yes      |            | Specifies the hostname or address for connecting to the remote device over the specified transport |
| ``ansible_port`` | no       |            | Specifies the port used to build the connection to the remote device |
| ``ansible_ssh_user`` | no       |            | Specifies the username that authenticates the CLI login for the connection to the remote device |
"""

# look-alikes: the same document written in reStructuredText (a grid table, directives, a role): text; and
# the pipe table taken out of the Markdown one leaves ``literals`` under setext titles: still declined
ROLE_README_RST = """\
NTP role
========

This role facilitates the configuration of network time protocol (NTP) attributes, and it specifically
enables configuration of NTP server. See :ref:`os6-roles` for the other roles.

Role variables
--------------

- Role is abstracted using the ``ansible_network_os`` variable that can take ``dellemc.os6.os6`` as a value
- If ``os6_cfg_generate`` is set to true, the variable generates the role configuration commands in a file

+----------------+--------+---------------------------------------------+
| Key            | Type   | Description                                 |
+================+========+=============================================+
| ``server``     | list   | Configures the NTP server                   |
+----------------+--------+---------------------------------------------+
| ``server.ip``  | string | Configures an IPv4 address for the server   |
+----------------+--------+---------------------------------------------+

.. note:: Variables and values are case-sensitive.
"""

ROLE_README_NO_TABLE = "".join(line.replace("`", "``") for line in ROLE_README_MD.splitlines(keepends=True)
                               if not line.startswith("|")) + (
    "\nSet ``server.state`` to ``absent`` to delete a server, ``present`` to add it.\n")


def test_pipe_tables_with_double_backtick_spans_are_markdown() -> None:
    assert toolstub.synopsize(ROLE_README_MD).kind == "markdown"


@pytest.mark.parametrize("content", [ROLE_README_RST, ROLE_README_NO_TABLE], ids=["rst-grid-table", "no-pipe-table"])
def test_double_backtick_documents_without_pipe_tables_stay_text(content: str) -> None:
    assert toolstub.synopsize(content).kind == "text"


# exim4-base /usr/share/doc/exim4-base/filter.txt (Exim 4.96; GPL-2+), cut
EXIM_FILTER_TXT = """\
Exim's interfaces to mail filtering

Philip Hazel

Copyright (c) 2021 The Exim Maintainers

-------------------------------------------------------------------------------

TABLE OF CONTENTS

1. Forwarding and filtering in Exim
    1.1. Introduction
    1.2. Filter operation
2. Sieve filter files
    2.1. Recognition of Sieve filters
    2.2. Saving to specified folders
3. Exim filter files
    3.1. Format of Exim filter files
    3.2. Data values in filter commands

===============================================================================
1. FORWARDING AND FILTERING IN EXIM

This document describes the user interfaces to Exim's in-built mail filtering
facilities, and is copyright (c) The Exim Maintainers 2021. It corresponds to
Exim version 4.96.


1.1 Introduction
----------------

Most Unix mail transfer agents (programs that deliver mail) permit individual
users to specify automatic forwarding of their mail, usually by placing a list
of forwarding addresses in a file called .forward in their home directories.


1.2 Filter operation
--------------------

It is important to realize that, in Exim, no deliveries are actually made while
a filter or traditional .forward file is being processed.



===============================================================================
2. SIEVE FILTER FILES

The code for Sieve filtering in Exim was contributed by Michael Haardt, and
most of the content of this chapter is taken from the notes he provided.


2.1 Recognition of Sieve filters
--------------------------------

A filter file is interpreted as a Sieve filter if its first line is

# Sieve filter

This is what distinguishes it from a conventional .forward file or an Exim
filter file.


2.2 Saving to specified folders
-------------------------------

If the folder name is not an absolute path, it is taken relative to the
user's home directory.
"""

# lynx-common /usr/share/doc/lynx-common/docs/README.TRST (Lynx 2.9.0dev.12; GPL-2), cut
LYNX_TRST_TXT = """\
Tabular Support for Simple Tables
=================================
Some definitions first:

* NO table support
  What it says. :)  Table related tags are treated like other
  completely unrecognized tags.

* MINIMAL table support
  Table related tags are recognized, and are used to separate
  the contents of different cells (by at least a space) and rows
  (by a line break) visibly from each other.

* TABULAR support for tables
  Support for tables that really arranges table cells in tabular form.

One basic idea behind providing TRST is that correct tabular support
for all tables is complex, doesn't fit well into the overwhelmingly
one-pass way in which Lynx does things. For example, a table with intended rendering:

      --------------------------------------------------------
     |  date  |   item no.   |  price  |       remarks        |
     |--------|--------------|---------|----------------------|
     | date-1 | item #1      |   $0.00 |                      |
     |--------|--------------|---------|----------------------|
     | date-2 | item #2      | $101.99 | A longer annotation  |
     |--------|--------------|---------|----------------------|
     | date-3 | long item #3 |  $99.00 |                      |
      --------------------------------------------------------

It may now be shown by Lynx as a table of four columns.
"""

# look-alikes: Markdown whose setext title is over ATX sections with lists; a GFM table inside a list item
SETEXT_OVER_ATX_MD = """\
Release checklist
=================

Follow these steps for every release of the service.

## Before

- update the changelog
- bump the version
- run the full test suite

## After

- tag the release
- announce it on the mailing list
- close the milestone
"""

TABLE_IN_LIST_MD = """\
Supported platforms:

- Linux, with these kernels:

  | Kernel | Status |
  |--------|--------|
  | 5.10   | tested |
  | 6.1    | tested |

- macOS 13 and later
"""

# puppet-agent examples/hiera/etc/hiera.yaml (Apache-2.0)
HIERA_YAML = """\
---
:backends:
  - yaml
  - puppet

:hierarchy:
  - "%{location}"
  - "%{environment}"
  - common

:yaml:
  :datadir: etc/hieradb

:puppet:
  :datasource: data
"""

# look-alike: a changelog with emoji shortcodes (`:tada:`) stays text
SHORTCODE_CHANGELOG = """\
:tada: Release 2.0

:sparkles: New features:
  - faster startup
  - a dark theme

:bug: Fixes:
  - crash on empty input
  - wrong totals in reports
"""

# irssi /usr/share/doc/irssi/startup-HOWTO.html (GNU FDL 1.1), cut
IRSSI_HTML = """\
<base href='https://irssi.org/documentation/startup/'>
<h1>Startup How-To</h1>
    <h3 id="to-new-irssi-users-not-to-new-irc-users-">To new Irssi users (not to new IRC users ..)</h3>

<p>Copyright (c) 2000-2002 by Timo Sirainen, release under <a href="https://www.gnu.org/licenses/fdl.html">GNU FDL</a> 1.1 license.</p>

<p>Index with some FAQ questions that are answered in the chapter:</p>

<ol>
  <li><a href="#first-steps">First steps</a></li>
  <li><a href="#basic-user-interface-usage">Basic user interface usage</a>
    <ul>
      <li>Split windows work in weird way</li>
      <li>How can I easily switch between windows?</li>
    </ul>
  </li>
</ol>
"""

# look-alike: a usage text that opens with a `<base>` placeholder
BASE_USAGE = """\
<base> <file>...

Copies each <file> into the directory <base>, creating it when it does not exist.
Existing files are kept unless --force is given. The exit status is 0 when every
file was copied, 1 when one of them could not be read, and 2 on a usage error.
"""


@pytest.mark.parametrize("content", [EXIM_FILTER_TXT, LYNX_TRST_TXT], ids=["exim-filter-txt", "lynx-trst"])
def test_plain_text_documents_stay_text(content: str) -> None:
    assert toolstub.synopsize(content).kind == "text"


@pytest.mark.parametrize("content", [SETEXT_OVER_ATX_MD, TABLE_IN_LIST_MD], ids=["setext-over-atx", "table-in-list"])
def test_markdown_look_alikes_stay_markdown(content: str) -> None:
    assert toolstub.synopsize(content).kind == "markdown"


def test_ruby_symbol_keys_are_yaml() -> None:
    synopsis = toolstub.synopsize(HIERA_YAML)
    assert synopsis.kind == "yaml"
    assert "top-level keys: :backends, :hierarchy, :yaml, :puppet" in synopsis.summary


def test_base_opened_fragment_is_html() -> None:
    assert toolstub.synopsize(IRSSI_HTML).kind == "html"


@pytest.mark.parametrize("content", [SHORTCODE_CHANGELOG, BASE_USAGE], ids=["shortcodes", "base-usage"])
def test_symbol_and_base_look_alikes_stay_text(content: str) -> None:
    assert toolstub.synopsize(content).kind == "text"


# fastify 5.12.8 GOVERNANCE.md (MIT), whole
FASTIFY_GOVERNANCE_MD = """\
# Fastify Project Governance

Please see Fastify's [organization-wide governance
](https://github.com/fastify/.github/blob/main/GOVERNANCE.md) document.
"""

# look-alike: a bracketed aside over two lines, then a parenthesis after a blank (not a link), under a `#` line
BRACKET_ASIDE_TXT = """\
# Notes on the 2019 survey

The second round [run by the regional office, with the same
questionnaire] (see the appendix) had a lower response rate than the first.
"""


def test_wrapped_link_text_is_a_link() -> None:
    assert toolstub.synopsize(FASTIFY_GOVERNANCE_MD).kind == "markdown"


def test_bracket_aside_is_not_a_link() -> None:
    assert toolstub.synopsize(BRACKET_ASIDE_TXT).kind == "text"


# netapp.cloudmanager collection README.md (ansible 7.7.0 Debian package; GPL-3.0), cut
ATX_README_MD = """\
# Ansible Collection - netapp.cloudmanager

Copyright (c) 2022 NetApp, Inc. All rights reserved.
Specifications subject to change without notice.

This collection requires python 3.5 or better.

# Installation
```bash
ansible-galaxy collection install netapp.cloudmanager
```
To use this collection, add the following to the top of your playbook:
```
collections:
  - netapp.cloudmanager
```
# Requirements
- ansible version >= 2.9
- requests >= 2.20
- python version >= '3.5'

# Module documentation
https://docs.ansible.com/ansible/devel/collections/netapp/cloudmanager/

# Need help
Join our [Discord](https://discord.gg/NetApp) and look for our #ansible channel.

# Code of Conduct
This collection follows the [Ansible project's Code of Conduct](https://docs.ansible.com/ansible/devel/community/code_of_conduct.html).

# Documentation
https://github.com/ansible-collections/netapp/wiki

## 21.19.0

### Minor Changes
  - Support ``writing_speed_state`` modification for AWS, AZURE and GCP CVOs.
  - Support ``license_type`` modification for AWS, AZURE and GCP CVOs.
  - na_cloudmanager_aws_fsx - Import AWS FSX to CloudManager by adding new parameters ``import_file_system`` and ``file_system_id``.
  - Update ``license_type`` and ``capacity_package_name`` default values on capacity based license.
  - na_cloudmanager_volume - Add ``tiering_policy`` and ``snapshot_policy_name`` modification, and report error if the properties cannot be changed.
  - Add ``update_svm_password`` for ``svm_password`` update on AWS, AZURE and GCP CVOs. Update ``svm_password`` if ``update_svm_password`` is true.
"""

# look-alike: reStructuredText release notes with ``literals`` and one `#` line (a quoted shell comment)
RST_NOTES_ONE_HASH = """\
Release notes
=============

v21.19.0
--------

- Support ``writing_speed_state`` modification for AWS, AZURE and GCP CVOs.
- Update ``license_type`` and ``capacity_package_name`` default values on capacity based license.
- Add ``update_svm_password`` for ``svm_password`` update.

To install, run the following from a shell started in the collection's directory

# ansible-galaxy collection install netapp.cloudmanager

and restart the controller afterwards.

**Note:** the ``svm_password`` is never logged.

**Warning:** downgrades are not supported.
"""


def test_atx_headings_with_double_backtick_spans_are_markdown() -> None:
    assert toolstub.synopsize(ATX_README_MD).kind == "markdown"


def test_rst_with_one_hash_line_stays_text() -> None:
    assert toolstub.synopsize(RST_NOTES_ONE_HASH).kind == "text"


# molecule 26.10.0 .github/ISSUE_TEMPLATE/bug.yml (MIT), cut
ISSUE_FORM_YAML = """\
---
# https://docs.github.com/en/communities/using-templates-to-encourage-useful-issues-and-pull-requests/syntax-for-githubs-form-schema
name: Bug Report
description: >
  Please test the main branch before creating new issues. Do not use this
  form to ask for support.
# title: "[Bug]: "
labels: ["new"]
projects: ["ansible/86"]
body:
  - type: checkboxes
    id: checklist
    attributes:
      label: Prerequisites
      description: >
        Create new issues only if all checks were made and you checked [FAQ](https://docs.ansible.com/projects/molecule/faq/) and the
        [discussions forum](https://github.com/ansible/molecule/discussions).
      options:
        - label: This was not already reported in the past (duplicate check)
          required: true
        - label: Running `pip check` does not report any conflicts
          required: true

  - type: markdown
    attributes:
      value: |
        Also check [FAQ](https://docs.ansible.com/projects/molecule/faq/) and the
        [discussions forum](https://github.com/ansible/molecule/discussions) before creating a new issue.

  - type: textarea
    id: environment
    attributes:
      label: Environment
      description: >
        Include all output of `molecule --version` and
        anything else that might be relevant, such **operating system**.
    validations:
      required: true
"""

# look-alike: a Markdown post with YAML front matter (its paragraphs at column 0) stays Markdown
FRONT_MATTER_MD = """\
---
title: Release 2.0
layout: post
tags: [release, yaml]
---

# Release 2.0

The new [issue forms](https://docs.github.com/en/communities) replace the old templates; run
`pip check` before you report a bug, and describe the **operating system** you use.
"""


def test_issue_form_yaml_is_yaml() -> None:
    assert toolstub.synopsize(ISSUE_FORM_YAML).kind == "yaml"


def test_front_matter_markdown_stays_markdown() -> None:
    assert toolstub.synopsize(FRONT_MATTER_MD).kind == "markdown"


# irssi /usr/share/doc/irssi/design.html (GNU FDL 1.1), the figure cut
IRSSI_DESIGN_HTML = """\
<base href='https://irssi.org/documentation/design/'>
<h1>Design</h1>
    <p>Irssi’s hierarchy is something like this:</p>

<pre class="repl" id="fig1"><code class="language-ascidia">
        sub1 sub2
           \\ /
      xxx  IRC       COMMON ICQ  yyy
       |    |           |    |    |
       '----+-----:-----+----+----'
                  |
                 GUI (gtk/gnome, qt/kde, text, none)
       lib-config

</code></pre>

<p>(IRC, ICQ, xxx and yyy are chat protocols ..)</p>

<p>(sub1 and sub2 are submodules of IRC module, like DCC and flood protect)</p>

<p>Chat protocols and frontends are kept in separate modules. Common UI
and GUI modules also have the common parts which don’t know anything
about the chat protocols. This should allow implementing modules to
whatever chat protocols and with whatever frontends easily.</p>

<h2 id="signals">Signals</h2>

<p>Communication between different modules are done with “signals”. They are
not related to UNIX signals in any way, you could more like think of them
as “events” - which might be a better name for them, but I don’t really
want to change it anymore :)</p>

<p>So, you send signal with <code>signal_emit()</code> and it’s sent to all modules that
have grabbed it by calling <code>signal_add()</code> in their init function. For
example:</p>

<div><div><pre><code>signal_emit("mysignal", 1, "hello");
</code></pre></div></div>

<p>Sends a “mysignal” function with one argument “hello” - before that, you
should have grabbed the signal somewhere else with:</p>

<div><div><pre><code>static void sig_mysignal(const char *arg1)
{
  /* arg1 contains "hello" */
}

signal_add("mysignal", (SIGNAL_FUNC) sig_mysignal);
</code></pre></div></div>

<p>There are three different <code>signal_add()</code> functions which you can use to
specify if you want to grab the signal first, “normally” or last. You can
also stop the signal from going any further.</p>

"""

# look-alikes: a log a CGI script wraps in one <pre> block stays a log; a README that opens with centred HTML
PRE_WRAPPED_LOG = "<pre>\n" + "".join(
    f"2024-05-01 10:00:{i:02d} INFO worker-{i % 3} processed batch {i} (120 items)\n" for i in range(20)
) + "2024-05-01 10:00:20 ERROR worker-2 lost its connection to the queue\n</pre>\n"

HTML_HEADED_README_MD = """\
<p align="center">
  <img src="https://example.org/logo.svg" width="120"><br>
  <b>fast, small bundles</b>
</p>

# Getting started

Install it with `npm install --save-dev bundler` and add a `bundler.config.js`:

```js
module.exports = { entry: "./src/index.js" };
```

See the [configuration guide](https://example.org/config) and the [plugin list](https://example.org/plugins).
"""


def test_wrapped_html_paragraphs_and_pre_blocks_are_html() -> None:
    assert toolstub.synopsize(IRSSI_DESIGN_HTML).kind == "html"


@pytest.mark.parametrize(("content", "kind"), [(PRE_WRAPPED_LOG, "log"), (HTML_HEADED_README_MD, "markdown")],
                         ids=["pre-wrapped-log", "html-headed-readme"])
def test_html_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


@pytest.mark.parametrize("content", [NPM_VERBOSE, NPM_QUIET, PIP_311_TRACEBACK], ids=["npm-verbose", "npm-quiet", "pip-311"])
def test_tool_logs_are_logs(content: str) -> None:
    assert toolstub.synopsize(content).kind == "log"


def test_npm_lowercase_levels_are_counted() -> None:
    text = "\n".join(toolstub.synopsize(NPM_QUIET).summary)
    assert "Levels: error 3, warning 2." in text


@pytest.mark.parametrize(
    ("content", "kind"),
    [(README_WITH_NPM_OUTPUT, "markdown"), (CARET_PROSE, "text")],
    ids=["readme-quoting-npm", "caret-in-prose"],
)
def test_look_alikes_keep_their_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind
