"""Position diagrams for the rules booklet: the board's hex map with pieces, move arrows,
combats and losses drawn on top. Input is plain data, so any engine can feed it."""

from __future__ import annotations

import heapq
import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

from ..model import Game
from . import cellpack, image, text
from .board import CELL_LINE, map_shapes
from .contrast import luminance
from .ink import DARK_TEXT, PALE
from .shapes import PT, Circle, Group, Polygon, Rect, Scene, Shape, Style, Text

INK = "#2b261f"
BURST = "#e2a21b"
DASH = "\u2013"   # before a removed count: an en dash, as narrow as a minus can be while reading as one
GHOST = "#8a8a8a"
# Booklets print a board diagram at about a quarter of board scale; type this size on the board
# prints at 6.4 pt or more (6 pt once the Letter booklet shrinks its pages).
BOARD_PT = 23.5

Box = tuple[float, float, float, float]    # x0, y0, x1, y1 in mm
Point = tuple[float, float]


def label_boxes(shapes: list[Shape], labels: Collection[str]) -> list[Box]:
    """The ink boxes (capitals to descenders, with a little air) of the cell labels among `shapes`:
    the places no arrow, burst, highlight or piece of a diagram may cover."""
    out = []
    for s in shapes:
        if isinstance(s, Text) and s.string in labels:
            x0 = {"start": s.x, "middle": s.x - s.width / 2, "end": s.x - s.width}[s.anchor]
            pad = s.size * PT * 0.1
            out.append((x0 - pad, s.y - s.size * PT * 0.76 - pad, x0 + s.width + pad, s.y + s.size * PT * 0.24 + pad))
    return out


def _point_box(x: float, y: float, b: Box) -> float:
    dx = max(b[0] - x, 0.0, x - b[2])
    dy = max(b[1] - y, 0.0, y - b[3])
    return math.hypot(dx, dy)


def _point_segment(px: float, py: float, a: tuple[float, float], b: tuple[float, float]) -> float:
    (ax, ay), (bx, by) = a, b
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    return math.hypot(px - ax - t * dx, py - ay - t * dy)


def _crosses(a: tuple[float, float], b: tuple[float, float], box: Box) -> bool:
    """Does the segment a-b pass through the box (Liang-Barsky)?"""
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in ((-dx, a[0] - box[0]), (dx, box[2] - a[0]), (-dy, a[1] - box[1]), (dy, box[3] - a[1])):
        if p == 0:
            if q < 0:
                return False
        else:
            t = q / p
            if p < 0:
                t0 = max(t0, t)
            else:
                t1 = min(t1, t)
            if t0 > t1:
                return False
    return True


# Slack on the bounding-box test below, far above rounding error: a box pruned by it is more than
# `half` away from the segment by this much, so the exact tests could never have reported a touch.
_PRUNE_SLACK = 1e-6


def segment_clear(a: tuple[float, float], b: tuple[float, float], half: float, boxes: list[Box]) -> bool:
    """True if a stroke `half` mm either side of the segment a-b touches none of the boxes."""
    reach = half + _PRUNE_SLACK
    (ax, ay), (bx, by) = a, b
    x0, x1 = (ax - reach, bx + reach) if ax <= bx else (bx - reach, ax + reach)
    y0, y1 = (ay - reach, by + reach) if ay <= by else (by - reach, ay + reach)
    # the segment's line as n . (x, y) = c with n = (-dy, dx), and the reach scaled by |n|
    dx, dy = bx - ax, by - ay
    c = dx * ay - dy * ax
    far = reach * math.hypot(dx, dy)
    for box in boxes:
        # Only boxes that reach the segment's own box grown by `half` can touch the stroke: most of
        # a map's labels are pruned by these four comparisons before any distance is worked out.
        left, top, right, bottom = box
        if left > x1 or right < x0 or top > y1 or bottom < y0:
            continue
        # ...and of those, only boxes that reach the segment's line: a long diagonal's own box holds
        # many labels that lie wholly to one side of it, further than `half` (with the same slack)
        most = (-dy * left if dy > 0 else -dy * right) + (dx * bottom if dx > 0 else dx * top) - c
        least = (-dy * right if dy > 0 else -dy * left) + (dx * top if dx > 0 else dx * bottom) - c
        if least > far or most < -far:
            continue
        if _crosses(a, b, box) or _point_box(ax, ay, box) < half or _point_box(bx, by, box) < half:
            return False
        if (_point_segment(left, top, a, b) < half or _point_segment(right, top, a, b) < half
                or _point_segment(left, bottom, a, b) < half or _point_segment(right, bottom, a, b) < half):
            return False
    return True


def disc_clear(x: float, y: float, r: float, boxes: list[Box]) -> bool:
    reach = r + _PRUNE_SLACK
    return all(_point_box(x, y, box) >= r for box in boxes
               if not (box[0] > x + reach or box[2] < x - reach or box[1] > y + reach or box[3] < y - reach))


