"""A game's optional parts (board, tiles, mats), asked for where the game has none, are one
DefinitionError naming the missing file, like the deck of a game without cards."""

from __future__ import annotations

import pytest

from pnp.errors import DefinitionError
from pnp.model import load_game
from pnp.paths import cards_dir


@pytest.mark.parametrize("part, file", [("hex_board", "board.toml"), ("hex_grid", "board.toml"),
                                        ("tile_set", "tiles.toml"), ("mat_set", "mats.toml")])
def test_a_missing_part_names_its_file(part, file):
    game = load_game(cards_dir() / "shogun-solitaire")     # cards only: no board, tiles or mats
    with pytest.raises(DefinitionError, match="file not found") as info:
        getattr(game, part)
    assert file in str(info.value)


def test_a_present_board_is_the_loaded_one(game):
    assert game.hex_board is game.board
    assert game.hex_grid is game.grid
