"""Shapes -> one SVG document, in mm (the viewBox unit is 1 mm), as svgwrite writes it.

SVGs are self-contained: text is drawn as the outlines of pnp's own fonts (each glyph defined once
and reused), with the words kept in a <title> and an aria-label, so a file shows the same on a
machine without DejaVu Sans or IPAexGothic and still says what it reads.

A web page's diagrams (`render_inline_svg`) keep their text as text instead: selectable and found by
the browser's search, in faces the page embeds (`pnp.site.fonts`), each run tagged with its font.

A kit's SVGs are written without svgwrite (`_Drawing`): importing it costs a build some 35 ms, its
validator's grammar compiled and urllib loaded, for a handful of elements whose XML is simple. The
web pages' diagrams are still svgwrite's. tests/render/test_svg.py compares both with svgwrite's own."""

from __future__ import annotations

import base64
import functools
import re
from collections.abc import Iterable
from typing import Any
from xml.etree import ElementTree as etree
from xml.etree.ElementTree import _escape_attrib, _escape_cdata  # type: ignore[attr-defined]  # the rules tostring() uses

from .. import fonts
from ..draw.ink import for_print
from ..draw.shapes import PT, Circle, Group, Image, Line, Path, Polygon, Rect, Scene, Shape, Style, Text
from ..draw.svgpath import Segment, to_d


@functools.lru_cache(maxsize=1 << 13)
def _n(v: float) -> str:
    """A number as the SVGs write it; remembered, as a kit writes the same few thousand again and again
    (equal numbers give equal text, so 1 and 1.0 may share an entry)."""
    return f"{v:.3f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


def render_svg(scene: Scene) -> bytes:
    """The scene with its bleed: the viewBox runs from -bleed to size + bleed."""
    b = scene.bleed
    w, h = scene.width + 2 * b, scene.height + 2 * b
    # svgwrite's Drawing(size=..., profile="full") with viewbox(-b, -b, w, h): its attributes as it sets them
    dwg = _Drawing({"width": f"{_n(w)}mm", "height": f"{_n(h)}mm", "viewBox": ",".join(map(str, (-b, -b, w, h))),
                    "xmlns": "http://www.w3.org/2000/svg", "xmlns:xlink": "http://www.w3.org/1999/xlink",
                    "xmlns:ev": "http://www.w3.org/2001/xml-events", "baseProfile": "full", "version": "1.1"})
    # The ids already in <defs> (glyphs, clip paths), kept beside the drawing rather than collected
    # from its elements again for every text: a page of text would otherwise cost its glyphs squared.
    _IDS[id(dwg)] = set()
    try:
        for shape in for_print(scene.shapes):
            dwg.add(_element(dwg, shape))
    finally:
        del _IDS[id(dwg)]
    # What dwg.tostring() gives, written by `_write` (see there); the errors rule is the one
    # ElementTree's UTF-8 writer uses.
    out: list[str] = []
    _write(dwg.root, out)
    return "".join(out).encode("utf-8", "xmlcharrefreplace")


_IDS: dict[int, set[str]] = {}


class LiveText:
    """How an inline SVG is drawn: clip ids start with `prefix` (many SVGs share one page), and the
    characters of each font are noted in `used` (the page embeds a subset of each font)."""

    def __init__(self, prefix: str, used: dict[str, set[str]]):
        self.prefix, self.used = prefix, used


_LIVE: dict[int, LiveText] = {}


def render_inline_svg(scene: Scene, live: LiveText, label: str) -> str:
    """The scene (without its bleed) as an <svg> element for an HTML page: text as <text>, sized by
    the page (a viewBox and no width), announced as one image with `label` as its name."""
    import svgwrite  # a web page's diagrams only (see the module's description)

    dwg = svgwrite.Drawing(profile="full", debug=False)
    dwg.viewbox(0, 0, scene.width, scene.height)
    dwg["role"] = "img"
    dwg["aria-label"] = _XML_ILLEGAL.sub("", label)
    dwg["class"] = "diagram"
    _IDS[id(dwg)] = set()
    _LIVE[id(dwg)] = live
    try:
        for shape in for_print(scene.shapes):
            dwg.add(_element(dwg, shape))
    finally:
        del _IDS[id(dwg)], _LIVE[id(dwg)]
    document: str = dwg.tostring()
    # inside HTML the parser gives <svg> its namespace: the declarations (addresses, never fetched)
    # and svgwrite's 100 % size go, so the page names no http address and its stylesheet sizes it
    head, _, rest = document.partition(">")
    head = _SVG_HEAD.sub("", head)
    return head + ">" + rest


_SVG_HEAD = re.compile(r' (?:xmlns(?::\w+)?|width|height|baseProfile|version)="[^"]*"')


