"""Issue 10, defect 10: component looks a test can state."""

import pytest

from pnp.draw.board import LEGEND_R, _legend
from pnp.draw.card import card_back, card_face
from pnp.draw.piece import CUT as COUNTER_CUT
from pnp.draw.piece import counter_scene
from pnp.draw.shapes import Circle, Group, Polygon, Rect, Text
from pnp.draw.tile import CUT as TILE_CUT
from pnp.draw.tile import tile_scene
from pnp.hexgrid import SQRT3
from pnp.model import load_game
from pnp.paths import cards_dir


@pytest.fixture(scope="module")
def daimyo():
    return load_game(cards_dir() / "daimyo")


def test_card_backs_have_no_frame_near_the_edge(daimyo):
    """A thin frame 3.5 mm in shows every duplex misregistration: backs are colour to the bleed and
    a medallion in the middle, with no stroked outline."""
    for card in daimyo.cards:
        back = card_back(daimyo, card, "en")
        strokes = [s for s in back.shapes if isinstance(s, (Rect, Circle, Polygon)) and s.style.stroke]
        assert not strokes, card.label


def test_card_numbers_of_a_deck_are_one_size(daimyo):
    sizes = {}
    for card in daimyo.cards:
        face = card_face(daimyo, card, "en")
        sizes[card.label] = next(s.size for s in face.shapes if isinstance(s, Text) and s.string == card.label)
    assert sizes["A10"] == sizes["A1"] == sizes["A12"] == sizes["A9"]


def test_the_legend_draws_the_boards_double_circle_scaled_down():
    game = load_game(cards_dir() / "daimyni")
    marks = [s for s in _legend(game, "en", 100, 100) if isinstance(s, Group)]
    double = [g for g in marks if len(g.shapes) == 2]
    assert len(double) == 1                       # the Daimyo's
    outer, inner = double[0].shapes
    k = double[0].scale
    assert outer.r * k == pytest.approx(LEGEND_R)
    gap = (outer.r - inner.r) * k - outer.style.width * k   # paper between the two rings, mm
    assert gap > 0.25


def test_tile_and_counter_outlines_lie_inside_the_cut_line(daimyo):
    tile = tile_scene(daimyo, next(iter(daimyo.clans.values())), "en")
    outline = [s for s in tile.shapes if isinstance(s, Polygon) and s.style is TILE_CUT][0]
    cx, cy = tile.width / 2, tile.height / 2
    corner = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 for x, y in outline.points)
    r = daimyo.tiles.radius
    # the stroke's outer edge on the cut line: inset half a stroke across the edges
    assert (r - corner) * SQRT3 / 2 == pytest.approx(TILE_CUT.width / 2)
    counter = daimyo.counters[0]
    scene = counter_scene(counter, "en")
    cut = [s for s in scene.shapes if isinstance(s, Circle) and s.style is COUNTER_CUT][0]
    assert cut.r + COUNTER_CUT.width / 2 == pytest.approx(counter.piece.diameter / 2)
