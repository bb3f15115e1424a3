"""``toolstub plugins list``: the installed kind plugins."""

from __future__ import annotations

import json

import click

from toolstub.plugin_manager import get_registry


@click.group("plugins")
def plugins() -> None:
    """Inspect the kind plugins."""


@plugins.command("list")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def list_plugins(as_json: bool) -> None:
    """List each plugin: its name, source (builtin or entry point) and the kinds it provides."""
    registry = get_registry()
    rows = registry.plugins()
    if as_json:
        click.echo(json.dumps({"plugins": rows, "problems": registry.problems}, indent=2))
        return
    for row in rows:
        source = row["source"] + (f" ({row['distribution']})" if row["distribution"] else "")
        click.echo(f"{row['name']}\t{source}\t{', '.join(row['kinds']) or '-'}")
    for problem in registry.problems:
        click.echo(f"toolstub: warning: {problem}", err=True)
