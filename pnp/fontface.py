"""ReportLab's TrueType font object for pnp's fonts, its per-glyph tables read in bulk.

ReportLab reads a font's character map, horizontal metrics and glyph locations one number at a
time (`TTFontFile.extractInfo`): 20 ms for IPAexGothic's 12,000 characters and 12,000 glyphs, 35 ms
for pnp's three fonts, in every process that draws text. `Face` reads the header tables with
ReportLab's own code and those three tables with one `struct` call each, into the very structures
ReportLab makes (the same dictionaries in the same order, its quirks kept: a glyph past
`numberOfHMetrics` records the last advance already scaled; left side bearings are read unsigned).
A character map in a format other than 12 (the one every font pnp ships uses) is read by ReportLab
itself. The file is mapped rather than read, and its subsets slice `glyf` in place and are made and
compressed once each. tests/test_fontface.py compares both readings of each font pnp ships,
attribute by attribute, and their subsets byte for byte.
"""

from __future__ import annotations

import mmap
import struct
from collections.abc import Collection, Sequence
from fnmatch import fnmatch
from itertools import compress
from operator import ne
from typing import Any, Literal, overload
from weakref import WeakKeyDictionary

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace

SUBSETS_KEPT = 64     # subset fonts a face keeps made (a few kB each)


