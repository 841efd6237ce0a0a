"""The table drawing is generic: any game's card scenes in rows, dice faces in a tray."""

import pytest

from pnp.draw.shapes import Circle, Group, Rect, Scene, Style
from pnp.draw.table import MARK, PIPS, Die, Seat, die_face, placed, table_scene
from pnp.render.pdf import Page, render_pdf
from pnp.render.svg import render_svg


def card(name: str = "card", w: float = 63.5, h: float = 88.9) -> Scene:
    return Scene(name, w, h, 3.0, [Rect(-3, -3, w + 6, h + 6, Style(fill="#5b3f8c")),
                                    Rect(2, 2, w - 4, h - 4, Style(fill="#ffffff"))])


def groups(scene: Scene) -> list[Group]:
    return [s for s in scene.shapes if isinstance(s, Group)]


@pytest.mark.parametrize("value", range(1, 7))
def test_a_six_sided_die_shows_its_pips(value):
    shapes = die_face(value, 10, 20, 12)
    pips = [s for s in shapes if isinstance(s, Circle)]
    assert len(pips) == value == len(PIPS[value])
    assert all(10 < p.cx < 22 and 20 < p.cy < 32 for p in pips)


def test_a_die_of_more_sides_shows_the_number():
    shapes = die_face(17, 0, 0, 10, sides=20)
    assert not [s for s in shapes if isinstance(s, Circle)]
    assert "17" in "".join(getattr(s, "string", "") for s in shapes)


def test_a_card_is_scaled_and_clipped_to_its_trim():
    g = placed(card(), 5, 7, 16.0)
    assert (g.dx, g.dy) == (5, 7)
    assert g.scale == pytest.approx(16.0 / 63.5)
    assert g.clip == (0.0, 0.0, 63.5, 88.9)          # the bleed never shows on the table


def test_one_row_per_seat_cards_at_the_same_size_and_the_winner_ringed():
    rows = [Seat("Ann", "#b8262f", (card("a"),), (card("b"), card("b")), highlight=(0,), note="4"),
            Seat("Ben", "#1f4e9c", (card("c"),), (card("b"),)),
            Seat("Cho", "#2e7d32", (card("d"),), ())]
    scene = table_scene(rows, (Die(4, highlight=True),), name="round-1", card_width=16)
    laid = [g for g in groups(scene) if g.scale == pytest.approx(16 / 63.5)]
    held = [g for g in groups(scene) if g.scale == pytest.approx(16 * 0.55 / 63.5)]
    assert len(laid) == 3 and len(held) == 3
    assert len({round(g.dx, 3) for g in laid}) == 1              # one column of laid cards
    assert sorted(g.dy for g in laid) == [g.dy for g in laid]     # rows top to bottom, in seat order
    rings = [s for s in scene.shapes if isinstance(s, Rect) and s.style.stroke == MARK]
    assert len(rings) == 2                                        # the winning card and the die
    texts = " ".join(getattr(s, "string", "") for s in scene.shapes)
    assert all(word in texts for word in ("Ann", "Ben", "Cho", "4"))
    assert all(0 <= g.dx and g.dx + 16 <= scene.width for g in laid)


def test_reserved_columns_keep_every_round_the_same_size():
    small = table_scene([Seat("A", cards=(card(),))], columns=3, hand_columns=2)
    big = table_scene([Seat("A", cards=(card(),) * 3, hand=(card(),) * 2)])
    assert (small.width, small.height) == (big.width, big.height)


def test_without_dice_there_is_no_tray_and_an_empty_table_is_refused():
    with_dice = table_scene([Seat("A", cards=(card(),))], (Die(1),))
    without = table_scene([Seat("A", cards=(card(),))])
    assert without.width < with_dice.width
    with pytest.raises(ValueError):
        table_scene([])


def test_the_table_renders_to_svg_and_pdf():
    scene = table_scene([Seat("Ann", cards=(card(),), hand=(card(),))], (Die(6), Die(2)))
    assert render_svg(scene).startswith(b"<svg") and b"<circle" in render_svg(scene)
    assert render_pdf([Page(scene.width, scene.height, scene.shapes)], "table").startswith(b"%PDF")
