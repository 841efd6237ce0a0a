"""Daimyo actions as values with a written form (`parse` reads it back).

Han are named by tile: n1..n12 for neutral Han, g1..g3, r1..r3, y1..y3, b1..b3 for the clans'.
Positions are axial coordinates `q,r` of flat-topped hexes.

>>> str(MoveBushi("g1", "n2", 2)), str(PlaceHan("n5", (1, -2))), str(MoveHan("n3", (0, 3)))
('g1-n2 x2', 'n5@1,-2', 'n3@0,3')
>>> parse("n5@1,-2", "new-han")
PlaceHan(tile='n5', at=(1, -2))
"""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class PlayCards:
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.cards)


@dataclass(frozen=True)
class PassCards:
    """3-4 players: which played card goes to the left neighbour's reserve, which to the right."""

    left: str
    right: str

    def __str__(self) -> str:
        return f"{self.left}<  >{self.right}"


@dataclass(frozen=True)
class MoveBushi:
    src: str
    dst: str
    count: int | None = None

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}" + (f" x{self.count}" if self.count is not None else "")


@dataclass(frozen=True)
class Recruit:
    def __str__(self) -> str:
        return "recruit"


@dataclass(frozen=True)
class MoveDaimyo:
    src: str
    dst: str

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}"


@dataclass(frozen=True)
class PlaceHan:
    tile: str
    at: tuple[int, int]

    def __str__(self) -> str:
        return f"{self.tile}@{self.at[0]},{self.at[1]}"


@dataclass(frozen=True)
class MoveHan:
    tile: str
    at: tuple[int, int]

    def __str__(self) -> str:
        return f"{self.tile}@{self.at[0]},{self.at[1]}"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = PlayCards | PassCards | MoveBushi | Recruit | MoveDaimyo | PlaceHan | MoveHan | Pass

_MOVE = re.compile(r"([a-z]+[0-9]+)\s*-\s*([a-z]+[0-9]+)(?:\s+x\s*([0-9]+))?")
_AT = re.compile(r"([a-z]+[0-9]+)\s*@\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)")


def parse(text: str, kind: str) -> Action:
    t = text.strip().lower()
    if t == "pass":
        return Pass()
    if t == "recruit":
        return Recruit()
    m = _AT.fullmatch(t)
    if m:
        at = (int(m.group(2)), int(m.group(3)))
        if kind == "new-han":
            return PlaceHan(m.group(1), at)
        if kind == "han-move":
            return MoveHan(m.group(1), at)
        raise ValueError(f"only New Han and Han Move place a tile, got {text!r}")
    m = _MOVE.fullmatch(t)
    if not m:
        raise ValueError(f"expected 'pass', 'recruit', a move like 'g1-n2' ('g1-n2 x2' moves two) "
                         f"or a tile placement like 'n5@1,-2', got {text!r}")
    if kind == "bushi-move":
        return MoveBushi(m.group(1), m.group(2), int(m.group(3)) if m.group(3) else None)
    if m.group(3):
        raise ValueError(f"only Bushi Move takes a count, got {text!r}")
    if kind == "daimyo-move":
        return MoveDaimyo(m.group(1), m.group(2))
    raise ValueError(f"a {kind} card cannot do {text!r}")
