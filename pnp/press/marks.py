"""Crop marks and other cutting guides. They stay outside every trim and every bleed, and at least
the paper's margin from the sheet edge (home printers leave that band unprinted)."""

from __future__ import annotations

from ..draw.shapes import Line, Shape, Style
from .grid import GAP, CardGrid

MARK = Style(stroke="#000000", width=0.2)
CASING = Style(stroke="#ffffff", width=0.6)  # lets a mark show over dark art
LENGTH = 5.0     # the longest mark, mm


def _mark(x1: float, y1: float, x2: float, y2: float) -> list[Shape]:
    return [Line(x1, y1, x2, y2, CASING), Line(x1, y1, x2, y2, MARK)]


def _cuts(start: float, size: float, gutter: float, n: int) -> list[float]:
    cuts: list[float] = []
    for i in range(n):
        a = start + i * (size + gutter)
        for edge in (a, a + size):
            if not cuts or abs(cuts[-1] - edge) > 1e-6:
                cuts.append(edge)
    return cuts


def card_crop_marks(grid: CardGrid) -> list[Shape]:
    """A mark at both ends of every cut line, beyond the bleed of the outer cards and inside the
    paper's margin (`card_grid` leaves them room)."""
    tx, ty, tw, th = grid.trim_box
    xs = _cuts(tx, grid.slot_w, grid.gutter_x, grid.cols)
    ys = _cuts(ty, grid.slot_h, grid.gutter_y, grid.rows)
    off = grid.bleed + GAP
    m = grid.margin + CASING.width / 2   # the casing's ends stay inside the margin too
    shapes: list[Shape] = []
    for x in xs:
        shapes += _mark(x, ty - off, x, max(m, ty - off - LENGTH))
        shapes += _mark(x, ty + th + off, x, min(grid.page_h - m, ty + th + off + LENGTH))
    for y in ys:
        shapes += _mark(tx - off, y, max(m, tx - off - LENGTH), y)
        shapes += _mark(tx + tw + off, y, min(grid.page_w - m, tx + tw + off + LENGTH), y)
    return shapes


def corner_marks(x: float, y: float, w: float, h: float, offset: float, page_w: float, page_h: float,
                 margin: float = 0.0) -> list[Shape]:
    """Classic crop marks at the four corners of one trimmed rectangle, kept `margin` inside the sheet."""
    margin += CASING.width / 2
    shapes: list[Shape] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            ex = min(max(cx + sx * (offset + LENGTH), margin), page_w - margin)
            ey = min(max(cy + sy * (offset + LENGTH), margin), page_h - margin)
            shapes += _mark(cx + sx * offset, cy, ex, cy)
            shapes += _mark(cx, cy + sy * offset, cx, ey)
    return shapes
