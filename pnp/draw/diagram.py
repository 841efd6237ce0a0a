"""Position diagrams for the rules booklet: the board's hex map with pieces, move arrows,
combats and losses drawn on top. Input is plain data, so any engine can feed it."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from ..model import Game
from . import text
from .board import map_shapes
from .shapes import Circle, Group, Line, Polygon, Scene, Shape, Style

INK = "#2b261f"
BURST = "#e2a21b"
GHOST = "#8a8a8a"
# Booklets print a board diagram at about a quarter of board scale; type this size on the board
# prints at 6.4 pt or more (6 pt once the Letter booklet shrinks its pages).
BOARD_PT = 23.5


@dataclass
class Stack:
    kind: str        # a piece id from pieces.toml; its `diagram` style says how it is drawn
    colour: str
    count: int = 1


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
    shapes: list[Shape] = [Circle(x, y, r, Style(fill=stack.colour, stroke="#ffffff", width=r * 0.14))]
    if style.diagram == "leader":
        shapes = [Circle(x, y, r * 1.15, Style(fill=stack.colour, stroke="#ffffff", width=r * 0.14))]
        shapes.append(Circle(x, y, r * 0.7, Style(stroke="#ffffff", width=r * 0.12)))
        shapes.append(text.line(x, y + pt * 0.127, style.letter, "sans-bold", pt, "#ffffff", "middle"))
    else:
        shapes.append(text.line(x, y + pt * 0.127, str(stack.count), "sans-bold", pt, "#ffffff", "middle"))
    return shapes


def _waves(x: float, y: float, w: float, colour: str) -> list[Shape]:
    out: list[Shape] = []
    for row in (-0.35, 0.15):
        pts = tuple((x - w + i * w / 6, y + row * w + math.sin(i * math.pi / 3) * w * 0.14) for i in range(13))
        out.append(Polygon(pts, Style(stroke=colour, width=w * 0.12), closed=False))
    return out


def _ghost(stack: Stack, style: PieceStyle, x: float, y: float, r: float, pt: float = 0.0) -> list[Shape]:
    """A removed piece: a dashed disc with "−n" (or the leader's letter) at `pt` points, the disc
    grown to hold it."""
    label = style.letter if style.diagram == "leader" else f"−{stack.count}"
    pt = max(pt, r * 2.4)
    r = max(r, text.measure(label, "sans-bold", pt) / 2 + r * 0.25)
    return [Circle(x, y, r, Style(fill="#ffffff", stroke=stack.colour, width=r * 0.12, dash=(r * 0.3, r * 0.2))),
            text.line(x, y + pt * 0.127, label, "sans-bold", pt, stack.colour, "middle")]


def _arrow(x1: float, y1: float, x2: float, y2: float, colour: str, w: float) -> list[Shape]:
    dx, dy = x2 - x1, y2 - y1
    length = math.hypot(dx, dy) or 1
    ux, uy = dx / length, dy / length
    sx, sy = x1 + ux * w * 2.2, y1 + uy * w * 2.2      # leave the pieces visible
    ex, ey = x2 - ux * w * 2.6, y2 - uy * w * 2.6
    head = w * 2.4
    bx, by = ex - ux * head, ey - uy * head
    px, py = -uy * head * 0.6, ux * head * 0.6
    tip = ((ex, ey), (bx + px, by + py), (bx - px, by - py))
    return [Line(sx, sy, bx, by, Style(stroke="#ffffff", width=w * 1.9)),
            Polygon(tip, Style(fill="#ffffff", stroke="#ffffff", width=w * 0.9)),
            Line(sx, sy, bx, by, Style(stroke=colour, width=w)),
            Polygon(tip, Style(fill=colour))]


def _burst(x: float, y: float, r: float) -> Shape:
    pts = tuple((x + (r if i % 2 == 0 else r * 0.72) * math.cos(math.pi * i / 8),
                 y + (r if i % 2 == 0 else r * 0.72) * math.sin(math.pi * i / 8)) for i in range(16))
    return Polygon(pts, Style(stroke=BURST, width=r * 0.07))


def position_diagram(game: Game, spec: DiagramSpec, name: str = "diagram") -> Scene:
    """The map (in mm at board scale) with the position drawn on it."""
    grid = game.grid
    w, h = grid.extent
    R = grid.radius
    scene = Scene(name, w, h, 0.0)
    scene.add(*map_shapes(game, label_size=BOARD_PT))
    for cell in spec.highlight:
        scene.add(Polygon(tuple(grid.corners(cell, R * 0.9)), Style(stroke=BURST, width=1.2)))
    for cell in spec.combats:
        x, y = grid.cells[cell].centre
        scene.add(_burst(x, y + 1.5, R * 0.86))
    r = R * 0.34
    styles = piece_styles(game)
    for cell, stacks in spec.units.items():
        x, y = grid.cells[cell].centre
        y += 2.5
        n = len(stacks)
        for i, stack in enumerate(stacks):
            px = x + (i - (n - 1) / 2) * r * 2.15
            scene.add(*_piece(stack, styles.get(stack.kind, PieceStyle()), px, y, r, BOARD_PT))
    for cell, stacks in spec.losses.items():
        x, y = grid.cells[cell].centre
        for i, stack in enumerate(stacks):
            scene.add(*_ghost(stack, styles.get(stack.kind, PieceStyle()),
                              x + (i - (len(stacks) - 1) / 2) * r * 2.1, y + R * 0.55, r * 0.62, BOARD_PT))
    for src, dst, colour in spec.arrows:
        (x1, y1), (x2, y2) = grid.cells[src].centre, grid.cells[dst].centre
        scene.add(*_arrow(x1, y1 + 2.5, x2, y2 + 2.5, colour, R * 0.09))
    return scene


def fit(scene: Scene, x: float, y: float, width: float) -> Group:
    """The scene scaled to `width` mm and placed at (x, y)."""
    k = width / scene.width
    return Group(tuple(scene.shapes), x, y, 0.0, None, k)
