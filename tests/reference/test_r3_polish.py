"""Review R3's layout and wording nits, read back from the printed booklets: Daimyo's Setup list and its
five kinds of card each stand whole on one page, the Master of Command arrow leaves the Bushi that stayed
behind, and Samurai Vassal's two Kuroda captions each say what their own picture shows."""

from __future__ import annotations

import math

import pytest

from pnp.draw.shapes import Circle, Group, Polygon, Shape
from pnp.model import load_game
from pnp.paths import cards_dir
from tests.conftest import open_pdf
from tests.reference.booklet_text import pdf

pytestmark = pytest.mark.slow


def page_texts(gid: str) -> list[str]:
    return [" ".join(p.get_text().split()) for p in open_pdf(pdf(gid, "en"))]


def items_under(source: str, heading: str) -> list[str]:
    """The list items of the booklet's text under `heading`, their bold lead-ins and markup dropped."""
    lines = source.split(f"# {heading}\n", 1)[1].split("\n# ", 1)[0].splitlines()
    return [ln[2:].replace("**", "").replace("'", "’") for ln in lines if ln.startswith("- ")]


@pytest.mark.parametrize("heading", ["Setup", "The five kinds of card"])
def test_a_daimyo_list_that_fits_a_page_is_not_split(heading):
    """R3 (Daimyo, R2 item 15): both five-item lists ran over a page break. Each item's first and last
    words are found on the page that holds the section's heading."""
    source = (cards_dir() / "daimyo" / "booklet" / "rules.en.md").read_text(encoding="utf-8")
    items = items_under(source, heading)
    assert len(items) >= 4
    texts = page_texts("daimyo")
    at = [n for n, t in enumerate(texts) if heading in t]
    assert at, heading
    page = texts[at[0]]
    for item in items:
        words = item.split()
        assert " ".join(words[:4]) in page and " ".join(words[-3:]) in page, (heading, item[:40])


def shapes_of(shapes: tuple[Shape, ...] | list[Shape], dx: float = 0.0, dy: float = 0.0):
    for s in shapes:
        if isinstance(s, Group):
            assert s.scale == 1.0 and not s.rotate
            yield from shapes_of(s.shapes, dx + s.dx, dy + s.dy)
        else:
            yield s, dx, dy


def test_the_master_of_command_arrow_leaves_the_bushi_that_stay():
    """R3 (Daimyo, R2 item 11): the arrow started at the rim of the 2 Bushi that stay on g3, so it read as
    if they went to g1 with the Daimyo. Its shaft now starts clear of every green piece in the cell it
    leaves, and still points into g1."""
    from pnp.games.daimyo import cardfigures

    game = load_game(cards_dir() / "daimyo")
    green = game.clans["green"].colour
    (figure,) = cardfigures.card_figures(game, "en", "mastery-command")
    drawn = list(shapes_of(figure.scene.shapes))
    shafts = [(s, dx, dy) for s, dx, dy in drawn
              if isinstance(s, Polygon) and not s.closed and s.style.stroke == green]
    assert len(shafts) == 1
    shaft, dx, dy = shafts[0]
    (x0, y0), (x1, y1) = [(x + dx, y + dy) for x, y in (shaft.points[0], shaft.points[-1])]
    discs = [(s.cx + ddx, s.cy + ddy, s.r) for s, ddx, ddy in drawn
             if isinstance(s, Circle) and s.style.fill == green and s.r > 2.0]     # pieces, not mon badges
    # the pieces: D and 1 on g1 (where the head points), 2 on g3 (the cell the shaft leaves)
    assert len(discs) == 3
    (stayed,) = [d for d in discs if math.dist((x0, y0), d[:2]) < math.dist((x1, y1), d[:2])]
    assert math.dist((x0, y0), stayed[:2]) > stayed[2]                      # clear of the 2 that stay


def test_the_two_kuroda_captions_say_each_what_its_picture_shows():
    """R3 (Samurai Vassal, R2 item 4): the captions side by side on one page repeated "switches off every
    other effect … but Strategising's". The Reject example says what Kuroda switches off; the Sasuke
    example says only that the copy is blocked, and no run of five words is shared between them."""
    texts = page_texts("samurai-vassal")
    page = next(t for t in texts if "Kuroda Kanbei against Reject." in t and "Kuroda Kanbei blocks Sasuke." in t)
    reject = page.split("Kuroda Kanbei against Reject.", 1)[1].split("Trust:", 1)[0]
    sasuke = page.split("Kuroda Kanbei blocks Sasuke.", 1)[1].split("trust changes", 1)[0]
    assert "switches off every other effect of the round but Strategising’s" in reject
    assert "which blocks Sasuke’s copy of Invasion: Red’s Sasuke has no level and loses." in sasuke
    assert "switches off" not in sasuke
    a, b = reject.split(), sasuke.split()
    shared = {tuple(a[i:i + 5]) for i in range(len(a) - 4)} & {tuple(b[i:i + 5]) for i in range(len(b) - 4)}
    assert not shared, shared


def test_a_components_thumbnail_prints_the_effect_text_its_box_holds_at_the_least_size():
    """R3 (Samurai Vassal p. 2, Daimyni p. 2): the card pictures showed grey bars for their effect text. Date
    Masamune's effect (three lines at 6.4 pt in its box at the picture's size) now prints as text; Cherry
    Blossom Party's needs four lines, which its box at that size cannot hold, and Daimyni's Move Bushi
    eleven: those stay bars, as a miniature draws text under 6.4 pt (`draw.miniature.legible`)."""
    from pnp.draw.card import card_face
    from pnp.draw.shapes import Text
    from pnp.reference.components import card_rows
    from pnp.reference.flow import LEAST_PT, Frame

    page = page_texts("samurai-vassal")[1]
    assert page.startswith("Components")
    assert "If you win: each player who loses this round loses 2 trust." in page
    assert "Reject: every level-5 card" not in page
    assert "Pick a cell holding Bushi" not in page_texts("daimyni")[1]
    frame = Frame()
    for gid, kind, fits in (("samurai-vassal", "character", True), ("samurai-vassal", "proposal", False),
                            ("daimyni", "basic", False)):
        game = load_game(cards_dir() / gid)
        rows = card_rows(game, "en", frame.width - frame.inner - frame.outer, 3.0, LEAST_PT)
        card = rows.kinds[kind][0]
        least = rows.name_pt(game, card, LEAST_PT)
        effect = set(card.type.text["en"].split())
        said = [(t, "".join(r.text for r in t.runs)) for t, _, _ in shapes_of(card_face(game, card, "en",
                                                                                       text_pt=least).shapes)
                if isinstance(t, Text)]
        words = [t for t, line in said if line.strip() and set(line.split()) <= effect]
        assert words, (gid, kind)
        # printed: the layout's size, far under `least`; raised: every line of it at `least`
        assert all(abs(t.size - least) < 1e-6 for t in words) is fits, (gid, kind, {t.size for t in words})
