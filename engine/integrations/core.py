"""What every framework integration shares: one tool output in, what the model should see out.

:class:`ToolOutputs` wraps one session of the store. :meth:`ToolOutputs.process` runs the same
externalization as :func:`toolstub.externalize` on a single tool output (threshold, preview,
redaction, failure mode, per-tool opt-outs from :class:`~toolstub.ExternalizationConfig`):
an output over the threshold is stored whole and its stub returned; a small one is returned
unchanged and nothing is stored. Outputs of the read-back tools themselves are never stored
again (a model paging through a stored result must see the pages).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolstub.redact import redacted_reads
from toolstub.externalize.api import externalize
from toolstub.externalize.config import ExternalizationConfig
from toolstub.rule_files import load_rules
from toolstub.store import open_store
from toolstub.store.readback import DESCRIPTIONS, SCHEMAS, TOOL_KINDS, SessionTools, tool_names

if TYPE_CHECKING:
    from toolstub.ruleset import Ruleset
    from toolstub.store.session import ToolResultStore


@dataclass(frozen=True)
class Processed:
    """What became of one tool output."""

    text: str
    """What the model sees: the stub when stored, else the output unchanged."""
    ref: str = ""
    """The stored result's ref (``toolstub://sessions/.../tool-results/tr_...``), ``""`` when nothing was stored."""
    kind: str = ""
    """The synopsis kind of a stored output (``json``, ``log``, ...)."""
    original_chars: int = 0
    """Length of the output in code points."""
    action: str = "kept"
    """``stored``, ``preview_only``, ``kept`` (under the threshold, excluded, or a read-back) or ``kept_on_error``."""
    error: str = ""

    @property
    def stored(self) -> bool:
        """True when the raw output is in the store and :attr:`text` is its stub."""
        return bool(self.ref) and self.action == "stored"

    def to_dict(self) -> dict[str, Any]:
        """The fields as a JSON-ready dict (without :attr:`text`)."""
        return {"ref": self.ref, "kind": self.kind, "original_chars": self.original_chars,
                "action": self.action, "error": self.error}


@dataclass(frozen=True)
class ToolSpec:
    """One read-back tool as a framework needs it: name, description, JSON Schema of its arguments."""

    kind: str
    name: str
    description: str
    parameters: dict[str, Any]


class ToolOutputs:
    """Externalize single tool outputs into one store session and serve the read-back tools over it.

    ``session`` is a :class:`~toolstub.store.ToolResultStore` (``toolstub.open_store(url).session(id)``).
    ``config`` and ``rules`` are those of :func:`toolstub.externalize`.
    """

    def __init__(
        self,
        session: ToolResultStore,
        *,
        config: ExternalizationConfig | None = None,
        rules: str | Path | Ruleset | None = None,
    ) -> None:
        self.session: ToolResultStore = session
        self.config: ExternalizationConfig = config or ExternalizationConfig()
        self.ruleset: Ruleset = load_rules(rules)
        # what the read-back tools show the model is redacted too (outputs kept under policy: keep)
        self.tools: SessionTools = SessionTools(redacted_reads(session, self.ruleset), session.session_id)
        self.names: dict[str, str] = tool_names(self.ruleset)

    @classmethod
    def open(cls, session_id: str, store: str | None = None, **kwargs: Any) -> ToolOutputs:
        """Open ``store`` (a URL or path; ``None``: ``$TOOLSTUB_STORE`` or the local default) at ``session_id``."""
        return cls(open_store(store).session(session_id), **kwargs)

    @property
    def readback_names(self) -> frozenset[str]:
        """Names of the four read-back tools (their outputs are never stored again)."""
        return frozenset(self.names.values())

    def specs(self) -> list[ToolSpec]:
        """The read-back tools in the order read, search, list, query."""
        return [ToolSpec(kind, self.names[kind], DESCRIPTIONS[kind], SCHEMAS[kind]) for kind in TOOL_KINDS]

    def call(self, kind: str, arguments: dict[str, Any]) -> str:
        """Run read-back tool ``kind`` (``read`` ...) with a model's arguments; JSON text, errors included."""
        return self.tools.call_json(kind, arguments)

    def process(self, output: str, *, tool_name: str = "", tool_call_id: str = "", tool_input: Any = None) -> Processed:
        """Store ``output`` when it is over the threshold and return the stub; else return it unchanged."""
        if not isinstance(output, str) or tool_name in self.readback_names:
            return Processed(text=output, original_chars=len(output) if isinstance(output, str) else 0)
        args = json.dumps(tool_input, ensure_ascii=False, default=str) if tool_input is not None else "{}"
        call_id = tool_call_id or "call"
        messages = [
            {"role": "assistant", "content": None,
             "tool_calls": [{"id": call_id, "type": "function", "function": {"name": tool_name, "arguments": args}}]},
            {"role": "tool", "tool_call_id": call_id, "content": output},
        ]
        result = externalize(messages, format="openai", store=self.session, config=self.config, rules=self.ruleset)
        text = result.messages[1]["content"]
        part = result.report.parts[0] if result.report.parts else None
        if part is None or part.action not in ("stored", "preview_only", "kept_on_error"):
            return Processed(text=text, original_chars=len(output))
        return Processed(text=text, ref=part.ref, kind=part.kind, original_chars=len(output),
                         action=part.action, error=part.error)


class SessionAdapter:
    """Base of the framework adapters: one :class:`ToolOutputs` and the record of what it did.

    ``session``: a :class:`~toolstub.store.ToolResultStore`; ``config`` / ``rules``: as for
    :func:`toolstub.externalize`.
    """

    def __init__(
        self,
        session: ToolResultStore,
        *,
        config: ExternalizationConfig | None = None,
        rules: str | Path | Ruleset | None = None,
    ) -> None:
        self.outputs: ToolOutputs = ToolOutputs(session, config=config, rules=rules)
        self.processed: list[Processed] = []
        """What became of each output handled so far, in order (stored or not)."""
