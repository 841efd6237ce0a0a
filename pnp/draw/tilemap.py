"""Diagrams of a map made of hex tiles, drawn at their axial positions, with the
same pieces, arrows and combat marks as `draw.diagram`."""

from __future__ import annotations

from collections.abc import Sequence

from ..hexgrid import centre, corners
from ..model import Game
from . import text
from .diagram import BURST, DiagramSpec, PieceStyle, _arrow, _burst, _ghost, _piece, piece_styles
from .shapes import Polygon, Scene, Style

R = 10.0          # tile radius in diagram millimetres
MAP_PT = 13.0     # type on a tile map: booklets print these maps at half size or more, so 6.4 pt or more
NEUTRAL = "#f3ecdc"


def bounds(positions) -> tuple[float, float, float, float]:
    pts = [centre(p, R) for p in positions]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return min(xs) - R * 1.15, min(ys) - R * 1.05, max(xs) + R * 1.15, max(ys) + R * 1.05


def tile_map(game: Game, tiles: dict[str, tuple[tuple[int, int], str | None]], spec: DiagramSpec,
             frame: tuple[float, float, float, float] | None = None,
             moved: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
             name: str = "map") -> Scene:
    """tiles: id -> (position, owner clan or None); spec keys cells by tile id."""
    x0, y0, x1, y1 = frame or bounds([p for p, _ in tiles.values()])
    scene = Scene(name, x1 - x0, y1 - y0, 0.0)
    shapes = []
    at = {}
    for tid, (pos, owner) in sorted(tiles.items()):
        cx, cy = centre(pos, R)
        cx, cy = cx - x0, cy - y0
        at[tid] = (cx, cy)
        clan = game.clans.get(owner) if owner else None
        fill = clan.tint if clan else NEUTRAL
        line = clan.colour if clan else "#8a8170"
        shapes.append(Polygon(corners((cx, cy), R * 0.97), Style(fill=fill, stroke=line, width=0.45)))
        shapes.append(text.line(cx, cy - R * 0.55, tid, "sans-bold", MAP_PT, line, "middle"))
    for src, dst in moved:   # where a tile came from: a dashed outline and an arrow
        (ax, ay), (bx, by) = centre(src, R), centre(dst, R)
        shapes.append(Polygon(corners((ax - x0, ay - y0), R * 0.9), Style(stroke="#8a8170", width=0.35, dash=(1.2, 1))))
        shapes += _arrow(ax - x0, ay - y0, bx - x0, by - y0, "#8a8170", R * 0.07)
    for tid in spec.highlight:
        if tid in at:
            shapes.append(Polygon(corners(at[tid], R * 0.86), Style(stroke=BURST, width=0.8)))
    for tid in spec.combats:
        shapes.append(_burst(at[tid][0], at[tid][1] + 1, R * 0.86))
    r = R * 0.3
    styles = piece_styles(game)
    for tid, stacks in spec.units.items():
        cx, cy = at[tid]
        for i, stack in enumerate(stacks):
            style = styles.get(stack.kind, PieceStyle())
            shapes += _piece(stack, style, cx + (i - (len(stacks) - 1) / 2) * r * 2.2, cy + 1.5, r, MAP_PT)
    for tid, stacks in spec.losses.items():
        cx, cy = at[tid]
        for i, stack in enumerate(stacks):
            style = styles.get(stack.kind, PieceStyle())
            shapes += _ghost(stack, style, cx + (i - (len(stacks) - 1) / 2) * r * 2.1, cy + R * 0.58, r * 0.62,
                              MAP_PT)
    for src, dst, colour in spec.arrows:
        if src in at and dst in at:
            shapes += _arrow(at[src][0], at[src][1] + 1.5, at[dst][0], at[dst][1] + 1.5, colour, R * 0.08)
    scene.add(*shapes)
    return scene
