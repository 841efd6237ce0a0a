"""`pnp build --cutter` and `--die-line`, read back: the registration marks printed where
docs/printing.md says, every SVG and DXF parsed, one closed path per card, hex tile and counter,
and each cut path equal to its piece's trim (found from the art's clip in the PDF) to 0.05 mm."""

from __future__ import annotations

import functools
import io
import math
import re
import xml.etree.ElementTree as ET

import ezdxf
import pikepdf
import pymupdf
import pytest
from ezdxf import bbox
from PIL import Image

from pnp.build import Options, build_kit
from pnp.catalog import find_game
from pnp.model import load_game
from pnp.press.cards import Duplex

MM = 72 / 25.4
SVG = "{http://www.w3.org/2000/svg}"


@functools.lru_cache(maxsize=None)
def game(name):
    return load_game(find_game(name))


@functools.lru_cache(maxsize=None)
def built(name, cutter, paper="a4", only=("cards", "tiles", "pieces")):
    g = game(name)
    parts = tuple(p for p in only if p in g.components)
    return {a.name: a.data for a in build_kit(g, Options(paper=paper, only=parts, cutter=cutter, svg=False))}


def svg_paths(data):
    root = ET.fromstring(data)
    return root, [(p.get("id"), p.get("d")) for p in root.iter(f"{SVG}path")]


def d_box(d):
    """The bounding box of a path's anchor and control points (x, y, w, h): for these outlines
    (lines, and quarter arcs whose control points lie on the box) it is the outline's box."""
    nums = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?(?:e-?\d+)?", d)]
    xs, ys = nums[0::2], nums[1::2]
    return (min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))


def close(a, b, tol=0.05):
    return all(abs(x - y) <= tol for x, y in zip(a, b))


def art_trims(page):
    """Each piece's trim on a cutter sheet, read from the PDF: its art is clipped 1 mm beyond it."""
    out = []
    for item in page.get_drawings(extended=True):
        if item.get("type") == "clip" and item.get("level") == 0:
            x0, y0, x1, y1 = (v / MM for v in item["scissor"])
            out.append((x0 + 1, y0 + 1, x1 - x0 - 2, y1 - y0 - 2))
    return out


def black_fills(page):
    return sorted(tuple(round(v / MM, 3) for v in (d["rect"].x0, d["rect"].y0, d["rect"].width, d["rect"].height))
                  for d in page.get_drawings() if d.get("type") == "f" and d.get("fill") == (0.0, 0.0, 0.0))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_silhouette_sheets_carry_the_marks_and_cut_files_match_the_trims(paper):
    files = built("daimyo", "silhouette", paper)
    g = game("daimyo")
    pdf = pymupdf.open(stream=files[f"daimyo-silhouette-{paper}.pdf"], filetype="pdf")
    w, h = pdf[0].rect.width / MM, pdf[0].rect.height / MM
    svgs = sorted(n for n in files if n.startswith("silhouette/") and n.endswith(".svg"))
    dxfs = sorted(n for n in files if n.endswith(".dxf"))
    assert len(svgs) == len(dxfs) > 0
    # Sheets with marks, each followed by its backs if its pieces have backs: the marks identify fronts.
    fronts = [page for page in pdf if black_fills(page)]
    assert len(fronts) == len(svgs)
    counted = {"card": 0, "hex": 0, "round": 0}
    for page, svg_name, dxf_name in zip(fronts, svgs, dxfs):
        # docs/printing.md: 0.5 mm strokes centred on their lines: the square round (10, 10)-(15, 15);
        # the L corners on the lines 10 mm in from their two edges, arms 20 mm from the corner.
        marks = [(9.75, 9.75, 5.5, 5.5), (w - 30, 9.75, 20.25, 0.5), (w - 10.25, 9.75, 0.5, 20.25),
                 (9.75, h - 10.25, 20.25, 0.5), (9.75, h - 30, 0.5, 20.25)]
        found = black_fills(page)
        for mark in marks:
            assert any(close(mark, f, 0.01) for f in found), (mark, found)
        root, paths = svg_paths(files[svg_name])
        assert root.get("width") == f"{w:g}mm" and root.get("viewBox") == f"0 0 {w:g} {h:g}"
        trims = art_trims(page)
        assert len(paths) == len(trims) > 0          # one closed path per piece
        assert all(d.rstrip().endswith("Z") for _, d in paths)
        boxes = [d_box(d) for _, d in paths]
        for trim in trims:
            assert any(close(trim, b) for b in boxes), trim
        doc = ezdxf.read(io.StringIO(files[dxf_name].decode()))
        assert doc.header["$INSUNITS"] == 4
        entities = list(doc.modelspace())
        assert len(entities) == len(trims)
        for e in entities:
            ext = bbox.extents([e])
            x0, y1 = ext.extmin.x, h - ext.extmin.y     # DXF: y up from the bottom-left corner
            got = (x0, h - ext.extmax.y, ext.extmax.x - x0, y1 - (h - ext.extmax.y))
            assert any(close(got, t) for t in trims), got
            if e.dxftype() == "CIRCLE":
                counted["round"] += 1
            elif len(e) == 6:
                counted["hex"] += 1
            else:
                counted["card"] += 1
                assert len(e) == 8 and [round(b[0], 6) for b in e.get_points("b")] == [0, 0.414214] * 4
    tiles = g.tiles.neutral + g.tiles.per_clan * len(g.clans)
    assert counted == {"card": len(g.cards), "hex": tiles, "round": len(g.counters)}


