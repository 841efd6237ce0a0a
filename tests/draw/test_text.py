"""Text is measured once and fitted into its box: never clipped, Japanese set in the Japanese font."""

import math

from pnp import fonts
from pnp.draw import text
from pnp.draw.shapes import PT


def test_long_text_wraps_and_shrinks_until_it_fits():
    words = "Pick a cell holding Bushi of yours and move one or more of them to an adjacent cell. " * 3
    lines = text.box(0, 0, 40, 20, words, "sans", 9, "left")
    assert lines[0].size < 9                      # shrunk
    assert all(t.width <= 40 + 1e-6 for t in lines)
    bottom = lines[-1].y + lines[-1].size * PT * 0.3
    assert bottom <= 20 + 0.5


def test_japanese_falls_back_to_the_japanese_font_and_keeps_latin_spaces():
    t = text.line(0, 0, "Bushi area · 武士", "sans-bold", 10)
    assert [(r.text, r.font) for r in t.runs] == [("Bushi area · ", "sans-bold"), ("武士", "jp")]
    assert text.wrap("Samegawa 鮫皮 · Green clan", "sans", 10, 500) == ["Samegawa 鮫皮 · Green clan"]


def test_japanese_breaks_between_characters():
    lines = text.wrap("田んぼ田んぼ田んぼ田んぼ", "jp", 20, 25)
    assert len(lines) > 1 and "".join(lines) == "田んぼ田んぼ田んぼ田んぼ"


def test_every_character_the_kits_print_exists_in_a_font():
    for ch in "大名武士伝書田んぼ藩鮫皮騎兵の巧·◀▶⚖Rōnin":
        assert fonts.covers("sans", ch) or fonts.covers("jp", ch), ch


def test_a_megabyte_of_text_is_refused_before_it_is_wrapped():
    """Fitting shrank the type step by step and wrapped the whole text at each size: a 1 MB title
    took 25 s to be refused and 9 MB ran past two minutes. A bound on what a box can hold at its
    smallest size refuses it before any wrapping, whatever its length."""
    import pytest

    from pnp.draw import text
    calls = []
    real = text.wrap
    text.wrap = lambda *a: calls.append(1) or real(*a)
    try:
        with pytest.raises(text.TextDoesNotFit):
            text.box(0, 0, 50, 10, "word " * 2_000_000, "sans", 12, strict=True)
    finally:
        text.wrap = real
    assert calls == []
    assert len(text.box(0, 0, 50, 30, "a short line that fits", "sans", 12, strict=True)) >= 1


def test_a_box_set_again_gives_the_same_lines_each_number_as_it_was_given():
    """`text.box` remembers the lines it set (the same card text in the same place on every card); a
    box given 0 or -0.0 where another was given 0.0 keeps its own numbers, which print differently."""
    from pnp.draw import text as tx

    first = tx.box(0.0, 10, 40, 20, "A few words to wrap over lines", "sans", 9)
    again = tx.box(0.0, 10, 40, 20, "A few words to wrap over lines", "sans", 9)
    assert again == first and again is not first and len(first) > 1
    again.append(None)          # the caller's own list: what the box remembers is untouched
    assert tx.box(0.0, 10, 40, 20, "A few words to wrap over lines", "sans", 9) == first
    as_int = tx.box(0, 10, 40, 20, "A few words to wrap over lines", "sans", 9)
    negative = tx.box(-0.0, 10, 40, 20, "A few words to wrap over lines", "sans", 9)
    assert [type(t.x) for t in as_int] == [int] * len(first)
    assert all(math.copysign(1.0, t.x) == -1.0 for t in negative)
    assert all(math.copysign(1.0, t.x) == 1.0 and type(t.x) is float for t in first)
