"""Daimyni's events, one frozen dataclass per kind: the booklet reads them by type.

Each keeps the ``kind`` name and field names its dictionary ancestors had, so ``e.kind`` and
``e["count"]`` still work:

>>> e = MovedBushi("red", 7, 1, "b2", "c2", 2, False)
>>> isinstance(e, MovedBushi), e.kind, e["count"], e.dst
(True, 'move-bushi', 2, 'c2')
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import Committed, GameEvent, Revealed, quick_init

__all__ = ["CardEvent", "Combat", "Committed", "DaimyoRemoved", "GameOver", "MovedBushi", "MovedDaimyo",
           "MovedTanbo", "NoEffect", "Recruited", "ReserveTaken", "Revealed", "ToReserve"]


@quick_init
@dataclass(frozen=True)
class ReserveTaken(GameEvent):
    """Phase 2: a clan takes back into its hand the cards waiting in its Reserve."""

    kind = "take-reserve"
    clan: str
    cards: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class CardEvent(GameEvent):
    """What a resolving card did: which clan, which card, in which round."""

    clan: str
    card: int
    round: int


@quick_init
@dataclass(frozen=True)
class MovedBushi(CardEvent):
    kind = "move-bushi"
    src: str
    dst: str
    count: int
    as_recruit: bool     # a Recruit card acting as Move Bushi (its clan's Bushi area is empty)


@quick_init
@dataclass(frozen=True)
class Recruited(CardEvent):
    kind = "recruit"
    cell: str


@quick_init
@dataclass(frozen=True)
class MovedDaimyo(CardEvent):
    kind = "move-daimyo"
    src: str
    dst: str


@quick_init
@dataclass(frozen=True)
class MovedTanbo(CardEvent):
    kind = "move-tanbo"
    src: str
    dst: str


@quick_init
@dataclass(frozen=True)
class NoEffect(CardEvent):
    """The card could not be carried out; `effect` is how it acted (move-bushi, ...)."""

    kind = "no-effect"
    effect: str


@quick_init
@dataclass(frozen=True)
class Combat(CardEvent):
    kind = "combat"
    cell: str
    attacker: str
    defender: str
    attackers: int
    defending_bushi: int
    defending_daimyo: bool
    winner: str              # attacker | defender | tie
    attacker_lost: int
    defender_bushi_lost: int
    defender_daimyo_lost: bool


@quick_init
@dataclass(frozen=True)
class DaimyoRemoved(CardEvent):
    kind = "daimyo-removed"
    owner: str
    cell: str
    by: str


@quick_init
@dataclass(frozen=True)
class GameOver(GameEvent):
    kind = "game-over"
    winner: str | None
    round: int


@quick_init
@dataclass(frozen=True)
class ToReserve(GameEvent):
    """Phase 4: the cards a clan played go, face down, to the opponent's Reserve."""

    kind = "to-reserve"
    clan: str
    cards: tuple[int, ...]
    to: str
