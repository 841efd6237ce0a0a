"""The walkthroughs show every kind of card at work (issue 16): the sample games a booklet's text
names with @walkthrough, replayed, resolve at least one card of each type; a round's `note` (the
designer's comment) is printed beside it."""

import re

import pytest

from pnp.catalog import find_game
from pnp.games.daimyni import notation as dn
from pnp.games.daimyni.rules import Rules
from pnp.games.daimyo import notation as yn
from pnp.model.game import load_game
from pnp.model.load import read_toml
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf


def walkthroughs(game, lang):
    text = (game.folder / "booklet" / f"rules.{lang}.md").read_text(encoding="utf-8")
    return [game.folder / "samples" / f"{n}.toml" for n in re.findall(r"^@walkthrough\s+(\S+)", text, re.M)]


def resolved_types(game, paths):
    types = {c.number: c.type_id for c in game.cards}
    seen = set()
    for path in paths:
        t = dn.replay(path.read_text(encoding="utf-8"), Rules(game))
        seen |= {types[s.number] for r in t.rounds for s in r.steps}
    return seen


@pytest.mark.parametrize("lang", ["en", "it"])
def test_daimyni_walkthroughs_resolve_every_card_type(lang):
    game = load_game(find_game("daimyni"))
    assert resolved_types(game, walkthroughs(game, lang)) == {c.type_id for c in game.cards}


def test_daimyo_walkthrough_carries_out_every_basic_card_type():
    """Every basic card (A Bushi Move, B Bushi Recruitment, C Daimyo Move, D New Han, E Han Move) is
    played in the walkthrough and does something: a card with no legal use resolves with no action,
    and that would not show the card at work."""
    game = load_game(find_game("daimyo"))
    basic = {c.type_id for c in game.cards if c.type.letter in "ABCDE" and c.type.letter}
    seen = set()
    for path in walkthroughs(game, "en"):
        t = yn.replay(path.read_text(encoding="utf-8"), game, str(path))
        labels = {s.card for r in t.rounds for s in r.steps if s.action}
        seen |= {c.type_id for c in game.cards if (c.label or f"{c.type.letter}{c.number}") in labels}
    assert basic <= seen, basic - seen


def test_daimyo_designer_notes_are_printed_beside_their_rounds():
    game = load_game(find_game("daimyo"))
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(game, "en")], "t"))
    text = " ".join(" ".join(p.get_text() for p in doc).split())
    notes = [r["note"]["en"] for path in walkthroughs(game, "en") for r in read_toml(path)["round"] if "note" in r]
    assert len(notes) == 4
    assert text.count("Note.") == len(notes)
    assert "Designer" not in text   # the notes are the project's, not the rulebook author's
    for note in notes:
        assert " ".join(note.split()[:6]) in text


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "it"])
def test_designer_notes_are_printed_beside_their_rounds(lang):
    game = load_game(find_game("daimyni"))
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(game, lang)], "t"))
    text = " ".join(" ".join(p.get_text() for p in doc).split())
    label = {"en": "Note.", "it": "Nota."}[lang]   # the project's notes, not the author's words
    notes = [r["note"][lang] for path in walkthroughs(game, lang) for r in read_toml(path)["round"] if "note" in r]
    assert len(notes) == 6
    assert text.count(label) == len(notes)
    assert not any(word in text for word in ("Designer", "dell’autore"))
    for note in notes:
        assert " ".join(note.split()[:6]) in text
