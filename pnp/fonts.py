"""The fonts pnp ships (DejaVu Sans for Latin text, IPAexGothic for Japanese) and their metrics.

Fonts travel inside the package so no system font is ever assumed. ReportLab embeds TrueType
fonts as subsets, so a PDF carries only the glyphs it uses.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from .paths import fonts_dir

FILES = {"sans": "DejaVuSans.ttf", "sans-bold": "DejaVuSans-Bold.ttf", "jp": "ipaexg.ttf"}
PDF_NAMES = {"sans": "DejaVuSans", "sans-bold": "DejaVuSans-Bold", "jp": "IPAexGothic"}
SVG_FACES = {"sans": ("DejaVu Sans", "normal"), "sans-bold": ("DejaVu Sans", "bold"), "jp": ("IPAexGothic", "normal")}
_FALLBACK = {"sans": "jp", "sans-bold": "jp", "jp": "sans"}


@cache
def ttfont(font: str):
    """The ReportLab font object for one of our font names, registered on first use."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    face = TTFont(PDF_NAMES[font], str(fonts_dir() / FILES[font]))
    pdfmetrics.registerFont(face)
    return face


@cache
def _cmap(font: str) -> frozenset[int]:
    return frozenset(ttfont(font).face.charToGlyph)


def covers(font: str, char: str) -> bool:
    return ord(char) in _cmap(font) or char in " \n\t"


def split_runs(text: str, font: str) -> list[tuple[str, str]]:
    """Split text into (text, font) runs, sending characters the font lacks to its fallback."""
    if text.isascii():  # both fonts cover ASCII: no lookup needed
        return [(text, font)]
    runs: list[tuple[str, str]] = []
    for ch in text:
        chosen = font if covers(font, ch) or ch.isspace() else _FALLBACK[font]
        if runs and runs[-1][1] == chosen:
            runs[-1] = (runs[-1][0] + ch, chosen)
        else:
            runs.append((ch, chosen))
    return runs


def advance(text: str, font: str, size_pt: float) -> float:
    """Width of a single-font string in points."""
    return ttfont(font).stringWidth(text, size_pt)


@dataclass(frozen=True)
class Glyph:
    name: str
    path: str        # SVG path data in font units, y upwards
    advance: int     # font units


class Outlines:
    """A font's glyph outlines as SVG path data (fonttools), for SVGs that carry their text as paths."""

    def __init__(self, font: str):
        from fontTools.ttLib import TTFont as FTFont

        self.font = FTFont(str(fonts_dir() / FILES[font]), lazy=True)
        self.units_per_em = self.font["head"].unitsPerEm
        self.cmap = self.font.getBestCmap()
        self.glyphs = self.font.getGlyphSet()
        self._cache: dict[str, Glyph] = {}

    def glyph(self, ch: str) -> Glyph:
        if ch not in self._cache:
            from fontTools.pens.svgPathPen import SVGPathPen

            name = self.cmap.get(ord(ch), ".notdef")
            pen = SVGPathPen(self.glyphs)
            self.glyphs[name].draw(pen)
            self._cache[ch] = Glyph(name.replace(".", "_"), pen.getCommands(), self.font["hmtx"][name][0])
        return self._cache[ch]


@cache
def outlines(font: str) -> Outlines:
    return Outlines(font)
