"""Every ruling of every game is in its booklet's Clarifications, in each language of the booklet,
read from the source in the repository (tests/games/rulings.py holds what each must say); and that
list still follows the shared RULINGS.md when the file is beside the repository."""

from __future__ import annotations

import pytest

from tests.games.rulings import RULINGS, RULINGS_MD, SECTIONS, booklet_languages, clarifications, plain, shared_rulings

CASES = [(game, lang, ruling) for game, rulings in RULINGS.items() for lang in booklet_languages(game)
         for ruling in rulings]


def test_every_game_has_its_rulings_and_a_booklet():
    assert set(RULINGS) == set(SECTIONS) == {"daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire"}
    for game in RULINGS:
        assert "en" in booklet_languages(game), game
    assert booklet_languages("daimyni") == ["en", "it"]


@pytest.mark.parametrize(("game", "lang", "ruling"), CASES,
                         ids=[f"{g}-{lang}-{r.key}" for g, lang, r in CASES])
def test_the_clarifications_state_the_ruling(game, lang, ruling):
    assert ruling.phrases(lang), f"{game}: no {lang} phrases for {ruling.key!r} in tests/games/rulings.py"
    said = clarifications(game, lang)
    missing = [p for p in ruling.phrases(lang) if plain(p) not in said]
    assert not missing, f"{game} rules.{lang}.md, Clarifications, {ruling.key!r}: missing {missing}"


def test_plain_text_drops_bold_marks_and_curly_quotes():
    # what lets a phrase match the source and the printed booklet alike
    assert plain("**Kuroda’s** «turno»\n and “x”") == "Kuroda's \"turno\" and \"x\""


def test_clarifications_stop_at_the_next_section():
    said = clarifications("dojima", "en")
    assert said.startswith("The source rulebook leaves some cases open.")
    assert "Walkthrough" not in said and "Glossary" not in said


def _shared(game):
    if not RULINGS_MD.is_file():
        pytest.skip(f"{RULINGS_MD} is not beside the repository (PNP_RULINGS_MD may name it): the ruling "
                    "list is checked against the Clarifications only")
    return shared_rulings(SECTIONS[game])


@pytest.mark.parametrize("game", list(RULINGS))
def test_the_list_covers_every_ruling_of_rulings_md(game):
    """A ruling added to (or renamed in) RULINGS.md needs its entry in tests/games/rulings.py, and
    so its words in the game's Clarifications."""
    keys = [key for key, _text in _shared(game)]
    assert [r.key for r in RULINGS[game]] == keys

