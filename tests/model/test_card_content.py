"""A card's own name, text, art and deck, over its type's (issue 23): unique art or a unique name
no longer needs a type per card."""

import shutil
from pathlib import Path

import pytest

from pnp.draw.card import card_face
from pnp.draw.shapes import Text
from pnp.errors import DefinitionError
from pnp.model import load_game

LANTERN = Path(__file__).resolve().parents[1] / "fixtures" / "lantern"


@pytest.fixture()
def deck(tmp_path):
    folder = tmp_path / "lantern"
    shutil.copytree(LANTERN, folder)
    (folder / "cards.csv").unlink()
    (folder / "game.toml").write_text((folder / "game.toml").read_text().replace('["en"]', '["en", "it"]'))

    def write(cards: str) -> Path:
        (folder / "cards.toml").write_text('[types.moth]\ntitle = { en = "Moth", it = "Falena" }\n'
                                           'text = { en = "Put out a lantern.", it = "Spegni una lanterna." }\n'
                                           + cards)
        return folder
    return write


def texts(scene):
    return ["".join(run.text for run in s.runs) for s in scene.shapes if isinstance(s, Text)]


def test_a_card_prints_its_own_name_text_and_art(deck):
    game = load_game(deck('[[cards]]\nnumber = 1\ntype = "moth"\nname = "Luna"\n'
                          'text = { en = "Comes back lit.", it = "Torna accesa." }\nimage = "art/moth.png"\n'
                          'fields = { value = 3 }\n'
                          '[[cards]]\nnumber = 2\ntype = "moth"\n'))
    luna, plain = game.cards
    assert luna.type.title == {"en": "Luna", "it": "Luna"}       # one text serves every language
    assert luna.type.text["it"] == "Torna accesa." and luna.type.image == "art/moth.png"
    assert plain.type.title["en"] == "Moth" and plain.type.image is None
    face = " ".join(texts(card_face(game, luna, "it")))
    assert "Luna" in face and "Torna accesa." in face and "3" in face and "Falena" not in face


def test_a_card_without_a_name_of_a_type_without_a_title(deck):
    folder = deck('[types.wind]\n[[cards]]\nnumber = 1\ntype = "wind"\n')
    with pytest.raises(DefinitionError) as exc:
        load_game(folder)
    assert "cards.toml: cards[0].name: missing name in en, it; give the card a name, or its type 'wind' a title" \
        in str(exc.value)


def test_a_text_in_one_language_only(deck):
    folder = deck('[[cards]]\nnumber = 1\ntype = "moth"\ntext = { en = "Only English." }\n')
    with pytest.raises(DefinitionError) as exc:
        load_game(folder)
    assert "cards.toml: cards[0].text: missing text in it; the game's languages are en, it" in str(exc.value)


def test_a_card_in_its_own_deck_gets_that_decks_back(deck):
    game = load_game(deck('[[cards]]\nnumber = 1\ntype = "moth"\ndeck = "night"\n'
                          '[[cards]]\nnumber = 2\ntype = "moth"\n'))
    assert sorted(c.back_key for c in game.cards) == ["basic", "night"]