def shrink_clear(points: list[tuple[float, float]], cx: float, cy: float, half: float,
                 boxes: list[Box]) -> tuple[tuple[float, float], ...]:
    """A closed outline (a burst, a highlight) pulled towards (cx, cy) where an edge of it would touch a
    label: the corners of each offending edge move in, a little at a time, until it clears."""
    pts = list(points)
    for _ in range(40):
        bad = {i for i in range(len(pts)) if not segment_clear(pts[i], pts[(i + 1) % len(pts)], half, boxes)}
        if not bad:
            break
        for i in bad:
            for j in (i, (i + 1) % len(pts)):
                x, y = pts[j]
                pts[j] = (cx + (x - cx) * 0.93, cy + (y - cy) * 0.93)
    return tuple(pts)


@dataclass
class Stack:
    kind: str        # a piece id from pieces.toml; its `diagram` style says how it is drawn
    colour: str
    count: int = 1
    clan: str | None = None   # whose piece: its mon marks the disc, so a clan never shows by colour alone


@dataclass(frozen=True)
class PieceStyle:
    """How a kind of piece is drawn in diagrams: a numbered disc (count), a lettered larger disc
    (leader) or a dark disc with waves (terrain)."""

    diagram: str = "count"
    letter: str = ""


def piece_styles(game: Game) -> dict[str, PieceStyle]:
    return {p.id: PieceStyle(p.diagram, p.letter) for p in game.pieces_file.pieces}


@dataclass
class DiagramSpec:
    units: dict[str, list[Stack]] = field(default_factory=dict)
    arrows: list[tuple[str, str, str]] = field(default_factory=list)   # src, dst, colour
    # a move of several steps: the cells it passes, in order (src first, dst last), and its colour
    routes: list[tuple[tuple[str, ...], str]] = field(default_factory=list)
    combats: list[str] = field(default_factory=list)
    losses: dict[str, list[Stack]] = field(default_factory=dict)       # cell -> pieces removed there
    highlight: list[str] = field(default_factory=list)

    def add_combat(self, cell: str, attacker_colour: str, defender_colour: str, attacker_lost: int,
                   defender_lost: int, leader_lost: bool, troop: str, leader: str) -> None:
        """Mark a combat and the pieces it removed (drawn as dashed ghosts): `troop` and `leader`
        are the piece ids of the units lost and of the leader."""
        self.combats.append(cell)
        lost = self.losses.setdefault(cell, [])
        if attacker_lost:
            lost.append(Stack(troop, attacker_colour, attacker_lost))
        if defender_lost:
            lost.append(Stack(troop, defender_colour, defender_lost))
        if leader_lost:
            lost.append(Stack(leader, defender_colour))


def _piece(stack: Stack, style: PieceStyle, x: float, y: float, r: float, pt: float = 0.0) -> list[Shape]:
    """A piece on a diagram: disc radius `r` mm, its number or letter at `pt` points (at least
    what fits the disc)."""
    pt = max(pt, r * 2.4)
    if style.diagram == "terrain":
        return [Circle(x, y, r * 1.1, Style(fill=stack.colour, stroke="#ffffff", width=r * 0.12)),
                *_waves(x, y, r * 0.7, "#9cc3e6")]
    # A white piece stays white, as on the table: outlined and numbered in dark ink.
    ink = DARK_TEXT if luminance(stack.colour) >= PALE else "#ffffff"
    edge = Style(fill=stack.colour, stroke=ink, width=r * (0.1 if ink == DARK_TEXT else 0.14))
    shapes: list[Shape] = [Circle(x, y, r, edge)]
    if style.diagram == "leader":
        shapes = [Circle(x, y, r * 1.15, edge)]
        if r * 0.64 >= text.measure(style.letter, "sans-bold", pt) / 2:   # a ring that would cut the letter is left out
            shapes.append(Circle(x, y, r * 0.7, Style(stroke=ink, width=r * 0.12)))
        shapes.append(text.line(x, y + pt * 0.127, style.letter, "sans-bold", pt, ink, "middle"))
    else:
        shapes.append(text.line(x, y + pt * 0.127, str(stack.count), "sans-bold", pt, ink, "middle"))
    return shapes


BADGE = 0.46   # a mon badge's radius, in piece radii
_BADGE_AT = 1.05   # how far from the piece's centre the badge's centre sits, in piece radii
# Where round its piece a badge may go, in order of preference: below first (a cell's label is at
# its top), then round the rim, nearest below first (angles in degrees, y down), then a little
# further out.
_BADGE_SPOTS = tuple((d, a) for d in (_BADGE_AT, 1.3)
                     for a in (90, 60, 120, 30, 150, 0, 180, -30, -150, -60, -120, -90))


