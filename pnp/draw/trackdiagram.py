"""Diagrams of a track board with markers on it: where each player's marker stands on each
track, for a walkthrough. Input is plain data (track id -> [(value, colour)]), so any engine
with tracks (water and rice levels, scores) can feed it.

>>> from pnp.model import load_game
>>> from pathlib import Path
>>> game = load_game(Path("tests/fixtures/tracks-only"))
>>> scene = track_diagram(game, {"water": [(3, "#b8262f"), (3, "#1f4e9c")], "rice": [(6, "#b8262f")]})
>>> round(scene.width), round(scene.height)
(376, 250)
>>> space_centre(game.trackboard.tracks[0], 3)
(90.0, 50.0)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import DefinitionError
from ..model import Game
from .shapes import Circle, Scene, Style
from .trackboard import trackboard_scene

if TYPE_CHECKING:      # the models of track boards are made only for a game that has one (pnp.model.extras)
    from ..model.extras import Track


def space_centre(track: Track, value: int) -> tuple[float, float]:
    """The centre of the space numbered `value`, mm from the board's top-left."""
    i = value - track.first
    x, y = track.at
    s = track.space
    if track.direction == "right":
        return x + i * s + s / 2, y + s / 2
    return x + s / 2, y + i * s + s / 2


def track_diagram(game: Game, markers: dict[str, list[tuple[int, str]]], name: str = "tracks",
                  lang: str | None = None) -> Scene:
    """The track board with a disc per marker; markers sharing a space sit side by side."""
    bd = game.trackboard
    if bd is None:
        raise DefinitionError(game.files["tracks"], None, "file not found: a track diagram needs tracks.toml")
    tracks = {t.id: t for t in bd.tracks}
    base = trackboard_scene(game, lang or game.meta.languages[0])
    scene = Scene(name, base.width, base.height, 0.0)
    scene.add(*base.shapes)
    for tid, marks in markers.items():
        if tid not in tracks:
            raise KeyError(f"no track {tid!r} (tracks: {', '.join(tracks)})")
        t = tracks[tid]
        by_space: dict[int, list[str]] = {}
        for value, colour in marks:
            if not t.first <= value <= t.last:
                raise ValueError(f"track {tid!r} runs {t.first}-{t.last}, not {value}")
            by_space.setdefault(value, []).append(colour)
        r = t.space * 0.17
        for value, colours in by_space.items():
            cx, cy = space_centre(t, value)
            for k, colour in enumerate(colours):
                dx = (k - (len(colours) - 1) / 2) * r * 2.2
                scene.add(Circle(cx + dx, cy + t.space * 0.22, r, Style(fill=colour, stroke="#ffffff", width=r * 0.25)))
    return scene
