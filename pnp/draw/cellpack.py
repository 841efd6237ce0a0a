"""Where the pieces on one cell of a diagram go: the pieces still there and the marks of the pieces a
step removed, each kept whole inside its own cell, clear of the cell's label and of each other.

A cell is any convex outline (a board's hex, a tile). Each thing to place is given by its footprint
about its own centre: the discs and text boxes it inks (a piece's disc, its number and its badge, a
removed piece's dashed tag and its "–n"). The pieces that stay are laid out as one group and the
removed marks as another, beside it or below it, in as few rows as fit: the reader sees at a glance
what stayed and what went."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence

Box = tuple[float, float, float, float]    # x0, y0, x1, y1 in mm
Point = tuple[float, float]
HalfPlane = tuple[float, float, float]     # nx, ny, h: inside where nx * x + ny * y <= h
Disc = tuple[float, float, float]          # cx, cy, r
Footprint = tuple[tuple[Disc, ...], tuple[Box, ...]]    # what one thing inks, about its centre


def extent(f: Footprint) -> Box:
    discs, boxes = f
    parts = [(x - r, y - r, x + r, y + r) for x, y, r in discs] + list(boxes)
    return min(b[0] for b in parts), min(b[1] for b in parts), max(b[2] for b in parts), max(b[3] for b in parts)


def _support(f: Footprint, dx: float, dy: float, nx: float, ny: float) -> float:
    """How far the footprint, moved by (dx, dy), reaches along the unit vector (nx, ny)."""
    discs, boxes = f
    return max([nx * (x + dx) + ny * (y + dy) + r for x, y, r in discs]
               + [max(nx * b[0], nx * b[2]) + max(ny * b[1], ny * b[3]) + nx * dx + ny * dy for b in boxes])


def _touches(f: Footprint, dx: float, dy: float, box: Box) -> bool:
    """Does the footprint, moved by (dx, dy), overlap the box?"""
    discs, boxes = f
    for x, y, r in discs:
        px, py = x + dx, y + dy
        ex, ey = max(box[0] - px, 0.0, px - box[2]), max(box[1] - py, 0.0, py - box[3])
        if ex * ex + ey * ey < r * r - 1e-9:
            return True
    return any(overlap(_shift(b, dx, dy), box) for b in boxes)


def half_planes(outline: Sequence[Point], inset: float = 0.0) -> list[HalfPlane]:
    """A convex outline (either winding) as half-planes, each moved `inset` mm inwards."""
    n = len(outline)
    cx, cy = sum(x for x, _ in outline) / n, sum(y for _, y in outline) / n
    out = []
    for (x1, y1), (x2, y2) in zip(outline, [*outline[1:], outline[0]]):
        length = math.hypot(x2 - x1, y2 - y1)
        nx, ny = (y2 - y1) / length, (x1 - x2) / length
        if nx * (cx - x1) + ny * (cy - y1) > 0:     # that normal points in: turn it out
            nx, ny = -nx, -ny
        out.append((nx, ny, nx * x1 + ny * y1 - inset))
    return out


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - 1e-9 and b[0] < a[2] - 1e-9 and a[1] < b[3] - 1e-9 and b[1] < a[3] - 1e-9


def _shift(box: Box, dx: float, dy: float) -> Box:
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def _rows(boxes: Sequence[Box], per_row: int, gap: float) -> list[Point]:
    """Centres of items laid out in rows of `per_row`, `gap` apart, each row centred on x = 0 and the
    first row's centres on y = 0."""
    out: list[Point] = []
    top = 0.0
    for start in range(0, len(boxes), per_row):
        row = boxes[start:start + per_row]
        width = sum(b[2] - b[0] for b in row) + gap * (len(row) - 1)
        y = 0.0 if start == 0 else top - min(b[1] for b in row)
        left = -width / 2
        for b in row:
            out.append((left - b[0], y))
            left += b[2] - b[0] + gap
        top = y + max(b[3] for b in row) + gap
    return out


def _extent(boxes: Sequence[Box], at: Sequence[Point]) -> Box:
    placed = [_shift(b, *p) for b, p in zip(boxes, at)]
    return (min(b[0] for b in placed), min(b[1] for b in placed),
            max(b[2] for b in placed), max(b[3] for b in placed))


