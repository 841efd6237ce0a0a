"""Card sheets read back from the PDF: the grid per paper, boxes, crop marks and duplex backs."""

import pytest

from pnp.draw import text
from pnp.draw.shapes import Rect, Scene, Style
from pnp.press.cards import Duplex, impose_cards
from pnp.press.grid import card_grid
from pnp.render.pdf import render_pdf
from tests.conftest import MM, build, open_pdf, read_pdf

A4 = (210.0, 297.0)
LETTER = (215.9, 279.4)
POKER = (63.5, 88.9)


def slot_rects(grid):
    """Each slot's trim as (x0, y0, x1, y1) in points, y downwards (as PyMuPDF reports)."""
    out = []
    for r in range(grid.rows):
        for c in range(grid.cols):
            s = grid.slot(r, c)
            out.append((s.x * MM, s.y * MM, (s.x + grid.slot_w) * MM, (s.y + grid.slot_h) * MM))
    return out


def test_a4_holds_eight_turned_poker_cards_with_full_bleeds_and_room_for_marks():
    """Poker cards turn a quarter: 2 x 4 on A4, every card with 3 mm of bleed all round."""
    grid = card_grid(*A4, 5.0, *POKER, 3.0)
    assert grid.rotated and (grid.cols, grid.rows) == (2, 4) and grid.narrow == (False, False)
    assert grid.gutter_x == grid.gutter_y == 6.0
    for r in range(grid.rows):
        for c in range(grid.cols):
            assert grid.slot(r, c).bleed == (3.0, 3.0, 3.0, 3.0)
    x, y, w, h = grid.bleed_box
    assert x >= 5 + 4 and y >= 5 + 4 and x + w <= A4[0] - 9 and y + h <= A4[1] - 9


def test_letter_holds_as_many_poker_cards_as_a4_on_narrower_gutters_down_the_sheet():
    """Issue 24: Letter's 279.4 mm took 3 rows of turned cards with 6 mm gutters (6 a sheet, Daimyo
    9 sheets against A4's 7). 4 rows of 63.5 mm leave 25.4 mm: three 3 mm gutters (1.5 mm of each
    card's own art towards the next, the most a 1-2 mm misregistration needs) and 8.2 mm above and
    below, where the marks cross the outer bleed and stop at the 5 mm margin."""
    grid = card_grid(*LETTER, 5.0, *POKER, 3.0)
    assert grid.rotated and (grid.cols, grid.rows) == (2, 4) and grid.narrow == (False, True)
    assert grid.gutter_x == 6.0 and grid.gutter_y == pytest.approx(3.0)
    x, y, w, h = grid.trim_box
    assert y == pytest.approx((279.4 - 4 * 63.5 - 3 * 3.0) / 2) and y + h == pytest.approx(279.4 - y)
    for r in range(grid.rows):
        for c in range(grid.cols):
            left, top, right, bottom = grid.slot(r, c).bleed
            assert (left, right) == (3.0, 3.0)
            assert top == (3.0 if r == 0 else pytest.approx(1.5)) and bottom == (3.0 if r == 3 else pytest.approx(1.5))


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER)])
def test_each_fronts_sheet_is_followed_by_its_backs(paper, size):
    doc = open_pdf(build(paper=paper, only=("cards",))[f"daimyni-cards-{paper}.pdf"].data)
    per = 8
    assert doc.page_count == 2 * -(-18 // per)
    for page in doc:
        assert page.rect.width == pytest.approx(size[0] * MM, abs=0.01)
        assert page.rect.height == pytest.approx(size[1] * MM, abs=0.01)
    texts = [p.get_text() for p in doc]
    assert "Move Bushi" in texts[0] and "Densho" not in texts[0]      # fronts
    assert texts[1].count("伝書") == per and "Move Bushi" not in texts[1]  # its backs


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER)])
def test_a_sheet_declares_itself_as_trim_and_bleed(paper, size):
    """A sheet of many cards is cut by hand: its TrimBox and BleedBox are the sheet, so a prepress
    tool neither crops away the crop marks nor scales the sheet (defect 8)."""
    reader = read_pdf(build(paper=paper, only=("cards",))[f"daimyni-cards-{paper}.pdf"].data)
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        assert [float(v) for v in page.trimbox] == pytest.approx(media, abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=0.01)


def crop_lines(page):
    """Thin black lines: the crop marks, as ((x0, y0), (x1, y1)) in points, y downwards."""
    out = []
    for d in page.get_drawings():
        if d.get("color") == (0.0, 0.0, 0.0) and d.get("width") and abs(d["width"] - 0.2 * MM) < 0.05:
            for item in d["items"]:
                if item[0] == "l":
                    out.append(((item[1].x, item[1].y), (item[2].x, item[2].y)))
    return out


