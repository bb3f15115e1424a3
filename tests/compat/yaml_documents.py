"""Hypothesis strategies: random YAML documents around the large-YAML fast path's size (65,536 chars).

Top-level block mappings and sequences whose entries mix plain, single- and double-quoted
scalars (escaped quotes, multi-line, continuation lines at column 0 or indented, escaped line
ends), block scalars (every header, content that looks like keys, quotes and comments),
comments (with quotes in them), nested blocks, flow collections on one or several lines, and
every YAML line break (LF, CRLF, CR, NEL, LS, PS), padded with plain entries to a size drawn
across 65,536. Not every document is valid YAML: refusals are compared too.
"""

from __future__ import annotations

from hypothesis import strategies as st

FAST_MIN_CHARS = 65_536
BREAKS = ("\n", "\r\n", "\r", "\x85", "\u2028", "\u2029")

WORDS = st.sampled_from(
    ["a", "b", "key", "it's", "x: y", "z", "#c", "w#", "1", "0x1F", "1.5", "true", "on", "null", "~", "2024-01-01",
     "2024-02-30", "-", "- v", "---", "...", "[", "]", "{", "}", ",", "\\", "é", "\U00031350", "?", "|", ">", "%"]
)
QUOTE_CHARS = st.sampled_from(["a", " ", "b: c", "''", "'", '"', '\\"', "\\\\", "\\", "#", "\\n", "\\t", "- ", "x", "é"])
KEYS = st.sampled_from(
    ["k", "key", "a b", "on", "1", "true", "null", "2024-01-01", "x:y", "-x", "'q'", '"d"', "a ", "it's", "k#", "z",
     "k", "key", "z", "name"]
)


CONTINUATIONS = st.sampled_from(["z: w", "y: w", "x: 1", "- x", "- y", "k: v", "# c", "text", "", "z: 'w", 'z: "w', "---", "a b"])


@st.composite
def quoted(draw, quote: str, trap: bool = False) -> list[str]:
    """A quoted scalar as its lines (the first goes after ``key: ``); continuation lines at column 0 or indented.

    ``trap``: the first line holds an escaped quote (``\\"``, ``''``) and the scalar goes on at
    column 0 with a line that looks like a key or an item (the fast path's old blind spot).
    """
    escape = "''" if quote == "'" else '\\"'
    first = "".join(draw(st.lists(st.one_of(QUOTE_CHARS, st.just(escape)), max_size=5)))
    if quote == "'":
        first = first.replace("\\", "")
    if trap and escape not in first:
        first += escape
    lines = [first]
    for _ in range(draw(st.integers(1 if trap else 0, 2))):
        line = draw(CONTINUATIONS if trap or draw(st.integers(0, 3)) else st.lists(QUOTE_CHARS, max_size=4).map("".join))
        lines.append(line.replace("'", "''") if quote == "'" else line.replace('"', '\\"'))
    indent = "" if trap else draw(st.sampled_from(["", "", "  ", " "]))
    tail = "" if trap else draw(st.sampled_from(["", "", "", "  # note", " # it's \"x"]))
    body = [quote + lines[0]] + [indent + line for line in lines[1:]]
    body[-1] += quote + tail
    if quote == '"' and not trap and len(body) > 1 and draw(st.booleans()):
        body[0] += "\\"  # an escaped line end
    return body


@st.composite
def block_scalar(draw) -> list[str]:
    header = draw(st.sampled_from(["|", ">", "|-", ">+", "|2", ">-1", "|+"]))
    header += draw(st.sampled_from(["", "", " # c", "#c"]))
    content = draw(st.lists(st.sampled_from(
        ["  text", "  k: v", "  'open", '  "open', "  # not a comment", "", "  - item", "   deeper", "k2: v", "# c",
         "  ---", "  \\"]), min_size=0, max_size=5))
    return [header, *content]


