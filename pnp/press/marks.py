"""Crop marks and other cutting guides. They stay outside every trim: never on a card."""

from __future__ import annotations

from ..draw.shapes import Line, Shape, Style
from .grid import CardGrid

MARK = Style(stroke="#000000", width=0.2)
CASING = Style(stroke="#ffffff", width=0.6)  # lets a mark show over dark bleed art
GAP = 1.0        # from the trim to where a mark starts, mm
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
    """Marks on every cut line: in the page margins, and across the gutters between cards."""
    tx, ty, tw, th = grid.trim_box
    xs = _cuts(tx, grid.card_w, grid.gutter_x, grid.cols)
    ys = _cuts(ty, grid.card_h, grid.gutter_y, grid.rows)
    shapes: list[Shape] = []
    # The marks start beyond the bleed where the margin leaves room, else just outside the trim
    # (over the bleed, which is cut away) so they are long enough to see.
    top_room, side_room = ty, tx
    off_v = grid.bleed + GAP if top_room - grid.bleed - GAP >= 3 else GAP
    off_h = grid.bleed + GAP if side_room - grid.bleed - GAP >= 3 else GAP
    for x in xs:
        shapes += _mark(x, ty - off_v, x, max(0.0, ty - off_v - LENGTH))
        shapes += _mark(x, ty + th + off_v, x, min(grid.page_h, ty + th + off_v + LENGTH))
    for y in ys:
        shapes += _mark(tx - off_h, y, max(0.0, tx - off_h - LENGTH), y)
        shapes += _mark(tx + tw + off_h, y, min(grid.page_w, tx + tw + off_h + LENGTH), y)
    # Gutter ticks: where a cut line crosses a gutter, a short mark between the two cards.
    if grid.gutter_x > 2 * GAP:
        for c in range(grid.cols - 1):
            left = tx + (c + 1) * grid.card_w + c * grid.gutter_x
            for y in ys:
                shapes += _mark(left + GAP / 2, y, left + grid.gutter_x - GAP / 2, y)
    if grid.gutter_y > 2 * GAP:
        for r in range(grid.rows - 1):
            top = ty + (r + 1) * grid.card_h + r * grid.gutter_y
            for x in xs:
                shapes += _mark(x, top + GAP / 2, x, top + grid.gutter_y - GAP / 2)
    return shapes


def corner_marks(x: float, y: float, w: float, h: float, offset: float, page_w: float, page_h: float) -> list[Shape]:
    """Classic crop marks at the four corners of one trimmed rectangle."""
    shapes: list[Shape] = []
    for cx, sx in ((x, -1), (x + w, 1)):
        for cy, sy in ((y, -1), (y + h, 1)):
            ex = min(max(cx + sx * (offset + LENGTH), 0.0), page_w)
            ey = min(max(cy + sy * (offset + LENGTH), 0.0), page_h)
            shapes += _mark(cx + sx * offset, cy, ex, cy)
            shapes += _mark(cx, cy + sy * offset, cx, ey)
    return shapes
