"""pnp reads its fonts' per-glyph tables in bulk (`pnp.fontface`); what it makes must be what
ReportLab's own reading makes, or the PDFs' text widths and embedded subsets would change."""

from __future__ import annotations

from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont

from pnp import fonts
from pnp.fontface import Face, Font
from pnp.paths import fonts_dir


def _same(ours: TTFont, theirs: TTFont) -> None:
    mine, rl = vars(ours.face), vars(theirs.face)
    # read when asked: the glyph locations and metrics as sequences, each glyph's characters as a property
    assert list(ours.face.hmetrics) == theirs.face.hmetrics and list(ours.face.glyphPos) == theirs.face.glyphPos
    assert ours.face.hmetrics[-1] == theirs.face.hmetrics[-1] and ours.face.glyphPos[3:7] == theirs.face.glyphPos[3:7]
    assert ours.face.glyphToChar == theirs.face.glyphToChar
    assert list(ours.face.glyphToChar.items()) == list(theirs.face.glyphToChar.items())
    spaces = {cp: g for g, cps in theirs.face.glyphToChar.items() for cp in cps if cp in (0x20, 0xA0)}
    assert ours.face.own_glyphs((0x20, 0xA0)) == spaces
    for key in rl.keys() - {"hmetrics", "glyphPos", "glyphToChar"}:
        if key in ("_pos", "_pdfScale"):      # where the reader stopped; a lambda made afresh
            continue
        if key == "_ttf_data":                # the file mapped, not read: the same bytes
            assert mine[key][:] == rl[key] and mine[key][10:20] == rl[key][10:20]
            continue
        assert mine[key] == rl[key], key
        if isinstance(rl[key], dict):         # in the same order too
            assert list(mine[key].items()) == list(rl[key].items()), key
    units = (0, 1, 1000, 2048)
    assert [ours.face._pdfScale(v) for v in units] == [theirs.face._pdfScale(v) for v in units]
    rest = {k: v for k, v in vars(theirs).items() if k not in ("face", "state")}
    assert {k: v for k, v in vars(ours).items() if k not in ("face", "state")}.keys() == rest.keys()
    assert ours.fontName == theirs.fontName and ours._asciiReadable == theirs._asciiReadable
    assert ours.shapable == theirs.shapable and ours.encoding.name == theirs.encoding.name


@pytest.mark.parametrize("font", sorted(fonts.FILES))
def test_each_font_pnp_ships_is_read_as_reportlab_reads_it(font: str) -> None:
    path = str(fonts_dir() / fonts.FILES[font])
    ours, theirs = Font("Ours", path), TTFont("Ours", path)
    assert len(ours.face.charToGlyph) > 5000 and ours.face.charToGlyph == theirs.face.charToGlyph
    _same(ours, theirs)
    sample = "Daimyō “bushi” 大名 · 3"
    assert ours.stringWidth(sample, 8.6) == theirs.stringWidth(sample, 8.6)
    subset = [0, *sorted({ord(c) for c in sample if ord(c) in ours.face.charToGlyph})]
    assert ours.face.makeSubset(subset) == theirs.face.makeSubset(subset)     # the embedded font's bytes


def test_a_font_with_another_character_map_is_read_by_reportlab(tmp_path: Path) -> None:
    """Only format 12 maps are read in bulk; a font with only a format 4 map (DejaVu Sans, its other
    maps taken out with fontTools) is read by ReportLab's own code, to the same result."""
    from fontTools.ttLib import TTFont as FontToolsFont

    ft = FontToolsFont(str(fonts_dir() / fonts.FILES["sans"]))
    ft["cmap"].tables = [t for t in ft["cmap"].tables if t.format == 4 and t.platformID == 3]
    path = tmp_path / "format4.ttf"
    ft.save(str(path))
    face = Face.__new__(Face)
    face.__dict__.update(TTFont("Plain", str(path)).face.__dict__)
    assert face._unicode_cmap() is None
    _same(Font("Plain", str(path)), TTFont("Plain", str(path)))


@pytest.mark.parametrize("font", sorted(fonts.FILES))
def test_subsets_read_glyphs_in_place_as_reportlab_copies_them(font: str) -> None:
    """`glyf` is sliced where it lies in the font, not copied out: the subsets (composite glyphs,
    whose parts are renumbered, among them) are ReportLab's own, byte for byte."""
    import random

    path = str(fonts_dir() / fonts.FILES[font])
    ours, theirs = Font("Ours", path), TTFont("Ours", path)
    codes = sorted(ours.face.charToGlyph)
    pick = random.Random(font)
    for _ in range(4):
        subset = [0, *pick.sample(codes, 100)]
        assert ours.face.makeSubset(subset) == theirs.face.makeSubset(subset)
    assert len(ours.face.get_table("glyf")) == theirs.face.table["glyf"]["length"]
