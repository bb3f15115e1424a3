"""``POST /api/v1/synopsis``: the synopsis and stub of a posted body (nothing is stored).

Two ways to post:

* ``Content-Type: application/json``: ``{"content": "...", "mime", "tool_name", "rules",
  "preview_chars"}``;
* any other type: the raw body (UTF-8) is the content; the MIME hint is the
  ``mime`` query parameter, else the body's ``Content-Type``. (To describe raw
  JSON, post it as ``text/plain`` with ``?mime=application/json``.)

``rules`` names a bundled ruleset (never a path: the server does not read files
for callers); the server's own ruleset is the default.
"""

from __future__ import annotations

from typing import Annotated, Any, ClassVar, Literal

from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from toolstub.engine import synopsize
from toolstub.errors import InvalidArgumentError
from toolstub.rule_files import bundled_names, load_rules
from toolstub.server.envelope import EnvelopeJSONResponse, error_docs, ok
from toolstub.server.models import Ok, SynopsisResult
from toolstub.store.ids import sha256_text
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


def describe(req: SynopsisRequest, default_rules: Any) -> dict[str, Any]:
    rules = _ruleset(req.rules, default_rules)
    syn = synopsize(req.content, mime=req.mime, tool_name=req.tool_name, rules=rules,
                    preview_chars=req.preview_chars)
    sha = sha256_text(req.content)
    original = len(req.content)
    stub = render_stub(syn, tool_name=req.tool_name, sha256=sha, original_chars=original,
                       preview_chars=min(original, req.preview_chars), rules=rules)
    synopsis = {**syn.to_dict(), "ruleset": syn.ruleset, "ruleset_version": syn.ruleset_version}
    return {"synopsis": synopsis, "stub": stub, "sha256": sha, "original_chars": original}


def _from_json(body: bytes) -> SynopsisRequest:
    try:
        data = load_document(body.decode("utf-8-sig"), what="body")
    except UnicodeDecodeError:
        raise InvalidArgumentError("body is not valid UTF-8", details={"field": "body"}) from None
    except InvalidArgumentError as exc:
        message = exc.message.split("; use search", 1)[0]
        raise InvalidArgumentError(message, details={"field": "body"}) from None
    try:
        return SynopsisRequest.model_validate(data)
    except ValidationError as exc:
        err = exc.errors()[0]
        field = ".".join(str(p) for p in err.get("loc", ())) or "body"
        raise InvalidArgumentError(f"{field}: {err.get('msg')}", details={"field": field}) from None


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
        body = await request.body()
        ctype = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if not ctype and not body:
            raise InvalidArgumentError("a request body is required", details={"field": "body"})
        if ctype == "application/json":
            req = _from_json(body)
        else:
            try:
                content = body.decode("utf-8")
            except UnicodeDecodeError:
                raise InvalidArgumentError("body is not valid UTF-8", details={"field": "body"}) from None
            req = SynopsisRequest(content=content, mime=mime or ctype or None, tool_name=tool_name,
                                  rules=rules, preview_chars=preview_chars)
        from starlette.concurrency import run_in_threadpool

        return ok(await run_in_threadpool(describe, req, request.app.state.rules))
