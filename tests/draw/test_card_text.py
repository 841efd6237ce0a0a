"""Card text that cannot be printed is an error naming the game, the card and the element (issue 9,
item 5): too long for its box at the smallest size, or a character no font has."""

import pytest

from pnp.build import Options, build_kit
from pnp.errors import DefinitionError
from pnp.model import load_game


def test_text_that_does_not_fit_at_7_pt_names_game_card_and_element(game_copy):
    cards = (game_copy / "cards.toml").read_text().replace('size = "poker"', 'size = "mini"')
    (game_copy / "cards.toml").write_text(cards)
    with pytest.raises(DefinitionError, match=r"cards\.toml: game 'daimyni', card 1 \(move-bushi\), element "
                                              r"'text': .* does not fit its box even at 7 pt"):
        build_kit(load_game(game_copy), Options(only=("cards",)))


def test_a_character_no_font_has_names_it_with_card_and_element(game_copy):
    cards = (game_copy / "cards.toml").read_text().replace('title = { en = "Move Bushi"', 'title = { en = "Move 🐉"')
    assert "🐉" in cards
    (game_copy / "cards.toml").write_text(cards)
    with pytest.raises(DefinitionError, match=r"game 'daimyni', card \d+ \(move-bushi\), element 'title': no font "
                                              r"has the character '🐉' \(U\+1F409\)"):
        build_kit(load_game(game_copy), Options(only=("cards",)))
