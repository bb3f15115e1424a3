"""``toolstub report STORE [--json] [--html OUT.html]``: what externalization saved, per session and kind."""

from __future__ import annotations

import json
from pathlib import Path

import click

from toolstub import report as rep
from toolstub.cli import EXIT_ERROR, EXIT_NO_INPUT, fail
from toolstub.store import open_store


def _rich_table(title: str, first: str, rows: list[dict], key: str):
    from rich.table import Table

    table = Table(title=title, title_justify="left")
    table.add_column(first)
    for name in ("results", "before chars", "after chars", "saved", "before tokens", "after tokens"):
        table.add_column(name, justify="right")
    for row in rows:
        table.add_row(
            str(row[key]),
            str(row["results"]),
            f"{row['before_chars']:,}",
            f"{row['after_chars']:,}",
            f"{row['saved_share'] * 100:.1f}%",
            f"{row['before_tokens']:,}",
            f"{row['after_tokens']:,}",
        )
    return table


def _largest_table(rows: list[dict]):
    from rich.table import Table

    table = Table(title="Largest results", title_justify="left")
    for name, justify in (("tool result", "left"), ("session", "left"), ("tool", "left"), ("kind", "left"),
                          ("before chars", "right"), ("after chars", "right"), ("saved", "right")):
        table.add_column(name, justify=justify)
    for row in rows:
        table.add_row(row["tool_result_id"], row["session_id"], row["tool_name"], row["kind"],
                      f"{row['before_chars']:,}", f"{row['after_chars']:,}", f"{row['saved_share'] * 100:.1f}%")
    return table


def _print_tables(data: dict) -> None:
    from rich.console import Console

    console = Console()
    totals = data["totals"]
    console.print(
        f"[bold]toolstub savings report[/bold] for {data['store']}: {totals['results']} results, "
        f"{totals['before_chars']:,} chars before, {totals['after_chars']:,} after "
        f"(saved {totals['saved_share'] * 100:.1f}%; tokens {totals['before_tokens']:,} -> {totals['after_tokens']:,}, "
        f"{data['tokenizer']})"
    )
    console.print(_rich_table("Per kind", "kind", data["kinds"], "kind"))
    console.print(_rich_table("Per session", "session", data["sessions"], "session_id"))
    console.print(_largest_table(data["largest"]))


def _check_local_store(url: str) -> None:
    """A store given as a local path must be a folder that exists (a typo is an error, not '0 results')."""
    if "://" in url and not url.startswith("file://"):
        return
    path = Path(url.removeprefix("file://")).expanduser()
    if not path.exists():
        fail(f"no such store: {url}", EXIT_NO_INPUT)
    if not path.is_dir():
        fail(f"not a store (a file, not a folder): {url}", EXIT_NO_INPUT)


@click.command("report")
@click.argument("store_url", required=False, metavar="[STORE_URL]")
@click.option("--store", "store_option", default=None, metavar="URL", envvar="TOOLSTUB_STORE",
              help="The store (the same as STORE_URL) [default: $TOOLSTUB_STORE or the local folder].")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
@click.option("--html", "html_out", type=click.Path(dir_okay=False, path_type=Path), help="Write a self-contained HTML page.")
@click.option("--tokenizer", default=None, help="Count tokens with this tokenizer (reads each raw output back).")
def report(store_url: str | None, store_option: str | None, as_json: bool, html_out: Path | None,
           tokenizer: str | None) -> None:
    """Summarize what was externalized in STORE_URL (default: $TOOLSTUB_STORE or the local folder)."""
    store_url = store_url or store_option  # the argument wins
    if store_url:
        _check_local_store(store_url)
    store = open_store(store_url)
    result = rep.collect(store, url=store_url or str(getattr(store, "url", "") or "(default store)"), tokenizer=tokenizer)
    data = result.as_dict()
    if html_out is not None:
        try:
            html_out.write_text(rep.render_html(result), encoding="utf-8")
        except OSError as exc:
            fail(f"cannot write {html_out}: {exc.strerror or exc}", EXIT_ERROR)
    if as_json:
        click.echo(json.dumps(data, indent=2, ensure_ascii=False))
    elif html_out is None or data["totals"]["results"]:
        _print_tables(data)
    if html_out is not None and not as_json:
        click.echo(f"wrote {html_out}", err=True)
