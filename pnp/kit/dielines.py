"""Die lines on the kit's card sheets (`pnp build --die-line`): each card's trim, with the corner
radius of its layout, where the sheet puts it, on the fronts sheet and behind it on the backs sheet
(moved by `--offset` as the backs sheet is). `pnp.render.dieline` strokes them in the CutContour
spot colour on a layer of their own."""

from __future__ import annotations

from ..press.cards import Duplex, back_slot
from ..press.cutpaths import CutPath, RoundedRect
from ..press.fold import FoldGrid
from ..press.grid import CardGrid


def sheet_cuts(grid: CardGrid, count: int, duplex: Duplex, radius: float,
               offset: tuple[float, float] = (0.0, 0.0)) -> tuple[tuple[CutPath, ...], tuple[CutPath, ...]]:
    """The die lines of a fronts sheet holding `count` cards and of its backs sheet."""
    fronts, backs = [], []
    dx, dy = offset
    for k in range(min(count, grid.per_page)):
        row, col = divmod(k, grid.cols)
        slot = grid.slot(row, col)
        fronts.append(RoundedRect(slot.x, slot.y, grid.slot_w, grid.slot_h, radius))
        brow, bcol, _ = back_slot(grid, row, col, duplex)
        bslot = grid.slot(brow, bcol)
        backs.append(RoundedRect(bslot.x + dx, bslot.y + dy, grid.slot_w, grid.slot_h, radius))
    return tuple(fronts), tuple(backs)


def fold_cuts(fold: FoldGrid, count: int, radius: float) -> tuple[CutPath, ...]:
    """The die lines of a fold sheet (`--duplex fold`) holding `count` cards: the fronts' trims, which
    the folded and glued sheet is cut along (its backs lie behind them)."""
    g = fold.front
    return tuple(RoundedRect(*g.trim(*divmod(k, g.cols)), radius) for k in range(min(count, g.per_page)))
