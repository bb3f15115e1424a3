"""Rule files and caps schemas that validated before are not validated again (start-up)."""

from __future__ import annotations

import pytest

from toolstub import rule_validation, validation_cache
from toolstub.errors import RuleFileError
from toolstub.plugin_manager import reset_registry
from toolstub.rule_files import clear_cache, load_rules


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv(validation_cache.ENV_DIR, str(tmp_path / "cache"))
    monkeypatch.setattr(validation_cache, "_seen", set())
    clear_cache()
    yield tmp_path / "cache"
    clear_cache()


def _count_validations(monkeypatch) -> list[int]:
    calls = [0]
    real = rule_validation.validator_for

    def counting(registry):
        calls[0] += 1
        return real(registry)

    monkeypatch.setattr(rule_validation, "validator_for", counting)
    return calls


def test_a_valid_rule_file_is_validated_once_then_remembered(cache, tmp_path, monkeypatch):
    rules = tmp_path / "mine.yaml"
    rules.write_text("schema_version: 1\nextends: default\nname: mine\nversion: '1'\nkinds:\n  log:\n    error_lines: 5\n", encoding="utf-8")
    calls = _count_validations(monkeypatch)
    load_rules(str(rules))
    first = calls[0]
    assert first >= 1 and any((cache / "validated").iterdir())
    clear_cache()
    monkeypatch.setattr(validation_cache, "_seen", set())  # a new process: only the files remain
    load_rules(str(rules))
    assert calls[0] == first


def test_an_invalid_rule_file_fails_every_time_and_a_changed_file_validates_again(cache, tmp_path, monkeypatch):
    rules = tmp_path / "mine.yaml"
    rules.write_text("schema_version: 1\nextends: default\nname: mine\nversion: '1'\nkinds:\n  log:\n    error_lines: 5\n", encoding="utf-8")
    load_rules(str(rules))
    rules.write_text("schema_version: 1\nextends: default\nname: mine\nversion: '1'\nkinds:\n  log:\n    error_lines: -5\n", encoding="utf-8")
    for _ in range(2):
        clear_cache()
        with pytest.raises(RuleFileError, match="error_lines"):
            load_rules(str(rules))


def test_disabled_cache_validates_every_time(cache, monkeypatch):
    monkeypatch.setenv(validation_cache.ENV_ENABLED, "0")
    calls = _count_validations(monkeypatch)
    load_rules("default")
    clear_cache()
    monkeypatch.setattr(validation_cache, "_seen", set())
    load_rules("default")
    assert calls[0] >= 2
    assert not (cache / "validated").exists()


def test_every_bundled_caps_schema_is_a_valid_schema():
    import jsonschema

    from toolstub.plugin_manager import get_registry

    reset_registry()
    registry = get_registry()
    for name in registry.names():
        jsonschema.Draft202012Validator.check_schema(dict(registry.get(name).caps_schema))