def test_card_cut_paths_have_the_layouts_corner_radius():
    files = built("daimyni", "silhouette", "a4", ("cards",))
    r = game("daimyni").face_layout.corner_radius
    _, paths = svg_paths(files["silhouette/daimyni-silhouette-a4-01.svg"])
    for _, d in paths:
        x, y, w, h = d_box(d)
        first = [float(v) for v in d.split()[1:3]]
        assert first == pytest.approx([x + r, y], abs=1e-3)       # the top edge starts after the corner arc


def test_cricut_images_and_cut_files_share_design_spaces_size():
    files = built("daimyni", "cricut", "letter", ("cards",))
    pngs = sorted(n for n in files if n.endswith(".png"))
    assert pngs
    # Fronts only: Design Space cannot put a back behind its front (docs/printing.md, "Cricut")
    assert not [n for n in pngs if "back" in n]
    assert len(pngs) == len([n for n in files if n.endswith(".svg") and n.startswith("cricut/")])
    for name in pngs:
        image = Image.open(io.BytesIO(files[name]))
        assert image.size == (2025, 2775)                    # 6.75 x 9.25 in at 300 dpi
        assert [round(v) for v in image.info["dpi"]] == [300, 300]
        root, paths = svg_paths(files[name.replace(".png", ".svg")])
        assert root.get("width") == "171.45mm" and root.get("height") == "234.95mm"
        frame = root.find(f"{SVG}g/{SVG}rect")
        assert frame is not None and frame.get("id") == "print-area"
        alpha = image.getchannel("A")

        def at(x, y, alpha=alpha, px=2025 / 171.45):
            return alpha.getpixel((int(x * px), int(y * px)))

        for _, d in paths:                                   # every piece 5 mm inside the image, art included
            x, y, w, h = d_box(d)
            assert x - 1 >= 5 - 1e-6 and y - 1 >= 5 - 1e-6 and x + w + 1 <= 171.45 - 5 + 1e-6
            assert y + h + 1 <= 234.95 - 5 + 1e-6
            # Opaque to the trim, clear outside it and in the rounded-off corner: Design Space cuts the outline.
            assert at(x + w / 2, y + h / 2) == 255 and at(x + 0.3, y + h / 2) == 255
            assert at(x - 0.3, y + h / 2) == 0 and at(x + w / 2, y + h + 0.3) == 0
            assert at(x + 0.2, y + 0.2) == 0


