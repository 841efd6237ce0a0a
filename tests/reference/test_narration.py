"""Names joined as a sentence joins them, in the booklet's language (pnp.reference.narration)."""

import shutil

import pytest

from pnp.errors import DefinitionError
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.reference.narration import Narrator


def test_lists_are_joined_in_the_booklets_language():
    game = load_game(cards_dir() / "daimyni")
    assert Narrator(game, "en").listing(["Red", "Blue", "Green"]) == "Red, Blue and Green"
    assert Narrator(game, "it").listing(["Rosso", "Blu"]) == "Rosso e Blu"
    assert Narrator(game, "en").listing(["Red"]) == "Red"


def test_a_language_pnp_has_no_word_for_asks_the_narration_file(tmp_path):
    """pnp joins lists in English and Italian; in French the narration file must give `[words] and`."""
    folder = tmp_path / "g"
    shutil.copytree(cards_dir() / "daimyni", folder)
    game = load_game(folder)
    with pytest.raises(DefinitionError, match=r"words\.and.*missing"):
        Narrator(game, "fr").listing(["Rouge", "Bleu"])
    (folder / "booklet" / "narration.fr.toml").write_text('[words]\nand = "et"\n', encoding="utf-8")
    assert Narrator(load_game(folder), "fr").listing(["Rouge", "Bleu"]) == "Rouge et Bleu"
