"""Where a booklet's walkthrough starts, read back from the printed PDF of every built-in booklet: the key
to the diagrams is never split over a page break (review R3, Shogun Solitaire: its kanji list broke between
忍者 at the foot of p. 11 and its gloss "Ninja" overleaf), and a game that keeps a walkthrough's heading and
intro with its first round keeps them together even when intro paragraphs stand between the heading and
the walkthrough (review R3, Dôjima: heading and intro at the foot of p. 13, round 1 overleaf)."""

from __future__ import annotations

import dataclasses

import pytest

from pnp.catalog import find_game, rules_for
from pnp.model.game import load_game
from pnp.reference.booklet import Booklet
from pnp.reference.markup import parse
from pnp.reference.narration import Narrator
from tests.conftest import open_pdf
from tests.reference.booklet_text import BOOKLETS, pdf

pytestmark = pytest.mark.slow


def page_texts(gid: str, lang: str) -> list[str]:
    return [" ".join(p.get_text().split()) for p in open_pdf(pdf(gid, lang))]


def words(s: str) -> list[str]:
    return s.replace("\u00a0", " ").split()


@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_the_key_to_the_diagrams_is_on_one_page(gid, lang):
    key = words(Narrator(load_game(find_game(gid)), lang).say("booklet", "legend"))
    head, tail = " ".join(key[:6]), " ".join(key[-6:])
    texts = [" ".join(words(t)) for t in page_texts(gid, lang)]
    found = [n for n, t in enumerate(texts) if head in t]
    assert len(found) == 1, (head, found)        # printed once, where the text first needs it
    assert tail in texts[found[0]], f"p{found[0] + 1}: the key starts here but ends overleaf"


def with_first_round() -> list[tuple[str, str]]:
    return [(g, lang) for g, lang in BOOKLETS
            if type(rules_for(load_game(find_game(g))).booklet()).intro_with_first_round]


def test_the_switch_is_on_where_it_costs_no_page():
    """Turned on for Daimyni it would add a 17th page (its round 1 does not fit under its intro on p. 7),
    so it stays off there; Shogun Solitaire's walkthrough opens on a drawn position, which lays itself out."""
    assert {g for g, _ in with_first_round()} == {"daimyo", "dojima", "samurai-vassal"}


@pytest.mark.parametrize(("gid", "lang"), with_first_round())
def test_a_walkthrough_heading_opens_the_page_of_its_first_round(gid, lang):
    say = Narrator(load_game(find_game(gid)), lang).say
    first = say("booklet", "round", n=1)
    texts = page_texts(gid, lang)
    starts = [n for n, t in enumerate(texts) if "Walkthrough:" in t or "Partita commentata:" in t]
    assert starts
    for n in starts:
        t = texts[n]
        heading = max(t.index(w) for w in ("Walkthrough:", "Partita commentata:") if w in t)
        assert first in t[heading:], f"p{n + 1}: its walkthrough heading and intro, round 1 overleaf"


def test_intro_paragraphs_count_with_the_first_round():
    """The height kept for a heading is its walkthrough's start plus each paragraph between them; a heading
    over anything else (a list, another figure) keeps nothing."""
    b = Booklet(load_game(find_game("dojima")), "en")
    blocks = parse(b.source())
    at = next(i for i, x in enumerate(blocks) if x.kind == "h1" and x.text.startswith("Walkthrough"))
    paras = [x for x in blocks[at + 1:] if x.kind == "para"][:1]
    walk = next(x for x in blocks[at + 1:] if x.kind == "directive")
    assert walk.text == "walkthrough" and blocks[at + 1] is paras[0]
    expected = b.walkthrough_start(walk.arg) + b.flow.lines_height([paras[0].text])[1]
    assert b.intro_height(blocks, at) == pytest.approx(expected)
    glossary = next(i for i, x in enumerate(blocks) if x.kind == "h1" and x.text == "Glossary")
    assert b.intro_height(blocks, glossary) == 0.0
    # a list between the heading and the walkthrough: not an intro
    blocks[at + 1] = dataclasses.replace(blocks[at + 1], kind="bullet")
    assert b.intro_height(blocks, at) == 0.0
