"""Issue 10 (pool probes, this round's second first looks: Debian pool 21 and PyPI pool 7, half ``a``): classes of
real files that `default` read as another kind, each with look-alikes that must keep theirs.

- sudosu's ``core/default_agent.py`` (PyPI pool 7; no licence stated, so not quoted: the module below has its
  shape) read as Markdown, where compat is right: a function assigns ``prompt_content = '''# Sudosu ...`` and the
  prompt's headings and bold lines run past the Markdown probe's 400 lines, so the string never closed there and was
  read as the document. A triple-quoted string assigned to a name that runs past the probe is the program's string
  to the probe's end. A Markdown README whose fenced example assigns such a string stays Markdown.
- polygenic-pgx's ``tools/data/colors.py`` (``class Colors:`` over ``pumpkin_lighter = "#f5d0bf"`` lines; its
  licence is for non-commercial use, so the class below has the same shape, not its lines) read as configuration
  text, where compat is right: a class whose body is literal assignments is a Python module of constants, the class
  statement its Python-only evidence. The same lines under an INI or TOML section stay text.
- eng-dictionary's ``dictionary/constants.py`` (MIT; quoted whole, CRLF and all: ``CREATE_TABLE = "CREATE TABLE
  Dictionary" \\`` then ``"(word text primary key,"``) read as text: adjacent strings joined over lines are written
  as only Python writes them. ``name = "x"`` lines alone, as TOML writes them, stay text.
"""

from __future__ import annotations

import toolstub
from toolstub.engine import explain


def kind(content: str) -> str:
    return toolstub.synopsize(content).kind


PROMPT_LINES = "\n".join(
    f"{n}. **Step {n}**: check the `{n}` specialists first, then handle the task yourself." for n in range(1, 451)
)

AGENT_MODULE = (
    '"""Default agent configuration."""\n\nDEFAULT_AGENT_NAME = "sudosu"\n\n\n'
    "def generate_default_agent_md() -> str:\n"
    '    """Generate the content for the default AGENT.md file."""\n'
    "    prompt_content = '''# Sudosu - Your Powerful AI Assistant\n\n"
    "You are Sudosu, the main AI assistant for this project.\n\n## Your Primary Role\n\n"
    + PROMPT_LINES
    + "\n'''\n    return prompt_content\n"
)

README_WITH_PROMPT_EXAMPLE = (
    "# agent-kit\n\nA toolkit for **agents**, with [docs](https://example.org/docs).\n\n## Usage\n\n"
    "Define the prompt in your module:\n\n```python\nPROMPT = '''\n# Role\nYou help with `tasks`.\n'''\n```\n\n"
    "- write the prompt\n- register the agent\n- run it\n"
)

COLORS_CLASS = """class Palette:

    sand_lighter = "#1f2e3d"
    sand_light = "#3e5c7a"
    sand = "#5d8ab7"
    sand_dark = "#7cb8f4"
    sand_darker = "#9be731"

    moss_lighter = "#bb156e"
    moss_light = "#da43ab"
    moss = "#f971e8"
    moss_dark = "#18a026"
    moss_darker = "#37ce63"
"""

COLORS_INI = """[palette]
sand_lighter = "#f7ecd9"
sand_light = "#e8cfa0"
sand = "#c9a063"
moss = "#7aa35a"
"""

COLORS_TOML = """[palette]
sand = "#c9a063"
moss = "#7aa35a"

[palette.dark]
sand = "#8f6a35"
moss = "#4d6b36"
"""

# eng-dictionary 0.0.3 (PyPI, MIT): dictionary/constants.py (whole, its CRLF line ends kept)
ENG_DICTIONARY_CONSTANTS = 'TAG = "div"\r\nCLASS = "def ddef_d db"\r\nCREATE_TABLE = "CREATE TABLE Dictionary" \\\r\n               "(word text primary key," \\\r\n               "meaning text);"\r\nINSERT_IN_TABLE = "INSERT into Dictionary (word, meaning) " \\\r\n                  "VALUES(?, ?)"\r\n'

TOML_STRINGS = """name = "dictionary"
version = "0.0.3"
description = "An English dictionary"
"""


def test_module_with_a_prompt_past_the_probe_is_no_markdown() -> None:
    assert [claim["kind"] for claim in explain(AGENT_MODULE) if claim["kind"] == "markdown"] == []
    synopsis = toolstub.synopsize(AGENT_MODULE)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_readme_with_a_fenced_prompt_stays_markdown() -> None:
    assert kind(README_WITH_PROMPT_EXAMPLE) == "markdown"


def test_class_of_constants_is_python() -> None:
    synopsis = toolstub.synopsize(COLORS_CLASS)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_the_same_settings_under_a_section_stay_text() -> None:
    assert kind(COLORS_INI) == "text"
    assert kind(COLORS_TOML) == "text"


def test_strings_joined_over_lines_are_python() -> None:
    synopsis = toolstub.synopsize(ENG_DICTIONARY_CONSTANTS)
    assert synopsis.kind == "code"
    assert synopsis.title == "Python code output"


def test_toml_strings_stay_text() -> None:
    assert kind(TOML_STRINGS) == "text"
