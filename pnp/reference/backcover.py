"""The pages a saddle-stitched booklet needs beyond the rules: a booklet of N pages is printed on
sheets of four, so up to three pages would be left blank at its end. The last of them becomes a back
cover (the game's name, emblem, box facts and credits, as a box's back would carry them) and any
before it a lined page for the players' notes, so no printed side is half white.

The reading copy (the A5 PDF) keeps only the rules' pages."""

from __future__ import annotations

from typing import Any

from ..draw import text
from ..draw.shapes import Line, Shape, Style
from ..model import Game
from . import credits
from .flow import INK, Frame
from .narration import Narrator

RULE = Style(stroke="#cfc6b4", width=0.25)
GREY = "#6b6457"
NOTES = {"en": "Notes", "it": "Note", "fr": "Notes", "de": "Notizen", "es": "Notas"}
LINE_GAP = 8.0      # mm between two writing lines


def for_print(pages: list[list[Shape]], game: Game, lang: str, accent: str) -> list[list[Shape]]:
    """`pages` padded to a multiple of four: notes pages, then the back cover."""
    pad = -len(pages) % 4
    if not pad:
        return pages
    data = Narrator(game, lang).data
    return pages + [notes_page(data, lang)] * (pad - 1) + [back_cover(game, lang, accent, data)]


def _frame_width() -> tuple[Frame, float]:
    frame = Frame()
    return frame, frame.width - frame.inner - frame.outer


def notes_page(data: dict[str, Any], lang: str) -> list[Shape]:
    """A heading and writing lines (the heading from the narration's `[booklet] notes`, else the
    language's own word)."""
    frame, width = _frame_width()
    heading = credits.booklet_word(data, "notes", NOTES.get(lang, NOTES["en"]))
    x = frame.inner
    shapes: list[Shape] = [text.line(x, frame.top + 6, heading, "sans-bold", 14, INK)]
    y = frame.top + 6 + LINE_GAP * 1.5
    while y <= frame.height - frame.bottom:
        shapes.append(Line(x, y, x + width, y, RULE))
        y += LINE_GAP
    return shapes


def back_cover(game: Game, lang: str, accent: str, data: dict[str, Any]) -> list[Shape]:
    """The game's name and emblem, the box facts, its credits and licence: the booklet's back."""
    frame, width = _frame_width()
    meta, x, w = game.meta, frame.inner, width
    shapes: list[Shape] = []
    y = 34.0
    if meta.kanji:
        shapes += text.box(x, y, w, 30, meta.kanji, "jp", 54, "center", accent, valign="middle")
        y += 36
    shapes += text.box(x, y, w, 12, meta.title, "sans-bold", 24, "center", INK, valign="middle")
    y += 13
    sub = meta.subtitle.get(lang, "")
    if sub:
        shapes += text.box(x, y, w, 7, sub, "sans", 11, "center", INK, valign="middle")
        y += 9
    shapes += text.box(x, y, w, 6, " · ".join(credits.facts(meta, lang, data)), "sans", 9, "center", accent,
                       valign="middle")
    y += 12
    shapes.append(Line(frame.width / 2 - 20, y, frame.width / 2 + 20, y, Style(stroke=accent, width=0.4)))
    y += 6
    lines = credits.credit_lines(meta, lang) or [credits.byline(meta, lang, data)]   # the credits name the authors
    for line in (s for s in lines if s):
        placed = text.box(x + 6, y, w - 12, 30, line, "sans", 8.4, "center", INK, valign="top")
        shapes += placed
        y = max(t.y for t in placed) + 3.2
    note = credits.licence(meta, lang)
    if note:
        shapes += text.box(x + 6, frame.height - frame.bottom - 14, w - 12, 14, note, "sans", 7.2, "center", GREY,
                           valign="bottom")
    return shapes
