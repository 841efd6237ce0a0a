"""The booklet's card diagrams (pnp/games/samurai_vassal/diagram.py): a card drawn 15 mm wide and then
scaled to the page must still say which card it is. Issue 25 found 'Red is Nene and Blue is Maeda'
impossible to see, every name having become a grey bar; now a character's short name and every card's
emblem are drawn at sizes the booklet keeps as text."""

from __future__ import annotations

from pnp.catalog import cards_dir
from pnp.draw import text
from pnp.draw.shapes import Group, Path, Text
from pnp.games.samurai_vassal.booklet import example_figures, walkthrough
from pnp.games.samurai_vassal.cards import CHARACTER_IDS
from pnp.games.samurai_vassal.diagram import DIAGRAM_MM, NAME_PT, diagram_face
from pnp.model import load_game
from pnp.model.load import read_toml
from pnp.reference.flow import LEAST_PT, Flow, Frame

GAME = load_game(cards_dir() / "samurai-vassal")
SHORT = read_toml(GAME.folder / "booklet" / "narration.en.toml")["short-names"]
# the smallest scale a four-player walkthrough figure is printed at: two figures a row
CELL = (Flow(Frame(), "t").width - 5) / 2


def _texts(shapes, scale):  # type: ignore[no-untyped-def]
    """(words, size once printed) of every text line among `shapes` drawn at `scale`."""
    for s in shapes:
        if isinstance(s, Text):
            yield "".join(r.text for r in s.runs), s.size * scale
        elif isinstance(s, Group):
            yield from _texts(s.shapes, scale * s.scale)


def _paths(shapes):  # type: ignore[no-untyped-def]
    return sum(1 if isinstance(s, Path) else _paths(s.shapes) if isinstance(s, Group) else 0 for s in shapes)


def test_every_character_has_a_short_name_that_is_a_word_of_its_name():
    titles = {c.type_id: c.type.title["en"] for c in GAME.cards}
    assert set(SHORT) == set(CHARACTER_IDS)
    for cid, short in SHORT.items():
        assert short in titles[cid].split(), (cid, short)


def test_every_short_name_fits_its_card_at_the_legible_size():
    # The face keeps the name at NAME_PT (no shrinking): a name too wide for the card would overflow it.
    for card in (c for c in GAME.cards if c.type_id in CHARACTER_IDS):
        face = diagram_face(GAME, card, "en", SHORT[card.type_id])
        k = DIAGRAM_MM / face.width
        [(words, size)] = [(w, s) for w, s in _texts(face.shapes, k) if w == SHORT[card.type_id]]
        assert size == NAME_PT
        assert text.measure(words, "sans", NAME_PT) <= DIAGRAM_MM * 0.94, card.type_id
        assert _paths(face.shapes) >= 3, f"{card.type_id}: no emblem drawn"


def test_the_walkthrough_shows_the_characters_names_as_text():
    t, rounds = walkthrough(GAME, GAME.folder / "samples" / "samurai.toml", "en")
    for log, r in zip(t.rounds, rounds, strict=True):
        reveal = r.panels[0].scene
        shown = {w for w, size in _texts(reveal.shapes, CELL / reveal.width) if size >= LEAST_PT}
        for card in log.plays.values():
            if card in CHARACTER_IDS:
                assert SHORT[card] in shown, (log.round, card)


def test_the_win_together_example_shows_nene_and_maeda():
    # "Nene wins with a level-5 winner, and Maeda Toshiie with a level-2 winner: Nene."
    [figure] = example_figures(GAME, "en", "09-win-together-chain")
    scale = Flow(Frame(), "t").width / figure.scene.width
    shown = {w for w, size in _texts(figure.scene.shapes, min(scale, 1.0)) if size >= LEAST_PT}
    assert {"Nene", "Maeda"} <= shown
