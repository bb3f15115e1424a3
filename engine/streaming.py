"""Large outputs in one pass: text from chunks, and the bounded view a large output is described from.

An output of at most ``large_outputs.whole_chars`` code points (a rule-file setting) is
collected and described whole, exactly as ``synopsize`` describes a ``str``. A larger one is
cut into *blocks* (ends that depend on the text only) and described from its *view*: its
first ``head_chars`` and last ``tail_chars`` code points, each cut at a line end, with a first
notable item giving the totals counted over the whole stream; the kind chosen from the head
counts its own totals over every block (a ``StreamCounter`` from the
``toolstub_register_stream_totals`` hook). Whatever the chunking, the blocks, the view and the
totals are the same, so the synopsis is too. See ``docs/streaming.md``.

Bytes are decoded as UTF-8 with ``surrogateescape`` (what the CLI does with a file) by one
incremental decoder, so a chunk boundary inside a multi-byte sequence changes nothing.
The store's one-pass write (:mod:`toolstub.store.ingest`) builds on this module.
"""

from __future__ import annotations

import codecs
import dataclasses
import io
import logging
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from toolstub.engine import synopsize
from toolstub.errors import InvalidArgumentError
from toolstub.limits import apply_limits
from toolstub.plugin_manager import get_registry
from toolstub.redact import redact_synopsis
from toolstub.rule_files import load_rules
from toolstub.ruleset import Ruleset
from toolstub.synopsis import StreamCounter, Synopsis, WholeTotals

log: logging.Logger = logging.getLogger("toolstub")

#: the rule file's ``large_outputs`` defaults (a rule file without the section):
#: outputs up to ``WHOLE_CHARS`` code points are collected and described whole (as before streaming)
WHOLE_CHARS = 12_000_000
#: the view a larger output is described from: its head and its tail, in code points
HEAD_CHARS = 1_000_000
TAIL_CHARS = 500_000
#: a large output is cut into blocks of about this many code points (at a line end); the store
#: redacts block by block
SEGMENT_CHARS = 1 << 20
#: at most this many left-out lines are kept as empty lines in the view (true line numbers)
PAD_LINES = 1_000_000
#: text chunks a large ``str`` is cut into, and bytes read from a file object per chunk
CHUNK_CHARS = 1 << 20
READ_BYTES = 1 << 20


@dataclass(frozen=True)
class LargeOutputs:
    """The rule file's ``large_outputs`` section: where an output stops being handled whole."""

    whole_chars: int = WHOLE_CHARS
    head_chars: int = HEAD_CHARS
    tail_chars: int = TAIL_CHARS


def large_outputs(ruleset: Ruleset) -> LargeOutputs:
    """``ruleset``'s ``large_outputs`` settings (the module defaults for what it leaves out)."""
    section = ruleset.data.get("large_outputs") or {}
    return LargeOutputs(
        whole_chars=int(section.get("whole_chars", WHOLE_CHARS)),
        head_chars=int(section.get("head_chars", HEAD_CHARS)),
        tail_chars=int(section.get("tail_chars", TAIL_CHARS)),
    )


def text_chunks(content: Any, read_bytes: int = READ_BYTES) -> Iterator[str]:
    """``content`` (``str``, ``bytes``, a binary file object or an iterable of ``str``/``bytes``) as text chunks.

    Bytes are decoded with one incremental UTF-8 decoder (``surrogateescape``), so the text is
    ``b"".join(chunks).decode("utf-8", "surrogateescape")`` however the bytes were cut.
    """
    if isinstance(content, str):
        for start in range(0, len(content), CHUNK_CHARS):
            yield content[start : start + CHUNK_CHARS]
        return
    if isinstance(content, (bytes, bytearray, memoryview)):
        yield bytes(content).decode("utf-8", "surrogateescape")
        return
    read = getattr(content, "read", None)
    if callable(read):
        pieces: Iterable[Any] = iter(lambda: read(read_bytes), b"")
        if isinstance(content, io.TextIOBase):
            pieces = iter(lambda: read(read_bytes), "")
    elif isinstance(content, Iterable):
        pieces = content
    else:
        raise InvalidArgumentError(
            "content must be a str, bytes, a binary file or an iterable of chunks",
            details={"type": type(content).__name__},
        )
    decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
    for piece in pieces:
        if isinstance(piece, str):
            if decoder.getstate()[0]:
                raise InvalidArgumentError("a str chunk after an incomplete UTF-8 sequence in a bytes chunk")
            if piece:
                yield piece
        elif isinstance(piece, (bytes, bytearray, memoryview)):
            text = decoder.decode(bytes(piece))
            if text:
                yield text
        else:
            raise InvalidArgumentError("every chunk must be str or bytes", details={"type": type(piece).__name__})
    tail = decoder.decode(b"", final=True)
    if tail:
        yield tail


