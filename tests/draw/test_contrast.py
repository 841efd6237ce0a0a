"""Defect 10 (issue 10): every text of every component reads against what lies under it, at the
WCAG minimum of 4.5:1. The test walks each drawn scene in paint order, finds the topmost filled
shape under each line of text and measures the contrast of the two colours."""

import math

import pytest

from pnp.draw.board import board_scene
from pnp.draw.card import PAPER, card_back, card_face
from pnp.draw.contrast import ratio, readable
from pnp.draw.piece import counter_back_scene, counter_scene
from pnp.draw.shapes import Circle, Group, Polygon, Rect, Text
from pnp.draw.tile import mat_scene, tile_scene
from pnp.model import load_game
from pnp.model.colours import parse_colour
from pnp.paths import cards_dir


def _walk(shapes, matrix=(1.0, 0.0, 0.0, 1.0, 0.0, 0.0)):
    """Shapes in paint order with the matrix (a, b, c, d, e, f) taking their coordinates to the scene's."""
    for s in shapes:
        if isinstance(s, Group):
            a, b, c, d, e, f = matrix
            t = math.radians(s.rotate)
            cos, sin = math.cos(t) * s.scale, math.sin(t) * s.scale
            # translate(dx, dy) then rotate then scale, composed onto the parent's matrix
            e2, f2 = a * s.dx + c * s.dy + e, b * s.dx + d * s.dy + f
            yield from _walk(s.shapes, (a * cos + c * sin, b * cos + d * sin, -a * sin + c * cos,
                                        -b * sin + d * cos, e2, f2))
        else:
            yield s, matrix


def _inverse(m, x, y):
    a, b, c, d, e, f = m
    det = a * d - b * c
    x, y = x - e, y - f
    return (d * x - c * y) / det, (-b * x + a * y) / det


def _apply(m, x, y):
    a, b, c, d, e, f = m
    return a * x + c * y + e, b * x + d * y + f


def _inside(shape, x, y):
    if isinstance(shape, Rect):
        return shape.x <= x <= shape.x + shape.w and shape.y <= y <= shape.y + shape.h
    if isinstance(shape, Circle):
        return (x - shape.cx) ** 2 + (y - shape.cy) ** 2 <= shape.r ** 2
    if isinstance(shape, Polygon) and shape.closed:
        pts, hit = shape.points, False
        for (x1, y1), (x2, y2) in zip(pts, pts[1:] + pts[:1]):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit
    return False


def low_contrast(scene, default="#ffffff"):
    """(text, ink, background, ratio) for every text under 4.5:1 in the scene."""
    painted = list(_walk(scene.shapes))
    bad = []
    for i, (s, m) in enumerate(painted):
        if not isinstance(s, Text):
            continue
        left = s.x - {"start": 0, "middle": s.width / 2, "end": s.width}[s.anchor]
        x, y = _apply(m, left + s.width / 2, s.y - s.size * 0.12)   # mid-line, just above the baseline
        under = default
        for shape, sm in reversed(painted[:i]):
            if getattr(shape, "style", None) is not None and shape.style.fill and _inside(shape, *_inverse(sm, x, y)):
                under = shape.style.fill
                break
        r = ratio(parse_colour(s.fill), parse_colour(under))
        if r < 4.5:
            bad.append((s.string, s.fill, under, round(r, 2)))
    return bad


def scenes(game_id, lang):
    game = load_game(cards_dir() / game_id)
    for card in game.cards:
        yield f"card {card.label}", card_face(game, card, lang)
        yield f"back {card.label}", card_back(game, card, lang)
    for counter in game.counters:
        yield f"counter {counter.slug}", counter_scene(counter, lang)
        if counter.piece.back:
            yield f"counter back {counter.slug}", counter_back_scene(counter, lang)
    if game.board:
        yield "board", board_scene(game, lang)
    if game.tiles:
        yield "neutral tile", tile_scene(game, None, lang)
        for clan in game.clans.values():
            yield f"tile {clan.id}", tile_scene(game, clan, lang)
    if game.mats:
        for clan in game.clans.values():
            yield f"mat {clan.id}", mat_scene(game, clan, lang)


@pytest.mark.parametrize("game_id, lang", [("daimyni", "en"), ("daimyni", "it"), ("daimyo", "en")])
def test_every_text_of_every_component_reads_at_4_5_to_1(game_id, lang):
    bad = {}
    for name, scene in scenes(game_id, lang):
        found = low_contrast(scene)
        if found:
            bad[name] = found[:3]
    assert not bad, bad


def test_the_walker_sees_a_known_failure():
    from pnp.draw import text
    from pnp.draw.shapes import Scene, Style
    scene = Scene("t", 50, 20)
    scene.add(Rect(0, 0, 50, 20, Style(fill=PAPER)), Group(tuple(text.box(0, 0, 50, 20, "Kihei", "sans", 9,
                                                                          fill="#e0b000")), 0, 0, 90))
    assert low_contrast(scene)   # the text turned a quarter lies off the paper: white behind it, still too pale
    assert ratio("#000000", "#ffffff") == pytest.approx(21)


def test_readable_keeps_a_good_ink_and_darkens_a_pale_one():
    assert readable("#231f1a", PAPER) == "#231f1a"
    yellow = readable("#d4a017", PAPER)
    assert yellow != "#d4a017" and ratio(yellow, PAPER) >= 4.5
    assert ratio(readable("#f0f0f0", "#ffffff"), "#ffffff") >= 4.5


@pytest.mark.parametrize("ink_saver", [False, True])
def test_daimyos_ronin_counters_are_white_with_a_dark_ring_and_dark_words(ink_saver):
    """The Daimyo rulebook's three Rōnin are white pieces. Their counters are white, and on white paper only
    their ring and words show where they are: those are dark (7:1 or more on white), in colour and with
    the ink saver alike."""
    from pnp.draw.ink import save_ink

    game = load_game(cards_dir() / "daimyo")
    ronin = [c for c in game.counters if c.piece.id == "ronin"]
    assert len(ronin) == 3
    for counter in ronin:
        shapes = counter_scene(counter, "en").shapes
        shapes = save_ink(shapes) if ink_saver else shapes
        [disc] = [s for s in shapes if isinstance(s, Circle) and s.style.fill]
        assert parse_colour(disc.style.fill) == "#ffffff"
        rings = [s.style.stroke for s in shapes if isinstance(s, Circle) and s.style.stroke]
        words = [s.fill for s in shapes if isinstance(s, Text)]
        assert rings and len(words) == 2    # the kanji and the name
        assert all(ratio(ink, "#ffffff") >= 7 for ink in rings + words), (rings, words)
