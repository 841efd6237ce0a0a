"""Bad definitions: one message naming the file, the key path and what was expected."""

import pytest

from pnp.errors import DefinitionError
from pnp.model import load_game


def edit(path, old, new):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"fixture text not found: {old!r}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def error(folder) -> str:
    with pytest.raises(DefinitionError) as exc:
        load_game(folder)
    return str(exc.value)


def test_toml_syntax_error_names_file_and_line(game_copy):
    edit(game_copy / "cards.toml", 'layout = "densho"', 'layout = "densho')
    msg = error(game_copy)
    assert msg.startswith("mygame/cards.toml: not valid TOML") or "cards.toml: not valid TOML" in msg
    assert "line 5" in msg


def test_missing_key(game_copy):
    edit(game_copy / "game.toml", 'title = "Daimyni"\n', "")
    assert error(game_copy).endswith("game.toml: title: missing: this key is required")


def test_wrong_type(game_copy):
    edit(game_copy / "cards.toml", "number = 7\n", 'number = "seven"\n')
    msg = error(game_copy)
    assert "cards.toml: cards[6].number: expected a whole number, got 'seven'" in msg


def test_negative_count(game_copy):
    edit(game_copy / "pieces.toml", "per_clan = 9", "per_clan = -9")
    msg = error(game_copy)
    assert "pieces.toml: pieces[1].per_clan: expected a number of at least 0, got -9" in msg


def test_unknown_colour(game_copy):
    edit(game_copy / "game.toml", 'colour = "#1f4e9c"', 'colour = "bleu"')
    msg = error(game_copy)
    assert "game.toml: clans[1].colour: unknown colour 'bleu': expected #rrggbb or one of" in msg


def test_unknown_key_is_a_typo(game_copy):
    edit(game_copy / "board.toml", "hex_radius = 19.0", "hex_raduis = 19.0")
    msg = error(game_copy)
    assert "board.toml: map." in msg and ("hex_raduis: unknown key" in msg or "hex_radius: missing" in msg)


def test_duplicate_card_number(game_copy):
    edit(game_copy / "cards.toml", "number = 2\n", "number = 1\n")
    assert "cards.toml: cards[1].number: number 1 is already used by cards[0]" in error(game_copy)


def test_unknown_clan_reference(game_copy):
    edit(game_copy / "cards.toml", 'number = 3\nclan = "blue"', 'number = 3\nclan = "green"')
    assert "cards.toml: cards[2].clan: unknown clan 'green' (known: red, blue)" in error(game_copy)


def test_start_mark_off_the_map(game_copy):
    edit(game_copy / "board.toml", 'cell = "d4"', 'cell = "z9"')
    assert "board.toml: start[7].cell: no cell 'z9' on the map" in error(game_copy)


def test_missing_translation(game_copy):
    edit(game_copy / "cards.toml", 'title = { en = "Move Tanbo", it = "Sposta Tanbo" }',
         'title = { en = "Move Tanbo" }')
    assert "cards.toml: types.move-tanbo.title.it: missing text; the game's languages are en, it" in error(game_copy)


def test_layout_extends_unknown_parent(game_copy):
    (game_copy / "layouts").mkdir()
    (game_copy / "layouts" / "cards.toml").write_text('[densho]\nextends = "bsae"\n')
    assert "layouts/cards.toml: densho.extends: unknown layout 'bsae'" in error(game_copy)


def test_layout_extends_merges_parent_keys(game):
    face = game.face_layout
    assert face.bleed == 3.0                      # from base
    assert face.elements["text"].font == "sans"   # base element kept
    assert "number" in face.elements              # own element added


def test_a_text_parsed_again_gives_equal_data_that_is_its_callers_own():
    """parse_toml keeps the data of texts it has parsed (a build reads some files more than once):
    each caller gets equal data, and what one caller changes no other sees."""
    from pnp.model import load

    text = 'title = "T"\n[[cards]]\nnumber = 1\ntags = ["a", "b"]\n[words.move]\nen = "Move"\n'
    first = load.parse_toml(text, "cards.toml")
    first["cards"][0]["tags"].append("changed")
    first["words"]["move"]["en"] = "changed"
    first["title"] = "changed"
    second = load.parse_toml(text, "cards.toml")
    assert second == {"title": "T", "cards": [{"number": 1, "tags": ["a", "b"]}], "words": {"move": {"en": "Move"}}}
    assert text in load._PARSED and second is not load._PARSED[text]
    with pytest.raises(DefinitionError, match="not valid TOML"):
        load.parse_toml(text + "= broken", "cards.toml")
    assert text + "= broken" not in load._PARSED
    big = "x = 1\n" + "# " + "y" * load._KEPT_TEXT + "\n"
    assert load.parse_toml(big, "big.toml") == {"x": 1} and big not in load._PARSED
