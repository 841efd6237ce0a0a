"""Dôjima's events, one frozen dataclass per kind: the booklet and the tests read them by type.

>>> e = WorkerPaid("red", "sower", 4, "active", 0, 3, 0, 0)
>>> e.kind, e.effect, e["rice"]
('worker', 'active', 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import Committed, GameEvent, Revealed, Rolled, Shuffled, quick_init

__all__ = ["AdvisorRevealed", "BeggarPaid", "CardTurned", "Committed", "DiceShown", "DiePicked", "Drafted",
           "FirstPlayer", "GameOver", "ImperialMoved", "Overstock", "PyramidLaid", "Rerolled", "Revealed", "Rolled",
           "SeasonStarted", "Shuffled", "Sold", "WorkerPaid"]


@quick_init
@dataclass(frozen=True)
class Drafted(GameEvent):
    """A player took an advisor into their hand (`hidden`: the card left face down, when they set
    one aside: the first player, then the last). Secret: only the log holds it, never a view."""

    kind = "draft"
    player: str
    card: str
    hidden: str | None = None


@quick_init
@dataclass(frozen=True)
class DiceShown(GameEvent):
    """A player's dice after a roll, in ascending order. `what` is "workers" (a player's own dice),
    "advisors" (two players: the dice rolled for the pyramid) or "black" (the neutral die)."""

    kind = "dice"
    player: str
    what: str
    values: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class Rerolled(GameEvent):
    """A player with three or more equal dice rolled them all again (once)."""

    kind = "reroll"
    player: str
    before: tuple[int, ...]
    after: tuple[int, ...]


@quick_init
@dataclass(frozen=True)
class PyramidLaid(GameEvent):
    """Two players: the six advisors laid as a pyramid, top first, then the middle row and the
    bottom row (left to right); only the bottom row is face up."""

    kind = "pyramid"
    order: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class CardTurned(GameEvent):
    """Two players: a pyramid card turned face up once both cards under it had a die."""

    kind = "turn-up"
    slot: int
    card: str


@quick_init
@dataclass(frozen=True)
class DiePicked(GameEvent):
    """Two players: a player gave one of the advisor dice to a face-up advisor of the pyramid."""

    kind = "pick"
    player: str
    value: int
    card: str


@quick_init
@dataclass(frozen=True)
class AdvisorRevealed(GameEvent):
    """An advisor turned face up on its field; `owner` None: the card nobody chose, on the black
    die, turned up by `by` (the last player); with two players advisors have no owner."""

    kind = "advisor"
    card: str
    field: int
    owner: str | None
    by: str | None = None


@quick_init
@dataclass(frozen=True)
class ImperialMoved(GameEvent):
    """The Imperial's holder moved one of their workers to the Imperial's field."""

    kind = "imperial"
    player: str
    role: str
    src: int
    dst: int


@quick_init
@dataclass(frozen=True)
class WorkerPaid(GameEvent):
    """A worker's result on its field. `effect` is active, adjacent or empty; `water` and `rice`
    are the changes on the tracks; `withered` the rice paid for missing water; `lost` the units
    above the track's limit that were thrown away."""

    kind = "worker"
    player: str
    role: str
    field: int
    effect: str
    water: int
    rice: int
    withered: int
    lost: int


@quick_init
@dataclass(frozen=True)
class Sold(GameEvent):
    """A Merchant's sale: rice given, Ryô received (`from_box`: how many of them came from the box
    because the reserve was empty). A merchant that could have sold and did not sells 0."""

    kind = "sale"
    player: str
    field: int
    effect: str
    rice: int
    ryo: int
    from_box: int


@quick_init
@dataclass(frozen=True)
class BeggarPaid(GameEvent):
    """The Beggar's step: whether a basic advisor shares its field; `player` is who is paid (None:
    nobody holds the Beggar)."""

    kind = "beggar"
    player: str | None
    field: int
    blocked: bool
    ryo: int
    from_box: int


@quick_init
@dataclass(frozen=True)
class Overstock(GameEvent):
    """Autumn: at the end of the round one Ryô goes from the reserve back to the box."""

    kind = "overstock"
    ryo: int


@quick_init
@dataclass(frozen=True)
class FirstPlayer(GameEvent):
    """Who holds the first-player card for the next round and why (saboteur, left, alternate)."""

    kind = "first-player"
    player: str
    why: str


@quick_init
@dataclass(frozen=True)
class SeasonStarted(GameEvent):
    """A new season: the reserve refilled and each player's water gain (lost: above the limit)."""

    kind = "season"
    season: str
    reserve: int
    water: int


@quick_init
@dataclass(frozen=True)
class GameOver(GameEvent):
    """Winter: the winners (several on a full tie) and each player's Ryô."""

    kind = "game-over"
    winners: tuple[str, ...]
    round: int
