"""Fold sheets (`--duplex fold`) read back from the PDF and folded mathematically: the fold line is
found from the dashed fold mark, each back reflected about it must land on its own front to 0.05 mm,
upright once the card is turned over about its long side."""

import pytest

from pnp.build import Options, build_kit
from pnp.draw import text
from pnp.draw.shapes import Rect, Scene, Style
from pnp.model import load_game
from pnp.paths import cards_dir
from pnp.press.cards import Duplex
from pnp.press.fold import fold_grid, impose_folds
from pnp.press.grid import Sheet
from pnp.render.pdf import render_pdf
from tests.conftest import MM, open_pdf

PAPERS = {"a4": (210.0, 297.0), "letter": (215.9, 279.4)}
W, H = 63.5, 88.9
FRONT, BACK = "#3366cc", "#cc6633"       # trim rectangles
CORNER, RIGHT = "#00aa00", "#aa00aa"     # 4 mm squares: a card's own top-left corner; the front's top-right


def rgb(colour):
    return tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))


def card(name, fill, right_corner):
    scene = Scene(name, W, H, 3.0)
    scene.add(Rect(-3, -3, W + 6, H + 6, Style(fill="#cccccc")))
    scene.add(Rect(0, 0, W, H, Style(fill=fill)))
    scene.add(Rect(0, 0, 4, 4, Style(fill=CORNER)))
    if right_corner:
        scene.add(Rect(W - 4, 0, 4, 4, Style(fill=RIGHT)))
    scene.add(text.line(W / 2, H / 2, name, "sans", 12, anchor="middle"))
    return scene


def rects(page, colour):
    """Rectangles filled in `colour`, in mm (x0, y0, x1, y1), y down."""
    out = []
    for d in page.get_drawings():
        if d.get("fill") and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], rgb(colour))):
            r = d["rect"]
            out.append((r.x0 / MM, r.y0 / MM, r.x1 / MM, r.y1 / MM))
    return out


def fold_line(page):
    """The fold as the dashed grey mark says: ('across', y) or ('down', x), in mm."""
    for d in page.get_drawings():
        if d.get("dashes") and d["dashes"] not in ("[] 0", "[ ] 0"):
            r = d["rect"]
            return ("across", r.y0 / MM) if r.height < 0.1 else ("down", r.x0 / MM)
    raise AssertionError("no fold mark")


def reflect(box, fold):
    x0, y0, x1, y1 = box
    axis, f = fold
    return (x0, 2 * f - y1, x1, 2 * f - y0) if axis == "across" else (2 * f - x1, y0, 2 * f - x0, y1)


def within(inner, outer):
    return outer[0] - 0.01 <= inner[0] and inner[2] <= outer[2] + 0.01 and outer[1] - 0.01 <= inner[1] \
        and inner[3] <= outer[3] + 0.01


@pytest.mark.parametrize("tight", [False, True])
@pytest.mark.parametrize("paper", PAPERS)
def test_folded_each_back_lies_on_its_front_upright(paper, tight):
    """Fronts and backs on one page; reflected about the fold line, every back's trim is its own
    front's trim to 0.05 mm (found by the name printed on each), and the back's top-left corner lands
    behind the front's top-right corner: turned over about its long side, the card shows its back
    upright. Nothing is printed within 5 mm of the sheet edge except bleed the cut removes."""
    pw, ph = PAPERS[paper]
    grid = fold_grid(pw, ph, 5.0, W, H, 3.0, tight)
    n = grid.per_page + 1        # a full sheet and a part-filled one
    fronts = [card(f"F{i}", FRONT, True) for i in range(n)]
    backs = [card(f"B{i}", BACK, False) for i in range(n)]
    doc = open_pdf(render_pdf(impose_folds(fronts, backs, grid, "t"), "t"))
    assert doc.page_count == 2
    for page in doc:
        fold = fold_line(page)
        words = {w[4]: ((w[0] + w[2]) / 2 / MM, (w[1] + w[3]) / 2 / MM) for w in page.get_text("words")}
        front_trims, back_trims = rects(page, FRONT), rects(page, BACK)
        corners, rights = rects(page, CORNER), rects(page, RIGHT)
        names = [k for k in words if k.startswith("F") and k[1:].isdigit()]
        assert len(names) == len(front_trims) == len(back_trims) and names
        def holding(boxes, label, words=words):
            x, y = words[label]
            return next(b for b in boxes if b[0] < x < b[2] and b[1] < y < b[3])

        for name in names:
            front, back = holding(front_trims, name), holding(back_trims, name.replace("F", "B"))
            folded = reflect(back, fold)
            assert folded == pytest.approx(front, abs=0.05), name
            back_corner = next(c for c in corners if within(c, back))
            front_right = next(c for c in rights if within(c, front))
            assert reflect(back_corner, fold) == pytest.approx(front_right, abs=0.05), name


