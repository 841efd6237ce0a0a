"""Hex tile sheets: tiles nest like a map's cells when that puts more on the sheet, each keeps its
bleed and a little paper to the next, and the block sits in the middle of the sheet (A4, Letter)."""

import itertools
import math

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game

MM = 72 / 25.4
SQRT3 = math.sqrt(3)

GAME = """id = "hexes"
title = "Hexes"
players = { min = 2, max = 2 }
languages = ["en"]

[[clans]]
id = "north"
name = { en = "North" }
colour = "#1f4e9c"
"""


def tiles_game(tmp_path, radius, neutral):
    (tmp_path / "game.toml").write_text(GAME)
    (tmp_path / "tiles.toml").write_text(f"radius = {radius}\nbleed = 2.0\nneutral = {neutral}\nper_clan = 0\n"
                                         'neutral_colour = "#e9dfc7"\n')
    return load_game(tmp_path)


def placed(page):
    """(cx, cy, width of the colour) in mm of every tile on a sheet: its black cut outline, and the
    coloured hex around it."""
    cuts = [d["rect"] for d in page.get_drawings() if d.get("color") == (0.0, 0.0, 0.0) and not d.get("fill")]
    fills = [d["rect"] for d in page.get_drawings() if d.get("fill") and d["rect"].width > 20 * MM]
    out = []
    for c in cuts:
        f = max((f for f in fills if f.contains(c)), key=lambda f: -f.width)
        out.append(((c.x0 + c.x1) / 2 / MM, (c.y0 + c.y1) / 2 / MM, f.width / MM, f.height / MM))
    return out


@pytest.mark.parametrize("paper,size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_small_hex_tiles_nest_and_the_block_is_centred(tmp_path, paper, size):
    r = 20.0
    arts = {a.name: a for a in build_kit(tiles_game(tmp_path, r, 80), Options(paper=paper, svg=False))}
    doc = pymupdf.open(stream=arts[f"hexes-hex-tiles-{paper}.pdf"].data, filetype="pdf")
    first = placed(doc[0])
    assert sum(len(placed(p)) for p in doc) == 80
    w, h = size
    bw, bh = first[0][2], first[0][3]                   # a tile with its bleed
    plain = int((w - 10 - bw) // (bw + 2) + 1) * int((h - 10 - 8 - bh) // (bh + 2) + 1)
    assert len(first) > plain, (len(first), plain)       # nested columns hold more than plain rows
    for (x1, y1, _, _), (x2, y2, _, _) in itertools.combinations(first, 2):
        assert math.hypot(x1 - x2, y1 - y2) >= bh + 2 - 0.05   # bleeds never meet: 2 mm of paper between
    left = min(x - bw / 2 for x, *_ in first)
    right = max(x + bw / 2 for x, *_ in first)
    assert left >= 5 and right <= w - 5 and abs(left - (w - right)) < 0.2
    top = min(y - bh / 2 for _, y, *_ in first)
    assert top >= 5


def test_large_tiles_keep_straight_rows_when_nesting_gains_nothing(tmp_path):
    """Daimyo-sized tiles (30 mm): 12 a sheet either way, so plain rows and straight cuts."""
    arts = {a.name: a for a in build_kit(tiles_game(tmp_path, 30.0, 12), Options(svg=False))}
    first = placed(pymupdf.open(stream=arts["hexes-hex-tiles-a4.pdf"].data, filetype="pdf")[0])
    assert len(first) == 12
    assert len({round(y, 1) for _, y, *_ in first}) == 4 and len({round(x, 1) for x, *_ in first}) == 3
