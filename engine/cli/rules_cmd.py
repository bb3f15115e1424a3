"""``toolstub rules show|validate|schema``: inspect and check rule files."""

from __future__ import annotations

import json

import click
import yaml

from toolstub.cli import EXIT_BAD_RULES, fail
from toolstub.errors import RuleFileError
from toolstub.plugin_manager import get_registry
from toolstub.rule_files import load_rules, validate_rules
from toolstub.rule_validation import composed_schema
from toolstub.rules.schema import load_schema


def _plain(value):
    """The merged data as plain dicts and lists (for YAML/JSON output)."""
    if isinstance(value, dict) or hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value


@click.group("rules")
def rules() -> None:
    """Show, validate and describe rule files."""


@rules.command("show")
@click.argument("spec", default="default", metavar="[NAME|PATH]")
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of YAML.")
def show(spec: str, as_json: bool) -> None:
    """Print the merged ruleset (extends resolved, every kind's defaults filled in)."""
    ruleset = load_rules(spec)
    data = _plain(ruleset.data)
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    else:
        click.echo(f"# merged from: {' -> '.join(ruleset.files)}")
        click.echo(yaml.safe_dump(data, sort_keys=False, allow_unicode=True, width=100), nl=False)


@rules.command("validate")
@click.argument("files", nargs=-1, required=True, metavar="FILE...")
def validate(files: tuple[str, ...]) -> None:
    """Validate each rule file; print "FILE: ok" or its one-line error (exit 4 if any is bad)."""
    bad = 0
    for spec in files:
        try:
            ruleset = validate_rules(spec)
        except RuleFileError as exc:
            click.echo(f"toolstub: error: {exc}", err=True)
            bad += 1
            continue
        click.echo(f"{spec}: ok ({ruleset.name} {ruleset.version})")
    if bad:
        fail(f"{bad} of {len(files)} rule file{'s' if len(files) != 1 else ''} invalid", EXIT_BAD_RULES)


@rules.command("schema")
@click.option("--with-kinds", is_flag=True,
              help="Include the installed kind plugins' caps schemas (what the loader actually checks).")
def schema(with_kinds: bool) -> None:
    """Print the rule-file JSON Schema (schema_version 1)."""
    document = composed_schema(get_registry()) if with_kinds else load_schema()
    click.echo(json.dumps(document, indent=2, ensure_ascii=False))
