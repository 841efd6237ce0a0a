"""A board on one large sheet, or split across two smaller sheets that overlap."""

from __future__ import annotations

from dataclasses import dataclass

from ..draw import text
from ..draw.shapes import Group, Line, Scene, Shape, Style
from ..errors import DefinitionError
from ..render.pdf import Page
from .grid import GAP, MIN_MARK
from .marks import CASING, LENGTH, corner_marks
from .words import SheetWords, english

ALIGN = Style(stroke="#000000", width=0.25)
NOTE_ROOM = 3.5   # mm under a whole board a note needs


@dataclass(frozen=True)
class Tile:
    """Which part of the board a sheet shows: board x from `x0` to `x1` (mm), and where the
    board's origin lands on the sheet."""

    x0: float
    x1: float
    origin: tuple[float, float]


def whole_board(scene: Scene, paper_w: float, paper_h: float, margin: float, where: str, paper_name: str,
                note: str = "") -> Page:
    """A board (or player board) centred on one landscape sheet, with corner crop marks, and `note`
    (what it is, print at 100 %) under it, between the marks, when the sheet leaves room."""
    pw, ph = max(paper_w, paper_h), min(paper_w, paper_h)
    b = scene.bleed
    room = margin + CASING.width / 2 + MIN_MARK + GAP + b     # sheet edge to the trim: margin, mark, gap, bleed
    if scene.width > pw - 2 * room + 1e-9 or scene.height > ph - 2 * room + 1e-9:
        raise DefinitionError(where, "size", f"a {scene.width:g} x {scene.height:g} mm board does not fit on "
                              f"{paper_name} ({pw:g} x {ph:g} mm) with its {b:g} mm bleed and crop marks "
                              f"{margin:g} mm from the edge: at most {pw - 2 * room:.1f} x {ph - 2 * room:.1f} mm")
    x, y = (pw - scene.width) / 2, (ph - scene.height) / 2
    shapes: list[Shape] = [Group(tuple(scene.shapes), x, y, 0, (-b, -b, scene.width + 2 * b, scene.height + 2 * b))]
    shapes += corner_marks(x, y, scene.width, scene.height, b + GAP, pw, ph, margin)
    below = y + scene.height + b + GAP
    if note and ph - margin - 0.5 - below >= NOTE_ROOM:
        shapes += text.box(x + 2, below, scene.width - 4, ph - margin - 0.5 - below, note, "sans", 7, "center",
                           "#555555", valign="middle", min_size=6.0)
    return Page(pw, ph, shapes, (x, y, scene.width, scene.height),
                (x - b, y - b, scene.width + 2 * b, scene.height + 2 * b))


def split_tiles(scene: Scene, paper_w: float, paper_h: float, margin: float, overlap: float) -> tuple[Tile, Tile]:
    """Left and right halves on portrait sheets; both print the strip of `overlap` mm in the middle.

    Each half sits against the printer's margin on its inner side (the strip, which is not cut on
    the left sheet and is cut without bleed on the right one), leaving the room on its outer side
    for the board's bleed and crop marks."""
    half = scene.width / 2
    span = half + overlap / 2
    oy = (paper_h - scene.height) / 2
    left = Tile(0.0, span, (paper_w - margin - span, oy))
    right_x = margin - (half - overlap / 2)
    right = Tile(half - overlap / 2, scene.width, (right_x, oy))
    return left, right


def split_board(scene: Scene, paper_w: float, paper_h: float, margin: float, where: str, paper_name: str,
                overlap: float, words: dict[str, str], title: str,
                say: SheetWords | None = None) -> list[Page]:
    """Two sheets which, trimmed and taped, give the whole board at full scale.

    The left sheet is trimmed on its outer edges only; the right sheet is cut along the left edge
    of the overlap strip and laid over the left one so that the alignment marks meet.
    """
    span = scene.width / 2 + overlap / 2
    if span > paper_w - 2 * margin or scene.height > paper_h - 2 * margin - 12:
        raise DefinitionError(where, "size", f"half of a {scene.width:g} x {scene.height:g} mm board plus the "
                              f"{overlap:g} mm overlap does not fit on {paper_name} ({paper_w:g} x {paper_h:g} mm)")
    b = scene.bleed
    say = say or english()
    pages = []
    mid = scene.width / 2
    strip = (mid - overlap / 2, mid + overlap / 2)
    for i, tile in enumerate(split_tiles(scene, paper_w, paper_h, margin, overlap)):
        ox, oy = tile.origin
        first = i == 0
        lb = b if first else 0.0           # bleed only on the board's own outer edges
        rb = 0.0 if first else b
        clip = (tile.x0 - lb, -b, tile.x1 - tile.x0 + lb + rb, scene.height + 2 * b)
        shapes: list[Shape] = [Group(tuple(scene.shapes), ox, oy, 0, clip)]
        top, bottom = oy - b - GAP, oy + scene.height + b + GAP
        # Alignment marks at both strip edges and the board's centre line, above and below.
        for bx in (*strip, mid):
            x = ox + bx
            shapes += [Line(x, top, x, top - LENGTH, ALIGN), Line(x, bottom, x, bottom + LENGTH, ALIGN)]
        for bx in strip:
            x = ox + bx
            x0, x1 = max(margin, x - 2), min(paper_w - margin, x + 2)   # the ticks stay inside the margin
            shapes += [Line(x0, top - 2.5, x1, top - 2.5, ALIGN), Line(x0, bottom + 2.5, x1, bottom + 2.5, ALIGN)]
        # Corner marks on the board's outer corners of this half.
        outer_x = ox if first else ox + scene.width
        for y, sy in ((oy, -1), (oy + scene.height, 1)):
            sx = -1 if first else 1
            end = min(max(outer_x + sx * (b + GAP + LENGTH), margin), paper_w - margin)
            shapes += [Line(outer_x + sx * (b + GAP), y, end, y, ALIGN),
                       Line(outer_x, y + sy * (b + GAP), outer_x, y + sy * (b + GAP + LENGTH), ALIGN)]
        note = words["overlap"] if first else words["cut_here"]
        # beside the strip's marks, clear of their ticks, on one line
        nw = 100.0
        nx = max(margin, ox + strip[0] - 4 - nw) if first else ox + strip[1] + 4
        nw = min(nw, ox + strip[0] - 4 - nx) if first else min(nw, paper_w - margin - nx)
        shapes += text.box(nx, top - LENGTH, nw, 4.5, note, "sans", 6.5, "right" if first else "left",
                           "#444444", valign="middle", min_size=6.0)
        shapes += text.box(margin, paper_h - margin - 5, paper_w - 2 * margin, 4,
                           say("half_left" if first else "half_right", title=title),
                           "sans", 6.5, "center", "#555555", valign="middle", min_size=6.0)
        trim = (ox + tile.x0, oy, tile.x1 - tile.x0, scene.height)
        bleed = (ox + tile.x0 - lb, oy - b, tile.x1 - tile.x0 + lb + rb, scene.height + 2 * b)
        pages.append(Page(paper_w, paper_h, shapes, trim, bleed))
    return pages