def test_cutter_files_are_byte_identical_and_leave_the_kit_as_it_was():
    first = built("daimyni", "silhouette", "a4", ("cards",))
    again = built.__wrapped__("daimyni", "silhouette", "a4", ("cards",))     # a build of its own, not the cache's
    assert first == again
    plain = {a.name: a.data for a in build_kit(game("daimyni"), Options(only=("cards",), svg=False))}
    assert {n: d for n, d in first.items() if n in plain} == plain
    assert set(first) - set(plain) == {n for n in first if "silhouette" in n}


def _die_paths(page):
    paths, current, inside = [], [], False
    for item in pikepdf.parse_content_stream(page):
        op = str(item.operator)
        if op == "BDC" and str(item.operands[1]) == "/DieLine":
            inside = True
        elif op == "EMC":
            inside = False
        elif inside and op in ("m", "l", "c"):
            nums = [float(v) / MM for v in item.operands]
            current += list(zip(nums[0::2], nums[1::2]))
        elif inside and op == "S":
            paths.append(current)
            current = []
    return paths


@pytest.mark.parametrize("duplex", [Duplex.long, Duplex.short])
def test_die_lines_on_card_sheets_follow_the_crop_marks(duplex):
    """Each die line's edges lie on cut lines the sheet's crop marks show (read from the PDF)."""
    g = game("daimyni")
    files = {a.name: a.data for a in build_kit(g, Options(only=("cards",), svg=False, die_line=True,
                                                          duplex=duplex))}
    (name,) = [n for n in files if n.startswith("daimyni-cards")]
    pdf = pikepdf.open(io.BytesIO(files[name]))
    view = pymupdf.open(stream=files[name], filetype="pdf")
    assert str(pdf.Root.OCProperties.OCGs[0].Name) == "CutContour"
    for page, seen in zip(pdf.pages, view):
        h = seen.rect.height / MM
        lines = [d for d in seen.get_drawings() if d.get("color") == (0.0, 0.0, 0.0) and d["items"][0][0] == "l"]
        xs = {round(d["items"][0][1].x / MM, 2) for d in lines if math.isclose(d["items"][0][1].x, d["items"][0][2].x)}
        ys = {round(d["items"][0][1].y / MM, 2) for d in lines if math.isclose(d["items"][0][1].y, d["items"][0][2].y)}
        paths = _die_paths(page)
        assert paths
        for points in paths:
            px, py = [p[0] for p in points], [h - p[1] for p in points]
            for v in (min(px), max(px)):
                assert any(abs(v - x) <= 0.05 for x in xs), (v, sorted(xs))
            for v in (min(py), max(py)):
                assert any(abs(v - y) <= 0.05 for y in ys), (v, sorted(ys))


def _silhouette_pdf(offset):
    files = {a.name: a.data for a in build_kit(game("daimyni"), Options(only=("cards",), svg=False, cutter="silhouette",
                                                                         offset=offset))}
    return pymupdf.open(stream=files["daimyni-silhouette-a4.pdf"], filetype="pdf")


def test_silhouette_backs_pages_are_labelled_and_follow_the_offset():
    """--offset moves the Silhouette backs as it does the card sheets' backs (docs/printing.md tells a
    user to set it for the printer's duplex shift); every backs page says what it is."""
    plain, moved = _silhouette_pdf((0.0, 0.0)), _silhouette_pdf((2.0, -1.0))
    assert len(plain) == len(moved) == 6           # 18 cards: 3 sheets, each with its backs
    for i in range(len(plain)):
        label = "backs" if i % 2 else "Studio registration marks"
        assert f"Daimyni · Silhouette sheet {i // 2 + 1}/3 · " in plain[i].get_text()
        assert label in plain[i].get_text()
        words = [(w[0], w[1]) for w in plain[i].get_text("words")]
        shifted = [(w[0], w[1]) for w in moved[i].get_text("words")]
        dx, dy = (2.0 * MM, -1.0 * MM) if i % 2 else (0.0, 0.0)       # fronts stay where the marks are
        assert all(a == pytest.approx((x + dx, y + dy), abs=0.05) for (x, y), a in zip(words, shifted)), i
