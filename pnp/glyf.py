"""TrueType glyph outlines (the `glyf` table) as SVG path data, for SVGs that carry their text as
paths: the very path fontTools' SVG pen writes for a glyph drawn from fontTools' glyph set, number
for number (tests/render/test_glyph_outlines.py compares every glyph of every font pnp ships), read
without fontTools, whose import costs a kit build more than drawing every glyph it needs.

What fontTools does, done the same way: a contour starts at its first on-curve point (a contour of
off-curve points only starts between its last and first points); two off-curve points in a row
have an on-curve point implied halfway between them (`0.5 * (a + b)`, a float, written "12.0"); a
straight line along an axis is written H or V, a repeated point not at all; a component is drawn
through its transformation (2.14 fixed-point scales as floats), composed with its parent's.
Coordinates are the font's integers, and the glyph is moved right by its left side bearing less its
`xMin` (a composite glyph is not moved)."""

from __future__ import annotations

import struct
from collections.abc import Callable

# simple glyph flags
ON_CURVE, X_SHORT, Y_SHORT, REPEAT, X_SAME, Y_SAME = 0x01, 0x02, 0x04, 0x08, 0x10, 0x20
# composite glyph flags
ARGS_ARE_WORDS, ARGS_ARE_XY, MORE_COMPONENTS = 0x0001, 0x0002, 0x0020
SCALE, XY_SCALE, TWO_BY_TWO = 0x0008, 0x0040, 0x0080

Transform = tuple[float, float, float, float, float, float]     # xx, xy, yx, yy, dx, dy
IDENTITY: Transform = (1, 0, 0, 1, 0, 0)
Point = tuple[float, float]

# The 258 glyph names of the standard Macintosh order, which a format 2 `post` table indexes
# (the TrueType specification's list, as fontTools.ttLib.standardGlyphOrder has it).
MAC_GLYPH_NAMES = tuple("""
.notdef .null nonmarkingreturn space exclam quotedbl numbersign dollar percent ampersand quotesingle parenleft
parenright asterisk plus comma hyphen period slash zero one two three four five six seven eight nine colon
semicolon less equal greater question at A B C D E F G H I J K L M N O P Q R S T U V W X Y Z bracketleft
backslash bracketright asciicircum underscore grave a b c d e f g h i j k l m n o p q r s t u v w x y z
braceleft bar braceright asciitilde Adieresis Aring Ccedilla Eacute Ntilde Odieresis Udieresis aacute agrave
acircumflex adieresis atilde aring ccedilla eacute egrave ecircumflex edieresis iacute igrave icircumflex
idieresis ntilde oacute ograve ocircumflex odieresis otilde uacute ugrave ucircumflex udieresis dagger degree
cent sterling section bullet paragraph germandbls registered copyright trademark acute dieresis notequal AE
Oslash infinity plusminus lessequal greaterequal yen mu partialdiff summation product pi integral ordfeminine
ordmasculine Omega ae oslash questiondown exclamdown logicalnot radical florin approxequal Delta guillemotleft
guillemotright ellipsis nonbreakingspace Agrave Atilde Otilde OE oe endash emdash quotedblleft quotedblright
quoteleft quoteright divide lozenge ydieresis Ydieresis fraction currency guilsinglleft guilsinglright fi fl
daggerdbl periodcentered quotesinglbase quotedblbase perthousand Acircumflex Ecircumflex Aacute Edieresis
Egrave Iacute Icircumflex Idieresis Igrave Oacute Ocircumflex apple Ograve Uacute Ucircumflex Ugrave dotlessi
circumflex tilde macron breve dotaccent ring cedilla hungarumlaut ogonek caron Lslash lslash Scaron scaron
Zcaron zcaron brokenbar Eth eth Yacute yacute Thorn thorn minus multiply onesuperior twosuperior threesuperior
onehalf onequarter threequarters franc Gbreve gbreve Idotaccent Scedilla scedilla Cacute cacute Ccaron ccaron
dcroat
""".split())