def disc_box(x: float, y: float, r: float) -> Box:
    return (x - r, y - r, x + r, y + r)


def badge_spot(x: float, y: float, r: float, avoid: Sequence[Box], rather: Sequence[Box] = ()) -> Point:
    """Where the mon badge of a piece of radius `r` at (x, y) goes: below the piece, or, where that
    covers one of `avoid` (a removed piece's dashed disc and its "−n", a label, another badge) or of
    `rather` (the other pieces), the first place round the piece's rim that covers none; failing
    that, the first that covers none of `avoid` (a neighbour's rim is hidden rather than a removed
    piece's count); below when none is clear."""
    b = r * BADGE * 1.06     # with half its outline
    spots = [(x + r * d * math.cos(math.radians(a)), y + r * d * math.sin(math.radians(a))) for d, a in _BADGE_SPOTS]
    for keep in ([*avoid, *rather], avoid):
        for cx, cy in spots:
            # the badge as the disc it is: a box round it would clash with a tag at its corner
            if all(_point_box(cx, cy, box) >= b - 1e-9 for box in keep):
                return cx, cy
    return x, y + r * _BADGE_AT


def mon_badge(game: Game, stack: Stack, x: float, y: float, r: float,
              at: Point | None = None) -> list[Shape]:
    """The clan's mon on a small paper disc on the rim of a piece of radius `r` at (x, y), drawn in
    the clan's colour: red and green pieces look alike to a deuteranope, their mons do not. Below the
    disc, where a cell's label (at its top) never is, unless `at` (from `badge_spot`) says where.
    Nothing for a piece of no clan or a clan without a mon."""
    clan = game.clans.get(stack.clan) if stack.clan else None
    if clan is None or clan.emblem is None:
        return []
    k = next(n for n, c in enumerate(game.meta.clans) if c.id == clan.id)
    b = r * BADGE
    cx, cy = at if at is not None else (x, y + r * _BADGE_AT)
    return [Circle(cx, cy, b, Style(fill="#ffffff", stroke=clan.colour, width=b * 0.12)),
            *image.placed(game.folder / clan.emblem, (cx - b * 0.78, cy - b * 0.78, b * 1.56, b * 1.56),
                          game.files["game"], f"clans[{k}].emblem", clan.colour)]


def piece_radius(style: PieceStyle, r: float) -> float:
    """The drawn radius of a piece of nominal radius `r` (`_piece`: a leader is larger, terrain too)."""
    return r * (1.15 if style.diagram == "leader" else 1.1 if style.diagram == "terrain" else 1.0)


def place_units(game: Game, placed: list[Placed], avoid: list[Box]) -> list[Shape]:
    """The pieces left on the map (`Placed`), with their mon badges where planned, or else placed so
    that no badge covers what is in `avoid` (removed pieces, labels), another piece or another badge."""
    discs = [disc_box(x, y, piece_radius(style, r)) for _, style, x, y, r, _, _ in placed]
    taken = list(avoid)
    shapes: list[Shape] = []
    for i, (stack, style, x, y, r, pt, planned) in enumerate(placed):
        shapes += _piece(stack, style, x, y, r, pt)
        spot = planned or badge_spot(x, y, r, taken, discs[:i] + discs[i + 1:])
        badge = mon_badge(game, stack, x, y, r, spot)
        if badge:
            taken.append(disc_box(*spot, r * BADGE * 1.06))
        shapes += badge
    return shapes


def has_badge(game: Game, stack: Stack) -> bool:
    clan = game.clans.get(stack.clan) if stack.clan else None
    return clan is not None and clan.emblem is not None


def unit_footprint(game: Game, stack: Stack, style: PieceStyle, r: float, pt: float,
                   badge: Point = (0.0, _BADGE_AT)) -> cellpack.Footprint:
    """What a piece of nominal radius `r` inks about its centre: its disc, its number or letter, and
    its mon badge, at `badge` (in radii from the centre: below it unless the cell has no room)."""
    d = piece_radius(style, r)
    discs = [(0.0, 0.0, d + r * 0.07)]     # with the outline's stroke
    boxes = []
    if style.diagram != "terrain":
        size = max(pt, r * 2.4)
        half = text.measure(style.letter if style.diagram == "leader" else str(stack.count), "sans-bold", size) / 2
        base = size * 0.127
        boxes.append((-half, base - size * PT * 0.76, half, base + size * PT * 0.24))
    if has_badge(game, stack):
        discs.append((r * badge[0], r * badge[1], r * BADGE * 1.06))
    return tuple(discs), tuple(boxes)


def ghost_footprint(stack: Stack, style: PieceStyle, r: float, pt: float) -> cellpack.Footprint:
    """What a removed piece (`_ghost`) inks about its centre: its tag."""
    return (), (ghost_box(stack, style, 0.0, 0.0, r, pt),)


