"""Vector art from a game folder: a small, safe subset of SVG read into `Path` shapes, so the PDFs
draw it as ReportLab paths and the SVGs inline (no picture is embedded, nothing is rasterised).

A game folder is untrusted, so the file is checked before a byte of it is parsed as XML: no DTD or
entity declaration (an entity can expand a few bytes into gigabytes), no processing instruction but
the XML declaration, a size limit. The standard library's parser then sees a document with no DTD,
in which it cannot expand any entity but the five XML defines. Reading refuses, in one sentence
naming what it found and what to do:
- any reference outside the file: `href`/`xlink:href` on anything, `url(...)` in any attribute or
  style (gradients and patterns included), `<use>`;
- scripts, `<style>` sheets, `<foreignObject>`, `<image>`, animation, text and fonts (words belong
  to the layout, set in the project's own fonts), and every element not listed below;
- more than MAX_ELEMENTS elements, MAX_COMMANDS path commands or MAX_DEPTH levels of nesting.

Drawn: `svg` (its viewBox, or width and height), `g`, `path` (every command; arcs become cubic
Béziers), `rect` (rx, ry), `circle`, `ellipse`, `line`, `polyline`, `polygon`; each may carry a
`transform` (matrix, translate, scale, rotate, skewX, skewY). Paint: fill, stroke, stroke-width,
stroke-linecap, stroke-linejoin, opacity, fill-opacity, stroke-opacity, fill-rule, as attributes or
in a `style` attribute; `display="none"` hides. Colours: #rgb, #rrggbb, a few names, `none`, and
`currentColor`, which becomes the colour the drawing code passes (a player's or clan's colour, so
one emblem serves every side). `title`, `desc`, `metadata` and editors' own elements (Inkscape's
sodipodi:namedview) are skipped.
"""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from itertools import repeat
from operator import add, mul

from . import svgpath
from .shapes import Group, Path, Shape, Style

MAX_BYTES = 2_000_000
MAX_ELEMENTS = 20_000
MAX_COMMANDS = 200_000
MAX_DEPTH = 32
CURRENT = "currentColor"

SVG_NS = "http://www.w3.org/2000/svg"
# Editors' own namespaces: their elements and attributes carry nothing drawn, and are skipped.
EDITOR_NS = ("http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd", "http://www.inkscape.org/namespaces/inkscape",
             "http://www.w3.org/1999/02/22-rdf-syntax-ns#", "http://purl.org/dc/elements/1.1/",
             "http://creativecommons.org/ns#")
SHAPES = {"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"}
SKIPPED = {"title", "desc", "metadata"}
REFUSED = {
    "script": "a script", "style": "a <style> sheet (put fill and stroke on the elements instead)",
    "foreignObject": "a <foreignObject>", "image": "an embedded or linked <image> (draw it as paths)",
    "use": "a <use> reference (copy the shape instead)", "text": "text", "tspan": "text", "textPath": "text",
    "font": "a font", "font-face": "a font", "glyph": "a font",
    "animate": "animation", "animateMotion": "animation", "animateTransform": "animation", "set": "animation",
    "a": "a link", "iframe": "a frame", "video": "a video", "audio": "a sound",
    "linearGradient": "a gradient (use flat colours)", "radialGradient": "a gradient (use flat colours)",
    "pattern": "a pattern", "filter": "a filter", "mask": "a mask", "clipPath": "a clip path",
    "symbol": "a <symbol>", "marker": "a marker",
}
NAMED = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
         "yellow": "#ffff00", "gray": "#808080", "grey": "#808080", "orange": "#ffa500", "purple": "#800080",
         "brown": "#a52a2a", "navy": "#000080", "maroon": "#800000", "olive": "#808000", "teal": "#008080",
         "silver": "#c0c0c0", "lime": "#00ff00", "aqua": "#00ffff", "cyan": "#00ffff", "fuchsia": "#ff00ff",
         "magenta": "#ff00ff", "gold": "#ffd700", "pink": "#ffc0cb", "darkgreen": "#006400"}
