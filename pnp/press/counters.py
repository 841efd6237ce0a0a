"""Sheets of round counters, nested like coins in a box and centred on the paper, each with its
bleed; a two-sided counter's back lands behind its front on the backs sheet."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..draw import text
from ..draw.shapes import Group, Scene, Shape
from ..errors import DefinitionError
from ..render.pdf import Page
from .cards import sheet_page, shift
from .words import SheetWords, english

SPACE = 1.0     # paper between two counters' bleeds, mm: room for the scissors
NOTE = 8.0      # room for the note at the foot of the sheet, mm
NOTE_LINE = 4.0  # room for the line under counters that share a card sheet, mm


@dataclass(frozen=True)
class Spot:
    x: float        # top-left of the counter's square (its trim), mm
    y: float
    d: float        # diameter of its cut circle
    b: float        # its bleed

    @property
    def reach(self) -> float:
        """From the centre to the outer edge of the bleed."""
        return self.d / 2 + self.b


def _drop(x: float, reach: float, page: list[Spot]) -> float:
    """The highest centre (y) for a counter at x, `reach` to the edge of its bleed, below `page`'s."""
    y = reach
    for other in page:
        gap = reach + other.reach + SPACE
        dx = abs(other.x + other.d / 2 - x)
        if dx < gap - 1e-9:
            y = max(y, other.y + other.d / 2 + math.sqrt(gap * gap - dx * dx))
    return y


def nest(sizes: list[tuple[float, float]], width: float, height: float) -> list[list[Spot]]:
    """Places for counters (diameter, bleed), in order, within width x height (origin top-left):
    rows left to right, every other row shifted by half a counter and raised as far as the row
    above allows, so equal counters nest like a honeycomb. A list of places per sheet; each
    counter's bleed stays inside the area and `SPACE` from every other counter's bleed."""
    pages: list[list[Spot]] = [[]]
    odd = False
    i = 0
    while i < len(sizes):
        page = pages[-1]
        row: list[tuple[float, float, float]] = []
        x = sizes[i][0] / 2 + sizes[i][1]
        if odd:
            x += x + SPACE / 2
        j = i
        while j < len(sizes):
            d, b = sizes[j]
            if 2 * (d / 2 + b) > min(width, height) + 1e-9:
                raise ValueError(f"a counter {d:g} mm across does not fit")
            if x + d / 2 + b > width + 1e-9:
                break
            row.append((x, d, b))
            j += 1
            if j < len(sizes):
                x += d / 2 + b + sizes[j][0] / 2 + sizes[j][1] + SPACE
        if not row:           # a shifted row has no room for its first counter: start it unshifted
            odd = False
            continue
        if j == len(sizes) and page:   # the last, short row: in the middle, still in the gaps of the one above
            half = sizes[i][0] / 2 + sizes[i][1] + SPACE / 2
            left = min(o.x - o.b for o in page)
            right = max(o.x + o.d + o.b for o in page)
            end = row[-1][0] + row[-1][1] / 2 + row[-1][2]
            move = half * round(((left + right) / 2 - (row[0][0] - row[0][1] / 2 - row[0][2] + end) / 2) / half)
            if move > 0 and end + move <= width + 1e-9:
                row = [(x + move, d, b) for x, d, b in row]
        y = max(_drop(x, d / 2 + b, page) for x, d, b in row)
        if y + max(d / 2 + b for _, d, b in row) > height + 1e-9:
            pages.append([])
            odd = False
            continue
        page += [Spot(x - d / 2, y - d / 2, d, b) for x, d, b in row]
        odd = not odd
        i = j
    return pages


Pair = tuple[Scene, Scene | None]   # a counter's front and its back (None: one-sided)


def _sizes(pairs: list[Pair]) -> list[tuple[float, float]]:
    return [(s.width, max(s.bleed, back.bleed if back else 0.0)) for s, back in pairs]


def largest_first(scenes: list[Scene], backs: list[Scene | None] | None) -> list[Pair]:
    """The counters in the order they are nested: largest first, as given among equals."""
    return sorted(zip(scenes, backs or [None] * len(scenes)), key=lambda p: -p[0].width)


def _place(pairs: list[Pair], page: list[Spot], dx: float, dy: float, paper_w: float, paper_h: float,
           duplex: str) -> tuple[list[Shape], list[Shape]]:
    """The fronts at their spots moved by (dx, dy), and the backs where they land behind them: long-edge
    flipping (and gluing, a backs sheet turned over like a book page) mirrors across the sheet,
    short-edge flipping top to bottom."""
    shapes: list[Shape] = []
    bshapes: list[Shape] = []
    for spot, (scene, back) in zip(page, pairs):
        x, y, d = spot.x + dx, spot.y + dy, spot.d
        fb = scene.bleed
        shapes.append(Group(tuple(scene.shapes), x, y, 0, (-fb, -fb, d + 2 * fb, d + 2 * fb)))
        if back is not None:
            bx = x if duplex == "short" else paper_w - x - d
            by = paper_h - y - d if duplex == "short" else y
            b = back.bleed
            bshapes.append(Group(tuple(back.shapes), bx, by, 0, (-b, -b, d + 2 * b, d + 2 * b)))
    return shapes, bshapes


