"""Issue 10 (docs: docs/probes/probe_docs.py): plain-text documentation that `default` read as Markdown, each class
with real Markdown look-alikes that must stay Markdown. Short excerpts of the files the probe met (licences named
beside each); compat (the seed) calls every one of the plain texts text.

- Lines of 10 or more tildes or backticks alone are rules and underlines, not fences: GNU NEWS files separate
  releases with them, a banner is underlined with one; read as fences, the prose between them was "fenced code".
  Real fences are 3 to 5 characters (pip's MyST docs nest four backticks around three).
- A title indented 4 columns or more, or its rule, is not a setext heading (CommonMark: indented code): HAProxy's
  guides centre their titles between rules.
- Plain-text section titles Markdown has not: a numbered title underlined to its length (a list item and a
  thematic break in CommonMark) and a title between an overline and an underline that differ (`*****` over,
  `-----` under) weigh as reStructuredText adornments, unless the document has ATX headings.
- A link target that is code (a call or an argument list: `(`, `=` or `,`, or dots only, with no `/ : # ? @` nor a
  `.ext`) is not a link: ltrace's TODO quotes prototypes, HAProxy's Lua guide a Lua call.
- `__name__` (a dunder identifier) is not `__strong emphasis__`: C and Python identifiers in NEWS files and
  READMEs (`__attribute__((__constructor__))`, `__LP64__`, `__future__`); Markdown quotes them in code spans.
- reStructuredText references: `name`_ counts when the document defines the target (`.. _name: url`; a Markdown
  `_e.g., `x`_` has none), and a hyperlink `text <url>`_ may wrap onto a second line.
- The other way: an ATX heading that is one link to a URL (`#### [Fix x (@user)](https://.../pull/1)`) is a
  heading however long; a `#` comment does not hold Markdown link syntax; a YAML front matter over inline
  Markdown (`**bold**` labels, code spans: a GitHub issue template) is Markdown (the front matter alone is not).
"""

from __future__ import annotations

import pytest

import toolstub

# GNU Automake's NEWS (automake 1.16.5, GPL-2+): releases separated by lines of 76 tildes
AUTOMAKE_NEWS = """\
For planned incompatibilities in a future Automake 2.0 release,
please see NEWS-2.0 and start following the advice there now.

~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

New in 1.16.5:

* Bugs fixed

  - PYTHON_PREFIX and PYTHON_EXEC_PREFIX are now set according to
    Python's sys.* values only if the new configure option
    --with-python-sys-prefix is specified. Otherwise, GNU default values
    are used, as in the past. (The change in 1.16.3 was too incompatible.)

  - consistently depend on install-libLTLIBRARIES.

* Distribution

  - use const for yyerror declaration in bison/yacc tests.

~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~

New in 1.16.4:

* New features added

  - The PYTHON_PREFIX and PYTHON_EXEC_PREFIX variables are now set from
    Python's sys.prefix and sys.exec_prefix; use the new configure options
"""

# GNU GLOBAL's README (global 6.6.9, GPL-3+): an ASCII-art banner underlined by 38 tildes, never closed
GLOBAL_README = """\
___________________________________
|      |  |  |     |  _  |     |  |
|  |___|  |  |  |  |    _|  |  |  |    GNU GLOBAL source code tagging system
|  |   |  |  |  |  |     |     |  |
|  ~~  |   ~~|     |  ~  |  |  |   ~~|          for all hackers.
~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 Copyright (c) 2000, 2001, 2002, 2003, 2004, 2007 Tama Communications Corporation

 This file is free software; as a special exception the author gives
 unlimited permission to copy and/or distribute it, with or without
 modifications, as long as this notice is preserved.

 This program is distributed in the hope that it will be useful, but
 WITHOUT ANY WARRANTY, to the extent permitted by law; without even the
 implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.

\t\t----------------------------------

GNU Global is a source code tagging system that works the same way across diverse
environments. It supports C, Yacc, Java, PHP4 and assembly source code.

* Supported OS
"""

