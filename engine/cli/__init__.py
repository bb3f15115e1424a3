"""The ``toolstub`` command line. Each command group lives in its own module.

Errors are one line on stderr (``toolstub: error: ...``), never a traceback:
:class:`ToolstubGroup` turns every exception a command lets escape into a
:class:`CliError` with the exit code of its kind (below).

The commands are loaded lazily (click's ``LazyGroup`` pattern): :data:`COMMANDS`
maps each name to its module and attribute, imported with :mod:`importlib` only
when the command runs, so ``toolstub --help`` and every command load only what
they use. The command modules import their toolstub modules at the top.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

import click

from toolstub import __version__
from toolstub.errors import (  # the exit codes: re-exported for the command modules
    EXIT_BAD_CONFIG,
    EXIT_BAD_RULES,
    EXIT_BROKEN_PIPE,
    EXIT_ERROR,
    EXIT_NO_INPUT,
    EXIT_OK,
    EXIT_USAGE,
    InvalidArgumentError,
    NotFoundError,
    PluginError,
    RuleFileError,
    ToolstubError,
)

# name -> (module, attribute, the first paragraph of its help: listed by ``--help``
# without importing the module; tests/test_architecture.py checks it matches).
COMMANDS: dict[str, tuple[str, str, str]] = {
    "synopsis": ("toolstub.cli.synopsis_cmd", "synopsis",
                 "Print the synopsis (or the stub) of FILE, or of stdin when FILE is - or absent."),
    "rules": ("toolstub.cli.rules_cmd", "rules", "Show, validate and describe rule files."),
    "plugins": ("toolstub.cli.plugins_cmd", "plugins", "Inspect the kind plugins."),
    "store": ("toolstub.cli.store_cmd", "store", "Put, read, search, query, list, prune and check stored tool results."),
    "externalize": ("toolstub.cli.externalize_cmd", "externalize",
                    "Store the large tool outputs of CONVERSATION.json, write it with stubs, and report the savings."),
    "hydrate": ("toolstub.cli.externalize_cmd", "hydrate",
                "Write CONVERSATION.json with every restorable stub replaced by its raw output."),
    "serve": ("toolstub.cli.serve_cmd", "serve", "Serve stored tool results: an HTTP API or an MCP server."),
    "config": ("toolstub.cli.config_cmd", "config", "Where the config file is."),
    "report": ("toolstub.cli.report_cmd", "report",
               "Summarize what was externalized in STORE_URL (default: $TOOLSTUB_STORE or the local folder)."),
}

# Exit codes shared by every command: EXIT_OK, EXIT_ERROR, EXIT_USAGE, EXIT_NO_INPUT, EXIT_BAD_RULES,
# EXIT_BAD_CONFIG, EXIT_BROKEN_PIPE (imported above from toolstub.errors, where they are explained).


class CliError(click.ClickException):
    """A one-line error with an exit code; printed as ``toolstub: error: MESSAGE``."""

    def __init__(self, message: str, exit_code: int = EXIT_ERROR) -> None:
        super().__init__(" ".join(str(message).split()))
        self.exit_code = exit_code

    def show(self, file: Any = None) -> None:
        click.echo(f"toolstub: error: {self.format_message()}", file=file or sys.stderr)


def binary_stdin() -> Any:
    """The binary stdin (``sys.stdin.buffer``; click's ``get_binary_stream`` is deprecated)."""
    return getattr(sys.stdin, "buffer", sys.stdin)


def binary_stdout() -> Any:
    """The binary stdout (``sys.stdout.buffer``)."""
    return getattr(sys.stdout, "buffer", sys.stdout)


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


def _quiet_broken_pipe() -> NoReturn:
    """The reader of stdout went away (``toolstub store list | head -1``): stop quietly, as a Unix tool
    killed by SIGPIPE would (exit 141, nothing on stderr). Python's own flush at exit would fail
    again, so stdout is pointed at /dev/null first."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - no real stdout
        pass
    raise SystemExit(EXIT_BROKEN_PIPE)


class ToolstubGroup(click.Group):
    """A click group whose commands never end in a traceback; usage errors are one line too."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        try:
            return super().main(*args, **kwargs)
        except BrokenPipeError:
            _quiet_broken_pipe()
        finally:
            try:  # what is still buffered, while a closed pipe can still be told apart
                sys.stdout.flush()
            except BrokenPipeError:
                _quiet_broken_pipe()
            except (OSError, ValueError, AttributeError):  # pragma: no cover - stdout closed or absent
                pass

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
        except BrokenPipeError:
            _quiet_broken_pipe()
        except Exception as exc:  # every error is one line
            raise as_cli_error(exc) from exc


class LazyGroup(ToolstubGroup):
    """A :class:`ToolstubGroup` whose subcommands are imported by module name on first use."""

    def __init__(self, *args: Any, lazy_subcommands: dict[str, tuple[str, str, str]] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lazy_subcommands: dict[str, tuple[str, str, str]] = dict(lazy_subcommands or {})

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_subcommands})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in self.lazy_subcommands and cmd_name not in self.commands:
            command = self._lazy_load(cmd_name)
            if command is not None:
                self.add_command(command, cmd_name)
        return super().get_command(ctx, cmd_name)

    def _lazy_load(self, cmd_name: str) -> click.Command | None:
        module_name, attr, _ = self.lazy_subcommands[cmd_name]
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:  # a command module left out of this installation
            if exc.name == module_name:
                return None
            raise
        command = getattr(module, attr)
        if not isinstance(command, click.Command):  # pragma: no cover - a wrong table entry
            raise TypeError(f"{module_name}.{attr} is not a click command")
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The command list from the table's summaries, importing no command module."""
        rows = []
        for name in self.list_commands(ctx):
            command = self.commands.get(name)
            if command is None:
                command = click.Command(name, help=self.lazy_subcommands[name][2])
            if not command.hidden:
                rows.append((name, command))
        if rows:
            limit = formatter.width - 6 - max(len(name) for name, _ in rows)
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit)) for name, command in rows])


@click.group(cls=LazyGroup, lazy_subcommands=COMMANDS, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="toolstub")
def main() -> None:
    """Keep huge tool outputs out of an agent's context: synopses, a store, and tools to read them back."""
