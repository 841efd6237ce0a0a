"""Card sheets: fronts and backs placed for duplex printing, with bleed and crop marks."""

from __future__ import annotations

from enum import Enum

from ..draw import text
from ..draw.shapes import Group, Scene, Shape
from ..render.pdf import Page
from .grid import CardGrid
from .marks import card_crop_marks


class Duplex(str, Enum):
    long = "long"    # flip on the long edge: backs mirror the columns
    short = "short"  # flip on the short edge: backs mirror the rows
    none = "none"    # all backs after all fronts, unmirrored, for cutting and gluing


def place(scene: Scene, x: float, y: float, bleed: tuple[float, float, float, float]) -> Group:
    """A scene at trim position (x, y), its art clipped to the bleed this slot allows."""
    left, top, right, bottom = bleed
    clip = (-left, -top, scene.width + left + right, scene.height + top + bottom)
    return Group(tuple(scene.shapes), x, y, 0.0, clip)


def _label(grid: CardGrid, words: str) -> list[Shape]:
    """A line in the bottom margin, under the middle column, between the crop marks."""
    slot = grid.slot(grid.rows - 1, grid.cols // 2)
    _, ty, _, th = grid.trim_box
    y = ty + th + (grid.page_h - ty - th) * 0.55
    return text.box(slot.x + 2, y - 1.2, grid.card_w - 4, 2.6, words, "sans", 6.0, "center", "#555555",
                    valign="middle", min_size=3.5)


def impose_cards(fronts: list[Scene], backs: list[Scene], grid: CardGrid, duplex: Duplex,
                 title: str) -> list[Page]:
    """Sheets of fronts, each followed by its backs (or all backs last with `Duplex.none`).

    backs[i] is the back of fronts[i]. On a backs sheet the card from slot (row, col) sits at
    (row, cols-1-col) for long-edge flipping and at (rows-1-row, col) for short-edge flipping,
    so each back lands behind its front.
    """
    n = grid.per_page
    chunks = [range(i, min(i + n, len(fronts))) for i in range(0, len(fronts), n)]
    total = len(chunks)
    marks = card_crop_marks(grid)
    trim, bleed = grid.trim_box, grid.bleed_box
    front_pages, back_pages = [], []
    for sheet, chunk in enumerate(chunks, 1):
        fshapes: list[Shape] = list(marks)
        bshapes: list[Shape] = list(marks)
        for k, i in enumerate(chunk):
            row, col = divmod(k, grid.cols)
            slot = grid.slot(row, col)
            fshapes.insert(0, place(fronts[i], slot.x, slot.y, slot.bleed))
            brow, bcol = row, col
            if duplex is Duplex.long:
                bcol = grid.cols - 1 - col
            elif duplex is Duplex.short:
                brow = grid.rows - 1 - row
            bslot = grid.slot(brow, bcol)
            bshapes.insert(0, place(backs[i], bslot.x, bslot.y, bslot.bleed))
        flip = {"long": "print double-sided, flip on the long edge",
                "short": "print double-sided, flip on the short edge",
                "none": "backs follow at the end, for gluing"}[duplex.value]
        fshapes += _label(grid, f"{title} · fronts {sheet}/{total} · {flip} · print at 100%")
        bshapes += _label(grid, f"{title} · backs {sheet}/{total} · print at 100%")
        front_pages.append(Page(grid.page_w, grid.page_h, fshapes, trim, bleed))
        back_pages.append(Page(grid.page_w, grid.page_h, bshapes, trim, bleed))
    if duplex is Duplex.none:
        return front_pages + back_pages
    return [p for pair in zip(front_pages, back_pages) for p in pair]
