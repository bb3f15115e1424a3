"""Kind ``text`` (the fallback). SCAFFOLD: to be completed."""

from __future__ import annotations

from toolstub import hookimpl
from toolstub.synopsis import KindInput, Summarizer, Synopsis


def _summarize(inp: KindInput) -> Synopsis | None:
    return Synopsis(kind="text", title="Text output", summary=("Text exploration summary:", f"Characters: {len(inp.content)}."))


@hookimpl
def toolstub_register_summarizers():
    return (Summarizer(name="text", summarize=_summarize),)
