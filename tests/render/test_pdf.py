"""Every PDF embeds subset TrueType fonts, carries the Japanese words, and is reproducible."""

import re

import pytest

from tests.conftest import build, open_pdf, read_pdf


def fonts_of(data):
    found = {}
    for page in read_pdf(data).pages:
        for font in page["/Resources"]["/Font"].values():
            font = font.get_object()
            desc = font.get("/FontDescriptor")
            found[str(font["/BaseFont"])] = desc.get_object() if desc else None
    return found


@pytest.mark.slow
def test_every_font_is_embedded_and_subset(kit):
    for name, art in kit.items():
        if not name.endswith(".pdf"):
            continue
        fonts = fonts_of(art.data)
        assert fonts, name
        for base, desc in fonts.items():
            assert re.fullmatch(r"/[A-Z]{6}\+[\w-]+", base), (name, base)
            assert desc is not None and "/FontFile2" in desc, (name, base)


def test_japanese_words_are_printed_with_the_japanese_font(kit):
    text = "".join(page.get_text() for name, art in kit.items() if name.endswith(".pdf")
                   for page in open_pdf(art.data))
    for word in ("大名", "武士", "伝書", "田んぼ"):
        assert word in text
    cards_fonts = fonts_of(kit["daimyni-cards-a4.pdf"].data)
    assert any("IPAexGothic" in f for f in cards_fonts)


def test_cards_pdf_stays_small(kit):
    assert len(kit["daimyni-cards-a4.pdf"].data) < 150 * 1024


@pytest.mark.slow
def test_two_builds_are_byte_identical(kit):
    again = build()
    assert again.keys() == kit.keys()
    for name in kit:
        assert again[name].data == kit[name].data, name


def test_italian_kit_prints_italian_text():
    kit = build(lang="it", only=("cards",))
    text = open_pdf(kit["daimyni-cards-a4-it.pdf"].data)[0].get_text()
    assert "Sposta Bushi" in text and "Move Bushi" not in text


def test_no_glyph_is_missing(kit):
    """Every character drawn exists in the font it is set in (no tofu boxes)."""
    from pnp import fonts
    for name, art in kit.items():
        if not name.endswith(".pdf"):
            continue
        for page in open_pdf(art.data):
            for block in page.get_text("rawdict")["blocks"]:
                for line in block.get("lines", []):
                    for span in line["spans"]:
                        ours = next(k for k, v in fonts.PDF_NAMES.items() if span["font"].endswith(v))
                        for ch in span["chars"]:
                            assert fonts.covers(ours, ch["c"]), (name, span["font"], ch["c"])


def test_outlines_drawn_again_from_what_was_kept_make_the_same_pdf():
    """A booklet's pages go into two documents and a card back onto every backs sheet: the second
    time, their rectangles, circles, lines and polygons are written from what the first drawing
    wrote (`Drawn`). The documents must be the ones drawing everything afresh makes: in another
    document whose text numbers its characters differently, in a group turned and scaled, with
    text, an image and clipped groups between the outlines."""
    import pymupdf

    from pnp.draw.shapes import Circle, Group, Image, Line, Polygon, Rect, Run, Style, Text
    from pnp.render.pdf import Page, render_pdf

    png = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 2, 2), False).tobytes("png")
    red, ink = Style(fill="#b8262f", stroke="#231f1a", width=0.4, dash=(1.0, 0.5)), Style(stroke="#231f1a", width=0.2)
    page = [Rect(5, 5, 100, 50, red, radius=3), Text(10, 20, (Run("Move Bushi", "sans-bold"),), 11, "#ffffff"),
            Circle(30, 30, 4.5, red), Line(5, 60, 105, 60, ink), Image(60, 62, 10, 10, png, "png"),
            Polygon(((10, 70), (20, 80), (5, 85)), Style(fill="#2b261f")), Polygon(((40, 70), (50, 75)), ink, False),
            Group((Rect(0, 0, 10, 10, red), Text(1, 5, (Run("武士 ok", "jp"),), 8)), 70, 20, 0, (0, 0, 8, 8))]
    other = [Text(5, 10, (Run("Zebra quiz", "sans"),), 9), *page[2:4]]     # other characters first
    pages = [Page(148, 210, page), Page(148, 210, other)]
    imposed = [Page(297, 210, [Group(tuple(other), 10, 0, 90, None, 0.5), Group(tuple(page), 150, 0, 0, None, 0.7)])]

    fresh = [render_pdf(pages, "a"), render_pdf(imposed, "b")]
    drawn: dict = {}
    kept = [render_pdf(pages, "a", drawn=drawn), render_pdf(imposed, "b", drawn=drawn)]
    assert kept == fresh
    assert len(drawn) == 5 + 1       # the page's five outlines and the group's rectangle; no text, no image