class Unsupported(ValueError):
    """A glyph this reader cannot draw as fontTools would (a component placed by matching point
    numbers, flags that run past the glyph's points)."""


def svg_path(glyph_data: Callable[[int], bytes], gid: int, lsb: int) -> str:
    """Glyph `gid`'s outline as SVG path data in font units, y upwards; `glyph_data` gives a
    glyph's bytes in `glyf`."""
    pen = _Pen()
    _draw(glyph_data, gid, pen, None, lsb)
    return "".join(pen.commands)


def _draw(glyph_data: Callable[[int], bytes], gid: int, pen: _Pen, transform: Transform | None,
          lsb: int | None) -> None:
    """Draw one glyph onto the pen: moved by `lsb` less its xMin (the glyph itself, None for a
    component), or through `transform`."""
    data = glyph_data(gid)
    if not data:
        return
    contours, x_min = struct.unpack_from(">hh", data)
    if contours == -1:
        for component, own in _components(data):
            composed = own if transform is None else _compose(transform, own)
            _draw(glyph_data, component, pen, None if composed == IDENTITY else composed, None)
        return
    if contours < 0:
        raise Unsupported(f"glyph {gid}: {contours} contours")
    if contours == 0:
        return
    points, ends, on_curve = _contours(data, contours)
    if lsb is not None and lsb != x_min:
        shift = lsb - x_min
        points = [(x + shift, y) for x, y in points]
    if transform is not None:
        xx, xy, yx, yy, dx, dy = transform
        points = [(xx * x + yx * y + dx, xy * x + yy * y + dy) for x, y in points]
    start = 0
    for end in ends:
        contour, on = points[start:end + 1], on_curve[start:end + 1]
        start = end + 1
        if True not in on:      # no on-curve point: start between the last and the first
            pen.curve_through(contour, closed=True)
        else:                   # end on an on-curve point, where the contour starts
            first = on.index(True) + 1
            contour, on = contour[first:] + contour[:first], on[first:] + on[:first]
            pen.move(contour[-1])
            while contour:
                step = on.index(True) + 1
                if step == 1:
                    if len(contour) > 1:      # the last line is the closing one: not written
                        pen.line(contour[0])
                else:
                    pen.curve_through(contour[:step])
                contour, on = contour[step:], on[step:]
        pen.close()


def _contours(data: bytes, contours: int) -> tuple[list[Point], tuple[int, ...], list[bool]]:
    """A simple glyph's points (absolute), the index of each contour's last point, and which
    points are on the curve."""
    ends = struct.unpack_from(f">{contours}H", data, 10)
    pos = 10 + 2 * contours
    pos += 2 + struct.unpack_from(">H", data, pos)[0]        # past the instructions
    count = ends[-1] + 1
    flags = bytearray()
    while len(flags) < count:
        flag = data[pos]
        repeat = 1
        if flag & REPEAT:
            repeat += data[pos + 1]
            pos += 1
        pos += 1
        flags += bytes((flag,)) * repeat
    if len(flags) != count:
        raise Unsupported("glyph flags run past its points")
    x_format = "".join("B" if f & X_SHORT else "" if f & X_SAME else "h" for f in flags)
    y_format = "".join("B" if f & Y_SHORT else "" if f & Y_SAME else "h" for f in flags)
    xs = iter(struct.unpack_from(">" + x_format, data, pos))
    ys = iter(struct.unpack_from(">" + y_format, data, pos + struct.calcsize(">" + x_format)))
    points: list[Point] = []
    x = y = 0
    for f in flags:
        if f & X_SHORT:
            x += next(xs) if f & X_SAME else -next(xs)
        elif not f & X_SAME:
            x += next(xs)
        if f & Y_SHORT:
            y += next(ys) if f & Y_SAME else -next(ys)
        elif not f & Y_SAME:
            y += next(ys)
        points.append((x, y))
    return points, ends, [bool(f & ON_CURVE) for f in flags]


