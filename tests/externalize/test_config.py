"""ExternalizationConfig: the seed's defaults, validation, files, environment, per-tool overrides."""

from __future__ import annotations

import pytest

from toolstub.externalize import ConfigError, ExternalizationConfig


def test_seed_defaults():
    cfg = ExternalizationConfig()
    assert (cfg.enabled, cfg.threshold_chars, cfg.preview_chars) == (True, 20_000, 2_000)
    assert cfg.assistant_turn_inline_budget_chars == 100_000
    assert cfg.assistant_turn_preview_budget_chars == 10_000
    assert cfg.min_preview_chars == 1_000
    assert cfg.failure_mode == "preserve_raw"
    assert cfg.aggregate_selection_strategy == "largest_first"


@pytest.mark.parametrize(
    ("n", "expected"), [(0, 2000), (1, 2000), (5, 2000), (6, 1666), (7, 1428), (8, 1250), (9, 1111), (10, 1000), (40, 1000)]
)
def test_effective_preview_chars_matches_the_seed_table(n, expected):
    assert ExternalizationConfig().effective_preview_chars(n) == expected


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"threshold_chars": -1}, "invalid externalization config: <config>: threshold_chars: must be >= 0, got -1"),
        ({"preview_chars": 500}, "invalid externalization config: <config>: min_preview_chars: must not exceed preview_chars (500)"),
        ({"failure_mode": "drop"}, "invalid externalization config: <config>: failure_mode: must be one of preserve_raw, reject, preview_only, got 'drop'"),
        ({"threshhold_chars": 5}, "invalid externalization config: <config>: unknown field 'threshhold_chars'"),
        ({"enabled": "yes"}, "invalid externalization config: <config>: enabled: must be boolean, got 'yes'"),
        ({"threshold_chars": True}, "invalid externalization config: <config>: threshold_chars: must be integer, got True"),
        ({"tools": {"ls": {"threshold_chars": -5}}}, "invalid externalization config: <config>: tools.ls.threshold_chars: must be >= 0, got -5"),
        ({"tools": {"ls": {"exclud": True}}}, "invalid externalization config: <config>: tools.ls: unknown field 'exclud'"),
    ],
)
def test_bad_configs_get_one_line_naming_the_field(data, message):
    with pytest.raises(ConfigError) as info:
        ExternalizationConfig.from_dict(data)
    assert str(info.value) == message
    assert "\n" not in str(info.value)


def test_direct_construction_is_validated_too():
    with pytest.raises(ConfigError, match="assistant_turn_inline_budget_chars: must be >= 0"):
        ExternalizationConfig(assistant_turn_inline_budget_chars=-10)


def test_yaml_file_nested_or_flat(tmp_path):
    flat = tmp_path / "a.yaml"
    flat.write_text("threshold_chars: 500\nfailure_mode: reject\ntools:\n  ls: {exclude: true}\n")
    nested = tmp_path / "b.yml"
    nested.write_text("externalization:\n  threshold_chars: 500\n  failure_mode: reject\n  tools: {ls: {exclude: true}}\n")
    a, b = ExternalizationConfig.from_file(flat), ExternalizationConfig.from_file(nested)
    assert a == b
    assert a.threshold_chars == 500 and a.failure_mode == "reject" and a.excluded("ls") and not a.excluded("cat")


def test_toml_file(tmp_path):
    path = tmp_path / "c.toml"
    path.write_text('threshold_chars = 1234\nunit = "tokens"\n[tools.grep]\nthreshold_chars = 99\n')
    cfg = ExternalizationConfig.from_file(path)
    assert cfg.unit == "tokens" and cfg.threshold_for("grep") == 99 and cfg.threshold_for("other") == 1234


def test_file_errors_are_one_line(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("threshold_chars: [1\n")
    with pytest.raises(ConfigError, match=r"^invalid externalization config: .*bad.yaml:2:1: YAML syntax error"):
        ExternalizationConfig.from_file(bad)
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text("min_preview_chars: -3\n")
    with pytest.raises(ConfigError, match=r"wrong.yaml: min_preview_chars: must be >= 0, got -3$"):
        ExternalizationConfig.from_file(wrong)
    with pytest.raises(ConfigError, match="missing.yaml: file not found"):
        ExternalizationConfig.from_file(tmp_path / "missing.yaml")
    toml = tmp_path / "bad.toml"
    toml.write_text("threshold_chars = \n")
    with pytest.raises(ConfigError, match="bad.toml: TOML syntax error"):
        ExternalizationConfig.from_file(toml)


def test_environment_overrides_a_base():
    env = {
        "TOOLSTUB_THRESHOLD_CHARS": "5_000",
        "TOOLSTUB_FAILURE_MODE": "preview_only",
        "TOOLSTUB_EXTERNALIZE_ENABLED": "false",
        "TOOLSTUB_EXCLUDE_TOOLS": "ls, cat",
        "TOOLSTUB_BUDGET_UNIT": "tokens",
    }
    base = ExternalizationConfig(preview_chars=3000)
    cfg = ExternalizationConfig.from_env(base, environ=env)
    assert cfg.threshold_chars == 5000 and cfg.preview_chars == 3000 and not cfg.enabled
    assert cfg.failure_mode == "preview_only" and cfg.unit == "tokens"
    assert cfg.excluded("ls") and cfg.excluded("cat")


def test_environment_errors_name_the_variable():
    with pytest.raises(ConfigError, match="^invalid externalization config: TOOLSTUB_THRESHOLD_CHARS: threshold_chars: must be an integer, got 'lots'$"):
        ExternalizationConfig.from_env(environ={"TOOLSTUB_THRESHOLD_CHARS": "lots"})
    with pytest.raises(ConfigError, match="environment: preview_chars: must be >= 0"):
        ExternalizationConfig.from_env(environ={"TOOLSTUB_PREVIEW_CHARS": "-1"})


def test_to_dict_round_trips():
    cfg = ExternalizationConfig(threshold_chars=7, tools={"ls": {"exclude": True}, "cat": {"threshold_chars": 3}})
    assert ExternalizationConfig.from_dict(cfg.to_dict()) == cfg


def test_unknown_tokenizer_is_a_config_error(store):
    from toolstub.externalize import externalize

    cfg = ExternalizationConfig(unit="tokens", tokenizer="no-such-tokenizer")
    with pytest.raises(ConfigError, match=r"^invalid externalization config: <config>: tokenizer: unknown tokenizer 'no-such-tokenizer'"):
        externalize([], format="openai", store=store, config=cfg)
    ExternalizationConfig(unit="tokens", tokenizer="estimate").check_tokenizer()


def test_configs_are_hashable_and_immutable():
    cfg = ExternalizationConfig(tools={"ls": {"exclude": True}})
    assert hash(cfg) == hash(ExternalizationConfig(tools={"ls": {"exclude": True}}))
    with pytest.raises(TypeError):
        cfg.tools["cat"] = None  # type: ignore[index]