PAINT = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "opacity", "fill-opacity",
         "stroke-opacity", "fill-rule", "display")
INHERITED = ("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "fill-opacity",
             "stroke-opacity", "fill-rule")
_HEX = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_LENGTH = re.compile(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*(px)?\s*")
_DECLARATION = re.compile(rb"<!(?!--)|<\?(?!xml[\s?])", re.IGNORECASE)


class ArtError(ValueError):
    """Art that pnp will not draw; the message says what was found and what to do."""


@dataclass(frozen=True)
class Art:
    """A drawing read from SVG: its viewBox (x, y, w, h) and its paths in the viewBox's units,
    with `currentColor` left as it is until the art is placed."""

    box: tuple[float, float, float, float]
    paths: tuple[Path, ...]


def _colour(value: str, what: str) -> str | None:
    v = value.strip()
    if v == "none" or v == "transparent":
        return None
    if v == CURRENT:
        return CURRENT
    if _HEX.fullmatch(v):
        h = v[1:].lower()
        return "#" + ("".join(c * 2 for c in h) if len(h) == 3 else h)
    if v.lower() in NAMED:
        return NAMED[v.lower()]
    raise ArtError(f"{what} = {value!r} is not a colour pnp draws: use #rrggbb, #rgb, none, currentColor "
                   f"or a basic name ({', '.join(sorted(NAMED)[:6])}...)")


def _number(value: str, what: str) -> float:
    m = _LENGTH.fullmatch(value)
    if not m:
        raise ArtError(f"{what} = {value!r}: expected a plain number (user units or px)")
    return float(m.group(1))


def _local(tag: str) -> tuple[str, str]:
    if tag.startswith("{"):
        ns, _, name = tag[1:].partition("}")
        return ns, name
    return "", tag


def check_bytes(data: bytes) -> str:
    """The text of an SVG file that may be parsed, or ArtError saying why it may not."""
    if len(data) > MAX_BYTES:
        raise ArtError(f"{len(data):,} bytes is more than the limit of {MAX_BYTES:,} for vector art "
                       "(simplify the drawing)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ArtError("not UTF-8 text (save the SVG as UTF-8)") from None
    found = _DECLARATION.search(data)
    if found:
        what = data[found.start():found.start() + 12].decode("utf-8", "replace")
        raise ArtError(f"found {what!r}...: DOCTYPE and ENTITY declarations and processing instructions are not "
                       "allowed in art (save as plain SVG, without a DOCTYPE)")
    return text


@lru_cache(maxsize=128)
def read(data: bytes) -> Art:
    """The drawing in `data`, or ArtError (see the module's description)."""
    text = check_bytes(data)
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise ArtError(f"not well-formed XML ({exc})") from None
    ns, name = _local(root.tag)
    if name != "svg" or ns not in ("", SVG_NS):
        raise ArtError(f"the file's root element is <{name}>, expected <svg>")
    box = _viewbox(root)
    reader = _Reader()
    reader.walk(root, svgpath.IDENTITY, {"fill": "#000000", "stroke": None, "stroke-width": "1"}, 1.0, 0)
    return Art(box, tuple(reader.paths))


def _viewbox(root: ET.Element) -> tuple[float, float, float, float]:
    vb = root.get("viewBox")
    if vb is not None:
        nums = re.split(r"[\s,]+", vb.strip())
        if len(nums) != 4:
            raise ArtError(f"viewBox = {vb!r}: expected four numbers (x y width height)")
        x, y, w, h = (_number(n, "viewBox") for n in nums)
    elif root.get("width") and root.get("height"):
        x, y = 0.0, 0.0
        w, h = _number(root.get("width", ""), "width"), _number(root.get("height", ""), "height")
    else:
        raise ArtError("the <svg> element has no viewBox (nor a width and a height): add viewBox=\"0 0 W H\"")
    if w <= 0 or h <= 0:
        raise ArtError(f"the viewBox's width and height must be above 0 (got {w:g} x {h:g})")
    return x, y, w, h


class _Reader:
    def __init__(self) -> None:
        self.paths: list[Path] = []
        self.elements = 0
        self.commands = 0

    def walk(self, el: ET.Element, m: svgpath.Matrix, paint: dict[str, str | None], opacity: float,
             depth: int) -> None:
        ns, name = _local(el.tag)
        if ns in EDITOR_NS or name in SKIPPED:
            return
        if ns not in ("", SVG_NS):
            raise ArtError(f"element <{name}> from {ns!r}: only SVG elements are drawn")
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            raise ArtError(f"more than {MAX_ELEMENTS:,} elements (simplify the drawing)")
        if depth > MAX_DEPTH:
            raise ArtError(f"elements nested more than {MAX_DEPTH} deep (flatten the groups)")
        if name in REFUSED:
            raise ArtError(f"found {REFUSED[name]} (<{name}>), which art may not hold: {_WHAT_TO_DO}")
        if name not in SHAPES and name not in ("svg", "g", "defs"):
            raise ArtError(f"found <{name}>, which pnp does not draw: {_WHAT_TO_DO}")
        own = self._paint(el)
        if own.get("display") == "none" or name == "defs":
            return
        mine = dict(paint)
        mine.update({k: v for k, v in own.items() if k in INHERITED})
        alpha = opacity * (_unit(own["opacity"], "opacity") if own.get("opacity") is not None else 1.0)
        if el.get("transform") is not None:
            try:
                m = svgpath.multiply(m, svgpath.parse_transform(el.get("transform", "")))
            except svgpath.PathDataError as exc:
                raise ArtError(f"<{name}>: {exc}") from None
        if name in SHAPES:
            for child in el:     # a shape holds only a title or a description (or animation, refused)
                cns, cname = _local(child.tag)
                if cns not in EDITOR_NS and cname not in SKIPPED:
                    found = REFUSED.get(cname, f"<{cname}>")
                    raise ArtError(f"found {found} inside <{name}>, which art may not hold: {_WHAT_TO_DO}")
            self._shape(el, name, m, mine, alpha)
            return
        if name == "svg" and depth > 0:
            raise ArtError("an <svg> inside the drawing: put its shapes in a <g> instead")
        for child in el:
            self.walk(child, m, mine, alpha, depth + 1)

    def _paint(self, el: ET.Element) -> dict[str, str | None]:
        """The element's own paint: its attributes, then its `style` over them (as CSS ranks them)."""
        out: dict[str, str | None] = {}
        for key, value in el.attrib.items():
            ns, name = _local(key) if key[:1] == "{" else ("", key)
            if name == "href":
                raise ArtError(f"found {key.split('}')[-1] if ns else name}={value[:40]!r}: art may not refer to "
                               f"another file or part (href, xlink:href): {_WHAT_TO_DO}")
            if "(" in value and "url(" in value.replace(" ", "").lower():
                raise ArtError(f"found {name}={value[:40]!r}: art may not use url(...) (gradients, patterns, "
                               f"other files): use flat colours")
            if ns in ("", SVG_NS) and name in PAINT:
                out[name] = value
            if name.startswith("on"):
                raise ArtError(f"found an event handler ({name}=...): art holds no scripts")
        for decl in (el.get("style") or "").split(";"):
            if ":" in decl:
                key, value = (part.strip() for part in decl.split(":", 1))
                if key in PAINT:
                    out[key] = value
        return out

    def _shape(self, el: ET.Element, name: str, m: svgpath.Matrix, paint: dict[str, str | None],
               alpha: float) -> None:
        try:
            segs, closed_only = _outline(el, name, MAX_COMMANDS - self.commands)
        except svgpath.PathDataError as exc:
            raise ArtError(f"<{name}>: {exc}") from None
        self.commands += len(segs)
        if self.commands > MAX_COMMANDS:
            raise ArtError(f"more than {MAX_COMMANDS:,} path commands (simplify the drawing)")
        if not segs:
            return
        fill = _colour(paint["fill"] or "none", "fill") if not closed_only else None
        stroke = _colour(paint["stroke"] or "none", "stroke")
        width = _number(paint.get("stroke-width") or "1", "stroke-width") * svgpath.scale_of(m)
        if fill is None and (stroke is None or width <= 0):
            return
        caps = {"butt": 0, "round": 1, "square": 2}
        joins = {"miter": 0, "round": 1, "bevel": 2}
        self.paths.append(Path(
            tuple(svgpath.apply(m, segs)), Style(fill=fill, stroke=stroke, width=width),
            even_odd=(paint.get("fill-rule") or "").strip() == "evenodd",
            cap=caps.get((paint.get("stroke-linecap") or "butt").strip(), 0),
            join=joins.get((paint.get("stroke-linejoin") or "miter").strip(), 0),
            fill_opacity=alpha * _unit(paint.get("fill-opacity"), "fill-opacity"),
            stroke_opacity=alpha * _unit(paint.get("stroke-opacity"), "stroke-opacity")))


_WHAT_TO_DO = ("save the drawing as plain SVG made of paths and basic shapes with flat colours "
               "(in Inkscape: Path > Object to Path, then File > Save As > Plain SVG)")


def _unit(value: str | None, what: str) -> float:
    if value is None:
        return 1.0
    v = value.strip()
    n = _number(v[:-1], what) / 100 if v.endswith("%") else _number(v, what)
    return min(1.0, max(0.0, n))


def _outline(el: ET.Element, name: str, budget: int) -> tuple[list[svgpath.Segment], bool]:
    """The element's outline as segments, and whether it is a line (never filled)."""
    def num(key: str, default: float = 0.0) -> float:
        v = el.get(key)
        return default if v is None else _number(v, f"<{name}> {key}")

    if name == "path":
        return svgpath.parse_d(el.get("d", ""), budget), False
    if name == "line":
        return [("M", (num("x1"), num("y1"))), ("L", (num("x2"), num("y2")))], True
    if name in ("polyline", "polygon"):
        raw = re.split(r"[\s,]+", (el.get("points") or "").strip())
        nums = [_number(v, f"<{name}> points") for v in raw if v]
        pts = list(zip(nums[::2], nums[1::2], strict=False))
        if not pts:
            return [], False
        segs: list[svgpath.Segment] = [("M", pts[0]), *(("L", p) for p in pts[1:])]
        return (segs + [("Z", ())] if name == "polygon" else segs), False
    if name == "circle":
        r = num("r")
        return (_ellipse(num("cx"), num("cy"), r, r) if r > 0 else []), False
    if name == "ellipse":
        rx, ry = num("rx"), num("ry")
        return (_ellipse(num("cx"), num("cy"), rx, ry) if rx > 0 and ry > 0 else []), False
    x, y, w, h = num("x"), num("y"), num("width"), num("height")
    if w <= 0 or h <= 0:
        return [], False
    rx_s, ry_s = el.get("rx"), el.get("ry")
    rx = num("rx") if rx_s is not None else (num("ry") if ry_s is not None else 0.0)
    ry = num("ry") if ry_s is not None else rx
    rx, ry = min(max(rx, 0.0), w / 2), min(max(ry, 0.0), h / 2)
    if not rx or not ry:
        return [("M", (x, y)), ("L", (x + w, y)), ("L", (x + w, y + h)), ("L", (x, y + h)), ("Z", ())], False
    # M, then sides (H, V) and corners (A, clockwise), as this path data draws the rounded rectangle
    def d() -> str:
        return (f"M{x + rx} {y}H{x + w - rx}A{rx} {ry} 0 0 1 {x + w} {y + ry}V{y + h - ry}"
                f"A{rx} {ry} 0 0 1 {x + w - rx} {y + h}H{x + rx}A{rx} {ry} 0 0 1 {x} {y + h - ry}"
                f"V{y + ry}A{rx} {ry} 0 0 1 {x + rx} {y}Z")
    return _drawn(d, (x + rx, y), [(x + w - rx, y), (x + w, y + ry), (x + w, y + h - ry), (x + w - rx, y + h),
                                   (x + rx, y + h), (x, y + h - ry), (x, y + ry), (x + rx, y)], rx, ry,
                  "LALALALA"), False


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[svgpath.Segment]:
    """M to the right-hand point, then four quarter arcs clockwise, closed."""
    def d() -> str:
        return (f"M{cx + rx} {cy}A{rx} {ry} 0 0 1 {cx} {cy + ry}A{rx} {ry} 0 0 1 {cx - rx} {cy}"
                f"A{rx} {ry} 0 0 1 {cx} {cy - ry}A{rx} {ry} 0 0 1 {cx + rx} {cy}Z")
    return _drawn(d, (cx + rx, cy), [(cx, cy + ry), (cx - rx, cy), (cx, cy - ry), (cx + rx, cy)], rx, ry, "AAAA")


def _drawn(d: Callable[[], str], start: tuple[float, float], ends: list[tuple[float, float]], rx: float, ry: float,
           ops: str) -> list[svgpath.Segment]:
    """What `svgpath.parse_d` makes of `d()`: "M start", then for each end a line (H or V) or an arc of
    radii (rx, ry) (no rotation, small, clockwise) to it, then "Z". Made from the numbers themselves,
    not read back from `d` (a float's text reads back as the float), unless one is a number path
    data cannot hold (infinite, not a number): then `d()` is read, and refused, as before."""
    if not all(map(math.isfinite, (*start, rx, ry, *(v for end in ends for v in end)))):
        return svgpath.parse_d(d())
    segs: list[svgpath.Segment] = [("M", start)]
    x, y = start
    for op, (ex, ey) in zip(ops, ends):
        if op == "L":
            segs.append(("L", (ex, ey)))
        else:
            segs.extend(svgpath.arc(x, y, rx, ry, 0.0, False, True, ex, ey))
        x, y = ex, ey
    segs.append(("Z", ()))
    return segs


def fitted(art: Art, box: tuple[float, float, float, float], colour: str = "#000000",
           name: str = "") -> list[Shape]:
    """The drawing fitted whole into `box` (x, y, w, h in mm), centred, keeping its proportions (as
    SVG's own default, xMidYMid meet), clipped to the box, with `currentColor` painted `colour`."""
    vx, vy, vw, vh = art.box
    x, y, w, h = box
    k = min(w / vw, h / vh)
    ox, oy = x + (w - vw * k) / 2 - vx * k, y + (h - vh * k) / 2 - vy * k
    out: list[Shape] = []
    for p in art.paths:
        style = p.style
        if CURRENT in (style.fill, style.stroke):
            fill = colour if style.fill == CURRENT else style.fill
            stroke = colour if style.stroke == CURRENT else style.stroke
        else:
            fill, stroke = style.fill, style.stroke
        out.append(Path(_moved(p.segments, k, ox, oy), Style(fill, stroke, round(style.width * k, 4), style.dash),
                        p.even_odd, p.cap, p.join, p.fill_opacity, p.stroke_opacity))
    return [Group(tuple(out), 0.0, 0.0, 0, box)]


def _moved(segs: tuple[svgpath.Segment, ...], k: float, ox: float, oy: float) -> tuple[svgpath.Segment, ...]:
    """The segments scaled by `k` and moved by (ox, oy), each coordinate rounded to 3 places: the
    numbers `svgpath.apply` gives for the matrix (k, 0, 0, k, ox, oy), worked out for the whole path
    at once by C-level maps (a path is hundreds of numbers, and each card's art is fitted to its box)."""
    flat = [v for _, pts in segs for v in pts]
    xs, ys = flat[0::2], flat[1::2]
    zero = repeat(0.0)
    # a * x + c * y + e and b * x + d * y + f, in that order of operations (b and c are 0.0)
    flat[0::2] = map(round, map(add, map(add, map(mul, repeat(k), xs), map(mul, zero, ys)), repeat(ox)), repeat(3))
    flat[1::2] = map(round, map(add, map(add, map(mul, zero, xs), map(mul, repeat(k), ys)), repeat(oy)), repeat(3))
    out: list[svgpath.Segment] = []
    at = 0
    for op, pts in segs:
        end = at + len(pts)
        out.append((op, tuple(flat[at:end])))
        at = end
    return tuple(out)