class Face(TTFontFace):
    def __init__(self, filename: str, validate: bool | Literal[0, 1] = 0, subfontIndex: int = 0):  # noqa: N803 - ReportLab's names
        # The file mapped, not read (ReportLab reads what it is not given): a kit reads a few tables
        # and a few hundred glyphs of IPAexGothic's 6 MB, and a read copies every byte of it. A slice
        # of the map is bytes, as a slice of the read file is; package fonts do not change under a build.
        try:
            with open(filename, "rb") as file:
                vars(self)["_ttf_data"] = mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ)
            self.filename = filename
        except (OSError, ValueError):       # a name ReportLab finds on its search path; an empty file
            pass
        super().__init__(filename, validate, subfontIndex)

    def extractInfo(self, charInfo: bool | Literal[0, 1] = 1) -> None:  # noqa: N802, N803 - ReportLab's names
        super().extractInfo(0)       # names, head, OS/2, post, hhea, maxp: everything but the per-glyph tables
        if not charInfo:
            return
        own = vars(self)     # what ReportLab keeps outside its typed interface
        data: bytes = own["_ttf_data"]
        head, hhea = self.table["head"]["offset"], self.table["hhea"]["offset"]
        index_to_loc, glyph_format = struct.unpack_from(">HH", data, head + 50)
        subtable = self._unicode_cmap()
        if glyph_format != 0 or subtable is None or "loca" not in self.table or index_to_loc not in (0, 1):
            super().extractInfo(charInfo)     # what ReportLab checks and reports, or a map it alone reads
            return
        chars, glyphs = _read_cmap(data, subtable)
        self.charToGlyph = to_glyph = dict(zip(chars, glyphs))
        own["_map"] = chars, glyphs       # the map's own entries, in its order (`glyphToChar`, `own_glyphs`)
        own["_own_spaces"] = {c: to_glyph[c] for c in (0x20, 0xA0) if c in to_glyph}
        num_glyphs: int = self.numGlyphs
        num_metrics = struct.unpack_from(">H", data, hhea + 34)[0]
        hmtx = self.table["hmtx"]["offset"]
        advances = struct.unpack_from(f">{2 * num_metrics}H", data, hmtx)[0::2]
        # ReportLab's `_pdfScale` (x * (1000 / unitsPerEm), or x itself at 1000 units), a product at a time
        units = self.unitsPerEm
        scaled = list(advances) if units == 1000 else list(map((1000 / units).__mul__, advances))
        self.hmetrics = _Metrics(data, hmtx, num_metrics, num_glyphs, scaled[-1])
        self.defaultWidth = scaled[0]
        # in ReportLab's order: by glyph, and a glyph's characters in the map's order (a stable sort);
        # a glyph past `numberOfHMetrics` has the last advance
        width = scaled + [scaled[-1]] * (num_glyphs - num_metrics)
        order = sorted(range(len(glyphs)), key=glyphs.__getitem__)
        if glyphs and max(glyphs) >= num_glyphs:      # a character mapped to no glyph has no width
            order = [i for i in order if glyphs[i] < num_glyphs]
        self.charWidths = widths = dict(zip(map(chars.__getitem__, order),
                                            map(width.__getitem__, map(glyphs.__getitem__, order))))
        self.glyphPos = _Locations(data, self.table["loca"]["offset"], index_to_loc == 1, num_glyphs + 1)
        if 0x20 in to_glyph:
            to_glyph[0xA0] = to_glyph[0x20]
            widths[0xA0] = widths[0x20]
        elif 0xA0 in to_glyph:
            to_glyph[0x20] = to_glyph[0xA0]
            widths[0x20] = widths[0xA0]

    def makeSubset(self, subset: Sequence[int]) -> bytes:  # noqa: N802 - ReportLab's name
        """ReportLab's subset font of these characters, made once: documents that draw the same
        characters in the same order (a board on A3 and on two sheets, a card sheet's fronts in
        several PDFs) embed the same subset, and making one reads each glyph from `glyf`."""
        made: dict[tuple[int, ...], bytes] = vars(self).setdefault("_subsets", {})
        key = tuple(subset)
        if key not in made:
            if len(made) >= SUBSETS_KEPT:
                made.pop(next(iter(made)))
            made[key] = super().makeSubset(subset)
        return made[key]

    def addSubsetObjects(self, doc: Any, fontname: str, subset: Sequence[int]) -> Any:  # noqa: N802 - ReportLab's name
        """ReportLab's subset objects, the subset's compressed bytes made once: the documents of a kit
        that embed the same subset (see `makeSubset`) embed the same compressed stream."""
        made = super().addSubsetObjects(doc, fontname, subset)  # type: ignore[no-untyped-call]  # ReportLab untyped here
        stream = doc.idToObject.get(f"fontFile:{self.filename}({fontname})")
        if stream is not None and stream.filters == [pdfdoc.PDFZCompress]:
            stream.filters = [_Deflated(vars(self).setdefault("_deflated", {}))]
        return made

    def get_table(self, tag: str) -> Any:
        """A table's bytes, copied out of the font once: ReportLab copies ten tables for every subset
        it makes. The font's bytes never change once read, so neither do its tables. `glyf` is not
        copied at all (IPAexGothic's is 5.6 MB, a copy more than the rest of a first subset): a
        subset only takes slices of it, and those `_Table` gives from the font's own bytes."""
        tables: dict[str, Any] = vars(self).setdefault("_tables", {})
        if tag not in tables:
            if tag == "glyf":
                start, length = self.get_table_pos(tag)
                tables[tag] = _Table(vars(self)["_ttf_data"], start, length)
            else:
                tables[tag] = super().get_table(tag)  # type: ignore[no-untyped-call]
        return tables[tag]

    @property
    def glyphToChar(self) -> dict[int, list[int]]:  # noqa: N802 - ReportLab's name
        """For each glyph its characters, as ReportLab's reading keeps them (the map's own entries, in
        its order): made when asked, and nothing that draws a kit asks (see `own_glyphs`)."""
        own = vars(self)
        if "_glyph_to_char" not in own:
            known: dict[int, list[int]] = {}
            for char, glyph in zip(*own["_map"]):
                known.setdefault(glyph, []).append(char)
            own["_glyph_to_char"] = known
        made: dict[int, list[int]] = own["_glyph_to_char"]
        return made

    @glyphToChar.setter
    def glyphToChar(self, value: dict[int, list[int]]) -> None:  # noqa: N802 - set by ReportLab's own reading
        vars(self)["_glyph_to_char"] = value

    def own_glyphs(self, chars: Collection[int]) -> dict[int, int]:
        """The glyphs the font's own map gives these characters (before ReportLab gives no-break space
        the space's glyph, or the reverse), for those it maps."""
        own = vars(self)
        if "_map" not in own:       # read by ReportLab itself
            return {c: g for g, cs in self.glyphToChar.items() for c in cs if c in chars}
        # the map read into a dictionary (a character's last entry, if it has two) before the spaces
        # were given each other's glyph
        spaces: dict[int, int] = own["_own_spaces"]
        return {c: g for c in chars
                if (g := spaces.get(c) if c in (0x20, 0xA0) else self.charToGlyph.get(c)) is not None}

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


