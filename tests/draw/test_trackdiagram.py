"""Track diagrams: markers drawn on the spaces the engine says, side by side when they share one."""

from pathlib import Path

import pytest

from pnp.draw.shapes import Circle
from pnp.draw.trackdiagram import space_centre, track_diagram
from pnp.model import load_game

GAME = load_game(Path(__file__).parents[1] / "fixtures" / "tracks-only")


def markers(scene, colour):
    return [(round(s.cx, 2), round(s.cy, 2)) for s in scene.shapes
            if isinstance(s, Circle) and s.style.fill == colour]


def test_a_marker_stands_on_its_space():
    water = GAME.trackboard.tracks[0]          # spaces 20 mm wide from x = 20, y = 40
    scene = track_diagram(GAME, {"water": [(5, "#123456")]})
    [(x, y)] = markers(scene, "#123456")
    assert x == 20 + 5 * 20 + 10 == space_centre(water, 5)[0]
    assert 40 < y < 60


def test_markers_sharing_a_space_sit_side_by_side_inside_it():
    scene = track_diagram(GAME, {"rice": [(2, "#aa0000"), (2, "#0000aa")]})
    (ax, ay), (bx, by) = markers(scene, "#aa0000") + markers(scene, "#0000aa")
    assert ay == by and ax < bx
    assert 20 + 2 * 20 < ax and bx < 20 + 3 * 20      # both inside space 2


def test_a_value_off_the_track_is_refused():
    with pytest.raises(ValueError, match="track 'rice' runs 0-6, not 7"):
        track_diagram(GAME, {"rice": [(7, "#aa0000")]})
