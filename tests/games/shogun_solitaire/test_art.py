"""Issue 24 for Shogun Solitaire: clans are told apart by their mon as well as their colour, every
clan card carries its mon (small beside the name, large behind the rules text), and no card shows
a type index that reads as a strength."""

from collections import Counter

import pymupdf
import pytest

from pnp.draw.card import card_face
from pnp.draw.colourblind import confusable
from pnp.draw.shapes import Group, Path, Text
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.render.pdf import Page, render_pdf


@pytest.fixture(scope="module")
def game():
    return load_game(cards_dir() / "shogun-solitaire")


def test_clans_differ_by_their_mon_not_by_colour_alone(game):
    markers = {c.id: (c.colour, c.emblem or "") for c in game.meta.clans}
    assert all(sign for _, sign in markers.values())
    assert confusable(markers) == []
    # with one sign for all, the four colours alone fail the check (red and green for a deuteranope)
    assert confusable({k: (colour, "disc") for k, (colour, _) in markers.items()})


def test_each_mon_is_its_own_drawing(game):
    files = [(game.folder / c.emblem).read_bytes() for c in game.meta.clans]
    assert len(set(files)) == len(files)


def _mons(shapes, box):
    return [s for s in shapes if isinstance(s, Group) and s.clip == pytest.approx(box)
            and s.shapes and all(isinstance(p, Path) for p in s.shapes)]


def _box(layout, name, w, h):
    x, y, bw, bh = layout.elements[name].box
    return (x * w, y * h, bw * w, bh * h)


def test_every_clan_card_carries_its_mon_beside_the_name_and_behind_the_text(game):
    clan_cards = [c for c in game.cards if c.clan is not None]
    assert len(clan_cards) == 80
    for card in clan_cards:
        layout = game.face_layout_of(card)
        w, h = game.size_of(card).size
        shapes = card_face(game, card, "en").shapes
        small = _mons(shapes, _box(layout, "emblem", w, h))
        large = _mons(shapes, _box(layout, "ground", w, h))
        assert len(small) == 1 and len(large) == 1, card.label
        assert {p.style.fill for p in small[0].shapes} == {card.clan.colour}
        # the background mon is pale: the clan's tint, drawn before any text
        assert {p.style.fill for p in large[0].shapes} == {card.clan.tint}
        first_text = next(i for i, s in enumerate(shapes) if isinstance(s, Text))
        assert shapes.index(large[0]) < first_text
    for card in game.cards:
        if card.clan is None:
            layout = game.face_layout_of(card)
            w, h = game.size_of(card).size
            assert not _mons(card_face(game, card, "en").shapes, _box(layout, "emblem", w, h)), card.label


def test_no_card_prints_its_type_index(game):
    """The old face printed the card's number (1-25) at 24 pt in a ring: it read as a strength. The
    kit review (issue 24, Shogun Solitaire D4) found the small "#5" left in the corner read the same
    way, as a strength or a serial: no front prints the index, or any number but its rules' own."""
    for card in game.cards:
        texts = [s.string for s in card_face(game, card, "en").shapes if isinstance(s, Text)]
        assert not [t for t in texts if t.strip().strip("#") == card.label], card.label
        assert not [t for t in texts if t.strip().startswith("#")], card.label


def test_rules_text_on_cards_is_7_pt_or_more(game):
    for card in game.cards:
        layout = game.face_layout_of(card)
        w, h = game.size_of(card).size
        x, y, bw, bh = _box(layout, "text", w, h)
        texts = [s for s in card_face(game, card, "en").shapes if isinstance(s, Text) and x <= s.x <= x + bw
                 and y <= s.y <= y + bh]
        assert texts and min(t.size for t in texts) >= 7.0, card.label


def test_each_card_type_has_its_own_picture_in_place_of_the_index(game):
    arts = {t: ty.image for t, ty in game.deck.types.items()}
    assert len(arts) == 10 and all(arts.values()) and len(set(arts.values())) == 10
    for card in game.cards:
        layout = game.face_layout_of(card)
        w, h = game.size_of(card).size
        assert _mons(card_face(game, card, "en").shapes, _box(layout, "art", w, h)), card.label


def test_no_card_front_is_mostly_one_flat_colour(game):
    """One front of each card type and clan, rendered: its commonest colour covers under half of it."""
    seen = {}
    for card in game.cards:
        seen.setdefault((card.clan.id if card.clan else "", card.type_id), card)
    for card in seen.values():
        scene = card_face(game, card, "en")
        pix = pymupdf.open(stream=render_pdf([Page(scene.width, scene.height, scene.shapes)], "t"),
                           filetype="pdf")[0].get_pixmap(dpi=40)
        counts = Counter(bytes(pix.samples[i:i + 3]) for i in range(0, len(pix.samples), 3))
        assert counts.most_common(1)[0][1] / sum(counts.values()) < 0.5, card.label


