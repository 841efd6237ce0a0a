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
    """Counters have no fold sheet: with --duplex fold they are glued like --duplex none."""
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
    glued = duplex in (Duplex.none, Duplex.fold)
    assert ("glue it behind" if glued else "flip on the") in front.get_text()


def test_backs_for_gluing_come_after_all_fronts_and_svgs_have_both_sides(folder):
    arts = {a.name: a for a in build_kit(load_game(folder), Options(duplex=Duplex.none))}
    doc = pymupdf.open(stream=arts["soldiers-pieces-a4.pdf"].data)
    assert "Wounded" in doc[-1].get_text() and "Wounded" not in doc[0].get_text()
    assert "svg/pieces/soldier-north-back.svg" in arts and "svg/pieces/flag-neutral-back.svg" not in arts


# -- counters on the last card sheet -----------------------------------------------------------


@pytest.fixture
def dealt(tmp_path):
    """The proof game High Roll (12 mini cards, one sheet with rows to spare) with the soldiers'
    counters: 3 per clan of its four (Ben's are blue, #1f4e9c), one flag."""
    import shutil
    from pathlib import Path

    folder = tmp_path / "high-roll"
    shutil.copytree(Path(__file__).parents[1] / "fixtures" / "high-roll", folder)
    (folder / "pieces.toml").write_text(PIECES)
    return folder


COUNTER_COLOURS = ("#b8262f", "#1f4e9c", "#2e7d32", "#8a5a00", "#202020", "#7a1f1f")   # clans, flag, back


def discs_and_the_rest(page):
    """The counters' bleed discs (filled in a counter's colour, over 10 mm across) and the rectangles
    of every other drawing that is not inside one of them (cards, crop marks)."""
    drawings = page.get_drawings()
    rgbs = [tuple(int(c[i:i + 2], 16) / 255 for i in (1, 3, 5)) for c in COUNTER_COLOURS]
    discs = [d["rect"] for d in drawings if d.get("fill") and abs(d["rect"].width - d["rect"].height) < 0.1
             and d["rect"].width > 10 * MM and any(all(abs(a - b) < 0.01 for a, b in zip(d["fill"], rgb))
                                                   for rgb in rgbs)]
    rest = [d["rect"] for d in drawings if not any(disc.contains(d["rect"]) for disc in discs)]
    return discs, rest


@pytest.mark.parametrize("duplex", [d for d in Duplex if d is not Duplex.fold])   # a fold sheet has no band
def test_a_whole_kit_nests_the_counters_below_the_last_sheets_cards(dealt, duplex):
    """With cards and pieces built together, counters that fit in the band the last card sheet leaves
    below its cards go there (no sheet of their own for a few counters): clear of every card and crop
    mark and 5 mm inside the sheet, each back behind its front, blank behind a one-sided counter."""
    arts = {a.name: a for a in build_kit(load_game(dealt), Options(duplex=duplex, only=("cards", "pieces")))}
    assert not any("pieces" in name and name.endswith(".pdf") for name in arts)
    assert "svg/pieces/soldier-ben-back.svg" in arts
    suffix = {"long": "", "short": "-short-edge", "none": "-glue"}[duplex.value]
    doc = pymupdf.open(stream=arts[f"high-roll-cards-a4{suffix}.pdf"].data)
    assert doc.page_count == 2
    front, back = doc[0], doc[1]
    w, h = front.rect.width / MM, front.rect.height / MM
    for page, count in ((front, 13), (back, 12)):
        found, rest = discs_and_the_rest(page)
        assert len(found) == count
        for disc in found:
            assert disc.x0 >= 5 * MM - 0.1 and disc.x1 <= page.rect.width - 5 * MM + 0.1
            assert disc.y0 >= 5 * MM - 0.1 and disc.y1 <= page.rect.height - 5 * MM + 0.1
            assert not any(disc.intersects(r) for r in rest if not r.is_empty), disc
            assert not any(disc.intersects(pymupdf.Rect(wd[:4])) for wd in page.get_text("words")
                           if wd[4] not in ("Soldier", "Flag", "Wounded"))
    fronts = sorted(xy for colour in ("#b8262f", "#1f4e9c", "#2e7d32", "#8a5a00") for xy in discs(front, colour))
    backs = discs(back, "#7a1f1f")
    assert len(fronts) == len(backs) == 12
    if duplex is not Duplex.short:
        expected = sorted((round(w - x, 1), y) for x, y in fronts)
    else:
        expected = sorted((x, round(h - y, 1)) for x, y in fronts)
    assert all(abs(a[0] - b[0]) < 0.3 and abs(a[1] - b[1]) < 0.3 for a, b in zip(expected, backs)), (expected, backs)
    assert "Flag" in front.get_text() and "Flag" not in back.get_text()


def test_counters_that_do_not_fit_below_the_cards_keep_their_own_sheet(dealt):
    (dealt / "pieces.toml").write_text(PIECES.replace("per_clan = 3", "per_clan = 90"))
    arts = {a.name: a for a in build_kit(load_game(dealt), Options(only=("cards", "pieces"), svg=False))}
    assert "high-roll-pieces-a4.pdf" in arts
    assert "Soldier" not in pymupdf.open(stream=arts["high-roll-cards-a4.pdf"].data)[0].get_text()


def test_only_cards_leaves_the_counters_out_and_only_pieces_gives_them_alone(dealt):
    game = load_game(dealt)
    cards = {a.name: a for a in build_kit(game, Options(only=("cards",), svg=False))}
    assert "Soldier" not in pymupdf.open(stream=cards["high-roll-cards-a4.pdf"].data)[0].get_text()
    alone = {a.name: a for a in build_kit(game, Options(only=("pieces",), svg=False))}
    assert "Soldier" in pymupdf.open(stream=alone["high-roll-pieces-a4.pdf"].data)[0].get_text()
