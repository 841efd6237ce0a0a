"""The saddle-stitched booklet prints no blank side: the pages it adds to reach a multiple of four
are a back cover (the game's name, emblem, box facts, credits) and, before it, lined notes pages.
The A5 reading copy keeps only the rules' pages."""

from functools import cache

import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import open_pdf


@cache
def booklet(gid, lang="en", paper="a4"):
    game = load_game(cards_dir() / gid)
    arts = {a.name: a for a in build_kit(game, Options(paper=paper, lang=lang, only=("booklet",), svg=False))}
    suffix = "" if lang == game.meta.languages[0] else f"-{lang}"
    a5, sheets = arts[f"{gid}-rules-a5{suffix}.pdf"], arts[f"{gid}-rules-{paper}-booklet{suffix}.pdf"]
    return open_pdf(a5.data), open_pdf(sheets.data)


def half(side, right):
    """The text on the left or right half of a printed side (the running note above the pages aside)."""
    w, h = side.rect.width, side.rect.height
    x0 = w / 2 if right else 0
    return side.get_text("text", clip=(x0 + 2, h * 0.06, x0 + w / 2 - 2, h))


def test_a_15_page_booklet_gets_a_back_cover_with_the_games_name_facts_and_credits():
    """A built booklet's length follows its prose and diagrams, so the one missing page is stated here."""
    from pnp.reference.backcover import for_print

    pages = for_print([[]] * 15, load_game(cards_dir() / "daimyni"), "en", "#b8262f")
    assert len(pages) == 16
    back = " ".join("".join(r.text for r in shape.runs) for shape in pages[15] if hasattr(shape, "runs"))
    # game.toml: title, kanji, 2 players (the rulebook gives no time or age), the credit lines and the licence
    for words in ("Daimyni", "大名", "2 players", "Game design: Piero Cioni",
                  "Tenki Games", "shared free of charge"):
        assert words in " ".join(back.split()), words
    assert "Notes" not in back         # one page was missing: no notes page


def test_added_pages_speak_the_booklets_language():
    """The Italian booklet fills its 16 pages; a 13-page one would get two notes pages and a back
    cover, in Italian (the narration's facts and the licence's Italian line)."""
    from pnp.reference.backcover import for_print

    def words(page):
        return " ".join("".join(r.text for r in shape.runs) for shape in page if hasattr(shape, "runs"))

    pages = for_print([[]] * 13, load_game(cards_dir() / "daimyni"), "it", "#b8262f")
    assert len(pages) == 16
    assert words(pages[13]) == words(pages[14]) == "Note"
    assert "2 giocatori" in words(pages[15]) and "condivisa gratuitamente" in words(pages[15])


@pytest.mark.slow
def test_missing_pages_are_notes_pages_then_the_back_cover():
    """Daimyo's 22 pages print on 24: page 23 is for notes, 24 is the back cover (Shogun
    Solitaire's 18 were the example until the page-flow rules of issue 25 made them 19)."""
    a5, sheets = booklet("daimyo")
    assert a5.page_count == 22 and sheets.page_count == 12
    # 24 printed pages: sheet 1's inside is page 2 (left) and page 23 (right)
    assert "Notes" in half(sheets[1], right=True)
    assert "Daimyo" in half(sheets[0], right=False) and "Notes" not in half(sheets[0], right=False)


def test_a_booklet_that_fills_its_sheets_gets_nothing_added():
    # Daimyni's 16 pages (Samurai Vassal's 24 were, before its Components drew one card large with callouts)
    a5, sheets = booklet("daimyni")
    assert a5.page_count == 16 and sheets.page_count == 8
    text = "".join(page.get_text() for page in sheets)
    assert "Notes" not in text
    assert "Turn summary" in half(sheets[0], right=False)       # the last page is the player aid


@pytest.mark.slow
@pytest.mark.parametrize("gid", sorted(p.parent.parent.name for p in cards_dir().glob("*/booklet/rules.en.md")))
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_printed_side_has_a_blank_half(gid, paper):
    _, sheets = booklet(gid, "en", paper)
    for n, side in enumerate(sheets, 1):
        w = side.rect.width
        for right in (False, True):
            x0 = w / 2 if right else 0
            marks = [b for _k, b in side.get_bboxlog() if b[0] >= x0 + 1 and b[2] <= x0 + w / 2 - 1
                     and b[1] > side.rect.height * 0.06]
            assert marks, f"{gid} {paper}: side {n}, {'right' if right else 'left'} half is blank"
