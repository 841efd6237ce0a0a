"""Tight card sheets (`--sheet tight`) read back from the PDF: nine poker or bridge cards butted on A4
and Letter, trims where the arithmetic puts them, crop marks on every cut line outside the block,
backs behind their fronts, and the note that says how to cut."""

import pytest

from pnp.build import Options, build_kit
from pnp.draw import text
from pnp.draw.shapes import Rect, Scene, Style
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.press.cards import Duplex, impose_cards
from pnp.press.grid import Sheet, card_trims, tight_grid
from pnp.render.pdf import render_pdf
from tests.conftest import MM, open_pdf

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
CARDS = {"poker": (63.5, 88.9), "bridge": (57.15, 88.9)}
TRIM = "#3366cc"    # each test card's trim rectangle is filled in this colour, its bleed in grey


def card(name, w, h):
    scene = Scene(name, w, h, 3.0)
    scene.add(Rect(-3, -3, w + 6, h + 6, Style(fill="#cccccc")))
    scene.add(Rect(0, 0, w, h, Style(fill=TRIM)))
    scene.add(text.line(w / 2, h / 2, name, "sans", 12, anchor="middle"))
    return scene


def trims(page):
    """The trim rectangles drawn on `page`, in mm (x0, y0, x1, y1), y down, sorted top to bottom."""
    out = []
    for d in page.get_drawings():
        if d.get("fill") and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], (0x33 / 255, 0x66 / 255, 0xcc / 255))):
            r = d["rect"]
            out.append((r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM))
    return sorted(out, key=lambda r: (round(r[1], 1), r[0]))


def marks(page):
    """The crop marks: thin black lines, as (x0, y0, x1, y1) in mm."""
    out = []
    for d in page.get_drawings():
        if d.get("color") == (0.0, 0.0, 0.0) and d.get("width") and abs(d["width"] - 0.2 * MM) < 0.05:
            out += [(i[1].x / MM, i[1].y / MM, i[2].x / MM, i[2].y / MM) for i in d["items"] if i[0] == "l"]
    return out


@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("size", CARDS)
def test_nine_cards_butt_on_shared_cut_lines_exactly_where_the_arithmetic_puts_them(paper, size):
    """3 x 3 upright cards, the block centred: poker 190.5 x 266.7 mm, so on A4 the first trim is
    (210 - 190.5) / 2 = 9.75 mm from the left and (297 - 266.7) / 2 = 15.15 mm from the top; every
    trim 5 mm or more inside the sheet."""
    (pw, ph), (w, h) = PAPERS[paper], CARDS[size]
    grid = tight_grid(pw, ph, 5.0, w, h, 3.0)
    doc = open_pdf(render_pdf(impose_cards([card(f"F{i}", w, h) for i in range(9)],
                                           [card(f"B{i}", w, h) for i in range(9)], grid, Duplex.long, "t"), "t"))
    found = trims(doc[0])
    assert len(found) == 9
    x0, y0 = (pw - 3 * w) / 2, (ph - 3 * h) / 2
    expected = [(x0 + c * w, y0 + r * h, x0 + (c + 1) * w, y0 + (r + 1) * h) for r in range(3) for c in range(3)]
    for got, want in zip(found, expected):
        assert got == pytest.approx(want, abs=0.01)
    assert min(r[0] for r in found) >= 5 and max(r[2] for r in found) <= pw - 5
    assert min(r[1] for r in found) >= 5 and max(r[3] for r in found) <= ph - 5
    # what the API says is what is drawn: the cutter work reads card positions from card_trims
    for (x, y, cw, ch), want in zip(card_trims(grid), expected, strict=True):
        assert (x, y, x + cw, y + ch) == pytest.approx(want, abs=0.01)


@pytest.mark.parametrize("paper", PAPERS)
def test_every_cut_line_has_a_mark_at_both_ends_outside_the_block(paper):
    """4 cut lines down and 4 across, each marked at both ends; no mark enters the block of cards,
    every mark is at least 2 mm long, and on A4 every mark and on Letter every mark across lies 5 mm
    inside the sheet. Letter leaves 6.35 mm above and below the block: its marks down run on to 3 mm
    from the edge (the part that prints on a 5 mm-margin printer is what is left, 0.5 mm or more)."""
    pw, ph = PAPERS[paper]
    grid = tight_grid(pw, ph, 5.0, 63.5, 88.9, 3.0)
    doc = open_pdf(render_pdf(impose_cards([card("F", 63.5, 88.9)] * 9, [card("B", 63.5, 88.9)] * 9, grid,
                                           Duplex.long, "t"), "t"))
    page, found = doc[0], trims(doc[0])
    left, top = min(r[0] for r in found), min(r[1] for r in found)
    right, bottom = max(r[2] for r in found), max(r[3] for r in found)
    xs = sorted({round(v, 2) for r in found for v in (r[0], r[2])})
    ys = sorted({round(v, 2) for r in found for v in (r[1], r[3])})
    assert len(xs) == len(ys) == 4       # shared cut lines: 4 + 4 cuts
    lines = marks(page)
    for x0, y0, x1, y1 in lines:        # no mark inside the block
        assert not (left < max(x0, x1) and min(x0, x1) < right and top < max(y0, y1) and min(y0, y1) < bottom)
        assert max(abs(x1 - x0), abs(y1 - y0)) >= 2.0
    for x in xs:
        down = [ln for ln in lines if abs(ln[0] - x) < 0.01 and abs(ln[2] - x) < 0.01]
        above = [ln for ln in down if max(ln[1], ln[3]) < top]
        below = [ln for ln in down if min(ln[1], ln[3]) > bottom]
        assert above and below, x
        for ln in above + below:
            inside = min(max(ln[1], ln[3]), ph - 5) - max(min(ln[1], ln[3]), 5)
            assert inside >= (0.5 if paper == "letter" else 3.0), ln
    for y in ys:
        across = [ln for ln in lines if abs(ln[1] - y) < 0.01 and abs(ln[3] - y) < 0.01]
        assert [ln for ln in across if max(ln[0], ln[2]) < left] and [ln for ln in across if min(ln[0], ln[2]) > right]
        for ln in across:
            assert 5 - 0.01 <= min(ln[0], ln[2]) and max(ln[0], ln[2]) <= pw - 5 + 0.01


