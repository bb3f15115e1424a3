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
#: a rule file without ``stream_chars``: the same as ``whole_chars`` (no kind is streamed earlier)
STREAM_CHARS: int | None = None
#: a large output is cut into blocks of about this many code points (at a line end); the store
#: redacts block by block
SEGMENT_CHARS = 1 << 20
#: at most this many left-out lines are kept as empty lines in the view (true line numbers)
PAD_LINES = 1_000_000
#: text chunks a large ``str`` is cut into, and bytes read from a file object per chunk
CHUNK_CHARS = 1 << 20
READ_BYTES = 1 << 20


class ChunkedText:
    """A long text that is never held whole: its length, digest, head and tail known, its text in chunks.

    What the HTTP server hands :func:`toolstub.externalize` for a tool output too large to decode
    into one ``str`` (a JSON string value of a request body spooled to a file). Externalization
    takes it where it takes a ``str``: ``len()`` is its code points, :attr:`sha256` the digest of its
    UTF-8 (lone surrogates kept), iterating it yields its text in chunks (what the store's
    :meth:`write` and :func:`collect`/:func:`scan` take), a slice near its head or tail is cut from
    the kept ``head``/``tail``. ``str()`` decodes it whole (for what must stay inline).
    Subclasses give :meth:`chunks`; it may be called more than once.
    """

    __slots__ = ("_len", "sha256", "head", "tail")

    def __init__(self, length: int, sha256: str, head: str, tail: str) -> None:
        self._len = length
        self.sha256 = sha256
        #: the first and last code points (at most the whole text each)
        self.head = head
        self.tail = tail

    def chunks(self) -> Iterator[str]:  # pragma: no cover - abstract
        raise NotImplementedError

    def __iter__(self) -> Iterator[str]:
        return self.chunks()

    def __len__(self) -> int:
        return self._len

    def __str__(self) -> str:
        return "".join(self.chunks())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} of {self._len} code points>"

    def __copy__(self) -> ChunkedText:
        return self

    def __deepcopy__(self, memo: Any) -> ChunkedText:
        return self  # immutable

    def __getitem__(self, index: slice) -> str:
        if not isinstance(index, slice) or index.step not in (None, 1):
            raise TypeError("a ChunkedText takes slices with step 1 only")
        start, stop, _ = index.indices(self._len)
        if stop <= start:
            return ""
        if stop <= len(self.head):
            return self.head[start:stop]
        tail_start = self._len - len(self.tail)
        if start >= tail_start:
            return self.tail[start - tail_start : stop - tail_start]
        out: list[str] = []
        at = 0
        for chunk in self.chunks():
            end = at + len(chunk)
            if end > start:
                out.append(chunk[max(0, start - at) : stop - at])
            at = end
            if at >= stop:
                break
        return "".join(out)


@dataclass(frozen=True)
class LargeOutputs:
    """The rule file's ``large_outputs`` section: where an output stops being handled whole."""

    whole_chars: int = WHOLE_CHARS
    head_chars: int = HEAD_CHARS
    tail_chars: int = TAIL_CHARS
    #: past this many code points an output whose head is of one of ``stream_kinds`` is streamed
    #: (its kind counts its totals from the blocks); the others are handled whole up to ``whole_chars``
    stream_chars: int = WHOLE_CHARS
    stream_kinds: frozenset[str] = frozenset()


def large_outputs(ruleset: Ruleset) -> LargeOutputs:
    """``ruleset``'s ``large_outputs`` settings (the module defaults for what it leaves out)."""
    section = ruleset.data.get("large_outputs") or {}
    whole = int(section.get("whole_chars", WHOLE_CHARS))
    head = int(section.get("head_chars", HEAD_CHARS))
    # never below the head: the head decides whether the output is streamed
    stream = max(head, min(whole, int(section.get("stream_chars", whole))))
    return LargeOutputs(
        whole_chars=whole,
        head_chars=head,
        tail_chars=int(section.get("tail_chars", TAIL_CHARS)),
        stream_chars=stream,
        stream_kinds=frozenset(section.get("stream_kinds") or ()),
    )


@dataclass(frozen=True)
class HeadKind:
    """What the head of a large output is: the kind that describes it, or a whole-document counter's kind."""

    kind: str | None
    #: a ``StreamTotals.sniff`` matched: the whole document is read by that kind's counter
    whole_document: bool = False
    #: a diagnostic when a sniff raised
    diagnostic: str = ""


def _cut_head(head: str, longer: bool) -> str:
    cut = head.rfind("\n")
    return head[: cut + 1] if cut >= 0 and longer else head


