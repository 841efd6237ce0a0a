"""Sheets of hex tiles to cut out, and one player board per sheet."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Group, Scene, Shape
from ..errors import DefinitionError
from ..render.pdf import Page
from .board import whole_board

SPACING = 6.0


def impose_tiles(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                 where: str, what: str = "Hex") -> list[Page]:
    """Tiles in rows with room for their bleed between them; the black outline is the cut line."""
    if not scenes:
        return []
    w, h = scenes[0].width, scenes[0].height
    b = scenes[0].bleed
    step_x, step_y = w + SPACING, h + SPACING
    cols = int((paper_w - 2 * margin - w) // step_x) + 1
    rows = int((paper_h - 2 * margin - 8 - h) // step_y) + 1
    if cols < 1 or rows < 1 or w > paper_w - 2 * margin:
        raise DefinitionError(where, "radius", f"a tile {w:.0f} mm wide does not fit the paper")
    per = cols * rows
    ox = (paper_w - (cols * w + (cols - 1) * SPACING)) / 2
    oy = margin + 2
    pages = []
    for start in range(0, len(scenes), per):
        shapes: list[Shape] = []
        for k, scene in enumerate(scenes[start:start + per]):
            r, c = divmod(k, cols)
            x, y = ox + c * step_x, oy + r * step_y
            shapes.append(Group(tuple(scene.shapes), x, y, 0, (-b, -b, w + 2 * b, h + 2 * b)))
        n, total = start // per + 1, -(-len(scenes) // per)
        shapes += text.box(margin, paper_h - margin - 5, paper_w - 2 * margin, 4,
                           f"{title} · {what} tiles {n}/{total} · cut along the black outlines · print at 100%",
                           "sans", 7, "center", "#555555", valign="middle")
        pages.append(Page(paper_w, paper_h, shapes))
    return pages


def impose_mats(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                where: str, paper_name: str = "the paper") -> list[Page]:
    """One player board a landscape sheet, centred, with corner crop marks."""
    return [whole_board(scene, paper_w, paper_h, margin, where, paper_name) for scene in scenes]