def _centring(page: list[Spot], left: float, top: float, width: float, height: float) -> tuple[float, float]:
    """How far to move a nested block so that its bleeds' extent is centred in the rectangle."""
    x0 = min(s.x - s.b for s in page)
    x1 = max(s.x + s.d + s.b for s in page)
    y0 = min(s.y - s.b for s in page)
    y1 = max(s.y + s.d + s.b for s in page)
    return left + (width - (x1 - x0)) / 2 - x0, top + (height - (y1 - y0)) / 2 - y0


def counters_in_band(scenes: list[Scene], backs: list[Scene | None] | None, paper_w: float, paper_h: float,
                     margin: float, top: float, bottom: float, duplex: str = "long",
                     note: str = "") -> tuple[list[Shape], list[Shape]] | None:
    """Every counter nested in the band of the sheet from `top` to `bottom` (mm) within the side
    margins, centred in it, with the backs placed behind them as `impose_counters` does (the band's
    mirror image must be free on the backs sheet); None when they do not all fit there. `note`
    (how to cut them) goes on a line under them when the band has room for it."""
    pairs = largest_first(scenes, backs)
    width = paper_w - 2 * margin
    if not pairs or bottom <= top:
        return None
    for room in ((NOTE_LINE, 0.0) if note else (0.0,)):
        try:
            spots = nest(_sizes(pairs), width, bottom - top - room)
        except ValueError:
            continue
        if len(spots) == 1:
            break
    else:
        return None
    dx, dy = _centring(spots[0], margin, top, width, bottom - top - room)
    fronts, backs_placed = _place(pairs, spots[0], dx, dy, paper_w, paper_h, duplex)
    if room:
        low = max(s.y + s.d + s.b for s in spots[0]) + dy
        fronts += text.box(margin, low + 0.8, width, NOTE_LINE - 0.8, note, "sans", 6.5, "center", "#555555",
                           valign="middle", min_size=6.0)
    return fronts, backs_placed


def impose_counters(scenes: list[Scene], paper_w: float, paper_h: float, margin: float, title: str,
                    backs: list[Scene | None] | None = None, duplex: str = "long",
                    words: SheetWords | None = None, offset: tuple[float, float] = (0.0, 0.0),
                    where: str = "pieces.toml") -> list[Page]:
    """Counters, largest first, nested (`nest`) within the paper's margins and the block centred on
    the sheet; the black circle is the cut line and the colour runs into the bleed beyond it.

    With `backs` (backs[i] is the other side of scenes[i], or None for a one-sided counter), each
    sheet is followed by its backs sheet, every back placed behind its front for long- or
    short-edge flipping (`duplex`), or all backs sheets at the end for gluing ("none": mirrored
    like long-edge, since a backs sheet is turned over like a book page to be glued on). `offset`
    moves everything on a backs sheet, as for cards (`--offset`)."""
    say = words or english()
    pairs = largest_first(scenes, backs)
    width, height = paper_w - 2 * margin, paper_h - 2 * margin - NOTE
    try:
        spots = nest(_sizes(pairs), width, height)
    except ValueError as exc:
        raise DefinitionError(where, "diameter", f"{exc} on a {paper_w:g} x {paper_h:g} mm sheet with "
                                                 f"{margin:g} mm margins") from None
    two_sided = any(back is not None for _, back in pairs)
    flip = say(f"flip_{duplex}")
    out: list[Page] = []
    tail: list[Page] = []
    k = 0
    for n, page in enumerate(spots, 1):
        dx, dy = _centring(page, margin, margin, width, height)
        shapes, bshapes = _place(pairs[k:k + len(page)], page, dx, dy, paper_w, paper_h, duplex)
        k += len(page)
        note = say("counter_fronts", title=title, n=n, total=len(spots))
        if two_sided:
            note += f" · {flip}"
        shapes += text.box(margin, paper_h - margin - 6, paper_w - 2 * margin, 4, note,
                           "sans", 7, "center", "#555555", valign="middle", min_size=6.0)
        out.append(sheet_page(paper_w, paper_h, shapes))
        if two_sided:
            bshapes += text.box(margin, paper_h - margin - 6, paper_w - 2 * margin, 4,
                                say("counter_backs", title=title, n=n, total=len(spots), flip=flip), "sans", 7,
                                "center", "#555555", valign="middle", min_size=6.0)
            (tail if duplex == "none" else out).append(sheet_page(paper_w, paper_h, shift(bshapes, offset)))
    return out + tail
