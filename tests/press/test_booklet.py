"""The saddle-stitch booklet is imposed on the chosen paper (issue 10, defect 4)."""

import pytest

from pnp.draw import text
from pnp.press.booklet import booklet_scale, impose_saddle
from pnp.render.pdf import render_pdf
from tests.conftest import MM, build, open_pdf, read_pdf

A5 = (148.0, 210.0)


@pytest.mark.slow
@pytest.mark.parametrize("paper,sheet", [("a4", (297.0, 210.0)), ("letter", (279.4, 215.9))])
def test_the_booklet_is_printed_on_the_chosen_paper(paper, sheet):
    arts = build(paper=paper, only=("booklet",))
    assert f"daimyni-rules-{paper}-booklet.pdf" in arts
    doc = open_pdf(arts[f"daimyni-rules-{paper}-booklet.pdf"].data)
    for page in doc:
        assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx(sheet, abs=0.05)
    # every word of the booklet's pages sits inside the sheet, clear of the printer's margin
    for page in doc:
        for x0, y0, x1, y1, *_ in page.get_text("words"):
            assert 5 * MM - 0.5 <= x0 and x1 <= page.rect.width - 5 * MM + 0.5
            assert 4 * MM <= y0 and y1 <= page.rect.height - 4 * MM
    reader = read_pdf(arts[f"daimyni-rules-{paper}-booklet.pdf"].data)
    media = [float(v) for v in reader.pages[0].mediabox]
    assert [float(v) for v in reader.pages[0].trimbox] == pytest.approx(media)


def test_a5_pages_shrink_to_half_letter_and_keep_their_place_on_the_fold():
    assert booklet_scale(*A5, 297.0, 210.0) == 1.0
    k = booklet_scale(*A5, 279.4, 215.9)
    assert k == pytest.approx(139.7 / 148.0)
    pages = [[text.line(74, 105, f"P{i}", "sans", 12, anchor="middle")] for i in range(4)]
    doc = open_pdf(render_pdf(impose_saddle(pages, *A5, 279.4, 215.9, "t"), "t"))
    words = {w[4]: ((w[0] + w[2]) / 2 / MM) for w in doc[0].get_text("words")}
    # sheet 1 front: the last page on the left half, the first on the right, each centred on its half
    assert words["P3"] == pytest.approx(279.4 / 4, abs=0.2) and words["P0"] == pytest.approx(279.4 * 3 / 4, abs=0.2)