def _components(data: bytes) -> list[tuple[int, Transform]]:
    """A composite glyph's components: each one's glyph and transformation."""
    out: list[tuple[int, Transform]] = []
    pos, more = 10, True
    while more:
        flags, gid = struct.unpack_from(">HH", data, pos)
        pos += 4
        if not flags & ARGS_ARE_XY:
            raise Unsupported("a component placed by matching points")
        if flags & ARGS_ARE_WORDS:
            dx, dy = struct.unpack_from(">hh", data, pos)
            pos += 4
        else:
            dx, dy = struct.unpack_from(">bb", data, pos)
            pos += 2
        transform: Transform = (1, 0, 0, 1, dx, dy)
        if flags & SCALE:
            s = _f2dot14(*struct.unpack_from(">h", data, pos))
            transform, pos = (s, 0, 0, s, dx, dy), pos + 2
        elif flags & XY_SCALE:
            sx, sy = (_f2dot14(v) for v in struct.unpack_from(">hh", data, pos))
            transform, pos = (sx, 0, 0, sy, dx, dy), pos + 4
        elif flags & TWO_BY_TWO:
            xx, xy, yx, yy = (_f2dot14(v) for v in struct.unpack_from(">hhhh", data, pos))
            transform, pos = (xx, xy, yx, yy, dx, dy), pos + 8
        out.append((gid, transform))
        more = bool(flags & MORE_COMPONENTS)
    return out


def _f2dot14(value: int) -> float:
    return value / (1 << 14)


def _compose(outer: Transform, inner: Transform) -> Transform:
    """`inner` then `outer`, multiplied out in fontTools' order (its floats are the same floats)."""
    xx1, xy1, yx1, yy1, dx1, dy1 = inner
    xx2, xy2, yx2, yy2, dx2, dy2 = outer
    return (xx1 * xx2 + xy1 * yx2, xx1 * xy2 + xy1 * yy2, yx1 * xx2 + yy1 * yx2, yx1 * xy2 + yy1 * yy2,
            xx2 * dx1 + yx2 * dy1 + dx2, xy2 * dx1 + yy2 * dy1 + dy2)


class _Pen:
    """Path commands as fontTools' SVG pen writes them: numbers as `str` gives them, a moveto
    directly after another replacing it, a lineto after a moveto written without its L."""

    def __init__(self) -> None:
        self.commands: list[str] = []
        self._command: str | None = None
        self._last: Point | None = None

    def move(self, pt: Point) -> None:
        if self._command == "M":
            self.commands.pop()
        self.commands.append(f"M{pt[0]} {pt[1]}")
        self._command, self._last = "M", pt

    def line(self, pt: Point) -> None:
        x, y = pt
        last = self._last or (None, None)
        if x == last[0] and y == last[1]:
            return
        if x == last[0]:
            self.commands.append(f"V{y}")
            self._command = "V"
        elif y == last[1]:
            self.commands.append(f"H{x}")
            self._command = "H"
        elif self._command == "M":
            self.commands.append(f" {x} {y}")
        else:
            self.commands.append(f"L{x} {y}")
            self._command = "L"
        self._last = pt

    def curve_through(self, points: list[Point], closed: bool = False) -> None:
        """Quadratic segments through off-curve `points` to the last one (on the curve), or round a
        closed contour of off-curve points only, from the point implied between its last and first."""
        if closed:
            (x, y), (nx, ny) = points[-1], points[0]
            start = (0.5 * (x + nx), 0.5 * (y + ny))
            self.move(start)
            points = [*points, start]
        if len(points) == 1:
            self.line(points[0])
            return
        for i in range(len(points) - 2):
            (x, y), (nx, ny) = points[i], points[i + 1]
            self._quad(points[i], (0.5 * (x + nx), 0.5 * (y + ny)))
        self._quad(points[-2], points[-1])

    def _quad(self, control: Point, to: Point) -> None:
        self.commands.append(f"Q{control[0]} {control[1]} {to[0]} {to[1]}")
        self._command, self._last = "Q", to

    def close(self) -> None:
        self.commands.append("Z")
        self._command, self._last = "Z", None
