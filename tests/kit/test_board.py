"""The board sheets of a kit: A3 always, and US Tabloid (11 x 17 in) as well for a Letter kit."""

import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import MM, open_pdf


@pytest.mark.parametrize("game,name", [("daimyni", "board"), ("dojima", "board")])
def test_a_letter_kit_has_the_board_on_a3_on_tabloid_and_split_over_two_letter_sheets(game, name):
    """11 x 17 in is 279.4 x 431.8 mm, printed landscape; the 376 x 250 mm board sits centred on it
    with its trim box, 5 mm or more of paper round its bleed and marks."""
    arts = {a.name: a for a in build_kit(load_game(cards_dir() / game), Options(paper="letter", only=("board",),
                                                                               svg=False))}
    assert {f"{game}-{name}-a3.pdf", f"{game}-{name}-tabloid.pdf", f"{game}-{name}-2xletter.pdf"} <= set(arts)
    page = open_pdf(arts[f"{game}-{name}-tabloid.pdf"].data)[0]
    assert (page.rect.width / MM, page.rect.height / MM) == pytest.approx((431.8, 279.4), abs=0.01)
    trim = page.trimbox
    w, h = (trim.x1 - trim.x0) / MM, (trim.y1 - trim.y0) / MM
    assert (w, h) == pytest.approx((376.0, 250.0), abs=0.01)
    assert trim.x0 / MM == pytest.approx((431.8 - 376) / 2, abs=0.01)
    assert trim.y0 / MM == pytest.approx((279.4 - 250) / 2, abs=0.01)
    assert "print at 100%" in page.get_text()


def test_an_a4_kit_has_no_tabloid_sheet():
    arts = build_kit(load_game(cards_dir() / "daimyni"), Options(paper="a4", only=("board",), svg=False))
    assert not [a.name for a in arts if "tabloid" in a.name]
