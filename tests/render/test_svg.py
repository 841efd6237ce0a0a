import re
import xml.etree.ElementTree as ET

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir

SVG = "{http://www.w3.org/2000/svg}"


def titles(root):
    """The words an SVG reads: text is drawn as outlines, each piece of text titled with its words."""
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}title")]


def test_one_svg_per_face_back_board_and_piece(kit):
    svgs = [n for n in kit if n.endswith(".svg")]
    assert len([n for n in svgs if n.startswith("svg/cards/") and "back" not in n]) == 18
    assert {n for n in svgs if "back" in n} == {"svg/cards/back-red.svg", "svg/cards/back-blue.svg"}
    assert "svg/board.svg" in svgs
    assert {n.split("/")[-1] for n in svgs if n.startswith("svg/pieces/")} == {
        "daimyo-red.svg", "daimyo-blue.svg", "bushi-red.svg", "bushi-blue.svg", "tanbo-neutral.svg"}


def test_card_svg_is_trim_plus_bleed_in_mm(kit):
    root = ET.fromstring(kit["svg/cards/01-move-bushi-red.svg"].data)
    assert root.get("width") == "69.5mm" and root.get("height") == "94.9mm"
    assert [float(v) for v in root.get("viewBox").replace(",", " ").split()] == [-3, -3, 69.5, 94.9]
    texts = titles(root)
    assert "Move Bushi" in texts and "1" in texts and "武士" in texts
    labels = {g.get("aria-label") for g in root.iter(f"{SVG}g")}
    assert {"Move Bushi", "武士"} <= labels


def test_board_svg_has_every_cell_label(kit):
    root = ET.fromstring(kit["svg/board.svg"].data)
    texts = set(titles(root))
    for label in ("a1", "a6", "b5", "d3", "g6", "g1"):
        assert label in texts


@pytest.fixture(scope="module")
def daimyo_svgs():
    game = load_game(cards_dir() / "daimyo")
    return {a.name: a.data for a in build_kit(game, Options(only=("cards", "tiles", "mats", "pieces")))
            if a.name.endswith(".svg")}


def test_every_svg_is_self_contained(kit, daimyo_svgs):
    """Issue 10, defect 7: no SVG names a font; its text is outlines of the glyphs it uses."""
    svgs = {**{n: a.data for n, a in kit.items() if n.endswith(".svg")}, **daimyo_svgs}
    assert len(svgs) > 40
    for name, data in svgs.items():
        root = ET.fromstring(data)
        assert not list(root.iter(f"{SVG}text")), name
        assert not re.search(rb"font-family|@font-face|<image", data), name
        ids = {el.get("id") for el in root.iter() if el.get("id")}
        for use in root.iter(f"{SVG}use"):
            assert use.get("{http://www.w3.org/1999/xlink}href", use.get("href"))[1:] in ids, name


def ink(data, box):
    """How many pixels in `box` (fractions of the image) differ from the most common colour there,
    rasterised by MuPDF, which has neither DejaVu Sans nor IPAexGothic."""
    pix = pymupdf.open(stream=data, filetype="svg")[0].get_pixmap(dpi=150)
    x0, y0, x1, y1 = (int(v * d) for v, d in zip(box, (pix.width, pix.height, pix.width, pix.height)))
    seen = [pix.pixel(x, y) for x in range(x0, x1, 2) for y in range(y0, y1, 2)]
    common = max(set(seen), key=seen.count)
    return sum(1 for p in seen if sum(abs(a - b) for a, b in zip(p, common)) > 90)


def test_japanese_glyphs_render_without_the_fonts_installed(daimyo_svgs):
    """The kanji on a Daimyo card and on a Han tile (大名, 藩) render as shapes, not empty boxes."""
    face = next(data for name, data in daimyo_svgs.items() if name.startswith("svg/cards/") and "back" not in name)
    assert ink(face, (0.15, 0.27, 0.85, 0.45)) > 200          # the kanji in the art box
    tile = next(data for name, data in daimyo_svgs.items() if name.startswith("svg/tiles/"))
    assert ink(tile, (0.3, 0.25, 0.7, 0.55)) > 200



@pytest.mark.slow
@pytest.mark.parametrize("game", ["daimyni", "daimyo", "samurai-vassal", "dojima", "shogun-solitaire"])
def test_every_svg_of_every_built_in_kit_is_well_formed_xml(game):
    """Issue 21: a NUL in a card's text once wrote an SVG no XML reader could open, with exit 0."""
    svgs = [a for a in build_kit(load_game(cards_dir() / game), Options()) if a.name.endswith(".svg")]
    assert len(svgs) > 20
    for art in svgs:
        assert ET.fromstring(art.data).tag.endswith("svg"), art.name