def _style(st: Style) -> dict[str, str]:
    """A style's attributes (only read: each element copies them into its own)."""
    try:
        return _style_of(st)
    except TypeError:       # a dash given as a list where its type says tuple
        return _style_of.__wrapped__(st)


@functools.lru_cache(maxsize=1024)
def _style_of(st: Style) -> dict[str, str]:
    # a kit draws a few dozen styles thousands of times: each written once
    out = {"fill": st.fill or "none"}
    if st.stroke:
        out.update({"stroke": st.stroke, "stroke-width": _n(st.width)})
        if st.dash:
            out["stroke-dasharray"] = " ".join(_n(d) for d in st.dash)
    return out


def _element(dwg: Any, s: Shape) -> Any:
    if isinstance(s, Rect):
        extra = {"rx": _n(s.radius), "ry": _n(s.radius)} if s.radius else {}
        return _RectElement(dwg, {"x": _n(s.x), "y": _n(s.y), "width": _n(s.w), "height": _n(s.h), **extra,
                                  **_style(s.style)})
    if isinstance(s, Circle):
        return _CircleElement(dwg, {"cx": _n(s.cx), "cy": _n(s.cy), "r": _n(s.r), **_style(s.style)})
    if isinstance(s, Line):
        return _LineElement(dwg, {"x1": _n(s.x1), "y1": _n(s.y1), "x2": _n(s.x2), "y2": _n(s.y2),
                                  **_style(s.style)})
    if isinstance(s, Polygon):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
        return (_PolygonElement if s.closed else _PolylineElement)(dwg, {"points": points, **_style(s.style)})
    if isinstance(s, Path):
        return _path(dwg, s)
    if isinstance(s, Text):
        return _text(dwg, s)
    if isinstance(s, Image):
        # Embedded as a data URI, so the SVG stays one self-contained file.
        href = f"data:image/{s.kind};base64," + base64.b64encode(s.data).decode("ascii")
        img = dwg.image(href, insert=(_n(s.x), _n(s.y)), size=(_n(s.w), _n(s.h)))
        img["preserveAspectRatio"] = "none"
        if id(dwg) in _LIVE:          # SVG 2's href: an inline SVG declares no xlink namespace
            img.attribs["href"] = img.attribs.pop("xlink:href")
        if s.name:
            img.set_desc(title=s.name)
        return img
    if isinstance(s, Group):
        g = dwg.g()
        transform = []
        if s.dx or s.dy:
            transform.append(f"translate({_n(s.dx)} {_n(s.dy)})")
        if s.rotate:
            transform.append(f"rotate({_n(s.rotate)})")
        if s.scale != 1.0:
            transform.append(f"scale({_n(s.scale)})")
        if transform:
            g["transform"] = " ".join(transform)
        parent = g
        if s.clip:
            # Clip ids derive from the geometry so that output stays byte-identical.
            live = _LIVE.get(id(dwg))
            cid = (live.prefix if live else "") + "clip-" + "-".join(_n(v).replace(".", "_").replace("-", "m")
                                                                     for v in s.clip)
            clip = dwg.defs.add(dwg.clipPath(id=cid)) if cid not in _defined(dwg) else None
            if clip is not None:
                _defined(dwg).add(cid)
                clip.add(dwg.rect((_n(s.clip[0]), _n(s.clip[1])), (_n(s.clip[2]), _n(s.clip[3]))))
            parent = g.add(dwg.g(clip_path=f"url(#{cid})"))
        for child in s.shapes:
            parent.add(_element(dwg, child))
        return g
    raise TypeError(f"cannot render {type(s).__name__}")


def _path(dwg: Any, s: Path) -> Any:
    extra: dict[str, str] = {}
    if s.even_odd:
        extra["fill-rule"] = "evenodd"
    if s.style.stroke:
        if s.cap:
            extra["stroke-linecap"] = ("butt", "round", "square")[s.cap]
        if s.join:
            extra["stroke-linejoin"] = ("miter", "round", "bevel")[s.join]
        if s.stroke_opacity < 1:
            extra["stroke-opacity"] = _n(s.stroke_opacity)
    if s.style.fill and s.fill_opacity < 1:
        extra["fill-opacity"] = _n(s.fill_opacity)
    return _PathElement(dwg, {"d": _d(s.segments), **_style(s.style), **extra})


# Path data already written, by the segments' identity: vector art is fitted once per file and box
# (draw.image), so every copy of a card shares its paths' segments and they are formatted once.
_DS: dict[int, tuple[tuple[Segment, ...], str]] = {}
DS_KEPT = 20_000     # path data kept at most (the segments are kept with it, so an id is not reused)


