import math
from collections import Counter

import pymupdf
import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from tests.conftest import MM, open_pdf


def test_every_piece_has_a_cut_circle_on_the_last_card_sheet(kit):
    """Daimyni's 22 counters ride on the last card sheet of a whole kit (its third sheet holds two
    cards and two player aids), each with its name and figure inside a cut circle 5 mm or more
    inside the sheet."""
    assert "daimyni-pieces-a4.pdf" not in kit
    doc = open_pdf(kit["daimyni-cards-a4.pdf"].data)
    page = doc[-2]                                  # the last fronts sheet
    cuts = []
    for d in page.get_drawings():
        if d.get("color") == (0.0, 0.0, 0.0) and d.get("width") and abs(d["width"] - 0.25 * MM) < 0.05:
            r = d["rect"]
            if abs(r.width - r.height) < 0.1:
                cuts.append(r)
                assert r.x0 >= 5 * MM and r.x1 <= page.rect.width - 5 * MM
                assert r.y0 >= 5 * MM and r.y1 <= page.rect.height - 5 * MM
    assert len(cuts) == 22
    inside = Counter(w[4] for w in page.get_text("words") if any(c.contains(pymupdf.Rect(w[:4])) for c in cuts))
    assert inside["Bushi"] == 18 and inside["Daimyo"] == 2 and inside["Tanbo"] == 2
    # each counter shows its figure (the piece's art: a dozen vector paths or more) inside its cut line
    shapes = [d["rect"] for d in page.get_drawings() if d["rect"].width < 12 * MM]
    for c in cuts:
        assert sum(1 for r in shapes if c.contains(r)) >= 12, c
    note = page.search_for("counters: cut along the black circles")
    assert len(note) == 1 and all(note[0].y0 > c.y1 for c in cuts)       # how to cut them, under them
    assert note[0].y1 < page.rect.height - 5 * MM


# -- nesting, centring, paper ------------------------------------------------------------------


GAME = """id = "swarm"
title = "Swarm"
players = { min = 2, max = 2 }
languages = ["en"]

[[clans]]
id = "north"
name = { en = "North" }
colour = "#1f4e9c"
"""


def swarm(tmp_path, count, diameter=20.0, extra=""):
    (tmp_path / "game.toml").write_text(GAME)
    (tmp_path / "pieces.toml").write_text(f"""[[pieces]]
id = "ant"
name = {{ en = "Ant" }}
count = {count}
colour = "#2f6b2f"
diameter = {diameter}
{extra}""")
    return load_game(tmp_path)


def counters(page):
    """(cx, cy, cut radius, colour radius) in mm of every counter on a sheet, read from its drawings:
    the black cut circle and the coloured disc around it."""
    cuts = [d["rect"] for d in page.get_drawings() if d.get("color") == (0.0, 0.0, 0.0) and not d.get("fill")
            and abs(d["rect"].width - d["rect"].height) < 0.1]
    fills = [d["rect"] for d in page.get_drawings() if d.get("fill") and abs(d["rect"].width - d["rect"].height) < 0.1
             and d["rect"].width > 10 * MM]
    out = []
    for c in cuts:
        f = next(f for f in fills if f.contains(c) and abs(f.x0 + f.x1 - c.x0 - c.x1) < 0.1)
        out.append(((c.x0 + c.x1) / 2 / MM, (c.y0 + c.y1) / 2 / MM, c.width / 2 / MM, f.width / 2 / MM))
    return out


def square_grid(width, height, pitch):
    return int((width + 1e-9) // pitch) * int((height + 1e-9) // pitch)


@pytest.mark.parametrize("paper,size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_counters_nest_densely_and_the_block_is_centred_on_the_sheet(tmp_path, paper, size):
    """A sheet holds more counters than a square grid would (rows shifted by half a counter, nested
    into the row above), no counter's colour reaches another's cut circle, all stay 5 mm inside the
    sheet and the block is centred between the margins (above the sheet note)."""
    arts = {a.name: a for a in build_kit(swarm(tmp_path, 120), Options(paper=paper, svg=False))}
    doc = open_pdf(arts[f"swarm-pieces-{paper}.pdf"].data)
    w, h = size
    first = counters(doc[0])
    assert sum(len(counters(p)) for p in doc) == 120
    pitch = 2 * first[0][3] + 1.0           # a counter with its bleed, and paper for the scissors
    assert len(first) > square_grid(w - 10, h - 10 - 8, pitch)
    for i, (x, y, _, bleed) in enumerate(first):
        assert 5 - 0.05 <= x - bleed and x + bleed <= w - 5 + 0.05 and 5 - 0.05 <= y - bleed <= h - 5
        for x2, y2, r2, _ in first[i + 1:]:
            assert math.hypot(x - x2, y - y2) >= bleed + r2 + 1.5 - 0.05      # colour stops short of the next cut
    left = min(x - b for x, _, _, b in first)
    right = max(x + b for x, _, _, b in first)
    assert abs(left - (w - right)) < 0.2, (left, w - right)
    rows = sorted({round(y, 1) for _, y, _, _ in first})
    assert rows[1] - rows[0] < pitch * 0.9            # nested: the second row sits in the first one's gaps


def test_few_counters_sit_in_the_middle_of_the_sheet(tmp_path):
    arts = {a.name: a for a in build_kit(swarm(tmp_path, 5, 30.0), Options(svg=False))}
    page = open_pdf(arts["swarm-pieces-a4.pdf"].data)[0]
    found = counters(page)
    top = min(y - b for _, y, _, b in found)
    bottom = max(y + b for _, y, _, b in found)
    assert abs(top - 5 - (297 - 5 - 8 - bottom)) < 0.2, (top, bottom)



@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_nested_two_sided_counters_keep_each_back_behind_its_front_on_letter(tmp_path, duplex):
    """A full Letter sheet of two-sided counters (nested rows, the block centred): every back disc
    lies where its front is once the sheet is turned over (mirrored left-right for long-edge flipping
    and gluing, top-bottom for short-edge)."""
    from pnp.press.cards import Duplex

    game = swarm(tmp_path, 60, 20.0, 'back = { name = { en = "Dead" }, colour = "#7a1f1f" }\n')
    arts = {a.name: a for a in build_kit(game, Options(paper="letter", duplex=Duplex(duplex), svg=False))}
    doc = open_pdf(arts["swarm-pieces-letter.pdf"].data)
    assert doc.page_count == 2
    front, back = doc[0], doc[1]
    w, h = front.rect.width / MM, front.rect.height / MM

    def centres(page, rgb):
        rects = [d["rect"] for d in page.get_drawings()
                 if d.get("fill") and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], rgb))
                 and d["rect"].width > 15 * MM]
        return sorted((round((r.x0 + r.x1) / 2 / MM, 1), round((r.y0 + r.y1) / 2 / MM, 1)) for r in rects)

    fronts = centres(front, (0x2f / 255, 0x6b / 255, 0x2f / 255))
    backs = centres(back, (0x7a / 255, 0x1f / 255, 0x1f / 255))
    assert len(fronts) == len(backs) == 60
    turned = sorted((x, round(h - y, 1)) if duplex == "short" else (round(w - x, 1), y) for x, y in fronts)
    assert all(abs(a[0] - b[0]) < 0.2 and abs(a[1] - b[1]) < 0.2 for a, b in zip(turned, backs))