@dataclass(frozen=True)
class SharedTag:
    """The removed pieces of several sides in one dashed tag, each side's "–n" in its own colour: for a
    cell with no room for a tag per side, so that who lost what still shows."""
    parts: tuple[Stack, ...]
    stacked: bool = False     # the counts one above the other (a narrow cell), else side by side


def _shared_size(tag: SharedTag, styles: dict[str, PieceStyle], r: float, pt: float,
                 ) -> tuple[list[tuple[str, float, float]], float, float, float]:
    """Each part's label and centre (mm from the tag's middle), the type size, the tag's width and height."""
    sizes = [_ghost_size(s, styles.get(s.kind, PieceStyle()), r, pt) for s in tag.parts]
    size, line = sizes[0][1], sizes[0][3]
    em = size * PT
    widths = [text.measure(label, "sans-bold", size) for label, *_ in sizes]
    if tag.stacked:
        step = em * 0.9
        top = -step * (len(widths) - 1) / 2
        return ([(label, 0.0, top + k * step) for k, (label, *_) in enumerate(sizes)], size,
                max(widths) + em * 0.2, line + step * (len(widths) - 1))
    gap = em * 0.35
    inner = sum(widths) + gap * (len(widths) - 1)
    out, left = [], -inner / 2
    for (label, *_), w in zip(sizes, widths):
        out.append((label, left + w / 2, 0.0))
        left += w + gap
    return out, size, inner + em * 0.2, line


def _shared_box(tag: SharedTag, styles: dict[str, PieceStyle], x: float, y: float, r: float, pt: float) -> Box:
    _, _, w, h = _shared_size(tag, styles, r, pt)
    half = r * 0.06
    return x - w / 2 - half, y - h / 2 - half, x + w / 2 + half, y + h / 2 + half


def _shared_ghost(tag: SharedTag, styles: dict[str, PieceStyle], x: float, y: float, r: float,
                  pt: float) -> list[Shape]:
    labels, size, w, h = _shared_size(tag, styles, r, pt)
    shapes: list[Shape] = [Rect(x - w / 2, y - h / 2, w, h, Style(fill="#ffffff", stroke=INK, width=r * 0.12,
                                                                 dash=(r * 0.3, r * 0.2)),
                               radius=min(w, h) * (0.3 if tag.stacked else 0.5))]
    for (label, dx, dy), part in zip(labels, tag.parts):
        shapes.append(text.line(x + dx, y + dy + size * PT * 0.365, label, "sans-bold", size, part.colour, "middle"))
    return shapes


# A piece row's pieces a hair apart, the removed marks twice that from them (in nominal radii).
_GAP = 0.05


# a piece, where, its radius, its type size and where its badge goes (None: wherever `badge_spot` finds room)
Placed = tuple[Stack, PieceStyle, float, float, float, float, Point | None]
# Where a piece's badge goes, in radii from its centre: below it, or, in a cell without room below
# its pieces, on their right (rows are wider than they are tall)
_BADGE_BELOW, _BADGE_RIGHT = (0.0, _BADGE_AT), (_BADGE_AT, 0.0)
# Smaller type a crowded cell falls back to, as shares of the map's, tried in turn: 0.93 keeps type
# that prints at 6.46 pt (the smallest the booklets print a map's) at 6 pt; 0.85 is for a cell that
# holds its pieces no other way, on a map printed larger than its smallest (the booklets' test
# reads every printed size back).
_CROWDED_PT = (0.93, 0.85)


# Cells laid out lately, by everything their layout depends on: a walkthrough draws a position after
# every card, and most cells hold the same pieces as in the diagram before (the packing search was
# most of a diagram's cost). The layout is a function of these values and of the game's piece styles
# and clans' emblems, which do not change once a game is loaded (the game is kept in the key's entry
# and must be the very same object). The pieces themselves are the caller's: only where they go is kept.
_CELLS: dict[tuple[object, ...], tuple[Game, tuple[tuple[object, ...], ...], tuple[Shape, ...], tuple[Box, ...]]] = {}
CELLS_KEPT = 1024


def _stacks_key(stacks: list[Stack]) -> tuple[tuple[object, ...], ...]:
    return tuple((s.kind, s.colour, s.count, s.clan) for s in stacks)


