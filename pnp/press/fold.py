"""Fold sheets (`--duplex fold`), for printers that print one side only: the fronts in one half of the
page, their backs in the other, each back the mirror image of its front about the fold line. Folded
on that line, printed sides out, and glued, every back lies behind its front, to the fold's accuracy;
the cut then goes through both layers at once.

The blocks meet the fold with their bleed, so a fold a millimetre off moves a back by that much and
the bleed hides it. Only that half's outer sides have paper for crop marks: on the fold side the
marks cross the bleed (`marks._in_bleed`)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..draw import text
from ..draw.shapes import Line, Scene, Shape, Style
from ..errors import DefinitionError
from ..render.pdf import Page
from .cards import open_bleed, place, sheet_page, side_label
from .grid import GAP, MIN_MARK, TIGHT_CLEAR, CardGrid, fit_count
from .marks import card_crop_marks
from .words import SheetWords, english

FOLD_MARK = Style(stroke="#555555", width=0.3, dash=(2.0, 1.5))


@dataclass(frozen=True)
class FoldGrid:
    """The fronts' block in one half and its mirror image in the other."""
    front: CardGrid
    back: CardGrid
    across: bool      # the fold line runs across the sheet (y = fold, fronts above) or down it (x = fold, fronts left)
    fold: float       # where, mm from the top (across) or the left edge

    @property
    def per_page(self) -> int:
        return self.front.per_page

    def back_slot(self, row: int, col: int) -> tuple[int, int]:
        """The back grid's slot that holds the back of the fronts' slot (row, col): its mirror image."""
        if self.across:
            return self.back.rows - 1 - row, col
        return row, self.back.cols - 1 - col

    def mirror(self, box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
        """Where the rectangle (x, y, w, h) lands when the sheet is folded on the fold line."""
        x, y, w, h = box
        return (x, 2 * self.fold - y - h, w, h) if self.across else (2 * self.fold - x - w, y, w, h)

    def back_turn(self) -> int:
        """How a back is turned on the sheet so that the folded card, turned over about its own long
        side (as the other duplex modes assume), shows its back upright: folding across mirrors top
        and bottom, so an upright card's back is printed upside down; a turned card's long side is
        parallel to that fold and its back keeps the front's turn. Folding down is the other way round."""
        face = 90 if self.front.rotated else 0
        return face if self.across == self.front.rotated else (face + 180) % 360

    @property
    def sides(self) -> tuple[str, str]:
        """The side of the fronts' block, and of the backs' block, that faces the fold."""
        return ("bottom", "top") if self.across else ("right", "left")


def fold_grid(paper_w: float, paper_h: float, margin: float, card_w: float, card_h: float, bleed: float,
              tight: bool = False, where: str = "cards", key: str = "size",
              paper_name: str = "the paper") -> FoldGrid:
    """The fold sheet holding the most cards: fold line across or down the middle, cards upright or
    turned (across and upright win a tie). Each block's bleed reaches the fold; its other sides keep
    the room `card_grid` (or `tight_grid` with `tight`) keeps for crop marks."""
    outer = margin + TIGHT_CLEAR if tight else margin + MIN_MARK + GAP + bleed   # sheet edge to the nearest trim
    gutter = 0.0 if tight else 2 * bleed
    best: FoldGrid | None = None
    for across in (True, False):
        fold = (paper_h if across else paper_w) / 2
        for rotated in (False, True):
            sw, sh = (card_h, card_w) if rotated else (card_w, card_h)
            if across:
                cols, rows = fit_count(paper_w - 2 * outer, sw, gutter), fit_count(fold - bleed - outer, sh, gutter)
            else:
                cols, rows = fit_count(fold - bleed - outer, sw, gutter), fit_count(paper_h - 2 * outer, sh, gutter)
            grid = CardGrid(paper_w, paper_h, card_w, card_h, cols, rows, gutter, gutter, bleed, rotated, margin,
                            tight=tight)
            _, _, bw, bh = grid.trim_box
            if across:
                front = replace(grid, at=(grid.x0, fold - bleed - bh))
                back = replace(grid, at=(grid.x0, fold + bleed))
            else:
                front = replace(grid, at=(fold - bleed - bw, grid.y0))
                back = replace(grid, at=(fold + bleed, grid.y0))
            if best is None or front.per_page > best.per_page:
                best = FoldGrid(front, back, across, fold)
    if best is None or best.per_page == 0:
        raise DefinitionError(
            where, key,
            f"a {card_w:g} x {card_h:g} mm card does not fit half of {paper_name} ({paper_w:g} x {paper_h:g} mm with "
            f"{margin:g} mm margins) with its {bleed:g} mm bleed and crop marks, for --duplex fold; choose a smaller "
            "card size, larger paper or another duplex mode")
    return best


def fold_marks(grid: FoldGrid, label: str) -> list[Shape]:
    """A dashed line on the fold beyond the blocks' bleed, at both ends, inside the margin, with the
    word `label` above each where it fits (the sheet notes say "fold on the dashed line" anyway)."""
    g = grid.front
    m = g.margin
    bx, by, bw, bh = g.bleed_box
    shapes: list[Shape] = []
    if grid.across:
        f = grid.fold
        for x1, x2 in ((m, bx - 1.0), (bx + bw + 1.0, g.page_w - m)):
            if x2 - x1 >= 3.0:
                shapes.append(Line(x1, f, x2, f, FOLD_MARK))
                if text.measure(label, "sans", 6.0) <= x2 - x1:
                    shapes += text.box(x1, f - 3.2, x2 - x1, 2.8, label, "sans", 6.5, "center", "#555555",
                                       valign="bottom", min_size=6.0)
    else:
        f = grid.fold
        for y1, y2 in ((m, by - 1.0), (by + bh + 1.0, g.page_h - m)):
            if y2 - y1 >= 3.0:
                shapes.append(Line(f, y1, f, y2, FOLD_MARK))
    return shapes


def impose_fold(fronts: list[Scene], backs: list[Scene], grid: FoldGrid, title: str, sheet: int, total: int,
                words: SheetWords | None = None) -> Page:
    """One fold sheet of up to `grid.per_page` cards: fronts[i] in the fronts' block, backs[i] at
    its mirror image (`FoldGrid.mirror`), turned by `FoldGrid.back_turn`."""
    say = words or english()
    g, b = grid.front, grid.back
    face_turn = 90 if g.rotated else 0
    taken = [divmod(k, g.cols) for k in range(min(len(fronts), grid.per_page))]
    back_taken = {grid.back_slot(r, c) for r, c in taken}
    front_side, back_side = grid.sides
    shapes: list[Shape] = []
    for k, (front, back) in enumerate(zip(fronts, backs)):
        row, col = divmod(k, g.cols)
        slot = g.slot(row, col)
        shapes.append(place(front, slot.x, slot.y, open_bleed(g, row, col, set(taken)), face_turn))
        brow, bcol = grid.back_slot(row, col)
        bslot = b.slot(brow, bcol)
        shapes.append(place(back, bslot.x, bslot.y, open_bleed(b, brow, bcol, back_taken), grid.back_turn()))
    shapes += card_crop_marks(g, set(taken), front_side)
    shapes += card_crop_marks(b, back_taken, back_side)
    shapes += fold_marks(grid, say("fold_here"))
    outer = ("left", "right") if grid.across else ("left",)
    shapes += side_label(g, say("fold_fronts", title=title, n=sheet, total=total), outer)
    shapes += side_label(b, say("fold_glue"), ("left", "right") if grid.across else ("right",))
    return sheet_page(g.page_w, g.page_h, shapes)


def impose_folds(fronts: list[Scene], backs: list[Scene], grid: FoldGrid, title: str,
                 words: SheetWords | None = None) -> list[Page]:
    """Every fold sheet of a deck: backs[i] is the back of fronts[i]."""
    n = grid.per_page
    total = -(-len(fronts) // n)
    return [impose_fold(fronts[k * n:(k + 1) * n], backs[k * n:(k + 1) * n], grid, title, k + 1, total, words)
            for k in range(total)]

