"""The one-way architecture (issue 13, docs/architecture.md).

* the import graph of every toolstub module (drawn with grimp on the installed layout:
  engine/ = toolstub, plugins/ = toolstub.plugins, rules/ = toolstub.rules) has no cycle;
* no toolstub module imports another toolstub module inside a function body, except a
  module that needs an optional extra (fastapi, mcp, ...);
* ``lint-imports`` keeps the contracts of pyproject.toml, and breaks them when a forbidden
  import is added (a plugin importing a plugin, a core module importing a higher layer, a
  cycle hidden in a function body);
* the CLI lists its commands without importing them (click's LazyGroup pattern).
"""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "scripts"))
import lint_imports  # noqa: E402  (scripts/lint_imports.py)

sys.path.pop(0)

#: third-party packages of the optional extras: a module needing one may be imported lazily
OPTIONAL_EXTRAS = frozenset({
    "fastapi", "starlette", "uvicorn", "mcp", "s3fs", "boto3", "tiktoken", "tiktoken_ext", "magika",
    "langchain", "langchain_core", "langgraph", "agents", "openai", "claude_agent_sdk", "anthropic",
})


def _module_files(root: Path = REPO) -> dict[str, Path]:
    """Dotted toolstub module name -> source file, in the installed layout."""
    out: dict[str, Path] = {}
    for folder, package in lint_imports.LAYOUT:
        base = package.replace("/", ".")
        for path in sorted((root / folder).rglob("*.py")):
            parts = list(path.relative_to(root / folder).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join([base, *parts])] = path
    return out


