"""Shapes -> one SVG document with svgwrite, in mm (the viewBox unit is 1 mm)."""

from __future__ import annotations

import svgwrite

from .. import fonts
from ..draw.shapes import PT, Circle, Group, Line, Polygon, Rect, Scene, Shape, Style, Text


def _n(v: float) -> str:
    return f"{v:.3f}".rstrip("0").rstrip(".") if v != int(v) else str(int(v))


def render_svg(scene: Scene) -> bytes:
    """The scene with its bleed: the viewBox runs from -bleed to size + bleed."""
    b = scene.bleed
    w, h = scene.width + 2 * b, scene.height + 2 * b
    dwg = svgwrite.Drawing(size=(f"{_n(w)}mm", f"{_n(h)}mm"), profile="full", debug=False)
    dwg.viewbox(-b, -b, w, h)
    for shape in scene.shapes:
        dwg.add(_element(dwg, shape))
    return dwg.tostring().encode("utf-8")


def _style(st: Style) -> dict[str, str]:
    out = {"fill": st.fill or "none"}
    if st.stroke:
        out.update(stroke=st.stroke, stroke_width=_n(st.width))
        if st.dash:
            out["stroke_dasharray"] = " ".join(_n(d) for d in st.dash)
    return out


def _element(dwg: svgwrite.Drawing, s: Shape):
    if isinstance(s, Rect):
        extra = {"rx": _n(s.radius), "ry": _n(s.radius)} if s.radius else {}
        return dwg.rect((_n(s.x), _n(s.y)), (_n(s.w), _n(s.h)), **extra, **_style(s.style))
    if isinstance(s, Circle):
        return dwg.circle((_n(s.cx), _n(s.cy)), _n(s.r), **_style(s.style))
    if isinstance(s, Line):
        return dwg.line((_n(s.x1), _n(s.y1)), (_n(s.x2), _n(s.y2)), **_style(s.style))
    if isinstance(s, Polygon):
        pts = [(_n(x), _n(y)) for x, y in s.points]
        make = dwg.polygon if s.closed else dwg.polyline
        return make(pts, **_style(s.style))
    if isinstance(s, Text):
        return _text(dwg, s)
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
            cid = "clip-" + "-".join(_n(v).replace(".", "_").replace("-", "m") for v in s.clip)
            clip = dwg.defs.add(dwg.clipPath(id=cid)) if cid not in _defined(dwg) else None
            if clip is not None:
                clip.add(dwg.rect((_n(s.clip[0]), _n(s.clip[1])), (_n(s.clip[2]), _n(s.clip[3]))))
            parent = g.add(dwg.g(clip_path=f"url(#{cid})"))
        for child in s.shapes:
            parent.add(_element(dwg, child))
        return g
    raise TypeError(f"cannot render {type(s).__name__}")


def _defined(dwg: svgwrite.Drawing) -> set[str]:
    return {el["id"] for el in dwg.defs.elements if "id" in el.attribs}


def _text(dwg: svgwrite.Drawing, t: Text):
    el = dwg.text("", insert=(_n(t.x), _n(t.y)), fill=t.fill, text_anchor=t.anchor,
                  font_size=_n(t.size * PT))
    for run in t.runs:
        family, weight = fonts.SVG_FACES[run.font]
        el.add(dwg.tspan(run.text, font_family=family, font_weight=weight))
    return el