def _d(segs: tuple[Segment, ...]) -> str:
    seen = _DS.get(id(segs))
    if seen is not None and seen[0] is segs:
        return seen[1]
    d = to_d(segs)
    if len(_DS) < DS_KEPT:
        _DS[id(segs)] = (segs, d)
    return d


def _defined(dwg: Any) -> set[str]:
    """The ids defined in the drawing's <defs>; the caller adds to it what it defines."""
    return _IDS[id(dwg)]


_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(dwg: Any, t: Text) -> Any:
    x = t.x - {"start": 0.0, "middle": t.width / 2, "end": t.width}[t.anchor]
    live = _LIVE.get(id(dwg))
    if live is not None:
        return _live_text(dwg, t, x, live)
    made = _TEXTS.get(t)
    if made is None:
        made = _glyph_text(t, x)
        if len(_TEXTS) < TEXTS_KEPT:
            _TEXTS[t] = made
    xml, glyphs = made
    defined = _defined(dwg)
    for gid, path in glyphs:      # each glyph defined once per file, where it is first used
        if gid not in defined:
            dwg.defs.add(_PathElement(dwg, {"d": path, "id": gid}))
            defined.add(gid)
    return _Markup(xml)


# A line of text as written, by the Text (a value: equal lines are written alike in any file), with
# the glyphs it uses: a kit sets the same lines on many cards and sheets. Bounded, like `_DS`, and
# lower: a line's markup is a few kilobytes (some 80 bytes a glyph), so this keeps at most a few MB.
_TEXTS: dict[Text, tuple[str, tuple[tuple[str, str], ...]]] = {}
TEXTS_KEPT = 4_000


def _glyph_text(t: Text, x: float) -> tuple[str, tuple[tuple[str, str], ...]]:
    """A line as a group of <use>s of its glyphs, with its words as the group's <title> and
    aria-label: the XML svgwrite's g(), set_desc() and use() give, and the glyphs' ids and path data
    in the order they are used."""
    said = _XML_ILLEGAL.sub("", t.string)   # a control character would make the file not XML at all
    group = sorted({"fill": t.fill, "aria-label": said, "role": "img"}.items())
    out = [_start_tag("g", [(k, v) for k, v in group if v]), ">",
           f"<title>{_escape_cdata(said)}</title>" if said else "<title />"]
    glyphs: dict[str, str] = {}
    k = t.size * PT  # mm per em
    cursor = x
    y = _n(t.y)
    for run in t.runs:
        outline = fonts.outlines(run.font)
        scale = k / outline.units_per_em
        sized = f") scale({_s(scale)} {_s(-scale)})"
        known = outline.known
        for ch in run.text:
            glyph = known.get(ch) or outline.glyph(ch)
            if glyph.path:
                gid = f"g-{run.font}-{glyph.name}"
                glyphs.setdefault(gid, glyph.path)
                href = _HREFS.get(gid) or _HREFS.setdefault(gid, _escape_attrib(f"#{gid}"))
                # (numbers, spaces and brackets: nothing ElementTree would escape)
                out.append(f'<use transform="translate({_n(cursor)} {y}{sized}" xlink:href="{href}" />')
            cursor += glyph.advance * scale
    out.append("</g>")
    return "".join(out), tuple(glyphs.items())


_HREFS: dict[str, str] = {}     # a glyph's reference, escaped once (a few thousand glyphs at most)


def _live_text(dwg: Any, t: Text, x: float, live: LiveText) -> Any:
    """One line as <text>, placed where the outlines would start (the page turns kerning off, so the
    browser advances each glyph as far as the outlines do); a run in another font is a <tspan>."""
    el = dwg.text("", insert=(_n(x), _n(t.y)), fill=t.fill, font_size=_n(t.size * PT))
    runs = [(run.font, _XML_ILLEGAL.sub("", run.text)) for run in t.runs if run.text]
    if len(runs) == 1:
        el["class"] = f"f-{runs[0][0]}"
        el.text = runs[0][1]
    else:
        for font, said in runs:
            el.add(dwg.tspan(said, class_=f"f-{font}"))
    for font, said in runs:
        live.used.setdefault(font, set()).update(said)
    return el


class _Markup:
    """An element already written as XML (a line of text: `_text`); only `_write` writes it."""

    def __init__(self, xml: str):
        self.xml = xml

    def get_xml(self) -> etree.Element:
        raise TypeError("a line of text drawn as glyphs is written by pnp.render.svg's own writer")


def _start_tag(tag: str, items: Iterable[tuple[str, str]]) -> str:
    """An element's start tag, up to its '>' or ' />', as ElementTree writes it (attributes in the
    order given, their values escaped by ElementTree's own rule)."""
    return "<" + tag + "".join(f' {k}="{_escape_attrib(v) if _ESCAPED(v) else v}"' for k, v in items)


