"""Issue 24 for the booklet diagrams: a unit's clan showed by its disc's colour alone, and Daimyo's
red and green become one olive for a deuteranope. Every unit disc now carries its clan's mon."""

import pytest

from pnp.draw import image
from pnp.draw.colourblind import confusable
from pnp.draw.shapes import Circle, Group
from pnp.games.daimyo.booklet import example_figures, start_maps
from pnp.model import load_game
from pnp.paths import cards_dir


@pytest.fixture(scope="module")
def daimyo():
    return load_game(cards_dir() / "daimyo")


def _mon_of(game, shape):
    """The clan whose mon (in its own colour) the group draws, or None."""
    if not isinstance(shape, Group) or shape.clip is None:
        return None
    for k, clan in enumerate(game.meta.clans):
        drawn = image.placed(game.folder / clan.emblem, shape.clip, game.files["game"], f"clans[{k}].emblem",
                             clan.colour)
        if shape == drawn[0]:
            return clan.id
    return None


def test_every_unit_in_a_daimyo_diagram_carries_its_clans_mon(daimyo):
    colours = {c.colour: c.id for c in daimyo.meta.clans}
    scenes = [s for s, _ in start_maps(daimyo, "en")] + [s for s, _ in example_figures(daimyo, "en")]
    units = 0
    for scene in scenes:
        mons = [(s.clip, clan) for s in scene.shapes if (clan := _mon_of(daimyo, s))]
        for s in scene.shapes:
            # a unit: a solid disc of a clan's colour edged in white (removed pieces are dashed, white-filled)
            if not (isinstance(s, Circle) and s.style.fill in colours and s.style.stroke == "#ffffff"):
                continue
            units += 1
            below = [clan for (x, y, w, h), clan in mons
                     if abs(x + w / 2 - s.cx) < 0.01 and 0 < y + h / 2 - s.cy < s.r * 1.3]
            assert below == [colours[s.style.fill]], (scene.name, s)
    assert units > 20
    # the check has teeth: by colour alone the clans are confusable
    assert confusable({c.id: (c.colour, "disc") for c in daimyo.meta.clans})
