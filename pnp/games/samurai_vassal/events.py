"""Samurai Vassal's typed events (the engine's `Committed` and `Revealed` are used as they are)."""

from __future__ import annotations

from dataclasses import dataclass

from ...engine.events import GameEvent, quick_init


@quick_init
@dataclass(frozen=True)
class CharacterKept(GameEvent):
    """Samurai mode setup: `player` kept one of the three characters dealt (secret: the card is
    in the event log, never in another player's view)."""

    kind = "character-kept"
    player: str


@quick_init
@dataclass(frozen=True)
class NpcCard(GameEvent):
    """Middle Player mode: the NPC's card, revealed before anyone chooses."""

    kind = "npc-card"
    npc: str
    card: str


@quick_init
@dataclass(frozen=True)
class Blocked(GameEvent):
    """Step 1: Kuroda Kanbei (or a Sasuke copying him) cancels every other effect but Strategising's."""

    kind = "blocked"
    by: tuple[str, ...]
    players: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class Copied(GameEvent):
    """Sarutobi Sasuke took the level and effects of `card` (None: nothing to copy, or blocked)."""

    kind = "copied"
    player: str
    card: str | None


@quick_init
@dataclass(frozen=True)
class CardsReturned(GameEvent):
    """Cards in front of `player` went back to the hand (Strategising, Ishida, Hanzo, Fuma, Uesugi)."""

    kind = "returned"
    player: str
    cards: tuple[str, ...]
    by: str


@quick_init
@dataclass(frozen=True)
class CardsFlipped(GameEvent):
    """Cards in front of `player` turned face down (Oda, Nohime when played; every loser)."""

    kind = "flipped"
    player: str
    cards: tuple[str, ...]
    by: str


@quick_init
@dataclass(frozen=True)
class Rejected(GameEvent):
    """Step 3: the cards of `targets` are rejected (they lose, every other card wins)."""

    kind = "rejected"
    by: tuple[str, ...]
    targets: tuple[str, ...]


@quick_init
@dataclass(frozen=True)
class RoundDecided(GameEvent):
    """Who won the round and by which step: reject, majority, level, highest, all-lose or none."""

    kind = "decided"
    rule: str
    winners: tuple[str, ...]
    losers: tuple[str, ...]
    together: tuple[str, ...] = ()


@quick_init
@dataclass(frozen=True)
class TrustChanged(GameEvent):
    """Step 6: a player's trust before and after the round's netted changes."""

    kind = "trust"
    player: str
    before: int
    after: int
    gained: int
    lost: int


@quick_init
@dataclass(frozen=True)
class GameEnded(GameEvent):
    """Someone reached 12 trust: the winners (several share a tie) and why (trust, cards, shared)."""

    kind = "ended"
    winners: tuple[str, ...]
    tie_break: str