def cell_pieces(game: Game, outline: Sequence[Point], inset: float, labels: list[Box], anchor_y: float,
                units: list[Stack], lost: list[Stack], r: float, pt: float,
                ) -> tuple[list[Placed], list[Shape], list[Box]]:
    """`_cell_pieces`, each distinct cell's layout worked out once (see `_CELLS`)."""
    xs, ys = [x for x, _ in outline], [y for _, y in outline]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    # only the labels over the cell's box count (`_cell_pieces` keeps the same ones, in order)
    near = tuple(b for b in labels if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0)
    key = (id(game), tuple(outline), inset, near, anchor_y, _stacks_key(units), _stacks_key(lost), r, pt)
    seen = _CELLS.get(key)
    if seen is None or seen[0] is not game:
        placed, shapes, boxes = _cell_pieces(game, outline, inset, list(near), anchor_y, units, lost, r, pt)
        if len(_CELLS) >= CELLS_KEPT:
            _CELLS.pop(next(iter(_CELLS)))
        seen = _CELLS[key] = (game, tuple(p[1:] for p in placed), tuple(shapes), tuple(boxes))
    return [(s, *where) for s, where in zip(units, seen[1])], list(seen[2]), list(seen[3])  # type: ignore[misc]


def _cell_pieces(game: Game, outline: Sequence[Point], inset: float, labels: list[Box], anchor_y: float,
                 units: list[Stack], lost: list[Stack], r: float, pt: float,
                 ) -> tuple[list[Placed], list[Shape], list[Box]]:
    """One cell's pieces and removed pieces, all inside `outline` (less `inset` mm) and clear of the
    `labels`: (the pieces to hand to `place_units`, the removed pieces' shapes, their boxes). The
    pieces form one group, a row about the cell's middle at `anchor_y` if they fit, and the removed
    pieces another beside or below it, in as few rows and at as large a size as the cell allows. A
    cell too small for a mark per removed stack gets one tag for all, each side's count in its colour,
    or, with no room for that either, one count for all in ink; type is at `pt`, or a little smaller
    in a cell that can hold its pieces no other way."""
    styles = piece_styles(game)
    cx = sum(x for x, _ in outline) / len(outline)
    x0, x1 = min(x for x, _ in outline), max(x for x, _ in outline)
    y0, y1 = min(y for _, y in outline), max(y for _, y in outline)
    near = [b for b in labels if b[0] < x1 and b[2] > x0 and b[1] < y1 and b[3] > y0]
    every: tuple[Stack | SharedTag, ...] = tuple(lost)
    shared = [(SharedTag(tuple(lost)),), (SharedTag(tuple(lost), stacked=True),)]
    merged = (Stack("", INK, sum(s.count for s in lost)),)
    tries = [(m, pt * k) for k in (1.0, *_CROWDED_PT)
             for m in ([every, *shared, merged] if len(lost) > 1 else [every])]
    found = None

    def mark_footprint(s: Stack | SharedTag, rs: float, size: float) -> cellpack.Footprint:
        if isinstance(s, SharedTag):
            return (), (_shared_box(s, styles, 0.0, 0.0, rs, size),)
        return ghost_footprint(s, styles.get(s.kind, PieceStyle()), rs, size)

    for (marks, size), badge in ((t, b) for t in tries for b in (_BADGE_BELOW, _BADGE_RIGHT)):
        def footprints(scale: float, marks: tuple[Stack | SharedTag, ...] = marks, size: float = size,
                       badge: Point = badge) -> tuple[list[cellpack.Footprint], list[cellpack.Footprint]]:
            rs = r * scale
            return ([unit_footprint(game, s, styles.get(s.kind, PieceStyle()), rs, size, badge) for s in units],
                    [mark_footprint(s, rs * 0.62, size) for s in marks])

        found = cellpack.pack(outline, inset, near, (cx, anchor_y), r * 0.07, footprints,
                              scales=(1.0, 0.92, 0.84, 0.76, 0.7), gap=r * (0.12 if marks else _GAP))
        if found is not None:
            break
    scale = found[0] if found else 1.0
    spots: list[Point | None] = [(px + r * scale * badge[0], py + r * scale * badge[1]) for px, py in found[1]] \
        if found else [None] * len(units)
    if found is None:     # nothing fits (a cell far too full): the plain rows, as large as they get
        marks, size = tuple(lost), pt
        found = (1.0, [(cx + (i - (len(units) - 1) / 2) * r * 2.2, anchor_y) for i in range(len(units))],
                 [(cx + (k - (len(lost) - 1) / 2) * r * 2, anchor_y + r * 2.2) for k in range(len(lost))])
    scale, at_u, at_g = found
    rs = r * scale
    placed = [(s, styles.get(s.kind, PieceStyle()), px, py, rs, size, spot)
              for s, (px, py), spot in zip(units, at_u, spots)]
    shapes: list[Shape] = []
    boxes: list[Box] = []
    for s, (px, py) in zip(marks, at_g):
        if isinstance(s, SharedTag):
            shapes += _shared_ghost(s, styles, px, py, rs * 0.62, size)
            boxes.append(_shared_box(s, styles, px, py, rs * 0.62, size))
            continue
        st = styles.get(s.kind, PieceStyle())
        shapes += _ghost(s, st, px, py, rs * 0.62, size)
        boxes.append(ghost_box(s, st, px, py, rs * 0.62, size))
    return placed, shapes, boxes


