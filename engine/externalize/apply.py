"""Applying a selection: the read-back rewrite, the store write, and the failure modes."""

from __future__ import annotations

from typing import Any

from toolstub.errors import FailedPreconditionError, RedactionRejected
from toolstub.externalize.model import ToolPart
from toolstub.externalize.plan import (
    NOT_KEPT_LINE,
    SOURCE_READ,
    Plan,
    Run,
    Source,
    add_header_lines,
    kept_not_smaller,
    log,
    outcome_of,
)
from toolstub.externalize.refs import parse_ref, ref_exists


# ---- read-back ---------------------------------------------------------------
def readback_source(run: Run, part: ToolPart) -> Source | None:
    """The stored result a read tool's output came from, or ``None``.

    Seed-compat: the ruleset's read tool, a dict input, and a ref in the canonical form.
    Otherwise: any accepted ref form, verified: the store must hold it. Such an output is
    never stored again; when it is selected its stub points at the source.
    """
    read_tool = run.rules.stub.tools.get("read")
    if not read_tool or part.tool_name != read_tool or not isinstance(part.tool_input, dict):
        return None
    args = part.tool_input
    src = args.get("tool_output_ref") or args.get("ref") or args.get("uri")
    if not isinstance(src, str):
        return None
    offset, limit = args.get("offset"), args.get("limit")
    if run.config.seed_compat:
        prefix = _canonical_prefix(run.store)
        return Source(src, offset, limit) if prefix and src.startswith(prefix) else None
    return _verified_source(run, src, offset, limit)


def _canonical_prefix(store: Any) -> str:
    try:
        probe = store.ref("tr_probe")
    except Exception:  # noqa: BLE001
        return ""
    return probe[: -len("tr_probe")]


def _verified_source(run: Run, src: str, offset: Any, limit: Any) -> Source | None:
    """The source, when ``src`` is a result this session's store holds (its canonical ref)."""
    found = parse_ref(src)
    if found is None or not ref_exists(run.store, src):
        return None
    try:
        canonical = run.store.ref(found[1])
    except Exception:  # noqa: BLE001 - an unusable ref: a plain output
        return None
    return Source(canonical, offset, limit)


def seed_source_rewrite(run: Run, part: ToolPart, source: Source) -> None:
    """The seed's rewrite: always a stub pointing at the source, whatever the size; nothing stored."""
    config = run.config
    plan = Plan(run, part, source)
    p = max(config.min_preview_chars, config.preview_chars)
    stub = plan.stub(p)
    _set_source_fields(part, plan, stub, truncated=len(plan.raw) > len(stub))
    run.outcomes.append(outcome_of(plan, "source_read", SOURCE_READ, source.ref, stub, plan.synopsis(p).kind))


def apply_source_stub(run: Run, plan: Plan, p: int) -> None:
    stub = plan.stub(p)
    _set_source_fields(plan.part, plan, stub, truncated=True)
    run.outcomes.append(outcome_of(plan, "source_read", SOURCE_READ, plan.source.ref, stub, plan.synopsis(p).kind))


def _set_source_fields(part: ToolPart, plan: Plan, stub: str, *, truncated: bool) -> None:
    source = plan.source
    part.tool_output = stub
    part.tool_output_ref = part.tool_output_storage_uri = part.tool_output_source_ref = source.ref
    part.tool_output_truncated = truncated
    part.tool_output_original_chars = len(plan.raw)
    part.tool_output_preview_chars = len(stub)
    part.tool_output_sha256 = plan.sha
    part.tool_output_source_offset = source.offset
    part.tool_output_source_limit = source.limit
    part.tool_output_externalized_reason = SOURCE_READ


# ---- store write and failure modes ---------------------------------------------
def externalize_part(run: Run, plan: Plan, p: int) -> None:
    part = plan.part
    synopsis = plan.synopsis(p)
    try:
        stored = run.store.write(
            plan.raw,
            tool_id=part.tool_id,
            tool_name=part.tool_name,
            mime_type=part.tool_output_mime_type or "text/plain",
            message_id=part.message_id,
            preview_chars=p,
            created_at=part.created_at,
            synopsis=synopsis,
            rules=run.rules,
        )
        sha = str(stored.metadata.get("sha256") or plan.sha)  # differs from the raw's when secrets were redacted
        stub = plan.stub(p, ref=stored.ref, synopsis=stored.synopsis, sha=sha)
    except RedactionRejected:
        raise
    except Exception as exc:
        error = f"{type(exc).__name__}: {exc}"
        log.warning("toolstub: externalizing %s failed: %s", part.tool_name or "tool", error)
        part.tool_output_externalization_error = error
        if run.config.failure_mode == "reject":
            raise FailedPreconditionError(
                "Failed to externalize tool output", details={"tool_id": part.tool_id, "error": error}
            ) from exc
        if run.config.failure_mode == "preview_only":
            _preview_only(run, plan, p, synopsis, error)
        else:
            run.outcomes.append(outcome_of(plan, "kept_on_error", plan.reason, "", plan.raw, synopsis.kind, error))
        return
    if not run.config.seed_compat and run.measure(stub) >= plan.size:
        run.outcomes.append(kept_not_smaller(plan, run.measure(stub)))
        return
    part.tool_output = stub
    part.tool_output_ref = stored.ref
    part.tool_output_storage_uri = stored.storage_uri
    part.tool_output_truncated = True
    part.tool_output_original_chars = len(plan.raw)
    part.tool_output_preview_chars = len(stub)
    part.tool_output_sha256 = sha
    part.tool_output_mime_type = str(stored.metadata.get("mime_type") or part.tool_output_mime_type)
    part.tool_output_externalized_reason = plan.reason
    outcome = outcome_of(plan, "stored", plan.reason, stored.ref, stub, stored.synopsis.kind)
    outcome.redactions = int(stored.metadata.get("redactions") or 0)
    run.outcomes.append(outcome)


def _preview_only(run: Run, plan: Plan, p: int, synopsis: Any, error: str) -> None:
    """The stub without a ref; the raw output is dropped (and, unless seed-compat, the stub says so)."""
    part = plan.part
    stub = run.render(synopsis, part, "", plan.sha, f"{plan.reason}:externalization_failed", len(plan.raw), p)
    if not run.config.seed_compat:
        stub = add_header_lines(stub, [NOT_KEPT_LINE])
        if run.measure(stub) >= plan.size:  # a preview that saves nothing: keep the output
            run.outcomes.append(outcome_of(plan, "kept_on_error", plan.reason, "", plan.raw, synopsis.kind, error))
            return
    part.tool_output = stub
    part.tool_output_ref = ""
    part.tool_output_truncated = True
    part.tool_output_original_chars = len(plan.raw)
    part.tool_output_preview_chars = len(stub)
    part.tool_output_sha256 = plan.sha
    part.tool_output_externalized_reason = plan.reason
    run.outcomes.append(outcome_of(plan, "preview_only", plan.reason, "", stub, synopsis.kind, error))
