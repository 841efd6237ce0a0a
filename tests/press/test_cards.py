"""Card sheets read back from the PDF: sizes, boxes, crop marks and duplex backs."""

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


def card_rects(grid):
    """Trim rectangles of every slot in points, PDF coordinates (y up)."""
    out = []
    for r in range(grid.rows):
        for c in range(grid.cols):
            s = grid.slot(r, c)
            out.append((s.x * MM, (grid.page_h - s.y - grid.card_h) * MM, (s.x + grid.card_w) * MM,
                        (grid.page_h - s.y) * MM))
    return out


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER)])
def test_nine_cards_a_sheet_each_front_followed_by_its_back(paper, size):
    kit = build(paper=paper, only=("cards",))
    art = kit[f"daimyni-cards-{paper}.pdf"]
    doc = open_pdf(art.data)
    assert doc.page_count == 4
    for page in doc:
        assert page.rect.width == pytest.approx(size[0] * MM, abs=0.01)
        assert page.rect.height == pytest.approx(size[1] * MM, abs=0.01)
    texts = [p.get_text() for p in doc]
    assert "Move Bushi" in texts[0] and "Densho" not in texts[0]      # fronts
    assert texts[1].count("伝書") == 9 and "Move Bushi" not in texts[1]  # its backs
    assert "red clan" in texts[1] and "blue clan" in texts[3]


@pytest.mark.parametrize("paper,size", [("a4", A4), ("letter", LETTER)])
def test_trim_and_bleed_boxes_keep_five_mm_margin(paper, size):
    reader = read_pdf(build(paper=paper, only=("cards",))[f"daimyni-cards-{paper}.pdf"].data)
    grid = card_grid(*size, 5.0, *POKER, 3.0)
    assert (grid.cols, grid.rows) == (3, 3)
    for page in reader.pages:
        trim, bleed = page.trimbox, page.bleedbox
        w, h = size[0] * MM, size[1] * MM
        assert float(trim.left) >= 5 * MM - 0.01 and float(trim.bottom) >= 5 * MM - 0.01
        assert float(trim.right) <= w - 5 * MM + 0.01 and float(trim.top) <= h - 5 * MM + 0.01
        assert float(bleed.left) == pytest.approx(float(trim.left) - 3 * MM, abs=0.01)
        assert float(bleed.top) == pytest.approx(float(trim.top) + 3 * MM, abs=0.01)
        for x0, y0, x1, y1 in card_rects(grid):
            assert float(trim.left) - 0.01 <= x0 and x1 <= float(trim.right) + 0.01
            assert float(trim.bottom) - 0.01 <= y0 and y1 <= float(trim.top) + 0.01


def crop_lines(page):
    """Thin black lines: the crop marks."""
    out = []
    for d in page.get_drawings():
        if d.get("color") == (0.0, 0.0, 0.0) and d.get("width") and abs(d["width"] - 0.2 * MM) < 0.05:
            for item in d["items"]:
                if item[0] == "l":
                    out.append((item[1], item[2]))
    return out


def test_crop_marks_sit_on_every_cut_line_and_never_on_a_card():
    data = build(only=("cards",))["daimyni-cards-a4.pdf"].data
    doc = open_pdf(data)
    grid = card_grid(*A4, 5.0, *POKER, 3.0)
    page_h = A4[1] * MM
    # pymupdf gives y downwards; cards as (x0, y0, x1, y1) in that system
    cards = [(x0, page_h - y1, x1, page_h - y0) for x0, y0, x1, y1 in card_rects(grid)]
    for page in doc:
        lines = crop_lines(page)
        assert len(lines) > 20
        for p, q in lines:
            for x0, y0, x1, y1 in cards:
                # sample the mark; no point may fall strictly inside a card
                for t in (0, 0.25, 0.5, 0.75, 1):
                    x, y = p.x + (q.x - p.x) * t, p.y + (q.y - p.y) * t
                    assert not (x0 + 0.01 < x < x1 - 0.01 and y0 + 0.01 < y < y1 - 0.01), (p, q)
        # each vertical cut line has a mark above the grid; each horizontal one a mark to the side
        verticals = {round(p.x, 1) for p, q in lines if abs(p.x - q.x) < 1e-6 and q.y < cards[0][1]}
        horizontals = {round(p.y, 1) for p, q in lines if abs(p.y - q.y) < 1e-6 and max(p.x, q.x) <= cards[0][0]}
        for x0, y0, x1, y1 in cards:
            assert round(x0, 1) in verticals and round(x1, 1) in verticals
            assert round(y0, 1) in horizontals and round(y1, 1) in horizontals


