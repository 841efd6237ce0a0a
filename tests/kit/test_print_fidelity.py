"""What a person printing the kits at home sees, read back from every PDF of both built-in kits, on
A4 and Letter, in every language (issue 10)."""

import re
from functools import cache

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir

SHEETS = ("cards", "board", "tiles", "mats", "pieces")
KITS = [("daimyni", "a4", "en"), ("daimyni", "letter", "en"), ("daimyni", "a4", "it"), ("daimyni", "letter", "it"),
        ("daimyo", "a4", "en"), ("daimyo", "letter", "en")]


@cache
def kit(game_id, paper, lang, parts=SHEETS):
    game = load_game(cards_dir() / game_id)
    only = tuple(p for p in parts if p in game.components or p == "booklet")
    return {a.name: a for a in build_kit(game, Options(paper=paper, lang=lang, only=only)) if a.name.endswith(".pdf")}


def spans(doc):
    for pno, page in enumerate(doc, 1):
        for block in page.get_text("dict")["blocks"]:
            for line in block.get("lines", []):
                for span in line["spans"]:
                    if span["text"].strip():
                        yield pno, span


@pytest.mark.parametrize("game_id,paper,lang", KITS)
def test_nothing_on_the_component_sheets_is_printed_under_6_pt(game_id, paper, lang):
    """Defect 3: card footers, the Daimyo player-count line, counter names, sheet notes."""
    for name, art in kit(game_id, paper, lang).items():
        doc = pymupdf.open(stream=art.data, filetype="pdf")
        small = [(pno, round(s["size"], 2), s["text"]) for pno, s in spans(doc) if s["size"] < 6 - 0.005]
        assert not small, (name, small[:10])


DIAGRAM = re.compile(r"^([a-z]\d{1,2}|−\d+|\d|D)$")   # cell labels, removed pieces, counts, the leader's letter


@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["daimyni", "daimyo"])
def test_walkthrough_diagrams_print_labels_and_tags_at_6_pt_or_more(game_id):
    """Defect 3: the walkthrough's cell labels, "−1" tags and piece numbers (pages after the
    components chapter: the cover and component pictures are the booklet's own thumbnails)."""
    arts = kit(game_id, "a4", "en", ("booklet",))
    doc = pymupdf.open(stream=arts[f"{game_id}-rules-a5.pdf"].data, filetype="pdf")
    small = [(pno, round(s["size"], 2), s["text"]) for pno, s in spans(doc)
             if pno > 5 and DIAGRAM.match(s["text"].strip()) and s["size"] < 6 - 0.005]
    assert not small, small[:10]


@pytest.mark.parametrize("game_id,paper,lang", [("daimyni", "a4", "en"), ("daimyni", "letter", "en"),
                                                ("daimyni", "letter", "it"), ("daimyo", "a4", "en"),
                                                ("daimyo", "letter", "en")])
@pytest.mark.slow
def test_nothing_in_the_booklet_is_printed_under_6_pt(game_id, paper, lang):
    """The booklet's pictures of the board, cards, tiles and mats (drawn at a quarter to a third of
    their size) print no text under 6 pt, on A5 and two-up on A4 or half-Letter (shrunk x 0.944):
    a line that cannot be 6 pt in a picture is left out, a bar standing in for it."""
    for name, art in kit(game_id, paper, lang, ("booklet",)).items():
        doc = pymupdf.open(stream=art.data, filetype="pdf")
        small = [(pno, round(s["size"], 2), s["text"]) for pno, s in spans(doc) if s["size"] < 6 - 0.005]
        assert not small, (name, small[:10])


def test_a_card_in_the_booklet_keeps_its_number_name_and_art_and_drops_its_small_text():
    """The Components page shows a Densho card small: the big number, the name (issue 25: set at the
    booklet's least size, where a bar stood in for it, so a reader sees which card it is) and the art
    (vector paths: curves filled in the clan's red) stay, the rule text (7.6 pt on the card, about
    3.5 pt there) becomes bars, not tiny text."""
    doc = pymupdf.open(stream=kit("daimyni", "a4", "en", ("booklet",))["daimyni-rules-a5.pdf"].data,
                       filetype="pdf")
    page = next(p for p in doc if "Components" in p.get_text())
    found = list(spans([page]))
    words = {s["text"].strip() for _, s in found}
    assert {"1", "Move Bushi"} <= words, words
    assert min(s["size"] for _, s in found if s["text"].strip() == "Move Bushi") >= 6.4 - 0.01
    red = (0xb8 / 255, 0x26 / 255, 0x2f / 255)
    art = [d for d in page.get_drawings() if d.get("fill") and any(i[0] == "c" for i in d["items"])
           and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], red, strict=True))]
    assert len(art) >= 3, len(art)      # a figure's coat, arms... on the card
    assert not any("adjacent" in w for w in words)          # the card's rule text, too small to print
    bars = [d for d in page.get_drawings() if d.get("fill") and d["rect"].height < 1.2 and d["rect"].width > 3]
    assert len(bars) > 5


ENGLISH_NOTES = ("print at 100%", "fronts", "backs", "double-sided", "flip on", "half 1/2", "half 2/2",
                 "counters", "cut along", "for gluing", "sheet ")


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_italian_kit_prints_every_sheet_note_in_italian(paper):
    """Defect 6: cards, board halves, counters (and the booklet sheets, below) speak Italian."""
    for name, art in kit("daimyni", paper, "it").items():
        doc = pymupdf.open(stream=art.data, filetype="pdf")
        for pno, page in enumerate(doc, 1):
            words = page.get_text()
            assert not [w for w in ENGLISH_NOTES if w in words], (name, pno, words[-300:])
    halves = kit("daimyni", paper, "it")[f"daimyni-board-2x{paper}-it.pdf"]
    assert "metà sinistra" in pymupdf.open(stream=halves.data, filetype="pdf")[0].get_text()


