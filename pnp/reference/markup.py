"""A small text format for booklet prose (after jinja2 has filled it in).

    # Heading (starts a page)          ## Subheading          - bullet          1. numbered item
    @directive argument                 (a figure the booklet draws: @setup, @walkthrough first-blood)
    **bold** inside a paragraph         a blank line ends a paragraph
"""

from __future__ import annotations

import re
from dataclasses import dataclass

QUOTES = {"it": ("«", "»"), "fr": ("«\u202f", "\u202f»"), "de": ("„", "“")}   # others: “ ”

_ITEM = re.compile(r"^\d{1,2}\.\s")
_OPENS = re.compile(r"(^|[\s(\[—–/])$")


def typographic(s: str, lang: str = "en") -> str:
    """Straight quotes and apostrophes made typographic: ' -> ’ (‘ at a word's start), "..." -> the
    language's quotes (« » in Italian, “ ” in English)."""
    if "'" not in s and '"' not in s:
        return s
    left, right = QUOTES.get(lang, ("“", "”"))
    out: list[str] = []
    for ch in s:
        if ch in "'\"":
            opening = bool(_OPENS.search("".join(out[-1:]) if out else ""))
            if ch == "'":
                out.append("‘" if opening and out else "’" if out else "‘")
            else:
                out.append(left if opening else right)
        else:
            out.append(ch)
    return "".join(out)


@dataclass(frozen=True)
class Block:
    kind: str      # h1 | h2 | para | bullet | directive
    text: str
    arg: str = ""


def parse(source: str) -> list[Block]:
    blocks: list[Block] = []
    para: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Block("para", " ".join(para)))
            para.clear()

    for raw in source.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(Block("h2", line[3:].strip()))
        elif line.startswith("# "):
            flush()
            blocks.append(Block("h1", line[2:].strip()))
        elif line.startswith("- "):
            flush()
            blocks.append(Block("bullet", line[2:].strip()))
        elif _ITEM.match(line):       # a numbered item: a list item the layout numbers by its own number
            flush()
            blocks.append(Block("bullet", line))
        elif line.startswith("@"):
            flush()
            name, _, arg = line[1:].partition(" ")
            blocks.append(Block("directive", name, arg.strip()))
        elif blocks and blocks[-1].kind == "bullet" and not para and raw.startswith("  "):
            blocks[-1] = Block("bullet", blocks[-1].text + " " + line)
        else:
            para.append(line)
    flush()
    return blocks
