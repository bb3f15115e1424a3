"""The ``toolstub`` command line. Each command group lives in its own module.

Errors are one line on stderr (``toolstub: error: ...``), never a traceback:
:class:`ToolstubGroup` turns every exception a command lets escape into a
:class:`CliError` with the exit code of its kind (below).
"""

from __future__ import annotations

import importlib
import sys
from typing import Any, NoReturn

import click

from toolstub.errors import (
    InvalidArgumentError,
    NotFoundError,
    PluginError,
    RuleFileError,
    ToolstubError,
)

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


class CliError(click.ClickException):
    """A one-line error with an exit code; printed as ``toolstub: error: MESSAGE``."""

    def __init__(self, message: str, exit_code: int = EXIT_ERROR) -> None:
        super().__init__(" ".join(str(message).split()))
        self.exit_code = exit_code

    def show(self, file: Any = None) -> None:
        click.echo(f"toolstub: error: {self.format_message()}", file=file or sys.stderr)


def fail(message: str, exit_code: int = EXIT_ERROR) -> NoReturn:
    """Stop the command with a one-line error and ``exit_code``."""
    raise CliError(message, exit_code)


def exit_code_for(exc: BaseException) -> int:
    if isinstance(exc, RuleFileError):
        return EXIT_BAD_RULES
    if isinstance(exc, NotFoundError):
        return EXIT_NO_INPUT
    if isinstance(exc, InvalidArgumentError):
        return EXIT_USAGE
    return EXIT_ERROR


def as_cli_error(exc: Exception) -> CliError:
    """The :class:`CliError` for any exception (an unexpected one says ``internal error``)."""
    if isinstance(exc, CliError):
        return exc
    if isinstance(exc, (ToolstubError, PluginError)):
        return CliError(str(exc), exit_code_for(exc))
    return CliError(f"internal error: {type(exc).__name__}: {exc}", EXIT_ERROR)


_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())


def _usage_line(exc: click.UsageError) -> CliError:
    where = exc.ctx.command_path if exc.ctx is not None else "toolstub"
    return CliError(f"{exc.format_message()} (see '{where} --help')", EXIT_USAGE)


class ToolstubGroup(click.Group):
    """A click group whose commands never end in a traceback; usage errors are one line too."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except _NO_ARGS_IS_HELP:
            raise
        except click.UsageError as exc:
            raise _usage_line(exc) from exc

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except _NO_ARGS_IS_HELP:
            raise
        except click.UsageError as exc:
            raise _usage_line(exc) from exc
        except (click.exceptions.Exit, click.exceptions.Abort, click.ClickException):
            raise
        except Exception as exc:  # every error is one line
            raise as_cli_error(exc) from exc


@click.group(cls=ToolstubGroup, context_settings={"help_option_names": ["-h", "--help"]})
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