def test_a4_and_letter_fold_sheets_hold_four_cards_tight_and_four_or_three_standard():
    """A4: four turned poker cards a page either way; Letter: four butted, three with gutters (folded
    down the middle, the way that holds the most)."""
    counts = {(p, t): fold_grid(*PAPERS[p], 5.0, W, H, 3.0, t).per_page for p in PAPERS for t in (False, True)}
    assert counts == {("a4", False): 4, ("a4", True): 4, ("letter", False): 3, ("letter", True): 4}


def test_a_fold_kit_has_one_sided_sheets_the_fold_and_glue_words_and_no_duplex_check():
    """Daimyni's 18 cards fold 4 a page: 5 pages; the counters (no room on a fold sheet) get their own
    sheets, glued; nothing asks for double-sided printing."""
    game = load_game(cards_dir() / "daimyni")
    arts = {a.name: a for a in build_kit(game, Options(duplex=Duplex.fold, only=("cards", "pieces"), svg=False))}
    assert "daimyni-cards-a4-fold.pdf" in arts and not [n for n in arts if "duplex-check" in n]
    doc = open_pdf(arts["daimyni-cards-a4-fold.pdf"].data)
    assert doc.page_count == 5
    said = " ".join(doc[0].get_text().split())
    assert "print one-sided" in said and "fold on the dashed line" in said and "glue" in said
    assert "double-sided" not in said
    opts = Options(duplex=Duplex.fold, sheet=Sheet.tight, only=("cards",), svg=False)
    tight = {a.name for a in build_kit(game, opts)}
    assert "daimyni-cards-a4-tight-fold.pdf" in tight


def test_offset_is_refused_with_fold_which_prints_one_sided():
    from pnp.errors import UsageError

    game = load_game(cards_dir() / "daimyni")
    with pytest.raises(UsageError, match="--duplex fold prints one-sided"):
        build_kit(game, Options(duplex=Duplex.fold, offset=(1.0, 0.0), only=("cards",), svg=False))


@pytest.mark.parametrize("lang,word", [("en", "fold"), ("it", "piega")])
def test_the_fold_mark_and_its_word_stay_in_the_margin_band_outside_the_bleed(lang, word):
    """The dashed fold line and the word beside it keep 5 mm from the sheet edge and off the blocks'
    bleed; where the word would not fit (Italian "piega" beside A4's standard block) only the line shows."""
    game = load_game(cards_dir() / "daimyni")
    arts = {a.name: a for a in build_kit(game, Options(duplex=Duplex.fold, lang=lang, only=("cards",), svg=False))}
    page = open_pdf(arts[f"daimyni-cards-a4-fold{'' if lang == 'en' else '-it'}.pdf"].data)[0]
    grid = fold_grid(210.0, 297.0, 5.0, W, H, 3.0)
    bx, _, bw, _ = grid.front.bleed_box
    dashed = [d["rect"] for d in page.get_drawings() if d.get("dashes") and d["dashes"] not in ("[] 0", "[ ] 0")]
    assert len(dashed) == 2
    words = [w for w in page.get_text("words")     # the word by the fold line, not the notes' "fold on..."
             if w[4] == word and grid.fold - 4 <= w[1] / MM and w[3] / MM <= grid.fold + 0.5]
    for x0, _, x1, _ in [(r.x0, r.y0, r.x1, r.y1) for r in dashed] + [w[:4] for w in words]:
        assert x0 / MM >= 5 - 0.01 and x1 / MM <= 205 + 0.01
        assert x1 / MM <= bx + 0.01 or x0 / MM >= bx + bw - 0.01
    assert len(words) == (2 if lang == "en" else 0)


def test_a_fold_sheet_die_line_is_the_fronts_trims():
    """With --die-line a fold sheet carries, in CutContour, the trims the folded sheet is cut along:
    the fronts' (the backs lie behind them), one closed path each, to 0.05 mm."""
    import io

    import pikepdf

    from tests.export.test_preflight import _die_line_paths

    game = load_game(cards_dir() / "daimyni")
    opts = Options(duplex=Duplex.fold, die_line=True, only=("cards",), svg=False)
    (art,) = [a for a in build_kit(game, opts) if a.name.endswith(".pdf")]
    grid = fold_grid(210.0, 297.0, 5.0, W, H, 3.0).front
    pdf = pikepdf.open(io.BytesIO(art.data))
    page = pdf.pages[0]
    _, points = _die_line_paths(page)
    ph = float(page.MediaBox[3])
    for x, y, w, h in [grid.trim(*divmod(k, grid.cols)) for k in range(grid.per_page)]:
        inside = [(px, py) for px, py in points
                  if x * MM - 0.2 <= px <= (x + w) * MM + 0.2 and ph - (y + h) * MM - 0.2 <= py <= ph - y * MM + 0.2]
        xs, ys = [p[0] for p in inside], [p[1] for p in inside]
        assert abs(min(xs) / MM - x) <= 0.05 and abs(max(xs) / MM - (x + w)) <= 0.05
        assert abs((ph - max(ys)) / MM - y) <= 0.05 and abs((ph - min(ys)) / MM - (y + h)) <= 0.05
    assert points and all((ph - py) / MM < 297.0 / 2 for _, py in points)     # none on the backs' half
