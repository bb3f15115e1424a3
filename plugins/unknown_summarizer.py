"""Kinds ``empty`` and ``binary`` (synopsis kind ``unknown``). SCAFFOLD: to be completed."""

from __future__ import annotations

from toolstub import hookimpl
from toolstub.synopsis import KindInput, Summarizer, Synopsis
from toolstub.textutil import head_tail_sample


def _empty(inp: KindInput) -> Synopsis | None:
    if inp.content == "":
        return Synopsis(kind="unknown", title="Empty output", summary=("Output is empty.",))
    return None


def _binary(inp: KindInput) -> Synopsis | None:
    if "\x00" in inp.content:
        return Synopsis(
            kind="unknown",
            title="Binary-like output",
            summary=(f"Contains {len(inp.content)} characters and non-text control bytes.",),
            sample=head_tail_sample(inp.content, inp.preview_chars),
        )
    return None


@hookimpl
def toolstub_register_summarizers():
    return (
        Summarizer(name="empty", summarize=_empty, description="empty output"),
        Summarizer(name="binary", summarize=_binary, description="binary-like output"),
    )