_ESCAPED = re.compile('[&<>"\r\n\t]').search     # what ElementTree's attribute rule changes


def _write(el: Any, out: list[str]) -> None:
    """The element and all it holds as `etree.tostring(el.get_xml(), encoding="unicode")` writes it
    (svgwrite's `tostring()`), appended to `out`, without building the ElementTree first: an SVG is
    thousands of elements, and making each an ElementTree element, then ElementTree's generic
    serialiser (namespaces collected over the whole tree first, each name and value looked up and
    escaped through several calls) were most of its cost. An element's attributes are written as
    svgwrite writes them: sorted, empty ones left out, each value escaped by ElementTree's rule."""
    if isinstance(el, _Markup):
        out.append(el.xml)
        return
    if isinstance(el, _Title):       # ElementTree's writing of svgwrite's Title
        out.append(f"<title>{_escape_cdata(el.text)}</title>" if el.text else "<title />")
        return
    children: list[Any] = el.elements
    out.append(_start_tag(el.elementname, [(k, v) for k, v in sorted(el.attribs.items()) if v]))
    if children:
        out.append(">")
        for child in children:
            _write(child, out)
        out.append(f"</{el.elementname}>")
    else:
        out.append(" />")


class _Direct:
    """An element as svgwrite makes it, its attributes (named as SVG names them, values already text)
    set directly, written sorted, empty ones left out. A card
    is a few hundred shapes and glyphs, and svgwrite's generic path (each name converted, each value
    checked and converted, through several layers of calls) was most of an SVG's cost. In a web
    page's svgwrite drawing it gives svgwrite its XML (`get_xml`)."""

    elementname: str

    def __init__(self, dwg: Any, attribs: dict[str, str]):
        self.attribs = attribs      # named as written
        self.elements: list[Any] = []

    def add(self, element: Any) -> Any:
        self.elements.append(element)
        return element

    def __setitem__(self, key: str, value: str) -> None:
        self.attribs[key] = value

    def set_desc(self, title: str) -> None:
        """svgwrite's: a <title> as the first element."""
        self.elements.insert(0, _Title(title))

    def get_xml(self) -> etree.Element:
        xml = etree.Element(self.elementname, {k: v for k, v in sorted(self.attribs.items()) if v})
        for element in self.elements:
            xml.append(element.get_xml())
        return xml


class _Title:
    """svgwrite's Title: a <title> holding its text."""

    def __init__(self, text: str):
        self.text = str(text)

    def get_xml(self) -> etree.Element:
        xml = etree.Element("title")
        xml.text = self.text
        return xml


class _Node(_Direct):
    """One of the elements svgwrite's Drawing makes for pnp (see `_Drawing`), named when made."""

    def __init__(self, name: str, attribs: dict[str, str]):
        super().__init__(None, attribs)
        self.elementname = name


class _Drawing:
    """What a kit's SVG asks of svgwrite's Drawing (`_element`), made without svgwrite: the root <svg>
    with its <defs> first, and groups, clip paths, their rectangles and images, each with the
    attributes svgwrite's factory gives it."""

    def __init__(self, attribs: dict[str, str]):
        self.root = _Node("svg", attribs)
        self.defs = self.root.add(_Node("defs", {}))

    def add(self, element: Any) -> Any:
        return self.root.add(element)

    def g(self, **extra: str) -> _Node:
        return _Node("g", {key.rstrip("_").replace("_", "-"): value for key, value in extra.items()})

    def clipPath(self, id: str) -> _Node:  # noqa: N802, A002 - svgwrite's names
        return _Node("clipPath", {"id": id})

    def rect(self, insert: tuple[str, str], size: tuple[str, str]) -> _Node:
        return _Node("rect", {"x": insert[0], "y": insert[1], "width": size[0], "height": size[1]})

    def image(self, href: str, insert: tuple[str, str], size: tuple[str, str]) -> _Node:
        return _Node("image", {"xlink:href": href, "x": insert[0], "y": insert[1], "width": size[0],
                               "height": size[1]})


class _PathElement(_Direct):
    elementname = "path"


class _RectElement(_Direct):
    elementname = "rect"


class _CircleElement(_Direct):
    elementname = "circle"


class _LineElement(_Direct):
    elementname = "line"


class _PolygonElement(_Direct):
    elementname = "polygon"


class _PolylineElement(_Direct):
    elementname = "polyline"


class _GroupElement(_Direct):
    elementname = "g"


def _s(v: float) -> str:
    return f"{v:.6g}"
