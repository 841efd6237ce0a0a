"""Cards on a table: one row per player with the cards they laid down (and, smaller, the cards still
in their hand), plus the dice just rolled. Input is plain data (already drawn card scenes, numbers
for the dice), so any cards-and-dice game can feed it: a trick, a bid, a secret choice revealed.

Every card is a `Scene` from `pnp.draw.card` (`card_face` face up, `card_back` face down), drawn
at `card_width` mm and clipped to its trim. Everything is in mm, y downwards:

>>> from pnp.draw.shapes import Rect, Scene, Style
>>> card = Scene("card-7", 63.5, 88.9, 3.0, [Rect(0, 0, 63.5, 88.9, Style(fill="#ffffff"))])
>>> rows = [Seat("Ann", "#b8262f", (card,), highlight=(0,), note="+4"), Seat("Ben", cards=(card,))]
>>> scene = table_scene(rows, dice=(Die(4),), name="round-1")
>>> (scene.name, round(scene.width, 1), round(scene.height, 1))
('round-1', 71.5, 59.8)
>>> len(die_face(5, 0, 0, 10)) - 1      # a rounded square and five pips
5

With many seats and few cards each (every player reveals one card), `columns_scene` puts the seats
side by side instead, each card overlapping the one above it:

>>> cols = [Column("Ann", "#b8262f", (card, card), ring=(1,), note="+2"), Column("Ben", cards=(card,))]
>>> (lambda s: (round(s.width, 1), round(s.height, 1)))(columns_scene(cols, "reveal"))
(39.0, 43.3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from . import text
from .shapes import Circle, Group, Rect, Scene, Shape, Style

INK = "#231f1a"
FELT = "#eef1ea"          # the table
EDGE = "#c9cfc2"
MARK = "#e2a21b"          # the ring round a highlighted card or die

# Pip positions of a six-sided die, as fractions of the face (0 .. 1 from the top-left corner).
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.27, 0.27), (0.73, 0.73)),
    3: ((0.27, 0.27), (0.5, 0.5), (0.73, 0.73)),
    4: ((0.27, 0.27), (0.73, 0.27), (0.27, 0.73), (0.73, 0.73)),
    5: ((0.27, 0.27), (0.73, 0.27), (0.5, 0.5), (0.27, 0.73), (0.73, 0.73)),
    6: ((0.27, 0.25), (0.73, 0.25), (0.27, 0.5), (0.73, 0.5), (0.27, 0.75), (0.73, 0.75)),
}


@dataclass(frozen=True)
class Seat:
    """One row of the table: who sits there and what lies in front of them.

    `cards` are the cards laid on the table (left to right), `hand` the cards still held (drawn
    smaller and overlapping; pass backs to hide them); `highlight` indexes `cards` to ring (the
    card that won); `note` is a short text at the end of the row (a score, "+4")."""

    label: str
    colour: str = INK
    cards: tuple[Scene, ...] = ()
    hand: tuple[Scene, ...] = ()
    highlight: tuple[int, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class Die:
    """A die showing `value`. Six-sided dice show pips; other dice show the number."""

    value: int
    sides: int = 6
    colour: str = INK
    fill: str = "#ffffff"
    highlight: bool = False


def die_face(value: int, x: float, y: float, size: float, colour: str = INK, fill: str = "#ffffff",
             sides: int = 6) -> list[Shape]:
    """A die face `size` mm square with its top-left corner at (x, y)."""
    shapes: list[Shape] = [Rect(x, y, size, size, Style(fill=fill, stroke=colour, width=size * 0.05),
                                radius=size * 0.18)]
    if sides == 6 and value in PIPS:
        r = size * 0.085
        shapes += [Circle(x + fx * size, y + fy * size, r, Style(fill=colour)) for fx, fy in PIPS[value]]
    else:
        shapes += text.box(x, y, size, size, str(value), "sans-bold", size * 1.2, "center", colour,
                           valign="middle")
    return shapes


def placed(card: Scene, x: float, y: float, width: float) -> Group:
    """A card scene drawn `width` mm wide with its trim's top-left corner at (x, y), clipped to the trim."""
    return Group(tuple(card.shapes), x, y, 0.0, (0.0, 0.0, card.width, card.height), width / card.width)


