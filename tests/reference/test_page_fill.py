"""Booklet pages are used, not left half empty (issue 10 defect 9): measured on the rendered A5 pages
as the lowest mark above the running footer. Page counts measured when the flow was tightened
(before: Daimyni 13 pages without glossary, aid, credits or the second walkthrough; Daimyo 16)."""

import pytest

from pnp.catalog import find_game
from pnp.model.game import load_game
from pnp.reference.booklet import build_booklet
from pnp.reference.flow import A5, Frame
from pnp.render.pdf import Page, render_pdf
from tests.conftest import MM, open_pdf

PAGES = {("daimyni", "en"): 15, ("daimyni", "it"): 16, ("daimyo", "en"): 16}


def fills(gid, lang):
    doc = open_pdf(render_pdf([Page(A5[0], A5[1], p) for p in build_booklet(load_game(find_game(gid)), lang)], "t"))
    frame = Frame()
    column = frame.height - frame.bottom - frame.top
    out = []
    for page in doc:
        bottoms = [r[1][3] / MM for r in page.get_bboxlog() if r[1][3] / MM < frame.height - frame.bottom + 2]
        out.append((max(bottoms, default=frame.top) - frame.top) / column)
    return out


@pytest.mark.parametrize(("gid", "lang"), list(PAGES))
def test_pages_are_filled(gid, lang):
    f = fills(gid, lang)
    assert len(f) <= PAGES[gid, lang]
    inner = f[1:-1]          # the cover and the player aid stand alone
    assert sum(1 for x in inner if x < 0.5) <= 1, [round(x, 2) for x in f]
    assert sum(inner) / len(inner) >= 0.8, [round(x, 2) for x in f]
