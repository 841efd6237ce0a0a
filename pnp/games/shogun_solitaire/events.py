"""Shogun Solitaire's typed events (the engine's `Shuffled` records every shuffle)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import GameEvent, quick_init


@quick_init
@dataclass(frozen=True)
class Played(GameEvent):
    """A Shogun card laid in the play area, as the colour and type it counts as."""

    kind = "play"
    card: str
    colour: str
    type: str


@quick_init
@dataclass(frozen=True)
class Seized(GameEvent):
    """A run of three seized `clan`'s objective `objective` (0 port, 1 village, 2 castle); the play
    area was cleared (`cleared` leave the game); `unified` when the clan now holds all three."""

    kind = "seize"
    clan: str
    objective: int
    cleared: tuple[str, ...]
    unified: bool


@quick_init
@dataclass(frozen=True)
class Discarded(GameEvent):
    """Cards put on the discard pile, and why (discard, hand, raid-deck, ninja, enemy, ...)."""

    kind = "discard"
    cards: tuple[str, ...]
    reason: str


@quick_init
@dataclass(frozen=True)
class Drew(GameEvent):
    """A card drawn into the hand."""

    kind = "draw"
    card: str


@quick_init
@dataclass(frozen=True)
class SetAside(GameEvent):
    """An enemy drawn where enemies do not strike (a fresh hand, after a Ninja), put aside."""

    kind = "aside"
    card: str


@quick_init
@dataclass(frozen=True)
class Struck(GameEvent):
    """An enemy drawn while refilling: it strikes and waits for the player's answer."""

    kind = "strike"
    card: str


@quick_init
@dataclass(frozen=True)
class Met(GameEvent):
    """How an enemy was met: the action's text (``raid: samurai hojo-samurai``)."""

    kind = "met"
    card: str
    answer: str


@quick_init
@dataclass(frozen=True)
class Revealed4(GameEvent):
    """A discarded Ninja revealed the top cards of the deck."""

    kind = "ninja-reveal"
    cards: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class Returned(GameEvent):
    """A Ronin sent an objective counter back to its board."""

    kind = "return"
    clan: str
    objective: int


@quick_init
@dataclass(frozen=True)
class Ended(GameEvent):
    """The game is over: `won` (all twelve) or the deck could not refill the hand; the score."""

    kind = "end"
    won: bool
    score: int
    rank: str