@pytest.mark.parametrize("duplex", [Duplex.long, Duplex.short, Duplex.none])
@pytest.mark.parametrize("paper", PAPERS)
def test_each_back_lands_exactly_behind_its_front(paper, duplex):
    """As on standard sheets: long-edge flipping (and gluing) mirrors left and right, short-edge top
    and bottom; 11 cards make a full sheet and a part-filled one."""
    pw, ph = PAPERS[paper]
    grid = tight_grid(pw, ph, 5.0, 63.5, 88.9, 3.0)
    n = 11
    doc = open_pdf(render_pdf(impose_cards([card(f"F{i}", 63.5, 88.9) for i in range(n)],
                                           [card(f"B{i}", 63.5, 88.9) for i in range(n)], grid, duplex, "t"), "t"))
    assert doc.page_count == 4
    for sheet in range(2):
        f, b = (sheet, 2 + sheet) if duplex is Duplex.none else (2 * sheet, 2 * sheet + 1)
        words = {w[4]: w for w in doc[f].get_text("words")}
        backs = {w[4]: w for w in doc[b].get_text("words")}
        fronts, behind = trims(doc[f]), trims(doc[b])
        assert len(fronts) == len(behind) == (9 if sheet == 0 else 2)
        for name in [k for k in words if k.startswith("F")]:
            fw, bw = words[name], backs[name.replace("F", "B")]
            fx, fy = (fw[0] + fw[2]) / 2 / MM, (fw[1] + fw[3]) / 2 / MM
            bx, by = (bw[0] + bw[2]) / 2 / MM, (bw[1] + bw[3]) / 2 / MM
            front = next(r for r in fronts if r[0] < fx < r[2] and r[1] < fy < r[3])
            back = next(r for r in behind if r[0] < bx < r[2] and r[1] < by < r[3])
            x0, y0, x1, y1 = front
            want = (x0, ph - y1, x1, ph - y0) if duplex is Duplex.short else (pw - x1, y0, pw - x0, y1)
            assert back == pytest.approx(want, abs=0.01), name


@pytest.mark.parametrize("paper", PAPERS)
def test_a_tight_kit_holds_nine_cards_a_sheet_and_says_how_to_cut(paper):
    """Daimyni's 18 cards: two sheets of nine on A4 and Letter (three and four on standard sheets).
    The fronts say to cut the 4 lines down first; the note stays out of the block's bleed and 5 mm
    inside the sheet (at the foot and head on A4, up the sides on Letter)."""
    game = load_game(cards_dir() / "daimyni")
    arts = {a.name: a for a in build_kit(game, Options(paper=paper, only=("cards",), sheet=Sheet.tight, svg=False))}
    doc = open_pdf(arts[f"daimyni-cards-{paper}-tight.pdf"].data)
    assert doc.page_count == 4
    pw, ph = PAPERS[paper]
    grid = tight_grid(pw, ph, 5.0, 63.5, 88.9, 3.0)
    bx, by, bw, bh = grid.bleed_box
    for page in (doc[0], doc[2]):
        said = " ".join(page.get_text().split())
        assert "the 4 lines down first" in said and "then the 4 across" in said, said
        for x0, y0, x1, y1, words, *_ in page.get_text("blocks"):
            if "4 lines down" in words or "fronts" in words:
                assert x1 / MM <= bx + 0.01 or x0 / MM >= bx + bw - 0.01 or y1 / MM <= by + 0.01 \
                    or y0 / MM >= by + bh - 0.01, words
                assert x0 / MM >= 5 and y0 / MM >= 5 and x1 / MM <= pw - 5 and y1 / MM <= ph - 5, words
    assert f"daimyni-duplex-check-{paper}.pdf" in arts     # the same check sheet: its name says no layout


def test_standard_sheets_still_hold_eight_on_a4_and_six_on_letter():
    """--sheet standard (the default) is unchanged."""
    game = load_game(cards_dir() / "daimyni")
    for paper, pages in (("a4", 6), ("letter", 6)):
        arts = {a.name: a for a in build_kit(game, Options(paper=paper, only=("cards",), svg=False))}
        assert open_pdf(arts[f"daimyni-cards-{paper}.pdf"].data).page_count == pages


def test_a_part_filled_tight_sheet_counts_its_own_cut_lines():
    """Daimyni with its two player aids on the cards' sheets: 20 cards, 9 + 9 + 2, the last sheet's
    two cards side by side in one row: 3 lines down, 2 across."""
    game = load_game(cards_dir() / "daimyni")
    arts = {a.name: a for a in build_kit(game, Options(only=("cards", "aid"), sheet=Sheet.tight, svg=False))}
    doc = open_pdf(arts["daimyni-cards-a4-tight.pdf"].data)
    assert doc.page_count == 6
    said = " ".join(doc[4].get_text().split())
    assert "the 3 lines down first" in said and "then the 2 across" in said, said