def table_scene(rows: Sequence[Seat], dice: Sequence[Die] = (), *, name: str = "table",
                card_width: float = 16.0, columns: int = 0, hand_columns: int = 0, label_width: float = 20.0,
                note_width: float = 12.0, die_size: float = 11.0, gap: float = 2.5) -> Scene:
    """The table as a scene: rows of seats on the left, the dice in a tray on the right.

    `columns` and `hand_columns` reserve room for that many cards (so every round of a
    walkthrough is drawn at the same size); by default the widest row decides."""
    if not rows:
        raise ValueError("a table needs at least one seat")
    aspect = max((c.height / c.width for s in rows for c in (*s.cards, *s.hand)), default=1.4)
    cw, ch = card_width, card_width * aspect
    hw, hh = cw * 0.55, ch * 0.55                    # a card in hand
    step_hand = hw * 0.45                            # hand cards overlap
    ncols = max(columns, max(len(s.cards) for s in rows), 1)
    nhand = max(hand_columns, max(len(s.hand) for s in rows))
    hand_width = (hw + (nhand - 1) * step_hand + gap) if nhand else 0.0
    row_h = ch + gap * 2
    played_w = ncols * cw + (ncols - 1) * gap
    tray_w = (die_size + gap * 2) if dice else 0.0
    width = gap + label_width + played_w + gap + hand_width + note_width + tray_w + gap
    height = gap + row_h * len(rows) + gap
    if dice:
        height = max(height, gap * 2 + len(dice) * (die_size + gap) + gap)
    scene = Scene(name, width, height, 0.0)
    scene.add(Rect(0, 0, width, height, Style(fill=FELT, stroke=EDGE, width=0.4), radius=3.0))
    for i, seat in enumerate(rows):
        top = gap + i * row_h
        if i:
            scene.add(Rect(gap, top, width - tray_w - gap * 2, 0.0, Style(stroke=EDGE, width=0.3)))
        scene.add(Circle(gap + 2.2, top + row_h / 2, 1.6, Style(fill=seat.colour)))
        scene.add(*text.box(gap + 5, top, label_width - 5, row_h, seat.label, "sans-bold", 8.5, "left", seat.colour,
                            valign="middle"))
        x0 = gap + label_width
        for j, card in enumerate(seat.cards):
            x = x0 + j * (cw + gap)
            if j in seat.highlight:
                scene.add(Rect(x - 1.0, top + gap - 1.0, cw + 2.0, ch + 2.0, Style(stroke=MARK, width=1.0),
                               radius=1.5))
            scene.add(placed(card, x, top + gap, cw))
        hx = x0 + played_w + gap
        for j, card in enumerate(seat.hand):
            scene.add(placed(card, hx + j * step_hand, top + gap + (ch - hh), hw))
        if seat.note:
            nx = hx + hand_width
            scene.add(*text.box(nx, top, note_width, row_h, seat.note, "sans-bold", 10, "center", seat.colour,
                                valign="middle"))
    if dice:
        tx = width - tray_w - gap
        scene.add(Rect(tx, gap, tray_w, height - 2 * gap, Style(fill="#ffffff", stroke=EDGE, width=0.3),
                       radius=2.0))
        total = len(dice) * die_size + (len(dice) - 1) * gap
        y = (height - total) / 2
        for die in dice:
            dx = tx + gap
            if die.highlight:
                scene.add(Rect(dx - 1.0, y - 1.0, die_size + 2.0, die_size + 2.0, Style(stroke=MARK, width=1.0),
                               radius=die_size * 0.22))
            scene.add(*die_face(die.value, dx, y, die_size, die.colour, die.fill, die.sides))
            y += die_size + gap
    return scene


@dataclass(frozen=True)
class Column:
    """One seat drawn as a column (`columns_scene`): the label on top, `cards` overlapping
    downwards (each one's top edge stays in view), those indexed by `ring` ringed, a short `note`
    under them, then `small` cards, smaller, overlapping the same way."""

    label: str
    colour: str = INK
    cards: tuple[Scene, ...] = ()
    ring: tuple[int, ...] = ()
    note: str = ""
    small: tuple[Scene, ...] = ()


def felt_width(seats: int, card_width: float = 15.0, small_width: float = 9.0, gap: float = 3.0) -> float:
    """How wide `columns_scene` draws the felt for that many seats (mm, before scaling)."""
    return gap + seats * (max(card_width, small_width) + gap)


def columns_scene(cols: Sequence[Column], name: str, card_width: float = 15.0, small_width: float = 9.0,
                  step: float = 0.3, rows: int = 1, small_rows: int = 0, gap: float = 3.0,
                  min_columns: int = 0, min_height: float = 0.0) -> Scene:
    """The seats side by side, one column each, on the table's felt: for many seats with few cards
    each (a card laid by every player, then each player's row of cards). `rows` and `small_rows`
    reserve room for that many overlapping cards, so the rounds of one walkthrough are drawn at one
    size; `min_columns` keeps the felt that wide (the columns centred), so a figure of two seats
    prints at the size of one of five; `min_height` lengthens the felt so that two figures side by
    side are as tall as each other."""
    faces = [c for col in cols for c in (*col.cards, *col.small)]
    aspect = max((c.height / c.width for c in faces), default=1.4)
    cw, ch = card_width, card_width * aspect
    sw, sh = small_width, small_width * aspect
    rows = max([rows, *(len(c.cards) for c in cols), 1])
    small_rows = max([small_rows, *(len(c.small) for c in cols)])
    col_w = max(cw, sw) + gap
    label_h, note_h = 6.0, 5.5
    stack_h = ch + (rows - 1) * step * ch
    small_h = (sh + (small_rows - 1) * step * sh + 1.0) if small_rows else 0.0
    width = felt_width(max(len(cols), min_columns), card_width, small_width, gap)
    left = (width - gap - len(cols) * col_w) / 2
    height = max(min_height, gap + label_h + stack_h + note_h + small_h + gap / 2)
    scene = Scene(name, width, height, 0.0)
    scene.add(Rect(0, 0, width, height, Style(fill=FELT, stroke=EDGE, width=0.4), radius=3.0))
    for i, col in enumerate(cols):
        cx = left + gap + i * col_w
        x = cx + (col_w - gap - cw) / 2
        scene.add(*text.box(cx - gap / 2, gap, col_w, label_h - 1, col.label, "sans-bold", 8.6,
                            "center", col.colour, valign="middle"))
        top = gap + label_h
        for j, card in enumerate(col.cards):
            y = top + j * step * ch
            if j in col.ring:
                scene.add(Rect(x - 1.0, y - 1.0, cw + 2.0, ch + 2.0, Style(stroke=MARK, width=1.0), radius=1.5))
            scene.add(placed(card, x, y, cw))
        below = top + stack_h
        if col.note:
            scene.add(*text.box(cx - gap / 2, below, col_w, note_h, col.note, "sans-bold", 9.6,
                                "center", col.colour, valign="middle"))
        sx = cx + (col_w - gap - sw) / 2
        for j, card in enumerate(col.small):
            scene.add(placed(card, sx, below + note_h + j * step * sh, sw))
    return scene
