"""Shapes -> one SVG document as text, in mm (the viewBox unit is 1 mm).

SVGs are self-contained: text is drawn as the outlines of pnp's own fonts (each glyph defined once
and reused), with the words kept in a <title> and an aria-label, so a file shows the same on a
machine without DejaVu Sans or IPAexGothic and still says what it reads.

The document is written as text directly, in the form svgwrite and ElementTree gave it before (the
kits' digests hold it): attributes sorted by name, an attribute with an empty value left out, an
element without content closed as ` />`, and XML's escapes. Building the same file through element
objects cost more than drawing the shapes."""

from __future__ import annotations

import base64
import re

from .. import fonts
from ..draw.ink import for_print
from ..draw.shapes import PT, Circle, Group, Image, Line, Polygon, Rect, Scene, Shape, Style, Text

_ROOT = {"baseProfile": "full", "version": "1.1", "xmlns": "http://www.w3.org/2000/svg",
         "xmlns:ev": "http://www.w3.org/2001/xml-events", "xmlns:xlink": "http://www.w3.org/1999/xlink"}


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


class _Document:
    """The <defs> being gathered (glyphs, clip paths, each once, by id) while the shapes are written."""

    def __init__(self) -> None:
        self.defs: list[str] = []
        self.ids: set[str] = set()

    def define(self, ident: str, element: str) -> None:
        if ident not in self.ids:
            self.ids.add(ident)
            self.defs.append(element)


def render_svg(scene: Scene) -> bytes:
    """The scene with its bleed: the viewBox runs from -bleed to size + bleed."""
    b = scene.bleed
    w, h = scene.width + 2 * b, scene.height + 2 * b
    doc = _Document()
    body = "".join(_element(doc, shape) for shape in for_print(scene.shapes))
    root = dict(_ROOT, width=f"{_n(w)}mm", height=f"{_n(h)}mm", viewBox=",".join(str(v) for v in (-b, -b, w, h)))
    document = _open("svg", root) + ">" + _tag("defs", {}, "".join(doc.defs)) + body + "</svg>"
    # (a character XML cannot carry raw becomes a character reference, as ElementTree wrote it)
    return document.encode("utf-8", "xmlcharrefreplace")


def _attr(value: str) -> str:
    if "&" in value:
        value = value.replace("&", "&amp;")
    if "<" in value:
        value = value.replace("<", "&lt;")
    if ">" in value:
        value = value.replace(">", "&gt;")
    if '"' in value:
        value = value.replace('"', "&quot;")
    if "\r" in value:
        value = value.replace("\r", "&#13;")
    if "\n" in value:
        value = value.replace("\n", "&#10;")
    if "\t" in value:
        value = value.replace("\t", "&#09;")
    return value


def _cdata(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def _open(name: str, attrs: dict[str, str]) -> str:
    return f"<{name}" + "".join(f' {k}="{_attr(attrs[k])}"' for k in sorted(attrs) if attrs[k])


def _tag(name: str, attrs: dict[str, str], content: str = "") -> str:
    return _open(name, attrs) + (f">{content}</{name}>" if content else " />")


def _title(text: str) -> str:
    return f"<title>{_cdata(text)}</title>" if text else "<title />"


def _style(st: Style) -> dict[str, str]:
    out = {"fill": st.fill or "none"}
    if st.stroke:
        out.update({"stroke": st.stroke, "stroke-width": _n(st.width)})
        if st.dash:
            out["stroke-dasharray"] = " ".join(_n(d) for d in st.dash)
    return out


def _element(doc: _Document, s: Shape) -> str:
    if isinstance(s, Rect):
        extra = {"rx": _n(s.radius), "ry": _n(s.radius)} if s.radius else {}
        return _tag("rect", {"x": _n(s.x), "y": _n(s.y), "width": _n(s.w), "height": _n(s.h), **extra,
                             **_style(s.style)})
    if isinstance(s, Circle):
        return _tag("circle", {"cx": _n(s.cx), "cy": _n(s.cy), "r": _n(s.r), **_style(s.style)})
    if isinstance(s, Line):
        return _tag("line", {"x1": _n(s.x1), "y1": _n(s.y1), "x2": _n(s.x2), "y2": _n(s.y2), **_style(s.style)})
    if isinstance(s, Polygon):
        points = " ".join(f"{_n(x)},{_n(y)}" for x, y in s.points)
        return _tag("polygon" if s.closed else "polyline", {"points": points, **_style(s.style)})
    if isinstance(s, Text):
        return _text(doc, s)
    if isinstance(s, Image):
        # Embedded as a data URI, so the SVG stays one self-contained file.
        href = f"data:image/{s.kind};base64," + base64.b64encode(s.data).decode("ascii")
        return _tag("image", {"xlink:href": href, "x": _n(s.x), "y": _n(s.y), "width": _n(s.w),
                              "height": _n(s.h), "preserveAspectRatio": "none"},
                    _title(s.name) if s.name else "")
    if isinstance(s, Group):
        transform = []
        if s.dx or s.dy:
            transform.append(f"translate({_n(s.dx)} {_n(s.dy)})")
        if s.rotate:
            transform.append(f"rotate({_n(s.rotate)})")
        if s.scale != 1.0:
            transform.append(f"scale({_n(s.scale)})")
        cid = ""
        if s.clip:   # defined before the group's own contents define theirs
            # Clip ids derive from the geometry so that output stays byte-identical.
            cid = "clip-" + "-".join(_n(v).replace(".", "_").replace("-", "m") for v in s.clip)
            x, y, w, h = (_n(v) for v in s.clip)
            doc.define(cid, _tag("clipPath", {"id": cid}, _tag("rect", {"x": x, "y": y, "width": w, "height": h})))
        content = "".join(_element(doc, child) for child in s.shapes)
        if cid:
            content = _tag("g", {"clip-path": f"url(#{cid})"}, content)
        return _tag("g", {"transform": " ".join(transform)}, content)
    raise TypeError(f"cannot render {type(s).__name__}")


_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _text(doc: _Document, t: Text) -> str:
    x = t.x - {"start": 0.0, "middle": t.width / 2, "end": t.width}[t.anchor]
    said = _XML_ILLEGAL.sub("", t.string)   # a control character would make the file not XML at all
    parts = [_title(said)]
    k = t.size * PT  # mm per em
    y = _n(t.y)
    cursor = x
    for run in t.runs:
        outline = fonts.outlines(run.font)
        scale = k / outline.units_per_em
        size = f"scale({_s(scale)} {_s(-scale)})"
        for ch in run.text:
            glyph = outline.glyph(ch)
            if glyph.path:
                gid = f"g-{run.font}-{glyph.name}"
                if gid not in doc.ids:
                    doc.define(gid, _tag("path", {"d": glyph.path, "id": gid}))
                parts.append(f'<use transform="translate({_n(cursor)} {y}) {size}" xlink:href="#{_attr(gid)}" />')
            cursor += glyph.advance * scale
    return _tag("g", {"fill": t.fill, "aria-label": said, "role": "img"}, "".join(parts))


def _s(v: float) -> str:
    return f"{v:.6g}"
