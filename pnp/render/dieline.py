"""Die lines for a shop: every piece's cut outline stroked in a spot colour named CutContour, on a
layer of its own (a PDF optional content group) that a viewer can hide and a shop's RIP reads.

ReportLab can draw a spot colour (`CMYKColorSep`) but has no optional content, so the finished
PDF is rewritten with pikepdf, as the CMYK pass is: each page that has cut paths gets one more
content stream, wrapped in `/OC /CutContour BDC ... EMC`, stroking its paths in the
`/Separation /CutContour` colour (shown as 100 % magenta where no RIP knows the name), set to
overprint so the line never knocks a white hairline out of the art beneath. The document gets
`/OCProperties` naming the layer, visible by default. Optional content needs PDF 1.5."""

from __future__ import annotations

import io
from collections.abc import Sequence

import pikepdf
from pikepdf import Name

from ..press.cutpaths import CutPath, segments
from .fonttags import retag_subsets

SPOT = "CutContour"
LAYER = "CutContour"
LINE_PT = 0.25               # the die line's width, pt: a hairline a RIP reads as a path, not art
ALTERNATE = (0.0, 1.0, 0.0, 0.0)   # how a device without the spot shows it: magenta
MM = 72 / 25.4


def _ops(path: CutPath, page_h: float) -> list[str]:
    """PDF path operators for one outline on a page `page_h` mm tall (PDF y runs upwards, in pt)."""
    def pt(x: float, y: float) -> str:
        return f"{x * MM:.3f} {(page_h - y) * MM:.3f}"
    out = []
    for op, v in segments(path):
        if op == "M":
            out.append(f"{pt(*v)} m")
        elif op == "L":
            out.append(f"{pt(*v)} l")
        else:
            out.append(f"{pt(v[0], v[1])} {pt(v[2], v[3])} {pt(v[4], v[5])} c")
    out.append("h")
    return out


def die_line_stream(paths: Sequence[CutPath], page_h: float) -> bytes:
    """The content that strokes `paths` in the spot colour on the layer (resource names /CutContour
    for the colour space, /DieLine for the layer, /DieLineGS for overprint)."""
    lines = ["/OC /DieLine BDC", "q", "/DieLineGS gs", "/CutContour CS", "1 SCN", f"{LINE_PT} w", "0 J", "0 j"]
    for path in paths:
        lines += _ops(path, page_h)
        lines.append("S")
    lines += ["Q", "EMC", ""]
    return "\n".join(lines).encode("ascii")


def add_die_lines(pdf: bytes, cuts: Sequence[Sequence[CutPath]]) -> bytes:
    """`pdf` with `cuts[i]` stroked as die lines on page i (pages without cuts stay as they were)."""
    with pikepdf.open(io.BytesIO(pdf)) as doc:
        ocg = doc.make_indirect(pikepdf.Dictionary(Type=Name.OCG, Name=pikepdf.String(LAYER)))
        tint = pikepdf.Dictionary(FunctionType=2, Domain=[0, 1], C0=[0, 0, 0, 0], C1=list(ALTERNATE), N=1)
        space = doc.make_indirect(pikepdf.Array([Name.Separation, Name("/" + SPOT), Name.DeviceCMYK, tint]))
        overprint = doc.make_indirect(pikepdf.Dictionary(Type=Name.ExtGState, OP=True, op=True, OPM=1))
        for page, paths in zip(doc.pages, cuts):
            if not paths:
                continue
            box = [float(v) for v in page.MediaBox]
            page_h = (box[3] - box[1]) / MM
            resources = page.obj.Resources
            for kind, key, value in (("/ColorSpace", "/CutContour", space), ("/Properties", "/DieLine", ocg),
                                     ("/ExtGState", "/DieLineGS", overprint)):
                if kind not in resources:
                    resources[kind] = pikepdf.Dictionary()
                resources[kind][key] = value
            # Wrap what was there in q/Q so a state left set by the art cannot reach the die line.
            page.contents_add(doc.make_stream(b"q\n"), prepend=True)
            page.contents_add(doc.make_stream(b"Q\n" + die_line_stream(paths, page_h)))
        retag_subsets(doc)       # a file for a shop: its font subsets get tags of their own too
        doc.Root.OCProperties = pikepdf.Dictionary(
            OCGs=[ocg], D=pikepdf.Dictionary(Name=pikepdf.String("pnp"), Order=[ocg], ON=[ocg], OFF=[]))
        out = io.BytesIO()
        doc.save(out, min_version="1.5", deterministic_id=True, compress_streams=True,
                 object_stream_mode=pikepdf.ObjectStreamMode.disable)
        return out.getvalue()
