"""Booklet pages are used, not left half empty (issue 10 defect 9): measured as the lowest mark above
the running footer, on the A5 pages and on the printed sheets (A4, and Letter where the pages are
shrunk onto half a sheet), for every built-in game's booklet in every language. Page counts measured
when the flow was tightened (before: Daimyni 13 pages without glossary, aid, credits or the second
walkthrough; Daimyo 16, 21 since its 16 advanced cards have their entries and example maps; one more page each since
Daimyni draws its second game's start and Daimyo its combat example before and after and its 4-player
maps alone, large enough to read); balancing the
page breaks (`Flow.balance`) adds no page."""

from functools import cache

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.paths import cards_dir
from pnp.press.booklet import booklet_scale, impose_saddle, saddle_order
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5, Frame
from pnp.render.pdf import Page, render_pdf
from tests.conftest import MM, open_pdf

PAGES = {("daimyni", "en"): 16, ("daimyni", "it"): 16, ("daimyo", "en"): 22}
BOOKLETS = sorted((p.parent.parent.name, p.name.split(".")[1]) for p in cards_dir().glob("*/booklet/rules.*.md"))
PAPERS = ("a4", "letter")


@cache
def booklet(gid, lang):
    return build_booklet(load_game(find_game(gid)), lang)


def _fill(page, rect, x0, y0, k):
    """How full one A5 page drawn at (x0, y0) scaled by k is, inside `rect` (points) of a PDF page."""
    frame = Frame()
    column = frame.height - frame.bottom - frame.top
    bottoms = []
    for _kind, (a, _top, c, d) in page.get_bboxlog():
        if a >= rect[0] and c <= rect[2]:
            bottom = (d / MM - y0) / k
            if bottom < frame.height - frame.bottom + 2:     # above the running footer
                bottoms.append(bottom)
    return (max(bottoms, default=frame.top) - frame.top) / column


def fills(gid, lang, paper=None):
    """Each A5 page's fill: from the A5 PDF, or from the sides of the saddle-stitched booklet on `paper`."""
    pages = booklet(gid, lang)
    if paper is None:
        doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in pages], "t"))
        return [_fill(page, (-1e9, 0, 1e9, 0), 0, 0, 1.0) for page in doc]
    profile = load_game(find_game(gid)).layouts.paper(paper)
    long, short = max(profile.size), min(profile.size)
    doc = open_pdf(render_pdf(impose_saddle(pages, A5[0], A5[1], long, short, "t", profile.margin), "t"))
    k = booklet_scale(A5[0], A5[1], long, short)
    w, fold, oy = A5[0] * k, long / 2, (short - A5[1] * k) / 2
    out = [0.0] * len(pages)
    for side, (left, right) in zip(doc, saddle_order(len(pages))):
        for index, x in ((left, fold - w), (right, fold)):
            if index is not None:                          # the half of the side that page is on
                out[index] = _fill(side, ((x + 0.5) * MM, 0, (x + w - 0.5) * MM, 0), x, oy, k)
    return out


@pytest.mark.slow
@pytest.mark.parametrize(("gid", "lang"), list(PAGES))
def test_pages_are_filled(gid, lang):
    f = fills(gid, lang)
    assert len(f) <= PAGES[gid, lang]
    inner = f[1:-1]          # the cover and the player aid stand alone
    assert sum(inner) / len(inner) >= 0.8, [round(x, 2) for x in f]


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize(("gid", "lang"), BOOKLETS)
def test_no_page_is_less_than_half_full(gid, lang, paper):
    """Every page but the cover and the last (the player aid, on a page of its own) is at least half
    full where it is printed."""
    f = fills(gid, lang, paper)
    assert len(f) == len(booklet(gid, lang))
    short = {n: round(x, 2) for n, x in enumerate(f, 1) if 1 < n < len(f) and x < 0.5}
    assert not short, f"{gid} ({lang}, {paper}): pages less than half full {short}; all {[round(x, 2) for x in f]}"


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
def test_the_sheets_measure_what_the_a5_pages_measure(paper):
    """The measure on the printed sheets finds each page's half (saddle-stitch order, Letter's shrink)."""
    a5, sheets = fills("daimyni", "en"), fills("daimyni", "en", paper)
    assert [round(x, 2) for x in sheets[1:]] == pytest.approx([round(x, 2) for x in a5[1:]], abs=0.015)
