"""The public API is typed and documented (issue 12): docstrings on every public method, and
``pyright --verifytypes toolstub`` (the type completeness of the installed package) >= 95 %."""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import toolstub
from toolstub import store as store_pkg
from toolstub.externalize import ExternalizationConfig, ExternalizationReport, ExternalizationResult, Message, ToolPart
from toolstub.integrations.core import Processed, ToolOutputs
from toolstub.store import readback, results

REPO = Path(__file__).resolve().parent.parent


def public_api() -> list[object]:
    names = [getattr(toolstub, n) for n in [*toolstub.__all__, "open_store", "externalize", "hydrate",
                                             "ExternalizationConfig", "ToolResultStore"] if n != "__version__"]
    return [*names, store_pkg.Store, store_pkg.ToolResultStore, store_pkg.StoredToolResult, ExternalizationConfig,
            ExternalizationReport, ExternalizationResult, Message, ToolPart, results.ReadResult, results.SearchResult,
            results.ListResult, results.QueryResult, ToolOutputs, Processed, readback.SessionTools]


def undocumented(obj: object) -> list[str]:
    missing = [] if inspect.getdoc(obj) else [getattr(obj, "__qualname__", repr(obj))]
    if inspect.isclass(obj):
        for name, member in vars(obj).items():
            if name.startswith("_"):
                continue
            func = member.__func__ if isinstance(member, (classmethod, staticmethod)) else member
            if isinstance(func, property):
                func = func.fget
            if inspect.isfunction(func) and not (func.__doc__ or "").strip():
                missing.append(f"{obj.__qualname__}.{name}")
    return missing


def test_every_public_method_has_a_docstring():
    missing = [m for obj in public_api() for m in undocumented(obj)]
    assert missing == []


def pyright_command() -> list[str] | None:
    exe = shutil.which("pyright", path=str(Path(sys.executable).parent)) or shutil.which("pyright")
    return [exe] if exe and shutil.which("node") else None


USER_CODE = """\
import toolstub
from toolstub.externalize import ExternalizationConfig as Config

session = toolstub.open_store("memory://x").session("s")
result = toolstub.externalize([], format="openai", store=session, config=toolstub.ExternalizationConfig())
restored = toolstub.hydrate(result.messages, store=session)
page = session.read("tr_x", line=1, lines=2)
reveal_type(session)
reveal_type(result)
reveal_type(restored)
reveal_type(page.content)
reveal_type(Config)
"""

needs_pyright = pytest.mark.skipif(pyright_command() is None and not os.environ.get("CI"),
                                   reason="needs pyright (pip install pyright) and node; CI runs it")


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, str]:
    """The package installed as a user gets it (not the editable finder), for pyright to read."""
    target = tmp_path_factory.mktemp("site")
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "-t", str(target), str(REPO)],
                   check=True, capture_output=True, timeout=600)
    return {**os.environ, "PYTHONPATH": str(target)}


@needs_pyright
def test_pyright_verifytypes_is_at_least_95_percent(installed, tmp_path):
    command = pyright_command()
    assert command is not None, "CI needs pyright (in .[test]) and node"
    done = subprocess.run([*command, "--verifytypes", "toolstub", "--ignoreexternal", "--outputjson"],
                          capture_output=True, text=True, cwd=tmp_path, env=installed, timeout=600)
    score = json.loads(done.stdout)["typeCompleteness"]["completenessScore"]
    assert score >= 0.95, f"type completeness {score:.1%}"


@needs_pyright
def test_the_lazy_names_have_real_types_and_externalize_is_the_function(installed, tmp_path):
    command = pyright_command()
    assert command is not None, "CI needs pyright (in .[test]) and node"
    (tmp_path / "user.py").write_text(USER_CODE, encoding="utf-8")
    done = subprocess.run([*command, "--outputjson", "user.py"], capture_output=True, text=True, cwd=tmp_path,
                          env=installed, timeout=600)
    diagnostics = json.loads(done.stdout)["generalDiagnostics"]
    assert [d["message"] for d in diagnostics if d["severity"] == "error"] == []
    revealed = [d["message"] for d in diagnostics if d["severity"] == "information"]
    assert revealed == [
        'Type of "session" is "ToolResultStore"',
        'Type of "result" is "ExternalizationResult"',
        'Type of "restored" is "list[Any]"',
        'Type of "page.content" is "str"',
        'Type of "Config" is "type[ExternalizationConfig]"',
    ]


def test_mypy_sees_the_same_real_types(installed, tmp_path):
    """mypy too: ``toolstub.hydrate`` is the function (not the module it once shared a name with)."""
    (tmp_path / "user.py").write_text(USER_CODE, encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-incremental", "--follow-imports=silent",
                           "--python-executable", sys.executable, "user.py"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=600,
                          env={**installed, "MYPYPATH": installed["PYTHONPATH"]})
    assert done.returncode == 0, done.stdout
    revealed = [line.split("Revealed type is ", 1)[1] for line in done.stdout.splitlines() if "Revealed type" in line]
    assert revealed[:4] == ['"toolstub.store.session.ToolResultStore"', '"toolstub.externalize.api.ExternalizationResult"',
                            '"list[Any]"', '"str"']
    assert revealed[4].startswith('"def (*, enabled: bool =') and revealed[4].endswith(
        '-> toolstub.externalize.config.ExternalizationConfig"')
