"""Mistakes that used to pass silently (issue 23): every problem of a load in one report, before
anything is drawn; warnings for definitions that build but most likely not as meant; `--strict`
makes the warnings errors."""

import shutil
from pathlib import Path

import pytest

from pnp.errors import DefinitionError
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import run_pnp

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@pytest.fixture()
def lantern(tmp_path):
    folder = tmp_path / "lantern"
    shutil.copytree(FIXTURES / "lantern", folder)
    return folder


def own_layout(folder, elements: str):
    """A layout `mine` over the built-in `basic`, with the given element tables."""
    (folder / "layouts").mkdir(exist_ok=True)
    (folder / "layouts" / "cards.toml").write_text('[mine]\nextends = "basic"\n' + elements)
    (folder / "cards.toml").write_text('layout = "mine"\n' + (folder / "cards.toml").read_text())


def warned(folder) -> list[str]:
    return [str(w) for w in load_game(folder).warnings]


def test_the_built_in_games_and_the_lantern_fixture_have_no_warnings():
    for folder in [*sorted(p for p in cards_dir().iterdir() if (p / "game.toml").is_file()), FIXTURES / "lantern"]:
        assert load_game(folder).warnings == [], folder.name


def test_a_misspelt_field_in_a_layout(lantern):
    own_layout(lantern, '[mine.elements.value]\nfield = "valeu"\n')
    assert any(w.endswith("layouts/cards.toml: mine.elements.value.field: prints field 'valeu', which no card of "
                          "this layout has; did you mean 'value'?") for w in warned(lantern))


def test_a_misspelt_field_on_the_cards_is_named_once_at_its_first_row(lantern):
    csv = (lantern / "cards.csv").read_text().replace(",value\n", ",vlaue\n", 1)
    (lantern / "cards.csv").write_text(csv)
    assert [w.split("lantern/", 1)[1] for w in warned(lantern)] == [
        "cards.csv: row 2, column vlaue: no element of layout 'basic' prints this field; did you mean 'value'?"]


def test_a_misspelt_field_on_a_toml_card(lantern):
    (lantern / "cards.toml").write_text((lantern / "cards.toml").read_text()
                                        + '[[cards]]\nnumber = 99\ntype = "wind"\nname = "Still"\n'
                                          'fields = { vlaue = 2 }\n')
    assert any(w.endswith("cards.toml: cards[0].fields.vlaue: no element of layout 'basic' prints this field; "
                          "did you mean 'value'?") for w in warned(lantern))


def test_a_box_off_the_card(lantern):
    own_layout(lantern, '[mine.elements.corner]\nbox = [0.7, 0.88, 0.4, 0.045]\n')
    assert any(w.endswith("mine.elements.corner.box: runs off the card: x + width = 1.1, y + height = 0.925 "
                          "(a box ends at 1, the trim)") for w in warned(lantern))


def test_text_in_the_safe_zone(lantern):
    own_layout(lantern, '[mine.elements.footer]\nbox = [0.02, 0.88, 0.5, 0.045]\n')
    assert any(w.endswith("mine.elements.footer.box: its text comes within 4 mm of the trim (the safe zone, `safe`) "
                          "on a 63.5 x 88.9 mm card: a slightly-off cut may take letters away")
               for w in warned(lantern))


def test_text_over_the_art(lantern):
    own_layout(lantern, '[mine.elements.text]\nbox = [0.1, 0.45, 0.8, 0.4]\n')
    assert any(w.endswith("mine.elements.text.box: overlaps the art box: its text prints over the card's picture")
               for w in warned(lantern))


def test_an_element_whose_name_prints_nothing(lantern):
    own_layout(lantern, '[mine.elements.tilte]\nbox = [0.25, 0.055, 0.5, 0.09]\n')
    assert any(w.endswith("mine.elements.tilte: prints nothing: an element prints what its name says (number, title, "
                          "subtitle, art, emblem, text, players, deal, footer, corner), or a `field` or an `image`; "
                          "did you mean 'title'?") for w in warned(lantern))


