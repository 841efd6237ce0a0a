"""pnp draws glyph outlines itself (`pnp.glyf`): the path data must be fontTools' SVG pen's, number
for number, or every SVG with text would change. The shipped fonts have no scaled or rotated
components, so a small font built here has them (and a contour with no on-curve point)."""

from __future__ import annotations

import io
import struct

import pytest
from fontTools.fontBuilder import FontBuilder
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.ttGlyphPen import TTGlyphPen
from fontTools.ttLib import TTFont

from pnp import fonts
from pnp.glyf import svg_path


def _tables(data: bytes) -> dict[str, int]:
    count = struct.unpack_from(">H", data, 4)[0]
    return {data[12 + 16 * i:16 + 16 * i].decode(): struct.unpack_from(">L", data, 20 + 16 * i)[0]
            for i in range(count)}


def _reader(data: bytes):   # type: ignore[no-untyped-def]
    """glyph id -> its bytes in `glyf`, and glyph id -> its left side bearing, from the file's bytes."""
    at = _tables(data)
    long_loca = struct.unpack_from(">H", data, at["head"] + 50)[0] == 1
    metrics = struct.unpack_from(">H", data, at["hhea"] + 34)[0]

    def glyph_data(gid: int) -> bytes:
        if long_loca:
            start, end = struct.unpack_from(">LL", data, at["loca"] + 4 * gid)
        else:
            start, end = (2 * v for v in struct.unpack_from(">HH", data, at["loca"] + 2 * gid))
        return data[at["glyf"] + start:at["glyf"] + end]

    def lsb(gid: int) -> int:
        if gid < metrics:
            return int(struct.unpack_from(">h", data, at["hmtx"] + 4 * gid + 2)[0])
        return int(struct.unpack_from(">h", data, at["hmtx"] + 4 * metrics + 2 * (gid - metrics))[0])

    return glyph_data, lsb


def _same_as_fonttools(data: bytes, every: int = 1) -> int:
    reference = TTFont(io.BytesIO(data), lazy=True)
    glyphs, order = reference.getGlyphSet(), reference.getGlyphOrder()
    glyph_data, lsb = _reader(data)
    for gid in range(0, len(order), every):
        pen = SVGPathPen(glyphs)
        glyphs[order[gid]].draw(pen)
        assert svg_path(glyph_data, gid, lsb(gid)) == pen.getCommands(), order[gid]
    return len(order)


def _built_font() -> bytes:
    build = FontBuilder(1000, isTTF=True)
    names = [".notdef", "bowl", "ring", "half", "turned", "both"]
    build.setupGlyphOrder(names)
    build.setupCharacterMap({0x61 + i: n for i, n in enumerate(names[1:])})
    drawn: dict[str, object] = {}
    pen = TTGlyphPen(None)
    drawn[".notdef"] = pen.glyph()
    pen = TTGlyphPen(None)      # a line, a run of two off-curve points, a second contour
    pen.moveTo((40, 0))
    pen.lineTo((300, 0))
    pen.qCurveTo((420, 80), (410, 250), (300, 333))
    pen.lineTo((40, 333))
    pen.closePath()
    pen.moveTo((100, 100))
    pen.lineTo((200, 100))
    pen.lineTo((200, 200))
    pen.closePath()
    drawn["bowl"] = pen.glyph()
    pen = TTGlyphPen(None)      # off-curve points only: the contour starts between the last and first
    pen.qCurveTo((0, 50), (50, 100), (100, 50), (50, 0), None)
    pen.closePath()
    drawn["ring"] = pen.glyph()
    pen = TTGlyphPen(drawn)
    pen.addComponent("bowl", (0.5, 0, 0, 0.5, 10, -20))             # one scale
    drawn["half"] = pen.glyph()
    pen = TTGlyphPen(drawn)
    pen.addComponent("ring", (0.75, 0, 0, -1.25, 7, 400))           # x and y scales
    pen.addComponent("half", (0, 1, -1, 0, 500, 3))                 # a turn, of a composite
    drawn["turned"] = pen.glyph()
    pen = TTGlyphPen(drawn)
    pen.addComponent("turned", (0.6, 0.2, -0.3, 0.9, -15, 25))      # two by two, of a composite of one
    pen.addComponent("bowl", (1, 0, 0, 1, 0, 0))
    drawn["both"] = pen.glyph()
    build.setupGlyf(drawn)
    build.setupHorizontalMetrics({n: (600, 17 * i) for i, n in enumerate(names)})
    build.setupHorizontalHeader(ascent=800, descent=-200)
    build.setupNameTable({"familyName": "Test", "styleName": "Regular"})
    build.setupOS2()
    build.setupPost()
    out = io.BytesIO()
    build.save(out)
    return out.getvalue()


def test_scaled_turned_and_nested_components_and_off_curve_contours_are_drawn_as_fonttools_draws_them() -> None:
    data = _built_font()
    assert _same_as_fonttools(data) == 6
    glyph_data, lsb = _reader(data)
    assert "." in svg_path(glyph_data, 5, lsb(5))     # the scales made floats, written as fontTools writes them


@pytest.mark.parametrize("font", sorted(fonts.FILES))
def test_a_stride_through_each_shipped_font_is_drawn_as_fonttools_draws_it(font: str) -> None:
    data = (fonts.fonts_dir() / fonts.FILES[font]).read_bytes()
    assert _same_as_fonttools(data, every=23) > 6000


@pytest.mark.slow
@pytest.mark.parametrize("font", sorted(fonts.FILES))
def test_every_glyph_of_each_shipped_font_is_drawn_as_fonttools_draws_it(font: str) -> None:
    data = (fonts.fonts_dir() / fonts.FILES[font]).read_bytes()
    assert _same_as_fonttools(data) > 6000
