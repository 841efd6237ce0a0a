"""The Daimyo kit read back: cards, Han tiles, Samegawa boards, counters."""

from collections import Counter

import pytest

from pnp.build import Options, build_kit
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import MM, open_pdf


@pytest.fixture(scope="module")
def kit():
    game = load_game(cards_dir() / "daimyo")
    return {a.name: a for a in build_kit(game, Options())}


def test_cards_sheets(kit):
    doc = open_pdf(kit["daimyo-cards-a4.pdf"].data)
    assert doc.page_count == 14  # 48 cards and 4 player aids, 8 a sheet, each fronts page followed by its backs
    text = " ".join(p.get_text() for p in doc)
    for label in ("A1", "A12", "B8", "E4", "F8", "M8"):
        assert f"#{label}" in text
    assert "Master of Cavalry" in text and "騎兵の巧" in text


def test_han_tiles_are_cut_out_hexes(kit):
    doc = open_pdf(kit["daimyo-han-tiles-a4.pdf"].data)
    stone = (0xb9 / 255, 0xb1 / 255, 0xa0 / 255)      # the castle's stone base, drawn on every tile
    bases = [d for p in doc for d in p.get_drawings() if d.get("fill")
             and all(abs(a - b) < 0.01 for a, b in zip(d["fill"], stone, strict=True))]
    assert len(bases) == 24
    words = Counter(w[4] for p in doc for w in p.get_text("words") if w[3] < p.rect.height - 12 * MM)  # not the footer
    assert words["Han"] == 12 and words["Green"] == 3 and words["Blue"] == 3
    cuts = 0
    for page in doc:
        for d in page.get_drawings():
            if d.get("color") == (0.0, 0.0, 0.0) and d.get("width") and abs(d["width"] - 0.25 * MM) < 0.05:
                r = d["rect"]
                assert r.x0 >= 5 * MM and r.x1 <= page.rect.width - 5 * MM
                cuts += 1
    assert cuts == 24


def test_four_samegawa_boards(kit):
    doc = open_pdf(kit["daimyo-samegawa-a4.pdf"].data)
    assert doc.page_count == 4
    for page, clan in zip(doc, ("Green", "Red", "Yellow", "Blue")):
        assert f"{clan} clan" in page.get_text() and "Card reserve" in page.get_text()
        assert page.rect.width > page.rect.height


def test_counters():
    game = load_game(cards_dir() / "daimyo")
    arts = {a.name: a for a in build_kit(game, Options(only=("pieces",), svg=False))}
    doc = open_pdf(arts["daimyo-pieces-a4.pdf"].data)
    words = Counter(w[4] for p in doc for w in p.get_text("words") if w[3] < p.rect.height - 12 * MM)
    assert words["Bushi"] == 48 and words["Daimyo"] == 4 and words["Rōnin"] == 3


@pytest.mark.slow
def test_letter_paper_builds_the_whole_kit():
    game = load_game(cards_dir() / "daimyo")
    kit = {a.name: a for a in build_kit(game, Options(paper="letter"))}
    for name in ("daimyo-cards-letter.pdf", "daimyo-han-tiles-letter.pdf", "daimyo-samegawa-letter.pdf"):
        page = open_pdf(kit[name].data)[0]
        assert {round(page.rect.width / MM, 1), round(page.rect.height / MM, 1)} == {215.9, 279.4}
    # 8 cards a Letter sheet, as on A4: the last sheet's 4 aids leave room below for the counters, which
    # then need no sheet of their own (KITS.md Daimyo D1: 9 card sheets and a pieces sheet before)
    assert "daimyo-pieces-letter.pdf" not in kit
    cards = open_pdf(kit["daimyo-cards-letter.pdf"].data)
    assert len(cards) == 2 * 7 and cards[-2].get_text().split().count("Bushi") >= 48   # the 48 Bushi counters


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_every_daimyo_card_gets_its_own_decks_back_in_every_duplex_mode(duplex):
    """Issue 10, defect 5: Daimyo mixes basic, special and mastery cards on a sheet (F1, F8, M2...);
    every front's slot has the right deck's back behind it, gluing included."""
    import pymupdf

    from pnp.press.cards import Duplex
    from pnp.press.grid import card_grid

    game = load_game(cards_dir() / "daimyo")
    arts = build_kit(game, Options(only=("cards",), duplex=Duplex(duplex)))
    pdf = next(a for a in arts if a.name.endswith(".pdf"))
    doc = open_pdf(pdf.data)
    grid = card_grid(210.0, 297.0, 5.0, 63.5, 88.9, 3.0)
    sheets = doc.page_count // 2
    W, H = 210.0 * MM, 297.0 * MM
    slots = [(s.x * MM, s.y * MM, (s.x + grid.slot_w) * MM, (s.y + grid.slot_h) * MM)
             for s in (grid.slot(r, c) for r in range(grid.rows) for c in range(grid.cols))]
    expect = {f"#{c.label}": game.back(c).title["en"] for c in game.cards}
    checked = 0
    for sheet in range(sheets):
        f, b = (sheet, sheets + sheet) if duplex == "none" else (2 * sheet, 2 * sheet + 1)
        back_text = doc[b]
        for x0, y0, x1, y1, word, *_ in doc[f].get_text("words"):
            if word not in expect:
                continue
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            sx0, sy0, sx1, sy1 = next(r for r in slots if r[0] < cx < r[2] and r[1] < cy < r[3])
            behind = (sx0, H - sy1, sx1, H - sy0) if duplex == "short" else (W - sx1, sy0, W - sx0, sy1)
            words = back_text.get_text("text", clip=pymupdf.Rect(*behind))
            assert expect[word] in " ".join(words.split()), (word, words)
            checked += 1
    assert checked == len(game.cards)


@pytest.mark.slow
def test_a_mat_too_wide_for_its_crop_marks_is_refused_with_the_size_that_fits(tmp_path):
    """Issue 10, defect 1: a 262 mm Samegawa fitted Letter's margins with its bleed but left its crop
    marks 0.6 mm long, inside the 5 mm band; a board or mat now needs room for marks 3 mm long."""
    import shutil

    from tests.conftest import run_pnp

    folder = tmp_path / "daimyo-wide"
    shutil.copytree(cards_dir() / "daimyo", folder)
    path = folder / "mats.toml"
    path.write_text(path.read_text(encoding="utf-8").replace("size = [254.0, 180.0]", "size = [262.0, 180.0]"),
                    encoding="utf-8")
    res = run_pnp("build", folder, "--only", "mats", "--paper", "letter", "--out", tmp_path / "kit")
    assert res.returncode == 2, res.stderr
    assert "mats.toml: size: a 262 x 180 mm board does not fit on Letter" in res.stderr
    assert "at most 254.8 x 191.3 mm" in res.stderr and "Traceback" not in res.stderr
    assert run_pnp("build", folder, "--only", "mats", "--out", tmp_path / "a4").returncode == 0   # A4 has room
