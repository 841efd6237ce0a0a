"""The SVGs' glyph outlines come from pnp's own reading of the font files (pnp.fonts.Outlines): the
same names, advances and path data as fontTools' glyph set gives, for characters across each
shipped font (every font's map, a stride through it, and the spaces ReportLab remaps)."""

import pytest
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.ttLib import TTFont

from pnp import fonts


@pytest.mark.parametrize("font", sorted(fonts.FILES))
def test_outlines_match_fonttools(font: str) -> None:
    reference = TTFont(str(fonts.fonts_dir() / fonts.FILES[font]), lazy=True)
    cmap, glyphs = reference.getBestCmap(), reference.getGlyphSet()
    outlines = fonts.Outlines(font)
    assert outlines.names == reference.getGlyphOrder()
    assert outlines.units_per_em == reference["head"].unitsPerEm
    codepoints = sorted(cmap)
    sample = set(codepoints[::37]) | {0x20, 0xA0, ord("A"), ord("g")} & set(cmap)
    for cp in sorted(sample):
        pen = SVGPathPen(glyphs)
        glyphs[cmap[cp]].draw(pen)
        got = outlines.glyph(chr(cp))
        assert (got.name, got.path, got.advance) == (
            cmap[cp].replace(".", "_"), pen.getCommands(), reference["hmtx"][cmap[cp]][0]), hex(cp)
    notdef = SVGPathPen(glyphs)
    glyphs[".notdef"].draw(notdef)
    assert outlines.glyph("\U0010fffd").path == notdef.getCommands()
