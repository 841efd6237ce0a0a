"""Shapes -> PDF pages with ReportLab. Pages are in mm with y downwards, like the shapes."""

from __future__ import annotations

import io
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from reportlab import rl_config
from reportlab.lib.rl_accel import fp_str
from reportlab.lib.units import mm
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import PATH_OPS, Canvas  # type: ignore[attr-defined]  # ReportLab's own, unlisted
from reportlab.pdfgen.pdfgeom import bezierArc

from .. import fonts
from ..draw.ink import for_print
from ..draw.shapes import PT, Circle, Group, Image, Line, Path, Polygon, Rect, Shape, Style, Text
from ..model.colours import rgb as parse_rgb

if TYPE_CHECKING:
    from ..press.cutpaths import CutPath

# A kit sets a few dozen colours thousands of times: each is parsed once.
rgb = lru_cache(maxsize=1024)(parse_rgb)

# Binary streams: ASCII85 (ReportLab's default) makes every compressed stream a quarter bigger, in
# the file and in memory while a long document is being made; no PDF reader needs it.
rl_config.useA85 = 0

FILL_EVEN_ODD, FILL_NON_ZERO = 0, 1     # reportlab.pdfgen.canvas's fill modes (not in its type stubs)

Box = tuple[float, float, float, float]  # x, y, w, h in mm, y downwards

# What drawing a shape wrote, by the shape's value, kept for shapes drawn again: a booklet's pages
# are drawn twice (A5, then imposed two-up), a board three times (A3, then on two sheets), a card
# back on every backs sheet, the same frame, disc or cell outline on many cards and diagrams. Only
# outlines (rectangles, circles, lines, polygons, opaque paths) are kept: their operators are the same
# wherever they are drawn, as ReportLab writes each colour, width and dash in full every time, and
# depend on nothing but the shape's fields (equal shapes, equal numbers, equal text: even 0.0 and
# -0.0 are both written "0"). Text is drawn again (its characters are numbered per document), and so
# are images (each document holds its own). A document keeps its own unless given one to share.
class Drawn(dict["Shape", list[str]]):
    """What shapes wrote, by their value; and the same by the shape object (`by_id`, the shape kept
    with its operators so that its id is not reused): most shapes drawn again are the very objects
    drawn before (a card's art on every copy, a back on every sheet, a page imposed again), found
    there without hashing their fields (a path's every point). A plain dict serves too, by value."""

    def __init__(self) -> None:
        super().__init__()
        self.by_id: dict[int, tuple[Shape, list[str]]] = {}


@dataclass
class Page:
    width: float
    height: float
    shapes: list[Shape]
    trim: Box | None = None
    bleed: Box | None = None
    cuts: tuple[CutPath, ...] = ()   # die lines: stroked in the CutContour spot colour on their own layer


class PdfDocument:
    """A PDF made a page at a time, so a builder can draw a sheet, add it and let its shapes go
    (a deck of thousands of cards never holds every card's drawing at once)."""

    def __init__(self, title: str, subject: str = "", author: str = "pnp",
                 drawn: dict[Shape, list[str]] | None = None):
        self._buf = io.BytesIO()
        self._drawn: dict[Shape, list[str]] = Drawn() if drawn is None else drawn
        # The initial font must be one of ours: ReportLab's default (Helvetica) would be listed on
        # every page without being embedded.
        fonts.ttfont("sans")
        # `invariant` keeps dates and IDs fixed so builds are byte-identical.
        # (types-reportlab has initialFontName as a float; ReportLab takes a font's name.)
        c = Canvas(self._buf, invariant=1, pageCompression=1,
                   initialFontName=fonts.PDF_NAMES["sans"],  # type: ignore[arg-type]
                   initialFontSize=10)
        c.setTitle(title)
        c.setAuthor(author)
        c.setSubject(subject)
        c.setCreator("pnp")
        self._canvas = c
        self.pages = 0
        self._cuts: list[tuple[CutPath, ...]] = []

    def add(self, page: Page, drawn: dict[Shape, list[str]] | None = None) -> None:
        """Draw a page; `drawn`, for this page only, instead of the document's own (see `Drawn`)."""
        drawn = self._drawn if drawn is None else drawn
        c = self._canvas
        c.setPageSize((page.width * mm, page.height * mm))
        c.setTrimBox(_pdf_box(page.trim, page.height) if page.trim else None)
        c.setBleedBox(_pdf_box(page.bleed, page.height) if page.bleed else None)
        c.saveState()
        c.translate(0, page.height * mm)
        c.scale(mm, -mm)
        c.setLineCap(0)
        for shape in for_print(page.shapes):
            _draw(c, shape, drawn)
        c.restoreState()
        c.showPage()
        _encode_now(c._doc.Pages.pages[-1])   # type: ignore[attr-defined]  # ReportLab's own, unlisted
        self.pages += 1
        self._cuts.append(page.cuts)

    def finish(self) -> bytes:
        """The whole PDF; the document's pages are let go, so only the bytes stay in memory."""
        self._canvas.save()
        data = self._buf.getvalue()
        self._buf = io.BytesIO()
        del self._canvas
        if any(self._cuts):       # only a document asked for die lines is rewritten
            from .dieline import add_die_lines
            data = add_die_lines(data, self._cuts)
        return data


