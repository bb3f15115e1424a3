"""``toolstub.externalize`` / ``toolstub.hydrate`` / ``toolstub.ExternalizationConfig`` from the package root."""

from __future__ import annotations

import toolstub
import toolstub.externalize as package


def test_root_names_work_before_and_after_the_package_is_imported(store):
    messages = [{"role": "tool", "tool_call_id": "a", "content": "x" * 30_000}]
    result = toolstub.externalize(messages, format="openai", store=store)  # the package is imported: still callable
    assert result.report.to_dict()["externalized"] == 1
    assert package(messages, format="openai", store=store).messages == result.messages
    assert toolstub.hydrate(result.messages, format="openai", store=store) == messages
    assert toolstub.ExternalizationConfig is package.ExternalizationConfig
    assert sorted(package.__all__) == package.__all__
