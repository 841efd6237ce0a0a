"""Vector art (pnp.draw.vector, pnp.draw.svgpath): a safe subset of SVG read into paths. Every refusal
names what was found; path data round-trips (arcs, relative commands) against MuPDF's own SVG
renderer, which shares no code with ours."""

import math

import pymupdf
import pytest

from pnp.draw import svgpath, vector
from pnp.render.pdf import Page, render_pdf

SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">{}</svg>'


def art(body: str, head: str = "") -> vector.Art:
    return vector.read((head + SVG.format(body)).encode())


@pytest.mark.parametrize("text, words", [
    ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]>' + SVG.format(""), "DOCTYPE and ENTITY"),
    ('<!ENTITY x SYSTEM "file:///etc/passwd">' + SVG.format(""), "DOCTYPE and ENTITY"),
    ('<?xml-stylesheet href="x.css"?>' + SVG.format(""), "processing instructions"),
    (SVG.format('<use href="#a"/>'), "a <use> reference"),
    (SVG.format('<g href="#a"/>'), "may not refer to another file"),
    (SVG.format('<path xmlns:xlink="http://www.w3.org/1999/xlink" xlink:href="x.svg" d="M0 0"/>'),
     "href, xlink:href"),
    (SVG.format('<path d="M0 0L1 1" fill="url(#grad)"/>'), "url(...)"),
    (SVG.format('<path d="M0 0L1 1" style="fill: url( http://x/y.svg )"/>'), "url(...)"),
    (SVG.format("<script>alert(1)</script>"), "a script"),
    (SVG.format("<style>path{fill:red}</style>"), "<style> sheet"),
    (SVG.format("<foreignObject><p>hi</p></foreignObject>"), "<foreignObject>"),
    (SVG.format('<text x="1" y="1">Bushi</text>'), "found text"),
    (SVG.format("<font><glyph/></font>"), "a font"),
    (SVG.format('<image width="1" height="1"/>'), "<image>"),
    (SVG.format('<rect width="1" height="1"><animate attributeName="x"/></rect>'), "animation"),
    (SVG.format('<rect width="1" height="1" onclick="x()"/>'), "event handler"),
    (SVG.format('<linearGradient id="g"/>'), "gradient"),
    (SVG.format('<blink/>'), "<blink>, which pnp does not draw"),
    (SVG.format('<path d="M0 0L1 1" fill="rgb(1,2,3)"/>'), "is not a colour"),
    (SVG.format('<path d="M0 0 X1 1"/>'), "unexpected 'X1 1'"),
    (SVG.format('<path d="M0 0 a1 1 0 2 0 5 5"/>'), "arc flag must be 0 or 1"),
    (SVG.format('<g transform="perspective(3)"/>'), "allowed: matrix"),
    ('<svg xmlns="http://www.w3.org/2000/svg"/>', "has no viewBox"),
    ('<html/>', "root element is <html>"),
    ('<svg viewBox="0 0 1 1"><g>', "not well-formed XML"),
    ("<svg>é</svg>".encode("latin-1"), "not UTF-8"),
    (SVG.format("<g>" * 40 + "</g>" * 40), "nested more than 32 deep"),
    (SVG.format('<rect width="1" height="1"/>' * (vector.MAX_ELEMENTS + 1)), "more than 20,000 elements"),
    (SVG.format('<path d="M0 0' + " L1 1" * (vector.MAX_COMMANDS + 1) + '"/>'), "more than 200,000 path commands"),
    (SVG.format(" " * vector.MAX_BYTES), "more than the limit of 2,000,000"),
])
def test_each_refusal_says_what_was_found(text, words):
    data = text if isinstance(text, bytes) else text.encode()
    with pytest.raises(vector.ArtError) as err:
        vector.read(data)
    assert words in str(err.value), str(err.value)


def test_an_entity_is_never_expanded():
    """The billion-laughs file is refused by its bytes, before any XML parser sees it."""
    bomb = ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "ha"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;">]>'
            + SVG.format('<title>&b;</title>'))
    with pytest.raises(vector.ArtError, match="DOCTYPE"):
        vector.read(bomb.encode())
    # With no DTD, an undeclared entity is an XML error, not an expansion.
    with pytest.raises(vector.ArtError, match="not well-formed"):
        vector.read(SVG.format("<title>&b;</title>").encode())


def test_editor_metadata_and_titles_are_skipped():
    a = art('<title>Bushi</title><metadata><x/></metadata>'
            '<sodipodi:namedview xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"/>'
            '<rect width="10" height="10"/>')
    assert len(a.paths) == 1


def test_relative_and_absolute_commands_agree():
    rel = svgpath.parse_d("m10 10 l5 0 h5 v5 c1 1 2 2 3 3 s4 4 5 5 q1 1 2 2 t2 2 a5 5 0 0 1 10 0 z")
    ab = svgpath.parse_d("M10 10 L15 10 H20 V15 C21 16 22 17 23 18 S27 22 28 23 Q29 24 30 25 T32 27 "
                         "A5 5 0 0 1 42 27 Z")
    assert svgpath.to_d(rel) == svgpath.to_d(ab)
    # implicit repetition: pairs after a move are lines; flags run together
    assert svgpath.parse_d("M0 0 10 0 10 10")[2] == ("L", (10.0, 10.0))
    assert svgpath.to_d(svgpath.parse_d("M0 0a5 5 0 015 5")) == svgpath.to_d(svgpath.parse_d("M0 0A5 5 0 0 1 5 5"))


