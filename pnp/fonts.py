"""The fonts pnp ships (DejaVu Sans for Latin text, IPAexGothic for Japanese) and their metrics.

Fonts travel inside the package so no system font is ever assumed. ReportLab embeds TrueType
fonts as subsets, so a PDF carries only the glyphs it uses.
"""

from __future__ import annotations

import struct
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from itertools import compress
from operator import ne
from typing import TYPE_CHECKING, Any

from .glyf import MAC_GLYPH_NAMES, svg_path
from .paths import fonts_dir

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

FILES = {"sans": "DejaVuSans.ttf", "sans-bold": "DejaVuSans-Bold.ttf", "jp": "ipaexg.ttf"}
PDF_NAMES = {"sans": "DejaVuSans", "sans-bold": "DejaVuSans-Bold", "jp": "IPAexGothic"}
SVG_FACES = {"sans": ("DejaVu Sans", "normal"), "sans-bold": ("DejaVu Sans", "bold"), "jp": ("IPAexGothic", "normal")}
_FALLBACK = {"sans": "jp", "sans-bold": "jp", "jp": "sans"}


@cache
def ttfont(font: str) -> TTFont:
    """The ReportLab font object for one of our font names, registered on first use."""
    from reportlab.pdfbase import pdfmetrics

    from .fontface import Font

    face = Font(PDF_NAMES[font], str(fonts_dir() / FILES[font]))
    pdfmetrics.registerFont(face)
    return face


def covers(font: str, char: str) -> bool:
    return ord(char) in ttfont(font).face.charToGlyph or char in " \n\t"


def split_runs(text: str, font: str) -> list[tuple[str, str]]:
    """Split text into (text, font) runs, sending characters the font lacks to its fallback."""
    if text.isascii():  # both fonts cover ASCII: no lookup needed
        return [(text, font)]
    # `covers` for each character, its map looked up once for the text
    mapped, fallback = ttfont(font).face.charToGlyph, _FALLBACK[font]
    runs: list[tuple[str, str]] = []
    start, current = 0, None
    for i, ch in enumerate(text):
        chosen = font if ord(ch) in mapped or ch.isspace() else fallback
        if chosen != current:
            if current is not None:
                runs.append((text[start:i], current))
            start, current = i, chosen
    if current is not None:
        runs.append((text[start:], current))
    return runs


def advance(text: str, font: str, size_pt: float) -> float:
    """Width of a single-font string in points."""
    return float(ttfont(font).stringWidth(text, size_pt))


@dataclass(frozen=True)
class Glyph:
    name: str
    path: str        # SVG path data in font units, y upwards
    advance: int     # font units


class Outlines:
    """A font's glyph outlines as SVG path data, for SVGs that carry their text as paths.

    The font file is the one ReportLab has already read for the PDFs (its bytes, table directory
    and character map), so it is parsed once per process: only the few glyphs a kit writes are
    read from `glyf` and drawn (`pnp.glyf`, as fontTools' SVG pen would). Glyph names (they name
    the SVG's glyph definitions) come from the `post` table; a font whose names need fontTools'
    repairs (no format 2 table) has them from fontTools."""

    def __init__(self, font: str):
        # ReportLab's face keeps the bytes it read outside its typed interface
        face: Any = ttfont(font).face
        self._font = font
        self._data: bytes = face._ttf_data
        self._tables = {tag: rec["offset"] for tag, rec in face.table.items()}
        self._post = face.table["post"]
        self.cmap: dict[int, int] = face.charToGlyph
        # ReportLab gives no-break space the space's glyph (or the reverse) after reading the map;
        # the font's own entries for the two are what its map says (`pnp.fontface.Face.own_glyphs`).
        self._spaces: dict[int, int] = face.own_glyphs((0x20, 0xA0))
        head = self._tables["head"]
        self.units_per_em = _u16(self._data, head + 18)
        self._long_loca = _u16(self._data, head + 50) == 1
        self._num_glyphs = _u16(self._data, self._tables["maxp"] + 4)
        self._num_metrics = _u16(self._data, self._tables["hhea"] + 34)
        self._names: list[str] | None = None
        self.known: dict[str, Glyph] = {}      # the glyphs drawn so far, by character

    @property
    def names(self) -> list[str]:
        """Every glyph's name, by glyph id: read when the first glyph is drawn."""
        if self._names is None:
            post = self._post
            self._names = (_post_names(self._data, post["offset"], self._num_glyphs, post["offset"] + post["length"])
                           or _fonttools_names(self._font))
        return self._names

    def glyph(self, ch: str) -> Glyph:
        if ch not in self.known:
            cp = ord(ch)
            gid = self._spaces.get(cp, 0) if cp in (0x20, 0xA0) else self.cmap.get(cp, 0)
            advance, lsb = self._metrics(gid)
            self.known[ch] = Glyph(self.names[gid].replace(".", "_"), svg_path(self._glyph_data, gid, lsb), advance)
        return self.known[ch]

    def _metrics(self, gid: int) -> tuple[int, int]:
        """(advance width, left side bearing) from `hmtx`, in font units."""
        hmtx = self._tables["hmtx"]
        if gid < self._num_metrics:
            advance, lsb = struct.unpack_from(">Hh", self._data, hmtx + 4 * gid)
        else:
            advance = _u16(self._data, hmtx + 4 * (self._num_metrics - 1))
            lsb = struct.unpack_from(">h", self._data, hmtx + 4 * self._num_metrics + 2 * (gid - self._num_metrics))[0]
        return advance, lsb

    def _glyph_data(self, gid: int) -> bytes:
        """The glyph's bytes in `glyf` (none for an empty glyph)."""
        loca, glyf = self._tables["loca"], self._tables["glyf"]
        if self._long_loca:
            start, end = struct.unpack_from(">LL", self._data, loca + 4 * gid)
        else:
            start, end = (2 * v for v in struct.unpack_from(">HH", self._data, loca + 2 * gid))
        return self._data[glyf + start:glyf + end]


