"""Result models for the OpenAPI document (documentation: routes return the store's dicts).

Every model allows extra keys, so a field the store adds later does not break clients
that validate against the document.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field

T = TypeVar("T")


class _Open(BaseModel):
    model_config: ClassVar[ConfigDict] = ConfigDict(extra="allow")


class Ok(_Open, Generic[T]):
    status: Literal["ok"]
    result: T


class Health(_Open):
    status: Literal["ok"]
    version: str


class Sessions(_Open):
    sessions: list[str]


class ResultList(_Open):
    tool_results: list[dict[str, Any]] = Field(description="metadata of each result, oldest first")


class ReadResult(_Open):
    tool_result_id: str
    content: str
    offset: int
    limit: int | None = Field(None, description="the limit asked for (absent when reading by lines)")
    offset_unit: Literal["unicode_code_point"]
    total_chars: int
    has_more: bool
    line: int | None = Field(None, description="reading by lines: the first line (1-based)")
    lines: int | None = Field(None, description="reading by lines: how many lines the content spans")
    total_lines: int | None = Field(None, description="reading by lines: lines in the whole output")
    next_line: int | None = Field(None, description="reading by lines: the line to ask for next, while more follow")
    metadata: dict[str, Any] | None = Field(None, description="present unless include_metadata=false")


class SearchMatch(_Open):
    offset: int
    offset_unit: Literal["unicode_code_point"]
    snippet: str
    line: int | None = None


class SearchResult(_Open):
    tool_result_id: str
    matches: list[SearchMatch]
    total: int | None = Field(None, description="all matches over every page when total_exact, else at least "
                                                "this many (counting past the page stops once it is not cheap)")
    total_exact: bool | None = Field(None, description="whether total is exact")
    next: str | None = Field(None, description="pass as cursor for the next page; null on the last")


class QueryMatch(_Open):
    path: str
    value: Any = None


class QueryResult(_Open):
    tool_result_id: str
    path: str
    count: int | None = None
    returned: int | None = None
    truncated: bool | None = None
    matches: list[QueryMatch] = Field(default_factory=list)


class MessagesResult(_Open):
    session_id: str
    format: Literal["parts", "openai", "anthropic"]
    appended: int
    messages: list[dict[str, Any]] = Field(description="the messages as stored: large outputs stubbed")
    report: dict[str, Any] = Field(description="what externalization did, per part and in total")


class ContextResult(_Open):
    session_id: str
    messages: list[dict[str, Any]]


class SynopsisBody(_Open):
    kind: str
    title: str
    summary: list[str]
    structure: list[str]
    notable_items: list[str]
    sample: str
    ruleset: str
    ruleset_version: str


class SynopsisResult(_Open):
    synopsis: SynopsisBody
    stub: str
    sha256: str
    original_chars: int
