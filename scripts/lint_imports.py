"""Run ``lint-imports`` (the contracts in pyproject.toml ``[tool.importlinter]``) on the source tree.

The package is assembled from three folders (``engine/`` is ``toolstub``, ``plugins/`` is
``toolstub.plugins``, ``rules/`` is ``toolstub.rules``), so an editable install has no single
folder holding all of it and the import graph would miss the plugins. This script copies
the three folders into a temporary ``toolstub/`` package, exactly as a wheel lays them out,
and runs ``lint-imports`` on that copy. Exit status: lint-imports' own (non-zero when a
contract is broken).

    python scripts/lint_imports.py            # the repository this script lives in
    python scripts/lint_imports.py --root DIR # another checkout (tests use a modified copy)
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: source folder -> path inside the assembled package (see [tool.setuptools.package-dir])
LAYOUT = (("engine", "toolstub"), ("plugins", "toolstub/plugins"), ("rules", "toolstub/rules"))
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")


def assemble(root: Path, dest: Path) -> Path:
    """Copy ``root``'s package folders into ``dest/toolstub`` (the installed layout); return ``dest``."""
    for source, target in LAYOUT:
        shutil.copytree(root / source, dest / target, ignore=_IGNORE, dirs_exist_ok=True)
    return dest


def lint_imports_command() -> list[str]:
    """``lint-imports`` next to this interpreter (a venv's bin/), else on PATH."""
    local = Path(sys.executable).with_name("lint-imports")
    if local.exists():
        return [str(local)]
    found = shutil.which("lint-imports")
    if found is None:
        raise SystemExit("lint_imports: error: lint-imports not found: pip install import-linter (it is in '.[test]')")
    return [found]


def run(root: Path = REPO, *, config: Path | None = None, capture: bool = False) -> subprocess.CompletedProcess:
    """Run lint-imports on ``root``'s sources with ``config`` (default: ``root/pyproject.toml``)."""
    config = config or root / "pyproject.toml"
    with tempfile.TemporaryDirectory(prefix="toolstub-lint-") as tmp:
        tree = assemble(root, Path(tmp) / "src")
        env = {**os.environ, "PYTHONPATH": str(tree), "COLUMNS": os.environ.get("COLUMNS", "200")}
        return subprocess.run(
            [*lint_imports_command(), str(config), "--no-cache"],
            cwd=tree, env=env, text=True, capture_output=capture, check=False,
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=REPO, help="checkout holding engine/, plugins/, rules/")
    parser.add_argument("--config", type=Path, default=None, help="config file [default: ROOT/pyproject.toml]")
    args = parser.parse_args(argv)
    root = args.root.resolve()
    missing = [folder for folder, _ in LAYOUT if not (root / folder).is_dir()]
    if missing:
        parser.exit(2, f"lint_imports: error: {root} is not a toolstub checkout (no {', '.join(f'{m}/' for m in missing)})\n")
    config = args.config or root / "pyproject.toml"
    if not config.is_file():
        parser.exit(2, f"lint_imports: error: no config file {config}\n")
    return run(root, config=config).returncode


if __name__ == "__main__":
    sys.exit(main())
