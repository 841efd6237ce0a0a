"""Crop marks and other cutting guides. They stay outside every trim and every bleed, and at least
the paper's margin from the sheet edge (home printers leave that band unprinted)."""

from __future__ import annotations

from ..draw.shapes import Line, Shape, Style
from .grid import EDGE_GAP, GAP, MIN_MARK, CardGrid

MARK = Style(stroke="#000000", width=0.2)
CASING = Style(stroke="#ffffff", width=0.6)  # lets a mark show over dark art
LENGTH = 5.0     # the longest mark, mm
TIGHT_GAP = EDGE_GAP  # from a tight block's trim to where its marks start, across its bleed, mm
EDGE_REACH = 3.0  # how near the sheet edge a tight block's mark may run when the margin leaves it no room, mm


def _mark(x1: float, y1: float, x2: float, y2: float) -> list[Shape]:
    return [Line(x1, y1, x2, y2, CASING), Line(x1, y1, x2, y2, MARK)]


def _in_bleed(grid: CardGrid, side: str, line: float, edge: float) -> list[Shape]:
    """A mark on the cut line at `line` across the bleed beyond the block edge `edge` on `side`: on a
    fold sheet (`press.fold`) the fold side has no paper beyond the bleed, and what the mark covers is
    cut away."""
    sign = -1 if side in ("top", "left") else 1
    start, end = edge + sign * TIGHT_GAP, edge + sign * (grid.bleed - 0.3)
    if sign * (end - start) < 1.0:
        return []
    return _mark(line, start, line, end) if side in ("top", "bottom") else _mark(start, line, end, line)


def card_crop_marks(grid: CardGrid, slots: set[tuple[int, int]] | None = None, fold: str = "") -> list[Shape]:
    """A mark at both ends of every cut line, beyond the bleed of the outer cards and inside the
    paper's margin (`card_grid` leaves them room). With `slots` (row, col), the cut lines of those
    slots only, their marks at the edges of the block they fill: a sheet with a few cards shows no
    marks for the empty places. On the `fold` side ("top", "bottom", "left", "right") of a fold
    sheet's half the marks cross the bleed instead (`_in_bleed`)."""
    if slots is None:
        slots = {(r, c) for r in range(grid.rows) for c in range(grid.cols)}
    if not slots:
        return []
    if grid.tight:
        return tight_crop_marks(grid, slots, fold)
    (tx, ty, tw, th), xs, ys = _block_lines(grid, slots)
    # a narrowed axis (`card_grid`) leaves no paper beyond the outer bleed: its marks cross it
    off_x, off_y = (EDGE_GAP if narrow else grid.bleed + GAP for narrow in grid.narrow)
    m = grid.margin + CASING.width / 2   # the casing's ends stay inside the margin too
    shapes: list[Shape] = []
    for x in xs:
        shapes += _in_bleed(grid, fold, x, ty) if fold == "top" else \
            _mark(x, ty - off_y, x, max(m, ty - off_y - LENGTH))
        shapes += _in_bleed(grid, fold, x, ty + th) if fold == "bottom" else \
            _mark(x, ty + th + off_y, x, min(grid.page_h - m, ty + th + off_y + LENGTH))
    for y in ys:
        shapes += _in_bleed(grid, fold, y, tx) if fold == "left" else \
            _mark(tx - off_x, y, max(m, tx - off_x - LENGTH), y)
        shapes += _in_bleed(grid, fold, y, tx + tw) if fold == "right" else \
            _mark(tx + tw + off_x, y, min(grid.page_w - m, tx + tw + off_x + LENGTH), y)
    return shapes


def _block_lines(grid: CardGrid, slots: set[tuple[int, int]]
                 ) -> tuple[tuple[float, float, float, float], list[float], list[float]]:
    """The trim box (x, y, w, h) of the block `slots` fill, and the x of its cut lines down and the y
    of its cut lines across."""
    rows = sorted({r for r, _ in slots})
    cols = sorted({c for _, c in slots})
    first, last = grid.slot(rows[0], cols[0]), grid.slot(rows[-1], cols[-1])
    box = (first.x, first.y, last.x + grid.slot_w - first.x, last.y + grid.slot_h - first.y)
    xs = sorted({round(grid.slot(0, c).x + e, 6) for c in cols for e in (0.0, grid.slot_w)})
    ys = sorted({round(grid.slot(r, 0).y + e, 6) for r in rows for e in (0.0, grid.slot_h)})
    return box, xs, ys


def tight_crop_marks(grid: CardGrid, slots: set[tuple[int, int]], fold: str = "") -> list[Shape]:
    """A mark at both ends of every cut line of a block of butted cards (`tight_grid`). A tight block
    leaves too little paper for marks beyond its bleed, so they start `TIGHT_GAP` past its trim and
    cross its bleed (what they cover is cut away), `LENGTH` long at most and kept inside the margin.
    Where the margin leaves less than `MIN_MARK` (the top and bottom of Letter: 6.35 mm from trim to
    edge) they run on to `EDGE_REACH` from the edge: most printers print to 3-4.2 mm, and the sheet
    note says to cut those lines first, while both ends still show."""
    (tx, ty, tw, th), xs, ys = _block_lines(grid, slots)
    m = grid.margin + CASING.width / 2
    edge = EDGE_REACH + CASING.width / 2

    def outward(start: float, limit: float, far: float, sign: int) -> float:
        """Where a mark from `start` heading `sign` (-1 towards 0) ends: at LENGTH, or at the margin
        (`limit`), or nearer the edge (`far`) when the margin leaves less than MIN_MARK."""
        end = start + sign * LENGTH
        end = max(end, limit) if sign < 0 else min(end, limit)
        if abs(end - start) < MIN_MARK:
            end = max(start - MIN_MARK, far) if sign < 0 else min(start + MIN_MARK, far)
        return end

    shapes: list[Shape] = []
    top, bottom = ty - TIGHT_GAP, ty + th + TIGHT_GAP
    left, right = tx - TIGHT_GAP, tx + tw + TIGHT_GAP
    for x in xs:
        shapes += _in_bleed(grid, fold, x, ty) if fold == "top" else _mark(x, top, x, outward(top, m, edge, -1))
        shapes += _in_bleed(grid, fold, x, ty + th) if fold == "bottom" else \
            _mark(x, bottom, x, outward(bottom, grid.page_h - m, grid.page_h - edge, 1))
    for y in ys:
        shapes += _in_bleed(grid, fold, y, tx) if fold == "left" else _mark(left, y, outward(left, m, edge, -1), y)
        shapes += _in_bleed(grid, fold, y, tx + tw) if fold == "right" else \
            _mark(right, y, outward(right, grid.page_w - m, grid.page_w - edge, 1), y)
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