def _waves(x: float, y: float, w: float, colour: str) -> list[Shape]:
    out: list[Shape] = []
    for row in (-0.35, 0.15):
        pts = tuple((x - w + i * w / 6, y + row * w + math.sin(i * math.pi / 3) * w * 0.14) for i in range(13))
        out.append(Polygon(pts, Style(stroke=colour, width=w * 0.12), closed=False))
    return out


def _ghost(stack: Stack, style: PieceStyle, x: float, y: float, r: float, pt: float = 0.0) -> list[Shape]:
    """A removed piece: "−n" (or the leader's letter) at `pt` points in a dashed tag just large
    enough to hold it, centred on (x, y). A tag, not a disc: a disc round "−n" at the smallest type
    is taller than the piece it stands for and crowds the cell."""
    label, size, w, h = _ghost_size(stack, style, r, pt)
    return [Rect(x - w / 2, y - h / 2, w, h, Style(fill="#ffffff", stroke=stack.colour, width=r * 0.12,
                                                     dash=(r * 0.3, r * 0.2)), radius=h / 2),
            text.line(x, y + size * PT * 0.365, label, "sans-bold", size, stack.colour, "middle")]


def _ghost_size(stack: Stack, style: PieceStyle, r: float, pt: float) -> tuple[str, float, float, float]:
    """A removed piece's label, its size (pt) and its tag's width and height (mm): the capitals with
    0.15 of the type size above and below, the label's width (its side bearings are air enough) with
    a tenth either side."""
    label = style.letter if style.diagram == "leader" else f"{DASH}{stack.count}"
    size = max(pt, r * 2.4)
    em = size * PT
    h = em * (0.73 + 0.3)
    return label, size, max(h, text.measure(label, "sans-bold", size) + em * 0.2), h


# mm, far above rounding error and far below any real difference between two ways round a label
_FAR = 1e-6


def _route(p: tuple[float, float], q: tuple[float, float], half: float,
           boxes: list[Box]) -> list[tuple[float, float]]:
    """The shortest path of an arrow from p to q that keeps `half` mm from every box: straight if
    it can be, else bending at the corners of the boxes in its way (a search over the corners of
    the boxes near the line, widening the search until a path is found); the straight line if
    none is (an endpoint inside a box)."""
    if segment_clear(p, q, half, boxes):
        return [p, q]
    air = half + 0.25
    span = math.dist(p, q)
    for reach in (span * 0.3, span * 0.7, span * 1.5):
        x0, x1 = min(p[0], q[0]) - reach, max(p[0], q[0]) + reach
        y0, y1 = min(p[1], q[1]) - reach, max(p[1], q[1]) + reach
        near = [b for b in boxes if b[2] + air >= x0 and b[0] - air <= x1 and b[3] + air >= y0 and b[1] - air <= y1]
        nodes = [p, q] + [(x, y) for b in near for x in (b[0] - air, b[2] + air) for y in (b[1] - air, b[3] + air)
                          if x0 <= x <= x1 and y0 <= y <= y1 and disc_clear(x, y, half, near)]
        dist = {0: 0.0}
        back: dict[int, int] = {}
        # the nodes reached and not yet settled, nearest first (ties: the lower number); an entry
        # whose distance has since been lowered is stale and skipped
        todo = [(0.0, 0)]
        done: set[int] = set()
        # Once q is reached at all, dist[1] bounds the shortest path's length, and a step to a node
        # from which even a straight line to q would be longer than that by more than _FAR cannot be
        # on the shortest path, nor decide any step of it (nodes on it are reached more than 1e-9
        # shorter): it is not tested, which spares most of the segment tests of a long arrow's search.
        # The same nodes settle in the same order with the same distances along the path found.
        to_q = [math.dist(node, q) for node in nodes]
        while todo:
            di, i = heapq.heappop(todo)
            if i in done or di != dist[i]:
                continue
            done.add(i)
            if i == 1:
                path = [q]
                while i != 0:
                    i = back[i]
                    path.append(nodes[i])
                return path[::-1]
            at = nodes[i]
            for j, node in enumerate(nodes):
                if j in done:
                    continue
                d = di + math.dist(at, node)
                if (d < dist.get(j, math.inf) - 1e-9 and d + to_q[j] <= dist.get(1, math.inf) + _FAR
                        and segment_clear(at, node, half, near)):
                    dist[j], back[j] = d, i
                    heapq.heappush(todo, (d, j))
    return [p, q]


