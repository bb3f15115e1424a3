"""``toolstub config path``: where toolstub looks for its config file.

The file (YAML or TOML: the externalization fields, ``max_input_bytes`` and ``server:``) is
read by ``externalize`` and ``serve http`` when no ``--config`` is given and it exists.
"""

from __future__ import annotations

import click

from toolstub.cli import ToolstubGroup
from toolstub.externalize.config import CONFIG_ENV, default_config_path


@click.group("config", cls=ToolstubGroup)
def config() -> None:
    """Where the config file is."""


@config.command("path")
def path() -> None:
    """Print the default config file location ($TOOLSTUB_CONFIG, else the platform's config folder)."""
    where = default_config_path()
    click.echo(str(where))
    state = "exists" if where.is_file() else "not created yet"
    click.echo(f"({state}; {CONFIG_ENV} overrides the location, --config FILE the file)", err=True)
