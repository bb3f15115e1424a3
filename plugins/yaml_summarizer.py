"""Kind ``yaml``. SCAFFOLD: to be completed."""

from __future__ import annotations

from toolstub import hookimpl
from toolstub.synopsis import KindInput, Summarizer, Synopsis


def _summarize(inp: KindInput) -> Synopsis | None:
    return None


@hookimpl
def toolstub_register_summarizers():
    return (Summarizer(name="yaml", summarize=_summarize),)
