"""The ``toolstub`` console script (and ``python -m toolstub``): the hot command without click.

``toolstub synopsis [FILE|-] [OPTIONS]`` is the command an agent runs on every large output, and
click alone takes about 20 ms to import, more than the rest of a small synopsis's start-up. When
the arguments are plainly those of ``toolstub synopsis`` (each option of the command at most once,
as ``--opt VALUE`` or ``--opt=VALUE``, with a valid value, and at most one FILE), the command runs
here with those values, without importing click; anything else (help, another command, an unknown
or repeated option, a value click would refuse or read another way, ``--``, shell completion) goes
to the click command line (:data:`toolstub.cli.main`) unchanged. An error, a warning or an
interrupted run is printed by the click command line's own code (imported then), so every
message, exit code and stream is the same as through click (tests/cli/test_launch.py).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, NoReturn

# The toolstub modules are imported by name when needed, as the click command line's LazyGroup
# imports its commands: the click command line (``toolstub.cli``, for all but a plain synopsis, an
# error or a warning) and the synopsis itself (``toolstub.synopsis_command``).
CLI = "toolstub.cli"
SYNOPSIS = "toolstub.synopsis_command"

#: the options of ``toolstub synopsis`` (its click declaration in toolstub.cli.synopsis_cmd; a test
#: checks they agree): option -> parameter name
_OPTIONS = {"--mime": "mime", "--rules": "rules", "--preview-chars": "preview_chars", "--format": "fmt",
            "--ref": "ref", "--tool-name": "tool_name", "--reason": "reason"}
#: the parameters' defaults
_DEFAULTS: dict[str, Any] = {"source": "-", "mime": None, "rules": None, "preview_chars": 2000, "fmt": "stub",
                             "ref": "", "tool_name": "", "reason": ""}
_FORMATS = ("stub", "json")


def synopsis_arguments(argv: list[str]) -> dict[str, Any] | None:
    """The parameters of ``toolstub synopsis`` that ``argv`` (``sys.argv[1:]``) gives, or ``None``
    when it is anything but plain arguments of that command (then click decides)."""
    if not argv or argv[0] != "synopsis":
        return None
    params = dict(_DEFAULTS)
    seen: set[str] = set()
    source = None
    i = 1
    while i < len(argv):
        token = argv[i]
        i += 1
        if token.startswith("--"):
            option, equals, value = token.partition("=")
            name = _OPTIONS.get(option)
            if name is None or name in seen:
                return None
            if not equals:
                if i >= len(argv):
                    return None
                value = argv[i]
                i += 1
            if not value or value.startswith("-"):
                return None
            if name == "preview_chars":
                if not (value.isascii() and value.isdigit()):
                    return None
                params[name] = int(value)
            elif name == "fmt" and value not in _FORMATS:
                return None
            else:
                params[name] = value
            seen.add(name)
        elif token == "-" or (token and not token.startswith("-")):
            if source is not None:
                return None
            source = token
        else:
            return None
    if source is not None:
        params["source"] = source
    return params


def _completing() -> bool:
    """Whether the shell asks for completion (click's ``_PROG_COMPLETE`` variable, any program name)."""
    return any(name.startswith("_") and name.endswith("_COMPLETE") for name in os.environ)


def _fail(message: str, exit_code: int) -> NoReturn:
    importlib.import_module(CLI).fail(message, exit_code)  # an error: click prints it
    raise AssertionError("unreachable")  # pragma: no cover - fail raises


def _warn(message: str) -> None:
    import click  # noqa: PLC0415 - a warning: click prints it

    click.echo(f"toolstub: warning: {message}", err=True)


def _through_click(exc: BaseException, prog_name: str | None) -> NoReturn:
    """End as the click command line ends when the ``synopsis`` command raises ``exc``: its group
    class and settings, a command that raises ``exc`` (the message, exit code and streams are click's)."""
    import click  # noqa: PLC0415

    cli = importlib.import_module(CLI)

    def raise_it() -> NoReturn:
        raise exc

    group = cli.ToolstubGroup(name=cli.main.name, context_settings=dict(cli.main.context_settings))
    group.add_command(click.Command("synopsis", callback=raise_it))
    group.main(args=["synopsis"], prog_name=prog_name)
    raise SystemExit(cli.EXIT_ERROR)  # pragma: no cover - click's main always exits


def _flush() -> None:
    """What is still buffered on stdout, as the click group's ``main`` flushes it."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        importlib.import_module(CLI)._quiet_broken_pipe()
    except (OSError, ValueError, AttributeError):  # pragma: no cover - stdout closed or absent
        pass


def main(prog_name: str | None = None) -> NoReturn:
    """Run the command line on ``sys.argv[1:]`` and exit."""
    params = None if _completing() else synopsis_arguments(sys.argv[1:])
    if params is None:
        importlib.import_module(CLI).main(prog_name=prog_name)
        raise SystemExit(0)  # pragma: no cover - click's main always exits
    try:
        try:
            importlib.import_module(SYNOPSIS).run(**params, fail=_fail, warn=_warn)
        except (Exception, KeyboardInterrupt) as exc:  # noqa: BLE001 - click reports it, as for its own command
            _through_click(exc, prog_name)
    finally:
        _flush()
    raise SystemExit(0)