def test_two_cards_with_one_number(lantern):
    (lantern / "cards.toml").write_text((lantern / "cards.toml").read_text().replace('rows = "cards.csv"\n', "")
                                        + '[[cards]]\nnumber = 3\ntype = "wind"\nlabel = "Fire"\nname = "Fire"\n'
                                          '[[cards]]\nnumber = 3\ntype = "wind"\nlabel = "Ice"\nname = "Ice"\n')
    assert any(w.endswith("cards.toml: cards[1].number: number 3 is also the number of cards[0]: two cards of deck "
                          "'basic' have the same number, so which one comes first is not defined")
               for w in warned(lantern))


def test_more_players_than_seats(lantern):
    (lantern / "game.toml").write_text((lantern / "game.toml").read_text().replace("max = 4", "max = 9") + """
[[clans]]
id = "gold"
name = { en = "Gold" }
colour = "#c9a227"

[[clans]]
id = "ash"
name = { en = "Ash" }
colour = "#555555"
""")
    assert any(w.endswith("game.toml: players.max: 9 players, but 2 clans to seat them: add clans or lower "
                          "players.max") for w in warned(lantern))


def test_every_problem_of_a_load_in_one_report_grouped_by_file(lantern):
    (lantern / "game.toml").write_text((lantern / "game.toml").read_text().replace("min = 2", "min = 0"))
    (lantern / "cards.toml").write_text((lantern / "cards.toml").read_text().replace("[types.moth]",
                                                                                     "[types.moth]\nicon = 'owl'"))
    (lantern / "layouts").mkdir()
    (lantern / "layouts" / "cards.toml").write_text("[basic.elements.title]\nsize = -1\n[basic-back]\nsafe = 99\n")
    with pytest.raises(DefinitionError) as exc:
        load_game(lantern)
    lines = str(exc.value).splitlines()
    assert lines[0] == "4 problems:"
    assert [line.split("lantern/", 1)[1] for line in lines[1:]] == [
        "game.toml: players.min: expected a number of at least 1, got 0",
        "cards.toml: types.moth.icon: expected one of 'move', 'recruit', 'flood' or 'none', got 'owl'",
        "layouts/cards.toml: basic.elements.title.size: expected a number above 0.0, got -1",
        "layouts/cards.toml: basic-back.safe: expected a number of at most 30.0, got 99",
    ]


def test_build_prints_warnings_and_strict_makes_them_errors(lantern, tmp_path):
    own_layout(lantern, '[mine.elements.value]\nfield = "valeu"\n')
    done = run_pnp("build", lantern, "--out", tmp_path / "kit", "-q", "--only", "cards")
    assert done.returncode == 0
    assert "pnp: warning: " in done.stderr and "prints field 'valeu'" in done.stderr
    strict = run_pnp("build", lantern, "--out", tmp_path / "strict", "-q", "--only", "cards", "--strict")
    assert strict.returncode == 2
    assert "pnp: error: " in strict.stderr and "prints field 'valeu'" in strict.stderr
    # the layout's field and the cards' `value` that it no longer prints
    assert "--strict: 2 warnings, so nothing was made" in strict.stderr
    assert not (tmp_path / "strict").exists()
    checked = run_pnp("check", lantern, "--strict")
    assert checked.returncode == 2 and "prints field 'valeu'" in checked.stderr


def test_a_booklet_mistake_stops_the_build_before_a_card_is_drawn(tmp_path):
    from tests.test_fixture_game import FOLDER, make_plugin, pnp

    folder = tmp_path / "high-roll"
    shutil.copytree(FOLDER, folder)
    rules = folder / "booklet" / "rules.en.md"
    rules.write_text(rules.read_text().replace("@components", "@no-such-thing", 1))
    done = pnp(make_plugin(tmp_path / "site"), "build", folder, "--out", tmp_path / "kit")
    assert done.returncode == 2
    assert "rules.en.md: @no-such-thing: unknown figure directive" in done.stderr
    assert "cards: drawing" not in done.stderr


def test_a_misspelt_column_header_is_named_on_the_header_row_with_the_column_meant(lantern):
    """`cuont` for `count` used to leave every card at one copy with only a vague field warning on
    row 2; the header is row 1, and the column pnp reads is the likely meaning."""
    csv = lantern / "cards.csv"
    csv.write_text(csv.read_text().replace("type,number,count,", "type,number,cuont,", 1))
    assert any(w.endswith("cards.csv: row 1, column cuont: not a column pnp reads, so every row keeps it as a "
                          "field (columns: type, clan, number, count, label, deck, back, name, text, image); "
                          "did you mean 'count'?") for w in warned(lantern)), warned(lantern)
