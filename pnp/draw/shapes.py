"""Backend-neutral shapes in millimetres, y downwards from the top-left corner.

Drawing code builds lists of these; `render.svg` and `render.pdf` only translate them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

PT = 25.4 / 72  # one typographic point in mm


@dataclass(frozen=True)
class Style:
    fill: str | None = None
    stroke: str | None = None
    width: float = 0.25          # stroke width, mm
    dash: tuple[float, ...] = ()  # mm on, mm off, ...


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    style: Style
    radius: float = 0.0


@dataclass(frozen=True)
class Circle:
    cx: float
    cy: float
    r: float
    style: Style


@dataclass(frozen=True)
class Line:
    x1: float
    y1: float
    x2: float
    y2: float
    style: Style


@dataclass(frozen=True)
class Polygon:
    points: tuple[tuple[float, float], ...]
    style: Style
    closed: bool = True


@dataclass(frozen=True)
class Run:
    """A stretch of text in one font (fonts are chosen per character by `draw.text`)."""

    text: str
    font: str


@dataclass(frozen=True)
class Text:
    """One line of text. (x, y) is the baseline point the `anchor` refers to."""

    x: float
    y: float
    runs: tuple[Run, ...]
    size: float              # points
    fill: str = "#000000"
    anchor: str = "start"    # start | middle | end
    width: float = 0.0       # advance width in mm, measured once for both backends

    @property
    def string(self) -> str:
        return "".join(r.text for r in self.runs)


@dataclass(frozen=True)
class Group:
    """Shapes moved by (dx, dy), then turned `rotate` degrees clockwise and scaled by `scale`
    about the new origin, optionally clipped to a rectangle in the group's own coordinates."""

    shapes: tuple["Shape", ...]
    dx: float = 0.0
    dy: float = 0.0
    rotate: float = 0.0
    clip: tuple[float, float, float, float] | None = None
    scale: float = 1.0


@dataclass(frozen=True)
class Image:
    """A picture drawn into the rectangle (x, y, w, h), stretched to it (`draw.image` keeps the
    aspect ratio by choosing the rectangle and clips with a Group). `kind` is png, jpeg or svg;
    `data` the file's bytes."""

    x: float
    y: float
    w: float
    h: float
    data: bytes = field(repr=False)
    kind: str
    name: str = ""           # the file, for messages and the SVG's <title>


@dataclass(frozen=True)
class Path:
    """An outline in mm: `segments` are ("M", (x, y)), ("L", (x, y)), ("C", (x1, y1, x2, y2, x, y))
    and ("Z", ()), absolute, after every transform (vector art, `draw.vector`). `even_odd` fills by
    the even-odd rule (SVG's fill-rule), else non-zero; `cap` and `join` are 0 butt/miter, 1 round,
    2 square/bevel; the opacities are SVG's fill- and stroke-opacity (group opacity folded in)."""

    segments: tuple[tuple[str, tuple[float, ...]], ...]
    style: Style
    even_odd: bool = False
    cap: int = 0
    join: int = 0
    fill_opacity: float = 1.0
    stroke_opacity: float = 1.0


Shape = Union[Rect, Circle, Line, Polygon, Text, Group, Image, Path]


@dataclass
class Scene:
    """A drawn component: its trim size, bleed and shapes (origin at the trim's top-left)."""

    name: str
    width: float
    height: float
    bleed: float = 0.0
    shapes: list[Shape] = field(default_factory=list)

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)
