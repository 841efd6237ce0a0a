"""Saddle-stitch imposition: A5 pages two-up on A4 sheets, ready to print double-sided, fold
and staple."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Group, Line, Shape, Style
from ..render.pdf import Page

FOLD = Style(stroke="#9a9a9a", width=0.2, dash=(1.5, 1.5))


def saddle_order(n: int) -> list[tuple[int | None, int | None]]:
    """Reading pages 0..n-1 (padded with blanks to a multiple of 4) as printed sides, each a
    (left, right) pair: sheet k front = (last-2k, 2k), back = (2k+1, last-2k-1).

    >>> saddle_order(8)
    [(7, 0), (1, 6), (5, 2), (3, 4)]
    """
    total = -(-n // 4) * 4
    sides = []
    for k in range(total // 4):
        front = (total - 1 - 2 * k, 2 * k)
        back = (2 * k + 1, total - 2 - 2 * k)
        sides += [front, back]
    return [tuple(p if p < n else None for p in side) for side in sides]  # type: ignore[misc]


def impose_saddle(pages: list[list[Shape]], page_w: float, page_h: float, sheet_w: float, sheet_h: float,
                  title: str) -> list[Page]:
    """A4 landscape sides with two A5 pages each, centred on the fold."""
    fold = sheet_w / 2
    oy = (sheet_h - page_h) / 2
    out = []
    for i, (left, right) in enumerate(saddle_order(len(pages))):
        shapes: list[Shape] = []
        for index, x in ((left, fold - page_w), (right, fold)):
            if index is not None:
                shapes.append(Group(tuple(pages[index]), x, oy, 0, (0, 0, page_w, page_h)))
        shapes += [Line(fold, 0, fold, 4, FOLD), Line(fold, sheet_h - 4, fold, sheet_h, FOLD)]
        side = "front" if i % 2 == 0 else "back"
        shapes.append(text.line(fold + 3, 3.2,
                                f"{title} · sheet {i // 2 + 1} {side} · double-sided, flip on the short edge",
                                "sans", 5.5, "#888888"))
        out.append(Page(sheet_w, sheet_h, shapes))
    return out
