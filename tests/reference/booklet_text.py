"""The booklets as a reader gets them: each built-in booklet laid out, printed to PDF and read back
block by block (a caption, a paragraph, a note), with the type size each block is set in.

Shared by the caption lint and the page-flow tests, which judge what the PDF says, not what the code
meant to draw."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.paths import cards_dir
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import MM, open_pdf

BOOKLETS = sorted((p.parent.parent.name, p.name.split(".")[1]) for p in cards_dir().glob("*/booklet/rules.*.md"))
CAPTION_PT = (7.0, 7.4, 7.6)     # grid captions, figure captions, notes and legends
MARKER = re.compile(r"•|\d{1,2}\.|[A-Z]\.")     # what a list item opens with, set apart from its text
ITEM = re.compile(r"(?:•|\d{1,2}\.|[A-Z]\.)\s")   # a block that is a list item, bulleted, numbered or lettered


@dataclass
class Line:
    page: int           # 0-based
    x: float            # mm, where the text starts (after a list's bullet)
    right: float        # mm
    top: float          # mm
    bottom: float       # mm
    size: float         # pt, the line's largest span
    bold: bool          # the whole line is bold
    text: str
    lead: bool = False  # the line opens with a bold run (a glossary term, a clarification's title)
    item: bool = False  # the line opens a list item: its bullet or number is set apart from its text


@dataclass
class Block:
    page: int
    lines: list[Line]

    @property
    def text(self) -> str:
        out = ""
        for ln in self.lines:         # a word hyphenated at a line end is not split by the flow
            out += (" " if out else "") + ln.text
        return " ".join(out.split())

    @property
    def size(self) -> float:
        return self.lines[0].size


@cache
def pdf(gid: str, lang: str) -> bytes:
    pages = build_booklet(load_game(find_game(gid)), lang)
    return render_pdf([Page(A5[0], A5[1], p) for p in pages], "t")


@cache
def lines(gid: str, lang: str) -> tuple[Line, ...]:
    out = []
    for n, page in enumerate(open_pdf(pdf(gid, lang))):
        for block in page.get_text("dict")["blocks"]:
            for ln in block.get("lines", ()):
                spans = [s for s in ln["spans"] if s["text"].strip()]
                if not spans:
                    continue
                x0, y0, x1, y1 = ln["bbox"]
                marker = bool(MARKER.fullmatch(spans[0]["text"].strip())) and len(spans) > 1
                if marker:     # a list item's text starts after its bullet or number
                    x0 = spans[1]["bbox"][0]
                said = ""
                for i, s in enumerate(spans):     # the flow draws each run apart: a gap is a space
                    gap = i and s["bbox"][0] > spans[i - 1]["bbox"][2] + s["size"] * 0.15
                    said += (" " if gap and not said.endswith(" ") else "") + s["text"]
                first = spans[1] if marker else spans[0]
                out.append(Line(n, x0 / MM, x1 / MM, y0 / MM, y1 / MM, round(max(s["size"] for s in spans), 1),
                                all("Bold" in s["font"] for s in spans), said.strip(), "Bold" in first["font"],
                                bool(marker)))
    return tuple(out)


def blocks(gid: str, lang: str) -> list[Block]:
    """Runs of lines of one type size in one column, with no more than a line's leading between them:
    a caption under its figure, a paragraph, a note. Short labels inside diagrams (a field number,
    "+3") are left out: they are not sentences."""
    out: list[Block] = []
    for ln in lines(gid, lang):
        last = out[-1].lines[-1] if out else None
        same = (last is not None and last.page == ln.page and abs(last.size - ln.size) < 0.05
                and abs(last.x - ln.x) < 1.0 and 0 <= ln.top - last.bottom < ln.size * 0.2
                and not ln.item)
        if same and out:
            out[-1].lines.append(ln)
        elif len(ln.text) >= 4 or re.search(r"[a-z]{2}", ln.text):
            out.append(Block(ln.page, [ln]))
    return out


def captions(gid: str, lang: str) -> list[Block]:
    """Blocks set in a caption's size: what a figure, a walkthrough step or a note says."""
    return [b for b in blocks(gid, lang) if round(b.size, 1) in CAPTION_PT]


SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9«“])")


def sentences(s: str) -> list[str]:
    return [x.strip() for x in SENTENCE.split(s) if x.strip()]
