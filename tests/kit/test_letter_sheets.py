"""Letter kits take no more card sheets than A4 ones (issue 24: Daimyo's Letter kit took 9 card
sheets against 7 on A4, Shogun Solitaire's 17 against 13)."""

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir

GAMES = ["daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire"]


def card_sheets(game_id: str, paper: str) -> int:
    """Sheets of the kit's card file (fronts and backs printed on one sheet each), aids and counters
    riding on them as in a whole build."""
    game = load_game(cards_dir() / game_id)
    arts = build_kit(game, Options(paper=paper, only=("cards", "aid", "pieces"), svg=False))
    doc = next(pymupdf.open(stream=a.data, filetype="pdf") for a in arts if a.name == f"{game_id}-cards-{paper}.pdf")
    return doc.page_count // 2


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_a_letter_kit_takes_as_many_card_sheets_as_an_a4_one(game_id):
    """Both papers hold eight turned poker cards a sheet (Letter on 3 mm gutters down the sheet)."""
    letter, a4 = card_sheets(game_id, "letter"), card_sheets(game_id, "a4")
    assert letter == a4, (game_id, letter, a4)
    cards = sum(1 for _ in load_game(cards_dir() / game_id).cards)
    assert letter >= -(-cards // 8)   # not by dropping cards
