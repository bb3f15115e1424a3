"""Issue 10, markdown and log detection on real material (short excerpts of real files and outputs).

- a Markdown file that is one pipe table (onnxruntime's CoreML op list, MIT): only its ``|---|---|``
  rule and inline code say Markdown; its NNAPI op list (MIT) has no inline code: the GFM table
  alone (header row, delimiter row of as many cells, body rows) says Markdown;
- prompt files (openai-agents, MIT): one ATX heading over Markdown lists and prose, or ``====``
  banners around titles in a document with ATX headings and inline code: Markdown;
- ``javac -verbose`` output (``[parsing started ...]``, ``[loading ...]``, ``[total 247ms]``) and
  JDK 8 ``-verbose:class`` lines: a log.
Look-alikes that must keep their kind: psql output (``+`` in its rule), a ``---|---`` rule
between pipe-separated log lines, a rule with more cells than the row above it; a reStructuredText changelog (``====`` over/underlines with
roles) stays text; a ``#`` comment block over a ``- item`` list in a config stays text.
"""

from __future__ import annotations

import pytest

import toolstub

PIPE_TABLE_MD = """\
<!--
Keep in sync with doco generated from /docs/execution-providers/CoreML-ExecutionProvider.md on the gh_pages branch
-->
|Operator|Note|
|--------|------|
|ai.onnx:Add||
|ai.onnx:ArgMax||
|ai.onnx:AveragePool|Only 2D Pool is supported.|
|ai.onnx:BatchNormalization||
|ai.onnx:Cast||
|ai.onnx:Conv|Only 1D/2D Conv is supported.<br/>Weights and bias should be constant.|
|ai.onnx:Gather|Input `indices` with scalar value is not supported.|
|ai.onnx:Gemm|Input B should be constant.|
|ai.onnx:MatMul|Input B should be constant.|
|ai.onnx:Pow|Only supports cases when both inputs are fp32.|
|ai.onnx:Reshape|At least one dimension of `shape` should be constant.|
|ai.onnx:Split|If provided, `splits` must be constant.|
"""

# onnxruntime's NNAPI op list has the same shape with no inline code at all: the table alone says Markdown
NNAPI_TABLE_MD = "".join(line for line in PIPE_TABLE_MD.splitlines(keepends=True) if "`" not in line)

PSQL_OUTPUT = """\
 id |   name    | created_at
----+-----------+---------------------
  1 | alice     | 2024-01-02 10:00:00
  2 | bob       | 2024-01-03 11:30:00
  3 | carol     | 2024-01-04 09:15:00
(3 rows)
"""

PIPE_LOG = """\
2024-05-01 10:00:01 INFO  | worker-1 | started job 17
2024-05-01 10:00:02 INFO  | worker-2 | started job 18
--------|----------|---------
2024-05-01 10:00:03 WARN  | worker-1 | retrying job 17
2024-05-01 10:00:04 ERROR | worker-2 | job 18 failed: timeout
2024-05-01 10:00:05 INFO  | worker-1 | job 17 done
"""

CELLS_MISMATCH = """\
Results of the nightly run

name | status
---|---|---
build | ok
tests | 3 failed
"""

PROMPT_MD = """\
## Memory

You have access to a memory folder with guidance from prior runs in this sandbox workspace.
It can save time and help you stay consistent. Use it whenever it is likely to help.

{memory_update_instructions}

Decision boundary: should you use memory for a new user query?

- Skip memory ONLY when the request is clearly self-contained and does not need workspace
  history, conventions, or prior decisions.
- Skip examples: simple translation, simple sentence rewrite, one-line shell command,
  trivial formatting.
- Use memory by default when ANY of these are true:
  - the query mentions workspace/repo/module/path/files in MEMORY_SUMMARY below,
  - the user asks for prior context / consistency / previous decisions,
  - the task is ambiguous and could depend on earlier project choices,
- If unsure, do a quick memory pass.

Quick-pass budget:

- Keep memory lookup lightweight: ideally <= 4-6 search steps before main work.
- Avoid broad scans of all rollout summaries.
"""

