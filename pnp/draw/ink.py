"""Ink saver (`pnp build --ink-saver`): the same drawing with pale fills and outlines, for a home
printer. Every shape keeps its place and size, so cut lines, duplex registration and layouts stay
exactly as in the full-colour kit; only colours change.

- a strong fill becomes a pale tint of itself, outlined in the original colour;
- a pale fill is kept if it is no deeper than `DEEPEST` (cream card faces, paper), else lightened to
  that depth: a board's ground, its cells and a tinted card back are the largest areas of a kit, and a
  20-30 % tint over a whole A3 board or 13 sheets of backs is most of the kit's ink;
- light text, written to stand out on a strong fill that is now pale, turns near-black;
- lines, dark text and pictures are kept.

>>> from pnp.draw.shapes import Rect, Style
>>> [r] = save_ink([Rect(0, 0, 10, 10, Style(fill="#b22222"))])
>>> r.style.fill, r.style.stroke
('#f7e9e9', '#b22222')
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import replace

from ..model.colours import rgb
from .contrast import luminance, mix
from .shapes import Circle, Group, Path, Polygon, Rect, Shape, Text

PALE = 0.6          # relative luminance above which a fill is already light enough to keep
DEEPEST = 0.07      # the most ink a kept fill may ask of any one channel (1 - its lowest RGB level)
TINT = 0.9          # how far a strong fill moves towards white
OUTLINE = 0.3       # mm, the outline a pale fill gets so its shape still reads
DARK_TEXT = "#1a1a1a"

_saving: ContextVar[bool] = ContextVar("ink_saving", default=False)


@contextmanager
def ink_saving(on: bool) -> Iterator[None]:
    """Within the block, every page and SVG rendered (pnp.render) is drawn to save ink."""
    token = _saving.set(on)
    try:
        yield
    finally:
        _saving.reset(token)


def saving() -> bool:
    """Whether pages drawn now are drawn to save ink (inside `ink_saving(True)`)."""
    return _saving.get()


def for_print(shapes: Sequence[Shape]) -> Sequence[Shape]:
    """The shapes as the renderers should draw them: unchanged, or `save_ink` inside `ink_saving`."""
    return save_ink(shapes) if _saving.get() else shapes


def depth(colour: str) -> float:
    """How much ink a colour asks of its most used channel: 0 paper white, 1 full strength."""
    return 1 - min(rgb(colour))


def _shape(s: Shape) -> Shape:
    if isinstance(s, (Rect, Circle, Polygon, Path)) and s.style.fill and s.style.fill.startswith("#"):
        if luminance(s.style.fill) >= PALE:
            deep = depth(s.style.fill)
            if deep <= DEEPEST:
                return s
            return replace(s, style=replace(s.style, fill=mix(s.style.fill, 1.0, 1 - DEEPEST / deep)))
        style = replace(s.style, fill=mix(s.style.fill, 1.0, TINT), stroke=s.style.stroke or s.style.fill,
                        width=s.style.width if s.style.stroke else OUTLINE)
        return replace(s, style=style)
    if isinstance(s, Text) and s.fill.startswith("#") and luminance(s.fill) >= PALE:
        return replace(s, fill=DARK_TEXT)
    if isinstance(s, Group):
        return replace(s, shapes=tuple(_shape(c) for c in s.shapes))
    return s


def save_ink(shapes: Sequence[Shape]) -> list[Shape]:
    """The same shapes with pale fills, outlines and dark text (see the module's description)."""
    return [_shape(s) for s in shapes]
