"""Sheets of hex tiles to cut out, and one player board per sheet."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Group, Scene, Shape
from ..errors import DefinitionError
from ..hexgrid import SQRT3
from ..render.pdf import Page
from .board import whole_board
from .cards import sheet_page
from .words import SheetWords, english

SPACING = 2.0   # between two tiles' bleeds, mm
NOTE = 8.0      # room for the note at the foot of the sheet, mm


def _grid_places(w: float, h: float, b: float, width: float, height: float) -> list[tuple[float, float]]:
    """Top-left corners of tiles in plain rows and columns within width x height (bleed included)."""
    step_x, step_y = w + 2 * b + SPACING, h + 2 * b + SPACING
    cols = int((width - w - 2 * b) // step_x) + 1
    rows = int((height - h - 2 * b) // step_y) + 1
    return [(b + c * step_x, b + r * step_y) for r in range(rows) for c in range(cols)]


def _nested_places(w: float, h: float, b: float, width: float, height: float) -> list[tuple[float, float]]:
    """Top-left corners of flat-topped hex tiles nested in columns, every other column half a tile
    lower, like the cells of a hex map: `SPACING` of paper between neighbouring bleeds."""
    grow = b * 2 / SQRT3 + SPACING / SQRT3          # corner radius added by the bleed and half the spacing
    r = w / 2 + grow
    step_x, step_y = 1.5 * r, SQRT3 * r
    out = []
    c = 0
    while c * step_x + w + 2 * b <= width + 1e-9:
        y0 = step_y / 2 if c % 2 else 0.0
        row = 0
        while y0 + row * step_y + h + 2 * b <= height + 1e-9:
            out.append((b + c * step_x, b + y0 + row * step_y))
            row += 1
        c += 1
    return sorted(out, key=lambda p: (round(p[1], 6), p[0]))


def impose_tiles(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                 where: str, what: str = "Hex", words: SheetWords | None = None) -> list[Page]:
    """Tiles with their bleed and a little paper between bleeds, the block centred on the sheet;
    the outline is the cut line. Of plain rows and columns and hexes nested like a map's cells,
    the layout that holds more tiles on the paper wins (plain rows on a tie: straight cuts)."""
    if not scenes:
        return []
    say = words or english()
    w, h = scenes[0].width, scenes[0].height
    b = scenes[0].bleed
    width, height = paper_w - 2 * margin, paper_h - 2 * margin - NOTE
    if w + 2 * b > width or h + 2 * b > height:
        raise DefinitionError(where, "radius", f"a tile {w:.0f} mm wide does not fit the paper")
    places = _grid_places(w, h, b, width, height)
    if abs(h - w * SQRT3 / 2) < 0.01:        # hexes: they may nest
        nested = _nested_places(w, h, b, width, height)
        if len(nested) > len(places):
            places = nested
    per = len(places)
    pages = []
    total = -(-len(scenes) // per)
    for start in range(0, len(scenes), per):
        shapes: list[Shape] = []
        chunk = scenes[start:start + per]
        spots = places[:len(chunk)]
        x0 = min(x for x, _ in spots) - b
        x1 = max(x for x, _ in spots) + w + b
        y0 = min(y for _, y in spots) - b
        y1 = max(y for _, y in spots) + h + b
        dx = margin + (width - (x1 - x0)) / 2 - x0
        dy = margin + (height - (y1 - y0)) / 2 - y0
        for (x, y), scene in zip(spots, chunk):
            shapes.append(Group(tuple(scene.shapes), x + dx, y + dy, 0, (-b, -b, w + 2 * b, h + 2 * b)))
        shapes += text.box(margin, paper_h - margin - 6, paper_w - 2 * margin, 4,
                           say("tile_sheet", title=title, what=what, n=start // per + 1, total=total),
                           "sans", 7, "center", "#555555", valign="middle", min_size=6.0)
        pages.append(sheet_page(paper_w, paper_h, shapes))
    return pages


def impose_mats(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                where: str, paper_name: str = "the paper") -> list[Page]:
    """One player board a landscape sheet, centred, with corner crop marks."""
    return [whole_board(scene, paper_w, paper_h, margin, where, paper_name) for scene in scenes]
