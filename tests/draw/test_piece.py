"""Issue 24 for Shogun Solitaire: its 12 objective counters (three per clan, pieces.toml) have no art,
so a clan showed by colour alone; each counter, front and "Seized" back, now carries its clan's mon."""

import pytest

from pnp.draw import image
from pnp.draw.colourblind import confusable
from pnp.draw.piece import counter_back_scene, counter_ink, counter_scene
from pnp.draw.shapes import Group
from pnp.model import load_game
from pnp.paths import cards_dir


@pytest.fixture(scope="module")
def shogun():
    return load_game(cards_dir() / "shogun-solitaire")


def _mons(scene, game):
    """Which clans' mons the scene draws, each recognised by its own paths in the counter's ink."""
    found = []
    for k, clan in enumerate(game.meta.clans):
        assert clan.emblem
        for s in scene.shapes:
            if not isinstance(s, Group):
                continue
            drawn = image.placed(game.folder / clan.emblem, s.clip, game.files["game"], f"clans[{k}].emblem",
                                 counter_ink(clan.colour))
            if s == drawn[0]:
                found.append(clan.id)
    return found


def test_every_objective_counter_front_and_back_carries_its_clans_mon(shogun):
    counters = [c for c in shogun.counters if c.piece.id == "objective"]
    assert len(counters) == 12 and {c.clan.id for c in counters} == {c.id for c in shogun.meta.clans}
    for c in counters:
        assert _mons(counter_scene(c, "en", game=shogun), shogun) == [c.clan.id], c.slug
        assert _mons(counter_back_scene(c, "en", shogun), shogun) == [c.clan.id], c.slug


def test_objective_counters_differ_by_more_than_colour(shogun):
    """Red and green come close for a deuteranope; the four mons are four different shapes."""
    markers = {c.clan.id: (c.colour, c.clan.emblem or "") for c in shogun.counters}
    assert len(markers) == 4 and all(sign for _, sign in markers.values())
    assert confusable(markers) == []
    assert confusable({k: (colour, "disc") for k, (colour, _) in markers.items()})   # colour alone is not enough