def test_paths_drawn_again_make_the_same_pdf_and_translucent_ones_keep_their_graphics_state():
    """Every copy of a card shares its fitted art's Path objects, so an opaque path is written from
    what its first drawing wrote; a translucent one names a graphics state that each page lists in
    its own resources, so it is drawn afresh on every page, and both pages still list it."""
    from pnp.draw.shapes import Path, Style
    from pnp.render.pdf import Page, render_pdf

    segs = (("M", (10.0, 10.0)), ("C", (20.0, 5.0, 30.0, 15.0, 40.0, 10.0)), ("L", (25.0, 30.0)), ("Z", ()))
    opaque = Path(segs, Style(fill="#b8262f", stroke="#231f1a", width=0.3), cap=1, join=1)
    faint = Path(segs, Style(fill="#2b261f"), even_odd=True, fill_opacity=0.4)
    pages = [Page(100, 100, [opaque, faint]), Page(100, 100, [faint, opaque])]

    drawn: dict = {}
    kept = render_pdf(pages, "a", drawn=drawn)
    assert kept == render_pdf(pages, "a")
    assert list(drawn) == [opaque]
    for page in read_pdf(kept).pages:
        assert page["/Resources"]["/ExtGState"], "a translucent path's graphics state is listed on its page"


def test_equal_outlines_are_written_once_and_the_pdf_is_the_one_drawn_afresh(monkeypatch):
    """Outlines are kept by value: another object equal to one drawn before (the same disc on the
    same cell in every diagram, the same frame on every card) is written from what the first one
    wrote, and the PDF is byte for byte the one with every shape drawn afresh, zeros of either sign
    and whole numbers written as floats included."""
    from pnp.draw.shapes import Circle, Group, Line, Path, Polygon, Rect, Style
    from pnp.render import pdf

    def shapes(x: float) -> list:
        red = Style(fill="#b8262f", stroke="#231f1a", width=0.4)
        return [Circle(x, 30.0, 4.5, red), Rect(5, 5, 100, 50, red, radius=3),
                Line(x, 60, 105, 60, Style(stroke="#231f1a", width=0.2, dash=(1.0, 0.5))),
                Polygon(((10, 70), (20.0, 80), (5, 85)), Style(fill="#2b261f")),
                Path((("M", (1.0, 1.0)), ("L", (x, 2.0)), ("Z", ())), Style(fill="#123456"))]

    pages = [pdf.Page(148, 210, [*shapes(0.0), Group(tuple(shapes(-0.0)), 10, 10)]),
             pdf.Page(148, 210, [*shapes(0), *shapes(30.0)])]
    drawn: dict = {}
    kept = pdf.render_pdf(pages, "a", drawn=drawn)
    # the shapes at 0, -0.0 and 0 are one set; at 30 the disc, the line and the path are others
    assert len(drawn) == 5 + 3
    monkeypatch.setattr(pdf, "DRAWN_KEPT", 0)       # nothing kept: every shape drawn by ReportLab
    assert kept == pdf.render_pdf(pages, "a")


