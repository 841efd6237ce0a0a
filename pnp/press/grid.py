"""Where trimmed cards sit on a sheet.

Every card keeps its full bleed on every side (the gutter between cards is two bleeds), and every
cut line gets a crop mark at both ends that starts beyond the bleed and stays at least the paper's
margin from the sheet edge, where home printers cannot print. Of the grids that allow this, the one
with the most cards wins: upright cards, or cards turned a quarter (A4 holds 2 x 4 turned poker cards
but only 2 x 2 upright ones once the marks need their room; 3 x 3 upright would leave the marks in
the unprintable band or the bleeds 1 mm wide, which is what a user cutting at home notices first).

One exception keeps a Letter kit as short as an A4 one: where one more row (or column) fits once the
gutters on that axis narrow to two `NARROW_BLEED`s and the marks at the block's ends cross its outer
bleed (which is cut away) instead of starting beyond it, that axis is narrowed (`CardGrid.narrow`).
Letter then holds 2 x 4 turned poker cards, as A4 does, instead of 2 x 3: each card keeps 1.5 mm of
its own art towards a neighbour, so a cut or a back 1.5 mm off still shows none of the next card.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ..errors import DefinitionError

GAP = 1.0         # from the bleed's edge to where a crop mark starts, mm
MIN_MARK = 3.0    # the shortest crop mark worth printing, mm
TIGHT_CLEAR = 1.0  # a tight block's trims stay this far inside the margin: room for the start of its marks
EDGE_GAP = 0.5    # from a block's trim to where a mark crossing its outer bleed starts (tight, narrowed), mm
NARROW_BLEED = 1.5  # the least art a card keeps towards a neighbour on a narrowed axis: a 1.5 mm error hides
NARROW_MARK = 2.0   # the shortest mark at the ends of a narrowed axis, mm
CASING_HALF = 0.3   # half the white casing round a mark (`marks.CASING`): it too stays inside the margin


class Sheet(str, Enum):
    """How cards sit on a sheet (`--sheet`)."""
    standard = "standard"   # each card with its whole bleed, a gutter of two bleeds: every gutter takes two cuts
    tight = "tight"         # cards butted on shared cut lines, bleed only round the block (`tight_grid`)


@dataclass(frozen=True)
class Slot:
    x: float          # top-left of the card's place on the sheet (its trim), mm
    y: float
    bleed: tuple[float, float, float, float]  # left, top, right, bottom on the sheet: how far art may reach


@dataclass(frozen=True)
class CardGrid:
    page_w: float
    page_h: float
    card_w: float      # the card's own trim, upright
    card_h: float
    cols: int
    rows: int
    gutter_x: float
    gutter_y: float
    bleed: float
    rotated: bool = False   # cards turned a quarter clockwise: a slot is card_h wide
    margin: float = 5.0     # nothing (marks included) comes closer than this to the sheet edge
    tight: bool = False     # butted cards (`tight_grid`): no gutter, marks of their own (`marks.tight_crop_marks`)
    at: tuple[float, float] | None = None   # the block's top-left trim corner, when not centred (`press.fold`)
    # (across, down): on a narrowed axis the gutters are under two bleeds and the marks at the block's
    # two ends on that axis cross its outer bleed, `EDGE_GAP` from the trim (`card_grid`)
    narrow: tuple[bool, bool] = (False, False)

    @property
    def slot_w(self) -> float:
        return self.card_h if self.rotated else self.card_w

    @property
    def slot_h(self) -> float:
        return self.card_w if self.rotated else self.card_h

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def x0(self) -> float:
        if self.at is not None:
            return self.at[0]
        return (self.page_w - (self.cols * self.slot_w + (self.cols - 1) * self.gutter_x)) / 2

    @property
    def y0(self) -> float:
        if self.at is not None:
            return self.at[1]
        return (self.page_h - (self.rows * self.slot_h + (self.rows - 1) * self.gutter_y)) / 2

    def slot(self, row: int, col: int) -> Slot:
        x = self.x0 + col * (self.slot_w + self.gutter_x)
        y = self.y0 + row * (self.slot_h + self.gutter_y)
        # Between cards the art may only reach the middle of the gutter; outside, the full bleed.
        inner_x, inner_y = min(self.bleed, self.gutter_x / 2), min(self.bleed, self.gutter_y / 2)
        left = self.bleed if col == 0 else inner_x
        right = self.bleed if col == self.cols - 1 else inner_x
        top = self.bleed if row == 0 else inner_y
        bottom = self.bleed if row == self.rows - 1 else inner_y
        return Slot(x, y, (left, top, right, bottom))

    def trim(self, row: int, col: int) -> tuple[float, float, float, float]:
        """The trim box (x, y, w, h) of slot (row, col): where that card is cut out of the sheet."""
        slot = self.slot(row, col)
        return slot.x, slot.y, self.slot_w, self.slot_h

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        """The rectangle the cards' trims span together (x, y, w, h)."""
        w = self.cols * self.slot_w + (self.cols - 1) * self.gutter_x
        h = self.rows * self.slot_h + (self.rows - 1) * self.gutter_y
        return self.x0, self.y0, w, h

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.trim_box
        b = self.bleed
        return x - b, y - b, w + 2 * b, h + 2 * b


