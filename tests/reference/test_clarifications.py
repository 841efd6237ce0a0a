"""Every Daimyni and Daimyo ruling reaches the printed booklet's Clarifications, in each language
(read back from the PDF, between the Clarifications heading and the walkthrough). What each ruling
must say is kept in tests/games/rulings.py and checked there against the booklets' source; the
other games' booklet tests make the same check on their own PDFs."""

import re

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5
from pnp.render.pdf import Page, render_pdf
from tests.conftest import open_pdf
from tests.games.rulings import HEADINGS, unsaid

WALKTHROUGH = {"en": "Walkthrough:", "it": "Partita commentata:"}


@pytest.fixture(scope="module", params=[("daimyni", "en"), ("daimyni", "it"), ("daimyo", "en")],
                ids=lambda p: "-".join(p))
def clarifications(request):
    gid, lang = request.param
    game = load_game(find_game(gid))
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(game, lang)], "t"))
    text = " ".join(" ".join(p.get_text() for p in doc).split())
    text = re.sub(rf" ?{re.escape(game.meta.title)} · [^·]+ · \d+/\d+ ?", " ", text)      # running footers
    start = text.index(f"{HEADINGS[lang]} ")
    return gid, lang, text[start:text.index(WALKTHROUGH[lang], start)]


@pytest.mark.slow
def test_the_printed_clarifications_state_every_ruling(clarifications):
    gid, lang, section = clarifications
    assert not unsaid(gid, lang, section)