# HAProxy's management.txt (haproxy 2.6, GPL-2+): an indented title between rules, numbered titles underlined to their length, two backtick spans
HAPROXY_MANAGEMENT = """\
                             ------------------------
                             HAProxy Management Guide
                             ------------------------
                                   version 2.6


This document describes how to start, stop, manage, and troubleshoot HAProxy,
as well as some known limitations and traps to avoid. It does not describe how
to configure it (for this please read configuration.txt).

Note to documentation contributors :
    This document is formatted with 80 columns per line, with even number of
    spaces for indentation and without tabs. Please follow these rules strictly
    so that it remains easily printable everywhere. If you add sections, please
    update the summary below for easier searching.


Summary
-------

1.    Prerequisites
2.    Quick reminder about HAProxy's architecture
13.   Security considerations


1. Prerequisites
----------------

In this document it is assumed that the reader has sufficient administration
skills on a UNIX-like operating system, uses the shell on a daily basis and is
familiar with troubleshooting utilities such as strace and tcpdump.


2. Quick reminder about HAProxy's architecture
----------------------------------------------

HAProxy is a multi-threaded, event-driven, non-blocking daemon. This means is
uses event multiplexing to schedule all of its activities instead of relying on
    is compatible either with the foreground or daemon mode.  It is
    recommended to use this mode with multiprocess and systemd.

  -Ws : master-worker mode with support of `notify` type of systemd service.
    This option is only available when HAProxy was built with `USE_SYSTEMD`
    build option enabled.
"""

# HAProxy's lua.txt (GPL-2+): an indented `~~~` underline, setext-like titles, a Lua call `mytable["entry"](mytable, "param")`
HAPROXY_LUA = """\
                   Lua: Architecture and first steps
                   ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
                             version 2.6

                        author: Thierry FOURNIER
                 contact: tfournier at arpalert dot org



HAProxy is a powerful load balancer. It embeds many options and many
configuration styles in order to give a solution to many load balancing
problems. However, HAProxy is not universal and some special or specific
problems do not have solution with the native software.

This text is not a full explanation of the Lua syntax.

This text is not a replacement of the HAProxy Lua API documentation. The API
documentation can be found at the project root, in the documentation directory.
The goal of this text is to discover how Lua is implemented in HAProxy and using
it efficiently.

However, this can be read by Lua beginners. Some examples are detailed.

Why a scripting language in HAProxy
===================================

HAProxy 1.5 makes at possible to do many things using samples, but some people
want to more combining results of samples fetches, programming conditions and
-----------------------------------------

The object seems to be not a native concept. An Lua object is a table. We can
note that the table notation accept three forms:

   1. mytable["entry"](mytable, "param")
   2. mytable.entry(mytable, "param")
   3. mytable:entry("param")

"""

# ltrace's TODO (ltrace 0.7.3, GPL-2+): an org-mode TODO list quoting prototypes `flags[int](O_RDONLY=00,...)`
LTRACE_TODO = """\
-*-org-*-
* TODO
** Automatic prototype discovery:
*** Use debuginfo if available
    Alternatively, use debuginfo to generate configure file.
*** Demangled identifiers contain partial prototypes themselves
** Automatically update list of syscalls?
** Update /etc/ltrace.conf
    The above format tweaks require that packs that expand to no types
    at all be supported.  If this works, then it should be relatively
    painless to implement conditionals:

    | void ptrace(REQ=enum(PTRACE_TRACEME=0,...),
    |             if[REQ==0](pack(),pack(pid_t, void*, void *)))

    This is of course dangerously close to a programming language, and
    I think ltrace should be careful to stay as simple as possible.
    (We can hook into Lua, or TinyScheme, or some such if we want more
    general scripting capabilities.  Implementing something ad-hoc is
    undesirable.)  But the above can be nicely expressed by pattern
    matching:

    | void ptrace(REQ=enum[int](...)):
    |   [REQ==0] => ()
    |   [REQ==1 or REQ==2] => (pid_t, void*)
    |   [true] => (pid_t, void*, void*);

    Or:

    | int open(string, FLAGS=flags[int](O_RDONLY=00,...,O_CREAT=0100,...)):
    |   [(FLAGS & 0100) != 0] => (flags[int](S_IRWXU,...))

    This would still require pretty complete expression evaluation.
"""