def test_a_control_character_never_reaches_the_file():
    """The last defence, behind the loader's refusal: the words kept in <title> and aria-label."""
    from pnp.draw.shapes import Run, Scene, Text
    from pnp.render.svg import render_svg
    scene = Scene("t", 20, 10)
    scene.add(Text(1, 5, (Run("a\x00b\x1bc", "sans"),), 8))
    root = ET.fromstring(render_svg(scene))
    titles = [el.text for el in root.iter() if el.tag.endswith("title")]
    assert titles == ["abc"]


def test_svg_is_written_exactly_as_svgwrite_and_elementtree_write_it():
    """pnp.render.svg writes each line of text as its glyphs' <use>s directly and serialises the
    drawing with its own writer (svgwrite's generic paths and ElementTree's serialiser were most of
    an SVG's cost): the file must be the one svgwrite's own g(), set_desc(), use() and path() and
    ElementTree's tostring() give, for every kind of shape, Latin and Japanese runs, an anchored line,
    words XML must escape, an empty line, a clipped group and a titled image."""
    import svgwrite

    from pnp import fonts
    from pnp.draw.shapes import Circle, Group, Image, Line, Path, Polygon, Rect, Run, Scene, Style, Text
    from pnp.render import svg

    png = (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f"
           b"\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xcf\xc0\xf0\x1f\x00\x05\x00\x01\xff\xa7\x8c\xd6\x90"
           b"\x00\x00\x00\x00IEND\xaeB`\x82")
    words = Text(2, 8, (Run("Move <Bushi> & \"go\" é", "sans-bold"),), 9.5, "#b8262f")
    scene = Scene("t", 60, 30, 3.0)
    scene.add(Rect(0, 0, 60, 30, Style(fill="#fbf7ee"), 1.5),
              Circle(10, 10, 3.25, Style(fill="#ffffff", stroke="#231f1a", width=0.4, dash=(1.0, 0.5))),
              Line(0, 1, 60, 1.125, Style(stroke="#231f1a", width=0.3)),
              Polygon(((1, 1), (5, 1.5), (3, 4)), Style(fill="#c0ffee")),
              Polygon(((1, 1), (5, 1.5), (3, 4)), Style(stroke="#c0ffee", width=0.2), closed=False),
              Path((("M", (1.0, 2.0)), ("C", (1.0, 3.0, 2.0, 4.0, 3.0, 4.0)), ("Z", ())), Style(fill="#123456"),
                   even_odd=True, fill_opacity=0.5),
              words,
              Text(30, 20, (Run("武士 ", "jp"), Run("x2", "sans")), 12, anchor="middle", width=17.25),
              Text(5, 5, (Run("", "sans"),), 8),
              Group((words, Image(0, 0, 4, 4, png, "png", "a & b.png")), 2.5, 3.0, 90.0, (0, 0, 20, 10), 0.5),
              words)
    made = svg.render_svg(scene)

    def glyph_text(dwg: svgwrite.Drawing, t: Text) -> svgwrite.container.Group:    # pnp's drawing of text
        x = t.x - {"start": 0.0, "middle": t.width / 2, "end": t.width}[t.anchor]
        said = svg._XML_ILLEGAL.sub("", t.string)
        g = dwg.g(fill=t.fill, aria_label=said, role="img")
        g.set_desc(title=said)
        for run in t.runs:
            outline = fonts.outlines(run.font)
            scale = t.size * svg.PT / outline.units_per_em
            for ch in run.text:
                glyph = outline.glyph(ch)
                if glyph.path:
                    gid = f"g-{run.font}-{glyph.name}"
                    if gid not in svg._IDS[id(dwg)]:
                        dwg.defs.add(dwg.path(d=glyph.path, id=gid))
                        svg._IDS[id(dwg)].add(gid)
                    g.add(dwg.use(f"#{gid}", transform=f"translate({svg._n(x)} {svg._n(t.y)}) "
                                                        f"scale({svg._s(scale)} {svg._s(-scale)})"))
                x += glyph.advance * scale
        return g

    original = svg._text
    try:     # the same drawing, its text made by svgwrite's own elements, written by svgwrite's tostring()
        svg._text = glyph_text
        drawn = svgwrite.Drawing(size=("66mm", "36mm"), profile="full", debug=False)
        drawn.viewbox(-3.0, -3.0, 66.0, 36.0)
        svg._IDS[id(drawn)] = set()
        for shape in scene.shapes:
            drawn.add(svg._element(drawn, shape))
        del svg._IDS[id(drawn)]
    finally:
        svg._text = original
    assert made == drawn.tostring().encode("utf-8")
    assert made.count(b"<use ") == 3 * len("Move<Bushi>&\"go\"é") + len("武士x2")     # a glyph each, spaces none
    assert made.count(b"<path d=") == len(set("Move<Bushi>&\"go\"é")) + len(set("武士x2")) + 1   # each glyph once