def _resolve(module: str, is_package: bool, node: ast.ImportFrom | ast.Import, known: set[str]) -> list[str]:
    """The modules an import statement loads: ``from a import b`` is ``a.b`` when that is a module, else ``a``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if node.level:
        package = module if is_package else module.rsplit(".", 1)[0]
        for _ in range(node.level - 1):
            package = package.rsplit(".", 1)[0]
        base = f"{package}.{node.module}" if node.module else package
    else:
        base = node.module or ""
    return sorted({f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names})


def _imports(module: str, path: Path, known: set[str] = frozenset()) -> tuple[set[str], list[tuple[int, str]]]:
    """(modules imported at module level, [(line, module) imported inside a function body])."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    top: set[str] = set()
    deferred: list[tuple[int, str]] = []

    def visit(node: ast.AST, in_function: bool) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                names = _resolve(module, is_package, child, known)
                if in_function:
                    deferred.extend((child.lineno, name) for name in names)
                else:
                    top.update(names)
            visit(child, in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    visit(tree, False)
    return top, deferred


def _needs_extra(module: str, files: dict[str, Path], seen: set[str] | None = None) -> bool:
    """Whether ``module`` imports (at module level, directly or through toolstub modules) an optional extra."""
    seen = seen if seen is not None else set()
    if module in seen or module not in files:
        return False
    seen.add(module)
    top, _ = _imports(module, files[module], set(files))
    if any(name.split(".")[0] in OPTIONAL_EXTRAS for name in top):
        return True
    return any(_needs_extra(name, files, seen) for name in top if name.startswith("toolstub."))


def test_no_toolstub_import_is_deferred_into_a_function_except_for_optional_extras():
    files = _module_files()
    problems = []
    for module, path in files.items():
        _, deferred = _imports(module, path, set(files))
        for line, name in deferred:
            if name != "toolstub" and not name.startswith("toolstub."):
                continue
            if _needs_extra(name, files):
                continue  # e.g. the CLI's `serve` importing toolstub.server.http (fastapi) when it runs
            problems.append(f"{path.relative_to(REPO)}:{line}: {module} imports {name} inside a function")
    assert problems == [], "\n".join(problems)


def test_the_checker_sees_a_deferred_import(tmp_path):
    sample = tmp_path / "mod.py"
    sample.write_text("import json\n\ndef f():\n    from toolstub.rule_files import load_rules\n    return load_rules\n")
    files = _module_files()
    _, deferred = _imports("toolstub.sample", sample, set(files))
    assert deferred == [(4, "toolstub.rule_files")]
    assert not _needs_extra("toolstub.rule_files", files)
    assert _needs_extra("toolstub.server.http", files)  # fastapi


def _grimp_graph(tree: Path) -> dict[str, list[str]]:
    """module -> directly imported toolstub modules, drawn by grimp on an assembled tree (a subprocess)."""
    code = (
        "import grimp, json\n"
        "g = grimp.build_graph('toolstub', cache_dir=None)\n"
        "print(json.dumps({m: sorted(g.find_modules_directly_imported_by(m)) for m in sorted(g.modules)}))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)},
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def _cycles(graph: dict[str, list[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in graph:
        if start in index:
            continue
        work = [(start, iter(graph.get(start, ())))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(graph.get(child, ()))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_import_graph_has_no_cycle(tmp_path):
    graph = _grimp_graph(lint_imports.assemble(REPO, tmp_path))
    assert "toolstub.plugins.json_summarizer" in graph  # the plugins are in the graph, not only engine/
    assert "toolstub.rule_files" in graph["toolstub.engine"]
    assert _cycles(graph) == []


def test_the_cycle_finder_finds_a_cycle():
    assert _cycles({"a": ["b"], "b": ["c"], "c": ["a"], "d": ["a"]}) == [["a", "b", "c"]]


# --- lint-imports ------------------------------------------------------------------------------

def _lint(root: Path) -> subprocess.CompletedProcess:
    return lint_imports.run(root, capture=True)


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    for folder, _ in lint_imports.LAYOUT:
        shutil.copytree(REPO / folder, root / folder, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


def _broken(result: subprocess.CompletedProcess) -> list[str]:
    return [line for line in result.stdout.splitlines() if " BROKEN" in line]


def test_lint_imports_keeps_every_contract():
    result = _lint(REPO)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "4 kept, 0 broken" in result.stdout


def _add_line(path: Path, line: str) -> None:
    text = path.read_text(encoding="utf-8")
    head, sep, rest = text.partition("from __future__ import annotations\n")
    path.write_text(head + sep + line + "\n" + rest if sep else line + "\n" + text, encoding="utf-8")


def test_lint_imports_fails_when_a_plugin_imports_another_plugin(tmp_path):
    root = _copy(tmp_path)
    _add_line(root / "plugins" / "yaml_summarizer.py", "from toolstub.plugins import json_summarizer  # noqa: F401")
    result = _lint(root)
    assert result.returncode != 0
    assert any(line.startswith("kind plugins are independent") for line in _broken(result)), result.stdout
    assert "toolstub.plugins.yaml_summarizer -> toolstub.plugins.json_summarizer" in result.stdout


def test_lint_imports_fails_when_the_core_imports_a_higher_layer_or_hides_a_cycle(tmp_path):
    root = _copy(tmp_path)
    with (root / "engine" / "regex.py").open("a", encoding="utf-8") as handle:
        handle.write("\n\ndef _late():\n    from toolstub.rule_files import load_rules\n\n    return load_rules\n")
    result = _lint(root)
    assert result.returncode != 0
    broken = _broken(result)
    assert any(line.startswith("one direction") for line in broken), result.stdout
    assert "toolstub.regex -> toolstub.rule_files" in result.stdout
    assert any(line.startswith("no import cycles") for line in broken), result.stdout


def test_lint_imports_fails_when_the_store_search_imports_the_session(tmp_path):
    root = _copy(tmp_path)
    _add_line(root / "engine" / "store" / "search.py", "from toolstub.store import session as _session  # noqa: F401")
    result = _lint(root)
    assert result.returncode != 0
    assert any(line.startswith("store:") for line in _broken(result)), result.stdout


def test_a_new_top_level_module_must_be_placed_in_a_layer(tmp_path):
    root = _copy(tmp_path)
    (root / "engine" / "stray.py").write_text('"""A module no layer names."""\n', encoding="utf-8")
    result = _lint(root)
    assert result.returncode != 0
    assert "toolstub.stray" in result.stdout + result.stderr


# --- the CLI's lazy commands ---------------------------------------------------------------------

def test_cli_table_summaries_are_the_commands_own():
    from toolstub.cli import COMMANDS

    for name, (module, attr, summary) in COMMANDS.items():
        command = getattr(importlib.import_module(module), attr)
        assert command.name == name
        assert inspect.cleandoc(command.help or "").split("\n\n")[0] == summary, name


def test_cli_help_lists_every_command_without_importing_one():
    code = (
        "import sys\n"
        "from toolstub.cli import main\n"
        "try:\n    main(['--help'])\nexcept SystemExit as exc:\n    code = exc.code\n"
        "print(sorted(m for m in sys.modules if m.startswith('toolstub.cli.')), code)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    *help_lines, last = done.stdout.strip().splitlines()
    assert last == "[] 0"
    from toolstub.cli import COMMANDS

    listed = [line.split()[0] for line in help_lines[help_lines.index("Commands:") + 1 :] if line.strip()]
    assert listed == sorted(COMMANDS)


@pytest.mark.parametrize("args", [["plugins", "list", "--json"], ["rules", "validate", "nosuch.yaml"]])
def test_a_lazy_command_runs_and_fails_as_before(args):
    from click.testing import CliRunner

    from toolstub.cli import main

    result = CliRunner().invoke(main, args)
    if args[0] == "plugins":
        assert result.exit_code == 0 and "toolstub.plugins.json_summarizer" in result.output
    else:
        assert result.exit_code == 4 and "file not found" in result.output


# --- the public import paths survive the moves ------------------------------------------------

def test_public_and_plugin_author_import_paths_still_work():
    import toolstub
    from toolstub import rule_files, ruleset, token_estimate, tokens
    from toolstub.plugins import _lines, json_summarizer

    for name in ("synopsize", "render_stub", "load_rules", "validate_rules", "Synopsis", "KindInput",
                 "Summarizer", "Ruleset", "hookimpl", "RuleFileError", "PluginError", "ToolstubError"):
        assert getattr(toolstub, name) is not None, name
    assert toolstub.Ruleset is rule_files.Ruleset is ruleset.Ruleset
    assert rule_files.StubRules is ruleset.StubRules
    assert tokens.Tokenizer is token_estimate.Tokenizer and tokens.estimate_tokens is token_estimate.estimate_tokens
    from toolstub.regex import without_groups
    from toolstub.textutil import cut

    assert _lines.without_groups is without_groups and json_summarizer.cut is cut
    # the lazy names of the root package resolve, and type checkers see them (TYPE_CHECKING imports)
    for name in toolstub._LAZY:
        assert getattr(toolstub, name) is not None, name
    source = (REPO / "engine" / "__init__.py").read_text(encoding="utf-8")
    checked = source.split("if TYPE_CHECKING:", 1)[1].split("\n\n", 1)[0]
    assert all(name in checked for name in toolstub._LAZY), checked