def _u16(data: bytes, pos: int) -> int:
    value: int = struct.unpack_from(">H", data, pos)[0]
    return value


def _post_names(data: bytes, post: int, num_glyphs: int, end: int | None = None) -> list[str] | None:
    """Glyph names from a format 2 `post` table (ending at `end`, by default the file's end), made
    unique as fontTools makes them (a repeated name gets ".1", ".2"... and a missing one
    "glyph00042"), or None for another format."""
    if struct.unpack_from(">L", data, post)[0] != 0x00020000:
        return None
    count = min(_u16(data, post + 32), num_glyphs)
    indices = struct.unpack_from(f">{count}H", data, post + 34)
    # The names past the standard 258, each a length byte and its characters (12,000 in IPAexGothic)
    extra = _pascal_strings(data[post + 34 + 2 * count:end], max(indices, default=0) - 257)
    known = [*MAC_GLYPH_NAMES, *extra]
    if max(indices, default=0) < len(known):
        names = list(map(known.__getitem__, indices))
    else:     # an index past the names the table holds: no name
        names = [known[i] if i < len(known) else "" for i in indices]
    names += [""] * (num_glyphs - count)
    taken = set(names)
    if len(taken) == len(names) and "" not in taken:     # nothing to make unique (DejaVu's names)
        return names
    if "" not in taken:     # only repeated names: the first of each keeps it, the others get a number
        # every glyph of a repeated name: those it comes to again later, and the last of each
        # (found by C-level maps: IPAexGothic has one repeated name among 12,000)
        gids = range(len(names))
        last = dict(zip(names, gids))
        again = list(compress(gids, map(ne, map(last.__getitem__, names), gids)))
        todo: Iterable[int] = sorted([*again, *{last[names[gid]] for gid in again}])
    else:
        todo = range(len(names))
    seen: dict[str, int] = {}
    for gid in todo:
        name = names[gid] or f"glyph{gid:05d}"
        if name in seen:
            n = seen[name]
            while f"{name}.{n}" in taken:
                n += 1
            seen[name] = n + 1
            name = f"{name}.{n}"
        seen[name] = 1
        names[gid] = name
    return names


# The bytes a glyph name holds (letters, digits, '.' and '_'): in a table of names shorter than 46
# characters, every length byte is another byte, and every other byte is a name's.
_NAME_BYTES = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._"
_BREAKS = bytes(b if b in _NAME_BYTES else 0 for b in range(256))     # every other byte made a zero


def _pascal_strings(raw: bytes, wanted: int) -> list[str]:
    """The first `wanted` strings of `raw`, each a length byte and that many characters (fewer if
    the bytes end first). Split at the bytes no name holds, in one pass, where that split is the
    reading itself: the table starts with such a byte and each piece's length is the byte before it."""
    first, *names = raw.translate(_BREAKS).decode("latin-1").split("\0")
    try:
        exact = not first and raw.translate(None, _NAME_BYTES) == bytes(map(len, names))
    except ValueError:       # a piece longer than a length byte can say
        exact = False
    if exact:
        return names[:max(wanted, 0)]
    text = raw.decode("latin-1")
    out: list[str] = []
    add = out.append
    pos, size = 0, len(raw)
    for _ in range(wanted):
        if pos >= size:
            break
        length = raw[pos]
        add(text[pos + 1:pos + 1 + length])
        pos += 1 + length
    return out


def _fonttools_names(font: str) -> list[str]:
    from fontTools.ttLib import TTFont as FTFont

    names: list[str] = FTFont(str(fonts_dir() / FILES[font]), lazy=True).getGlyphOrder()
    return names


@cache
def outlines(font: str) -> Outlines:
    return Outlines(font)