def keep_out(grid, rect, occupied):
    """The box round one card's trim (points) that no mark may enter: its own bleed towards its
    neighbours and beyond the block, except at the ends of a narrowed axis, whose marks cross the
    outer bleed (what they cover is cut away) but start 0.5 mm from the trim."""
    x0, y0, x1, y1 = rect
    narrow_x, narrow_y = grid.narrow
    b, edge = grid.bleed * MM, 0.5 * MM - 0.01
    ends = (min(r[0] for r in occupied), min(r[1] for r in occupied), max(r[2] for r in occupied),
            max(r[3] for r in occupied))
    inner_x, inner_y = min(b, grid.gutter_x * MM / 2), min(b, grid.gutter_y * MM / 2)
    left = (edge if narrow_x else b) if abs(x0 - ends[0]) < 0.1 else inner_x
    right = (edge if narrow_x else b) if abs(x1 - ends[2]) < 0.1 else inner_x
    top = (edge if narrow_y else b) if abs(y0 - ends[1]) < 0.1 else inner_y
    bottom = (edge if narrow_y else b) if abs(y1 - ends[3]) < 0.1 else inner_y
    return x0 - left, y0 - top, x1 + right, y1 + bottom


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER)])
def test_crop_marks_print_on_every_cut_line_and_stay_out_of_bleeds_and_the_printer_margin(paper, size):
    """Defects 1 and 2: every mark lies wholly 5 mm or more inside the sheet edge, touches no card's
    bleed (on Letter's narrowed axis the marks at the block's top and bottom cross its outer bleed,
    starting 0.5 mm from the trim), and every cut line of the cards on the sheet has a mark at both
    ends at least 3 mm long (2 mm across a narrowed block's outer bleed: 2.4 mm on Letter); a sheet
    with a few cards has marks for those cards only (none for its empty places)."""
    doc = open_pdf(build(paper=paper, only=("cards",))[f"daimyni-cards-{paper}.pdf"].data)
    grid = card_grid(*size, 5.0, *POKER, 3.0)
    b = 3.0 * MM
    W, H, m = size[0] * MM, size[1] * MM, 5.0 * MM
    long_x, long_y = (2.0 * MM - 0.01 if n else 3 * MM - 0.01 for n in grid.narrow)
    partial = 0
    for page in doc:
        pix = page.get_pixmap(dpi=20, alpha=False)
        occupied = [r for r in slot_rects(grid)
                    if pix.pixel(int((r[0] + r[2]) / 2 / 72 * 20), int((r[1] + r[3]) / 2 / 72 * 20)) != (255, 255, 255)]
        assert occupied
        if len(occupied) < grid.per_page:
            partial += 1
            empty = [r for r in slot_rects(grid) if r not in occupied]
            lines = crop_lines(page)    # no mark for an empty place: none along its edges beyond the cards
            top, bottom = min(r[1] for r in occupied), max(r[3] for r in occupied)
            assert not [ln for ln in lines if min(ln[0][1], ln[1][1]) > bottom + b
                        and any(abs(ln[0][1] - e[3]) < 0.1 for e in empty) and ln[0][1] == ln[1][1]], lines
        bleeds = [keep_out(grid, r, occupied) for r in occupied]
        lines = crop_lines(page)
        assert lines
        for (ax, ay), (bx, by) in lines:
            for x, y in ((ax, ay), (bx, by)):
                assert m - 0.01 <= x <= W - m + 0.01 and m - 0.01 <= y <= H - m + 0.01, (x, y)
            for t in (0, 0.25, 0.5, 0.75, 1):
                x, y = ax + (bx - ax) * t, ay + (by - ay) * t
                for x0, y0, x1, y1 in bleeds:
                    assert not (x0 + 0.01 < x < x1 - 0.01 and y0 + 0.01 < y < y1 - 0.01), ((ax, ay), (bx, by))
        rects = occupied
        top, bottom = min(r[1] for r in rects), max(r[3] for r in rects)
        left, right = min(r[0] for r in rects), max(r[2] for r in rects)
        for x in {round(v, 1) for r in rects for v in (r[0], r[2])}:
            above = [ln for ln in lines if abs(ln[0][0] - x) < 0.1 and abs(ln[1][0] - x) < 0.1
                     and max(ln[0][1], ln[1][1]) < top and abs(ln[0][1] - ln[1][1]) >= long_y]
            below = [ln for ln in lines if abs(ln[0][0] - x) < 0.1 and abs(ln[1][0] - x) < 0.1
                     and min(ln[0][1], ln[1][1]) > bottom and abs(ln[0][1] - ln[1][1]) >= long_y]
            assert above and below, x
        for y in {round(v, 1) for r in rects for v in (r[1], r[3])}:
            before = [ln for ln in lines if abs(ln[0][1] - y) < 0.1 and abs(ln[1][1] - y) < 0.1
                      and max(ln[0][0], ln[1][0]) < left and abs(ln[0][0] - ln[1][0]) >= long_x]
            after = [ln for ln in lines if abs(ln[0][1] - y) < 0.1 and abs(ln[1][1] - y) < 0.1
                     and min(ln[0][0], ln[1][0]) > right and abs(ln[0][0] - ln[1][0]) >= long_x]
            assert before and after, y
    assert partial >= 2   # Daimyni's 18 cards: 8 + 8 + 2 on A4 and on Letter