# GNU coreutils' README (GPL-3+): titles between a `*****` overline and a `-----` underline, `#ifndef __LP64__`
COREUTILS_README = """\


*********************
Pre-C99 build failure
---------------------

In 2009 we added this requirement:
To build the coreutils from source, you must have a C99-conforming
compiler, due to the use of declarations after non-declaration statements
in several files in src/.  There is code in configure to find and, if
possible, enable an appropriate compiler.  However, if configure doesn't
find a C99 compiler, it continues nonetheless, and your build will fail.
There used to be a "c99-to-c89.diff" patch you could apply to convert
to code that even an old pre-c99 compiler can handle, but it was too
tedious to maintain, so has been removed.


***********************
HPUX 11.x build failure
-----------------------

A known problem exists when compiling on HPUX on both hppa and ia64
in 64-bit mode (i.e., +DD64) on HP-UX 11.0, 11.11, and 11.23.  This
is not due to a bug in the package but instead due to a bug in the
system header file which breaks things in 64-bit mode.  The default
compilation mode is 32-bit and the software compiles fine using the
default mode.  To build this software in 64-bit mode you will need
to fix the system /usr/include/inttypes.h header file.  After
correcting that file the software also compiles fine in 64-bit mode.
Here is one possible patch to correct the problem:

--- /usr/include/inttypes.h.orig\tThu May 30 01:00:00 1996
+++ /usr/include/inttypes.h\tSun Mar 23 00:20:36 2003
@@ -489 +489 @@
-#ifndef __STDC_32_MODE__
+#ifndef __LP64__


************************
OSF/1 4.0d and AIX build failures
"""

# XZ Utils' NEWS (xz-utils 5.4.1, 0BSD/public domain): `*` bullets with indented `-` sub-bullets, `__attribute__((__constructor__))`
XZ_NEWS = """\

XZ Utils Release Notes
======================

5.4.1 (2023-01-11)

    * liblzma:

        - Fixed the return value of lzma_microlzma_encoder() if the
          LZMA options lc/lp/pb are invalid. Invalid lc/lp/pb options
          made the function return LZMA_STREAM_END without encoding
          anything instead of returning LZMA_OPTIONS_ERROR.
          CRC64 slower; this might be fixed in the future.

        - Building with --disable-threads --enable-small
          is now thread-safe if the compiler supports
          __attribute__((__constructor__)).

    * xz:
        - ARM64 filter was modified. It is still experimental.

        - Fixed LTO build with Clang if -fgnuc-version=10 or similar
          was used to make Clang look like GCC >= 10. Now it uses
          __has_attribute(__symver__) which should be reliable.

    * xz:
"""

# python3.11-minimal's README.Debian (Debian, PSF licence): a dashed underline and a table of `__builtin__`/`__future__` module names
PYTHON_README_DEBIAN = """\
Contents of the python3.11-minimal package
-----------------------------------------

python3.11-minimal consists of a minimum set of modules which may be needed
for python scripts used during the boot process.  If other packages
are needed in these scripts, don't work around the missing module, but
file a bug report against this package. The modules in this package
are:

  __builtin__\t\tbuiltin
  __future__\t\tmodule
  _abc\t\t\textension
  _ast\t\t\textension
  _bisect\t\textension
  _blake2\t\textension
  _bytesio\t\tbuiltin
  _codecs\t\tbuiltin
  _collections\t\textension
  _collections_abc\tmodule
  _compat_pickle\tmodule
"""

