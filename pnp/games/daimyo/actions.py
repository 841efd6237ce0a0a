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

from ...engine.events import quick_init


@quick_init
@dataclass(frozen=True)
class PlayCards:
    cards: tuple[str, ...]

    def __str__(self) -> str:
        return " ".join(self.cards)


@quick_init
@dataclass(frozen=True)
class PassCards:
    """3-4 players: which played card goes to the left neighbour's reserve, which to the right."""

    left: str
    right: str

    def __str__(self) -> str:
        return f"{self.left}<  >{self.right}"


@quick_init
@dataclass(frozen=True)
class MoveBushi:
    src: str
    dst: str
    count: int | None = None    # None: the whole unit (every Bushi and Rōnin there)
    via: str | None = None      # Master of Cavalry / Movement: two Han in one move
    march: bool = False         # Master of Movement: the whole unit, no attack, one Bushi lost
    ronin: int = 0              # Rōnin moving along with `count` Bushi

    def __str__(self) -> str:
        path = f"{self.src}-{self.via}-{self.dst}" if self.via else f"{self.src}-{self.dst}"
        return (path + (f" x{self.count}" if self.count is not None else "") + (f" r{self.ronin}" if self.ronin else "")
                + (" march" if self.march else ""))


@quick_init
@dataclass(frozen=True)
class Recruit:
    source: str | None = None   # Master of Recruitment: bring a Bushi from this Han instead

    def __str__(self) -> str:
        return "recruit" + (f" from {self.source}" if self.source else "")


@quick_init
@dataclass(frozen=True)
class MoveDaimyo:
    src: str
    dst: str
    via: str | None = None      # Master of Cavalry
    escort: bool = False        # Master of Command: one Bushi goes along

    def __str__(self) -> str:
        path = f"{self.src}-{self.via}-{self.dst}" if self.via else f"{self.src}-{self.dst}"
        return path + (" +1" if self.escort else "")


@quick_init
@dataclass(frozen=True)
class Special:
    """A Special Action card's decision: its name and arguments, e.g. `ninja red`."""

    name: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.name, *self.args))


@quick_init
@dataclass(frozen=True)
class Keep:
    """Setup with Special Action or Mastery cards: keep the first or the second card drawn, unseen."""

    deck: str
    which: int

    def __str__(self) -> str:
        return f"keep {self.deck} {self.which}"


@quick_init
@dataclass(frozen=True)
class Formation:
    """Battle formation, before round 1: place the Daimyo on one of the clan's Han."""

    tile: str

    def __str__(self) -> str:
        return f"daimyo@{self.tile}"


@quick_init
@dataclass(frozen=True)
class PlaceHan:
    tile: str
    at: tuple[int, int]

    def __str__(self) -> str:
        return f"{self.tile}@{self.at[0]},{self.at[1]}"


@quick_init
@dataclass(frozen=True)
class MoveHan:
    tile: str
    at: tuple[int, int]

    def __str__(self) -> str:
        return f"{self.tile}@{self.at[0]},{self.at[1]}"


@quick_init
@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


Action = (PlayCards | PassCards | MoveBushi | Recruit | MoveDaimyo | PlaceHan | MoveHan | Pass | Special | Keep
          | Formation)


def is_variant(action: object) -> bool:
    """A basic effect carried out as only a Mastery card allows (two Han at once, a march, an
    escort, a recruit from elsewhere)."""
    return ((isinstance(action, MoveBushi) and bool(action.via or action.march))
            or (isinstance(action, MoveDaimyo) and bool(action.via or action.escort))
            or (isinstance(action, Recruit) and action.source is not None))

_MOVE = re.compile(r"([a-z]+[0-9]+)\s*-\s*([a-z]+[0-9]+)(?:\s*-\s*([a-z]+[0-9]+))?"
                   r"(?:\s+x\s*([0-9]+))?(?:\s+r\s*([0-9]+))?(\s+march)?(\s+\+1)?")
SPECIALS = ("alternative", "ninja", "ronin", "mass", "treachery", "retreat", "morale")
_AT = re.compile(r"([a-z]+[0-9]+)\s*@\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)")


def parse(text: str, kind: str) -> Action:
    t = text.strip().lower()
    if t == "pass":
        return Pass()
    if t == "recruit" or t.startswith("recruit from "):
        return Recruit(t[len("recruit from "):].strip() or None if t != "recruit" else None)
    words = t.split()
    if words and words[0] in SPECIALS:
        return Special(words[0], tuple(words[1:]))
    m = _AT.fullmatch(t)
    if m:
        at = (int(m.group(2)), int(m.group(3)))
        # any other card is judged by the rules (a card that cannot do this is an illegal move)
        return MoveHan(m.group(1), at) if kind == "han-move" else PlaceHan(m.group(1), at)
    m = _MOVE.fullmatch(t)
    if not m:
        raise ValueError(f"expected 'pass', 'recruit', a move like 'g1-n2' ('g1-n2 x2' moves two) "
                         f"or a tile placement like 'n5@1,-2', got {text!r}")
    a, b, c, count, ronin, march, escort = m.groups()
    src, via, dst = (a, b, c) if c else (a, None, b)
    if kind != "daimyo-move":   # other cards than Bushi Move are judged by the rules, not here
        if escort:
            raise ValueError(f"'+1' goes with a Daimyo Move, got {text!r}")
        if ronin and count is None:
            raise ValueError(f"with Rōnin, say how many Bushi go too ('x0 r2' moves two Rōnin alone), got {text!r}")
        return MoveBushi(src, dst, int(count) if count else (0 if count == "0" else None), via, bool(march),
                         int(ronin) if ronin else 0)
    if count or march or ronin:
        raise ValueError(f"only Bushi Move takes a count or 'march', got {text!r}")
    return MoveDaimyo(src, dst, via, bool(escort))
