"""A duplex check sheet: crosses on the front, millimetre scales behind them on the back.

Held up to a light, each cross of the front shows through on the back; the two scales under it
read how far the printer put the back off, in the backs sheet's own directions (x to the right,
y down, as the back is seen), which is what `--offset X,Y` shifts every backs sheet by. The
crosses sit at points that map onto themselves in every duplex mode (the centre and four points
placed symmetrically), so one sheet serves long-edge, short-edge and glued printing."""

from __future__ import annotations

from ..draw import text
from ..draw.shapes import Circle, Line, Shape, Style
from ..render.pdf import Page
from .cards import Duplex, sheet_page, shift
from .words import SheetWords, english

CROSS = Style(stroke="#000000", width=0.5)
TICK = Style(stroke="#000000", width=0.15)
RING = Style(stroke="#000000", width=0.3)
REACH = 10       # the scales run from -REACH to +REACH mm
INSET = 40.0     # the corner crosses, from the sheet's edges, mm


def points(paper_w: float, paper_h: float) -> list[tuple[float, float]]:
    """The centre and four points symmetric about both axes of the sheet."""
    return [(paper_w / 2, paper_h / 2)] + [(x, y) for x in (INSET, paper_w - INSET)
                                           for y in (INSET + 10, paper_h - INSET - 10)]


def _cross(x: float, y: float) -> list[Shape]:
    arm = REACH + 3.0
    return [Line(x - arm, y, x + arm, y, CROSS), Line(x, y - arm, x, y + arm, CROSS), Circle(x, y, 3.0, RING)]


def _scales(x: float, y: float) -> list[Shape]:
    """A horizontal scale through (x, y) and a vertical one, 1 mm ticks, numbered every 5 mm (x above
    its line, y left of its line, so the numbers never meet). The numbers are the offset to build
    with when the front's cross shows through at them."""
    shapes: list[Shape] = [Line(x - REACH, y, x + REACH, y, TICK), Line(x, y - REACH, x, y + REACH, TICK)]
    for i in range(-REACH, REACH + 1):
        long = 2.4 if i % 5 == 0 else 1.2
        shapes += [Line(x + i, y - long / 2, x + i, y + long / 2, TICK),
                   Line(x - long / 2, y + i, x + long / 2, y + i, TICK)]
        if i % 5 == 0 and i:
            shapes.append(text.line(x + i, y - 2.0, f"{i:+d}", "sans", 6.0, "#000000", "middle"))
            shapes.append(text.line(x - 2.0, y + i + 0.8, f"{i:+d}", "sans", 6.0, "#000000", "end"))
    shapes.append(text.line(x + REACH + 1.5, y + 0.8, "X", "sans", 7.0, "#555555"))
    shapes.append(text.line(x, y + REACH + 3.2, "Y", "sans", 7.0, "#555555", "middle"))
    return shapes


def calibration_sheets(paper_w: float, paper_h: float, margin: float, title: str, duplex: Duplex,
                       offset: tuple[float, float] = (0.0, 0.0), words: SheetWords | None = None) -> list[Page]:
    """The front and the back of the duplex check sheet; the back shifted by `offset` like every
    backs sheet of the kit, so that a sheet printed after building with the right offset reads 0,0."""
    say = words or english()
    flip = say(f"flip_{duplex.value}")
    w = paper_w - 2 * margin - 10
    front: list[Shape] = []
    back: list[Shape] = []
    for x, y in points(paper_w, paper_h):
        front += _cross(x, y)
        back += _scales(x, y)
    head = say("duplex_check_title", title=title)
    front += text.box(margin + 5, margin + 4, w, 8, head, "sans", 11, "center", "#000000", valign="middle")
    front += text.box(margin + 5, margin + 13, w, 12, say("duplex_check_front", flip=flip), "sans", 8,
                      "center", "#333333", valign="top", min_size=6.0)
    back += text.box(margin + 5, margin + 4, w, 8, head, "sans", 11, "center", "#000000", valign="middle")
    back += text.box(margin + 5, margin + 13, w, 12, say("duplex_check_back"), "sans", 8, "center", "#333333",
                     valign="top", min_size=6.0)
    if offset != (0.0, 0.0):
        back += text.box(margin + 5, paper_h - margin - 10, w, 5,
                         say("duplex_check_offset", x=f"{offset[0]:g}", y=f"{offset[1]:g}"), "sans", 7, "center",
                         "#555555", valign="middle", min_size=6.0)
    return [sheet_page(paper_w, paper_h, front), sheet_page(paper_w, paper_h, shift(back, offset))]
