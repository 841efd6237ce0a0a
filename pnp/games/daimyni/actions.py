"""Daimyni actions as values, each with a written form that `parse` reads back.

>>> str(MoveBushi("b2", "c2", 2)), str(MoveTanbo("d2", "e5")), str(PlayCards((8, 1)))
('b2-c2 x2', 'd2-e5', '1 8')
>>> parse("b2-c2 x2", "move-bushi") == MoveBushi("b2", "c2", 2)
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

CARDS_PLAYED = 2       # each clan lays two cards a round


@dataclass(frozen=True)
class PlayCards:
    cards: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards)))

    def __str__(self) -> str:
        return " ".join(str(c) for c in self.cards)


@dataclass(frozen=True)
class MoveBushi:
    src: str
    dst: str
    count: int | None = None   # None: every Bushi on src

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
class MoveTanbo:
    src: str
    dst: str

    def __str__(self) -> str:
        return f"{self.src}-{self.dst}"


@dataclass(frozen=True)
class Pass:
    """The card has no legal effect."""

    def __str__(self) -> str:
        return "pass"


Action = PlayCards | MoveBushi | Recruit | MoveDaimyo | MoveTanbo | Pass

_MOVE = re.compile(r"([a-z][0-9]{1,2})\s*-\s*([a-z][0-9]{1,2})(?:\s+x\s*([0-9]+))?")


def parse(text: str, kind: str) -> Action:
    """Read one card's decision. `kind` is how the card acts now (a Recruit with an empty Bushi
    area acts as move-bushi). Raises ValueError with what was expected."""
    t = text.strip().lower()
    if t == "pass":
        return Pass()
    if t == "recruit":
        return Recruit()
    m = _MOVE.fullmatch(t)
    if not m:
        raise ValueError("expected 'pass', 'recruit' or a move like 'b2-c2' (Bushi: 'b2-c2 x2' moves two), "
                         f"got {text!r}")
    src, dst, count = m.group(1), m.group(2), m.group(3)
    if kind in ("move-bushi", "recruit-bushi"):
        # A Recruit written as a move is read as one: the rules refuse it while the Bushi area
        # holds a Bushi, naming that rule (recruit-while-area), rather than the notation.
        return MoveBushi(src, dst, int(count) if count else None)
    if count:
        raise ValueError(f"only Move Bushi takes a count, got {text!r}")
    if kind == "move-daimyo":
        return MoveDaimyo(src, dst)
    if kind == "move-tanbo":
        return MoveTanbo(src, dst)
    raise ValueError(f"there is no card kind {kind!r}")
