"""Issue 25: lines a rules editor found wrong or misleading in the printed booklets, read back from the
booklet PDF as a player sees it (walkthroughs, designer's notes, cover, credits, glossary)."""

import re
from functools import cache

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf

pytestmark = pytest.mark.slow


@cache
def pages(gid: str, lang: str = "en") -> tuple[str, ...]:
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(load_game(find_game(gid)), lang)], "t"))
    return tuple(" ".join(p.get_text().split()) for p in doc)


def text(gid: str, lang: str = "en") -> str:
    return " ".join(pages(gid, lang))


def test_samurai_vassal_a_blocked_sasuke_is_told_what_it_would_have_copied():
    """The diagram shows Red laid Invasion last round: Sasuke has something to copy, Kuroda blocks it."""
    t = text("samurai-vassal")
    assert "Blue Kuroda Kanbei, which blocks Sasuke’s copy of Invasion: Red’s Sasuke has no level and loses." in t
    assert "Red’s Sarutobi Sasuke has nothing to copy" not in t


def test_dojima_the_dice_line_gives_the_dice_after_a_reroll():
    t = text("dojima")
    rerolls = re.findall(r"(\w+) has three equal dice and rolls all four again: ([\d ]+) becomes ([\d ]+)\. "
                         r"Dice: ([^.]*)\.", t)
    assert rerolls
    for player, before, after, dice in rerolls:
        assert f"{player} {after}" in dice.split("; "), (player, before, after, dice)


def test_dojima_pyramid_legend_says_the_die_colour_is_who_rolled_it():
    t = text("dojima")
    # "dark", not "black": the two-player game has no black die (review R-sv-dojima, Dôjima item 3)
    assert "Red rolled the white advisor dice, Blue the dark ones; Red, the first player, places first." in t
    assert "who gave it" not in t and "the black ones" not in t


@pytest.mark.parametrize("lang", ["en", "it"])
def test_daimyni_notes_never_have_a_daimyo_attack(lang):
    """Rules p. 5: a Daimyo never attacks; the Flood and flight note said it stepped up 'to threaten c4'."""
    t = text("daimyni", lang)
    assert {"en": "Blue’s Daimyo, which can never attack, steps up alone to d4",
            "it": "Il Daimyo blu, che non può attaccare, avanza da solo in d4"}[lang] in t
    assert not re.search(r"Daimyo (blu )?(steps up|avanza) (to|in) d4 (to threaten|per minacciare)", t)


@pytest.mark.parametrize("lang", ["en", "it"])
def test_daimyni_first_note_agrees_with_the_next_round(lang):
    """Round 2 moves the recruited Bushi off a3: the round 1 note must not praise it for guarding the Daimyo.
    Round 1 (first-blood.toml): Blue's cards 2 and 3 move f3-e3 and f4-e4, Red's card 5 b3-c3, so Blue
    pushes two Bushi and Red one (issue 25 review: "Both clans push a Bushi")."""
    t = text("daimyni", lang)
    assert {"en": "Blue pushes two Bushi towards the middle, Red one; Red also recruits at once: a new Bushi on "
                  "a3, ready to join the push.",
            "it": "Il Blu spinge due Bushi verso il centro, il Rosso uno; e il Rosso recluta subito un nuovo "
                  "Bushi in a3, pronto a unirsi all’avanzata."}[lang] in t
    assert "cannot be taken by a single attacker" not in t and "eliminato da un solo attaccante" not in t


@pytest.mark.parametrize("lang", ["en", "it"])
def test_daimyni_notes_say_what_the_position_shows(lang):
    """Card 5 is a red card (cards.toml: Red holds 1, 4, 5, 8, 9, 11, 14, 16, 17); Blue played it in round 3
    after taking it from its Reserve, so it is not "Blue's own card". In Flood and flight's start no blue
    unit threatens the red Daimyo, and on b4 it still has a4, a5, b3 and c4 open: nothing "hems it in"."""
    t = text("daimyni", lang)
    assert {"en": "a red card that reached it through its Reserve",
            "it": "una carta rossa ripresa dalla propria Riserva"}[lang] in t
    for wrong in ("Blue’s own card 5", "la carta 5 del blu", "hems in", "read the danger", "stringe il Daimyo",
                  "previsto il pericolo"):
        assert wrong not in t


def test_shogun_walkthrough_counts_turns_as_its_rules_do():
    t = text("shogun-solitaire")
    assert re.search(r"\bTurn 5 The deck holds", t)
    assert not re.search(r"\bRound \d", t)
    # every objective needs the same run of three (review R2: the note now also says why the Hōjō port)
    assert "Whichever counter goes back, it costs one point." in t
    assert "now a run of three of them wins the port back" in t


def test_italian_notes_are_the_projects_not_the_authors():
    t = text("daimyni", "it")
    assert "commento dell’autore" not in t
    assert t.count("Nota.") == 6
    assert "## " not in t and "Una seconda partita: Allagamenti e fuga" in t
    assert "formato carta" not in t and "uguale all’ultima pagina di questo regolamento" in t


def test_dojima_credits_say_the_rulebook_names_no_one():
    assert "Rules from the Dôjima rulebook, which names no designer, artist or publisher." in text("dojima")


@pytest.mark.parametrize("gid", ["daimyni", "daimyo", "dojima", "samurai-vassal", "shogun-solitaire"])
def test_covers_print_no_playing_time_or_age_the_rulebooks_do_not_give(gid):
    cover = pages(gid)[0]
    assert "players" in cover or "1 player" in cover
    assert "minutes" not in cover and not re.search(r"\bages \d", cover)


def test_daimyo_glossary_speaks_to_players_not_to_writers():
    t = text("daimyo")
    assert "The lord of a clan (大名). Remove a rival Daimyo and you win." in t
    assert "macron" not in t and "Hepburn" not in t


@pytest.mark.parametrize("lang", ["en", "it"])
def test_daimyni_places_the_bushi_area_and_reserve_where_the_kit_board_prints_them(lang):
    """board.toml's [panel]: each side panel of the kit's board holds the Reserve (a card slot) and the
    Bushi area (one circle per Bushi), so neither lies "beside the board" or "in front of each player"."""
    t = text("daimyni", lang)
    assert {"en": "the circles on their side panel of the board",
            "it": "i cerchi sul pannello laterale del tabellone"}[lang] in t
    for wrong in ("beside the board", "in front of each player", "accanto al tabellone", "davanti a ogni giocatore"):
        assert wrong not in t