def ghost_box(stack: Stack, style: PieceStyle, x: float, y: float, r: float, pt: float = 0.0) -> Box:
    """What a removed piece (`_ghost`) centred on (x, y) covers: its tag with half its outline (the
    label is inside it)."""
    _, _, w, h = _ghost_size(stack, style, r, pt)
    half = r * 0.06
    return x - w / 2 - half, y - h / 2 - half, x + w / 2 + half, y + h / 2 + half


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str, w: float,
           avoid: list[Box] | None = None, via: Sequence[Point] = ()) -> list[Shape]:
    """An arrow from (x1, y1) to (x2, y2), its shaft `w` wide on a white casing; with `avoid`, trimmed
    and routed so that neither shaft nor head covers any of those boxes (the cells' labels). `via`:
    points the shaft passes through on its way, so that a move of several steps reads as one move
    (one line, one head)."""
    boxes = avoid or []
    first = via[0] if via else (x2, y2)
    last = via[-1] if via else (x1, y1)
    total = math.hypot(first[0] - x1, first[1] - y1) or 1
    ux, uy = (first[0] - x1) / total, (first[1] - y1) / total
    start = (x1 + ux * w * 2.2, y1 + uy * w * 2.2)      # leave the pieces visible
    total = math.hypot(x2 - last[0], y2 - last[1]) or 1
    ux, uy = (x2 - last[0]) / total, (y2 - last[1]) / total
    end = (x2 - ux * w * 2.6, y2 - uy * w * 2.6)
    head = w * 2.4
    legs = [start, *via]
    lead: list[Point] = []     # the legs before the last, routed one by one, each joined to the next
    for a, b in zip(legs, legs[1:]):
        lead += _route(a, b, w * 1.0, boxes)[:-1]
    start = legs[-1]

    def draw(path: list[Point]) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
        (px, py), (ex, ey) = path[-2], path[-1]
        length = math.hypot(ex - px, ey - py) or 1
        ux, uy = (ex - px) / length, (ey - py) / length
        bx, by = ex - ux * head, ey - uy * head
        nx, ny = -uy * head * 0.6, ux * head * 0.6
        return (*path[:-1], (bx, by)), ((ex, ey), (bx + nx, by + ny), (bx - nx, by - ny))

    shaft, tip = draw(lead + _route(start, end, w * 1.0, boxes))
    if not all(segment_clear(tip[i], tip[(i + 1) % 3], w * 0.5, boxes) for i in range(3)):
        shaft, tip = draw(lead + _route(start, end, w * 1.95, boxes))   # room for the head's width too
    return [Polygon(shaft, Style(stroke="#ffffff", width=w * 1.9), closed=False),
            Polygon(tip, Style(fill="#ffffff", stroke="#ffffff", width=w * 0.9)),
            Polygon(shaft, Style(stroke=colour, width=w), closed=False),
            Polygon(tip, Style(fill=colour))]


def _burst(x: float, y: float, r: float, avoid: list[Box] | None = None,
           cell: Sequence[Point] = ()) -> Shape:
    """A combat mark: a star outline around (x, y), pulled in where it would cross a label or, given
    the `cell`'s outline, leave the cell (the mark belongs to the cell it is drawn in)."""
    width = r * 0.07
    planes = cellpack.half_planes(cell, width) if cell else []
    pts = []
    for i in range(16):
        px = x + (r if i % 2 == 0 else r * 0.72) * math.cos(math.pi * i / 8)
        py = y + (r if i % 2 == 0 else r * 0.72) * math.sin(math.pi * i / 8)
        # the share of the way out from (x, y) that stays inside every edge of the cell
        k = min([1.0] + [(h - nx * x - ny * y) / d for nx, ny, h in planes
                         if (d := nx * (px - x) + ny * (py - y)) > h - nx * x - ny * y])
        pts.append((x + (px - x) * k, y + (py - y) * k))
    return Polygon(shrink_clear(pts, x, y, width, avoid or []), Style(stroke=BURST, width=width))


# The map under a game's diagrams (its cells, their labels and the labels' boxes), drawn once: a
# walkthrough draws it under every step. It depends only on the grid and the board's definitions, kept
# here with it (neither changes once loaded: a grid is built once, a board file is frozen), so a game
# given another board draws its own. The shapes are frozen, so the diagrams share them, and the PDF
# writer then writes each cell's outline once per booklet (`render.pdf.Drawn`). The last few maps.
_MAPS: dict[tuple[int, int], tuple[object, object, tuple[Shape, ...], tuple[Box, ...]]] = {}
MAPS_KEPT = 8


def _map(game: Game) -> tuple[tuple[Shape, ...], list[Box]]:
    grid, board = game.hex_grid, game.hex_board
    key = (id(grid), id(board))
    seen = _MAPS.get(key)
    if seen is None or seen[0] is not grid or seen[1] is not board:
        cells = map_shapes(game, label_size=BOARD_PT)
        if len(_MAPS) >= MAPS_KEPT:
            _MAPS.pop(next(iter(_MAPS)))
        seen = _MAPS[key] = (grid, board, tuple(cells), tuple(label_boxes(cells, grid.cells)))
    return seen[2], list(seen[3])


