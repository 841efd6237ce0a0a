"""Components drawn small (the booklet's pictures of cards, boards, mats): text that would print
under the smallest legible size is replaced by a thin bar in its colour, so a miniature still reads
as a card with its title, number and art where those stay large enough, and nothing prints too small."""

from __future__ import annotations

from dataclasses import replace

from .shapes import PT, Group, Rect, Shape, Style, Text

BAR = 0.32   # a stand-in bar's height, as a fraction of the type size it replaces


def legible(shapes: tuple[Shape, ...] | list[Shape], scale: float, least: float) -> tuple[Shape, ...]:
    """`shapes` as drawn at `scale`: each line of text under `least` points once scaled (nested
    groups' scales included) becomes a bar of its width; everything else is kept as it is."""
    out: list[Shape] = []
    for s in shapes:
        if isinstance(s, Text) and s.size * scale < least - 1e-9:
            out.append(_bar(s))
        elif isinstance(s, Group):
            out.append(replace(s, shapes=legible(s.shapes, scale * s.scale, least)))
        else:
            out.append(s)
    return tuple(out)


def _bar(t: Text) -> Shape:
    h = t.size * PT * BAR
    x = {"start": t.x, "middle": t.x - t.width / 2, "end": t.x - t.width}[t.anchor]
    return Rect(x, t.y - t.size * PT * 0.5 - h / 2, t.width, h, Style(fill=t.fill), h / 2)


def smallest(shapes: tuple[Shape, ...] | list[Shape], scale: float = 1.0) -> float:
    """The smallest type size (points) among `shapes` drawn at `scale`; infinity without text."""
    least = float("inf")
    for s in shapes:
        if isinstance(s, Text):
            least = min(least, s.size * scale)
        elif isinstance(s, Group):
            least = min(least, smallest(s.shapes, scale * s.scale))
    return least
