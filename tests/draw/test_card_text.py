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


def test_daimyo_balanced_start_line_is_7_pt_and_says_what_it_is():
    """Issue 24 review (Daimyo D4): the line "⚖ 2p: P1 3p: P1 4p: P4" was 6.2 pt, the smallest text on
    the front, and nothing said what P1 meant. Read back from the built cards: on every basic card
    (the rulebook's balanced start deals A to E) the line names the balanced start and its seats, in
    type of 7 pt or more."""
    import pymupdf

    from pnp.catalog import find_game

    game = load_game(find_game("daimyo"))
    [pdf] = [a for a in build_kit(game, Options(only=("cards",), svg=False)) if a.name.endswith("-cards-a4.pdf")]
    doc = pymupdf.open(stream=pdf.data, filetype="pdf")
    lines = [(span["text"], span["size"]) for page in doc for block in page.get_text("dict")["blocks"]
             for ln in block.get("lines", []) for span in ln["spans"] if span["text"].startswith("⚖")]
    assert len(lines) == sum(1 for c in game.cards if c.deal) == 32
    for line, size in lines:
        assert size >= 7 - 1e-3, (line, size)
        assert line.startswith("⚖ balanced start: ") and " P" in line, line
