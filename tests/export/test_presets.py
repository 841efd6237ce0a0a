"""The shops' presets and the --dpi/--bleed arguments. The pixel sizes are the shops' published
ones, written out here rather than computed by the formula they check."""

import pytest

from pnp.errors import UsageError
from pnp.export.presets import TARGETS, parse_bleed, parse_dpi, pixels, product_for, spec, target

POKER_MM = (63.5, 88.9)


def test_each_shop_preset_gives_its_published_poker_size():
    # MakePlayingCards: 822 x 1122 px at 300 dpi; The Game Crafter and DriveThruCards: 825 x 1125 px.
    published = {"mpc": (822, 1122), "tgc": (825, 1125), "dtc": (825, 1125)}
    for key, size in published.items():
        chosen = spec(TARGETS[key], None, None)
        assert pixels(POKER_MM, chosen.bleed_mm, 300) == size, key
        assert product_for(TARGETS[key], POKER_MM, "deck").pixels == size


def test_the_layout_bleed_of_3_mm_is_not_a_shop_size():
    # The arithmetic: a poker card with pnp's 3 mm bleed is 820.9 x 1120.9 px at 300 dpi.
    assert pixels(POKER_MM, 3.0, 300) == (821, 1121)


@pytest.mark.parametrize("text, mm", [("1/8in", 3.175), ("0.125in", 3.175), ("3mm", 3.0), (" 3 mm", 3.0),
                                      ("36px", 3.048), ("9pt", 3.175), ("0mm", 0.0), ("1 1/2mm", 1.5)])
def test_bleed_units(text, mm):
    assert parse_bleed(text, 300) == pytest.approx(mm)


@pytest.mark.parametrize("text, words", [("3", "expected a length with its unit"), ("-1mm", "expected a length"),
                                         ("1/0in", "cannot divide by zero"), ("25mm", "at most 20 mm"),
                                         ("3cm", "expected a length"), ("", "expected a length")])
def test_bad_bleed_is_a_usage_error(text, words):
    with pytest.raises(UsageError, match=words):
        parse_bleed(text, 300)


def test_pixels_of_bleed_need_a_resolution():
    with pytest.raises(UsageError, match="pixels need a resolution"):
        spec(TARGETS["pdf-cards"], None, "36px")


@pytest.mark.parametrize("text", ["abc", "0", "49", "1201", "300.5"])
def test_bad_dpi(text):
    with pytest.raises(UsageError, match="--dpi"):
        parse_dpi(text)


def test_dpi_and_bleed_override_a_preset():
    chosen = spec(TARGETS["mpc"], "600", "3mm")
    assert (chosen.dpi, chosen.bleed_mm) == (600, 3.0)
    assert pixels(POKER_MM, chosen.bleed_mm, chosen.dpi) == (1642, 2242)   # 69.5 x 94.9 mm at 600 dpi: 1641.7 x 2241.7


def test_unknown_target_names_the_targets():
    with pytest.raises(UsageError, match="expected one of mpc, tgc, dtc, png, pdf-cards, tts"):
        target("mcp")


def test_a_size_the_shop_does_not_print_is_refused():
    with pytest.raises(UsageError, match="41 x 63 mm, not a card size pnp knows MakePlayingCards prints"):
        product_for(TARGETS["mpc"], (41.0, 63.0), "deck 'x' (Mini)")
    assert product_for(TARGETS["png"], (41.0, 63.0), "deck") is None
