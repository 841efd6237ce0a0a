"""Sheets of hex tiles to cut out, and one player board per sheet."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Group, Scene, Shape
from ..errors import DefinitionError
from ..render.pdf import Page
from .board import whole_board
from .cards import sheet_page
from .words import SheetWords, english

SPACING = 2.0   # between two tiles' bleeds, mm
NOTE = 8.0      # room for the note at the foot of the sheet, mm


def impose_tiles(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                 where: str, what: str = "Hex", words: SheetWords | None = None) -> list[Page]:
    """Tiles in rows, each with its bleed and a little paper between bleeds, the block centred on
    the sheet; the outline is the cut line."""
    if not scenes:
        return []
    say = words or english()
    w, h = scenes[0].width, scenes[0].height
    b = scenes[0].bleed
    step_x, step_y = w + 2 * b + SPACING, h + 2 * b + SPACING
    cols = int((paper_w - 2 * margin - w - 2 * b) // step_x) + 1
    rows = int((paper_h - 2 * margin - NOTE - h - 2 * b) // step_y) + 1
    if w + 2 * b > paper_w - 2 * margin or h + 2 * b > paper_h - 2 * margin - NOTE:
        raise DefinitionError(where, "radius", f"a tile {w:.0f} mm wide does not fit the paper")
    per = cols * rows
    pages = []
    total = -(-len(scenes) // per)
    for start in range(0, len(scenes), per):
        shapes: list[Shape] = []
        chunk = scenes[start:start + per]
        used_rows = -(-len(chunk) // cols)
        used_cols = min(cols, len(chunk))
        ox = (paper_w - (used_cols * step_x - SPACING)) / 2 + b
        oy = margin + (paper_h - 2 * margin - NOTE - (used_rows * step_y - SPACING)) / 2 + b
        for k, scene in enumerate(chunk):
            r, c = divmod(k, cols)
            x, y = ox + c * step_x, oy + r * step_y
            shapes.append(Group(tuple(scene.shapes), x, y, 0, (-b, -b, w + 2 * b, h + 2 * b)))
        shapes += text.box(margin, paper_h - margin - 6, paper_w - 2 * margin, 4,
                           say("tile_sheet", title=title, what=what, n=start // per + 1, total=total),
                           "sans", 7, "center", "#555555", valign="middle", min_size=6.0)
        pages.append(sheet_page(paper_w, paper_h, shapes))
    return pages


def impose_mats(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                where: str, paper_name: str = "the paper") -> list[Page]:
    """One player board a landscape sheet, centred, with corner crop marks."""
    return [whole_board(scene, paper_w, paper_h, margin, where, paper_name) for scene in scenes]
