"""Saddle-stitch imposition: booklet pages two-up on landscape sheets of the chosen paper, ready to
print double-sided, fold and staple. Pages larger than half a sheet (A5 on half-Letter) are scaled
down to fit, centred on their half."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Group, Line, Shape, Style
from ..render.pdf import Page
from .words import SheetWords, english

FOLD = Style(stroke="#9a9a9a", width=0.2, dash=(1.5, 1.5))
NOTE_PT = 6.0


def saddle_order(n: int) -> list[tuple[int | None, int | None]]:
    """Reading pages 0..n-1 (padded with blanks to a multiple of 4) as printed sides, each a
    (left, right) pair: sheet k front = (last-2k, 2k), back = (2k+1, last-2k-1).

    >>> saddle_order(8)
    [(7, 0), (1, 6), (5, 2), (3, 4)]
    """
    total = -(-n // 4) * 4
    sides: list[tuple[int, int]] = []
    for k in range(total // 4):
        front = (total - 1 - 2 * k, 2 * k)
        back = (2 * k + 1, total - 2 - 2 * k)
        sides += [front, back]
    return [(left if left < n else None, right if right < n else None) for left, right in sides]


def booklet_scale(page_w: float, page_h: float, sheet_w: float, sheet_h: float) -> float:
    """How much a page shrinks to fit half a landscape sheet (1.0 when it fits as it is)."""
    return min(1.0, (sheet_w / 2) / page_w, sheet_h / page_h)


def impose_saddle(pages: list[list[Shape]], page_w: float, page_h: float, sheet_w: float, sheet_h: float,
                  title: str, margin: float = 5.0, words: SheetWords | None = None) -> list[Page]:
    """Landscape sides with two pages each, meeting at the fold in the middle of the sheet."""
    say = words or english()
    fold = sheet_w / 2
    k = booklet_scale(page_w, page_h, sheet_w, sheet_h)
    w, h = page_w * k, page_h * k
    oy = (sheet_h - h) / 2
    out = []
    for i, (left, right) in enumerate(saddle_order(len(pages))):
        shapes: list[Shape] = []
        for index, x in ((left, fold - w), (right, fold)):
            if index is not None:
                shapes.append(Group(tuple(pages[index]), x, oy, 0, (0, 0, page_w, page_h), k))
        end = FOLD.width / 2      # the line's cap stays out of the margin too
        shapes += [Line(fold, margin + end, fold, margin + 3, FOLD),
                   Line(fold, sheet_h - margin - 3, fold, sheet_h - margin - end, FOLD)]
        if i == 0:   # how to print, once, in the back cover's top margin: a kept booklet shows it nowhere else
            note = say("booklet_front", title=title, n=1)
            shapes.append(text.line(fold - w / 2, margin + 2.4, note, "sans", NOTE_PT, "#888888", "middle"))
        out.append(Page(sheet_w, sheet_h, shapes, (0.0, 0.0, sheet_w, sheet_h), (0.0, 0.0, sheet_w, sheet_h)))
    return out