def _encode_now(page: pdfdoc.PDFPage) -> None:
    """Compress a finished page's content stream now, exactly as ReportLab would when the PDF is
    saved (the same filters, in the same order, marked as applied), so that a document of thousands
    of sheets keeps each page compressed rather than as drawing operators until the end."""
    if page.Contents or not page.stream:
        return
    filters: list[pdfdoc.PDFStreamFilterBase85Encode | pdfdoc.PDFStreamFilterZCompress] = (
        [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [pdfdoc.PDFZCompress])
    content = page.stream
    for f in reversed(filters):
        content = f.encode(content)
    stream = pdfdoc.PDFStream(content=content)
    stream.dictionary["Filter"] = pdfdoc.PDFArray([pdfdoc.PDFName(f.pdfname) for f in filters])
    stream.__Comment__ = "page stream"     # type: ignore[attr-defined]  # read by ReportLab, not in the stubs
    page.Contents, page.stream = stream, None


def render_pdf(pages: Iterable[Page], title: str, subject: str = "", author: str = "pnp",
               drawn: dict[Shape, list[str]] | None = None) -> bytes:
    """The PDF as bytes, byte-identical for the same pages. `drawn` (see `Drawn`) is shared by
    the documents that draw the same shapes, for as long as they are being made."""
    doc = PdfDocument(title, subject, author, drawn)
    for page in pages:
        doc.add(page)
    return doc.finish()


def _pdf_box(box: Box, page_h: float) -> list[float]:
    x, y, w, h = box
    return [round(v * mm, 4) for v in (x, page_h - y - h, x + w, page_h - y)]


def _style(c: Canvas, st: Style) -> tuple[int, int]:
    """A style's colours, width and dash, as `setFillColorRGB`, `setStrokeColorRGB`, `setLineWidth`
    and `setDash` write and keep them: a kit sets a few dozen styles thousands of times, so each
    style's operators are worked out once."""
    if st.stroke and st.dash:      # a dash ReportLab checks (and refuses, if it must) as it writes it
        if st.fill:
            c.setFillColorRGB(*rgb(st.fill))
        c.setStrokeColorRGB(*rgb(st.stroke))
        c.setLineWidth(st.width)
        c.setDash(list(st.dash))
        return 1, 1 if st.fill else 0
    ops, fill, stroke = _style_ops(st)
    c._code.extend(ops)      # type: ignore[attr-defined]  # ReportLab's own, unlisted
    if fill is not None:
        c._fillColorObj = fill      # type: ignore[attr-defined]
    if stroke is not None:
        c._strokeColorObj = stroke      # type: ignore[attr-defined]
        c._lineWidth = st.width         # type: ignore[attr-defined]
    return (1 if st.stroke else 0), (1 if st.fill else 0)


RGB = tuple[float, float, float]


@lru_cache(maxsize=1024)
def _style_ops(st: Style) -> tuple[tuple[str, ...], RGB | None, RGB | None]:
    """The operators of a style without a dash, and the fill and stroke colours ReportLab keeps."""
    ops: list[str] = []
    fill = stroke = None
    if st.fill:
        fill = rgb(st.fill)
        ops.append(f"{fp_str(*fill)} rg")
    if st.stroke:
        stroke = rgb(st.stroke)
        ops += (f"{fp_str(*stroke)} RG", f"{fp_str(st.width)} w", "[] 0 d")
    return tuple(ops), fill, stroke


_READERS: dict[bytes, ImageReader] = {}
READERS_KEPT = 16     # pictures whose decoded pixels are kept


def _reader(data: bytes) -> ImageReader:
    """One reader per picture: ReportLab decodes a picture's pixels each time it is given a new reader
    (to find out whether the PDF holds it already); a deck that prints the same art on 40 cards, or a
    kit rebuilt on every save (`pnp watch`), decodes it once. The same pixels, the same PDF."""
    reader = _READERS.get(data)
    if reader is None:
        if len(_READERS) >= READERS_KEPT:
            _READERS.pop(next(iter(_READERS)))
        reader = _READERS[data] = ImageReader(io.BytesIO(data))
    return reader


def _draw(c: Canvas, s: Shape, drawn: dict[Shape, list[str]] | None = None) -> None:
    if drawn is not None:
        by_id: dict[int, tuple[Shape, list[str]]] | None = getattr(drawn, "by_id", None)
        if by_id is not None:
            known = by_id.get(id(s))
            if known is not None and known[0] is s:
                c._code.extend(known[1])      # type: ignore[attr-defined]  # ReportLab's own, unlisted
                return
        if isinstance(s, OUTLINES) or (isinstance(s, Path) and _opaque(s)):
            code: list[str] = c._code      # type: ignore[attr-defined]  # ReportLab's own, unlisted
            try:
                seen = drawn.get(s)
            except TypeError:       # a shape given a list where its type says tuple: drawn, not kept
                _draw_one(c, s, drawn)
                return
            if seen is not None:
                code.extend(seen)
            else:
                start = len(code)
                _draw_one(c, s, drawn)
                if len(drawn) >= DRAWN_KEPT:
                    return
                seen = drawn[s] = code[start:]
            if by_id is not None and len(by_id) < DRAWN_KEPT:
                by_id[id(s)] = (s, seen)
            return
    _draw_one(c, s, drawn)


OUTLINES = (Rect, Circle, Line, Polygon)


def _opaque(s: Path) -> bool:
    # An opaque path's operators, like an outline's, are the same wherever it is drawn (vector art is
    # fitted once per file and box, so every copy of a card shares its Path objects); a translucent
    # one names a graphics state that ReportLab lists in each page's resources, so it is drawn again.
    return s.stroke_opacity >= 1 and s.fill_opacity >= 1

DRAWN_KEPT = 20_000      # outlines kept at most: a deck of thousands of sheets keeps a bounded few


def _draw_one(c: Canvas, s: Shape, drawn: dict[Shape, list[str]] | None) -> None:
    if isinstance(s, Rect):
        stroke, fill = _style(c, s.style)
        if s.radius:
            c.roundRect(s.x, s.y, s.w, s.h, s.radius, stroke=stroke, fill=fill)
        else:
            # what `rect` writes
            c._code.append(f"n {fp_str(s.x, s.y, s.w, s.h)} re {PATH_OPS[stroke, fill, c._fillMode]}")  # type: ignore[attr-defined]
    elif isinstance(s, Circle):
        stroke, fill = _style(c, s.style)
        # what `circle` writes: ReportLab's own four arcs (its corners worked out as it works them)
        x1, x2, y1, y2 = s.cx - s.r, s.cx + s.r, s.cy - s.r, s.cy + s.r
        arcs = bezierArc(x1, y1, x1 + (x2 - x1), y1 + (y2 - y1), 0, 360)
        c._code += ("n", f"{fp_str(*arcs[0][:2])} m", *[f"{fp_str(*arc[2:])} c" for arc in arcs],  # type: ignore[attr-defined]
                    PATH_OPS[stroke, fill, c._fillMode])  # type: ignore[attr-defined]
    elif isinstance(s, Line):
        _style(c, s.style)
        c._code.append(f"n {fp_str(s.x1, s.y1)} m {fp_str(s.x2, s.y2)} l S")  # type: ignore[attr-defined]  # `line`
    elif isinstance(s, Polygon):
        stroke, fill = _style(c, s.style)
        # the path `beginPath`, `moveTo`, `lineTo`, `close` and `drawPath` write (a hex map is hundreds)
        first, *rest = s.points
        ops = ["n", f"{fp_str(*first)} m", *[f"{fp_str(*pt)} l" for pt in rest], *(("h",) if s.closed else ())]
        c._code += (" ".join(ops), PATH_OPS[stroke, fill if s.closed else 0, c._fillMode])  # type: ignore[attr-defined]
    elif isinstance(s, Path):
        _path(c, s)
    elif isinstance(s, Text):
        _text(c, s)
    elif isinstance(s, Image):
        # Upright in our y-down space: ReportLab draws an image from its bottom-left corner upwards.
        # Identical images are stored once in the PDF (ReportLab keys them by their content).
        c.saveState()
        c.translate(s.x, s.y + s.h)
        c.scale(1, -1)
        c.drawImage(_reader(s.data), 0, 0, s.w, s.h, mask="auto")
        c.restoreState()
    elif isinstance(s, Group):
        c.saveState()
        c.translate(s.dx, s.dy)
        if s.rotate:
            c.rotate(s.rotate)
        if s.scale != 1.0:
            c.scale(s.scale, s.scale)
        if s.clip:
            p = c.beginPath()
            p.rect(*s.clip)
            c.clipPath(p, stroke=0, fill=0)
        for child in s.shapes:
            _draw(c, child, drawn)
        c.restoreState()
    else:  # pragma: no cover - a new shape type without a renderer is a programming error
        raise TypeError(f"cannot render {type(s).__name__}")


def _path(c: Canvas, s: Path) -> None:
    """Vector art's outline; its caps, joins and opacities last only for this path."""
    c.saveState()
    stroke, fill = _style(c, s.style)
    if stroke:
        c.setLineCap(s.cap)
        c.setLineJoin(s.join)
        if s.stroke_opacity < 1:
            c.setStrokeAlpha(s.stroke_opacity)
    if fill and s.fill_opacity < 1:
        c.setFillAlpha(s.fill_opacity)
    mode = FILL_EVEN_ODD if s.even_odd else FILL_NON_ZERO
    if s.segments and s.segments[0][0] == "M":
        # the path `beginPath`, `moveTo`, `lineTo`, `curveTo`, `close` and `drawPath` write, in one step
        ops = ["n"]
        for op, pts in s.segments:
            ops.append(f"{fp_str(*pts)} {_PATH_OPS[op]}" if op in _PATH_OPS else "h")
        c._code += (" ".join(ops), PATH_OPS[stroke, fill, mode])  # type: ignore[attr-defined]
    else:       # ReportLab's own calls, and its refusal of a path that does not start with a move
        p = c.beginPath()
        for op, pts in s.segments:
            if op == "M":
                p.moveTo(*pts)
            elif op == "L":
                p.lineTo(*pts)
            elif op == "C":
                p.curveTo(*pts)
            else:
                p.close()
        c.drawPath(p, stroke=stroke, fill=fill, fillMode=mode)
    c.restoreState()


_PATH_OPS = {"M": "m", "L": "l", "C": "c"}


def _text(c: Canvas, t: Text) -> None:
    """A line of text, written once per document and copied where the same line is set again (a
    diagram's cell labels and piece numbers, a card's words on every copy): its operators in a
    document depend only on the line and on the codes the document gave its characters, which
    ReportLab gives once, at a character's first use, and keeps (`TTFont.splitString`), so drawing
    the line again would write them again."""
    lines: _Lines | None = c.__dict__.get("_pnp_lines")
    if lines is None:
        lines = c.__dict__["_pnp_lines"] = ({}, {})
    kept, by_id = lines
    code: list[str] = c._code      # type: ignore[attr-defined]  # ReportLab's own, unlisted
    known = by_id.get(id(t))       # the very line written before (as `Drawn.by_id`)
    if known is not None and known[0] is t:
        code.extend(known[1])
        return
    try:
        ops = kept.get(t)
    except TypeError:       # a line given a list where its type says tuple: drawn, not kept
        _write_text(c, t)
        return
    if ops is None:
        start = len(code)
        _write_text(c, t)
        if len(kept) >= LINES_KEPT:
            return
        ops = kept[t] = tuple(code[start:])
    else:
        code.extend(ops)
    if len(by_id) < LINES_KEPT:
        by_id[id(t)] = (t, ops)


# A document's lines written, by value and by the Text object (kept with its operators)
_Lines = tuple[dict[Text, tuple[str, ...]], dict[int, tuple[Text, tuple[str, ...]]]]
LINES_KEPT = 5_000     # lines kept per document: a few hundred bytes of operators each


def _write_text(c: Canvas, t: Text) -> None:
    """A line of text, its runs one text object each. The operators are written here as ReportLab
    writes them for `saveState`, `transform`, `setFillColorRGB`, `setFont`, `beginText`, `textLine`,
    `drawText` and `restoreState` (the characters encoded, and each font subset named, by ReportLab
    itself): thousands of lines in a kit, and those calls were most of a page's cost. The canvas's
    own state is left as `restoreState` leaves it, untouched."""
    x = t.x - (0 if t.anchor == "start" else t.width / 2 if t.anchor == "middle" else t.width)
    code: list[str] = c._code      # type: ignore[attr-defined]  # ReportLab's own, unlisted
    doc = c._doc                   # type: ignore[attr-defined]
    # Moved to (x, y), then text space in points, upright: the one matrix ReportLab would merge
    # translate() and scale() into.
    code += ("q", f"{_UPRIGHT} {fp_str(x, t.y)} cm", _fill(t.fill))
    size = _size(t.size)
    cursor = 0.0
    last = len(t.runs) - 1
    for i, run in enumerate(t.runs):
        font = fonts.ttfont(run.font)
        ops = []
        subset_now = -1
        # What drawString() does, less its measuring of the string (for right-to-left text and
        # shaping, neither of which pnp asks for). Printable ASCII is its own code in the first
        # subset of every document (ReportLab's readable ASCII), once the document has the font.
        if run.text and run.text.isascii() and run.text.isprintable() and _ascii_kept(run.font) and doc in font.state:
            chunks = [(0, run.text.encode("ascii"))]
        else:
            chunks = font.splitString(run.text, doc)
        for subset, chars in chunks:
            if subset != subset_now:
                ops.append(f"{font.getSubsetInternalName(subset, doc)} {size}")
                subset_now = subset
            ops.append(f"({c._escape(chars)}) Tj")     # type: ignore[attr-defined]
        code.append(f"BT 1 0 0 1 {fp_str(cursor, 0)} Tm {' '.join(ops)} T* ET")
        if i < last:
            cursor += fonts.advance(run.text, run.font, t.size)
    code.append("Q")


_UPRIGHT: str = fp_str(PT, 0, 0, -PT)     # text space in points, upright: the start of its matrix


@lru_cache(maxsize=None)
def _ascii_kept(font: str) -> bool:
    """Whether ReportLab gives every printable ASCII character of this font its own code in the first
    subset of each document (`TTFont.State`: readable ASCII, and the font maps them all)."""
    ttf = fonts.ttfont(font)
    readable, whole = getattr(ttf, "_asciiReadable", False), getattr(ttf.face, "_full_font", True)
    return bool(readable) and not whole and all(n in ttf.face.charToGlyph for n in range(32, 127))


@lru_cache(maxsize=1024)
def _fill(colour: str) -> str:
    """The operator `setFillColorRGB` writes for a colour."""
    return f"{fp_str(*rgb(colour))} rg"


@lru_cache(maxsize=256)
def _size(size: float) -> str:
    """A size's operators in a text object: the size, and the leading `setFont` gives it."""
    return f"{fp_str(size)} Tf {fp_str(size * 1.2)} TL"