def test_each_clan_has_a_two_sided_objective_board_with_its_mon_on_both_sides(game):
    """Rulebook: each clan board lists its objectives in order (port, village, castle), and is then
    turned over to its "Unified" side. Each board is printed as a fold-over pair."""
    bd = game.trackboard
    for clan in game.meta.clans:
        arts = {a.image: a for a in bd.art if a.clan == clan.id}
        front, back = arts["art/board-objectives.svg"], arts["art/board-unified.svg"]
        assert front.box[2:] == back.box[2:] and front.box[1] == back.box[1]
        assert back.box[0] == pytest.approx(front.box[0] + front.box[2])      # side by side: fold between
        mons = [a.box for a in bd.art if a.clan == clan.id and a.image == clan.emblem]
        for side in (front, back):
            x, y, w, h = side.box
            assert any(x <= m[0] and m[0] + m[2] <= x + w and y <= m[1] and m[1] + m[3] <= y + h for m in mons)


def _words_within(labels, box):
    x, y, w, h = box
    return {lab.text["en"]: lab.at for lab in labels if x <= lab.at[0] <= x + w and y <= lab.at[1] <= y + h}


def test_objectives_stack_port_village_castle_from_bottom_to_top(game):
    bd = game.trackboard
    for clan in game.meta.clans:
        front = next(a for a in bd.art if a.clan == clan.id and a.image == "art/board-objectives.svg")
        words = _words_within(bd.labels, front.box)
        port, village, castle = (words[w][1] for w in ("Port 港", "Village 里", "Castle 館"))
        assert port > village > castle                   # larger y is lower on the sheet
        back = next(a for a in bd.art if a.clan == clan.id and a.image == "art/board-unified.svg")
        assert any("Unified" in w for w in _words_within(bd.labels, back.box))


def test_every_word_on_the_objective_boards_is_7_pt_or_more(game):
    from pnp.draw.trackboard import trackboard_scene
    texts = [s for s in trackboard_scene(game, "en").shapes if isinstance(s, Text)]
    assert len(texts) > 40 and min(t.size for t in texts) >= 7.0


def test_a_board_label_under_7_pt_is_refused(tmp_path):
    import shutil

    from pnp.errors import DefinitionError
    folder = tmp_path / "shogun-solitaire"
    shutil.copytree(cards_dir() / "shogun-solitaire", folder)
    tracks = folder / "tracks.toml"
    tracks.write_text(tracks.read_text(encoding="utf-8").replace("size = 8.0\n", "size = 6.5\n", 1), encoding="utf-8")
    with pytest.raises(DefinitionError) as err:
        load_game(folder)
    assert "tracks.toml" in str(err.value) and "labels[" in str(err.value)


def test_the_back_is_light_and_shows_the_four_mons(game):
    """13 sheets of backs were #3b3b3b to the bleed. The back is now light parchment: at least 60 %
    relative luminance over most of it (the ink saver keeps such a fill as it is)."""
    from pnp.draw.card import card_back
    from pnp.draw.contrast import luminance

    card = game.cards[0]
    assert {c.back_key for c in game.cards} == {"shogun"}
    scene = card_back(game, card, "en")
    pix = pymupdf.open(stream=render_pdf([Page(scene.width, scene.height, scene.shapes)], "t"),
                       filetype="pdf")[0].get_pixmap(dpi=40)
    pixels = [pix.samples[i:i + 3] for i in range(0, len(pix.samples), 3)]
    light = sum(luminance("#" + bytes(p).hex()) >= 0.6 for p in pixels)
    assert light / len(pixels) > 0.8
    fills = {p.style.fill for s in scene.shapes if isinstance(s, Group) for p in s.shapes if isinstance(p, Path)}
    assert {c.colour for c in game.meta.clans} <= fills


def test_enemy_cards_stay_dark_grey_with_a_light_back(game):
    """Rulebook: "The Enemy cards are black/gray." They took their colour from the dark back; the
    back is light now, so they carry their own."""
    enemies = [c for c in game.cards if c.deck == "enemy"]
    assert len(enemies) == 9
    for card in enemies:
        r, g, b = (int(card.colour[i:i + 2], 16) for i in (1, 3, 5))
        assert max(r, g, b) - min(r, g, b) < 8 and max(r, g, b) < 96, card.label
