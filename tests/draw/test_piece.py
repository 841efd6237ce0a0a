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


def _dark_rings(scene):
    from pnp.draw.contrast import luminance
    from pnp.draw.shapes import Circle

    return [s for s in scene.shapes if isinstance(s, Circle) and s.style.stroke and s.style.stroke.startswith("#")
            and luminance(s.style.stroke) < 0.1]


@pytest.mark.parametrize("game_id", ["daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire"])
def test_the_only_dark_ring_on_a_coloured_counter_is_its_cut_line(game_id):
    """Issue 24 review (All games 2, Samurai Vassal D1): the Trust tokens (and Dôjima's Ryô) printed a
    near-black ring 1.5-1.9 mm inside the black cut circle: "cut along the black circles" then had two
    candidates, and a cut on the inner one made a token 3-4 mm too small. On every counter of a colour
    (a white counter keeps a dark edge to its face) the one dark ring is the cut line, on the edge; a
    two-sided counter's back, printed on its own sheet with no cut line, has none."""
    from pnp.draw.contrast import luminance

    game = load_game(cards_dir() / game_id)
    checked = 0
    for slug in dict.fromkeys(c.slug for c in game.counters):
        counter = next(c for c in game.counters if c.slug == slug)
        if luminance(counter.colour) >= 0.6:
            continue
        r = counter.piece.diameter / 2
        rings = _dark_rings(counter_scene(counter, "en", game=game))
        assert [round(c.r + c.style.width / 2, 3) for c in rings] == [round(r, 3)], (slug, rings)
        if counter.piece.back is not None:
            assert _dark_rings(counter_back_scene(counter, "en", game)) == [], slug
        checked += 1
    assert checked


def test_trust_tokens_show_their_value_bold_and_large_on_a_coin():
    """Issue 24 review (Samurai Vassal D1): the value was a thin regular numeral, black on dark ochre,
    and the tokens the only pieces with no drawing. Now the value is bold, at least 14 pt, dark on the
    coin's pale field (4.5:1 or more), and the biggest text on the token."""
    from pnp.draw.contrast import ratio
    from pnp.draw.shapes import Path, Text

    game = load_game(cards_dir() / "samurai-vassal")
    for value in ("1", "5"):
        counter = next(c for c in game.counters if c.piece.id == f"trust-{value}")
        scene = counter_scene(counter, "en", game=game)
        texts = [s for s in scene.shapes if isinstance(s, Text)]
        big = max(texts, key=lambda t: t.size)
        assert big.string == value and big.size >= 14 and all(run.font == "sans-bold" for run in big.runs)
        art = [p for g in scene.shapes if isinstance(g, Group) for p in g.shapes if isinstance(p, Path)]
        assert len(art) > 10                                  # the coin: its rim, beads and field
        field = art[-1].style.fill
        assert field and ratio(big.fill, field) >= 4.5, (big.fill, field)


def _strokes(shapes):
    from pnp.draw.shapes import Circle, Path

    for s in shapes:
        if isinstance(s, Group):
            yield from _strokes(s.shapes)
        elif isinstance(s, (Circle, Path)) and s.style.stroke:
            yield s


@pytest.mark.parametrize("game_id", ["daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire"])
def test_the_ink_saver_keeps_a_counters_colour_inside_its_cut(game_id):
    """Issue 24 review (Shogun Solitaire D1): in the ink saver a counter's ground turns a pale tint
    outlined *outside* the cut, and the objective counters' mons, drawn white, vanished on it: once cut
    the four clans differed by a 5-10 % tint. As printed (`save_ink`, as the renderers apply it), every
    coloured counter keeps its full colour inside the cut line: a counter without a figure as a band
    1 mm wide or more (its mon and words in its colour, not white), a clan's one with a figure in that
    figure's outlines; and so does a two-sided counter's back."""
    from pnp.draw.contrast import luminance
    from pnp.draw.ink import ink_saving, save_ink
    from pnp.draw.shapes import Circle, Path, Text

    game = load_game(cards_dir() / game_id)
    checked = 0
    for slug in dict.fromkeys(c.slug for c in game.counters):
        counter = next(c for c in game.counters if c.slug == slug)
        if luminance(counter.colour) >= 0.6:
            continue
        r = counter.piece.diameter / 2
        with ink_saving(True):
            scenes = [counter_scene(counter, "en", game=game)]
            if counter.piece.back is not None:
                scenes.append(counter_back_scene(counter, "en", game))
        for scene in scenes:
            shapes = save_ink(scene.shapes)
            mine = [s for s in _strokes(shapes) if s.style.stroke == counter.colour]
            if counter.piece.image is None:
                bands = [c for c in mine if isinstance(c, Circle) and c.style.width >= 1.0
                         and c.r + c.style.width / 2 <= r + 1e-6]
                assert len(bands) == 1, (slug, scene.name)
                assert not [t for t in shapes if isinstance(t, Text) and luminance(t.fill) >= 0.6], slug
            elif counter.clan is not None:      # a neutral piece with a figure (a Tanbo) is told by its figure
                inside = [p for p in mine if isinstance(p, Path)
                          and all((x - r) ** 2 + (y - r) ** 2 <= r * r for _op, pts in p.segments
                                  for x, y in zip(pts[0::2], pts[1::2]))]
                assert inside, (slug, scene.name)
        checked += 1
    assert checked
