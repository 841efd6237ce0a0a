"""Counters, one- and two-sided: a two-sided counter's back lands behind its front."""

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.press.cards import Duplex

MM = 72 / 25.4

GAME = """id = "soldiers"
title = "Soldiers"
players = { min = 2, max = 2 }
languages = ["en"]

[[clans]]
id = "north"
name = { en = "North" }
colour = "#1f4e9c"
"""

PIECES = """[[pieces]]
id = "soldier"
name = { en = "Soldier" }
per_clan = 3
diameter = 20.0
back = { name = { en = "Wounded" }, colour = "#7a1f1f" }

[[pieces]]
id = "flag"
name = { en = "Flag" }
count = 1
colour = "#202020"
diameter = 16.0
"""


@pytest.fixture
def folder(tmp_path):
    (tmp_path / "game.toml").write_text(GAME)
    (tmp_path / "pieces.toml").write_text(PIECES)
    return tmp_path


def discs(page, colour):
    """Centres (mm from the top-left) of the discs filled with `colour` (#rrggbb)."""
    rgb = tuple(int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5))
    out = []
    for d in page.get_drawings():
        if d.get("fill") and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], rgb)):
            r = d["rect"]
            out.append((round((r.x0 + r.x1) / 2 / MM, 1), round((r.y0 + r.y1) / 2 / MM, 1)))
    return sorted(out)


@pytest.mark.parametrize("duplex", list(Duplex))
def test_each_back_sits_behind_its_front(folder, duplex):
    arts = {a.name: a for a in build_kit(load_game(folder), Options(duplex=duplex))}
    doc = pymupdf.open(stream=arts["soldiers-pieces-a4.pdf"].data)
    assert doc.page_count == 2
    front, back = doc[0], doc[1]
    w, h = front.rect.width / MM, front.rect.height / MM
    fronts, backs = discs(front, "#1f4e9c"), discs(back, "#7a1f1f")
    assert len(fronts) == len(backs) == 3
    if duplex is not Duplex.short:   # flipping on the long edge (or turning a sheet over to glue it) mirrors left
        expected = sorted((round(w - x, 1), y) for x, y in fronts)
    else:                       # on the short edge, top and bottom
        expected = sorted((x, round(h - y, 1)) for x, y in fronts)
    assert all(abs(a[0] - b[0]) < 0.3 and abs(a[1] - b[1]) < 0.3 for a, b in zip(expected, backs)), (expected, backs)
    assert "Flag" not in back.get_text()           # a one-sided counter has a blank back
    assert "counter backs 1/1" in back.get_text()
    assert ("flip on the" if duplex is not Duplex.none else "glue it behind") in front.get_text()


def test_backs_for_gluing_come_after_all_fronts_and_svgs_have_both_sides(folder):
    arts = {a.name: a for a in build_kit(load_game(folder), Options(duplex=Duplex.none))}
    doc = pymupdf.open(stream=arts["soldiers-pieces-a4.pdf"].data)
    assert "Wounded" in doc[-1].get_text() and "Wounded" not in doc[0].get_text()
    assert "svg/pieces/soldier-north-back.svg" in arts and "svg/pieces/flag-neutral-back.svg" not in arts