@st.composite
def value(draw, focus: bool = False) -> list[str]:
    """A value's lines: the first goes after ``key:``, the others follow it (``focus``: quoted scalars mostly)."""
    choice = draw(st.sampled_from([2, 3, 4, 5, 10, 11, 11]) if focus else st.sampled_from([0, 1, 2, 2, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10, 11]))
    if choice == 10:
        return [" " + line if i == 0 else line for i, line in enumerate(draw(quoted("'", trap=True)))]
    if choice == 11:
        return [" " + line if i == 0 else line for i, line in enumerate(draw(quoted('"', trap=True)))]
    if choice <= 1:
        return [" " + " ".join(draw(st.lists(WORDS, min_size=1, max_size=3)))]
    if choice == 2:
        return [" " + line if i == 0 else line for i, line in enumerate(draw(quoted("'")))]
    if choice == 3:
        return [" " + line if i == 0 else line for i, line in enumerate(draw(quoted('"')))]
    if choice == 4:
        lines = draw(block_scalar())
        return [" " + lines[0], *lines[1:]]
    if choice == 5:
        return ["", *[f"  {k}: {w}" for k, w in draw(st.lists(st.tuples(KEYS, WORDS), min_size=1, max_size=3))]]
    if choice == 6:
        lead = draw(st.sampled_from(["", "  "]))
        return ["", *[f"{lead}- {w}" for w in draw(st.lists(WORDS, min_size=1, max_size=3))]]
    if choice == 7:
        items = draw(st.lists(st.sampled_from(["a", "'b'", '"c"', "1", "{x: 1}", "[y]"]), max_size=3))
        if draw(st.booleans()):
            return [" [" + ", ".join(items) + "]"]
        return [" [" + ",\n  ".join(items), "  ]"] if items else [" [", "]"]
    if choice == 8:
        return ["", "  # comment with 'quote", "  k: v"]
    return [" " + draw(st.sampled_from(["|", ">", "'a''", '"a\\"', "'", '"', "x # 'y", 'x # "y', "-", "? x"]))]


@st.composite
def entry(draw, sequence: bool, focus: bool = False) -> list[str]:
    lines = draw(value(focus))
    if sequence:
        head = "-" + lines[0] if lines[0] else "-"
        rest = ["  " + line if line and not line.startswith(" ") else line for line in lines[1:]]
        lines = [head, *rest]
    else:
        lines = [(draw(st.sampled_from(["k", "key", "z"])) + "_KEY" if focus else draw(KEYS)) + ":" + lines[0], *lines[1:]]
    if draw(st.integers(0, 5)) == 0:
        lines.insert(0, draw(st.sampled_from(["# comment", "# it's \"quoted", "  # indented comment", ""])))
    return lines


@st.composite
def documents(draw, min_chars: int = FAST_MIN_CHARS - 6_000, max_chars: int = FAST_MIN_CHARS + 6_000) -> str:
    """A document whose size is drawn from [min_chars, max_chars] (before line-break changes)."""
    sequence = draw(st.booleans())
    focus = draw(st.booleans())  # half the documents: quoted scalars and block scalars only
    entries = draw(st.lists(entry(sequence, focus), min_size=1, max_size=5))
    target = draw(st.integers(min_chars, max_chars))
    pad_line = "- pad value\n" if sequence else "pad{i}: value {i}\n"
    lines = [line for block in entries for line in block]
    lines = [line.replace("_KEY", str(n), 1) for n, line in enumerate(lines)]  # focus: unique keys
    body_size = sum(len(line) + 1 for line in lines)
    pads = []
    size = body_size
    i = 0
    while size < target:
        line = pad_line.format(i=i)
        pads.append(line)
        size += len(line)
        i += 1
    padding = "".join(pads)
    where = draw(st.sampled_from(["before", "after", "split"]))
    body = "\n".join(lines) + "\n"
    if where == "before":
        text = padding + body
    elif where == "after":
        text = body + padding
    else:
        half = len(pads) // 2
        text = "".join(pads[:half]) + body + "".join(pads[half:])
    if draw(st.booleans()):
        text = "---\n" + text
    main = draw(st.sampled_from(BREAKS[:1] * 6 + BREAKS))
    if main != "\n":
        text = text.replace("\n", main)
    if draw(st.integers(0, 3)) == 0:  # one other line break somewhere in the written entries
        other = draw(st.sampled_from(BREAKS))
        spot = text.find(main, text.find(lines[0][:3]) if lines[0][:3] else 0)
        if spot >= 0:
            text = text[:spot] + other + text[spot + len(main):]
    return text
