"""Diagrams of a map made of hex tiles, drawn at their axial positions, with the
same pieces, arrows and combat marks as `draw.diagram`."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from ..hexgrid import SQRT3, centre, corners
from ..model import Game
from . import text
from .board import label_drop
from .diagram import (
    BADGE,
    BURST,
    Box,
    DiagramSpec,
    Placed,
    _arrow,
    _burst,
    aim,
    cell_pieces,
    disc_clear,
    label_boxes,
    piece_radius,
    place_units,
    shrink_clear,
)
from .shapes import PT, Polygon, Scene, Shape, Style

R = 10.0          # tile radius in diagram millimetres
MAP_PT = 13.0     # type on a tile map: booklets print these maps at half size or more, so 6.4 pt or more
NEUTRAL = "#f3ecdc"
TILE_LINE = 0.45   # mm, a tile's outline


def _leaving(a: tuple[float, float], b: tuple[float, float], stayed: Sequence[Placed],
             w: float, labels: list[Box]) -> tuple[float, float]:
    """Where an arrow `w` wide from `a` towards `b` starts: past the pieces that stayed in the cell it
    leaves (their discs and badges), so that it does not seem to carry them away. Straight towards `b`
    where that is clear of the cells' labels, else a little to either side; `a` itself when no piece is
    in its way, or when clearing them takes more than half the way or finds no start off the labels."""
    d = math.dist(a, b) or 1.0
    discs = [d_ for _, style, x, y, r, _, spot in stayed
             for d_ in [((x, y), piece_radius(style, r) + w)] + ([(spot, r * BADGE * 1.06 + w)] if spot else [])]
    for turn in (0.0, 0.35, -0.35, 0.7, -0.7):     # radians off the straight way
        ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
        ux, uy = ux * math.cos(turn) - uy * math.sin(turn), ux * math.sin(turn) + uy * math.cos(turn)
        far = 0.0
        for (cx, cy), rad in discs:
            along = (cx - a[0]) * ux + (cy - a[1]) * uy
            off = abs((cx - a[0]) * uy - (cy - a[1]) * ux)
            if off < rad and along > -rad:
                far = max(far, along + math.sqrt(rad ** 2 - off ** 2))
        if far == 0.0 and turn == 0.0:
            return a                    # nothing stayed in the way
        # `_arrow` begins its shaft 2.2 w further on, its casing 0.95 w either side
        shaft = (a[0] + ux * (far + w * 2.2), a[1] + uy * (far + w * 2.2))
        if far <= d / 2 and disc_clear(*shaft, w * 1.95, labels):
            return a[0] + ux * far, a[1] + uy * far
    return a


def bounds(positions: Iterable[tuple[int, int]]) -> tuple[float, float, float, float]:
    pts = [centre(p, R) for p in positions]
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    return min(xs) - R * 1.15, min(ys) - R * 1.05, max(xs) + R * 1.15, max(ys) + R * 1.05


def tile_map(game: Game, tiles: dict[str, tuple[tuple[int, int], str | None]], spec: DiagramSpec,
             frame: tuple[float, float, float, float] | None = None,
             moved: Sequence[tuple[tuple[int, int], tuple[int, int]]] = (),
             name: str = "map", label_pt: float = MAP_PT) -> Scene:
    """tiles: id -> (position, owner clan or None); spec keys cells by tile id. `label_pt`: the tile
    labels' size, larger for a map printed small (the pieces' figures keep MAP_PT)."""
    x0, y0, x1, y1 = frame or bounds([p for p, _ in tiles.values()])
    # a larger label grows down from where MAP_PT's capitals start, less 0.1 mm: the pieces and arrows
    # below it leave it a little room, and the removed pieces of the tile above hang over its top edge
    drop = label_drop(label_pt) if label_pt <= MAP_PT else label_drop(MAP_PT) + (label_pt - MAP_PT) * PT * 0.73 - 0.1
    scene = Scene(name, x1 - x0, y1 - y0, 0.0)
    shapes: list[Shape] = []
    at: dict[str, tuple[float, float]] = {}
    for tid, (pos, owner) in sorted(tiles.items()):
        cx, cy = centre(pos, R)
        cx, cy = cx - x0, cy - y0
        at[tid] = (cx, cy)
        clan = game.clans.get(owner) if owner else None
        fill = clan.tint if clan else NEUTRAL
        line = clan.colour if clan else "#8a8170"
        shapes.append(Polygon(corners((cx, cy), R * 0.97), Style(fill=fill, stroke=line, width=TILE_LINE)))
        shapes.append(text.line(cx, cy - R * 0.97 * SQRT3 / 2 + drop, tid, "sans-bold", label_pt, line, "middle"))
    boxes = label_boxes(shapes, tiles)
    for tid in spec.highlight:
        if tid in at:
            shapes.append(Polygon(shrink_clear(list(corners(at[tid], R * 1.03)), *at[tid], 0.4, boxes),
                                  Style(stroke=BURST, width=0.8)))
    for tid in spec.combats:
        shapes.append(_burst(at[tid][0], at[tid][1] + R * 0.25, R * 0.86, boxes, corners(at[tid], R * 0.97)))
    r = R * 0.3
    # as `position_diagram`: arrows under the removed marks, the pieces over both
    ghosts: list[Box] = []
    gone: list[Shape] = []
    placed: dict[str, list[Placed]] = {}
    for tid in dict.fromkeys([*spec.losses, *spec.units]):
        cx, cy = at[tid]
        placed[tid], drawn, marks = cell_pieces(game, corners((cx, cy), R * 0.97), TILE_LINE / 2 + R * 0.02, boxes,
                                                cy + 1.5, spec.units.get(tid, []), spec.losses.get(tid, []), r, MAP_PT)
        gone += drawn
        ghosts += marks
    # where a tile came from: a dashed outline and an arrow, routed round the pieces on its way
    stacks = [(px - pr * 1.2, py - pr * 1.2, px + pr * 1.2, py + pr * 2.1)
              for tile in placed.values() for _, _, px, py, pr, _, _ in tile]
    for src, dst in moved:
        (ax, ay), (bx, by) = centre(src, R), centre(dst, R)
        shapes.append(Polygon(corners((ax - x0, ay - y0), R * 0.9), Style(stroke="#8a8170", width=0.35, dash=(1.2, 1))))
        low = R * 0.3    # from the middle of the tiles, below their labels
        shapes += _arrow(ax - x0, ay - y0 + low, bx - x0, by - y0 + low, "#8a8170", R * 0.07, boxes + stacks)
    for start, end, colour in spec.arrows:
        if start in at and end in at:
            a = _leaving((at[start][0], at[start][1] + 1.5), at[end], placed.get(start, []), R * 0.08, boxes)
            shapes += _arrow(*a, *aim(a, placed.get(end, []), (at[end][0], at[end][1] + 1.5), R * 0.08, boxes), colour,
                             R * 0.08, boxes)
    for cells, colour in spec.routes:
        if len(cells) >= 2 and all(c in at for c in cells):
            (ax, ay), (bx, by) = at[cells[0]], at[cells[-1]]
            # through the lower half of a cell passed: clear of its label above
            via = [(at[c][0], at[c][1] + R * 0.35) for c in cells[1:-1]]
            tip = aim(via[-1] if via else (ax, ay + 1.5), placed.get(cells[-1], []), (bx, by + 1.5), R * 0.08, boxes)
            shapes += _arrow(ax, ay + 1.5, *tip, colour, R * 0.08, boxes, via)
    shapes += gone
    shapes += place_units(game, [p for tile in placed.values() for p in tile], ghosts + boxes)
    scene.add(*shapes)
    return scene