# libpipeline's NEWS.md (GPL-3+): setext release titles, `*` bullets, backtick code spans (the shape of XZ's NEWS, with spans where XZ has dunder identifiers)
PIPELINE_NEWS = """\
libpipeline 1.5.7 (13 November 2022)
====================================

 * Add notes to libpipeline(3) of when functions were added.
 * Transferred Git repository to https://gitlab.com/libpipeline/libpipeline.
 * Make `socketpair` tests used by `./configure --enable-socketpair-pipe`
   compatible with C23.

libpipeline 1.5.6 (24 April 2022)
=================================

 * Fix handling of leading whitespace in `pipecmd_new_argstr` and
   `pipecmd_argstr`.

libpipeline 1.5.5 (3 January 2022)
==================================

 * Move release process to GitLab CI.

libpipeline 1.5.4 (7 November 2021)
===================================

 * Move Git repository to GitLab (https://gitlab.com/cjwatson/libpipeline).
 * Building libpipeline now requires Autoconf >= 2.64.

libpipeline 1.5.3 (13 August 2020)
==================================

 * Fix implementation-defined behaviour while handling read/write errors.
 * Port tests to the modern Check API.
"""

# pip's docs/topics/caching.md (MIT): four-backtick MyST fences around three-backtick ones
PIP_CACHING = """\
### `pip cache dir`

```{versionadded} 20.1

```

You can use `pip cache dir` to get the cache directory that pip is currently configured to use.

### Default paths

````{tab} Linux
```
~/.cache/pip
```

pip will also respect `XDG_CACHE_HOME`.
````

````{tab} MacOS
```
~/Library/Caches/pip
```
````

````{tab} Windows
```
%LocalAppData%\\pip\\Cache
```
````

## Avoiding caching
"""

# GNU Stow's README.md (GPL-3+): Wikipedia links whose targets hold parentheses (`Rpm_(software)`)
STOW_README = """\
[![Build Status](https://travis-ci.org/aspiers/stow.svg)](https://travis-ci.org/aspiers/stow)
[![Coverage Status](https://coveralls.io/repos/aspiers/stow/badge.svg?branch=master&service=github)](https://coveralls.io/github/aspiers/stow?branch=master)

README for GNU Stow
===================

This README describes GNU Stow.  This is not the definitive
documentation for Stow; for that, see the [info
manual](https://www.gnu.org/software/stow/manual/).

Stow is a symlink farm manager program which takes distinct sets
of software and/or data located in separate directories on the
filesystem, and makes them all appear to be installed in a single
directory tree.

Originally Stow was born to address the need to administer, upgrade,
install, and remove files in independent software packages without
confusing them with other files sharing the same file system space.
For instance, many years ago it used to be common to compile programs
such as Perl and Emacs from source and install them in `/usr/local`.
By using Stow, `/usr/local/bin` could contain symlinks to files within
`/usr/local/stow/emacs/bin`, `/usr/local/stow/perl/bin` etc., and
likewise recursively for any other subdirectories such as `.../share`,
`.../man`, and so on.

While this is useful for keeping track of system-wide and per-user
installations of software built from source, in more recent times
software packages are often managed by more sophisticated package
management software such as
[`rpm`](https://en.wikipedia.org/wiki/Rpm_(software)),
[`dpkg`](https://en.wikipedia.org/wiki/Dpkg), and
[Nix](https://en.wikipedia.org/wiki/Nix_package_manager) / [GNU
Guix](https://en.wikipedia.org/wiki/GNU_Guix), or language-native
package managers such as Ruby's
[`gem`](https://en.wikipedia.org/wiki/RubyGems), Python's
[`pip`](https://en.wikipedia.org/wiki/Pip_(package_manager)),
Javascript's [`npm`](https://en.wikipedia.org/wiki/Npm_(software)),
and so on.

However Stow is still used not only for software package management,
"""

