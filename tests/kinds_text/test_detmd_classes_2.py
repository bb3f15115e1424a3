"""Issue 10 (detmd, second probe: docs/probes/probe_detmd2.py): classes of real files and outputs outside
the corpus that `default` read as another kind, each with look-alikes that must keep their kind.

- npm 9+ output (``npm install --loglevel=verbose`` of a tarball, npm 11.19 on this machine): its levels are
  written in lower case (``npm warn``, ``npm error``, ``npm verbose``); 6 of 6 such runs read as text.
  A tool's output, not a work of authorship; the paths are the probe's own.
- ``pip install -v`` failing on Python 3.11 (pip 23.0.1, MIT): the traceback's frames carry PEP 657
  ``^^^^`` markers under their source lines; with them not counted, 2 of 4 verbose pip runs read as text.
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
