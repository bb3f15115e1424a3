"""``POST /api/v1/synopsis``: the synopsis and stub of a posted body (nothing is stored).

Two ways to post:

* ``Content-Type: application/json``: ``{"content": "...", "mime", "tool_name", "rules",
  "preview_chars"}``;
* any other type: the raw body (UTF-8) is the content; the MIME hint is the
  ``mime`` query parameter, else the body's ``Content-Type``. (To describe raw
  JSON, post it as ``text/plain`` with ``?mime=application/json``.)

``rules`` names a bundled ruleset (never a path: the server does not read files
for callers); the server's own ruleset is the default.

The content is described as ``toolstub synopsis`` describes a file: whole up to the rule file's
``large_outputs`` limits, else in one pass from its view with its kind's totals
(:mod:`toolstub.streaming`; the decision depends on the text only). A body spooled to a file
(past ``spool_body_bytes``) is read from the file in pieces and never held whole: a raw one is
decoded piece by piece (strict UTF-8), a JSON one is split (:func:`~toolstub.server.json_stream.split_body`)
with its ``content`` kept in a scratch file, decoded once. The answer is the same either way.
"""

from __future__ import annotations

import codecs
import hashlib
import itertools
from collections.abc import Iterator
from typing import Annotated, Any, ClassVar, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from toolstub import streaming
from toolstub.engine import synopsize
from toolstub.errors import InvalidArgumentError
from toolstub.rule_files import bundled_names, load_rules
from toolstub.server.body_limit import BODY_SCOPE_KEY, SpooledBody
from toolstub.server.envelope import EnvelopeJSONResponse, error_docs, ok
from toolstub.server.json_stream import LARGE_STRING_BYTES, PIECE_BYTES, UNSPLIT, split_body
from toolstub.server.models import Ok, SynopsisResult
from toolstub.store.ids import sha256_text
from toolstub.streaming import ChunkedText
from toolstub.stub import render_stub
from toolstub.store.query import load_document

MAX_PREVIEW_CHARS = 1_000_000


def _bundled() -> tuple[str, ...]:
    return tuple(bundled_names())


RulesetName = Literal[_bundled()]  # type: ignore[valid-type]  # the bundled rulesets, known at import


def _integral(value: Any) -> Any:
    """JSON Schema counts 7.0 as an integer: accept it as 7 (strict mode refuses floats)."""
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


class SynopsisRequest(BaseModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(extra="forbid", strict=True)
    content: str = Field(description="The tool output")
    mime: str | None = Field(None, description="MIME hint, e.g. application/json", max_length=200)
    tool_name: str = Field("", description="Shown in the stub", max_length=200)
    rules: RulesetName | None = Field(None, description="A bundled ruleset name")
    preview_chars: Annotated[int, BeforeValidator(_integral)] = Field(2_000, ge=0, le=MAX_PREVIEW_CHARS)


def _ruleset(name: str | None, default: Any) -> Any:
    if name is None:
        return default
    if name not in bundled_names():
        raise InvalidArgumentError(
            f"unknown ruleset: rules must name a bundled ruleset ({', '.join(bundled_names())})",
            details={"field": "rules"},
        )
    return load_rules(name)


def _describe_chunks(chunks: Iterator[str], rules: Any, kwargs: dict[str, Any]) -> tuple[Any, int]:
    """``(synopsis, code points)`` of the text of ``chunks``, in one pass: whole or streamed as ``collect`` decides."""
    whole, read, head = streaming.collect(chunks, rules, **kwargs)
    if whole is not None:
        return synopsize(whole, rules=rules, **kwargs), len(whole)
    scanned = streaming.scan(itertools.chain(read, chunks), rules, head=head, **kwargs)
    del read
    return scanned.describe(), scanned.chars


class _RawText:
    """A raw spooled body as text: its pieces decoded as UTF-8 (strict), its sha256 taken as they are read."""

    def __init__(self, body: SpooledBody) -> None:
        self.body = body
        self.digest = hashlib.sha256()

    def chunks(self) -> Iterator[str]:
        decoder = codecs.getincrementaldecoder("utf-8")("strict")
        body, at = self.body, 0
        piece = min(PIECE_BYTES << 2, body.spool_bytes)
        try:
            while at < body.size:
                raw = body.read(min(piece, body.size - at), at)
                if not raw:
                    raise OSError("the spooled request body ended early")
                at += len(raw)
                self.digest.update(raw)  # valid UTF-8 (checked below): the bytes sha256_text hashes
                text = decoder.decode(raw)
                if text:
                    yield text
            text = decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            raise InvalidArgumentError("body is not valid UTF-8", details={"field": "body"}) from None
        if text:
            yield text


def describe(req: SynopsisRequest, default_rules: Any, content: Any = None) -> dict[str, Any]:
    """The answer for ``req``; ``content`` (a :class:`ChunkedText` or :class:`_RawText`) instead of ``req.content``."""
    rules = _ruleset(req.rules, default_rules)
    kwargs = {"mime": req.mime, "tool_name": req.tool_name, "preview_chars": req.preview_chars}
    if content is None:
        text = req.content
        streamed, head = streaming.stream_text(text, rules, **kwargs)
        if streamed:
            scanned = streaming.scan(streaming.text_chunks(text), rules, head=head, **kwargs)
            syn = scanned.describe()
        else:
            syn = synopsize(text, rules=rules, **kwargs)
        sha, original = sha256_text(text), len(text)
    else:
        syn, original = _describe_chunks(iter(content.chunks()), rules, kwargs)
        sha = content.sha256 if isinstance(content, ChunkedText) else content.digest.hexdigest()
    stub = render_stub(syn, tool_name=req.tool_name, sha256=sha, original_chars=original,
                       preview_chars=min(original, req.preview_chars), rules=rules)
    synopsis = {**syn.to_dict(), "ruleset": syn.ruleset, "ruleset_version": syn.ruleset_version}
    return {"synopsis": synopsis, "stub": stub, "sha256": sha, "original_chars": original}


def _load_json(body: bytes) -> Any:
    return load_document(body.decode("utf-8-sig"), what="body")


def _validated(data: Any) -> SynopsisRequest:
    try:
        return SynopsisRequest.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err.get("loc", ())) or "body"
        raise InvalidArgumentError(f"{field}: {err.get('msg')}", details={"field": field}) from None


