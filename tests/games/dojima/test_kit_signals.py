"""Issue 24 for Dôjima: a player's markers are told apart by a sign as well as by colour, and the
ink saver keeps each player's colour inside the cut line (it used to survive only as a 0.3 mm ring on
the offcut, leaving blue and purple, red and orange, at ΔE 3.3-3.6)."""

from collections import Counter

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.draw.card import card_face
from pnp.draw.colourblind import confusable
from pnp.draw.contrast import mix
from pnp.draw.ink import TINT
from pnp.draw.piece import counter_scene
from pnp.draw.shapes import Group
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.render.pdf import Page, render_pdf

MM = 72 / 25.4


@pytest.fixture(scope="module")
def game():
    return load_game(cards_dir() / "dojima")


def test_players_differ_by_their_sign_not_by_colour_alone(game):
    markers = {c.id: (c.colour, c.emblem or "") for c in game.meta.clans}
    assert len(markers) == 6 and all(sign for _, sign in markers.values())
    assert len({sign for _, sign in markers.values()}) == 6
    assert confusable(markers) == []
    # what the ink saver left on a counter before (its pale tint), with one sign for all: the check fails
    pale = {k: (mix(colour, 1.0, TINT), "disc") for k, (colour, _) in markers.items()}
    assert any(line.startswith("blue and purple") for line in confusable(pale))


def test_every_player_marker_shows_its_sign(game):
    for counter in game.counters:
        if counter.clan is not None:
            groups = [s for s in counter_scene(counter, "en", game=game).shapes if isinstance(s, Group)]
            assert len(groups) == 2, counter.slug        # the water drop or rice sheaf, and the player's sign


def _rgb(hex_colour):
    return tuple(round(int(hex_colour[i:i + 2], 16) / 255, 2) for i in (1, 3, 5))


def test_the_ink_saver_keeps_each_players_colour_inside_the_cut(game):
    """Read the ink-saver counter sheet back: for each player, both 11.5 mm markers carry a band of
    the full colour at least 0.8 mm wide whose outer edge lies inside the 5.75 mm cut radius."""
    [pdf] = [a for a in build_kit(game, Options(only=("pieces",), svg=False, ink_saver=True))
             if a.name.endswith(".pdf")]
    assert pdf.name.endswith("-ink-saver.pdf")
    page = pymupdf.open(stream=pdf.data, filetype="pdf")[0]
    drawings = page.get_drawings()
    cut = 11.5 / 2
    for clan in game.meta.clans:
        colour = _rgb(clan.colour)
        bands = [d for d in drawings if d.get("color") and tuple(round(c, 2) for c in d["color"]) == colour
                 and d.get("width") and d["width"] >= 0.8 * MM and d["rect"].width < 12.5 * MM]
        assert len(bands) == 2, (clan.id, len(bands))     # the water marker and the rice marker
        for d in bands:
            radius = (d["rect"].width - d["width"]) / 2 / MM      # the rect includes half the stroke each side
            outer = radius + d["width"] / 2 / MM
            assert outer <= cut + 0.01, (clan.id, outer)


def test_every_card_kind_has_its_own_picture_and_rules_text_of_7_pt(game):
    arts = {name: t.image for name, t in game.deck.types.items()}
    assert len(arts) == 11 and all(arts.values()) and len(set(arts.values())) == len(arts)
    for card in game.cards:
        layout = game.face_layout_of(card)
        assert layout.elements["text"].min_size >= 7.0, card.label


def test_no_card_front_is_mostly_one_flat_colour_and_workers_show_their_sign(game):
    seen = {}
    for card in game.cards:
        seen.setdefault((card.type_id, card.clan.id if card.clan else ""), card)
    for card in seen.values():
        scene = card_face(game, card, "en")
        pdf = render_pdf([Page(scene.width, scene.height, scene.shapes)], "t")
        pix = pymupdf.open(stream=pdf, filetype="pdf")[0].get_pixmap(dpi=40)
        counts = Counter(bytes(pix.samples[i:i + 3]) for i in range(0, len(pix.samples), 3))
        assert counts.most_common(1)[0][1] / sum(counts.values()) < 0.5, card.label
        if card.clan is not None:
            x, y, bw, bh = game.face_layout_of(card).elements["emblem"].box
            w, h = game.size_of(card).size
            box = (x * w, y * h, bw * w, bh * h)
            assert [s for s in scene.shapes if isinstance(s, Group) and s.clip == box], card.label


def test_the_board_is_illustrated(game):
    """The board was a plain table: now every track space has its drop or sheaf (a space marked
    "start" or "full" too, smaller, above its word: KITS.md Dôjima D3), every season and reveal step
    its picture, and the title band shows the fields and the exchange. The pictures are vector
    paths, inside the board's trim; every space is tinted with its track's colour and its word is
    7 pt (it was 6.5)."""
    from pnp.draw.trackboard import trackboard_scene

    scene = trackboard_scene(game, "en")
    pictures = [s for s in scene.shapes if isinstance(s, Group) and s.clip is not None]
    bd = game.trackboard
    spaces = sum(t.last - t.first + 1 for t in bd.tracks)
    cells = sum(len(p.cells) for p in bd.panels)
    assert spaces == 9 + 7 and cells == 1 + 4 + 6
    assert len(pictures) == spaces + cells + 2
    from pnp.draw.shapes import Rect, Text
    tinted = [s for s in scene.shapes if isinstance(s, Rect) and s.style.fill and s.style.fill != "#ffffff"
              and s.style.stroke in {t.colour for t in bd.tracks}]
    assert len(tinted) == spaces
    words = [s for s in scene.shapes if isinstance(s, Text) and s.string in ("start", "full")]
    assert len(words) == sum(len(t.marks) for t in bd.tracks) == 4 and all(w.size >= 7.0 for w in words)
    for g in pictures:
        x, y, w, h = g.clip
        assert 0 <= x and 0 <= y and x + w <= scene.width and y + h <= scene.height
    arts = {a.name: a for a in build_kit(game, Options(only=("board",), svg=False))}
    page = pymupdf.open(stream=arts["dojima-board-a3.pdf"].data, filetype="pdf")[0]
    fills = {tuple(round(c, 2) for c in d["fill"]) for d in page.get_drawings() if d.get("fill")}
    assert _rgb("#9cc46a") in fills and _rgb("#d9b650") in fills      # the paddies, the rice bales


def test_each_players_dice_have_pips_of_the_players_sign(game):
    """Blue and purple dice differed only by colour: their pips are now squares and stars."""
    signs = {c.id: c.emblem for c in game.meta.clans}
    player_dice = {d.id: (d.colour, d.pip or "") for d in game.dice.dice if d.id in signs}
    assert len(player_dice) == 6 and all(pip == signs[k] for k, (_, pip) in player_dice.items())
    assert confusable(player_dice) == []
    arts = {a.name: a for a in build_kit(game, Options(only=("dice",)))}
    four = arts["svg/dice/die-purple-4.svg"].data.decode()
    assert four.count("<circle") == 0 and four.count("<path") >= 4      # four star pips, no dots
