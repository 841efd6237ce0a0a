"""Cut files at true size: the cut outlines of a sheet as SVG and as DXF, one closed path each.

SVG: width and height in mm with a viewBox in mm, so 1 user unit is 1 mm whatever the program's
idea of a pixel (Silhouette Studio and Cricut Design Space both read the mm size); the origin is
the sheet's (or the Cricut image's) top-left corner, y downwards, as the PDF was drawn.

DXF (AutoCAD 2010, through ezdxf): $INSUNITS 4 (mm) and $MEASUREMENT 1 (metric); y upwards as in
every CAD file, the origin at the sheet's bottom-left corner, so the drawing's extents fall where
the sheet's pieces are. A card is a closed LWPOLYLINE whose corners are arcs (bulges), a hex tile a
closed LWPOLYLINE of six vertices, a counter a CIRCLE, all on the layer CUT.

Both are byte-identical for the same sheet (ezdxf's dates and GUIDs are fixed)."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from ezdxf import units
from ezdxf._options import options as dxf_options
from ezdxf.filemanagement import new as new_dxf

from ..press.cutpaths import CutPath, Outline, Round, RoundedRect, svg_d

QUARTER_BULGE = math.tan(math.pi / 8)    # the bulge of a 90-degree arc, counter-clockwise
CUT_LAYER = "CUT"
CUT_COLOUR = "#ff0000"   # a colour the cutters' programs show as a cut line; the width is a hairline


def _n(v: float) -> str:
    return f"{round(v, 4):g}"


def cut_svg(paths: Sequence[CutPath], width: float, height: float, title: str,
            frame: bool = False) -> bytes:
    """The outlines as an SVG of `width` x `height` mm. With `frame`, the page's own rectangle too
    (id `print-area`), so a program that trims an SVG to its contents keeps the page's origin."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{_n(width)}mm" height="{_n(height)}mm" '
           f'viewBox="0 0 {_n(width)} {_n(height)}">',
           f"<title>{_escape(title)}</title>",
           f'<g id="cut" fill="none" stroke="{CUT_COLOUR}" stroke-width="0.1">']
    if frame:
        out.append(f'<rect id="print-area" x="0" y="0" width="{_n(width)}" height="{_n(height)}"/>')
    for i, path in enumerate(paths, 1):
        out.append(f'<path id="cut-{i}" d="{svg_d(path)}"/>')
    out += ["</g>", "</svg>", ""]
    return "\n".join(out).encode("utf-8")


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cut_dxf(paths: Sequence[CutPath], height: float) -> bytes:
    """The outlines as a DXF in mm, y upwards from the bottom-left corner of a sheet `height` mm tall."""
    previous = dxf_options.write_fixed_meta_data_for_testing
    dxf_options.write_fixed_meta_data_for_testing = True     # no date, no random GUID: the same bytes
    try:
        return _dxf(paths, height)
    finally:
        dxf_options.write_fixed_meta_data_for_testing = previous


def _dxf(paths: Sequence[CutPath], height: float) -> bytes:
    doc = new_dxf("R2010")
    doc.units = units.MM
    doc.header["$INSUNITS"] = 4
    doc.header["$MEASUREMENT"] = 1
    doc.layers.add(CUT_LAYER, color=1)
    space = doc.modelspace()
    attribs = {"layer": CUT_LAYER}
    for path in paths:
        if isinstance(path, Round):
            space.add_circle((path.cx, height - path.cy), path.r, dxfattribs=attribs)
        elif isinstance(path, Outline):
            space.add_lwpolyline([(x, height - y) for x, y in reversed(path.points)], close=True, dxfattribs=attribs)
        else:
            space.add_lwpolyline(_rounded(path, height), format="xyb", close=True, dxfattribs=attribs)
    text = io.StringIO()
    doc.write(text)
    return text.getvalue().encode("utf-8")


def _rounded(path: RoundedRect, height: float) -> list[tuple[float, float, float]]:
    """A rounded rectangle counter-clockwise in y-up coordinates, each corner an arc (bulge)."""
    x0, x1 = path.x, path.x + path.w
    y0, y1 = height - path.y - path.h, height - path.y
    r = path.r
    if r == 0:
        return [(x0, y0, 0.0), (x1, y0, 0.0), (x1, y1, 0.0), (x0, y1, 0.0)]
    b = QUARTER_BULGE
    return [(x0 + r, y0, 0.0), (x1 - r, y0, b), (x1, y0 + r, 0.0), (x1, y1 - r, b),
            (x1 - r, y1, 0.0), (x0 + r, y1, b), (x0, y1 - r, 0.0), (x0, y0 + r, b)]
