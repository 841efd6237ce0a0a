"""Credits and box facts: written once in game.toml, printed on the cover, in the PDF metadata (in the
build's language) and by `pnp list`."""

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.reference.booklet import build_booklet, pdf_metadata
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import build, open_pdf, run_pnp


def _cover(gid, lang):
    pages = build_booklet(load_game(find_game(gid)), lang)
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in pages], "t"))
    return " ".join(doc[0].get_text().split()), " ".join(" ".join(p.get_text() for p in doc).split())


@pytest.mark.parametrize(("gid", "lang", "facts", "credit"), [
    ("daimyni", "en", "2 players", "Two-player adaptation and rules: Gabriele Mari"),
    ("daimyni", "it", "2 giocatori", "Adattamento per due giocatori e regole: Gabriele Mari"),
    ("daimyo", "en", "2-4 players", "Published by Tenki Games, 2005"),
])
@pytest.mark.slow
def test_cover_prints_the_box_facts_and_the_book_its_credits(gid, lang, facts, credit):
    """The rulebooks give the player count but no playing time or age: the cover prints only the former."""
    cover, whole = _cover(gid, lang)
    assert facts in cover
    assert not any(word in cover for word in ("minutes", "minuti", "ages", "anni"))
    assert ("Un gioco di Piero Cioni" if lang == "it" else "A game by Piero Cioni") in cover
    assert credit in whole
    if gid == "daimyni":     # the rulebook presents the game as Gabriele Mari's adaptation of Cioni's
        assert ("adattato da Gabriele Mari" if lang == "it" else "adapted by Gabriele Mari") in cover


@pytest.mark.parametrize(("lang", "credit"), [
    ("en", "Ilaria Ambrosini drew the Little Daimyo for the original edition"),
    ("it", "Ilaria Ambrosini ha disegnato il Piccolo Daimyo per l’edizione originale"),
])
@pytest.mark.slow
def test_daimyni_credits_the_drawing_its_rulebook_thanks(lang, credit):
    """The Daimyni rulebook thanks Ilaria Ambrosini for drawing the Little Daimyo: the Credits name her."""
    assert credit in _cover("daimyni", lang)[1]


@pytest.mark.slow
def test_daimyo_credits_say_where_the_names_come_from():
    """The Daimyo rulebook names nobody; the Daimyni rulebook says Daimyo was devised by Piero Cioni and
    published in 2005 by Tenki Games («Daimyo, edito nel 2005 da Tenki Games»): the Credits say which."""
    whole = _cover("daimyo", "en")[1]
    assert "The Daimyo rulebook names no designer or publisher; these are as the Daimyni rulebook gives them." in whole


@pytest.mark.slow
def test_samurai_vassal_names_no_one_its_rulebook_does_not():
    """Its rulebook names no designer or publisher: the cover has no byline, the Credits say the rulebook
    names no one, and the PDF carries no author."""
    cover, whole = _cover("samurai-vassal", "en")
    assert "A game by" not in cover and "Published by" not in whole
    assert "Rules from the Samurai Vassal rulebook, which names no designer, artist or publisher." in whole
    assert pdf_metadata(load_game(find_game("samurai-vassal")), "en")["author"] == ""


def test_pdf_metadata_is_in_the_build_language():
    game = load_game(find_game("daimyni"))
    assert pdf_metadata(game, "it")["title"] == "Daimyni: regolamento"
    assert pdf_metadata(game, "en")["title"] == "Daimyni: rules"
    assert pdf_metadata(game, "it")["author"] == "Piero Cioni"


@pytest.mark.slow
def test_booklet_pdf_carries_the_title():
    kit = build(lang="it", only=("booklet",))
    doc = open_pdf(kit["daimyni-rules-a5-it.pdf"].data)
    assert doc.metadata["title"] == "Daimyni: regolamento"
    assert "regolamento" in doc.metadata["subject"]


def test_list_shows_the_authors_and_no_unsourced_time_or_age():
    out = run_pnp("list").stdout
    assert "by Piero Cioni" in out and " min," not in out and "ages " not in out
    assert "Tenki Games 2005" in out


def test_a_solo_game_says_one_player():
    """The default wording (a folder whose narration does not phrase it) is singular for one player."""
    from pnp.reference.credits import facts

    meta = load_game(find_game("shogun-solitaire")).meta
    assert meta.players.min == meta.players.max == 1
    assert facts(meta, "en")[0] == "1 player"
    assert facts(load_game(find_game("daimyni")).meta, "en")[0] == "2 players"


def test_a_game_toml_with_time_and_age_prints_them():
    """A folder whose source gives a playing time and an age (none of the five does) has them in words."""
    from pnp.reference.credits import facts

    meta = load_game(find_game("daimyni")).meta.model_copy(update={"minutes": [15, 30], "age": 10})
    assert facts(meta, "en") == ["2 players", "15-30 minutes", "ages 10+"]