def card_trims(grid: CardGrid, count: int | None = None) -> list[tuple[float, float, float, float]]:
    """The trim boxes (x, y, w, h; mm from the sheet's top-left, y down) of the first `count` slots
    (every slot when None) in the order a sheet fills them: card k in slot divmod(k, grid.cols)."""
    n = grid.per_page if count is None else min(count, grid.per_page)
    return [grid.trim(*divmod(k, grid.cols)) for k in range(n)]


def fit_count(space: float, size: float, gutter: float) -> int:
    """How many items `size` long, `gutter` apart, fit in `space`."""
    if space < size - 1e-9:
        return 0
    return int((space - size + 1e-9) // (size + gutter)) + 1


def card_grid(paper_w: float, paper_h: float, margin: float, card_w: float, card_h: float, bleed: float,
              where: str = "cards", key: str = "size", paper_name: str = "the paper") -> CardGrid:
    """The fullest grid of cards on the (portrait) sheet, upright or turned, that leaves every card
    its whole bleed and every cut line a printable crop mark at both ends; upright wins a tie. An
    axis on which narrower gutters fit one card more is narrowed (`_axis`)."""
    best: CardGrid | None = None
    for rotated in (False, True):
        sw, sh = (card_h, card_w) if rotated else (card_w, card_h)
        cols, gutter_x, narrow_x = _axis(paper_w, sw, bleed, margin)
        rows, gutter_y, narrow_y = _axis(paper_h, sh, bleed, margin)
        grid = CardGrid(paper_w, paper_h, card_w, card_h, cols, rows, gutter_x, gutter_y, bleed, rotated, margin,
                        narrow=(narrow_x, narrow_y))
        if best is None or grid.per_page > best.per_page:
            best = grid
    if best is None or best.per_page == 0:
        raise DefinitionError(
            where, key,
            f"a {card_w:g} x {card_h:g} mm card does not fit on {paper_name} ({paper_w:g} x {paper_h:g} mm with "
            f"{margin:g} mm margins) with its {bleed:g} mm bleed and crop marks; choose a smaller card size or larger "
            "paper")
    return best


def _axis(paper: float, size: float, bleed: float, margin: float) -> tuple[int, float, bool]:
    """How many cards `size` long one axis of the sheet holds, the gutter between them, and whether
    the axis is narrowed: gutters of two whole bleeds and marks beyond the outer bleed, unless
    gutters of two `NARROW_BLEED`s and marks across the outer bleed (at least `NARROW_MARK` long,
    inside the margin) hold more. A narrowed axis spends what room is left on its gutters, up to two
    bleeds, while its marks keep `MIN_MARK`."""
    count = fit_count(paper - 2 * (margin + MIN_MARK + GAP + bleed), size, 2 * bleed)
    if bleed <= NARROW_BLEED:
        return count, 2 * bleed, False
    narrowed = fit_count(paper - 2 * (margin + CASING_HALF + NARROW_MARK + EDGE_GAP), size, 2 * NARROW_BLEED)
    if narrowed <= count:
        return count, 2 * bleed, False
    if narrowed == 1:
        return 1, 2 * bleed, True
    spare = paper - 2 * (margin + CASING_HALF + MIN_MARK + EDGE_GAP) - narrowed * size
    return narrowed, min(2 * bleed, max(2 * NARROW_BLEED, spare / (narrowed - 1))), True


def tight_grid(paper_w: float, paper_h: float, margin: float, card_w: float, card_h: float, bleed: float,
               where: str = "cards", key: str = "size", paper_name: str = "the paper") -> CardGrid:
    """The fullest grid of butted cards (no gutter: neighbours share a cut line) whose trims keep
    `TIGHT_CLEAR` inside the paper's margin, upright or turned; upright wins a tie. Only the block
    has a bleed, and it may reach into the margin: a printer that cannot print there clips what is
    cut away anyway. 3 x 3 poker or bridge cards fit A4 and Letter."""
    reach = margin + TIGHT_CLEAR
    best: CardGrid | None = None
    for rotated in (False, True):
        sw, sh = (card_h, card_w) if rotated else (card_w, card_h)
        cols = fit_count(paper_w - 2 * reach, sw, 0.0)
        rows = fit_count(paper_h - 2 * reach, sh, 0.0)
        grid = CardGrid(paper_w, paper_h, card_w, card_h, cols, rows, 0.0, 0.0, bleed, rotated, margin, tight=True)
        if best is None or grid.per_page > best.per_page:
            best = grid
    if best is None or best.per_page == 0:
        raise DefinitionError(
            where, key,
            f"a {card_w:g} x {card_h:g} mm card does not fit on {paper_name} ({paper_w:g} x {paper_h:g} mm with "
            f"{margin:g} mm margins); choose a smaller card size or larger paper")
    return best