# Flask's README.md (BSD-3-Clause): `Flask(__name__)` in a fenced example beside links
FLASK_README = """\
<div align="center"><img src="https://raw.githubusercontent.com/pallets/flask/refs/heads/stable/docs/_static/flask-name.svg" alt="" height="150"></div>

# Flask

Flask is a lightweight [WSGI] web application framework. It is designed
to make getting started quick and easy, with the ability to scale up to
complex applications. It began as a simple wrapper around [Werkzeug]
and [Jinja], and has become one of the most popular Python web
application frameworks.

Flask offers suggestions, but doesn't enforce any dependencies or
project layout. It is up to the developer to choose the tools and
libraries they want to use. There are many extensions provided by the
community that make adding new functionality easy.

[WSGI]: https://wsgi.readthedocs.io/
[Werkzeug]: https://werkzeug.palletsprojects.com/
[Jinja]: https://jinja.palletsprojects.com/

## A Simple Example

```python
# save this as app.py
from flask import Flask

app = Flask(__name__)

@app.route("/")
def hello():
    return "Hello, World!"
```

```
$ flask run
  * Running on http://127.0.0.1:5000/ (Press CTRL+C to quit)
```

## Donate

The Pallets organization develops and supports Flask and the libraries
"""

# polkit's NEWS.md (LGPL-2+): ATX headings over the older plain-text part, whose titles are framed by rules of unequal length
POLKIT_NEWS = """\
## polkit 122

### Highlights:
- new Georgian translation
- port to mozjs-102
- daemon-less build (support for e.g. flatpak deps)
- re-enable of (API) documentation build

### Build requirements
- glib, gobject, gio >= 2.32
- mozjs-102 OR duktape
- gobject-introspection >= 0.6.2 (optional)
    Allow unset process-uid

 - Emmanuele Bassi
    Port the JS authority to mozjs-60

 - Göran Uddeborg:
    Use JS_EncodeStringToUTF8

Many thanks to all contributors!

Jan Rybar et al.,
April 25, 2019

---------------
polkit 0.115
--------------

**WARNING:**
This is a prerelease on the road to polkit
1.0. Public API might change and certain parts of the code still needs
some security review. Use at your own risk.

This is polkit **0.115**.

### Highlights:
 -  Fixes CVE-2018-1116, a local information disclosure and denial of service
 caused by trusting client-submitted UIDs when referencing processes.
 Thanks to Matthias Gerstner of the SUSE security team for reporting
 this issue.

### Build requirements:
"""


# kombu's docs/includes/resources.txt (kombu 5.7.0, BSD-3-Clause): reStructuredText with a reference `carrot-users`_ to the target it defines
KOMBU_RESOURCES = """\
Getting Help
============

Mailing list
------------

Join the `carrot-users`_ mailing list.

.. _`carrot-users`: http://groups.google.com/group/carrot-users/

Bug tracker
===========

If you have any suggestions, bug reports or annoyances please report them
to our issue tracker at http://github.com/celery/kombu/issues/

Contributing
============

Development of `Kombu` happens at Github: http://github.com/celery/kombu

You are highly encouraged to participate in the development. If you don't
like Github (for some reason) you're welcome to send regular patches.

License
=======

This software is licensed under the `New BSD License`. See the `LICENSE`
file in the top distribution directory for the full license text.

"""

# Tornado's docs/releases/v3.0.2.rst (Apache-2.0): a hyperlink `text <url>`_ whose text wraps onto a second line, a ``literal``
TORNADO_RELEASE = """\
What's new in Tornado 3.0.2
===========================

Jun 2, 2013
-----------

* `tornado.auth.TwitterMixin` now defaults to version 1.1 of the
  Twitter API, instead of version 1.0 which is being `discontinued on
  June 11 <https://dev.twitter.com/calendar>`_.  It also now uses HTTPS
  when talking to Twitter.
* Fixed a potential memory leak with a long chain of `.gen.coroutine`
  or ``gen.engine`` functions.
"""

