"""ReportLab's TrueType font object for pnp's fonts, its per-glyph tables read in bulk.

ReportLab reads a font's character map, horizontal metrics and glyph locations one number at a
time (`TTFontFile.extractInfo`): 20 ms for IPAexGothic's 12,000 characters and 12,000 glyphs, 35 ms
for pnp's three fonts, in every process that draws text. `Face` reads the header tables with
ReportLab's own code and those three tables with one `struct` call each, into the very structures
ReportLab makes (the same dictionaries in the same order, its quirks kept: a glyph past
`numberOfHMetrics` records the last advance already scaled; left side bearings are read unsigned).
A character map in a format other than 12 (the one every font pnp ships uses) is read by ReportLab
itself. tests/test_fontface.py compares both readings of each font pnp ships, attribute by attribute.
"""

from __future__ import annotations

import struct
from fnmatch import fnmatch
from typing import Any, Literal
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace


class Face(TTFontFace):
    def extractInfo(self, charInfo: bool | Literal[0, 1] = 1) -> None:  # noqa: N802, N803 - ReportLab's names
        super().extractInfo(0)       # names, head, OS/2, post, hhea, maxp: everything but the per-glyph tables
        if not charInfo:
            return
        own = vars(self)     # what ReportLab keeps outside its typed interface
        data: bytes = own["_ttf_data"]
        head, hhea = self.table["head"]["offset"], self.table["hhea"]["offset"]
        index_to_loc, glyph_format = struct.unpack_from(">HH", data, head + 50)
        subtable = self._unicode_cmap()
        if glyph_format != 0 or subtable is None or "loca" not in self.table:
            super().extractInfo(charInfo)     # what ReportLab checks and reports, or a map it alone reads
            return
        self.charToGlyph, self.glyphToChar = _read_cmap(data, subtable)
        num_glyphs: int = self.numGlyphs
        num_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        scale = own["_pdfScale"]
        hmtx = self.table["hmtx"]["offset"]
        pairs = struct.unpack_from(f">{2 * num_metrics}H", data, hmtx)
        advances = pairs[0::2]
        scaled = [scale(aw) for aw in advances]
        rest = struct.unpack_from(f">{num_glyphs - num_metrics}H", data, hmtx + 4 * num_metrics)
        self.hmetrics = list(zip(advances, pairs[1::2]))
        self.hmetrics += [(scaled[-1], lsb) for lsb in rest]
        self.defaultWidth = scaled[0]
        self.charWidths = widths = {}
        for glyph in sorted(g for g in self.glyphToChar if g < num_glyphs):
            aw = scaled[glyph] if glyph < num_metrics else scaled[-1]
            for char in self.glyphToChar[glyph]:
                widths[char] = aw
        loca = self.table["loca"]["offset"]
        if index_to_loc == 0:
            self.glyphPos = [v << 1 for v in struct.unpack_from(f">{num_glyphs + 1}H", data, loca)]
        elif index_to_loc == 1:
            self.glyphPos = list(struct.unpack_from(f">{num_glyphs + 1}L", data, loca))
        else:
            super().extractInfo(charInfo)     # ReportLab's error for an unknown format
            return
        to_glyph = self.charToGlyph
        if 0x20 in to_glyph:
            to_glyph[0xA0] = to_glyph[0x20]
            widths[0xA0] = widths[0x20]
        elif 0xA0 in to_glyph:
            to_glyph[0x20] = to_glyph[0xA0]
            widths[0x20] = widths[0xA0]

    def _unicode_cmap(self) -> int | None:
        """Where the character map ReportLab chooses starts (the same rule: the last suitable encoding
        record wins), when it is in format 12, the one pnp's fonts have."""
        data: bytes = vars(self)["_ttf_data"]
        cmap = self.table["cmap"]["offset"]
        version, count = struct.unpack_from(">HH", data, cmap)
        if count == 0 and version != 0:
            count = version
        chosen, enc = None, 0
        for n in range(count):
            platform, encoding, offset = struct.unpack_from(">HHL", data, cmap + 4 + 8 * n)
            if platform == 3 or (platform == 1 and encoding == 1) or (platform == 0 and encoding != 5):
                enc, chosen = 1, offset
            elif platform == 1 and encoding == 0 and enc != 1:
                enc, chosen = 2, offset
        if chosen is None or struct.unpack_from(">H", data, cmap + chosen)[0] != 12:
            return None
        return int(cmap + chosen)


def _read_cmap(data: bytes, start: int) -> tuple[dict[int, int], dict[int, list[int]]]:
    """A format 12 character map as ReportLab reads it: characters in the map's order, and for each
    glyph its characters."""
    groups = struct.unpack_from(">L", data, start + 12)[0]
    triples = struct.unpack_from(f">{3 * groups}L", data, start + 16)
    pairs = [(first + k, glyph + k) for first, last, glyph in zip(triples[0::3], triples[1::3], triples[2::3])
             for k in range(last - first + 1)]
    to_chars: dict[int, list[int]] = {}
    for char, glyph in pairs:
        to_chars.setdefault(glyph, []).append(char)
    return dict(pairs), to_chars


class Font(TTFont):
    """`TTFont(name, filename)`, its face read by `Face`: what `TTFont.__init__` sets, set the same way."""

    def __init__(self, name: str, filename: str):
        self.fontName = name
        self.face = Face(filename)
        self.encoding = TTEncoding()
        self.state: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob or ())