def _from_spooled_json(body: SpooledBody) -> tuple[SynopsisRequest, ChunkedText | None]:
    """The request of a spooled JSON body, its long ``content`` left in a scratch file (decoded once).

    What does not split exactly (:data:`UNSPLIT`: a body that is not strict UTF-8 JSON, ...) is read
    whole and decoded the old way, so every value and every error is the one the whole body gets.
    """
    data = split_body(body.read, body.size, _load_json, keep=lambda path: path == ["content"],
                      large_bytes=min(LARGE_STRING_BYTES, body.spool_bytes),
                      piece_bytes=min(PIECE_BYTES, body.spool_bytes), text_file=body.scratch, strict_utf8=True)
    if data is UNSPLIT:
        return _from_json(body.getvalue()), None
    content = data.get("content") if isinstance(data, dict) else None
    if not isinstance(content, ChunkedText):
        return _validated(data), None
    # validated with an empty content in its place (a str: valid), so that every other error is the same
    req = _validated({**data, "content": ""})
    return req, content


def _from_json(body: bytes) -> SynopsisRequest:
    try:
        data = _load_json(body)
    except UnicodeDecodeError:
        raise InvalidArgumentError("body is not valid UTF-8", details={"field": "body"}) from None
    except InvalidArgumentError as exc:
        message = exc.message.split("; use search", 1)[0]
        raise InvalidArgumentError(message, details={"field": "body"}) from None
    return _validated(data)


def _take_body(request: Request) -> Any:
    """The body as the body-limit middleware received it: bytes, or a :class:`SpooledBody` (never joined)."""
    holder = request.scope.get(BODY_SCOPE_KEY)
    return holder.pop() if holder else None


def _answer(body: Any, ctype: str, query: dict[str, Any], default_rules: Any) -> dict[str, Any]:
    content: Any = None
    if ctype == "application/json":
        if isinstance(body, SpooledBody):
            req, content = _from_spooled_json(body)
        else:
            req = _from_json(body)
    elif isinstance(body, SpooledBody):
        # read from the file in pieces; the content is a placeholder (the text comes from ``content``)
        req, content = SynopsisRequest(content="", **query), _RawText(body)
    else:
        try:
            text = body.decode("utf-8")
        except UnicodeDecodeError:
            raise InvalidArgumentError("body is not valid UTF-8", details={"field": "body"}) from None
        req = SynopsisRequest(content=text, **query)
    return describe(req, default_rules, content)


def add_routes(api: APIRouter) -> None:
    body_doc = {
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": SynopsisRequest.model_json_schema()},
                "text/plain": {"schema": {"type": "string"}},
            },
        }
    }

    @api.post("/synopsis", response_model=Ok[SynopsisResult], responses=error_docs(400, 401, 413),
              tags=["synopsis"], summary="Synopsis and stub of a posted body", openapi_extra=body_doc)
    async def post_synopsis(
        request: Request,
        mime: Annotated[str | None, Query(max_length=200, description="MIME hint (raw body)")] = None,
        tool_name: Annotated[str, Query(max_length=200, description="Tool name (raw body)")] = "",
        rules: Annotated[RulesetName | None, Query(description="Bundled ruleset (raw body)")] = None,
        preview_chars: Annotated[int, Query(ge=0, le=MAX_PREVIEW_CHARS)] = 2_000,
    ) -> EnvelopeJSONResponse:
        body = _take_body(request)
        if body is None:
            body = await request.body()
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if not ctype and not body:
            raise InvalidArgumentError("a request body is required", details={"field": "body"})
        query = {"mime": mime or ctype or None, "tool_name": tool_name, "rules": rules, "preview_chars": preview_chars}
        from starlette.concurrency import run_in_threadpool

        # a spooled body is read (and described) from its file in the thread, in pieces
        return ok(await run_in_threadpool(_answer, body, ctype, query, request.app.state.rules))