def position_diagram(game: Game, spec: DiagramSpec, name: str = "diagram") -> Scene:
    """The map (in mm at board scale) with the position drawn on it; no mark covers a cell's label."""
    grid = game.hex_grid
    w, h = grid.extent
    R = grid.radius
    scene = Scene(name, w, h, 0.0)
    cells, boxes = _map(game)
    scene.add(*cells)
    for cell in spec.highlight:
        x, y = grid.cells[cell].centre
        scene.add(Polygon(shrink_clear(grid.corners(cell, R * 0.99), x, y, 0.6, boxes), Style(stroke=BURST, width=1.2)))
    for cell in spec.combats:
        x, y = grid.cells[cell].centre
        scene.add(_burst(x, y + R * 0.2, R * 0.86, boxes, grid.corners(cell)))
    r = R * 0.34
    # every cell's pieces and removed pieces laid out, then drawn over the arrows (a piece's number
    # and a removed mark's count matter more than the stretch of shaft they hide), the pieces last:
    # a badge steers clear of the removed pieces of any cell
    inset = CELL_LINE / 2 + R * 0.02
    ghosts: list[Box] = []
    gone: list[Shape] = []
    placed: dict[str, list[Placed]] = {}
    for cell in dict.fromkeys([*spec.losses, *spec.units]):
        x, y = grid.cells[cell].centre
        placed[cell], drawn, marks = cell_pieces(game, grid.corners(cell), inset, boxes, y + 2.5,
                                                 spec.units.get(cell, []), spec.losses.get(cell, []), r, BOARD_PT)
        gone += drawn
        ghosts += marks
    for src, dst, colour in spec.arrows:
        (x1, y1), (x2, y2) = grid.cells[src].centre, grid.cells[dst].centre
        w = R * 0.09
        scene.add(*_arrow(x1, y1 + 2.5, *aim((x1, y1 + 2.5), placed.get(dst, []), (x2, y2 + 2.5), w, boxes), colour, w,
                          boxes))
    for path, colour in spec.routes:
        (x1, y1), (x2, y2) = grid.cells[path[0]].centre, grid.cells[path[-1]].centre
        via = [(grid.cells[c].centre[0], grid.cells[c].centre[1] + 2.5) for c in path[1:-1]]
        w = R * 0.09
        end = aim(via[-1] if via else (x1, y1 + 2.5), placed.get(path[-1], []), (x2, y2 + 2.5), w, boxes)
        scene.add(*_arrow(x1, y1 + 2.5, *end, colour, w, boxes, via))
    scene.add(*gone)
    scene.add(*place_units(game, [p for cell in placed.values() for p in cell], ghosts + boxes))
    return scene


def aim(start: Point, pieces: list[Placed], centre: Point, w: float, labels: list[Box]) -> Point:
    """Where to point an arrow `w` wide from `start` into a cell: at the piece there nearest to it, so
    that the head (`_arrow` stops it 2.6 w short of the point) ends at that piece's rim rather than on
    its number; at the cell's `centre` when no piece is there, or when a head at that rim would touch
    one of the `labels`."""
    if not pieces:
        return centre
    _, style, x, y, r, _, spot = min(pieces, key=lambda p: math.dist(start, (p[2], p[3])))
    d = math.dist(start, (x, y)) or 1.0
    ux, uy = (x - start[0]) / d, (y - start[1]) / d
    rim = piece_radius(style, r) + w * 0.4
    reach = d - rim          # how far along the way the head meets the piece
    if spot is not None:     # its mon badge, when the way in passes it first (an arrow from below)
        hit = _ray_disc(start, (ux, uy), spot, r * BADGE * 1.06 + w * 0.4)
        if hit is not None and hit < reach:
            reach = hit
    if not disc_clear(start[0] + ux * reach, start[1] + uy * reach, w * 2.4, labels):
        return centre
    return start[0] + ux * (reach + w * 2.6), start[1] + uy * (reach + w * 2.6)


def _ray_disc(start: Point, u: Point, c: Point, r: float) -> float | None:
    """How far from `start` along the unit vector `u` a ray first meets the disc about `c` (None if never)."""
    fx, fy = start[0] - c[0], start[1] - c[1]
    b = fx * u[0] + fy * u[1]
    disc = b * b - (fx * fx + fy * fy - r * r)
    if disc < 0:
        return None
    t = -b - math.sqrt(disc)
    return t if t > 0 else None


def fit(scene: Scene, x: float, y: float, width: float) -> Group:
    """The scene scaled to `width` mm and placed at (x, y)."""
    k = width / scene.width
    return Group(tuple(scene.shapes), x, y, 0.0, None, k)
