"""Text measured once, in mm, so the SVG and the PDF set it identically."""

from __future__ import annotations

import math
from functools import lru_cache

from .. import fonts
from ..errors import PnpError
from .shapes import PT, Run, Text

ANCHORS = {"left": "start", "center": "middle", "right": "end"}
MIN_PT = 6.0   # the smallest type pnp prints
NARROWEST_EM = 0.15   # no character pnp's fonts set is narrower (DejaVu's 'i' is 0.28 em, a space 0.32)


def capacity(w: float, h: float, size: float, leading: float = 1.22) -> int:
    """More characters than could ever fit a w x h mm box at `size` pt: a bound, checked before
    wrapping, so that a megabyte of text is refused at once instead of being wrapped at every size."""
    lines = int(h / (size * PT * leading)) + 1
    per_line = int(w / (NARROWEST_EM * size * PT)) + 1
    return 2 * lines * per_line + 64


class TextDoesNotFit(PnpError):
    """Text that stays too large for its box at the smallest size allowed."""

    def __init__(self, text: str, size: float):
        self.text, self.size = text, size
        super().__init__(f"{text[:40]!r} does not fit its box even at {size:g} pt")


class MissingGlyph(PnpError):
    """A character none of pnp's fonts can draw."""

    def __init__(self, char: str, text: str):
        self.char, self.text = char, text
        super().__init__(f"no font has the character {char!r} (U+{ord(char):04X}) in {text[:40]!r}")


def check_glyphs(s: str) -> None:
    """Raise MissingGlyph for the first character no font covers."""
    if s.isascii():
        return
    for ch in s:
        if not ch.isspace() and not any(fonts.covers(f, ch) for f in fonts.FILES):
            raise MissingGlyph(ch, s)


def line(x: float, y: float, s: str, font: str, size: float, fill: str = "#000000",
         anchor: str = "start") -> Text:
    runs, width = _set(s, font, size)
    return Text(x, y, runs, size, fill, anchor, width)


@lru_cache(maxsize=1 << 14)
def _set(s: str, font: str, size: float) -> tuple[tuple[Run, ...], float]:
    """A line's runs and width (mm), worked out once: a kit sets the same labels, numbers and headings
    many times over (every card, both sides, every sheet). A missing glyph raises, and is not kept."""
    check_glyphs(s)
    runs = tuple(Run(t, f) for t, f in fonts.split_runs(s, font))
    return runs, sum(fonts.advance(r.text, r.font, size) for r in runs) * PT


@lru_cache(maxsize=1 << 16)
def measure(s: str, font: str, size: float) -> float:
    """Width in mm; remembered, because wrapping measures the same words at the same sizes again and
    again (a booklet's paragraphs, an aid tried at every size). Bounded, so a huge deck cannot grow it."""
    return sum(fonts.advance(t, f, size) for t, f in fonts.split_runs(s, font)) * PT


def _tokens(s: str) -> list[str]:
    """Words, with each CJK character a word of its own so Japanese can break anywhere."""
    out: list[str] = []
    for word in s.split():
        buf = ""
        for ch in word:
            if ord(ch) >= 0x3000:
                if buf:
                    out.append(buf)
                    buf = ""
                out.append(ch)
            else:
                buf += ch
        if buf:
            out.append(buf)
    return out


def wrap(s: str, font: str, size: float, width: float) -> list[str]:
    lines: list[str] = []
    current = ""
    for tok in _tokens(s):
        # Japanese runs on without spaces; Latin words keep theirs, also next to Japanese.
        joiner = "" if (current and ord(tok[0]) >= 0x3000 and ord(current[-1]) >= 0x3000) else " "
        trial = f"{current}{joiner}{tok}" if current else tok
        if current and measure(trial, font, size) > width:
            lines.append(current)
            current = tok
        else:
            current = trial
    if current:
        lines.append(current)
    return lines


def box(x: float, y: float, w: float, h: float, s: str, font: str, size: float,
        align: str = "left", fill: str = "#000000", valign: str = "top",
        leading: float = 1.22, min_size: float = MIN_PT, strict: bool = False) -> list[Text]:
    """Wrap `s` into the box, shrinking the type until it fits (never below `min_size` pt).

    With `strict`, text that still does not fit at `min_size` raises TextDoesNotFit instead of
    running over the box."""
    return list(_box(x, math.copysign(1.0, x), y, w, h, s, font, size, align, fill, valign, leading, min_size, strict))


@lru_cache(maxsize=1 << 12, typed=True)
def _box(x: float, _x_sign: float, y: float, w: float, h: float, s: str, font: str, size: float, align: str,
         fill: str, valign: str, leading: float, min_size: float, strict: bool) -> tuple[Text, ...]:
    """`box`'s lines, set once for each box, text and style: a kit sets the same name and rules text in
    the same place on every card of a type, and a booklet's headings again as its pages are balanced.
    Every value the lines depend on is in the key, each number with its type (an int and a float that
    are equal still print alike only if kept apart) and `x`, which a line may take as it is, with its
    sign (0.0 and -0.0 are equal keys). The lines are frozen, so they are shared; a text that does not
    fit raises, and is not kept. Bounded."""
    size = max(size, min_size)
    if len(s) > capacity(w, h, min_size, leading):
        raise TextDoesNotFit(s, min_size)
    while True:
        lines = wrap(s, font, size, w)
        step = size * PT * leading
        widest = max((measure(ln, font, size) for ln in lines), default=0)
        fits = len(lines) * step <= h + 1e-6 and widest <= w + 1e-6
        if fits or size <= min_size:
            break
        size = max(min_size, size * 0.92)
    if strict and not fits:
        raise TextDoesNotFit(s, size)
    ascent = size * PT * 0.76
    total = (len(lines) - 1) * step + ascent
    top = {"top": y, "middle": y + (h - total) / 2, "bottom": y + h - total}[valign]
    ax = {"left": x, "center": x + w / 2, "right": x + w}[align]
    return tuple(line(ax, top + ascent + i * step, ln, font, size, fill, ANCHORS[align])
                 for i, ln in enumerate(lines))
