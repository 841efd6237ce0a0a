"""A row of numbered places (fields, stalls, lanes) with what stands at them: cards as small tiles
with a short name or glyph above the row, dice in their owner's colour below it, a note under each
die (what it earned) and the places shaded by what they give this time. Input is plain data, so any
dice-placement game can feed it; a die that moved leaves a dashed ghost and an arrow. Compact by
design: it stays readable in half a booklet column.

>>> places = [Place(n) for n in range(1, 7)]
>>> places[3] = Place(4, tag="best", fill="#f7e08a")
>>> scene = field_row(places, above={4: [Chip("B", "#444444")]},
...                   below={4: [Chip(colour="#b8262f", die=4, note="+3")],
...                          2: [Chip(colour="#1f4e9c", die=2, ghost=True)]},
...                   arrows=[(2, 4, "#1f4e9c")])
>>> round(scene.width), round(scene.height)
(82, 43)
>>> sorted({t.string for t in scene.shapes if hasattr(t, "runs")} - {str(n) for n in range(1, 7)})
['+3', 'B', 'best']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from . import text
from .contrast import readable
from .shapes import PT, Circle, Line, Polygon, Rect, Scene, Shape, Style
from .table import die_face

INK = "#231f1a"
FELT = "#eef1ea"
EDGE = "#c9cfc2"
PLACE = "#ffffff"


@dataclass(frozen=True)
class Place:
    """A numbered place; `tag` is a short word under it (active, adjacent...), `fill` its shade."""

    number: int
    tag: str = ""
    fill: str = PLACE


@dataclass(frozen=True)
class Chip:
    """Something standing at a place: with a `label`, a tile of the `colour` with the label on it (a
    card, by its short name or glyph); without, the die it sits on, pips in the `colour`. `note` is
    printed under it (+3), `ghost` draws it dashed: where it stood before it moved. `mark` (a tile's
    only) is its holder's sign, printed under the label, so the holder is not told by colour alone."""

    label: str = ""
    colour: str = INK
    die: int | None = None
    note: str = ""
    ghost: bool = False
    mark: str = ""


def _chip(chip: Chip, x: float, y: float, size: float) -> list[Shape]:
    dash = (0.9, 0.7) if chip.ghost else ()
    if chip.label:
        fill = "#ffffff" if chip.ghost else chip.colour
        ink = readable(chip.colour if chip.ghost else "#ffffff", fill)
        font = "sans-bold" if chip.label.isascii() else "jp"
        tile = Rect(x, y, size, size, Style(fill=fill, stroke=chip.colour, width=0.35, dash=dash), radius=1.2)
        if not chip.mark:
            return [tile, *text.box(x, y, size, size, chip.label, font, 13, "center", ink, valign="middle",
                                    min_size=6.0)]
        # the label over the sign, both 11 pt: still 7 pt when a row fills half a booklet column
        half = size / 2
        return [tile, *text.box(x, y + 0.1, size, half, chip.label, font, 11, "center", ink, valign="middle",
                                leading=1.0, min_size=6.0),
                *text.box(x, y + half - 0.1, size, half, chip.mark, "sans-bold", 11, "center", ink,
                          valign="middle", leading=1.0, min_size=6.0)]
    value = chip.die if chip.die is not None else 0
    out = die_face(value, x, y, size, colour=chip.colour)
    if chip.ghost:    # a dashed outline and pale pips: the die is no longer there
        out = [Rect(x, y, size, size, Style(fill="#ffffff", stroke=chip.colour, width=0.35, dash=dash),
                    radius=size * 0.18)]
    return out


def _arrow(x1: float, x2: float, y: float, colour: str) -> list[Shape]:
    head = 1.8 if x2 > x1 else -1.8
    return [Line(x1, y, x2 - head, y, Style(stroke="#ffffff", width=1.4)),
            Line(x1, y, x2 - head, y, Style(stroke=colour, width=0.7)),
            Polygon(((x2, y), (x2 - head, y - 1.2), (x2 - head, y + 1.2)), Style(fill=colour))]


def field_row(places: Sequence[Place], above: Mapping[int, Sequence[Chip]] | None = None,
              below: Mapping[int, Sequence[Chip]] | None = None, arrows: Sequence[tuple[int, int, str]] = (),
              *, name: str = "field-row", column: float = 13.0, chip: float = 8.0, gap: float = 2.0,
              rows_above: int = 0, rows_below: int = 0, type_size: float = 9.0) -> Scene:
    """The row as a scene: places left to right, `above` and `below` map a place's number to the
    things there (nearest the row first), `arrows` are (from, to, colour) between places, drawn
    just under the row. `rows_above`/`rows_below` reserve room (so that a series of diagrams is
    drawn at one size); by default the tallest stack decides. Type is `type_size` points or more,
    so that a diagram shrunk to a narrow column still prints readable numbers."""
    above, below = above or {}, below or {}
    index = {p.number: i for i, p in enumerate(places)}
    for where in (*above, *below, *(a for a, _b, _c in arrows), *(b for _a, b, _c in arrows)):
        if where not in index:
            raise ValueError(f"no place {where!r} in the row (places: {', '.join(str(p.number) for p in places)})")
    n_above = max(rows_above, max((len(v) for v in above.values()), default=0))
    n_below = max(rows_below, max((len(v) for v in below.values()), default=0))
    line = type_size * PT * 1.25
    note_h = line if any(c.note for v in below.values() for c in v) else 0.0
    step_up, step_down = chip + 1.2, chip + 1.0 + note_h
    token = column * 0.78
    tag_h = line if any(p.tag for p in places) else 0.0
    width = gap * 2 + column * len(places)
    top = gap + n_above * step_up
    row_y = top + 0.6
    under = row_y + token + tag_h + (2.6 if arrows else 1.2)
    height = under + n_below * step_down + gap
    scene = Scene(name, width, height, 0.0)
    scene.add(Rect(0, 0, width, height, Style(fill=FELT, stroke=EDGE, width=0.4), radius=2.5))
    for i, p in enumerate(places):
        x = gap + i * column
        cx = x + column / 2
        scene.add(Circle(cx, row_y + token / 2, token / 2, Style(fill=p.fill, stroke=INK, width=0.4)))
        scene.add(*text.box(cx - token / 2, row_y, token, token, str(p.number), "sans-bold", type_size * 1.2,
                            "center", INK, valign="middle"))
        if p.tag:
            scene.add(*text.box(x - gap / 2, row_y + token, column + gap, tag_h, p.tag, "sans", type_size, "center",
                                INK, valign="middle", min_size=type_size * 0.8))
        for k, c in enumerate(above.get(p.number, ())):
            scene.add(*_chip(c, cx - chip / 2, top - (k + 1) * step_up + 0.6, chip))
        for k, c in enumerate(below.get(p.number, ())):
            y = under + k * step_down
            scene.add(*_chip(c, cx - chip / 2, y, chip))
            if c.note:
                scene.add(*text.box(x - gap / 2, y + chip, column + gap, note_h, c.note, "sans-bold", type_size,
                                    "center", readable(c.colour, FELT), valign="middle", min_size=type_size * 0.8))
    for src, dst, colour in arrows:
        x1 = gap + index[src] * column + column / 2
        x2 = gap + index[dst] * column + column / 2
        scene.add(*_arrow(x1, x2, under - 1.3, colour))
    return scene