@pytest.mark.parametrize("large, sweep", [(0, 0), (0, 1), (1, 0), (1, 1)])
def test_arcs_stay_on_their_circle(large, sweep):
    """Worked by hand: from (0, 0) to (10, 0) with radius 10, the two possible centres are (5, ±8.660)
    and the arcs span 60 or 300 degrees. Every sampled point of every cubic lies 10 from its centre,
    the arc ends exactly at (10, 0), and 300 degrees take four pieces of at most 90."""
    segs = svgpath.parse_d(f"M0 0 A10 10 0 {large} {sweep} 10 0")
    assert segs[-1][1][-2:] == (10.0, 0.0)
    # y grows downwards; sweep=1 runs clockwise on screen. For the small arc clockwise from (0,0)
    # to (10,0) the centre lies below the chord (y > 0); the large clockwise arc has it above.
    cy = 8.660254 if (sweep == 1) != (large == 1) else -8.660254
    x0, y0 = 0.0, 0.0
    for _, (x1, y1, x2, y2, x3, y3) in segs[1:]:
        for t in (0.25, 0.5, 0.75):
            u = 1 - t
            px = u ** 3 * x0 + 3 * u * u * t * x1 + 3 * u * t * t * x2 + t ** 3 * x3
            py = u ** 3 * y0 + 3 * u * u * t * y1 + 3 * u * t * t * y2 + t ** 3 * y3
            assert math.hypot(px - 5, py - cy) == pytest.approx(10, abs=0.01)
        x0, y0 = x3, y3
    assert len(segs) - 1 == (4 if large else 1)


def test_transforms_compose_like_svg():
    m = svgpath.parse_transform("translate(10 20) rotate(90) scale(2)")
    [(_, (x, y))] = svgpath.apply(m, [("M", (1.0, 0.0))])
    assert (round(x, 6), round(y, 6)) == (10.0, 22.0)     # (1,0) -> scale (2,0) -> rotate (0,2) -> +(10,20)
    m = svgpath.parse_transform("rotate(180 5 5)")
    [(_, (x, y))] = svgpath.apply(m, [("M", (0.0, 0.0))])
    assert (round(x, 6), round(y, 6)) == (10.0, 10.0)


DRAWING = SVG.format(
    '<g transform="translate(50 50) rotate(15)">'
    '<circle r="40" fill="currentColor" stroke="#202020" stroke-width="4"/>'
    '<path d="M-20-10 a20 20 0 1 0 40 0 q0 -20 -20 -20 t-20 20z" fill="#ffffff"/>'
    '<rect x="-30" y="18" width="60" height="12" rx="4" fill="#cc3333"/>'
    '<ellipse cx="0" cy="-28" rx="14" ry="6" fill="#ffcc00"/>'
    '<polygon points="-35,-5 -25,-15 -25,5" fill="#00aa55"/>'
    '<polyline points="20,-20 30,-30 40,-20" fill="none" stroke="#0000ff" stroke-width="3"/>'
    '<line x1="-40" y1="35" x2="40" y2="35" stroke="#ff00ff" stroke-width="2"/>'
    '</g>')


def _pixels(doc: pymupdf.Document) -> bytes:
    return doc[0].get_pixmap(dpi=72, alpha=False).samples


def test_drawn_like_mupdf_draws_the_svg():
    """Our PDF of the drawing (100 x 100 mm, currentColor black) against MuPDF rendering the SVG
    itself at the same size: at most 2 % of the pixels differ (anti-aliasing along edges)."""
    a = vector.read(DRAWING.encode())
    pdf = render_pdf([Page(100, 100, vector.fitted(a, (0, 0, 100, 100), "#000000"))], "t")
    ours = pymupdf.open(stream=pdf, filetype="pdf")
    theirs = pymupdf.open(stream=DRAWING.replace('viewBox="0 0 100 100"',
                                                 'viewBox="0 0 100 100" width="100mm" height="100mm"').encode(),
                          filetype="svg")
    a_px, b_px = _pixels(ours), _pixels(theirs)
    assert len(a_px) == len(b_px)
    differ = sum(1 for i in range(0, len(a_px), 3) if max(abs(a_px[i + k] - b_px[i + k]) for k in range(3)) > 60)
    assert differ / (len(a_px) / 3) < 0.02, differ


def test_current_colour_takes_the_callers_colour_and_art_is_fitted():
    a = vector.read(DRAWING.encode())
    [group] = vector.fitted(a, (10, 20, 50, 25), "#2255aa")
    assert group.clip == (10, 20, 50, 25)
    disc = group.shapes[0]
    assert disc.style.fill == "#2255aa" and disc.style.stroke == "#202020"
    # 100 units fitted into 25 mm of height, centred in the box at (35, 32.5): the disc of radius
    # 40 units is 10 mm in radius; every segment ends on it
    for _, pts in disc.segments[:-1]:
        assert math.hypot(pts[-2] - 35, pts[-1] - 32.5) == pytest.approx(10, abs=0.01)
    assert disc.style.width == pytest.approx(1.0)     # 4 units at 0.25 mm per unit