# pip-tools' CONTRIBUTING.md (BSD-3-Clause): code spans in underscore emphasis (_e.g., `release/v3.4.0`_), no RST target
PIPTOOLS_CONTRIBUTING = """\
The use of agents which write code and submit pull requests without human review
is not permitted.

#### Pull Request Templates

Please do not replace the pull request template, which is part of the
maintainers' process.

### The `good first issue` label

The [`good first issue` label] is used to designate items which are being left
for new contributors.
They're a great way to get onboarded into the project and learn.

Having an LLM resolve one of these issues does not help anyone learn.
Therefore, please be considerate of those who may benefit from these
opportunities, and refrain from asking an LLM to produce a complete solution.

## Project Release Process

Releases require approval by a member of the [`pip-tools-admins` team].

Commands given below may assume that your fork is named `origin` in git
remotes and the main repo is named `upstream`.

This is the current release process:

- Create a branch for the release. _e.g., `release/v3.4.0`_.
- Use `towncrier` to update the [CHANGELOG], _e.g.,
  `towncrier build --version v3.4.0`_.
- Push the branch to your fork, _e.g.,
  `git push -u origin release/v3.4.0`_, and create a pull request.
- Merge the pull request after the changes are approved.
- Make sure that the tests/CI still pass.
- Fetch the latest changes to `main` locally.
- Create an unsigned tag with the release version number prefixed with a
  `v`, _e.g., `git tag -a v3.4.0 -m v3.4.0`_, and push it to `upstream`.
- Create a GitHub Release, populated with a copy of the changelog and set
  to "Create a discussion for this release" in the `Announcements`
  category.
  Some of the markdown will need to be reformatted into GFM.
"""

# Mithril's docs/recent-changes.md (mithril 2.3.8, MIT; lines over 160 characters cut): `####` headings that are
# links to pull requests, long ones counted as `#` comment sentences, so the document read as text
MITHRIL_CHANGES = """\

# Release v2.3.8

### Patch Changes

#### [refactor execSelector (@kfule)](https://github.com/MithrilJS/mithril.js/pull/3056)


#### [Make `vnode.domSize` assignment consistent between create and update. (@kfule)](https://github.com/MithrilJS/mithril.js/pull/3055)

This PR makes the code and behavior of create and update processes more consistent.
#### [Bump rimraf from 6.0.1 to 6.1.0 in the normal group (@dependabot[bot])](https://github.com/MithrilJS/mithril.js/pull/3054)

Bumps the normal group with 1 update: [rimraf](https://github.com/isaacs/rimraf).  Updates `rimraf` from 6.0.1 to 6.1.0.  Changelog.  Sourced from rimraf's
#### [Fix URI decoder bug and reduce bundle size through module tailoring and cleanup (@kfule)](https://github.com/MithrilJS/mithril.js/pull/3050)

This fixes the URI decoder used in the Router to decode more strictly.
#### [refactor `Vnode.normalizeChildren` (@kfule)](https://github.com/MithrilJS/mithril.js/pull/3052)

`Vnode.normalizeChildren` now preallocates the array length and performs key-consistency checks after normalization.
#### [Bump actions/setup-node from 5 to 6 in the normal group (@dependabot[bot])](https://github.com/MithrilJS/mithril.js/pull/3053)

Bumps the normal group with 1 update: [actions/setup-node](https://github.com/actions/setup-node).  Updates `actions/setup-node` from 5 to 6.  Release notes.
#### [Bump actions/setup-node from 4 to 5 in the normal group (@dependabot[bot])](https://github.com/MithrilJS/mithril.js/pull/3047)

Bumps the normal group with 1 update: [actions/setup-node](https://github.com/actions/setup-node).  Updates `actions/setup-node` from 4 to 5.  Release notes.
#### [docs: edited the link to the build badge (@Olexandr88)](https://github.com/MithrilJS/mithril.js/pull/3045)

# Release v2.3.7

### Patch Changes

#### [Make the attrs of non-element vnodes always non-null. (@kfule)](https://github.com/MithrilJS/mithril.js/pull/3042)

In #3041, it seemed that the case of non-element vnodes was not fully considered in terms of not breaking existing behavior.

# Release v2.3.6

### Patch Changes

"""

