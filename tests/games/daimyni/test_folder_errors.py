"""A folder the Daimyni rules cannot play is one clear error naming what is missing (the rules
module is checked when it is chosen), not an AttributeError from deep inside the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from pnp.catalog import rules_for
from pnp.errors import DefinitionError
from pnp.model import load_game


def refusal(folder: Path) -> str:
    with pytest.raises(DefinitionError) as info:
        rules_for(load_game(folder))
    return str(info.value)


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_folder_without_a_board_is_told_to_add_one(game_copy):
    (game_copy / "board.toml").unlink()
    message = refusal(game_copy)
    assert "hex map" in message and "board.toml" in message
    assert "AttributeError" not in message


def test_a_card_of_no_clan_is_named(game_copy):
    edit(game_copy / "cards.toml", 'number = 1\nclan = "red"\n', "number = 1\n")
    # a card of no clan takes its type's back (the model asks for one); the rules then refuse it
    neutral_back = '[backs.basic]\ntitle = { en = "Densho", it = "Densho" }\n\n'
    edit(game_copy / "cards.toml", "[backs.red]", neutral_back + "[backs.red]")
    message = refusal(game_copy)
    assert "card 1" in message and "clan" in message
    assert "AttributeError" not in message


def test_a_start_marking_of_no_clan_is_named(game_copy):
    edit(game_copy / "board.toml", 'cell = "b2"\npiece = "bushi"\nclan = "red"\n', 'cell = "b2"\npiece = "bushi"\n')
    message = refusal(game_copy)
    assert "b2" in message and "names no clan" in message