def _splits(n: int) -> list[int]:
    """Items per row to try for n items, fewest rows first."""
    return sorted({n, -(-n // 2), -(-n // 3), 1} - {0}, reverse=True) if n else [1]


def arrangements(units: Sequence[Box], marks: Sequence[Box], gap: float) -> list[tuple[list[Point], list[Point]]]:
    """Ways to lay out the pieces (as a block of rows) and the removed marks (another block, to the
    right of the pieces or under them, a double gap apart), fewest rows first; the first row is
    centred on (0, 0) in each, and the block it starts with with it."""
    def rows(n: int, per_row: int) -> int:
        return -(-n // per_row) if n else 0

    def height(o: tuple[int, int, str]) -> tuple[int, bool]:
        ru, rm = rows(len(units), o[0]), rows(len(marks), o[1])
        return (max(ru, rm) if o[2] == "beside" else ru + rm), o[2] != "beside"

    out = []
    options = sorted(((ku, km, rel) for ku in _splits(len(units)) for km in _splits(len(marks))
                      for rel in (("beside", "below") if marks and units else ("beside",))), key=height)
    for ku, km, rel in options:
        u = _rows(units, ku, gap) if units else []
        m = _rows(marks, km, gap) if marks else []
        if u and m:
            ue, me = _extent(units, u), _extent(marks, m)
            if rel == "beside":     # the marks' block to the right, centred on the pieces' block
                dx, dy = ue[2] + 2 * gap - me[0], (ue[1] + ue[3]) / 2 - (me[1] + me[3]) / 2
            else:                   # under the pieces, centred on them
                dx, dy = (ue[0] + ue[2]) / 2 - (me[0] + me[2]) / 2, ue[3] + 2 * gap - me[1]
            m = [(x + dx, y + dy) for x, y in m]
        if u and m and rel == "beside":     # the two blocks together about x = 0
            half = (_extent(marks, m)[2] + _extent(units, u)[0]) / 2
            u, m = [(x - half, y) for x, y in u], [(x - half, y) for x, y in m]
        out.append((u, m))
    return out


def pack(outline: Sequence[Point], inset: float, avoid: Sequence[Box], anchor: Point, step: float,
         footprints: Callable[[float], tuple[list[Footprint], list[Footprint]]],
         scales: Sequence[float] = (1.0, 0.92, 0.84, 0.76), gap: float = 0.0,
         ) -> tuple[float, list[Point], list[Point]] | None:
    """(scale, centres of the pieces, centres of the marks) for one cell: the first arrangement that
    fits inside `outline` (less `inset`) clear of `avoid` (the cell's label), at the largest scale
    of `scales` that `footprints(scale)` (what the pieces and the marks ink about their centres)
    allows; its first row's middle as near `anchor` as a grid of `step` mm through it allows. None if
    nothing fits even at the smallest scale."""
    planes = half_planes(outline, inset)
    xs = [x for x, _ in outline]
    ys = [y for _, y in outline]
    frame = (min(xs), min(ys), max(xs), max(ys))
    for scale in scales:
        units, marks = footprints(scale)
        things = [*units, *marks]
        for u, m in arrangements([extent(f) for f in units], [extent(f) for f in marks], gap * scale):
            at = [*u, *m]
            # how far the whole layout reaches along each edge's normal: where its first piece may go
            # is then a smaller copy of the outline, one comparison per edge for each place tried
            room = [(nx, ny, h - max(_support(f, x, y, nx, ny) for f, (x, y) in zip(things, at)))
                    for nx, ny, h in planes]
            area = _clip(room, frame)
            if not area:
                continue      # too large for the cell wherever it goes
            x0, y0 = min(x for x, _ in area), min(y for _, y in area)
            x1, y1 = max(x for x, _ in area), max(y for _, y in area)
            reach = [extent(f) for f in things]
            near = [a for a in avoid if any(overlap(a, (x0 + x + b[0], y0 + y + b[1], x1 + x + b[2], y1 + y + b[3]))
                                            for b, (x, y) in zip(reach, at))]
            for tx, ty in _grid(anchor, step, (x0, y0, x1, y1), room, list(zip(things, at)), near):
                if all(nx * tx + ny * ty <= h + 1e-9 for nx, ny, h in room) and \
                        not any(_touches(f, x + tx, y + ty, a) for f, (x, y) in zip(things, at) for a in near):
                    return scale, [(x + tx, y + ty) for x, y in u], [(x + tx, y + ty) for x, y in m]
    return None


def _grid(anchor: Point, step: float, box: Box, room: Sequence[HalfPlane] = (),
          layout: Sequence[tuple[Footprint, Point]] = (), avoid: Sequence[Box] = ()) -> Iterator[Point]:
    """The anchor, then the points of a grid of `step` mm through it that lie in `box`, nearest first
    (then upper, then left, for a fixed order). Given the half-planes `room`, a row's points far
    outside them (by more than a step) are left out, and given a `layout` (footprints at their offsets)
    and boxes it must `avoid`, the points where it surely touches one of those (`_blocked`): the caller
    tests the rest."""
    ax, ay = anchor
    i0, i1 = math.floor((box[0] - ax) / step), math.ceil((box[2] - ax) / step)
    j0, j1 = math.floor((box[1] - ay) / step), math.ceil((box[3] - ay) / step)

    def span(j: int) -> list[tuple[int, int]]:
        ty = ay + j * step
        lo, hi = _row_span(room, ax, ty, step, i0, i1)
        spans = [(lo, hi)]
        for left, right in (_blocked(layout, avoid, ty) if avoid else ()):
            # the steps strictly inside (left, right)
            a, b = math.floor((left - ax) / step) + 1, math.ceil((right - ax) / step) - 1
            if a <= b:
                spans = [part for s0, s1 in spans for part in ((s0, min(s1, a - 1)), (max(s0, b + 1), s1))
                         if part[0] <= part[1]]
        return spans

    for i, j in _steps(max(abs(i0), abs(i1), abs(j0), abs(j1)), (i0, i1, j0, j1),
                       span if room or avoid else None):
        yield ax + i * step, ay + j * step


# mm: a grid point counts as surely touching a box only this far inside the region where it touches,
# far above the rounding of the exact test and far below a grid step
_SURE = 1e-6


def _blocked(placed: Sequence[tuple[Footprint, Point]], avoid: Sequence[Box], ty: float) -> list[tuple[float, float]]:
    """The open ranges of x where the layout (each footprint at its offset), moved by (x, ty), surely
    touches one of the boxes `avoid` (`_touches` would say so, by more than _SURE)."""
    out = []
    for (discs, boxes), (x, y) in placed:
        dy = y + ty
        for a in avoid:
            for cx, cy, r in discs:
                py = cy + dy
                ey = max(a[1] - py, 0.0, py - a[3])
                reach = r * r - 1e-9 - ey * ey
                if reach > 0:
                    w = math.sqrt(reach) - _SURE
                    if w > 0:
                        out.append((a[0] - w - cx - x, a[2] + w - cx - x))
            for b in boxes:
                if b[1] + dy < a[3] - 1e-9 - _SURE and a[1] < b[3] + dy - 1e-9 - _SURE:
                    out.append((a[0] + 1e-9 - b[2] - x + _SURE, a[2] - 1e-9 - b[0] - x - _SURE))
    return out


def _row_span(room: Sequence[HalfPlane], ax: float, ty: float, step: float, i0: int, i1: int) -> tuple[int, int]:
    """The steps i of the row at height `ty` whose points ax + i * step may be inside every half-plane
    of `room`: each edge that leans left or right bounds i, and the bound is widened by a step, far
    more than its rounding, so that no point inside is left out."""
    lo, hi = i0, i1
    for nx, ny, h in room:
        if abs(nx) < 1e-9:        # a level edge: the caller's test decides the row
            continue
        at = ((h + 1e-9 - ny * ty) / nx - ax) / step
        if nx > 0:
            hi = min(hi, math.floor(at) + 1)
        else:
            lo = max(lo, math.ceil(at) - 1)
    return lo, hi


def _steps(n: int, within: tuple[int, int, int, int] | None = None,
           span: Callable[[int], list[tuple[int, int]]] | None = None) -> Iterator[tuple[int, int]]:
    """The steps of a grid within n of its origin, nearest first (then upper, then left); with
    `within` (i0, i1, j0, j1), only those with i0 <= i <= i1 and j0 <= j <= j1, and with `span`, only
    those of row j in one of the ranges lo..hi of span(j) (in order, apart). They come a ring at a
    time (squared distances up to 4, then 16, 64, ...), each ring sorted once: a cell's pieces nearly
    always fit at one of the first few steps, and sorting the whole grid (up to thousands of steps)
    was most of the packing's time. A ring is made of its own steps inside those bounds alone, row by
    row (a row's span asked once, when a ring first reaches it): the room a cell's layout may move in
    is often far from the anchor and a small part of the square round it. The order is the whole
    grid's sorted order, less the steps left out."""
    i0, i1, j0, j1 = within if within is not None else (-n, n, -n, n)
    i0, i1, j0, j1 = max(i0, -n), min(i1, n), max(j0, -n), min(j1, n)
    rows: dict[int, list[tuple[int, int]]] = {}
    last, reach = -1, 4
    while last < 2 * n * n:
        upto = min(reach, 2 * n * n)
        m = math.isqrt(upto)
        near = []
        for j in range(max(j0, -m), min(j1, m) + 1):
            if j not in rows:
                rows[j] = [(max(lo, i0), min(hi, i1)) for lo, hi in (span(j) if span is not None else [(i0, i1)])
                           if max(lo, i0) <= min(hi, i1)]
            if not rows[j]:
                continue
            jj = j * j
            outer = math.isqrt(upto - jj)              # |i| <= outer: within `upto`
            parts: tuple[tuple[int, int], ...]
            if last < jj:      # the whole row out to `outer` is over `last`
                parts = ((-outer, outer),)
            else:               # |i| > inner: over `last`
                inner = math.isqrt(last - jj)
                parts = ((-outer, -inner - 1), (inner + 1, outer))
            for a, b in parts:
                for lo, hi in rows[j]:
                    for i in range(max(a, lo), min(b, hi) + 1):
                        near.append((i * i + jj, j, i))
        near.sort()
        for _, j, i in near:
            yield i, j
        last, reach = upto, reach * 4


def _clip(planes: Sequence[HalfPlane], box: Box) -> list[Point]:
    """The part of `box` inside all the half-planes, as a polygon (empty if none)."""
    poly: list[Point] = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    for nx, ny, h in planes:
        out: list[Point] = []
        for k, p in enumerate(poly):
            q = poly[(k + 1) % len(poly)]
            dp, dq = nx * p[0] + ny * p[1] - h, nx * q[0] + ny * q[1] - h
            if dp <= 0:
                out.append(p)
            if (dp < 0 < dq) or (dq < 0 < dp):
                t = dp / (dp - dq)
                out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
        poly = out
        if not poly:
            break
    return poly