def labelled(name, w=63.5, h=88.9):
    scene = Scene(name, w, h, 3.0)
    scene.add(Rect(-3, -3, w + 6, h + 6, Style(fill="#dddddd")))
    scene.add(text.line(w / 2, h / 2, name, "sans", 12, anchor="middle"))
    return scene


def positions(page):
    return {w[4]: ((w[0] + w[2]) / 2, (w[1] + w[3]) / 2) for w in page.get_text("words")}


@pytest.mark.parametrize("duplex", list(Duplex))
def test_backs_land_behind_their_fronts(duplex):
    n = 11  # a full sheet and a partial one
    fronts = [labelled(f"F{i}") for i in range(n)]
    backs = [labelled(f"B{i}") for i in range(n)]
    grid = card_grid(*A4, 5.0, *POKER, 3.0)
    doc = open_pdf(render_pdf(impose_cards(fronts, backs, grid, duplex, "t"), "t"))
    assert doc.page_count == 4
    order = [0, 2, 1, 3] if duplex is Duplex.none else [0, 1, 2, 3]
    width, height = A4[0] * MM, A4[1] * MM
    for sheet in range(2):
        front = positions(doc[order[2 * sheet]])
        back = positions(doc[order[2 * sheet + 1]])
        fronts_here = [k for k in front if k.startswith("F")]
        assert fronts_here and all(k.replace("F", "B") in back for k in fronts_here)
        for k in fronts_here:
            (fx, fy), (bx, by) = front[k], back[k.replace("F", "B")]
            if duplex is Duplex.long:      # columns mirrored
                assert (bx, by) == pytest.approx((width - fx, fy), abs=0.05)
            elif duplex is Duplex.short:   # rows mirrored; the label keeps its place on the card
                row, col = divmod(int(k[1:]) % 9, 3)
                centre = (grid.slot(row, col).y + grid.card_h / 2) * MM
                assert (bx, by) == pytest.approx((fx, height - centre + (fy - centre)), abs=0.05)
            else:                          # unmirrored
                assert (bx, by) == pytest.approx((fx, fy), abs=0.05)


def test_inner_bleed_is_clipped_at_the_gutter_middle():
    grid = card_grid(*A4, 5.0, *POKER, 3.0)
    # A4 is too narrow for 3 + 3 mm between columns: they share the gutter
    assert grid.gutter_x == pytest.approx(4.75)
    assert grid.slot(0, 1).bleed == pytest.approx((2.375, 3.0, 2.375, 3.0))
    assert grid.slot(2, 0).bleed == pytest.approx((3.0, 3.0, 2.375, 3.0))
    assert grid.gutter_y == pytest.approx(6.0)


@pytest.mark.parametrize("size,per_sheet", [("bridge", 10), ("mini", 21)])  # both fill A4 landscape best
def test_other_card_sizes(game_copy, tmp_path, size, per_sheet):
    from pnp.build import Options, build_kit
    from pnp.model import load_game

    text = (game_copy / "cards.toml").read_text().replace('size = "poker"', f'size = "{size}"')
    (game_copy / "cards.toml").write_text(text)
    game = load_game(game_copy)
    doc = open_pdf(build_kit(game, Options(only=("cards",)))[0].data)
    fronts = doc[0].get_text()
    assert fronts.count("#") == min(per_sheet, 18)   # one corner number per card
    for page in read_pdf(build_kit(game, Options(only=("cards",)))[0].data).pages:
        assert float(page.trimbox.left) >= 5 * MM - 0.01
