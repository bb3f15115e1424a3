"""The ``toolstub`` command line. Each command group lives in its own module."""

from __future__ import annotations

import importlib

import click

# (module, attribute) of each command or group; a module that is missing (an
# optional extra not installed) is skipped.
COMMANDS: tuple[tuple[str, str], ...] = (
    ("toolstub.cli.synopsis_cmd", "synopsis"),
    ("toolstub.cli.rules_cmd", "rules"),
    ("toolstub.cli.plugins_cmd", "plugins"),
    ("toolstub.cli.store_cmd", "store"),
    ("toolstub.cli.externalize_cmd", "externalize"),
    ("toolstub.cli.externalize_cmd", "hydrate"),
    ("toolstub.cli.serve_cmd", "serve"),
    ("toolstub.cli.report_cmd", "report"),
)

# Exit codes shared by every command.
EXIT_OK = 0
EXIT_ERROR = 1  # a runtime error (store failure, ...)
EXIT_USAGE = 2  # a bad option or argument (click's own code)
EXIT_NO_INPUT = 3  # a missing file or unknown ref
EXIT_BAD_RULES = 4  # a rule file that does not validate
EXIT_BAD_CONFIG = 5  # a bad config file


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="toolstub")
def main() -> None:
    """Keep huge tool outputs out of an agent's context: synopses, a store, and tools to read them back."""


for _module, _attr in COMMANDS:
    try:
        _mod = importlib.import_module(_module)
    except ModuleNotFoundError as _exc:
        if _exc.name and _exc.name.startswith("toolstub.cli."):
            continue
        raise
    main.add_command(getattr(_mod, _attr))