def collect_whole(chunks: Iterator[str], limit: int | None = None) -> tuple[str | None, list[str]]:
    """Read ``chunks`` while they hold at most ``limit`` code points.

    Returns ``(content, [])`` when the stream ended within the limit, else ``(None, read)``
    with the chunks read so far (the caller goes on with the rest of ``chunks``).
    """
    limit = WHOLE_CHARS if limit is None else limit
    read: list[str] = []
    total = 0
    for chunk in chunks:
        read.append(chunk)
        total += len(chunk)
        if total > limit:
            return None, read
    return "".join(read), []


def _cut(buffer: str, size: int, end: int) -> int:
    """Where the block starting ``buffer`` ends, looking at ``buffer[:end]`` only.

    After the first ``\n`` at or past ``size`` (or at ``end`` without one), moved past the
    ``-----END`` line of a PEM block the cut would split, when that line is within ``end``.
    """
    cut = buffer.find("\n", size - 1, end)
    cut = end if cut < 0 else cut + 1
    begin = buffer.rfind("-----BEGIN ", 0, cut)
    if begin >= 0 and buffer.rfind("-----END ", begin, cut) < 0:
        close = buffer.find("-----END ", cut, end)
        if close >= 0:
            line_end = buffer.find("\n", close, end)
            cut = end if line_end < 0 else line_end + 1
    return cut


def segments(chunks: Iterable[str], size: int | None = None) -> Iterator[str]:
    """The text of ``chunks`` cut into blocks whose ends depend on the text only.

    A block ends after the first ``\n`` at or past ``size`` code points from its start, or
    at ``2 * size`` code points when there is none before that; a PEM block (a private key,
    which the redaction must see whole) is not split when it ends within ``2 * size``.
    """
    size = SEGMENT_CHARS if size is None else size
    buffer = ""
    for chunk in chunks:
        buffer += chunk
        while len(buffer) >= 2 * size:
            cut = _cut(buffer, size, 2 * size)
            yield buffer[:cut]
            buffer = buffer[cut:]
    while buffer:
        cut = _cut(buffer, size, len(buffer))
        yield buffer[:cut]
        buffer = buffer[cut:]


def view_text(head: str, tail: str, chars: int, newlines: int) -> str:
    """The text a large output is described from, every line at its own line number.

    The head up to its last line end, then one empty line for each line left out, then the
    tail from its first line start: so a line number in the synopsis is the line's number
    in the output. When more than ``PAD_LINES`` lines are left out, the view is the head
    alone (still true line numbers; the totals note says how much more there is).
    """
    if chars <= len(head):
        return head
    cut = head.rfind("\n")
    shown_head = head[: cut + 1] if cut >= 0 else head
    if cut < 0:
        return shown_head
    start = tail.find("\n")
    shown_tail = tail[start + 1 :] if start >= 0 else ""
    if chars - len(shown_tail) <= len(shown_head):  # head and tail meet: nothing left out
        return shown_head + tail[len(tail) - (chars - len(shown_head)) :]
    left_out = newlines - shown_head.count("\n") - shown_tail.count("\n")
    if left_out > PAD_LINES or left_out < 0:
        return shown_head
    return shown_head + "\n" * left_out + shown_tail


