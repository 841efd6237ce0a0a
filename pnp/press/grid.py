"""Where trimmed cards sit on a sheet."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import DefinitionError


@dataclass(frozen=True)
class Slot:
    x: float          # trim top-left, mm
    y: float
    bleed: tuple[float, float, float, float]  # left, top, right, bottom: how far art may reach


@dataclass(frozen=True)
class CardGrid:
    page_w: float
    page_h: float
    card_w: float
    card_h: float
    cols: int
    rows: int
    gutter_x: float
    gutter_y: float
    bleed: float

    @property
    def per_page(self) -> int:
        return self.cols * self.rows

    @property
    def x0(self) -> float:
        return (self.page_w - (self.cols * self.card_w + (self.cols - 1) * self.gutter_x)) / 2

    @property
    def y0(self) -> float:
        return (self.page_h - (self.rows * self.card_h + (self.rows - 1) * self.gutter_y)) / 2

    def slot(self, row: int, col: int) -> Slot:
        x = self.x0 + col * (self.card_w + self.gutter_x)
        y = self.y0 + row * (self.card_h + self.gutter_y)
        # Between cards the art may only reach the middle of the gutter; outside, the full bleed.
        inner_x, inner_y = min(self.bleed, self.gutter_x / 2), min(self.bleed, self.gutter_y / 2)
        left = self.bleed if col == 0 else inner_x
        right = self.bleed if col == self.cols - 1 else inner_x
        top = self.bleed if row == 0 else inner_y
        bottom = self.bleed if row == self.rows - 1 else inner_y
        return Slot(x, y, (left, top, right, bottom))

    @property
    def trim_box(self) -> tuple[float, float, float, float]:
        w = self.cols * self.card_w + (self.cols - 1) * self.gutter_x
        h = self.rows * self.card_h + (self.rows - 1) * self.gutter_y
        return self.x0, self.y0, w, h

    @property
    def bleed_box(self) -> tuple[float, float, float, float]:
        x, y, w, h = self.trim_box
        b = self.bleed
        return x - b, y - b, w + 2 * b, h + 2 * b


def _fit(space: float, size: float, bleed: float) -> tuple[int, float]:
    """How many items fit in `space`, and the gutter between them (up to two bleeds)."""
    n = int((space + 1e-9) // size)
    if n <= 1:
        return n, 0.0
    return n, min(2 * bleed, (space - n * size) / (n - 1))


def card_grid(paper_w: float, paper_h: float, margin: float, card_w: float, card_h: float, bleed: float,
              where: str = "cards", key: str = "size", paper_name: str = "the paper") -> CardGrid:
    """The fullest grid of cards on the paper, portrait or landscape, every trim `margin` inside."""
    best: CardGrid | None = None
    for pw, ph in ((paper_w, paper_h), (paper_h, paper_w)):
        cols, gx = _fit(pw - 2 * margin, card_w, bleed)
        rows, gy = _fit(ph - 2 * margin, card_h, bleed)
        grid = CardGrid(pw, ph, card_w, card_h, cols, rows, gx, gy, bleed)
        if best is None or grid.per_page > best.per_page:
            best = grid
    if best is None or best.per_page == 0:
        raise DefinitionError(
            where, key,
            f"a {card_w:g} x {card_h:g} mm card does not fit on {paper_name} "
            f"({paper_w:g} x {paper_h:g} mm with {margin:g} mm margins); choose a smaller card size or larger paper")
    return best
