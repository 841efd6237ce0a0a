"""Daimyo's map diagrams: the Han tiles and the units on them, as a notation snapshot records them."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...draw.diagram import DiagramSpec, Stack
from ...draw.shapes import Scene
from ...draw.tilemap import MAP_PT, tile_map
from ...model import Game

Snapshot = dict[str, Any]   # `notation.snapshot`: units, Han and owners after a step
Frame = tuple[float, float, float, float]
Moved = Sequence[tuple[tuple[int, int], tuple[int, int]]]


def spec_of(game: Game, snap: Snapshot) -> DiagramSpec:
    spec = DiagramSpec()
    # the Rōnin's own colour (white, as the rulebook's pieces): the diagram outlines a pale piece in ink
    ronin = next((p.colour for p in game.pieces_file.pieces if p.id == "ronin" and p.colour), "#ffffff")
    for clan, stacks in snap["bushi"].items():
        colour = game.clans[clan].colour
        for tile, n in stacks.items():
            spec.units.setdefault(tile, []).append(Stack("bushi", colour, n, clan))
        for tile, n in snap["ronin"][clan].items():
            spec.units.setdefault(tile, []).append(Stack("bushi", ronin, n, clan))
        if snap["daimyo"].get(clan):
            spec.units.setdefault(snap["daimyo"][clan], []).insert(0, Stack("daimyo", colour, clan=clan))
    return spec


def draw(game: Game, snap: Snapshot, spec: DiagramSpec, frame: Frame | None, moved: Moved = (),
         name: str = "map", label_pt: float = MAP_PT) -> Scene:
    tiles = {t: (p, snap["owner"][t]) for t, p in snap["tiles"].items()}
    return tile_map(game, tiles, spec, frame, moved, name, label_pt)