# coverage.py's .github/ISSUE_TEMPLATE/bug_report.md (coverage 7.18.0, Apache-2.0): a YAML front matter over
# `**Describe the bug**` lines, code spans and a numbered list; no heading, link or fence, so it read as text
COVERAGE_ISSUE_TEMPLATE = """\
---
name: Bug report
about: Report a problem with coverage.py
title: ''
labels: bug
assignees: ''

---

**Describe the bug**
A clear and concise description of the bug.

**To Reproduce**
How can we reproduce the problem?  Please *be specific*. Don't link to a failing CI job. Think about the time it will take us to recreate your situation: the easier you make it, the more likely your issue will be addressed.

Answer the questions below:
1. What version of Python are you using?
1. What version of coverage.py shows the problem? The output of `coverage debug sys` is helpful.
1. What versions of what packages do you have installed? The output of `pip freeze` is helpful.
1. What code shows the problem?  Give us a *specific commit* of a *specific repo* that we can check out. If you've already worked around the problem, please provide a commit before that fix.
1. What commands should we run to reproduce the problem? *Be specific*. Include everything, even `git clone`, `pip install`, and so on. Explain like we're five!

"""

PLAIN_TEXTS = {
    "automake_news": AUTOMAKE_NEWS,
    "global_readme": GLOBAL_README,
    "haproxy_management": HAPROXY_MANAGEMENT,
    "haproxy_lua": HAPROXY_LUA,
    "ltrace_todo": LTRACE_TODO,
    "coreutils_readme": COREUTILS_README,
    "xz_news": XZ_NEWS,
    "python_readme_debian": PYTHON_README_DEBIAN,
    "kombu_resources": KOMBU_RESOURCES,
    "tornado_release": TORNADO_RELEASE,
}
MARKDOWN = {
    "pipeline_news": PIPELINE_NEWS,
    "pip_caching": PIP_CACHING,
    "stow_readme": STOW_README,
    "flask_readme": FLASK_README,
    "polkit_news": POLKIT_NEWS,
    "piptools_contributing": PIPTOOLS_CONTRIBUTING,
    "mithril_changes": MITHRIL_CHANGES,
    "coverage_issue_template": COVERAGE_ISSUE_TEMPLATE,
}


@pytest.mark.parametrize("name", sorted(PLAIN_TEXTS))
def test_plain_text_documentation_is_text(name: str) -> None:
    content = PLAIN_TEXTS[name]
    assert toolstub.synopsize(content, rules="default").kind == "text"
    assert toolstub.synopsize(content, rules="openviking-compat").kind == "text"


@pytest.mark.parametrize("name", sorted(MARKDOWN))
def test_markdown_look_alikes_stay_markdown(name: str) -> None:
    assert toolstub.synopsize(MARKDOWN[name], rules="default").kind == "markdown"


def test_indented_title_is_not_in_the_outline() -> None:
    """A title centred by indentation is not a heading of the synopsis either; the column-0 ones are."""
    content = "                 Guide\n                 -----\n\nSummary\n-------\n\nSee [the docs](https://x.org) and `x`.\n"
    synopsis = toolstub.synopsize(content, rules="default")
    assert synopsis.kind == "markdown"
    outline = " ".join(synopsis.structure)
    assert "Summary" in outline and "Guide" not in outline


@pytest.mark.parametrize(
    ("word", "identifier"),
    [
        ("__future__", True),  # python3.11-minimal README.Debian
        ("__constructor__", True),  # XZ Utils NEWS
        ("__LP64__", True),  # coreutils README
        ("__STDC_VERSION__", True),
        ("__Note__", False),  # node-gyp README.md: bold
        ("__HEAD__", False),  # express History.md (a tune Markdown case): bold
        ("__CSS__", False),  # prismjs CHANGELOG.md: bold component names
    ],
)
def test_dunder_identifiers_are_not_bold(word: str, identifier: bool) -> None:
    """Lower-case dunders, and capitals with a digit or an inner `_`, are identifiers; a capitalised or
    all-capitals word between `__` is Markdown bold (probe_docs: 400 such in Markdown, none in plain text)."""
    from toolstub.plugins import markdown_summarizer

    assert (markdown_summarizer._DUNDER.fullmatch(word) is not None) is identifier


def test_front_matter_alone_is_not_markdown() -> None:
    """The template's front matter without its body: YAML, as before."""
    front = COVERAGE_ISSUE_TEMPLATE.split("\n---\n", 1)[0] + "\n---\n"
    assert front.count("---") == 2
    assert toolstub.synopsize(front, rules="default").kind != "markdown"