def head_kind(head: str, ruleset: Ruleset, **kwargs: Any) -> HeadKind:
    """The kind of a large output's ``head`` (its first ``head_chars``, cut at its last line end).

    A whole-document counter whose ``sniff`` takes the head wins (xml); else the kind
    :func:`~toolstub.engine.synopsize` gives the head (``None`` when it cannot take it).
    """
    registry = get_registry()
    diagnostic = ""
    for item in registry.stream_sniffers():
        if item.name not in ruleset.detectors:
            continue
        try:
            if item.sniff(head):
                return HeadKind(item.name, whole_document=True)
        except Exception as exc:  # noqa: BLE001 - a plugin never breaks a write
            diagnostic = " ".join(f"stream totals of {item.name!r} sniff raised {type(exc).__name__}: {exc}".split())
            log.warning("toolstub: %s; the counts are those of the view", diagnostic)
    try:
        return HeadKind(synopsize(head, rules=ruleset, **kwargs).kind, diagnostic=diagnostic)
    except UnicodeError:
        return HeadKind(None, diagnostic=diagnostic)


#: a head opening (after white space) with one of these is a JSON document unless it reads as NDJSON:
#: its cut head is not valid JSON, so the kind of the head alone says nothing
_JSON_OPENERS = ("{", "[")


def streams_early(head: HeadKind, head_text: str, sizes: LargeOutputs) -> bool:
    """Whether an output past ``stream_chars`` with this head is streamed (else: whole up to ``whole_chars``)."""
    if head.whole_document or head.diagnostic or head.kind not in sizes.stream_kinds:
        return False
    return head.kind == "ndjson" or not head_text.lstrip("\ufeff \t\r\n")[:1] in _JSON_OPENERS


def collect(chunks: Iterator[str], ruleset: Ruleset, sizes: LargeOutputs | None = None, *,
            decide_only: bool = False, **kwargs: Any) -> tuple[str | None, list[str], HeadKind | None]:
    """Read ``chunks`` while the output is one to handle whole (the rule file's ``large_outputs``).

    Returns ``(content, [], None)`` when it is, else ``(None, read, head)`` with the chunks read
    so far (the caller streams them and the rest of ``chunks``) and the head's kind when it was
    decided (for :class:`Pass`, which would decide the same). Up to ``stream_chars`` every output
    is whole; past it, one whose head is of a ``stream_kinds`` kind is streamed, the others are
    whole up to ``whole_chars``. The decision depends on the text only, never on the chunking.
    ``decide_only``: the caller needs the decision only (its synopsis is already made), so the
    head's kind is not worked out when the text read is already past ``whole_chars`` (then
    ``head`` is ``None``); the decision is the same.
    """
    sizes = sizes or large_outputs(ruleset)
    content, read = collect_whole(chunks, sizes.stream_chars)
    if content is not None or sizes.stream_chars >= sizes.whole_chars:
        return content, read, None
    text = "".join(read)
    if decide_only and len(text) > sizes.whole_chars:
        return None, [text], None
    head_text = _cut_head(text[: sizes.head_chars], True)
    head = head_kind(head_text, ruleset, **kwargs)
    if streams_early(head, head_text, sizes) or len(text) > sizes.whole_chars:
        # (a first chunk may already be past whole_chars: then it is streamed too, as stream_text says)
        return None, [text], head
    content, more = collect_whole(chunks, sizes.whole_chars - len(text))
    if content is not None:
        return text + content, [], None
    return None, [text, *more], head


def stream_text(text: str, ruleset: Ruleset, sizes: LargeOutputs | None = None, *,
                decide_only: bool = False, **kwargs: Any) -> tuple[bool, HeadKind | None]:
    """Whether the ``str`` ``text`` is streamed (as :func:`collect` decides for it in chunks), and its head's kind.

    ``decide_only`` as for :func:`collect`: past ``whole_chars`` the head's kind is not worked out.
    """
    sizes = sizes or large_outputs(ruleset)
    if len(text) <= sizes.stream_chars:
        return False, None
    if sizes.stream_chars >= sizes.whole_chars:  # no early streaming: the Pass decides the head itself
        return True, None
    if decide_only and len(text) > sizes.whole_chars:
        return True, None
    head_text = _cut_head(text[: sizes.head_chars], True)
    head = head_kind(head_text, ruleset, **kwargs)
    return len(text) > sizes.whole_chars or streams_early(head, head_text, sizes), head


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
                 preview_chars: int = 2000, sizes: LargeOutputs | None = None,
                 head: HeadKind | None = None) -> None:
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
        #: the head's kind when the caller already decided it (:func:`collect`)
        self._decided = head

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
        decided = self._decided
        if decided is None:
            decided = head_kind(_cut_head(self.head, self.chars > self._head_len), self.ruleset, **self.kwargs)
        self.kind, self.whole_document = decided.kind, decided.whole_document
        if decided.diagnostic:
            self.diagnostics.append(decided.diagnostic)
        if self.kind is None:
            return
        totals = get_registry().stream_totals(self.kind)
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
         head: HeadKind | None = None, **kwargs: Any) -> Pass:
    """One pass over the text of ``chunks`` for its synopsis only (no redaction, nothing written)."""
    one = Pass(ruleset, head=head, **kwargs)
    for block in segments(chunks):
        one.feed(block)
        if progress is not None:
            progress(len(block))
    return one