@pytest.mark.slow
def test_italian_booklet_sheets_speak_italian():
    arts = kit("daimyni", "a4", "it", ("booklet",))
    doc = pymupdf.open(stream=arts["daimyni-rules-a4-booklet-it.pdf"].data, filetype="pdf")
    assert "foglio 1 fronte" in doc[0].get_text() and "sheet 1" not in doc[0].get_text()


MM = 72 / 25.4


def blank_border(page, band_mm=4.8, dpi=200):
    """True if nothing is printed within `band_mm` of the sheet edge: the four strips along the
    edges, rendered at `dpi`, are white. A pixel is 0.13 mm and a strip may start a pixel early, so
    what ends exactly at the 5 mm margin passes and a mark or a line of text reaching 0.3 mm into
    it does not."""
    w, h = page.rect.width, page.rect.height
    band = band_mm * 72 / 25.4
    strips = [(0, 0, w, band), (0, h - band, w, h), (0, 0, band, h), (w - band, 0, w, h)]
    for strip in strips:
        pix = page.get_pixmap(dpi=dpi, alpha=False, clip=pymupdf.Rect(strip))
        if pix.samples != b"\xff" * len(pix.samples):
            return False
    return True


@pytest.mark.parametrize("game_id,paper,lang", KITS)
def test_nothing_on_a_sheet_comes_within_the_printer_margin(game_id, paper, lang):
    """Defect 1: crop marks, alignment marks, bleeds and notes all stay 5 mm or more from the edge
    (the paper profile's margin), where home printers print: the rendered border is blank."""
    for name, art in kit(game_id, paper, lang).items():
        doc = pymupdf.open(stream=art.data, filetype="pdf")
        for pno, page in enumerate(doc, 1):
            assert blank_border(page), (name, pno)


@pytest.mark.parametrize("game_id,paper", [("daimyni", "a4"), ("daimyo", "letter")])
def test_every_sheet_declares_trim_and_bleed_boxes(game_id, paper):
    """Defect 8: a sheet of many components (cards, tiles, counters) is its own TrimBox and BleedBox;
    a sheet with one component (the A3 board, a mat, a board half) trims to it, bleed around it."""
    import io

    import pypdf

    for name, art in kit(game_id, paper, "en").items():
        for page in pypdf.PdfReader(io.BytesIO(art.data)).pages:
            media = [float(v) for v in page.mediabox]
            trim, bleed = [float(v) for v in page.trimbox], [float(v) for v in page.bleedbox]
            assert "/TrimBox" in page and "/BleedBox" in page, name
            assert media[0] <= bleed[0] <= trim[0] and trim[2] <= bleed[2] <= media[2], name
            assert media[1] <= bleed[1] <= trim[1] and trim[3] <= bleed[3] <= media[3], name
            if any(k in name for k in ("-cards", "-tiles", "-pieces", "-duplex-check")):
                assert trim == pytest.approx(media) and bleed == pytest.approx(media), name
            else:
                assert trim != pytest.approx(media) and bleed != pytest.approx(trim), name


def test_counters_and_tiles_have_colour_beyond_their_cut_line():
    """Defect 8: a counter's colour runs 1.5 mm beyond its black cut circle; a tile's beyond its outline."""
    doc = pymupdf.open(stream=kit("daimyni", "a4", "en", ("pieces",))["daimyni-pieces-a4.pdf"].data, filetype="pdf")
    page = doc[0]
    cuts = [d["rect"] for d in page.get_drawings() if d.get("color") == (0.0, 0.0, 0.0) and not d.get("fill")
            and abs(d["rect"].width - d["rect"].height) < 0.1]
    fills = [d["rect"] for d in page.get_drawings() if d.get("fill") and abs(d["rect"].width - d["rect"].height) < 0.1]
    assert len(cuts) == 22
    for cut in cuts:   # the 0.25 mm black line lies inside the cut line: its outer edge is the cut
        assert any(abs(f.width - (cut.width + 0.25 * MM) - 3 * MM) < 0.1 and f.contains(cut) for f in fills), cut
    tiles = pymupdf.open(stream=kit("daimyo", "a4", "en")["daimyo-han-tiles-a4.pdf"].data, filetype="pdf")[0]
    outlines = [d["rect"] for d in tiles.get_drawings() if d.get("color") == (0.0, 0.0, 0.0) and not d.get("fill")]
    fills = [d["rect"] for d in tiles.get_drawings() if d.get("fill")]
    assert outlines and all(any(f.contains(o) and f.width > o.width + 3 * MM for f in fills) for o in outlines)


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("game_id", ["dojima", "samurai-vassal", "shogun-solitaire"])
def test_the_other_games_keep_the_printer_margin_and_6_pt_too(game_id, paper):
    """The same two rules for the three games that came later: every sheet's border is blank and no
    text is under 6 pt as printed (the Letter booklet's A5 pages are shrunk onto half-Letter)."""
    game = load_game(cards_dir() / game_id)
    for art in build_kit(game, Options(paper=paper, svg=False)):
        if not art.name.endswith(".pdf"):
            continue
        doc = pymupdf.open(stream=art.data, filetype="pdf")
        for pno, page in enumerate(doc, 1):
            assert blank_border(page), (art.name, pno)
        small = [(pno, s["text"]) for pno, s in spans(doc) if s["size"] < 6 - 0.01]
        assert not small, (art.name, small[:5])