def _read_cmap(data: bytes, start: int) -> tuple[list[int], list[int]]:
    """A format 12 character map's characters and their glyphs, in the map's order. Most groups are
    one character (10,000 of IPAexGothic's 10,700), taken over as they are; the others are counted out."""
    groups = struct.unpack_from(">L", data, start + 12)[0]
    triples = struct.unpack_from(f">{3 * groups}L", data, start + 16)
    firsts, lasts, glyph0 = triples[0::3], triples[1::3], triples[2::3]
    chars: list[int] = []
    glyphs: list[int] = []
    at = 0
    for i in compress(range(groups), map(ne, firsts, lasts)):      # the groups not of one character
        chars += firsts[at:i]
        glyphs += glyph0[at:i]
        first, last, glyph = firsts[i], lasts[i], glyph0[i]
        chars += range(first, last + 1)
        glyphs += range(glyph, glyph + last - first + 1)
        at = i + 1
    chars += firsts[at:]
    glyphs += glyph0[at:]
    return chars, glyphs


class _Deflated:
    """ReportLab's Flate filter (`PDFZCompress`: zlib at its default level), each subset's bytes
    compressed once: a subset is the same bytes object wherever it is embedded (`Face.makeSubset`),
    so it is found by its cached hash and identity. The last SUBSETS_KEPT are kept."""

    pdfname = "FlateDecode"

    def __init__(self, made: dict[bytes, bytes]):
        self._made = made

    def encode(self, content: bytes) -> bytes:
        found = self._made.get(content)
        if found is None:
            if len(self._made) >= SUBSETS_KEPT:
                self._made.pop(next(iter(self._made)))
            found = self._made[content] = pdfdoc.PDFZCompress.encode(content)
        return found


class _Table:
    """A table where it lies in the font's bytes: a slice of it is the bytes a slice of its copy
    would be (ReportLab's `get_table` copies it out, up to the file's end)."""

    def __init__(self, data: bytes, start: int, length: int):
        self._view = memoryview(data)[start:start + length]

    def __len__(self) -> int:
        return len(self._view)

    def __getitem__(self, i: slice) -> bytes:
        return bytes(self._view[i])


class _Metrics(Sequence[tuple[Any, int]]):
    """`hmetrics` as ReportLab's reading makes it, each (advance, left side bearing) read from `hmtx`
    when asked (a kit's subsets ask for a few hundred of 12,000): past `numberOfHMetrics`, the last
    advance already scaled, as ReportLab records it; bearings read unsigned."""

    def __init__(self, data: bytes, at: int, num_metrics: int, num_glyphs: int, last: Any):
        self._data, self._at, self._metrics, self._glyphs, self._last = data, at, num_metrics, num_glyphs, last

    def __len__(self) -> int:
        return self._glyphs

    @overload
    def __getitem__(self, i: int) -> tuple[Any, int]: ...
    @overload
    def __getitem__(self, i: slice) -> list[tuple[Any, int]]: ...

    def __getitem__(self, i: int | slice) -> tuple[Any, int] | list[tuple[Any, int]]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._glyphs))]
        if i < 0:
            i += self._glyphs
        if not 0 <= i < self._glyphs:
            raise IndexError(i)
        if i < self._metrics:
            pair: tuple[int, int] = struct.unpack_from(">HH", self._data, self._at + 4 * i)
            return pair
        lsb: int = struct.unpack_from(">H", self._data, self._at + 4 * self._metrics + 2 * (i - self._metrics))[0]
        return self._last, lsb


class _Locations(Sequence[int]):
    """`glyphPos`, each glyph's offset in `glyf` read from `loca` when asked (short offsets doubled)."""

    def __init__(self, data: bytes, at: int, long: bool, count: int):
        self._data, self._at, self._long, self._count = data, at, long, count

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, i: int) -> int: ...
    @overload
    def __getitem__(self, i: slice) -> list[int]: ...

    def __getitem__(self, i: int | slice) -> int | list[int]:
        if isinstance(i, slice):
            return [self[k] for k in range(*i.indices(self._count))]
        if i < 0:
            i += self._count
        if not 0 <= i < self._count:
            raise IndexError(i)
        if self._long:
            at: int = struct.unpack_from(">L", self._data, self._at + 4 * i)[0]
            return at
        half: int = struct.unpack_from(">H", self._data, self._at + 2 * i)[0]
        return half << 1


class Font(TTFont):
    """`TTFont(name, filename)`, its face read by `Face`: what `TTFont.__init__` sets, set the same way."""

    def __init__(self, name: str, filename: str):
        self.fontName = name
        self.face = Face(filename)
        self.encoding = TTEncoding()
        self.state: WeakKeyDictionary[Any, Any] = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in rl_config.unShapedFontGlob or ())