def test_a_line_set_again_is_copied_and_the_pdf_is_the_one_drawn_afresh(monkeypatch):
    """A line of text is written once per document and copied where it is set again: the PDF must be
    byte for byte the one with every line written afresh, for Latin, Japanese and mixed lines, a
    line whose characters another line used first, and the same lines in a second document (its
    characters coded anew)."""
    from pnp.draw.shapes import Group, Run, Text
    from pnp.render import pdf

    latin = Text(10, 20, (Run("Move Bushi “two”", "sans-bold"),), 11, "#b8262f")
    japanese = Text(10, 40, (Run("武士 ", "jp"), Run("x2", "sans")), 9, anchor="middle", width=14.0)
    later = Text(10, 60, (Run("士武 Bushi", "jp"),), 8)
    again = Text(10, 20, (Run("Move Bushi “two”", "sans-bold"),), 11, "#b8262f")     # equal, not the same
    page = [latin, japanese, Group((latin, japanese), 5, 5), later, again]
    pages = [pdf.Page(148, 210, page), pdf.Page(148, 210, [later, latin, japanese, later])]
    kept = [pdf.render_pdf(pages, "a"), pdf.render_pdf(pages[::-1], "b")]
    monkeypatch.setattr(pdf, "LINES_KEPT", 0)       # nothing kept: every line written afresh
    assert kept == [pdf.render_pdf(pages, "a"), pdf.render_pdf(pages[::-1], "b")]
    assert kept[0] != kept[1]


def _drawn_by_reportlab(c, t) -> None:
    """A line of text drawn with ReportLab's own calls, as pnp drew it before writing the operators itself."""
    from pnp import fonts
    from pnp.draw.shapes import PT
    from pnp.render.pdf import rgb

    x = t.x - (0 if t.anchor == "start" else t.width / 2 if t.anchor == "middle" else t.width)
    c.saveState()
    c.transform(PT, 0, 0, -PT, x, t.y)
    c.setFillColorRGB(*rgb(t.fill))
    cursor = 0.0
    for run in t.runs:
        fonts.ttfont(run.font)
        c.setFont(fonts.PDF_NAMES[run.font], t.size)
        line = c.beginText(cursor, 0)
        line.textLine(run.text)
        c.drawText(line)
        cursor += fonts.advance(run.text, run.font, t.size)
    c.restoreState()


def test_text_is_written_as_reportlab_writes_it():
    """pnp writes a line's text operators itself (thousands of lines in a kit); they are the ones
    ReportLab's saveState, transform, setFillColorRGB, setFont, beginText, textLine, drawText and
    restoreState write, character codes and font subsets included, and the two PDFs are the same:
    Latin, typographic quotes, Japanese mixed in, a run of only Japanese, an empty line, more than
    256 different characters (a second subset), ASCII with characters PDF escapes, every anchor,
    sizes and colours."""
    import reportlab.pdfgen.canvas

    from pnp.draw import text
    from pnp.render import pdf

    codes = [*range(0x100, 0x17F), *range(0x391, 0x3A2), *range(0x3A3, 0x3C9), *range(0x410, 0x44F)]
    many = "".join(map(chr, codes))      # Latin Extended-A, Greek and Cyrillic letters
    lines = [text.line(10, 20, "Move Bushi", "sans-bold", 11, "#ffffff"),
             text.line(74, 30, "“Daimyō” — 大名 and 武士 · 3", "sans", 8.6, "#231f1a", "middle"),
             text.line(140, 40, "武士", "jp", 48, "#b8262f", "end"),
             text.line(10, 50, "", "sans", 7, "#000000"),
             text.line(10, 60, many[:150], "sans", 6.4, "#4a443b"),
             text.line(10, 70, many[150:], "sans-bold", 9.25, "#3a352d"),
             text.line(10, 80, "Move Bushi (2) \\ ~ {x}", "sans-bold", 11, "#ffffff"),      # ASCII, once the
             text.line(10, 90, "Round 3: a*b", "sans", 7, "#000000", "end")]                 # document has the font
    assert len({ch for t in lines for ch in t.string}) > 256
    ours, theirs = pdf.PdfDocument("t"), pdf.PdfDocument("t")
    for doc, draw in ((ours, pdf._text), (theirs, _drawn_by_reportlab)):
        c: reportlab.pdfgen.canvas.Canvas = doc._canvas
        for t in lines:
            draw(c, t)
    assert ours._canvas._code == theirs._canvas._code
    assert ours._canvas._fontname == theirs._canvas._fontname
    page = pdf.Page(148, 210, [])
    ours.add(page)
    theirs.add(page)
    assert ours.finish() == theirs.finish()


