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


def _one_by_one(raw: bytes, wanted: int) -> list[str]:
    """The post table's names read as the format says: a length byte, then that many characters."""
    out, pos = [], 0
    while len(out) < wanted and pos < len(raw):
        out.append(raw[pos + 1:pos + 1 + raw[pos]].decode("latin-1"))
        pos += 1 + raw[pos]
    return out


@pytest.mark.parametrize("names", [
    [b"aj1", b"uni6B66", b"a.sc", b"f_i", b""],          # names split at their length bytes
    [b"x" * 46, b"y" * 50, b"z"],                           # a length byte that is a name's character ('.', '2')
    [b"odd-name", b"caf\xe9", b"ok"],                       # characters outside the usual ones
])
def test_glyph_names_are_read_as_length_and_characters(names: list[bytes]) -> None:
    raw = b"".join(bytes([len(n)]) + n for n in names)
    for table in (raw, raw[:-2], raw + b"\x07abc"):       # whole, cut short, with bytes after the last name
        for wanted in (0, 2, len(names), len(names) + 3):
            assert fonts._pascal_strings(table, wanted) == _one_by_one(table, wanted)
    assert fonts._pascal_strings(raw, len(names)) == [n.decode("latin-1") for n in names]
