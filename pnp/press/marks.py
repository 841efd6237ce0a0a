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


def card_crop_marks(grid: CardGrid, slots: set[tuple[int, int]] | None = None) -> list[Shape]:
    """A mark at both ends of every cut line, beyond the bleed of the outer cards and inside the
    paper's margin (`card_grid` leaves them room). With `slots` (row, col), the cut lines of those
    slots only, their marks at the edges of the block they fill: a sheet with a few cards shows no
    marks for the empty places."""
    if slots is None:
        slots = {(r, c) for r in range(grid.rows) for c in range(grid.cols)}
    if not slots:
        return []
    rows = sorted({r for r, _ in slots})
    cols = sorted({c for _, c in slots})
    first, last = grid.slot(rows[0], cols[0]), grid.slot(rows[-1], cols[-1])
    tx, ty = first.x, first.y
    tw, th = last.x + grid.slot_w - tx, last.y + grid.slot_h - ty
    xs = sorted({round(grid.slot(0, c).x + e, 6) for c in cols for e in (0.0, grid.slot_w)})
    ys = sorted({round(grid.slot(r, 0).y + e, 6) for r in rows for e in (0.0, grid.slot_h)})
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
