"""Issue 10 (pool probes, this round's first looks: Debian pool 19 and PyPI pool 5, half ``a``): classes of real
files that `default` read as another kind, each with look-alikes that must keep theirs. The excerpts are short and
quoted from the packages named.

- golang-github-gucumber-gucumber-dev's ``gherkin/parser_test.go`` (``package gherkin``, ``import (``, then tests
  whose raw strings quote Gherkin features with ``# comments`` and ``- a`` lists) read as Markdown, where compat is
  right. A first statement that is a package clause followed by an import block, a function or a type declaration
  marks Go (Kotlin's ``package a.b`` / ``import a.b.C`` has a dotted name and no quote nor parenthesis).
- librust-jsonwebtoken-dev's ``tests/lib.rs`` (four ``mod ecdsa;`` lines: a crate's test root) read as
  configuration text (``directive args;``): ``mod name;`` is a line only Rust writes, a veto of the configuration
  reading. An nginx configuration of ``directive value;`` lines stays text.
- Python modules of constants that compute a value: python3-pony's ``options.py`` (``MAX_SESSION_CTIME = 60*24``
  beside ``DEBUG = True``) and python3-tackerclient's ``common/constants.py`` (``ATOM_LINK_NOTATION = "{%s}link" %
  ATOM_NAMESPACE``, a dict of single-quoted strings) read as text: arithmetic of literals and of names assigned
  above is a literal value too. The same lines with no value only Python writes, or under an INI section, stay text.
- An Odoo addon's ``__manifest__.py`` of strings and lists only (odoo-addon-attribute-set-completeness, PyPI pool 5:
  ``# Copyright`` comments over one dict display whose lists end ``",`` then ``],``) read as text: ``#`` comments
  over a display with a trailing comma are Python's (a JSON object has neither). A JSON object under ``#``
  comments without a trailing comma stays text, and one with trailing commas and no comments stays JSON.
"""

from __future__ import annotations

from pathlib import Path

import pytest

import toolstub


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


# golang-github-gucumber-gucumber-dev: gherkin/parser_test.go, its package clause and imports and 7 of its 16
# test functions (cut to those that keep the Markdown reading on the commit before the class)
GUCUMBER_PARSER_TEST = (Path(__file__).parent / "samples" / "gucumber_parser_test.go").read_text(encoding="utf-8")

# A Markdown README whose fenced example is a Go program (the package clause is not the document's first line)
GO_README = """# gherkin

A parser for Gherkin features, written in Go. See the [docs](https://pkg.go.dev/x).

```go
package main

import (
\t"fmt"
)

func main() { fmt.Println("hi") }
```

- parses features
- parses scenarios
"""

# A Kotlin source: a dotted package and imports without quotes (code, not Go)
KOTLIN_SOURCE = """package com.example.demo

import kotlin.math.max

fun larger(a: Int, b: Int): Int = max(a, b)
"""

# librust-jsonwebtoken-dev: jsonwebtoken-8.2.0/tests/lib.rs (whole)
JSONWEBTOKEN_TESTS = """mod ecdsa;
mod eddsa;
mod header;
mod rsa;
"""

NGINX_DIRECTIVES = """worker_processes auto;
pid /run/nginx.pid;
include /etc/nginx/modules-enabled/*.conf;
error_log /var/log/nginx/error.log;
"""

# python3-pony: pony/options.py, lines 1-3 and 26-31
PONY_OPTIONS = """DEBUG = True

STATIC_DIR = None

#auth options:
MAX_SESSION_CTIME = 60*24  # one day
MAX_SESSION_MTIME = 60*2  # 2 hours
MAX_LONGLIFE_SESSION = 14  # 14 days
COOKIE_SERIALIZATION_TYPE = 'json' # may be 'json' or 'pickle'
COOKIE_NAME = 'pony'
"""

# python3-tackerclient: tackerclient/common/constants.py, lines 1-2 and 17-37 (cut)
TACKER_CONSTANTS = """# Copyright (c) 2012 OpenStack Foundation.
#

EXT_NS = '_extension_ns'
XML_NS_V10 = 'http://openstack.org/tacker/api/v1.0'
XSI_NAMESPACE = "http://www.w3.org/2001/XMLSchema-instance"
ATOM_NAMESPACE = "http://www.w3.org/2005/Atom"
ATOM_XMLNS = "xmlns:atom"
ATOM_LINK_NOTATION = "{%s}link" % ATOM_NAMESPACE

TYPE_BOOL = "bool"
TYPE_INT = "int"

PLURALS = {'templates': 'template',
           'devices': 'device'}
"""


def test_go_package_clause_then_imports_is_go() -> None:
    synopsis = toolstub.synopsize(GUCUMBER_PARSER_TEST)
    assert synopsis.kind == "code"
    assert "Go" in synopsis.title


def test_go_marker_look_alikes() -> None:
    assert kind(GO_README) == "markdown"
    synopsis = toolstub.synopsize(KOTLIN_SOURCE)
    assert synopsis.kind == "code"
    assert "Go" not in synopsis.title


def test_rust_mod_declarations_are_rust() -> None:
    synopsis = toolstub.synopsize(JSONWEBTOKEN_TESTS)
    assert synopsis.kind == "code"
    assert "Rust" in synopsis.title


def test_nginx_directives_stay_text() -> None:
    assert kind(NGINX_DIRECTIVES) == "text"


@pytest.mark.parametrize("content", [PONY_OPTIONS, TACKER_CONSTANTS])
def test_constants_module_computing_values_is_python(content: str) -> None:
    synopsis = toolstub.synopsize(content)
    assert synopsis.kind == "code"
    assert "Python" in synopsis.title


@pytest.mark.parametrize(
    "content",
    [
        # the arithmetic without a value only Python writes: a `KEY = value` listing
        "MAX_SESSION_CTIME = 60*24\nMAX_SESSION_MTIME = 60*2\nCOOKIE_NAME = \"pony\"\n",
        # under an INI section
        "[auth]\nMAX_SESSION_CTIME = 60*24\nDEBUG = True\nCOOKIE_NAME = 'pony'\n",
        # a name not assigned above
        "TIMEOUT = BASE * 2\nDEBUG = True\nNAME = 'x'\n",
    ],
)
def test_arithmetic_settings_stay_text(content: str) -> None:
    assert kind(content) == "text"


# odoo-addon-attribute-set-completeness: odoo/addons/attribute_set_completeness/__manifest__.py (whole)
ODOO_MANIFEST = """# Copyright 2020 ACSONE SA/NV
# License AGPL-3.0 or later (http://www.gnu.org/licenses/agpl).

{
    "name": "Attribute Set Completeness",
    "version": "16.0.1.0.0",
    "license": "AGPL-3",
    "author": "ACSONE SA/NV, Odoo Community Association (OCA)",
    "website": "https://github.com/OCA/odoo-pim",
    "depends": ["attribute_set", "component_event"],
    "data": [
        "views/attribute_set.xml",
        "security/attribute_set_completeness.xml",
        "views/attribute_set_completeness.xml",
    ],
    "demo": [],
}
"""


def test_commented_manifest_with_trailing_commas_is_python() -> None:
    synopsis = toolstub.synopsize(ODOO_MANIFEST)
    assert synopsis.kind == "code"
    assert "Python" in synopsis.title


def test_manifest_look_alikes_keep_their_kinds() -> None:
    assert kind('# generated\n{\n    "name": "x",\n    "data": ["a", "b"]\n}\n') == "text"
    assert kind('{\n    "name": "x",\n    "data": [\n        "a",\n    ],\n}\n') == "json"