def labelled(name, w=63.5, h=88.9):
    scene = Scene(name, w, h, 3.0)
    scene.add(Rect(-3, -3, w + 6, h + 6, Style(fill="#dddddd")))
    scene.add(text.line(w / 2, h / 2, name, "sans", 12, anchor="middle"))
    return scene


def centres(page):
    return {w[4]: ((w[0] + w[2]) / 2, (w[1] + w[3]) / 2) for w in page.get_text("words")}


@pytest.mark.parametrize("size", [A4, LETTER, (297.0, 420.0)])
@pytest.mark.parametrize("duplex", [d for d in Duplex if d is not Duplex.fold])   # fold: test_fold.py
def test_every_back_lands_behind_its_front(duplex, size):
    """Defect 5: long-edge flipping mirrors left and right, short-edge top and bottom; glue mode puts
    the backs last, mirrored like long-edge (the backs sheet is turned over like a book page)."""
    n = 11  # a full sheet and a partial one
    fronts = [labelled(f"F{i}") for i in range(n)]
    backs = [labelled(f"B{i}") for i in range(n)]
    grid = card_grid(*size, 5.0, *POKER, 3.0)
    doc = open_pdf(render_pdf(impose_cards(fronts, backs, grid, duplex, "t"), "t"))
    sheets = -(-n // grid.per_page)
    assert doc.page_count == 2 * sheets
    W, H = size[0] * MM, size[1] * MM
    rects = slot_rects(grid)

    def slot_of(x, y):
        return next(r for r in rects if r[0] < x < r[2] and r[1] < y < r[3])

    for sheet in range(sheets):
        f, bk = (sheet, sheets + sheet) if duplex is Duplex.none else (2 * sheet, 2 * sheet + 1)
        front, back = centres(doc[f]), centres(doc[bk])
        here = [k for k in front if k.startswith("F")]
        assert here and len([k for k in back if k.startswith("B")]) == len(here)
        for k in here:
            fx0, fy0, fx1, fy1 = slot_of(*front[k])
            behind = (fx0, H - fy1, fx1, H - fy0) if duplex is Duplex.short else (W - fx1, fy0, W - fx0, fy1)
            assert slot_of(*back[k.replace("F", "B")]) == pytest.approx(behind, abs=0.05), k


@pytest.mark.parametrize("size,per_sheet", [("bridge", 9)])
def test_other_card_sizes(game_copy, size, per_sheet):
    from pnp.build import Options, build_kit
    from pnp.model import load_game

    text_ = (game_copy / "cards.toml").read_text().replace('size = "poker"', f'size = "{size}"')
    (game_copy / "cards.toml").write_text(text_)
    game = load_game(game_copy)
    doc = open_pdf(next(a for a in build_kit(game, Options(only=("cards",))) if a.name.endswith(".pdf")).data)
    assert doc[0].get_text().count("#") == min(per_sheet, 18)   # one corner number per card


def test_a_part_filled_letter_sheet_keeps_its_notes_beside_its_cards():
    """On Letter the notes run up the sides (no room at the foot); on a sheet whose cards take one
    row they stay beside that row, leaving the rest of the sheet to what rides below the cards (the
    counters): a note's second line ran up beside the counters."""
    grid = card_grid(*LETTER, 5.0, *POKER, 3.0)
    fronts = [labelled(f"F{i}") for i in range(2)]
    doc = open_pdf(render_pdf(impose_cards(fronts, [labelled(f"B{i}") for i in range(2)], grid, Duplex.long,
                                           "A rather long deck title"), "t"))
    row = grid.slot(0, 0)
    for page in doc:
        notes = [w for w in page.get_text("words") if not w[4].startswith(("F", "B"))]
        assert notes
        for w in notes:
            assert row.y * MM - 0.5 <= w[1] and w[3] <= (row.y + grid.slot_h) * MM + 0.5, w