def test_styles_are_written_as_reportlab_writes_them():
    """A style's operators are worked out once and written as setFillColorRGB, setStrokeColorRGB,
    setLineWidth and setDash write them, the colours and width kept on the canvas as they keep them."""
    from pnp.draw.shapes import Style
    from pnp.render import pdf

    styles = [Style(fill="#b8262f"), Style(stroke="#231f1a", width=0.4), Style(fill="#ffffff", stroke="#000000"),
              Style(fill="#2b261f", stroke="#8a8a8a", width=0.25, dash=(1.0, 0.5)), Style(), Style(stroke="#123456")]
    ours, theirs = pdf.PdfDocument("t")._canvas, pdf.PdfDocument("t")._canvas
    for st in styles * 2:
        got = pdf._style(ours, st)
        if st.fill:
            theirs.setFillColorRGB(*pdf.rgb(st.fill))
        if st.stroke:
            theirs.setStrokeColorRGB(*pdf.rgb(st.stroke))
            theirs.setLineWidth(st.width)
            theirs.setDash(list(st.dash) if st.dash else [])
        assert got == ((1 if st.stroke else 0), (1 if st.fill else 0))
        assert ours._code == theirs._code
        assert (ours._fillColorObj, ours._strokeColorObj, ours._lineWidth) == \
            (tuple(theirs._fillColorObj), tuple(theirs._strokeColorObj), theirs._lineWidth)


def test_polygons_are_written_as_reportlab_writes_them():
    """A polygon's path is written as beginPath, moveTo, lineTo, close and drawPath write it, open
    or closed, stroked or filled."""
    from pnp.draw.shapes import Polygon, Style
    from pnp.render import pdf

    shapes = [Polygon(((10, 70), (20.25, 80.125), (5, 85)), Style(fill="#2b261f")),
              Polygon(((40, 70), (50, 75)), Style(stroke="#231f1a", width=0.3), False),
              Polygon(((1.5, 2), (3, 4), (5, 6.75), (7, 8)), Style(fill="#b8262f", stroke="#231f1a")),
              Polygon(((0, 0), (1, 1)), Style(fill="#b8262f"), False)]
    ours, theirs = pdf.PdfDocument("t")._canvas, pdf.PdfDocument("t")._canvas
    for s in shapes:
        pdf._draw_one(ours, s, None)
        stroke, fill = pdf._style(theirs, s.style)
        p = theirs.beginPath()
        p.moveTo(*s.points[0])
        for pt in s.points[1:]:
            p.lineTo(*pt)
        if s.closed:
            p.close()
        theirs.drawPath(p, stroke=stroke, fill=fill if s.closed else 0)
        assert ours._code == theirs._code


def test_art_paths_are_written_as_reportlab_writes_them():
    """Vector art's paths are written as ReportLab's path calls write them: moves, lines, curves and
    closes, even-odd or not, stroked with caps and joins; a path that does not start with a move is
    still ReportLab's to refuse."""
    from pnp.draw.shapes import Path, Style
    from pnp.render import pdf

    segs = (("M", (10.0, 10.0)), ("C", (20.0, 5.0, 30.0, 15.0, 40.0, 10.0)), ("L", (25.5, 30.25)), ("Z", ()),
            ("M", (1.0, 1.0)), ("L", (2.0, 3.0)), ("Z", ()))
    shapes = [Path(segs, Style(fill="#b8262f", stroke="#231f1a", width=0.3), cap=1, join=2),
              Path(segs[:4], Style(fill="#2b261f"), even_odd=True), Path(segs[4:], Style(stroke="#000000"))]

    def by_reportlab(c, s) -> None:
        c.saveState()
        stroke, fill = pdf._style(c, s.style)
        if stroke:
            c.setLineCap(s.cap)
            c.setLineJoin(s.join)
        p = c.beginPath()
        for op, pts in s.segments:
            {"M": p.moveTo, "L": p.lineTo, "C": p.curveTo}[op](*pts) if op != "Z" else p.close()
        c.drawPath(p, stroke=stroke, fill=fill, fillMode=pdf.FILL_EVEN_ODD if s.even_odd else pdf.FILL_NON_ZERO)
        c.restoreState()

    ours, theirs = pdf.PdfDocument("t")._canvas, pdf.PdfDocument("t")._canvas
    for s in shapes:
        pdf._path(ours, s)
        by_reportlab(theirs, s)
        assert ours._code == theirs._code
    with pytest.raises(AssertionError):
        pdf._path(ours, Path((("L", (1.0, 2.0)),), Style(fill="#000000")))
