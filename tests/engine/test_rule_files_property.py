"""Property: any rule file either loads or gives one RuleFileError line (never another exception)."""

from __future__ import annotations

import yaml
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from toolstub.errors import RuleFileError
from toolstub.rule_files import validate_rules

KEYS = ["schema_version", "name", "version", "extends", "detectors", "stub", "header", "tools", "search",
        "explore", "limits", "line_chars", "total_chars", "sample_chars", "kinds", "json", "csv", "text",
        "code", "redaction", "...", "max_items", "x"]
scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 10_000), st.floats(allow_nan=False),
                    st.sampled_from(KEYS + ["default", "openviking-compat", "(a", "{ref}", "{nope}"]), st.text(max_size=8))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.sampled_from(KEYS), inner, max_size=5), max_leaves=20)
TOP = ["name", "version", "detectors", "stub", "limits", "kinds", "redaction", "x"]
documents = st.fixed_dictionaries(
    {"schema_version": st.sampled_from([1, 1, 2, "1"]),
     "extends": st.sampled_from(["default", "openviking-compat"]) | values},
    optional={k: values for k in TOP},
)


def _check(tmp_path, text: str) -> None:
    note(text)
    path = tmp_path / "r.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        ruleset = validate_rules(str(path))
    except RuleFileError as exc:
        message = str(exc)
        assert message.startswith(f"invalid rules: {path}") and "\n" not in message
    else:
        assert ruleset.detectors and ruleset.stub.header


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(documents)
def test_structured_rule_files_load_or_fail_in_one_line(tmp_path, document):
    _check(tmp_path, yaml.safe_dump(document, allow_unicode=True))


@settings(deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet=st.sampled_from(list("ab:- \n\t[]{}&*!#'\"1") + ["\ufeff", "\x85"]), max_size=60))
def test_arbitrary_text_as_a_rule_file_fails_in_one_line(tmp_path, text):
    _check(tmp_path, text)