class Pass:
    """One pass over the blocks of a large output: its totals, head and tail, and its kind's counter.

    :meth:`feed` takes each block (the text the synopsis describes: for the store, the stored
    redacted text) in order. Once the head is read, the kind that describes the head is chosen
    and, when its plugin registers a :class:`~toolstub.synopsis.StreamTotals`, its counter gets
    every block from the first. :meth:`describe` is the synopsis of the view, completed by that
    counter when the view is described as the same kind.
    """

    def __init__(self, ruleset: Ruleset, *, mime: str | None = None, tool_name: str = "",
                 preview_chars: int = 2000, sizes: LargeOutputs | None = None) -> None:
        self.ruleset = ruleset
        self.kwargs: dict[str, Any] = {"mime": mime, "tool_name": tool_name, "preview_chars": preview_chars}
        self.sizes = sizes or large_outputs(ruleset)
        self.chars = self.nbytes = self.newlines = 0
        self._head: list[str] = []
        self._head_len = 0
        self.tail = ""
        self._pending: list[tuple[str, int]] | None = []
        self.kind: str | None = None
        self.counter: StreamCounter | None = None
        #: the counter reads the whole document (``StreamTotals.sniff``): its synopsis replaces the view's
        self.whole_document = False
        self.diagnostics: list[str] = []

    @property
    def head(self) -> str:
        return "".join(self._head)

    def feed(self, block: str, nbytes: int | None = None) -> None:
        first_line = self.newlines + 1
        self.chars += len(block)
        if nbytes is None:
            nbytes = len(block) if block.isascii() else len(block.encode("utf-8", "surrogatepass"))
        self.nbytes += nbytes
        self.newlines += block.count("\n")
        want = self.sizes.head_chars - self._head_len
        if want > 0:
            piece = block[:want]
            self._head.append(piece)
            self._head_len += len(piece)
        size = self.sizes.tail_chars
        self.tail = (self.tail + block)[-size:] if len(block) < size else block[len(block) - size :]
        if self._pending is not None:
            self._pending.append((block, first_line))
            if self._head_len >= self.sizes.head_chars:
                self._choose()
        elif self.counter is not None:
            self._count(block, first_line)

    def _contained(self, what: str, exc: Exception) -> None:
        message = " ".join(f"stream totals of {self.kind!r} {what} raised {type(exc).__name__}: {exc}".split())
        log.warning("toolstub: %s; the counts are those of the view", message)
        self.diagnostics.append(message)
        self.counter = None

    def _count(self, block: str, first_line: int) -> None:
        try:
            self.counter.feed(block, first_line)  # type: ignore[union-attr]
        except Exception as exc:  # noqa: BLE001 - a plugin never breaks a write
            self._contained("feed", exc)

    def _choose(self) -> None:
        pending, self._pending = self._pending or [], None
        head = self.head
        cut = head.rfind("\n")
        head = head[: cut + 1] if cut >= 0 and self.chars > len(head) else head
        registry = get_registry()
        totals = next((item for item in registry.stream_sniffers()
                       if item.name in self.ruleset.detectors and self._sniffs(item, head)), None)
        if totals is not None:
            self.kind, self.whole_document = totals.name, True
        else:
            try:
                self.kind = synopsize(head, rules=self.ruleset, **self.kwargs).kind
            except UnicodeError:
                return
            totals = registry.stream_totals(self.kind)
        if totals is None:
            return
        try:
            self.counter = totals.start(self.ruleset.caps(self.kind))
        except Exception as exc:  # noqa: BLE001
            self._contained("start", exc)
            return
        for block, first_line in pending:
            if self.counter is None:
                break
            self._count(block, first_line)

    def _sniffs(self, totals: Any, head: str) -> bool:
        try:
            return bool(totals.sniff(head))
        except Exception as exc:  # noqa: BLE001
            self.kind = totals.name
            self._contained("sniff", exc)
            return False

    def view(self) -> str:
        return view_text(self.head, self.tail, self.chars, self.newlines)

    def lines(self) -> int:
        return self.newlines + (1 if self.chars and not self.tail.endswith("\n") else 0)

    def describe(self, view: str | None = None) -> Synopsis:
        """The synopsis: of the view, with the kind's totals over the whole output and a totals note."""
        if self._pending is not None:
            self._choose()
        view = self.view() if view is None else view
        ruleset = self.ruleset
        result = synopsize(view, rules=ruleset, **self.kwargs)
        counted = False
        if self.counter is not None and (result.kind == self.kind or self.whole_document):
            whole = WholeTotals(chars=self.chars, nbytes=self.nbytes, lines=self.lines(), view_lines=view.count("\n"),
                                preview_chars=int(self.kwargs.get("preview_chars") or 0))
            try:
                finished = self.counter.finish(result, whole)
            except Exception as exc:  # noqa: BLE001
                self._contained("finish", exc)
            else:
                if finished is not None:
                    result = redact_synopsis(finished, ruleset, content=view)
                    counted = True
        if counted and self.whole_document:
            how = f"read whole, in one pass, as one {self.kind} document"
        else:
            how = f"described from {self._shown(view)}" + (
                "; its counts are of the whole output" if counted else "; its counts are of that part")
        note = f"large output: {self.chars} characters, {self.nbytes} bytes, {self.lines()} lines in all; {how}"
        result = dataclasses.replace(result, notable_items=(note, *result.notable_items),
                                     diagnostics=(*result.diagnostics, *self.diagnostics))
        return apply_limits(result, ruleset.limits)

    def _shown(self, view: str) -> str:
        shown = view.count("\n")
        if shown == self.newlines:  # padded: the left-out lines are empty lines of the view
            return "its first and last lines at their own line numbers (the lines between left out, counted as empty)"
        return f"its first {shown} lines"


def scan(chunks: Iterable[str], ruleset: Ruleset, progress: Callable[[int], None] | None = None,
         **kwargs: Any) -> Pass:
    """One pass over the text of ``chunks`` for its synopsis only (no redaction, nothing written)."""
    one = Pass(ruleset, **kwargs)
    for block in segments(chunks):
        one.feed(block)
        if progress is not None:
            progress(len(block))
    return one
