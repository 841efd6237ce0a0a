"""Cut lines as geometry: one closed outline per piece (a card's rounded rectangle, a hex tile's
hexagon, a counter's circle), in mm on the sheet with y downwards like the shapes.

The same outline becomes a die line in a PDF (`pnp.render.dieline`), a path in a cutter's SVG and
an entity in its DXF (`pnp.render.cutfile`), so what a shop's or a craft cutter's blade follows is
the trim that the art was drawn for."""

from __future__ import annotations

import math
from dataclasses import dataclass

KAPPA = 4 * (math.sqrt(2) - 1) / 3   # a quarter circle as one cubic Bezier (radial error 0.03 %)


@dataclass(frozen=True)
class RoundedRect:
    """A card's trim: top-left (x, y), size w x h, corners rounded by `radius` (0: square)."""
    x: float
    y: float
    w: float
    h: float
    radius: float = 0.0

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)

    @property
    def r(self) -> float:
        return max(0.0, min(self.radius, self.w / 2, self.h / 2))


@dataclass(frozen=True)
class Outline:
    """A closed polygon (a hex tile's edge), corners in order."""
    points: tuple[tuple[float, float], ...]

    @property
    def box(self) -> tuple[float, float, float, float]:
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


@dataclass(frozen=True)
class Round:
    """A counter's edge: centre and radius."""
    cx: float
    cy: float
    r: float

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.cx - self.r, self.cy - self.r, 2 * self.r, 2 * self.r)


CutPath = RoundedRect | Outline | Round


def moved(path: CutPath, dx: float, dy: float) -> CutPath:
    """The same outline `dx`, `dy` mm further right and down."""
    if isinstance(path, RoundedRect):
        return RoundedRect(path.x + dx, path.y + dy, path.w, path.h, path.radius)
    if isinstance(path, Outline):
        return Outline(tuple((x + dx, y + dy) for x, y in path.points))
    return Round(path.cx + dx, path.cy + dy, path.r)


Segment = tuple[str, tuple[float, ...]]   # ("M"|"L", (x, y)) or ("C", (x1, y1, x2, y2, x, y)); closed at the end


def segments(path: CutPath) -> list[Segment]:
    """The outline as a move, lines and cubic curves, clockwise on the sheet from its top edge,
    ending back where it began (the caller closes it)."""
    if isinstance(path, Outline):
        first, *rest = path.points
        out: list[Segment] = [("M", first)]
        return out + [("L", p) for p in rest]
    if isinstance(path, Round):
        cx, cy, r = path.cx, path.cy, path.r
        k = KAPPA * r
        return [("M", (cx, cy - r)),
                ("C", (cx + k, cy - r, cx + r, cy - k, cx + r, cy)),
                ("C", (cx + r, cy + k, cx + k, cy + r, cx, cy + r)),
                ("C", (cx - k, cy + r, cx - r, cy + k, cx - r, cy)),
                ("C", (cx - r, cy - k, cx - k, cy - r, cx, cy - r))]
    x, y, w, h, r = path.x, path.y, path.w, path.h, path.r
    if r == 0:
        return [("M", (x, y)), ("L", (x + w, y)), ("L", (x + w, y + h)), ("L", (x, y + h))]
    k = KAPPA * r
    return [("M", (x + r, y)), ("L", (x + w - r, y)),
            ("C", (x + w - r + k, y, x + w, y + r - k, x + w, y + r)), ("L", (x + w, y + h - r)),
            ("C", (x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)), ("L", (x + r, y + h)),
            ("C", (x + r - k, y + h, x, y + h - r + k, x, y + h - r)), ("L", (x, y + r)),
            ("C", (x, y + r - k, x + r - k, y, x + r, y))]


def svg_d(path: CutPath, digits: int = 4) -> str:
    """The outline as an SVG path's `d`, in the sheet's mm."""
    def n(v: float) -> str:
        return f"{round(v, digits):g}"
    return " ".join(f"{op} " + " ".join(n(v) for v in pts) for op, pts in segments(path)) + " Z"


def polygon(path: CutPath, per_curve: int = 8) -> list[tuple[float, float]]:
    """The outline as a polygon (each curve as `per_curve` straight steps), for a raster mask."""
    points: list[tuple[float, float]] = []
    for op, v in segments(path):
        if op in ("M", "L"):
            points.append((v[0], v[1]))
            continue
        x0, y0 = points[-1]
        for i in range(1, per_curve + 1):
            t = i / per_curve
            a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
            points.append((a * x0 + b * v[0] + c * v[2] + d * v[4], a * y0 + b * v[1] + c * v[3] + d * v[5]))
    return points
