"""The accuracy corpus: realistic tool outputs named ``<expected-kind>__<description>.<ext>``."""

from __future__ import annotations

from pathlib import Path

CORPUS = Path(__file__).parent / "corpus"


def samples() -> list[tuple[str, str, str]]:
    """(file name, expected kind, content) for each sample, sorted by name.

    Each file is read as bytes and decoded as UTF-8 with ``surrogateescape``, as the CLI does,
    so binaries reach the engine as they would from a tool.
    """
    out = []
    for path in sorted(CORPUS.iterdir()):
        if not path.is_file() or "__" not in path.name:
            continue
        expected = path.name.split("__", 1)[0]
        out.append((path.name, expected, path.read_bytes().decode("utf-8", "surrogateescape")))
    return out
