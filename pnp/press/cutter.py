"""Sheets for craft cutters (print and cut): pieces laid out where the cutter's software lets its
blade reach, the registration marks it looks for, and the cut outline of every piece.

Silhouette Studio (Type 1 registration, for the CAMEO, Portrait and Curio): a filled 5 mm square at
the top-left and two L-shaped corners, top-right and bottom-left, each `INSET` from the sheet's edges;
the machine's optical sensor finds the three and works out where the sheet lies. pnp prints them itself,
at the places Studio draws them for the settings in docs/printing.md, so the printed sheet and the
cut file (opened in Studio with the same registration settings) agree. A piece whose art comes within
`CLEAR` of a mark is not placed there: the sensor, scanning for a mark, can take a card's dark edge
for one (silhouette-card-maker's users cover that card with a sticky note); the slot stays empty.

Cricut Design Space (Print Then Cut) prints its own registration frame round the image it is given:
pnp makes that image, at the largest size Design Space takes on Letter or A4 (6.75 x 9.25 in), with
the pieces `CRICUT_EDGE` inside its edges so that none touches the frame, and a cut file of the
same size.

The numbers below are fixed: a sheet printed with one release of pnp is cut with the cut file of any
other (tests/press/test_cutter.py pins them)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..draw.shapes import Group, Rect, Scene, Shape, Style
from ..hexgrid import corners
from .cutpaths import CutPath, Outline, Round, RoundedRect

Box = tuple[float, float, float, float]   # x, y, w, h in mm, y downwards

INSET = 10.0          # Silhouette Studio's "Standard" inset: sheet edge to the marks' outer edges, mm
SQUARE = 5.0          # the filled square's side, mm (Studio draws it this size whatever the length)
LENGTH = 20.0         # each arm of an L, mm (Studio's registration "Length")
THICKNESS = 0.5       # the L's line thickness, mm (Studio's registration "Thickness")
CLEAR = 6.0           # no piece's art closer than this to a mark, mm
SPACING = 2.0         # paper between two pieces' trims, mm: each gets half as bleed
ART_BLEED = 1.0       # art beyond the trim on a cutter sheet: covers a cut up to 1 mm off
CRICUT_SIZE = (6.75 * 25.4, 9.25 * 25.4)   # Design Space's largest Print Then Cut image, Letter and A4, mm
CRICUT_EDGE = 5.0     # pieces this far inside the Cricut image's edges, mm
MARK_STYLE = Style(fill="#000000")


@dataclass(frozen=True)
class Cutter:
    key: str            # --cutter
    name: str
    software: str       # the program and the version the marks and sizes follow

    def page(self, paper: tuple[float, float]) -> tuple[float, float]:
        """The page pnp prints (Silhouette: the paper) or hands the software (Cricut: its image)."""
        return CRICUT_SIZE if self.key == "cricut" else paper

    def marks(self, page_w: float, page_h: float) -> list[Box]:
        """The registration marks pnp prints, as filled rectangles (none for Cricut: Design Space
        prints its own frame)."""
        return silhouette_marks(page_w, page_h) if self.key == "silhouette" else []

    def region(self, page_w: float, page_h: float) -> Box:
        """Where the pieces' trims may lie: within the marks (Silhouette), within the image less
        `CRICUT_EDGE` (Cricut)."""
        edge = INSET if self.key == "silhouette" else CRICUT_EDGE + ART_BLEED
        return (edge, edge, page_w - 2 * edge, page_h - 2 * edge)


CUTTERS = {
    "silhouette": Cutter("silhouette", "Silhouette", "Silhouette Studio 4.5 (registration marks Type 1)"),
    "cricut": Cutter("cricut", "Cricut", "Cricut Design Space 8 (Print Then Cut)"),
}


def silhouette_marks(page_w: float, page_h: float) -> list[Box]:
    """Studio's Type 1 marks as filled rectangles. Studio draws each mark as a stroke `THICKNESS`
    wide centred on its line: the square's outline runs round the 5 mm square whose top-left corner
    is (INSET, INSET), so the filled mark is 5 mm plus one thickness; each L's two arms run along
    the lines `INSET` from the sheet's edges, `LENGTH` from their corner, which the strokes' ends
    cover by half a thickness (the top-right L's corner at (page_w - INSET, INSET), its arms
    running left and down; the bottom-left L's at (INSET, page_h - INSET), running right and up)."""
    t, h = THICKNESS, THICKNESS / 2
    right, bottom = page_w - INSET, page_h - INSET
    return [(INSET - h, INSET - h, SQUARE + t, SQUARE + t),
            (right - LENGTH, INSET - h, LENGTH + h, t), (right - h, INSET - h, t, LENGTH + h),
            (INSET - h, bottom - h, LENGTH + h, t), (INSET - h, bottom - LENGTH, t, LENGTH + h)]


def mark_shapes(marks: list[Box]) -> list[Shape]:
    return [Rect(x, y, w, h, MARK_STYLE) for x, y, w, h in marks]


@dataclass(frozen=True)
class Piece:
    """One thing to cut: its drawing (trim at the origin) and the shape of its edge."""
    scene: Scene
    edge: str                  # "card" (a rounded rectangle), "hex" (flat-topped) or "round"
    radius: float = 0.0        # a card's corner radius, mm
    back: Scene | None = None  # its other side, printed behind it


@dataclass(frozen=True)
class Placed:
    piece: Piece
    x: float            # top-left of the trim on the sheet, mm
    y: float
    turned: bool        # a quarter turn clockwise (cards only)

    @property
    def size(self) -> tuple[float, float]:
        w, h = self.piece.scene.width, self.piece.scene.height
        return (h, w) if self.turned else (w, h)

    @property
    def trim(self) -> Box:
        return (self.x, self.y, *self.size)


def cut_path(p: Placed) -> CutPath:
    """The piece's edge where it lies on the sheet."""
    w, h = p.size
    if p.piece.edge == "round":
        return Round(p.x + w / 2, p.y + h / 2, min(w, h) / 2)
    if p.piece.edge == "hex":
        return Outline(corners((p.x + w / 2, p.y + h / 2), w / 2))
    return RoundedRect(p.x, p.y, w, h, p.piece.radius)


def _near(a: Box, b: Box, gap: float) -> bool:
    """Whether two boxes come within `gap` of each other."""
    return not (a[0] + a[2] + gap <= b[0] or b[0] + b[2] + gap <= a[0]
                or a[1] + a[3] + gap <= b[1] or b[1] + b[3] + gap <= a[1])


def _clear(places: list[tuple[float, float]], sw: float, sh: float, marks: list[Box]) -> list[tuple[float, float]]:
    """The places whose art (the trim and `ART_BLEED` round it) keeps `CLEAR` from every mark."""
    out = []
    for x, y in places:
        art = (x - ART_BLEED, y - ART_BLEED, sw + 2 * ART_BLEED, sh + 2 * ART_BLEED)
        if not any(_near(art, m, CLEAR) for m in marks):
            out.append((round(x, 6), round(y, 6)))
    return out


def _rows_and_columns(sw: float, sh: float, region: Box) -> list[tuple[float, float]]:
    """A grid of pieces `SPACING` apart, the block centred in `region`."""
    rx, ry, rw, rh = region
    cols = int((rw + SPACING + 1e-9) // (sw + SPACING))
    rows = int((rh + SPACING + 1e-9) // (sh + SPACING))
    x0 = rx + (rw - cols * sw - (cols - 1) * SPACING) / 2
    y0 = ry + (rh - rows * sh - (rows - 1) * SPACING) / 2
    return [(x0 + c * (sw + SPACING), y0 + r * (sh + SPACING)) for r in range(rows) for c in range(cols)]


def _honeycomb(w: float, h: float, region: Box) -> list[tuple[float, float]]:
    """Flat-topped hexes nested like a map's cells, `SPACING` between neighbouring edges (each
    hex grown by SPACING / sqrt(3) at its corners), every other column half a step lower; the block
    centred in `region`, in rows from the top."""
    rx, ry, rw, rh = region
    r = w / 2 + SPACING / math.sqrt(3)
    step_x, step_y = 1.5 * r, math.sqrt(3) * r
    spots = []
    c = 0
    while c * step_x + w <= rw + 1e-9:
        down = step_y / 2 if c % 2 else 0.0
        row = 0
        while down + row * step_y + h <= rh + 1e-9:
            spots.append((c * step_x, down + row * step_y))
            row += 1
        c += 1
    if not spots:
        return []
    width = max(x for x, _ in spots) + w
    height = max(y for _, y in spots) + h
    dx, dy = rx + (rw - width) / 2, ry + (rh - height) / 2
    return sorted(((x + dx, y + dy) for x, y in spots), key=lambda p: (round(p[1], 6), p[0]))


def slots(w: float, h: float, region: Box, marks: list[Box], edge: str) -> tuple[list[tuple[float, float]], bool]:
    """Top-left corners of the trims of the pieces of one size and edge a sheet holds, `SPACING`
    apart within `region`, less those whose art comes within `CLEAR` of a mark; and whether the
    pieces are turned. Cards may be turned a quarter, hex tiles may nest like a map's cells: the
    layout with more places wins (upright, plain rows on a tie)."""
    layouts = [(_clear(_rows_and_columns(w, h, region), w, h, marks), False)]
    if edge == "card":
        layouts.append((_clear(_rows_and_columns(h, w, region), h, w, marks), True))
    if edge == "hex":
        layouts.append((_clear(_honeycomb(w, h, region), w, h, marks), False))
    best = layouts[0]
    for layout in layouts[1:]:
        if len(layout[0]) > len(best[0]):
            best = layout
    return best


@dataclass(frozen=True)
class CutterSheet:
    """One sheet for the cutter: its size, its marks, the pieces on it."""
    width: float
    height: float
    marks: list[Box]
    placed: list[Placed]

    @property
    def cuts(self) -> list[CutPath]:
        return [cut_path(p) for p in self.placed]


def lay_out(pieces: list[Piece], cutter: Cutter, paper: tuple[float, float]) -> list[CutterSheet]:
    """The pieces on as many cutter sheets as they need, pieces of one size and edge together
    (a sheet holds one kind), in the order given."""
    page_w, page_h = cutter.page(paper)
    marks, region = cutter.marks(page_w, page_h), cutter.region(page_w, page_h)
    groups: dict[tuple[str, float, float], list[Piece]] = {}
    for piece in pieces:
        groups.setdefault((piece.edge, piece.scene.width, piece.scene.height), []).append(piece)
    sheets = []
    for (edge, w, h), group in groups.items():
        places, turned = slots(w, h, region, marks, edge)
        if not places:
            continue
        for start in range(0, len(group), len(places)):
            chunk = group[start:start + len(places)]
            sheets.append(CutterSheet(page_w, page_h, marks,
                                      [Placed(p, x, y, turned) for p, (x, y) in zip(chunk, places)]))
    return sheets


def unplaced(pieces: list[Piece], cutter: Cutter, paper: tuple[float, float]) -> list[Piece]:
    """The pieces too big for the cutter's sheet."""
    page_w, page_h = cutter.page(paper)
    marks, region = cutter.marks(page_w, page_h), cutter.region(page_w, page_h)
    return [p for p in pieces if not slots(p.scene.width, p.scene.height, region, marks, p.edge)[0]]


def _art(scene: Scene, x: float, y: float, turned: bool) -> Shape:
    """The scene with its trim at (x, y), its art clipped `ART_BLEED` beyond the trim."""
    b = min(ART_BLEED, scene.bleed)
    clip = (-b, -b, scene.width + 2 * b, scene.height + 2 * b)
    if turned:   # a quarter turn clockwise: the scene's left edge along the sheet's top
        return Group(tuple(scene.shapes), x + scene.height, y, 90.0, clip)
    return Group(tuple(scene.shapes), x, y, 0.0, clip)


def front_shapes(sheet: CutterSheet) -> list[Shape]:
    """What the fronts page prints: the pieces' art, then the marks over all."""
    shapes = [_art(p.piece.scene, p.x, p.y, p.turned) for p in sheet.placed]
    return shapes + mark_shapes(sheet.marks)


def back_shapes(sheet: CutterSheet) -> list[Shape]:
    """What the backs page prints, for long-edge duplex: each back behind its front (mirrored left
    to right), no marks (the cutter reads the fronts). Empty when no piece has a back."""
    shapes: list[Shape] = []
    for p in sheet.placed:
        if p.piece.back is not None:
            w, _ = p.size
            x = sheet.width - p.x - w
            # Long-edge flip: a turned card's back turns the other way round (as pnp.press.cards.back_slot).
            if p.turned:
                back = p.piece.back
                b = min(ART_BLEED, back.bleed)
                clip = (-b, -b, back.width + 2 * b, back.height + 2 * b)
                shapes.append(Group(tuple(back.shapes), x, p.y + back.width, 270.0, clip))
            else:
                shapes.append(_art(p.piece.back, x, p.y, False))
    return shapes
