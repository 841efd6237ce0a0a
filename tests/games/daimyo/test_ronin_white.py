"""The rulebook's Rōnin are white pieces ("3 white Rōnin"): white on the counters and white in the
booklet's diagrams too, outlined and numbered in dark ink so a white disc still reads on the map."""

from pnp.draw.contrast import ratio
from pnp.draw.diagram import PieceStyle, Stack, _piece
from pnp.draw.shapes import Circle, Text
from pnp.games.daimyo.maps import spec_of
from pnp.model import load_game
from pnp.paths import cards_dir


def test_ronin_are_white_in_diagrams():
    game = load_game(cards_dir() / "daimyo")
    snap = {"bushi": {"green": {"0,0": 2}}, "ronin": {"green": {"0,0": 1}}, "daimyo": {"green": "0,0"}}
    stacks = spec_of(game, snap).units["0,0"]
    assert [s.colour for s in stacks] == ["#2e7d32", "#2e7d32", "#ffffff"]    # Daimyo, Bushi, Rōnin


def test_a_white_piece_is_drawn_with_a_dark_edge_and_number():
    disc, number = _piece(Stack("bushi", "#ffffff", 3), PieceStyle("count", ""), 10, 10, 3)
    assert isinstance(disc, Circle) and isinstance(number, Text)
    assert disc.style.fill == "#ffffff" and ratio(disc.style.stroke or "", "#ffffff") > 7
    assert number.string == "3" and ratio(number.fill, "#ffffff") > 7
    # a coloured piece keeps its white edge and number
    disc, number = _piece(Stack("bushi", "#1f4e9c", 3), PieceStyle("count", ""), 10, 10, 3)
    assert disc.style.stroke == "#ffffff" and number.fill == "#ffffff"
