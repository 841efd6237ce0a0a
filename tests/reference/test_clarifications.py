"""Every Daimyni ruling of RULINGS.md is in the printed booklet's Clarifications, in both languages
(read back from the PDF, between the Clarifications heading and the walkthrough)."""

import re
from pathlib import Path

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf

# One entry per ruling of RULINGS.md's Daimyni section, in its order: what the booklet must say.
RULINGS = [
    ("deck: 18 cards, 9 per clan, against the printed 14",
     "So there are 18 cards, nine per clan", "Le carte sono quindi 18, nove per clan"),
    ("card numbers 1-18 in Daimyo's priority order, early numbers shared",
     "Cards are numbered 1 to 18, no number twice", "Le carte sono numerate da 1 a 18, senza ripetizioni"),
    ("a board of our own, every cell labelled",
     "this kit offers its own: 39 hexagonal cells in seven columns, every cell labelled",
     "questo kit ne propone uno: 39 caselle esagonali in sette colonne, ognuna con il suo nome"),
    ("Recruit with an empty Bushi area acts as Move Bushi",
     "the card acts as a Move Bushi card and keeps its number",
     "la carta vale come Sposta Bushi e mantiene il suo numero"),
    ("a card that cannot be carried out has no effect; one that can must be",
     "a card that can be carried out must be", "una carta eseguibile va eseguita"),
    ("Move Tanbo: any empty cell, each Tanbo at most once a round",
     "each Tanbo moves at most once in a round", "ogni Tanbo si sposta al massimo una volta per turno"),
    ("combat losses: Bushi first, the winner's Daimyo last; a removed Daimyo ends the game",
     "its Daimyo is removed only when none of its Bushi are left in the cell",
     "il suo Daimyo viene eliminato solo se nella casella non gli restano Bushi"),
    ("who decides, and the Recruit fallback judged when the card resolves",
     "a Bushi that went back to the Bushi area earlier in the same round is recruited again",
     "un Bushi tornato nell’area Bushi poco prima, nello stesso turno, viene reclutato di nuovo"),
    ("who fights: only the Bushi that moved in; the defender's whole cell",
     "only the Bushi that moved into the cell count for the attacker",
     "Per chi attacca contano solo i Bushi entrati nella casella"),
    ("'turno' in Move Tanbo means the round",
     "That turn is the whole round", "è il turno intero, con le sue quattro fasi"),
    ("no round limit: only a Daimyo's removal ends the game",
     "There is no round limit: only the removal of a Daimyo ends a game",
     "Non c’è un limite di turni: solo l’eliminazione di un Daimyo chiude la partita"),
]
HEADINGS = {"en": ("Clarifications", "Walkthrough:"), "it": ("Chiarimenti", "Partita commentata:")}


@pytest.fixture(scope="module", params=["en", "it"])
def clarifications(request):
    lang = request.param
    game = load_game(find_game("daimyni"))
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(game, lang)], "t"))
    text = " ".join(" ".join(p.get_text() for p in doc).split())
    text = re.sub(r" ?Daimyni · [^·]+ · \d+/\d+ ?", " ", text)      # running footers
    start, end = HEADINGS[lang]
    assert text.count(start) == 1
    return lang, text[text.index(start):text.index(end)]


@pytest.mark.slow
def test_the_rulings_section_lists_each_daimyni_ruling(clarifications):
    lang, section = clarifications
    missing = [what for what, en, it in RULINGS if (en if lang == "en" else it) not in section]
    assert not missing, missing


def test_every_ruling_of_rulings_md_is_covered_here():
    """A ruling added to RULINGS.md's Daimyni section needs its line in RULINGS above (and in both
    booklets)."""
    shared = Path(__file__).resolve().parents[2].parent / "shared" / "RULINGS.md"
    if not shared.is_file():
        pytest.skip("RULINGS.md is not beside the repository")
    section = shared.read_text(encoding="utf-8").split("## Daimyni")[1].split("\n## ")[0]
    assert len(re.findall(r"^- \*\*", section, re.M)) == len(RULINGS)