BANNER_PROMPT_MD = """\
## Memory Writing Agent: Phase 1 (Rollout Extraction)

You are a Memory Writing Agent.

Your job: convert raw memory rollouts into useful raw memories and rollout summaries.

============================================================
GLOBAL SAFETY, HYGIENE, AND NO-FILLER RULES (STRICT)
============================================================

- Raw rollouts are immutable evidence. NEVER edit raw rollouts.
- **No-op is allowed and preferred** when there is no meaningful, reusable learning worth saving.

============================================================
TASK OUTCOME TRIAGE
============================================================

- Use the explicit `terminal_metadata` block from the user message as a first-class signal.
- `completed` means the run ended with a final output, but individual tasks can still be
  partial or uncertain if the evidence says so.
- `cancelled` means the run was stopped before completion. Usually prefer `partial` or
  `uncertain` unless there is strong contrary evidence.
"""

JAVAC_VERBOSE = """\
[parsing started SimpleFileObject[/tmp/run/java/Demo.java]]
[parsing completed 11ms]
[loading /modules/jdk.jstatd/module-info.class]
[loading /modules/java.logging/module-info.class]
[loading /modules/java.compiler/module-info.class]
[loading /modules/java.base/module-info.class]
[loading /modules/java.base/java/lang/Object.class]
[loading /modules/java.base/java/lang/String.class]
[search path for source files: .]
[search path for class files: /usr/lib/jvm/java-17-openjdk-amd64/lib/modules,.]
[checking Demo]
[wrote out/Demo.class]
[total 247ms]
Note: Demo.java uses unchecked or unsafe operations.
Note: Recompile with -Xlint:unchecked for details.
"""

JDK8_VERBOSE_CLASS = """\
[Opened /usr/lib/jvm/java-8-openjdk-amd64/jre/lib/rt.jar]
[Loaded java.lang.Object from /usr/lib/jvm/java-8-openjdk-amd64/jre/lib/rt.jar]
[Loaded java.io.Serializable from /usr/lib/jvm/java-8-openjdk-amd64/jre/lib/rt.jar]
[Loaded java.lang.Comparable from /usr/lib/jvm/java-8-openjdk-amd64/jre/lib/rt.jar]
[Loaded java.lang.CharSequence from /usr/lib/jvm/java-8-openjdk-amd64/jre/lib/rt.jar]
[Loaded java.lang.String from /usr/lib/jvm/java-8-openjdk-amd64/jre/lib/rt.jar]
[Loaded Demo from file:/tmp/run/java/]
"""

RST_CHANGELOG = """\
=========
Changelog
=========

1.4.0 (2024-03-02)
==================

- Added :func:`parse_config` and the ``strict`` option.
- Fixed :issue:`112`: a trailing comma in a list was an error.

1.3.1 (2023-11-20)
==================

- Documentation: see :doc:`usage` for the new examples.
"""

CONFIG_WITH_LIST = """\
# Default settings for the backup job.
# Edit and restart the service.

targets = /home /etc /var/lib/app
- exclude /var/lib/app/cache
- exclude /home/*/.cache
- exclude /tmp
keep_daily = 7
keep_weekly = 4
"""


@pytest.mark.parametrize(
    ("content", "kind"),
    [
        pytest.param(PIPE_TABLE_MD, "markdown", id="markdown-one-pipe-table"),
        pytest.param(NNAPI_TABLE_MD, "markdown", id="markdown-one-gfm-table-no-inline-code"),
        pytest.param(PSQL_OUTPUT, "text", id="psql-output-stays-text"),
        pytest.param(PIPE_LOG, "log", id="rule-inside-pipe-log-stays-log"),
        pytest.param(CELLS_MISMATCH, "text", id="rule-with-other-cell-count-stays-text"),
        pytest.param(PROMPT_MD, "markdown", id="markdown-prompt-heading-lists-prose"),
        pytest.param(BANNER_PROMPT_MD, "markdown", id="markdown-prompt-with-banners"),
        pytest.param(JAVAC_VERBOSE, "log", id="javac-verbose"),
        pytest.param(JDK8_VERBOSE_CLASS, "log", id="jdk8-verbose-class"),
        pytest.param(RST_CHANGELOG, "text", id="rst-changelog-with-roles"),
        pytest.param(CONFIG_WITH_LIST, "text", id="config-comment-block-over-items"),
    ],
)
def test_real_material_gets_its_kind(content: str, kind: str) -> None:
    assert toolstub.synopsize(content).kind == kind


def test_one_table_markdown_counts_its_table() -> None:
    syn = toolstub.synopsize(PIPE_TABLE_MD)
    assert any("tables: 1" in line for line in syn.structure)
